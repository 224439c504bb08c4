"""The game log's schema, and validating the plain data `source` reads into events.

A log writes each event as `{name: {fields}}`; one thin step turns that into the tagged
form `{"event": name, **fields}` so that a single pydantic `TypeAdapter` validates the whole
log in pydantic-core. Every problem becomes a `LogError` naming the source, the event and
what is wrong: never a traceback.
"""
from __future__ import annotations

import re
import unicodedata
from itertools import chain, compress, count
from operator import attrgetter, itemgetter, not_
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, cast, get_args

from orjson import JSONEncodeError, dumps
from pydantic.dataclasses import dataclass as pydantic_dataclass
from pydantic import (AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, PlainValidator,
                      model_validator,
                      StrictBool, StrictInt, StrictStr, TypeAdapter, ValidationError,
                      WithJsonSchema)

from . import problems as plain
from .cards import Card, SUITS
from .options import options_schema, problems as option_problems
from .source import MAX_ITEMS, MAX_LOG_BYTES, MAX_PROBLEMS, check_json_keys, is_json, parse_text, read_source
from .source import LogError as LogError   # named here too: a log's error

if TYPE_CHECKING:
    from pydantic.dataclasses import PydanticDataclass
    from pydantic_core import ErrorDetails

MAX_EVENTS = MAX_ITEMS


def _card(value: Any) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


def _suit(value: Any) -> str:
    if isinstance(value, str) and len(value) == 1 and value.upper() in SUITS:
        return value.upper()
    raise ValueError(f"not a suit: {value!r} (one of S H D C)")


CardField = Annotated[Card, PlainValidator(_card), PlainSerializer(str),
                      WithJsonSchema({"type": "string", "pattern": "^([KQJAkqjaTt987]|10)[SHDCshdc♠♥♦♣]$"})]
SuitField = Annotated[str, BeforeValidator(_suit), WithJsonSchema({"enum": list(SUITS)})]
Player = Annotated[StrictStr, Field(min_length=1, max_length=64)]


def _printable_name(name: str) -> str:
    if not name.isprintable() or name.strip() != name:
        raise ValueError(f"a player's id must be printable, with no control characters "
                         f"and no spaces around it (got {name!r})")
    return name


# the header names the players once; every other player field must be one of them
TablePlayer = Annotated[Player, AfterValidator(_printable_name)]
Count = Annotated[StrictInt, Field(ge=0, le=32)]
Cards = Annotated[list[CardField], Field(max_length=32)]

IRREGULARITIES = (
    "wrong_count", "wrong_order", "deal_out_of_turn", "wrong_pack", "more_than_one_turned",
    "exposed_card", "faced_card", "exposed_in_cut", "short_cut", "improper_shuffle",
    "too_many_given", "too_few_given", "asked_fewer_than_discarded", "took_more_than_discarded",
    "insufficient_stock", "turned_in_error", "retraction", "lead_out_of_turn", "card_taken_back",
    "named_suit_not_played", "revoke", "failure_to_win", "abandoned", "false_king", "late_king",
    "incorrect_pack", "omitted_score", "overscore", "cut_for_deal_exposed", "discard_looked_at",
    "late_new_packs",
    # added by this project
    "shuffle_out_of_turn", "late_mark_king",
    "cut_for_deal_tie",
    "no_turn_up",   # law 10: the exchange or the play began before the trump card was turned up
    "refusal_barred",   # law 37: the dealer refused another discard after turning up a card in error
    "dealer_took_no_card",   # RULESETS.md, option dealer_must_exchange: the dealer accepted and took no card
    # the variants' own (RULESETS.md): ruled with `law: null` and `rule:` the option
    "double_out_of_time", "offer_out_of_time", "double_unanswered", "offer_unanswered",
)
OPTIONS = (
    "rectify", "fresh_deal", "deal_void", "play_on", "choose_trump", "discard_superfluous",
    "draw_superfluous", "complete_from_stock", "cut_again", "fresh_cut", "reshuffle", "take_back",
    "card_stands", "play_to_card_led", "require_named_suit", "replay_hand", "correct_score",
    "take_exposed", "refuse_exposed", "throw_aside", "unplayable_as_tricks", "mark_refused",
    "retraction_refused", "award_point", "award_vole", "exchange_what_remains",
)
Irregularity = Literal[IRREGULARITIES]  # type: ignore[valid-type]
Option = Literal[OPTIONS]  # type: ignore[valid-type]


# Events are slotted pydantic dataclasses: validated as strictly as models, built 2-3x faster.
fields = pydantic_dataclass(config=ConfigDict(extra="forbid", defer_build=True), kw_only=True, slots=True)


@fields
class WithCards:
    """A field set that takes `cards: [...]` or, when identities are unknown, `count: N`."""

    cards: Cards | None = None
    count: Count | None = None

    @model_validator(mode="after")
    def _cards_or_count(self) -> "WithCards":
        if self.cards is None and self.count is None:
            raise ValueError("give cards or count")
        if self.cards is not None:
            if self.count is not None and self.count != len(self.cards):
                raise ValueError(f"count {self.count} but {len(self.cards)} cards")
            object.__setattr__(self, "count", len(self.cards))
        return self


@fields
class CutForDeal:
    event: Literal["cut_for_deal"]
    by: Player
    card: CardField | None = None
    cards: Cards | None = None


@fields
class Shuffle:
    event: Literal["shuffle"]
    by: Player
    faces_exposed: StrictBool = False
    below_table: StrictBool = False


@fields
class Cut:
    event: Literal["cut"]
    by: Player
    top: Count
    bottom: Count | None = None
    exposed: Cards = Field(default_factory=list)


@fields
class Deal(WithCards):
    event: Literal["deal"]
    to: Player
    by: Player | None = None
    pack: Player | None = None


@fields
class Expose:
    event: Literal["expose"]
    card: CardField
    of: Player | None = None


@fields
class Faced:
    event: Literal["faced"]
    card: CardField


@fields
class TurnUp:
    """The trump card turned up: `card`, `cards` (more than one turned) or `count: 1` (a card
    whose identity the log does not know)."""

    event: Literal["turn_up"]
    card: CardField | None = None
    cards: Annotated[list[CardField], Field(min_length=1, max_length=32)] | None = None
    count: Annotated[StrictInt, Field(ge=1, le=1)] | None = None

    @model_validator(mode="after")
    def _one_way(self) -> "TurnUp":
        given = [k for k in ("card", "cards", "count") if getattr(self, k) is not None]
        if len(given) > 1:
            raise ValueError(f"give one of card, cards or count, not {' and '.join(given)}")
        return self


@fields
class ByPlayer:
    by: Player


@fields
class Look(ByPlayer):
    event: Literal["look"]


@fields
class MarkKing(ByPlayer):
    event: Literal["mark_king"]


@fields
class AnnounceKing(ByPlayer):
    event: Literal["announce_king"]


@fields
class Propose(ByPlayer):
    """The non-dealer proposes; `count`, the number of cards he proposes to exchange (004), means
    what a following `ask` means (RULESETS.md)."""

    event: Literal["propose"]
    count: Count | None = None


@fields
class Accept(ByPlayer):
    event: Literal["accept"]
    conditional: StrictBool = False


@fields
class Refuse(ByPlayer):
    event: Literal["refuse"]


@fields
class Ask(ByPlayer):
    event: Literal["ask"]
    count: Count


@fields
class Discard(WithCards):
    event: Literal["discard"]
    by: Player


@fields
class Give(WithCards):
    event: Literal["give"]
    to: Player


@fields
class Play(ByPlayer):
    event: Literal["play"]
    card: CardField
    names: SuitField | None = None


@fields
class TakeBack(ByPlayer):
    event: Literal["take_back"]


@fields
class Abandon(ByPlayer):
    event: Literal["abandon"]


@fields
class Show(ByPlayer):
    event: Literal["show"]


@fields
class Holds:
    """At this moment `player` holds these cards (among others, perhaps): known from a later
    showing, or agreed by both players, where the log recorded his cards by count."""

    event: Literal["holds"]
    player: Player
    cards: Annotated[list[CardField], Field(min_length=1, max_length=32)]


class Tricks(BaseModel):
    """`tricks: {A: 3, Y: 2}`: the result of a hand whose play was not recorded."""

    model_config = ConfigDict(extra="allow", frozen=True)
    event: Literal["tricks"]
    __pydantic_extra__: dict[str, Annotated[StrictInt, Field(ge=0, le=5)]]


@fields
class Claim(ByPlayer):
    event: Literal["claim"]
    irregularity: Irregularity
    player: Player | None = None
    count: Count | None = None
    trick: Annotated[StrictInt, Field(ge=1, le=5)] | None = None
    card: CardField | None = None


@fields
class Elect(ByPlayer):
    event: Literal["elect"]
    option: Option
    card: CardField | None = None


@fields
class Mark(ByPlayer):
    event: Literal["mark"]
    points: Annotated[StrictInt, Field(ge=1, le=5)]
    for_: Literal["king", "point", "vole"] | None = Field(None, alias="for")


@fields
class TakeDown(ByPlayer):
    event: Literal["take_down"]
    points: Annotated[StrictInt, Field(ge=1, le=50)]


@fields
class NewPacks(ByPlayer):
    event: Literal["new_packs"]


# the variants' events (RULESETS.md): doubling, offering the point, pool and linked games

@fields
class Double(ByPlayer):
    """`doubling`: a player proposes to double the points of the hand."""

    event: Literal["double"]


@fields
class AcceptDouble(ByPlayer):
    event: Literal["accept_double"]


@fields
class DeclineDouble(ByPlayer):
    event: Literal["decline_double"]


@fields
class OfferPoint(ByPlayer):
    """`offer_point`: a player offers his adversary the point of the hand."""

    event: Literal["offer_point"]


@fields
class AcceptOffer(ByPlayer):
    event: Literal["accept_offer"]


@fields
class DeclineOffer(ByPlayer):
    event: Literal["decline_offer"]


@fields
class NewGame:
    """`pool` and `match: linked`: the next game begins, between these two players; `dealer`, who
    deals first in it (else the rule of the variant says)."""

    event: Literal["new_game"]
    players: Annotated[list[Player], Field(min_length=2, max_length=2)]
    dealer: Player | None = None


Event = Annotated[Union[CutForDeal, Shuffle, Cut, Deal, Expose, Faced, TurnUp, Look, MarkKing,
                        AnnounceKing, Propose, Accept, Refuse, Ask, Discard, Give, Play, TakeBack, Abandon,
                        Show, Holds, Tricks, Claim, Elect, Mark, TakeDown, NewPacks,
                        Double, AcceptDouble, DeclineDouble, OfferPoint, AcceptOffer, DeclineOffer, NewGame],
                  Field(discriminator="event")]
# pydantic's dataclasses, which mypy reads as plain dataclasses
EVENT_MODELS = cast("tuple[type[PydanticDataclass], ...]", get_args(get_args(Event)[0]))
EVENT_NAMES: tuple[str, ...] = tuple(get_args(m.__pydantic_fields__["event"].annotation)[0] for m in EVENT_MODELS)
_KNOWN_EVENTS = frozenset(EVENT_NAMES)


# what a scenario expects is read by the tests only (`expected`), never by the adjudicator: its
# models are built when first used, not at every start of the command
SCENARIO_ONLY = ConfigDict(extra="forbid", defer_build=True)


class ExpectedOutcome(BaseModel):
    """What a scenario expects an open choice's option to make of the game."""

    model_config = SCENARIO_ONLY
    score: dict[StrictStr, StrictInt] | None
    winner: StrictStr | None
    game_value: StrictInt | None
    cards: dict[StrictStr, "ExpectedOutcome"] | None = None   # an option taken with a card, per card


class ExpectedRuling(BaseModel):
    """What a scenario expects of one ruling: only the keys given are compared."""

    model_config = SCENARIO_ONLY
    law: StrictInt | None = None
    rule: StrictStr | None = None   # a variant's own ruling (`law: null`): the option's name
    laws: list[StrictInt] | None = None
    irregularity: Irregularity | None = None
    event: StrictInt | None = None
    deal: StrictInt | None = None
    offender: StrictStr | None = None
    chooser: StrictStr | None = None
    options: list[Option] | None = None
    elected: Option | None = None
    elected_card: StrictStr | None = None
    claimed: StrictBool | None = None
    outcomes: dict[Option, ExpectedOutcome] | None = None
    # a fact the log does not know -> "true"/"false" -> the keys expected of that decision
    unknown: dict[StrictStr, dict[Literal["true", "false"], dict[StrictStr, Any]]] | None = None


class ExpectedGame(BaseModel):
    """One game of a pool or a linked match, as the report's `games` gives it."""

    model_config = SCENARIO_ONLY
    players: list[StrictStr]
    score: dict[StrictStr, StrictInt]
    winner: StrictStr | None
    value: StrictInt | None


class Expect(BaseModel):
    """A scenario's expected answer (an extension of the format: logs may carry it), as this
    project's scenarios write it (`expected`)."""

    model_config = SCENARIO_ONLY
    ok: StrictBool | None = None
    score: dict[StrictStr, StrictInt]
    winner: StrictStr | None
    game_value: StrictInt | None = None
    rulings: list[ExpectedRuling]
    ignored_events: list[StrictInt] | None = None
    games: list[ExpectedGame] | None = None   # pool and linked logs (RULESETS.md)
    pool_winner: StrictStr | None = None
    # the rows of RULESETS.md's options table the scenario shows, each with the side (value) it
    # is on; the value is checked against the options the report echoes (tests/test_scenarios.py)
    shows: dict[StrictStr, Any] | None = None


def _version(value: Any) -> Any:
    if type(value) is not int:   # not True, 1.0 or "1", which a loose reading would take for 1
        raise ValueError(f"this reader knows format version 1, written as the number 1 (got {_short(value)})")
    return value


class Log(BaseModel):
    """A whole game log: the header and the events in file order."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    ecarte: Annotated[Literal[1], BeforeValidator(_version)]
    rules: Annotated[StrictStr, Field(min_length=1, max_length=64)] = "cavendish"
    """The rule set's name; `lawbook.rulesets` knows the names and resolves the options."""
    players: Annotated[list[TablePlayer], Field(min_length=2, max_length=3)]
    dealer: Player | None = None
    options: Annotated[dict[StrictStr, Any], WithJsonSchema(options_schema())] = {}
    """As written (checked by `record.options`: names and values); resolved by the law book."""
    events: Annotated[list[Event], Field(max_length=MAX_EVENTS)]
    # scenario extensions
    title: StrictStr | None = None
    description: StrictStr | None = None
    laws: list[Annotated[StrictInt, Field(ge=1, le=51)]] | None = None  # the laws a scenario shows
    # what a test suite expects of the log: not read by the adjudicator, so another suite's keys
    # are no error; this project's own scenarios are read strictly by its tests (`expected`)
    expect: Any = None


LOG = TypeAdapter(Log)


def expected(log: Log) -> Expect | None:
    """A scenario's `expect`, read strictly as this project's scenarios write it (pydantic's
    ValidationError if it does not fit): for the tests that compare it with the answer."""
    return None if log.expect is None else Expect.model_validate(log.expect)


def log_json_schema() -> dict[str, Any]:
    """The JSON Schema of a log, in the `{name: {fields}}` form people write."""
    inner = LOG.json_schema(mode="validation")
    defs = inner.get("$defs", {})
    variants = []
    for name in EVENT_NAMES:
        model = next(k for k, d in defs.items()
                     if d.get("properties", {}).get("event", {}).get("const") == name)
        fields = dict(defs[model])
        props = {k: v for k, v in fields.get("properties", {}).items() if k != "event"}
        fields["properties"] = props
        fields["required"] = [r for r in fields.get("required", []) if r != "event"]
        variants.append({"type": "object", "additionalProperties": False, "required": [name],
                         "properties": {name: {"anyOf": [fields, {"type": "null"}]}}})
    inner["properties"]["events"] = {"type": "array", "items": {"oneOf": variants}}
    event_models = {m.__name__ for m in EVENT_MODELS}
    inner["$defs"] = {k: v for k, v in defs.items() if k not in event_models}
    inner["title"] = "ecarte-log version 1"
    return inner


# ------------------------------------------------------------ validating a log

# the events already read from orjson's data, by the JSON orjson writes of them: one seen before
# (an archive repeats most events: a look, a play, a packet of two) is not validated again. orjson's
# data holds only JSON's own values, no NaN and no infinity, and orjson writes two of them alike
# only where they are equal and of one type, so the same text always stands for the same event.
# Events are never changed once read (the engine reads them; the table keeps its own state).
_KNOWN: dict[bytes, tuple[Any, int, Any]] = {}   # -> (the event, the mapping keys its text holds, `_named`)
_KNOWN_AT_MOST = 20_000


def _tag_events(raw: dict[str, Any], problems: list[tuple[int, str]],
                known: dict[bytes, tuple[Any, int, Any]] | None = None
                ) -> tuple[dict[str, Any], list[int], int, list[Any] | None, list[tuple[int, bytes, int]]]:
    """`{name: {fields}}` -> `{"event": name, **fields}`; shape problems are collected with
    their event number. Returns the tagged log, the number of each event kept, and the mapping
    keys seen (for `check_json_keys`). With `known` (orjson's data only), an event seen before
    is not tagged: it is taken as it was read. Then also every event, those seen before in
    their places as `known` holds them (`None` where one is tagged), and the tagged ones to
    remember once validated: (their place, their text, the keys they hold)."""
    keys = sum(_count_keys(v) + 1 for k, v in raw.items() if k != "events")
    events = raw.get("events")
    if not isinstance(events, list):
        return raw, [], keys, None, []
    keys += 1
    tagged: list[dict[str, Any]] = []
    numbers: list[int] = []
    texts: list[bytes | None] = []
    every: list[Any] | None = None
    if known is not None:
        try:   # each event's text and what is known of it, in C; below, only the events not seen
            texts = list(map(dumps, events))
        except JSONEncodeError:   # an event no text stands for (a string orjson cannot write)
            texts = [_text(item) for item in events]
        every = list(map(known.get, cast(list[bytes], texts)))   # (None, no text: never known)
        if None not in every:
            return {**raw, "events": tagged}, numbers, keys + sum(map(_HELD, every)), every, []
        keys += sum(map(_HELD, filter(None, every)))
    new: list[tuple[int, bytes, int]] = []
    for n in range(1, len(events) + 1) if every is None else compress(count(1), map(not_, every)):
        item = events[n - 1]
        if not isinstance(item, dict) or len(item) != 1:
            keys += _count_keys(item)
            problems.append((n, f"event {n}: an event is a mapping with exactly one key, its name "
                                f"(got {_short(item)})"))
            continue
        (name, fields), = item.items()
        held = 1 + (len(fields) if isinstance(fields, dict) else _count_keys(fields))
        keys += held
        if name not in _KNOWN_EVENTS:
            problems.append((n, f"event {n}: unknown event {_short(name)}{_did_you_mean(name)}"))
            continue
        if fields is None:
            fields = {}
        if not isinstance(fields, dict):
            problems.append((n, f"event {n} ({name}): its fields must be a mapping, not {_short(fields)}"))
            continue
        if "event" in fields:
            problems.append((n, f"event {n} ({name}): unknown field 'event'"))
            continue
        if every is not None and (text := texts[n - 1]) is not None:
            new.append((n - 1, text, held))
        tagged.append({"event": name, **fields})
        numbers.append(n)
    return {**raw, "events": tagged}, numbers, keys, every, new


_HELD = itemgetter(1)   # of a known event: the mapping keys its text holds


def _text(item: Any) -> bytes | None:
    """The text orjson writes of an event, or None where none stands for it."""
    try:
        return dumps(item)
    except JSONEncodeError:
        return None


def _count_keys(data: Any) -> int:
    if isinstance(data, dict):
        return len(data) + sum(_count_keys(v) for v in data.values())
    if isinstance(data, list):
        return sum(_count_keys(v) for v in data)
    return 0


def _printable(key: Any) -> str:
    """A field name as written, or quoted when it holds what a message line cannot show."""
    text = str(key)
    return text if text.isprintable() else repr(text)


def _did_you_mean(name: Any) -> str:
    """`: did you mean 'turn_up'?` for a near miss of an event's name (`turnup`, `Turn-Up`)."""
    if not isinstance(name, str) or len(name) > 40:
        return ""
    return plain.did_you_mean(name.strip().lower().replace("-", "_").replace(" ", "_"), sorted(EVENT_NAMES), cutoff=0.7)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


_QUOTED = re.compile(r"'([^']*)'")


def _describe(error: ErrorDetails, raw: Any, numbers: list[int]) -> tuple[int, str]:
    """A pydantic error in words, with the number of the event it is in (0: the header)."""
    loc = error["loc"]
    msg = plain.said(error)
    got = error.get("input")
    if error["type"] == "string_type" and not isinstance(got, (dict, list)):
        msg += ": quote it"
        if isinstance(got, bool):
            msg += " (YAML reads no, yes, on, off as true or false)"
    elif error["type"] == "literal_error" and len(known := _QUOTED.findall(error["ctx"]["expected"])) > 4:
        msg = (f"{_short(got)} is not one of the {len(known)} known values"
               + (plain.did_you_mean(str(got), known) or " (`ecarte schema` lists them)"))
    if error["type"] == "literal_error" and loc and loc[-1] == "ecarte":
        msg = "this reader knows format version 1"
    if len(loc) >= 2 and loc[0] == "events" and isinstance(loc[1], int):
        name = raw["events"][loc[1]]["event"]
        n = numbers[loc[1]]
        rest = [_printable(p) for p in loc[2:] if p != name]
        return n, f"event {n} ({name}): {_where(rest, msg, error)}"
    return 0, _where([_printable(p) for p in loc], msg, error)


def _where(parts: list[str], msg: str, error: ErrorDetails) -> str:
    """The field and what is wrong with it: "'card' is missing", "count: should be ..."."""
    field = ".".join(parts)
    if plain.missing(error) and field:
        return f"{field!r} is missing"
    return f"{field}: {msg}" if field else (msg if error["type"] != "missing" else "a field is missing")


def validate(raw: Any, source: str, json_text: str | None = None,
             rule_sets: list[str] | None = None, from_orjson: bool = False) -> Log:
    """Turn parsed YAML/JSON into a `Log`, or raise `LogError` listing every problem, in the
    order of the log (the header first). `rule_sets`, where given, are the known rule sets'
    names: a `rules` text that is none of them is one of the problems. `from_orjson`: `raw` is
    orjson's data, whose events seen before are taken as they were read (`_KNOWN`)."""
    if raw is None:
        raise LogError(source, ["the log is empty"])
    if not isinstance(raw, dict):
        raise LogError(source, ["a log is a mapping with the keys ecarte, players and events"])
    events = raw.get("events")
    if isinstance(events, list) and len(events) > MAX_EVENTS:
        raise LogError(source, [f"events: the log has {len(events)} events; at most {MAX_EVENTS} are accepted"])
    rules = raw.get("rules")
    header = [plain.unknown_rules(rules, rule_sets)] if rule_sets is not None and isinstance(rules, str) \
        and rules not in rule_sets else []
    problems: list[tuple[int, str]] = [(0, p) for p in option_problems(raw["options"])] \
        if "options" in raw else []
    more = 0
    log = None
    named = None   # the players each event names, where `_merged` has them
    try:   # JSON nested hundreds deep parses, but is too deep for every walk over it below
        tagged, numbers, keys, every, new = _tag_events(raw, problems, _KNOWN if from_orjson else None)
        if json_text is not None:
            check_json_keys(json_text, keys, source)
        log = LOG.validate_python(tagged)
        if every is not None and not problems:
            events, named = _merged(every, log.events, new)
            log = log.model_copy(update={"events": events})
    except ValidationError as e:
        skip = {("options",), ("rules",)} if header else {("options",)}   # each problem said once
        errors = [err for err in e.errors(include_url=False) if err["loc"][:1] not in skip]
        problems += [_describe(err, tagged, numbers) for err in errors[:MAX_PROBLEMS]]
        more = len(errors) - MAX_PROBLEMS
    except RecursionError:
        raise LogError(source, ["the log is nested too deeply"]) from None
    if problems or log is None:
        raise LogError(source, header + [message for _, message in sorted(problems, key=lambda p: p[0])],
                       more=more)
    # every player named at the table (a field left out: None), found in C: no stranger to look for
    at_table = named is not None and {*log.players, None}.issuperset(chain.from_iterable(named))
    late = _table_problems(log) or ([] if at_table else _strangers(log))
    if header or late:
        raise LogError(source, header + late)
    return log


def _merged(every: list[Any], tagged: list[Event], new: list[tuple[int, bytes, int]]
            ) -> tuple[list[Event], list[Any]]:
    """Every event of the log, and the players each names (`_named`): those seen before as
    they were read, the tagged ones as just validated, in their places; the tagged ones kept,
    by their text, for the logs read next."""
    if len(_KNOWN) > _KNOWN_AT_MOST:
        _KNOWN.clear()
    places = iter(tagged)
    merged = [seen if seen is not None else (event := next(places), 0, _named(event)) for seen in every]
    for place, text, held in new:   # (a copy of the text: orjson's own bytes keep a buffer of 4 kB)
        event, _, named = merged[place]
        _KNOWN[bytes(memoryview(text))] = (event, held, named)
    return list(map(_EVENT, merged)), list(map(_NAMED, merged))


_EVENT, _NAMED = itemgetter(0), itemgetter(2)   # of a known event


def _table_problems(log: Log) -> list[str]:
    """The players who are not two (or three) distinct ids, or a first dealer not among them."""
    players = log.players
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            if a == b:
                return [f"players: the {'two' if len(players) == 2 else 'three'} players must be distinct"]
            if unicodedata.normalize("NFC", a) == unicodedata.normalize("NFC", b):
                return [f"players: {a!r} and {b!r} differ only in how their "
                        "letters are encoded, and look the same: give them distinct names"]
    if log.dealer is not None and log.dealer not in players:
        return [f"dealer: {log.dealer!r} is not at the table {players}"]
    return []


# for each event, a getter of the players it names (always a tuple: one field is asked twice)
_PLAYER_FIELDS = {name: attrgetter(*named, named[0]) for name, m in zip(EVENT_NAMES, EVENT_MODELS)
                  if (named := [f for f in ("by", "to", "of", "player", "pack") if f in m.__pydantic_fields__])}


def _named(ev: Any) -> Any:
    """The players an event names, a field left out as None (for `tricks`, its mapping, keyed by them)."""
    get = _PLAYER_FIELDS.get(ev.event)
    return get(ev) if get is not None else ev.__pydantic_extra__ if ev.event == "tricks" else \
        (*ev.players, ev.dealer) if ev.event == "new_game" else ()


def _strangers(log: Log) -> list[str]:
    """Every event that names a player who is not at the table."""
    table: set[str | None] = set(log.players)
    problems = []
    table.add(None)   # a field left out
    for n, ev in enumerate(log.events, 1):
        named = _named(ev)
        if table.issuperset(named):
            continue
        for p in dict.fromkeys(named):   # each stranger once, in the order the fields name them
            if p not in table:
                problems.append(f"event {n} ({ev.event}): {p!r} is not at the table ({', '.join(log.players)})")
    return problems


# orjson reads a JSON text as `json.loads` does, but for an integer past 64 bits (a float to
# orjson), a float's last digit, and the depth at which each refuses: no field of a valid log
# but `expect` (which the adjudicator never reads) holds the first two, and a log of fewer
# brackets than this is not deep enough for the third
_SHALLOW = 900


def read_text(text: str, source: str, rule_sets: list[str] | None = None, read: Any = None) -> Log:
    """One log from its text. `read`: the data orjson made of this JSON text (the scan's), taken
    rather than parsing the text again; where it is not a valid log, the text is parsed again
    (the problems are said as `json.loads` reads it)."""
    json_text = is_json(text)
    if read is not None and json_text and len(text) <= MAX_LOG_BYTES \
            and text.count("{") + text.count("[") <= _SHALLOW:
        try:
            return validate(read, source, text, rule_sets, from_orjson=True)
        except LogError:
            pass
    return validate(parse_text(text, source), source, text if json_text else None, rule_sets)


def read_file(path: str) -> Log:
    """One log from a file (`-` is standard input)."""
    return read_text(read_source(path), path)
