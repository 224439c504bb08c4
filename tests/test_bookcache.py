"""The law book's cache: written once, read back identical, missed when laws/ changes, and never
an error when it cannot be written or is damaged."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.lawbook import cache as bookcache
from adjudicator.lawbook.scoring import scoring
from adjudicator.lawbook.laws import LAWS_DIR, LawBookError, load


@pytest.fixture
def book_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    laws = tmp_path / "laws"
    shutil.copytree(LAWS_DIR, laws)
    monkeypatch.setenv("ECARTE_CACHE_DIR", str(tmp_path / "cache"))
    return laws


def _cached(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache").glob("lawbook-*.json"))


@pytest.mark.slow   # the book built
def test_written_once_and_read_back_the_same(book_dir: Path, tmp_path: Path) -> None:
    first = load(book_dir)
    files = _cached(tmp_path)
    assert len(files) == 1
    again = load(book_dir)   # from the cache
    assert {n: law.model_dump() for n, law in again.laws.items()} == \
        {n: law.model_dump() for n, law in first.laws.items()}
    assert again.scoring == first.scoring
    assert _cached(tmp_path) == files


@pytest.mark.slow   # the book built
def test_a_changed_rule_file_misses_the_cache(book_dir: Path, tmp_path: Path) -> None:
    load(book_dir)
    law48 = next(book_dir.glob("48-*.yaml"))
    text = law48.read_text(encoding="utf-8")
    stat = law48.stat()
    changed = text.replace("point: 1", "point: 3", 1)
    assert changed != text
    law48.write_text(changed, encoding="utf-8")
    os.utime(law48, ns=(stat.st_atime_ns, stat.st_mtime_ns))   # the same time: the bytes decide
    assert load(book_dir).scoring.point == 3
    scoring.cache_clear()
    assert scoring(book_dir).point == 3
    assert len(_cached(tmp_path)) == 2


@pytest.mark.slow   # the book built
def test_a_bad_rule_file_is_reported_though_cached_before(book_dir: Path) -> None:
    load(book_dir)
    law1 = next(book_dir.glob("01-*.yaml"))
    law1.write_text(law1.read_text(encoding="utf-8") + "\nbogus_key: 1\n", encoding="utf-8")
    with pytest.raises(LawBookError, match="bogus_key"):
        load(book_dir)


@pytest.mark.slow   # the book built
def test_a_damaged_cache_is_ignored(book_dir: Path, tmp_path: Path) -> None:
    expected = load(book_dir).scoring
    for damage in ("{not json", '{"key": "x", "laws": {}}', "[]", '{"key": 1}'):
        for f in _cached(tmp_path):
            f.write_text(damage)
        assert load(book_dir).scoring == expected
        scoring.cache_clear()
        assert scoring(book_dir).point == expected.point


def test_a_cache_that_cannot_be_written_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("ECARTE_CACHE_DIR", str(blocker / "cache"))
    laws = tmp_path / "laws"
    shutil.copytree(LAWS_DIR, laws)
    assert load(laws).scoring.vole == 2


@pytest.mark.slow
def test_validate_runs_with_an_unwritable_cache(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    env = {**os.environ, "ECARTE_CACHE_DIR": str(blocker / "cache")}
    code = "from adjudicator.entry import main; main()"
    game = Path(__file__).resolve().parent.parent / "scenarios" / "play" / "illustrative-game.yaml"
    out = subprocess.run([sys.executable, "-c", code, "validate", str(game)], env=env,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "1 clean" in out.stdout


def test_the_words_are_cached_too_and_a_changed_file_misses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """laws/words/ is parsed once as well (start-up: its YAML was some 10 ms of every command
    that speaks): read back the same, and a words file changed is read afresh."""
    from adjudicator.lawbook.places import WORDS_DIR
    from adjudicator.words.vocabulary import load as load_words
    words = tmp_path / "words"
    shutil.copytree(WORDS_DIR, words)
    monkeypatch.setenv("ECARTE_CACHE_DIR", str(tmp_path / "cache"))
    first = load_words(words)
    assert len(_cached(tmp_path)) == 1
    again = load_words(words)   # from the cache
    assert vars(again).keys() == vars(first).keys()
    assert all(getattr(again, k) == getattr(first, k) for k in vars(first))
    roles = words / "roles.yaml"
    text = roles.read_text(encoding="utf-8")
    role = next(line.split(":")[0] for line in text.splitlines() if line and not line.startswith("#") and ":" in line)
    roles.write_text(text.replace(f"{role}:", f"{role}: changed words #", 1), encoding="utf-8")
    assert load_words(words).roles[role].startswith("changed words")
    assert len(_cached(tmp_path)) == 2
