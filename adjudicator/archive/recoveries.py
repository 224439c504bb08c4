"""What a `validate` run lived through: worker processes lost and partitions run again (`--jobs`,
`--engine dask`), each said on stderr as it happens and counted for the summary; and a run that
could not complete for a reason outside the logs (`RunFailed`, exit status 3, RULINGS.md)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any


class RunFailed(Exception):
    """The run cannot go on for a reason outside the logs (no live worker, workers that cannot
    import the package or open an input): exit status 3, the summary saying how far it got."""


class Recoveries:
    """Worker deaths and partitions run again, told to `say` (a line on stderr) as they happen."""

    def __init__(self, say: Callable[[str], None] | None = None) -> None:
        self.say = say or (lambda line: None)
        self.workers_lost = 0
        self.partitions_rerun = 0

    def worker_lost(self, line: str, rerun: int) -> None:
        self.workers_lost += 1
        self.partitions_rerun += rerun
        self.say(line)

    def rerun(self, line: str) -> None:
        self.partitions_rerun += 1
        self.say(line)

    def __bool__(self) -> bool:
        return bool(self.workers_lost or self.partitions_rerun)

    def to_json(self) -> dict[str, Any]:
        return {"workers_lost": self.workers_lost, "partitions_rerun": self.partitions_rerun}

    def line(self) -> str:
        """`recovered: 1 worker lost, 3 partitions run again`."""
        return f"recovered: {plural(self.workers_lost, 'worker')} lost, {plural(self.partitions_rerun, 'partition')} run again"


def plural(n: int, word: str) -> str:
    """`1 task`, `3 tasks`."""
    return f"{n} {word}{'s' if n != 1 else ''}"
