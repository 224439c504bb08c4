"""Checking many logs: files, folders, `.jsonl` archives (plain, or compressed with gzip, bzip2
or xz) and JSON Lines on standard input (`-`), streamed in input order.

Reading local files imports nothing once this module is loaded (the decompressors are imported
here, the text decoded by the codec built in): `--jobs` reads in a thread of its own while it may
fork a worker, and a module another thread is importing at that moment stays locked in the child.
(A URL is read by fsspec, imported when the first is met.)"""
from __future__ import annotations

import bz2
import glob
import gzip
import lzma
import os
import stat
import sys
import zlib
from collections.abc import Iterator
from typing import Any, BinaryIO, NamedTuple

from xxhash import xxh3_64_digest

from ..lawbook.scoring import scoring
from ..engine.scan import scan_read
from ..record.problems import size as in_units
from ..record.source import (COMPRESSIONS, MAX_LOG_BYTES, LogError, decode, is_json, is_json_line, is_url,
                              open_log, read_source, url_problem)

SUFFIXES = (".yaml", ".yml", ".json", ".jsonl")
LOGS = SUFFIXES + tuple(".jsonl" + c for c in COMPRESSIONS)     # what a folder scan reads (in any case)
LOOKED_FOR = ", ".join("*" + s for s in LOGS)
NOT_JSON = "an archive line must be one log written as a JSON object"
NOT_JSON_LINES = ("standard input is read as JSON Lines (one log a line) and its first line is not JSON: "
                  "for one YAML log, use ecarte adjudicate -")
SHOWN = 5   # skipped files named in the summary


class Item(NamedTuple):
    """One log to check: where it comes from and its text (or why it cannot be read). An
    archive's line that begins as JSON is kept as its bytes: the scan reads them as they are,
    and only a log it hands to the replay is decoded (`check`)."""

    source: str
    text: str | bytes | None
    error: str | None = None
    size: int = 0   # its bytes (for the progress bar)


class Skipped:
    """What reading the paths passed over, for the summary: the files of a folder that are not
    logs by their names (counted, the first few named with why), and each folder or pattern
    that holds no log at all (an error: exit status 2)."""

    def __init__(self) -> None:
        self.files = 0
        self.first: list[tuple[str, str]] = []   # (path, why), the first SHOWN
        self.empty: list[str] = []               # "no logs found in DIR (looked for ...)"

    def skip(self, path: str, why: str) -> None:
        self.files += 1
        if len(self.first) < SHOWN:
            self.first.append((path, why))

    def line(self) -> str | None:
        """`skipped 2 files: notes.txt (not a log's extension), ...`; None if none was."""
        if not self.files:
            return None
        named = ", ".join(f"{p} ({why})" for p, why in self.first)
        more = f" and {self.files - len(self.first):,} more" if self.files > len(self.first) else ""
        return f"skipped {self.files:,} file{'s' if self.files != 1 else ''}: {named}{more}"

    def to_json(self) -> dict[str, Any]:
        return {"files": self.files, "first": [{"path": p, "why": why} for p, why in self.first],
                "no_logs_found": self.empty}


def is_log_name(name: str) -> bool:
    """Whether a folder scan reads a file of this name (`GAME.YAML`, `a.jsonl.gz`: any case)."""
    return name.lower().endswith(LOGS)


def archive_kind(path: str) -> str | None:
    """How an archive is compressed ("gzip", "bzip2", "xz"), "" for a plain `.jsonl`, None for
    a file that is one log."""
    name = path.lower()
    for suffix, kind in COMPRESSIONS.items():
        if name.endswith(".jsonl" + suffix):
            return kind
    return "" if name.endswith(".jsonl") else None


def items(paths: list[str], skipped: Skipped | None = None) -> Iterator[Item]:
    """Every log named by the paths, in order: a folder's files sorted, an archive line by line."""
    for f, problem in files(paths, skipped):
        yield from (file_items(f) if problem is None else [Item(f, None, problem)])


def files(paths: list[str], skipped: Skipped | None = None) -> Iterator[tuple[str, str | None]]:
    """Every file named by the paths, in order (a folder's files sorted), each with why it
    cannot be read (or None). A pattern the shell left alone (`'logs/*.yaml'`, a path that does
    not exist) is matched here. What is passed over goes in `skipped`."""
    skipped = skipped if skipped is not None else Skipped()
    for path in paths:
        if is_url(path):
            yield from _url_files(path, skipped)
        elif path == "-":
            yield path, None
        elif os.path.isdir(path):
            found = _folder(path, skipped)
            if not found:
                skipped.empty.append(f"no logs found in {path} (looked for {LOOKED_FOR})")
            yield from found
        elif glob.has_magic(path) and not os.path.lexists(path):
            matches = sorted(glob.glob(path, recursive=True))
            if not matches:
                skipped.empty.append(f"no logs found: nothing matches {path}")
            yield from files(matches, skipped)
        else:
            yield path, None


def _url_files(url: str, skipped: Skipped) -> list[tuple[str, str | None]]:
    """A URL (fsspec): the file itself, or the logs under the folder it names, sorted."""
    try:
        import fsspec
        fs, root = fsspec.core.url_to_fs(url)
        if not fs.isdir(root):
            return [(url, None)]
        found: list[tuple[str, str | None]] = []
        for f in sorted(fs.find(root)):
            if is_log_name(f):
                found.append((fs.unstrip_protocol(f), None))
            else:
                skipped.skip(fs.unstrip_protocol(f), _why_skipped(f))
        if not found:
            skipped.empty.append(f"no logs found in {url} (looked for {LOOKED_FOR})")
        return found
    except Exception as e:   # fsspec or a driver missing, an unknown protocol, a folder it cannot list
        return [(url, url_problem(url, e) or f"the folder cannot be read: {type(e).__name__}: {e}")]


def _why_skipped(name: str) -> str:
    if name.lower().endswith(tuple(s + c for s in SUFFIXES for c in COMPRESSIONS)):
        return "compressed, but not a .jsonl archive"
    return "not a log's extension"


def _folder(root: str, skipped: Skipped) -> list[tuple[str, str | None]]:
    """The logs under a folder, sorted, each with why it cannot be read (or None). Symbolic links
    to folders are followed once; a folder that cannot be listed is reported, not skipped; a
    file whose name is not a log's is skipped, and counted in `skipped`."""
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
        subfolders.sort()   # walked in order: the skipped files are named in order
        seen.add((st.st_dev, st.st_ino))
        for name in sorted(names):
            f = os.path.join(folder, name)
            if not is_log_name(name):
                skipped.skip(f, _why_skipped(name))
                continue
            try:
                regular = stat.S_ISREG(os.stat(f).st_mode)
            except FileNotFoundError:
                found.append((f, "a broken symbolic link" if os.path.islink(f) else "the file is gone"))
            except OSError as e:
                found.append((f, e.strerror or str(e)))
            else:
                found.append((f, None if regular else "not a regular file"))
    return sorted(found)


def file_items(path: str, where: str = "") -> Iterator[Item]:
    """The logs of one file: itself, or an archive's lines (`-`: standard input, as JSON Lines);
    opened at `where` if given (an absolute path, for a Dask worker), named `path`."""
    if path == "-":
        yield from _stdin_items()
        return
    kind = archive_kind(path)
    if kind is None:
        try:
            text = read_source(where or path)
        except LogError as e:
            yield Item(path, None, e.problems[0])
        else:
            yield Item(path, text, size=len(text))
        return
    try:
        with open_log(where or path) as f:
            yield from (line_items(path, f, 1) if not kind else _compressed_items(path, f, kind))
    except OSError as e:
        yield Item(path, None, e.strerror or str(e))


def _stdin_items() -> Iterator[Item]:
    """Standard input as JSON Lines, a line at a time (`-:N`), as an archive is read. A first
    line that is not JSON at all (one YAML log, say) is one error, not an error a line."""
    if sys.stdin is None:
        yield Item("-", None, "standard input is closed")
        return
    try:   # a reader of its own: a thread may be left waiting on it as the process ends
        stream: BinaryIO = open(sys.stdin.fileno(), "rb", closefd=False)
    except (OSError, ValueError):   # no descriptor (a test's stand-in)
        stream = sys.stdin.buffer
    first = True
    for item in line_items("-", stream, 1):
        if first and item.error == NOT_JSON:
            yield Item("-", None, NOT_JSON_LINES, item.size)
            return
        first = False
        yield item


class _Counted:
    """A decompressed stream whose lines are counted as they are read."""

    def __init__(self, f: BinaryIO):
        self.f = f
        self.lines = 0

    def readline(self, limit: int = -1) -> bytes:
        line = self.f.readline(limit)
        self.lines += line.endswith(b"\n")
        return line


def _compressed_items(path: str, raw: BinaryIO, kind: str) -> Iterator[Item]:
    """A compressed archive's logs, decompressed as they are read (memory stays flat). Each
    log's size is the compressed bytes read for it, so the progress bar ends at the file's size;
    a log is handed on once the next is read, to carry the bytes read after it at the end."""
    opened = {"gzip": lambda: gzip.GzipFile(fileobj=raw, mode="rb"), "bzip2": lambda: bz2.BZ2File(raw),
              "xz": lambda: lzma.LZMAFile(raw)}[kind]()
    f = _Counted(opened)   # type: ignore[arg-type]
    counted = 0
    held: Item | None = None
    try:
        for item in line_items(path, f, 1):   # type: ignore[arg-type]
            if held is not None:
                yield held
            at = raw.tell()
            held = item._replace(size=at - counted)
            counted = at
    except (OSError, EOFError, zlib.error, lzma.LZMAError) as e:
        if held is not None:
            yield held
        yield Item(path, None, _damaged(kind, e, f.lines), raw.tell() - counted)
        return
    if held is not None:
        yield held._replace(size=held.size + raw.tell() - counted)


def _damaged(kind: str, e: Exception, lines: int) -> str:
    """Why a compressed archive cannot be read on, in plain words (the library's after a colon)."""
    suffix = next(s for s, k in COMPRESSIONS.items() if k == kind)
    said = str(e) or type(e).__name__
    if lines == 0 and any(w in said for w in ("Not a gzipped file", "Invalid data stream", "format not supported")):
        return f"not {kind} data, though its name ends in {suffix}"
    where = f"after line {lines}" if lines else "at its start"
    if isinstance(e, EOFError):
        return f"the file ends in the middle of its {kind} data, {where} (cut short?)"
    return f"the {kind} data is damaged {where}: {said}"


def line_items(path: str, f: BinaryIO, first: int, end: int | None = None) -> Iterator[Item]:
    """The logs of an archive's lines from where `f` stands (line number `first`) to its end, or
    to byte `end` (a line boundary)."""
    for n, (line, size) in enumerate(_lines(f, end), first):
        where = f"{path}:{n}"
        if line is None:
            yield Item(where, None, f"the line is longer than {in_units(MAX_LOG_BYTES)}, the most accepted", size)
        elif is_json_line(line):   # most lines: the text's own reading is left to `check`
            yield Item(where, line, size=size)
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


def body(item: Item) -> bytes | None:
    """An 8-byte digest of a log's body: its text from its `events` key to its end, byte for
    byte as written (the header before it may differ; a copy written again with other spacing
    is another body); None for a log with no text. Two games with the same digest are
    duplicates (`summary.Duplicates`). XXH3, 64 bits: some 7,000 instructions a game of 3.7 kB,
    where SHA-1 took 40,000 (3% of the lean path); no defence against a forger is asked of it."""
    text = item.text
    if text is None:
        return None
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    at = data.find(b'"events"')
    if at < 0:
        at = max(data.find(b"events:"), 0)   # YAML
    return xxh3_64_digest(data[at:].rstrip())   # (a copy costs less than a memoryview's slice)


def check(item: Item) -> tuple[int, dict[str, Any]]:
    """(exit status, the JSON object) for one log."""
    text = item.text
    if text is None:
        return 2, {"source": item.source, "ok": False, "errors": [f"{item.source}: {item.error}"]}
    read = prefix = None   # the data the scan read and the clean deals it began with, for the full replay
    if isinstance(text, bytes) or is_json(text):   # the lean path: a clean game scanned, else the full replay
        obj, read, prefix = scan_read(text, item.source, scoring())
        if obj is not None:
            return 0, obj
    if isinstance(text, bytes):   # an archive's line, read as `decode` reads it, its errors the same
        try:
            text = decode(text, item.source)
        except LogError as e:
            return check(Item(item.source, None, e.problems[0], item.size))
    from ..engine.adjudicate import adjudicate_text   # the full replay, imported the first time a game needs it
    from ..words.report import report_json
    try:
        report = adjudicate_text(text, item.source, read=read, prefix=prefix)
    except LogError as e:
        return 2, {"source": item.source, "ok": False, "errors": [f"{e.source}: {p}" for p in e.problems]}
    out = {"source": item.source, **report_json(report)}
    return (0 if report.ok else 1), out
