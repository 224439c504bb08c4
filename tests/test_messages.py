"""Messages in the project's words (issue 34, item 8): where a line is cut short, the missing
driver of a URL, what the YAML reader refuses; never a library's wording passed through as it
is. (Every problem of a header named once each: the engine's branch, tests/test_bad_input.py.)"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app

runner = CliRunner()


@pytest.mark.parametrize("line", ['{"ecarte": 1', '{"ecarte": 1\n', '{"ecarte": 1   \n'])
def test_a_line_cut_short_is_named_at_its_end(tmp_path: Path, line: str) -> None:
    (tmp_path / "a.jsonl").write_text(line)
    result = runner.invoke(app, ["validate", str(tmp_path / "a.jsonl")])
    assert result.exit_code == 2
    assert "a comma was expected at column 13, where the text ends (cut short?)" in result.output


def test_a_problem_inside_the_text_is_not_called_its_end(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text('{"ecarte": 1 x}\n')
    result = runner.invoke(app, ["adjudicate", str(tmp_path / "a.json")])
    assert result.exit_code == 2
    assert "a comma was expected at column 14" in result.output and "cut short" not in result.output


def test_a_string_cut_short_is_a_text_not_closed(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").write_text('{"ecarte": "ab\n')
    result = runner.invoke(app, ["validate", str(tmp_path / "a.jsonl")])
    assert "a text in quotes is not closed at column 15, where the text ends" in result.output


@pytest.mark.parametrize("url, driver", [("s3://bucket/a.jsonl", "s3fs"), ("gs://bucket/a.jsonl", "gcsfs")])
def test_the_missing_driver_is_named(url: str, driver: str) -> None:
    if importlib.util.find_spec(driver) is not None:
        pytest.skip(f"{driver} is installed here")
    result = runner.invoke(app, ["validate", url])
    assert result.exit_code == 2
    assert f"needs {driver}, its driver for fsspec: pip install {driver}" in result.output
    assert "install fsspec" not in result.output and "Install" not in result.output


def test_an_unknown_protocol_in_our_words() -> None:
    result = runner.invoke(app, ["validate", "nosuchfs://x/a.jsonl"])
    assert result.exit_code == 2
    assert "no filesystem is known for nosuchfs://" in result.output
    assert "Protocol not known" not in result.output


def test_a_control_character_in_yaml_is_placed_by_line_and_column(tmp_path: Path) -> None:
    (tmp_path / "g.yaml").write_text("ecarte: 1\nplayers: [A, Y\x01]\nevents: []\n")
    result = runner.invoke(app, ["adjudicate", str(tmp_path / "g.yaml")])
    assert result.exit_code == 2
    assert "line 2, column 15: not valid YAML: the character U+0001 (a control character)" in result.output
    assert "position" not in result.output and "<unicode string>" not in result.output


@pytest.mark.parametrize("text, said, theirs", [
    ("ecarte: 1\nplayers: [A, Y\n", "line 3, column 1: not valid YAML: a list in [ ] is not closed", "did not find expected"),
    ("ecarte: 1\ntitle: a: b\n", "line 2, column 9: not valid YAML: a colon stands where no key may begin", "mapping values"),
    ('ecarte: 1\ntitle: "\\q"\n', "line 2, column 9: not valid YAML: a backslash starts no known escape", "found unknown"),
    ("ecarte: 1\ntitle: @x\n", "line 2, column 8: not valid YAML: a value may not begin with '@' (quote the text)", "token"),
    ("ecarte: 1\nplayers:\n\t- A\n", "line 3, column 1: not valid YAML: a tab indents a line: indent with spaces", "token"),
])
def test_the_yaml_readers_complaints_in_our_words(tmp_path: Path, text: str, said: str, theirs: str) -> None:
    (tmp_path / "g.yaml").write_text(text)
    result = runner.invoke(app, ["adjudicate", str(tmp_path / "g.yaml")])
    assert result.exit_code == 2 and said in result.output and theirs not in result.output
