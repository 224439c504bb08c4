"""Issue 18, item 5: every row of RULESETS.md's options table has scenarios on each side of it.

A scenario says which rows it shows, and on which side, in `expect: shows: {option: value}`;
the test reads the table from docs/spec/RULESETS.md (so a row added there without scenarios
fails here), checks that each declared value is the one the report echoes, and that each row
has at least one scenario on each side: each value of a choice or a boolean, and for a number
(`game_to`) the London default and another."""
from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.engine.replay import Replay
from adjudicator.record.log import expected, read_file
from adjudicator.words.report import report_json

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "docs" / "spec" / "RULESETS.md"
SCENARIOS = ROOT / "scenarios"


def option_rows() -> dict[str, list[str]]:
    """Each row of the options table: the option, and its sides as the table's values give them
    (`a` | `b` -> a, b; bool -> true, false; int -> the cavendish default and "another")."""
    text = SPEC.read_text(encoding="utf-8")
    table = text.split("## Options", 1)[1].split("\n\n", 2)[1]
    rows: dict[str, list[str]] = {}
    for line in table.splitlines()[2:]:   # after the heading and the rule
        name, values, cavendish, *_ = [c.strip() for c in line.replace("\\|", "\0").strip().strip("|").split("|")]
        choices = [v.strip("` ") for v in values.split("\0")]
        if choices == ["bool"]:
            rows[name.strip("`")] = ["true", "false"]
        elif choices[0].startswith("int"):
            rows[name.strip("`")] = [cavendish, "another"]
        else:
            rows[name.strip("`")] = choices
    return rows


def _side(option: str, value: object, rows: dict[str, list[str]]) -> str:
    shown = str(value).lower() if isinstance(value, bool) else str(value)
    if rows[option][1] == "another":   # a number: the default, or another
        return shown if shown == rows[option][0] else "another"
    return shown


def declared() -> list[tuple[str, dict]]:
    out = []
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        expect = expected(read_file(str(path)))
        if expect is not None and expect.shows:
            out.append((str(path.relative_to(SCENARIOS)), expect.shows))
    return out


def by_side() -> dict[str, dict[str, list[str]]]:
    """For each row, the scenarios on each of its sides (the list the issue's note gives)."""
    rows = option_rows()
    found: dict[str, dict[str, list[str]]] = {name: {side: [] for side in sides} for name, sides in rows.items()}
    for rel, shows in declared():
        for option, value in shows.items():
            found[option][_side(option, value, rows)].append(Path(rel).stem)
    return found


def test_the_table_is_read() -> None:
    rows = option_rows()
    assert list(rows) == ["game_to", "game_value", "cut_for_deal", "ace_high", "king_after_first_card",
                          "dealer_must_exchange", "stock_shortage", "refusal_point_on_vole", "match",
                          "doubling", "offer_point", "pool"]
    assert rows["game_to"] == ["5", "another"]
    assert rows["cut_for_deal"] == ["highest", "lowest"]
    assert rows["stock_shortage"] == ["dealer_plays", "last_takes_what_remains"]
    assert rows["doubling"] == ["true", "false"]


def test_every_row_has_a_scenario_on_each_side() -> None:
    missing = [f"{option}: {side}" for option, sides in by_side().items() for side, names in sides.items() if not names]
    assert not missing, "RULESETS.md rows with no scenario on this side:\n  " + "\n  ".join(missing)


@pytest.mark.parametrize("rel,shows", declared(), ids=[rel for rel, _ in declared()])
def test_a_scenario_shows_what_it_declares(rel: str, shows: dict) -> None:
    """The side a scenario declares is the value in force: the report echoes it."""
    rows = option_rows()
    report = report_json(Replay(read_file(str(SCENARIOS / rel))).run())
    for option, value in shows.items():
        assert option in rows, f"{rel}: shows {option!r}, which is no row of RULESETS.md's options table"
        assert report["options"][option] == value, f"{rel}: shows {option}: {value!r}, played under {report['options'][option]!r}"


def test_a_pair_differs_in_score_or_rulings() -> None:
    """Each row has a scenario on each side that ends differently from one on the other side
    (score, winner, game value, games, or a ruling's law, rule, irregularity or offender): the
    side makes a difference somewhere."""
    def outcome(stem: str) -> tuple:
        path = next(SCENARIOS.rglob(f"{stem}.yaml"))
        got = report_json(Replay(read_file(str(path))).run())
        return (tuple(sorted(got["score"].items())), got["winner"], got["game_value"], str(got.get("games")),
                tuple((r["law"], r.get("rule"), r["irregularity"], r["offender"]) for r in got["rulings"]))
    same = []
    for option, sides in by_side().items():
        a, b = list(sides.values())
        if not any(outcome(x) != outcome(y) for x in a for y in b):
            same.append(option)
    assert not same, f"no scenario on one side ends differently from one on the other: {same}"
