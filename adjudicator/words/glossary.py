"""The glossary: the game's terms and Cavendish's French terms, their meanings and the laws that
use each (laws/words/glossary.yaml), for `ecarte glossary`, `laws --search` and the book.

`entry(name)` finds a term by any of its names (accents and case never matter); `found(query)`
the entries a search names, the longest name first ("point de refus" is not "the point");
`text(entry)` says one for a terminal, wrapped to its width.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from ..lawbook.places import WORDS_DIR
from ..lawbook.rulesets import InForce, rule_sets
from .rules import book_of
from .search import word_pattern
from .textwidth import law_mentions, wrap
from .vocabulary import WordsError, fold

FILE = "glossary.yaml"


class Quote(BaseModel):
    """A source's own words for a term, verbatim from the seed of that rule set."""

    model_config = ConfigDict(extra="forbid")
    source: Literal["cavendish", "french", "modern"]
    text: Annotated[str, Field(min_length=1)]


class Entry(BaseModel):
    """One term: its names, its meaning, a reading where the laws leave it open, its laws."""

    model_config = ConfigDict(extra="forbid")
    term: Annotated[str, Field(min_length=1)]
    french: list[str] = []
    also: list[str] = []
    quote: Quote | None = None
    meaning: Annotated[str, Field(min_length=1)]
    gist: str | None = None
    reading: str | None = None
    changed: dict[Annotated[StrictInt, Field(ge=1, le=51)], Annotated[str, Field(min_length=1)]] = {}
    laws: list[Annotated[StrictInt, Field(ge=1, le=51)]]

    @property
    def names(self) -> list[str]:
        """Every name it is known by: the term, its French names, the others."""
        return [self.term, *self.french, *self.also]

    @property
    def slug(self) -> str:
        """Its anchor in the book's glossary page."""
        return re.sub(r"[^a-z0-9]+", "-", fold(self.term)).strip("-")


class Glossary(BaseModel):
    model_config = ConfigDict(extra="forbid")
    entries: list[Entry]


def load(directory: Path = WORDS_DIR) -> list[Entry]:
    """The entries, in the file's order; `WordsError` when the file does not fit or names one
    term twice."""
    path = directory / FILE
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        entries = Glossary.model_validate(data).entries
    except (OSError, yaml.YAMLError) as problem:
        raise WordsError(f"{FILE}: cannot be read: {problem}") from None
    except ValidationError as problem:
        raise WordsError("\n".join(f"{FILE}: {'.'.join(map(str, p['loc']))}: {p['msg']}" for p in problem.errors())) from None
    seen: dict[str, str] = {}
    for e in entries:
        for name in e.names:
            if fold(name) in seen:
                raise WordsError(f"{FILE}: {name!r} names both {seen[fold(name)]!r} and {e.term!r}")
            seen[fold(name)] = e.term
    return entries


@lru_cache(maxsize=1)
def default_glossary() -> tuple[Entry, ...]:
    return tuple(load())


def entry(name: str) -> Entry | None:
    """The entry one of whose names is `name`, or None."""
    wanted = fold(name)
    return next((e for e in default_glossary() if wanted in (fold(n) for n in e.names)), None)


def found(query: str) -> list[Entry]:
    """The entries whose names the query holds, each once, in the query's order; a name found
    is taken out of the query before the shorter ones are looked for."""
    rest = fold(query)
    names = sorted(((fold(n), e) for e in default_glossary() for n in e.names), key=lambda x: -len(x[0]))
    hits: list[tuple[int, Entry]] = []
    for name, e in names:
        m = re.search(word_pattern(name), rest)
        if m:
            rest = rest[:m.start()] + " " * (m.end() - m.start()) + rest[m.end():]
            if all(e is not other for _, other in hits):
                hits.append((m.start(), e))
    return [e for _, e in sorted(hits, key=lambda h: h[0])]


def beginning(query: str) -> list[Entry]:
    """The entries one of whose names has a word that begins with each word of the query
    ("refus": "point de refus", "refuse"), for a term the glossary does not have whole."""
    wanted = fold(query).split()
    return [e for e in default_glossary()
            if wanted and any(all(any(w.startswith(q) for w in fold(n).split()) for q in wanted) for n in e.names)]


def changed_here(e: Entry, rules: InForce, short: str) -> list[str]:
    """What the entry means where `rules` (named `short`) change a law its meaning rests on:
    its `changed` sentences for the laws those rules change, in law order."""
    return [" ".join(e.changed[n].format(short=short).split()) for n in sorted(e.changed) if n in rules.changes]


def heading(e: Entry) -> str:
    """The term with its French names: "the point (le point)"."""
    return e.term + (f" ({', '.join(e.french)})" if e.french else "")


def source(q: Quote) -> str:
    """The book a quote is from, as a person names it."""
    return book_of(rule_sets()[q.source].source)


def text(e: Entry, titles: dict[int, str], columns: int | None = None) -> str:
    """One entry for a terminal: its heading, meaning, reading, source's words and laws, each
    paragraph wrapped to the terminal's width; `titles` the laws' titles."""
    def para(words: str, indent: str = "  ") -> list[str]:
        words = " ".join(words.split())
        return wrap(words, indent, "", columns, whole=law_mentions(words))

    out = [heading(e)]
    if e.also:
        out += para("Also: " + ", ".join(e.also) + ".")
    out += para(e.meaning)
    if e.reading:
        out += para("A reading: " + e.reading)
    if e.quote:
        out += para(f"“{e.quote.text}” — {source(e.quote)}")
    if e.laws:
        out.append("  In the laws:")
        for n in e.laws:
            out += wrap(f"law {n}. {titles[n]}", "    ", "  ", columns)
    return "\n".join(out)


def listing(columns: int | None = None) -> str:
    """Every entry: its heading and the laws that use it, then what it means in a line: its
    `gist`, or else the first sentence of its meaning."""
    out = []
    for e in default_glossary():
        laws = f"laws {', '.join(map(str, e.laws))}" if len(e.laws) > 1 else (f"law {e.laws[0]}" if e.laws else "no London law")
        first = " ".join((e.gist or re.split(r"(?<=\.)\s", e.meaning, maxsplit=1)[0]).split())
        out += wrap(f"{heading(e)}: {laws}", "", "    ", columns) + wrap(first, "    ", "", columns)
    return "\n".join(out)
