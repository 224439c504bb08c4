"""Every file the tool writes, written whole or not at all.

`write_text` writes to a temporary file in the same folder, flushes it to the disk and renames
it over the target (`os.replace`, atomic on one filesystem): a reader, or a run interrupted at
any moment, finds the old file or the new one, never half of one. On any failure the temporary
file is removed and the old file is left as it was.

`refusal` says, before anything is read, why a place cannot take the file (its folder missing
or not writable, the path a folder) or why it must not (`inside`: it is one of the inputs, or
lies inside a folder being read), an input known by any spelling (`local`: a `file://` URL is
the path it names; `-` is the file behind standard input). Used by `validate --summary-json`,
`resolve --save` and `--page`, `book --out`, the law book's cache.
"""
from __future__ import annotations

import fnmatch
import glob
import os
import stat
from collections.abc import Sequence
from pathlib import Path


def write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write `text` (UTF-8) to `path` atomically; the path. An `OSError` leaves the old file intact."""
    return write_bytes(path, text.encode("utf-8"))


def write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
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


def copy_file(source: str | os.PathLike[str], path: str | os.PathLike[str]) -> Path:
    """Copy `source` to `path` atomically."""
    return write_bytes(path, Path(source).read_bytes())


def refusal(path: str, inside: Sequence[str] = (), made: str | None = None) -> str | None:
    """Why `path` cannot or must not be written, said after its name ("is one of the logs being
    checked", "cannot be written: ..."), or None: it can. It must not be one of the files
    `inside` names, nor lie in one of the folders it names (symbolic links followed); its
    folder must exist (or lie in `made`, a folder to be made first) and take a new file.
    Nothing is left behind by the check."""
    clash = overlap(path, inside)
    if clash is not None:
        return clash
    target = Path(local(path) or path)
    if target.is_dir():
        return "cannot be written: it is a folder"
    folder = target.parent
    made = local(made) if made is not None else None
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


def folder_refusal(path: str, inside: Sequence[str] = ()) -> str | None:
    """Why a folder to write files into cannot or must not be used, said after its name, or
    None: it can (made if need be). It must not be one of the inputs `inside` names, lie in one
    or hold one; it must be a folder, or the nearest folder above it that exists must take new
    files. A URL on another filesystem than this machine's is only checked against the inputs."""
    clash = overlap(path, inside) or _holds(path, inside)
    folder = local(path)
    if clash is not None or folder is None:
        return clash
    target = Path(folder)
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


def overlap(path: str, inputs: Sequence[str]) -> str | None:
    """Why `path` must not be written over the inputs, said after its name: it is one of them
    (the same file, by any name or link, or the file behind standard input when `-` is one),
    or it lies inside a folder among them; None if it does neither. A pattern
    (`'logs/*.jsonl'`) stands for what it matches, and for what it would match. A URL on this
    machine's filesystem (`file://`) is the path it names; other URLs are left out."""
    target = local(path)
    if target is None:
        return None
    real = os.path.realpath(target)
    for given in inputs:
        if given == "-":
            if _on_stdin(target):
                return "is the file on standard input (-), one of the logs being checked"
            continue
        name = local(given)
        if name is None:
            continue
        if glob.has_magic(name) and not os.path.lexists(name):   # a pattern validate matches itself
            clash = overlap(target, sorted(glob.glob(name, recursive=True)))
            if clash is not None:
                return clash
            if fnmatch.fnmatch(os.path.normpath(target), os.path.normpath(name)):
                return f"matches {given}, a pattern of logs being checked"
            continue
        if not os.path.exists(name):
            continue
        if os.path.isdir(name):
            if _within(real, name):
                return f"lies inside {given}, a folder being checked"
        elif real == os.path.realpath(name) or _same(target, name):
            return "is one of the logs being checked" if given == path else \
                f"is {given}, one of the logs being checked"
    return None


def _holds(folder: str, inputs: Sequence[str]) -> str | None:
    """Why a folder to write into must not be used because an input lies inside it, or None."""
    where = local(folder)
    if where is None or not os.path.isdir(where):
        return None
    for given in inputs:
        name = _stdin_path() if given == "-" else local(given)
        if name is None:
            continue
        for found in (sorted(glob.glob(name, recursive=True)) if glob.has_magic(name) else [name]):
            if os.path.exists(found) and _within(found, where):
                what = "a folder" if os.path.isdir(found) else "one of the logs"
                return f"holds {given}, {what} being checked"
    return None


def local(path: str) -> str | None:
    """The path on this machine that `path` names: itself, or for a URL of fsspec's local
    filesystem (`file://...`, `local://...`) the path fsspec reads (relative ones from the
    working folder); None for standard input (`-`) and a URL on any other filesystem."""
    from .source import is_url
    if path == "-":
        return None
    if not is_url(path):
        return path
    protocol = path.split("://", 1)[0].lower()
    try:
        import fsspec
        from fsspec.implementations.local import LocalFileSystem
        kind = fsspec.get_filesystem_class(protocol)
    except Exception:   # no fsspec (then file:// alone is local), or a protocol whose driver is missing
        return os.path.abspath(path.split("://", 1)[1]) if protocol in ("file", "local") else None
    return kind._strip_protocol(path) if issubclass(kind, LocalFileSystem) else None


def _on_stdin(path: str) -> bool:
    """Whether `path` is the regular file behind standard input (its device and inode)."""
    try:
        given, here = os.fstat(0), os.stat(path)
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(given.st_mode) and (given.st_dev, given.st_ino) == (here.st_dev, here.st_ino)


def _stdin_path() -> str | None:
    """The path of the regular file behind standard input, where the system says it (Linux)."""
    try:
        name = os.readlink("/proc/self/fd/0")
    except OSError:
        return None
    return name if os.path.isabs(name) and _on_stdin(name) else None


def _within(path: str, folder: str) -> bool:
    """Whether `path` is `folder` or lies inside it, symbolic links followed."""
    real, folder = os.path.realpath(path), os.path.realpath(folder)
    return os.path.commonpath([real, folder]) == folder


def _same(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:   # `a` does not exist yet: not the same file as anything
        return False
