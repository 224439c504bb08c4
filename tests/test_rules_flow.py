"""The game's flow as `engine.rules` decides it, once for the replay, the lean scan and the
generator: each function against its law's (or its variant's) cases, edges included."""
from __future__ import annotations

import pytest

from adjudicator.engine.rules import (champion, dealer_after, double_in_time, first_trick_open, next_game,
                                      offer_in_time, shuffled_last)


@pytest.mark.parametrize(("shuffles", "last"), [
    ([], True),                  # nobody shuffled
    (["D"], True),               # the dealer alone
    (["N"], True),               # the non-dealer alone: the dealer did not use his right
    (["N", "D"], True),          # the dealer after him
    (["D", "N", "D"], True),     # the dealer shuffled again, last
    (["D", "N"], False),         # law 1: the non-dealer shuffled after the dealer
    (["N", "D", "N"], False),
    (["D", "D", "N", "N"], False),
])
def test_shuffled_last_is_law_1(shuffles: list[str], last: bool) -> None:
    assert shuffled_last(shuffles, "D") is last


def test_first_trick_open_only_until_the_first_lead_is_answered() -> None:
    assert first_trick_open(0, answered=False)        # the first card led, not yet played to
    assert not first_trick_open(0, answered=True)     # the second card is on it
    assert not first_trick_open(1, answered=False)    # a later trick's lead
    assert not first_trick_open(4, answered=True)


def test_a_double_is_in_time_until_the_third_trick_is_led() -> None:
    assert [double_in_time(n) for n in range(6)] == [True, True, True, False, False, False]


def test_an_offer_is_in_time_only_before_the_first_card() -> None:
    assert offer_in_time(0)
    assert not offer_in_time(1)
    assert not offer_in_time(5)


def test_the_deal_passes_to_the_non_dealer_after_a_hand() -> None:
    assert dealer_after("D", "N", "D") == "N"


def test_a_fresh_deal_is_dealt_by_the_same_dealer() -> None:
    assert dealer_after("D", "N", "D", fresh=True) == "D"
    assert dealer_after("N", "D", "D", fresh=True) == "N"   # a deal out of turn dealt afresh: still his


def test_after_a_deal_void_the_rightful_dealer_deals() -> None:
    assert dealer_after("N", "D", "D", void=True) == "D"


def test_a_deal_out_of_turn_that_stood_passes_as_any_deal() -> None:
    # law 14: the deal stands as his who made it; the next passes to his adversary, the rightful dealer
    assert dealer_after("N", "D", "D") == "D"


@pytest.mark.parametrize(("winners", "won_by"), [
    ([], None),
    ([None], None),
    (["A"], None),
    (["A", "Y"], None),
    (["A", "A"], "A"),            # two games running
    (["A", "Z", "Z"], "Z"),
    (["A", "Z", "A"], None),      # two games, but not running
    (["A", "Z", "A", "A"], "A"),
])
def test_a_pool_is_won_by_two_games_running(winners: list[str | None], won_by: str | None) -> None:
    assert champion(winners, pool=True) == won_by


@pytest.mark.parametrize(("winners", "won_by"), [
    ([], None),
    (["A"], None),
    (["A", "Y"], None),
    (["A", "A"], "A"),
    (["A", "Y", "A"], "A"),       # two games of three, not running
    (["A", "Y", "Y"], "Y"),
])
def test_a_linked_match_is_won_by_two_games(winners: list[str | None], won_by: str | None) -> None:
    assert champion(winners, pool=False) == won_by


def test_in_a_pool_the_loser_sits_out_and_the_player_who_sat_out_deals() -> None:
    assert next_game(("A", "Y", "Z"), ("A", "Y"), "A", pool=True) == ({"A", "Z"}, "Z")
    assert next_game(("A", "Y", "Z"), ("Z", "Y"), "Y", pool=True) == ({"Y", "A"}, "A")


def test_in_a_linked_match_the_same_two_play_and_the_loser_deals() -> None:
    assert next_game(("A", "Y"), ("Y", "A"), "Y", pool=False) == ({"A", "Y"}, "A")
    assert next_game(("A", "Y"), ("A", "Y"), "Y", pool=False) == ({"A", "Y"}, "A")
