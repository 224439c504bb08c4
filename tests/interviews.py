"""The `resolve` interview as the tests drive it: the bound on its questions, a caller that
answers the JSON interview, and an interview that keeps every turn it gave (conftest.py's
`interview` fixture keeps one a session for each pair of players, so the tree that five test
files walk, every answer to every question, is walked once)."""
from __future__ import annotations

import io
import json
from typing import Any

from adjudicator.dispute.resolve import Resolve
from adjudicator.words.interview import Turn

MAX_QUESTIONS = 8


class Caller(io.StringIO):
    """Standard input that answers each question run_json writes with the next answer."""

    def __init__(self, out, answers):
        super().__init__()
        self.out, self.answers = out, list(answers)

    def readline(self):
        if not self.answers:
            return ""
        last = json.loads(self.out.getvalue().splitlines()[-1])
        return json.dumps({"id": last["question"]["id"], "value": self.answers.pop(0)}) + "\n"


class KeptInterview(Resolve):
    """The interview under the London laws whose turns are kept: the same answers again give
    the turn they gave (the turn is a function of the answers), not a new walk. Only the turn is
    kept: `Resolve.final`, which a ruling sets for `--save`, is not (no walk reads it)."""

    def __init__(self, players: list[str] | None = None) -> None:
        super().__init__(players=players)
        self.turns: dict[str, Turn] = {}

    def step(self, answers: list[Any]) -> Turn:
        key = repr(answers)   # not a tuple: True and 1 would be one key
        if key not in self.turns:
            self.turns[key] = super().step(answers)
        return self.turns[key]
