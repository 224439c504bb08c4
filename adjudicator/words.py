"""The law book's vocabulary in a person's words: facts, irregularities, options, roles.

The words live in `laws/words/*.yaml`, beside the law book, so that an arbiter rewords a
question or a phrase without touching Python. Loading is strict: every fact the law book can
test, every value it can take, every irregularity and every option must have its words.
`resolve` asks the facts' questions; `explain`, `laws`, the book and the quiz say the phrases.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

import yaml
from pydantic import BaseModel, ConfigDict, Field, StrictBool, ValidationError

from .facts import FACT_NAMES, Facts
from .laws import ChooserRole, Effect, OffenderRole, Scoring
from .log import IRREGULARITIES, OPTIONS

WORDS_DIR = Path(__file__).resolve().parent.parent / "laws" / "words"


class WordsError(ValueError):
    """The words cannot be loaded: one message per problem, naming the file and the key."""


class Value(BaseModel):
    model_config = ConfigDict(extra="forbid")
    answer: str | None = None
    phrase: str
    implies: dict[str, Any] = {}   # what else this value makes certain (resolve does not ask it)


class FactWords(BaseModel):
    model_config = ConfigDict(extra="forbid")
    question: str
    unknown: StrictBool = False
    offered: list[int] | None = None   # a number's answers offered by resolve
    values: dict[Any, Value]


class IrregularityWords(BaseModel):
    model_config = ConfigDict(extra="forbid")
    moment: str
    words: str


class Irregularities(BaseModel):
    model_config = ConfigDict(extra="forbid")
    moments: dict[str, str]
    irregularities: dict[str, IrregularityWords]


class Scores(BaseModel):
    """Why the score is what it is (scores.yaml)."""

    model_config = ConfigDict(extra="forbid")
    earned: dict[str, str | dict[Literal["dealer", "non_dealer"], str]]
    marks: str
    limited: str
    struck: dict[str, str]
    lapsed: str
    lapsed_part: str
    when: dict[Literal["next_turn_up", "log_end"], str]
    nothing: str
    effects: dict[str, str]


class Synonyms(BaseModel):
    """Search terms that find one another (synonyms.yaml)."""

    model_config = ConfigDict(extra="forbid")
    groups: list[Annotated[list[Annotated[str, Field(min_length=2)]], Field(min_length=2)]]


class Words:
    """The loaded vocabulary, with the lookups every front end uses."""

    def __init__(self, facts: dict[str, FactWords], irregularities: Irregularities,
                 options: dict[str, str], roles: dict[str, str],
                 scores: Scores | None = None, synonyms: list[list[str]] | None = None,
                 interview: dict[str, str] | None = None, next: dict[str, str] | None = None):
        self.facts = facts
        self.moments = irregularities.moments
        self.irregularities = irregularities.irregularities
        self.options = options
        self.roles = roles
        self.interview = interview or {}   # resolve's own words (interview.yaml)
        self.next = next or {}             # what happens once an option is taken (next.yaml)
        self.scores = scores
        self.synonyms = synonyms or []

    def earned(self, basis: str, role: str) -> str:
        """What an entitlement was earned for (a template on {player}, {dealer}, {elder})."""
        words = self.scores.earned[basis]  # type: ignore[union-attr]
        return words if isinstance(words, str) else words[role]

    def option(self, option: str) -> str:
        return self.options[option]

    def role(self, role: str) -> str:
        return self.roles[role]

    def irregularity(self, irregularity: str) -> str:
        return self.irregularities[irregularity].words

    def question(self, fact: str) -> str:
        return self.facts[fact].question

    def answer(self, fact: str, value: Any) -> str:
        """The answer to the fact's question that gives this value, in words."""
        values = self.facts[fact].values
        if value in values and values[value].answer is not None:
            return values[value].answer  # type: ignore[return-value]
        return values["number"].answer.format(value=value)  # type: ignore[union-attr]

    def phrase(self, fact: str, condition: Any) -> str:
        """A fact's value, or a condition on it (one value, a list of values, a range), as a clause."""
        values = self.facts[fact].values
        if isinstance(condition, list):
            return " or ".join(self.phrase(fact, c) for c in condition)
        low, high = _bounds(condition)
        if (low, high) != (None, None):
            if low is not None and high is not None:
                key = "number" if low == high else "between"
            else:
                key = "min" if low is not None else "max"
            return values[key].phrase.format(min=low, max=high, value=low)
        if condition in values:
            return values[condition].phrase
        return values["number"].phrase.format(value=condition)


def _bounds(condition: Any) -> tuple[Any, Any]:
    """A range condition's (min, max), from the law book's `Range` or a plain mapping."""
    if isinstance(condition, dict):
        return condition.get("min"), condition.get("max")
    if hasattr(condition, "min") and hasattr(condition, "max"):
        return condition.min, condition.max
    return None, None


def _expected_values(fact: str) -> list[Any]:
    """The values a fact can take, which must each have words (numbers: their phrases)."""
    hint = Facts.model_fields[fact].annotation
    kinds = set(get_args(hint)) or {hint}
    values: list[Any] = []
    for kind in kinds:
        if get_args(kind):                       # a Literal: its values
            values += list(get_args(kind))
        elif kind is bool:
            values += [True, False]
        elif kind is int:
            values += ["number", "min", "max", "between"]
        elif kind is type(None):
            values.append(None)
    return values


def _read(path: Path) -> Any:
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, yaml.YAMLError) as e:
        raise WordsError(f"{path.name}: cannot be read: {e}") from None


def _problems(name: str, error: ValidationError) -> list[str]:
    return [f"{name}: {'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors()]


def load(directory: Path = WORDS_DIR) -> Words:
    """Load and check the vocabulary; raise `WordsError` naming each problem."""
    problems: list[str] = []
    facts: dict[str, FactWords] = {}
    for fact, raw in (_read(directory / "facts.yaml") or {}).items():
        try:
            facts[fact] = FactWords.model_validate(raw)
        except ValidationError as e:
            problems += _problems(f"facts.yaml: {fact}", e)
    for fact in sorted(FACT_NAMES - facts.keys()):
        problems.append(f"facts.yaml: the fact {fact!r} has no words")
    for fact in sorted(facts.keys() - FACT_NAMES):
        problems.append(f"facts.yaml: {fact!r} is not a fact the law book can test")
    for fact, words in facts.items():
        if fact in FACT_NAMES:
            for value in _expected_values(fact):
                if value not in words.values:
                    problems.append(f"facts.yaml: {fact}: the value {value!r} has no words")
    try:
        irregularities = Irregularities.model_validate(_read(directory / "irregularities.yaml"))
    except ValidationError as e:
        problems += _problems("irregularities.yaml", e)
        irregularities = Irregularities(moments={}, irregularities={})
    for irr in IRREGULARITIES:
        if irr not in irregularities.irregularities:
            problems.append(f"irregularities.yaml: the irregularity {irr!r} has no words")
    for irr, w in irregularities.irregularities.items():
        if irr not in IRREGULARITIES:
            problems.append(f"irregularities.yaml: {irr!r} is not an irregularity id")
        if w.moment not in irregularities.moments:
            problems.append(f"irregularities.yaml: {irr}: the moment {w.moment!r} is not among the moments")
    options = _read(directory / "options.yaml") or {}
    problems += [f"options.yaml: the option {o!r} has no words" for o in OPTIONS if o not in options]
    problems += [f"options.yaml: {o!r} is not an option id" for o in options if o not in OPTIONS]
    for fact, words in facts.items():
        for value, w in words.values.items():
            for implied, allowed in w.implies.items():
                wanted = allowed if isinstance(allowed, list) else [allowed]
                if implied not in facts:
                    problems.append(f"facts.yaml: {fact}: {value!r}: implies: {implied!r} is not a fact")
                elif any(v not in facts[implied].values for v in wanted):
                    problems.append(f"facts.yaml: {fact}: {value!r}: implies: {implied} cannot be {allowed!r}")
    interview = _read(directory / "interview.yaml") or {}
    next_words = _read(directory / "next.yaml") or {}
    problems += [f"next.yaml: the option {o!r} has no words" for o in OPTIONS if o not in next_words]
    problems += [f"next.yaml: {o!r} is not an option id" for o in next_words if o not in OPTIONS]
    roles = _read(directory / "roles.yaml") or {}
    for role in sorted(set(get_args(OffenderRole) + get_args(ChooserRole)) - roles.keys()):
        problems.append(f"roles.yaml: the role {role!r} has no words")
    scores, synonyms = _scores(directory, problems), _synonyms(directory, problems)
    if problems:
        raise WordsError("\n".join(problems))
    return Words(facts, irregularities, options, roles, scores, synonyms, interview, next_words)


# the scoring tables' keys that are points, not the game's target or value (laws 47-49)
EARNING = tuple(k for k in Scoring.model_fields if not k.startswith("game_"))


def _scores(directory: Path, problems: list[str]) -> Scores | None:
    from .marks import STRUCK
    try:
        scores = Scores.model_validate(_read(directory / "scores.yaml"))
    except ValidationError as e:
        problems += _problems("scores.yaml", e)
        return None
    problems += [f"scores.yaml: earned: {k!r} has no words" for k in EARNING if k not in scores.earned]
    problems += [f"scores.yaml: earned: {k!r} is not a key of a scoring table" for k in scores.earned if k not in EARNING]
    problems += [f"scores.yaml: earned: {k}: it needs words for the dealer and the non-dealer"
                 for k, v in scores.earned.items() if isinstance(v, dict) and len(v) != 2]
    problems += [f"scores.yaml: struck: {k!r} has no words" for k in STRUCK if k not in scores.struck]
    problems += [f"scores.yaml: struck: {k!r} is not what strikes a score out" for k in scores.struck if k not in STRUCK]
    problems += [f"scores.yaml: when: {k!r} has no words" for k in ("next_turn_up", "log_end") if k not in scores.when]
    effects = get_args(Effect)
    problems += [f"scores.yaml: effects: {k!r} has no words" for k in effects if k not in scores.effects]
    problems += [f"scores.yaml: effects: {k!r} is not an effect" for k in scores.effects if k not in effects]
    return scores


def _synonyms(directory: Path, problems: list[str]) -> list[list[str]]:
    try:
        groups = Synonyms.model_validate(_read(directory / "synonyms.yaml")).groups
    except ValidationError as e:
        problems += _problems("synonyms.yaml", e)
        return []
    seen: dict[str, int] = {}
    for i, group in enumerate(groups, 1):
        for term in group:
            key = fold(term)
            if key in seen:
                problems.append(f"synonyms.yaml: groups: {term!r} is in group {seen[key]} and group {i}")
            seen[key] = i
    return groups


def fold(text: str) -> str:
    """Text for searching: lower case, accents dropped, spaces made single."""
    import unicodedata
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(plain.lower().split())



@lru_cache(maxsize=None)
def default_words() -> Words:
    return load()
