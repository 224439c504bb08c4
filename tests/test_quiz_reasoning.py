"""`ecarte quiz` as a test of reasoning: wrong choices drawn from misconceptions
(laws/words/misconceptions.yaml), each told why it is wrong; right answers given a reason that
teaches; true-or-false rounds; a rule set's differences in its own words; 80 columns."""
from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.lawbook.laws import LawBookError, default_book
from adjudicator.lawbook.rulesets import in_force, rule_sets
from adjudicator.teaching.quiz import KINDS, TRUE_FALSE, Builder, Quiz, moments, replayed
from adjudicator.words import scores as score_words
from adjudicator.words.misconceptions import default_misconceptions, load

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def _key(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def test_the_misconceptions_name_only_what_exists(tmp_path) -> None:
    """The file loads; a law, an option, a scenario or a rule set's change it names that does
    not exist is said, each, on loading."""
    assert default_misconceptions().statements
    text = (ROOT / "laws" / "words" / "misconceptions.yaml").read_text(encoding="utf-8")
    broken = (text.replace("    - law: 3\n", "    - law: 93\n", 1)
                  .replace("    - options: [fresh_cut]\n", "    - options: [fresh_cutt]\n", 1)
                  .replace("scenarios/play/point.yaml", "scenarios/play/no-such.yaml", 1)
                  .replace("    quote: {law: 5}\n", "    quote: {law: 6}\n", 1))
    path = tmp_path / "misconceptions.yaml"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(LawBookError) as e:
        load(path)
    said = str(e.value)
    assert "law 93 is not in the book" in said and "'fresh_cutt' is not an option" in said
    assert "no scenario scenarios/play/no-such.yaml" in said and "french does not change law 6" in said


def test_every_statement_stands_beside_a_scenario_that_shows_it() -> None:
    """A London statement's scenario has a ruling or a mark under its law (or its title says it
    shows that law: law 49 touching only the point); a rule set's is played under that rule set. Exactly one of true and false is its answer."""
    for s in default_misconceptions().statements:
        report = replayed(s.scenario).report
        if s.rules is not None:
            assert report.rules == s.rules, s.id
            continue
        cited = {r.law for r in report.rulings} | {n for r in report.rulings for n in r.laws}
        cited |= {e["law"] for d in report.played for e in score_words.entries(report, d)}
        title = replayed(s.scenario).log.title or ""   # or it is the law its title says it shows
        assert s.law in cited or re.match(rf"Law {s.law}\b", title), (s.id, s.law, cited)


def test_no_wrong_law_is_picked_for_being_near() -> None:
    """The wrong laws offered are on the same irregularity, a misconception of this law, or a law
    the book relates: never a neighbour by number only (law 46, "The game is five up", for new
    cards, law 44)."""
    book = default_book()
    slips = default_misconceptions()
    builder = Builder()
    for moment in moments():
        r = moment.ruling
        same = {c.law for c in book.by_irregularity[r.irregularity]}
        related = set(book.laws[moment.law].related) | {n for n, law in book.laws.items() if moment.law in law.related}
        told = {w.law for w in slips.laws.get(moment.law, ())}
        asked = builder.ask(moment, "law", 1, 1, random.Random(3))
        for c in asked.question.choices:
            assert c.value == moment.law or c.value in same | related | told, (moment.key, c.value)
    new_cards = next(m for m in moments(44) if m.ruling.law == 44)
    for seed in range(20):
        laws = [c.value for c in builder.ask(new_cards, "law", 1, 1, random.Random(seed)).question.choices]
        assert 46 not in laws


@pytest.mark.slow
def test_every_wrong_choice_is_told_why_it_is_wrong() -> None:
    """After a wrong answer, the first reason says why that answer is wrong and names a law;
    then the right law's words."""
    builder = Builder()
    told = 0
    for moment in moments():
        for kind in moment.kinds:
            asked = builder.ask(moment, kind, 1, 1, random.Random(5))
            for c in asked.question.choices:
                if _key(c.value) == _key(asked.right):
                    continue
                lines = builder.result(asked, c.value)[0]["result"]["explanation"].splitlines()
                assert lines[1].startswith("Why not"), (moment.key, kind, lines[:3])
                assert re.search(r"\blaws? \d+", lines[1], re.I) or kind == "score", (moment.key, kind, lines[1])
                told += 1
    assert told > 1500


def test_score_choices_offer_the_real_misconceptions() -> None:
    """Law 11, a king among two cards turned up, the trump not chosen: the dealer's king counted
    is offered, and told why not; a point won after the first proposal was accepted: the point
    counted two is offered, and law 49 said."""
    builder = Builder()
    slips = default_misconceptions().score
    king = next(m for m in moments(11) if m.scenario.path.endswith("law11-choice-open-king-among-the-cards.yaml"))
    asked = builder.ask(king, "score", 1, 1, random.Random(0))
    counted = {"A": 1, "Y": 0}
    assert counted in [c.value for c in asked.question.choices]
    said = builder.result(asked, counted)[0]["result"]["explanation"]
    assert slips.king_not_trump in said
    point = next(m for m in moments() if m.scenario.path.endswith("law09-looked-then-rectified.yaml"))
    asked = builder.ask(point, "score", 1, 1, random.Random(0))
    two = {**asked.right, "Y": asked.right["Y"] + 1}
    assert two in [c.value for c in asked.question.choices]
    said = builder.result(asked, two)[0]["result"]["explanation"]
    assert "Law 49 makes the point two only against a non-dealer who played without proposing" in said


def test_a_struck_mark_is_never_said_as_marked() -> None:
    """Law 43's score feedback said "A marks 1" and then that it was cut to nothing: a mark a
    ruling struck out or cut is said as the mark he would have had."""
    builder = Builder()
    for moment in moments():
        if "score" not in moment.kinds:
            continue
        asked = builder.ask(moment, "score", 1, 1, random.Random(0))
        for line in builder.result(asked, asked.right)[0]["result"]["explanation"].splitlines():
            if "struck out" in line or "cut to nothing" in line:
                assert not re.search(r"\bmarks \d", line.split(";")[0]), line
    law43 = next(m for m in moments() if m.scenario.path.endswith("law43-revoke-at-game-point-claimed.yaml"))
    asked = builder.ask(law43, "score", 1, 1, random.Random(0))
    said = builder.result(asked, asked.right)[0]["result"]["explanation"]
    assert "A won the point: A would have marked 1, law 48; cut to nothing" in said


def test_a_right_answer_gets_a_reason_that_is_not_the_question_again() -> None:
    """Law 43, whose case tests nothing: the right answer is given the law in plain words, not
    "it rules whenever a player did not follow suit (a revoke)"."""
    builder = Builder()
    book = default_book()
    moment = next(m for m in moments(43) if m.ruling.law == 43)
    asked = builder.ask(moment, "law", 1, 1, random.Random(0))
    said = builder.result(asked, 43)[0]["result"]["explanation"]
    assert f"Law 43 in plain words: {book.laws[43].reading.strip()}" in said
    assert "rules whenever" not in said


def test_true_or_false_rounds_are_asked_and_answered_with_their_why() -> None:
    kinds = [a.kind for seed in range(20) for a in Quiz(seed, 8).asked]
    assert kinds.count(TRUE_FALSE) == 40 and set(KINDS) <= set(kinds)
    quiz = Quiz(2, 8)
    asked = next(a for a in quiz.asked if a.kind == TRUE_FALSE)
    assert [c.value for c in asked.question.choices] == [True, False]
    message, words = quiz.builder.result(asked, not asked.right)
    r = message["result"]
    assert r["correct"] is False and r["answer"] is asked.right and r["kind"] == TRUE_FALSE
    assert asked.statement.why in r["explanation"] and r["statement"] == asked.statement.id
    assert f"ecarte laws {asked.statement.law}" in r["explanation"]
    # a round beside a hand played out shows the score it began with, not the marks it asks of
    vole = next(st for st in default_misconceptions().statements if st.id == "vole-two")
    shown = quiz.builder.ask_statement(vole, 1, 1).question
    assert shown.extra["table"]["score"] == {"A": 0, "Y": 0} != replayed(vole.scenario).report.score
    assert "the score when the deal began" in " ".join(shown.extra["events"])


def test_under_the_french_rules_the_quiz_asks_their_differences_in_meris_words() -> None:
    """Every difference of the French rules is asked (law 24's removal, law 5, 38, 49), each
    answered with Méry's words, by its true-or-false round or by the ruling of the same
    scenario (each scenario asked once), where the London laws differ, and `ecarte laws N
    --rules french`; the ruling of a scenario under them quotes Méry too, beside London law 24."""
    french = rule_sets()["french"]
    quiz = Quiz(1, 10, rules=in_force("french"))
    rounds = [a for a in quiz.asked if a.kind == TRUE_FALSE]
    assert len({a.scenario for a in quiz.asked}) == len(quiz.asked)
    for a in quiz.asked:
        said = " ".join(quiz.builder.result(a, a.right)[0]["result"]["explanation"].split())
        assert any((c.text or c.because).strip() in said for c in french.changes.values()), a.scenario
    quoted = {n for a in quiz.asked for n, c in french.changes.items()
              if (c.text or c.because).strip() in " ".join(quiz.builder.result(a, a.right)[0]["result"]["explanation"].split())}
    assert quoted == set(french.changes)
    quizzes = [Quiz(s, 10, rules=in_force("french")) for s in range(12)]
    quiz = next(q for q in quizzes if any(a.kind == TRUE_FALSE and a.statement.law == 24 for a in q.asked))
    rounds = [a for a in quiz.asked if a.kind == TRUE_FALSE]
    for a in rounds:
        said = quiz.builder.result(a, a.right)[0]["result"]["explanation"]
        change = french.changes[a.statement.law]
        assert (change.text or change.because).strip() in " ".join(said.split()), a.statement.id
        assert "Méry, 1847" in said and a.statement.london.differs in said
        assert f"ecarte laws {a.statement.law} --rules french" in said
    king = next(a for a in rounds if a.statement.law == 24)
    said = quiz.builder.result(king, king.right)[0]["result"]["explanation"]
    assert "law 24 would have allowed the announcement" in said and default_book().laws[24].text in said
    end = quiz.step([a.right for a in quiz.asked]).final_words
    assert "ecarte laws 24 --rules french" in end
    quiz = next(q for q in quizzes if any(a.moment is not None and a.moment.law == 23 for a in q.asked))
    moment = next(a for a in quiz.asked if a.moment is not None and a.moment.law == 23)
    said = quiz.builder.result(moment, moment.right)[0]["result"]["explanation"]
    assert french.changes[24].because.strip() in " ".join(said.split())
    assert "Under the London laws there would be nothing to rule here: law 24 allows it." in said
    assert "ecarte laws 23 --rules french" in said


def test_the_modern_rulebooks_own_rule_is_asked_and_pointed_to() -> None:
    quiz = Quiz(3, 6, rules=in_force("modern"))
    own = next(a for a in quiz.asked if a.kind == TRUE_FALSE and a.statement.rule == "dealer_must_exchange")
    message, _ = quiz.builder.result(own, own.right)
    said = message["result"]["explanation"]
    assert rule_sets()["modern"].adds["dealer_must_exchange"]["text"].strip() in said
    assert message["result"]["law"] is None and "ecarte rules diff cavendish modern" in said
    recap = quiz.step([a.right for a in quiz.asked]).final["score"]["recap"]
    assert any(e["law"] is None and e["rule"] == "dealer_must_exchange" and e["page"] == "rules-modern.html" for e in recap)


@pytest.mark.parametrize("args", [["--seed", str(s), "--count", "8"] for s in range(6)]
                         + [["--rules", "french", "--seed", "1", "--count", "8"],
                            ["--rules", "modern", "--seed", "2", "--count", "8"]])
def test_the_terminal_quiz_fits_80_columns(args, monkeypatch) -> None:
    """Piped (no terminal: 80 columns), every line the quiz prints fits, the recap too; wrong
    answers all along, so every why is printed."""
    monkeypatch.setattr(shutil, "get_terminal_size", lambda fallback=(80, 24): __import__("os").terminal_size((80, 24)))
    result = runner.invoke(app, ["quiz", *args], input="1\n" * 8)
    assert result.exit_code == 0, result.output
    long = [line for line in result.output.splitlines() if len(line) > 80]
    assert not long, long
    assert "Your answers" in result.output
