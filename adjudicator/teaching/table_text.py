"""The table at a moment (`snapshot.snapshot`) drawn in the terminal with card symbols.

Both hands (unknown cards as ▒▒), the turn-up and trumps, the stock, the discards, the cards
thrown aside or exposed, the trick on the table, who has looked and who dealt, in a rich panel
as wide as the terminal, at most 80 columns; red suits in red where the terminal has colour.
The labels are `Words.labels("terminal")` (`laws/words/table.yaml`).
"""
from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from ..words.textwidth import reflowed, width
from .snapshot import card_text, look

WIDTH = 80


def _card(code: str | None, unknown: str) -> Text:
    if code is None:
        return Text(f"[{unknown}]", style="dim")
    return Text(f"[{card_text(code)}]", style="bold red" if code[-1] in "HD" else "bold")


def _cards(codes: list[str], words: dict[str, Any], unknown: int = 0) -> Text:
    parts = [_card(c, words["unknown_card"]) for c in codes] + [_card(None, words["unknown_card"])] * unknown
    return Text(" ").join(parts) if parts else Text(words["no_cards"], style="dim")


def _each(values: dict[str, Any], players: list[str], words: dict[str, Any]) -> str:
    return ", ".join(words["each"].format(player=p, value=values[p]) for p in players if p in values)


def _hand(frame: dict[str, Any], player: str, words: dict[str, Any]) -> list[Text]:
    role = words["dealer"] if player == frame["dealer"] else words["non_dealer"]
    said = role
    if seen := look(frame, player):
        said += " · " + words[seen]
    head = Text(player, style="bold cyan") + Text(f"  {said}", style="italic")
    hand = frame["hands"][player]
    return [head, Text("   ") + _cards(hand["cards"], words, hand["unknown"])]


def _middle(frame: dict[str, Any], words: dict[str, Any]) -> list[Text]:
    players = frame["players"]
    lines = []
    if len(frame["turned"]) > 1:   # law 11: every card turned up, no trump until the choice
        lines.append(Text.assemble(*_split(words["turned"], cards=_cards(frame["turned"], words)),
                                   " · " + words["trump_open"] if frame.get("choosing") else ""))
    elif frame["turn_up"]:
        turn = Text()
        turn.append_text(Text.assemble(*_split(words["turn_up"], card=_card(frame["turn_up"], ""),
                                                suit=Text(words["suits"][frame["trump"]]))))
        lines.append(turn)
    elif frame.get("turn_up_unknown"):   # a card turned up, the record not saying which
        lines.append(Text.assemble(*_split(words["turn_up_unnamed"], card=_card(None, words["unknown_card"]))))
    else:
        lines.append(Text(words["no_turn_up"], style="dim"))
    row = [words["stock"].format(n=frame["stock"])]
    if any(frame["discards"].values()):
        row.append(words["discards"].format(each=_each(frame["discards"], players, words)))
    if any(frame["won"].values()):
        row.append(words["won"].format(each=_each(frame["won"], players, words)))
    lines.append(Text("   ·   ".join(row)))
    for player in players:   # the tricks each has won, face up (face down: the log gives only the result)
        tricks = frame.get("taken", {}).get(player, [])
        if tricks:
            shown = Text("  ").join(_cards([c["card"] for c in t if c["card"]], words, sum(not c["card"] for c in t))
                                    for t in tricks)
            lines.append(Text.assemble(*_split(words["taken"], player=Text(player), tricks=shown)))
    for key in ("exposed", "faced"):
        if frame[key]:
            lines.append(Text.assemble(*_split(words[key], card=_card(frame[key], ""))))
    if frame["aside"]:
        lines.append(Text.assemble(*_split(words["aside"], cards=_cards(frame["aside"], words))))
    trick = frame["trick"]
    if trick and trick["lead"]:
        line = Text.assemble(*_split(words["trick"], n=str(frame["tricks"]), leader=Text(trick["leader"]),
                                     lead=_card(trick["lead"], "")))
        if trick["follow"]:
            line += Text("; ") + Text.assemble(*_split(words["followed"], follower=Text(trick["follower"]),
                                                        follow=_card(trick["follow"], "")))
        lines.append(line)
    if frame["annulled"]:
        lines.append(Text(words["annulled"][frame["annulled"]], style="bold yellow"))
    return lines


def _split(template: str, **parts: Any) -> list[Any]:
    """A template whose {fields} are rich Texts (coloured cards) or plain strings, as pieces."""
    pieces: list[Any] = []
    rest = template
    while "{" in rest:
        before, _, after = rest.partition("{")
        name, _, rest = after.partition("}")
        pieces.append(before)
        value = parts[name]
        pieces.append(value if isinstance(value, Text) else str(value))
    pieces.append(rest)
    return [p for p in pieces if p != ""]


def draw(frame: dict[str, Any], words: dict[str, Any], colour: bool, below: Sequence[str] = (),
         columns: int | None = None) -> str:
    """The table as text for a terminal (with colour codes when `colour`), then the paragraphs
    `below`, both `columns` wide (the terminal's, at most 80, when not given)."""
    players = frame["players"]
    score = _each(frame["score"], players, words)
    if frame["deal"] is None:
        body: list[Text] = []
        if frame["cut"]:
            body.append(Text(words["cut"].format(each=", ".join(
                words["each"].format(player=p, value=card_text(c)) for p, c in frame["cut"].items()))))
        body = body or [Text(words["empty"], style="dim")]
        title = words["before_deal"].format(score=score)
    else:
        elder, dealer = frame["elder"], frame["dealer"]
        body = _hand(frame, elder, words) + [Text("")] + _middle(frame, words) + [Text("")] \
            + _hand(frame, dealer, words)
        title = words["title"].format(deal=frame["deal"], dealer=dealer, score=score)
    out = io.StringIO()
    console = Console(file=out, width=columns or width(WIDTH), force_terminal=colour, no_color=not colour,
                      color_system="standard" if colour else None, highlight=False, emoji=False)
    console.print(Panel(Group(*body), title=title, title_align="left",
                        border_style="green", expand=True))
    for paragraph in below:   # filled again to a panel narrower than it was wrapped to
        console.print(Text(reflowed(paragraph, console.width)), soft_wrap=False)
    return out.getvalue().rstrip("\n")
