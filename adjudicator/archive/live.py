"""Input that may keep one waiting: standard input or a pipe, where the next log comes when its
writer sends it (`tail -f games.jsonl | ecarte validate -`). It is read by a thread of its own
and handed on as what has come by now, so that every game is answered as soon as it is read,
not once a batch is full; at most a few batches are read ahead, so memory stays flat."""
from __future__ import annotations

import os
import queue
import stat
import threading
from collections.abc import Iterable, Iterator
from typing import Any

from .files import Item
from ..record.source import is_url

_END = object()


def is_live(path: str) -> bool:
    """Whether reading `path` may wait on a writer: standard input, a pipe, a terminal."""
    if path == "-":
        return True
    if is_url(path):
        return False
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def batches(source: Iterable[Item], most: int, most_bytes: int | None = None) -> Iterator[list[Item]]:
    """The items in order, a list at a time: those read by now, at most `most` of them (and about
    `most_bytes` of text). `source` is read by a daemon thread: one left waiting on its input
    does not hold up the end of the process."""
    read = ahead(source, 2 * most)
    for item in read:
        batch, size = [item], len(item.text or "")
        while len(batch) < most and (most_bytes is None or size < most_bytes):
            item = read.ready()
            if item is None:
                break
            batch.append(item)
            size += len(item.text or "")
        yield batch


class ahead:
    """An iterator read by a daemon thread, up to `most` values ahead of its reader; `ready()`
    gives the next value only if it has come (else None). An error of the source is raised
    where the value would have been."""

    def __init__(self, source: Iterable[Any], most: int):
        self._values: queue.Queue = queue.Queue(most)
        threading.Thread(target=self._read, args=(iter(source),), daemon=True).start()

    def _read(self, source: Iterator[Any]) -> None:
        try:
            for value in source:
                self._values.put(value)
        except BaseException as e:   # handed to the reader, raised there
            self._values.put(_Failed(e))
            return
        self._values.put(_END)

    def __iter__(self) -> ahead:
        return self

    def __next__(self) -> Any:
        return self._taken(self._values.get())

    def ready(self) -> Any:
        try:
            value = self._values.get_nowait()
        except queue.Empty:
            return None
        if value is _END:
            self._values.put(_END)
            return None
        return self._taken(value)

    def _taken(self, value: Any) -> Any:
        if value is _END:
            self._values.put(_END)   # the end stays the end
            raise StopIteration
        if isinstance(value, _Failed):
            raise value.error
        return value


class _Failed:
    def __init__(self, error: BaseException):
        self.error = error
