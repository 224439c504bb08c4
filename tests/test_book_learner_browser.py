"""The book as a learner sees it, in headless Chromium at 1280 and 390 pixels wide: the index
and laws 11, 19, 43 and 49 photographed (into $ECARTE_SCREENSHOTS, else a folder of the run),
nothing wider than the screen, no text drawn under 12 px (SVG labels measured as drawn), no
developer material outside the "For developers" folds, each scenario's ruling button on this
page's law; and the book's search finds what `ecarte laws --search` finds."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from learner_text import developer_material

pytestmark = pytest.mark.slow   # a browser, and the book built

PAGES = ["index.html", "law-11.html", "law-19.html", "law-43.html", "law-49.html", "law-24.html",
         "rules-french.html", "rules-modern.html", "rules-cavendish.html"]   # the rule sets' pages too

SMALLEST = """() => {
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest("details.dev:not([open]), .sprite") || !el.checkVisibility()) continue;
    const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) { const m = el.getScreenCTM(); size *= Math.hypot(m.a, m.b); }   // as drawn
    if (size < 11.95) out.push(`${el.tagName} ${size.toFixed(1)}px: ${el.textContent.trim().slice(0, 40)}`);
  }
  return out;
}"""

VISIBLE = """() => {
  const body = document.body.cloneNode(true);
  body.querySelectorAll("details.dev, script, template, .sprite").forEach((e) => e.remove());
  document.body.after(body);
  body.hidden = false;
  const text = body.innerText;
  body.remove();
  return text;
}"""


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    out = Path(os.environ.get("ECARTE_SCREENSHOTS") or tmp_path_factory.mktemp("screenshots"))
    out.mkdir(parents=True, exist_ok=True)
    return out


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("name", PAGES)
def test_a_page_reads_well_at_this_width(book_dir: Path, page, shots: Path, name: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto((book_dir / name).as_uri())
    page.screenshot(path=str(shots / f"{Path(name).stem}-{width}.png"), full_page=False)
    wide = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert wide[0] <= wide[1], f"{name} at {width}: the page is {wide[0]} px wide"
    assert page.evaluate(SMALLEST) == []
    assert developer_material(page.evaluate(VISIBLE)) == []
    assert page.problems == []


@pytest.mark.parametrize("number", [11, 19, 43])   # law 49 rules on no scenario: it scores
def test_the_ruling_button_goes_to_this_pages_law(book_dir: Path, page, number: int) -> None:
    page.goto((book_dir / f"law-{number:02d}.html").as_uri())
    boxes = page.locator("article.scenario")
    checked = 0
    for i in range(boxes.count()):
        box = boxes.nth(i)
        heads = " ".join(box.locator(".ruling h4").all_inner_texts())
        if f"Law {number} " not in heads + " ":
            continue
        box.get_by_role("button", name="Last »").click()
        box.get_by_role("button", name="⚑ The ruling").click()
        flag = box.locator(".view .frame .flag").inner_text()
        assert re.search(rf"\blaw [\d, ]*\b{number}\b", flag), (box.get_attribute("id"), flag)
        checked += 1
    assert checked >= 1


@pytest.mark.parametrize("word", ["renege", "misdeal", "exposed", "écarté"])
def test_the_books_search_finds_what_laws_search_finds(book_dir: Path, page, word: str) -> None:
    said = CliRunner().invoke(app, ["laws", "--search", word]).output
    expected = {int(m) for m in re.findall(r"^ ?(\d+)\. ", said, re.M)}
    assert expected
    page.goto((book_dir / "index.html").as_uri())
    page.fill("#q", word)
    shown = page.locator("#laws li:not([hidden])")
    assert {int(n) for n in shown.evaluate_all("lis => lis.map(li => li.dataset.law)")} == expected
    assert page.locator("#laws li:not([hidden]) .snippet mark").count() == len(expected)
    assert page.problems == []


def test_each_table_is_described_in_words_and_the_stepper_speaks(book_dir: Path, page) -> None:
    page.goto((book_dir / "law-11.html").as_uri())
    box = page.locator("#scenario-law11-two-cards-turned-choose")
    assert box.locator(".view").get_attribute("aria-live") == "polite"
    desc = box.locator(".view svg.table desc").text_content()
    assert "A: " in desc and "Y: " in desc and "score" in desc and "8♥" in desc
