"""An archive an operator can leave running (issue 34): the write guard sees every spelling of an
input (a `file://` URL, the file behind standard input), `--out-dir` refuses a folder that holds
files unless `--overwrite` and ends a run with `manifest.json` and `_SUCCESS`, SIGTERM and SIGHUP
end a run as ^C does, the `--jobs` workers end with the main process however it ends, and
`--show-completion SHELL` prints that shell's script whatever shell runs it."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from adjudicator.engine.generate import dumps
from adjudicator.engine.generate_games import games

ROOT = Path(__file__).resolve().parent.parent
ENTRY = "import sys; from adjudicator.entry import run; sys.argv[0] = 'ecarte'; run()"   # the script's


def ecarte(*args: str, cwd: Path = ROOT, stdin=None, timeout: float = 120) -> subprocess.CompletedProcess:
    """The command as an operator runs it: its own process, its own standard streams."""
    return subprocess.run([sys.executable, "-c", ENTRY, *args], cwd=cwd, stdin=stdin, capture_output=True,
                          text=True, timeout=timeout)


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """Forty clean games in a folder of their own, `in/a.jsonl`."""
    folder = tmp_path / "in"
    folder.mkdir()
    path = folder / "a.jsonl"
    path.write_text("".join(dumps(log) + "\n" for log, _ in games(40, seed=3)))
    return path


def _refused(done: subprocess.CompletedProcess, option: str, given: str, why: str) -> None:
    assert done.returncode == 2 and done.stdout == "", done
    assert done.stderr == f"{option} {given} {why}: nothing was read or written\n"


# ---------------------------------------------------------------- 1. the write guard sees every spelling

@pytest.mark.slow
def test_a_summary_over_an_input_given_as_a_file_url_is_refused(archive: Path) -> None:
    before = archive.read_bytes()
    url = archive.as_uri()
    _refused(ecarte("validate", url, "--summary-json", str(archive)), "--summary-json", str(archive),
             f"is {url}, one of the logs being checked")
    _refused(ecarte("validate", str(archive), "--summary-json", url), "--summary-json", url,
             f"is {archive}, one of the logs being checked")
    relative = "file://" + os.path.relpath(archive, archive.parent.parent)   # fsspec reads it from here
    _refused(ecarte("validate", relative, "--summary-json", "in/a.jsonl", cwd=archive.parent.parent),
             "--summary-json", "in/a.jsonl", f"is {relative}, one of the logs being checked")
    _refused(ecarte("validate", "local://" + str(archive.parent), "--summary-json", str(archive)),
             "--summary-json", str(archive), f"lies inside local://{archive.parent}, a folder being checked")
    assert archive.read_bytes() == before
    assert [p.name for p in archive.parent.iterdir()] == ["a.jsonl"]


def test_a_summary_given_as_a_file_url_is_written_there(archive: Path, tmp_path: Path) -> None:
    done = ecarte("validate", str(archive), "--summary-json", (tmp_path / "s.json").as_uri())
    assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / "s.json").read_text())["games"] == 40


def test_a_summary_over_the_file_on_standard_input_is_refused(archive: Path) -> None:
    before = archive.read_bytes()
    with archive.open("rb") as f:
        done = ecarte("validate", "-", "--summary-json", str(archive), stdin=f)
    _refused(done, "--summary-json", str(archive), "is the file on standard input (-), one of the logs being checked")
    os.link(archive, archive.parent.parent / "hard.jsonl")   # by any name
    with archive.open("rb") as f:
        done = ecarte("validate", "-", "--summary-json", str(archive.parent.parent / "hard.jsonl"), stdin=f)
    assert done.returncode == 2 and "is the file on standard input (-)" in done.stderr
    assert archive.read_bytes() == before


def test_a_summary_beside_a_pipe_on_standard_input_is_written(archive: Path, tmp_path: Path) -> None:
    done = subprocess.run(f"cat {archive} | {sys.executable} -c \"{ENTRY}\" validate - --summary-json s.json",
                          shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / "s.json").read_text())["games"] == 40


@pytest.mark.slow
def test_an_out_dir_over_the_inputs_by_any_spelling_is_refused(archive: Path) -> None:
    """The issue's case: `--out-dir file://…/spark spark` wrote over `spark/part-000000.jsonl`."""
    spark = archive.parent
    part = spark / "part-000000.jsonl"
    archive.rename(part)
    before = part.read_bytes()
    for out, given, why in ((spark.as_uri(), str(spark), f"lies inside {spark}, a folder being checked"),
                            (str(spark), part.as_uri(), f"holds {part.as_uri()}, one of the logs being checked"),
                            (str(spark.parent), str(part), f"holds {part}, one of the logs being checked")):
        _refused(ecarte("validate", "--engine", "dask", "--json", "--out-dir", out, given), "--out-dir", out, why)
    with part.open("rb") as f:
        done = ecarte("validate", "--engine", "dask", "--out-dir", str(spark), "-", stdin=f)
    _refused(done, "--out-dir", str(spark), "holds -, one of the logs being checked")
    assert part.read_bytes() == before and [p.name for p in spark.iterdir()] == ["part-000000.jsonl"]


# ---------------------------------------------------------------- 2. a safe --out-dir

@pytest.mark.slow
def test_an_out_dir_is_refused_if_it_holds_files_and_ends_with_a_manifest_and_success(archive: Path,
                                                                                     tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="Dask is not installed: pip install 'ecarte[dask]'")
    out = tmp_path / "out"
    one = ecarte("validate", "--json", str(archive))
    first = ecarte("validate", "--engine", "dask", "--jobs", "2", "--json", "--out-dir", str(out), str(archive))
    assert (first.returncode, first.stdout) == (0, ""), first.stderr
    parts = sorted(out.glob("part-*.jsonl"))
    assert "".join(p.read_text() for p in parts) == one.stdout
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["complete"] is True and manifest["counts"] == {"games": 40, "clean": 40, "with_rulings": 0,
                                                                   "unreadable": 0}
    assert manifest["inputs"] == [{"path": str(archive), "bytes": archive.stat().st_size,
                                   "modified": manifest["inputs"][0]["modified"]}]
    assert [p["name"] for p in manifest["parts"]] == [p.name for p in parts]
    assert (out / "_SUCCESS").read_bytes() == b""
    assert sorted(p.name for p in out.iterdir()) == ["_SUCCESS", "manifest.json", *(p.name for p in parts)]

    again = ecarte("validate", "--engine", "dask", "--json", "--out-dir", str(out), str(archive))
    _refused(again, "--out-dir", str(out), f"already holds {len(parts) + 2} files (_SUCCESS, manifest.json, "
             f"{parts[0].name}{' and 1 more' if len(parts) > 1 else ''}): give --overwrite to replace the parts "
             "of an earlier run, or another folder")
    (out / "part-000099.jsonl").write_text("an earlier, longer run's part\n")   # the 9,150 lines
    (out / "notes.txt").write_text("the operator's own\n")
    smaller = tmp_path / "smaller.jsonl"
    smaller.write_text("".join(archive.read_text().splitlines(keepends=True)[:5]))
    over = ecarte("validate", "--engine", "dask", "--json", "--overwrite", "--out-dir", out.as_uri(), str(smaller))
    assert over.returncode == 0, over.stderr
    assert "".join(p.read_text() for p in sorted(out.glob("part-*"))) == ecarte("validate", "--json", str(smaller)).stdout
    assert (out / "notes.txt").read_text() == "the operator's own\n" and (out / "_SUCCESS").exists()
    assert json.loads((out / "manifest.json").read_text())["counts"]["games"] == 5


def test_overwrite_goes_with_out_dir(archive: Path) -> None:
    from typer.testing import CliRunner
    from adjudicator.cli import app
    done = ecarte("validate", "--overwrite", str(archive))
    assert (done.returncode, done.stdout, done.stderr) == (2, "", "--overwrite goes with --out-dir\n")
    typed = CliRunner().invoke(app, ["validate", "--overwrite", "--jobs=1", str(archive)])   # typer's reading too
    assert typed.exit_code == 2 and "--overwrite goes with --out-dir" in typed.output


# ---------------------------------------------------------------- 3. signals

@pytest.fixture(scope="module")
def long_archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """50,000 clean games (2,000 repeated): a run of many seconds."""
    path = tmp_path_factory.mktemp("long") / "long.jsonl"
    path.write_text("".join(dumps(log) + "\n" for log, _ in games(2000, seed=6)) * 25)
    return path


def _started(*args: str, lines: int = 200) -> subprocess.Popen:
    """A run in a session of its own, once its first lines are out (its workers started), read
    unbuffered: `communicate` then reads the rest, with a time limit (a run that hangs fails)."""
    p = subprocess.Popen([sys.executable, "-c", ENTRY, *args], cwd=ROOT, stdin=subprocess.DEVNULL, bufsize=0,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    for _ in range(lines):
        p.stdout.readline()
    return p


def _ended(p: subprocess.Popen) -> tuple[str, bytes]:
    """The rest of the output and stderr; the run and its workers killed if it hangs (a failure)."""
    try:
        out, err = p.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        raise AssertionError("the run did not end") from None
    return out.decode(), err


def _workers(pid: int) -> list[int]:
    return [int(w) for t in Path(f"/proc/{pid}/task").iterdir() for w in (t / "children").read_text().split()]


def _alive(pid: int) -> bool:
    """Whether the process runs still (a zombie, ended and not yet waited for, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.timeout(240)   # a signal sent to a process: a hang is the risk
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_sigterm_and_sighup_end_a_run_as_ctrl_c_does(long_archive: Path, tmp_path: Path, signum: int,
                                                      jobs: str) -> None:
    summary = tmp_path / "s.json"
    p = _started("validate", "--jobs", jobs, "--summary-json", str(summary), str(long_archive))
    p.send_signal(signum)
    out, err = _ended(p)
    lines = out.splitlines()   # game lines alone: a run cut short says its summary on stderr (--resume)
    n = 200 + len(lines)   # the first 200 lines, then those after them
    name = signal.Signals(signum).name
    assert p.returncode == 128 + signum
    assert lines[-1].startswith(f"{long_archive}:{n}: clean") and n < 50_000
    told = err.decode().splitlines()
    assert told[-1] == f"{n} games: {n} clean, 0 with rulings, 0 unreadable"
    said = json.loads(summary.read_text())
    assert said["games"] == n and said["signal"] == name
    assert said["interrupted"] == told[-2] and told[-2].startswith(f"interrupted after {n:,} games, ")
    assert told[-2].endswith(f"%), then {name}")
    for _ in range(50):
        if subprocess.run(["pgrep", "-s", str(p.pid)], capture_output=True).stdout == b"":
            break
        time.sleep(0.1)
    else:
        raise AssertionError("a worker outlived the run")


@pytest.mark.slow   # a process killed
@pytest.mark.timeout(240)   # a signal sent to a process: a hang is the risk
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the workers in /proc")
def test_the_workers_end_with_the_main_process_killed_by_sigkill(long_archive: Path) -> None:
    p = _started("validate", "--jobs", "2", str(long_archive))
    workers = _workers(p.pid)
    assert len(workers) == 2
    try:
        p.kill()
        p.wait(timeout=10)
        time.sleep(5)
        assert [w for w in workers if _alive(w)] == []
    finally:
        for w in workers:
            try:
                os.kill(w, signal.SIGKILL)
            except ProcessLookupError:
                pass


@pytest.mark.slow
@pytest.mark.timeout(240)   # a signal sent to a process: a hang is the risk
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the workers in /proc")
def test_a_worker_ended_by_sigterm_is_a_death_the_run_recovers_from(tmp_path: Path) -> None:
    """A worker does not keep the main process's handlers: SIGTERM ends it, as it ends a process
    by default, and the run goes on as after any worker's death, its output one job's."""
    path = tmp_path / "a.jsonl"
    path.write_text("".join(dumps(log) + "\n" for log, _ in games(200, seed=9)) * 20)
    one = ecarte("validate", "--json", str(path))
    p = _started("validate", "--json", "--jobs", "2", str(path), lines=1)
    while len(workers := _workers(p.pid)) < 2:
        time.sleep(0.01)
    os.kill(workers[0], signal.SIGTERM)
    out, err = _ended(p)
    assert (p.returncode, out) == (0, one.stdout.split("\n", 1)[1])   # after the line read
    assert re.fullmatch(rb"ecarte validate: a worker process died[^\n]*: \d+ partitions? run again\n", err), err
    assert not _alive(workers[0])


@pytest.mark.slow
@pytest.mark.timeout(240)   # a signal sent to a process: a hang is the risk
def test_sigterm_on_dask_leaves_a_manifest_that_says_so_and_no_success(long_archive: Path, tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="Dask is not installed: pip install 'ecarte[dask]'")
    out = tmp_path / "out"
    p = subprocess.Popen([sys.executable, "-c", ENTRY, "validate", "--engine", "dask", "--jobs", "2", "--out-dir",
                          str(out), str(long_archive)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    deadline = time.monotonic() + 60
    while not list(out.glob("part-*")) and time.monotonic() < deadline:
        time.sleep(0.1)
    p.send_signal(signal.SIGTERM)
    said, _ = p.communicate(timeout=60)
    assert p.returncode == 143
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["complete"] is False and manifest["interrupted"] in said.decode()
    assert manifest["counts"]["games"] < 50_000 and not (out / "_SUCCESS").exists()
    assert [p["name"] for p in manifest["parts"]] == sorted(p.name for p in out.glob("part-*"))


# ---------------------------------------------------------------- 9. scripted installs

@pytest.mark.slow
@pytest.mark.parametrize("shell", ["sh", "bash"])
def test_show_completion_prints_the_script_of_the_shell_named_whatever_shell_runs_it(shell: str) -> None:
    """As in a Dockerfile's `RUN` (`sh -c`): the shell named wins over the one that runs ecarte."""
    command = f"{sys.executable} -c \"{ENTRY}\""
    for named, first in (("bash", "_ecarte_completion() {"), ("zsh", "#compdef ecarte"), ("=fish", "complete ")):
        done = subprocess.run([shell, "-c", f"{command} --show-completion{' ' if named[0] != '=' else ''}{named}"],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert (done.returncode, done.stderr) == (0, ""), done
        assert done.stdout.startswith(first) and "_ECARTE_COMPLETE" in done.stdout
    unknown = subprocess.run([shell, "-c", f"{command} --show-completion tcsh"], cwd=ROOT, capture_output=True,
                             text=True, timeout=60)
    assert unknown.returncode == 2 and "'tcsh' is not one of 'bash', 'zsh'" in unknown.stderr
