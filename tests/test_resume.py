"""`validate --resume SUMMARY` (issue 34, item 6): a run interrupted by ^C, then the same command
with `--resume` and its summary file: the two outputs, one appended to the other, are an
uninterrupted run's byte for byte, and the last summary is its summary; a resume file from
another command or other inputs is refused."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.engine.generate import dumps
from adjudicator.engine.generate_games import games

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
ENTRY = "import sys; from adjudicator.entry import run; sys.argv[0] = 'ecarte'; run()"


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """A long archive with a copy of an early game late in it, blank lines and an unreadable
    one every hundred, then a folder of logs."""
    folder = tmp_path_factory.mktemp("in")
    logs = [dumps(log) for log, _ in games(3000, seed=8)]
    lines = [line for k in range(0, 3000, 100) for line in logs[k:k + 100] + ["", "{oops"]] + [logs[3]]
    (folder / "a.jsonl").write_text("\n".join(lines) + "\n")
    (folder / "more").mkdir()
    for n in range(3):
        (folder / "more" / f"{n}.json").write_text(logs[n * 10])
    return [str(folder / "a.jsonl"), str(folder / "more")]


def _interrupted(args: list[str], out: Path, after: int) -> int:
    """The command run until `after` bytes of output are out, then ^C; its exit status."""
    with open(out, "wb") as f:
        p = subprocess.Popen([sys.executable, "-c", ENTRY, *args], stdout=f, stderr=subprocess.DEVNULL, cwd=ROOT)
        while out.stat().st_size < after and p.poll() is None:
            time.sleep(0.01)
        p.send_signal(signal.SIGINT)
        return p.wait(timeout=60)


def _run(args: list[str], out: Path, mode: str = "wb") -> int:
    with open(out, mode) as f:
        return subprocess.run([sys.executable, "-c", ENTRY, *args], stdout=f, cwd=ROOT, timeout=300).returncode


@pytest.mark.slow
@pytest.mark.timeout(240)   # a signal sent to a process: a hang is the risk
@pytest.mark.parametrize("options", [["--json"], ["--jobs", "2"], ["--json", "--jobs", "2"], ["--only-problems"]],
                         ids=["json", "two jobs", "json, two jobs", "only problems"])
def test_a_resumed_run_appended_is_the_uninterrupted_run(inputs: list[str], tmp_path: Path, options: list[str]) -> None:
    whole, part = tmp_path / "whole.out", tmp_path / "part.out"
    summary, resumed = tmp_path / "whole.json", tmp_path / "part.json"
    status = _run(["validate", *options, *inputs, "--summary-json", str(summary)], whole)
    assert status == 2   # the unreadable lines
    assert _interrupted(["validate", *options, *inputs, "--summary-json", str(resumed)], part, 500) == 130
    cut = json.loads(resumed.read_text())
    assert "interrupted" in cut and 0 < cut["checkpoint"]["games"] < 3000 and not cut["checkpoint"]["complete"]
    assert cut["checkpoint"]["output_bytes"] == part.stat().st_size
    assert _run(["validate", *options, *inputs, "--summary-json", str(resumed), "--resume", str(resumed)], part, "ab") == status
    assert part.read_bytes() == whole.read_bytes()
    assert json.loads(resumed.read_text()) == json.loads(summary.read_text())
    assert json.loads(summary.read_text())["duplicates"]["games"] == 4   # the late copy, and the folder's three


@pytest.mark.slow
@pytest.mark.timeout(240)   # a signal sent to a process: a hang is the risk
def test_a_resume_file_of_another_command_is_refused(inputs: list[str], tmp_path: Path) -> None:
    resumed = tmp_path / "s.json"
    assert _interrupted(["validate", "--json", *inputs, "--summary-json", str(resumed)], tmp_path / "o", 2000) == 130
    result = runner.invoke(app, ["validate", *inputs, "--resume", str(resumed)])
    assert result.exit_code == 2 and result.output.startswith(f"--resume {resumed}: it records another command "
                                                              f"(validate --json {' '.join(inputs)}), not this one")
    result = runner.invoke(app, ["validate", "--json", inputs[0], "--resume", str(resumed)])
    assert result.exit_code == 2 and "another command" in result.output


@pytest.mark.slow
@pytest.mark.timeout(240)   # a signal sent to a process: a hang is the risk
def test_a_resume_file_of_changed_inputs_is_refused(inputs: list[str], tmp_path: Path) -> None:
    copy = tmp_path / "a.jsonl"
    copy.write_bytes(Path(inputs[0]).read_bytes())
    resumed = tmp_path / "s.json"
    assert _interrupted(["validate", "--json", str(copy), "--summary-json", str(resumed)], tmp_path / "o", 2000) == 130
    with open(copy, "a") as f:
        f.write("{}\n")
    result = runner.invoke(app, ["validate", "--json", str(copy), "--resume", str(resumed)])
    assert result.exit_code == 2 and f"{copy} has changed (" in result.output and result.output.endswith(
        "since that run: nothing was written\n")


@pytest.mark.parametrize("given, said", [
    ("{}", "no checkpoint"), ("not json", "not JSON"), (None, "No such file or directory")])
def test_a_file_that_is_no_checkpoint_is_refused(tmp_path: Path, given: str | None, said: str) -> None:
    (tmp_path / "a.jsonl").write_text("")
    resume = tmp_path / "s.json"
    if given is not None:
        resume.write_text(given)
    result = runner.invoke(app, ["validate", str(tmp_path / "a.jsonl"), "--resume", str(resume)])
    assert result.exit_code == 2 and said in result.output and result.output.startswith(f"--resume {resume}: ")


def test_a_finished_run_has_nothing_to_resume(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").write_text(dumps(next(games(1, seed=1))[0]) + "\n")
    summary = tmp_path / "s.json"
    assert runner.invoke(app, ["validate", str(tmp_path / "a.jsonl"), "--summary-json", str(summary)]).exit_code == 0
    result = runner.invoke(app, ["validate", str(tmp_path / "a.jsonl"), "--resume", str(summary)])
    assert result.exit_code == 2 and "went to the end: nothing to resume" in result.output


def test_resume_is_read_without_typer_too() -> None:
    from adjudicator.hot import read
    assert read(["validate", "a.jsonl", "--resume", "s.json"]) == ("validate", {"paths": ["a.jsonl"], "resume": "s.json"})


def test_a_checkpoint_changed_by_hand_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").write_text(dumps(next(games(1, seed=1))[0]) + "\n")
    summary = tmp_path / "s.json"
    assert runner.invoke(app, ["validate", str(tmp_path / "a.jsonl"), "--summary-json", str(summary)]).exit_code == 0
    said = json.loads(summary.read_text())
    said["checkpoint"]["complete"] = False
    del said["clean"]
    summary.write_text(json.dumps(said))
    result = runner.invoke(app, ["validate", str(tmp_path / "a.jsonl"), "--resume", str(summary)])
    assert result.exit_code == 2 and "its counts are not as validate --summary-json writes them" in result.output


@pytest.mark.slow
@pytest.mark.timeout(240)   # a signal sent to a process: a hang is the risk
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_checkpoint_whose_last_game_is_not_met_there_is_refused(inputs: list[str], tmp_path: Path, jobs: str) -> None:
    resumed = tmp_path / "s.json"
    assert _interrupted(["validate", "--json", *inputs, "--summary-json", str(resumed)], tmp_path / "o", 2000) == 130
    said = json.loads(resumed.read_text())
    said["checkpoint"]["last"] = "elsewhere.jsonl:1"
    resumed.write_text(json.dumps(said))
    result = runner.invoke(app, ["validate", "--json", "--jobs", jobs, *inputs, "--resume", str(resumed)])
    assert result.exit_code == 2 and result.output.startswith("--resume: the game met where that run stopped is ")
    assert result.output.endswith("not elsewhere.jsonl:1, the last it wrote: the inputs are not the same: nothing was written\n")
