"""Readings are flagged, and only readings (issue 32, item 3): a case whose ruling rests on a
point its law's words leave open says so in `open_point`, one sentence for a player; a case
whose ruling is the law's own words has none, whatever its note explains. `laws N` shows the
open point under its case."""
from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.lawbook.laws import Case, default_book

runner = CliRunner()

# A note that speaks of reading or silence, on a case whose ruling is the law's words all the same.
FOLLOWS_THE_LAW = {
    "11:before-look": "the choice is the law's own words; the note reads a record that shows no choice",
    "17:before-answer-hand-taken-up": "the law's own remedy; the note maps 'taken up his hand' to a look",
    "24:first-card-king-announced-too-late": "the law's time limit; the note reads a rare lead out of turn",
    "25:adversary-holds-king": "the law's 'there is no penalty'; the king is struck by law 47's entitlement",
    "38:accepted-outright": "the law's 'the dealer must play his hand', read plainly",
    "38:last-takes-what-remains": "the French rule's own words; the note reads a conditional acceptance",
}
SPEAKS_OF_READING = re.compile(r"\bread(ing)?\b|\bsilent\b|does not say|leaves? this moment open", re.I)
DEVELOPER = re.compile(r"`|\blogs?\b|\bevents?\b|\w_\w|\.ya?ml|RULESETS|\[case", re.I)


def _cases() -> list[tuple[str, str, Case]]:
    """Every case of the law book and of the rule sets' own rules: (ref, whose, case)."""
    book = default_book()
    return ([(f"{n}:{c.id}", f"Law {n}", c) for n, law in sorted(book.laws.items()) for c in law.cases]
            + [(f"{name}:{c.id}", "rulebook", c) for name, rule in sorted(book.rules.items()) for c in rule.cases])


@pytest.mark.parametrize("ref,whose,case", [pytest.param(*c, id=c[0]) for c in _cases() if c[2].open_point])
def test_an_open_point_is_one_plain_sentence_naming_its_law_and_the_reading(ref: str, whose: str, case: Case) -> None:
    point = " ".join(case.open_point.split())
    assert point[0].isupper() and point.endswith(".") and point.count(". ") == 0, point
    assert whose in point or (whose.startswith("Law") and "Laws" in point), point
    assert "the book reads" in point or "the book gives" in point, point
    assert not DEVELOPER.search(point), point


def test_every_note_that_speaks_of_a_reading_has_an_open_point_or_a_reason() -> None:
    cases = _cases()
    missing = [ref for ref, _, c in cases
               if c.note and SPEAKS_OF_READING.search(c.note) and not c.open_point and ref not in FOLLOWS_THE_LAW]
    assert not missing, f"a note speaks of a reading; give the case an open_point, or list it: {missing}"
    refs = {ref: c for ref, _, c in cases}
    assert all(ref in refs and not refs[ref].open_point for ref in FOLLOWS_THE_LAW)
    flagged = sorted(ref for ref, _, c in cases if c.open_point)
    assert 15 <= len(flagged) <= 45, flagged
    assert "5:tie-not-cut-again" in flagged and "11:before-look" not in flagged


def test_laws_shows_the_open_point_under_its_case_and_only_there() -> None:
    """Law 5's tie is a reading; law 11's cases are the law's own words, though both have notes."""
    five = " ".join(runner.invoke(app, ["laws", "5"], env={"COLUMNS": "80"}).output.split())
    assert "A reading: Law 5 says nothing of a tie: the book reads that both cut again" in five
    nine = " ".join(runner.invoke(app, ["laws", "9"], env={"COLUMNS": "80"}).output.split())
    assert nine.count("A reading:") == 2 and nine.count("Note:") == 4
    eleven = runner.invoke(app, ["laws", "11"], env={"COLUMNS": "80"}).output
    assert "Note:" in eleven and "A reading" not in eleven
