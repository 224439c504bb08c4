"""The table at a moment, as plain data, and the events that led there in words.

`snapshot(replay)` is what lies on the table now (hands, turn-up, stock, discards, trick, who
has looked, who dealt, the score) in card notation (`KH`), ready for JSON and for any drawing:
the quiz draws it in the terminal (`table_text`), the book in SVG. `event_words(event)` says one
event of a log in words, from `laws/words/events.yaml`.
"""
from __future__ import annotations

from dataclasses import asdict, is_dataclass
from functools import lru_cache
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from .cards import RANKS, SUIT_SYMBOLS, SUITS, Card
from .log import EVENT_NAMES
from .words import WORDS_DIR, WordsError, default_words

SIGNS = {suit: sign for sign, suit in SUIT_SYMBOLS.items()}


def _sort_key(card: Card) -> tuple[int, int]:
    return SUITS.index(card.suit), RANKS.index(card.rank)


def _cards(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def snapshot(replay: Any) -> dict[str, Any]:
    """What lies on the table now: the deal in play (None before the first), in card notation."""
    frame: dict[str, Any] = {"players": list(replay.players), "score": dict(replay.score),
                             "deal": None, "cut": {p: str(c) for p, c in replay.cut_cards.items()}}
    deal = replay.deal
    if deal is None:
        return frame
    trick = deal.tricks[-1] if deal.tricks else None
    frame.update({
        "deal": deal.number, "dealer": deal.dealer, "elder": deal.elder, "phase": deal.phase,
        "annulled": deal.annulled,
        "hands": {p: {"cards": _cards(sorted(h.cards, key=_sort_key)), "unknown": h.unknown}
                  for p, h in deal.hands.items()},
        "turn_up": str(deal.turn_up) if deal.turn_up else None,
        "turned": _cards(deal.turned), "trump": deal.trump, "stock": deal.stock,
        "aside": _cards(deal.aside),
        "exposed": str(deal.exposed) if deal.exposed else None,
        "faced": str(deal.faced) if deal.faced else None,
        "discards": {p: deal.discards.get(p, 0) for p in deal.hands},
        "looked": sorted(deal.looked), "won": dict(deal.won), "tricks": len(deal.tricks),
        "trick": None if trick is None else {
            "leader": trick.leader, "lead": str(trick.lead) if trick.lead else None,
            "follower": trick.follower, "follow": str(trick.follow) if trick.follow else None,
            "winner": trick.winner},
    })
    return frame


def card_text(card: Any) -> str:
    """A card as a learner reads it: `K♣`, `10♥`."""
    text = str(card)
    return text[:-1] + SIGNS[text[-1]]


class _EventWords(BaseModel):
    model_config = ConfigDict(extra="forbid")
    words: str
    with_: dict[str, str] = {}
    each: str | None = None


class _Events(BaseModel):
    model_config = ConfigDict(extra="forbid")
    suits: dict[str, str]
    count: dict[str, str]
    events: dict[str, _EventWords]


@lru_cache(maxsize=None)
def events_words() -> _Events:
    """`laws/words/events.yaml`, checked: every event and suit has its words."""
    path = WORDS_DIR / "events.yaml"
    try:
        raw = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        for spec in (raw or {}).get("events", {}).values():
            if isinstance(spec, dict) and "with" in spec:
                spec["with_"] = spec.pop("with")
        loaded = _Events.model_validate(raw)
    except (OSError, yaml.YAMLError, AttributeError) as e:
        raise WordsError(f"events.yaml: cannot be read: {e}") from None
    except ValidationError as e:
        raise WordsError("\n".join(f"events.yaml: {'.'.join(map(str, x['loc']))}: {x['msg']}"
                                   for x in e.errors())) from None
    problems = [f"events.yaml: the event {n!r} has no words" for n in EVENT_NAMES if n not in loaded.events]
    problems += [f"events.yaml: the suit {s!r} has no words" for s in SUITS if s not in loaded.suits]
    problems += [f"events.yaml: count: {k!r} is missing" for k in ("one", "many") if k not in loaded.count]
    if problems:
        raise WordsError("\n".join(problems))
    return loaded


def _field_words(name: str, value: Any) -> str:
    words = default_words()
    if isinstance(value, list):
        return ", ".join(_field_words(name, v) for v in value)
    if isinstance(value, Card):
        return card_text(value)
    if name == "irregularity":
        return words.irregularity(value)
    if name == "option":
        return words.option(value)
    if name == "names":
        return events_words().suits[value]
    return str(value)


def event_words(event: Any) -> str:
    """One event of a log in words: `Y claims: a player has the wrong number of cards in A's hand`."""
    spec_all = events_words()
    fields = asdict(event) if is_dataclass(event) else event.model_dump(by_alias=True)
    fields.pop("event", None)
    if "for_" in fields:
        fields["for"] = fields.pop("for_")
    spec = spec_all.events[event.event]
    given = {k: _field_words(k, v) for k, v in fields.items() if v not in (None, False, [])}
    if spec.each:   # a summary like `tricks: {A: 3, Y: 2}`
        given["each"] = ", ".join(spec.each.format(key=k, value=v) for k, v in given.items())
    if "cards" in given:
        given["what"] = given["cards"]
    elif fields.get("count") is not None:
        count = fields["count"]
        given["what"] = spec_all.count["one" if count == 1 else "many"].format(n=count)
    words = spec.words
    for name, phrase in spec.with_.items():
        if name in given:
            words += " " + phrase
    return words.format_map(_Blank(given))


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return "?"
