"""The book in headless Chromium (Debian's `chromium`, driven by playwright): every page loads
with no console error and fetches nothing from the network, every link resolves, a law page
shows its parts and its stepper steps, and the index's search finds a law."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from adjudicator.lawbook.laws import default_book

pytestmark = pytest.mark.slow   # a browser, and the book built

def test_every_page_loads_clean_and_every_link_resolves(book_dir: Path, page) -> None:
    pages = sorted(book_dir.glob("*.html"))
    assert len(pages) == 61   # the index, the primer, the glossary, 51 laws, the dispute pages (3), a page per rule set (3), the table companion
    ids: dict[Path, set[str]] = {}
    links: list[tuple[str, str]] = []
    for path in pages:
        page.goto(path.as_uri())
        assert page.problems == [], (path.name, page.problems)
        ids[path] = set(page.eval_on_selector_all("[id]", "els => els.map(e => e.id)"))
        links += [(path.name, href) for href in page.eval_on_selector_all("a[href]", "els => els.map(a => a.href)")]
    assert len(links) > 1000
    for source, href in links:
        url = urlsplit(href)
        assert url.scheme == "file", (source, href)
        target = Path(unquote(url.path))
        assert target.is_file(), (source, href)
        if url.fragment:
            assert url.fragment in ids[target], (source, href)


def test_a_law_page_shows_its_parts_and_steps_through_a_scenario(book_dir: Path, page) -> None:
    law = default_book().laws[11]
    page.goto((book_dir / "law-11.html").as_uri())
    assert "More than one card turned up" in page.inner_text("h1")
    assert " ".join(page.inner_text("blockquote.law-text").split()) == " ".join(law.text.split())
    assert page.locator("article.case").count() == len(law.cases)
    assert "before the non-dealer looks at his hand" in page.inner_text("#case-before-look")
    box = page.locator("#scenario-law11-two-cards-turned-choose")
    shown = box.locator(".view .frame")
    assert shown.count() == 1 and shown.get_attribute("data-n") == "5"   # the moment of the ruling
    table = shown.locator("svg.table")
    assert table.is_visible() and table.bounding_box()["width"] > 400
    assert {"8H", "KC", "back"} <= set(table.locator("use.card").evaluate_all("us => us.map(u => u.dataset.card)"))
    assert "Law 11" in box.locator(".ruling").first.inner_text()
    box.get_by_role("button", name="Next ▶").click()
    assert box.locator(".view .frame").get_attribute("data-n") == "6"
    assert "Y elects" in box.locator(".view .frame figcaption").inner_text()
    aside = box.locator(".view .frame use.card[data-card='8H']")
    assert aside.count() == 1   # the eight thrown aside, the king of clubs the trump
    box.get_by_role("button", name="« First").click()
    assert box.locator(".view .frame").get_attribute("data-n") == "1"
    box.locator(".events button[data-n='14']").click()
    assert box.locator(".view .frame").get_attribute("data-n") == "14"
    box.get_by_role("button", name="⚑ The ruling").click()
    assert box.locator(".view .frame").get_attribute("data-n") == "5"
    assert page.problems == []


def test_the_index_search_finds_a_law(book_dir: Path, page) -> None:
    page.goto((book_dir / "index.html").as_uri())
    assert page.locator("#laws li:not([hidden])").count() == 51
    page.fill("#q", "revoke")
    shown = page.locator("#laws li:not([hidden])")
    numbers = {int(n) for n in shown.evaluate_all("lis => lis.map(li => li.dataset.law)")}
    assert 43 in numbers and len(numbers) < 51
    assert "revoke" in page.locator("#laws li[data-law='43'] .snippet mark").first.inner_text().lower()
    assert re.match(r"\d+ laws? found", page.inner_text("#found"))
    page.fill("#q", "faced card stock")
    assert 35 in {int(n) for n in shown.evaluate_all("lis => lis.map(li => li.dataset.law)")}
    page.fill("#q", "zzzz-no-such-word")
    assert shown.count() == 0 and page.inner_text("#found") == "No law mentions that."
    assert page.problems == []
