"""The JSON interview takes one kind of answer: at every question of `resolve` (and `quiz`), a
player is answered by his id or by his role, and every choice has an id of its own."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.dispute.resolve import Resolve
from adjudicator.teaching.quiz import Quiz
from adjudicator.words.interview import _answer_value

ROLES = ("dealer", "non_dealer")


def _questions(res: Resolve) -> list:
    """Every question the interview can ask, each once, with the dealer it was asked under:
    every answer to every question walked."""
    seen: dict = {}

    def walk(answers):
        q = res.step(answers).question
        if q is None:
            return
        dealer = answers[1] if res.players and len(answers) > 1 else "dealer"
        seen.setdefault((q.id, q.fact, q.text, tuple(c.key for c in q.choices), dealer), (q, dealer))
        for value in dict.fromkeys(c.value for c in q.choices):
            walk(answers + [value])

    first = res.step([]).question
    seen[("first",)] = (first, None)
    for irregularity in dict.fromkeys(c.value for c in first.choices):
        walk([irregularity])
    return list(seen.values())


@pytest.fixture(scope="module", params=[None, ["Ann", "Bob"]], ids=["roles", "names"])
def asked(request, interview):
    res = interview(request.param)
    return res, _questions(res)


def _picks(question, message) -> object:
    kind, value = _answer_value(question, {"id": question.id, **message})
    assert kind == "answer", (question.text, message, value)
    return value


@pytest.mark.slow   # the whole interview tree walked
def test_a_choice_id_is_unique_within_its_question(asked):
    res, questions = asked
    assert len(questions) > 50
    for q, _ in questions:
        ids = [c["id"] for c in q.to_json()["choices"]]
        assert all(isinstance(i, str) and i for i in ids), q.text
        assert len(set(ids)) == len(ids), (q.text, ids)
        for c in q.choices:   # a choice's id answers it
            assert _picks(q, {"choice": c.key}) == c.value


@pytest.mark.slow   # the whole interview tree walked
def test_the_first_question_keeps_one_choice_per_irregularity_id_at_each_moment(asked):
    res, questions = asked
    first = res.step([]).question.to_json()["choices"]
    counted = [c for c in first if c["value"] == "wrong_count"]
    assert len(counted) == 4 and counted[0]["id"] == "wrong_count"
    assert [c["id"] for c in counted[1:]] == ["wrong_count@turn_up", "wrong_count@exchange", "wrong_count@play"]
    assert len({c["id"] for c in first}) == len(first)


@pytest.mark.slow   # the whole interview tree walked
def test_a_player_is_answered_by_his_id_or_his_role_at_every_question(asked):
    res, questions = asked
    kinds = set()
    for q, dealer in questions:
        players = [c for c in q.choices if c.player is not None]
        if not players:
            assert not any(isinstance(c.value, str) and c.value in ROLES for c in q.choices), q.text
            continue
        kinds.add(q.fact)
        assert len({c.player for c in players}) == len(players), q.text   # no id names two choices
        for c in players:
            assert _picks(q, {"value": c.player}) == c.value
            if c.role is not None:
                assert _picks(q, {"value": c.role}) == c.value
                assert (c.player == dealer) == (c.role == "dealer"), (q.text, dealer, c)
        if q.id != "q2" or q.fact != "player":   # who dealt (or cut) decides the roles
            assert {c.role for c in players} == set(ROLES), q.text
    assert {"player", "concerns", "offender_is"} <= kinds


def _run(args, answers):
    text = "".join(json.dumps(a) + "\n" for a in answers)
    result = CliRunner().invoke(app, ["resolve", "--json", *args], input=text)
    return result.exit_code, [json.loads(line) for line in result.stdout.splitlines()]


def test_through_the_command_names_and_roles_are_one_kind_of_answer():
    by_id = _run(["--players", "Ann,Bob"], [{"id": "q1", "value": "lead_out_of_turn"}, {"id": "q2", "value": "Bob"},
                                             {"id": "q3", "value": "Ann"}, {"id": "q4", "value": False}])
    by_role = _run(["--players", "Ann,Bob"], [{"id": "q1", "choice": "lead_out_of_turn"}, {"id": "q2", "value": "Bob"},
                                               {"id": "q3", "value": "non_dealer"}, {"id": "q4", "value": False}])
    assert by_id == by_role and by_id[0] == 1
    said = by_id[1]
    who = said[2]["question"]
    assert who["text"] == "Who led out of turn?"
    assert [(c["player"], c["role"]) for c in who["choices"]] == [("Bob", "dealer"), ("Ann", "non_dealer")]
    assert said[-1]["ruling"]["offender"] == "Ann" and said[-1]["ruling"]["law"] == 40


def test_who_dealt_takes_a_name_and_says_why_not_a_role():
    status, said = _run(["--players", "Ann,Bob"], [{"id": "q1", "value": "more_than_one_turned"},
                                                    {"id": "q2", "value": "dealer"}])
    assert status == 2
    error = said[2]["error"]
    assert error.startswith('"dealer" is not one of the answers offered: "Ann", "Bob"') and "by his id" in error


def test_a_choice_found_at_another_moment_is_answered_by_its_id():
    status, said = _run([], [{"id": "q1", "choice": "wrong_count@turn_up"}])
    assert status == 2 and said[1]["question"]["id"] == "q2" and "error" not in said[1]
    status, said = _run([], [{"id": "q1", "choice": "wrong_count@nowhere"}])
    assert '"wrong_count@nowhere" is not the id of a choice' in said[1]["error"]


def test_the_quiz_takes_a_player_by_id_or_role_too():
    quiz = Quiz(7, 12, None)
    answers: list = []
    checked = 0
    for _ in range(12):
        turn = quiz.step(answers)
        q = turn.question
        if q is None:
            break
        keys = [c["id"] for c in q.to_json()["choices"]]
        assert len(set(keys)) == len(keys), q.text
        for c in q.choices:
            if c.player is not None:
                assert _picks(q, {"value": c.player}) == c.value
                if c.role is not None:
                    assert _picks(q, {"value": c.role}) == c.value
                    checked += 1
        answers.append(q.choices[0].value)
    assert checked


def test_a_line_that_is_not_json_is_said_in_plain_words():
    result = CliRunner().invoke(app, ["resolve", "--json", "--players", "A,Y"], input='{"id": "q1" "value": 1}\n')
    errors = [json.loads(line)["error"] for line in result.stdout.splitlines() if "error" in json.loads(line)]
    assert errors == ["not JSON: a comma was expected at column 13"]
