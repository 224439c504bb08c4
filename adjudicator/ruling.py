"""Rulings and the report of a whole log, in the contract's JSON and in words for a table."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Ruling:
    """What the laws make of one irregularity (RULINGS.md)."""

    law: int
    irregularity: str
    event: int
    deal: int
    offender: str | None
    chooser: str | None
    options: list[str]
    claimed: bool
    summary: str
    text: str
    laws: list[int] = field(default_factory=list)
    elected: str | None = None
    elected_card: str | None = None
    note: str | None = None
    case: str = ""
    effects: dict[str, list[str]] = field(default_factory=dict)
    otherwise: str | None = None      # the option a log going on without an election shows
    open_past: tuple = ()             # events the choice stays open through (the case says)
    lapsed: bool = False              # the log went on and showed no choice
    table: Any = field(default=None, repr=False)   # the Deal it concerns
    concerns: str | None = None                      # whose hand or card it concerns
    actor: str | None = None                         # who did it
    facts: dict[str, Any] = field(default_factory=dict, repr=False)   # the facts it was made on
    what: str = ""                                   # what happened, in words
    outcomes: dict[str, Any] | None = None           # an open choice: option -> score, winner, value
    unknown: dict[str, Any] | None = None            # fact the log does not know -> value -> decision

    @property
    def open(self) -> bool:
        """A choice nobody has made yet, on a claimed irregularity."""
        return self.elected is None and self.chooser is not None and self.claimed and not self.lapsed

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "law": self.law, "irregularity": self.irregularity, "event": self.event,
            "deal": self.deal, "offender": self.offender, "chooser": self.chooser,
            "options": self.options, "elected": self.elected, "claimed": self.claimed,
            "summary": self.summary, "text": self.text,
        }
        if self.laws:
            out["laws"] = self.laws
        if self.elected_card is not None:
            out["elected_card"] = self.elected_card
        if self.note:
            out["note"] = self.note
        out["case"] = self.case
        if self.unknown is not None:
            out["unknown"] = self.unknown
        if self.outcomes is not None:
            out["outcomes"] = self.outcomes
        return out


@dataclass
class Report:
    """The answer for one log: every ruling, the score the laws entitle, the winner."""

    rules: str
    players: list[str]
    rulings: list[Ruling]
    score: dict[str, int]
    winner: str | None
    game_value: int | None
    deals: int
    ignored_events: list[int]
    played: list[Any] = field(default_factory=list, repr=False)   # the Deals, for the text form
    earned: list[Any] = field(default_factory=list, repr=False)   # every Entitlement, for the why of the score
    title: str | None = None          # a scenario's header: what it shows
    description: str | None = None
    outcomes_capped: bool = False     # too many open choices to combine: each was taken alone

    @property
    def ok(self) -> bool:
        return not self.rulings

    def to_json(self) -> dict[str, Any]:
        rulings = sorted(self.rulings, key=lambda r: r.event)
        out = {
            "ok": self.ok, "rules": self.rules, "rulings": [r.to_json() for r in rulings],
            "score": self.score, "winner": self.winner, "game_value": self.game_value,
            "deals": self.deals,
        }
        if self.ignored_events:
            out["ignored_events"] = self.ignored_events
        if self.outcomes_capped:
            out["outcomes_capped"] = True
        return out

    def to_text(self, columns: int | None = None) -> str:
        from .textwidth import fit, plain
        from .words import default_words
        lines = []
        if self.title:
            lines.append(self.title)
        if self.description:
            lines.append(" ".join(self.description.split()))
        if self.title or self.description:
            lines.append("")
        for r in sorted(self.rulings, key=lambda r: r.event):
            cited = f"Law {r.law}" + (f" (with {', '.join(map(str, r.laws))})" if r.laws else "")
            state = "" if r.claimed else " [not claimed at the table]"
            lines.append(f"Deal {r.deal}, event {r.event}: {default_words().irregularity(r.irregularity)} ({cited.lower()}){state}")
            lines.append(f"  {r.summary}")
            if r.chooser:
                lines.append(f"  {r.chooser} may choose: {' or '.join(_words(o) for o in r.options)}.")
            else:
                lines.append(f"  Compulsory: {_words(r.options[0])}.")
            if r.elected and r.chooser:
                card = f" ({r.elected_card})" if r.elected_card else ""
                lines.append(f"  Taken: {_words(r.elected)}{card}.")
            for fact, decisions in (r.unknown or {}).items():
                lines += _either_way(fact, decisions, self.players)
            if r.outcomes:
                lines.append(f"  Not chosen yet: " + "; ".join(
                    f"if {r.chooser} chooses \"{_words(o)}\": {_figures(fig, self.players)}" for o, fig in r.outcomes.items()) + ".")
            if r.note:
                lines.append(f"  Reading: {plain(r.note)}")
            lines.append(f"  \"{r.text}\"")
            lines.append("")
        if not self.rulings:
            lines.append("No irregularity: nothing to rule on.")
        if self.played:
            from .score_words import lines as why
            lines += ["", "How the game went:"]
            for d in self.played:
                line = _deal_line(d, self.players)
                if any(r.outcomes or r.unknown and r.claimed for r in self.rulings if r.deal == d.number):
                    line = line[:-1] + " as recorded, before what is still open is settled (above)."
                lines.append(line)
                lines += [f"    {w}." for w in why(self, d)]
            lines.append("")
        score = ", ".join(f"{p} {self.score[p]}" for p in self.players)
        lines.append(f"Score: {score}  ({self.deals} deal{'s' if self.deals != 1 else ''})")
        if any(r.outcomes for r in self.rulings):
            lines.append("  (with a choice still open: only the points that stand whatever is chosen"
                         + ("; too many open choices to combine, each was taken alone)" if self.outcomes_capped else ")"))
        if self.winner:
            lines.append(f"Winner: {self.winner}, a game worth {self.game_value}.")
        else:
            lines.append("No winner yet.")
        if self.ignored_events:
            first = self.ignored_events[0]
            lines.append(f"Events {first} to {self.ignored_events[-1]} come after the game was won and were ignored.")
        return "\n".join(fit(lines, columns))


def _deal_line(d: Any, players: list[str]) -> str:
    """One deal in a line: who dealt, the turn-up, the proposals, the tricks, the score after."""
    line = f"  Deal {d.number}: {d.dealer} dealt"
    if d.turn_up is not None:
        line += f", turned up {d.turn_up}"
    elif d.turn_up_unknown:
        line += ", turned up a card the log does not name"
    if d.annulled:
        return line + ("; dealt afresh." if d.annulled == "fresh_deal" else "; void.")
    if d.turn_up is not None or d.turn_up_unknown:
        if not d.proposals:
            line += "" if d.unfinished in ("dealing", "exchange") else f"; {d.elder} played without proposing"
        elif d.first_answer is None:
            line += f"; {d.elder} proposed"
        elif d.first_answer == "refuse":
            line += f"; {d.elder} proposed, {d.dealer} refused"
        elif d.proposals == 1:
            line += f"; {d.elder} proposed, {d.dealer} accepted"
        else:
            line += f"; {d.elder} proposed {d.proposals} times" + \
                (f", {d.dealer} refused the last" if d.answer == "refuse" else "")
    if d.unfinished:
        line += f"; it stops {UNFINISHED[d.unfinished]}"
    if any(d.won.values()):
        line += f"; tricks {d.elder} {d.won[d.elder]}, {d.dealer} {d.won[d.dealer]}"
    if d.score_after is not None:
        line += ". Score " + ", ".join(f"{p} {d.score_after[p]}" for p in players)
    return line + "."


UNFINISHED = {"dealing": "in the dealing", "exchange": "before the play", "play": "in the play"}

def _either_way(fact: str, decisions: dict[str, Any], players: list[str]) -> list[str]:
    """A ruling that turns on a fact the log does not know: what the book rules either way."""
    from .words import default_words
    words = default_words()
    lines = [f"  The log does not tell: {words.question(fact)} The ruling above takes neither answer for granted:"]
    for value, d in decisions.items():
        choice = f"{d['chooser']} may choose: {' or '.join(_words(o) for o in d['options'])}" if d["chooser"] \
            else f"compulsory: {_words(d['options'][0])}"
        figures = f" Then: {_figures(d, players)}." if "score" in d else ""
        lines.append(f"    if {words.phrase(fact, value == 'true')}: law {d['law']} ({d['case']}): {d['summary']} ({choice}).{figures}")
    return lines


def _figures(fig: dict[str, Any], players: list[str]) -> str:
    """An outcome in words: the score, and the winner if there is one."""
    if fig.get("score") is None:
        return "it cannot be carried out on this table"
    score = ", ".join(f"{p} {fig['score'][p]}" for p in players)
    score += f", {fig['winner']} wins" if fig.get("winner") else ""
    if fig.get("cards"):
        score += " (" + "; ".join(f"{c}: {_figures(f, players)}" for c, f in fig["cards"].items()) + ")"
    return score


def _words(option: str) -> str:
    from .words import default_words
    return default_words().option(option)
