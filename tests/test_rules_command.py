"""`ecarte rules` and `ecarte rules diff A B`: the rule sets and their options as the contract's
table gives them (docs/spec/RULESETS.md), and their differences with both sides' words."""
from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli import app

runner = CliRunner()
SPEC = Path(__file__).resolve().parent.parent / "docs" / "spec" / "RULESETS.md"


def _contract_defaults() -> dict[str, dict[str, str]]:
    """The options table of RULESETS.md: option -> {rule set: its default, as written}."""
    rows = {}
    for line in SPEC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.replace("\\|", "/").strip().strip("|").split("|")]
        if len(cells) == 6 and re.fullmatch(r"`\w+`", cells[0]):
            rows[cells[0].strip("`")] = dict(zip(("cavendish", "french", "modern"), cells[2:5]))
    return rows


def _run(*args: str):
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_rules_json_lists_every_rule_set_with_the_contracts_defaults() -> None:
    code, out, _ = _run("rules", "--json")
    assert code == 0
    data = json.loads(out)
    sets = {rs["name"]: rs for rs in data["rule_sets"]}
    assert sorted(sets) == ["cavendish", "french", "modern"] and data["default"] == "cavendish"
    table = _contract_defaults()
    assert sorted(table) == sorted(o["name"] for o in data["options"])
    for option, defaults in table.items():
        for name, written in defaults.items():
            value = sets[name]["options"][option]
            shown = "true" if value is True else "false" if value is False else str(value)
            assert shown == written, (option, name, value, written)
    french = {c["law"]: c for c in sets["french"]["changes"]}
    assert sorted(french) == [5, 24, 38, 49] and french[24]["removed"] and not french[5]["removed"]
    assert [c["law"] for c in sets["modern"]["changes"]] == [24]
    assert sets["modern"]["adds"][0]["option"] == "dealer_must_exchange"


def test_rules_in_words_shows_each_rule_set_and_the_defaults_side_by_side() -> None:
    code, out, _ = _run("rules")
    assert code == 0
    assert "french: the French rules" in out and "law 24 removed" in out
    said = " ".join(out.split())
    assert "cavendish, modern: the highest card cut deals (--option cut_for_deal=highest)" in said
    assert "french: the lowest card cut deals (--option cut_for_deal=lowest)" in said
    assert ("french: the French rules (Méry, 1847, and the Académie des jeux); its source, Méry's L'Arbitre des "
            "jeux (1847) and the Académie des jeux") in said
    assert ".txt" not in out and "\ncut_for_deal" not in out   # the books named; no key as a heading


def test_rules_diff_goes_point_by_point_with_both_sides_words() -> None:
    code, out, _ = _run("rules", "diff", "cavendish", "french", "--json")
    assert code == 0
    points = json.loads(out)["points"]
    options = {p["option"]: p for p in points if "option" in p}
    laws = {p["law"]: p for p in points if "law" in p}
    assert sorted(options) == ["cut_for_deal", "king_after_first_card", "refusal_point_on_vole", "stock_shortage"]
    assert options["cut_for_deal"]["cavendish"]["value"] == "highest"
    assert options["cut_for_deal"]["french"]["quote"].startswith("whoever draws the lowest")
    assert options["cut_for_deal"]["cavendish"]["quote"] is None   # the London laws' own default
    assert sorted(laws) == [5, 24, 38, 49]
    assert laws[24]["french"]["removed"] and "before playing one's first card" in laws[24]["french"]["because"]
    assert laws[24]["cavendish"]["text"].startswith("If the king be the card first led")
    code, text, _ = _run("rules", "diff", "cavendish", "french")
    assert code == 0 and "law 24: " in text and "french: does not apply" in text and "lowest" in text


def test_a_law_an_option_turns_is_one_difference_with_it() -> None:
    """French and London differ in four options, each turning one law (5, 24, 38, 49): four
    points, each law shown under its option, not eight."""
    data = json.loads(_run("rules", "diff", "cavendish", "french", "--json")[1])
    assert data["count"] == 4
    assert {p["law"]: p["turned_by"] for p in data["points"] if "law" in p} == {
        5: "cut_for_deal", 24: "king_after_first_card", 38: "stock_shortage", 49: "refusal_point_on_vole"}
    text = _run("rules", "diff", "cavendish", "french")[1]
    assert text.startswith("cavendish and french differ on 4 points:")
    assert text.count("\nlaw ") == 0 and text.count("the law it turns, law ") == 4
    # the two remove law 24 in their own words under the same option value: a point of its own
    data = json.loads(_run("rules", "diff", "french", "modern", "--json")[1])
    assert [p["turned_by"] for p in data["points"] if p.get("law") == 24] == [None]
    assert data["count"] == len(data["points"]) - sum(p.get("turned_by") is not None for p in data["points"])


def test_a_rule_set_against_itself_has_no_difference() -> None:
    code, out, _ = _run("rules", "diff", "modern", "modern", "--json")
    assert code == 0 and json.loads(out)["points"] == []
    assert "agree on every option and every law" in _run("rules", "diff", "modern", "modern")[1]


def test_an_unknown_rule_set_or_a_wrong_command_line_is_exit_2() -> None:
    code, out, err = _run("rules", "diff", "cavendish", "frnch")
    assert code == 2 and "did you mean 'french'" in err and "Traceback" not in err + out
    code, _, err = _run("rules", "dif", "cavendish", "french")
    assert code == 2 and "ecarte rules diff cavendish french" in err
    code, _, err = _run("rules", "diff", "cavendish")
    assert code == 2


def test_a_rule_set_named_alone_is_answered_with_what_to_type() -> None:
    """`ecarte rules frnch`: the did-you-mean that `rules diff` gives; `ecarte rules french`:
    the command that shows its differences (exit 2 for both: neither is a form of the command)."""
    wrong = CliRunner().invoke(app, ["rules", "frnch"])
    assert wrong.exit_code == 2 and "unknown rule set 'frnch': did you mean 'french'?" in wrong.output
    alone = CliRunner().invoke(app, ["rules", "french"])
    assert alone.exit_code == 2 and "ecarte rules diff cavendish french" in alone.output


def test_the_french_source_is_named_as_its_seed_names_it() -> None:
    """Seed 003 names two works, Méry's L'Arbitre des jeux (1847) and the Académie des jeux
    (Delarue, undated): "Méry's Académie des jeux (1847)" is neither."""
    for args in (("rules",), ("rules", "diff", "cavendish", "french"), ("laws", "24", "--rules", "french")):
        said = " ".join(_run(*args)[1].split())
        assert "Méry's Académie" not in said and "Méry's L'Arbitre des jeux (1847) and the Académie des jeux" in said


def test_french_law_38_says_only_what_mery_says_and_marks_the_reading() -> None:
    """Méry says only that the last to exchange "cannot exchange more cards than the stock still
    contains": that the rest of his discard goes back to his hand is this book's reading."""
    for args in (("rules",), ("rules", "diff", "cavendish", "french"), ("laws", "38", "--rules", "french")):
        said = " ".join(_run(*args)[1].split()).split("The London text")[0]   # not the London law's cases
        for m in re.finditer(r"goes back to his hand", said):
            assert "this book reads that they go back to his hand" in said[m.start() - 40:m.end()], args
    assert "In plain words: When the stock cannot serve both" in said and "this book reads" in said
    said = " ".join(_run("rules", "diff", "cavendish", "french")[1].split())
    assert "french: the last to exchange takes only what the stock still holds, never the turn-up" in said


def test_rules_diff_quotes_the_london_laws_for_their_own_value() -> None:
    said = " ".join(_run("rules", "diff", "cavendish", "modern")[1].split())
    assert ('as the London laws have it: "If the king be the card first led, it may be announced at any time prior '
            'to its being played to." — law 24, the London club laws as Cavendish gives them') in said
    assert "(--option dealer_must_exchange=false) No London law makes the dealer who accepts take a card." in said
    assert "as the London laws have it —" not in said


def test_where_the_modern_rulebook_says_two_things_the_book_says_which_it_follows() -> None:
    """004 says the king is announced "before playing their first card to a trick" and "before
    play begins"; it makes the dealer who accepts take a card, and law 38 makes him play his hand
    when the stock cannot serve both. Each choice is said, as the book's reading."""
    out = " ".join(runner.invoke(app, ["laws", "24", "--rules", "modern"]).output.split())
    assert ("this book reads the first, as law 23 has it, so a player who has not yet played a card may still "
            "announce after his adversary has led") in out
    out = " ".join(runner.invoke(app, ["rules"]).output.split())
    assert ("must discard and take at least one card, while the stock has any and, as this book reads it, unless "
            "law 38 makes him play his hand") in out
