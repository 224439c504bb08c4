"""The trial of the rule sets' words (findings 2, 4, 7, 8, 9): a deal line says only the tricks
made and what ended the hand; a remedy is said in the words of the irregularity it remedies; a
remedy the log went on without is not said to have been taken."""
from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from adjudicator import adjudicate_file
from adjudicator.cli import app
from adjudicator.engine.adjudicate import adjudicate_text
from adjudicator.words.report import report_text

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
LAWS = ROOT / "scenarios" / "laws"
RULESETS = ROOT / "scenarios" / "rulesets"

# one trick played, won by Y; a double accepted; A abandons (the trial's probe dbl-abandon)
DOUBLED_ABANDON = """\
ecarte: 1
players: [A, Y]
dealer: A
options: {doubling: true}
events:
  - deal: {to: Y, cards: [JS, 10H, 9H]}
  - deal: {to: A, cards: [QS, 7S, KH]}
  - deal: {to: Y, cards: [KD, 8C]}
  - deal: {to: A, cards: [JD, AC]}
  - turn_up: {card: 9S}
  - play: {by: Y, card: KD}
  - play: {by: A, card: JD}
  - double: {by: Y}
  - accept_double: {by: A}
  - abandon: {by: A}
"""

# the point offered and accepted right after the turn-up (the trial's probe offer-first-Y)
OFFER_FIRST = """\
ecarte: 1
players: [A, Y]
dealer: A
options: {offer_point: true}
events:
  - deal: {to: Y, count: 3}
  - deal: {to: A, count: 3}
  - deal: {to: Y, count: 2}
  - deal: {to: A, count: 2}
  - turn_up: {card: 8H}
  - offer_point: {by: Y}
  - accept_offer: {by: A}
"""


def _flat(text: str) -> str:
    return " ".join(text.split())


def _adjudicated(path: Path) -> str:
    return _flat(report_text(adjudicate_file(str(path)), columns=10_000))


def _explained(path: Path, *args: str) -> str:
    return _flat(runner.invoke(app, ["explain", *args, str(path)]).output)


def test_an_abandoned_hand_says_the_tricks_made_and_the_vole_awarded_not_won() -> None:
    text = _flat(report_text(adjudicate_text(DOUBLED_ABANDON), columns=10_000))
    assert "tricks Y 1, A 0 when A abandoned the hand. Score A 0, Y 4." in text
    assert "Y marks 4, law 42; the vole awarded, the hand doubled, rule doubling." in text
    assert "tricks Y 5" not in text and "Y won the vole" not in text


def test_an_abandoned_hand_by_cards_and_by_counts() -> None:
    assert "tricks Y 1, A 0 when A abandoned the hand." in _adjudicated(LAWS / "law42-abandoned-without-a-trick.yaml")
    text = _adjudicated(LAWS / "law42-abandoned-after-playing-without-proposing.yaml")
    assert "tricks Y 1, A 2 when Y abandoned the hand." in text
    assert "A marks 2, law 42; Y had played without proposing and failed to win the point, law 49." in text
    text = _adjudicated(LAWS / "law42-by-counts-abandoned-with-two-tricks-without-proposing.yaml")
    assert "tricks Y 2, A 1 when Y abandoned the hand." in text
    # a hand played again after it was abandoned (law 43) is told by its tricks played again
    assert "tricks Y 1, A 4. Score A 1, Y 0." in _adjudicated(LAWS / "law43-replayed-after-abandoning.yaml")


def test_a_hand_ended_before_the_non_dealer_proposed_or_played() -> None:
    text = _adjudicated(RULESETS / "doubling-declined-before-play.yaml")
    assert "Deal 1: A dealt, turned up 9S; the hand ended before Y proposed or played. Score A 1, Y 0." in text
    text = _flat(report_text(adjudicate_text(OFFER_FIRST), columns=10_000))
    assert "turned up 8H; the hand ended before Y proposed or played." in text
    assert "played without proposing" not in text
    # a hand played without proposing is still said so
    assert "; Y played without proposing; tricks" in _adjudicated(LAWS / "law42-abandoned-after-playing-without-proposing.yaml")


def test_london_law_38_says_the_dealer_takes_none_and_plays_his_hand() -> None:
    path = RULESETS / "stock-shortage-dealer-plays-his-hand.yaml"
    said = ("the non-dealer exchanges as many cards as he asked for, or as many as are left, "
            "and the dealer takes none and plays his hand (law 38)")
    assert f"Compulsory: {said}." in _adjudicated(path)
    assert f"Law 38 rules: compulsory: {said}." in _explained(path)
    assert "the stock serves what it still holds" not in _adjudicated(path)


def test_what_does_not_count_is_said_per_irregularity() -> None:
    assert "Compulsory: the double does not count." in _adjudicated(RULESETS / "doubling-out-of-time.yaml")
    assert "Compulsory: the double does not count." in _adjudicated(RULESETS / "doubling-unanswered.yaml")
    assert "Compulsory: the offer does not count." in _adjudicated(RULESETS / "offer-out-of-time.yaml")
    assert "Compulsory: the offer does not count." in _adjudicated(RULESETS / "offer-unanswered.yaml")
    text = _adjudicated(RULESETS / "doubling-accepted-marked-short.yaml")
    assert "Compulsory: what was not marked in time is lost." in text and "the mark does not count" not in text
    assert "Taken: what was not marked in time is lost." in _explained(LAWS / "law50-omission-never-made-good.yaml")


def test_a_tie_not_cut_again_is_not_said_to_have_been_cut_again() -> None:
    for args in ((), ("--rules", "french")):
        text = _explained(LAWS / "law05-tie-not-cut-again.yaml", *args)
        assert ("Law 5 rules: compulsory: cut again. Not done: Y dealt without a second cut; "
                "the deal that was played stands.") in text
        assert "Taken: cut again" not in text


def test_the_law_book_says_a_remedy_in_its_case_words() -> None:
    text = _flat(runner.invoke(app, ["laws", "38"]).output)
    assert ("Compulsory: the non-dealer exchanges as many cards as he asked for, or as many as are left, "
            "and the dealer takes none and plays his hand (law 38).") in text
    assert "Compulsory: the king cannot be marked." in _flat(runner.invoke(app, ["laws", "24"]).output)
    assert "Compulsory: what was not marked in time is lost." in _flat(runner.invoke(app, ["laws", "50"]).output)


def test_the_quiz_says_a_remedy_in_its_case_words() -> None:
    out = runner.invoke(app, ["quiz", "--law", "24", "--count", "1", "--seed", "2"], input="1\n1\n1\n1\n").output
    assert "“the king cannot be marked” is compulsory" in _flat(out)


def test_an_error_of_number_nobody_found_is_not_said_discovered() -> None:
    text = _adjudicated(RULESETS / "propose-with-count-fewer-than-discarded.yaml")
    assert ("A gave Y 2 cards; he asked for 1. Nobody claimed it at the table, so nothing was done: the game "
            "stands as recorded. Had anyone claimed it, the ruling would have been: once the hand is over: Y may "
            "claim a fresh deal, or let the hand stand as it was played.") in text
    assert "discovered after the hand was played" not in text


def test_a_hand_abandoned_before_any_trick() -> None:
    log = OFFER_FIRST.replace("options: {offer_point: true}\n", "").split("  - offer_point")[0] + "  - abandon: {by: Y}\n"
    text = _flat(report_text(adjudicate_text(log), columns=10_000))
    assert "Y abandoned the hand before a trick was made. Score A 2, Y 0." in text and "tricks Y" not in text


def test_a_discard_part_of_which_went_back_to_the_hand_is_said_whole() -> None:
    """Law 38 sends back to his hand the part of a player's discard the stock cannot serve; an
    error of number after it said "having discarded 1" of the dealer's two cards and "he asked
    for 1" of a non-dealer who laid out two and said nothing: the discard is said whole, with what
    went back and what was due."""
    text = _explained(RULESETS / "stock-shortage-last-takes-what-remains-dealer-takes-none.yaml")
    assert "A gave himself 0 cards having discarded 2, 1 of which went back to his hand (law 38): 1 due." in text
    text = _explained(LAWS / "law38-non-dealer-given-none-of-the-card-left.yaml")
    assert "A gave Y 0 cards; Y had discarded 2, 1 of which went back to his hand (law 38): 1 due." in text
    assert "; he asked for 1" not in text
