"""What happened at the table, in words: the engine's `said` parts and a ruling's summary.

The engine says what happened as ids and values (`engine.ruling.said`); the words are
laws/words/happened.yaml's templates (its header says what a template may use).
"""
from __future__ import annotations

from functools import lru_cache
from string import Formatter
from typing import Any, Sequence

from ..engine.ruling import Said, RulingSummary
from .vocabulary import Happened, Words, default_words


class _Saying(Formatter):
    def __init__(self, words: Happened):
        self.words = words

    def say(self, template: str, values: dict[str, Any]) -> str:
        """`format(template, **values)`, each field formatted by `format_field`, the template
        read once (`_fields`)."""
        fields = _fields(template)
        if fields is None:
            return self.format(template, **values)
        return "".join([part for literal, name, spec in fields for part in (
            literal, "" if name is None else self.format_field(values[name], spec))])

    def format_field(self, value: Any, spec: str) -> str:
        w = self.words
        if spec == "s":
            return "" if value == 1 else "s"
        if spec == "spaced":
            return str(value).replace("_", " ")
        if spec in w.tables:
            return w.tables[spec][str(value)]
        if spec in w.optional:
            return "" if value is None or value == "" else w.optional[spec].format(value)
        if spec in w.joined:
            j = w.joined[spec]
            return j.between.join(j.each.format(*(v if isinstance(v, (list, tuple)) else [v])) for v in value)
        return super().format_field(value, spec)


@lru_cache(maxsize=None)
def _fields(template: str) -> tuple[tuple[str, str | None, str], ...] | None:
    """A template as (text, field, spec) parts, as `Formatter.parse` reads it; None where a
    field is more than a plain name (`{}`, `{a.b}`, `{a[0]}`, a conversion, a field in its spec)."""
    parts = list(Formatter().parse(template))
    if any(name is not None and (not name.isidentifier() or conversion or "{" in (spec or ""))
           for _, name, spec, conversion in parts):
        return None
    return tuple((literal, name, spec or "") for literal, name, spec, _ in parts)


def happened(what: Said, words: Words | None = None, person: bool = False) -> str:
    """What happened, each part in its words, joined by semicolons; to a `person`, a part whose
    words name the log's events in the words happened.yaml's `for_people` gives it."""
    words = words or default_words()
    saying = _Saying(words.happened)
    own = words.happened.for_people if person else {}
    return "; ".join(saying.say(own.get(key, words.happened.said[key]), values) for key, values in what)


class Unfilled(dict[str, Any]):
    """Names for a case's words; a role it does not name is left as written (`{offender}`)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def by_the_play(options: Sequence[str], words: Words | None = None) -> bool:
    """Whether a ruling's `options` are all ones the play itself carries out, claimed or not
    (happened.yaml's `by_the_play`: law 30's cards that cannot be played to)."""
    played = (words or default_words()).happened.by_the_play
    return bool(options) and all(o in played for o in options)


def summary_text(summary: RulingSummary, words: Words | None = None, options: Sequence[str] = ()) -> str:
    """A ruling's summary: what happened; the case's own words on the players it names. If
    nobody claimed it: what happened, that nothing was done, and the case's words as what the
    ruling would have been had it been claimed (its circumstances a condition, not a fact); or,
    where the ruling's `options` are all ones the play itself carries out (happened.yaml's
    `by_the_play`: law 30's cards that cannot be played to), that none was needed."""
    words = words or default_words()
    text = summary.case.format_map(Unfilled(dict(summary.names)))
    if not summary.claimed:
        unclaimed = (words.happened.unclaimed_by_the_play if by_the_play(options, words)
                     else words.happened.unclaimed).format(case=text)
        return happened(summary.what, words) + ". " + unclaimed if summary.what else unclaimed
    if summary.what:
        text = happened(summary.what, words) + "; " + text
    return text


def spoken(data: Any, words: Words | None = None) -> Any:
    """Plain data with every `RulingSummary` in it said in words (for JSON)."""
    if isinstance(data, RulingSummary):
        return summary_text(data, words)
    if isinstance(data, dict):
        return {k: spoken(v, words) for k, v in data.items()}
    if isinstance(data, list):
        return [spoken(v, words) for v in data]
    return data
