"""A checking library's complaint said in the project's words.

pydantic says "Field required" and "Input should be a valid integer"; a person reading a log, a
rule file or the words beside them wants "'card' is missing" and "should be a whole number, not
'three'". `said(error)` is one error of `ValidationError.errors()` as a phrase to follow its
field's name; `missing(error)` whether it is a field left out (said "'card' is missing");
`located(error)` the phrase with the field's place before it. `json_problem(e)` the JSON
reader's complaint in the same words, `yaml_problem` the YAML reader's. Used
by the log's check (`record.log`), the rule files' (`lawbook.laws`) and the words' (`words.vocabulary`).

`size(n)` is a number of bytes as people say it: "8 MiB", "512 KiB", "300 bytes".
`nearest(name, known)` is a near miss's known name, `did_you_mean(name, known)` the hint for a near miss of a known name: ": did you mean 'french'?";
`unknown_rules(name, known)` the problem of a rule set's name that is none of the known ones.
"""
from __future__ import annotations

import difflib
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic_core import ErrorDetails

_KINDS = {   # pydantic's error types, by what they ask for
    "int_type": "a whole number", "int_parsing": "a whole number", "int_from_float": "a whole number",
    "float_type": "a number", "float_parsing": "a number",
    "bool_type": "true or false", "bool_parsing": "true or false",
    "string_type": "text",
    "list_type": "a list", "tuple_type": "a list", "set_type": "a list",
    "dict_type": "a mapping (key: value)", "model_type": "a mapping (key: value)",
    "model_attributes_type": "a mapping (key: value)", "dataclass_type": "a mapping (key: value)",
}
_BOUNDS = {"greater_than_equal": ("at least", "ge"), "greater_than": ("more than", "gt"),
           "less_than_equal": ("at most", "le"), "less_than": ("less than", "lt")}


def value(v: Any) -> str:
    """A value as a log writes it: true, null, 'text', a list, a mapping; long ones cut."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, dict):
        return "a mapping" if v else "an empty mapping"
    if isinstance(v, (list, tuple)):
        return "a list" if v else "an empty list"
    text = repr(v)
    return text if len(text) <= 60 else text[:57] + "..."


def missing(error: ErrorDetails) -> bool:
    return error["type"] == "missing"


def said(error: ErrorDetails) -> str:
    """One pydantic error as a phrase in plain words (without where it is)."""
    kind, ctx, got = error["type"], error.get("ctx") or {}, error.get("input")
    if kind == "missing":
        return "is missing"
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):
        return "unknown field"
    if kind in _KINDS:
        return f"should be {_KINDS[kind]}, not {value(got)}"
    if kind in _BOUNDS:
        words, key = _BOUNDS[kind]
        return f"should be {words} {ctx.get(key)}, not {got if isinstance(got, str) else value(got)}"
    if kind in ("too_short", "too_long", "string_too_short", "string_too_long"):
        least = kind.endswith("short")
        n = ctx.get("min_length" if least else "max_length")
        unit = "character" if kind.startswith("string") else "item"
        has = len(got) if hasattr(got, "__len__") else ctx.get("actual_length")
        return (f"should have {'at least' if least else 'at most'} {n} {unit}{'s' if n != 1 else ''}"
                + (f", not {has}" if has is not None else ""))
    if kind in ("literal_error", "enum"):
        return f"should be {ctx.get('expected', 'one of the values allowed')}, not {value(got)}"
    if kind in ("value_error", "assertion_error"):
        return error["msg"].removeprefix("Value error, ").removeprefix("Assertion failed, ")
    msg = error["msg"].replace("Input should be", "should be")
    return msg[:1].lower() + msg[1:]


def located(error: ErrorDetails, unknown: str = "unknown field") -> str:
    """The error with where it is: "'both.no_turn_up' is missing", "law: should be ..."."""
    where = ".".join(str(p) for p in error["loc"])
    if missing(error) and where:
        return f"{where!r} is missing"
    if error["type"] == "extra_forbidden":
        return f"{where}: {unknown}" if where else unknown
    return f"{where}: {said(error)}" if where else said(error)


_JSON = {"Expecting value": "a value was expected", "Expecting ',' delimiter": "a comma was expected",
         "Expecting ':' delimiter": "a colon was expected",
         "Expecting property name enclosed in double quotes": "a key in double quotes was expected",
         "Extra data": "more follows the end of the JSON value",
         "Unterminated string starting at": "a text in quotes is not closed",
         "Invalid control character at": "a control character stands inside a text in quotes",
         "Invalid \\escape": "a backslash starts no known escape"}


def json_problem(e: ValueError) -> str:
    """What the JSON reader found wrong, and where: "a comma was expected at line 1, column 27";
    where the text ends before it is complete, its end is named (not the column past it)."""
    if isinstance(e, json.JSONDecodeError):
        words = _JSON.get(e.msg, e.msg[:1].lower() + e.msg[1:])
        doc, at, end = e.doc, e.pos, len(e.doc.rstrip())
        cut = at >= end   # the text ends where more was expected: named at its end, not past it
        if cut:
            at = end   # and a control character met there is the line's end: a text in quotes not closed
            words = _JSON["Unterminated string starting at"] if e.msg.startswith("Invalid control") else words
        line, column = doc.count("\n", 0, at) + 1, at - doc.rfind("\n", 0, at)
        where = f"line {line}, column {column}" if doc.rstrip("\n").count("\n") else f"column {column}"
        return f"{words} at {where}, where the text ends (cut short?)" if cut else f"{words} at {where}"
    return str(e)


_YAML = {   # libyaml's complaints, by their words, in ours
    "did not find expected ',' or ']'": "a list in [ ] is not closed: a comma or ] was expected",
    "did not find expected ',' or '}'": "a mapping in { } is not closed: a comma or } was expected",
    "mapping values are not allowed in this context":
        "a colon stands where no key may begin (a text holding ': ' must be quoted)",
    "found unknown escape character": "a backslash starts no known escape in a text in double quotes",
    "found unexpected end of stream": "the text ends before a quote is closed",
    "did not find expected key": "a line is not indented as the lines around it (a key was expected)",
    "found undefined tag handle": "a tag (!...) that YAML does not know",
    "did not find expected '-' indicator": "a list's item (a line beginning '- ') was expected",
    "did not find expected <document start>": "more follows the end of the log's mapping",
    "could not find expected ':'": "a key without its colon",
    "did not find expected node content": "a value was expected",
    "found a tab character that violates indentation": "a tab indents a line: indent with spaces",
}


def yaml_problem(problem: str, character: str | None = None) -> str:
    """What the YAML reader found wrong, in our words (`character`: the one it met there, for
    "found character that cannot start any token"); another complaint is given as its words."""
    if problem == "found character that cannot start any token" and character:
        if character == "\t":
            return _YAML["found a tab character that violates indentation"]
        return f"a value may not begin with {character!r} (quote the text)"
    return _YAML.get(problem) or f"the YAML reader says: {problem}"


def size(n: int) -> str:
    """A number of bytes as people say it: 8 MiB, 1.5 MiB, 512 KiB, 300 bytes."""
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale:
            amount = n / scale
            return f"{amount:.0f} {unit}" if amount == int(amount) or amount >= 100 else f"{amount:.1f} {unit}"
    return f"{n} byte{'s' if n != 1 else ''}"


def nearest(name: str, known: list[str], cutoff: float = 0.6) -> str | None:
    """The known name nearest to `name` (a near miss: `frnch`, `turnup`), or None."""
    close = difflib.get_close_matches(name, known, n=1, cutoff=cutoff)
    return close[0] if close else None


def unknown_rules(name: Any, known: list[str]) -> str:
    """The problem of a `rules` name that is not a rule set's, with the known names."""
    hint = did_you_mean(str(name).strip().lower(), known, cutoff=0.5)
    return f"rules: unknown rule set {value(name)}{hint} (known: {', '.join(known)})"


def did_you_mean(name: str, known: list[str], cutoff: float = 0.6) -> str:
    """`: did you mean 'french'?` for the known name nearest to `name`; empty if none is near."""
    near = nearest(name, known, cutoff)
    return f": did you mean {near!r}?" if near else ""
