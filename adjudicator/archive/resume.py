"""`validate --resume SUMMARY`: an interrupted run's `--summary-json` is its checkpoint.

The summary of every run says where it stands (`checkpoint`): the command's output options and
paths, each input file with its size and time, the games whose lines were written (in input
order), the last of them, and the bytes of output written. The same command with `--resume`
and that file checks that the inputs are those, reads past those games (their bodies are
remembered, for the duplicates that follow), and goes on: its output appended to the first
run's is an uninterrupted run's, and its summary (the first run's, `from_json`, merged with
its own) too.
"""
from __future__ import annotations

import json
import os
from collections.abc import Iterator
from itertools import chain
from typing import TYPE_CHECKING, Any, cast

from .files import Item, Skipped, body, file_items, files, line_items
from .summary import Duplicates, Summary, _Entry
from ..record.source import is_url, open_log

if TYPE_CHECKING:
    from .parallel import Task

# `parallel` (its process pool) is imported only by a resumed run with --jobs (`tasks_after`)


class ResumeRefused(ValueError):
    """A `--resume` file that cannot resume this command: why, in words (exit status 2)."""


def inputs(paths: list[str]) -> list[dict[str, Any]]:
    """Each file the paths name, in input order, with its size and time of change."""
    out = []
    for f, _ in files(paths, Skipped()):
        try:
            st = os.stat(f) if f != "-" and not is_url(f) else None
        except OSError:
            st = None
        out.append({"path": f, **({"size": st.st_size, "mtime_ns": st.st_mtime_ns} if st else {})})
    return out


def checkpoint(command: dict[str, Any], listed: list[dict[str, Any]], summary: Summary,
               written: int, complete: bool) -> dict[str, Any]:
    """Where a run stands: its command, inputs, the games whose lines were written and the last
    of them, the bytes written, whether it went to the end."""
    return {"command": command, "inputs": listed, "games": summary.games, "last": summary.last,
            "output_bytes": written, "complete": complete}


def read(path: str, command: dict[str, Any], listed: list[dict[str, Any]]) -> Summary:
    """The run a summary file records, to go on from; `ResumeRefused` saying why it cannot be."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        raise ResumeRefused(f"--resume {path}: {e.strerror or e}") from None
    except ValueError:
        raise ResumeRefused(f"--resume {path}: not a summary written by validate --summary-json (not JSON)") from None
    cp = data.get("checkpoint") if isinstance(data, dict) else None
    if not isinstance(cp, dict):
        raise ResumeRefused(f"--resume {path}: not a summary written by validate --summary-json (no checkpoint)")
    if cp.get("complete"):
        raise ResumeRefused(f"--resume {path}: the run it records went to the end: nothing to resume")
    if cp.get("command") != command:
        raise ResumeRefused(f"--resume {path}: it records another command ({_said(cp.get('command'))}), "
                            f"not this one ({_said(command)})")
    if any(i["path"] == "-" for i in listed):
        raise ResumeRefused(f"--resume {path}: standard input (-) cannot be read again")
    if cp.get("inputs") != listed:
        raise ResumeRefused(f"--resume {path}: {_changed(cp.get('inputs') or [], listed)} since that run")
    try:
        summary = from_json(data)
        if type(cp["games"]) is not int or type(cp["output_bytes"]) is not int or not isinstance(cp["last"], (str, type(None))):
            raise TypeError
    except (KeyError, TypeError, ValueError, AttributeError):
        raise ResumeRefused(f"--resume {path}: its counts are not as validate --summary-json writes them "
                            "(changed by hand?)") from None
    summary.checkpoint = cp
    return summary


def _said(command: Any) -> str:
    if not isinstance(command, dict):
        return "none"
    options = [o for o, on in (("--json", command.get("json")), ("--only-problems", command.get("only_problems"))) if on]
    return " ".join(["validate", *options, *map(str, command.get("paths") or [])])


def _changed(before: list[dict[str, Any]], now: list[dict[str, Any]]) -> str:
    """The first input that differs: gone, new, or changed."""
    for old, new in zip(before, now):
        if old.get("path") != new["path"]:
            return f"the inputs differ: {new['path']} where that run read {old.get('path')}"
        if old.get("size") != new.get("size"):
            return f"{new['path']} has changed ({_bytes(new)}, was {_bytes(old)})"
        if old != new:
            return f"{new['path']} has changed (its time of change)"
    if len(before) > len(now):
        return f"{before[len(now)].get('path')} is no longer among the inputs"
    return f"{now[len(before)]['path']} is new among the inputs"


def _bytes(listed: dict[str, Any]) -> str:
    size = listed.get("size")
    return f"{size:,} bytes" if isinstance(size, int) else "not found"


def from_json(data: dict[str, Any]) -> Summary:
    """A summary as `Summary.to_json` wrote it, to merge the games that follow into (the
    listing of skipped files is not kept: the resumed run lists them again)."""
    s = Summary()
    s.counts = [data["clean"], data["with_rulings"], data["unreadable"]]
    s.empty = data.get("empty", 0)
    s.unreadable = list(data["first_unreadable"])
    s.rules = {r["rules"]: [r["clean"], r["with_rulings"], r["empty"]] for r in data.get("by_rules", [])}
    dups = data.get("duplicates") or {}
    s.duplicates = dups.get("games", 0)
    s.first_duplicates = [(d["source"], d["same_as"]) for d in dups.get("first", [])]
    for row in data["by_law"]:
        s.laws[row["law"] if row["law"] is not None else row["rule"]] = _entry(row)
    for row in data["by_irregularity"]:
        s.irregularities[row["irregularity"]] = _entry(row)
        s.law_of[row["irregularity"]] = set(row["laws"])
    s.last = (data.get("checkpoint") or {}).get("last")
    return s


def _entry(row: dict[str, Any]) -> _Entry:
    e = _Entry()
    e.rulings, e.games, e.first = row["rulings"], row["games"], list(row["first"])
    return e   # its last game is no seam: a game is never cut between two runs


def items_after(source: Iterator[Item], done: Summary, dups: Duplicates) -> Iterator[Item]:
    """The logs after the `done.checkpoint` games, those read and their bodies remembered;
    `ResumeRefused` if the last of them is not the one the checkpoint names."""
    met = None
    cp = _checkpoint(done)
    for _ in range(cp["games"]):
        met = next(source, None)
        if met is None:
            break
        dups.remember(body(met), met.source)
    _same_last(met, cp["last"])
    return source


def tasks_after(paths: list[str], skipped: Skipped, done: Summary, dups: Duplicates) -> Iterator[Task]:
    """`parallel.tasks` after the `done.checkpoint` games, read here (before the workers start:
    a refusal is said at once), their bodies remembered."""
    from .parallel import tasks
    cp = _checkpoint(done)
    left = cp["games"]
    work = tasks(paths, skipped=skipped)
    met = rest = None
    while left and (task := next(work, None)) is not None:
        read, rest = _past(task, left)
        for item in read:
            dups.remember(body(item), item.source)
        left -= len(read)
        met = read[-1] if read else met
    _same_last(met, cp["last"])
    return chain([rest] if rest is not None else [], work)


def _checkpoint(done: Summary) -> dict[str, Any]:
    """The checkpoint of a run resumed: `resumed` gives only a summary that has one."""
    return cast("dict[str, Any]", done.checkpoint)


def _past(task: Task, left: int) -> tuple[list[Item], Task | None]:
    """A task's first `left` logs, and the task of those after them (None if none is)."""
    from .parallel import Task
    if task.items is not None:
        return list(task.items[:left]), Task(items=task.items[left:]) if len(task.items) > left else None
    if not task.end:   # one log, a file of its own
        return list(file_items(task.path)), None
    read: list[Item] = []
    with open_log(task.path) as f:
        f.seek(task.start)
        for item in line_items(task.path, f, task.first, task.end):
            read.append(item)
            if len(read) == left:
                at, line = f.tell(), int(item.source.rsplit(":", 1)[1]) + 1
                return read, Task(task.path, at, task.end, line) if at < task.end else None
    return read, None


def _same_last(met: Item | None, last: str | None) -> None:
    """The game the checkpoint names last is the one met there, or `ResumeRefused`."""
    if (met.source if met is not None else None) != last:
        raise ResumeRefused(f"--resume: the game met where that run stopped is {met.source if met else 'none'}, "
                            f"not {last}, the last it wrote: the inputs are not the same")
