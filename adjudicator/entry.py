"""The process's entry, `ecarte`: a plain command line of a hot command (adjudicator/hot.py reads
it) runs adjudicator/commands.py without typer; any other goes to typer (adjudicator/cli.py).
Here too: how the process ends when its output cannot be written, or its reader has gone."""
from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

from .commands import ClosedPipe, OutputFailed
from .lawbook.cache import LawBookError


def run() -> None:
    """The process itself (the `ecarte` script, `python -m adjudicator`): `main`, then, if Dask
    was used, the process ended at once (`_end_now`). A caller of `main` in its own process (a
    test) goes on."""
    try:
        main()
    except SystemExit as end:
        if "distributed" in sys.modules:
            _end_now(end.code)
        raise


def main() -> None:
    """`ecarte`: the command its arguments name, ended with its exit status."""
    # no pydantic plugin has any business in this command: skip their search of every installed
    # package's entry points at the first model built (some 20 ms of each start)
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    if sys.stdout is None:   # closed by the caller: the exit status still answers
        sys.stdout = open(os.devnull, "w")
    for stream in (sys.stdout, sys.stderr):   # a name that is not text (a lone surrogate) is escaped, not a crash
        if stream is not None and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    from .hot import read
    hot = read(sys.argv[1:])
    try:
        try:
            if hot is None:
                from .cli import app
                from .completion import take_shell_named
                take_shell_named(sys.argv[1:])
                app()   # always ends in SystemExit
            else:
                _run_hot(*hot)
        finally:
            sys.stdout.flush()   # here, where a failure can still be answered
    except SystemExit:
        if type(sys.stdout).__name__ == "PacifyFlushWrapper":   # click met a closed pipe (it says exit 1)
            _closed_pipe()
        raise
    except ClosedPipe:
        _closed_pipe()
    except (OSError, OutputFailed) as e:   # the output cannot be written: a full disk, a closed pipe
        if isinstance(e, BrokenPipeError):
            _closed_pipe()
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # nothing left to flush at exit
        _say(f"ecarte: the output cannot be written: {getattr(e, 'strerror', None) or e}")
        raise SystemExit(2) from None
    except LawBookError as e:   # a rule file, or the words beside them (laws/words/), read late
        _say(f"the law book cannot be loaded:\n{e}")
        raise SystemExit(2) from None


CLOSED_PIPE = 141   # what the shell sees of grep, cat or yes when their reader has gone: 128 + SIGPIPE


def _closed_pipe() -> None:
    """The reader of the output has gone (`ecarte laws | head`): the end, as grep's, with nothing
    said and the status the shell sees of a tool that SIGPIPE stopped. What is still buffered
    goes to /dev/null, so the flush at exit cannot fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    raise SystemExit(CLOSED_PIPE) from None


def _run_hot(name: str, kwargs: dict[str, Any]) -> None:
    """A hot command whose plain command line adjudicator/hot.py read, called as cli.py's typer
    command calls it, and ended as typer ends it (SystemExit with its status; ^C: exit status 130).
    Its imports (the models, the law book, the replay) make many objects and free none: no
    collection of cycles until the command's own work begins (`tune_gc` turns it on again), and
    on again whatever happens when it ends (a caller in the same process, a test, keeps its own)."""
    import gc
    from . import commands
    gc.disable()
    try:
        hot: dict[str, Callable[..., None]] = {"validate": commands.validate, "adjudicate": commands.adjudicate}
        hot[name](**kwargs)
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    finally:
        gc.enable()
    raise SystemExit(0)


def _end_now(code: int | str | None) -> None:
    """The process ended at once, its output out: after `--engine dask` (its client and cluster
    closed), the interpreter's own end, Dask's threads and some 700 modules torn down, is a
    tenth of a run of 10,000 games, for nothing."""
    if isinstance(code, str):
        _say(code)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, AttributeError, ValueError):
            pass
    os._exit(code if isinstance(code, int) else 0 if code is None else 1)


def _say(message: str) -> None:
    """A last word on standard error, which may itself be gone."""
    try:
        print(message, file=sys.stderr, flush=True)
    except (OSError, AttributeError, ValueError):
        pass
