"""`--rules NAME` and `--option KEY=VALUE` on laws, explain, quiz, resolve and book: the rule set
read or asked under; a log's own header always wins."""
from __future__ import annotations

import json

import yaml
from typer.testing import CliRunner

from adjudicator import adjudicate_text
from adjudicator.cli import app
from adjudicator.words.report import report_json

KING = "scenarios/laws/law24-king-led-announced-after-played-to.yaml"
FRENCH_KING = "scenarios/rulesets/king-after-first-card-never-french.yaml"


def _run(*args, input=None):
    result = CliRunner().invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_laws_24_under_french_does_not_apply_and_says_why_in_its_words():
    done = _run("laws", "24", "--rules", "french")
    assert done.exit_code == 0
    assert "Law 24 does not apply under french" in done.stdout
    # the rule set file's own sentence, from the French text
    assert "before playing one's first card" in " ".join(done.stdout.split())
    london = _run("laws", "24").stdout
    assert "Law 24 does not apply" not in london


def test_laws_json_under_rules_gives_the_change():
    out = json.loads(_run("laws", "24", "38", "12", "--rules", "french", "--json").stdout)
    by = {e["law"]: e for e in out}
    assert by[24]["applies"] is False and by[24]["change"]["removed"] is True
    assert by[38]["applies"] is True and "stock still contains" in by[38]["change"]["text"]
    assert by[12]["change"] is None and by[12]["rules"] == "french"
    # an option chosen on the London laws brings the change that option makes
    one = json.loads(_run("laws", "24", "--option", "king_after_first_card=never", "--json").stdout)[0]
    assert one["applies"] is False and one["rules"] == "cavendish"


def test_unknown_rule_set_option_or_value_is_exit_2_with_did_you_mean():
    for args, said in ((["--rules", "frnch"], "did you mean 'french'"),
                       (["--option", "ace_hgh=true"], "did you mean 'ace_high'"),
                       (["--option", "ace_high=1"], "did you mean true"),
                       (["--option", "game_to=lots"], "not an integer from 1 to 100"),
                       (["--option", "doubling=true", "--option", "offer_point=true"], "cannot be combined")):
        for command in (["laws", "24"], ["explain", KING], ["quiz", "--count", "1"], ["resolve", "--json"]):
            done = _run(*command, *args, input="")
            assert done.exit_code == 2, (command, args)
            assert said in done.stderr and "Traceback" not in done.stderr, (command, args, done.stderr)


def test_explain_judges_a_log_without_a_header_under_the_rules_given():
    london = _run("explain", "--json", KING)
    french = _run("explain", "--json", KING, "--rules", "french")
    assert [r["law"] for r in json.loads(london.stdout)["rulings"]] == [24]
    said = json.loads(french.stdout)
    assert said["rules"] == "french" and [r["law"] for r in said["rulings"]] == [23]


def test_a_logs_own_header_wins_over_the_rules_given():
    header = yaml.safe_load(open(FRENCH_KING, encoding="utf-8"))["rules"]
    said = json.loads(_run("explain", "--json", FRENCH_KING, "--rules", "cavendish").stdout)
    assert header == "french" and said["rules"] == "french"


def test_quiz_asks_only_the_scenarios_played_under_the_rules_given():
    done = _run("quiz", "--json", "--count", "3", "--seed", "1", "--rules", "french", input="")
    first = json.loads(done.stdout.splitlines()[0])["question"]
    log = yaml.safe_load(open(first["scenario"], encoding="utf-8"))
    assert log.get("rules") == "french"
    none = _run("quiz", "--rules", "modern", "--option", "ace_high=true", input="")
    assert none.exit_code == 2 and "no scenario" in none.stderr


def test_resolve_tells_the_log_under_the_rules_given_and_its_ruling_follows_them(tmp_path):
    answers = "".join(json.dumps(a) + "\n" for a in
                      ({"id": "q1", "value": "more_than_one_turned"}, {"id": "q2", "value": False}))
    saved = tmp_path / "dispute.yaml"
    done = _run("resolve", "--json", "--rules", "modern", "--option", "ace_high=true", "--save", str(saved), input=answers)
    final = json.loads(done.stdout.splitlines()[-1])
    assert done.exit_code == 1
    assert final["log"]["rules"] == "modern" and final["log"]["options"] == {"ace_high": True}
    again = report_json(adjudicate_text(saved.read_text(encoding="utf-8"), str(saved)))
    assert again["rules"] == "modern" and again["options"]["ace_high"] is True
    assert [r["law"] for r in again["rulings"]] == [final["ruling"]["law"]]


def test_a_pool_asked_for_on_the_command_line_is_for_three_however_true_is_spelt():
    """`--option pool=...` is read as YAML reads it (true, True, yes): each asks for a pool, which
    three play; the rules are chosen for three players, not refused as a pool of two."""
    for spelt in ("true", "True", "yes", " true"):
        result = _run("laws", "11", "--option", f"pool={spelt}")
        assert result.exit_code == 0 and result.output.startswith("Law 11."), (spelt, result.output)
