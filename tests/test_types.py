"""The types are checked: mypy, as pyproject.toml's `[tool.mypy]` configures it (the package,
strict on `record/` and `lawbook/`), finds no error outside the engine. The engine is typed
strictly in a later step; until then its errors are the only ones allowed."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOT_YET = ("adjudicator/engine/",)
ERROR = re.compile(r"^(?P<path>[^:\s]+\.py):\d+: error: ", re.MULTILINE)
CHECKED = re.compile(r"^(Success: no issues found|Found \d+ errors? in \d+ files?) ", re.MULTILINE)


def errors_outside_the_engine(output: str) -> list[str]:
    """mypy's error lines of files other than the engine's."""
    return [line for line in output.splitlines()
            if (m := ERROR.match(line)) and not m["path"].startswith(NOT_YET)]


def test_an_error_line_outside_the_engine_is_found_and_one_inside_is_not() -> None:
    output = ("adjudicator/engine/play.py:3: error: Missing type arguments  [type-arg]\n"
              "adjudicator/record/table.py:9: error: Function is missing a type annotation  [no-untyped-def]\n"
              "adjudicator/words/report.py:100: error: Argument 1 has incompatible type  [arg-type]\n"
              "adjudicator/words/report.py:100: note: See https://mypy.readthedocs.io\n")
    assert errors_outside_the_engine(output) == [
        "adjudicator/record/table.py:9: error: Function is missing a type annotation  [no-untyped-def]",
        "adjudicator/words/report.py:100: error: Argument 1 has incompatible type  [arg-type]"]


@pytest.mark.slow
def test_mypy_finds_no_error_outside_the_engine() -> None:
    run = subprocess.run([sys.executable, "-m", "mypy", "--no-color-output"],
                         cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=600)
    assert CHECKED.search(run.stdout), run.stdout + run.stderr   # mypy ran to its end
    assert errors_outside_the_engine(run.stdout) == []
