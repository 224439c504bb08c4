"""The endings of `ecarte resolve` say only what the person told and what the laws say: no order
the interview never asked, no card the builder chose in a sentence, the rules in force named,
a reading marked, and "I don't know" told as one line a way with each law's words once."""
from __future__ import annotations

import re

import pytest

from adjudicator.dispute.resolve import Resolve
from adjudicator.lawbook.rulesets import in_force
from adjudicator.words.vocabulary import default_words

WORDS = default_words()
ILLUSTRATION = WORDS.interview["cards"].split("{")[0]
CARD = re.compile(r"(?<![\w♠♥♦♣])(K|Q|J|A|10|9|8|7)[SHDC♠♥♦♣](?![\w♠♥♦♣])")
DEVELOPER = re.compile(r"\.yaml|\.txt|\bevent \d|\(event|\b\d+:[a-z0-9]+-[a-z0-9-]+|\b[a-z]+_[a-z_]+\b")


def _end(answers, players=("A", "Y"), rules=None):
    turn = Resolve(players=list(players) if players else None, rules=rules).step(answers)
    assert turn.question is None, turn.question and turn.question.text
    return turn


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def endings(dispute_graph) -> list[str]:
    """Every line of every ending of the interview (the dispute page's texts)."""
    return [dispute_graph["texts"][i] for e in dispute_graph["endings"] for _, i in e["l"]]


@pytest.mark.slow   # the whole interview tree walked (the page's graph)
def test_no_ending_names_a_card_outside_the_illustration(endings):
    """'Y led KS', 'A played KD to KS': the cards the builder chose stay out of the sentences."""
    said = [t for t in endings if CARD.search(t) and not t.startswith(ILLUSTRATION)]
    assert not said, said[:5]
    shown = [t for t in endings if t.startswith(ILLUSTRATION)]
    assert shown and all("♠" in t or "♥" in t or "♦" in t or "♣" in t for t in shown)
    assert not any(re.search(r"\b(K|Q|J|A|10|9|8|7)[SHDC]\b", t) for t in shown)   # suit signs, not letters


@pytest.mark.slow   # the whole interview tree walked (the page's graph)
def test_no_text_of_the_page_has_developer_words(dispute_graph):
    """No file name, case id, option key or event number in what a player reads: the endings,
    the questions, their answers and why they are asked."""
    said = sorted({t for t in dispute_graph["texts"] if DEVELOPER.search(t)})
    assert not said, said[:5]


@pytest.mark.parametrize("offender, law", [("non_dealer", 26), ("dealer", 27)])
def test_a_retraction_is_told_without_an_order_nobody_gave(offender, law):
    """Law 26 ended "Y asked for 3 after asking for 2" (27: accepted after refusing): the
    interview never asks which word came first."""
    turn = _end(["retraction", "A", offender])
    said = _flat(turn.final_words)
    assert turn.final["ruling"]["law"] == law
    assert " after " not in said.split("Law %d says:" % law)[0], said
    assert "asked for 3" not in said and "accepted after" not in said and "refused after" not in said
    assert "As told: a player took back a proposal, an answer or the number asked for" in said


def test_law_4_asks_who_exposed_the_cards_and_says_one_thing():
    """Nobody has dealt at the cut for deal; the offender cuts again (not "both players cut for
    deal again")."""
    res = Resolve(players=["A", "Y"])
    asked = res.step(["cut_for_deal_exposed"]).question.text
    assert asked == "Who exposed more than one card?"
    said = _flat(res.step(["cut_for_deal_exposed", "Y"]).final_words)
    assert "both players cut for deal again" not in said
    assert "Y must cut again" in said and "As told: more than one card was exposed in cutting for deal; Y did it." in said
    unnamed = _flat(_end(["cut_for_deal_exposed"], players=None).final_words)   # not "The dealer must cut again"
    assert "The player who did it must cut again" in unnamed


def test_a_reading_is_flagged_in_the_ending_and_its_json():
    """Law 5 says nothing of a tie: the ruling on one rests on the book's reading (its open point)."""
    turn = _end(["cut_for_deal_tie", "A"])
    assert turn.final["ruling"]["law"] == 5
    point = Resolve().book.by_irregularity["cut_for_deal_tie"][0].case.open_point
    reading = WORDS.interview["reading"].format(point=point)
    assert point and reading in _flat(turn.final_words) and turn.final["reading"] == reading


def test_a_ruling_on_no_reading_is_not_flagged():
    """Law 4 says all its case needs, and law 11's choice before the look is its own words: no reading."""
    for answers in (["cut_for_deal_exposed", "A"], ["more_than_one_turned", "A", False]):
        turn = _end(answers)
        irr = answers[0]
        assert all(not c.case.open_point for c in Resolve().book.by_irregularity[irr]
                   if c.law == turn.final["ruling"]["law"] and c.case.options == turn.final["ruling"]["options"])
        assert "A reading:" not in _flat(turn.final_words) and "reading" not in turn.final


def test_the_rules_in_force_are_named_first():
    """At the start of the interview, and on the ruling, under its heading."""
    assert Resolve(players=["A", "Y"]).step([]).words == ["Under the London club laws (Cavendish)."]
    assert _end(["cut_for_deal_tie", "A"]).final_words.splitlines()[1] == "  Under the London club laws (Cavendish)."
    french = _end(["retraction", "A", "dealer"], rules=in_force("french"))
    assert french.final_words.splitlines()[1].startswith("  Under the French rules")
    assert french.final["rules"] == french.final_words.splitlines()[1].strip()


def test_a_rule_set_rule_is_headed_by_its_words_not_its_key():
    """The modern rulebook's dealer_must_exchange is introduced as the rulebook's rule and words."""
    res = Resolve(players=["A", "Y"], rules=in_force("modern", {"dealer_must_exchange": True}))
    answers = ["dealer_took_no_card", "A"]
    turn = res.step(answers)
    while turn.question is not None:   # the first answer offered, to an ending
        answers.append(turn.question.choices[0].value)
        turn = res.step(answers)
    said = turn.final_words
    assert turn.final["ruling"]["rule"] == "dealer_must_exchange"
    assert "dealer_must_exchange" not in said and "The law says" not in said
    assert "A rule of the modern rulebook:" in said and "In the words of the modern rulebook:" in said


def test_i_dont_know_ends_in_a_line_a_way_and_the_law_once():
    """A false king with every fact of the hand unknown ended in nine full rulings (law 25
    quoted nine times); now a line for each different ruling, the law's words once."""
    res = Resolve(players=["A", "Y"])
    answers = ["false_king", "A", "dealer", True]
    turn = res.step(answers)
    while turn.question is not None:
        values = [c.value for c in turn.question.choices]
        answers.append(None if None in values else values[0])
        turn = res.step(answers)
    said = turn.final_words
    assert len(turn.final["outcomes_if"]) > 3
    assert said.count("Law 25 says:") == 1 and said.count("If a player, not holding the king") == 1
    rows = [line for line in said.splitlines() if line.startswith("    law 25")]
    assert 1 < len(rows) < len(turn.final["outcomes_if"])   # the same ruling said once, its ways joined
    assert len(said.splitlines()) < 60
    assert "(the score then A 0, Y 2)" in _flat(said)   # each option's score, where they differ
