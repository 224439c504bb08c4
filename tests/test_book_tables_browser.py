"""The book's tables as a reader sees them, in headless Chromium: every table of every scenario
on laws 11, 19, 43 and 49, stepped through event by event, adds up to the pack (the cards drawn
in the hands and played, with the counts the table writes for the stock, the discards and the
cards laid out), keeps each hand's cards in it or on the table (five, dealt rightly), draws in
front of each player as many tricks as it says he has won, and draws no label over another; a
revoke's card stays in view at its ruling, ringed; and every text colour of the book, read from
its CSS as the browser computes it, passes WCAG AA contrast on the ground it is drawn on."""
from __future__ import annotations

import re

import pytest

from adjudicator.words.vocabulary import default_words

pytestmark = pytest.mark.slow   # a browser, and the book built

LAWS = [11, 19, 43, 49]


def _number_pattern(template: str, **names: str) -> str:
    """A label of table.yaml as a regular expression whose group is its number `{n}`."""
    parts = re.split(r"(\{\w+\})", template)
    out = []
    for part in parts:
        if part == "{n}":
            out.append(r"(\d+)")
        elif part.startswith("{"):
            out.append(names.get(part[1:-1], r".+?"))
        else:
            out.append(re.escape(part))
    return "".join(out)


LABELS = default_words().labels("book")
PATTERNS = {"tricks": _number_pattern(LABELS["tricks"]), "counted": _number_pattern(LABELS["counted"])}

TABLES = """([id, patterns]) => {
  const box = document.getElementById(id);
  const range = box.querySelector("input[type=range]");
  const tricksRe = new RegExp(patterns.tricks), countedRe = new RegExp(patterns.counted);
  const out = [];
  for (let n = 1; n <= Number(range.max); n++) {
    range.value = n;
    range.dispatchEvent(new Event("input"));
    const svg = box.querySelector(".view svg.table");
    const visible = (u) => { const b = u.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
    const cards = (sel) => Array.from(svg.querySelectorAll(sel)).filter(visible);
    const number = (sel) => svg.querySelector(sel + " text") ?
      Number(svg.querySelector(sel + " text").textContent.match(/\\d+/)[0]) : 0;
    const hands = {}, played = {}, rows = {}, won = {}, counted = {};
    svg.querySelectorAll("g.hand").forEach((g) => {
      hands[g.dataset.player] = cards(`g.hand[data-player="${g.dataset.player}"] use.card`).length;
    });
    for (const p of Object.keys(hands)) {
      played[p] = cards(`g.taken use.card[data-by="${p}"], g.trick use.card[data-by="${p}"]`).length;
      rows[p] = Number(svg.querySelector(`g.taken[data-player="${p}"]`).dataset.tricks);
      const line = Array.from(svg.querySelectorAll("text.who")).map((t) => t.textContent)
        .find((t) => t.startsWith(p + ","));
      const m = line && line.match(tricksRe);
      won[p] = m ? Number(m[1]) : 0;
      const c = svg.querySelector(`g.taken[data-player="${p}"] text`);
      counted[p] = c ? Number(c.textContent.match(countedRe)[1]) : 0;
    }
    const trickText = Array.from(svg.querySelectorAll("text.small")).map((t) => t.textContent)
      .find((t) => / · won by /.test(t));
    const boxes = Array.from(svg.querySelectorAll("text")).filter((t) => t.textContent.trim())
      .map((t) => [t.textContent.trim(), t.getBoundingClientRect()]);
    const overlaps = [];
    boxes.forEach(([a, p], i) => boxes.slice(i + 1).forEach(([b, q]) => {
      const w = Math.min(p.right, q.right) - Math.max(p.left, q.left), h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (w > 1 && h > 3) overlaps.push(`${a} / ${b}`);
    }));
    const head = Array.from(svg.querySelectorAll("text.score")).map((t) => t.textContent).find((t) => /^deal /.test(t));
    out.push({n, overlaps, deal: head || null, caption: box.querySelector(".view figcaption").textContent, dealt: Object.keys(hands).length > 0, voided: !!svg.querySelector("text.banner"),
              hands, played, rows, won, counted, trickWinner: trickText ? trickText.split(" · won by ")[1] : null,
              stock: number("g.stock"), discards: Array.from(svg.querySelectorAll("g.discards text"))
                .reduce((a, t) => a + Number(t.textContent.match(/\\d+/)[0]), 0),
              laidOut: number("g.laid-out"), turned: cards("g.turned use.card").length,
              aside: cards("g.aside use.card").length, ringed: cards("use.card.ruled").map((u) => u.dataset.card),
              desc: svg.querySelector("desc").textContent});
  }
  return out;
}"""


@pytest.mark.parametrize("number", LAWS)
def test_every_table_adds_up_to_the_pack_and_its_tricks(book_dir, page, number: int) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto((book_dir / f"law-{number:02d}.html").as_uri())
    ids = page.eval_on_selector_all("article.scenario", "els => els.map(e => e.id)")
    assert ids
    frames = fives = 0
    for sid in ids:
        start: dict = {}
        for t in page.evaluate(TABLES, [sid, PATTERNS]):
            assert t["overlaps"] == [], (sid, t["n"], t["overlaps"])   # no label drawn over another
            if not t["dealt"] or t["voided"]:
                continue
            shown = (sum(t["hands"].values()) + sum(t["played"].values()) + t["stock"] + t["discards"]
                     + t["laidOut"] + t["turned"] + t["aside"])
            assert shown == 32, (sid, t)
            for p in t["hands"]:
                drawn = t["rows"][p] + (t["trickWinner"] == p)
                assert drawn + t["counted"][p] == t["won"][p], (sid, p, t)
            frames += 1
            # each hand: the cards in it and those it played are the hand when play began
            # (five, dealt rightly), less any laid out or drawn from it in the play
            now = {p: t["hands"][p] + t["played"][p] for p in t["hands"]}
            out = t["aside"] + t["laidOut"]
            if not sum(t["played"].values()) or "wrong number of cards" in t["caption"]:
                start[t["deal"]] = (now, out)
                continue
            before, out_before = start[t["deal"]]
            assert sum(now.values()) + out - out_before == sum(before.values()), (sid, t["n"], now, before)
            if out == out_before:
                assert now == before, (sid, t["n"], t["caption"], now, before)
                fives += all(v == 5 for v in before.values())
    assert frames > 50 and fives >= {11: 4, 19: 20, 43: 100, 49: 10}[number]   # (frames in play, dealt five each)
    assert page.problems == []


def test_a_revoke_stays_in_view_at_its_ruling(book_dir, page) -> None:
    """Law 43's scenario where Y claims A's revoke (9♣ on K♠) after the next trick: at the ruling
    the revoking trick lies face up in front of Y, who won it, 9♣ ringed and said."""
    page.goto((book_dir / "law-43.html").as_uri())
    box = page.locator("#scenario-law43-revoke-claimed-during-play-played-on")
    box.get_by_role("button", name="Last »").click()
    box.get_by_role("button", name="⚑ The ruling").click()
    view = box.locator(".view svg.table")
    assert "ruling: law 43" in box.locator(".view .flag").inner_text()
    row = view.locator("g.taken[data-player='Y'] use.card")
    assert row.evaluate_all("us => us.map(u => u.dataset.card)") == ["KS", "9C"]
    ringed = view.locator("use.card.ruled")
    assert ringed.count() == 1 and ringed.get_attribute("data-card") == "9C" and ringed.is_visible()
    assert "the ruling is about 9♣" in view.locator("desc").text_content()
    assert view.locator("text.tag", has_text="the ruling is about 9♣").is_visible()   # written on the table too
    box.get_by_role("button", name="◀ Back").click()
    assert box.locator(".view use.card.ruled").count() == 0


def test_a_hand_given_only_as_a_result_is_not_drawn_with_five_cards(book_dir, page) -> None:
    page.goto((book_dir / "law-43.html").as_uri())
    box = page.locator("#scenario-law43-revoke-claimed-after-a-tricks-summary")
    box.get_by_role("button", name="⚑ The ruling").click()
    view = box.locator(".view svg.table")
    assert view.locator("g.hand use.card").count() == 0
    assert view.locator("g.taken[data-player='A'] use.card[data-card='back']").count() == 6
    assert view.locator("g.taken[data-player='Y'] use.card[data-card='back']").count() == 4


CONTRAST = """() => {
  /* Every text colour the book's CSS gives, as the browser computes it, against the ground it is
     drawn on: an HTML element's first opaque background up the tree (the page's paper at the
     end); an SVG label, the table's cloth. Every <details> is opened first, and a probe table
     carries one text of each class the tables use. */
  document.querySelectorAll("details").forEach((d) => { d.open = true; });
  const classes = new Set();
  document.querySelectorAll("template").forEach((t) =>
    t.content.querySelectorAll("svg.table text").forEach((x) => classes.add(x.getAttribute("class") || "")));
  const probe = document.createElement("div");
  probe.innerHTML = `<svg class="table" viewBox="0 0 760 480"><rect class="cloth" width="760" height="480"/>` +
    Array.from(classes).map((c, i) => `<text class="${c}" x="10" y="${20 + 16 * i}">probe ${c}</text>`).join("") + "</svg>";
  document.body.append(probe);
  const rgb = (s) => { const m = s.match(/[\\d.]+/g).map(Number); return m.length > 3 ? m : m.concat([1]); };
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const ground = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c[3] > 0.5) return c;
    }
    return [255, 255, 255, 1];
  };
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest(".sprite") || ["SCRIPT", "STYLE", "TEMPLATE"].includes(el.tagName)) continue;
    if (!Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    if (!el.checkVisibility()) continue;
    const style = getComputedStyle(el);
    let fg, bg;
    if (el instanceof SVGElement) {
      const svg = el.closest("svg.table");
      if (!svg) continue;
      fg = rgb(style.fill);
      bg = rgb(getComputedStyle(svg.querySelector(".cloth")).fill);
    } else {
      fg = rgb(style.color);
      bg = ground(el);
    }
    const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    const r = ratio(fg, bg);
    if (r < need) out.push(`${el.tagName}.${el.getAttribute("class")} ${r.toFixed(2)} < ${need}: ${el.textContent.trim().slice(0, 40)}`);
  }
  probe.remove();
  return {failing: out, classes: Array.from(classes)};
}"""


@pytest.mark.parametrize("name", ["index.html"] + [f"law-{n:02d}.html" for n in LAWS])
def test_every_text_colour_passes_contrast_aa(book_dir, page, name: str) -> None:
    page.goto((book_dir / name).as_uri())
    found = page.evaluate(CONTRAST)
    assert found["failing"] == []
    if name != "index.html":
        assert "faint" in found["classes"]   # "no turn-up yet" among them
    if name == "law-43.html":
        assert "tag" in found["classes"]     # the ruled card's words


NARROW = """(id) => {
  /* Each step of a scenario as a phone shows it: the cards and words drawn outside the table's
     box or the screen, the labels drawn over another, and the box's sideways overflow. */
  const box = document.getElementById(id);
  const range = box.querySelector("input[type=range]");
  const out = [];
  for (let n = 1; n <= Number(range.max); n++) {
    range.value = n;
    range.dispatchEvent(new Event("input"));
    const svg = box.querySelector(".view svg.table"), felt = box.querySelector(".view .felt");
    const frame = svg.getBoundingClientRect();
    const shown = (e) => { const b = e.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
    const outside = [];
    for (const e of svg.querySelectorAll("use.card, text")) {
      if (!shown(e)) continue;
      const b = e.getBoundingClientRect();
      if (b.left < Math.max(frame.left, 0) - 0.5 || b.right > Math.min(frame.right, innerWidth) + 0.5 ||
          b.top < frame.top - 0.5 || b.bottom > frame.bottom + 0.5)
        outside.push(e.dataset.card || e.textContent.trim());
    }
    const texts = Array.from(svg.querySelectorAll("text")).filter((t) => t.textContent.trim() && shown(t))
      .map((t) => [t.textContent.trim(), t.getBoundingClientRect()]);
    const overlaps = [];
    texts.forEach(([a, p], i) => texts.slice(i + 1).forEach(([b, q]) => {
      const w = Math.min(p.right, q.right) - Math.max(p.left, q.left), h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (w > 1 && h > 3) overlaps.push(`${a} / ${b}`);
    }));
    out.push({n, outside, overlaps, cards: svg.querySelectorAll("use.card").length,
              sideways: felt.scrollWidth - felt.clientWidth, width: frame.width, height: frame.height});
  }
  return out;
}"""


@pytest.mark.parametrize("number", [24, 43, 13, 17])
def test_on_a_phone_every_card_of_the_table_is_on_screen(book_dir, page, number: int) -> None:
    """At 390 px the table lays its parts out one above the other: at every step of every
    scenario on laws 24 and 43, each card and each label lies inside the table's box and the
    screen (law 24's king and trick, law 43's names and trump were off it, the table 700 px
    wide in a 362 px box), no label is drawn over another, nothing scrolls sideways; laws 13
    and 17 too (a card exposed in the top hand, its tag under the score; a deal to be dealt
    afresh, its ribbon's words)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto((book_dir / f"law-{number:02d}.html").as_uri())
    ids = page.eval_on_selector_all("article.scenario", "els => els.map(e => e.id)")
    assert ids
    for sid in ids:
        for t in page.evaluate(NARROW, sid):
            assert t["outside"] == [] and t["overlaps"] == [], (sid, t)
            assert t["sideways"] <= 0 and t["width"] <= 362 and t["height"] > t["width"], (sid, t)   # upright
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert page.problems == []


def test_on_a_desktop_the_table_lies_as_it_did(book_dir, page) -> None:
    """At 1280 px the table is the table at full width, wider than tall (760 by 480), with its
    parts where the table puts them: the trick right of the turn-up, the tricks won at the right."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto((book_dir / "law-43.html").as_uri())
    box = page.locator("#scenario-law43-revoke-claimed-during-play-played-on")
    box.get_by_role("button", name="⚑ The ruling").click()
    table = box.locator(".view svg.table").bounding_box()
    assert table["width"] > 700 and abs(table["width"] / table["height"] - 760 / 480) < 0.01
    turned = box.locator(".view g.turned use.card").bounding_box()
    trick = box.locator(".view g.trick use.card").first.bounding_box()
    taken = box.locator(".view g.taken[data-player='Y'] use.card").first.bounding_box()
    assert turned["x"] + turned["width"] < trick["x"] < taken["x"]
    assert abs(trick["y"] - turned["y"]) < 40   # side by side, not one above the other
    assert page.problems == []
