"""Open choices show their outcomes (RULINGS.md, "Open choices"): each option's score, winner
and game value, and a report score that counts only what stands whatever is chosen."""
from __future__ import annotations

import json
from pathlib import Path

import yaml
from typer.testing import CliRunner

from adjudicator import adjudicate_file, outcomes
from adjudicator.cli import app

LAWS = Path(__file__).resolve().parent.parent / "scenarios" / "laws"
OPEN_11 = LAWS / "law11-choice-open-king-among-the-cards.yaml"
OPEN_43 = LAWS / "law43-revoke-claimed-choice-open.yaml"
CHOSEN_43 = LAWS / "law43-revoke-vole-scores-one.yaml"
runner = CliRunner()


def test_a_choice_made_carries_no_outcomes() -> None:
    report = adjudicate_file(str(CHOSEN_43)).to_json()
    assert "outcomes" not in report["rulings"][0] and report["score"] == {"A": 1, "Y": 0}


def test_the_text_says_each_outcome_in_words() -> None:
    out = runner.invoke(app, ["adjudicate", str(OPEN_43)]).output
    out = " ".join(out.split())   # the text is wrapped to 80 columns
    assert 'if Y chooses "the hands are played again": A 0, Y 0' in out
    assert 'if Y chooses "the deal stands as it is": A 1, Y 0' in out
    assert "only the points that stand whatever is chosen" in out
    assert "Score A 2, Y 0 as recorded, before what is still open is settled" in out


def test_validate_gives_what_adjudicate_gives(tmp_path: Path) -> None:
    archive = tmp_path / "open.jsonl"
    logs = [adjudicate_file(str(p)) for p in (OPEN_11, OPEN_43)]
    archive.write_text("".join(json.dumps(yaml.safe_load(p.read_text())) + "\n" for p in (OPEN_11, OPEN_43)))
    for jobs in ("1", "2"):
        lines = runner.invoke(app, ["validate", "--json", "--jobs", jobs, str(archive)]).output.splitlines()
        got = [json.loads(line) for line in lines]
        assert [{k: v for k, v in g.items() if k != "source"} for g in got] == [r.to_json() for r in logs]


def test_too_many_combinations_are_capped_and_say_so(monkeypatch) -> None:
    monkeypatch.setattr(outcomes, "MAX_RUNS", 2)
    monkeypatch.setattr(outcomes, "MIN_RUNS", 2)
    report = adjudicate_file(str(OPEN_11)).to_json()
    assert report["outcomes_capped"] is True
    ruling = report["rulings"][0]
    assert set(ruling["outcomes"]) == {"choose_trump"}   # the two cards: the cap is reached
    assert ruling["outcomes"]["choose_trump"]["cards"]["KH"]["score"] == {"A": 1, "Y": 0}


def test_the_least_over_the_choices_and_a_winner_only_in_all() -> None:
    players = ["A", "Y"]
    won = {"score": {"A": 5, "Y": 1}, "winner": "A", "game_value": 1}
    not_yet = {"score": {"A": 3, "Y": 2}, "winner": None, "game_value": None}
    assert outcomes._least([won, not_yet], players) == {"score": {"A": 3, "Y": 1}, "winner": None, "game_value": None}
    assert outcomes._least([won, won], players)["winner"] == "A"


UNKNOWN_25 = LAWS / "law25-adversary-king-not-known.yaml"


def test_each_value_of_an_unknown_fact_has_its_figures_and_the_score_holds_for_both() -> None:
    report = adjudicate_file(str(UNKNOWN_25)).to_json()
    either = report["rulings"][0]["unknown"]["adversary_holds_king"]
    assert either["true"]["score"] == {"A": 0, "Y": 2} and either["false"]["score"] == {"A": 0, "Y": 0}
    assert report["score"] == {"A": 0, "Y": 0}
    out = runner.invoke(app, ["adjudicate", str(UNKNOWN_25)]).output
    assert "if the adversary himself holds the king: law 25 (25:adversary-holds-king)" in out
    assert "Then: A 0, Y 2." in out


def test_unknown_facts_past_the_cap_are_not_replayed_and_say_so(monkeypatch) -> None:
    monkeypatch.setattr(outcomes, "MAX_UNKNOWN", 1)
    report = adjudicate_file(str(UNKNOWN_25)).to_json()
    assert report["outcomes_capped"] is True
    assert "score" not in report["rulings"][0]["unknown"]["adversary_holds_king"]["true"]
