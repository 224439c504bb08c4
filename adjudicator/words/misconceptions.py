"""What learners commonly get wrong (laws/words/misconceptions.yaml): the wrong laws and remedies
a learner reaches for, each with why it is wrong; the ways a hand's score is miscounted; and the
statements of the quiz's true-or-false rounds. Checked on loading against the law book, the
options, the scenarios and the rule sets, so that a wrong name is said, not asked.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from ..lawbook.laws import LawBook, LawBookError, default_book
from ..lawbook.places import SCENARIOS_DIR, WORDS_DIR
from ..lawbook.rulesets import rule_sets
from ..record.log import IRREGULARITIES, OPTIONS


class _Given(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class WrongLaw(_Given):
    law: int
    why: str


class WrongOptions(_Given):
    options: tuple[str, ...]
    why: str


class Quoted(_Given):
    """A rule set's own words: the law it replaces or removes, or the rule it adds."""
    law: int | None = None
    adds: str | None = None


class London(_Given):
    """Where the London laws differ: the law quoted (if any), and a sentence that says how."""
    law: int | None = None
    differs: str


class Statement(_Given):
    """A true-or-false round: its words, its answer, why, and the scenario it stands beside."""
    id: str
    text: str
    answer: bool
    why: str
    scenario: str
    law: int | None = None
    reading: bool = False      # the answer rests on the book's reading of the law, not its words
    rules: str | None = None
    rule: str | None = None
    quote: Quoted | None = None
    london: London | None = None


class ScoreSlips(_Given):
    point_as_two: str
    two_as_one: str
    vole_as_one: str
    mark_forgotten: str
    struck_counted: str
    king_not_trump: str
    before: str
    swapped: str
    other: str


class Misconceptions(_Given):
    laws: dict[int, tuple[WrongLaw, ...]]
    options: dict[str, tuple[WrongOptions, ...]]
    alike: tuple[tuple[str, ...], ...] = ()   # options a learner cannot tell apart: one choice
    score: ScoreSlips
    statements: tuple[Statement, ...]

    def same(self, option: str) -> str:
        """An option as a choice says it: the first of the options alike with it, else itself."""
        return next((group[0] for group in self.alike if option in group), option)


def problems(m: Misconceptions, book: LawBook) -> list[str]:
    """What in the file names nothing: a law, an irregularity, an option, a scenario, a rule
    set, a changed law or an added rule that does not exist; a statement without its place."""
    out: list[str] = []
    sets = rule_sets()
    for law, wrong in m.laws.items():
        out += [f"laws: {law}: law {n} is not in the book" for n in [law, *(w.law for w in wrong)] if n not in book.laws]
    for irr, remedies in m.options.items():
        if irr not in IRREGULARITIES:
            out.append(f"options: {irr!r} is not an irregularity")
        out += [f"options: {irr}: {o!r} is not an option" for w in remedies for o in w.options if o not in OPTIONS]
    out += [f"alike: {o!r} is not an option" for group in m.alike for o in group if o not in OPTIONS]
    ids = [s.id for s in m.statements]
    out += [f"statements: {i!r} is given twice" for i in sorted({i for i in ids if ids.count(i) > 1})]
    for s in m.statements:
        where = f"statements: {s.id}"
        if not (SCENARIOS_DIR.parent / s.scenario).is_file():
            out.append(f"{where}: no scenario {s.scenario}")
        if (s.law is None) == (s.rule is None):
            out.append(f"{where}: give a law or (under a rule set) a rule")
        if s.law is not None and s.law not in book.laws:
            out.append(f"{where}: law {s.law} is not in the book")
        if s.reading and s.law is None:
            out.append(f"{where}: a reading is of a law")
        if s.rules is None:
            if s.quote or s.london or s.rule:
                out.append(f"{where}: quote, london and rule are a rule set's (rules:)")
            continue
        rs = sets.get(s.rules)
        if rs is None or s.quote is None or s.london is None:
            out.append(f"{where}: under rules {s.rules!r}, a rule set's quote and where London differs")
            continue
        if s.quote.law is not None and s.quote.law not in rs.changes:
            out.append(f"{where}: {s.rules} does not change law {s.quote.law}")
        if s.quote.adds is not None and s.quote.adds not in rs.adds:
            out.append(f"{where}: {s.rules} adds no rule {s.quote.adds!r}")
        if (s.quote.law is None) == (s.quote.adds is None):
            out.append(f"{where}: quote: a law or an added rule")
        if s.london.law is not None and s.london.law not in book.laws:
            out.append(f"{where}: london: law {s.london.law} is not in the book")
    return out


def load(path: Path = WORDS_DIR / "misconceptions.yaml", book: LawBook | None = None) -> Misconceptions:
    """The file, checked; `LawBookError` listing every problem."""
    try:
        raw = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        found = Misconceptions.model_validate(raw)
    except (OSError, yaml.YAMLError) as e:
        raise LawBookError(f"{path.name}: {e}") from None
    except ValidationError as e:
        raise LawBookError("\n".join(f"{path.name}: {'.'.join(map(str, err['loc']))}: {err['msg']}"
                                     for err in e.errors())) from None
    wrong = problems(found, book or default_book())
    if wrong:
        raise LawBookError("\n".join(f"{path.name}: {p}" for p in wrong))
    return found


@lru_cache(maxsize=1)
def default_misconceptions() -> Misconceptions:
    return load()
