"""`ecarte quiz`: the JSON Lines contract (INTERVIEW.md), the grading against the adjudicator's
own rulings over every scenario, the explanations, bad input, and the terminal version."""
from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import adjudicate_file
from adjudicator.cli import app
from adjudicator.lawbook.laws import default_book
from adjudicator.record.log import expected
from adjudicator.teaching.quiz import KINDS, Builder, moments
from adjudicator.teaching.snapshot import event_words
from adjudicator.words.vocabulary import default_words

from terminals import TMUX

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


def _play(args: list[str], pick) -> tuple[int, list[dict]]:
    """Run the JSON quiz through the CLI, answering each question with `pick(question)`; the
    exit status and every message said. The quiz is a pure function of the answers, so it is
    run again with one more answer each time a question appears."""
    answers: list[dict] = []
    while True:
        text = "".join(json.dumps(a) + "\n" for a in answers)
        result = runner.invoke(app, ["quiz", "--json", *args], input=text)
        said = [json.loads(l) for l in result.output.splitlines() if l.startswith("{")]
        if result.exit_code == 0:
            return result.exit_code, said
        assert result.exit_code == 2 and "the input ended" in result.output, result.output
        question = said[-1]["question"]
        answers.append({"id": question["id"], "value": pick(question)})


def test_json_quiz_follows_the_contract() -> None:
    status, said = _play(["--seed", "4", "--count", "4"], lambda q: q["choices"][0]["value"])
    assert status == 0
    kinds = [next(iter(m)) for m in said]
    assert kinds == ["question", "result"] * 4 + ["score"]
    for question, result in zip(said[0::2], said[1::2]):
        q, r = question["question"], result["result"]
        assert set(q) >= {"id", "scenario", "table", "text", "choices"}
        assert (ROOT / q["scenario"]).is_file()
        assert len(q["choices"]) == 2 if q["kind"] == "true_false" else 3 <= len(q["choices"]) <= 5
        assert r["scenario"] == q["scenario"]
        assert set(q["table"]) >= {"players", "cut", "deal", "score"}
        if "dealer" in q["table"]:   # a question at the cut for deal shows no deal's table
            assert set(q["table"]) >= {"hands", "turn_up", "stock", "trick", "looked", "dealer"}
        assert set(r) >= {"id", "correct", "answer", "law", "explanation"} and r["id"] == q["id"]
        assert r["correct"] == (q["choices"][0]["value"] == r["answer"])
        assert [c["value"] for c in q["choices"]].count(r["answer"]) == 1
    right = sum(m["result"]["correct"] for m in said if "result" in m)
    assert said[-1]["score"]["right"] == right and said[-1]["score"]["asked"] == 4


def _questions(args: list[str]) -> list[dict]:
    _, said = _play(args, lambda q: q["choices"][-1]["value"])
    return [m["question"] for m in said if "question" in m]


@pytest.mark.slow
def test_the_same_seed_asks_the_same_questions() -> None:
    a = _questions(["--seed", "21", "--count", "3"])
    assert a == _questions(["--seed", "21", "--count", "3"])
    assert a != _questions(["--seed", "22", "--count", "3"])


@pytest.mark.slow
def test_exactly_one_choice_is_right_for_every_kind_over_every_scenario() -> None:
    """The right choice is what `adjudicate` rules on the scenario (and what it expects)."""
    builder = Builder()
    asked = {kind: 0 for kind in KINDS}
    for moment in moments():
        path, event = moment.scenario.path, moment.ruling.event
        report = adjudicate_file(str(ROOT / path))
        ruled = next(r for r in report.rulings if r.event == event and r.case == moment.ruling.case)
        wanted = [e for e in expected(moment.scenario.log).rulings if e.event == event]
        if wanted and wanted[0].law is not None:
            assert wanted[0].law == ruled.law
        truth = {"law": ruled.law, "chooser": ruled.chooser, "options": ruled.options, "score": report.score}
        for kind in moment.kinds:
            q = builder.ask(moment, kind, 1, 1, random.Random(f"{path}:{event}:{kind}")).question
            values = [c.value for c in q.choices]
            assert 3 <= len(values) <= 5, (path, kind)
            assert sum(v == truth[kind] for v in values) == 1, (path, kind, values, truth[kind])
            assert len({json.dumps(v, sort_keys=True) for v in values}) == len(values)
            asked[kind] += 1
    assert min(asked.values()) > 50, asked


def test_a_wrong_answer_is_explained_and_names_the_right_law() -> None:
    builder = Builder()
    book = default_book()
    moment = next(m for m in moments(17) if m.ruling.law == 17)
    asked = builder.ask(moment, "law", 1, 1, random.Random(0))
    wrong = [c.value for c in asked.question.choices if c.value != 17]
    assert wrong
    for other in wrong:
        message, words = builder.result(asked, other)
        r = message["result"]
        assert r["correct"] is False and r["answer"] == 17 and r["law"] == 17
        assert book.laws[17].text in r["explanation"]
        assert "Why law 17" in r["explanation"] and f"Why not law {other}" in r["explanation"]
        assert "ecarte laws 17" in r["explanation"]
    right, _ = builder.result(asked, 17)
    assert right["result"]["correct"] is True and book.laws[17].text not in right["result"]["explanation"]


def test_why_not_a_neighbouring_law_names_the_failed_condition() -> None:
    """Law 15 rules on a wrong number in the non-dealer's hand: for the dealer's it fails."""
    builder = Builder()
    moment = next(m for m in moments(17) if m.ruling.law == 17)
    lines = builder.why_not(moment.ruling, 15)
    assert any("it concerns the non-dealer" in l and "Here: it concerns the dealer" in l for l in lines), lines


def test_other_kinds_explained_when_wrong() -> None:
    builder = Builder()
    for kind in ("chooser", "options", "score"):
        moment = next(m for m in moments() if kind in m.kinds)
        asked = builder.ask(moment, kind, 1, 1, random.Random(1))
        other = next(c.value for c in asked.question.choices if c.value != asked.right)
        message, _ = builder.result(asked, other)
        assert f"Law {moment.ruling.law}," in message["result"]["explanation"]


def test_law_filter_asks_only_scenarios_showing_it() -> None:
    qs = _questions(["--law", "9", "--seed", "2", "--count", "6"])
    assert len(qs) == 6
    from adjudicator.lawbook.scenarios import scenarios_by_law
    assert all(q["scenario"] in scenarios_by_law()[9] for q in qs)


@pytest.mark.parametrize("args, words", [
    (["--law", "99"], "there is no law 99"),
    (["--count", "0"], "--count"),
])
def test_bad_options_exit_2_with_a_message(args, words) -> None:
    result = runner.invoke(app, ["quiz", "--json", *args], input="")
    assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output


def test_a_law_without_a_scenario_exits_2(monkeypatch) -> None:
    """Every law has a scenario today; one that had none would be refused, naming those that do."""
    import adjudicator.teaching.quiz as quiz
    monkeypatch.setattr(quiz, "moments", lambda law=None, rules=None: [] if law == 46 else [object()])
    monkeypatch.setattr(quiz, "laws_with_moments", lambda rules=None: [9, 17])
    result = runner.invoke(app, ["quiz", "--json", "--law", "46"], input="")
    assert result.exit_code == 2 and "law 46 has no scenario" in result.output and "9, 17" in result.output


def test_input_ending_early_exits_2() -> None:
    result = runner.invoke(app, ["quiz", "--json", "--seed", "1", "--count", "2"], input="")
    assert result.exit_code == 2 and "the input ended before question q1" in result.output
    assert "Traceback" not in result.output


def test_terminal_quiz_without_a_tty() -> None:
    result = runner.invoke(app, ["quiz", "--law", "17", "--seed", "3", "--count", "2"], input="9\n1\n2\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Seed 3" in out and "Question 1 of 2" in out and "Answer with a number from 1 to" in out
    assert any(s in out for s in "♠♥♦♣") and "You answered" in out
    assert all(len(line) <= 80 for line in out.splitlines())


def test_every_event_has_words() -> None:
    from adjudicator.record.log import read_file
    assert default_words().events.events
    for path in ("scenarios/laws/law17-dealer-six-drawn.yaml", "scenarios/laws/law41-leader-takes-up-his-card.yaml"):
        for event in read_file(str(ROOT / path)).events:
            words = event_words(event)
            assert "?" not in words and "_" not in words, words


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_terminal_quiz_in_tmux() -> None:
    """A person's quiz: the menu on a real terminal, 80 columns wide, answered with a key
    (law 17: found after the turn-up, so a card is on the table whatever the seed draws)."""
    session = f"ecarte-quiz-{os.getpid()}"
    command = (f"cd {ROOT} && PYTHONPATH={ROOT} {sys.executable} -c 'from adjudicator.entry import main; main()' "
               "quiz --law 17 --seed 5 --count 1; echo QUIZ-EXIT=$?; sleep 30")
    subprocess.run([*TMUX, "new-session", "-d", "-s", session, "-x", "80", "-y", "40", command], check=True)

    def screen() -> str:
        return subprocess.run([*TMUX, "capture-pane", "-p", "-S", "-", "-t", session],   # with what scrolled off
                              capture_output=True, text=True).stdout

    def wait_for(text: str) -> str:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            shown = screen()
            if text in shown:
                return shown
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared:\n{shown}")

    try:
        shown = wait_for("(arrows and Enter, or a key)")
        assert any(s in shown for s in "♠♥♦♣") and "╭─ Deal" in shown and "1)" in shown
        assert all(len(line) <= 80 for line in shown.splitlines())
        subprocess.run([*TMUX, "send-keys", "-t", session, "1"], check=True)   # a choice's key answers
        shown = wait_for("QUIZ-EXIT=")
        assert "QUIZ-EXIT=0" in shown and "You answered" in shown and "Seed 5" in shown
        assert "Right:" in shown or "Not so." in shown
    finally:
        subprocess.run([*TMUX, "kill-session", "-t", session], capture_output=True)


def _shown_to_a_person(quiz) -> list[tuple[object, str, str]]:
    """Each question of a terminal quiz as `run_terminal` shows it before the answer (what it
    says after the last result: the table and the events; then the question and the choices),
    and the result said after it, each answered rightly."""
    from adjudicator.words.interview import run_terminal
    said: list[str] = []
    seen: list[tuple[object, str, str]] = []

    def ask(question, can_go_back):
        if seen:   # the result of the question before, said first
            seen[-1] = (*seen[-1][:2], said.pop(0))
        seen.append((question, "\n".join([*said, question.text, *(c.text for c in question.choices)]), ""))
        said.clear()
        return next(a.right for a in quiz.asked if a.question is question)

    run_terminal(quiz, say=said.append, ask=ask)
    seen[-1] = (*seen[-1][:2], said[0])
    return seen


def _stems(text: str) -> set[str]:
    """Words as their first five letters, an ending (-ing, -ed, -es, -s) dropped first."""
    return {re.sub(r"(?<=...)(ing|ed|es|s)$", "", w)[:5] for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 3}


@pytest.mark.slow
def test_no_question_names_its_answer_over_200_seeds() -> None:
    """What a "which law" question shows (its JSON: text, the other choices, the table; and the
    terminal's table, events and question) says no word of the answer's title that the other
    choices' titles lack, nor the answer's own choice text; and no question of any kind shows its
    scenario's name, which the result says."""
    from adjudicator.teaching.giveaways import title_words
    from adjudicator.teaching.quiz import Quiz
    book = default_book()
    asked_law = 0
    for seed in range(200):
        quiz = Quiz(seed, 8)
        for question, terminal, result in _shown_to_a_person(quiz):
            asked = next(a for a in quiz.asked if a.question is question)
            q = question.to_json()
            name = Path(q["scenario"]).stem   # a name of one word ("vole") is said as a word
            assert (name not in terminal or "-" not in name) and f"scenario {name}:" in " ".join(result.split()), (seed, name)
            answer = asked.texts[json.dumps(asked.right, sort_keys=True, ensure_ascii=False)]
            others = [c["text"] for c in q["choices"] if c["value"] != asked.right]
            program = " ".join([q["text"], *q.get("events", []), json.dumps(q["table"], ensure_ascii=False), *others])
            person = terminal.replace(answer, "")   # the choices are shown, the answer among them
            if asked.kind not in ("law", "options"):   # a score may stand as it was; a player is named
                continue
            assert answer not in program and answer not in person, (seed, answer)
            if asked.kind != "law":
                continue
            asked_law += 1
            theirs = set().union(*(_stems(" ".join(title_words(book.laws[c["value"]].title)))
                                   for c in q["choices"] if c["value"] != asked.right))
            own = _stems(" ".join(title_words(book.laws[asked.right].title))) - theirs
            for shown in (program, person):
                assert not own & _stems(shown), (seed, asked.right, own & _stems(shown))
    assert asked_law > 90   # "Which law?" is still asked, where the question does not tell (the London scenarios only)


@pytest.mark.slow
def test_no_which_law_question_says_its_answer_in_the_laws_title_words() -> None:
    from adjudicator.teaching.giveaways import title_words
    from adjudicator.teaching.quiz import Quiz
    asked_law = 0
    for seed in range(60):
        quiz = Quiz(seed, 8)
        for a in quiz.asked:
            if a.kind != "law":
                continue
            asked_law += 1
            prompt = " ".join(quiz.builder.story(a.moment, "law")).lower()
            title = quiz.builder.book.laws[a.right].title
            assert title.lower() not in prompt, (seed, title, prompt)
            words = title_words(title)
            assert not words <= set(re.findall(r"[a-z]+", prompt)), (seed, title, prompt)
    assert asked_law > 30   # "Which law?" is still asked, where the prompt does not tell


def test_a_quiz_on_one_law_never_asks_which_law() -> None:
    from adjudicator.teaching.quiz import Quiz
    kinds = {a.kind for seed in range(10) for a in Quiz(seed, 6, law=43).asked}
    assert "law" not in kinds and kinds


def test_the_end_recaps_each_question_with_where_to_read_its_law() -> None:
    from adjudicator.teaching.quiz import Quiz
    quiz = Quiz(3, 2)
    wrong = next(c.value for c in quiz.asked[1].question.choices if c.value != quiz.asked[1].right)
    turn = quiz.step([quiz.asked[0].right, wrong])
    recap = turn.final["score"]["recap"]
    assert [e["correct"] for e in recap] == [True, False]
    assert recap[0]["page"] == f"law-{quiz.asked[0].moment.ruling.law:02d}.html"
    assert f"1. right: law {recap[0]['law']}" in turn.final_words
    assert f"ecarte laws {recap[1]['law']}" in turn.final_words


@pytest.mark.slow
def test_two_questions_of_one_run_never_share_a_scenario_or_a_hand() -> None:
    """Scenarios that tell variants of one deal share its hand: a run asks about each hand once,
    and asks fewer questions than `--count` where the pool has fewer hands (law 43: four)."""
    from adjudicator.teaching.quiz import Quiz
    for seed in range(30):
        asked = Quiz(seed, 12).asked
        assert len(asked) == 12
        assert len({a.scenario for a in asked}) == 12
        on_moments = [a.moment for a in asked if a.moment is not None]
        assert len({m.hand for m in on_moments}) == len(on_moments) == 9   # and 3 true-or-false rounds
    hands = {m.hand for m in moments(43)}
    assert 1 < len(hands) < len(moments(43))   # some of law 43's scenarios replay one deal
    for seed in range(10):
        asked = [a for a in Quiz(seed, 10, law=43).asked if a.moment is not None]
        assert len(asked) == len(hands) and {a.moment.hand for a in asked} == hands


def test_a_score_question_shows_the_hand_at_its_end_and_says_whose_score_is_above() -> None:
    """Law 43, a revoke claimed after trick 2 and the hand played on: the question on the score
    draws the table at the end of the hand (the tricks before their winners, the revoke among
    them), with the score before the ruling above it, said so; the plays are not told."""
    builder = Builder()
    moment = next(m for m in moments() if m.scenario.path.endswith("law43-revoke-claimed-during-play-played-on.yaml"))
    asked = builder.ask(moment, "score", 1, 1, random.Random(1))
    picture = asked.question.picture
    assert "Y's tricks: [K♠] [9♣]" in picture and "A's tricks: [7♠] [Q♠]  [Q♥] [7♣]  [J♥] [8♦]" in picture
    assert "trick 5: A led [10♣]" in picture and "score A 0, Y 0" in picture
    story = " ".join(asked.question.extra["events"])
    assert builder.q["story"]["score_table"].format(score="A 0, Y 0") in story
    plays = [event_words(e) for e in moment.scenario.log.events if e.event == "play"]
    assert plays and not any(p in story for p in plays)
    assert builder.q["story"]["played"] in story


@pytest.mark.slow
def test_every_answer_explains_its_reasoning_in_the_words_of_the_book() -> None:
    """Right or wrong, the answer comes with its reasoning: who chooses and why (the role the
    case gives the choice to, roles.yaml); for the score, the arithmetic of the hand
    (scores.yaml's words, law by law) from the score when the deal began to the score at the
    end, and why a point is one and not two (law 49)."""
    builder = Builder()
    words = default_words()
    res = builder.q["result"]
    checked = {k: 0 for k in KINDS}
    for moment in moments():
        r = moment.ruling
        for kind in moment.kinds:
            asked = builder.ask(moment, kind, 1, 1, random.Random(2))
            message, said = builder.result(asked, asked.right)
            lines = message["result"]["explanation"].splitlines()
            assert len(lines) >= 2, (moment.key, kind, lines)
            if kind == "chooser" and r.chooser is not None:
                role = words.role(next(c for c in builder.book.by_irregularity[r.irregularity] if c.ref == r.case).case.chooser)
                law = f"as this book reads law {r.law}, it" if r.open_point else f"law {r.law}"
                assert f"Why {r.chooser}: {law} gives the choice to {role}" in lines[1], lines
            if kind == "chooser" and r.chooser is None:
                said = res["why_compulsory_read" if builder.point(r) else "why_compulsory"]
                assert lines[1] == said.format(law=r.law, option=builder.option(r, r.options[0], r.options))
            if kind == "score":
                s = moment.scenario
                start = s.frames[r.table.first_event - 1]["score"]
                assert lines[1] == res["score_start"].format(deal=r.deal, score=builder.each(start, s.log.players))
                assert res["score_end"].format(score=builder.each(s.report.score, s.log.players)) in lines
            checked[kind] += 1
    assert min(checked.values()) > 20
    # the example: the point is one, law 49 giving nothing, because the dealer accepted
    moment = next(m for m in moments() if m.scenario.path.endswith("law09-looked-then-rectified.yaml"))
    asked = builder.ask(moment, "score", 1, 1, random.Random(1))
    text = builder.result(asked, asked.right)[0]["result"]["explanation"]
    assert "Y won the point: Y marks 1, law 48" in text
    assert res["single_point"]["accepted"].format(dealer="A", elder="Y") in text
    # a point won by the offender, cut to nothing (law 43), is said, not passed over
    moment = next(m for m in moments() if m.scenario.path.endswith("law43-revoke-claimed-during-play-played-on.yaml"))
    asked = builder.ask(moment, "score", 1, 1, random.Random(1))
    text = builder.result(asked, asked.right)[0]["result"]["explanation"]
    assert "A won the point: A marks 0, law 48 (cut, A being the offender" in text and "law 43)" in text


def test_an_answer_resting_on_a_reading_says_which() -> None:
    """Law 5 is silent on a tie: "nobody chooses, cut again" is the book's reading, and the
    answer gives that open point, right or wrong. Law 11's choice before a look is the law's
    own words, but its case's note is the book's (when the ruling is made, whose the king
    chosen is): its sentences a learner reads are given as a reading, not its record syntax."""
    from adjudicator.words.explaining import said
    builder = Builder()
    moment = next(m for m in moments(5) if m.ruling.law == 5 and m.ruling.case == "5:tie-not-cut-again")
    line = said("ruling", "reading", point=moment.ruling.open_point)
    assert "Law 5 says nothing of a tie" in line
    for kind in moment.kinds:
        asked = builder.ask(moment, kind, 1, 1, random.Random(0))
        wrong = next(c.value for c in asked.question.choices if c.value != asked.right)
        for given in (asked.right, wrong):
            assert line in builder.result(asked, given)[0]["result"]["explanation"], (kind, given)
    chose = next(m for m in moments(11) if m.ruling.case == "11:before-look")
    assert chose.ruling.note
    for kind in chose.kinds:
        asked = builder.ask(chose, kind, 1, 1, random.Random(0))
        said_ = builder.result(asked, asked.right)[0]["result"]["explanation"]
        assert "A reading: The cards are turned in plain view" in said_ and "`elect" not in said_, kind
