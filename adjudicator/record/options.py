"""The options of a log's header (RULESETS.md): the twelve house agreements and variants, their
types and values, checked strictly with a "did you mean" for a near miss.

This is the format's table only: which values an option may take. What each rule set makes the
default is data (laws/rulesets/*.yaml, read by `lawbook.rulesets`, which resolves a header into
an `Options` with every value set). No pydantic here: the lean scan checks headers with it too.
"""
from __future__ import annotations

import difflib
from dataclasses import asdict, dataclass
from typing import Any

INT_RANGE = {"game_to": (1, 100)}
"""The options that take an integer, with their bounds."""
CHOICES: dict[str, tuple[Any, ...]] = {
    "game_value": ("single", "treble_double_single"),
    "cut_for_deal": ("highest", "lowest"),
    "ace_high": (False, True),
    "king_after_first_card": ("law24", "never"),
    "dealer_must_exchange": (False, True),
    "stock_shortage": ("dealer_plays", "last_takes_what_remains"),
    "refusal_point_on_vole": (False, True),
    "match": ("single", "linked"),
    "doubling": (False, True),
    "offer_point": (False, True),
    "pool": (False, True),
}
"""The options that take one of a few values (a bool: False, True)."""
NAMES = ("game_to", "game_value", "cut_for_deal", "ace_high", "king_after_first_card",
         "dealer_must_exchange", "stock_shortage", "refusal_point_on_vole", "match", "doubling",
         "offer_point", "pool")
"""Every option, in the order of RULESETS.md's table."""
REFUSED = (
    ({"doubling": True, "offer_point": True}, "doubling and offer_point"),
    ({"pool": True, "match": "linked"}, "pool and match: linked"),
    ({"game_value": "treble_double_single", "pool": True}, "game_value: treble_double_single and pool"),
    ({"game_value": "treble_double_single", "match": "linked"},
     "game_value: treble_double_single and match: linked"),
)
"""Combinations no source gives (RULESETS.md): refused, exit 2."""


@dataclass(frozen=True, slots=True)
class Options:
    """Every option of a game, resolved: the rule set's defaults and the header's own values."""

    game_to: int
    game_value: str
    cut_for_deal: str
    ace_high: bool
    king_after_first_card: str
    dealer_must_exchange: bool
    stock_shortage: str
    refusal_point_on_vole: bool
    match: str
    doubling: bool
    offer_point: bool
    pool: bool

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def kind(name: str) -> str:
    """The type of an option in words: "an integer from 1 to 100", "true or false", "one of ..."."""
    if name in INT_RANGE:
        lo, hi = INT_RANGE[name]
        return f"an integer from {lo} to {hi}"
    values = CHOICES[name]
    if values == (False, True):
        return "true or false"
    return "one of " + ", ".join(values)


def value_problem(name: str, value: Any) -> str | None:
    """What is wrong with this value for this (known) option, with a suggestion; None if right."""
    if name in INT_RANGE:
        lo, hi = INT_RANGE[name]
        if type(value) is int and lo <= value <= hi:
            return None
        hint = ""
        if type(value) is str and value.strip().isdigit():
            hint = f": did you mean {int(value.strip())} (a number, not text)?"
        return f"{_short(value)} is not {kind(name)}{hint}"
    values = CHOICES[name]
    if values == (False, True):
        if type(value) is bool:
            return None
        hint = ""
        if isinstance(value, str) and value.strip().lower() in ("true", "false", "yes", "no", "on", "off"):
            hint = f": did you mean {str(value.strip().lower() in ('true', 'yes', 'on')).lower()} (without quotes)?"
        elif type(value) is int and value in (0, 1):
            hint = f": did you mean {str(bool(value)).lower()}?"
        return f"{_short(value)} is not {kind(name)}{hint}"
    if type(value) is str and value in values:
        return None
    hint = ""
    if isinstance(value, str):
        close = difflib.get_close_matches(value.strip().lower().replace("-", "_").replace(" ", "_"),
                                          values, n=1, cutoff=0.5)
        if close:
            hint = f": did you mean {close[0]!r}?"
    return f"{_short(value)} is not {kind(name)}{hint}"


def unknown_problem(name: Any) -> str:
    """An option no rule set knows, with the nearest known name and the list of them."""
    close = difflib.get_close_matches(str(name).strip().lower().replace("-", "_"), NAMES, n=1, cutoff=0.6)
    hint = f": did you mean {close[0]!r}?" if close else ""
    return f"unknown option {_short(name)}{hint} (known: {', '.join(NAMES)})"


def problems(given: Any) -> list[str]:
    """Every problem of a header's `options` mapping (unknown names, wrong values), each
    starting with the option it concerns."""
    if not isinstance(given, dict):
        return [f"options: a mapping of option names to values, not {_short(given)}"]
    out = []
    for name, value in given.items():
        if name not in CHOICES and name not in INT_RANGE:
            out.append(f"options: {unknown_problem(name)}")
            continue
        problem = value_problem(name, value)
        if problem is not None:
            out.append(f"options.{name}: {problem}")
    return out


def refused(options: Options) -> list[str]:
    """The combinations of these options that no source gives."""
    values = options.to_json()
    return [f"options: {words} cannot be combined (no source gives them together)"
            for combo, words in REFUSED if all(values[k] == v for k, v in combo.items())]


def _short(value: Any) -> str:
    text = repr(value)
    if isinstance(value, bool):
        text = str(value).lower()
    return text if len(text) <= 60 else text[:57] + "..."


def options_schema() -> dict[str, Any]:
    """The JSON Schema of a header's `options`."""
    props: dict[str, Any] = {}
    for name in NAMES:
        if name in INT_RANGE:
            lo, hi = INT_RANGE[name]
            props[name] = {"type": "integer", "minimum": lo, "maximum": hi}
        elif CHOICES[name] == (False, True):
            props[name] = {"type": "boolean"}
        else:
            props[name] = {"enum": list(CHOICES[name])}
    return {"type": "object", "additionalProperties": False, "properties": props}
