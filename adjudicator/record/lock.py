"""A file one run at a time may write: `held(path)` locks `.NAME.lock` beside it for the run
(`validate --summary-json`: a second run writing the same summary is refused, not silently
the last to win). The lock is the system's (flock): a run that dies, even by SIGKILL, lets go."""
from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

try:
    import fcntl
except ImportError:   # no flock (Windows): no lock
    fcntl = None   # type: ignore[assignment]


class Busy(Exception):
    """Another run holds the file: which, in words."""


@contextmanager
def held(path: str | None) -> Iterator[None]:
    """The file at `path` held for this run (None, or no flock here: nothing held); `Busy` if
    another run holds it. An `OSError` if the lock cannot be made."""
    if path is None or fcntl is None:
        yield
        return
    folder, name = os.path.split(os.path.abspath(path))
    lock = os.path.join(folder, f".{name}.lock")
    while True:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            other = os.read(fd, 32).decode("ascii", "replace").strip()
            os.close(fd)
            raise Busy(f"another run{f' (process {other})' if other.isdigit() else ''} is writing it") from None
        try:   # the lock's file may have been removed by the run that held it: lock the new one
            if os.path.samestat(os.fstat(fd), os.stat(lock)):
                break
        except FileNotFoundError:
            pass
        os.close(fd)
    try:
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        yield
    finally:
        try:
            os.unlink(lock)
        except OSError:
            pass
        os.close(fd)
