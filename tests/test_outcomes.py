"""Open choices show their outcomes (RULINGS.md, "Open choices"): each option's score, winner
and game value, and a report score that counts only what stands whatever is chosen."""
from __future__ import annotations

import json
from pathlib import Path

import yaml
from hypothesis import assume, given, settings, strategies as st
from typer.testing import CliRunner

from adjudicator import adjudicate_file
from adjudicator.engine import outcomes
from adjudicator.cli import app
from adjudicator.record.log import read_text
from adjudicator.engine.replay import Replay
from adjudicator.words.report import report_json

LAWS = Path(__file__).resolve().parent.parent / "scenarios" / "laws"
OPEN_11 = LAWS / "law11-choice-open-king-among-the-cards.yaml"
OPEN_43 = LAWS / "law43-revoke-claimed-choice-open.yaml"
CHOSEN_43 = LAWS / "law43-revoke-vole-scores-one.yaml"
runner = CliRunner()


def test_a_choice_made_carries_no_outcomes() -> None:
    report = report_json(adjudicate_file(str(CHOSEN_43)))
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
        assert [{k: v for k, v in g.items() if k != "source"} for g in got] == [report_json(r) for r in logs]


def test_too_many_combinations_are_capped_and_say_so(monkeypatch) -> None:
    monkeypatch.setattr(outcomes, "MAX_RUNS", 2)
    monkeypatch.setattr(outcomes, "MIN_RUNS", 2)
    report = report_json(adjudicate_file(str(OPEN_11)))
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
    report = report_json(adjudicate_file(str(UNKNOWN_25)))
    either = report["rulings"][0]["unknown"]["adversary_holds_king"]
    assert either["true"]["score"] == {"A": 0, "Y": 2} and either["false"]["score"] == {"A": 0, "Y": 0}
    assert report["score"] == {"A": 0, "Y": 0}
    out = runner.invoke(app, ["adjudicate", str(UNKNOWN_25)]).output
    assert "if the adversary himself holds the king: law 25 (25:adversary-holds-king)" in out
    assert "Then: A 0, Y 2." in out


def test_unknown_facts_past_the_cap_are_not_replayed_and_say_so(monkeypatch) -> None:
    monkeypatch.setattr(outcomes, "MAX_UNKNOWN", 1)
    report = report_json(adjudicate_file(str(UNKNOWN_25)))
    assert report["outcomes_capped"] is True
    assert "score" not in report["rulings"][0]["unknown"]["adversary_holds_king"]["true"]


def _law21_log(game_to: int, six: bool, king: bool, proposed: bool, dealer_tricks: int) -> dict:
    """A deals himself a wrong number, plays without taking cards, the tricks are made; then Y
    claims (law 21) and the log ends: the choice open, maybe with the game reached before it."""
    events = [{"deal": {"to": "Y", "count": 3}}, {"deal": {"to": "A", "count": 3}},
              {"deal": {"to": "Y", "count": 2}}, {"deal": {"to": "A", "count": 3 if six else 1}},
              {"turn_up": {"card": "KS" if king else "8H"}}, {"look": {"by": "Y"}}]
    if proposed:
        events += [{"propose": {"by": "Y"}}, {"look": {"by": "A"}}, {"accept": {"by": "A"}},
                   {"discard": {"by": "Y", "count": 1}}, {"ask": {"by": "Y", "count": 1}},
                   {"give": {"to": "Y", "count": 1}}, {"discard": {"by": "A", "count": 0}}]
    events += [{"tricks": {"A": dealer_tricks, "Y": 5 - dealer_tricks}},
               {"claim": {"by": "Y", "irregularity": "wrong_count", "player": "A"}}]
    return {"ecarte": 1, "players": ["A", "Y"], "dealer": "A",
            "options": {"game_to": game_to}, "events": events}


@given(game_to=st.integers(1, 5), six=st.booleans(), king=st.booleans(), proposed=st.booleans(),
       dealer_tricks=st.integers(0, 5))
@settings(max_examples=40, deadline=None)
def test_an_open_choice_at_the_end_agrees_with_each_election_made(
        game_to: int, six: bool, king: bool, proposed: bool, dealer_tricks: int) -> None:
    """Differential: the outcome given for each option of a choice left open is what the same
    log says with that option elected at its end; the score is the least over them (a game the
    option would have won before the claim included)."""
    assume(six or dealer_tricks < 5)   # a hand of four cards wins four tricks at most
    log = _law21_log(game_to, six, king, proposed, dealer_tricks)
    report = Replay(read_text(json.dumps(log), "open")).run()
    ruling = next(r for r in report.rulings if r.claimed)
    assert ruling.open and set(ruling.outcomes) == set(ruling.options)
    for option, figures in ruling.outcomes.items():
        chosen = dict(log, events=log["events"] + [{"elect": {"by": "Y", "option": option}}])
        done = Replay(read_text(json.dumps(chosen), option)).run()
        assert (figures["score"], figures["winner"], figures["game_value"]) == (
            done.score, done.winner, done.game_value)
    assert report.score == {p: min(f["score"][p] for f in ruling.outcomes.values()) for p in "AY"}
    winners = {f["winner"] for f in ruling.outcomes.values()}
    assert report.winner == (winners.pop() if len(winners) == 1 else None)
