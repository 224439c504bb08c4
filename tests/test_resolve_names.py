"""`ecarte resolve --players Ann,Bob` (issue 33, item 6): where the players are named, no
question and no answer of the interview calls a player "he"; each names the player, or says
it without a pronoun. Where they are not named, the role words stay."""
import functools
import re

import pytest

from adjudicator.dispute.page import graph
from adjudicator.dispute.resolve import Resolve
from adjudicator.lawbook.rulesets import in_force

HE = re.compile(r"\b(he|his|him|himself)\b", re.I)
OFFER, DOUBLE = ("modern", {"offer_point": True}), ("modern", {"doubling": True})


@functools.cache
def said(rules: str, options: tuple) -> set[str]:
    """Every question and answer the interview can ask (the page's walk), the players named."""
    g = graph(Resolve(players=["Ann", "Bob"], rules=in_force(rules, dict(options))))
    texts = g["texts"]
    return {texts[q["t"]] for q in g["questions"]} | {texts[c[0]] for q in g["questions"] for c in q["c"]}


@pytest.mark.slow   # the whole interview tree walked (the page's graph)
@pytest.mark.parametrize("rules, options", [("cavendish", ()), ("modern", (("doubling", True),)),
                                            ("modern", (("offer_point", True),))], ids=["london", "doubling", "offer"])
def test_no_question_or_answer_calls_a_named_player_he(rules, options):
    assert not sorted(t for t in said(rules, options) if HE.search(t))


@pytest.mark.slow   # the whole interview tree walked (the page's graph)
def test_a_question_about_one_role_names_its_player():
    asked = said("cavendish", ())
    assert "Had Ann (the dealer) looked at (taken up) the cards dealt?" in asked
    assert "Had Bob (the non-dealer) proposed (asked for cards) in this deal?" in asked


def test_an_offers_answers_name_the_offerer_and_the_one_who_declined():
    q = Resolve(players=["Ann", "Bob"], rules=in_force(*OFFER)).step(["overscore", "Ann", "non_dealer", None, 2])
    assert q.question.fact == "offer"
    texts = {c.value: c.text for c in q.question.choices}
    assert texts["his_declined"] == "Bob offered the point, and Ann declined"
    assert texts["accepted"] == "Ann offered the point, and Bob accepted"


def test_unnamed_the_answers_say_the_roles():
    q = Resolve(rules=in_force(*DOUBLE)).step(["overscore", "non_dealer", None, 2])
    assert q.question.fact == "double"
    texts = {c.value: c.text for c in q.question.choices}
    assert texts["his_declined"] == "the non-dealer doubled, and the dealer declined"
    assert texts["declined"] == "the dealer doubled, and the non-dealer declined"


def test_the_ending_tells_the_offer_with_both_names():
    turn = Resolve(players=["Ann", "Bob"], rules=in_force(*OFFER)).step(["overscore", "Ann", "non_dealer", None, 2,
                                                                         "his_declined", 1])
    told = " ".join(turn.final_words.split())
    assert "Bob offered the point and Ann declined" in told and not HE.search(told.split("In the words of")[0])
