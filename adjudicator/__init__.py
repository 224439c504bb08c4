"""ecarte: the 51 laws of Écarté (the London club laws, as Cavendish gives them), adjudicated.

    from adjudicator import adjudicate_text
    report = adjudicate_text(open("game.yaml").read(), "game.yaml")
    report.to_json()

The names below are imported when first used (a command imports only what it needs).
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .log import LogError, read_file, read_text
    from .replay import ReplayError, adjudicate
    from .ruling import Report, Ruling

__all__ = ["LogError", "ReplayError", "Report", "Ruling", "adjudicate", "adjudicate_text",
           "adjudicate_file", "read_file", "read_text"]
_WHERE = {"LogError": "log", "read_file": "log", "read_text": "log", "ReplayError": "replay",
          "adjudicate": "replay", "Report": "ruling", "Ruling": "ruling"}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(import_module(f".{_WHERE[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def adjudicate_text(text: str, source: str = "<log>") -> Report:
    """Read, validate and replay one log; `LogError` (with the source named) if it cannot be."""
    from .log import LogError, read_text
    from .replay import ReplayError, adjudicate
    from .source import event_line
    log = read_text(text, source)
    try:
        return adjudicate(log)
    except ReplayError as e:
        raise LogError(source, [e.at(event_line(text, e.event))]) from None


def adjudicate_file(path: str) -> Report:
    from .source import read_source
    return adjudicate_text(read_source(path), path)
