"""What a "which law" question must not say: the answer's own text, or a word of its title that
the other choices' titles lack (`giveaway`); nor, in its events, the title in its own words
(`gives_away`). `quiz.Quiz` does not ask such a question.
"""
from __future__ import annotations

import json
import re

from ..lawbook.laws import default_book
from .moments import Asked, value_key


_SMALL = frozenset("a an the of or and to by in on for with his he who is be not no one two more than "
                   "after before found when played cards card".split())


def _stem(word: str) -> str:
    """A word as a question might say it otherwise: "revoked", "revoke", "revokes" alike,
    "turned" and "turns", "exposed" and "exposure"."""
    for end in ("ing", "ed", "es", "s"):
        if word.endswith(end) and len(word) - len(end) >= 3:
            word = word[:-len(end)]
            break
    return word[:5]


def title_words(title: str) -> set[str]:
    """A law's title's own words (not the small ones), as a prompt might repeat them."""
    return {w for w in re.findall(r"[a-z]+", title.lower()) if w not in _SMALL and len(w) > 2}


def gives_away(prompt: str, title: str) -> bool:
    """Whether a prompt says the law's title in its own words: every word of it, or all but
    one of a title of four words or more."""
    own = title_words(title)
    said = set(re.findall(r"[a-z]+", prompt.lower()))
    missing = {w for w in own if w not in said and w.rstrip("s") not in said and w + "s" not in said}
    return bool(own) and len(missing) <= (1 if len(own) >= 4 else 0)


def distinctive(title: str, others: list[str]) -> set[str]:
    """The stems of a title's own words that no other title offered has: a prompt saying one
    of them points at the answer without reasoning."""
    theirs = {_stem(w) for t in others for w in title_words(t)}
    return {_stem(w) for w in title_words(title)} - theirs


def said_words(asked: Asked) -> str:
    """Everything a question shows, but its choices: its words, the events told, the table
    (drawn for a person, and its JSON values for a program)."""
    q = asked.question
    return " ".join([q.text, q.picture or "", *q.extra.get("events", []), json.dumps(q.extra.get("table"), ensure_ascii=False)])


def giveaway(asked: Asked) -> set[str]:
    """What in a "which law" question names its answer: the answer's own choice text, or a
    distinctive word of its title (against the other choices' titles); empty if nothing."""
    if asked.kind != "law":
        return set()
    book = default_book()
    titles = {c.value: book.laws[c.value].title for c in asked.question.choices}
    shown = said_words(asked).lower()
    stems = {_stem(w) for w in re.findall(r"[a-z]+", shown)}
    found = distinctive(titles[asked.right], [t for n, t in titles.items() if n != asked.right]) & stems
    own = asked.texts[value_key(asked.right)].lower()
    return found | ({own} if own in shown else set())
