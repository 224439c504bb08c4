"""What happened at the table is said by the engine as keys and values (`said`), and in words by
laws/words/happened.yaml: every key the engine says has its words, every value its words name is
given, and no words are left that the engine never says."""
from __future__ import annotations

import ast
import re
from pathlib import Path
from string import Formatter

import pytest

from adjudicator import adjudicate_text
from adjudicator.words.happened import happened, summary_text
from adjudicator.words.vocabulary import default_words

ENGINE = Path(__file__).resolve().parent.parent / "adjudicator" / "engine"
SAID = default_words().happened.said


def _calls() -> list[tuple[str, ast.Call]]:
    out = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "said":
                out.append((f"{path.name}:{node.lineno}", node))
    return out


def _keys(arg: ast.expr) -> list[str] | None:
    """The keys a `said` call's first argument can be: constants, or both sides of an `if`."""
    if isinstance(arg, ast.Constant):
        return [arg.value]
    if isinstance(arg, ast.IfExp):
        body, other = _keys(arg.body), _keys(arg.orelse)
        return None if body is None or other is None else body + other
    return None


def _fields(template: str) -> set[str]:
    return {field for _, field, _, _ in Formatter().parse(template) if field}


def test_the_engine_says_things_only_through_said() -> None:
    assert len(_calls()) > 40


@pytest.mark.parametrize("where,call", _calls(), ids=[w for w, _ in _calls()])
def test_each_key_said_has_its_words_and_their_values(where: str, call: ast.Call) -> None:
    given = {k.arg for k in call.keywords}
    keys = _keys(call.args[0])
    if keys is None:   # a key made at run time (an f-string, a variable): its words exist by prefix
        prefix = call.args[0].values[0].value if isinstance(call.args[0], ast.JoinedStr) else ""
        keys = [k for k in SAID if k.startswith(prefix)] if prefix else []
        if isinstance(call.args[0], ast.JoinedStr):
            assert keys, f"{where}: no words in happened.yaml begin {prefix!r}"
    for key in keys:
        assert key in SAID, f"{where}: happened.yaml has no words for {key!r}"
        assert _fields(SAID[key]) <= given, f"{where}: {key!r} names {_fields(SAID[key]) - given} not given"


def test_no_words_are_left_that_the_engine_never_says() -> None:
    source = "\n".join(p.read_text() for p in ENGINE.glob("*.py"))
    prefixes = re.findall(r'said\(f"([a-z_]+)\{', source)
    unsaid = [k for k in SAID if f'"{k}"' not in source and not any(k.startswith(p) for p in prefixes)]
    assert not unsaid, unsaid


def test_a_ruling_is_said_from_its_facts() -> None:
    report = adjudicate_text("ecarte: 1\nplayers: [A, Y]\ndealer: A\nevents:\n"
                             "  - deal: {to: Y, count: 3}\n  - deal: {to: A, count: 3}\n"
                             "  - deal: {to: Y, count: 2}\n  - deal: {to: A, count: 2}\n"
                             "  - turn_up: {cards: [8H, QC]}\n", "log.yaml")
    ruling, = report.rulings
    assert ruling.what == (("turned_several", {"dealer": "A", "count": 2, "cards": ruling.what[0][1]["cards"]}),)
    assert happened(ruling.what) == "A turned up 2 cards (8H, QC)"
    assert summary_text(ruling.summary).startswith("A turned up 2 cards (8H, QC); Y has not looked at his hand")


def test_a_template_is_said_as_format_says_it() -> None:
    """`_Saying.say` reads a template once and formats it as `str.format` would, a field more than
    a plain name (a conversion, an index) by `Formatter` itself."""
    from adjudicator.words.happened import _Saying
    from adjudicator.words.vocabulary import default_words
    saying = _Saying(default_words().happened)
    assert saying.say("{{a}} {by} led {count} card{count:s}.", {"by": "A", "count": 2}) == "{a} A led 2 cards."
    assert saying.say("{by!r} {cards[1]}", {"by": "A", "cards": ["KH", "7S"]}) == "'A' 7S"
