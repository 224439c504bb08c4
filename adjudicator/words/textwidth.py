"""Prose for a terminal: lines wrapped to its width (at most 100 columns; 80 when the output is
not a terminal), continuation lines indented, words never broken; log syntax between backticks
shown plain; a path or a command to copy kept whole on one line."""
from __future__ import annotations

import re
import shutil
import sys
import textwrap

_CODE = re.compile(r"`([^`]+)`")
# a command to copy: `ecarte`, its command, then options, numbers, NAMES and paths (not the prose after)
COMMAND = re.compile(r"\becarte [a-z]+(?: (?:-(?!\S)|--?[a-z][\w-]*(?:=\S*\w)?|\d+|[A-Z][A-Z_]+|\S*[/.]\S*\w))*")
_KEEP = "\ue000"   # a space that is not one while the words are wrapped (textwrap splits at ASCII spaces)


def kept(text: str, whole: tuple[str, ...] = ()) -> str:
    """`text` with the spaces inside each command to copy, and inside each of `whole` (a path
    with a space in it), made unbreakable (see `unkept`)."""
    for item in whole:
        text = text.replace(item, item.replace(" ", _KEEP))
    return COMMAND.sub(lambda m: m.group().replace(" ", _KEEP), text)


def unkept(text: str) -> str:
    return text.replace(_KEEP, " ")


def law_mentions(text: str) -> tuple[str, ...]:
    """Each "law 49" of `text`, for `wrap` to keep whole: a law's number on the line of its word."""
    return tuple(set(re.findall(r"\b[Ll]aws? \d+", text)))


def width() -> int:
    """The columns to fill: the terminal's, at most 100; 80 when standard output is not one."""
    if not sys.stdout.isatty():
        return 80
    return max(40, min(shutil.get_terminal_size((80, 24)).columns, 100))


def wrap(text: str, indent: str = "", more: str = "  ", columns: int | None = None,
         whole: tuple[str, ...] = ()) -> list[str]:
    """One paragraph as lines: the first after `indent`, the next after `indent + more`; a word,
    a path, a command to copy (`ecarte laws 17`) or one of `whole` is never broken."""
    lines = textwrap.wrap(kept(text, whole), columns or width(), initial_indent=indent, subsequent_indent=indent + more,
                          break_long_words=False, break_on_hyphens=False)
    return [unkept(line) for line in lines] or [indent.rstrip()]


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
