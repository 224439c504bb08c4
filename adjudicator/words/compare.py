"""`ecarte laws 17 21`: laws side by side, with what separates them picked out.

What separates two laws is read from their cases: for each pair of cases (one of each law) that
rule on the same irregularity, the facts on which no moment can satisfy both. Each such fact is
shown with what each law's cases require of it, in the phrases of laws/words/facts.yaml.
"""
from __future__ import annotations

import io
from typing import Any

from rich import box
from rich.console import Console, Group
from rich.measure import Measurement
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..lawbook.laws import Case, LawBook, Range
from .learner import plain_italics
from .lawviews import choice_words, when_words
from .textwidth import wrap, width as textwidth
from .vocabulary import default_words

TABLE = 160   # the widest a table is drawn, however wide the terminal
NARROWEST_COLUMN = 16   # a law's column narrower than this: the laws are shown one under the other
Cell = list[tuple[int, str]]   # a table's cell: its paragraphs, each with its indent


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


def _requires(cases: list[Case], fact: str) -> Cell:
    """What a law's cases require of the fact: each requirement once, with the cases that make it
    (by their place in the law: case 1, 2...)."""
    words = default_words()
    said: dict[str, list[str]] = {}
    for n, case in enumerate(cases, 1):
        phrase = words.phrase(fact, case.when[fact]) if fact in case.when else "either way"
        said.setdefault(phrase, []).append(f"case {n}")
    if len(said) == 1:
        return [(0, next(iter(said)) + ("" if len(cases) == 1 else " (every case)"))]
    return [(0, f"{phrase} ({', '.join(ids)})") for phrase, ids in said.items()]


def _case(n: int, case: Case) -> Cell:
    """A case in a few words, by its place in the law: when it applies, and who chooses what."""
    return [(0, f"Case {n}:"), (2, f"{when_words(case)}."), (2, f"{choice_words(case)}.")]


def _rendered(cell: Cell) -> Group:
    return Group(*(Padding(Text(text), (0, 0, 0, indent)) for indent, text in cell))


def _widths(columns: int, head: int, laws: int) -> list[int]:
    """The columns' widths in a table of `columns` (a head column, then the laws' columns, equal):
    each column is padded by one space a side, and a space stands at each edge and between two."""
    room = columns - (head + 2) - (laws + 2) - 2 * laws
    return [head] + [room // laws + (i < room % laws) for i in range(laws)]


def _fits(console: Console, rows: list[tuple[str, list[Cell]]], widths: list[int]) -> bool:
    """Every word of every cell fits its column, and no column is too narrow to read."""
    return min(widths[1:]) >= NARROWEST_COLUMN and all(
        Measurement.get(console, console.options, _rendered(cell)).minimum <= width
        for _, cells in rows for cell, width in zip(cells, widths[1:]))


def _side_by_side(console: Console, title: str | None, heads: list[str], head: str,
                  rows: list[tuple[str, list[Cell]]], widths: list[int]) -> None:
    side = Table(title=title, box=box.SIMPLE_HEAVY, show_lines=True)
    side.add_column(head, style="bold", width=widths[0])
    for name, width in zip(heads, widths[1:]):
        side.add_column(name, width=width)
    for label, cells in rows:
        side.add_row(label, *[_rendered(cell) for cell in cells])
    console.print(side)


def _stacked(title: str | None, heads: list[str], rows: list[tuple[str, list[Cell]]], columns: int) -> list[str]:
    """The table too wide for the terminal, a row at a time: the row's name, then each law's cell
    under the law's name."""
    out = ([title, ""] if title else [])
    for label, cells in rows:
        out.append(label)
        for name, cell in zip(heads, cells):
            out += wrap(name, "  ", "  ", columns)
            for indent, text in cell:
                out += wrap(text, " " * (4 + indent), "", columns)
        out.append("")
    return out


def _laid_out(console: Console, title: str | None, heads: list[str], head: str,
              rows: list[tuple[str, list[Cell]]], columns: int) -> None:
    """Side by side where every word fits its column, else stacked."""
    labels = [head] + [label for label, _ in rows]
    longest = max(len(word) for label in labels for word in label.split() or [""])
    share = 2 * columns // (2 + 3 * len(heads))   # a sentence's head column: two parts to a law's three
    widths = _widths(columns, max(longest, min(max(map(len, labels)), share)), len(heads))
    if _fits(console, rows, widths):
        _side_by_side(console, title, heads, head, rows, widths)
    else:
        console.print("\n".join(_stacked(title, heads, rows, columns)))


def table(book: LawBook, numbers: list[int], width: int | None = None) -> str:
    """The laws side by side (a table as wide as the terminal; a law under the other where a
    column would be too narrow for its words), then what separates them, as text."""
    words = default_words()
    columns = width or textwidth(TABLE)
    out = io.StringIO()
    console = Console(file=out, width=columns, highlight=False, markup=False,
                      force_terminal=False, color_system=None)
    laws = [book.laws[n] for n in numbers]
    rows: list[tuple[str, list[Cell]]] = [
        ("text", [[(0, " ".join(plain_italics(law.text).split()))] for law in laws]),
        ("reading", [[(0, law.reading)] for law in laws]),
        ("rules on", [[(0, ", ".join(dict.fromkeys(
            words.irregularity(i) for c in law.cases for i in c.irregularities)) or "the score")] for law in laws]),
        ("cases", [[line for n, c in enumerate(law.cases, 1) for line in _case(n, c)] or [(0, "a scoring table")]
                   for law in laws])]
    _laid_out(console, None, [f"Law {law.law}. {law.title}" for law in laws], "", rows, columns)
    facts = separating(book, numbers)
    if facts:
        apart = [(words.question(fact), [_requires(law.cases, fact) for law in laws]) for fact in facts]
        _laid_out(console, "What separates them: the facts their cases differ on",
                  [f"law {law.law}" for law in laws], "the question", apart, columns)
    else:
        console.print("No case of one rules on what a case of the other does: they never compete.")
    return "\n".join(line.rstrip() for line in out.getvalue().rstrip().splitlines())
