"""The ruling handed back to the table companion: for an ending of the dispute interview, what
each option open to the chooser does to the deal and to the score, as the engine rules on the
log the interview told (`situation.build`, the log `resolve --save` writes) with that option
elected. Made at build time into the interview's graph (`page.graph`); the dispute page hands
one option back to the table page, which applies it and writes the told deal into its record.

The told deal goes into the record without the interview's
example cards (they tell the story; nobody at the table gave them): its packets, discards and
gives as counts (the telling's: one more or one fewer where a number was said only as more or
fewer), its turn-up the sheet's own (`@k`: the king the sheet has, or `count: 1`), its hand
by its result where the telling gives one (the tricks each won, the person's answer: the cards
played before it, which tell the story, left out), the claim and the election as answered.
Each option is ruled by the engine on THAT deal, with each of the sheet's turn-ups (a king of
the trump suit, or a card not known); where it is ruled otherwise (the irregularity needs the
cards: a card exposed, played, claimed...), the page cannot record it and says so.

An ending carries the told deal's events so counted (`ev`, the players as roles: `@d`, `@n`)
and, for each option, for each of the sheet's turn-ups it fits (`t`: `k` the king, `x` a card
not known), how the deal goes on as the replay left it: `again` (annulled: the same dealer deals
afresh), `void` (annulled: `next` deals, the rightful dealer), `over` (the hand is over and
scored) or `on` (the deal goes on from the ruling), `pts`, the points the deal has given each
role, and `why`, what for (each entitlement that counts: its scoring key, its points, the law
that cut it, the law that awarded it, its kind: point, vole...); `a`, the role that announced
the king held, which the table page checks against its sheet; `el`, the `elect` event where
the chooser chose. An ending or an option the table page cannot apply says so in `x` (a words
key): facts left open, no log told, marks (the page keeps those itself), a ruling that needs the
cards, a deal out of turn, a deal going on that the page cannot record.
"""
from __future__ import annotations

import json
from functools import cache
from typing import Any

from ..engine.adjudicate import adjudicate_text
from ..engine.errors import ReplayError
from ..engine.rules import trump_king
from ..lawbook.laws import LawBook
from ..record.cards import Card
from ..record.source import LogError
from ..words.scores import entries
from ..words.vocabulary import Words

PLAYER_FIELDS = ("to", "by", "player")
MARKS = ("mark", "mark_king", "take_down")   # the page keeps the marks, and their laws, itself
AT_ONCE = frozenset({"turned_king_forfeited", "held_king_cancelled"})   # effects the replay applies at the ruling
CARD_FIELDS = ("card", "cards", "exposed")   # an event's fields that name cards
KING = "@k"   # the told deal's turn-up: the table page puts in the sheet's own
TURN_UPS = ("k", "x")   # the sheet's turn-ups: the king of the trump suit, a card not known


def _roles(value: Any, role: dict[str, str], key: str = "") -> Any:
    """An event's fields with each player named by role."""
    if isinstance(value, dict):
        return {role.get(k, k) if key == "tricks" else k: _roles(v, role, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_roles(v, role, key) for v in value]
    return role.get(value, value) if key in PLAYER_FIELDS and isinstance(value, str) else value


def _role_of(deal: Any) -> dict[str, str]:
    """Each player of the told deal by his role in it, as the page names them: `@d`, `@n`."""
    return {deal.dealer: "@d", deal.non_dealer: "@n"}


def _counted(event: dict[str, Any]) -> dict[str, Any] | None:
    """An event of the told deal as the score sheet can record it: its cards as counts (`count: N`),
    a turn-up of one card as `KING` (the sheet's own, put in by the table page); None where it
    names a card that cannot be counted (a card played, exposed, claimed, elected...)."""
    ((name, fields),) = event.items()
    if not isinstance(fields, dict) or not any(f in fields for f in CARD_FIELDS):
        return event
    if name == "turn_up" and "card" in fields:
        return {name: dict(fields, card=KING)}
    if set(fields) & set(CARD_FIELDS) != {"cards"}:
        return None
    return {name: {k: v for k, v in fields.items() if k != "cards"} | {"count": len(fields["cards"])}}


def _summed(told: list[dict[str, Any]], at: int) -> tuple[list[dict[str, Any]], int] | None:
    """The told deal without the cards played that a `tricks` result after them sums up (the
    score sheet records a hand by its result: the tricks each won), and the ruling's place in
    it (`at`, from the deal's first event); None where the ruling is at one of those cards."""
    last = max((i for i, e in enumerate(told) if "tricks" in e), default=-1)
    summed = {i for i, e in enumerate(told[:last]) if "play" in e}
    if at in summed:
        return None
    return [e for i, e in enumerate(told) if i not in summed], at - sum(1 for i in summed if i < at)


def _turned(counted: list[dict[str, Any]], card: Card | None, key: str) -> list[dict[str, Any]] | None:
    """The counted deal with the sheet's turn-up in place of `KING`: the king of the suit the
    interview turned up (`card`) for `k`, a card not known for `x`; None where the interview
    turned up the king and the sheet has another card, or a king is announced held (the sheet,
    the king turned up, asks for none)."""
    if key == "x" and card is not None and card is trump_king(card.suit) or key == "k" and any("announce_king" in e for e in counted):
        return None
    turn = {"card": str(trump_king(card.suit))} if key == "k" and card is not None else {"count": 1}
    return [{"turn_up": turn} if e.get("turn_up", {}).get("card") == KING else e for e in counted]


def _ruled(log: dict[str, Any], events: list[dict[str, Any]], ruling: dict[str, Any], chosen: str) -> Any:
    """(the told deal, the points it gave each player, what for) of the told log with these
    events, where the engine makes the interview's ruling (its law, irregularity, event) with
    `chosen` taken; None otherwise. What for: each player's entitlements that count, each
    `[basis, points, the law that cut it, the law that awarded it, its kind]` (`scores.entries`)."""
    try:
        report = adjudicate_text(json.dumps(dict(log, events=events)))
    except (LogError, ReplayError):
        return None
    ruled = [r for r in report.rulings if (r.event, r.irregularity, r.law) == (ruling["event"], ruling["irregularity"], ruling["law"])]
    deal = report.played[-1] if report.played else None
    if not ruled or ruled[0].elected != chosen or deal is None or deal.number != ruling["deal"]:
        return None
    before = (report.played[-2].score_after or {}) if len(report.played) > 1 else {}
    players = (deal.dealer, deal.non_dealer)
    why = {p: [[e["for"], e["counts"], e["limited_by"], e["awarded_by"], e["kind"]] for e in entries(report, deal)
               if e["player"] == p and e["counts"]] for p in players}
    return deal, {p: report.score[p] - before.get(p, 0) for p in players}, why


def _goes_on(log: dict[str, Any], events: list[dict[str, Any]], deal: Any) -> bool:
    """Whether the told deal, turned up, goes on to a result as the page records one (`tricks`):
    a remedy that needs the cards given, or a deal not yet turned up, it cannot record."""
    if not any("turn_up" in e for e in events[deal.first_event - 1:]):
        return False
    result = {"tricks": {deal.non_dealer: 3, deal.dealer: 2}}
    try:
        adjudicate_text(json.dumps(dict(log, events=[*events, result])))
    except (LogError, ReplayError):
        return False
    return True


def _after(deal: Any) -> str:
    """How the told deal goes on from the ruling: dealt again, void, over or going on."""
    return {"fresh_deal": "again", "deal_void": "void"}.get(deal.annulled or "") or ("on" if deal.unfinished else "over")


def option(log: dict[str, Any], ruling: dict[str, Any], chosen: str,
           effects: list[str]) -> tuple[dict[str, Any], dict[str, str]] | None:
    """`_option`, kept by its arguments: many endings of the interview tell the same log."""
    return _kept(json.dumps([log, ruling, chosen, effects], sort_keys=True))


@cache
def _kept(args: str) -> tuple[dict[str, Any], dict[str, str]] | None:
    return _option(*json.loads(args))


def _option(log: dict[str, Any], ruling: dict[str, Any], chosen: str,
            effects: list[str]) -> tuple[dict[str, Any], dict[str, str]] | None:
    """What electing `chosen` does to the told deal as the score sheet can record it (`_counted`),
    as the engine rules on it with each of the sheet's turn-ups (`t`: `_turn_up`), and the
    players' roles in it; None where the told log itself is not ruled so; `x` where the page
    cannot record it: the ruling needs the cards, or no turn-up of the sheet's keeps it."""
    events = list(log["events"])
    if ruling.get("chooser") and not ruling.get("elected"):
        events.append({"elect": {"by": ruling["chooser"], "option": chosen}})
    got = _ruled(log, events, ruling, chosen)
    if got is None:
        return None
    deal = got[0]
    role = _role_of(deal)
    before, told = events[:deal.first_event - 1], events[deal.first_event - 1:]
    summed = _summed(told, ruling["event"] - deal.first_event)
    if summed is None:
        return {"o": chosen, "x": "apply_cards"}, role
    told, at = summed
    ruling = dict(ruling, event=deal.first_event + at)
    counted = [c for c in map(_counted, told) if c is not None]
    if len(counted) != len(told):
        return {"o": chosen, "x": "apply_cards"}, role
    card = next((Card.parse(e["turn_up"]["card"]) for e in told if "turn_up" in e and "card" in e["turn_up"]), None)
    turns = {key: _turn_up(log, before, counted, card, key, ruling, chosen, effects) for key in TURN_UPS}
    kept = {key: t for key, t in turns.items() if isinstance(t, dict)}
    if not kept:
        return {"o": chosen, "x": "apply_cards" if "apply_cards" in turns.values() else "apply_cannot"}, role
    by = next((e["announce_king"]["by"] for e in told if "announce_king" in e), None)
    return {"o": chosen, "t": kept, "a": role.get(by or ""), "ev": [_roles(e, role) for e in counted]}, role


def _turn_up(log: dict[str, Any], before: list[dict[str, Any]], counted: list[dict[str, Any]], card: Card | None,
             key: str, ruling: dict[str, Any], chosen: str, effects: list[str]) -> dict[str, Any] | str | None:
    """With the sheet's turn-up `key` (`_turned`), how the deal goes on from the ruling (`after`,
    `next`: who deals a void deal's successor) and the points it gives each role (`pts`); or
    the words key of why the page cannot record it: the engine rules otherwise (the ruling needs
    the cards), a deal out of turn (the page's dealer is the one whose turn it was), a deal going
    on that the page cannot record (from before its turn-up, or with an effect left for the
    hand's score: its hand table has none); None where the sheet's turn-up does not fit."""
    turned = _turned(counted, card, key)
    got = _ruled(log, [*before, *turned], ruling, chosen) if turned is not None else None
    if turned is None or got is None:
        return None if turned is None else "apply_cards"
    deal, pts, why = got
    role = _role_of(deal)
    after = _after(deal)
    if key == "k" and card is None and after not in ("again", "void"):
        return None   # the interview turned up no card, and the hand is scored: not the sheet's king
    if deal.rightful != deal.dealer or after == "on" and (set(effects) - AT_ONCE or not _goes_on(log, [*before, *turned], deal)):
        return "apply_cannot"
    return {"after": after, "next": role.get(deal.rightful) if after == "void" else None,
            "pts": {role[p][1]: n for p, n in pts.items()}, "why": {role[p][1]: w for p, w in why.items() if w}}


def handback(final: dict[str, Any], book: LawBook, words: Words, texts: Any) -> dict[str, Any]:
    """An ending's hand-back: the ruling (its law, the chooser and the offender as roles) and
    each option's effect; or `x`, the words key of why the table page cannot apply it. `texts`
    stores each text once (`page._Table`)."""
    ruling, log = final.get("ruling"), final.get("log")
    if final.get("outcomes_if"):
        return {"x": "apply_open"}
    if ruling is None:
        return {"x": "apply_none"}
    if log is None or any(name in e for e in log["events"] for name in MARKS):
        return {"x": "apply_cannot"}
    case = book.by_ref.get(ruling["case"])
    effects = case.case.effects if case is not None else {}
    options = [ruling["elected"]] if ruling.get("elected") else list(ruling["options"])
    elects = bool(ruling.get("chooser")) and not ruling.get("elected")
    got = [option(log, ruling, o, [*effects.get("always", []), *effects.get(o, [])]) for o in options]
    out = [o for o in got if o is not None]
    if len(out) != len(got):
        return {"x": "apply_cannot"}
    role = {p: r[1] for p, r in out[0][1].items()}
    law = book.law(ruling["law"], ruling.get("rule"))
    return {"law": ruling["law"], "title": texts.add(law.title), "text": texts.add(ruling["text"]),
            "cites": ruling.get("laws", []),
            "chooser": role.get(ruling.get("chooser") or ""), "offender": role.get(ruling.get("offender") or ""),
            "ev": next((o["ev"][:-1] if elects else o["ev"] for o, _ in out if "ev" in o), []),
            "opts": [_short(o, elects, texts.add(words.option(o["o"], {"irregularity": ruling["irregularity"]})))
                     for o, _ in out]}


def _short(said: dict[str, Any], elected: bool, w: int) -> dict[str, Any]:
    """An option as the page carries it: the told deal's events are the ending's (`ev`), and an
    option the chooser elects adds its `elect` (`el`), the last event of its own told log."""
    out = {k: v for k, v in said.items() if k != "ev"} | {"w": w}
    if elected and "ev" in said:
        out["el"] = said["ev"][-1]
    return out
