"""`explain` names the rule set and the source of every rule it used, in its source's own words
(the rule set files and laws/words/rulesets.yaml, as `rules diff` and the book quote them), and
says where the London laws fill a silence of the French text (RULESETS.md: 003 is silent on
irregularities)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.lawbook.laws import default_book
from adjudicator.lawbook.rulesets import rule_sets

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "scenarios" / "rulesets"


def _said(*args: str) -> tuple[str, dict]:
    text = runner.invoke(app, ["explain", *args])
    data = runner.invoke(app, ["explain", "--json", *args])
    assert text.exit_code in (0, 1) and data.exit_code == text.exit_code, text.output
    return " ".join(text.output.split()), json.loads(data.output)


REVOKE = str(ROOT / "scenarios" / "laws" / "law43-revoke-claimed-after-a-tricks-summary.yaml")


def test_a_french_revoke_is_ruled_by_the_london_laws_filling_the_french_silence() -> None:
    """A London scenario (no `rules:` in its header) judged under the French rules."""
    text, data = _said(REVOKE, "--rules", "french")
    french = rule_sets()["french"]
    assert text.startswith("Rules: The French rules (Méry, 1847, and the Académie des jeux). "
                           "Where each rule used comes from:")
    assert "Law 43: the London law (Cavendish), filling a silence of the French rules." in text
    assert f"The silence of the French rules: {french.silence}" in text
    assert f"Law 49: as worded under the French rules (Méry, 1847): “{french.changes[49].text}”" in text
    kinds = {s["law"]: s["kind"] for s in data["sources"]}
    assert kinds == {43: "london_fills_silence", 39: "london_fills_silence", 49: "replaced"}
    assert data["rulings"][0]["source"]["kind"] == "london_fills_silence"
    assert data["rulings"][0]["source"]["seed"] == rule_sets()["cavendish"].source
    whole = " ".join(runner.invoke(app, ["explain", "--all", REVOKE, "--rules", "french"]).output.split())
    assert "Source: Law 43: the London law (Cavendish), filling a silence of the French rules." in whole


def test_a_french_king_names_the_french_words_for_law_23_and_the_london_scores() -> None:
    text, data = _said(str(RULESETS / "king-after-first-card-never-french.yaml"))
    because = rule_sets()["french"].changes[24].because
    assert ("Law 23: under the French rules, the king is announced before its holder plays his first card, "
            f"or it is lost (law 23 alone) (Méry, 1847: “{because}”)") in text
    assert "Law 48: the London law (Cavendish), unchanged under the French rules." in text
    assert "filling a silence" not in text   # no irregularity the French text leaves to London
    [law23] = [s for s in data["sources"] if s["law"] == 23]
    assert law23 == {"kind": "option", "law": 23, "rules": "french", "option": "king_after_first_card",
                     "value": "never", "seed": rule_sets()["french"].source, "quote": because}


def test_a_modern_dealer_who_took_no_card_is_ruled_by_the_modern_rule_in_its_words() -> None:
    text, data = _said(str(RULESETS / "dealer-must-exchange-on-found-in-play.yaml"))
    rule = " ".join(default_book().rules["dealer_must_exchange"].text.split())
    assert text.startswith("Rules: The modern rulebook. Where each rule used comes from:")
    assert f"The rule “The dealer who accepts must exchange at least one card”: its own, which no London law " \
           f"covers (Écarté Rulebook): “{rule}”" in text
    assert "The rule “The dealer who accepts must exchange at least one card” of the modern rulebook rules: " \
           "compulsory: the deal stands as it is." in text   # never its option's key
    assert "dealer_must_exchange" not in text and "dealer_must_exchange" in _said("--all", str(
        RULESETS / "dealer-must-exchange-on-found-in-play.yaml"))[0]   # the record keeper's door keeps it
    assert "Law 47: the London law (Cavendish), unchanged under the modern rulebook." in text
    assert data["sources"][0] == {"kind": "rule", "rule": "dealer_must_exchange", "rules": "modern",
                                  "seed": rule_sets()["modern"].source, "quote": rule}


def test_a_modern_king_and_options_agreed_on_the_london_laws() -> None:
    text, _ = _said(str(RULESETS / "king-after-first-card-never-dealer-modern.yaml"))
    quote = rule_sets()["modern"].changes[24].because
    assert f"Law 23: under the modern rulebook, the king is announced before its holder plays his first card, " \
           f"or it is lost (law 23 alone) (Écarté Rulebook: “{quote}”)" in text
    text, _ = _said(str(RULESETS / "doubling-out-of-time.yaml"))
    assert text.startswith("Rules: The London club laws (Cavendish). Agreed otherwise: a player may double "
                           "before the third trick; declined, the hand ends. Where each rule used comes from: "
                           "- The rule “Doubling the hand, before the third trick”: its own, which no London "
                           "law covers (Écarté Rulebook): “")
    assert "Law 48: the London law (Cavendish)." in text


@pytest.mark.parametrize("scenario,rule,line,named", [
    ("doubling-accepted-point.yaml", "doubling", "A won the point, the hand doubled: A marks 2, rule doubling.",
     "A won the point, the hand doubled: A marks 2, the rule “Doubling the hand, before the third trick” of the modern rulebook."),
    ("doubling-declined.yaml", "doubling", "Y doubled and A declined: the hand ended: Y marks 1, rule doubling.",
     "Y doubled and A declined: the hand ended: Y marks 1, the rule “Doubling the hand, before the third trick” of the modern rulebook."),
    ("offer-declined-trick-lost.yaml", "offer_point",
     "A declined the point Y offered, bound to the vole, and Y took a trick: the hand ended: Y marks 2, rule offer_point.",
     "A declined the point Y offered, bound to the vole, and Y took a trick: the hand ended: Y marks 2, the rule “Offering the point, before play begins” of the modern rulebook."),
])
def test_a_variant_s_score_is_cited_to_its_rule_in_its_source_s_words(scenario: str, rule: str, line: str,
                                                                       named: str) -> None:
    """A point a double or an offer gives is no London law's: explain names the variant's rule
    for it by its title and book, and quotes the rulebook's words among the sources; adjudicate
    (the record keeper's) names the rule by its key."""
    text, data = _said(str(RULESETS / scenario))
    quote = " ".join(default_book().rules[rule].text.split())
    assert named in text and line not in text
    assert f"The rule “{default_book().rules[rule].title}”: its own, which no London law covers " \
           f"(Écarté Rulebook): “{quote}”" in text
    assert {"kind": "rule", "rule": rule, "rules": "cavendish", "seed": rule_sets()["modern"].source,
            "quote": quote} in data["sources"]
    points = [p for d in data["deals"] for p in d["points"] if p["for"] in default_book().scoring_rule]
    assert points and all(p["rule"] == rule and p["law"] is None for p in points)
    told = " ".join(runner.invoke(app, ["adjudicate", str(RULESETS / scenario)]).output.split())
    assert line in told


def test_a_london_log_as_it_stands_is_explained_as_before() -> None:
    text, data = _said(REVOKE)
    assert text.startswith("Deal 1:") and "Rules:" not in text and "Source" not in text
    assert [s["kind"] for s in data["sources"]] == ["london"] * len(data["sources"])


def test_explains_words_are_in_the_words_file_and_each_is_used() -> None:
    """laws/words/explain.yaml holds explain's words; each template is one explain.py fills."""
    import yaml
    words = yaml.safe_load((ROOT / "laws" / "words" / "explain.yaml").read_text(encoding="utf-8"))
    code = (ROOT / "adjudicator" / "teaching" / "explain.py").read_text(encoding="utf-8")
    unused = [f"{section}.{key}" for section, keys in words.items() for key in keys
              if f'explained("{section}", "{key}"' not in code]
    assert unused == []
    text, _ = _said("--all", str(RULESETS / "doubling-out-of-time.yaml"))
    assert "Why the rule doubling [case out-of-time]:" in text   # a rule mid-sentence, as a law is


def test_a_london_law_the_modern_rulebook_gives_again_is_not_a_silence() -> None:
    """004 prints the first fifteen London laws again (`restates:` in laws/rulesets/modern.yaml):
    under the modern rulebook, law 14's deal out of turn and law 12's faced card come from a text
    that says them, not from its silence; a law past them (law 43) still fills the silence."""
    assert rule_sets()["modern"].restates == frozenset(range(1, 16))
    out = " ".join(runner.invoke(app, ["explain", "--rules", "modern", str(
        ROOT / "scenarios" / "laws" / "law14-fresh-deal-still-out-of-turn.yaml")]).output.split())
    assert "Law 14: the London law (Cavendish), which the modern rulebook gives again (Écarté Rulebook)." in out
    assert "Law 12: the London law (Cavendish), which the modern rulebook gives again" in out
    assert "filling a silence" not in out
    revoke = " ".join(runner.invoke(app, ["explain", "--rules", "modern", str(
        ROOT / "scenarios" / "laws" / "law43-revoke-claimed-after-a-tricks-summary.yaml")]).output.split())
    assert "Law 43: the London law (Cavendish), filling a silence of the modern rulebook." in revoke
