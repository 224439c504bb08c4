"""Text for a terminal, fitted to its width: one width for every door (`width`: the terminal's,
80 columns when the output is not a terminal, as when piped), prose wrapped between words with
continuation lines indented (`wrap`, `fit`, `fill`; `reflowed` fills again a paragraph wrapped
to another width), a command to copy kept whole on one line, or continued with a backslash when
it alone is wider (`command_lines`); log syntax between backticks shown plain."""
from __future__ import annotations

import re
import shutil
import sys
import textwrap

_CODE = re.compile(r"`([^`]+)`")
# a command to copy: `ecarte`, its command, then options, numbers, NAMES and paths (not the prose after)
COMMAND = re.compile(r"\becarte [a-z]+(?: (?:-(?!\S)|--?[a-z][\w-]*(?:=\S*\w)?|\d+|[A-Z][A-Z_]+|\S*[/.]\S*\w))*")
_KEEP = "\ue000"   # a space that is not one while the words are wrapped (textwrap splits at ASCII spaces)
PROSE = 100        # the widest a paragraph is filled, however wide the terminal
NARROWEST = 20     # the narrowest a text is filled, however narrow the terminal


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


def terminal() -> int | None:
    """The columns of the terminal standard output is (COLUMNS where it is set); None when it is
    no terminal (a pipe, a file)."""
    if not sys.stdout.isatty():
        return None
    return shutil.get_terminal_size((80, 24)).columns


def width(widest: int = PROSE) -> int:
    """The columns to fill: the terminal's, at most `widest`; 80 when standard output is not a
    terminal. Every door asks here, so a terminal of 60 columns gets 60 from each."""
    return max(NARROWEST, min(terminal() or 80, widest))


def wrap(text: str, indent: str = "", more: str = "  ", columns: int | None = None,
         whole: tuple[str, ...] = ()) -> list[str]:
    """One paragraph as lines: the first after `indent`, the next after `indent + more`; a word,
    a path, a command to copy (`ecarte laws 17`) or one of `whole` is never broken."""
    lines = textwrap.wrap(kept(text, whole), columns or width(), initial_indent=indent, subsequent_indent=indent + more,
                          break_long_words=False, break_on_hyphens=False)
    return [unkept(line) for line in lines] or [indent.rstrip()]


def command_lines(command: str, indent: str = "", columns: int | None = None) -> list[str]:
    """A command to copy on its own line; one wider than the columns goes on over the next lines,
    indented (less where a long word needs the room), each but the last ending in a backslash,
    as a shell reads it; a word is never broken."""
    columns = columns or width()
    if len(indent) + len(command) <= columns:
        return [indent + command]
    longest = max(map(len, command.split()))
    more = " " * max(0, min(len(indent) + 4, columns - longest))   # less indent for a long word
    lines = textwrap.wrap(command, columns - 2, initial_indent=indent, subsequent_indent=more,
                          break_long_words=False, break_on_hyphens=False)
    return [line + " \\" for line in lines[:-1]] + lines[-1:]


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


def fill(text: str, columns: int | None = None) -> str:
    """A text of several lines, each wrapped at its own indentation to the columns (a line that
    starts "- " goes on under its words): for a text already laid out in lines."""
    out = []
    for line in text.split("\n"):
        indent = line[:len(line) - len(line.lstrip(" "))]
        body = line[len(indent):]
        out += wrap(body, indent, "  " if body.startswith("- ") else "", columns) if body else [""]
    return "\n".join(out)


def reflowed(paragraph: str, columns: int | None = None) -> str:
    """A paragraph already wrapped (to another width) as it was where each line fits the
    columns, else filled again to them from its words."""
    columns = columns or width()
    if all(len(line) <= columns for line in paragraph.split("\n")):
        return paragraph
    return "\n".join(wrap(" ".join(paragraph.split()), more="", columns=columns))


def plain(text: str) -> str:
    """Log syntax (`elect: {...}`) as a reader sees it on a terminal: without the backticks."""
    return _CODE.sub(r"\1", text)
