"""Checking many logs: files, folders and `.jsonl` archives, streamed in input order."""
from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import adjudicate_text
from .log import MAX_LOG_BYTES, LogError, read_source

SUFFIXES = (".yaml", ".yml", ".json", ".jsonl")


@dataclass(frozen=True)
class Item:
    """One log to check: where it comes from and its text (or why it cannot be read)."""

    source: str
    text: str | None
    error: str | None = None


def items(paths: list[str]) -> Iterator[Item]:
    """Every log named by the paths, in order: a folder's files sorted, an archive line by line."""
    for path in paths:
        if path != "-" and os.path.isdir(path):
            files = sorted(str(p) for p in Path(path).rglob("*") if p.suffix in SUFFIXES and p.is_file())
            for f in files:
                yield from _file_items(f)
        else:
            yield from _file_items(path)


def _file_items(path: str) -> Iterator[Item]:
    if not path.endswith(".jsonl"):
        try:
            yield Item(path, read_source(path))
        except LogError as e:
            yield Item(path, None, e.problems[0])
        return
    try:
        f = open(path, encoding="utf-8", errors="strict")
    except OSError as e:
        yield Item(path, None, e.strerror or str(e))
        return
    with f:
        n = 0
        while True:
            n += 1
            try:
                line = f.readline(MAX_LOG_BYTES + 1)
            except UnicodeDecodeError:
                yield Item(f"{path}:{n}", None, "not UTF-8 text")
                return
            if not line:
                return
            if len(line) > MAX_LOG_BYTES and not line.endswith("\n"):
                yield Item(f"{path}:{n}", None, f"the line is longer than {MAX_LOG_BYTES} characters")
                while line and not line.endswith("\n"):
                    line = f.readline(MAX_LOG_BYTES + 1)
                continue
            if line.strip():
                yield Item(f"{path}:{n}", line)


def check(item: Item) -> tuple[int, dict[str, Any]]:
    """(exit status, the JSON object) for one log."""
    if item.text is None:
        return 2, {"source": item.source, "ok": False, "errors": [f"{item.source}: {item.error}"]}
    try:
        report = adjudicate_text(item.text, item.source)
    except LogError as e:
        return 2, {"source": item.source, "ok": False, "errors": [f"{e.source}: {p}" for p in e.problems]}
    out = {"source": item.source, **report.to_json()}
    return (0 if report.ok else 1), out
