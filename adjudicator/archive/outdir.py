"""`validate --engine dask --out-dir DIR`: the folder the workers write their parts into.

A folder that already holds files is refused, unless `--overwrite`: then the files a run writes
there (`part-*`, `manifest.json`, `_SUCCESS`) are removed before the first log is read, the
marker first, and any other file is left as it is. At the end, `manifest.json` says what the run
read (each input file with its bytes and time of last change, taken before reading), the parts
it wrote, the counts and the version; `_SUCCESS`, empty, is written last, and only when the run
completed: a folder without it holds a run cut short, or one still going.
"""
from __future__ import annotations

import datetime
import fnmatch
import json
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .files import files
from ..record.source import is_url
from ..record.writing import local, write_text

MANIFEST = "manifest.json"
SUCCESS = "_SUCCESS"
OWN = (SUCCESS, MANIFEST, "part-*")   # what a run writes, in the order it is taken away
SHOWN = 3                              # files named when a folder is refused


def refusal(out_dir: str, overwrite: bool) -> str | None:
    """Why the folder must not take a run's parts, said after its name, or None: it can."""
    names = _names(out_dir)
    if not names or overwrite:
        return None
    named = ", ".join(names[:SHOWN]) + (f" and {len(names) - SHOWN:,} more" if len(names) > SHOWN else "")
    return (f"already holds {len(names):,} file{'s' if len(names) != 1 else ''} ({named}): give --overwrite "
            f"to replace the parts of an earlier run, or another folder")


def clear(out_dir: str) -> None:
    """The files an earlier run wrote there, removed (`_SUCCESS` first); an OSError if one cannot be."""
    names = _names(out_dir)
    for pattern in OWN:
        for name in names:
            if fnmatch.fnmatchcase(name, pattern):
                _remove(out_dir, name)


def inputs(paths: list[str]) -> list[dict[str, Any]]:
    """Each input file as it is before the run reads it: its path, bytes and time of last change."""
    out = []
    for path, _ in files(paths):
        entry: dict[str, Any] = {"path": path}
        try:
            if path == "-":
                st = os.fstat(0)
                if not stat.S_ISREG(st.st_mode):
                    raise OSError
            else:
                st = os.stat(local(path) or path)
        except (OSError, ValueError):   # a pipe, a file gone, a URL on another filesystem
            out.append(entry)
            continue
        entry["bytes"] = st.st_size
        entry["modified"] = datetime.datetime.fromtimestamp(st.st_mtime, datetime.timezone.utc).isoformat()
        out.append(entry)
    return out


def finish(out_dir: str, read: list[dict[str, Any]], summary: dict[str, Any]) -> None:
    """`manifest.json` written, then `_SUCCESS` if the run completed (`summary` has no
    `interrupted`); an OSError if either cannot be."""
    parts = [{"name": name, **_size(out_dir, name)} for name in _names(out_dir) if name.startswith("part-")]
    manifest = {"ecarte": _version(), "complete": "interrupted" not in summary, "inputs": read, "parts": parts,
                "counts": {k: summary[k] for k in ("games", "clean", "with_rulings", "unreadable")},
                **({"interrupted": summary["interrupted"]} if "interrupted" in summary else {})}
    _write(out_dir, MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=1) + "\n")
    if manifest["complete"]:
        _write(out_dir, SUCCESS, "")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("ecarte")
    except PackageNotFoundError:
        return "not installed"


def _names(out_dir: str) -> list[str]:
    """The names of the files in the folder, sorted (none if it does not exist)."""
    folder = local(out_dir)
    if folder is not None:
        try:
            return sorted(os.listdir(folder))
        except (FileNotFoundError, NotADirectoryError):
            return []
    try:
        fs, root = _fs(out_dir)
        return sorted(os.path.basename(p.rstrip("/")) for p in fs.ls(root, detail=False))
    except Exception:   # not there yet, or not to be listed from here: the workers' writes will say
        return []


def _size(out_dir: str, name: str) -> dict[str, int]:
    folder = local(out_dir)
    try:
        return {"bytes": os.stat(os.path.join(folder, name)).st_size if folder is not None else
                _fs(out_dir)[0].size(_join(out_dir, name))}
    except OSError:
        return {}


def _write(out_dir: str, name: str, text: str) -> None:
    folder = local(out_dir)
    if folder is not None:
        write_text(os.path.join(folder, name), text)
        return
    with _remote():
        import fsspec
        with fsspec.open(_join(out_dir, name), "w", encoding="utf-8") as f:
            f.write(text)


def _remove(out_dir: str, name: str) -> None:
    folder = local(out_dir)
    if folder is not None:
        os.unlink(os.path.join(folder, name))
        return
    with _remote():
        fs, root = _fs(out_dir)
        fs.rm(root.rstrip("/") + "/" + name)


@contextmanager
def _remote() -> Iterator[None]:
    """What fails on another filesystem (a missing driver, the store's own error) as an OSError."""
    try:
        yield
    except OSError:
        raise
    except Exception as e:
        raise OSError(f"{type(e).__name__}: {e}") from None


def _fs(out_dir: str) -> tuple[Any, str]:
    import fsspec
    return fsspec.core.url_to_fs(out_dir)


def _join(out_dir: str, name: str) -> str:
    return f"{out_dir.rstrip('/')}/{name}" if is_url(out_dir) else os.path.join(out_dir, name)
