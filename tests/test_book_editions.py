"""`ecarte book --rules NAME` writes that rule set's book: its name on every page (the title
and the masthead), its own words at the top of a law it replaces (French law 5: the lowest card
deals), a law it removes marked so with its source's reason (law 24), the index's list marked
the same, its scoring (French law 49: the refusal point added to the vole); the London book
says none of it. `--option` names what was agreed, and the scoring table follows it."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.lawbook.laws import default_book
from adjudicator.lawbook.rulesets import chosen, rule_sets
from adjudicator.teaching.book.edition import edition, scoring
from adjudicator.teaching.book.learning import GLOSSARY, PRIMER


def _text(path: Path) -> str:
    inline = re.sub(r"</?(a|code|em|strong|cite|span|q)\b[^>]*>", "", path.read_text(encoding="utf-8"))
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", inline)).split())


def _part(path: Path, pattern: str) -> str:
    """The text of the first element the pattern (a regular expression over the page) finds."""
    m = re.search(pattern, path.read_text(encoding="utf-8"), re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", m.group(0))).split()) if m else ""


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> dict[str, Path]:
    out = {}
    for name in ("french", "modern"):
        folder = tmp_path_factory.mktemp(name) / "book"
        result = CliRunner().invoke(app, ["book", "--rules", name, "--out", str(folder)])
        assert result.exit_code == 0, result.output
        out[name] = folder
    return out


@pytest.mark.slow   # two books built
@pytest.mark.parametrize("name", ["french", "modern"])
def test_every_page_names_the_rule_set(books: dict[str, Path], name: str) -> None:
    short, title = rule_sets()[name].short, rule_sets()[name].title
    pages = sorted(books[name].glob("*.html"))
    # the dispute pages and the table companion name it their way
    book_pages = [p for p in pages if not p.name.startswith("resolve") and p.name != "table.html"]
    assert len(book_pages) == 51 + 1 + len(rule_sets()) + len((PRIMER, GLOSSARY))
    assert f"Under {title}." in (books[name] / "table.html").read_text(encoding="utf-8")
    for page in book_pages:
        head = _part(page, r"<title>.*?</title>")
        masthead = _part(page, r'<header class="masthead">.*?</header>')
        assert head.endswith(f"The Laws of Écarté under {short}"), (page.name, head)
        assert f"The Laws of Écarté under {short}" in masthead and title[:1].upper() + title[1:] in masthead, page.name


@pytest.mark.slow   # two books built
def test_the_french_book_gives_french_law_5_and_marks_law_24_removed(books: dict[str, Path]) -> None:
    french = rule_sets()["french"]
    law5 = books["french"] / "law-05.html"
    here = _part(law5, r'<section class="in-force[^"]*".*?</section>')
    assert here.startswith("Under the French rules, law 5 reads:")
    assert f"“{french.changes[5].text}” Méry, 1847" in here   # what decides the deal: the lowest card
    assert french.changes[5].reading in here
    text = _text(law5)
    assert "Law 5 · worded by the French rules" in text
    london = default_book().laws[5].text
    assert text.index("The London text (Cavendish), for comparison:") < text.index(" ".join(london.split()))
    assert text.index(french.changes[5].text) < text.index(" ".join(london.split()))   # the French words first

    law24 = books["french"] / "law-24.html"
    assert "Law 24 · does not apply under the French rules" in _part(law24, r"<h1>.*?</h1>")
    here = _part(law24, r'<section class="in-force removed".*?</section>')
    assert here.startswith("Law 24 does not apply under the French rules: the rule set removes it.")
    assert f"“{french.changes[24].because}”" in here
    assert "The London text (Cavendish), which does not apply here:" in _text(law24)
    assert "The cases it decides under the London laws" in _text(law24)

    index = _text(books["french"] / "index.html")
    assert "The fifty-one laws under the French rules" in index
    assert re.search(r"24 A king that is the first card played may be announced late [^·]+· \d+ scenarios? · "
                     r"does not apply under the French rules", index)
    for n in (5, 38, 49):
        assert re.search(rf"\b{n} [^·]+· \d+ scenarios? · worded by the French rules", index), n
    assert french.summary in index   # the rule set said at the top
    for n in (1, 17, 23, 46):   # laws it leaves as London gives them
        assert 'class="in-force' not in (books["french"] / f"law-{n:02d}.html").read_text(encoding="utf-8")


@pytest.mark.slow   # two books built
def test_each_book_has_its_own_scoring(books: dict[str, Path], book_dir: Path) -> None:
    vole = "the refusal point is added to the vole too (a vole against a player who would not exchange scores three)"
    assert vole in _part(books["french"] / "law-49.html", r'<section class="scoring">.*?</section>')
    for other in (books["modern"], book_dir):   # the modern rulebook scores as London does
        scoring_table = _part(other / "law-49.html", r'<section class="scoring">.*?</section>')
        assert "2 points" in scoring_table and "vole" not in scoring_table


@pytest.mark.slow   # two books built
def test_the_modern_book_removes_law_24_and_keeps_law_5(books: dict[str, Path], book_dir: Path) -> None:
    modern = rule_sets()["modern"]
    law24 = books["modern"] / "law-24.html"
    assert "Law 24 · does not apply under the modern rulebook" in _part(law24, r"<h1>.*?</h1>")
    assert f"“{modern.changes[24].because}”" in _part(law24, r'<section class="in-force removed".*?</section>')
    assert 'class="in-force' not in (books["modern"] / "law-05.html").read_text(encoding="utf-8")
    assert "worded by" not in _text(books["modern"] / "index.html")


@pytest.mark.slow   # the book built
def test_the_london_book_is_the_laws_of_ecarte(book_dir: Path) -> None:
    for page in ("index.html", "law-05.html", "law-24.html", "rules-french.html"):
        assert _part(book_dir / page, r"<title>.*?</title>").endswith("The Laws of Écarté"), page
        assert "The London club laws (Cavendish)" in _part(book_dir / page, r'<header class="masthead">.*?</header>')
        assert 'class="in-force' not in (book_dir / page).read_text(encoding="utf-8")
    listed = _part(book_dir / "index.html", r'<ol id="laws".*?</ol>')
    assert "The fifty-one laws" in _text(book_dir / "index.html") and "does not apply" not in listed and "worded" not in listed


def test_options_agreed_are_named_and_scored() -> None:
    ed = edition(chosen("cavendish", ["game_to=7", "king_after_first_card=never"]))
    assert ed.name == "The Laws of Écarté under the London laws as agreed here"
    assert ed.masthead == ("The London club laws (Cavendish); agreed otherwise: a game of 7 points; the king is "
                           "announced before its holder plays his first card, or it is lost (law 23 alone)")
    law46 = default_book().laws[46]
    assert ("The game is won at", "7 points") in scoring(ed, law46)
    assert ("The game is won at", "5 points") in scoring(edition(), law46)
    assert ("The game is won at", "5 points") in scoring(edition(chosen("french")), law46)


@pytest.mark.slow   # a browser, and two books built
@pytest.mark.parametrize("width", [390, 1280])
def test_the_french_words_are_read_first_at_this_width(books: dict[str, Path], page, width: int) -> None:
    """On a phone and a desktop, French law 5's and law 24's pages open with the rule set's
    words on the first screen, above the London text, and nothing is wider than the screen."""
    page.set_viewport_size({"width": width, "height": 844})
    for name in ("law-05.html", "law-24.html", "index.html"):
        page.goto((books["french"] / name).as_uri())
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width, name
        if name == "index.html":
            continue
        here = page.locator("#in-force .in-force-head").bounding_box()
        assert here is not None and here["y"] + here["height"] < 844, name
        assert here["y"] < page.locator("blockquote.law-text.london").bounding_box()["y"], name
    assert page.problems == []


@pytest.mark.slow   # two books built
def test_the_primer_under_other_rules_says_its_game_is_the_london_laws(books: dict[str, Path], book_dir: Path) -> None:
    for name in ("french", "modern"):
        page = (books[name] / PRIMER).read_text(encoding="utf-8")
        assert f"This example game is played under the London laws, as the law book gives it. Under {rule_sets()[name].short}" in html.unescape(page)
    assert "This example game is played under" not in (book_dir / PRIMER).read_text(encoding="utf-8")


@pytest.mark.slow   # two books built
def test_a_law_the_rules_change_has_their_title_and_opens_with_their_scenarios(books: dict[str, Path]) -> None:
    """The newcomer's trial: French law 5's page kept the London title above Méry's words and
    gave only London cases of the highest card; law 24's French case was on law 23's page;
    law 49's page said "a vole still scores 2" and had no French case."""
    french = rule_sets()["french"]
    index = _text(books["french"] / "index.html")
    for n, change in french.changes.items():
        page = books["french"] / f"law-{n:02d}.html"
        scenarios = page.read_text(encoding="utf-8").split('<section class="scenarios">', 1)[1]
        first_group = re.search(r'<h3 class="group" id="group-([a-z_]+)">(.*?)</h3>', scenarios)
        assert first_group and first_group.groups() == ("in_force", "Under the French rules"), n
        assert re.search(r'<article class="scenario" id="scenario-([^"]+)"', scenarios).group(1) == change.plain, n
        if change.title:
            assert _part(page, r"<h1>.*?</h1>").endswith(change.title), n
            assert f"{n} {change.title}" in index, n
            assert f"Law {n}. {default_book().laws[n].title}" in _part(page, r'<p class="london-head">.*?</p>'), n
    law49 = _text(books["french"] / "law-49.html")
    law49 = law49[law49.index("At the table:"):]
    vole = law49.index("Law 49 touches only the point: a vole still scores 2")
    assert law49.rindex("Under the London laws:", 0, vole) > law49.index("Under the French rules")
    assert law49.index("Played under the London laws, as its record says.", vole) - vole < 200


def test_the_glossary_under_other_rules_says_their_rule_first() -> None:
    """The newcomer's trial: the French book's glossary was the London one, saying the highest
    card deals, the vole scores two whatever law 49 says, and law 24's grace for the king."""
    from adjudicator.teaching.book.learning import pages
    from adjudicator.teaching.book.render import environment

    def glossary(rules: str) -> str:
        ed = edition(chosen(rules))
        return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", pages(environment(ed), default_book(), ed)[GLOSSARY])).split())
    french, london = glossary("french"), glossary("cavendish")
    assert "The meanings below are the London laws'. Where a meaning rests on a law changed under the French rules" in french
    for said in ("Under the French rules, the lowest card cut deals, not the highest (law 5",
                 "Under the French rules, the first dealer is the player who cuts the lowest card",
                 "Under the French rules, law 24 does not apply",
                 "Under the French rules, the refusal point is added to the vole as to the point"):
        assert said in french and said not in london, said
    assert french.index("Under the French rules, law 24 does not apply") < french.index("The London laws: The king of trumps scores one")
    assert "The London laws:" not in london and "The meanings below are" not in london
    modern = glossary("modern")   # the modern rulebook removes law 24 only
    assert "Under the modern rulebook, law 24 does not apply" in modern and "lowest card" not in modern
