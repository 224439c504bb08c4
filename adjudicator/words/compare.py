"""`ecarte laws 17 21`: laws side by side, with what separates them picked out.

What separates two laws is read from their cases: for each pair of cases (one of each law) that
rule on the same irregularity, the facts on which no moment can satisfy both. Each such fact is
shown with what each law's cases require of it, in the phrases of laws/words/facts.yaml.
"""
from __future__ import annotations

import io
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from ..lawbook.laws import Case, LawBook, Range
from .lawviews import choice_words, when_words
from .vocabulary import default_words


def _allowed(cond: Any) -> Any:
    return cond if isinstance(cond, Range) else frozenset(cond if isinstance(cond, list) else [cond])


def _apart(a: Any, b: Any) -> bool:
    """No value meets both conditions."""
    if isinstance(a, Range) or isinstance(b, Range):
        if isinstance(a, Range) and isinstance(b, Range):
            lo = max(x for x in (a.min, b.min, -10**9) if x is not None)
            hi = min(x for x in (a.max, b.max, 10**9) if x is not None)
            return lo > hi
        return False
    return not (a & b)


def separating(book: LawBook, numbers: list[int]) -> list[str]:
    """The facts on which cases of different laws (same irregularity) cannot both hold."""
    facts: list[str] = []
    cases = [(n, c) for n in numbers for c in book.laws[n].cases]
    for i, (la, a) in enumerate(cases):
        for lb, b in cases[i + 1:]:
            if la == lb or not set(a.irregularities) & set(b.irregularities):
                continue
            for name in a.when.keys() & b.when.keys():
                if _apart(_allowed(a.when[name]), _allowed(b.when[name])) and name not in facts:
                    facts.append(name)
    return facts


def _requires(cases: list[Case], fact: str) -> str:
    """What a law's cases require of the fact: each requirement once, with the cases that make it
    (by their place in the law: case 1, 2...)."""
    words = default_words()
    said: dict[str, list[str]] = {}
    for n, case in enumerate(cases, 1):
        phrase = words.phrase(fact, case.when[fact]) if fact in case.when else "either way"
        said.setdefault(phrase, []).append(f"case {n}")
    if len(said) == 1:
        return next(iter(said)) + ("" if len(cases) == 1 else " (every case)")
    return "\n".join(f"{phrase} ({', '.join(ids)})" for phrase, ids in said.items())


def _case(n: int, case: Case) -> str:
    """A case in a few words, by its place in the law: when it applies, and who chooses what."""
    return f"Case {n}:\n  {when_words(case)}.\n  {choice_words(case)}."


def table(book: LawBook, numbers: list[int], width: int | None = None) -> str:
    """The laws side by side (a rich table), then what separates them, as text."""
    words = default_words()
    out = io.StringIO()
    console = Console(file=out, width=max(80, width or 0), highlight=False, markup=False,
                      force_terminal=False, color_system=None)
    laws = [book.laws[n] for n in numbers]
    side = Table(box=box.SIMPLE_HEAVY, show_lines=True, expand=True)
    side.add_column("", style="bold", min_width=8, ratio=1)
    for law in laws:
        side.add_column(f"Law {law.law}. {law.title}", ratio=5, overflow="fold")
    side.add_row("text", *[law.text for law in laws])
    side.add_row("reading", *[law.reading for law in laws])
    side.add_row("rules on", *[", ".join(dict.fromkeys(
        words.irregularity(i) for c in law.cases for i in c.irregularities)) or "the score" for law in laws])
    side.add_row("cases", *["\n".join(_case(n, c) for n, c in enumerate(law.cases, 1)) or "a scoring table"
                            for law in laws])
    console.print(side)
    facts = separating(book, numbers)
    apart = Table(title="What separates them: the facts their cases differ on", box=box.SIMPLE_HEAVY,
                  show_lines=True, expand=True)
    apart.add_column("the question", ratio=2)
    for law in laws:
        apart.add_column(f"law {law.law}", ratio=3, overflow="fold")
    for fact in facts:
        apart.add_row(words.question(fact), *[_requires(law.cases, fact) for law in laws])
    if facts:
        console.print(apart)
    else:
        console.print("No case of one rules on what a case of the other does: they never compete.")
    return out.getvalue().rstrip()
