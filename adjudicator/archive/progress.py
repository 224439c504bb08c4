"""A progress bar for long `validate` runs, on a terminal's stderr (rich), with the total and
the time left where the size of the input is known. When the output lines go to the same
terminal they are printed above the bar, never into it; nothing shows when stderr is redirected."""
from __future__ import annotations

import sys
import time


class Progress:
    def __init__(self, enabled: bool, total: int | None, every: float = 0.1):
        self.bar = None
        self.done_bytes = 0
        self.games = 0
        self.every = every
        self.last = 0.0
        if not enabled:
            return
        from rich.console import Console
        from rich.progress import (BarColumn, Progress as Bar, SpinnerColumn, TaskProgressColumn,
                                   TextColumn, TimeElapsedColumn, TimeRemainingColumn)
        if total:
            columns = [BarColumn(), TaskProgressColumn(), TextColumn("{task.fields[games]:,} games"),
                       TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn()]
        else:
            columns = [SpinnerColumn(), TextColumn("{task.fields[games]:,} games checked"), TimeElapsedColumn()]
        self.bar = Bar(*columns, console=Console(stderr=True), transient=True,
                       redirect_stdout=sys.stdout.isatty(), redirect_stderr=False)
        self.task = self.bar.add_task("validate", total=total or None, games=0)
        self.bar.start()

    def step(self, games: int, size: int) -> None:
        self.games += games
        self.done_bytes += size
        if self.bar is not None:
            now = time.monotonic()
            if now - self.last >= self.every:
                self.last = now
                self.bar.update(self.task, completed=self.done_bytes, games=self.games)

    def done(self) -> None:
        if self.bar is not None:
            self.bar.stop()
