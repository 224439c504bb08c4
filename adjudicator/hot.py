"""The hot commands' arguments read without typer: `ecarte validate` and `ecarte adjudicate`
run often, on one game or an empty archive, where start-up is most of the time, and typer's
option parsing alone imports pydantic (its type adapters) and builds a converter for every
parameter. A plain command line of theirs is read here and the command called as typer would
call it; anything else (help, a misspelt or repeated option, a value typer must check or
refuse, another command) is left to typer, which reads it and answers as always.
"""
from __future__ import annotations

from typing import Any

FLAGS = {"validate": {"--json": "as_json", "--only-problems": "only_problems", "--overwrite": "overwrite"},
         "adjudicate": {"--json": "as_json"}}
VALUES = {"validate": {"--jobs": "jobs", "-j": "jobs", "--summary-json": "summary_json", "--engine": "engine",
                       "--scheduler": "scheduler", "--out-dir": "out_dir", "--worker-timeout": "worker_timeout",
                       "--resume": "resume"},
          "adjudicate": {}}


def read(argv: list[str]) -> tuple[str, dict[str, Any]] | None:
    """(the command, its keyword arguments) for a plain command line of a hot command, else None."""
    if not argv or argv[0] not in FLAGS:
        return None
    name = argv[0]
    flags, values = FLAGS[name], VALUES[name]
    kwargs: dict[str, Any] = {}
    positional: list[str] = []
    rest = iter(argv[1:])
    for arg in rest:
        if arg == "--":
            positional += rest
            break
        if not arg.startswith("-") or arg == "-":
            positional.append(arg)
            continue
        key, eq, value = arg.partition("=")
        given: str | bool | None
        if key in flags and not eq:
            dest, given = flags[key], True
        elif key in values:
            given = value if eq else next(rest, None)
            if given is None or given.startswith("-") and given != "-":
                return None
            dest = values[key]
        else:
            return None
        if dest in kwargs:
            return None
        kwargs[dest] = given
    if "jobs" in kwargs:
        jobs = kwargs["jobs"]
        if not (jobs.isascii() and jobs.isdigit() and 1 <= int(jobs) <= 64):
            return None   # typer says why
        kwargs["jobs"] = int(jobs)
    if "worker_timeout" in kwargs:
        try:
            seconds = float(kwargs["worker_timeout"])
        except ValueError:
            return None   # typer says why
        if not 1 <= seconds <= 86400:
            return None
        kwargs["worker_timeout"] = seconds
    if name == "validate" and positional:
        return name, {"paths": positional, **kwargs}
    if name == "adjudicate" and len(positional) == 1:
        return name, {"log": positional[0], **kwargs}
    return None
