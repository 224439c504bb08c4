"""The interview drivers: JSON Lines and the plain terminal, over a small interview."""
import io
import json

import pytest

from adjudicator.words.interview import Choice, InterviewEnded, Question, Turn, run_json, run_terminal


class Colours:
    """Two questions; the answers end it; back is allowed."""

    back_allowed = True

    def step(self, answers):
        if not answers:
            return Turn(question=Question("q1", "Red or black?", [Choice("red", "red"), Choice("black", "black")],
                                          fact="colour", why="Hearts and diamonds are red."))
        if len(answers) == 1:
            return Turn(tell=[{"note": answers[0]}], words=[f"noted {answers[0]}"],
                        question=Question("q2", "High?", [Choice(True, "yes"), Choice(False, "no")]))
        return Turn(final={"end": answers}, final_words=f"end {answers}", status=1)


def _run(lines):
    out = io.StringIO()
    status = run_json(Colours(), io.StringIO("".join(json.dumps(l) + "\n" for l in lines)), out)
    return status, [json.loads(l) for l in out.getvalue().splitlines()]


def test_json_answers_back_and_errors():
    status, said = _run([{"id": "q1", "value": "green"}, {"id": "q1", "value": "red"},
                         {"back": True}, {"id": "q1", "value": "black"}, {"id": "q2", "value": 1},
                         {"id": "q2", "value": False}])
    assert status == 1
    kinds = [next(iter(m)) for m in said]
    assert kinds == ["question", "error", "question", "note", "question", "question", "note",
                     "question", "error", "question", "end"]
    assert said[0]["question"]["fact"] == "colour" and said[0]["question"]["why"]
    assert "green" in said[1]["error"] and '"red"' in said[1]["error"]
    assert "1" in said[8]["error"]          # 1 is not false: JSON types are kept apart
    assert said[-1] == {"end": ["black", False]}


def test_json_end_of_input_is_an_error():
    with pytest.raises(InterviewEnded, match="q2"):
        _run([{"id": "q1", "value": "red"}])


def test_json_back_at_the_first_question_is_refused():
    status, said = _run([{"back": True}, {"id": "q1", "value": "red"}, {"id": "q2", "value": True}])
    assert said[1] == {"error": "there is no question to go back to"} and status == 1


def test_terminal_plain(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("7\n?\n2\nb\n1\n1\n"))
    said = []
    assert run_terminal(Colours(), say=said.append) == 1
    assert "Hearts and diamonds are red." in said and said[-1] == "end ['red', True]"


def test_the_interview_and_the_telling_wrap_as_the_rest_keeping_a_command_whole() -> None:
    """One wrapper (words/textwidth.wrap) for all prose: a command to copy is never cut in two."""
    from adjudicator.dispute.telling import wrap as told
    from adjudicator.words.interview import _fill
    from adjudicator.words.textwidth import wrap
    text = "Type ecarte laws 17 --json to read the law that decides it."
    for said in (_fill(text, 24), told(text, "", 24)):
        assert said.splitlines()[1].startswith("ecarte laws 17 --json"), said
        assert said == "\n".join(wrap(text, "", "", 24))
