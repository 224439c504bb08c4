"""The law book in words, for `ecarte laws`: index lines, one law in full, JSON entries."""
from __future__ import annotations

import textwrap
from functools import lru_cache
from pathlib import Path

import yaml

from .laws import Case, Law, LawBook
from .words import default_words

SCENARIOS_DIR = Path(__file__).resolve().parent.parent / "scenarios"

@lru_cache(maxsize=1)
def scenarios_by_law() -> dict[int, list[str]]:
    """Which scenarios show each law: the laws their expected rulings cite, and `laws:` in the file."""
    shown: dict[int, list[str]] = {}
    root = SCENARIOS_DIR.parent
    for path in sorted(SCENARIOS_DIR.rglob("*.yaml")):
        try:
            doc = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except (OSError, yaml.YAMLError):
            continue
        if not isinstance(doc, dict):
            continue
        numbers = set(doc.get("laws") or [])
        for r in (doc.get("expect") or {}).get("rulings") or []:
            numbers.add(r.get("law"))
            numbers.update(r.get("laws") or [])
        for n in numbers:
            if isinstance(n, int):
                shown.setdefault(n, []).append(str(path.relative_to(root)))
    return shown


def case_words(case: Case) -> str:
    """One case in plain words: when, who, what."""
    when = ", ".join(f"{k.replace('_', ' ')}: {_value(v)}" for k, v in case.when.items()) or "always"
    words = default_words()
    offender = words.role(case.offender)
    if case.chooser:
        choice = f"{words.role(case.chooser)} chooses: " + "; or ".join(words.option(o) for o in case.options)
    else:
        choice = "compulsory: " + words.option(case.options[0])
    lines = [f"- {case.id} ({', '.join(case.irregularities)}) when {when}.",
             f"  Offender: {offender}. {choice[0].upper() + choice[1:]}."]
    if case.otherwise:
        lines.append(f"  If the log goes on without a choice: {words.option(case.otherwise)}.")
    for option, effects in case.effects.items():
        lines.append(f"  With {option.replace('_', ' ')}: {', '.join(e.replace('_', ' ') for e in effects)}.")
    if case.note:
        lines.append("  Reading: " + case.note)
    return "\n".join(lines)


def _value(v: object) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list):
        return " or ".join(map(str, v))
    if v is None:
        return "unknown"
    return str(v).replace("_", " ") if isinstance(v, str) else _range(v)


def _range(r: object) -> str:
    lo, hi = getattr(r, "min", None), getattr(r, "max", None)
    return f"{lo} to {hi}" if lo is not None and hi is not None else f"at least {lo}" if lo is not None else f"at most {hi}"


def describe(book: LawBook, number: int, shown: dict[int, list[str]]) -> str:
    law = book.laws[number]
    out = [f"Law {number}. {law.title}", "", textwrap.fill(law.text, 92), "",
           textwrap.fill("In plain words: " + law.reading, 92)]
    if law.cases:
        out += ["", "What the rule file decides:"] + [case_words(c) for c in law.cases]
    if law.scoring:
        scores = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in law.scoring.model_dump(exclude_none=True).items())
        out += ["", f"Scoring table: {scores}."]
    if law.related:
        out += ["", "Related laws: " + ", ".join(map(str, law.related))]
    out += ["", "Scenarios: " + (", ".join(shown.get(number, [])) or "none yet"),
            f"Rule file: laws/{book.sources[number].name}"]
    return "\n".join(out)


def index_line(book: LawBook, number: int, shown: dict[int, list[str]]) -> str:
    law = book.laws[number]
    what = f"{len(law.cases)} case{'s' if len(law.cases) != 1 else ''}" if law.cases else "scoring table"
    return f"{number:2}. {law.title}  [{what}, {len(shown.get(number, []))} scenario(s)]"


def entry(book: LawBook, number: int, shown: dict[int, list[str]]) -> dict:
    law = book.laws[number]
    return {"law": number, "title": law.title, "text": law.text, "reading": law.reading,
            "encoded": True, "cases": [c.model_dump(exclude_none=True) for c in law.cases],
            "scoring": law.scoring.model_dump(exclude_none=True) if law.scoring else None,
            "related": law.related, "scenarios": shown.get(number, []),
            "file": f"laws/{book.sources[number].name}"}


def matches(law: Law, words: str) -> bool:
    hay = " ".join([law.title, law.text, law.reading] + [c.summary for c in law.cases]).lower()
    return all(w in hay for w in words.lower().split())
