"""`ecarte rules` and `ecarte rules diff A B`: the rule sets and their options, from the rule set
files (laws/rulesets/) and the options' words (laws/words/rulesets.yaml), as JSON and in words.

Every point of a difference carries both sides' words: an option's value in words with the
source that gives it, and a law's text in force under each rule set (the London text where a
rule set leaves the law as Cavendish gives it, the replacing words of its source, or its removal
with the sentence that justifies it).
"""
from __future__ import annotations

import functools
import re
from typing import Any

import yaml

from ..lawbook.laws import LawBook, default_book
from ..lawbook.places import WORDS_DIR
from ..lawbook.rulesets import DEFAULT, Change, InForce, RuleSet, rule_sets, unknown_rules
from ..record import options as table
from .textwidth import wrap

_TYPED = re.compile(r"--option \S+")


@functools.lru_cache(maxsize=1)
def _words() -> dict[str, Any]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load((WORDS_DIR / "rulesets.yaml").read_text(encoding="utf-8"), Loader=loader)


def option_words() -> dict[str, dict[str, Any]]:
    """laws/words/rulesets.yaml's options: what each changes, its laws, its source and quote, its values in words."""
    return _words()["options"]


def in_force_words() -> dict[str, str]:
    """laws/words/rulesets.yaml's `in_force`: how `laws N --rules NAME` says a law's change."""
    return _words()["in_force"]


def said(section: str, key: str, **values: Any) -> str:
    """One template of laws/words/rulesets.yaml (`book:`, `explain:`), filled in."""
    return _words()[section][key].format(**values)


def short_of(rules: InForce) -> str:
    """The rules in a sentence: "the French rules", "the London laws as agreed here"."""
    short = rule_sets()[rules.rules].short
    return said("book", "short_agreed", short=short) if rules.header().get("options") else short


def option_turning(law: int, options: Any) -> str | None:
    """The option whose value decides how far law `law` reaches (its `laws:` in
    laws/words/rulesets.yaml), where `options` set it otherwise than the London laws; None if none does."""
    london = rule_sets()[DEFAULT].defaults
    return next((name for name in table.NAMES
                 if law in option_words()[name]["laws"] and getattr(options, name) != getattr(london, name)), None)


def cite(seed: str) -> str:
    """A seed file as a reader cites it: the `cite` of the rule set it is the source of."""
    return next((rs.cite for rs in rule_sets().values() if rs.source == seed), seed)


def book_of(seed: str) -> str:
    """A seed file as a person names it: the book it is (laws/words/rulesets.yaml's `books`)."""
    return next((_words()["books"][rs.name] for rs in rule_sets().values() if rs.source == seed), seed)


def rule_named(rule: str, book: LawBook | None = None) -> str:
    """A variant's own rule as a person names it: its title and its book, never its key."""
    found = (book or default_book()).rules[rule]
    return said("explain", "rule_named", title=found.title, book=book_of(found.source))


def typed(name: str, value: Any) -> str:
    """An option's value as a person types it on a command line: `--option ace_high=true`."""
    return f"--option {name}={_shown(value)}"


def value_words(option: str, value: Any) -> str:
    """An option's value in words; a number by `any` (by `one` for 1, where given: "a game of 1 point")."""
    values = option_words()[option]["values"]
    if value in values:
        return str(values[value])
    return values["one" if value == 1 and "one" in values else "any"].format(value=value)



def _option(name: str, sets: dict[str, RuleSet]) -> dict[str, Any]:
    w = option_words()[name]
    values = list(table.CHOICES[name]) if name in table.CHOICES else None
    return {"name": name, "kind": table.kind(name), **({"values": values} if values else {}),
            "changes": w["changes"], "laws": w["laws"], "source": w["source"], "quote": w["quote"],
            "defaults": {rs.name: getattr(rs.defaults, name) for rs in sets.values()}}


def _change(c: Change) -> dict[str, Any]:
    return {"law": c.law, "removed": c.removed, "text": c.text, "because": c.because,
            "reading": c.reading, "option": c.option, "source": c.source}


def listing() -> dict[str, Any]:
    """`rules --json`: every rule set (its defaults, the laws it changes, what it adds) and every option."""
    sets = rule_sets()
    return {"default": DEFAULT,
            "rule_sets": [{"name": rs.name, "title": rs.title, "source": rs.source, "summary": rs.summary,
                           "silence": rs.silence, "options": rs.defaults.to_json(),
                           "changes": [_change(c) for c in rs.changes.values()],
                           "adds": [{"option": k, **v} for k, v in rs.adds.items()]} for rs in sets.values()],
            "options": [_option(n, sets) for n in table.NAMES]}


def known(name: str) -> RuleSet:
    """The rule set of this name; `ValueError` with a "did you mean" if there is none."""
    sets = rule_sets()
    if name not in sets:
        raise ValueError(unknown_rules(name))
    return sets[name]


def _law_side(rs: RuleSet, law: int, book: LawBook) -> dict[str, Any]:
    change = rs.changes.get(law)
    if change is None:
        return {"removed": False, "text": book.law(law).text, "source": rule_sets()[DEFAULT].source,
                "because": None}
    return {"removed": change.removed, "text": change.text, "source": change.source,
            "because": change.because, "reading": change.reading}


def diff(a: str, b: str, book: LawBook | None = None) -> dict[str, Any]:
    """`rules diff A B --json`: each option whose default differs, and each law either changes,
    with both sides' words; a law changed by an option that differs names it (`turned_by`), and
    `count` counts such a pair once."""
    ra, rb = known(a), known(b)
    book = book or default_book()
    points: list[dict[str, Any]] = []
    for name in table.NAMES:
        va, vb = getattr(ra.defaults, name), getattr(rb.defaults, name)
        if va == vb:
            continue
        w = option_words()[name]
        points.append({"option": name, "changes": w["changes"], "laws": w["laws"],
                       a: {"value": va, "words": value_words(name, va), **option_source(ra, name, va)},
                       b: {"value": vb, "words": value_words(name, vb), **option_source(rb, name, vb)}})
    differing = {p["option"] for p in points}
    for law in sorted(set(ra.changes) | set(rb.changes)):
        if ra.changes.get(law) == rb.changes.get(law):
            continue
        turns = {k for c in (ra.changes.get(law), rb.changes.get(law)) if c for k in c.option}
        by = next((n for n in table.NAMES if n in turns & differing), None)
        points.append({"law": law, "title": book.law(law).title, "turned_by": by,
                       a: _law_side(ra, law, book), b: _law_side(rb, law, book)})
    return {"a": a, "b": b, "points": points, "count": sum(p.get("turned_by") is None for p in points)}


def option_source(rs: RuleSet, name: str, value: Any) -> dict[str, Any]:
    """Where a rule set's default for an option comes from: the London laws where it is theirs;
    else the words of the law it changes or the rule it adds, from its own source; else the
    option's own source (laws/words/rulesets.yaml)."""
    london = rule_sets()[DEFAULT]
    if getattr(london.defaults, name) == value:
        return {"source": london.source, "quote": None}
    for change in rs.changes.values():
        if change.option.get(name) == value:
            return {"source": change.source, "quote": change.text or change.because}
    if name in rs.adds:
        return {"source": rs.source, "quote": rs.adds[name]["text"]}
    w = option_words()[name]
    return {"source": w["source"], "quote": w["quote"]}


def value_source(rs: RuleSet, name: str) -> dict[str, Any]:
    """Where a rule set's default for an option is said, for a person: `quote` and `source`,
    the words of the source that give that value (`option_source`); for the London laws'
    value, Cavendish's words for it with `where` they are (laws/words/rulesets.yaml's
    `london`), or `says`, a sentence true of the laws that have none; and `origin`, the
    option's own source where its words give the other value."""
    value = getattr(rs.defaults, name)
    found = option_source(rs, name, value)
    w = option_words()[name]
    if found["quote"]:
        return {**found, "origin": None}
    london = w["london"]
    origin = None if w["quote"] == london.get("quote") else {"source": w["source"], "quote": w["quote"]}
    return {**found, "quote": london.get("quote"), "where": london.get("where"), "says": london.get("says"),
            "origin": origin}


def _wrap(text: str, indent: str, more: str = "") -> str:
    """Text filled to the terminal's width, an option as typed (`--option KEY=VALUE`) kept on one line."""
    return "\n".join(wrap(text, indent, more, whole=tuple(_TYPED.findall(text))))


def _shown(value: Any) -> str:
    return "true" if value is True else "false" if value is False else str(value)


def listing_text() -> str:
    """`rules` for a person: each rule set in a paragraph, then each option in words, with the
    rule sets that give each of its values and how to type it."""
    data = listing()
    sets = data["rule_sets"]
    out = []
    for rs in sets:
        default = " (the default)" if rs["name"] == data["default"] else ""
        book = book_of(rs["source"])
        out.append(_wrap(f"{rs['name']}{default}: {rs['title']}" + (f"; its source, {book}" if book != rs["title"] else ""), ""))
        out.append(_wrap(rs["summary"], "  "))
        for c in rs["changes"]:
            what = "removed" if c["removed"] else "replaced"
            out.append(_wrap(f"law {c['law']} {what}: {c['reading']}", "    "))
        for add in rs["adds"]:
            changes = option_words()[add["option"]]["changes"]
            out.append(_wrap(f"adds a rule, {changes}: \"{add['text']}\"", "    "))
        out.append("")
    out.append(_wrap("The options the players may agree otherwise, each with the rule sets that give each "
                     "value by default, and how to type it (on a command line; a log's header names it the same):", ""))
    for o in data["options"]:
        kind = "" if o["name"] in table.CHOICES else f", {o['kind']}"
        out.append(_wrap(f"{o['changes'][:1].upper()}{o['changes'][1:]}{kind}:", "  "))
        values = list(dict.fromkeys([*(o["defaults"][rs["name"]] for rs in sets), *o.get("values", ())]))
        for value in values:
            by = [rs["name"] for rs in sets if o["defaults"][rs["name"]] == value]
            head = f"{', '.join(by)}: " if by else ""
            out.append(_wrap(f"{head}{value_words(o['name'], value)} ({typed(o['name'], value)})", "    "))
    return "\n".join(out)


def _london_said(option: str) -> str:
    """An option's London value as `rules diff` says it: Cavendish's words for it and where they
    are, or the sentence that says no London law speaks of it."""
    london = option_words()[option]["london"]
    if "quote" in london:
        return f"as the London laws have it: \"{london['quote']}\" — {london['where']}, {book_of(rule_sets()[DEFAULT].source)}"
    return london["says"]


def _law_lines(p: dict[str, Any], a: str, b: str, head: str, indent: str) -> list[str]:
    out = [_wrap(f"{head}law {p['law']}: {p['title']}", "", indent + "  ")]
    for side in (a, b):
        s = p[side]
        said_ = f"does not apply: \"{s['because']}\"" if s["removed"] else f"\"{s['text']}\""
        out.append(_wrap(f"{side}: {said_} — {book_of(s['source'])}", indent + "  "))
    return out


def diff_text(a: str, b: str) -> str:
    """`rules diff A B` for a person: each point, with both sides' words and their sources; a law
    an option turns is shown under that option, one point with it."""
    data = diff(a, b)
    if not data["points"]:
        return f"{a} and {b} agree on every option and every law."
    n = data["count"]
    out = [_wrap(f"{a} and {b} differ on {n} point{'s' if n != 1 else ''}:", ""), ""]
    for p in data["points"]:
        if "option" in p:
            named = p["laws"] and not any(f"law {n}" in p["changes"] for n in p["laws"])
            laws = f" (law{'s' if len(p['laws']) > 1 else ''} {', '.join(map(str, p['laws']))})" if named else ""
            out.append(_wrap(f"{p['changes'][:1].upper()}{p['changes'][1:]}{laws}", ""))
            for side in (a, b):
                s = p[side]
                out.append(_wrap(f"{side}: {s['words']} ({typed(p['option'], s['value'])})", "  "))
                out.append(_wrap(f"\"{s['quote']}\" — {book_of(s['source'])}" if s["quote"] else
                                 _london_said(p["option"]), "      "))
            for q in data["points"]:
                if q.get("turned_by") == p["option"]:
                    out += _law_lines(q, a, b, "  the law it turns, ", "  ")
        elif p["turned_by"] is None:
            out += _law_lines(p, a, b, "", "")
        else:
            continue
        out.append("")
    return "\n".join(out).rstrip()
