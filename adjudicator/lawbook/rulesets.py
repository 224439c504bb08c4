"""The rule sets as data (laws/rulesets/NAME.yaml) and the one resolver of a header's options.

A rule set gives every option's default and, for each law it replaces or removes, the words of
its source that do it (`text`), the sentence that justifies it (`because`), the option value
that makes the change (`option`), and for the book the law's title in the rule set's words
(`title`) and the scenario that shows the change most simply (`plain`). `resolve` turns a
header (`rules`, `options`, the players) into the `InForce` the engine reads: every option
resolved, and the law changes those options make.
No code branches on a rule set's name: a rule set added as a file needs no Python. Plain
Python (no pydantic): the lean scan resolves headers with it too.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from ..record import options as table
from ..record.options import Options
from ..record.problems import unknown_rules as _unknown_rules
from ..record.source import LogError
from .cache import LawBookError
from .places import LAWS_DIR

RULESETS_DIR = LAWS_DIR / "rulesets"
DEFAULT = "cavendish"
_TOP = {"name", "title", "short", "cite", "source", "summary", "silence", "restates", "options", "laws", "adds"}
_CHANGE = {"option", "removed", "text", "because", "reading", "title", "plain"}
_ADD = {"text", "because"}


@dataclass(frozen=True)
class Change:
    """A law a rule set replaces (`text`, its source's words) or removes, and why."""

    law: int
    ruleset: str
    option: dict[str, Any]     # the option values that make the change
    removed: bool
    text: str | None
    because: str
    reading: str
    source: str                # the seed file quoted
    title: str | None = None   # the law's title as the rule set words it (a replaced law)
    plain: str | None = None   # the scenario (its file's name) that shows the change most simply


@dataclass(frozen=True)
class RuleSet:
    """One rule set: its name, source, option defaults, and the laws it changes."""

    name: str
    title: str
    source: str
    summary: str
    silence: str | None
    defaults: Options
    changes: dict[int, Change]
    adds: dict[str, dict[str, str]] = field(default_factory=dict)
    short: str = ""    # its name in a sentence ("the French rules"); the title if the file has none
    cite: str = ""     # its source as a reader cites it ("Méry, 1847"); the seed file if none
    restates: frozenset[int] = frozenset()   # the London laws its source gives again: no silence there


@dataclass(frozen=True)
class InForce:
    """The rules a game is played under: the rule set's name (echoed, never branched on), every
    option resolved, and the law changes in force with those options."""

    rules: str
    options: Options
    changes: dict[int, Change]
    silence: str | None = None

    def header(self) -> dict[str, Any]:
        """A log's header for these rules: `rules` (unless the default) and the options that
        differ from the rule set's defaults (none: no `options`)."""
        base = rule_sets()[self.rules].defaults.to_json()
        given = {k: v for k, v in self.options.to_json().items() if base[k] != v}
        return ({"rules": self.rules} if self.rules != DEFAULT else {}) | ({"options": given} if given else {})

    def removed(self, law: int) -> Change | None:
        change = self.changes.get(law)
        return change if change is not None and change.removed else None

    def text(self, law: int, default: str) -> str:
        """The law's words in force: the rule set's replacing words, or the London text."""
        change = self.changes.get(law)
        return change.text if change is not None and change.text else default

    def title(self, law: int, default: str) -> str:
        """The law's title in force: the rule set's for a law it replaces, or the London title."""
        change = self.changes.get(law)
        return change.title if change is not None and change.title else default


def _clean(text: Any) -> str:
    return " ".join(str(text).split())


def _read(path: Path) -> RuleSet:
    """One rule set file, checked: unknown keys, options and values are errors naming it."""
    where = f"rulesets/{path.name}"
    try:
        raw = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as e:
        raise LawBookError(f"{where}: cannot be read: {e}") from None
    problems = []
    if not isinstance(raw, dict):
        raise LawBookError(f"{where}: a rule set is a mapping")
    for key in set(raw) - _TOP:
        problems.append(f"{where}: unknown key {key!r}")
    for key in ("name", "title", "source", "summary", "options"):
        if key not in raw:
            problems.append(f"{where}: {key} is required")
    if problems:
        raise LawBookError("\n".join(problems))
    if raw["name"] != path.stem:
        problems.append(f"{where}: name {raw['name']!r} is not the file's name")
    given = raw["options"]
    problems += [f"{where}: {p}" for p in table.problems(given)]
    if isinstance(given, dict):
        missing = [n for n in table.NAMES if n not in given]
        if missing:
            problems.append(f"{where}: options: a rule set gives every option's default; missing {', '.join(missing)}")
    if problems:
        raise LawBookError("\n".join(problems))
    defaults = Options(**{n: given[n] for n in table.NAMES})
    restates = raw.get("restates") or []
    if not isinstance(restates, list) or any(type(n) is not int or not 1 <= n <= 51 for n in restates):
        problems.append(f"{where}: restates: a list of law numbers, 1 to 51")
        restates = []
    changes = {}
    for law, c in (raw.get("laws") or {}).items():
        here = f"{where}: laws: {law}"
        if type(law) is not int or not 1 <= law <= 51 or not isinstance(c, dict):
            problems.append(f"{here}: a law number from 1 to 51, mapping to its change")
            continue
        problems += [f"{here}: unknown key {k!r}" for k in set(c) - _CHANGE]
        option = c.get("option")
        if not isinstance(option, dict) or not option or table.problems(option):
            problems.append(f"{here}: option: the option values that make the change ({option!r})")
            continue
        if any(getattr(defaults, k) != v for k, v in option.items()):
            problems.append(f"{here}: option {option!r} is not this rule set's own default")
        removed = c.get("removed", False) is True
        if not removed and not c.get("text"):
            problems.append(f"{here}: a change gives the replacing words (text) or removed: true")
        if not c.get("because") or not c.get("reading"):
            problems.append(f"{here}: because (the source's sentence) and reading are required")
            continue
        if removed and c.get("title"):
            problems.append(f"{here}: a removed law keeps its London title (no title)")
        changes[law] = Change(law, raw["name"], dict(option), removed,
                              _clean(c["text"]) if c.get("text") else None, _clean(c["because"]),
                              _clean(c["reading"]), raw["source"],
                              _clean(c["title"]) if c.get("title") else None, c.get("plain"))
    adds = {}
    for rule, a in (raw.get("adds") or {}).items():
        if rule not in table.NAMES or not isinstance(a, dict) or set(a) != _ADD:
            problems.append(f"{where}: adds: {rule!r}: an option's name, with text and because")
            continue
        adds[rule] = {k: _clean(v) for k, v in a.items()}
    if problems:
        raise LawBookError("\n".join(problems))
    return RuleSet(raw["name"], _clean(raw["title"]), raw["source"], _clean(raw["summary"]),
                   _clean(raw["silence"]) if raw.get("silence") else None, defaults, changes, adds,
                   _clean(raw.get("short") or raw["title"]), _clean(raw.get("cite") or raw["source"]),
                   frozenset(restates))


@lru_cache(maxsize=None)
def rule_sets(directory: Path = RULESETS_DIR) -> dict[str, RuleSet]:
    """Every rule set, by name (sorted); `LawBookError` for a file that is not right."""
    found = {}
    for path in sorted(directory.glob("*.yaml")):
        rs = _read(path)
        found[rs.name] = rs
    if DEFAULT not in found:
        raise LawBookError(f"rulesets: no {DEFAULT}.yaml, the default rule set")
    return found


def unknown_rules(name: Any) -> str:
    return _unknown_rules(name, list(rule_sets()))


def in_force(rules: str, given: dict[str, Any] | None = None, players: int = 2) -> InForce:
    """The rules in force for a header; `ValueError` with every problem (one per line) if the
    name is unknown, a value is wrong, the combination is refused or the players do not fit."""
    # the types are part of the key: 1 and True are equal, and only one is a boolean
    key = tuple(sorted(((k, type(v).__name__, v) for k, v in (given or {}).items()), key=lambda x: str(x[0])))
    return _in_force(rules, key, players)


@lru_cache(maxsize=256)
def _in_force(rules: str, given: tuple[tuple[str, str, Any], ...], players: int) -> InForce:
    sets = rule_sets()
    if rules not in sets:
        raise ValueError(unknown_rules(rules))
    given_map = {k: v for k, _, v in given}
    problems = table.problems(given_map)
    if problems:
        raise ValueError("\n".join(problems))
    base = sets[rules]
    values = base.defaults.to_json() | given_map
    options = Options(**values)
    problems = table.refused(options)
    if options.pool and players != 3:
        problems.append(f"players: pool: true is played by three players, not {players}")
    if not options.pool and players != 2:
        problems.append(f"players: {players} players need options: {{pool: true}} (two play a game)")
    if problems:
        raise ValueError("\n".join(problems))
    return InForce(rules, options, _changes(base, options), base.silence)


def _changes(base: RuleSet, options: Options) -> dict[int, Change]:
    """The law changes these options make: the rule set's own where its option values hold, else
    another rule set's that those values make (an option chosen in a header)."""
    values = options.to_json()
    out: dict[int, Change] = {}
    for rs in [base] + [r for r in rule_sets().values() if r is not base]:
        for law, change in rs.changes.items():
            if law not in out and all(values[k] == v for k, v in change.option.items()):
                out[law] = change
    return out


def of_log(log: Any, source: str = "<log>", asked: InForce | None = None) -> InForce:
    """The rules in force for a validated `Log`; `LogError` naming the source if they cannot be.
    `asked` (a command's `--rules`/`--option`) fills only what the log's header does not say:
    the header's `rules` and each option it gives always win."""
    rules, given = log.rules, log.options
    if asked is not None:
        if "rules" not in log.model_fields_set:
            rules = asked.rules
        given = asked.header().get("options", {}) | (log.options or {})
    try:
        return in_force(rules, given or None, len(log.players))
    except ValueError as e:
        raise LogError(source, str(e).split("\n")) from None


def parse_option(text: str) -> tuple[str, Any]:
    """`KEY=VALUE` from a command line, the value read as YAML reads it (true, 3, lowest);
    `ValueError` in words with a suggestion if the key or the value is not right."""
    key, sep, value = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise ValueError(f"--option {text!r}: write KEY=VALUE, e.g. ace_high=true")
    try:
        parsed = yaml.safe_load(value) if value.strip() else value
    except yaml.YAMLError:
        parsed = value
    problems = table.problems({key: parsed})
    if problems:
        raise ValueError(f"--option {text!r}: " + problems[0].split(": ", 1)[1])
    return key, parsed


def chosen(rules: str | None, options: list[str] | None = None) -> InForce:
    """The rules a command is asked to read or ask under (`--rules NAME`, `--option KEY=VALUE`):
    the default rule set unless named, for the players its options call for (three for a pool);
    `ValueError` in words, with a suggestion, if the name, a key, a value or the combination is
    not right."""
    name = DEFAULT if rules is None else rules
    given = dict(parse_option(text) for text in options or [])
    base = rule_sets().get(name)
    pool = given.get("pool", base.defaults.pool if base is not None else False)
    try:
        return in_force(name, given or None, 3 if pool is True else 2)
    except ValueError as e:
        raise ValueError(str(e).replace("rules: unknown", "--rules: unknown", 1)) from None


