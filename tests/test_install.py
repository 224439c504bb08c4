"""An installed copy carries its law book: the wheel holds the rule files, the words, the scenarios
and the format documents, and reads them there; a copy that lacks them says what is missing and
where it was looked for (exit status 2), never an empty book or a traceback."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow   # a copy of the package or a wheel built, the commands run from it

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "scenarios" / "play" / "illustrative-game.yaml"
LAW_BOOK = ("laws", "scenarios", "docs/spec")


def _ecarte(package_root: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    """The command line of the package found in `package_root`, run from `cwd`."""
    env = {**os.environ, "PYTHONPATH": str(package_root), "ECARTE_CACHE_DIR": str(cwd / "cache")}
    return subprocess.run([sys.executable, "-m", "adjudicator", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)


@pytest.fixture
def bare(tmp_path: Path) -> tuple[Path, Path]:
    """The package alone, as an install without its data would have it, and a folder elsewhere
    holding a log."""
    shutil.copytree(ROOT / "adjudicator", tmp_path / "site" / "adjudicator",
                    ignore=shutil.ignore_patterns("__pycache__"))
    here = tmp_path / "here"
    here.mkdir()
    shutil.copy(GAME, here / "game.yaml")
    return tmp_path / "site", here


COMMANDS = [["laws", "11"], ["laws"], ["adjudicate", "game.yaml"], ["adjudicate", "--json", "game.yaml"],
            ["validate", "game.yaml"], ["explain", "game.yaml"], ["book", "--out", "book"],
            ["quiz", "--json"], ["resolve", "--json"]]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_copy_without_its_law_book_says_what_is_missing_and_where_it_looked(bare, args) -> None:
    site, here = bare
    run = _ecarte(site, here, *args)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "Traceback" not in run.stderr
    assert "no rule files (laws/*.yaml) found" in run.stderr
    assert f"looked in {site / 'adjudicator' / 'lawbook' / 'data' / 'laws'}" in run.stderr
    assert f"and in {site / 'laws'}" in run.stderr
    assert run.stdout == "" and not (here / "book").exists()


def test_an_empty_law_book_is_refused_not_read_as_a_book_of_no_laws(bare) -> None:
    site, here = bare
    empty = site / "adjudicator" / "lawbook" / "data" / "laws"
    empty.mkdir(parents=True)
    run = _ecarte(site, here, "laws", "11")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert f"no rule files (laws/*.yaml) found: looked in {empty}" in run.stderr
    assert "there is no law 11" not in run.stderr


def test_a_law_book_without_its_scenarios_or_documents_says_which(bare) -> None:
    site, here = bare
    data = site / "adjudicator" / "lawbook" / "data"
    shutil.copytree(ROOT / "laws", data / "laws")
    for args in (["laws", "11"], ["book", "--out", "book"]):
        run = _ecarte(site, here, *args)
        assert run.returncode == 2 and "Traceback" not in run.stderr
        assert f"no scenarios (scenarios/**/*.yaml) found: looked in {data / 'scenarios'}" in run.stderr
    shutil.copytree(ROOT / "scenarios", data / "scenarios")
    assert _ecarte(site, here, "laws", "11").returncode == 0
    run = _ecarte(site, here, "docs")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert f"no format documents (docs/spec/*.md) found: looked in {data / 'docs' / 'spec'}" in run.stderr


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel as `pip wheel` builds it from a copy of the repository."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis", ".pytest_cache", ".mypy_cache"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp / "dist"),
                    str(source)], check=True, capture_output=True, timeout=300)
    return next((tmp / "dist").glob("ecarte-*.whl"))


def test_the_wheel_carries_the_law_book_byte_for_byte(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as whl:
        inside = {name: whl.read(name) for name in whl.namelist()
                  if name.startswith("adjudicator/lawbook/data/")}
    expected = {f"adjudicator/lawbook/data/{p.relative_to(ROOT).as_posix()}": p.read_bytes()
                for folder in LAW_BOOK for p in sorted((ROOT / folder).rglob("*")) if p.is_file()
                and "__pycache__" not in p.parts}
    assert "adjudicator/lawbook/data/laws/11-more-than-one-card-turned.yaml" in expected
    assert inside == expected


def test_the_wheel_reads_its_own_law_book_away_from_the_clone(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as whl:
        whl.extractall(site)
    here = tmp_path / "here"
    here.mkdir()
    shutil.copy(GAME, here / "game.yaml")
    run = _ecarte(site, here, "laws", "11")
    assert run.returncode == 0 and run.stdout.startswith("Law 11. More than one card turned up")
    run = _ecarte(site, here, "adjudicate", "game.yaml")
    assert run.returncode == 0 and "Winner: A" in run.stdout
    run = _ecarte(site, here, "book", "--out", "book")
    assert run.returncode == 0 and len(list((here / "book").glob("law-*.html"))) == 51, run.stdout + run.stderr
    run = _ecarte(site, here, "docs", "RULESETS")
    assert run.returncode == 0 and run.stdout == (ROOT / "docs" / "spec" / "RULESETS.md").read_text(encoding="utf-8")


def test_the_wheel_says_its_package_is_typed(wheel: Path) -> None:
    """PEP 561: `adjudicator/py.typed` in the wheel, so mypy reads the types of a program that uses it."""
    with zipfile.ZipFile(wheel) as whl:
        assert whl.read("adjudicator/py.typed") == b""
