"""Every file the tool writes is written whole or not at all (adjudicator/record/writing.py), and
a place to write that is an input, lies in one or cannot be written is refused before any log is
read: `validate --summary-json`, `--out-dir`, `resolve --save`."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import commands
from adjudicator.cli import app
from adjudicator.record import writing

ROOT = Path(__file__).resolve().parent.parent
PLAY = ROOT / "scenarios" / "play"
GAME = ROOT / "scenarios" / "laws" / "law11-two-cards-turned-choose.yaml"
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}


def _ecarte(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """The command as a user runs it: its own process, its own standard output and error."""
    return subprocess.run([sys.executable, "-c", "from adjudicator.entry import main; main()", *args],
                          cwd=cwd, env=ENV, capture_output=True, text=True, timeout=120)


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """A JSON Lines archive of a few games, in a folder of its own."""
    from adjudicator.record.source import parse_text
    folder = tmp_path / "games"
    folder.mkdir()
    lines = []
    for path in sorted(PLAY.glob("*.yaml"))[:3] + [GAME]:
        data = parse_text(path.read_text(), str(path))
        lines.append(json.dumps({k: v for k, v in data.items() if k not in ("title", "description", "laws")}) + "\n")
    out = folder / "games.jsonl"
    out.write_text("".join(lines))
    return out


def _nothing_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading any log from here on fails the test."""
    def read(*_a, **_k):
        raise AssertionError("a log was read")
    monkeypatch.setattr(commands, "items", read)
    monkeypatch.setattr(commands, "check", read)


# ---------------------------------------------------------------- the module itself

def test_a_write_that_fails_halfway_leaves_the_old_file_and_no_temporary(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "summary.json"
    target.write_text("the old summary\n")
    os.chmod(target, 0o640)
    for failure in (OSError(28, "No space left on device"), KeyboardInterrupt()):
        def fsync(fd, failure=failure):
            raise failure
        monkeypatch.setattr(os, "fsync", fsync)
        with pytest.raises(type(failure)):
            writing.write_text(target, "x" * 100_000)
        assert target.read_text() == "the old summary\n"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["summary.json"]
    monkeypatch.undo()
    writing.write_text(target, "the new one\n")
    assert target.read_text() == "the new one\n"
    assert oct(target.stat().st_mode & 0o777) == oct(0o640)   # a file replaced keeps its permissions
    assert sorted(p.name for p in tmp_path.iterdir()) == ["summary.json"]


@pytest.mark.slow
@pytest.mark.timeout(240)   # a signal sent to a process: a hang is the risk
def test_a_process_killed_mid_write_leaves_the_old_file_whole(tmp_path: Path) -> None:
    """SIGKILL while the new file is being written: no Python code runs, and still the file
    read is the old one, whole (only the temporary beside it is left)."""
    target = tmp_path / "page.html"
    target.write_text("old page\n" * 1000)
    marker = tmp_path / "marker"
    script = (f"import os, time\nfrom adjudicator.record import writing\n"
              f"def slow(fd):\n    open({str(marker)!r}, 'w').close()\n    time.sleep(60)\n"
              f"os.fsync = slow\nwriting.write_text({str(target)!r}, 'new page\\n' * 100000)\n")
    proc = subprocess.Popen([sys.executable, "-c", script], env=ENV)
    try:
        end = time.monotonic() + 30
        while not marker.exists() and time.monotonic() < end:
            time.sleep(0.05)
        assert marker.exists()
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert target.read_text() == "old page\n" * 1000
    left = [p.name for p in tmp_path.iterdir() if p.name not in ("page.html", "marker")]
    assert len(left) == 1 and left[0].startswith(".page.html.") and left[0].endswith(".tmp")


def test_a_new_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        path = writing.write_text(tmp_path / "new.yaml", "a: 1\n")
    finally:
        os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o644


def test_the_one_atomic_write_is_used_everywhere() -> None:
    """No module writes a file of its own way: they all call record/writing.py."""
    package = ROOT / "adjudicator"
    own = []
    for path in package.rglob("*.py"):
        if path.name == "writing.py":
            continue
        text = path.read_text()
        for needle in (".write_text(", ".write_bytes(", "os.replace(", ".replace(path)", "mkstemp(",
                       "shutil.copyfile(", 'open(os.path.join(out_dir'):
            if needle in text:
                own.append(f"{path.relative_to(ROOT)}: {needle}")
    assert not own, own


# ---------------------------------------------------------------- validate --summary-json

@pytest.mark.parametrize("how", ["same", "dotted", "symlink", "hardlink", "inside", "inside-new"])
def test_a_summary_over_an_input_is_refused_and_the_archive_is_byte_identical(archive: Path, how: str,
                                                                           monkeypatch) -> None:
    folder = archive.parent
    before = archive.read_bytes()
    given = [str(archive)]
    if how == "same":
        target = str(archive)
    elif how == "dotted":
        target = str(folder / "." / archive.name)
    elif how == "symlink":
        (folder.parent / "link.jsonl").symlink_to(archive)
        target = str(folder.parent / "link.jsonl")
    elif how == "hardlink":
        os.link(archive, folder.parent / "hard.jsonl")
        target = str(folder.parent / "hard.jsonl")
    else:
        given = [str(folder)]
        target = str(folder / ("games.jsonl" if how == "inside" else "summary.json"))
    done = _ecarte("validate", "--summary-json", target, *given, cwd=folder.parent)
    assert done.returncode == 2 and done.stdout == ""
    said = done.stderr.strip()
    assert said.startswith(f"--summary-json {target} ") and said.endswith(": nothing was read or written")
    assert ("a folder being checked" if how.startswith("inside") else "one of the logs being checked") in said
    assert "Traceback" not in done.stderr
    assert archive.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["games.jsonl"]
    _nothing_read(monkeypatch)   # and in this process: refused before the first log is read
    result = CliRunner().invoke(app, ["validate", "--summary-json", target, *given])
    assert result.exit_code == 2


def test_the_message_a_user_sees(archive: Path) -> None:
    done = _ecarte("validate", "--summary-json", "games.jsonl", "games.jsonl", cwd=archive.parent)
    assert done.stderr == "--summary-json games.jsonl is one of the logs being checked: nothing was read or written\n"


@pytest.mark.slow
def test_an_unwritable_summary_is_refused_before_the_first_log(archive: Path, tmp_path: Path, monkeypatch) -> None:
    places = {tmp_path / "no" / "such" / "s.json": "the folder", tmp_path: "it is a folder",
              archive / "s.json": "is not a folder"}
    if os.geteuid() != 0:   # root writes anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        places[locked / "s.json"] = "no file can be made in"
    elif Path("/sys/kernel").is_dir():   # ...but in /sys, where no file can be made, even by root
        places[Path("/sys/ecarte-summary.json")] = "no file can be made in /sys ("
    for place, why in places.items():
        done = _ecarte("validate", "--summary-json", str(place), str(archive), cwd=tmp_path)
        assert done.returncode == 2 and done.stdout == "", done
        assert done.stderr.startswith(f"--summary-json {place} cannot be written: ") and why in done.stderr
        assert not (tmp_path / "no").exists()
    _nothing_read(monkeypatch)
    assert CliRunner().invoke(app, ["validate", "--summary-json", str(tmp_path / "no" / "s.json"), str(archive)]).exit_code == 2


def test_a_summary_that_fails_at_the_end_leaves_the_old_one(archive: Path, tmp_path: Path, monkeypatch) -> None:
    old = tmp_path / "summary.json"
    old.write_text('{"the": "old summary"}\n')

    def full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    result = CliRunner().invoke(app, ["validate", "--summary-json", str(old), str(archive)])
    assert result.exit_code == 2 and "No space left on device" in result.output
    assert old.read_text() == '{"the": "old summary"}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games", "summary.json"]


@pytest.mark.slow
def test_summary_json_dash_is_standard_output_alone(archive: Path, tmp_path: Path) -> None:
    to_file = _ecarte("validate", "--summary-json", str(tmp_path / "s.json"), str(archive), cwd=tmp_path)
    to_out = _ecarte("validate", "--summary-json", "-", str(archive), cwd=tmp_path)
    assert to_out.returncode == to_file.returncode == 1
    assert json.loads(to_out.stdout) == json.loads((tmp_path / "s.json").read_text())
    assert to_out.stdout == (tmp_path / "s.json").read_text()   # the same bytes, and nothing else
    assert not (tmp_path / "-").exists()
    for lines in ("--json", "--only-problems"):
        mixed = _ecarte("validate", lines, "--summary-json", "-", str(archive), cwd=tmp_path)
        assert mixed.returncode == 2 and mixed.stdout == ""
        assert "--summary-json - writes the summary alone to standard output" in mixed.stderr
        assert "give --summary-json a FILE" in mixed.stderr
    assert not (tmp_path / "-").exists()


def test_an_out_dir_inside_an_input_is_refused(archive: Path, monkeypatch) -> None:
    _nothing_read(monkeypatch)
    for out in (archive.parent / "parts", archive.parent, archive):
        result = CliRunner().invoke(app, ["validate", "--engine", "dask", "--out-dir", str(out), str(archive.parent)])
        assert result.exit_code == 2
        assert f"--out-dir {out} lies inside {archive.parent}, a folder being checked" in result.output
    assert sorted(p.name for p in archive.parent.iterdir()) == ["games.jsonl"]
    result = CliRunner().invoke(app, ["validate", "--engine", "dask", "--out-dir", str(archive), str(GAME)])
    assert result.exit_code == 2 and "it is a file, not a folder" in result.output


# ---------------------------------------------------------------- resolve --save, --page; book

@pytest.mark.slow
def test_resolve_save_keeps_an_old_file_when_refused_and_leaves_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    done = _ecarte("resolve", "--json", "--save", str(folder), cwd=tmp_path)
    said = " ".join(done.stderr.split())   # (a message wrapped to the width: the words are what count)
    assert done.returncode == 2 and f"{folder} cannot be written: it is a folder" in said
    assert list(folder.iterdir()) == []


@pytest.mark.slow   # the book built
def test_the_book_leaves_no_temporary_files(book_dir: Path) -> None:
    assert not [p for p in book_dir.iterdir() if p.name.endswith(".tmp")]
    assert (book_dir / "index.html").read_text().lstrip().lower().startswith("<!doctype html")


def test_a_summary_a_pattern_matches_is_refused(archive: Path, monkeypatch) -> None:
    """A pattern the shell left alone stands for what it matches now, and what it would match."""
    folder = archive.parent
    _nothing_read(monkeypatch)
    for target, why in ((archive, "is one of the logs being checked"),
                        (folder / "summary.jsonl", f"matches {folder}/*.jsonl, a pattern of logs being checked")):
        result = CliRunner().invoke(app, ["validate", "--summary-json", str(target), f"{folder}/*.jsonl"])
        assert result.exit_code == 2 and f"--summary-json {target} {why}: nothing was read or written" in result.output
    assert sorted(p.name for p in folder.iterdir()) == ["games.jsonl"]


def test_the_help_says_what_summary_json_dash_does(tmp_path: Path) -> None:
    shown = _ecarte("validate", "--help", cwd=tmp_path)
    assert shown.returncode == 0 and "FILE - writes it alone to standard output" in " ".join(shown.stdout.split())
