"""Rule sets as data (laws/rulesets/), the one resolver of a header's options, and what the report
echoes (RULESETS.md): every quote checked against its seed, every option typed with a default per
base, bad headers refused with a suggestion."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from adjudicator.engine.adjudicate import adjudicate_text
from adjudicator.lawbook.laws import LAWS_DIR, load
from adjudicator.lawbook.rulesets import in_force, parse_option, rule_sets
from adjudicator.record.options import CHOICES, INT_RANGE, NAMES
from adjudicator.record.source import LogError
from adjudicator.words.report import report_json

HERE = Path(__file__).resolve()
SEEDS = next((p for p in (HERE.parents[2] / "shared" / "seeds", HERE.parents[3] / "shared" / "seeds")
              if p.is_dir()), None)
WHOLE_DEAL = (LAWS_DIR.parent / "scenarios" / "play" / "whole-deal.yaml").read_text(encoding="utf-8")


def _norm(text: str) -> str:
    return " ".join(re.sub(r"\{\d+\}|\[\d+\]", "", text).split())


def _quotes() -> list[tuple[str, str, str]]:
    """(where, seed file, quoted words) for every quote of the rule sets, the options' words and
    the rule sets' own rules."""
    out = []
    for rs in rule_sets().values():
        for law, c in rs.changes.items():
            if c.text:
                out.append((f"{rs.name} law {law} text", rs.source, c.text))
            out.append((f"{rs.name} law {law} because", rs.source, c.because))
        for rule, a in rs.adds.items():
            out += [(f"{rs.name} adds {rule} {k}", rs.source, v) for k, v in a.items()]
    words = yaml.safe_load((LAWS_DIR / "words" / "rulesets.yaml").read_text(encoding="utf-8"))
    for name, o in words["options"].items():
        out.append((f"words option {name}", o["source"], o["quote"]))
        if "quote" in o["london"]:   # Cavendish's words for the London value
            out.append((f"words option {name} london", rule_sets()["cavendish"].source, o["london"]["quote"]))
    for name, rule in load().rules.items():
        out.append((f"rules/{name}.yaml text", rule.source, rule.text))
    return out


@pytest.mark.skipif(SEEDS is None, reason="the shared seeds are not beside the repository")
def test_every_quote_is_the_seed_verbatim() -> None:
    for where, seed, quote in _quotes():
        assert _norm(quote) in _norm((SEEDS / seed).read_text(encoding="utf-8")), f"{where}: not in {seed}"


def test_the_three_bases_and_their_defaults() -> None:
    sets = rule_sets()
    assert list(sets) == ["cavendish", "french", "modern"]
    french, modern = sets["french"].defaults, sets["modern"].defaults
    assert (french.cut_for_deal, french.king_after_first_card, french.stock_shortage,
            french.refusal_point_on_vole) == ("lowest", "never", "last_takes_what_remains", True)
    assert (modern.king_after_first_card, modern.dealer_must_exchange) == ("never", True)
    assert sorted(sets["french"].changes) == [5, 24, 38, 49] and sets["french"].changes[24].removed
    assert sorted(sets["modern"].changes) == [24] and not sets["cavendish"].changes
    words = yaml.safe_load((LAWS_DIR / "words" / "rulesets.yaml").read_text(encoding="utf-8"))
    assert list(words["options"]) == list(NAMES)


def test_every_option_is_typed_and_resolved_with_its_default() -> None:
    assert set(NAMES) == set(CHOICES) | set(INT_RANGE) and len(NAMES) == 12
    got = in_force("cavendish", {"ace_high": True, "game_to": 3})
    assert got.options.ace_high is True and got.options.game_to == 3 and got.options.cut_for_deal == "highest"
    assert in_force("french").options.cut_for_deal == "lowest"
    assert in_force("french", {"cut_for_deal": "highest"}).options.cut_for_deal == "highest"
    # an option chosen in a header brings the change another rule set words (law 24 removed)
    assert in_force("cavendish", {"king_after_first_card": "never"}).removed(24) is not None
    assert in_force("cavendish").removed(24) is None
    with pytest.raises(ValueError, match="not true or false"):
        in_force("cavendish", {"ace_high": 1})   # 1 is not true, even after True was cached
    in_force("cavendish", {"ace_high": True})
    with pytest.raises(ValueError, match="not true or false"):
        in_force("cavendish", {"ace_high": 1})


@pytest.mark.slow   # a process a case
@pytest.mark.parametrize("header, words", [
    ("options: {ace_hihg: true}", "did you mean 'ace_high'?"),
    ("options: {ace_high: 'yes'}", "did you mean true"),
    ("options: {cut_for_deal: low}", "did you mean 'lowest'?"),
    ("options: {game_to: '3'}", "did you mean 3"),
    ("options: {game_to: 0}", "an integer from 1 to 100"),
    ("rules: frnech", "did you mean 'french'?"),
    ("options: {doubling: true, offer_point: true}", "doubling and offer_point cannot be combined"),
    ("options: {pool: true, match: linked}", "pool and match: linked cannot be combined"),
    ("options: {game_value: treble_double_single, match: linked}", "cannot be combined"),
    ("options: {pool: true}", "three players, not 2"),
    ("options: [ace_high]", "a mapping of option names"),
])
def test_a_bad_header_is_exit_2_naming_the_option(header: str, words: str) -> None:
    text = WHOLE_DEAL.replace("ecarte: 1\n", f"ecarte: 1\n{header}\n")
    with pytest.raises(LogError) as e:
        adjudicate_text(text, "bad.yaml")
    assert words in str(e.value) and str(e.value).startswith("bad.yaml: ")
    run = subprocess.run([sys.executable, "-m", "adjudicator", "adjudicate", "-"], input=text,
                         capture_output=True, text=True)
    assert run.returncode == 2 and words in run.stdout + run.stderr and "Traceback" not in run.stderr


def test_three_players_only_in_a_pool() -> None:
    text = WHOLE_DEAL.replace("players: [A, Y]", "players: [A, Y, Z]")
    with pytest.raises(LogError, match="3 players need options: {pool: true}"):
        adjudicate_text(text, "three.yaml")


def test_the_report_echoes_the_rules_and_every_option() -> None:
    got = report_json(adjudicate_text(WHOLE_DEAL.replace("ecarte: 1\n", "ecarte: 1\nrules: french\n")))
    assert got["rules"] == "french" and list(got["options"]) == list(NAMES)
    assert got["options"]["cut_for_deal"] == "lowest" and got["options"]["refusal_point_on_vole"] is True
    london = report_json(adjudicate_text(WHOLE_DEAL))   # a London log: the keys RULINGS.md adds, no more
    assert london["rules"] == "cavendish" and london["options"]["king_after_first_card"] == "law24"
    assert json.loads(json.dumps(london)) == london


def test_an_option_on_the_command_line() -> None:
    assert parse_option("ace_high=true") == ("ace_high", True)
    assert parse_option("game_to=3") == ("game_to", 3)
    assert parse_option("cut_for_deal=lowest") == ("cut_for_deal", "lowest")
    for bad, words in (("ace_hig=true", "did you mean 'ace_high'"), ("ace_high=maybe", "true or false"),
                       ("ace_high", "KEY=VALUE")):
        with pytest.raises(ValueError, match=words):
            parse_option(bad)


def test_a_rule_set_rule_is_ruled_with_law_null(tmp_path: Path) -> None:
    """laws/rules/NAME.yaml: a rule no London law covers; its cases are the book's with law None."""
    book_dir = tmp_path / "laws"
    shutil.copytree(LAWS_DIR, book_dir)
    (book_dir / "rules").mkdir(exist_ok=True)
    (book_dir / "rules" / "doubling.yaml").write_text(
        "rule: doubling\ntitle: t\nsource: 004_f339bf3fbe17f421.txt\ntext: some words\nreading: r\n"
        "cases:\n  - id: late\n    irregularity: abandoned\n    when: {offender_tricks: {min: 9}}\n"
        "    overrides: ['42:point-already-won']\n    offender: actor\n    options: [play_on]\n"
        "    summary: s\n", encoding="utf-8")
    book = load(book_dir)
    found = book.find("abandoned", {"offender_tricks": 9})
    assert found is not None and found.law is None and found.rule == "doubling" and found.ref == "doubling:late"
    assert book.find("abandoned", {"offender_tricks": 4}).law == 42
    (book_dir / "rules" / "doubling.yaml").write_text("rule: dubling\n", encoding="utf-8")
    with pytest.raises(Exception, match="rules/doubling.yaml"):
        load(book_dir)
