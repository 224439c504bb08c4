"""Rulings and the report of a whole log, as records of facts and ids: `words.report` gives
them in the contract's JSON (RULINGS.md) and in words.

What happened is said as ids and values (`said`), never as a sentence: the words are
laws/words/happened.yaml's. A case's own summary is the law book's, with the players it names.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypedDict

# ((key, values), ...): what happened, each part a key of laws/words/happened.yaml
Said = tuple[tuple[str, dict[str, Any]], ...]


def said(key: str, **values: Any) -> Said:
    """What happened, as one key of laws/words/happened.yaml and the values its words name.
    Parts add up: `said("a") + said("b")` is said "a; b"."""
    return ((key, values),)


@dataclass(frozen=True)
class RulingSummary:
    """A ruling's summary, for the words layer to say: what happened, then the deciding case's
    own summary (the law book's words, on the roles it names), and whether it was claimed."""

    what: Said
    case: str                       # the case's summary in the law book, on {offender}, {chooser}, ...
    names: tuple[tuple[str, str | None], ...]   # ((role, player), ...) those placeholders stand for
    claimed: bool = True


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
    summary: RulingSummary
    text: str
    laws: list[int] = field(default_factory=list)
    elected: str | None = None
    elected_card: str | None = None
    note: str | None = None
    open_point: str | None = None     # the point the law leaves open that the ruling rests on (the case's)
    case: str = ""
    effects: dict[str, list[str]] = field(default_factory=dict)
    otherwise: str | None = None      # the option a log going on without an election shows
    open_past: tuple[str, ...] = ()   # events the choice stays open through (the case says)
    lapsed: bool = False              # the log went on and showed no choice
    table: Any = field(default=None, repr=False)   # the deal it concerns (a DealInPlay)
    concerns: str | None = None                      # whose hand or card it concerns
    actor: str | None = None                         # who did it
    facts: dict[str, Any] = field(default_factory=dict, repr=False)   # the facts it was made on
    what: Said = ()                                  # what happened (`said`)
    outcomes: dict[str, Any] | None = None           # an open choice: option -> score, winner, value
    unknown: dict[str, Any] | None = None            # fact the log does not know -> value -> decision
    rule: str | None = None                          # the option whose rule decides, where `law` is null
    at: int | None = None                            # the event it happened at, where a claim found it later

    @property
    def open(self) -> bool:
        """A choice nobody has made yet, on a claimed irregularity."""
        return self.elected is None and self.chooser is not None and self.claimed and not self.lapsed


class GameRecord(TypedDict):
    """One game of a pool or a linked match, as the report gives it (`games`)."""

    players: list[str]
    score: dict[str, int]
    winner: str | None
    value: int | None


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
    games: list[GameRecord] | None = None   # pool and linked: each game's players, score, winner, value
    game_deals: list[int] = field(default_factory=list)   # pool and linked: how many deals each game had
    pool: bool = False                          # a pool: the report gives `pool_winner`
    pool_winner: str | None = None
    log: Any = field(default=None, repr=False)   # the log replayed (explain asks it again under other rules)

    @property
    def ok(self) -> bool:
        return not self.rulings
