"""The file name of each law's page, which the law pages and the rule sets' pages link by."""
from __future__ import annotations


def page_name(number: int) -> str:
    return f"law-{number:02d}.html"
