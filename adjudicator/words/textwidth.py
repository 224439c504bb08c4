"""Prose for a terminal: lines wrapped to its width (at most 100 columns; 80 when the output is
not a terminal), continuation lines indented, words never broken; log syntax between backticks
shown plain."""
from __future__ import annotations

import re
import shutil
import sys
import textwrap

_CODE = re.compile(r"`([^`]+)`")


def width() -> int:
    """The columns to fill: the terminal's, at most 100; 80 when standard output is not one."""
    if not sys.stdout.isatty():
        return 80
    return max(40, min(shutil.get_terminal_size((80, 24)).columns, 100))


def wrap(text: str, indent: str = "", more: str = "  ", columns: int | None = None) -> list[str]:
    """One paragraph as lines: the first after `indent`, the next after `indent + more`."""
    return textwrap.wrap(text, columns or width(), initial_indent=indent, subsequent_indent=indent + more,
                         break_long_words=False, break_on_hyphens=False) or [indent.rstrip()]


def fit(lines: list[str], columns: int | None = None, more: str = "  ") -> list[str]:
    """Every line too long wrapped at its own indentation (a path, one long token, stays whole)."""
    columns = columns or width()
    out: list[str] = []
    for line in lines:
        for part in line.split("\n"):
            if len(part) <= columns:
                out.append(part)
            else:
                indent = part[:len(part) - len(part.lstrip(" "))]
                out += wrap(part[len(indent):], indent, more, columns)
    return out


def plain(text: str) -> str:
    """Log syntax (`elect: {...}`) as a reader sees it on a terminal: without the backticks."""
    return _CODE.sub(r"\1", text)
