"""Laws 26-43: claims the log cannot bear out are errors in the log, not rulings; remedies taken
during the play leave the hands right."""
from __future__ import annotations

import pytest

from adjudicator import LogError, adjudicate_text

from logs import PROPOSED, dealt_by_count

DEALT = dealt_by_count("8H")

KNOWN = PROPOSED + "  - accept: {by: A}\n"

ONE_TRICK = """  - play: {by: Y, card: KS}
  - play: {by: A, card: 9C}
"""


def fails(log: str, message: str) -> None:
    with pytest.raises(LogError) as err:
        adjudicate_text(log, "log.yaml")
    assert message in str(err.value)


@pytest.mark.parametrize("claim, message", [
    ("{by: Y, irregularity: revoke, player: A, trick: 3}", "A has played no card to a lead in trick 3"),
    ("{by: Y, irregularity: failure_to_win, player: A, card: QS}", "A has played no card to a lead with QS"),
    ("{by: A, irregularity: revoke, player: Y}", "Y has played no card to a lead"),
])
def test_a_revoke_the_play_cannot_hold(claim: str, message: str) -> None:
    fails(DEALT + ONE_TRICK + f"  - claim: {claim}\n", message)


def test_a_revoke_before_the_adversary_played_to_anything() -> None:
    fails(DEALT + "  - play: {by: Y, card: KS}\n  - claim: {by: Y, irregularity: revoke, player: A}\n",
          "A has played no card to a lead")


def test_a_revoke_claimed_after_a_tricks_summary_is_ruled() -> None:
    report = adjudicate_text(DEALT + "  - tricks: {A: 3, Y: 2}\n"
                             "  - claim: {by: Y, irregularity: revoke, player: A, trick: 2}\n", "log.yaml")
    assert [(r.law, r.offender, r.chooser) for r in report.rulings] == [(43, "A", "Y")]


@pytest.mark.parametrize("events, message", [
    ("  - claim: {by: A, irregularity: retraction, player: Y}\n", "Y has not proposed in this deal"),
    ("  - propose: {by: Y}\n  - claim: {by: Y, irregularity: retraction, player: A}\n",
     "A has not accepted or refused a proposal in this deal"),
])
def test_nothing_to_retract(events: str, message: str) -> None:
    fails(DEALT + events, message)


def test_an_exchange_after_a_refusal_that_stands() -> None:
    fails(DEALT + "  - propose: {by: Y}\n  - refuse: {by: A}\n  - accept: {by: A}\n"
                  "  - discard: {by: Y, count: 1}\n",
          "A refused it, and his refusal stands")


def test_a_hand_completed_in_the_play_takes_only_what_it_is_owed() -> None:
    fails(KNOWN + """  - discard: {by: Y, cards: [7D, 8D]}
  - give: {to: Y, cards: [AH]}
  - discard: {by: A, cards: [7S]}
  - give: {to: A, cards: [QC]}
  - play: {by: Y, card: KS}
  - play: {by: A, card: 7C}
  - claim: {by: Y, irregularity: too_few_given, player: Y}
  - elect: {by: Y, option: complete_from_stock}
  - give: {to: Y, cards: [10S, KD, 8S]}
""", "Y is owed 1 card from the stock to complete his hand, not 3")


def test_superfluous_cards_drawn_in_the_play_leave_five_less_those_played() -> None:
    report = adjudicate_text(KNOWN + """  - discard: {by: A, cards: [7S]}
  - give: {to: A, cards: [QC, KD]}
  - look: {by: A}
  - play: {by: Y, card: KS}
  - play: {by: A, card: 7C}
  - claim: {by: Y, irregularity: too_many_given, player: A}
  - elect: {by: Y, option: draw_superfluous}
  - play: {by: A, card: QC}
  - play: {by: Y, card: 9S}
  - play: {by: A, card: JC}
  - play: {by: Y, card: 8D}
  - play: {by: A, card: 10H}
  - play: {by: Y, card: QH}
  - play: {by: Y, card: 7D}
  - play: {by: A, card: 9H}
""", "log.yaml")
    assert [(r.law, r.elected) for r in report.rulings] == [(33, "draw_superfluous")]
    assert report.score == {"A": 1, "Y": 0}
