"""The dispute page (`ecarte resolve --page FILE`) in headless Chromium at a phone's size, with
touch and no network: its paths end where `ecarte resolve --json` answered the same way ends,
it stays within its budgets, and it can be used by touch and by a screen reader."""
from __future__ import annotations

import gzip
import io
import json
import re
import statistics
from pathlib import Path

import pytest

from adjudicator.dispute.page import WORKER
from adjudicator.dispute.resolve import Resolve
from adjudicator.words.interview import run_json
from typer.testing import CliRunner

from adjudicator.cli import app
from browsers import chromium

pytestmark = pytest.mark.slow   # a browser, and the interview walked into a page

chromium()   # the module skipped, saying why, where Chromium or playwright is missing
BUDGET_BYTES, BUDGET_GZIP = 1_500_000, 400_000
INTERACTIVE_MS, ANSWER_MS = 1000, 50
PATHS = 120


@pytest.fixture(scope="module")
def page_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("page") / "resolve.html"
    result = CliRunner().invoke(app, ["resolve", "--page", str(path), "--players", "A,Y"])
    assert result.exit_code == 0, result.output
    assert (path.parent / WORKER).is_file()
    return path


@pytest.fixture(scope="module")
def graph(page_file: Path) -> dict:
    data = re.search(r'<script id="data" type="application/json">(.*?)</script>', page_file.read_text(), re.S)
    return json.loads(data.group(1).replace("<\\/", "</"))["graph"]


def _ending_paths(graph: dict) -> list[list[int]]:
    """Every path of choices (their indices) from the first question to an ending."""
    out, todo = [], [(0, [])]
    while todo:
        n, path = todo.pop()
        node = graph["nodes"][n]
        if node[0] < 0:
            out.append(path)
        else:
            todo += [(child, path + [i]) for i, child in enumerate(node[1])]
    return sorted(out)


def _chosen(graph: dict, paths: list[list[int]]) -> list[list[int]]:
    """Paths that reach every kind of ending (law, options, exit status) and every first answer,
    filled up to PATHS with paths spread evenly over the rest."""
    chosen: dict[str, list[int]] = {}
    for path in paths:
        n = 0
        for i in path:
            n = graph["nodes"][n][1][i]
        e = graph["endings"][graph["nodes"][n][1]]
        kind = json.dumps([e["s"], [(o["law"], o["rule"], o["options"]) for o in e["o"]]])
        chosen.setdefault(kind, path)
        chosen.setdefault(f"first {path[0]}", path)
    picked = list(chosen.values())
    step = max(1, len(paths) // PATHS)
    picked += [p for p in paths[::step] if p not in picked][:max(0, PATHS - len(picked))]
    return picked


def _json_ending(res: Resolve, graph: dict, path: list[int]) -> tuple[dict, int]:
    """`ecarte resolve --json`'s last message and exit status, answered by the choices' ids."""
    lines, n = [], 0
    for i in path:
        question = graph["questions"][graph["nodes"][n][0]]
        lines.append(json.dumps({"id": question["id"], "choice": question["c"][i][1]}))
        n = graph["nodes"][n][1][i]
    out = io.StringIO()
    status = run_json(res, io.StringIO("\n".join(lines) + "\n"), out)
    return json.loads(out.getvalue().splitlines()[-1]), status


def _compared(final: dict) -> list[dict]:
    told = final.get("outcomes_if") or [final]
    return [{"law": t["ruling"] and t["ruling"]["law"], "rule": t["ruling"] and t["ruling"].get("rule"),
             "options": t["ruling"] and t["ruling"]["options"], "score": t.get("score")} for t in told]


def _tap(tab, graph: dict, i: int) -> None:
    """Answer the question shown with its choice `i`: through its moment first, where the page
    asks the moment of a long list first."""
    tab.locator("fieldset legend").wait_for()
    if tab.locator(".moment").count():
        question = graph["questions"][graph["nodes"][_node(tab, graph)][0]]
        tab.locator(f'.moment[data-moment="{question["c"][i][2]}"]').tap()
    tab.locator(f'.choice[data-i="{i}"]').tap()


def _node(tab, graph: dict) -> int:
    """The node of the page's graph shown, from the address."""
    n = 0
    for i in filter(None, tab.evaluate("location.hash").split("&")[0][len("#p="):].split(".")):
        n = graph["nodes"][n][1][int(i)]
    return n


@pytest.fixture
def tab(phone):
    tab = phone.new_page()
    tab.problems = []
    tab.on("console", lambda m: m.type == "error" and tab.problems.append(f"console: {m.text}"))
    tab.on("pageerror", lambda e: tab.problems.append(f"error: {e}"))
    tab.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:")
              else (tab.problems.append(f"network: {route.request.url}"), route.abort()))
    yield tab
    tab.close()


def test_the_page_is_within_its_size_budget(page_file: Path) -> None:
    data = page_file.read_bytes()
    assert len(data) < BUDGET_BYTES, len(data)
    assert len(gzip.compress(data)) < BUDGET_GZIP
    assert not re.search(r'(src|href)="(https?:)?//', data.decode()), "the page refers to something outside itself"


def test_every_path_tapped_ends_as_resolve_json_does(page_file: Path, graph: dict, tab) -> None:
    paths = _chosen(graph, _ending_paths(graph))
    assert len(paths) >= 100
    res = Resolve(players=["A", "Y"])
    tab.goto(page_file.as_uri())
    for k, path in enumerate(paths):
        if k % 5:   # four paths in five reached through the address (#p=...), one in five by taps
            tab.evaluate("p => { location.hash = 'p=' + p.join('.'); }", path)
            tab.wait_for_function("p => document.querySelector('#ending') && location.hash === '#p=' + p.join('.')", arg=path)
        else:
            if tab.locator("#again").count():
                tab.locator("#again").tap()
            for i in path:
                _tap(tab, graph, i)
        ending = tab.locator("#ending")
        final, status = _json_ending(res, graph, path)
        assert json.loads(ending.get_attribute("data-outcomes")) == _compared(final), path
        assert ending.get_attribute("data-status") == str(status), path
        ruling = final.get("ruling")
        if ruling and ruling["law"] is not None and "outcomes_if" not in final:
            assert tab.locator("#ending h2").inner_text().startswith(f"Law {ruling['law']}:"), path
        if ruling and "outcomes_if" not in final:   # answers left open end in a line a way, no summary
            assert ruling["summary"] in ending.inner_text(), path
    assert tab.problems == []


def test_back_chips_and_the_browser_back_button(page_file: Path, graph: dict, tab) -> None:
    tab.goto(page_file.as_uri())
    first = tab.locator("legend").inner_text()
    _tap(tab, graph, 0)
    second = tab.locator("legend").inner_text()
    assert second != first
    assert tab.locator("#chips button").count() == 1
    tab.go_back()   # to the moment's list, then to the moments
    tab.go_back()
    assert tab.locator("legend").inner_text() == first
    tab.go_forward()
    tab.go_forward()
    assert tab.locator("legend").inner_text() == second
    tab.locator("#chips button").first.tap()
    assert tab.locator("legend").inner_text() == first
    _tap(tab, graph, 0)
    tab.locator("#back").tap()
    assert tab.locator("legend").inner_text() == first
    assert tab.problems == []


def test_made_for_a_phone_and_a_screen_reader(page_file: Path, tab) -> None:
    tab.goto(page_file.as_uri())
    for _ in range(12):
        assert tab.evaluate("document.documentElement.scrollWidth") <= 390
        small = tab.evaluate("""() => [...document.querySelectorAll('button, summary, a')].filter(e =>
            e.offsetParent && e.getBoundingClientRect().height < 44).map(e => e.textContent)""")
        assert small == []
        tiny = tab.evaluate("""() => [...document.querySelectorAll('body *')].filter(e => e.offsetParent &&
            e.childNodes.length && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) &&
            parseFloat(getComputedStyle(e).fontSize) < 16).map(e => e.textContent)""")
        assert tiny == []
        if tab.locator("#ending").count():
            break
        assert tab.locator("fieldset > legend").count() == 1
        tab.locator(".choice").nth(min(1, tab.locator(".choice").count() - 1)).tap()
    assert tab.locator("#ending").count() == 1
    assert tab.locator("#live").get_attribute("aria-live") == "polite"
    assert tab.locator("#live").inner_text().startswith("The ruling")
    assert tab.problems == []


def test_interactive_within_a_second_at_4x_cpu_and_each_answer_within_50_ms(page_file: Path, phone) -> None:
    tab = phone.new_page()
    cdp = phone.new_cdp_session(tab)

    def measured() -> dict[int, tuple[float, float, float]]:
        timings = {}
        for rate in (4, 1):
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            loads, answers = [], []
            for _ in range(3):
                tab.goto("about:blank")
                tab.goto(page_file.as_uri())
                tab.wait_for_function("document.body.dataset.rendered")
                loads.append(tab.evaluate("parseFloat(document.body.dataset.rendered)"))
                while not tab.locator("#ending").count():
                    answers.append(tab.evaluate("""() => { const t = performance.now();
                        document.querySelectorAll('.choice')[0].click(); return performance.now() - t; }"""))
            timings[rate] = (statistics.median(loads), statistics.median(answers), max(answers))
        for rate, (load, answer, worst) in timings.items():
            print(f"CPU {rate}x: interactive in {load:.0f} ms; an answer rendered in {answer:.1f} ms (at most {worst:.1f})")
        return timings

    def within(timings: dict[int, tuple[float, float, float]]) -> bool:
        return timings[4][0] < INTERACTIVE_MS and timings[4][1] < ANSWER_MS and timings[1][1] < ANSWER_MS

    # medians, and a second round where the first was over: a machine busy with other work (the
    # rest of the suite, on the other cores) must not fail the budgets
    timings = measured()
    if not within(timings):
        timings = measured()
    tab.close()
    assert timings[4][0] < INTERACTIVE_MS
    assert timings[4][1] < ANSWER_MS and timings[1][1] < ANSWER_MS


def test_the_moment_is_asked_first_and_each_chip_says_its_question(page_file: Path, graph: dict, tab) -> None:
    """The first screen was one list of every irregularity ("The play" screens down); now the
    moments, each in view, as the terminal asks; a chip said "A" or "I don't know" alone."""
    tab.goto(page_file.as_uri())
    assert tab.locator("legend").inner_text().startswith("What happened? First, at what moment")
    moments = tab.locator(".moment")
    assert moments.count() == 6 and tab.locator(".choice").count() == 6
    assert moments.last.bounding_box()["y"] + moments.last.bounding_box()["height"] <= 844   # "The score", in view
    tab.get_by_text("Cutting and shuffling").tap()
    tab.get_by_text("more than one card was exposed in cutting for deal").tap()
    chip = tab.locator("#chips button").first.inner_text()
    assert "What happened?" in chip and "more than one card was exposed in cutting for deal" in chip
    tab.get_by_text("Y", exact=True).tap()
    assert "Who exposed more than one card?" in tab.locator("#chips button").nth(1).inner_text()
    assert tab.locator("#ending h2").inner_text().startswith("Law 4:")
    assert tab.problems == []
