"""What `validate` tells an operator at the end: the games by outcome, and the rulings by law and
by irregularity, each with its counts and the first few games where it was found."""
from __future__ import annotations

from typing import Any

FIRST = 5   # games named for each law, irregularity, or unreadable input

Decider = int | str   # what ruled: a law's number, or a variant's own rule (`rule: "doubling"`, RULESETS.md)


def decider(ruling: dict[str, Any]) -> Decider:
    """What ruled, from a ruling as `adjudicate --json` gives it: its law, else its rule."""
    return ruling["law"] if ruling["law"] is not None else ruling["rule"]


def said_decider(which: Decider) -> str:
    """"law 43", or "rule doubling", as `adjudicate` says it."""
    return f"law {which}" if isinstance(which, int) else f"rule {which}"


def _order(which: Decider) -> tuple:
    """The laws by number, then the rules by name."""
    return (0, which, "") if isinstance(which, int) else (1, 0, which)


class _Entry:
    __slots__ = ("rulings", "games", "first", "last")

    def __init__(self) -> None:
        self.rulings = 0
        self.games = 0
        self.first: list[str] = []
        self.last: str | None = None

    def add(self, source: str) -> None:
        self.rulings += 1
        if self.last != source:
            self.last = source
            self.games += 1
            if len(self.first) < FIRST:
                self.first.append(source)

    def to_json(self) -> dict[str, Any]:
        return {"rulings": self.rulings, "games": self.games, "first": self.first}

    def then(self, later: _Entry) -> _Entry:
        """This entry and the same entry of the games that follow, as one (as `add` would count
        them: a game that goes on across the seam is one game)."""
        out = _Entry()
        same = self.last is not None and later.first[:1] == [self.last]
        out.rulings = self.rulings + later.rulings
        out.games = self.games + later.games - same
        out.first = (self.first + later.first[same:])[:FIRST]
        out.last = later.last if later.last is not None else self.last
        return out


class Summary:
    """Counts of every game's outcome, and of its rulings, as `validate` sees them stream past."""

    def __init__(self) -> None:
        self.counts = [0, 0, 0]   # clean, with rulings, unreadable
        self.laws: dict[Decider, _Entry] = {}
        self.irregularities: dict[str, _Entry] = {}
        self.law_of: dict[str, set[Decider]] = {}
        self.unreadable: list[str] = []
        self.skipped: Any = None           # files.Skipped: what the scan passed over, if told
        self.interrupted: str | None = None   # what was checked before ^C ("1,234 games, ...")
        # what the run lived through (recoveries.Recoveries), and why it stopped short (exit status 3)
        self.recoveries: Any = None
        self.stopped: str | None = None

    def add_clean(self, n: int) -> None:
        self.counts[0] += n

    def add(self, status: int, source: str, rulings: tuple[tuple[Decider, str], ...]) -> None:
        self.counts[status] += 1
        if status == 2 and len(self.unreadable) < FIRST:
            self.unreadable.append(source)
        for law, irregularity in rulings:
            self.laws.setdefault(law, _Entry()).add(source)
            self.irregularities.setdefault(irregularity, _Entry()).add(source)
            self.law_of.setdefault(irregularity, set()).add(law)

    @classmethod
    def of(cls, clean: int, problems: list[tuple[int, str, tuple[tuple[Decider, str], ...]]]) -> Summary:
        """The summary of some games: how many were clean, and the (status, source, rulings) of the others."""
        summary = cls()
        summary.add_clean(clean)
        for status, source, rulings in problems:
            summary.add(status, source, rulings)
        return summary

    def then(self, later: Summary) -> Summary:
        """This summary and that of the games that follow, as one: what one pass over them all
        would have counted (so summaries of consecutive parts merge as a tree, in order)."""
        out = Summary()
        out.counts = [a + b for a, b in zip(self.counts, later.counts)]
        out.unreadable = (self.unreadable + later.unreadable)[:FIRST]
        for mine, theirs, into in ((self.laws, later.laws, out.laws),
                                   (self.irregularities, later.irregularities, out.irregularities)):
            for key in mine.keys() | theirs.keys():
                into[key] = mine[key].then(theirs[key]) if key in mine and key in theirs else mine.get(key) or theirs[key]
        for key in self.law_of.keys() | later.law_of.keys():
            out.law_of[key] = self.law_of.get(key, set()) | later.law_of.get(key, set())
        return out

    @property
    def games(self) -> int:
        return sum(self.counts)

    def to_json(self) -> dict[str, Any]:
        clean, ruled, unreadable = self.counts
        return {
            "games": self.games, "clean": clean, "with_rulings": ruled, "unreadable": unreadable,
            "first_unreadable": self.unreadable,
            "by_law": [{**_json_key(n), **self.laws[n].to_json()} for n in sorted(self.laws, key=_order)],
            "by_irregularity": [{"irregularity": i, "laws": sorted(self.law_of[i], key=_order), **e.to_json()}
                                for i, e in sorted(self.irregularities.items(), key=lambda x: (-x[1].rulings, x[0]))],
            **({"skipped": self.skipped.to_json()} if self.skipped is not None else {}),
            **({"interrupted": f"interrupted after {self.interrupted}"} if self.interrupted else {}),
            **self._run_json(),
        }

    def _run_json(self) -> dict[str, Any]:
        """The run's own keys: `recoveries` (workers lost, partitions run again; none if none
        was) and `stopped` (why a run ended with exit status 3)."""
        return {**({"recoveries": self.recoveries.to_json()} if self.recoveries else {}),
                **({"stopped": self.stopped} if self.stopped else {})}

    def lines(self) -> list[str]:
        """The summary in words, for the end of `validate`'s plain output."""
        total = self.games
        clean, ruled, unreadable = self.counts
        out = [f"interrupted after {self.interrupted}"] if self.interrupted else []
        out.append(f"{total} game{'s' if total != 1 else ''}: {clean} clean, {ruled} with rulings, {unreadable} unreadable")
        skipped = self.skipped.line() if self.skipped is not None else None
        if skipped:
            out.append(skipped)
        if self.recoveries:
            out.append(self.recoveries.line())
        if self.laws:
            out.append("By law:")
            out += [f"  {said_decider(n)}: {_entry(self.laws[n])}" for n in sorted(self.laws, key=_order)]
            out.append("By irregularity:")
            for name, e in sorted(self.irregularities.items(), key=lambda x: (-x[1].rulings, x[0])):
                laws = ", ".join(said_decider(n) for n in sorted(self.law_of[name], key=_order))
                out.append(f"  {_said(name)} ({laws}): {_entry(e)}")
        return out


def _json_key(which: Decider) -> dict[str, Any]:
    """A `by_law` entry's key: `law`, and for a variant's own rule `law: null` with its `rule`."""
    return {"law": which} if isinstance(which, int) else {"law": None, "rule": which}


def _said(irregularity: str) -> str:
    """An irregularity in a person's words (laws/words/irregularities.yaml), its id if it has none."""
    from ..words.vocabulary import default_words
    known = default_words().irregularities.get(irregularity)
    return known.words if known else irregularity.replace("_", " ")


def _entry(e: _Entry) -> str:
    more = ", ..." if e.games > len(e.first) else ""
    return (f"{e.rulings} ruling{'s' if e.rulings != 1 else ''} in {e.games} game{'s' if e.games != 1 else ''}"
            f" ({', '.join(e.first)}{more})")


class Tree:
    """Summaries of consecutive parts merged as a tree, in input order: a binary counter, one at
    most a level (never more than log2 of them held); `total` is one pass's summary of them all."""

    def __init__(self) -> None:
        self.levels: list[Summary | None] = []

    def add(self, summary: Summary) -> None:
        for k, held in enumerate(self.levels):
            if held is None:
                self.levels[k] = summary
                return
            summary = held.then(summary)
            self.levels[k] = None
        self.levels.append(summary)

    def total(self) -> Summary:
        whole = Summary()
        for held in reversed(self.levels):   # the highest level holds the earliest partitions
            if held is not None:
                whole = whole.then(held)
        return whole
