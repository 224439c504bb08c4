"""`ecarte laws --search`: find words in the law book, with the game's synonyms, and show each
match in its context (a snippet of the title, text, reading, a case's summary or note).

The synonyms are data (laws/words/synonyms.yaml): renege, renounce and revoke find one another,
as do the French terms of seed 000 and their English. Accents and case never matter.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ..lawbook.laws import Law
from .learner import case_summary, parted, plain_italics
from .textwidth import wrap
from .vocabulary import Words, default_words, fold

CONTEXT = 40   # characters of context either side of a match
_OPEN, _CLOSE = "\ue001", "\ue002"   # the match's ends while its line is wrapped


@dataclass(frozen=True)
class Hit:
    """One match: where (title, text, reading, summary or note of a case) and its snippet."""

    field: str
    snippet: str
    start: int   # the match within the snippet
    end: int


def _folded(text: str) -> tuple[str, list[int]]:
    """The text folded for searching (lower case, no accents) and, for each of its characters,
    the index of the character of `text` it came from."""
    out, where = [], []
    for i, c in enumerate(text):
        for d in unicodedata.normalize("NFKD", c):
            if not unicodedata.combining(d):
                out.append(d.lower())
                where.append(i)
    return "".join(out), where


# the endings a searched word may take: revoke, revoked; deal, dealt, dealer; cut, cutting
ENDINGS = r"(?:s|es|d|ed|t|ing|ting|er|ers)?"


def word_pattern(term: str) -> str:
    """A term as whole words (the last with an ending: "discard" finds "discarded", "écart"
    does not find "Écarté"); its spaces match any spacing."""
    *head, last = [re.escape(w) for w in term.split()]
    stem = last[:-1] + f"(?:{last[-1]}|(?=ing))" if last.endswith("e") else last
    return r"(?<![a-z0-9])" + r"\s+".join(head + [stem + ENDINGS]) + r"(?![a-z0-9])"


def terms(query: str, words: Words | None = None) -> list[list[str]]:
    """The query as groups of alternatives, every group to be found: a synonym's phrase in the
    query becomes its whole group; each other word, its group if it has one, else itself."""
    groups = [[fold(t) for t in g] for g in (words or default_words()).synonyms]
    rest = fold(query)
    found: list[list[str]] = []
    phrases = sorted(((t, g) for g in groups for t in g if " " in t), key=lambda x: -len(x[0]))
    for phrase, group in phrases:
        hit = re.search(word_pattern(phrase), rest)
        if hit:
            found.append(group)
            rest = rest[:hit.start()] + " " + rest[hit.end():]
    for word in rest.split():
        found.append(next((g for g in groups if word in g), [word]))
    return found


def fields(law: Law) -> list[tuple[str, str]]:
    """What a search looks in, the same for `laws --search` and the book's index: the title,
    the text, the reading, and each case's summary (its roles in words) and note. The book's
    index is made of these at build time, with the synonyms' groups, and its search in
    book.js follows `terms` and `word_pattern`."""
    out = [("title", law.title), ("text", plain_italics(law.text)), ("reading", law.reading)]
    for n, case in enumerate(law.cases, 1):   # a case by its place in the law, as a player reads it
        out.append((f"case {n}", case_summary(case)))
        note = parted(case.note)[0]   # a learner's sentences: the log syntax is not searched
        if note:
            out.append((f"case {n}, reading", note))
    return out


def _snippet(text: str, start: int, end: int) -> Hit:
    lo, hi = max(0, start - CONTEXT), min(len(text), end + CONTEXT)
    while lo > 0 and not text[lo - 1].isspace():
        lo -= 1
    while hi < len(text) and not text[hi].isspace():
        hi += 1
    before = ("…" if lo > 0 else "") + " ".join(text[lo:start].split()) + (" " if text[start - 1:start].isspace() else "")
    match = " ".join(text[start:end].split())
    after = (" " if text[end:end + 1].isspace() else "") + " ".join(text[end:hi].split()) + ("…" if hi < len(text) else "")
    return Hit("", before + match + after, len(before), len(before) + len(match))


def shown(hit: Hit, bold: bool, indent: str = "      ") -> str:
    """A match as `laws --search` prints it, wrapped to the terminal under its law: where, then
    the snippet with the match in bold (`bold`: a terminal) or between » and «."""
    s = hit.snippet
    match = f"{_OPEN}{s[hit.start:hit.end]}{_CLOSE}"   # kept on one line
    lines = wrap(f"{hit.field}: {s[:hit.start]}{match}{s[hit.end:]}", indent, whole=(match,))
    opening, closing = ("\x1b[1;4m", "\x1b[0m") if bold else ("»", "«")
    return "\n".join(lines).replace(_OPEN, opening).replace(_CLOSE, closing)


def search(law: Law, query: list[list[str]]) -> list[Hit] | None:
    """The law's matches: for each group of the query, its first place in each field where it
    is found (a match in the title does not hide the law's own text); None when some group is
    not found in the law."""
    looked_in = [(name, text, *_folded(text)) for name, text in fields(law)]
    hits = []
    for group in query:
        pattern = re.compile("|".join(word_pattern(t) for t in sorted(group, key=len, reverse=True)))
        found = False
        for name, text, folded, where in looked_in:
            m = pattern.search(folded)
            if m:
                end = where[m.end() - 1] + 1
                hit = _snippet(text, where[m.start()], end)
                hits.append(Hit(name, hit.snippet, hit.start, hit.end))
                found = True
        if not found:
            return None
    return hits
