"""The command line, as the contract (RULINGS.md) describes it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
WHOLE = ROOT / "scenarios" / "play" / "whole-deal.yaml"
GAME = ROOT / "scenarios" / "play" / "illustrative-game.yaml"


def test_adjudicate_json_whole_deal() -> None:
    result = runner.invoke(app, ["adjudicate", "--json", str(WHOLE)])
    assert result.exit_code == 0
    doc = json.loads(result.output)
    assert doc["ok"] is True and doc["rulings"] == []
    assert doc["score"] == {"A": 0, "Y": 2} and doc["winner"] is None and doc["rules"] == "cavendish"


def test_adjudicate_text_names_score_and_winner() -> None:
    result = runner.invoke(app, ["adjudicate", str(GAME)])
    assert result.exit_code == 0
    assert "Score: A 5, Y 4" in result.output and "Winner: A" in result.output
    assert "Deal 2: Y dealt, turned up 9C; A proposed, Y refused; tricks A 0, Y 5. Score A 3, Y 2." \
        in " ".join(result.output.split())   # wrapped to 80 columns


def test_a_log_ending_mid_deal_says_where_it_stops_and_who_may_choose() -> None:
    text = ("ecarte: 1\nplayers: [A, Y]\ndealer: A\nevents:\n"
            "  - deal: {to: Y, count: 3}\n  - deal: {to: A, count: 3}\n"
            "  - deal: {to: Y, count: 2}\n  - deal: {to: A, count: 2}\n"
            "  - turn_up: {cards: [8C, 9D]}\n")
    result = runner.invoke(app, ["adjudicate", "-"], input=text)
    assert result.exit_code == 1, result.output
    assert "Y may choose: choose which exposed card is the trump or a fresh deal." in result.output
    assert "Deal 1: A dealt, turned up 8C; it stops before the play. Score A 0, Y 0 as recorded, before what is still open is settled (above)." in " ".join(result.output.split())


def test_adjudicate_reads_standard_input() -> None:
    result = runner.invoke(app, ["adjudicate", "--json", "-"], input=WHOLE.read_text())
    assert result.exit_code == 0 and json.loads(result.output)["score"] == {"A": 0, "Y": 2}


def test_validate_folder_in_sorted_order_with_summary() -> None:
    folder = ROOT / "scenarios" / "play"
    result = runner.invoke(app, ["validate", str(folder)])
    lines = result.output.splitlines()
    files = sorted(str(p) for p in folder.rglob("*.yaml"))
    assert [line.split(": ")[0] for line in lines[:-1]] == files
    assert lines[-1].startswith(f"{len(files)} games: {len(files)} clean")
    assert result.exit_code == 0


def test_validate_json_jobs_keeps_input_order(tmp_path: Path) -> None:
    from adjudicator.engine.generate_games import archive
    path = tmp_path / "games.jsonl"
    path.write_text("".join(line + "\n" for line in archive(40, seed=5)))
    one = runner.invoke(app, ["validate", "--json", str(path)])
    two = runner.invoke(app, ["validate", "--json", "--jobs", "2", str(path)])
    assert one.exit_code == two.exit_code == 0
    assert one.output == two.output
    sources = [json.loads(x)["source"] for x in one.output.splitlines()]
    assert sources == [f"{path}:{i}" for i in range(1, 41)]


def test_laws_json_lists_the_whole_book() -> None:
    result = runner.invoke(app, ["laws", "--json"])
    assert result.exit_code == 0
    laws = json.loads(result.output)
    assert [x["law"] for x in laws] == list(range(1, 52))
    assert all({"law", "title", "text", "scenarios"} <= set(x) for x in laws)


def test_laws_one_law_and_search() -> None:
    result = runner.invoke(app, ["laws", "11"])
    assert result.exit_code == 0
    assert "If the dealer turn up more than one card" in result.output
    assert "ecarte explain law11-two-cards-turned-choose" in result.output and "scenarios/" not in result.output
    found = runner.invoke(app, ["laws", "--search", "faced card"])
    assert found.exit_code == 0
    numbers = {int(line.split(".")[0]) for line in found.output.splitlines() if line[:2].strip().isdigit()}
    assert {12, 35} <= numbers


def test_laws_unknown_number() -> None:
    result = runner.invoke(app, ["laws", "52"])
    assert result.exit_code == 2 and "no law 52" in result.output


def test_schema_is_the_written_form() -> None:
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0
    schema = json.loads(result.output)
    variants = schema["properties"]["events"]["items"]["oneOf"]
    names = {next(iter(v["required"])) for v in variants}
    assert {"deal", "play", "claim", "elect", "turn_up", "tricks"} <= names


@pytest.mark.slow   # every scenario checked against the schema
def test_schema_accepts_every_scenario_and_refuses_a_typo() -> None:
    import jsonschema
    import yaml
    schema = json.loads(runner.invoke(app, ["schema"]).output)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        errors = list(validator.iter_errors(yaml.safe_load(path.read_text())))
        assert not errors, f"{path.name}: {errors[0].message[:200]}"
    bad = yaml.safe_load(WHOLE.read_text())
    bad["events"][0] = {"deal": {"to": "Y", "cards": ["KH"], "colour": "red"}}
    assert list(validator.iter_errors(bad))


def test_help_and_version_and_a_law_number_that_is_not_one() -> None:
    assert runner.invoke(app, ["-h"]).exit_code == 0 and "adjudicate" in runner.invoke(app, ["-h"]).output
    assert "Example: ecarte adjudicate" in " ".join(runner.invoke(app, ["adjudicate", "-h"]).output.split())
    version = runner.invoke(app, ["--version"])
    assert version.exit_code == 0 and version.output.startswith("ecarte ")
    bad = runner.invoke(app, ["laws", "abc"])
    assert bad.exit_code == 2 and "'abc' is not a law number: give 1 to 51" in bad.output
    assert "2 for a law that does not exist" in " ".join(runner.invoke(app, ["laws", "-h"]).output.split())


def test_search_shows_a_laws_own_text_not_only_its_title() -> None:
    found = {law["law"]: law["found"] for law in json.loads(runner.invoke(app, ["laws", "--search", "renounce", "--json"]).output)}
    assert 43 in found and any(f["in"] == "text" and "renounce" in f["snippet"] for f in found[43])


def test_an_expect_written_for_another_test_suite_does_not_stop_adjudicate() -> None:
    """`expect` is a test suite's, not the adjudicator's: keys of another suite (or another
    shape altogether) are no reason to refuse the log; this project's tests read its own
    scenarios' `expect` strictly (tests/test_scenarios.py)."""
    from adjudicator.record.log import expected, read_text
    body = WHOLE.read_text(encoding="utf-8").split("expect:")[0]
    for other in ("expect: {final_score: [0, 2], verdict: clean}\n", "expect: [clean]\n"):
        result = runner.invoke(app, ["adjudicate", "--json", "-"], input=body + other)
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["score"] == {"A": 0, "Y": 2}
    log = read_text(body + "expect: {final_score: [0, 2]}\n", "other-suite.yaml")
    try:
        expected(log)
    except ValueError as e:
        assert "final_score" in str(e)
    else:
        raise AssertionError("this project's reading of expect should refuse another suite's keys")


def test_a_scenario_of_the_law_book_is_read_from_any_folder(tmp_path: Path, monkeypatch) -> None:
    """`laws N` lists scenarios by title, each with the command that tells it (`ecarte explain`
    and the file's name); `--json` by their path in the law book; `adjudicate` and `explain` find
    them from any folder (an installed copy has no scenarios/ where its user stands), by that
    path or by the file's name; a name that is neither is still "no such file" (exit 2)."""
    monkeypatch.chdir(tmp_path)
    listed = runner.invoke(app, ["laws", "11"]).output
    path = "scenarios/laws/law11-two-cards-turned-choose.yaml"
    assert "ecarte explain law11-two-cards-turned-choose" in listed
    assert path in json.loads(runner.invoke(app, ["laws", "11", "--json"]).output)[0]["scenarios"]
    for name in (path, "law11-two-cards-turned-choose", "law11-two-cards-turned-choose.yaml"):
        result = runner.invoke(app, ["explain", name])
        assert result.exit_code == 1, result.output
        assert "Law 11 rules: Y may choose" in result.output
    assert json.loads(runner.invoke(app, ["adjudicate", "--json", path]).output)["rulings"][0]["law"] == 11
    for wrong in ("law11", "scenarios/laws/nosuch.yaml", "../scenarios/laws/law11-two-cards-turned-choose.yaml"):
        result = runner.invoke(app, ["adjudicate", wrong])
        assert result.exit_code == 2 and "No such file" in result.output, (wrong, result.output)
