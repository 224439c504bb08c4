"""ecarte: the 51 laws of Écarté (the London club laws, as Cavendish gives them), adjudicated.

    from adjudicator import adjudicate_text
    report = adjudicate_text(open("game.yaml").read(), "game.yaml")
    report.to_json()
"""
from .log import LogError, read_file, read_text
from .replay import ReplayError, adjudicate
from .ruling import Report, Ruling
from .source import event_line, read_source

__all__ = ["LogError", "ReplayError", "Report", "Ruling", "adjudicate", "adjudicate_text",
           "adjudicate_file", "read_file", "read_text"]


def adjudicate_text(text: str, source: str = "<log>") -> Report:
    """Read, validate and replay one log; `LogError` (with the source named) if it cannot be."""
    log = read_text(text, source)
    try:
        return adjudicate(log)
    except ReplayError as e:
        raise LogError(source, [e.at(event_line(text, e.event))]) from None


def adjudicate_file(path: str) -> Report:
    return adjudicate_text(read_source(path), path)
