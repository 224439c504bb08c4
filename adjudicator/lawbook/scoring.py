"""The scoring table (laws 46-49) for `validate`'s lean scan: from the cache when it is fresh and
well formed, so that a clean archive is checked without pydantic; else from the law book itself
(which then writes the cache)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from .cache import read, rule_files
from .places import LAWS_DIR

SCORING_KEYS = ("turned_king", "held_king", "point", "vole", "point_against_vulnerable", "game_to")


@lru_cache(maxsize=None)
def scoring(directory: Path = LAWS_DIR) -> Any:
    """The law book's scoring table, as the cache has it or as the law book loads it."""
    key, _ = rule_files(directory)
    cached = read(key)
    table = cached.get("scoring") if cached else None
    if type(table) is dict and all(type(table.get(k)) is int for k in SCORING_KEYS) \
            and type(table.get("game_values")) is dict \
            and all(type(k) is int and type(v) is int for k, v in table["game_values"].items()):
        return SimpleNamespace(**{k: table[k] for k in SCORING_KEYS}, game_values=table["game_values"])
    from .laws import default_book, load
    return (default_book() if directory == LAWS_DIR else load(directory)).scoring
