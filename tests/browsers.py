"""Debian's Chromium for the browser tests, driven by playwright: its flags, and its path with
playwright's API, or the test module skipped, saying which is missing."""
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
