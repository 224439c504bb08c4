"""The glossary (laws/words/glossary.yaml): its quotes verbatim, its links true, the French terms
of seed 000 all there, and a search that finds a term with no way on before it."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.lawbook.laws import default_book
from adjudicator.lawbook.rulesets import rule_sets
from adjudicator.words.glossary import default_glossary, entry, found
from adjudicator.words.search import search, terms
from adjudicator.words.vocabulary import fold

runner = CliRunner()
HERE = Path(__file__).resolve()
SEEDS = next((p for p in (HERE.parents[2] / "shared" / "seeds", HERE.parents[3] / "shared" / "seeds")
              if p.is_dir()), None)
# the list after law 51 of seed 000: "The following French terms are commonly used at Ecarte"
CAVENDISH_FRENCH = ["atout", "couper", "donner", "écart", "forcer", "la vole", "le point", "proposer", "renoncer"]


def _norm(text: str) -> str:
    return " ".join(re.sub(r"\{\d+\}", "", text).split())


@pytest.mark.skipif(SEEDS is None, reason="no shared seeds beside the repository")
def test_every_quote_is_its_source_verbatim() -> None:
    for e in default_glossary():
        if e.quote:
            seed = (SEEDS / rule_sets()[e.quote.source].source).read_text(encoding="utf-8")
            text = _norm(e.quote.text)
            if e.quote.source == "cavendish":   # the French terms run on one line, split by "--"
                seed = seed.replace("--", " ")
            assert text in _norm(seed), f"{e.term}: not verbatim in {e.quote.source}'s seed"


def test_every_law_an_entry_links_is_found_by_its_words() -> None:
    book = default_book()
    for e in default_glossary():
        for n in e.laws:
            assert any(search(book.laws[n], terms(name)) is not None for name in e.names), \
                f"{e.term}: law {n} uses none of {e.names}"


def test_the_french_terms_of_the_law_book_each_have_an_entry() -> None:
    for term in CAVENDISH_FRENCH:
        e = entry(term)
        assert e is not None and fold(term) in map(fold, e.french), term
        assert e.quote and e.quote.source == "cavendish" and e.quote.text.upper().startswith(fold(term).upper()[:5])


def test_a_term_is_found_by_its_longest_name() -> None:
    assert [e.term for e in found("point de refus")] == ["point de refus"]
    assert [e.term for e in found("the point and la vole")] == ["the point", "the vole"]
    assert [e.term for e in found("renonce")] == ["renounce"]


def test_point_de_refus_leads_to_its_entry_and_laws() -> None:
    result = runner.invoke(app, ["laws", "--search", "point de refus"])
    assert result.exit_code == 0
    assert "Glossary: point de refus" in result.output
    assert "no law mentions" not in result.output
    for n in (25, 43, 49):
        assert re.search(rf"^{n}\. ", result.output, re.M), n


def test_renonce_and_refusal_find_their_laws() -> None:
    renonce = runner.invoke(app, ["laws", "--search", "renonce"]).output
    assert "Glossary: renounce" in renonce
    assert re.search(r"^43\. ", renonce, re.M) and re.search(r"^39\. ", renonce, re.M)
    refusal = runner.invoke(app, ["laws", "--search", "refusal"]).output
    for n in (25, 43, 49):
        assert re.search(rf"^{n}\. ", refusal, re.M), n


def test_glossary_lists_every_term_and_says_one() -> None:
    listing = runner.invoke(app, ["glossary"])
    assert listing.exit_code == 0
    for e in default_glossary():
        assert e.term in listing.output
    one = runner.invoke(app, ["glossary", "ATOUT"])
    assert one.exit_code == 0 and one.output.startswith("trump (atout)")
    assert "law 10. The dealer turns up the top card for trumps" in one.output
    assert "“ATOUT. Trump.”" in one.output
    for result in (listing, one):
        assert max(map(len, result.output.splitlines())) <= 80


def test_a_reading_is_said_as_one() -> None:
    result = runner.invoke(app, ["glossary", "fresh deal"])
    assert "A reading: The laws do not say who deals it" in " ".join(result.output.split())


def test_glossary_json_and_an_unknown_term() -> None:
    doc = json.loads(runner.invoke(app, ["glossary", "--json", "la vole"]).output)
    assert [d["term"] for d in doc] == ["the vole"] and doc[0]["laws"] == [25, 42, 43, 48, 49]
    unknown = runner.invoke(app, ["glossary", "bezique"])
    assert unknown.exit_code == 2 and "ecarte laws --search" in unknown.output


def test_the_shell_completes_a_term_in_either_language() -> None:
    from adjudicator.completion import glossary_terms
    assert ("renonce", "renounce (renoncer, renonce)") in glossary_terms("RENON")
    assert {name for name, _ in glossary_terms("ecart")} == {"écart", "écarter", "ecarte card"}


def test_a_law_number_stays_on_the_line_of_its_word() -> None:
    for e in default_glossary():
        said = runner.invoke(app, ["glossary", e.term]).output
        assert not re.search(r"\blaws?\n\s*\d", said), e.term


def test_the_exchange_lets_the_london_dealer_keep_his_hand() -> None:
    """Law 38 makes the dealer "play his hand", and no London law makes the dealer who accepts
    take a card (the modern rulebook does): the exchange is not "each player discards and takes"."""
    meaning = " ".join(entry("exchange").meaning.split())
    assert "each player discards and takes" not in meaning
    assert "or keep his hand: no London law makes him take a card (the modern rulebook does)" in meaning


def test_the_rank_of_the_cards_is_the_rank_and_talon_is_no_sources_term() -> None:
    rank = " ".join(entry("rank of the cards").meaning.split())
    assert "thirty-two" not in rank and "twos to sixes" not in rank   # the pack's entry says that
    assert rank.startswith("The order of the cards in each suit, from high to low")
    assert '"as knave is in this game higher than ace"' in rank   # Cavendish's example game
    stock = entry("talon")   # still found by it
    assert stock is not None and stock.term == "stock" and "talon" not in stock.french
    said = runner.invoke(app, ["glossary", "stock"]).output
    assert said.startswith("stock\n") and "stock (talon)" not in said


def test_renounce_is_lawful_without_the_suit_and_a_revoke_with_it() -> None:
    meaning = " ".join(entry("renoncer").meaning.split())   # type: ignore[union-attr]
    assert meaning.startswith("Not to answer the suit led")   # Cavendish's RENONCER
    assert "renounces lawfully" in meaning
    assert '"renounce when he holds a card of the suit led": that is a revoke' in meaning
    assert "renounce when he holds a card of the suit led" in " ".join(default_book().laws[43].text.split())


def test_the_list_says_what_the_rank_of_the_cards_is() -> None:
    listing = runner.invoke(app, ["glossary"]).output
    line = " ".join(listing.split("rank of the cards: law 5\n", 1)[1].split("\n", 2)[:2])
    assert "king, queen, knave, ace, ten, nine, eight, seven" in " ".join(line.split())


def test_a_term_begun_leads_to_the_entries_it_begins() -> None:
    result = runner.invoke(app, ["glossary", "refus"])
    assert result.exit_code == 0
    assert re.search(r"^point de refus$", result.output, re.M) and re.search(r"^refuse \(refuser\)$", result.output, re.M)


def test_jack_finds_the_law_that_says_knave() -> None:
    result = runner.invoke(app, ["laws", "--search", "jack"])
    assert result.exit_code == 0 and "no law mentions" not in result.output
    assert re.search(r"^ ?5\. ", result.output, re.M)
