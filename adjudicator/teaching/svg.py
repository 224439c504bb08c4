"""Cards and the card table drawn in SVG: a sprite of the 32 faces and a back, and a table.

`sprite()` is put once in a page; each table then places cards with `<use href="#c-KH">`, so
a scenario's table can be drawn after every event at little cost. A frame is the plain data
of `book.frames` (card notation `KH`, `10D`); an unknown card is drawn face down. The labels
are `Words.labels("book")` (`laws/words/table.yaml`).

One drawing, two layouts: the table as it lies (TABLE_W x TABLE_H), and on a narrow screen its
parts stacked from top to bottom (NARROW_W x NARROW_H), so that every card is on screen at a
size still read. The viewBox holds both (its top left corner kept, `slice`); book.css gives the
drawing the aspect ratio of the layout in use, so the screen shows that one's rectangle. Each
part that moves is wrapped by `_moved` with its offset there, which book.css applies on a
narrow screen; the parts drawn in one layout only are of class `on-wide` or `on-narrow`.
"""
from __future__ import annotations

from html import escape
from typing import Any

from ..record.cards import PACK
from .snapshot import card_text, look

W, H = 56, 80                      # a card
TABLE_W, TABLE_H = 760, 480        # the table
NARROW_W, NARROW_H = 400, 760      # the table on a narrow screen (book.css: its aspect ratio)
RED, BLACK = "#b3261e", "#1f1f24"
RULED = "#ff8f6b"                  # the ring round the card a ruling is about
ROW_SCALE, ROW_STEP = 0.68, 33      # the finished tricks in front of their winners
FONT = "Georgia, 'DejaVu Serif', 'Times New Roman', serif"
SUIT_PATHS = {   # each in a 10 x 10 box
    "H": "M5 9.4C3.6 8.1 0 5.6 0 3 0 1.3 1.3 0 2.8 0 3.8 0 4.6.6 5 1.5 5.4.6 6.2 0 7.2 0 8.7 0 10 1.3 10 3 10 5.6 6.4 8.1 5 9.4Z",
    "D": "M5 0 8.8 5 5 10 1.2 5Z",
    "S": "M5 0C3.6 1.6 0 3.9 0 6.2 0 7.7 1.2 8.7 2.6 8.7 3.5 8.7 4.2 8.2 4.6 7.6 4.5 8.6 4.1 9.4 3.2 10H6.8C5.9 9.4 5.5 8.6 5.4 7.6 5.8 8.2 6.5 8.7 7.4 8.7 8.8 8.7 10 7.7 10 6.2 10 3.9 6.4 1.6 5 0Z",
    "C": "M5 0A2.45 2.45 0 0 0 2.9 3.7 2.45 2.45 0 1 0 4.5 7.4C4.4 8.6 4 9.4 3.2 10H6.8C6 9.4 5.6 8.6 5.5 7.4A2.45 2.45 0 1 0 7.1 3.7 2.45 2.45 0 0 0 5 0Z",
}


def colour(suit: str) -> str:
    return RED if suit in "HD" else BLACK


def _corner(rank: str, suit: str) -> str:
    size = 12 if rank == "10" else 14
    spacing = ' letter-spacing="-1"' if rank == "10" else ""
    return (f'<text x="{4 if rank == "10" else 5}" y="15" font-size="{size}" font-weight="bold"{spacing}>{rank}</text>'
            f'<use href="#s-{suit}" x="4.5" y="18" width="9" height="9"/>')


def _face(card: Any) -> str:
    rank, suit, ink = card.rank, card.suit, colour(card.suit)
    corner = _corner(rank, suit)
    if rank in "KQJ":
        tint = "#f7e3e0" if suit in "HD" else "#e3e6ee"
        centre = (f'<rect x="15" y="13" width="26" height="54" rx="3" fill="{tint}" stroke="{ink}" stroke-width="0.8"/>'
                  f'<text x="28" y="46" font-size="24" font-weight="bold" text-anchor="middle">{rank}</text>'
                  f'<use href="#s-{suit}" x="23" y="50" width="10" height="10"/>'
                  f'<use href="#s-{suit}" x="23" y="20" width="10" height="10"/>')
    elif rank == "A":
        centre = f'<use href="#s-{suit}" x="14" y="26" width="28" height="28"/>'
    else:
        centre = f'<use href="#s-{suit}" x="17" y="29" width="22" height="22"/>'
    return (f'<symbol id="c-{card.text}" viewBox="0 0 {W} {H}">'
            f'<rect x="0.5" y="0.5" width="{W - 1}" height="{H - 1}" rx="5" fill="#fffdf6" stroke="#8c8575"/>'
            f'<g fill="{ink}" font-family="{FONT}">{corner}{centre}'
            f'<g transform="rotate(180 {W / 2} {H / 2})">{corner}</g></g></symbol>')


def sprite() -> str:
    """The defs every table of a page uses: four suits, 32 faces, a back."""
    suits = "".join(f'<symbol id="s-{s}" viewBox="0 0 10 10"><path d="{d}"/></symbol>' for s, d in SUIT_PATHS.items())
    back = (f'<symbol id="c-back" viewBox="0 0 {W} {H}">'
            f'<rect x="0.5" y="0.5" width="{W - 1}" height="{H - 1}" rx="5" fill="#fffdf6" stroke="#8c8575"/>'
            f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="3" fill="#27386b"/>'
            f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="3" fill="url(#lattice)"/>'
            f'<rect x="7" y="7" width="{W - 14}" height="{H - 14}" rx="2" fill="none" stroke="#c9b26b" stroke-width="0.8"/>'
            '</symbol>')
    lattice = ('<pattern id="lattice" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
               '<path d="M0 3H6M3 0V6" stroke="#5c73b8" stroke-width="1"/></pattern>')
    faces = "".join(_face(c) for c in PACK)
    return (f'<svg class="sprite" xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true">'
            f'<defs>{lattice}{suits}{faces}{back}</defs></svg>')


def _card(code: str | None, x: float, y: float, *, mark: str | None = None, scale: float = 1,
          by: str | None = None, ruled: bool = False, above: bool = False) -> str:
    """One card at (x, y): its face, or its back when `code` is None; `mark` outlines it and names
    it below; `ruled` outlines the card a ruling is about; `by`: whose card it is."""
    w, h = W * scale, H * scale
    name = "back" if code is None else code
    owner = f' data-by="{escape(by)}"' if by else ""
    klass = "card ruled" if ruled else "card"
    out = f'<use class="{klass}" data-card="{name}"{owner} href="#c-{name}" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"/>'
    if mark:
        out += (f'<rect x="{x - 2:g}" y="{y - 2:g}" width="{w + 4:g}" height="{h + 4:g}" rx="6" fill="none" '
                f'stroke="#f2b233" stroke-width="3"/>'
                f'<text class="tag" x="{x + w / 2:g}" y="{y - 6 if above else y + h + 13:g}" text-anchor="middle">{escape(mark)}</text>')
    if ruled:
        out += (f'<rect class="ruled-ring" x="{x - 3:g}" y="{y - 3:g}" width="{w + 6:g}" height="{h + 6:g}" rx="7" '
                f'fill="none" stroke="{RULED}" stroke-width="3.5"/>')
    return out


def _text(x: float, y: float, words: str, *, anchor: str = "middle", cls: str = "") -> str:
    klass = f' class="{cls}"' if cls else ""
    return f'<text{klass} x="{x:g}" y="{y:g}" text-anchor="{anchor}">{escape(words)}</text>'


def _hand(frame: dict, player: str, y: float, labels: dict) -> str:
    hand = frame["hands"][player]
    codes: list[str | None] = list(hand["cards"]) + [None] * hand["unknown"]
    step = min(62.0, 420 / max(len(codes), 1))
    left = TABLE_W / 2 - (step * (len(codes) - 1) + W) / 2
    special = {frame.get("exposed"): labels["exposed"], frame.get("faced"): labels["faced"]}
    ruled = set(frame.get("ruled_cards", ()))
    cards = "".join(_card(c, left + i * step, y, mark=special.get(c) if c else None, by=player, ruled=c in ruled,
                          above=y < TABLE_H / 2)   # the top hand's tag above it, clear of the player's line
                    for i, c in enumerate(codes))
    if not codes:
        cards = _text(TABLE_W / 2, y + H / 2 + 5, labels["no_card"], cls="faint")
    return f'<g class="hand" data-player="{escape(player)}">{cards}</g>'


def _player_line(frame: dict, player: str, labels: dict) -> str:
    role = labels["dealer"] if player == frame["dealer"] else labels["non_dealer"]
    parts = [f"{player}, {role}"]
    if look(frame, player):
        parts.append(labels[look(frame, player)])
    if frame["won"].get(player):
        parts.append(labels["tricks"].format(n=frame["won"][player]))
    return " · ".join(parts)


def _pile(x: float, y: float, count: int, label: str, kind: str) -> str:
    """A pile of `count` cards face down (four drawn at most), its count said below."""
    if not count:
        body = _text(x + W * 0.4, y + 40, label, cls="faint")
    else:
        body = "".join(_card(None, x + 2 * i, y - 2 * i, scale=0.8) for i in range(min(count, 4))) \
            + _text(x + W * 0.4, y + H * 0.8 + 16, label, cls="small")
    return f'<g class="pile {kind}" data-count="{count}">{body}</g>'


def _group(kind: str, body: str | list[str]) -> str:
    return f'<g class="{kind}">{"".join(body)}</g>'


def _moved(body: str | list[str], dx: float, dy: float = 0) -> str:
    """`body` where the narrow table puts it: moved by (dx, dy) on a narrow screen."""
    return f'<g class="mv" style="--nx:{dx:g}px;--ny:{dy:g}px">{"".join(body)}</g>'


TRICK_X = 400   # the trick on the table: the lead here, the card played to it beside
# The narrow table, top to bottom: the top hand and its player; the tricks he won (from the
# left edge) beside his discards (on the right); the stock and the turn-up; the trick; the
# bottom player's tricks and discards; the card a ruling is about; the bottom player and hand.
# Each part's offset there from where the table draws it:
CENTRE = NARROW_W / 2 - TABLE_W / 2                  # a part centred on the table
HEAD_DY = -8                                         # the deal and the score, clear of a card's tag
STOCK_DY, TRICK_DY, BOTTOM_DY, HAND_DY = 60, 206, 256, 296
TRICK_DX = NARROW_W / 2 - (66 + W) / 2 - TRICK_X    # the trick, centred
ROW_DX = 20 - 556                                    # the tricks won
DISCARDS_DX = 310 - 650                              # the discards
RULED_Y = 628                                        # the line naming the card a ruling is about
RIBBON_Y = 540                                       # the ribbon of an annulled deal


def _middle(frame: dict, labels: dict) -> str:
    """The stock, the turn-up, and the cards laid out, thrown aside or face up beside them."""
    y = 192
    ruled = set(frame.get("ruled_cards", ()))
    out = [_pile(36, y, frame["stock"], labels["stock"].format(n=frame["stock"]), "stock")]
    turned = frame["turned"] if len(frame["turned"]) > 1 else ([frame["turn_up"]] if frame["turn_up"] else [])
    if turned:
        out.append(_group("turned", [_card(c, 130 + i * 40, y, ruled=c in ruled) for i, c in enumerate(turned)]))
        out.append(_text(130 + W / 2 + 20 * (len(turned) - 1), y + H + 16, _trump(frame, labels), cls="small"))
    elif frame.get("turn_up_unknown"):   # turned up, the log not saying which card
        out += [_group("turned", _card(None, 130, y)), _text(130 + W / 2, y + H + 16, labels["turn_up_unnamed"], cls="small")]
    else:
        out.append(_text(130 + W / 2, y + 44, labels["no_turn_up"], cls="faint"))
    if frame.get("laid_out"):   # superfluous cards laid out unseen (laws 15, 31)
        out.append(_pile(300, y + 8, frame["laid_out"], labels["laid_out"].format(n=frame["laid_out"]), "laid-out"))
    if frame["aside"]:
        x = 150 + 40 * len(turned)
        out.append(_group("aside", [_card(c, x + i * 20, y + 8, scale=0.8, ruled=c in ruled) for i, c in enumerate(frame["aside"])]))
        if not frame["annulled"]:   # below the turn-up's label (where an annulled deal's ribbon lies)
            out.append(_text(x + W * 0.4 + 10 * (len(frame["aside"]) - 1), y + H + 34, labels["aside"], cls="small"))
    held = {c for h in frame["hands"].values() for c in h["cards"]} | set(turned) | set(frame["aside"])
    loose = [(c, labels[k]) for k, c in (("faced", frame["faced"]), ("exposed", frame["exposed"])) if c and c not in held]
    for i, (c, label) in enumerate(loose[:1]):   # a card face up on the pack or the stock
        out.append(_group("loose", _card(c, 318, y, mark=label, ruled=c in ruled)))
    return "".join(out)


def _trick(frame: dict, players: list[str], labels: dict) -> str:
    """The trick on the table, the top player's card above the other's, and its words."""
    y = 192
    ruled = set(frame.get("ruled_cards", ()))
    out = []
    trick = frame["trick"]
    if trick and trick["lead"]:
        top, bottom = players[1], players[0]
        ys = {top: y - 22, bottom: y + 22}
        out.append('<g class="trick">')
        out.append(_card(trick["lead"], TRICK_X, ys.get(trick["leader"], y), by=trick["leader"],
                         ruled=trick["lead"] in ruled))
        if trick["follow"]:
            out.append(_card(trick["follow"], TRICK_X + 66, ys.get(trick["follower"], y), by=trick["follower"],
                             ruled=trick["follow"] in ruled))
        out.append('</g>')
        words = labels["trick"].format(n=frame["tricks"], leader=trick["leader"])
        if trick["winner"]:
            words += " · " + labels["won_by"].format(player=trick["winner"])
        if not frame["annulled"]:   # (the ribbon of an annulled deal lies there)
            out.append(_text(TRICK_X + 61, y + H + 40, words, cls="small"))
    return "".join(out)


def _trump(frame: dict, labels: dict) -> str:
    """The label under the cards turned up: the trump, or that law 11's choice is still open."""
    if frame.get("choosing"):
        return labels["trump_open"]
    return labels["trump"].format(suit=labels["suits"][frame["trump"]]) if frame["trump"] else labels["turn_up"]


def _taken(frame: dict, player: str, y: float, labels: dict, counted_y: float) -> str:
    """The tricks `player` has won, face up in a row in front of him (a trick the log gives only
    as a result face down), each trick's cards overlapping."""
    ruled = set(frame.get("ruled_cards", ()))
    tricks = frame.get("taken", {}).get(player, [])
    out = []
    for i, trick in enumerate(tricks):
        x = 556 + i * ROW_STEP
        out += [_card(c["card"], x + 14 * k, y + 7 * k, scale=ROW_SCALE, by=c["by"], ruled=c["card"] in ruled)
                for k, c in enumerate(trick)]
    counted = frame.get("counted", {}).get(player, 0)
    if counted > 0:   # tricks his adversary could not play to, or left when a hand was thrown up;
        words = labels["counted"].format(n=counted)   # on a narrow table, under the row
        out += [_text(TABLE_W - 24, counted_y, words, anchor="end", cls="small on-wide"),
                _text(556, y + 76, words, anchor="start", cls="small on-narrow")]
    return f'<g class="taken" data-player="{escape(player)}" data-tricks="{len(tricks)}">{"".join(out)}</g>'


def _ruled_line(frame: dict, labels: dict) -> str:
    cards = frame.get("ruled_cards") or []
    if not cards:
        return ""
    y = 462 if frame["annulled"] else 330   # (below the hand, clear of the ribbon of an annulled deal)
    return _moved(_text(26, y, labels["ruled_on"].format(cards=", ".join(card_text(c) for c in cards)),
                        anchor="start", cls="tag"), 0, RULED_Y - y)


def table(frame: dict, players: list[str], labels: dict) -> str:
    """The table after one event: the second player at the top, the first at the bottom."""
    top, bottom = players[1], players[0]
    score = labels["score"].format(score=", ".join(labels["each"].format(player=p, value=frame["score"][p])
                                                    for p in players))
    body = [_cloth(TABLE_W, TABLE_H, "on-wide"), _cloth(NARROW_W, NARROW_H, "on-narrow"),
            _moved(_text(TABLE_W - 26, 34, score, anchor="end", cls="score"), NARROW_W - TABLE_W, HEAD_DY)]
    if frame["deal"] is None:
        cut = [_text(TABLE_W / 2, TABLE_H / 2 + 5, labels["before_deal"], cls="faint")]
        for p, y in ((top, 70), (bottom, 330)):
            cards = frame["cut"].get(p, [])
            left = TABLE_W / 2 - (W + 30 * (len(cards) - 1)) / 2
            cut += [_card(c, left + 30 * i, y) for i, c in enumerate(cards)]
            words = labels["cut"].format(player=p) if cards else labels["not_cut"].format(player=p)
            cut.append(_text(TABLE_W / 2, y - 14 if p == top else y + H + 24, words, cls="who"))
        body.append(_moved(cut, CENTRE))
    else:
        body.append(_moved(_text(26, 34, labels["deal"].format(n=frame["deal"]), anchor="start", cls="score"), 0, HEAD_DY))
        body.append(_moved(_hand(frame, top, 52, labels), CENTRE))
        for p, y, dy in ((top, 56, 102), (bottom, 370, 160)):   # (on the narrow table, beside the tricks)
            count = frame["discards"].get(p, 0)
            if count:
                body.append(_moved(_pile(650, y, count, labels["discards"].format(player=p, n=count), "discards"),
                                   DISCARDS_DX, dy))
        body.append(_moved(_text(TABLE_W / 2, 150, _player_line(frame, top, labels), cls="who"), CENTRE))
        body.append(_moved(_taken(frame, top, 158, labels, 230), ROW_DX))
        body.append(_moved(_middle(frame, labels), 0, STOCK_DY))
        body.append(_moved(_trick(frame, players, labels), TRICK_DX, TRICK_DY))
        body.append(_moved(_taken(frame, bottom, 274, labels, 344), ROW_DX, BOTTOM_DY))
        body.append(_ruled_line(frame, labels))
        body.append(_moved(_text(TABLE_W / 2, 350, _player_line(frame, bottom, labels), cls="who"), CENTRE, HAND_DY))
        body.append(_moved(_hand(frame, bottom, 366, labels), CENTRE, HAND_DY))
        if frame["annulled"]:
            body.append(f'<rect class="ribbon on-wide" x="9" y="292" width="{TABLE_W - 18}" height="40"/>')
            body.append(f'<rect class="ribbon on-narrow" x="9" y="{RIBBON_Y}" width="{NARROW_W - 18}" height="40"/>')
            body.append(_moved(_text(TABLE_W / 2, 322, labels["annulled"][frame["annulled"]], cls="banner"),
                               CENTRE, RIBBON_Y - 292))
    return (f'<svg class="table" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {TABLE_W} {max(TABLE_H, NARROW_H)}" '
            f'preserveAspectRatio="xMinYMin slice" role="img" font-family="{FONT}"><title>{escape(frame["words"])}</title>'
            f'<desc>{escape(described(frame, players, labels, score))}</desc>{"".join(body)}</svg>')


def _cloth(width: float, height: float, layout: str) -> str:
    """The green cloth and its gilt edge, for one layout (book.css shows the one in use)."""
    return (f'<rect class="cloth {layout}" x="0" y="0" width="{width}" height="{height}" rx="26"/>'
            f'<rect class="{layout}" x="9" y="9" width="{width - 18}" height="{height - 18}" rx="20" fill="none" '
            f'stroke="#d8c27a" stroke-opacity="0.45"/>')


def described(frame: dict, players: list[str], labels: dict, score: str) -> str:
    """The table in words, for a reader who cannot see it: each hand, the trump, the tricks won
    and the trick on the table, the card a ruling is about, the score."""
    if frame["deal"] is None:
        return score
    out = []
    for p in players:
        hand = frame["hands"][p]
        cards = [card_text(c) for c in hand["cards"]] + ([labels["face_down"].format(n=hand["unknown"])] if hand["unknown"] else [])
        out.append(f"{p}: " + (", ".join(cards) or labels["no_card"]))
    if frame["turn_up"] or frame["turned"]:
        turned = ", ".join(card_text(c) for c in (frame["turned"] or [frame["turn_up"]]))
        out.append(_trump(frame, labels) + f" ({turned})")
    for p in players:
        tricks = frame.get("taken", {}).get(p, [])
        shown = [" ".join(card_text(c["card"]) for c in t) for t in tricks if all(c["card"] for c in t)]
        unseen = len(tricks) - len(shown)
        counted = frame.get("counted", {}).get(p, 0)
        parts = shown + ([labels["unseen"].format(n=unseen)] if unseen else []) \
            + ([labels["counted"].format(n=counted)] if counted > 0 else [])
        if parts:
            out.append(labels["taken"].format(player=p, tricks="; ".join(parts)))
    trick = frame["trick"]
    if trick and trick["lead"]:
        out.append(labels["trick"].format(n=frame["tricks"], leader=trick["leader"]) + ": "
                   + ", ".join(card_text(c) for c in (trick["lead"], trick["follow"]) if c))
    if frame.get("ruled_cards"):
        out.append(labels["ruled_on"].format(cards=", ".join(card_text(c) for c in frame["ruled_cards"])))
    return ". ".join(out + [score]) + "."
