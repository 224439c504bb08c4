"""The quiz's moments: each claimed ruling of a scenario, replayed by the adjudicator, with the
table after every event; and a question asked of one (`Asked`), with what grading it needs.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, cast

from ..engine.errors import ReplayError
from ..engine.replay import adjudicate as replay_log
from ..engine.ruling import Report, Ruling
from ..lawbook.laws import CompiledCase, default_book
from ..lawbook.places import SCENARIOS_DIR
from ..lawbook.rulesets import DEFAULT, InForce, RuleSet, in_force, rule_sets
from ..lawbook.scenarios import scenario_docs, scenarios_by_law
from ..record.log import Log, read_file
from ..words.interview import Question
from ..words.misconceptions import Statement
from .snapshot import replay_frames

KINDS = ("law", "chooser", "options", "score")
TRUE_FALSE = "true_false"
ROOT = SCENARIOS_DIR.parent


# ---------------------------------------------------------------- moments

@dataclass
class Scenario:
    """A scenario replayed: its log, the adjudicator's report, the table after every event."""

    path: str                   # relative to the project: scenarios/laws/...yaml
    log: Log
    report: Report
    frames: list[dict[str, Any]]   # frames[n]: the table after event n (frames[0]: before any)


@dataclass
class Moment:
    """A claimed ruling of a scenario, at its moment of discovery."""

    scenario: Scenario
    ruling: Ruling
    kinds: tuple[str, ...]

    @property
    def law(self) -> int:
        """The ruling's law: the quiz asks only of rulings a law gives (`moments`)."""
        return cast(int, self.ruling.law)

    @property
    def key(self) -> tuple[str, int, str]:
        return self.scenario.path, self.ruling.event, self.ruling.case

    @property
    def hand(self) -> tuple:
        """The hand the question is on: the cards dealt in the ruling's deal and the turn-up, as
        the log names them; where it names them only by count, the scenario's deal itself."""
        deal = self.ruling.table
        if deal is None:
            return self.scenario.path, None
        dealt: list[tuple] = []
        for event in self.scenario.log.events[deal.first_event - 1:]:
            if event.event == "deal":
                if not event.cards:
                    return self.scenario.path, deal.number
                dealt.append((event.to, tuple(sorted(map(str, event.cards)))))
            elif event.event == "turn_up" or (event.event in ("shuffle", "cut") and dealt):
                dealt.append((event.event, str(getattr(event, "card", None))))
                break
        return tuple(sorted(dealt)) if dealt else (self.scenario.path, deal.number)


@lru_cache(maxsize=None)
def replayed(path: str) -> Scenario:
    """One scenario replayed with the table kept after each event."""
    log = read_file(str(ROOT / path))
    report, frames = replay_frames(log)
    return Scenario(path, log, report, frames)


@lru_cache(maxsize=1)
def scenario_paths() -> tuple[str, ...]:
    """Every scenario that expects rulings, in sorted order."""
    return tuple(rel for rel, doc in scenario_docs() if (doc.get("expect") or {}).get("rulings"))


def moments(law: int | None = None, rules: InForce | None = None) -> list[Moment]:
    """The moments to ask about: every claimed ruling of the scenarios played under `rules`
    (`quiz --rules`; by default the London laws with no option, a variant being asked only
    where it is named) (showing `law`, if given; its own rulings first, the scenario's others
    only where none is its own)."""
    rules = rules if rules is not None else in_force(DEFAULT)
    wanted = (rules.rules, rules.options.to_json())
    paths = scenario_paths()
    if law is not None:
        shown = set(scenarios_by_law().get(law, []))
        paths = tuple(p for p in paths if p in shown)
    out: list[Moment] = []
    for path in paths:
        s = replayed(path)
        if (s.report.rules, s.report.options) != wanted:
            continue
        # a rule set's own rulings (law null) are not asked: the quiz's questions are the laws'
        rulings = sorted((r for r in s.report.rulings if r.claimed and r.law is not None), key=lambda r: r.event)
        if law is not None:
            own = [r for r in rulings if r.law == law or law in r.laws]
            rulings = own or rulings
        last = s.report.played[-1] if s.report.played else None
        for r in rulings:
            kinds: tuple[str, ...] = KINDS if r.table is not None and r.table is last else KINDS[:3]
            if _choice_elsewhere(s, r):
                kinds = tuple(k for k in kinds if k not in ("chooser", "options"))
            out.append(Moment(s, r, kinds))
    return out


def _choice_elsewhere(s: Scenario, r: Ruling) -> bool:
    """Whether a ruling that leaves nobody a choice is followed, in its deal, by one that gives
    a player his (law 43's revoke, claimed after law 42's abandoned hand): asked "who may
    choose", the answer "nobody" would be untrue of the deal."""
    return r.chooser is None and r.table is not None and any(
        o.event > r.event and o.chooser is not None and o.table is r.table for o in s.report.rulings)


def laws_with_moments(rules: InForce | None = None) -> list[int]:
    return sorted({n for n in default_book().laws if moments(n, rules)})


# -------------------------------------------------------------- questions

@dataclass
class Asked:
    """One question of the quiz, with what grading it needs: on a moment of a scenario (its
    ruling), or a true-or-false round (`statement`) beside a scenario."""

    question: Question
    moment: Moment | None
    kind: str
    right: Any
    texts: dict[str, str] = field(default_factory=dict)   # json of a value -> its words
    whys: dict[str, str | None] = field(default_factory=dict)   # json of a wrong value -> why it is wrong
    statement: Statement | None = None

    @property
    def law(self) -> int | None:
        """The law the question is on: the ruling's, or the statement's (None: a rule set's own rule)."""
        return self.moment.law if self.moment is not None else cast(Statement, self.statement).law

    @property
    def scenario(self) -> str:
        return self.moment.scenario.path if self.moment is not None else cast(Statement, self.statement).scenario


def value_key(value: Any) -> str:
    """A value as JSON with its keys sorted: equal values, one key (a choice's, an answer's)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def case_of(book: Any, ruling: Ruling) -> CompiledCase:
    """The case of the book that gave a ruling."""
    return book.by_ref[ruling.case]


@lru_cache(maxsize=None)
def under_london(path: str) -> Report | None:
    """A scenario played under another rule set, adjudicated under the London laws instead;
    None where its record cannot be played under them (a card the London laws would not give)."""
    log = replayed(path).log
    try:
        return replay_log(log.model_copy(update={"rules": DEFAULT, "options": {}}))
    except ReplayError:
        return None


def own_rules(rules: InForce | None) -> RuleSet | None:
    """The rule set a quiz is asked under, where it is not the London laws'."""
    return rule_sets()[rules.rules] if rules is not None and rules.rules != DEFAULT else None
