"""`ecarte resolve` at the command line: the players' names, the interview, `--save`."""
from __future__ import annotations

import shlex
import sys
from pathlib import Path

import yaml

from ..record.writing import refusal, write_text
from ..words.interview import InterviewEnded, fitted, run_json, run_terminal
from .resolve import Resolve
from ..words.vocabulary import default_words


class Refused(Exception):
    """The command cannot run as asked (exit status 2): the message says why."""


def parse_players(text: str) -> list[str] | None:
    """'A,Y' as two names; an empty text is no names; None when it is not two distinct names."""
    if not text.strip():
        return []
    names = [n.strip() for n in text.split(",")]
    if len(names) != 2 or not all(names) or names[0] == names[1] or not all(n.isprintable() for n in names):
        return None
    return names


def ask_names() -> list[str]:
    words = default_words().interview
    print(fitted(words["names"]), flush=True)
    while True:
        line = sys.stdin.readline()
        if not line:
            raise InterviewEnded("the input ended before the players were named")
        names = parse_players(line)
        if names is not None:
            return names
        print(fitted(words["names_again"]), flush=True)


def save(final: dict, path: str, res: Resolve) -> str:
    """Write the dispute's log as YAML with a comment saying what it is; the words said."""
    ruling = final["ruling"]
    replays = f"`ecarte adjudicate {Path(path).name}` replays it"
    head = (f"# A dispute told by `ecarte resolve`: {res.words.irregularity(ruling['irregularity'])}.\n"
            f"# Ruled by law {ruling['law']} ({ruling['case']}); {replays}.\n" if ruling else
            f"# A dispute told by `ecarte resolve`: no irregularity on the facts given; {replays}.\n")
    log = dict(final["log"])
    events = log.pop("events")
    text = yaml.safe_dump(log, sort_keys=False, default_flow_style=None, allow_unicode=True) + "events:\n"
    for event in events:   # one line an event, as logs are written by hand
        (name, fields), = event.items()
        flow = yaml.safe_dump(fields, default_flow_style=True, sort_keys=False, allow_unicode=True,
                              width=10**4).strip()
        text += f"  - {name}: {flow}\n"
    try:
        write_text(path, head + text)
    except OSError as e:
        raise Refused(f"{path}: cannot be written: {e.strerror or e}") from None
    return res.words.interview["saved"].format(file=path, command=rule_on(path))


def rule_on(path: str) -> str:
    """The command that rules on a saved dispute, as a shell reads it."""
    return f"ecarte adjudicate {shlex.quote(path)}"


def unbroken(text: str, *whole: str) -> str:
    """`text` wrapped to the terminal, each of `whole` (a path, a command) kept on one line:
    a path or a command printed for copying is never broken."""
    from ..words.textwidth import wrap as fit
    lines = []
    for part in text.split("\n"):
        body = part.lstrip(" ")
        lines += fit(body, part[:len(part) - len(body)], more="", whole=whole)
    return "\n".join(lines)


def writable(path: str) -> None:
    """Refuse a `--save` or `--page` place that cannot be written before the first question is
    asked (nothing is left behind by the check)."""
    why = refusal(path)
    if why is not None:
        raise Refused(f"{path} {why}")


def page(path: str, players: str | None, law_pages: dict[int, str] | None = None, rules=None) -> list[Path]:
    """`resolve --page FILE`: the interview as one offline page (and its service worker beside
    it), the players named A and Y unless `players` names them; the files written."""
    from .page import write
    names = parse_players(players) if players is not None else ["A", "Y"]
    if not names:
        raise Refused(f"--players {players!r}: give two different names with a comma between them (A,Y)")
    writable(path)
    try:
        return write(Path(path), Resolve(players=names, rules=rules), law_pages)
    except OSError as e:
        raise Refused(f"{path}: cannot be written: {e.strerror or e}") from None


def resolve(as_json: bool, players: str | None, save_to: str | None, rules=None) -> int:
    """Run the interview under `rules` (the London laws unless given); the exit status (1 a law
    rules, 0 no irregularity, 2 the input ended)."""
    if save_to:
        writable(save_to)
    names: list[str] | None = None
    if players is not None:
        names = parse_players(players)
        if not names:
            raise Refused(f"--players {players!r}: give two different names with a comma between them (A,Y)")
    elif not as_json:
        names = ask_names()
    res = Resolve(players=names or None, rules=rules)
    status = run_json(res, sys.stdin, sys.stdout) if as_json else run_terminal(res)
    final = res.final
    if save_to and final is not None:
        if final.get("log") is None:
            raise Refused(f"{save_to}: nothing to save: no log tells these facts")
        said = save(final, save_to, res)
        if not as_json:
            print(unbroken(said, rule_on(save_to), save_to), flush=True)
    return status


def table_page(path: str, players: str | None, rules=None, dispute: bool = True) -> list[Path]:
    """`table --page FILE`: the table companion (`tablepage`), its service worker beside it, and
    (`dispute`) the dispute interview its irregularity button opens, resolve.html beside it,
    under the same rules; the files written."""
    from ..lawbook.rulesets import chosen
    from .tablepage import DISPUTE, write as write_table
    rules = rules or chosen(None)
    count = 3 if rules.options.pool else 2
    names = [n.strip() for n in players.split(",")] if players is not None else ["A", "Y", "Z"][:count]
    if len(names) != count or not all(names) or len(set(names)) != count or not all(n.isprintable() for n in names):
        word = "three" if count == 3 else "two"
        raise Refused(f"--players {players!r}: give {word} different names with commas between them "
                      f"({','.join(['A', 'Y', 'Z'][:count])})")
    writable(path)
    target = Path(path)
    if dispute and target.name == DISPUTE:
        raise Refused(f"{path}: the dispute page is written beside the table page as {DISPUTE}: "
                      f"give the table page another name (table.html)")
    try:
        written = write_table(target, rules, names)
        if dispute:
            written += page(str(target.with_name(DISPUTE)), ",".join(names[:2]), None, rules)[:1]
    except OSError as e:
        raise Refused(f"{path}: cannot be written: {e.strerror or e}") from None
    return written
