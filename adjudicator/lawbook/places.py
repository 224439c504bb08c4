"""Where the law book's data lives: the rule files (`laws/`), their words (`laws/words/`) and
the scenarios (`scenarios/`), beside the package in the project's tree."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
LAWS_DIR = ROOT / "laws"
WORDS_DIR = LAWS_DIR / "words"
SCENARIOS_DIR = ROOT / "scenarios"
