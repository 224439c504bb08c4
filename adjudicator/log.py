"""Reading a game log (YAML, JSON or a JSON Lines archive) into validated events.

A log writes each event as `{name: {fields}}`; one thin step turns that into the tagged
form `{"event": name, **fields}` so that a single pydantic `TypeAdapter` validates the whole
log in pydantic-core. Every problem becomes a `LogError` naming the source, the event and
what is wrong: never a traceback.
"""
from __future__ import annotations

import json
import re
from operator import attrgetter
from typing import Annotated, Any, Literal, Union

import yaml
from pydantic.dataclasses import dataclass as pydantic_dataclass
from pydantic import (BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, PlainValidator,
                      model_validator,
                      StrictBool, StrictInt, StrictStr, TypeAdapter, ValidationError,
                      WithJsonSchema)

from .cards import Card, SUITS

MAX_LOG_BYTES = 8 * 1024 * 1024
MAX_EVENTS = 20_000


class LogError(ValueError):
    """A log that cannot be read: one message per problem, each naming where it is."""

    def __init__(self, source: str, problems: list[str]):
        self.source = source
        self.problems = problems
        super().__init__("\n".join(f"{source}: {p}" for p in problems))


def _card(value: Any) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


def _suit(value: Any) -> str:
    if isinstance(value, str) and value.strip().upper()[:1] in SUITS and len(value.strip()) == 1:
        return value.strip().upper()
    raise ValueError(f"not a suit: {value!r} (one of S H D C)")


CardField = Annotated[Card, PlainValidator(_card), PlainSerializer(str),
                      WithJsonSchema({"type": "string", "pattern": "^([KQJAkqjaTt987]|10)[SHDCshdc♠♥♦♣]$"})]
SuitField = Annotated[str, BeforeValidator(_suit), WithJsonSchema({"enum": list(SUITS)})]
Player = Annotated[StrictStr, Field(min_length=1, max_length=64)]
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
fields = pydantic_dataclass(config=ConfigDict(extra="forbid"), kw_only=True, slots=True)


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
    event: Literal["turn_up"]
    card: CardField | None = None
    cards: Annotated[list[CardField], Field(min_length=1, max_length=32)] | None = None


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
    event: Literal["propose"]


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


EVENT_MODELS = (CutForDeal, Shuffle, Cut, Deal, Expose, Faced, TurnUp, Look, MarkKing,
                AnnounceKing, Propose, Accept, Refuse, Ask, Discard, Give, Play, TakeBack, Abandon,
                Show, Tricks, Claim, Elect, Mark, TakeDown, NewPacks)
Event = Annotated[Union[EVENT_MODELS], Field(discriminator="event")]  # type: ignore[valid-type]
EVENT_NAMES = tuple(m.__pydantic_fields__["event"].annotation.__args__[0] for m in EVENT_MODELS)


@fields
class Options:
    """House agreements: law 46's game value, the length of the game."""

    game_to: Annotated[StrictInt, Field(ge=1, le=100)] = 5
    game_value: Literal["single", "treble_double_single"] = "single"


class ExpectedRuling(BaseModel):
    """What a scenario expects of one ruling: only the keys given are compared."""

    model_config = ConfigDict(extra="forbid")
    law: StrictInt | None = None
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


class Expect(BaseModel):
    """A scenario's expected answer (an extension of the format: logs may carry it)."""

    model_config = ConfigDict(extra="forbid")
    ok: StrictBool | None = None
    score: dict[StrictStr, StrictInt]
    winner: StrictStr | None
    game_value: StrictInt | None = None
    rulings: list[ExpectedRuling]
    ignored_events: list[StrictInt] | None = None


class Log(BaseModel):
    """A whole game log: the header and the events in file order."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    ecarte: Literal[1]
    rules: Literal["cavendish"] = "cavendish"
    players: Annotated[list[Player], Field(min_length=2, max_length=2)]
    dealer: Player | None = None
    options: Options = Options()
    events: Annotated[list[Event], Field(max_length=MAX_EVENTS)]
    # scenario extensions
    title: StrictStr | None = None
    description: StrictStr | None = None
    laws: list[StrictInt] | None = None  # the laws a scenario shows (scenario extension)
    expect: Expect | None = None


LOG = TypeAdapter(Log)


def log_json_schema() -> dict:
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


# ---------------------------------------------------------------- reading text

class _StrictLoader(yaml.CSafeLoader if hasattr(yaml, "CSafeLoader") else yaml.SafeLoader):  # type: ignore[misc]
    """Safe YAML (no tags executed) that refuses a key given twice."""


def _mapping(loader: _StrictLoader, node: yaml.MappingNode) -> dict:
    seen: dict = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the key {key!r} is given twice", key_node.start_mark)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, f"a key must be text, not {key!r}", key_node.start_mark) from None
        seen[key] = loader.construct_object(value_node, deep=True)
    return seen


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def _no_duplicate_pairs(pairs: list[tuple[str, Any]]) -> dict:
    out = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} is given twice")
        out[key] = value
    return out


_JSON_KEY = re.compile(r'"\s*:')


def parse_json(text: str, source: str) -> Any:
    """JSON. A doubled key is caught later, by `check_json_keys`, without a slow parse here."""
    try:
        return json.loads(text)
    except RecursionError:
        raise LogError(source, ["the log is nested too deeply"]) from None
    except ValueError as e:
        raise LogError(source, [f"not valid JSON: {e}"]) from None


def check_json_keys(text: str, keys: int, source: str) -> None:
    """JSON silently keeps the last of two equal keys: when the keys the parse kept are fewer
    than the text writes, parse it again, slowly, to name the doubled key."""
    if keys != text.count('":') and keys != len(_JSON_KEY.findall(text)):
        try:
            json.loads(text, object_pairs_hook=_no_duplicate_pairs)
        except ValueError as e:
            raise LogError(source, [str(e)]) from None


def _count_keys(data: Any) -> int:
    if isinstance(data, dict):
        return len(data) + sum(_count_keys(v) for v in data.values())
    if isinstance(data, list):
        return sum(_count_keys(v) for v in data)
    return 0


MAX_DEPTH = 64
_BRACKETS = re.compile(r"[\[\]{}]")
_DASHES = re.compile(r"^[ \t]*(?:-[ \t]+)*", re.M)


def _may_be_deep(text: str) -> bool:
    """A cheap look for nesting deeper than any log needs (the C loader overflows its stack)."""
    depth = 0
    for b in _BRACKETS.findall(text):
        depth += 1 if b in "[{" else -1
        if depth > MAX_DEPTH:
            return True
    return any(len(m) > 4 * MAX_DEPTH for m in _DASHES.findall(text))


def _too_deep(text: str) -> int | None:
    """The line where the nesting passes MAX_DEPTH, read from the parser's event stream."""
    depth = 0
    for ev in yaml.parse(text, Loader=_StrictLoader):
        if isinstance(ev, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                return ev.start_mark.line + 1
        elif isinstance(ev, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            depth -= 1
    return None


def parse_yaml(text: str, source: str) -> Any:
    """YAML through the C loader; refuses doubled keys, alias bombs and absurd depth."""
    if _may_be_deep(text):
        try:
            line = _too_deep(text)
        except yaml.YAMLError:
            line = None
        if line is not None:
            raise LogError(source, [f"line {line}: the log is nested more than {MAX_DEPTH} deep"])
    if "*" in text:
        try:
            alias = next((t for t in yaml.scan(text, Loader=_StrictLoader) if isinstance(t, yaml.AliasToken)), None)
        except yaml.YAMLError:
            alias = None  # the parse below names the problem
        if alias is not None:
            raise LogError(source, [f"line {alias.start_mark.line + 1}: a log may not use YAML aliases "
                                    "(*name): write the value out"])
    try:
        return yaml.load(text, Loader=_StrictLoader)
    except RecursionError:
        raise LogError(source, ["the log is nested too deeply"]) from None
    except (ValueError, KeyError, IndexError, AttributeError, TypeError) as e:
        raise LogError(source, [f"not valid YAML: a value cannot be read ({' '.join(str(e).split())})"]) from None
    except yaml.YAMLError as e:
        where = getattr(e, "problem_mark", None)
        line = f"line {where.line + 1}: " if where is not None else ""
        problem = getattr(e, "problem", None) or " ".join(str(e).split())
        raise LogError(source, [f"{line}not valid YAML: {problem}"]) from None


def is_json(text: str) -> bool:
    return text.lstrip()[:1] in ("{", "[")


def parse_text(text: str, source: str) -> Any:
    if len(text) > MAX_LOG_BYTES:
        raise LogError(source, [f"the log is {len(text)} characters; at most {MAX_LOG_BYTES} are accepted"])
    if is_json(text):
        return parse_json(text, source)
    return parse_yaml(text, source)


# ------------------------------------------------------------ validating a log

def _tag_events(raw: Any, problems: list[str]) -> tuple[Any, int]:
    """`{name: {fields}}` -> `{"event": name, **fields}`; shape problems are collected.
    Also counts the mapping keys it has seen (for `check_json_keys`)."""
    if not isinstance(raw, dict):
        problems.append("a log is a mapping with the keys ecarte, players and events")
        return raw, 0
    keys = sum(_count_keys(v) + 1 for k, v in raw.items() if k != "events")
    events = raw.get("events")
    if not isinstance(events, list):
        return raw, keys
    keys += 1
    tagged = []
    for n, item in enumerate(events, 1):
        if not isinstance(item, dict) or len(item) != 1:
            problems.append(f"event {n}: an event is a mapping with exactly one key, its name "
                            f"(got {_short(item)})")
            continue
        (name, fields), = item.items()
        if name not in EVENT_NAMES:
            problems.append(f"event {n}: unknown event {name!r}")
            continue
        if fields is None:
            fields = {}
        if not isinstance(fields, dict):
            problems.append(f"event {n} ({name}): its fields must be a mapping, not {_short(fields)}")
            continue
        if "event" in fields:
            problems.append(f"event {n} ({name}): unknown field 'event'")
            continue
        keys += 1 + len(fields)
        tagged.append({"event": name, **fields})
    return {**raw, "events": tagged}, keys


def _printable(key: Any) -> str:
    """A field name as written, or quoted when it holds what a message line cannot show."""
    text = str(key)
    return text if text.isprintable() else repr(text)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _describe(error: dict, raw: Any) -> str:
    loc = error["loc"]
    msg = error["msg"]
    if error["type"] == "value_error":
        msg = msg.removeprefix("Value error, ")
    if error["type"] in ("extra_forbidden", "unexpected_keyword_argument"):
        msg = "unknown field"
    if error["type"] == "string_type" and not isinstance(error.get("input"), (dict, list)):
        msg = (f"expected text, got {error.get('input')!r}: quote it "
               "(YAML reads no, yes, on, off as booleans)")
    if error["type"] == "literal_error" and loc and loc[-1] == "ecarte":
        msg = "this reader knows format version 1"
    if len(loc) >= 2 and loc[0] == "events" and isinstance(loc[1], int):
        n = loc[1]
        name = raw["events"][n]["event"]
        rest = [_printable(p) for p in loc[2:] if p != name]
        field = f"{'.'.join(rest)}: " if rest else ""
        return f"event {n + 1} ({name}): {field}{msg}"
    where = ".".join(_printable(p) for p in loc) or "the log"
    return f"{where}: {msg}"


def validate(raw: Any, source: str, json_text: str | None = None) -> Log:
    """Turn parsed YAML/JSON into a `Log`, or raise `LogError` listing every problem."""
    problems: list[str] = []
    tagged, keys = _tag_events(raw, problems)
    if json_text is not None:
        check_json_keys(json_text, keys, source)
    if problems:
        raise LogError(source, problems)
    try:
        log = LOG.validate_python(tagged)
    except ValidationError as e:
        raise LogError(source, [_describe(err, tagged) for err in e.errors()]) from None
    except RecursionError:
        raise LogError(source, ["the log is nested too deeply"]) from None
    players = log.players
    if players[0] == players[1]:
        raise LogError(source, ["players: the two players must be distinct"])
    if log.dealer is not None and log.dealer not in players:
        raise LogError(source, [f"dealer: {log.dealer!r} is not at the table {players}"])
    strangers = _strangers(log)
    if strangers:
        raise LogError(source, strangers)
    return log


# for each event, a getter of the players it names (always a tuple: one field is asked twice)
_PLAYER_FIELDS = {name: attrgetter(*fields, fields[0]) for name, m in zip(EVENT_NAMES, EVENT_MODELS)
                  if (fields := [f for f in ("by", "to", "of", "player", "pack") if f in m.__pydantic_fields__])}


def _strangers(log: Log) -> list[str]:
    """Every event that names a player who is not at the table."""
    table = set(log.players)
    fields = _PLAYER_FIELDS
    problems = []
    table.add(None)   # a field left out
    for n, ev in enumerate(log.events, 1):
        get = fields.get(ev.event)
        named = get(ev) if get is not None else ev.__pydantic_extra__ if ev.event == "tricks" else ()
        if table.issuperset(named):
            continue
        for p in named:
            if p not in table:
                problems.append(f"event {n} ({ev.event}): {p!r} is not at the table ({', '.join(log.players)})")
    return problems


def read_text(text: str, source: str) -> Log:
    return validate(parse_text(text, source), source, text if is_json(text) else None)


def read_file(path: str) -> Log:
    """One log from a file (`-` is standard input)."""
    return read_text(read_source(path), path)


def read_source(path: str) -> str:
    import sys
    try:
        if path == "-":
            return sys.stdin.read(MAX_LOG_BYTES + 1)
        with open(path, encoding="utf-8") as f:
            return f.read(MAX_LOG_BYTES + 1)
    except UnicodeDecodeError:
        raise LogError(path, ["not a text file (it is not UTF-8)"]) from None
    except OSError as e:
        raise LogError(path, [e.strerror or str(e)]) from None
