"""The law book: the rule schema, and loading and checking `laws/*.yaml`.

Each file is one law: its number, title and verbatim text, a plain-words reading, and the
`cases` it decides. A case says *when* it applies (an irregularity and conditions over the
`Facts` of the moment of discovery) and *what follows* (offender, chooser, options, effects).
The loader is strict: an unknown key, fact, value or option, a dangling law reference, or two
cases that claim the same situation with no stated precedence, is an error naming the file.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError, field_validator, model_validator

from . import cache
from .cache import LawBookError as LawBookError   # named here too: the book's error
from .places import LAWS_DIR
from .facts import FACT_NAMES, Facts, fact_values
from ..record.log import Irregularity, Option
from ..record.options import NAMES
from ..record.problems import located

LAW_NUMBERS = range(1, 52)

OffenderRole = Literal["dealer", "non_dealer", "concerned", "actor", "nobody"]
ChooserRole = Literal["dealer", "non_dealer", "concerned", "adversary"]
Effect = Literal[
    "turned_king_forfeited",   # law 19: the dealer cannot mark the king turned up
    "offender_score_cut",      # laws 25, 43: point nothing, vole one, point against law 49 one
    "held_king_cancelled",     # law 25: the false announcement's mark is struck out
    "packs_changed",           # law 14: the adversary's pack was dealt with
]


class Range(BaseModel):
    model_config = ConfigDict(extra="forbid")
    min: StrictInt | None = None
    max: StrictInt | None = None


Condition = StrictBool | str | None | list[str] | Range


class Case(BaseModel):
    """One situation a law decides, and what follows from it."""

    model_config = ConfigDict(extra="forbid")
    id: Annotated[str, Field(pattern=r"^[a-z0-9-]+$")]
    irregularity: Irregularity | list[Irregularity]
    when: dict[str, Condition] = {}
    offender: OffenderRole
    chooser: ChooserRole | None = None
    options: Annotated[list[Option], Field(min_length=1)]
    otherwise: Option | None = None
    """The option a log that goes on without an election is read as."""
    open_past: list[str] = []
    """Events (by name) a log may go on with while the choice stays open, `turn_up` for one."""
    effects: dict[Option | Literal["always"], list[Effect]] = {}
    cites: list[StrictInt] = []
    overrides: list[Annotated[str, Field(pattern=r"^[0-9]+:[a-z0-9-]+$")]] = []
    summary: str
    note: str | None = None
    """How the case is read and recorded, for the book's reader and its developers."""
    open_point: str | None = None
    """Where the ruling rests on a point the law's words leave open: one sentence for a player,
    what the law does not say and how the book reads it. Absent where the ruling is the law's."""
    clauses: dict[str, str] = {}
    """For a fact of `when`, the words of the law's text that the condition stands for (a
    verbatim part of `text`): what `explain` quotes when the condition is met or missed."""

    @model_validator(mode="after")
    def _coherent(self) -> "Case":
        if self.chooser is None and len(self.options) != 1:
            raise ValueError("a compulsory remedy (no chooser) has exactly one option")
        if self.chooser is not None and len(self.options) < 2:
            raise ValueError("a chooser needs at least two options")
        if self.otherwise is not None and self.otherwise not in self.options:
            raise ValueError(f"otherwise: {self.otherwise!r} is not among the options")
        for key in self.effects:
            if key != "always" and key not in self.options:
                raise ValueError(f"effects: {key!r} is not among the options")
        for name, cond in self.when.items():
            _check_condition(name, cond)
        for name in self.clauses:
            if name not in self.when:
                raise ValueError(f"clauses: {name!r} is not a condition of this case's when")
        return self

    @property
    def irregularities(self) -> tuple[str, ...]:
        return (self.irregularity,) if isinstance(self.irregularity, str) else tuple(self.irregularity)

    @property
    def remedy(self) -> tuple[Any, ...]:
        """What the case does at the table, its words and reasons aside: whom it names offender
        and chooser, the options, the one read where the log goes on, the events the choice
        stays open past, and each option's effects."""
        return (self.offender, self.chooser, tuple(self.options), self.otherwise, tuple(self.open_past),
                tuple((k, tuple(v)) for k, v in self.effects.items()))


class LawScoring(BaseModel):
    """The points one law entitles a player to mark: its part of the scoring table (laws 46-49)."""

    model_config = ConfigDict(extra="forbid")
    turned_king: StrictInt | None = None
    held_king: StrictInt | None = None
    point: StrictInt | None = None
    vole: StrictInt | None = None
    point_against_vulnerable: StrictInt | None = None
    game_to: StrictInt | None = None
    game_values: dict[StrictInt, StrictInt] | None = None


class Scoring(BaseModel):
    """The whole scoring table, laws 46-49 together: every key given."""

    model_config = ConfigDict(extra="forbid")
    turned_king: StrictInt
    held_king: StrictInt
    point: StrictInt
    vole: StrictInt
    point_against_vulnerable: StrictInt
    game_to: StrictInt
    game_values: dict[StrictInt, StrictInt]


class Law(BaseModel):
    """One law of the book, as a rule file."""

    model_config = ConfigDict(extra="forbid")
    law: Annotated[StrictInt, Field(ge=1, le=51)]
    title: str
    text: str
    reading: str
    related: list[StrictInt] = []
    cases: list[Case] = []
    scoring: LawScoring | None = None
    # effects other laws' remedies apply that this law states (law 19: turned_king_forfeited):
    # what they do to the score is cited to this law
    states: list[str] = []
    # the scenario (its file's name, without .yaml) that shows this law ruling in its simplest
    # form: the first a learner sees on the law's page and in `laws N` (tests/test_plain_cases.py);
    # a list where the law gives more than one rule, one scenario for each, in the law's order
    plain: list[str] = []

    @field_validator("plain", mode="before")
    @classmethod
    def _one_or_more(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    @model_validator(mode="after")
    def _has_rule(self) -> "Law":
        if not self.cases and self.scoring is None:
            raise ValueError("a law needs at least one case or a scoring table")
        ids = [c.id for c in self.cases]
        if len(ids) != len(set(ids)):
            raise ValueError("two cases share an id")
        text = " ".join(self.text.split())
        for case in self.cases:
            for name, clause in case.clauses.items():
                if " ".join(clause.split()) not in text:
                    raise ValueError(f"case {case.id!r}: clauses: {name}: {clause!r} is not in the law's text")
        return self


class Rule(BaseModel):
    """A rule of a rule set that no London law covers (laws/rules/NAME.yaml): its rulings carry
    `law: null` and `rule: NAME`, the option that brings it in (RULESETS.md)."""

    model_config = ConfigDict(extra="forbid")
    rule: Literal[NAMES]  # type: ignore[valid-type]
    title: str
    source: Annotated[str, Field(pattern=r"^[0-9]{3}_[0-9a-f]{16}[.]txt$")]
    """The seed file its text is quoted from (../shared/seeds/)."""
    text: str
    reading: str
    related: list[StrictInt] = []
    scores: list[str] = []
    """The keys of what a hand scores under this rule (an entitlement's `basis`: `point_doubled`,
    `offer_lost`...), whose points this rule gives, not a law's scoring table."""
    cases: Annotated[list[Case], Field(min_length=1)]

    @model_validator(mode="after")
    def _ids(self) -> "Rule":
        ids = [c.id for c in self.cases]
        if len(ids) != len(set(ids)):
            raise ValueError("two cases share an id")
        return self


def _check_condition(name: str, cond: Any) -> None:
    if name not in FACT_NAMES:
        raise ValueError(f"when: unknown fact {name!r} (known: {', '.join(sorted(FACT_NAMES))})")
    values = fact_values(name)
    kind = Facts.model_fields[name].annotation
    if isinstance(cond, Range):
        if "int" not in str(kind):
            raise ValueError(f"when: {name} is not a number; a range does not fit it")
        return
    if isinstance(cond, bool) or cond is None:
        if cond is not None and "bool" not in str(kind):
            raise ValueError(f"when: {name} is not true/false")
        return
    for v in cond if isinstance(cond, list) else [cond]:
        if values is None or v not in values:
            raise ValueError(f"when: {name} cannot be {v!r} (one of {values})")


@dataclass(frozen=True)
class CompiledCase:
    """A case ready to test: conditions as (fact, allowed values or range)."""

    law: int | None
    case: Case
    tests: tuple[tuple[str, Any], ...]
    rule: str | None = None   # a rule set's rule (laws/rules/), where `law` is None

    @property
    def ref(self) -> str:
        return f"{self.law if self.law is not None else self.rule}:{self.case.id}"

    def matches(self, facts: dict[str, Any]) -> bool:
        for name, allowed in self.tests:
            value = facts[name]
            if isinstance(allowed, Range):
                if value is None or (allowed.min is not None and value < allowed.min) or \
                        (allowed.max is not None and value > allowed.max):
                    return False
            elif value not in allowed:
                return False
        return True


def _compile(law: int | None, case: Case, rule: str | None = None) -> CompiledCase:
    tests: list[tuple[str, Any]] = []
    for name, cond in case.when.items():
        if isinstance(cond, Range):
            tests.append((name, cond))
        else:
            tests.append((name, frozenset(cond if isinstance(cond, list) else [cond])))
    return CompiledCase(law, case, tuple(tests), rule)


def _disjoint(a: CompiledCase, b: CompiledCase) -> bool:
    """True when no moment can satisfy both cases' conditions."""
    bt = dict(b.tests)
    for name, allowed in a.tests:
        other = bt.get(name)
        if other is None:
            continue
        if isinstance(allowed, Range) or isinstance(other, Range):
            if isinstance(allowed, Range) and isinstance(other, Range):
                lo = max(x for x in (allowed.min, other.min, -10**9) if x is not None)
                hi = min(x for x in (allowed.max, other.max, 10**9) if x is not None)
                if lo > hi:
                    return True
            continue
        if not (allowed & other):
            return True
    return False


class LawBook:
    """All 51 laws, indexed by irregularity for the evaluator."""

    def __init__(self, laws: dict[int, Law], sources: dict[int, Path], rules: dict[str, Rule] | None = None):
        self.laws = laws
        self.sources = sources
        self.rules = rules or {}   # the rule sets' own rules (laws/rules/), by option name
        self.by_irregularity: dict[str, list[CompiledCase]] = {}
        table: dict[str, Any] = {}
        self.scoring_law: dict[str, int] = {}   # a scoring table's key -> the law that gives it
        self.effect_law: dict[str, int] = {}    # an effect -> the law that states it (`states`)
        for number in sorted(laws):
            law = laws[number]
            self.effect_law |= dict.fromkeys(law.states, number)
            for case in law.cases:
                compiled = _compile(number, case)
                for irr in case.irregularities:
                    self.by_irregularity.setdefault(irr, []).append(compiled)
            if law.scoring:
                given = law.scoring.model_dump(exclude_none=True)
                table |= given
                self.scoring_law |= dict.fromkeys(given, number)
        missing = [key for key in Scoring.model_fields if key not in table]
        if missing:
            raise LawBookError(f"the scoring tables (laws 46-49) give no {', '.join(missing)}")
        self.scoring = Scoring(**table)
        if "point_against_vulnerable" in self.scoring_law:   # the refusal point on the vole (an option)
            self.scoring_law["vole_against_vulnerable"] = self.scoring_law["point_against_vulnerable"]
        self.scoring_rule: dict[str, str] = {}   # a key of what a hand scores -> the rule that gives it
        for name in sorted(self.rules):
            for key in self.rules[name].scores:
                if key in self.scoring_law or key in self.scoring_rule:
                    raise LawBookError(f"rules/{name}.yaml: scores: {key!r} is given by "
                                       f"{self.scoring_rule.get(key) or f'law {self.scoring_law[key]}'} too")
                self.scoring_rule[key] = name
            for case in self.rules[name].cases:
                compiled = _compile(None, case, name)
                for irr in case.irregularities:
                    self.by_irregularity.setdefault(irr, []).append(compiled)
        # each case by its ref (`law:id`, `rule:id`)
        self.by_ref: dict[str, CompiledCase] = {c.ref: c for cases in self.by_irregularity.values() for c in cases}
        self._order_by_precedence()

    def _file(self, c: CompiledCase) -> str:
        return f"rules/{c.rule}.yaml" if c.law is None else self.sources[c.law].name

    def _order_by_precedence(self) -> None:
        problems = []
        refs = {c.ref for cases in self.by_irregularity.values() for c in cases}
        for cases in self.by_irregularity.values():
            for c in cases:
                for o in c.case.overrides:
                    if o not in refs:
                        problems.append(f"{self._file(c)}: overrides: no case {o!r}")
            for i, a in enumerate(cases):
                for b in cases[i + 1:]:
                    if _disjoint(a, b) or b.ref in a.case.overrides or a.ref in b.case.overrides:
                        continue
                    problems.append(
                        f"{self._file(a)}: case {a.case.id!r} and "
                        f"{self._file(b)}: case {b.case.id!r} both claim "
                        f"{set(a.case.irregularities) & set(b.case.irregularities)} "
                        "with no stated precedence (add overrides:)")
            listed = list(cases)   # a list being sorted reads as empty to its own key function
            cases.sort(key=lambda c: -_depth(c, listed))
        if problems:
            raise LawBookError("\n".join(dict.fromkeys(problems)))

    def find(self, irregularity: str, facts: dict[str, Any]) -> CompiledCase | None:
        for compiled in self.by_irregularity.get(irregularity, ()):
            if compiled.matches(facts):
                return compiled
        return None

    def law(self, number: int | None, rule: str | None = None) -> Law | Rule:
        """A law by its number, or (number None) a rule set's rule by its name."""
        return self.laws[number] if number is not None else self.rules[rule]  # type: ignore[index]


def _depth(case: CompiledCase, cases: list[CompiledCase]) -> int:
    """How many cases this one overrides, directly or through others: the strongest first."""
    by_ref = {c.ref: c for c in cases}
    seen: set[str] = set()
    todo = list(case.case.overrides)
    while todo:
        ref = todo.pop()
        if ref in seen or ref not in by_ref:
            continue
        seen.add(ref)
        todo.extend(by_ref[ref].case.overrides)
    return len(seen)


def _read(path: Path, data: bytes) -> Any:
    try:
        return yaml.load(data.decode("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (UnicodeDecodeError, yaml.YAMLError) as e:
        raise LawBookError(f"{path.name}: cannot be read: {e}") from None


def load(directory: Path = LAWS_DIR) -> LawBook:
    """Load and check every rule file; raise `LawBookError` naming each problem. The files'
    parsed data comes from `cache` when their bytes are unchanged (and is checked here all
    the same); the cache is written after a load that found no problem."""
    problems: list[str] = []
    laws: dict[int, Law] = {}
    sources: dict[int, Path] = {}
    key, files = cache.rule_files(directory)
    cached = cache.read(key)
    parsed = cached["laws"] if cached and set(cached["laws"]) == {p.name for p, _ in files} else None
    fresh: dict[str, Any] = {}
    for path, data in files:
        try:
            raw = parsed[path.name] if parsed is not None else _read(path, data)
            fresh[path.name] = raw
            law = Law.model_validate(raw)
        except ValidationError as e:
            problems += [f"{path.name}: {located(err, 'unknown key')}" for err in e.errors()]
            continue
        except LawBookError as e:
            problems.append(str(e))
            continue
        if law.law in laws:
            problems.append(f"{path.name}: law {law.law} is already given by {sources[law.law].name}")
            continue
        laws[law.law] = law
        sources[law.law] = path
    for number, law in laws.items():
        for ref in law.related + [n for c in law.cases for n in c.cites]:
            if ref not in LAW_NUMBERS:
                problems.append(f"{sources[number].name}: refers to law {ref}, which does not exist")
    rules = _rules(directory / "rules", problems)
    if problems:
        raise LawBookError("\n".join(problems))
    book = LawBook(laws, sources, rules)
    if parsed is None:
        cache.write(key, fresh, book.scoring.model_dump(exclude_none=True))
    return book


def _rules(directory: Path, problems: list[str]) -> dict[str, Rule]:
    """The rule sets' own rules (laws/rules/*.yaml), checked as the laws are."""
    rules: dict[str, Rule] = {}
    for path in sorted(directory.glob("*.yaml")):
        where = f"rules/{path.name}"
        try:
            rule = Rule.model_validate(_read(path, path.read_bytes()))
        except OSError as e:
            problems.append(f"{where}: cannot be read: {e}")
            continue
        except ValidationError as e:
            problems += [f"{where}: {located(err, 'unknown key')}" for err in e.errors()]
            continue
        except LawBookError as e:
            problems.append(f"rules/{e}")
            continue
        if rule.rule != path.stem:
            problems.append(f"{where}: rule {rule.rule!r} is not the file's name")
            continue
        for ref in rule.related:
            if ref not in LAW_NUMBERS:
                problems.append(f"{where}: refers to law {ref}, which does not exist")
        rules[rule.rule] = rule
    return rules


@lru_cache(maxsize=None)
def default_book() -> LawBook:
    return load()
