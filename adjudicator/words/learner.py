"""The law book's words as a learner reads them: a case's summary with its roles in words, a
rule file's note or a scenario's story parted into what a player reads and what only a
developer needs (log syntax in backticks, file names, case ids), and a scoring table said as
the laws say it. The book, `ecarte laws` and its search all read the laws through here."""
from __future__ import annotations

import re
from functools import cache

from ..lawbook.laws import Case, Law
from .rules import option_words
from .vocabulary import Words, default_words

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"“])")
# what marks a sentence as a developer's: log syntax, a file, a case id, a scenario's file name
DEVELOPER = re.compile(r"`|\.ya?ml\b|\.md\b|\b\d+:[a-z][a-z-]+\b|\blaw\d\d-[a-z0-9-]+|\b[a-z]+_[a-z_]+\b")
_ITALICS = re.compile(r"(?<![\w`])_([^_\n]+)_(?![\w`])")
# the record keeper's words that a person does not read: an event's number, the word "log"
_NUMBERS = r"\d+(?:(?:,\s*|\s*[-–]\s*|\s+(?:and|to)\s+)\d+)*"
_EVENT_ALONE = re.compile(rf"\s*\((?:earned )?(?:at )?events? {_NUMBERS}\)|\s+at event \d+\b")
_EVENT_FIRST = re.compile(rf"\((?:at )?events? {_NUMBERS}[,;]\s*")
_EVENT = re.compile(r"\b([Ee])vent(s?) (\d+)")
_LOG = re.compile(r"\b([Ll])og(s?)\b")
_RECORD_RECORDS = re.compile(r"\b([Rr]ecords?) records\b")


_OPTION_TITLE = re.compile(r"^([a-z]+(?:_[a-z]+)+): ([a-z0-9]+(?:_[a-z0-9]+)*)((?: \([^)]*\))?): ")


@cache
def _option_values() -> dict[str, dict[str, str]]:
    return {name: {str(k).lower(): str(v) for k, v in o["values"].items()} for name, o in option_words().items()}


def scenario_title(title: str) -> str:
    """A scenario's title as one way for all: without its "Law 11: ", with a capital; a title
    that begins with a rule set's option (`ace_high: true: ...`) begins with its words."""
    short = re.sub(r"^Laws? [\d, and]+: ", "", title)
    m = _OPTION_TITLE.match(short)
    values = _option_values().get(m.group(1), {}) if m else {}
    if m and (m.group(2) in values or "any" in values):
        said = values.get(m.group(2)) or values["any"].format(value=m.group(2))
        short = f"{said}{m.group(3)}: {short[m.end():]}"
    return short[:1].upper() + short[1:]


def case_summary(case: Case, words: Words | None = None) -> str:
    """A case's summary with the roles it names in words, as a sentence: "The non-dealer may..."."""
    words = words or default_words()
    offender = "offender" if case.offender == "actor" else case.offender
    names = {"offender": words.role(offender), "chooser": words.role(case.chooser or "nobody"),
             **{r: words.role(r) for r in ("dealer", "non_dealer", "concerned")}}
    text = case.summary.format_map(names)
    return text[:1].upper() + text[1:]


def parted(text: str | None) -> tuple[str, str]:
    """A note or a story in two: the sentences a learner reads, and those only a developer
    needs (they name log syntax, files or case ids). Either may be empty."""
    learner: list[str] = []
    developer: list[str] = []
    for sentence in _SENTENCE.split(" ".join((text or "").split())):
        (developer if DEVELOPER.search(sentence) else learner).append(sentence)
    return " ".join(learner), " ".join(developer)


def for_people(text: str, steps: bool = False) -> str:
    """Text a person reads, without the record keeper's words: an event's number (`(event 14)`)
    left out, or said as the book's step (`(step 14)`) where `steps`; a log called the record."""
    if steps:
        text = _EVENT.sub(lambda m: ("S" if m.group(1) == "E" else "s") + f"tep{m.group(2)} {m.group(3)}", text)
    else:
        text = _EVENT_FIRST.sub("(", _EVENT_ALONE.sub("", text))
    text = _LOG.sub(lambda m: ("R" if m.group(1) == "L" else "r") + "ecord" + m.group(2), text)
    return _RECORD_RECORDS.sub(r"\1 shows", text)


def plain_italics(text: str) -> str:
    """`_vice versa_` as a terminal shows italics: the words alone."""
    return _ITALICS.sub(r"\1", text)


def italics_html(escaped: str) -> str:
    """`_vice versa_` in text already escaped for HTML, as <em>."""
    return _ITALICS.sub(r"<em>\1</em>", escaped)


def scoring_lines(law: Law, words: Words | None = None) -> list[tuple[str, str]]:
    """A law's scoring table as (what, how much) pairs, in the laws' words."""
    words = words or default_words()
    said = words.scores.table

    def points(n: int) -> str:
        return said["one" if n == 1 else "many"].format(n=n)

    out = []
    for key, value in (law.scoring.model_dump(exclude_none=True) if law.scoring else {}).items():
        if isinstance(value, dict):
            by_value: dict[int, list[int]] = {}
            for score, counts in sorted(value.items()):
                by_value.setdefault(counts, []).append(score)
            value = "; ".join(said["game_value"].format(
                value=points(v), scores=" or ".join(str(s) if s else said["nothing"] for s in scores))
                for v, scores in sorted(by_value.items(), reverse=True))
        else:
            value = points(value)
        out.append((said[key], value))
    return out
