"""A changed law's notice as a learner sees it, in headless Chromium at 1280 and 390 pixels
wide: after the law's own words, readable, leading to its point on the rule set's page. (The
rule set pages themselves are read as every learner page is, in test_book_learner_browser.py.)"""
from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.slow   # a browser, and the book built


@pytest.mark.parametrize("width", [1280, 390])
def test_a_changed_laws_notice_is_seen_and_leads_to_its_point(book_dir: Path, page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto((book_dir / "law-38.html").as_uri())
    notice = page.locator(".ruleset-notice")
    assert notice.count() == 1 and notice.is_visible()
    assert notice.inner_text().startswith("Under the French rules: the last to exchange takes only what the stock still holds")
    box, text = notice.bounding_box(), page.locator("blockquote.law-text").bounding_box()
    assert box["y"] > text["y"] and box["width"] <= width   # after the law's own words, inside the screen
    assert float(notice.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 12
    notice.get_by_role("link").click()
    page.wait_for_load_state()
    assert page.url.endswith("rules-french.html#law-38")
    point = page.locator("#law-38")
    assert point.is_visible() and "Not cards enough in the stock" in point.locator(".turned-law").inner_text()
    assert "The last player to make his exchange cannot exchange more cards" in point.locator(".side.here").inner_text()
    top = point.evaluate("e => e.getBoundingClientRect().top")
    assert -2 <= top < 300, top   # the link lands on the point
    assert page.problems == []


def test_the_french_pages_dispute_link_asks_under_the_french_rules_at_390(book_dir: Path, page, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto((book_dir / "rules-french.html").as_uri())
    link = page.get_by_role("link", name="Settle a dispute under these rules")
    assert link.is_visible() and link.bounding_box()["y"] < 844   # on the first screen
    link.click()
    page.wait_for_load_state()
    assert page.url.split("#")[0].endswith("resolve-french.html")
    assert "Under the French rules" in page.locator("header").inner_text()
    page.locator("fieldset legend").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(tmp_path / "resolve-french-390.png"))   # looked at: the header, the moments, no overflow
    for _ in range(12):   # the first answer each time, to a ruling
        if page.locator("#ending").count():
            break
        page.locator(".moment, .choice").first.click()
    assert page.locator("#ending").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.problems == []
