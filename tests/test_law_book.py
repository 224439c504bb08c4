"""The whole book: 51 laws, each with the seed's text verbatim, a reading, a rule and a scenario;
and a strict loader that names the file and key of every problem."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from adjudicator.lawbook.scenarios import scenarios_by_law
from adjudicator.lawbook.laws import LAWS_DIR, LawBookError, load

SEED = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "000_5d49d08c10854333.txt"


def seed_texts() -> dict[int, str]:
    """The laws as the source prints them, page marks {55} and footnote marks [22] removed."""
    text = SEED.read_text(encoding="utf-8")
    body = re.sub(r"\{\d+\}|\[\d+\]", "", text[: text.index("The following French terms")])
    parts = re.split(r"(?m)^(\d+)\.--", body)
    return {int(parts[i]): " ".join(parts[i + 1].split()) for i in range(1, len(parts), 2)}


BOOK = load()


@pytest.mark.skipif(not SEED.exists(), reason="the shared seed is not beside the repository")
def test_every_law_quotes_the_seed_verbatim() -> None:
    texts = seed_texts()
    assert sorted(texts) == list(range(1, 52))
    assert sorted(BOOK.laws) == list(range(1, 52)), f"missing laws: {sorted(set(range(1, 52)) - set(BOOK.laws))}"
    for n, law in BOOK.laws.items():
        assert " ".join(law.text.split()) == texts[n], f"law {n}: text differs from the seed"


def test_every_law_has_a_rule_a_reading_and_a_scenario() -> None:
    shown = scenarios_by_law()
    for n in range(1, 52):
        law = BOOK.laws.get(n)
        assert law is not None, f"law {n} has no rule file"
        assert law.cases or law.scoring, f"law {n} has no rule"
        assert len(law.reading.split()) >= 8, f"law {n}: the reading is too short to explain it"
        assert shown.get(n), f"law {n} has no scenario"


def _broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    folder = tmp_path / "laws"
    shutil.copytree(LAWS_DIR, folder)
    path = next(folder.glob(name))
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return folder


@pytest.mark.parametrize("old,new,message", [
    ("title:", "titel:", "titel: unknown key"),
    ("options: [correct_score]", "options: [correct_scores]", "options.0"),
    ("cites: [47]", "cites: [52]", "refers to law 52, which does not exist"),
    ("when: {mark_for: king, forfeited: false}", "when: {mark_for: king, forfeited: false, colour: red}", "unknown fact 'colour'"),
    ("when: {mark_for: king, forfeited: false}", "when: {mark_for: kings}", "mark_for cannot be 'kings'"),
])
def test_a_broken_rule_file_is_named(tmp_path: Path, old: str, new: str, message: str) -> None:
    folder = _broken(tmp_path, "51-*.yaml", old, new)
    with pytest.raises(LawBookError) as err:
        load(folder)
    assert "51-" in str(err.value) and message in str(err.value)


def test_a_score_a_law_gives_claimed_by_a_rule_too_is_refused(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "rules/offer_point.yaml", "scores: [offer_accepted,", "scores: [point, offer_accepted,")
    with pytest.raises(LawBookError) as err:
        load(folder)
    assert "rules/offer_point.yaml: scores: 'point' is given by law 48 too" in str(err.value)


def test_a_scoring_table_with_a_key_no_law_gives_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECARTE_CACHE_DIR", str(tmp_path / "cache"))
    folder = _broken(tmp_path, "48-*.yaml", "  vole: 2\n", "")
    with pytest.raises(LawBookError) as err:
        load(folder)
    assert str(err.value) == "the scoring tables (laws 46-49) give no vole"


def test_every_score_of_the_stakes_is_given_by_its_variant_s_rule() -> None:
    """What a double or an offer makes a hand score (engine/stakes.py) is the doubling or the
    offer_point rule's, each key once: `explain` cites that rule for it."""
    from adjudicator.engine.stakes import BASES
    assert sorted(BOOK.scoring_rule) == sorted(BASES)
    assert {k: BOOK.scoring_rule[k] for k in BASES} == {
        k: "offer_point" if k.startswith("offer_") else "doubling" for k in BASES}
    assert not set(BOOK.scoring_rule) & set(BOOK.scoring_law)


def test_two_cases_claiming_the_same_moment_are_refused(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "51-*.yaml", "when: {mark_for: [point, vole]}", "when: {mark_for: [king, point, vole]}")
    with pytest.raises(LawBookError) as err:
        load(folder)
    assert "no stated precedence" in str(err.value)


def test_every_irregularity_has_a_rule() -> None:
    from adjudicator.record.log import IRREGULARITIES
    missing = [i for i in IRREGULARITIES if i not in BOOK.by_irregularity]
    assert not missing, f"no case rules on {missing}"


@pytest.mark.parametrize("scenario, law, case, took_cards", [
    ("law21-dealer-played-with-four.yaml", 21, "21:played-without-taking-cards", False),
    ("law21-played-after-taking-cards.yaml", 21, "21:played-after-taking-cards", True),
    ("law20-non-dealer-played-with-six.yaml", 20, "20:played-without-taking-cards", False),
    ("law20-played-after-exchange.yaml", 20, "20:played-after-taking-cards", True),
])
def test_without_taking_cards_is_a_tested_fact_of_laws_20_and_21(scenario: str, law: int, case: str,
                                                                  took_cards: bool) -> None:
    """Laws 20 and 21 say "play without taking cards": their case for it tests the fact, and the
    scenarios show each side of it (a wrong number the exchange made is laws 29-34's instead:
    law33-claimed-as-a-wrong-number.yaml)."""
    from adjudicator.engine.adjudicate import adjudicate_file
    book = load()
    tested = dict(next(c for c in book.laws[law].cases if f"{law}:{c.id}" == case).when)
    assert tested.get("concerned_took_cards") == took_cards
    report = adjudicate_file(str(LAWS_DIR.parent / "scenarios" / "laws" / scenario))
    ruling = next(r for r in report.rulings if r.irregularity == "wrong_count")
    assert (ruling.law, ruling.case, ruling.facts["concerned_took_cards"]) == (law, case, took_cards)
