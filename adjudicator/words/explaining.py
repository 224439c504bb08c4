"""`ecarte explain`'s own words (laws/words/explain.yaml): each a template, filled in here; the
layout (indents, the order of the lines) is teaching/explain.py's."""
from __future__ import annotations

import functools
from typing import Any

import yaml

from ..lawbook.places import WORDS_DIR


@functools.lru_cache(maxsize=1)
def _words() -> dict[str, dict[str, str]]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load((WORDS_DIR / "explain.yaml").read_text(encoding="utf-8"), Loader=loader)


def said(section: str, key: str, **values: Any) -> str:
    """One template of laws/words/explain.yaml, filled in."""
    return _words()[section][key].format(**values)
