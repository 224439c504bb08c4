"""Every text a person reads in a terminal fits its width (the terminal's; 80 columns when the
output is not a terminal): no line is longer, and a table or a paragraph is wrapped between
words, never inside one. A broad sample of the doors that print prose or tables is run at 80
and 60 columns and piped; the words of the law book they quote are found whole in the output."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.lawbook.laws import default_book
from adjudicator.words import textwidth
from adjudicator.words.learner import plain_italics
from terminals import in_a_terminal

ROOT = Path(__file__).resolve().parent.parent
LAW21 = str(ROOT / "scenarios" / "laws" / "law21-after-refusal.yaml")
COMMANDS = [c.name or c.callback.__name__ for c in app.registered_commands]

SAMPLE = [["--help"], *[[name, "--help"] for name in COMMANDS],
          ["laws"], ["laws", "17"], ["laws", "49"], ["laws", "23", "--rules", "french"], ["laws", "24", "--rules", "modern"],
          ["laws", "17", "21"], ["laws", "9", "15"], ["laws", "17", "21", "33"], ["laws", "17", "21", "33", "34"],
          ["laws", "--search", "revoke"], ["laws", "--search", "refusal"], ["laws", "--search", "la vole", "--rules", "french"],
          ["explain", LAW21], ["explain", "--all", LAW21], ["explain", "--event", "10", LAW21],
          ["explain", str(ROOT / "scenarios" / "rulesets" / "king-after-first-card-never-french.yaml")],
          ["rules"], ["rules", "diff", "cavendish", "french"], ["rules", "diff", "cavendish", "modern"],
          ["rules", "french"], ["docs"], ["docs", "NOTHING"], ["laws", "99"], ["explain", "--event", "3", LAW21],
          ["book", "--out", "/proc/ecarte-book"], ["laws", "17", "--option", "ace_hi=true"]]
ANSWERED = [(["resolve", "--players", "Ann,Bob"], "1\n" * 30), (["resolve"], "\n" + "2\n" * 30),
            (["quiz", "--seed", "3", "--count", "3"], "1\n2\n1\n")]   # the plain prompt: input is no terminal
LAWS_QUOTED = {("laws", "17"): [17], ("laws", "49"): [49], ("laws", "17", "21"): [17, 21], ("laws", "9", "15"): [9, 15],
               ("laws", "17", "21", "33"): [17, 21, 33], ("laws", "17", "21", "33", "34"): [17, 21, 33, 34]}


@pytest.fixture
def columns(monkeypatch):
    """A terminal of so many columns (None: no terminal, as when piped)."""
    def at(width: int | None) -> int:
        monkeypatch.setattr(textwidth, "terminal", lambda: width)
        return width or 80
    return at


def _too_long(text: str, width: int) -> list[str]:
    return [line for line in text.splitlines() if len(line) > width]


def _law_text(number: int) -> str:
    return " ".join(plain_italics(default_book().laws[number].text).split())


@pytest.mark.parametrize("width", [80, 60, None])
def test_every_door_fits_the_terminal(columns, width):
    """At 60 columns `laws 17 21` drew an 80-column table, help examples ran to 71 and the
    players' names were asked at 78; piped, `rules diff` ran to 86 and a search's matches to 116."""
    limit = columns(width)
    long: dict[str, list[str]] = {}
    for args, answers in [(args, None) for args in SAMPLE] + ANSWERED:
        result = CliRunner().invoke(app, args, input=answers)
        assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
        text = result.stdout + result.stderr
        if lines := _too_long(text, limit):
            long[" ".join(args)] = lines
    assert long == {}


@pytest.mark.parametrize("width", [80, 60, None])
def test_the_laws_words_are_never_broken(columns, width):
    """One law quotes its text whole; side by side, every word of each law's title, text and
    reading, and of the rows' names, is in the table whole (the table cut "reading" to "read…"
    and, with three laws, "text" to "te…")."""
    columns(width)
    book = default_book()
    for args, numbers in LAWS_QUOTED.items():
        out = CliRunner().invoke(app, list(args)).stdout
        if len(numbers) == 1:
            assert _law_text(numbers[0]) in " ".join(out.split()), args
            continue
        said = [f"Law {n}. {book.laws[n].title}" for n in numbers] + ["text reading rules on cases"]
        said += [_law_text(n) for n in numbers] + [book.laws[n].reading for n in numbers]
        missing = Counter(" ".join(said).split()) - Counter(out.split())
        assert not missing, (args, missing)


def test_a_table_too_wide_for_the_terminal_is_a_law_under_the_other(columns):
    """At 60 columns three laws have no room side by side: each row names the laws one under the
    other, each law's words wrapped whole; at 100 columns they stand side by side."""
    columns(60)
    narrow = CliRunner().invoke(app, ["laws", "17", "21", "33"]).stdout.splitlines()
    assert narrow[0] == "text" and narrow[1].startswith("  Law 17. The dealer has more than five cards")
    assert "reading" in narrow and "cases" in narrow
    columns(100)
    wide = CliRunner().invoke(app, ["laws", "17", "21", "33"]).stdout
    assert re.search(r"Law 17\. The dealer .* Law 21\. The dealer .* Law 33\. The dealer", wide.split("━")[0].replace("\n", " "))
    assert "  text " in wide and "  reading " in wide   # the rows' names whole (it said "read…")


def test_a_command_to_copy_wider_than_the_terminal_goes_on_with_a_backslash(columns):
    columns(60)
    text = CliRunner().invoke(app, ["explain", "--help"]).stdout
    assert "    ecarte explain --event 10 \\\n        scenarios/laws/law21-after-refusal.yaml\n" in text
    assert textwidth.command_lines("ecarte laws 17", "  ", 20) == ["  ecarte laws 17"]
    said = textwidth.command_lines("ecarte explain law42-by-counts-abandoned-with-two-tricks-without-proposing", "    ", 60)
    assert said == ["    ecarte explain \\", " law42-by-counts-abandoned-with-two-tricks-without-proposing"]


def test_a_search_match_is_marked_on_a_terminal_not_escaped(columns):
    """On a terminal the match was printed as the text "\\x1b[1;4m" (made visible), not in bold."""
    columns(80)
    from adjudicator.words.search import Hit, shown
    hit = Hit("text", "…to save a revoke or to correct the error of not winning a trick when he could…", 11, 17)
    lines = shown(hit, bold=True, indent="      ").splitlines()
    assert lines[0].startswith("      text: …to save a \x1b[1;4mrevoke\x1b[0m or")
    assert "\\x1b" not in "".join(lines)
    assert shown(hit, bold=False).startswith("      text: …to save a »revoke« or")
    snippet = "…for one reason only: it broke the duty to follow suit, or to win the trick when able (law 43),…"
    at = snippet.index("follow suit")
    for width in range(40, 81):   # a match of two words is never cut in two (its bold would run on)
        columns(width)
        assert "»follow suit«" in shown(Hit("reading", snippet, at, at + 11), bold=False)


def test_the_width_is_the_terminals_and_80_when_piped(monkeypatch):
    monkeypatch.setattr(textwidth, "terminal", lambda: None)
    assert textwidth.width() == 80 and textwidth.width(60) == 60
    monkeypatch.setattr(textwidth, "terminal", lambda: 200)
    assert textwidth.width() == textwidth.PROSE and textwidth.width(160) == 160
    monkeypatch.setattr(textwidth, "terminal", lambda: 10)
    assert textwidth.width() == textwidth.NARROWEST
    assert textwidth.fill("- " + "word " * 30, 40).splitlines()[1].startswith("  word")


@pytest.mark.slow   # processes on a pseudo-terminal
@pytest.mark.parametrize("args", [["laws", "17", "21"], ["rules", "diff", "cavendish", "french"], ["explain", "--help"],
                                  ["laws", "--search", "revoke"]])
def test_a_real_terminal_of_60_columns(args):
    text = in_a_terminal(args, 60)
    assert text.strip() and _too_long(text, 60) == []
