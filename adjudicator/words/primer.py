"""The primer's words (laws/words/primer.yaml): how a deal goes, step by step along a scenario,
for `ecarte primer` and the book's primer page (teaching/primer.py draws the tables)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated

import yaml
from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from ..lawbook.places import WORDS_DIR
from .vocabulary import WordsError

FILE = "primer.yaml"


class Step(BaseModel):
    """One moment of the scenario: the table after event `at`, and what it teaches."""

    model_config = ConfigDict(extra="forbid")
    at: Annotated[StrictInt, Field(ge=1)]
    title: Annotated[str, Field(min_length=1)]
    text: Annotated[str, Field(min_length=1)]
    reading: str | None = None
    laws: list[Annotated[StrictInt, Field(ge=1, le=51)]]


class Primer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: str
    reading_label: Annotated[str, Field(min_length=1)]
    moment_label: Annotated[str, Field(min_length=1)]
    scenario: str
    intro: Annotated[list[str], Field(min_length=1)]   # paragraphs
    steps: Annotated[list[Step], Field(min_length=1)]
    closing: str


def load(directory: Path = WORDS_DIR) -> Primer:
    """The primer as written; `WordsError` when the file does not fit or its steps go back."""
    try:
        primer = Primer.model_validate(yaml.load((directory / FILE).read_text(encoding="utf-8"),
                                                 Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))
    except (OSError, yaml.YAMLError) as problem:
        raise WordsError(f"{FILE}: cannot be read: {problem}") from None
    except ValidationError as problem:
        raise WordsError("\n".join(f"{FILE}: {'.'.join(map(str, p['loc']))}: {p['msg']}"
                                   for p in problem.errors())) from None
    at = [s.at for s in primer.steps]
    if at != sorted(set(at)):
        raise WordsError(f"{FILE}: steps: each step comes after the one before it ({at})")
    return primer


@lru_cache(maxsize=1)
def default_primer() -> Primer:
    return load()
