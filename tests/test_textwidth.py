"""Every line of the plain-text views fits 80 columns (the width when the output is not a
terminal), but for a token that cannot be broken (a path); --json is left as it was."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import adjudicate_text
from adjudicator.teaching import explain
from adjudicator.cli import app
from adjudicator.lawbook.laws import default_book
from adjudicator.record.source import read_source
from adjudicator.words.report import report_text
from adjudicator.words.textwidth import fit, plain

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def _too_wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if len(line) > 80 and " " in line.strip()]


@pytest.mark.slow
def test_every_view_fits_80_columns() -> None:
    wide = []
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        report = adjudicate_text(read_source(str(path)), str(path))
        wide += [(path.name, line) for line in _too_wide(report_text(report))]
        wide += [(path.name, line) for line in _too_wide(explain.to_text(report))]
    for n in sorted(default_book().laws):
        result = runner.invoke(app, ["laws", str(n)])
        wide += [(n, line) for line in _too_wide(result.output)]
    wide += [("laws", line) for line in _too_wide(runner.invoke(app, ["laws"]).output)]
    assert wide == []


def test_fit_wraps_at_the_lines_indent_and_never_breaks_a_word() -> None:
    line = "    " + " ".join(["word"] * 40) + " " + "x" * 90
    out = fit([line], 80)
    assert all(len(l) <= 80 for l in out[:-1]) and out[-1] == "      " + "x" * 90
    assert out[0].startswith("    word") and all(l.startswith("      ") for l in out[1:])
    assert " ".join(" ".join(out).split()) == " ".join(line.split())
    assert plain("with `elect: {option: a}` or `take_back`") == "with elect: {option: a} or take_back"


def test_json_is_not_wrapped() -> None:
    path = ROOT / "scenarios" / "laws" / "law11-two-cards-turned-choose.yaml"
    out = runner.invoke(app, ["adjudicate", "--json", str(path)]).output
    assert len(out.splitlines()) == 1 and "`elect:" in json.loads(out)["rulings"][0]["note"]


def test_a_command_or_a_path_to_copy_is_never_broken() -> None:
    from adjudicator.words.textwidth import wrap
    text = ("Seed 1234: the same questions are asked again, in the same order, by "
            "ecarte quiz --seed 1234 --count 3 and the law by ecarte laws 17, or read /tmp/a-long/path/to/a-dispute.yaml.")
    for columns in (20, 30, 40, 50, 60):
        lines = wrap(text, columns=columns)
        assert " ".join(" ".join(lines).split()) == text
        assert any("ecarte quiz --seed 1234 --count 3" in line for line in lines)
        assert any("ecarte laws 17" in line for line in lines)
        assert any("/tmp/a-long/path/to/a-dispute.yaml." in line for line in lines)
        assert all(len(line) <= columns for line in lines
                   if not any(k in line for k in ("ecarte quiz", "/tmp/", "ecarte laws")))
