"""Hypothesis profiles: `ci` (the default, bounded) and `long` (HYPOTHESIS_PROFILE=long); the
book built once for the tests that read it; the `resolve` interview and the dispute page's graph
walked once; one Chromium a module for the browser tests, and the table page written beside its
dispute page."""
import os
import tempfile

import browsers
import pytest
from hypothesis import HealthCheck, settings

# `ci` draws the same examples at every run (a run fails for the code, never for the draw);
# `long` draws new ones each time, to look further
settings.register_profile("ci", max_examples=150, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=5000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# the law book's cache (adjudicator/lawbook/cache.py) goes to a folder of this run, not the home
os.environ["ECARTE_CACHE_DIR"] = tempfile.mkdtemp(prefix="ecarte-test-cache-")


@pytest.fixture(scope="session")
def book_dir(tmp_path_factory):
    """`ecarte book --out DIR` run once: the folder it wrote."""
    from typer.testing import CliRunner

    from adjudicator.cli import app
    out = tmp_path_factory.mktemp("book") / "book"
    result = CliRunner().invoke(app, ["book", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="session")
def interview():
    """The London interview for these players (None: the players said by their roles), its
    turns kept for the session: `interview()` or `interview(["Ann", "Bob"])`."""
    from interviews import KeptInterview
    kept: dict = {}

    def under(players=None):
        key = tuple(players) if players else None
        if key not in kept:
            kept[key] = KeptInterview(players=players)
        return kept[key]
    return under


@pytest.fixture(scope="session")
def dispute_graph(interview):
    """The dispute page's graph (dispute/page.py) of the London interview, the players A and Y:
    every path walked once for the session."""
    from adjudicator.dispute.page import graph
    return graph(interview(["A", "Y"]))


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """Debian's Chromium driven by playwright, one for the module (skipped, saying so, where
    either is missing)."""
    chromium, sync_api = browsers.chromium()
    with sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("profile")), executable_path=chromium, headless=True, args=browsers.ARGS)
        yield context
        context.close()


@pytest.fixture(scope="module")
def phone():
    """A phone's browser (390 x 844 px, touch) of Debian's Chromium, one for the module (skipped,
    saying so, where Chromium or playwright is missing)."""
    chromium, sync_api = browsers.chromium()
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=browsers.ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        yield context
        context.close()
        browser.close()


@pytest.fixture
def page(browser):
    """A new page of the browser that keeps its problems: console errors, page errors, failed
    requests and any request off the disk."""
    page = browser.new_page()
    page.problems = []
    page.on("console", lambda m: m.type == "error" and page.problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: page.problems.append(f"error: {e}"))
    page.on("requestfailed", lambda r: page.problems.append(f"failed: {r.url}"))
    page.on("request", lambda r: r.url.startswith("file:") or page.problems.append(f"network: {r.url}"))
    yield page
    page.close()


@pytest.fixture(scope="module")
def command_page(tmp_path_factory):
    """`ecarte table --page FILE --players A,Y`: the table page, its worker and the dispute page
    beside it (a path to the table page)."""
    from typer.testing import CliRunner

    from adjudicator.cli import app
    from adjudicator.dispute.page import WORKER
    path = tmp_path_factory.mktemp("command") / "table.html"
    result = CliRunner().invoke(app, ["table", "--page", str(path), "--players", "A,Y"])
    assert result.exit_code == 0, result.output
    assert (path.parent / WORKER).is_file() and (path.parent / "resolve.html").is_file()
    return path
