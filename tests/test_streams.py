"""`validate` as a Unix tool: JSON Lines on standard input (`-`), archives compressed with gzip,
bzip2 or xz, ^C (exit 130, the lines printed kept and a summary of what was checked), and a
folder scan that says what it skipped and refuses a folder with no log. The closed pipe is in
test_bad_input.py. The real entry point in a process of its own wherever a pipe or a signal is
the point."""
from __future__ import annotations

import bz2
import gzip
import json
import lzma
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.archive.files import items
from adjudicator.cli import app
from adjudicator.engine.generate import dumps
from adjudicator.engine.generate_games import games

pytestmark = pytest.mark.slow   # a process a test, fed and interrupted as a stream

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "scenarios" / "play" / "illustrative-game.yaml"
ENTRY = "import sys; from adjudicator.entry import main; sys.argv[0] = 'ecarte'; main()"
COMPRESS = {"gz": gzip.compress, "bz2": bz2.compress, "xz": lzma.compress}
runner = CliRunner()


def ecarte(*args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", ENTRY, *args], cwd=ROOT, **kwargs)


def run(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-c", ENTRY, *args], input=stdin, capture_output=True, cwd=ROOT, timeout=120)
    return done.returncode, done.stdout.decode(), done.stderr.decode()


@pytest.fixture(scope="module")
def lines() -> list[str]:
    """200 games as archive lines: clean ones, a few with rulings, and three that cannot be read."""
    logs = [dumps(log) for log, _ in games(200, seed=5, irregular=0.05)]
    return logs[:50] + ["{oops", ""] + logs[50:120] + ["ecarte: 1"] + logs[120:] + ['{"ecarte": 1}']


@pytest.fixture(scope="module")
def archive(lines: list[str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The plain archive, and beside it the same compressed three ways (a.jsonl.gz, ...)."""
    path = tmp_path_factory.mktemp("streams") / "a.jsonl"
    path.write_text("\n".join(lines) + "\n")
    for suffix, compress in COMPRESS.items():
        path.with_name(f"a.jsonl.{suffix}").write_bytes(compress(path.read_bytes()))
    return path


def renamed(output: str, old: str, new: str) -> str:
    """The output with each game's source `old:N` said as `new:N`."""
    return output.replace(f'"source": "{old}:', f'"source": "{new}:').replace(f"{old}:", f"{new}:")


# ------------------------------------------------------------------ standard input


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_standard_input_is_json_lines_read_as_the_archive_is(archive: Path, jobs: str) -> None:
    want = run("validate", "--json", str(archive))
    status, out, err = run("validate", "--json", "--jobs", jobs, "-", stdin=archive.read_bytes())
    assert (status, out, err) == (want[0], renamed(want[1], str(archive), "-"), "")
    assert status == 2 and len(out.splitlines()) == 203 and json.loads(out.splitlines()[50])["source"] == "-:51"
    status, text, _ = run("validate", "--jobs", jobs, "-", stdin=archive.read_bytes())
    assert text == renamed(run("validate", str(archive))[1], str(archive), "-")


def test_a_gzipped_stream_on_standard_input(archive: Path) -> None:
    """`gzip -dc a.jsonl.gz | ecarte validate -`, as a shell runs it."""
    done = subprocess.run(["bash", "-c", f"gzip -dc {archive}.gz | {sys.executable} -c \"{ENTRY}\" validate --only-problems -"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2 and done.stderr == ""
    assert "-:51: unreadable: not valid JSON" in done.stdout
    assert "203 games: " in done.stdout


def test_standard_input_is_read_as_it_comes_not_first_to_its_end(lines: list[str]) -> None:
    """The first games are answered while standard input is still open: a line at a time, in
    bounded memory, as a file is read."""
    import threading
    p = ecarte("validate", "--json", "-", stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    answered = threading.Event()
    waited: list[bool] = []

    def write() -> None:   # in a thread: the answers are read meanwhile
        p.stdin.write(("\n".join(lines[:100]) + "\n").encode())
        p.stdin.flush()
        waited.append(answered.wait(timeout=60))   # standard input stays open until the first answer
        p.stdin.close()

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    first = json.loads(p.stdout.readline())
    answered.set()
    out = p.stdout.read()   # to the end, once the writer has closed standard input
    writer.join(timeout=60)
    assert p.wait(timeout=60) == 2 and p.stderr.read() == b""
    assert waited == [True] and first["source"] == "-:1"
    assert len(out.splitlines()) == 98   # 99 logs in all (one line is blank)


def test_one_yaml_log_on_standard_input_is_one_error_that_says_what_to_do() -> None:
    status, out, _ = run("validate", "-", stdin=GAME.read_bytes())
    assert status == 2
    assert out.splitlines()[0] == ("-: unreadable: standard input is read as JSON Lines (one log a line) and its "
                                   "first line is not JSON: for one YAML log, use ecarte adjudicate -")
    assert run("adjudicate", "-", stdin=GAME.read_bytes())[0] == 0   # adjudicate - reads one log, as before


# ------------------------------------------------------------------ compressed archives


@pytest.mark.parametrize("suffix", list(COMPRESS))
def test_a_compressed_archive_is_read_as_the_plain_one(archive: Path, suffix: str) -> None:
    packed = archive.with_name(f"a.jsonl.{suffix}")
    want = run("validate", "--json", str(archive))
    one = run("validate", "--json", str(packed))
    assert one == (want[0], renamed(want[1], str(archive), str(packed)), "")
    assert run("validate", "--json", "--jobs", "2", str(packed)) == one   # byte for byte


@pytest.mark.parametrize("suffix", list(COMPRESS))
def test_the_progress_counts_the_compressed_bytes_to_the_end(archive: Path, suffix: str) -> None:
    """Each log's size is the compressed bytes read for it: they add up to the file's size, so
    the progress bar (its total the file's size) ends at 100%."""
    packed = archive.with_name(f"a.jsonl.{suffix}")
    found = list(items([str(packed)]))
    assert len(found) == 203
    assert sum(item.size for item in found) == packed.stat().st_size


def test_a_folder_scan_finds_compressed_archives_in_any_case(archive: Path, tmp_path: Path) -> None:
    for suffix in COMPRESS:
        (tmp_path / f"A.JSONL.{suffix.upper()}").write_bytes(archive.with_name(f"a.jsonl.{suffix}").read_bytes())
    (tmp_path / "GAME.YAML").write_bytes(GAME.read_bytes())
    result = runner.invoke(app, ["validate", str(tmp_path)])
    assert "610 games: 355 clean, 246 with rulings, 9 unreadable" in result.output.splitlines()
    assert f"{tmp_path}/GAME.YAML: clean" in result.output and f"{tmp_path}/A.JSONL.XZ:203: " in result.output


@pytest.mark.parametrize("suffix, damage, said", [
    ("gz", lambda b: b[:len(b) // 2], "the file ends in the middle of its gzip data, after line "),
    ("bz2", lambda b: b[:len(b) // 2], "the file ends in the middle of its bzip2 data, at its start"),   # one block
    ("xz", lambda b: b[:len(b) // 2], "the file ends in the middle of its xz data, after line "),
    ("gz", lambda b: b"plain text, not gzip\n", "not gzip data, though its name ends in .gz"),
    ("xz", lambda b: b"{}\n", "not xz data, though its name ends in .xz"),
    ("gz", lambda b: b[:-8] + bytes(8), "the gzip data is damaged after line 204: CRC check failed"),
])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_damaged_compressed_archive_is_exit_2_naming_it(archive: Path, tmp_path: Path, suffix: str,
                                                          damage, said: str, jobs: str) -> None:
    """The lines before the damage are checked; then one line names the file and what is wrong."""
    bad = tmp_path / f"bad.jsonl.{suffix}"
    bad.write_bytes(damage(archive.with_name(f"a.jsonl.{suffix}").read_bytes()))
    status, out, err = run("validate", "--jobs", jobs, str(bad), str(GAME))
    assert status == 2 and err == ""
    last = [line for line in out.splitlines() if line.startswith(f"{bad}: ")]
    assert len(last) == 1 and last[0].startswith(f"{bad}: unreadable: {said}")
    assert f"{GAME}: clean" in out   # and the paths after it are read


def test_reading_the_input_imports_nothing(archive: Path, tmp_path: Path) -> None:
    """`--jobs` reads in a thread while it forks workers, and a module that thread is importing
    at that moment stays locked in the child, which then hangs when it imports it too (seen
    under load: the codec of a byte-order mark, met first by the reader and then by a worker).
    So reading, whatever it meets (compressed archives, a byte-order mark, a line that is not
    UTF-8 or not JSON, a YAML file, a folder), imports nothing."""
    odd = tmp_path / "odd.jsonl.gz"
    odd.write_bytes(gzip.compress(b'\xef\xbb\xbf{"ecarte": 1}\n{"a": "\xff"}\nnot json\n\n' + archive.read_bytes()))
    paths = [str(odd), *(str(archive.with_name(f"a.jsonl.{s}")) for s in COMPRESS), str(archive), str(GAME),
             str(GAME.parent)]
    code = ("import sys; from adjudicator.archive.parallel import tasks; before = set(sys.modules); "
            f"read = [t.items for t in tasks({paths!r})]; print(sorted(set(sys.modules) - before))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "[]\n", "")


# ------------------------------------------------------------------ ^C


def _interrupted(p: subprocess.Popen, after: int) -> tuple[list[str], str]:
    """SIGINT sent once `after` lines are out; every line then written, and stderr."""
    got = [p.stdout.readline() for _ in range(after)]
    p.send_signal(signal.SIGINT)
    rest = p.stdout.read()   # the same reader: what it holds already is kept
    p.wait(timeout=60)   # no hang
    return (b"".join(got) + rest).decode().splitlines(), p.stderr.read().decode()


def _gone(group: int) -> bool:
    """Whether every process of the group has ended (the workers too)."""
    for _ in range(50):
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


@pytest.fixture(scope="module")
def long_archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("long") / "long.jsonl"
    path.write_text("".join(dumps(log) + "\n" for log, _ in games(3000, seed=6)))
    return path


@pytest.mark.timeout(240)   # a signal sent to a process: a hang is the risk
@pytest.mark.parametrize("engine", [["--jobs", "1"], ["--jobs", "2"], ["--engine", "dask", "--jobs", "2"]],
                         ids=["one job", "two jobs", "dask"])
def test_ctrl_c_keeps_the_lines_and_says_how_far_it_got(long_archive: Path, engine: list[str]) -> None:
    """^C: the lines written are kept, then how far it got and the summary of those games (on
    Dask too: the partitions' summaries are merged as their lines are written)."""
    p = ecarte("validate", *engine, str(long_archive), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
               stdin=subprocess.DEVNULL, start_new_session=True)
    out, err = _interrupted(p, 200)
    assert p.returncode == 130 and err == ""
    assert _gone(p.pid)   # the workers stopped with it
    games_said = [line for line in out if line.startswith(f"{long_archive}:")]
    n = len(games_said)
    assert 200 <= n < 3000 and games_said[-1].startswith(f"{long_archive}:{n}: clean")
    assert out[n].startswith(f"interrupted after {n:,} games, ") and " of 9.8 MiB read (" in out[n] and out[n].endswith("%)")
    assert out[n + 1] == f"{n} games: {n} clean, 0 with rulings, 0 unreadable"


@pytest.mark.timeout(240)   # a signal sent to a process: a hang is the risk
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_while_standard_input_waits(lines: list[str], jobs: str, tmp_path: Path) -> None:
    """^C while the next line is awaited (standard input left open): the games answered stand,
    each JSON line whole, and --summary-json says the run was cut short."""
    import threading
    summary = tmp_path / "summary.json"
    p = ecarte("validate", "--json", "--jobs", jobs, "--summary-json", str(summary), "-", stdin=subprocess.PIPE,
               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    given = lines * 3   # more than --jobs 2 holds in flight

    def write() -> None:
        try:
            p.stdin.write(("\n".join(given) + "\n").encode())
            p.stdin.flush()
        except BrokenPipeError:
            pass

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    out, err = _interrupted(p, 10)
    writer.join(timeout=30)
    objs = [json.loads(line) for line in out]   # every line whole
    n = len(objs)
    assert p.returncode == 130 and _gone(p.pid)
    assert 10 <= n < len(given) - 6
    assert [o["source"] for o in objs] == [f"-:{k}" for k, line in enumerate(given, 1) if line.strip()][:n]
    said = f"ecarte validate: interrupted after {n:,} games, "
    assert err.startswith(said) and err.count("\n") == 1 and err.rstrip().endswith(" read")
    assert json.loads(summary.read_text())["games"] == n
    assert json.loads(summary.read_text())["interrupted"] == err.rstrip().removeprefix("ecarte validate: ")


@pytest.mark.timeout(240)   # a signal sent to a process: a hang is the risk
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_live_stream_is_answered_game_by_game(jobs: str) -> None:
    """A writer that sends a game now and then (`tail -f archive | ecarte validate -`): each game
    is answered while the next is awaited, not once a batch is full or the input ends."""
    import queue
    import threading
    p = ecarte("validate", "--jobs", jobs, "-", stdin=subprocess.PIPE, stdout=subprocess.PIPE,
               stderr=subprocess.PIPE, start_new_session=True)
    answers: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [answers.put(line.decode()) for line in p.stdout], daemon=True).start()
    try:
        for n, (log, _) in enumerate(games(3, seed=8), 1):
            p.stdin.write((dumps(log) + "\n").encode())
            p.stdin.flush()
            assert answers.get(timeout=30).startswith(f"-:{n}: clean"), "answered before the next game came"
        p.stdin.close()
        assert p.wait(timeout=60) == 0
    finally:
        try:
            os.killpg(p.pid, signal.SIGKILL)   # its workers too, should it fail
        except ProcessLookupError:
            pass


HALF_AN_ANSWER = """
import os, signal, struct, sys, threading, time
from adjudicator.archive.parallel import results

def render(items):
    # in the worker: half of a message on the pool's pipe of answers, as a worker ended while
    # it sends them leaves it; then nothing more (the worker waits to be ended)
    frame = sys._getframe()
    while frame.f_code.co_name != "_process_worker":
        frame = frame.f_back
    pipe = frame.f_locals["result_queue"]._writer
    os.write(pipe.fileno(), struct.pack("!i", 1 << 20) + b"x" * 100)
    time.sleep(120)

threading.Timer(1, os.kill, (os.getpid(), signal.SIGINT)).start()
try:
    for _ in results([sys.argv[1]], 2, render):
        pass
except KeyboardInterrupt:
    print("stopped", flush=True)
"""


@pytest.mark.timeout(240)   # a signal sent to a process: a hang is the risk
def test_ctrl_c_while_a_worker_is_half_way_through_its_answers(archive: Path) -> None:
    """A worker ended in the middle of sending its answers leaves the pool's thread waiting for
    the rest: ^C still ends the run at once, and the process exits (nothing left to wait on)."""
    done = subprocess.run([sys.executable, "-c", HALF_AN_ANSWER, str(archive)], capture_output=True,
                          cwd=ROOT, timeout=30, start_new_session=True)
    assert done.stdout.decode() == "stopped\n" and done.returncode == 0, done.stderr.decode()[-2000:]


# ------------------------------------------------------------------ what a scan passes over


def test_a_folder_scan_reads_any_case_and_counts_what_it_skips(tmp_path_factory: pytest.TempPathFactory) -> None:
    tmp_path = tmp_path_factory.mktemp("logs")
    (tmp_path / "GAME.YAML").write_bytes(GAME.read_bytes())
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "X.JSONL").write_text(dumps(next(games(1, seed=1))[0]) + "\n")
    (tmp_path / "notes.txt").write_text("not a log\n")
    (tmp_path / "old.yaml.gz").write_bytes(gzip.compress(GAME.read_bytes()))
    summary = tmp_path_factory.mktemp("out") / "s.json"   # not inside the folder checked
    result = runner.invoke(app, ["validate", "--summary-json", str(summary), str(tmp_path / "GAME.YAML"), str(tmp_path)])
    assert result.exit_code == 0
    assert result.output.splitlines()[-2:] == [
        "3 games: 3 clean, 0 with rulings, 0 unreadable",
        f"skipped 2 files: {tmp_path}/notes.txt (not a log's extension), "
        f"{tmp_path}/old.yaml.gz (compressed, but not a .jsonl archive)"]
    assert json.loads(summary.read_text())["skipped"] == {
        "files": 2, "first": [{"path": f"{tmp_path}/notes.txt", "why": "not a log's extension"},
                              {"path": f"{tmp_path}/old.yaml.gz", "why": "compressed, but not a .jsonl archive"}],
        "no_logs_found": []}


def test_many_skipped_files_are_counted_and_a_few_named(tmp_path: Path) -> None:
    for k in range(1200):
        (tmp_path / f"n{k:04d}.txt").write_text("")
    (tmp_path / "GAME.yml").write_bytes(GAME.read_bytes())
    result = runner.invoke(app, ["validate", "--json", str(tmp_path)])
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == 1
    assert result.stderr == (f"ecarte validate: skipped 1,200 files: {tmp_path}/n0000.txt (not a log's extension), "
                             + ", ".join(f"{tmp_path}/n{k:04d}.txt (not a log's extension)" for k in range(1, 5))
                             + " and 1,195 more\n")


@pytest.mark.parametrize("as_json", [[], ["--json"]])
def test_a_folder_with_no_log_is_exit_2_not_0_games(tmp_path: Path, as_json: list[str]) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "README.md").write_text("")
    looked = "(looked for *.yaml, *.yml, *.json, *.jsonl, *.jsonl.gz, *.jsonl.bz2, *.jsonl.xz)"
    result = runner.invoke(app, ["validate", *as_json, str(tmp_path / "empty")])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"ecarte validate: no logs found in {tmp_path / 'empty'} {looked}\n"
    result = runner.invoke(app, ["validate", *as_json, str(GAME), str(tmp_path / "notes")])
    assert result.exit_code == 2
    assert result.stderr.endswith(f"ecarte validate: no logs found in {tmp_path / 'notes'} {looked}\n")
    if not as_json:
        assert result.stdout.splitlines()[-2:] == ["1 game: 1 clean, 0 with rulings, 0 unreadable",
                                                   f"skipped 1 file: {tmp_path}/notes/README.md (not a log's extension)"]


@pytest.mark.parametrize("as_json", [[], ["--json"]])
def test_a_folder_of_files_passed_over_says_why_they_were(tmp_path: Path, as_json: list[str]) -> None:
    """No log read, but a file skipped: the words on standard error name it and why, with or
    without --json (a gzipped YAML log is not an archive)."""
    (tmp_path / "game.yaml.gz").write_bytes(gzip.compress(GAME.read_bytes()))
    result = runner.invoke(app, ["validate", *as_json, str(tmp_path)])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [
        f"ecarte validate: skipped 1 file: {tmp_path}/game.yaml.gz (compressed, but not a .jsonl archive)",
        f"ecarte validate: no logs found in {tmp_path} (looked for *.yaml, *.yml, *.json, *.jsonl, *.jsonl.gz, *.jsonl.bz2, *.jsonl.xz)"]


def test_a_pattern_the_shell_left_alone_is_matched_or_says_it_found_nothing(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_bytes(GAME.read_bytes())
    (tmp_path / "b.yaml").write_bytes(GAME.read_bytes())
    result = runner.invoke(app, ["validate", str(tmp_path / "*.yaml")])
    assert result.exit_code == 0 and result.stdout.splitlines()[-1] == "2 games: 2 clean, 0 with rulings, 0 unreadable"
    result = runner.invoke(app, ["validate", str(tmp_path / "*.json")])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"ecarte validate: no logs found: nothing matches {tmp_path / '*.json'}\n"
