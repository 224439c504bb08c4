"""The error of a log that cannot be replayed: raised by the handlers, the games of a pool and
the weighing of open choices alike, so it lives below all of them."""
from __future__ import annotations


class ReplayError(ValueError):
    """An event that cannot happen where it stands (a log error, exit status 2)."""

    def __init__(self, event: int, name: str, message: str):
        self.event, self.name, self.message = event, name, message
        super().__init__(f"event {event} ({name}): {message}")

    def at(self, line: int | None) -> str:
        """The message, naming the line the event begins on where it is known (YAML)."""
        where = f", line {line}" if line is not None else ""
        return f"event {self.event} ({self.name}){where}: {self.message}"
