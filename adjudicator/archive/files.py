"""Checking many logs: files, folders and `.jsonl` archives, streamed in input order."""
from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from typing import Any, BinaryIO, NamedTuple

from ..lawbook.scoring import scoring
from ..engine.scan import scan
from ..record.problems import size as in_units
from ..record.source import MAX_LOG_BYTES, LogError, decode, is_json, is_url, open_log, read_source

SUFFIXES = (".yaml", ".yml", ".json", ".jsonl")
NOT_JSON = "an archive line must be one log written as a JSON object"


class Item(NamedTuple):
    """One log to check: where it comes from and its text (or why it cannot be read)."""

    source: str
    text: str | None
    error: str | None = None
    size: int = 0   # its bytes (for the progress bar)


def items(paths: list[str]) -> Iterator[Item]:
    """Every log named by the paths, in order: a folder's files sorted, an archive line by line."""
    for f, problem in files(paths):
        yield from (_file_items(f) if problem is None else [Item(f, None, problem)])


def files(paths: list[str]) -> Iterator[tuple[str, str | None]]:
    """Every file named by the paths, in order (a folder's files sorted), each with why it
    cannot be read (or None)."""
    for path in paths:
        if is_url(path):
            yield from _url_files(path)
        elif path != "-" and os.path.isdir(path):
            yield from _folder(path)
        else:
            yield path, None


def _url_files(url: str) -> list[tuple[str, str | None]]:
    """A URL (fsspec): the file itself, or the logs under the folder it names, sorted."""
    try:
        import fsspec
        fs, root = fsspec.core.url_to_fs(url)
        if not fs.isdir(root):
            return [(url, None)]
        return [(fs.unstrip_protocol(f), None) for f in sorted(fs.find(root)) if f.endswith(SUFFIXES)]
    except ImportError:
        return [(url, f"reading {url} needs fsspec: pip install 'ecarte[dask]'")]
    except Exception as e:   # an unknown protocol, a missing driver, a folder it cannot list
        return [(url, f"the folder cannot be read: {type(e).__name__}: {e}")]


def _folder(root: str) -> list[tuple[str, str | None]]:
    """The logs under a folder, sorted, each with why it cannot be read (or None). Symbolic links
    to folders are followed once; a folder that cannot be listed is reported, not skipped."""
    found: list[tuple[str, str | None]] = []

    def unreadable(e: OSError) -> None:
        found.append((e.filename or root, f"the folder cannot be read: {e.strerror or e}"))

    seen: set[tuple[int, int]] = set()
    for folder, subfolders, names in os.walk(root, onerror=unreadable, followlinks=True):
        try:
            st = os.stat(folder)
        except OSError as e:
            unreadable(e)
            continue
        if (st.st_dev, st.st_ino) in seen:
            subfolders.clear()
            continue
        seen.add((st.st_dev, st.st_ino))
        for name in names:
            if not name.endswith(SUFFIXES):
                continue
            f = os.path.join(folder, name)
            try:
                regular = stat.S_ISREG(os.stat(f).st_mode)
            except FileNotFoundError:
                found.append((f, "a broken symbolic link" if os.path.islink(f) else "the file is gone"))
            except OSError as e:
                found.append((f, e.strerror or str(e)))
            else:
                found.append((f, None if regular else "not a regular file"))
    return sorted(found)


def _file_items(path: str) -> Iterator[Item]:
    if not path.endswith(".jsonl"):
        try:
            text = read_source(path)
        except LogError as e:
            yield Item(path, None, e.problems[0])
        else:
            yield Item(path, text, size=len(text))
        return
    try:
        with open_log(path) as f:
            yield from line_items(path, f, 1)
    except OSError as e:
        yield Item(path, None, e.strerror or str(e))


def line_items(path: str, f: BinaryIO, first: int, end: int | None = None) -> Iterator[Item]:
    """The logs of an archive's lines from where `f` stands (line number `first`) to its end, or
    to byte `end` (a line boundary)."""
    for n, (line, size) in enumerate(_lines(f, end), first):
        where = f"{path}:{n}"
        if line is None:
            yield Item(where, None, f"the line is longer than {in_units(MAX_LOG_BYTES)}, the most accepted", size)
        elif line.strip():
            try:
                text = decode(line, where)
            except LogError as e:
                yield Item(where, None, e.problems[0], size)
                continue
            yield Item(where, text, size=size) if is_json(text) else Item(where, None, NOT_JSON, size)


def _lines(f: BinaryIO, end: int | None = None) -> Iterator[tuple[bytes | None, int]]:
    """An archive's lines as bytes, each with its length; None for a line too long to read (the
    rest of it is skipped). Up to byte `end`, if given."""
    at = f.tell() if end is not None else 0
    while end is None or at < end:
        line = f.readline(MAX_LOG_BYTES + 1)
        if not line:
            return
        size = len(line)
        if size > MAX_LOG_BYTES and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):
                line = f.readline(MAX_LOG_BYTES + 1)
                size += len(line)
            yield None, size
        else:
            yield line, size
        at += size


def tune_gc() -> None:
    """A replay makes and drops thousands of small objects, nearly all freed by reference
    counting: collect cycles less often, and never scan what start-up loaded."""
    import gc
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    gc.enable()   # `cli._run_hot` starts a hot command without it


def check(item: Item) -> tuple[int, dict[str, Any]]:
    """(exit status, the JSON object) for one log."""
    if item.text is None:
        return 2, {"source": item.source, "ok": False, "errors": [f"{item.source}: {item.error}"]}
    if is_json(item.text):   # the lean path: a clean game scanned, else the full replay
        obj = scan(item.text, item.source, scoring())
        if obj is not None:
            return 0, obj
    from ..engine.adjudicate import adjudicate_text   # the full replay, imported the first time a game needs it
    from ..words.report import report_json
    try:
        report = adjudicate_text(item.text, item.source)
    except LogError as e:
        return 2, {"source": item.source, "ok": False, "errors": [f"{e.source}: {p}" for p in e.problems]}
    out = {"source": item.source, **report_json(report)}
    return (0 if report.ok else 1), out
