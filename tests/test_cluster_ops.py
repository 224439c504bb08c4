"""`validate --engine dask` as an operator runs it, against a real `dask scheduler` and `dask
worker` processes on 127.0.0.1: a cluster with no live worker, or whose workers cannot import the
package, ends the run (exit status 3, in bounded time) instead of hanging; a scheduler's address
Dask cannot use is exit status 2 before anything is read; relative paths reach workers started in
another folder; a path the workers cannot open is said once, plainly; worker deaths and
partitions run again (here and under `--jobs`) are said on stderr and counted in the summary;
no Dask log line or traceback reaches the terminal, ^C included."""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from functools import partial
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="Dask is not installed: pip install 'ecarte[dask]'")

from typer.testing import CliRunner  # noqa: E402

from adjudicator import commands  # noqa: E402
from adjudicator.archive import cluster, parallel  # noqa: E402
from adjudicator.archive.files import items  # noqa: E402
from adjudicator.archive.recoveries import Recoveries  # noqa: E402
from adjudicator.cli import app  # noqa: E402
from adjudicator.commands import render_batch  # noqa: E402
from adjudicator.engine.generate import dumps  # noqa: E402
from adjudicator.engine.generate_games import games  # noqa: E402
from workers import killer  # noqa: E402  (a worker that dies as the out-of-memory killer kills)

pytestmark = pytest.mark.slow   # Dask schedulers and workers as processes, ^C

ROOT = Path(__file__).resolve().parent.parent
ENTRY = "import sys; from adjudicator.entry import run; sys.argv[0] = 'ecarte'; run()"   # the script's
SITE = next(p for p in sys.path if p.endswith("site-packages") and os.path.isdir(os.path.join(p, "distributed")))
runner = CliRunner()


def _ecarte(*args: str, cwd: Path = ROOT, timeout: float = 120) -> tuple[int, str, str, float]:
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", ENTRY, *args], capture_output=True, text=True, cwd=cwd,
                          timeout=timeout)
    return done.returncode, done.stdout, done.stderr, time.monotonic() - start


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def _processes():
    """Processes started by a test, each killed (with its children) at its end."""
    started: list[subprocess.Popen] = []
    try:
        yield started
    finally:
        for p in started:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            p.wait(timeout=30)


def _scheduler(started: list) -> str:
    """A `dask scheduler` on 127.0.0.1 (no dashboard), once it listens: its address."""
    port = _port()
    started.append(subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                     "--port", str(port), "--no-dashboard"], stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL, start_new_session=True))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return f"tcp://127.0.0.1:{port}"
        except OSError:
            time.sleep(0.2)
    raise AssertionError("the scheduler did not start in 60 s")


def _worker(started: list, address: str, cwd: Path, python: list[str] | None = None, wrap: list[str] = ()) -> None:
    """A `dask worker` (one thread, no nanny) started in `cwd`, by `python` if given."""
    argv = [*wrap, *(python or [sys.executable, "-m", "distributed.cli.dask_worker"]), address,
            "--nthreads", "1", "--no-nanny", "--no-dashboard"]
    started.append(subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    start_new_session=True))


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    path = tmp_path / "in" / "a.jsonl"
    path.parent.mkdir()
    path.write_text("".join(dumps(log) + "\n" for log, _ in games(40, 7)))
    return path


def _quiet(stderr: str) -> bool:
    """Nothing of Dask's own on stderr: no log line, no traceback."""
    return "Traceback" not in stderr and "distributed." not in stderr and " - INFO - " not in stderr


def test_no_live_worker_ends_the_run_with_exit_3(archive: Path, tmp_path: Path) -> None:
    with _processes() as started:
        address = _scheduler(started)
        code, out, err, took = _ecarte("validate", "--engine", "dask", "--scheduler", address, "--worker-timeout", "3",
                                       str(archive), "--summary-json", str(tmp_path / "s.json"), timeout=60)
    assert code == 3 and took < 20, (code, err)
    assert "no Dask worker joined the scheduler in 3 s" in err and _quiet(err)
    summary = json.loads((tmp_path / "s.json").read_text())
    assert summary["games"] == 0 and summary["stopped"] == "no Dask worker joined the scheduler in 3 s"
    assert summary["interrupted"].startswith("interrupted after 0 games")


def test_workers_without_the_package_end_the_run_with_exit_3(archive: Path, tmp_path: Path) -> None:
    """A worker whose Python has Dask but not ecarte (its site-packages on the path, without the
    editable install's hook, run from a folder without the package) died on its first partition
    and the run waited for ever; now it is found before any work is sent."""
    bare = [sys.executable, "-S", "-c", f"import sys; sys.path.append({SITE!r}); "
            "from distributed.cli.dask_worker import main; sys.argv[0] = 'dask-worker'; main()"]
    probe = subprocess.run([*bare[:3], f"import sys; sys.path.append({SITE!r}); import adjudicator"],
                           cwd=tmp_path, capture_output=True)
    if probe.returncode == 0:
        pytest.skip("the package is in site-packages itself (not an editable install): no Python without it here")
    assert b"No module named 'adjudicator'" in probe.stderr   # the worker's Python lacks it
    with _processes() as started:
        address = _scheduler(started)
        _worker(started, address, tmp_path, python=bare)
        code, out, err, took = _ecarte("validate", "--engine", "dask", "--scheduler", address, str(archive), timeout=60)
    assert code == 3 and took < 40, (code, err)
    assert "1 Dask worker cannot import the adjudicator package" in err and "pip install" in err and _quiet(err)


@pytest.mark.parametrize("address", ["nonsense", "127.0.0.1", "http://127.0.0.1:8786", "", "127.0.0.1:99999"])
def test_a_scheduler_address_dask_cannot_use_is_exit_2(archive: Path, address: str) -> None:
    code, out, err, took = _ecarte("validate", "--engine", "dask", "--scheduler", address, str(archive), timeout=60)
    assert code == 2 and out == "" and _quiet(err)
    assert f"--scheduler {address!r} is not a Dask scheduler's address" in err and "nothing was read" in err


def test_address_problem_accepts_what_dask_connects_to() -> None:
    for good in ("tcp://127.0.0.1:8786", "127.0.0.1:8786", "tls://head:8786", "[::1]:8786", "ws://h:1"):
        assert cluster.address_problem(good) is None
    said = {a: cluster.address_problem(a) for a in ("127.0.0.1", "127.0.0.1:", "[::1]", "", ":8786", "tcp://h:x")}
    assert said == {"127.0.0.1": "it names no port", "127.0.0.1:": "it names no port", "[::1]": "it names no port",
                    "": "it is empty", ":8786": "it names no host", "tcp://h:x": "its port 'x' is not a number from 1 to 65535"}


def test_relative_paths_reach_workers_started_elsewhere(archive: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    relative = str(archive.relative_to(tmp_path))
    one = _ecarte("validate", "--json", relative, cwd=tmp_path)
    with _processes() as started:
        address = _scheduler(started)
        _worker(started, address, elsewhere)
        dask = _ecarte("validate", "--engine", "dask", "--scheduler", address, "--json", relative, cwd=tmp_path)
        parts = _ecarte("validate", "--engine", "dask", "--scheduler", address, "--json", "--out-dir", "parts",
                        relative, cwd=tmp_path)
    assert dask[:3] == one[:3] and one[0] == 0 and len(one[1].splitlines()) == 40
    assert parts[:2] == (0, "") and not (elsewhere / "parts").exists()
    assert "".join(p.read_text() for p in sorted((tmp_path / "parts").glob("part-*"))) == one[1]


def _hiding(folder: Path) -> list[str]:
    """The command prefix that runs a process in a mount namespace of its own where `folder` is
    an empty tmpfs (skips the test where no such namespace can be made)."""
    hide = ["unshare", "--mount", "sh", "-c", f"mount -t tmpfs none {folder} && exec \"$@\"", "sh"]
    if shutil.which("unshare") is None or subprocess.run([*hide, "true"], capture_output=True).returncode != 0:
        pytest.skip("no mount namespace can be made here (unshare --mount needs root)")
    return hide


def test_a_path_the_workers_cannot_open_is_said_plainly(archive: Path, tmp_path: Path) -> None:
    """The worker runs in a mount namespace of its own where the input's folder is an empty
    tmpfs: it cannot see the file this machine reads."""
    hide = _hiding(archive.parent)
    with _processes() as started:
        address = _scheduler(started)
        _worker(started, address, tmp_path, wrap=hide)
        code, out, err, took = _ecarte("validate", "--engine", "dask", "--scheduler", address, "--json",
                                       str(archive), timeout=90)
    assert code == 3 and out == "", (code, err)
    assert f"the Dask workers cannot open {archive} (No such file or directory), which this machine reads" in err
    assert err.count("cannot open") == 1 and _quiet(err)


def test_an_out_dir_the_workers_cannot_write_is_said_plainly(archive: Path, tmp_path: Path) -> None:
    """The same, the input where the worker sees it and the parts' folder hidden from it."""
    hidden = tmp_path / "hidden"
    hidden.mkdir()
    hide = _hiding(hidden)
    with _processes() as started:
        address = _scheduler(started)
        _worker(started, address, tmp_path, wrap=hide)
        code, out, err, took = _ecarte("validate", "--engine", "dask", "--scheduler", address, "--json",
                                       "--out-dir", str(hidden / "parts"), str(archive), timeout=90)
    assert code == 3 and out == "", (code, err)
    assert f"the Dask workers cannot write their parts in {hidden / 'parts'} (No such file or directory)" in err
    assert _quiet(err)


def test_a_scheduler_lost_mid_run_ends_with_exit_3(archive: Path, tmp_path: Path) -> None:
    big = tmp_path / "big.jsonl"
    big.write_bytes(archive.read_bytes() * 300)
    with _processes() as started:
        address = _scheduler(started)
        _worker(started, address, tmp_path)
        p = subprocess.Popen([sys.executable, "-c", ENTRY, "validate", "--engine", "dask", "--scheduler", address,
                              "--json", str(big), "--summary-json", str(tmp_path / "s.json")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, bufsize=0)
        first = p.stdout.readline()   # under way (unbuffered: what follows is all in `communicate`'s)
        os.killpg(started[0].pid, signal.SIGKILL)
        out, err = p.communicate(timeout=60)
        out = first + out
    err = err.decode()
    assert p.returncode == 3 and _quiet(err), err
    assert "the connection to the Dask scheduler was lost" in err
    summary = json.loads((tmp_path / "s.json").read_text())
    assert summary["stopped"].startswith("the connection to the Dask scheduler was lost")
    assert summary["games"] == out.count(b"\n") < 12000 and out.endswith(b"\n")   # the summary of the lines written


def test_a_worker_lost_under_jobs_is_said_and_counted(archive: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "TASK_BYTES", 8192)
    one = runner.invoke(app, ["validate", "--json", str(archive), "--summary-json", str(tmp_path / "1.json")])
    monkeypatch.setattr(commands, "render_batch", partial(killer, once=(str(tmp_path / "killed"), ":12")))
    two = runner.invoke(app, ["validate", "--json", "--jobs", "2", str(archive), "--summary-json", str(tmp_path / "2.json")])
    assert (tmp_path / "killed").exists()
    assert two.stdout == one.stdout and two.exit_code == one.exit_code == 0
    said = [line for line in two.stderr.splitlines() if line.startswith("ecarte validate: a worker process died")]
    assert len(said) == 1 and "(SIGKILL: killed, perhaps for want of memory)" in said[0], two.stderr
    first, second = (json.loads((tmp_path / n).read_text()) for n in ("1.json", "2.json"))
    assert "recoveries" not in first
    rerun = int(re.search(r": (\d+) partitions? run again$", said[0]).group(1))
    assert second.pop("recoveries") == {"workers_lost": 1, "partitions_rerun": rerun} and rerun >= 1
    assert second == first


@pytest.fixture(scope="module")
def client():
    client, local = cluster.connect(None, 2)
    yield client
    cluster.disconnect(client, local)


def test_a_dask_worker_lost_is_said_and_counted(archive: Path, tmp_path: Path, client,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "PARTITION_BYTES", 8192)
    said: list[str] = []
    recoveries = Recoveries(said.append)
    render = partial(killer, once=(str(tmp_path / "killed"), ":12"))
    text = "".join(p[0] for p in cluster.results([str(archive)], render, client, recoveries=recoveries))
    assert text == render_batch(items([str(archive)]), as_json=True)[0]
    assert recoveries.workers_lost == 1 and recoveries.partitions_rerun >= 1, said
    assert len(said) == 1 and said[0].startswith("the Dask worker tcp://127.0.0.1:") and "was lost; its partition" in said[0]


def test_a_partition_that_kills_its_workers_is_said_and_counted(archive: Path, client,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "PARTITION_BYTES", 65536)   # line 5 in the first partition
    said: list[str] = []
    recoveries = Recoveries(said.append)
    list(cluster.results([str(archive)], partial(killer, always=(":5",)), client, recoveries=recoveries))
    rerun = [line for line in said if "killed the Dask workers that ran it: run again here, alone" in line]
    # the first partition, and any that shared a worker with it twice (Dask counts them alike)
    assert rerun[0] == f"partition 1 ({archive} from line 1) killed the Dask workers that ran it: run again here, alone"
    assert recoveries.workers_lost == 2 and recoveries.partitions_rerun >= 3, said


@pytest.mark.timeout(240)   # a signal sent to a process: a hang is the risk
def test_ctrl_c_on_dask_says_nothing_of_dask(tmp_path: Path) -> None:
    """^C in the middle of a run on a LocalCluster: the summary of what was written, exit 130,
    and no traceback or log line of Dask's."""
    big = tmp_path / "big.jsonl"
    line = (dumps(next(iter(games(1, 3)))[0]) + "\n").encode()
    big.write_bytes(line * 200_000)
    p = subprocess.Popen([sys.executable, "-c", ENTRY, "validate", "--engine", "dask", "--jobs", "2", "--json", str(big)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    assert p.stdout.readline()   # a partition's lines are out: the run is under way
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130 and _quiet(err.decode()), err.decode()
    assert "interrupted after" in err.decode()
