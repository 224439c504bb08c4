"""The book under the rules it is written for (`ecarte book --rules NAME --option KEY=VALUE`):
its name on every page, each law as those rules leave it (replaced in its source's words, or
removed with the sentence that says why), the index's list marked so, and the scoring tables
with the options that change them. The rules are read as `ecarte laws N --rules NAME` reads them
(lawbook/rulesets.py's `InForce`); the words are laws/words/rulesets.yaml's `book:`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...lawbook.laws import Law
from ...lawbook.rulesets import DEFAULT, InForce, chosen, rule_sets
from ...words.learner import scoring_lines
from ...words.rules import cite, option_words, said, short_of, value_words


@dataclass(frozen=True)
class Edition:
    """The rules a book is written under, and its name as each page gives it."""

    rules: InForce
    short: str        # the rules in a sentence: "the French rules", "the London laws as agreed here"
    name: str         # in each page's title
    masthead: str     # under the book's name at the top of each page
    heading: str      # the index's
    london_only: str | None   # the primer's warning: its example game is played under the London laws
    glossary_london: str | None   # the glossary's: its meanings are the London laws'


def edition(asked: InForce | None = None) -> Edition:
    """The book's edition for the rules asked (`--rules`, `--option`); the London laws if none."""
    rules = asked or chosen(None)
    rs = rule_sets()[rules.rules]
    agreed = rules.header().get("options", {})
    short = short_of(rules)
    own = rules.rules == DEFAULT and not agreed
    masthead = said("book", "masthead_silent" if rs.silence else "masthead", title=rs.title)
    if agreed:
        masthead += "; " + said("book", "agreed", agreed="; ".join(value_words(k, v) for k, v in agreed.items()))
    return Edition(rules, short, said("book", "name" if own else "name_under", short=short),
                   masthead[:1].upper() + masthead[1:], said("book", "heading" if own else "heading_under", short=short),
                   None if own else said("book", "primer_london", short=short),
                   None if own else said("book", "glossary_london", short=short))


def in_force(ed: Edition, number: int) -> dict[str, Any] | None:
    """Law `number` as the book's rules change it, for the top of its page: the rule set's words
    (or that it is removed), the sentence of its source that says why, its reading; None where
    the London text is in force."""
    change = ed.rules.changes.get(number)
    if change is None:
        return None
    rs = rule_sets()[change.ruleset]
    key = ("removed" if change.removed else "replaced") + ("" if change.ruleset == ed.rules.rules else "_agreed")
    return {"removed": change.removed, "head": said("book", key, short=rs.short, law=number),
            "text": change.text, "because_head": said("book", "because"), "because": change.because,
            "reading": change.reading, "cite": cite(change.source),
            "london": said("book", "london_removed" if change.removed else "london"),
            "mark": index_mark(ed, number)["text"]}


def index_mark(ed: Edition, number: int) -> dict[str, Any]:
    """What the index's list and the law's heading say of law `number` under the book's rules
    (`changes` has it)."""
    change = ed.rules.changes[number]
    if change.removed:   # removed by the rules in force, whoever words the removal
        return {"removed": True, "text": said("book", "index_removed", short=ed.short)}
    return {"removed": False, "text": said("book", "index_replaced", short=rule_sets()[change.ruleset].short)}


def scoring(ed: Edition, law: Law) -> list[tuple[str, str]]:
    """A law's scoring table under the book's rules: an option of the same name as a line of the
    table gives its value (the points of a game); each other option that reaches the law
    (laws/words/rulesets.yaml's `laws:`) and is set otherwise than in London adds a line."""
    if law.scoring is None:
        return []
    options, london = ed.rules.options.to_json(), rule_sets()[DEFAULT].defaults.to_json()
    given = law.scoring.model_dump(exclude_none=True)
    table = law.model_copy(update={"scoring": law.scoring.model_copy(
        update={k: options[k] for k in given if k in options})})
    extra = [(w["changes"][:1].upper() + w["changes"][1:], value_words(name, options[name]))
             for name, w in option_words().items()
             if law.law in w["laws"] and name not in given and options[name] != london[name]]
    return scoring_lines(table) + extra


def played_under(ed: Edition, rules: str) -> str | None:
    """A scenario's line when its record names other rules than the book's; None when the same."""
    return None if rules == ed.rules.rules else said("book", "played_under", short=rule_sets()[rules].short)
