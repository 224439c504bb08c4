"""A progress bar for long `validate` runs, on a terminal's stderr (rich), with the total and
the time left where the size of the input is known. When the output lines go to the same
terminal they are printed above the bar, never into it; nothing shows when stderr is redirected.
What was done so far is told when a run is cut short by ^C, SIGTERM or SIGHUP (`Interrupt`)."""
from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager


class Progress:
    def __init__(self, enabled: bool, total: int | None, every: float = 0.1):
        self.bar = None
        self.total = total
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

    def say(self, line: str) -> None:
        """A line on stderr as it happens, above the bar where one is shown."""
        if self.bar is not None:
            self.bar.console.print(line, markup=False, highlight=False, soft_wrap=True)
        else:
            print(line, file=sys.stderr, flush=True)

    def done(self) -> None:
        if self.bar is not None:
            self.bar.stop()

    def so_far(self) -> str:
        """`1,234 games, 3.1 MiB of 10 MiB read (31%)`: what was checked."""
        from ..record.problems import size
        games = f"{self.games:,} game{'s' if self.games != 1 else ''}"
        if self.total:
            return f"{games}, {size(self.done_bytes)} of {size(self.total)} read ({100 * self.done_bytes // self.total}%)"
        return f"{games}, {size(self.done_bytes)} read"


SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))   # ended as ^C


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP during a run: it ends as after ^C, its exit status 128 + `signum`."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


class Interrupt:
    """^C during a run: KeyboardInterrupt where the run stands, as always, but never in the middle
    of writing a batch of lines (`held`): the batch is written whole, and counted, and then the
    run stops. A second ^C while a batch waits on a full pipe stops it at once. SIGTERM and SIGHUP
    end the run the same way (`Stopped`), where they would end the process (not where they are
    ignored, as `nohup` ignores SIGHUP)."""

    def __init__(self) -> None:
        self.holding = False
        self.pending: int | None = None
        self.before: dict[int, signal._HANDLER] = {}

    def __enter__(self) -> Interrupt:
        if threading.current_thread() is not threading.main_thread():
            return self
        # only where ^C raises KeyboardInterrupt now (not where it is ignored, as in a background job)
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self.before[signal.SIGINT] = signal.signal(signal.SIGINT, self._caught)
        for number in SIGNALS:
            if signal.getsignal(number) is signal.SIG_DFL:
                self.before[number] = signal.signal(number, self._caught)
        return self

    def __exit__(self, *exc: object) -> None:
        for number, before in self.before.items():
            signal.signal(number, before)
        self.before = {}

    def _caught(self, signum: int, frame: object) -> None:
        if self.holding and self.pending is None:
            self.pending = signum
            return
        raise _stop(signum)

    @contextmanager
    def held(self) -> Iterator[None]:
        self.holding = True
        try:
            yield
        finally:
            self.holding = False
        if self.pending is not None:
            signum, self.pending = self.pending, None
            raise _stop(signum)


def _stop(signum: int) -> KeyboardInterrupt:
    return KeyboardInterrupt() if signum == signal.SIGINT else Stopped(signum)
