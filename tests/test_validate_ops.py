"""What `validate` gives an operator: --jobs identical to one job (byte ranges read by the
workers), a worker killed costing only its own log, --only-problems, --summary-json."""
from __future__ import annotations

import json
import os
import signal
import sys
from functools import partial
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.archive import parallel
from adjudicator.archive.files import items
from adjudicator.cli import app
from adjudicator.commands import render_batch
from adjudicator.engine.generate import dumps
from adjudicator.engine.generate_games import games
from workers import killer  # a worker that dies as the out-of-memory killer kills

runner = CliRunner()
SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """Clean games, blank lines, lines that are not logs or not UTF-8, no final newline."""
    logs = [dumps(log) for log, _ in games(30, 4)]
    lines = logs[:10] + ["", "{oops", "ecarte: 1"] + logs[10:20] + ["   "] + logs[20:]
    path = tmp_path / "a.jsonl"
    path.write_bytes(("\n".join(lines)).encode() + b"\n\xff\n" + logs[0].encode())   # no final newline
    return path


def _one_job(*paths: Path) -> tuple:
    return render_batch(items([str(p) for p in paths]), as_json=True)


@pytest.mark.parametrize("task_bytes", [1, 500, 4096, 1 << 20])
def test_jobs_read_byte_ranges_and_answer_as_one_job(archive: Path, task_bytes: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "TASK_BYTES", task_bytes)
    render = partial(render_batch, as_json=True)
    paths = [archive, SCENARIOS / "play"]
    batches = list(parallel.results([str(p) for p in paths], 2, render))
    assert len(batches) > (2 if task_bytes < 4096 else 1)
    assert parallel.merge(batches) == _one_job(*paths)


@pytest.mark.slow   # worker processes killed
@pytest.mark.parametrize("killing", [
    {":1"},              # the first task: a worker dies while the first tasks are handed out
    {":7"},              # a task in the middle
    {":7", ":8"},        # two in one task: found one by one
    {":2", ":15", ":16", ":30"},   # deaths in several tasks, some in flight together
])
def test_a_killed_worker_costs_only_its_own_log(archive: Path, monkeypatch: pytest.MonkeyPatch,
                                                killing: set[str]) -> None:
    monkeypatch.setattr(parallel, "TASK_BYTES", 4096)   # several lines a task
    dying = partial(killer, always=tuple(killing))   # the lines whose worker dies, as the out-of-memory killer kills
    text, clean, problems, size = parallel.merge(list(parallel.results([str(archive)], 2, dying)))
    want = _one_job(archive)
    got_lines, want_lines = text.splitlines(), want[0].splitlines()
    killed = [w for w in want_lines if any(json.loads(w)["source"].endswith(k) for k in killing)]
    assert len(got_lines) == len(want_lines) and len(killed) == len(killing)
    assert clean == want[1] - len(killing) and size < want[3]
    for g, w in zip(got_lines, want_lines):
        source = json.loads(w)["source"]
        if w in killed:
            assert json.loads(g)["errors"] == [f"{source}: the process checking it died "
                                               "(SIGKILL: killed, perhaps for want of memory)"]
            assert (2, source, ()) in [game[:3] for game in problems]
        else:
            assert g == w


def test_jobs_on_the_command_line_is_byte_identical(archive: Path) -> None:
    one = runner.invoke(app, ["validate", "--json", str(archive)])
    two = runner.invoke(app, ["validate", "--json", "--jobs", "2", str(archive)])
    assert one.exit_code == two.exit_code == 2
    assert one.output == two.output


@pytest.mark.slow
def test_only_problems_and_the_summary(tmp_path: Path) -> None:
    folder = SCENARIOS / "laws"
    out = tmp_path / "summary.json"
    full = runner.invoke(app, ["validate", str(folder), str(SCENARIOS / "play")])
    some = runner.invoke(app, ["validate", "--only-problems", "--summary-json", str(out),
                               str(folder), str(SCENARIOS / "play")])
    assert full.exit_code == some.exit_code == 1
    lines = full.output.splitlines()
    problems = [line for line in lines if ": clean (" not in line]
    assert some.output.splitlines() == problems
    summary = json.loads(out.read_text())
    n_clean = sum(": clean (" in line for line in lines)
    assert summary["clean"] == n_clean and summary["games"] == n_clean + summary["with_rulings"] + summary["unreadable"]
    by_law = {e["law"]: e for e in summary["by_law"]}
    law40 = by_law[40]
    assert law40["games"] <= law40["rulings"] and 0 < len(law40["first"]) <= 5
    assert all(f.startswith(str(folder)) for f in law40["first"])
    # the counts agree with the rulings of the --json objects
    objs = [json.loads(x) for x in runner.invoke(app, ["validate", "--json", str(folder)]).output.splitlines()]
    assert law40["rulings"] == sum(r["law"] == 40 for o in objs for r in o.get("rulings", []))
    irregularities = {e["irregularity"]: e for e in summary["by_irregularity"]}
    assert irregularities["revoke"]["rulings"] == \
        sum(r["irregularity"] == "revoke" for o in objs for r in o.get("rulings", []))
    assert "By law:" in lines and "By irregularity:" in lines


def test_summary_json_alone_with_json_output(tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    result = runner.invoke(app, ["validate", "--json", "--only-problems", "--summary-json", str(out),
                                 str(SCENARIOS / "play")])
    assert result.exit_code == 0 and result.output == ""
    assert json.loads(out.read_text())["with_rulings"] == 0
    bad = runner.invoke(app, ["validate", "--summary-json", str(tmp_path / "no" / "s.json"), str(SCENARIOS / "play")])
    assert bad.exit_code == 2


@pytest.mark.slow
@pytest.mark.timeout(240)   # a signal sent to a process: a hang is the risk
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the workers in /proc")
def test_a_worker_killed_from_outside_changes_nothing(tmp_path: Path) -> None:
    """The operating system kills a worker of a running `validate --jobs 2` (as the out-of-memory
    killer would): the run goes on, and its output is that of one job."""
    import subprocess
    import sys
    import time
    logs = [dumps(log) for log, _ in games(40, 9)]
    path = tmp_path / "big.jsonl"
    path.write_text("\n".join(logs * 100) + "\n")
    command = [sys.executable, "-c", "from adjudicator.entry import main; main()", "validate", "--json"]
    one = subprocess.run([*command, str(path)], capture_output=True)
    run = subprocess.Popen([*command, "--jobs", "2", str(path)], stdout=subprocess.PIPE)
    children = Path(f"/proc/{run.pid}/task/{run.pid}/children")
    killed = None
    deadline = time.monotonic() + 30
    while killed is None and run.poll() is None and time.monotonic() < deadline:
        pids = children.read_text().split() if children.exists() else []
        if pids:
            killed = int(pids[0])
            os.kill(killed, signal.SIGKILL)
        time.sleep(0.005)
    out, _ = run.communicate(timeout=120)
    assert killed is not None, "the run ended before a worker could be killed"
    assert run.returncode == one.returncode == 0
    assert out == one.stdout


def test_a_variants_own_rulings_are_summed_by_their_rule(tmp_path: Path) -> None:
    """A variant's own rulings carry `law: null` and their `rule` (RULESETS.md): each game's line
    and the summary say "rule doubling" where a law's would say "law 43", and `--summary-json`
    keys them `{"law": null, "rule": ...}`, after the laws (the summary once sorted None among
    the numbers and ended in a traceback)."""
    folder = Path(__file__).resolve().parent.parent / "scenarios" / "rulesets"
    summary = tmp_path / "summary.json"
    result = runner.invoke(app, ["validate", "--summary-json", str(summary), str(folder)])
    assert result.exit_code == 1 and not isinstance(result.exception, TypeError), result.output
    assert f"{folder / 'doubling-out-of-time.yaml'}: 1 ruling: rule doubling at event 17" in result.output
    assert "law None" not in result.output
    by_law = json.loads(summary.read_text())["by_law"]
    laws = [e["law"] for e in by_law if e["law"] is not None]
    rules = [e["rule"] for e in by_law if e["law"] is None]
    assert laws == sorted(laws) and rules == sorted(rules) and {"doubling", "offer_point"} <= set(rules)
    assert [e["law"] for e in by_law] == laws + [None] * len(rules)
    lines = result.output.splitlines()
    assert "  rule doubling: 3 rulings in 3 games (" in "\n".join(lines[lines.index("By law:"):])
    assert any(line.endswith("(rule doubling): 1 ruling in 1 game (" + str(folder / "doubling-unanswered.yaml") + ")")
               for line in lines)
