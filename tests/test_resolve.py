"""`ecarte resolve`: every case of the law book reached through the JSON interview, in at most
8 questions, and the log it builds ruled the same way by `adjudicate`."""
import io
import json

import pytest

from adjudicator.lawbook.rulesets import in_force
from adjudicator.record.options import NAMES
from adjudicator import adjudicate_text
from adjudicator.words.interview import run_json
from adjudicator.lawbook.laws import Range, default_book
from adjudicator.dispute.resolve import Resolve
from adjudicator.dispute.situation import TELLINGS
from adjudicator.words.report import report_json

from interviews import MAX_QUESTIONS, Caller


def _wanted(case, fact, value):
    """Whether an answer keeps the case: the value its `when:` accepts (any, if it tests none)."""
    for name, allowed in case.tests:
        if name == fact:
            if isinstance(allowed, Range):
                return value is not None and (allowed.min is None or value >= allowed.min) and \
                    (allowed.max is None or value <= allowed.max)
            return value in allowed and value is not None or (value is None and None in allowed)
    return True


def _path(res, irregularity, case):
    """Answers from the case's own `when:` that end on that case (depth first over the answers
    a fact the case does not test leaves free)."""
    def walk(answers):
        turn = res.step(answers)
        if turn.question is None:
            ruling = turn.final["ruling"]
            return answers if ruling and ruling["case"] == case.ref else None
        if len(answers) >= MAX_QUESTIONS:
            return None
        q = turn.question
        if q.fact == "irregularity":
            return walk(answers + [irregularity])
        for choice in q.choices:
            if choice.value is not None or _wanted(case, q.fact, None):
                if _wanted(case, q.fact, choice.value):
                    found = walk(answers + [choice.value])
                    if found:
                        return found
        return None
    return walk([])


def _every_case():
    book = default_book()
    # the laws' cases, and a rule set's own rules that a dispute can be told of (under their option)
    return [(irr, c) for irr, cases in book.by_irregularity.items() for c in cases
            if c.law is not None or irr in TELLINGS]


def _under(case) -> Resolve:
    """An interview under rules where the case's option conditions hold (the London laws, with
    the option values it tests: stock_shortage, king_after_first_card)."""
    wanted = {f: sorted(v)[0] for f, v in case.tests if f in NAMES}
    return Resolve(rules=in_force("cavendish", wanted)) if wanted else LONDON


LONDON = Resolve()


@pytest.mark.slow   # every case's path searched and ruled
def test_every_case_of_the_book_is_reached_and_ruled_the_same_way():
    counts, missing = [], []
    for irr, case in _every_case():
        res = _under(case)
        answers = _path(res, irr, case)
        if answers is None:
            missing.append(f"{irr} {case.ref}")
            continue
        out = io.StringIO()
        status = run_json(res, Caller(out, answers), out)
        said = [json.loads(line) for line in out.getvalue().splitlines()]
        questions = [m for m in said if "question" in m]
        assert status == 1 and len(questions) == len(answers) <= MAX_QUESTIONS
        final = said[-1]
        assert final["ruling"]["case"] == case.ref
        report = report_json(adjudicate_text(json.dumps(final["log"]), "<resolved>"))
        again = [r for r in report["rulings"] if r["case"] == case.ref and r["claimed"]]
        assert again, f"{case.ref}: the log is ruled otherwise: {[r['case'] for r in report['rulings']]}"
        for key in ("law", "chooser", "options", "irregularity"):
            assert again[-1][key] == final["ruling"][key]
        counts.append(len(questions))
    assert not missing, missing
    cases = {c.ref for _, c in _every_case()}
    print(f"\n{len(cases)} cases ({len(counts)} with their irregularity), "
          f"questions: mean {sum(counts) / len(counts):.2f}, max {max(counts)}")
    assert len(counts) == len(_every_case())


def test_every_question_and_answer_fits_an_80_column_menu():
    from adjudicator.words.vocabulary import default_words
    words = default_words()
    texts = [w.words for w in words.irregularities.values()]
    for fact in [*words.facts.values(), *words.hand.values()]:
        texts.append(fact.question)
        texts += [v.answer for v in fact.values.values() if v.answer]
    too_long = [t for t in texts if len(t) + len("   1) ") > 80]
    assert not too_long, too_long


def test_what_an_answer_implies_is_not_asked_again():
    res = Resolve()
    allowed = res.start("wrong_count", "dealer").allowed
    after = res.narrow(allowed, "concerned_played", (True,))
    # he had played: play had begun, so the trump card was turned up, in the play or after it
    assert after["played"] == (True,) and after["turned_up"] == (True,)
    assert after["phase"] == ("play", "over")
    before = res.narrow(allowed, "turned_up", (False,))
    assert before["proposed"] == (False,) and before["answered"] == (False,) and before["exchanged"] == (False,)
    assert res.narrow(before, "played", (True,)) is None          # no play before the turn-up
    turn = res.step(["wrong_count", "non_dealer", False])        # not turned up: law 9 asks the look
    assert turn.question.fact == "non_dealer_looked"


def test_named_players_are_said_with_their_roles():
    turn = Resolve(players=["A", "Y"]).step(["wrong_count", "Y"])     # Y dealt
    assert turn.question.fact == "concerns"
    assert [(c.value, c.text) for c in turn.question.choices] == [
        ("dealer", "the dealer's (Y)"), ("non_dealer", "the non-dealer's (A)")]


@pytest.mark.slow   # the whole interview tree walked
def test_every_path_through_the_interview_ends_in_a_ruling_told_from_a_log(interview):
    """Not only each case's own path: every answer to every question (I don't know included)."""
    res = interview()
    ends = []
    no_law = set()

    def walk(answers):
        turn = res.step(answers)
        if turn.question is None:
            told = turn.final.get("outcomes_if") or [turn.final]
            for each in told:
                assert each["ruling"] is None or each["log"] is not None, answers
                ends.append(each["ruling"] and each["ruling"]["case"])
                if each["ruling"] is None:
                    no_law.add(answers[0])
            assert turn.status == (1 if any(each["ruling"] for each in told) else 0)
            return
        assert len(answers) < MAX_QUESTIONS, answers
        known = [c for c in turn.question.choices if c.text != res.words.interview["unknown"]]
        assert known, answers   # never "I don't know" alone
        assert len(turn.question.choices) > 1, answers   # a question with one answer is not asked
        for choice in turn.question.choices:
            walk(answers + [choice.value])

    for irregularity in default_book().by_irregularity:
        if res.cases(irregularity):   # the rules in force (London's) make it one
            walk([irregularity])
    london = {c.ref for _, c in _every_case() if _under(c) is LONDON}   # the others: under their options
    assert london <= set(ends)
    # no irregularity: a dealer who accepted on condition (law 38); and where the facts of the
    # hand show the act was lawful: a king announced in time (laws 23, 24), the king turned up
    # marked before the next turn-up (law 22), a card taken up to save a revoke (law 39), cards
    # thrown down claiming to score (law 42), new cards called for before the cut (law 44), a
    # mark the hand entitles (laws 47-49), an omitted score marked before the next turn-up (law 50)
    assert no_law == {"insufficient_stock", "late_king", "late_mark_king", "card_taken_back", "abandoned",
                      "late_new_packs", "overscore", "omitted_score"}


@pytest.mark.slow   # the whole interview tree walked
def test_who_did_it_is_asked_and_the_ruling_names_him(interview):
    """Where either player may commit the irregularity, both are offered, and every ruling the
    interview can end on names the one answered as offender (his adversary choosing)."""
    res = interview(["Ann", "Bob"])
    acting = [irr for irr, w in res.words.irregularities.items() if w.who and res.cases(irr)]
    assert {"false_king", "revoke", "lead_out_of_turn", "overscore"} <= set(acting)
    for irr in acting:
        turn = res.step([irr, "Bob"])                         # Bob dealt
        q = turn.question
        assert q.fact == "player" and q.text == res.words.irregularities[irr].who
        assert [c.value for c in q.choices] == ["dealer", "non_dealer"]
        # whoever did it, every case of the irregularity can still be reached
        for role in ("dealer", "non_dealer"):
            state = res.start(irr, "Bob")
            state.actor = state.dealer if role == "dealer" else state.non_dealer
            reached = set()

            def cases(state, depth=0):
                following = res.next_fact(state)
                if following is None:
                    reached.update(c.ref for _, a in res.branches(state) if (c := res.outcome(a, irr)))
                    return
                fact, offered = following
                for value, allowed in offered:
                    cases(type(state)(irr, state.dealer, state.non_dealer, allowed, dict(state.asked, **{fact: value}),
                                      list(state.open), state.actor), depth + 1)

            cases(state)
            # only the dealer marks the king he turned up: only he can mark it when it was forfeited
            only_dealer = {"19:forfeited-king-marked"} if role == "non_dealer" else set()
            assert reached == {c.ref for c in res.cases(irr)} - only_dealer, (irr, role, reached)
        assert [c.text for c in q.choices] == ["Bob (the dealer)", "Ann (the non-dealer)"]
        for role, offender in (("dealer", "Bob"), ("non_dealer", "Ann")):
            ends = []

            def walk(answers):
                turn = res.step(answers)
                if turn.question is None:
                    for each in turn.final.get("outcomes_if") or [turn.final]:
                        if each["ruling"]:
                            ends.append(answers)
                            assert each["ruling"]["offender"] == offender, (answers, each["ruling"])
                            assert each["ruling"]["chooser"] in (None, "Ann" if offender == "Bob" else "Bob")
                            assert any(offender == e.get("by") for ev in each["log"]["events"]
                                       for e in ev.values()), answers
                    return
                for choice in turn.question.choices:
                    walk(answers + [choice.value])

            walk([irr, "Bob", role])
            assert ends, (irr, role)


def test_what_follows_an_option_follows_the_case():
    """Law 17: the non-dealer may look at the cards he draws only if the dealer took up his hand."""
    res = Resolve()
    said = {}
    for irr, case in _every_case():
        if case.ref.startswith("17:before-answer-hand-"):
            answers = _path(res, irr, case)
            said[case.ref] = res.step(answers).final_words
    draws = res.words.next["draw_superfluous"]
    assert " ".join(said["17:before-answer-hand-not-taken-up"].split()).count(
        draws.if_["dealer_looked"][False]) == 1
    assert draws.words in " ".join(said["17:before-answer-hand-taken-up"].split())
    assert draws.if_["dealer_looked"][False] not in " ".join(said["17:before-answer-hand-taken-up"].split())


def test_an_irregularity_found_at_several_moments_is_listed_under_each():
    res = Resolve()
    q = res.step([]).question
    groups = {c.group for c in q.choices if c.value == "wrong_count"}
    words = res.words
    iw = words.irregularities["wrong_count"]
    assert iw.also and groups == {words.moments[m] for m in [iw.moment, *iw.also]}
    assert res.step(["wrong_count"]).question is not None


def test_a_fact_of_the_hand_is_asked_only_where_it_changes_the_ending():
    """A mark of the king turns on where the king was, not on the tricks or the exchange; the
    dealer who turned it up marks it rightly."""
    res = Resolve()
    asked = []
    answers = ["overscore", "dealer", "king", False]   # the dealer marked the king, not forfeited
    while (turn := res.step(answers)).question is not None:
        q = turn.question
        asked.append(q.fact)
        answers.append("turned_up" if q.fact == "king" else q.choices[0].value)
    assert "king" in asked and not {"tricks", "exchange", "marked"} & set(asked)
    assert turn.final["ruling"] is None and turn.final["score"] == {"dealer": 1, "non_dealer": 0}
    # the revoke's score turns on the tricks: "I don't know" gives each outcome, the fact said
    turn = res.step(["revoke", "non_dealer", None, "refused"])
    told = turn.final["outcomes_if"]
    assert len(told) > 1 and all("tricks" in each["if"] for each in told)
    said = {json.dumps(each["if"]["tricks"]): each["ruling"]["outcomes"]["play_on"]["score"] for each in told}
    # law 48: the dealer wins the vole or the point; law 43: the offender who wins the point
    # after a refusal marks one
    assert said == {"0": {"dealer": 2, "non_dealer": 0}, "[1, 2]": {"dealer": 1, "non_dealer": 0},
                    "[3, 4]": {"dealer": 0, "non_dealer": 1}}


def test_unnamed_players_are_said_by_their_roles_in_the_told_ruling():
    """Without names the told log calls the players `dealer` and `non_dealer` (as the JSON
    contract names them); the ruling a person reads says "the dealer" and "the non-dealer", in
    what happened, the case's words and the score, and its JSON keeps the ids."""
    turn = Resolve().step(["shuffle_out_of_turn"])
    said = " ".join(turn.final_words.split())
    assert "As told: the non-dealer shuffled last. The dealer has the right" in said
    assert "The score now: the dealer 0, the non-dealer 0." in said
    assert "non_dealer" not in said
    assert turn.final["ruling"]["offender"] == "non_dealer" and turn.final["log"]["events"][1]["shuffle"]["by"] == "non_dealer"
    named = " ".join(Resolve(players=["A", "Y"]).step(["shuffle_out_of_turn", "A"]).final_words.split())
    assert "As told: Y (the non-dealer) shuffled last." in named and "The score now: A 0, Y 0." in named
