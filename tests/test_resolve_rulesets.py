"""`ecarte resolve --rules NAME --option KEY=VALUE` (issue 33): under each rule set and variant
the interview reaches every case of the law book and of laws/rules/ that applies under it, in
at most 8 questions, and `adjudicate` rules the log it tells the same way."""
import io
import json

import pytest

from adjudicator import adjudicate_text
from adjudicator.dispute.resolve import Resolve
from adjudicator.lawbook.laws import default_book
from adjudicator.lawbook.rulesets import in_force
from adjudicator.words.interview import run_json
from adjudicator.words.report import report_json

from interviews import MAX_QUESTIONS, Caller

pytestmark = pytest.mark.slow   # the interview tree walked under every rule set

RULES = {
    "cavendish": ("cavendish", {}),
    "french": ("french", {}),
    "modern": ("modern", {}),
    "modern with doubling": ("modern", {"doubling": True}),
    "offer_point": ("modern", {"offer_point": True}),
    "ace_high": ("modern", {"ace_high": True}),
    "pool": ("modern", {"pool": True}),
    "linked": ("cavendish", {"match": "linked"}),
}


def _rules(name):
    rules, options = RULES[name]
    return in_force(rules, options, 3 if options.get("pool") else 2)


def applying(rules) -> set[str]:
    """The cases that apply under these rules: a law's whose option facts hold, a rule's whose
    option is on."""
    options = rules.options.to_json()
    return {c.ref for cases in default_book().by_irregularity.values() for c in cases
            if (c.law is not None or options.get(c.rule) is True)
            and all(f not in options or options[f] in allowed for f, allowed in c.tests)}


def reached(res) -> dict[str, list]:
    """Each case some path of known answers (no "I don't know") ends on alone, within 8
    questions: the first such path."""
    found: dict[str, list] = {}

    def walk(answers):
        turn = res.step(answers)
        if turn.question is None:
            ruling = turn.final.get("ruling")
            if ruling and "outcomes_if" not in turn.final:
                found.setdefault(ruling["case"], answers)
            return
        if len(answers) >= MAX_QUESTIONS:
            return
        for choice in turn.question.choices:
            if choice.text != res.words.interview["unknown"]:
                walk(answers + [choice.value])

    for irregularity in default_book().by_irregularity:
        if res.cases(irregularity):
            walk([irregularity])
    return found


@pytest.mark.parametrize("name", list(RULES))
def test_every_case_that_applies_is_reached_and_ruled_the_same_way(name):
    rules = _rules(name)
    res = Resolve(rules=rules)
    wanted = applying(rules)
    found = reached(res)
    assert wanted <= set(found), sorted(wanted - set(found))
    for ref in sorted(wanted):
        answers = found[ref]
        out = io.StringIO()
        assert run_json(res, Caller(out, answers), out) == 1
        final = json.loads(out.getvalue().splitlines()[-1])
        assert final["ruling"]["case"] == ref
        header = final["log"]
        assert (header.get("rules", "cavendish"), header.get("options", {})) == (RULES[name][0], RULES[name][1])
        report = report_json(adjudicate_text(json.dumps(final["log"]), "<resolved>"))
        again = [r for r in report["rulings"] if r["case"] == ref and r["claimed"]]
        assert again, (ref, [r["case"] for r in report["rulings"]])
        for key in ("law", "rule", "chooser", "options", "irregularity"):
            assert again[-1].get(key) == final["ruling"].get(key), (ref, key)
    print(f"\n{name}: {len(wanted & set(found))} of {len(wanted)} cases reached")


def _ends(rules, options, answers):
    """The interview's ending for these answers (each question answered by value), checked
    against `adjudicate` on the log it tells: the same rulings claimed and the same score."""
    res = Resolve(rules=in_force(rules, options))
    turn = res.step(answers)
    assert turn.question is None, (answers, turn.question and turn.question.fact)
    final = turn.final
    report = report_json(adjudicate_text(json.dumps(final["log"]), "<resolved>"))
    assert report["score"] == final["score"]
    assert [r["case"] for r in report["rulings"] if r["claimed"]] == ([final["ruling"]["case"]] if final["ruling"] else [])
    return turn


def _asked(rules, options, answers):
    return Resolve(rules=in_force(rules, options)).step(answers).question


OFFER, DOUBLE = ("modern", {"offer_point": True}), ("modern", {"doubling": True})


def test_an_offer_declined_and_the_offerers_trick_is_two_points_not_an_overscore():
    # the non-dealer offered the point, the dealer declined, the non-dealer took one trick and marked 2
    q = _asked(*OFFER, ["overscore", "non_dealer", None, 2])
    assert q.fact == "offer" and "his_declined" in [c.value for c in q.choices]
    turn = _ends(*OFFER, ["overscore", "non_dealer", None, 2, "his_declined", 1])
    assert turn.final["ruling"] is None and turn.status == 0
    assert turn.final["score"] == {"dealer": 0, "non_dealer": 2}
    assert "the rule “Offering the point, before play begins” of the modern rulebook" in " ".join(turn.final_words.split())
    # he took no trick: the dealer's vole stands, and the non-dealer's 2 is an overscore (law 51)
    turn = _ends(*OFFER, ["overscore", "non_dealer", None, 2, "his_declined", 0])
    assert turn.final["ruling"]["law"] == 51


def test_a_double_declined_by_a_vulnerable_player_is_two_for_the_doubler():
    # the non-dealer led without proposing; the dealer doubled, the non-dealer declined; the dealer marked 2
    q = _asked(*DOUBLE, ["overscore", "dealer", None, 2])
    assert q.fact == "double"
    turn = _ends(*DOUBLE, ["overscore", "dealer", None, 2, "his_declined", "no_proposal"])
    assert turn.final["ruling"] is None and turn.final["score"] == {"dealer": 2, "non_dealer": 0}
    assert "the rule “Doubling the hand, before the third trick” of the modern rulebook" in " ".join(turn.final_words.split())
    # the non-dealer had proposed and been given cards: not vulnerable, the doubler's 2 is one too many
    turn = _ends(*DOUBLE, ["overscore", "dealer", None, 2, "his_declined", "exchanged"])
    assert turn.final["ruling"]["law"] == 51


def test_an_offer_accepted_from_the_dealer_who_refused_is_two_for_the_acceptor():
    turn = _ends(*OFFER, ["overscore", "non_dealer", "point", 2, "accepted", "refused"])
    assert turn.final["ruling"] is None and turn.final["score"] == {"dealer": 0, "non_dealer": 2}


def test_a_french_vole_with_the_refusal_point_is_three():
    q = _asked("french", {}, ["overscore", "non_dealer", "vole"])
    assert [c.value for c in q.choices] == [1, 2, 3]
    turn = _ends("french", {}, ["overscore", "non_dealer", "vole", 3, 5, "refused"])
    assert turn.final["ruling"] is None and turn.final["score"] == {"dealer": 0, "non_dealer": 3}
    # under the London laws a vole is two, whatever the refusal: three is not offered
    assert [c.value for c in _asked("cavendish", {}, ["overscore", "non_dealer", "vole"]).choices] == [1, 2]


def test_the_marks_offered_are_those_the_rules_in_force_allow():
    doubled = [c.value for c in _asked(*DOUBLE, ["overscore", "non_dealer", None]).choices]
    assert doubled == [1, 2, 4]      # a point, a vole or a vulnerable point, either doubled
    assert [c.value for c in _asked("cavendish", {}, ["overscore", "non_dealer", None]).choices] == [1, 2]


@pytest.mark.parametrize("rules, answers, score", [
    (DOUBLE, ["double_out_of_time", "dealer", "in_time"], {"dealer": 0, "non_dealer": 0}),
    (DOUBLE, ["double_unanswered", "dealer", "declined"], {"dealer": 1, "non_dealer": 0}),
    (OFFER, ["offer_out_of_time", "dealer", "before_play"], {"dealer": 0, "non_dealer": 0}),
    (OFFER, ["offer_unanswered", "dealer", "accepted"], {"dealer": 0, "non_dealer": 1}),
])
def test_a_complaint_of_a_double_or_an_offer_can_end_in_time(rules, answers, score):
    q = _asked(*rules, answers[:2])
    assert len(q.choices) > 1
    turn = _ends(*rules, answers)
    assert turn.final["ruling"] is None and turn.status == 0 and turn.final["score"] == score
    # too late, or never answered (the last answer): the rule's ruling
    assert _ends(*rules, answers[:2] + [q.choices[-1].value]).final["ruling"]["rule"] == list(rules[1])[0]


@pytest.mark.parametrize("rules, options", [("cavendish", {}), ("french", {}), ("cavendish", {"game_to": 3})])
def test_a_king_turned_up_at_game_point_is_asked_and_the_game_is_not_over(rules, options):
    """Law 16 found after the dealer turned up the king one point short of the game: the king
    and the score are asked; a fresh deal takes the king with it, a kept deal loses it (law 19):
    either way the dealer stays one short, and the game goes on."""
    answers = ["wrong_count", "non_dealer", True, False, False, "fewer"]
    q = _asked(rules, options, answers)
    assert q.fact == "turned_king" and [c.value for c in q.choices] == ["none", "turned_up", "at_game"]
    turn = _ends(rules, options, answers + ["at_game"])
    ruling = turn.final["ruling"]
    assert ruling["law"] == 16
    short = in_force(rules, options).options.game_to - 1
    assert {o: v["score"]["dealer"] for o, v in ruling["outcomes"].items()} == {
        "complete_from_stock": short, "fresh_deal": short}
    assert all(v["winner"] is None for v in ruling["outcomes"].values())
    assert turn.final["score"]["dealer"] == short


@pytest.mark.parametrize("options, table", [
    ({"pool": True}, ["Ann", "Bob", "sitting_out"]), ({"match": "linked"}, ["Ann", "Bob"])])
def test_the_next_games_first_deal_dealt_by_the_winner_of_the_game_before(options, table):
    """A pool: the loser sits out, the player coming in deals first; a linked match: the loser
    deals first. The winner who deals it deals out of turn (law 14), and the score is the new
    game's."""
    rules = in_force("modern", options, len(table))
    res = Resolve(players=["Ann", "Bob"], rules=rules)
    answers = ["deal_out_of_turn", "Bob", True]
    q = res.step(answers).question
    assert q.fact == "new_game" and [c.value for c in q.choices] == [False, True]
    final = res.step(answers + [True]).final
    assert final["ruling"]["case"] == "14:out-of-turn-after-turn-up" and final["ruling"]["offender"] == "Bob"
    assert final["score"] == {"Ann": 0, "Bob": 0}
    log = final["log"]
    assert log["players"] == table
    report = report_json(adjudicate_text(json.dumps(log), "<resolved>"))
    assert report["games"][0]["winner"] == "Bob" and report["games"][-1]["players"] in (["Ann", "Bob"], ["Bob", "Ann"])
    assert [r["case"] for r in report["rulings"] if r["claimed"]] == ["14:out-of-turn-after-turn-up"]
    # under a single game there is no next game to ask about
    assert Resolve(players=["Ann", "Bob"], rules=in_force("modern")).step(answers).question is None


def test_a_dealer_who_took_no_card_from_an_empty_stock_broke_no_rule():
    """Modern: the dealer's duty to exchange lapses when the stock is empty."""
    q = _asked("modern", {}, ["dealer_took_no_card", True])
    assert q.fact == "stock_left" and [c.value for c in q.choices] == [True, False]
    turn = _ends("modern", {}, ["dealer_took_no_card", True, False])
    assert turn.final["ruling"] is None and turn.status == 0
    ruled = _ends("modern", {}, ["dealer_took_no_card", True, True]).final["ruling"]
    assert ruled["case"] == "dealer_must_exchange:after-the-first-card"


@pytest.mark.parametrize("rules", ["cavendish", "modern"])
def test_a_king_announced_too_late_at_game_point_does_not_end_the_game(rules):
    """The holder one point short of the game: announced after his first card (law 23) the king
    does not count, and the game goes on; announced in time it is his game."""
    answers = ["late_king", "non_dealer"] + ([False] if rules == "cavendish" else [])
    q = _asked(rules, {}, answers + ["later"])
    assert q.fact == "short_of_game" and [c.value for c in q.choices] == [False, True]
    late = _ends(rules, {}, answers + ["later", True])
    assert late.final["ruling"]["law"] == 23 and late.final["score"]["non_dealer"] == 4
    assert report_json(adjudicate_text(json.dumps(late.final["log"]), "<late>"))["winner"] is None
    in_time = _ends(rules, {}, answers + ["before_playing", True])
    assert in_time.final["ruling"] is None and in_time.final["score"]["non_dealer"] == 5
    assert report_json(adjudicate_text(json.dumps(in_time.final["log"]), "<in time>"))["winner"] == "non_dealer"
