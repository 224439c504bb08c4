"""The deal (laws 1-25): claims the log cannot bear out are errors in the log, never a ruling
(nor a traceback)."""
from __future__ import annotations

import pytest

from adjudicator import LogError, adjudicate_text

HEAD = """ecarte: 1
players: [A, Y]
dealer: A
events:
"""

DEALT = """  - deal: {to: Y, count: 3}
  - deal: {to: A, count: 3}
  - deal: {to: Y, count: 2}
  - deal: {to: A, count: 2}
"""


def fails(events: str, message: str) -> None:
    with pytest.raises(LogError) as err:
        adjudicate_text(HEAD + events, "log.yaml")
    assert message in str(err.value)


@pytest.mark.parametrize("irregularity", [
    "more_than_one_turned", "exposed_card", "faced_card", "exposed_in_cut", "short_cut",
    "improper_shuffle", "shuffle_out_of_turn", "no_turn_up", "late_king"])
@pytest.mark.parametrize("where", ["before", "dealing", "turned"])
def test_a_public_irregularity_the_log_does_not_show(irregularity: str, where: str) -> None:
    claim = f"  - claim: {{by: Y, irregularity: {irregularity}}}\n"
    events = {"before": claim + DEALT,
              "dealing": DEALT[:DEALT.index("  - deal: {to: Y, count: 2}")] + claim,
              "turned": DEALT + "  - turn_up: {card: KH}\n" + claim}[where]
    fails(events + "  - tricks: {A: 3, Y: 2}\n" if where == "turned" else events,
          "in plain view and is recorded by")


@pytest.mark.parametrize("irregularity", ["wrong_count", "wrong_order", "deal_out_of_turn",
                                          "wrong_pack", "insufficient_stock"])
def test_a_fault_of_the_dealer_before_any_deal(irregularity: str) -> None:
    fails(f"  - claim: {{by: Y, irregularity: {irregularity}}}\n", "no deal has begun")


def test_a_deal_out_of_turn_the_log_shows_in_turn() -> None:
    fails(DEALT + "  - claim: {by: Y, irregularity: deal_out_of_turn}\n",
          "dealt by A, whose turn it was")


@pytest.mark.parametrize("claim", ["{by: Y, irregularity: wrong_count, player: Y}",
                                   "{by: Y, irregularity: wrong_count, player: Y, count: 2}",
                                   "{by: Y, irregularity: wrong_count, player: A}"])
def test_a_wrong_number_claimed_while_the_cards_are_being_dealt(claim: str) -> None:
    fails("  - deal: {to: Y, count: 3}\n  - deal: {to: A, count: 3}\n"
          f"  - claim: {claim}\n", "the cards are still being dealt")


def test_a_hand_given_its_last_packet_may_be_claimed_short() -> None:
    report = adjudicate_text(HEAD + "  - deal: {to: Y, count: 3}\n  - deal: {to: A, count: 3}\n"
                             "  - deal: {to: Y, count: 1}\n"
                             "  - claim: {by: Y, irregularity: wrong_count, player: Y}\n", "log.yaml")
    assert [(r.law, r.irregularity) for r in report.rulings] == [(9, "wrong_count")]


@pytest.mark.parametrize("events,law", [
    ("  - deal: {to: Y, count: 3}\n  - deal: {to: A, count: 3}\n  - deal: {to: Y, count: 3}\n"
     "  - deal: {to: A, count: 2}\n  - claim: {by: Y, irregularity: wrong_count, player: Y}\n", 9),
    ("  - deal: {to: Y, cards: [KS, QS, JS]}\n  - expose: {card: QS}\n", 13)])
def test_a_fresh_deal_elected_after_looking_where_the_deal_goes_on(events: str, law: int) -> None:
    fails(events + "  - look: {by: Y}\n  - elect: {by: Y, option: fresh_deal}\n" + DEALT,
          f"law {law} no longer gives him the choice of `fresh_deal`")


def test_more_cards_laid_out_than_are_superfluous() -> None:
    fails("  - deal: {to: Y, count: 3}\n  - deal: {to: A, count: 3}\n  - deal: {to: Y, count: 3}\n"
          "  - deal: {to: A, count: 2}\n  - turn_up: {card: KH}\n"
          "  - claim: {by: Y, irregularity: wrong_count, player: Y}\n"
          "  - elect: {by: Y, option: discard_superfluous}\n  - discard: {by: Y, count: 2}\n",
          "lays out his superfluous card (1), not 2")
