"""Every file the tool writes, written whole or not at all.

`write_text` writes to a temporary file in the same folder, flushes it to the disk and renames
it over the target (`os.replace`, atomic on one filesystem): a reader, or a run interrupted at
any moment, finds the old file or the new one, never half of one. On any failure the temporary
file is removed and the old file is left as it was.

`refusal` says, before anything is read, why a place cannot take the file (its folder missing
or not writable, the path a folder) or why it must not (`inside`: it is one of the inputs, or
lies inside a folder being read). Used by `validate --summary-json`, `resolve --save` and
`--page`, `book --out`, the law book's cache.
"""
from __future__ import annotations

import fnmatch
import glob
import os
import stat
from pathlib import Path


def write_text(path: str | os.PathLike, text: str) -> Path:
    """Write `text` (UTF-8) to `path` atomically; the path. An `OSError` leaves the old file intact."""
    return write_bytes(path, text.encode("utf-8"))


def write_bytes(path: str | os.PathLike, data: bytes) -> Path:
    """Write `data` to `path` atomically (see the module); the path."""
    target = Path(path)
    try:   # a file replaced keeps its permissions; a new one gets the umask's, as open() gives
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mode = None
    tmp = _beside(target)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
            if mode is not None:
                os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:   # a full disk, ^C, a kill that Python sees: the old file stays
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return target


def _beside(target: Path) -> Path:
    """A new temporary file's name beside `target` (`.NAME.1a2b3c4d.tmp`)."""
    return target.with_name(f".{target.name}.{os.urandom(4).hex()}.tmp")


def copy_file(source: str | os.PathLike, path: str | os.PathLike) -> Path:
    """Copy `source` to `path` atomically."""
    return write_bytes(path, Path(source).read_bytes())


def refusal(path: str, inside: list[str] = (), made: str | None = None) -> str | None:
    """Why `path` cannot or must not be written, said after its name ("is one of the logs being
    checked", "cannot be written: ..."), or None: it can. It must not be one of the files
    `inside` names, nor lie in one of the folders it names (symbolic links followed); its
    folder must exist (or lie in `made`, a folder to be made first) and take a new file.
    Nothing is left behind by the check."""
    clash = overlap(path, inside)
    if clash is not None:
        return clash
    target = Path(path)
    if target.is_dir():
        return "cannot be written: it is a folder"
    folder = target.parent
    if made is not None and not folder.exists() and _within(str(folder), made):
        return folder_refusal(str(folder))
    if not folder.exists():
        return f"cannot be written: the folder {folder} does not exist"
    if not folder.is_dir():
        return f"cannot be written: {folder} is not a folder"
    if target.exists() and not os.access(target, os.W_OK):
        return "cannot be written: permission denied"
    try:   # the one honest test: make a file beside it, as write_text will, and take it away
        probe = _beside(target)
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        os.unlink(probe)
    except OSError as e:
        return f"cannot be written: no file can be made in {folder} ({(e.strerror or str(e)).lower()})"
    return None


def folder_refusal(path: str, inside: list[str] = ()) -> str | None:
    """Why a folder to write files into cannot or must not be used, said after its name, or
    None: it can (made if need be). It must not be one of the inputs `inside` names nor lie in
    one; it must be a folder, or the nearest folder above it that exists must take new files."""
    from .source import is_url
    clash = overlap(path, inside)
    if clash is not None or is_url(path):
        return clash
    target = Path(path)
    if target.exists() and not target.is_dir():
        return "cannot be used: it is a file, not a folder"
    existing = target
    while not existing.exists() and existing.parent != existing:
        existing = existing.parent
    if not existing.is_dir():
        return f"cannot be made: {existing} is a file, not a folder"
    if not os.access(existing, os.W_OK | os.X_OK):
        return f"cannot be written: no file can be made in {existing} (permission denied)"
    return None


def overlap(path: str, inputs: list[str]) -> str | None:
    """Why `path` must not be written over the inputs, said after its name: it is one of them
    (the same file, by any name or link), or it lies inside a folder among them; None if it
    does neither. A pattern (`'logs/*.jsonl'`) stands for what it matches, and for what it
    would match. Inputs that are not local files (`-`, a URL) are left out."""
    from .source import is_url
    if is_url(path):
        return None
    real = os.path.realpath(path)
    for given in inputs:
        if given == "-" or is_url(given):
            continue
        if glob.has_magic(given) and not os.path.lexists(given):   # a pattern validate matches itself
            clash = overlap(path, sorted(glob.glob(given, recursive=True)))
            if clash is not None:
                return clash
            if fnmatch.fnmatch(os.path.normpath(path), os.path.normpath(given)):
                return f"matches {given}, a pattern of logs being checked"
            continue
        if not os.path.exists(given):
            continue
        if os.path.isdir(given):
            if _within(real, given):
                return f"lies inside {given}, a folder being checked"
        elif real == os.path.realpath(given) or _same(path, given):
            return "is one of the logs being checked" if given == path else \
                f"is {given}, one of the logs being checked"
    return None


def _within(path: str, folder: str) -> bool:
    """Whether `path` is `folder` or lies inside it, symbolic links followed."""
    real, folder = os.path.realpath(path), os.path.realpath(folder)
    return os.path.commonpath([real, folder]) == folder


def _same(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:   # `a` does not exist yet: not the same file as anything
        return False
