"""The hot commands' lean entry (adjudicator/hot.py): a plain command line of `validate` or
`adjudicate` is read without typer and answers exactly as typer's reading does; anything else
is left to typer."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator import hot
from adjudicator.cli import app
from adjudicator.entry import main

ROOT = Path(__file__).resolve().parent.parent
GAME = str(ROOT / "scenarios" / "play" / "illustrative-game.yaml")
RULED = str(ROOT / "scenarios" / "laws" / "law11-two-cards-turned-choose.yaml")
PLAY = str(ROOT / "scenarios" / "play")


@pytest.mark.parametrize("argv", [
    ["validate", PLAY], ["validate", "--json", PLAY, RULED], ["validate", "--only-problems", "-j", "2", PLAY],
    ["validate", "--jobs=2", "--json", "--", RULED], ["validate", "--summary-json", "-", PLAY],
    ["adjudicate", GAME], ["adjudicate", "--json", RULED], ["adjudicate", RULED, "--json"],
    ["adjudicate", str(ROOT / "no-such-log.yaml")], ["validate", str(ROOT / "no-such-folder")],
    ["validate", "--worker-timeout", "5", PLAY], ["validate", "--engine", "dask", "--scheduler", "nonsense", PLAY],
    ["validate", "--engine", "dask", "--worker-timeout=2.5", "--scheduler", "http://127.0.0.1:8786", PLAY],
])
def test_a_plain_command_line_answers_as_typer(argv: list[str], capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert hot.read(argv) is not None
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", ["ecarte", *argv])
    with pytest.raises(SystemExit) as lean:
        main()
    got = capsys.readouterr()
    with pytest.raises(SystemExit) as typer_said:
        app(argv, prog_name="ecarte")
    want = capsys.readouterr()
    assert (lean.value.code, got.out, got.err) == (typer_said.value.code, want.out, want.err)
    assert got.out or got.err


@pytest.mark.parametrize("argv", [
    [], ["validate"], ["validate", "--help"], ["validate", "-h", PLAY], ["validate", "--jobs", "0", PLAY],
    ["validate", "--jobs", "x", PLAY], ["validate", "-j2", PLAY], ["validate", "--jobs", "٢", PLAY],
    ["validate", "--json", "--json", PLAY], ["validate", "--bogus", PLAY], ["validate", "--summary-json"],
    ["validate", "--summary-json", "--json", PLAY], ["validate", "--json=1", PLAY], ["adjudicate"],
    ["adjudicate", GAME, GAME], ["adjudicate", "--only-problems", GAME], ["laws", "17"], ["--version"],
    ["validate", "--worker-timeout", "0", PLAY], ["validate", "--worker-timeout", "x", PLAY],
    ["validate", "--worker-timeout", "nan", PLAY],
])
def test_anything_else_is_typers(argv: list[str]) -> None:
    assert hot.read(argv) is None


def test_validate_on_clean_games_never_imports_pydantic(tmp_path: Path) -> None:
    script = ("import sys\nfrom adjudicator.entry import main\ntry:\n    main()\nexcept SystemExit as e:\n"
              "    print(e.code, 'pydantic' in sys.modules, file=sys.stderr)\n")
    archive = tmp_path / "a.jsonl"
    subprocess.run([sys.executable, "-m", "adjudicator.generate", "20", "--seed", "3"], check=True,
                   stdout=archive.open("w"), cwd=ROOT)
    done = subprocess.run([sys.executable, "-c", script, "validate", "--json", str(archive)],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.stderr.split() == ["0", "False"]
    assert len(done.stdout.splitlines()) == 20


@pytest.mark.slow
@pytest.mark.parametrize("argv", [["adjudicate", GAME], ["adjudicate", "--json", RULED], ["validate", PLAY]])
def test_a_hot_command_never_imports_typer(argv: list[str]) -> None:
    """The hot commands' start-up is theirs alone: typer (some 30 ms) stays unimported on a
    plain command line; the same command with --help is typer's."""
    script = ("import sys\nfrom adjudicator.entry import main\ntry:\n    main()\nexcept SystemExit as e:\n"
              "    print(e.code, 'typer' in sys.modules, file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", script, *argv], capture_output=True, text=True, cwd=ROOT)
    assert done.stderr.split()[-1:] == ["False"] and done.stdout
    helped = subprocess.run([sys.executable, "-c", script, argv[0], "--help"], capture_output=True, text=True, cwd=ROOT)
    assert helped.stderr.split() == ["0", "True"] and "Usage" in helped.stdout
