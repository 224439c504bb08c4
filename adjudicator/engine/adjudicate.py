"""One log, from its text to its report: read and check it (`record.log`), then replay it
(`engine.replay`); a replay error becomes a log error that names the event's line."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..record.log import LogError, read_text
from ..record.source import event_line, read_source
from ..lawbook.rulesets import InForce, of_log, rule_sets
from .errors import ReplayError
from .replay import adjudicate
from .ruling import Report

if TYPE_CHECKING:
    from .scan import Prefix


def adjudicate_text(text: str, source: str = "<log>", asked: InForce | None = None, read: Any = None,
                    prefix: Prefix | None = None) -> Report:
    """Read, validate and replay one log; `LogError` (with the source named) if it cannot be.
    `asked`: the rules a command was given, for what the log's header does not say; `read`: the
    data the scan's reader made of the text, if any (`read_text`); `prefix`: what the scan's
    clean deals left (`Replay.resume`)."""
    log = read_text(text, source, list(rule_sets()), read)
    rules = of_log(log, source, asked)
    try:
        return adjudicate(log, rules=rules, prefix=prefix)
    except ReplayError as e:
        raise LogError(source, [e.at(event_line(text, e.event))]) from None


def adjudicate_file(path: str) -> Report:
    """`adjudicate_text` on a file's text (YAML or JSON)."""
    return adjudicate_text(read_source(path), path)
