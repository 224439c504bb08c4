"""The book and `ecarte laws` speak to a learner: no developer material in what he reads (the
ids and paths stay in the "For developers" folds and in --json), roles filled in, italics as
italics, the scoring tables in the laws' words."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.lawbook.laws import default_book
from adjudicator.words.learner import parted, scenario_title
from learner_text import developer_material, visible_text


@pytest.mark.slow   # the book built
def test_no_page_of_the_book_shows_developer_material_outside_its_folds(book_dir: Path) -> None:
    found = {p.name: developer_material(visible_text(p.read_text(encoding="utf-8")))
             for p in sorted(book_dir.glob("*.html"))}
    assert {name: f for name, f in found.items() if f} == {}


@pytest.mark.slow   # the book built
def test_the_folds_keep_what_a_developer_needs(book_dir: Path) -> None:
    page = (book_dir / "law-11.html").read_text(encoding="utf-8")
    assert "laws/11-more-than-one-card-turned.yaml" in page and "11:before-look" in page
    assert "scenarios/laws/law11-two-cards-turned-choose.yaml" in page
    assert "<code>elect: {option: choose_trump, card: ...}</code>" in page   # the note's log syntax


@pytest.mark.slow   # the book built
def test_law_8_italics_and_law_19_names_the_dealer(book_dir: Path) -> None:
    assert "<em>vice versa</em>" in (book_dir / "law-08.html").read_text(encoding="utf-8")
    law19 = visible_text((book_dir / "law-19.html").read_text(encoding="utf-8"))
    assert "the dealer cannot mark the king turned up" in law19
    assert "player who acted cannot" not in law19 and "acted's" not in law19


@pytest.mark.slow   # the book built
def test_the_scoring_tables_say_it_as_the_laws_do(book_dir: Path) -> None:
    law46 = visible_text((book_dir / "law-46.html").read_text(encoding="utf-8"))
    assert "3 points if the loser has scored nothing; 2 points if the loser has scored 1 or 2" in law46
    page = (book_dir / "law-49.html").read_text(encoding="utf-8")
    law49 = visible_text(page[page.index('<section class="scoring">'):])   # (the glossary's modern term is linked above)
    assert "vulnerable" not in law49 and "2 points" in law49


def test_laws_search_and_json_fill_the_roles() -> None:
    runner = CliRunner()
    out = " ".join(runner.invoke(app, ["laws", "--search", "cut again"]).output.split())   # wrapped
    assert "cut again" in out and "{" not in out
    entries = json.loads(runner.invoke(app, ["laws", "--json"]).output)
    words = [c["summary_words"] for e in entries for c in e["cases"]]
    assert len(words) > 60 and not [w for w in words if "{" in w or "player who acted's" in w]
    assert all(c["summary"] for e in entries for c in e["cases"])   # the template stays, as data


def test_a_note_parts_the_learners_sentences_from_the_developers() -> None:
    learner, developer = parted(default_book().laws[11].cases[0].note)
    assert "whether the non-dealer had already looked at his hand" in learner
    assert "A non-dealer who looks at his hand before he chooses has let the choice lapse" in learner
    assert "`elect" in developer and "`" not in learner


def test_scenario_titles_are_capitalised_one_way_and_say_options_in_words() -> None:
    assert scenario_title("Law 11: two cards turned up") == "Two cards turned up"
    assert scenario_title("game_to: 2: the vole wins the game") == "A game of 2 points: the vole wins the game"
