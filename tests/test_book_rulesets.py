"""The book's rule set pages (rules-NAME.html) and the notice on a law's page of each rule set
that changes it: the same data as `ecarte rules diff`, each point with its source's own words.
In a browser (overflow, text size, links): test_book_browser.py."""
from __future__ import annotations

import gzip
import html
import json
import re
from pathlib import Path

import pytest

from adjudicator.lawbook.rulesets import chosen, rule_sets
from adjudicator.teaching.book.rulesets import dispute_pages
from adjudicator.words.vocabulary import default_words
from adjudicator.words.rules import cite, diff, option_words, value_words


def _text(path: Path) -> str:
    """A page's text, its tags dropped and its entities read, its spaces made one."""
    inline = re.sub(r"</?(a|code|em|strong|cite|span)\b[^>]*>", "", path.read_text(encoding="utf-8"))
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", inline)).split())


@pytest.mark.slow   # the book built
def test_a_page_per_rule_set_linked_from_the_index(book_dir: Path) -> None:
    index = (book_dir / "index.html").read_text(encoding="utf-8")
    for name, rs in rule_sets().items():
        assert (book_dir / f"rules-{name}.html").is_file()
        assert f'href="rules-{name}.html"' in index
    assert "2 points of difference from the London laws" in _text(book_dir / "index.html")   # modern
    assert ("Played under other rules? The French rules · The modern rulebook: where they differ from the "
            "London laws, point by point.") in _text(book_dir / "index.html")   # at the top, above the laws


@pytest.mark.slow   # the book built
def test_a_rule_set_page_gives_every_point_of_rules_diff_with_both_sources_words(book_dir: Path) -> None:
    for name in ("french", "modern"):
        page = _text(book_dir / f"rules-{name}.html")
        points = diff("cavendish", name)["points"]
        assert f"Its differences from the London laws: {diff('cavendish', name)['count']} points" in page
        for p in points:
            side, london = p[name], p["cavendish"]
            if "option" in p:
                assert f"{side['words'][:1].upper()}{side['words'][1:]}." in page
                assert f"{london['words'][:1].upper()}{london['words'][1:]}." in page
                assert side["quote"] and f"“{side['quote']}”" in page
            else:
                assert f"“{london['text']}”" in page   # the London law, quoted
                quoted = side["because"] if side["removed"] else side["text"]
                assert f"“{quoted}”" in page and side["reading"] in page
        raw = (book_dir / f"rules-{name}.html").read_text(encoding="utf-8")
        anchors = set(re.findall(r'<(?:article class="point"|section class="turns") id="([^"]+)"', raw))
        assert anchors == {f"option-{p['option']}" if "option" in p else f"law-{p['law']}" for p in points}


@pytest.mark.slow   # the book built
def test_one_count_of_differences_on_the_index_the_rule_set_page_and_rules_diff(book_dir: Path) -> None:
    """A difference is one thing a player would notice: an option a rule set sets otherwise,
    shown with the law it changes, or a law changed on its own. The index, the rule set's page
    (its heading, its entries) and `rules diff` (its words and its JSON) give the same number
    (the French rules: 4, not 4 on the index and 8 on the page; the modern rulebook: 2, not 3)."""
    from typer.testing import CliRunner

    from adjudicator.cli import app
    index = _text(book_dir / "index.html")
    london = _text(book_dir / "rules-cavendish.html")
    for name, expected in (("french", 4), ("modern", 2)):
        rs = rule_sets()[name]
        raw = (book_dir / f"rules-{name}.html").read_text(encoding="utf-8")
        counts = {
            "index": re.search(rf"{re.escape(rs.title[:1].upper() + rs.title[1:])} (\d+) points? of difference", index),
            "london page": re.search(rf"{re.escape(rs.short[:1].upper() + rs.short[1:])}: (\d+) points? of difference", london),
            "page": re.search(r"Its differences from the London laws: (\d+) point", _text(book_dir / f"rules-{name}.html")),
            "diff": re.search(r"differ on (\d+) point", CliRunner().invoke(app, ["rules", "diff", "cavendish", name]).output)}
        said = {k: int(m.group(1)) for k, m in counts.items() if m}
        said["entries"] = len(re.findall(r'<article class="point" id=', raw))
        said["json"] = json.loads(CliRunner().invoke(app, ["rules", "diff", "cavendish", name, "--json"]).output)["count"]
        assert said == dict.fromkeys(["index", "london page", "page", "diff", "entries", "json"], expected), name


@pytest.mark.slow   # the book built
def test_a_rule_set_page_gives_every_option_and_its_default(book_dir: Path) -> None:
    page = _text(book_dir / "rules-french.html")
    french, london = rule_sets()["french"].defaults, rule_sets()["cavendish"].defaults
    for name, value in french.to_json().items():
        w = option_words()[name]
        mark = "◆ " if getattr(london, name) != value else ""
        assert f"{mark}{w['changes'][:1].upper()}{w['changes'][1:]} Here: {value_words(name, value)}." in page
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        assert f"{name}: {shown}" in page   # in the developers' fold
    assert "◆ Who deals first" in page and "◆ The points that win" not in page   # marked where it differs
    assert "Where its text is silent." in page and "the London laws fill its silence" in page
    london = _text(book_dir / "rules-cavendish.html")
    assert "The base of the others" in london and "The French rules: 4 points of difference" in london


@pytest.mark.slow   # the book built
def test_a_changed_law_says_so_and_links_the_point(book_dir: Path) -> None:
    law24 = (book_dir / "law-24.html").read_text(encoding="utf-8")
    french = rule_sets()["french"].changes[24]
    text = _text(book_dir / "law-24.html")
    assert f"Under the French rules, this law does not apply: the king is announced before its holder plays his " \
           f"first card, or it is lost (law 23 alone) (Méry, 1847: “{french.because}”)." in text
    assert "Under the modern rulebook, this law does not apply" in text
    assert 'href="rules-french.html#law-24"' in law24 and 'href="rules-modern.html#law-24"' in law24
    law5 = _text(book_dir / "law-05.html")
    assert "Under the French rules: the lowest card cut deals (Méry, 1847: “whoever draws the lowest" in law5
    law23 = (book_dir / "law-23.html").read_text(encoding="utf-8")   # an option the law's reach turns on
    assert 'href="rules-french.html#option-king_after_first_card"' in law23
    for n in (38, 49):
        assert f'href="rules-french.html#law-{n}"' in (book_dir / f"law-{n}.html").read_text(encoding="utf-8")
    for n in (1, 17, 46):   # a law no rule set changes has no notice
        assert "ruleset-notice" not in (book_dir / f"law-{n:02d}.html").read_text(encoding="utf-8")


def _graph(path: Path) -> dict:
    data = re.search(r'<script id="data" type="application/json">(.*?)</script>', path.read_text(encoding="utf-8"), re.S)
    return json.loads(data.group(1).replace("<\\/", "</"))["graph"]


@pytest.mark.slow   # the book built
def test_a_dispute_page_per_rule_set_asking_under_it_and_linked_from_its_page(book_dir: Path) -> None:
    """The book asked only under its own rules (resolve.html); now each rule set has its page."""
    under = default_words().interview["under"]
    graphs = {}
    for name, file in {"cavendish": "resolve.html", "french": "resolve-french.html",
                       "modern": "resolve-modern.html"}.items():
        data = (book_dir / file).read_bytes()
        assert len(data) < 1_500_000 and len(gzip.compress(data)) < 400_000, (file, len(data))
        header = re.search(r"<header>(.*?)</header>", data.decode(), re.S).group(1)
        assert f"<p>{html.escape(under.format(rules=rule_sets()[name].title))}</p>" in header, header
        graphs[name] = _graph(book_dir / file)
        ruleset = (book_dir / f"rules-{name}.html").read_text(encoding="utf-8")
        assert f'<a href="{file}">Settle a dispute under these rules</a>' in ruleset
        assert f"ecarte resolve --rules {name} --option doubling=true --page FILE" in _text(book_dir / f"rules-{name}.html")
    assert graphs["french"] != graphs["cavendish"] != graphs["modern"] != graphs["french"]   # each walked under its rules


def test_the_books_own_dispute_page_is_the_one_of_its_rules() -> None:
    assert dispute_pages(None) == {"cavendish": "resolve.html", "french": "resolve-french.html",
                                   "modern": "resolve-modern.html"}
    assert dispute_pages(chosen("french")) == {"cavendish": "resolve-cavendish.html", "french": "resolve.html",
                                               "modern": "resolve-modern.html"}
    # an option agreed otherwise: resolve.html asks under it, and no rule set's page links it
    assert set(dispute_pages(chosen("modern", ["doubling=true"])).values()) == {
        "resolve-cavendish.html", "resolve-french.html", "resolve-modern.html"}


def _options_said(page: str) -> dict[str, str]:
    """Each option's entry on a rule set page, its tags dropped, by option name."""
    found = re.findall(r'<div class="option[^"]*" id="default-([a-z_]+)">(.*?)</div>', page, re.S)
    return {name: " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split()) for name, body in found}


def test_each_default_is_quoted_in_the_words_that_give_it_never_in_the_opposite_rules() -> None:
    """The options' list quoted the option's own source as the source of every value: "Here: the
    highest card cut deals. The option's source, Méry, 1847: 'whoever draws the lowest…'"; the
    modern rulebook's own king rule credited to Méry. Now each value is quoted in the words that
    give it, and the option's source, where it gives the other value, is said as where the
    option comes from."""
    from adjudicator.lawbook.laws import default_book
    from adjudicator.teaching.book.edition import edition
    from adjudicator.teaching.book.render import environment
    from adjudicator.teaching.book.rulesets import pages

    written = pages(environment(edition()), default_book())
    said = {name: _options_said(written[f"rules-{name}.html"]) for name in rule_sets()}
    assert all(len(s) == 12 for s in said.values())
    for name, options in said.items():
        for option, text in options.items():
            assert "The option's source" not in text
            w, value = option_words()[option], getattr(rule_sets()[name].defaults, option)
            if value == getattr(rule_sets()["cavendish"].defaults, option) and w["quote"] != w["london"].get("quote"):
                # the London value: the option's words, which give the other, only as where it comes from
                assert w["quote"] not in text.split("The option comes from")[0], (name, option)
                assert f"The option comes from {cite(w['source'])}: “{w['quote']}”" in text, (name, option)
    london = said["cavendish"]
    assert london["cut_for_deal"] == (
        "Who deals first, judged in the ranking in force Here: the highest card cut deals. As the London laws have "
        "it, law 5 (Cavendish): “The player who cuts the highest Ecarte card deals” The option comes from Méry, "
        "1847: “whoever draws the lowest shuffles the cards”")
    assert "law 24 (Cavendish): “If the king be the card first led" in london["king_after_first_card"]
    assert ("Here: the dealer who accepted may keep his hand. No London law makes the dealer who accepts take a "
            "card. The option comes from Écarté Rulebook: “The dealer must then also exchange") in london["dealer_must_exchange"]
    assert ("Here: the vole scores two, whoever was vulnerable. As the London laws have it, law 49 (Cavendish): "
            "“These scores apply only") in london["refusal_point_on_vole"]
    modern, french = said["modern"], said["french"]
    assert ("Its source, Écarté Rulebook: “The point must be announced before play begins"
            in modern["king_after_first_card"]) and "Méry" not in modern["king_after_first_card"]
    assert "Its source, Écarté Rulebook: “The dealer must then also exchange" in modern["dealer_must_exchange"]
    assert "Its source, Méry, 1847: “whoever draws the lowest" in french["cut_for_deal"]
    assert "Its source, Méry, 1847: “To this gain of 1 or 2 points" in french["refusal_point_on_vole"]
    assert french["game_to"].endswith("law 46 (Cavendish): “The game is five up.”")   # said once
