"""The six disputes of issue 16, settled with `resolve` as a player would, each with the law's
answer (the law texts quoted are those of the shared seed, laws 24, 25, 40, 43, 49, 50, 51).

Each walks the questions asked, in order, with the answer given to each; the ending is checked
against the law, and the told log against `adjudicate`."""
import json

from adjudicator import adjudicate_text
from adjudicator.words.report import report_json
from adjudicator.dispute.resolve import Resolve

A, Y = "A", "Y"   # A deals in every dispute here: Y is the non-dealer (elder hand)


def settle(said: list[tuple[str, object]]):
    """Answer each question, checking it asks the fact expected; the ending (a Turn)."""
    res = Resolve(players=[A, Y])
    answers = []
    for fact, value in said:
        turn = res.step(answers)
        assert turn.question is not None, (answers, "ended before", fact)
        assert turn.question.fact == fact, (answers, turn.question.fact, fact)
        assert value in [c.value for c in turn.question.choices], (fact, value)
        answers.append(value)
    turn = res.step(answers)
    assert turn.question is None, (answers, "asks", turn.question.fact)
    return turn


def words(turn) -> str:
    return " ".join(turn.final_words.split())


def replayed(final) -> dict:
    return report_json(adjudicate_text(json.dumps(final["log"]), "<told>"))


def test_a_mark_the_hand_entitles_is_no_overscore_law_49():
    """A marks 2 for the point after Y played without proposing: law 49 entitles him to two."""
    turn = settle([("irregularity", "overscore"), ("player", A), ("player", "dealer"),
                   ("mark_for", "point"), ("marked", 2), ("tricks", 3), ("exchange", "no_proposal")])
    assert turn.status == 0 and turn.final["ruling"] is None
    assert turn.final["score"] == {A: 2, Y: 0}
    said = words(turn)
    assert "No irregularity" in said and "A marks 2, law 49" in said and "Marked on the table: A 2" in said
    assert replayed(turn.final)["rulings"] == [] and replayed(turn.final)["score"] == {A: 2, Y: 0}
    # after an exchange the point is worth one (law 48): the second is an overscore (law 51)
    turn = settle([("irregularity", "overscore"), ("player", A), ("player", "dealer"),
                   ("mark_for", "point"), ("marked", 2), ("tricks", 3), ("exchange", "exchanged")])
    assert turn.final["ruling"]["law"] == 51 and turn.final["score"] == {A: 1, Y: 0}
    # one marked of the two owed is no overscore, and the other may still be marked until the
    # next deal's trump card is turned up (law 50): the dispute is told up to now
    short = settle([("irregularity", "overscore"), ("player", A), ("player", "dealer"),
                    ("mark_for", "point"), ("marked", 1), ("tricks", 3), ("exchange", "no_proposal")])
    assert short.final["ruling"] is None and short.final["score"] == {A: 1, Y: 0}
    assert "the other 1 may still be marked before the next deal's trump card is turned up" in words(short)


def test_a_king_announced_before_the_dealer_plays_again_is_in_time_law_24():
    """'If the king be the card first played by the dealer, he may announce it at any time
    before he plays again.'"""
    lateness = [("irregularity", "late_king"), ("player", A), ("player", "dealer"), ("first_card_king", True)]
    turn = settle(lateness + [("announced", "before_again"), ("short_of_game", False)])
    assert turn.status == 0 and turn.final["ruling"] is None and turn.final["score"] == {A: 1, Y: 0}
    assert "A played the king of trumps as his first card and announced it before he played again: " \
        "A marks 1, law 47 and law 24" in words(turn)
    late = settle(lateness + [("announced", "later"), ("short_of_game", False)])
    assert late.final["ruling"]["law"] == 24 and late.final["score"] == {A: 0, Y: 0}
    # 'If the king be the card first led, it may be announced at any time prior to its being played to.'
    led = settle([("irregularity", "late_king"), ("player", A), ("player", "non_dealer"),
                  ("first_card_king", True), ("announced", "before_again"), ("short_of_game", False)])
    assert led.final["ruling"] is None and led.final["score"] == {A: 0, Y: 1}
    events = [next(iter(e)) for e in led.final["log"]["events"]]
    assert events.index("announce_king") < len(events) - 1 and events[-1] == "play"   # played to after


def test_a_revoke_found_at_the_end_scores_as_law_43_cuts_it():
    """Y revokes, wins three tricks after A refused the first proposal: 'if he win the point
    when his adversary has ... refused the first proposal, he marks only one.'"""
    revoke = [("irregularity", "revoke"), ("player", A), ("player", "non_dealer"), ("tricks", 3)]
    turn = settle(revoke + [("exchange", "refused")])
    ruling = turn.final["ruling"]
    assert ruling["law"] == 43 and ruling["chooser"] == A
    assert ruling["outcomes"]["play_on"]["score"] == {A: 0, Y: 1}
    assert ruling["outcomes"]["replay_hand"]["score"] == {A: 0, Y: 0}
    assert replayed(turn.final)["rulings"][-1]["outcomes"] == ruling["outcomes"]
    # 'If the offender win the point he marks nothing': without the refusal, nothing; and "I
    # don't know" gives each outcome with the fact it turns on
    unknown = settle(revoke + [("exchange", None)])
    each = {json.dumps(o["if"]["exchange"]): o["ruling"]["outcomes"]["play_on"]["score"][Y]
            for o in unknown.final["outcomes_if"]}
    assert each == {'"refused"': 1, '["no_proposal", "exchanged"]': 0}
    assert "If A (the dealer) refused the first proposal:" in unknown.final_words


def test_a_lead_out_of_turn_played_to_is_told_without_a_take_back_law_40():
    """'after it has been played to, the error cannot be rectified': the dispute is the claim."""
    turn = settle([("irregularity", "lead_out_of_turn"), ("player", A), ("player", "dealer"),
                   ("played_to", True)])
    ruling = turn.final["ruling"]
    assert (ruling["law"], ruling["case"], ruling["options"]) == (40, "40:after-played-to", ["card_stands"])
    events = turn.final["log"]["events"]
    assert not any("take_back" in e for e in events) and "claim" in events[-1]
    assert "took up" not in ruling["summary"] and "took up" not in turn.final_words
    assert "For illustration only" in words(turn) and "7♠" in words(turn) and "7S" not in words(turn)


def test_an_omitted_score_is_lost_only_at_the_next_turn_up_law_50():
    """'he may rectify the omission at any time before the trump card of the next deal is turned up.'"""
    omitted = [("irregularity", "omitted_score"), ("player", A), ("player", "non_dealer"), ("mark_for", "point")]
    late = settle(omitted + [("marked_when", "late"), ("tricks", 3)])
    assert late.final["ruling"]["law"] == 50 and late.final["score"] == {A: 0, Y: 0}
    in_time = settle(omitted + [("marked_when", "in_time"), ("tricks", 3), ("exchange", "refused")])
    assert in_time.final["ruling"] is None and in_time.final["score"] == {A: 0, Y: 2}   # law 49
    # he won no point: there was nothing to omit, and his mark is an overscore (law 51)
    nothing = settle(omitted + [("marked_when", "late"), ("tricks", 2), ("exchange", "exchanged")])
    assert nothing.final["ruling"]["law"] == 51


def test_a_false_king_cuts_the_offenders_point_unless_the_adversary_holds_it_law_25():
    """A announces the king without holding it and plays on; he wins the point after Y played
    without proposing: 'he marks only one'. 'But if the adversary himself hold the king, there
    is no penalty': the point counts as law 49 gives it, the king announced does not."""
    false = [("irregularity", "false_king"), ("player", A), ("player", "dealer"), ("concerned_played", True)]
    turn = settle(false + [("adversary_holds_king", False), ("tricks", 3), ("exchange", "no_proposal")])
    ruling = turn.final["ruling"]
    assert ruling["case"] == "25:misled" and ruling["chooser"] == Y
    assert ruling["outcomes"]["play_on"]["score"] == {A: 1, Y: 0}
    held = settle(false + [("adversary_holds_king", True), ("tricks", 3), ("exchange", "no_proposal")])
    assert held.final["ruling"]["case"] == "25:adversary-holds-king"
    assert held.final["score"] == {A: 2, Y: 0}
