"""The trial of the rule sets and variants (findings 5, 6, 10, 11, 12, 15): `explain`'s
"Where each rule used comes from" credits an agreed option to the agreement, not to the rule
set; names every variant's rule and every law a result rests on (the pool, the linked match,
the ace high, law 49 under a variant's score, law 24's grace, law 46 for a game of a pool or a
match); the book's readings of the variants are said as readings; law 42's reading is worded
by the rules it speaks of; the French law 49 table shows its vole."""
from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "scenarios" / "rulesets"

HANDS = """\
  - deal: {to: Y, cards: [7S, 8S, 7D]}
  - deal: {to: A, cards: [KS, QS, KD]}
  - deal: {to: Y, cards: [8D, 7H]}
  - deal: {to: A, cards: [QD, KH]}
  - turn_up: {card: 7C}
  - play: {by: Y, card: 7S}
  - play: {by: A, card: KS}
"""
FRENCH_GAME_OF_TWO = "ecarte: 1\nrules: french\nplayers: [A, Y]\ndealer: A\noptions: {game_to: 2}\nevents:\n" + HANDS + "".join(
    f"  - play: {{by: {by}, card: {card}}}\n" for by, card in
    [("A", "QS"), ("Y", "8S"), ("A", "KD"), ("Y", "7D"), ("A", "QD"), ("Y", "8D"), ("A", "KH"), ("Y", "7H")])
FRENCH_ABANDON = "ecarte: 1\nrules: french\nplayers: [A, Y]\ndealer: A\nevents:\n" + HANDS + "  - abandon: {by: Y}\n"


def _run(*args: str) -> str:
    out = runner.invoke(app, list(args))
    assert out.exit_code in (0, 1), out.output
    return " ".join(out.output.split())


def _explain(name: str, *args: str) -> str:
    return _run("explain", str(RULESETS / f"{name}.yaml"), *args)


def test_an_agreed_option_is_credited_to_the_agreement_not_to_the_london_laws() -> None:
    text = _explain("ace-high-on-duty-to-win-with-the-ace")
    assert "under the London laws, the ace ranks highest" not in text
    assert ("Law 43: the London law (Cavendish), here with what was agreed otherwise: the ace ranks highest: "
            "A K Q J 10 9 8 7 in every suit (Écarté Rulebook, “Alternate Card Ranking”: “the cards may") in text
    text = _explain("game-to-two-vole-wins")
    assert "under the London laws, a game of 2 points" not in text
    assert "Law 46: the London law (Cavendish: “The game is five up.”), here agreed otherwise: a game of 2 points." in text


def test_an_agreed_game_under_the_french_rules_is_not_the_french_rules(tmp_path: Path) -> None:
    log = tmp_path / "fr-game2.yaml"
    log.write_text(FRENCH_GAME_OF_TWO, encoding="utf-8")
    text = _run("explain", str(log))
    assert "under the French rules, a game of 2 points" not in text
    assert ("Law 46: the London law (Cavendish: “The game is five up.”), unchanged under the French rules, "
            "here agreed otherwise: a game of 2 points.") in text


def test_a_game_of_one_point_is_said_in_the_singular_and_its_law_named() -> None:
    for name in ("pool-one-game", "linked-one-game", "linked-dealer-named", "pool-rotation"):
        text = _explain(name)
        assert "1 points" not in text, name
        assert "a game of 1 point" in text, name
        assert "Law 46: the London law (Cavendish: “The game is five up.”), here agreed otherwise: a game of 1 point." in text, name


def test_the_variants_that_decide_the_result_are_named_with_their_source() -> None:
    assert ("Pool Écarté, as agreed here (Écarté Rulebook): “Pool Écarté is designed for three players, "
            "with only two playing each hand and one observing. The losing player of a hand swaps places with "
            "the observer, and play continues until one player wins two games consecutively.”") in _explain("pool-two-running")
    assert ("5 points linked, as agreed here (Méry, 1847): “in 5 points linked, two rounds of 5 points each are "
            "played, and if necessary a deciding round of 5 points to settle the tie”") in _explain("linked-decider")
    assert "Alternate Card Ranking, as agreed here (Écarté Rulebook): “the cards may instead be ranked" in \
        _explain("ace-high-on-ace-takes-the-queen")


def test_law_49_is_named_where_a_variant_scores_a_vulnerability() -> None:
    text = _explain("doubling-accepted-vole-against-vulnerable-french")
    assert "Law 49: as worded under the French rules (Méry, 1847): “To this gain of 1 or 2 points" in text
    assert "A marks 6, the rule “Doubling the hand, before the third trick” of the modern rulebook and law 49." in text
    text = _explain("offer-accepted-refused-dealer")
    assert "Law 49: the London law (Cavendish)." in text
    assert "Y marks 2, the rule “Offering the point, before play begins” of the modern rulebook and law 49." in text


def test_a_king_announced_by_law_24s_grace_says_so() -> None:
    assert ("Y led the king of trumps as his first card and announced it before it was played to: "
            "Y marks 1, law 47 and law 24.") in _explain("king-after-first-card-law24-london")
    assert ("A played the king of trumps as his first card and announced it before he played again: "
            "A marks 1, law 47 and law 24.") in _explain("king-after-first-card-law24-dealer-london")
    assert "law 24" not in _run("explain", str(ROOT / "scenarios" / "laws" / "law47-kings-marked-in-time.yaml"))


def test_law_42s_reading_says_which_rules_score_the_vole_two(tmp_path: Path) -> None:
    log = tmp_path / "fr-abandon-vole.yaml"
    log.write_text(FRENCH_ABANDON, encoding="utf-8")
    text = _run("adjudicate", str(log))
    assert "A marks 3" in text
    assert "The vole scores two whatever the proposals were" not in text
    assert ("Under the London laws the vole scores two whatever the proposals were: law 49 leaves the vole "
            "unaffected. Where the refusal point is added to the vole (law 49 as the French rules word it), it "
            "scores three against a player who would not exchange") in text


def test_the_books_readings_of_the_variants_are_said_as_readings() -> None:
    assert ("as this book reads it, the loser of each game sits out (the rulebook says “the losing player of "
            "a hand”) and the player coming in deals first") in _explain("pool-rotation")
    assert ("as this book reads it, the loser of a game deals first in the next (the French text does not say "
            "who deals)") in _explain("linked-decider")
    text = _run("adjudicate", str(RULESETS / "doubling-unanswered.yaml"))
    assert "as this book reads the rule, a double is answered before anything else is done at the table" in text
    text = _run("adjudicate", str(RULESETS / "offer-unanswered.yaml"))
    assert "as this book reads the rule, an offer of the point is answered before anything else" in text
    text = _run("adjudicate", str(RULESETS / "doubling-out-of-time.yaml"))
    assert "before the start of the third trick (and, as this book reads the rule, once a hand)" in text
    for name in ("doubling-unanswered", "offer-unanswered", "doubling-out-of-time", "offer-out-of-time"):
        assert "RULESETS.md" not in _explain(name), name


def test_a_second_offer_is_not_called_a_refusal() -> None:
    text = _explain("offer-out-of-time")
    assert "a second one after a refusal" not in text
    assert "a later offer, or a second offer after the first was declined, does not count" in text


def test_the_french_law_49_table_shows_the_vole() -> None:
    text = _run("laws", "49", "--rules", "french")
    assert "The vole won against such a player, the refusal point added to it: 3 points." in text
    assert "The vole won against such a player" not in _run("laws", "49")


def test_a_title_is_said_under_its_own_rules() -> None:
    text = _run("explain", str(ROOT / "scenarios" / "play" / "law49-vole-unaffected.yaml"), "--rules", "french")
    assert "(The record's title, under the London laws: Law 49 touches only the point" in text
    assert "(Title: Law 49 touches only the point" in _run("explain", str(ROOT / "scenarios" / "play" / "law49-vole-unaffected.yaml"))
    text = _explain("dealer-must-exchange-off-keeps-his-hand")
    assert "(Title: The dealer who accepted may keep his hand (London): A accepts, gives Y two cards" in text
