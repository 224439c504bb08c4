"""What `validate` tells an operator at the end: the games by outcome, and the rulings by law and
by irregularity, each with its counts and the first few games where it was found."""
from __future__ import annotations

from typing import Any, TypeVar

FIRST = 5   # games named for each law, irregularity, unreadable input or duplicate

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


_labels: dict[tuple, str] = {}   # (rules, the options' values in force) -> label
_last: tuple = (None, None, "")   # the last game's rules, options and label: most games follow one like it


def rules_label(obj: dict[str, Any]) -> str:
    """The rules a game was played under, from its JSON answer: the rule set's name, and each
    option its header gives another value than the rule set's ("cavendish with doubling: true")."""
    global _last
    rules, options = obj["rules"], obj["options"]
    last = _last   # one read: a Dask worker's threads share it
    if options == last[1] and rules == last[0]:   # (the scan's options are the same objects: compared by identity)
        return last[2]
    key = (rules, *options.values())   # the options in force, always in the table's order
    label = _labels.get(key)
    if label is None:
        from ..lawbook.rulesets import rule_sets
        base = rule_sets()[rules].defaults.to_json()
        changed = ", ".join(f"{k}: {_value(v)}" for k, v in options.items() if base.get(k) != v)
        label = f"{rules} with {changed}" if changed else rules
        if len(_labels) < 256:
            _labels[key] = label
    _last = (rules, options, label)
    return label


def _value(v: Any) -> str:
    return "true" if v is True else "false" if v is False else str(v)


_Key = TypeVar("_Key")


def _joined(mine: dict[_Key, _Entry], theirs: dict[_Key, _Entry], into: dict[_Key, _Entry]) -> None:
    """Two parts' entries, each key's joined in order, into `into`."""
    for key in mine.keys() | theirs.keys():
        into[key] = mine[key].then(theirs[key]) if key in mine and key in theirs else mine.get(key) or theirs[key]


class Summary:
    """Counts of every game's outcome, and of its rulings, as `validate` sees them stream past."""

    def __init__(self) -> None:
        self.counts = [0, 0, 0]   # clean, with rulings, unreadable
        self.empty = 0            # clean, but no card dealt (no events, or the cut for deal alone)
        self.rules: dict[str, list[int]] = {}   # rules_label -> [clean, with rulings, empty]
        self.laws: dict[Decider, _Entry] = {}
        self.irregularities: dict[str, _Entry] = {}
        self.law_of: dict[str, set[Decider]] = {}
        self.unreadable: list[str] = []
        self.duplicates = 0
        self.first_duplicates: list[tuple[str, str]] = []   # (a later copy, the first one's source)
        self.bodies: list[tuple[bytes, str, bool]] = []   # (body, source, a copy counted?), for `Duplicates.see`
        self.last: str | None = None       # the source of the last game counted
        self.skipped: Any = None           # files.Skipped: what the scan passed over, if told
        self.interrupted: str | None = None   # what was checked before ^C ("1,234 games, ...")
        # what the run lived through (recoveries.Recoveries), and why it stopped short (exit status
        # 3: no live worker, a full disk), and how far it got
        self.recoveries: Any = None
        self.stopped: str | None = None
        self.checkpoint: dict[str, Any] | None = None   # where the run stands, for --resume (archive/resume.py)

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
    def of(cls, clean: int, games: list[tuple]) -> Summary:
        """The summary of some games: how many were clean, and of each other one, and of each
        clean one whose rules and body are told, (status, source, rulings, rules, body, empty)
        (`commands.render_batch`: the rules it was played under, `rules_label`, None if
        unreadable; the digest of its body, `files.body`; whether no card was dealt in it), or
        its first three."""
        summary = cls()
        summary.add_clean(clean)
        rules, bodies = summary.rules, summary.bodies
        for game in games:
            if len(game) == 6:
                status, source, rulings, label, body, empty = game
            else:
                (status, source, rulings), label, body, empty = game, None, None, False
            if empty:
                summary.empty += 1
            elif status:
                summary.add(status, source, rulings)
            if label is not None:
                counts = rules.get(label)
                if counts is None:
                    counts = rules[label] = [0, 0, 0]
                counts[2 if empty else status] += 1
            if body is not None:
                bodies.append((body, source, status != 2 and not empty))
        if games:
            summary.last = games[-1][1]
        return summary

    def then(self, later: Summary) -> Summary:
        """This summary and that of the games that follow, as one: what one pass over them all
        would have counted (so summaries of consecutive parts merge as a tree, in order). Their
        bodies are not carried: `Duplicates.see` reads each part's before it is merged."""
        out = Summary()
        out.counts = [a + b for a, b in zip(self.counts, later.counts)]
        out.empty = self.empty + later.empty
        out.last = later.last if later.last is not None else self.last
        for key in self.rules.keys() | later.rules.keys():
            out.rules[key] = [a + b for a, b in zip(self.rules.get(key, (0, 0, 0)), later.rules.get(key, (0, 0, 0)))]
        out.duplicates = self.duplicates + later.duplicates
        out.first_duplicates = (self.first_duplicates + later.first_duplicates)[:FIRST]
        out.unreadable = (self.unreadable + later.unreadable)[:FIRST]
        _joined(self.laws, later.laws, out.laws)
        _joined(self.irregularities, later.irregularities, out.irregularities)
        for key in self.law_of.keys() | later.law_of.keys():
            out.law_of[key] = self.law_of.get(key, set()) | later.law_of.get(key, set())
        return out

    @property
    def games(self) -> int:
        return sum(self.counts) + self.empty

    def to_json(self) -> dict[str, Any]:
        clean, ruled, unreadable = self.counts
        return {
            "games": self.games, "clean": clean, "with_rulings": ruled, "unreadable": unreadable,
            "empty": self.empty, "first_unreadable": self.unreadable,
            "by_rules": [{"rules": key, "games": c + r + e, "clean": c, "with_rulings": r, "empty": e}
                         for key, (c, r, e) in sorted(self.rules.items())],
            "duplicates": {"games": self.duplicates, "held": HELD,
                           "first": [{"source": later, "same_as": first} for later, first in self.first_duplicates]},
            "by_law": [{**_json_key(n), **self.laws[n].to_json()} for n in sorted(self.laws, key=_order)],
            "by_irregularity": [{"irregularity": i, "laws": sorted(self.law_of[i], key=_order), **e.to_json()}
                                for i, e in sorted(self.irregularities.items(), key=lambda x: (-x[1].rulings, x[0]))],
            **({"skipped": self.skipped.to_json()} if self.skipped is not None else {}),
            **({"interrupted": f"interrupted after {self.interrupted}"} if self.interrupted else {}),
            **self._run_json(),
            **({"checkpoint": self.checkpoint} if self.checkpoint is not None else {}),
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
        if self.duplicates:   # before the counts, which end the summary where no law ruled
            named = ", ".join(f"{later} (as {first})" for later, first in self.first_duplicates)
            more = ", ..." if self.duplicates > len(self.first_duplicates) else ""
            out.append(f"{self.duplicates} duplicate{'s' if self.duplicates != 1 else ''}: {named}{more}")
        sets: dict[str, list[int]] = {}   # by rule set alone (its options: the JSON summary's `by_rules`)
        for key, counts in self.rules.items():
            name = key.split(" with ")[0]   # `rules_label`'s name (a rule set's name is one word)
            sets[name] = [a + b for a, b in zip(sets.get(name, (0, 0, 0)), counts)]
        if len(sets) > 1:
            out.append("by rule set: " + "; ".join(f"{name}: {_by_rules(n)}" for name, n in sorted(sets.items())))
        empty = f", {self.empty} empty (no card dealt)" if self.empty else ""
        out.append(f"{total} game{'s' if total != 1 else ''}: {clean} clean, {ruled} with rulings, {unreadable} unreadable{empty}")
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


def _by_rules(counts: list[int]) -> str:
    """`12 games (11 clean, 1 with rulings)`: a rule set's games, each kind there is."""
    kinds = ", ".join(f"{n} {kind}" for n, kind in zip(counts, ("clean", "with rulings", "empty")) if n)
    return f"{sum(counts)} game{'s' if sum(counts) != 1 else ''} ({kinds})"


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


HELD = 250_000   # the distinct game bodies a run remembers to find duplicates (some 46 MB, sources of 60 characters)


class Duplicates:
    """The games whose body (the log from its `events` key to its end, `files.body`) is byte
    for byte the one of an earlier game (its spacing too): each later copy named with the first
    one's source. Bodies are remembered by an 8-byte digest, the first HELD distinct ones (later
    games are compared with those, but not remembered). Every game's body is remembered, but a
    game with no card dealt, or unreadable, is not counted a copy."""

    def __init__(self) -> None:
        self.seen: dict[bytes, str] = {}

    def remember(self, body: bytes | None, source: str) -> None:
        """A game counted already (`--resume` reads past them): its body remembered, if new."""
        if body is not None and body not in self.seen and len(self.seen) < HELD:
            self.seen[body] = source

    def see(self, summary: Summary) -> None:
        """Read a part's bodies, in input order, and count its duplicates in it."""
        seen = self.seen
        for body, source, counted in summary.bodies:
            first = seen.get(body)
            if first is None:
                if len(seen) < HELD:
                    seen[body] = source
            elif counted:
                summary.duplicates += 1
                if len(summary.first_duplicates) < FIRST:
                    summary.first_duplicates.append((source, first))
        summary.bodies = []
