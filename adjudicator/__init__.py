"""ecarte: the 51 laws of Écarté (the London club laws, as Cavendish gives them), adjudicated.

    from adjudicator import adjudicate_text, report_json, report_text
    report = adjudicate_text(open("game.yaml").read(), "game.yaml")
    report_json(report)     # RULINGS.md's JSON; report_text(report): the same in words

The package is in layers, each a folder, each importing only from those below it
(docs/ARCHITECTURE.md): `record` (the log and the cards), `lawbook` (the law book as data),
`engine` (the replay and its rulings), `words` (everything said to people), the front doors
`archive`, `dispute` and `teaching`, and on top the command line (`cli`). The names below are
the library's (`dir(adjudicator)` lists them); each is imported when first used (a command
imports only what it needs). The package is typed (`py.typed`): mypy checks a program that
uses it against these names' types.
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engine.adjudicate import adjudicate_file, adjudicate_text
    from .engine.errors import ReplayError
    from .engine.replay import adjudicate
    from .engine.ruling import Report, Ruling
    from .record.log import LogError, read_file, read_text
    from .words.report import report_json, report_text

__all__ = ["LogError", "ReplayError", "Report", "Ruling", "adjudicate", "adjudicate_text",
           "adjudicate_file", "read_file", "read_text", "report_json", "report_text"]
_WHERE = {"LogError": "record.log", "read_file": "record.log", "read_text": "record.log",
          "ReplayError": "engine.errors", "adjudicate": "engine.replay", "Report": "engine.ruling",
          "Ruling": "engine.ruling", "adjudicate_text": "engine.adjudicate",
          "adjudicate_file": "engine.adjudicate", "report_json": "words.report",
          "report_text": "words.report"}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(import_module(f".{_WHERE[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's own names and the library's, which `__getattr__` imports when first used."""
    return sorted({*globals(), *__all__})
