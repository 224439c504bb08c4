"""What `validate`'s summary counts (issue 34, item 7): games by rule set, duplicate games,
games with no card dealt; a full output disk (exit 3, the summary still written, saying how
far the run got); a summary file another run is writing, refused."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.archive.summary import HELD, Duplicates, Summary
from adjudicator.cli import app
from adjudicator.engine.generate import dumps
from adjudicator.engine.generate_games import games

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
ENTRY = "import sys; from adjudicator.entry import run; sys.argv[0] = 'ecarte'; run()"
EMPTY = '{"ecarte": 1, "players": ["A", "Y"], "events": []}'


def _lines(n: int, seed: int = 3) -> list[str]:
    return [dumps(log) for log, _ in games(n, seed)]


def test_duplicates_are_named_with_the_first_copy(tmp_path: Path) -> None:
    logs = _lines(6)
    again = {"title": "copied", **json.loads(logs[1])}   # another header, the same events: the same game
    spaced = json.dumps(json.loads(logs[3]))   # the same game written with other spacing: another body
    (tmp_path / "a.jsonl").write_text("\n".join(logs) + "\n" + logs[4] + "\n")
    (tmp_path / "b.jsonl").write_text(f"{dumps(again)}\n{logs[4]}\n{spaced}\n")
    summary = tmp_path / "s.json"
    result = runner.invoke(app, ["validate", str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl"),
                                 "--summary-json", str(summary)])
    assert result.exit_code == 0
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert json.loads(summary.read_text())["duplicates"] == {"games": 3, "held": HELD, "first": [
        {"source": f"{a}:7", "same_as": f"{a}:5"}, {"source": f"{b}:1", "same_as": f"{a}:2"},
        {"source": f"{b}:2", "same_as": f"{a}:5"}]}
    assert f"3 duplicates: {a}:7 (as {a}:5), {b}:1 (as {a}:2), {b}:2 (as {a}:5)" in result.output


def test_duplicates_are_the_same_with_jobs(tmp_path: Path) -> None:
    logs = _lines(40)
    (tmp_path / "a.jsonl").write_text("\n".join(logs + logs[::7]) + "\n")
    outs = [runner.invoke(app, ["validate", "--jobs", jobs, str(tmp_path / "a.jsonl"), "--summary-json",
                                str(tmp_path / f"{jobs}.json")]) for jobs in ("1", "2")]
    assert outs[0].output == outs[1].output
    one, two = (json.loads((tmp_path / f"{j}.json").read_text()) for j in ("1", "2"))
    assert one == two and one["duplicates"]["games"] == len(logs[::7])


def test_the_bodies_held_are_bounded() -> None:
    dups = Duplicates()
    for n in range(HELD + 10):
        dups.remember(n.to_bytes(8, "big"), f"x:{n}")
    assert len(dups.seen) == HELD


def test_a_game_with_no_card_dealt_is_empty_not_clean(tmp_path: Path) -> None:
    logs = _lines(3)
    (tmp_path / "a.jsonl").write_text("\n".join([logs[0], EMPTY, logs[1], EMPTY]) + "\n")
    summary = tmp_path / "s.json"
    result = runner.invoke(app, ["validate", str(tmp_path / "a.jsonl"), "--summary-json", str(summary)])
    assert result.exit_code == 0
    said = json.loads(summary.read_text())
    assert (said["games"], said["clean"], said["empty"]) == (4, 2, 2)
    assert said["duplicates"]["games"] == 0   # two games with nothing in them are not copies
    assert f"{tmp_path / 'a.jsonl'}:2: empty: no card dealt (A 0, Y 0)" in result.output
    assert result.output.splitlines()[-1] == "4 games: 2 clean, 0 with rulings, 0 unreadable, 2 empty (no card dealt)"


def test_games_are_counted_by_rule_set_and_options(tmp_path: Path) -> None:
    french = json.loads(_lines(1, seed=9)[0])
    french["rules"] = "french"
    lines = _lines(4) + [json.dumps(french)]
    (tmp_path / "a.jsonl").write_text("\n".join(lines) + "\n")
    summary = tmp_path / "s.json"
    result = runner.invoke(app, ["validate", "--json", str(tmp_path / "a.jsonl"), "--summary-json", str(summary)])
    answers = [json.loads(line) for line in result.output.splitlines()]
    by_rules = json.loads(summary.read_text())["by_rules"]
    assert sum(r["games"] for r in by_rules) == len(lines) == sum(r["clean"] + r["with_rulings"] + r["empty"] for r in by_rules)
    assert any(r["rules"].startswith("french") for r in by_rules)
    want: dict[str, int] = {}   # each game's rule set, with the options that differ from its defaults
    for a in answers:
        changed = [f"{k}: {json.dumps(v).strip(chr(34))}" for (k, v), d in zip(a["options"].items(), _defaults(a["rules"])) if v != d]
        label = a["rules"] + (" with " + ", ".join(changed) if changed else "")
        want[label] = want.get(label, 0) + 1
    assert {r["rules"]: r["games"] for r in by_rules} == want and len(want) > 2


def _defaults(name: str) -> list:
    from adjudicator.lawbook.rulesets import rule_sets
    return list(rule_sets()[name].defaults.to_json().values())


def test_the_text_summary_names_each_rule_set(tmp_path: Path) -> None:
    french = json.loads(EMPTY)
    french["rules"] = "french"
    (tmp_path / "a.jsonl").write_text("\n".join(_lines(2) + [json.dumps(french)]) + "\n")
    result = runner.invoke(app, ["validate", str(tmp_path / "a.jsonl")])
    assert "by rule set: cavendish: 2 games (2 clean); french: 1 game (1 empty)" in result.output.splitlines()


def _ecarte(*args: str, stdout) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", ENTRY, *args], stdout=stdout, stderr=subprocess.PIPE, cwd=ROOT, timeout=120)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_full_disk_still_writes_the_summary_and_exits_3(tmp_path: Path, jobs: str) -> None:
    (tmp_path / "a.jsonl").write_text("\n".join(_lines(30)) + "\n")
    summary = tmp_path / "s.json"
    with open("/dev/full", "w") as full:
        done = _ecarte("validate", "--jobs", jobs, str(tmp_path / "a.jsonl"), "--summary-json", str(summary), stdout=full)
    assert done.returncode == 3, done.stderr.decode()
    said = json.loads(summary.read_text())
    assert said["stopped"].startswith("stopped after 0 games, 0 bytes of ")
    assert "the output cannot be written (No space left on device)" in said["stopped"]
    assert said["checkpoint"]["complete"] is False and said["checkpoint"]["output_bytes"] == 0
    assert said["stopped"] in done.stderr.decode() and "Traceback" not in done.stderr.decode()


def test_a_full_disk_without_a_summary_file_says_it_on_stderr(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").write_text("\n".join(_lines(5)) + "\n")
    with open("/dev/full", "w") as full:
        done = _ecarte("validate", "--json", str(tmp_path / "a.jsonl"), stdout=full)
    assert done.returncode == 3
    assert done.stderr.decode().startswith("ecarte validate: stopped after 0 games")


def test_a_summary_another_run_is_writing_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").write_text("\n".join(_lines(3)) + "\n")
    summary = tmp_path / "s.json"
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time\nfrom adjudicator.record.lock import held\n"
                               "with held(sys.argv[1]):\n    print('held', flush=True)\n    time.sleep(60)\n",
                               str(summary)], stdout=subprocess.PIPE, cwd=ROOT)
    try:
        assert holder.stdout.readline() == b"held\n"
        result = runner.invoke(app, ["validate", str(tmp_path / "a.jsonl"), "--summary-json", str(summary)])
        assert result.exit_code == 2 and not summary.exists()
        assert result.output == (f"--summary-json {summary}: another run (process {holder.pid}) is writing it: "
                                 "nothing was read or written\n")
    finally:
        holder.kill()
        holder.wait()
    result = runner.invoke(app, ["validate", str(tmp_path / "a.jsonl"), "--summary-json", str(summary)])
    assert result.exit_code == 0 and summary.exists()   # a run killed lets go of it
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".lock")]   # and the lock's file is gone at the end
