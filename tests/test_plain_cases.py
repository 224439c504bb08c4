"""Each law's plain case (the law file's `plain:`): every law with scenarios names one, it is that
law's own ruling in its simplest form, and the book's page and `laws N` show it first."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.lawbook.laws import default_book
from adjudicator.lawbook.rulesets import chosen
from adjudicator.lawbook.scenarios import GROUPS, for_learner, scenario_docs, scenarios_by_law
from adjudicator.words.lawviews import group_headings

runner = CliRunner()


def _docs(number: int) -> list[tuple[str, dict]]:
    """The law's plain cases, in its file's order."""
    out = []
    for plain in default_book().laws[number].plain:
        found = [(rel, doc) for rel, doc in scenario_docs() if Path(rel).stem == plain]
        assert len(found) == 1, f"law {number}: plain: {plain!r} names no one scenario"
        out += found
    return out


def test_every_law_with_scenarios_has_a_plain_case_that_shows_it() -> None:
    for number in scenarios_by_law():
        assert default_book().laws[number].plain, f"law {number} has scenarios and no plain case"
        for rel, _ in _docs(number):
            assert rel in scenarios_by_law()[number], f"law {number}: its plain case does not show it"


def test_the_plain_case_is_that_laws_own_ruling_under_the_london_laws() -> None:
    """Its ruling, or, where the law grants something (law 24's grace, a scoring law), the law
    named by the scenario in ordinary play, no ruling of another law in the way."""
    for number, law in default_book().laws.items():
        for rel, doc in _docs(number):
            assert doc.get("rules", "cavendish") == "cavendish" and not doc.get("options"), rel
            rulings = (doc.get("expect") or {}).get("rulings") or []
            if rulings:   # the law rules in it: not only another law citing it
                assert any(r["law"] == number for r in rulings), f"law {number}: {rel} has no ruling of law {number}"
            else:
                assert number in doc.get("laws", []), f"law {number}: {rel}"
            if not law.cases:   # a scoring law: shown in ordinary play
                assert not rulings, f"law {number}: {rel}"


def test_the_plain_case_comes_first_then_the_groups_in_order() -> None:
    book = default_book()
    for number in scenarios_by_law():
        groups = for_learner(number, book.laws[number].plain)
        assert groups[0] == ("plain", [rel for rel, _ in _docs(number)])
        assert [g for g, _ in groups] == [g for g in GROUPS if g in dict(groups)]
        assert sorted(r for _, rels in groups for r in rels) == sorted(scenarios_by_law()[number])


def test_law_49_opens_on_the_dealer_marking_two_then_the_non_dealer() -> None:
    """The issue's case: law 49's page opened on a law 18 ruling, its plain case 25th of 25;
    then its second sentence (the dealer refuses and loses the point) was 28th of 29."""
    groups = for_learner(49, default_book().laws[49].plain)
    assert groups[0][1] == ["scenarios/play/law49-played-without-proposing.yaml",
                            "scenarios/play/law49-first-proposal-refused.yaml"]
    text = runner.invoke(app, ["laws", "49"]).output
    table = " ".join(text[text.index("At the table"):].split())
    first = table.index("plays without proposing and loses the point: the dealer marks 2")
    second = table.index("refuses the first proposal and loses the point: the non-dealer marks 2")
    assert table.index(group_headings()["plain"]) < first < second < table.index(group_headings()["game"])
    found = json.loads(runner.invoke(app, ["laws", "49", "--json"]).output)[0]
    assert found["plain"] == "scenarios/play/law49-played-without-proposing.yaml"
    assert found["plain_cases"] == [found["plain"], "scenarios/play/law49-first-proposal-refused.yaml"]


def test_law_24_opens_on_its_grace_not_the_late_announcement() -> None:
    """Law 24 allows a late announcement: its plain cases are the king announced in time, the
    one led first and the dealer's, and the announcements too late come after."""
    groups = dict(for_learner(24, default_book().laws[24].plain))
    assert [Path(r).stem for r in groups["plain"]] == ["law24-king-led-announced-before-played-to",
                                                      "law24-dealer-king-announced-before-playing-again"]
    assert "law24-king-led-announced-after-played-to" in [Path(r).stem for r in groups["more"]]


@pytest.mark.slow
def test_the_book_law_page_opens_with_the_plain_case(book_dir: Path) -> None:
    page = (book_dir / "law-17.html").read_text(encoding="utf-8")
    scenarios = page[page.index('<section class="scenarios">'):]
    assert scenarios.index('id="group-plain"') < scenarios.index('id="scenario-law17-dealer-six-drawn"') \
        < scenarios.index('id="group-game"') < scenarios.index('id="scenario-law17-dealer-six-by-count-king-at-game-point"')


def test_the_groups_say_what_a_scenario_adds() -> None:
    book = default_book()

    def grouped(number: int) -> dict[str, list[str]]:
        return {g: [Path(r).stem for r in rels] for g, rels in for_learner(number, book.laws[number].plain)}
    assert grouped(17) == {"plain": ["law17-dealer-six-drawn"], "more": ["law17-dealer-six-fresh-deal"],
                           "game": ["law17-dealer-six-by-count-king-at-game-point"]}
    assert "law08-order-changed-claimed-after-turn-up" in grouped(9)["other_law"]
    assert "king-after-first-card-never-french" in grouped(23)["rule_set"]
    assert "law49-vole-unaffected" in grouped(49)["ordinary"]


def test_under_a_rule_set_a_law_it_changes_opens_with_its_own_scenarios() -> None:
    """The newcomer's trial: French law 5's page gave three London cases of the highest card,
    its French case on law 14's page; law 24's on law 23's; law 49's in no book."""
    book, french = default_book(), chosen("french")

    def grouped(number: int) -> list[tuple[str, list[str]]]:
        return [(g, [Path(r).stem for r in rels]) for g, rels in for_learner(number, book.laws[number].plain, french)]
    for number, change in french.changes.items():
        groups = grouped(number)
        assert groups[0][0] == "in_force" and groups[0][1][0] == change.plain, number
        assert [g for g, _ in groups] == [g for g in GROUPS if g in dict(groups)]
    assert set(grouped(5)[0][1]) == {"cut-for-deal-lowest-deals", "cut-for-deal-lowest-ace-low"}
    assert grouped(24)[0][1] == ["king-after-first-card-never-french"]
    assert "refusal-point-on-vole-on-french" in grouped(49)[0][1]
    assert "law49-vole-unaffected" in dict(grouped(49))["ordinary"]   # the London case, after
    assert "cut-for-deal-lowest-deals" in dict(grouped(14))["more"]   # the book's own rules: not "another rule set"
    london = [(g, [Path(r).stem for r in rels]) for g, rels in for_learner(5, book.laws[5].plain, chosen(None))]
    assert [g for g, _ in london][0] == "plain"


def test_the_headings_say_whose_scenarios_they_are() -> None:
    headings = group_headings("the French rules", changed=True)
    assert headings["in_force"] == "Under the French rules"
    assert headings["plain"] == "Under the London laws: the plain case"
    assert headings["rule_set"] == group_headings()["rule_set"]
    text = runner.invoke(app, ["laws", "49", "--rules", "french"]).output
    assert text.startswith(f"Law 49. {chosen('french').changes[49].title}\n")
    table = text[text.index("At the table"):]
    assert table.index("Under the French rules:") < table.index("ecarte explain refusal-point-on-vole-on-french")
    assert table.index("Under the London laws: in ordinary play") < table.index("ecarte explain law49-vole-unaffected")
