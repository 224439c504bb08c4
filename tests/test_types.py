"""The types are checked: mypy, as pyproject.toml's `[tool.mypy]` configures it (the package,
strict on `record/`, `lawbook/` and `engine/`), finds no error."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SUCCESS = re.compile(r"^Success: no issues found in \d+ source files?$", re.MULTILINE)


@pytest.mark.slow
def test_mypy_finds_no_error() -> None:
    # its own bound under the suite's (600 s), so that a hang says it was mypy's
    run = subprocess.run([sys.executable, "-m", "mypy", "--no-color-output"],
                         cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=540)
    assert run.returncode == 0 and SUCCESS.search(run.stdout), run.stdout + run.stderr
