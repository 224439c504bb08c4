"""The primer (laws/words/primer.yaml) and the book's pages for a beginner: each step names its
laws and tells the score the table shows; `ecarte primer` fits 80 columns; the book has the
primer and the glossary, the index leads to them first, and its search finds a glossary term."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.lawbook.places import ROOT
from adjudicator.teaching.book.frames import replay_scenario
from adjudicator.teaching.book.render import mentioned
from adjudicator.words.glossary import default_glossary
from adjudicator.words.primer import default_primer

runner = CliRunner()


def test_each_step_names_the_laws_it_lists() -> None:
    for step in default_primer().steps:
        assert mentioned([step.text, step.reading or ""]) == set(step.laws), step.title


def test_each_score_a_step_tells_is_the_tables() -> None:
    """The table's, or the score when the step's story ends, before the next step's table."""
    primer = default_primer()
    frames = replay_scenario(ROOT / primer.scenario, ROOT).frames
    told = 0
    for step, after in zip(primer.steps, [s.at - 1 for s in primer.steps[1:]] + [len(frames)]):
        for a, y in re.findall(r"\bA (\d), Y (\d)\b", step.text):
            assert {"A": int(a), "Y": int(y)} in (frames[step.at - 1]["score"], frames[after - 1]["score"]), step.title
            told += 1
    assert told >= 3


def test_the_intro_says_how_a_trick_is_won_and_what_the_point_is() -> None:
    """Before the proposal's step speaks of failing to win the point (the newcomer's trial)."""
    intro = " ".join(" ".join(default_primer().intro).split())
    assert "The non-dealer leads to the first trick" in intro
    assert "the higher card of the suit led wins the trick, but a trump" in intro
    assert "beats any card of another suit" in intro
    assert "Three or four tricks win the point, which scores one, all five the vole, which scores two (law 48)" in intro
    assert "the modern rulebook says them" in intro   # the London laws take them for granted: said so


def test_the_refusal_and_the_first_lead_are_drawn_as_they_happen() -> None:
    """Deal 2's table shows the hands when Y refuses, deal 3's the ten of clubs led: not the
    empty hands at the end of the deal (the newcomer's trial)."""
    primer = default_primer()
    frames = replay_scenario(ROOT / primer.scenario, ROOT).frames
    drawn = {s.title: frames[s.at - 1] for s in primer.steps}
    refusal = drawn["Deal 2: a refusal"]
    assert refusal["words"] == "Y refuses" and refusal["hands"]["Y"]["cards"] == ["KS", "QS", "JS", "8C", "7C"]
    lead = drawn["Deal 3: the point"]
    assert lead["tricks"] == 1 and lead["trick"]["lead"] == "10C" and lead["trick"]["follow"] is None
    shown = runner.invoke(app, ["primer"]).output
    assert "The table just after: Y refuses" in shown and "The table just after: Y plays 10♣" in shown


def test_the_primer_goes_through_a_whole_game() -> None:
    """The deal, the turn-up, a proposal, the exchange, the play, the vole, the point, the king,
    the game: every law the primer names, and the game won at the last step."""
    primer = default_primer()
    named = {n for s in primer.steps for n in s.laws}
    assert {8, 10, 26, 27, 28, 43, 46, 47, 48, 49, 23} <= named
    scenario = replay_scenario(ROOT / primer.scenario, ROOT)
    assert scenario.winner == "A" and primer.steps[-1].at == len(scenario.frames)


def test_ecarte_primer_fits_80_columns_with_its_tables() -> None:
    result = runner.invoke(app, ["primer"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(map(len, lines)) <= 80
    for step in default_primer().steps:
        assert step.title in result.output
    assert "turn-up [K♠]: trumps are spades" in result.output
    assert "cut for deal: A J♣, Y A♥" in result.output
    assert "  │ Reading (not the laws' words): The London laws" in result.output
    assert "A reading" not in result.output   # read as player A's move after "A has no heart left"
    assert not re.search(r"\blaws?\n\d", result.output)   # "law 49" never split across lines
    assert not re.search(r"\b[AY] \d,\n", result.output)   # nor a score ("A 3, Y 2")


@pytest.mark.slow
def test_the_book_leads_a_beginner_to_the_primer_and_the_glossary(book_dir: Path) -> None:
    index = (book_dir / "index.html").read_text(encoding="utf-8")
    main = index[index.index("<main>"):]
    assert re.search(r'<a href="([^"]+)"', main).group(1) == "primer.html"   # the first link
    primer = (book_dir / "primer.html").read_text(encoding="utf-8")
    assert primer.count('<svg class="table"') == len(default_primer().steps)
    glossary = (book_dir / "glossary.html").read_text(encoding="utf-8")
    for e in default_glossary():
        assert f'id="{e.slug}"' in glossary
    law43 = (book_dir / "law-43.html").read_text(encoding="utf-8")
    assert 'href="glossary.html#renounce"' in law43


@pytest.mark.slow
def test_the_index_search_finds_a_glossary_term(book_dir: Path, page) -> None:
    page.goto((book_dir / "index.html").as_uri())
    assert page.locator("#glossary-found").is_hidden()
    page.fill("#q", "point de refus")
    entry = page.locator("#glossary-found li")
    assert entry.count() == 1 and "point de refus" in entry.inner_text()
    assert entry.locator("a[href='law-49.html']").count() == 1
    assert page.inner_text("#found").startswith("No law's words mention that")
    page.fill("#q", "renonce")
    assert "renounce" in page.inner_text("#glossary-found")
    assert 43 in {int(n) for n in page.locator("#laws li:not([hidden])").evaluate_all("l => l.map(li => li.dataset.law)")}
    page.goto((book_dir / "primer.html").as_uri())
    assert page.locator(".primer-step svg").count() >= len(default_primer().steps)
    assert page.problems == []
