"""The exchange (laws 26-38): the table each remedy leaves, and the logs it refuses."""
from __future__ import annotations

import pytest

from adjudicator import LogError, adjudicate_text, read_text
from adjudicator.engine.replay import Replay

from logs import PROPOSED, dealt_by_count

HEAD = PROPOSED

SHORT_STOCK = dealt_by_count("10H") + """  - propose: {by: Y}
  - accept: {by: A}
  - discard: {by: Y, count: 5}
  - give: {to: Y, count: 5}
  - discard: {by: A, count: 5}
  - give: {to: A, count: 5}
  - propose: {by: Y}
  - accept: {by: A}
  - discard: {by: Y, count: 4}
  - give: {to: Y, count: 4}
  - discard: {by: A, count: 4}
  - give: {to: A, count: 4}
  - propose: {by: Y}
"""


def replay(events: str, head: str = HEAD) -> Replay:
    r = Replay(read_text(head + events, "t"))
    r.run()
    return r


def rulings(r: Replay) -> list[tuple[int, str, str | None]]:
    return [(x.law, x.irregularity, x.elected) for x in r.rulings]


def fails(events: str, message: str, head: str = HEAD) -> None:
    with pytest.raises(LogError) as e:
        adjudicate_text(head + events, "t")
    assert message in str(e.value)


def test_retracted_number_restores_the_first() -> None:
    r = replay("  - accept: {by: A}\n  - ask: {by: Y, count: 2}\n  - ask: {by: Y, count: 3}\n")
    assert rulings(r) == [(26, "retraction", "retraction_refused")]
    assert r.deals[0].asked == 2


@pytest.mark.parametrize("first,second,stands", [("accept", "refuse", "accept"), ("refuse", "accept", "refuse")])
def test_retracted_answer_restores_the_first(first: str, second: str, stands: str) -> None:
    r = replay(f"  - {first}: {{by: A}}\n  - {second}: {{by: A}}\n")
    assert rulings(r) == [(27, "retraction", "retraction_refused")]
    assert r.deals[0].answer == stands and r.deals[0].first_answer == first


def test_refusal_stands_so_no_discard() -> None:
    fails("  - refuse: {by: A}\n  - accept: {by: A}\n  - discard: {by: Y, count: 1}\n",
          "a discard comes after the dealer accepts a proposal")


def test_cards_given_in_two_goes_are_no_error() -> None:
    r = replay("  - accept: {by: A}\n  - discard: {by: Y, cards: [7D, 8D]}\n"
               "  - give: {to: Y, cards: [AH]}\n  - look: {by: Y}\n  - give: {to: Y, cards: [10S]}\n"
               "  - tricks: {A: 2, Y: 3}\n")
    assert r.rulings == [] and r.pending == []


def test_discard_after_the_give_is_no_error_of_number() -> None:
    r = replay("  - accept: {by: A}\n  - ask: {by: Y, count: 2}\n  - give: {to: Y, count: 2}\n"
               "  - discard: {by: Y, count: 2}\n  - tricks: {A: 2, Y: 3}\n")
    assert r.rulings == []


def test_not_taken_up_returns_the_last_card_to_the_stock() -> None:
    r = replay("  - accept: {by: A}\n  - discard: {by: Y, cards: [7D, 8D]}\n  - ask: {by: Y, count: 3}\n"
               "  - give: {to: Y, cards: [AH, 10S, KD]}\n"
               "  - claim: {by: A, irregularity: took_more_than_discarded}\n")
    deal = r.deals[0]
    assert rulings(r) == [(29, "took_more_than_discarded", "rectify")]
    assert sorted(map(str, deal.hands["Y"].cards)) == ["10S", "9S", "AH", "KS", "QH"]
    assert deal.stock == 21 - 2 and deal.round_given["Y"] == 2 and deal.asked == 2


def test_claimed_count_where_the_log_shows_counts() -> None:
    r = replay("  - accept: {by: A}\n  - discard: {by: Y, count: 2}\n  - give: {to: Y, count: 2}\n"
               "  - claim: {by: Y, irregularity: too_many_given, player: Y, count: 6}\n"
               "  - elect: {by: Y, option: discard_superfluous}\n  - discard: {by: Y, count: 1}\n",
               HEAD.replace("cards: [7D, 8D, 9S]", "count: 3").replace("cards: [QH, KS]", "count: 2"))
    deal = r.deals[0]
    assert rulings(r) == [(31, "too_many_given", "discard_superfluous")]
    assert deal.hands["Y"].size == 5 and deal.stock == 21 - 3


@pytest.mark.parametrize("claim,message", [
    ("{by: A, irregularity: too_many_given, player: Y}", "a claim of it gives the number"),
    ("{by: A, irregularity: too_many_given, player: Y, count: 4}", "has no more than the 5 due"),
    ("{by: A, irregularity: asked_fewer_than_discarded, player: A, count: 4}", "said of the non-dealer"),
])
def test_claims_the_log_does_not_bear_out(claim: str, message: str) -> None:
    fails("  - accept: {by: A}\n  - discard: {by: Y, cards: [7D, 8D]}\n  - give: {to: Y, count: 2}\n"
          f"  - claim: {claim}\n", message)


def test_claims_where_the_log_shows_every_card() -> None:
    fails("  - accept: {by: A}\n  - discard: {by: Y, cards: [7D]}\n  - give: {to: Y, cards: [AH]}\n"
          "  - claim: {by: A, irregularity: too_many_given, player: Y, count: 6}\n",
          "the log shows every card of Y's hand")


def test_discard_looked_at_needs_a_discard() -> None:
    fails("  - accept: {by: A}\n  - claim: {by: A, irregularity: discard_looked_at}\n",
          "there is no discard to look at")


def test_exposed_card_refused_without_a_give_is_replaced_by_an_unknown_card() -> None:
    r = replay("  - accept: {by: A}\n  - discard: {by: Y, cards: [7D, 8D]}\n"
               "  - give: {to: Y, cards: [AH, 10S]}\n  - expose: {card: 10S}\n"
               "  - elect: {by: Y, option: refuse_exposed}\n  - discard: {by: A, count: 1}\n")
    deal = r.deals[0]
    hand = deal.hands["Y"]
    assert hand.size == 5 and hand.unknown == 1 and "10S" in map(str, deal.aside)
    assert deal.stock == 21 - 3


def test_exposed_card_refused_shown_by_a_replacing_give() -> None:
    r = replay("  - accept: {by: A}\n  - discard: {by: Y, cards: [7D, 8D]}\n"
               "  - give: {to: Y, cards: [AH, 10S]}\n  - expose: {card: 10S}\n"
               "  - give: {to: Y, cards: [KD]}\n  - tricks: {A: 2, Y: 3}\n")
    assert rulings(r) == [(36, "exposed_card", "refuse_exposed")]
    assert r.deals[0].stock == 21 - 3 and r.pending == []


def test_faced_card_leaves_the_stock() -> None:
    r = replay("  - accept: {by: A}\n  - discard: {by: Y, cards: [7D, 8D]}\n  - faced: {card: KD}\n")
    assert rulings(r) == [(35, "faced_card", "throw_aside")]
    assert r.deals[0].stock == 20 and "KD" in map(str, r.deals[0].aside)


TURNED = ("  - accept: {by: A}\n  - discard: {by: Y, cards: [7D, 8D]}\n  - give: {to: Y, cards: [AH, 10S]}\n"
          "  - turn_up: {card: KD}\n  - propose: {by: Y}\n")


def test_card_turned_in_error_taken_by_count() -> None:
    r = replay(TURNED + "  - accept: {by: A}\n  - discard: {by: Y, count: 1}\n  - give: {to: Y, count: 1}\n")
    assert rulings(r) == [(37, "turned_in_error", "take_exposed")]
    assert r.deals[0].stock == 21 - 3


def test_card_turned_in_error_elected_before_the_proposal() -> None:
    r = replay(TURNED.replace("  - propose: {by: Y}\n", "  - elect: {by: Y, option: take_exposed}\n  - propose: {by: Y}\n")
               + "  - accept: {by: A}\n  - discard: {by: Y, cards: [9S]}\n  - give: {to: Y, cards: [KD]}\n")
    assert rulings(r) == [(37, "turned_in_error", "take_exposed")]
    assert r.pending == [] and r.deals[0].stock == 21 - 3


def test_barred_refusal_becomes_an_acceptance() -> None:
    r = replay(TURNED + "  - refuse: {by: A}\n")
    assert rulings(r)[-1] == (37, "refusal_barred", "rectify")
    assert r.deals[0].answer == "accept" and r.deals[0].first_answer == "accept"


def test_stock_short_dealer_takes_back_his_discard() -> None:
    r = replay("  - accept: {by: A}\n  - discard: {by: Y, count: 2}\n  - give: {to: Y, count: 2}\n"
               "  - discard: {by: A, count: 2}\n", SHORT_STOCK)
    deal = r.deals[0]
    assert rulings(r) == [(38, "insufficient_stock", "exchange_what_remains")]
    assert deal.hands["A"].size == 5 and deal.hands["Y"].size == 5 and deal.stock == 1


def test_stock_short_non_dealer_discard_beyond_the_stock_goes_back() -> None:
    r = replay("  - accept: {by: A}\n  - discard: {by: Y, count: 4}\n  - give: {to: Y, count: 3}\n",
               SHORT_STOCK)
    deal = r.deals[0]
    assert rulings(r) == [(38, "insufficient_stock", "exchange_what_remains")]
    assert deal.hands["Y"].size == 5 and deal.stock == 0 and r.pending == []


@pytest.mark.parametrize("events,message", [
    ("  - accept: {by: A}\n  - discard: {by: Y, count: 2}\n  - give: {to: Y, count: 2}\n"
     "  - discard: {by: A, count: 2}\n  - give: {to: A, count: 1}\n", "A takes no cards"),
    ("  - accept: {by: A, conditional: true}\n  - discard: {by: Y, count: 2}\n"
     "  - discard: {by: A, count: 2}\n  - give: {to: Y, count: 2}\n", "Y takes no cards"),
])
def test_stock_short_nothing_more_is_given(events: str, message: str) -> None:
    fails(events, message, SHORT_STOCK)


def test_stock_short_a_new_proposal_is_a_new_round() -> None:
    """After the condition failed, the non-dealer may propose again: the dealer's new answer is
    judged against what the stock holds now (law 38), not refused as a log error."""
    r = replay("  - accept: {by: A, conditional: true}\n  - ask: {by: Y, count: 4}\n  - propose: {by: Y}\n"
               "  - accept: {by: A}\n  - discard: {by: Y, count: 4}\n  - give: {to: Y, count: 3}\n", SHORT_STOCK)
    assert rulings(r) == [(38, "insufficient_stock", "exchange_what_remains")]
    assert r.deals[0].proposals == 4 and r.deals[0].hands["Y"].size == 5 and r.deals[0].stock == 0


def test_stock_short_conditional_each_takes_back_his_discard() -> None:
    r = replay("  - accept: {by: A, conditional: true}\n  - discard: {by: Y, count: 2}\n"
               "  - discard: {by: A, count: 2}\n", SHORT_STOCK)
    deal = r.deals[0]
    assert rulings(r) == []   # the condition fails: no irregularity
    assert deal.hands["A"].size == 5 and deal.hands["Y"].size == 5 and deal.stock == 3


def test_a_proposal_said_twice_is_one_proposal() -> None:
    """Saying "I propose" again before the answer is the same word said again, not a log error."""
    r = replay("  - propose: {by: Y}\n  - accept: {by: A}\n")
    assert rulings(r) == [] and r.deals[0].proposals == 1 and r.deals[0].answer == "accept"
