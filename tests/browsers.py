"""Debian's Chromium for the browser tests, driven by playwright: its flags, and its path with
playwright's API, or the test module skipped, saying which is missing; a tab that notes what
went wrong in it."""
import shutil
from types import ModuleType

import pytest

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium() -> tuple[str, ModuleType]:
    """(Chromium's path, `playwright.sync_api`); the module is skipped where either is missing."""
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        pytest.skip("Debian's chromium is not installed (apt-get install chromium): the browser tests need it",
                    allow_module_level=True)
    return path, pytest.importorskip("playwright.sync_api", reason="the python package playwright is not installed")


def watched(context):
    """A new tab that keeps in `.problems` each error its pages log or raise, and each request
    that would leave the machine (refused: the pages work with no network)."""
    tab = context.new_page()
    tab.problems = []
    tab.on("console", lambda m: m.type == "error" and tab.problems.append(f"console: {m.text}"))
    tab.on("pageerror", lambda e: tab.problems.append(f"error: {e}"))
    tab.route("**/*", lambda route: route.continue_() if route.request.url.startswith(("file:", "data:"))
              else (tab.problems.append(f"network: {route.request.url}"), route.abort()))
    return tab
