"""Rulings and the report of a whole log, as records and in the contract's JSON (RULINGS.md);
`words.report` says them in words."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Ruling:
    """What the laws make of one irregularity (RULINGS.md)."""

    law: int | None                   # null for a rule of a rule set that no law covers (`rule`)
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
    rule: str | None = None                          # the option whose rule decides, where `law` is null

    @property
    def open(self) -> bool:
        """A choice nobody has made yet, on a claimed irregularity."""
        return self.elected is None and self.chooser is not None and self.claimed and not self.lapsed

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"law": self.law}
        if self.rule is not None:
            out["rule"] = self.rule
        out |= {
            "irregularity": self.irregularity, "event": self.event,
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
    options: dict[str, Any] = field(default_factory=dict)   # every option resolved (RULESETS.md)
    ignored_in_hand: list[int] = field(default_factory=list)   # plays after an offerer's trick ended the hand
    games: list[dict[str, Any]] | None = None   # pool and linked: each game's players, score, winner, value
    pool: bool = False                          # a pool: the report gives `pool_winner`
    pool_winner: str | None = None

    @property
    def ok(self) -> bool:
        return not self.rulings

    def to_json(self) -> dict[str, Any]:
        rulings = sorted(self.rulings, key=lambda r: r.event)
        out = {
            "ok": self.ok, "rules": self.rules, "options": self.options, "rulings": [r.to_json() for r in rulings],
            "score": self.score, "winner": self.winner, "game_value": self.game_value,
            "deals": self.deals,
        }
        if self.ignored_events:
            out["ignored_events"] = self.ignored_events
        if self.outcomes_capped:
            out["outcomes_capped"] = True
        if self.games is not None:
            out["games"] = self.games
        if self.pool:
            out["pool_winner"] = self.pool_winner
        return out
