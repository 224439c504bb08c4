"""`ecarte resolve` as a program and as a person sees it: JSON Lines through the command, the
plain prompt when standard input is not a terminal, and a real terminal driven with tmux."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from adjudicator import adjudicate_text
from adjudicator.cli import app
from adjudicator.dispute.resolve import Resolve
from adjudicator.words.report import report_json

from terminals import TMUX

ROOT = Path(__file__).resolve().parent.parent
COMMAND = [sys.executable, "-c", "from adjudicator.entry import main; main()", "resolve"]


@dataclass
class Done:
    returncode: int
    stdout: str
    stderr: str


def _run(args, lines):
    """The command in this process (typer's runner), its input given line by line."""
    text = "".join(l if isinstance(l, str) else json.dumps(l) + "\n" for l in lines)
    result = CliRunner().invoke(app, ["resolve", *args], input=text)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return Done(result.exit_code, result.stdout, result.stderr)


def _said(done):
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_json_wrong_answer_back_and_the_ruling(tmp_path):
    saved = tmp_path / "dispute.yaml"
    done = _run(["--json", "--save", str(saved)],
                [{"id": "q1", "value": "more_than_one_turned"}, {"id": "q2", "value": "maybe"}, {"back": True},
                 {"id": "q1", "value": "more_than_one_turned"}, {"id": "q2", "value": False}])
    said = _said(done)
    assert done.returncode == 1
    assert [next(iter(m)) for m in said] == ["question", "question", "error", "question", "question",
                                             "question", "ruling"]
    assert said[1]["question"]["fact"] == "non_dealer_looked" and said[1]["question"]["why"]
    assert "maybe" in said[2]["error"] and said[3] == said[1]
    final = said[-1]
    assert final["ruling"]["law"] == 11 and final["ruling"]["chooser"] == "non_dealer"
    assert final["ruling"]["options"] == ["choose_trump", "fresh_deal"]
    again = report_json(adjudicate_text(saved.read_text(), str(saved)))["rulings"]
    assert [(r["law"], r["chooser"], r["options"]) for r in again] == [(11, "non_dealer", ["choose_trump", "fresh_deal"])]
    assert saved.read_text().startswith("# A dispute told by `ecarte resolve`")
    assert yaml.safe_load(saved.read_text()) == final["log"]


def test_json_no_irregularity_is_exit_0():
    done = _run(["--json"], [{"id": "q1", "value": "insufficient_stock"}, {"id": "q2", "value": True}])
    assert done.returncode == 0 and _said(done)[-1]["ruling"] is None


def test_json_named_players_and_i_dont_know_gives_each_outcome():
    done = _run(["--json", "--players", "Ann,Bob"],
                [{"id": "q1", "value": "more_than_one_turned"}, {"id": "q2", "value": "Bob"},
                 {"id": "q3", "value": None}])
    final = _said(done)[-1]
    assert done.returncode == 1
    assert [o["if"] for o in final["outcomes_if"]] == [{"non_dealer_looked": True}, {"non_dealer_looked": False}]
    assert [o["ruling"]["case"] for o in final["outcomes_if"]] == ["11:after-look", "11:before-look"]
    assert final["log"]["players"] == ["Ann", "Bob"] and final["log"]["dealer"] == "Bob"
    assert final["outcomes_if"][1]["ruling"]["chooser"] == "Ann"


def test_end_of_input_is_exit_2_with_a_message():
    done = _run(["--json"], [{"id": "q1", "value": "wrong_count"}])
    assert done.returncode == 2 and "ended before question q2" in done.stderr
    done = _run(["--players", "A"], [])
    assert done.returncode == 2 and "two different names" in done.stderr


def test_plain_prompt_refuses_an_answer_not_offered():
    number = [c.value for c in Resolve().first_question().choices].index("more_than_one_turned") + 1
    done = _run(["--players", "A,Y"], [f"{number}\n", "1\n", "9\n", "?\n", "2\n"])
    out = done.stdout
    assert done.returncode == 1
    assert "Answer with a number from 1 to 3" in out           # 9 is not offered: said, and asked again
    assert out.count("Had Y (the non-dealer) looked at") >= 2
    assert "Law 11" in out and "Y (the non-dealer) may choose:" in out


def _screen(session):
    return subprocess.run([*TMUX, "capture-pane", "-t", session, "-p", "-S", "-200"],
                          capture_output=True, text=True).stdout


def _wait(session, words, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        screen = _screen(session)
        if words in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{words!r} never appeared:\n{_screen(session)}")


@pytest.fixture
def terminal():
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    session = f"resolve-{uuid.uuid4().hex[:8]}"

    def start(args, columns=80):
        command = " ".join(["cd", str(ROOT), "&&", f"PYTHONPATH={ROOT}", f"COLUMNS={columns}", *COMMAND[:2],
                            repr(COMMAND[2]), COMMAND[3], *args, "; echo EXIT=$?; sleep 30"])
        subprocess.run([*TMUX, "new-session", "-d", "-s", session, "-x", str(columns), "-y", "30", command], check=True)
        return session
    yield start
    subprocess.run([*TMUX, "kill-session", "-t", session], capture_output=True)


def _keys(session, *keys):
    for key in keys:
        subprocess.run([*TMUX, "send-keys", "-t", session, key], check=True)
        time.sleep(0.15)


@pytest.mark.slow
def test_in_a_real_terminal(terminal, tmp_path):
    saved = tmp_path / "d.yaml"
    s = terminal(["--save", str(saved)])
    _wait(s, "The players' names")
    _keys(s, "A", "Enter")                        # one name is not two: said, and asked again
    _wait(s, "Two different names")
    _keys(s, "C-u", "A,Y", "Enter")
    screen = _wait(s, "at what moment of the deal")
    assert "Dealing" in screen and "The play" in screen
    _keys(s, "7")                                 # six moments: 7 is not offered
    _wait(s, "'7' is not one of the answers")
    _keys(s, "2")                                 # dealing
    _wait(s, "a player has the wrong number of cards")
    _keys(s, "1")
    _wait(s, "Who dealt this deal?")
    _keys(s, "1")                                 # A dealt
    _wait(s, "Whose hand, card or act")
    _keys(s, "?")
    _wait(s, "The answer decides between:")
    _keys(s, "2", "1", "2", "2", "1", "1")        # Y's; turned up; not played; not proposed; more; no king
    screen = _wait(s, "EXIT=1")
    assert "Law 15" in screen and "Y (the non-dealer) may choose:" in screen
    assert "discard the superfluous cards unseen" in screen and "Law 15 says:" in screen
    assert all(len(line) <= 80 for line in screen.splitlines())
    assert "Traceback" not in screen
    assert adjudicate_text(saved.read_text(), str(saved)).rulings[0].law == 15


@pytest.mark.slow
def test_the_saved_path_and_command_are_never_broken_at_40_columns(terminal, tmp_path):
    """At 40 columns the ruling is told at 39, no word broken, and the path and the command to
    copy are each on one line of their own (a line longer than the terminal is only wrapped by
    the terminal, which copies it whole: `capture-pane -J` joins such lines again)."""
    saved = tmp_path / "a-long-dispute-name.yaml"
    s = terminal(["--players", "A,Y", "--save", str(saved)], columns=40)
    _wait(s, "at what moment")
    _keys(s, "1")                                 # cutting and shuffling
    _wait(s, "both cut cards")
    _keys(s, "1")                                 # more than one card exposed cutting for deal
    _wait(s, "Who exposed more than one card?")
    _keys(s, "1")
    _wait(s, "EXIT=1")
    joined = subprocess.run([*TMUX, "capture-pane", "-t", s, "-p", "-J", "-S", "-200"],
                            capture_output=True, text=True).stdout.splitlines()
    assert f"  ecarte adjudicate {saved}" in joined
    assert "The dispute is saved as a log in" in joined and f"{saved}." in joined   # the path alone, whole
    told = joined[joined.index(next(l for l in joined if l.startswith("Law "))):joined.index("EXIT=1")]
    assert all(len(line) <= 39 for line in told if str(saved) not in line), told
    assert told[0] == "Law 4: More than one card exposed in"   # words wrapped whole, at 39
    assert adjudicate_text(saved.read_text(), str(saved)).rulings[0].law == 4


@pytest.mark.slow
def test_leaving_a_real_terminal_early_is_exit_2(terminal):
    s = terminal(["--players", "A,Y"])
    _wait(s, "at what moment of the deal")
    _keys(s, "C-d")
    screen = _wait(s, "EXIT=2")
    assert "ecarte resolve:" in screen and "Traceback" not in screen


def test_a_save_place_that_cannot_be_written_is_refused_before_any_question(tmp_path):
    for place in (tmp_path / "no" / "such" / "dir.yaml", tmp_path):
        done = _run(["--json", "--save", str(place)], [{"id": "q1", "value": "revoke"}])
        assert done.returncode == 2 and str(place) in done.stderr and "cannot be written" in done.stderr
        assert done.stdout == ""          # nothing asked
    assert not (tmp_path / "no").exists()
