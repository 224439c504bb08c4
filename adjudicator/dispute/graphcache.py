"""The dispute page's graph kept on disk, beside the law book's cache (`lawbook.cache.cache_dir`):
walking the interview takes seconds a page, and the book writes a page per rule set.

The key is a hash of the law book's bytes (laws/, its words, rules and rule sets), of the
code's (the interview is Python too), of the rules in force, their options and the players: any
change misses. The graph is plain JSON, taken only if its key matches and it has the graph's
shape; a cache that cannot be read or written is no error: the interview is walked instead.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from ..lawbook import cache
from ..lawbook.places import LAWS_DIR

FORMAT = 1   # of the cache file; a new format is a new key
CODE = Path(__file__).resolve().parent.parent   # adjudicator/
PARTS = ("texts", "questions", "endings", "nodes")


def key(rules: str, options: dict[str, Any], players: list[str] | None) -> str:
    """The hash of everything the graph is made of."""
    asked = json.dumps({"rules": rules, "options": options, "players": players}, sort_keys=True)
    digest = hashlib.sha256(f"ecarte-dispute-graph {FORMAT}\0{asked}\0".encode())
    for folder, pattern in ((LAWS_DIR, "*.yaml"), (CODE, "*.py")):
        for path in sorted(folder.rglob(pattern)):
            data = path.read_bytes()
            name = str(path.relative_to(folder)).encode()
            digest.update(name + b"\0" + len(data).to_bytes(8, "little") + data)
    return digest.hexdigest()


def read(k: str) -> dict[str, Any] | None:
    """The graph kept under this key, or None."""
    kept = cache.kept("dispute", k)
    graph = kept.get("graph") if kept is not None else None
    if type(graph) is not dict or any(type(graph.get(p)) is not list for p in PARTS):
        return None
    return graph


def write(k: str, graph: dict[str, Any]) -> None:
    """Keep the graph for the next build; silently nothing if it cannot be written."""
    cache.keep("dispute", k, {"graph": graph})
