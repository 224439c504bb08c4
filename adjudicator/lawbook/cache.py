"""The law book parsed once: a cache of its rule files' data, keyed on their content.

A command then neither parses the 51 YAML files at every start nor, for `validate`'s lean
scan (which needs only the scoring table), imports pydantic at all.

Where it lives: `$ECARTE_CACHE_DIR`, else `$XDG_CACHE_HOME/ecarte`, else `~/.cache/ecarte`:
never beside the code, which may be installed read-only. Never trusted blindly: the key is a
hash of every rule file's name and bytes (any change to laws/ misses the cache), the data is
plain JSON (nothing in it is executed), the full path validates it exactly as it validates the
files, and the scan takes the scoring table only if it has the expected shape. A cache that
cannot be read or written is no error: the files are read instead.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from .places import missing

FORMAT = 1   # of the cache file; a new format is a new key


class LawBookError(ValueError):
    """The law book is invalid (every problem listed)."""


def cache_dir() -> Path | None:
    """The folder for the cache, or None if no home is known."""
    where = os.environ.get("ECARTE_CACHE_DIR")
    if where:
        return Path(where)
    base = os.environ.get("XDG_CACHE_HOME")
    if base:
        return Path(base) / "ecarte"
    try:
        return Path.home() / ".cache" / "ecarte"
    except (RuntimeError, KeyError):
        return None


def rule_files(directory: Path) -> tuple[str, list[tuple[Path, bytes]]]:
    """The rule files (sorted) with their bytes, and the key they make."""
    digest = hashlib.sha256(f"ecarte-lawbook {FORMAT}\0{directory}\0".encode())
    files = []
    for path in sorted(directory.glob("*.yaml")):
        try:
            data = path.read_bytes()
        except OSError as e:
            raise LawBookError(f"{path.name}: cannot be read: {e}") from None
        digest.update(path.name.encode() + b"\0" + len(data).to_bytes(8, "little") + data)
        files.append((path, data))
    if not files:
        raise LawBookError(missing("rule files (laws/*.yaml)", directory))
    return digest.hexdigest(), files


def kept(kind: str, key: str) -> dict[str, Any] | None:
    """The JSON object a cache file of this kind keeps under this key (`kind-KEY.json` in
    `cache_dir`), or None: missing, unreadable, or another key's."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        with open(folder / f"{kind}-{key[:32]}.json", encoding="utf-8") as f:
            cached = json.load(f)
    except (OSError, ValueError, RecursionError):
        return None
    return cached if type(cached) is dict and cached.get("key") == key else None


def keep(kind: str, key: str, data: dict[str, Any]) -> None:
    """Keep `data` under this key for the next start; silently nothing if it cannot be written
    (atomic: a reader sees the old file or the new, never half)."""
    folder = cache_dir()
    if folder is None:
        return
    from ..record.writing import write_text
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_text(folder / f"{kind}-{key[:32]}.json",
                   json.dumps({"key": key, **data}, ensure_ascii=False, separators=(",", ":")))
    except (OSError, TypeError, ValueError):
        pass


def read(key: str) -> dict[str, Any] | None:
    """The cached data for this key: {"laws": {file name: data}, "scoring": {...}}, or None."""
    cached = kept("lawbook", key)
    if cached is None or type(cached.get("laws")) is not dict:
        return None
    try:
        return {"laws": {name: _decode(v) for name, v in cached["laws"].items()},
                "scoring": _decode(cached.get("scoring"))}
    except (TypeError, ValueError, KeyError, AttributeError):
        return None


def write(key: str, laws: dict[str, Any], scoring: dict[str, Any]) -> None:
    """Keep the parsed rule files for the next start; silently nothing if it cannot be written."""
    try:
        data = {"laws": {n: _encode(v) for n, v in laws.items()}, "scoring": _encode(scoring)}
    except TypeError:
        return
    keep("lawbook", key, data)


def _encode(data: Any) -> Any:
    """Plain YAML data as JSON that keeps what JSON would change: a mapping is a list of pairs
    (its keys may be integers), a list is tagged."""
    if isinstance(data, dict):
        return {"m": [[k, _encode(v)] for k, v in data.items()]}
    if isinstance(data, list):
        return {"l": [_encode(v) for v in data]}
    if data is None or isinstance(data, (str, int, float, bool)):
        return data
    raise TypeError(f"not plain data: {type(data).__name__}")


def _decode(data: Any) -> Any:
    if type(data) is dict:
        if "m" in data:
            return {k: _decode(v) for k, v in data["m"]}
        return [_decode(v) for v in data["l"]]
    return data
