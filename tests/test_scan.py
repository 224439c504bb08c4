"""Differential tests of the lean path: any game `scan` accepts, the full replay must report
identically (the whole JSON object, compared as text). The logs: the generator's games, every
scenario written as JSON, hypothesis games, and thousands of mutated logs."""
from __future__ import annotations

import copy
import importlib.util
import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml
from hypothesis import example, given, strategies as st

from adjudicator import adjudicate_text
from adjudicator.engine.generate import PACK, dumps, random_game
from adjudicator.engine.generate_games import games
from adjudicator.lawbook.laws import default_book
from adjudicator.engine.scan import scan, scan_data
from adjudicator.record.cards import Card
from adjudicator.record.source import LogError, is_json, is_json_line, parse_yaml
from adjudicator.words.report import report_json

from resumed import resumed_agrees

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.yaml"))
SCORING = default_book().scoring


def full(text: str, source: str = "t") -> str | None:
    """The full replay's `validate --json` object as text for a clean game; None otherwise."""
    try:
        report = adjudicate_text(text, source)
    except LogError:
        return None
    return json.dumps({"source": source, **report_json(report)}, ensure_ascii=False) if report.ok else None


def agree(text: str, source: str = "t") -> bool:
    """Checks that the scan accepts only what the replay reports identically (given the text, or
    its bytes as an archive's line holds them), and that where it doubts, the replay resumed
    after its clean deals answers as the full replay does (`resumed.resumed_agrees`); whether
    it accepted."""
    got = scan(text, source, SCORING)
    assert scan(text.encode("utf-8", "surrogatepass"), source, SCORING) == got, text
    if got is None:
        resumed_agrees(text, source)   # and the replay resumed after its clean deals, the full replay's
        return False
    assert json.dumps(got, ensure_ascii=False) == full(text, source), text
    return True


@pytest.mark.slow
def test_the_generators_games_are_all_scanned_and_agree() -> None:
    logs = [dumps(log) for log, _ in games(300, 11)]
    assert all(agree(text, f"g:{i}") for i, text in enumerate(logs))


def _other_games():
    """benchmarks/other_games.py: a generator the project's code has no part in (another tool's habits)."""
    spec = importlib.util.spec_from_file_location("other_games", ROOT / "benchmarks" / "other_games.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


OTHER = _other_games()


@pytest.mark.slow
def test_another_writers_games_are_all_scanned_and_agree() -> None:
    """A clean archive the project did not write: the share handed to the replay is 0%."""
    logs = list(OTHER.games(300, 7))
    assert all(agree(text, f"o:{i}") for i, text in enumerate(logs))


@pytest.mark.slow
def test_the_new_cases_are_among_the_games_scanned() -> None:
    """The archives above hold what the scan once left to the replay: a king at game point
    marked after the game's end (ignored), law 24's announcement after the king is played, a
    king marked after the looks or the hand, cards in other notations, both game values."""
    found = Counter()
    for text in [dumps(log) for log, _ in games(300, 11)] + list(OTHER.games(300, 7)):
        log = json.loads(text)
        names = [next(iter(e)) for e in log["events"]]
        got = scan(text, "t", SCORING)
        found["ignored"] += "ignored_events" in got
        found["won_by_a_king"] += names[-1] in ("turn_up", "announce_king") or names[-1] == "mark_king" and names[-2] == "turn_up"
        found["law24"] += any(a == "play" and b == "announce_king" for a, b in zip(names, names[1:]))
        found["marked_later"] += any(a != "turn_up" and b == "mark_king" for a, b in zip(names, names[1:]))
        found["notation"] += any(c not in PACK for e in log["events"] for f in e.values() if isinstance(f, dict)
                                 for c in ([f["card"]] if "card" in f else f.get("cards", [])))
        found[log.get("options", {}).get("game_value", "single")] += 1
    assert all(found[k] >= 5 for k in ("ignored", "won_by_a_king", "law24", "marked_later", "notation",
                                       "single", "treble_double_single")), found


def _name(event: dict) -> str:
    return next(iter(event))


def _moved(log: dict, name: str) -> list[dict]:
    """The log with its first `name` event (of a deal whose king was turned up, for
    `mark_king`) moved to every other place within reach: from the deal's turn-up to the next
    deal's turn-up (for a mark: law 22, before the next turn-up), or to the end of its deal."""
    events = log["events"]
    names = [_name(e) for e in events]
    if name == "mark_king":
        kings = [i for i, e in enumerate(events) if names[i] == "turn_up" and str(e["turn_up"]["card"])[0] in "Kk"]
        if not kings:
            return []
        i = kings[0]
        nxt = next((j for j in range(i + 1, len(events)) if names[j] == "turn_up"), len(events))
        marks = [j for j in range(i + 1, nxt) if names[j] == "mark_king"]
        dealer = next(e["deal"]["to"] for e in reversed(events[:i]) if "deal" in e)
        moving = {"mark_king": {"by": dealer}}
        rest = [e for j, e in enumerate(events) if j not in marks]
        stop = next((j for j in range(i + 1, len(rest)) if _name(rest[j]) == "turn_up"), len(rest))
    else:
        if name not in names:
            return []
        k = names.index(name)
        moving, rest = events[k], events[:k] + events[k + 1:]
        i = max(j for j in range(k) if names[j] == "turn_up")
        stop = next((j for j in range(k, len(rest)) if _name(rest[j]) in ("shuffle", "cut", "deal")), len(rest))
    return [{**log, "events": rest[:at] + [moving] + rest[at:]} for at in range(i + 1, stop + 1)]


def _realistic(n: int) -> list[str]:
    return [dumps(log) for log, _ in games(n, 41)] + list(OTHER.games(n, 43))


@pytest.mark.slow
def test_a_king_marked_at_any_moment_law_22_allows() -> None:
    """The dealer's mark of the king turned up, at every place from the turn-up to the next
    deal's turn-up (in the exchange, between the tricks, after the hand, while the next deal is
    dealt; after the game's end, ignored): every such log is scanned, and agrees."""
    tried = 0
    for text in _realistic(40):
        for log in _moved(json.loads(text), "mark_king"):
            assert agree(json.dumps(log, ensure_ascii=False)), log
            tried += 1
    assert tried > 300


@pytest.mark.slow
def test_a_king_announced_at_any_moment_and_the_game_won_by_it_mid_deal() -> None:
    """The king held announced at every place of its deal: each log the replay finds clean is
    scanned (none is handed to the replay), and agrees; those that are not clean (too late,
    before he holds it) go to the replay. A king announced at game point in the exchange leaves
    the rest of the deal after the game's end: ignored, as the replay ignores it."""
    found = Counter()
    for text in _realistic(60):
        for log in _moved(json.loads(text), "announce_king"):
            text = json.dumps(log, ensure_ascii=False)
            clean = full(text) is not None
            assert agree(text) == clean, text
            found["clean" if clean else "not clean"] += 1
            got = scan(text, "t", SCORING)
            if got and set(_name(log["events"][n - 1]) for n in got.get("ignored_events", [])) - {"look", "play", "mark_king"}:
                found["won mid-deal, the exchange after it ignored"] += 1
    assert found["clean"] > 200 and found["not clean"] > 200 and found["won mid-deal, the exchange after it ignored"] >= 5, found


@pytest.mark.slow
def test_the_share_handed_to_the_replay_on_clean_realistic_archives_is_zero(monkeypatch) -> None:
    """`validate`'s own path (archive.files.check) on both generators' archives, realistic in
    their mix (kings turned up and marked at any time, kings announced, games won by a king,
    proposals, both game values): no game reaches the full replay."""
    from adjudicator.archive import files
    from adjudicator.engine import adjudicate as full_replay

    def handed(*args, **kwargs):
        raise AssertionError("a clean game was handed to the full replay")

    monkeypatch.setattr(full_replay, "adjudicate_text", handed)
    mix = Counter()
    for i, text in enumerate(_realistic(300)):
        status, obj = files.check(files.Item(f"g:{i}", text))
        assert status == 0 and obj["ok"]
        names = [_name(e) for e in json.loads(text)["events"]]
        mix["king turned up and marked"] += "mark_king" in names
        mix["king announced"] += "announce_king" in names
        mix["won by a king"] += names[-1] in ("turn_up", "announce_king", "mark_king")
        mix["proposals"] += "propose" in names
    assert all(n >= 30 for n in mix.values()), mix


def test_every_scenario_as_json() -> None:
    accepted = Counter()
    for path in SCENARIOS:
        raw = parse_yaml(path.read_text(), str(path))
        for keep in (True, False):   # as written (`expect` and `laws` too, which the adjudicator does not read) and bare
            log = raw if keep else {k: v for k, v in raw.items() if k not in ("expect", "laws")}
            accepted[keep] += agree(json.dumps(log, ensure_ascii=False), path.name)
    assert accepted[True] >= 10 and accepted[False] >= 10, accepted   # the clean games of scenarios/play, at least


def test_a_hand_abandoned_by_counts_goes_to_the_replay() -> None:
    """A `tricks` event of fewer than five, the `abandon` following (law 42 by counts): the scan
    reads `tricks` of five only, and no `abandon`: it leaves the hand to the replay, which rules on it."""
    paths = [p for p in SCENARIOS if p.name.startswith("law42-by-counts-")]
    assert len(paths) == 3
    for path in paths:
        text = json.dumps(parse_yaml(path.read_text(), str(path)))
        assert scan(text, path.name, SCORING) is None
        assert adjudicate_text(text, path.name).rulings[0].law == 42


@pytest.mark.slow
def test_every_scenario_as_yaml_data() -> None:
    """`adjudicate --json` scans a clean YAML log from its parsed data (scan_data)."""
    accepted = 0
    for path in SCENARIOS:
        raw = parse_yaml(path.read_text(), path.name)
        bare = {k: v for k, v in raw.items() if k not in ("expect", "laws")}
        for text in (path.read_text(), yaml.safe_dump(bare, allow_unicode=True, sort_keys=False)):
            got = scan_data(parse_yaml(text, path.name), path.name, SCORING)
            if got is not None:
                accepted += 1
                assert json.dumps(got, ensure_ascii=False) == full(text, path.name), path
    assert accepted >= 10


# ------------------------------------------------------------------ mutations

OTHER_NAMES = ("play", "look", "deal", "give", "discard", "turn_up", "propose", "accept", "refuse",
               "shuffle", "cut", "announce_king", "mark_king", "ask", "cut_for_deal", "abandon",
               "take_back", "show", "claim", "mark")
ODD_VALUES = (True, False, 1, 0, 2, 5, 31, None, "", "x", "KS", "ks", "10H", [], {}, ["KS"], 1.0)


def _mutate(log: dict, rng: random.Random) -> dict | str:
    """One random change to a log (or to its text): most make an irregular or unreadable log."""
    try:
        return _change(copy.deepcopy(log), rng)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, StopIteration):   # an earlier change broke its shape
        return log


def _change(log: dict, rng: random.Random) -> dict | str:
    events = log["events"]
    i = rng.randrange(len(events))
    (name, fields), = events[i].items()
    kind = rng.randrange(16)
    if kind == 0:
        del events[i]
    elif kind == 1:
        events.insert(i, copy.deepcopy(events[i]))
    elif kind == 2 and i + 1 < len(events):
        events[i], events[i + 1] = events[i + 1], events[i]
    elif kind == 3:
        events.insert(rng.randrange(len(events) + 1), events.pop(i))
    elif kind == 4 and fields:
        key = rng.choice(sorted(fields))
        value = fields[key]
        if isinstance(value, list) and value:
            value[rng.randrange(len(value))] = rng.choice(PACK)
        elif key in ("by", "to"):
            fields[key] = next(p for p in log["players"] if p != value)
        else:
            fields[key] = rng.choice(PACK) if key == "card" else rng.randrange(0, 33)
    elif kind == 5 and fields:
        fields[rng.choice(sorted(fields))] = rng.choice(ODD_VALUES)
    elif kind == 6:
        fields[rng.choice(("names", "count", "by", "pack", "conditional", "bottom", "exposed"))] = \
            rng.choice(("S", 2, log["players"][0], True, 30, ["7H"]))
    elif kind == 7:
        events[i] = {rng.choice(OTHER_NAMES): fields}
    elif kind == 8:
        del events[rng.randrange(i, len(events)):]
    elif kind == 9:
        key = rng.choice(("ecarte", "dealer", "rules", "options", "players", "title", "laws"))
        log[key] = rng.choice((True, "1", 1.0, 2, log["players"][0], "other", {"game_to": 3},
                               {"game_to": True}, {"game_value": "treble_double_single"},
                               ["A", "A"], ["A"], [" A", "B"], "t", [5]))
    elif kind == 10 and isinstance(fields.get("cards"), list) and fields["cards"]:
        fields["cards"].pop() if rng.random() < 0.5 else fields["cards"].append(rng.choice(PACK))
    elif kind == 11:
        text = dumps(log)
        key = rng.choice(('"by":', '"card":', '"to":', '"players":', '"top":'))
        return text.replace(key, key + '"A",' + key, 1) if rng.random() < 0.5 else text.replace(key, key[:-1] + ' :', 1)
    elif kind == 12:
        events.insert(i, rng.choice(({"look": {"by": log["players"][0]}}, {"mark_king": {"by": log["players"][1]}},
                                     {"announce_king": {"by": log["players"][0]}}, {"shuffle": {"by": log["players"][1]}},
                                     {"cut": {"by": log["players"][0], "top": 1}}, {"look": None},
                                     {"propose": {"by": log["players"][1]}}, {"tricks": {log["players"][0]: 3}})))
    elif kind == 13:
        log.setdefault("options", {})["game_to"] = rng.choice((1, 2, 3, 7, 100, 101, 0))
    elif kind == 14:   # after the end: what the log may hold there (ignored), or may not
        a, b = log["players"]
        events.append(rng.choice(({"mark_king": {"by": a}}, {"look": {"by": b}}, {"announce_king": {"by": a}},
                                  {"play": {"by": b, "card": rng.choice(PACK)}}, {"play": {"by": a, "card": "1H"}},
                                  {"look": {"by": "Z"}}, {"mark_king": {}}, {"mark": {"by": a, "points": 1}},
                                  {"claim": {"by": a, "irregularity": "revoke"}}, {"play": {"by": a}})))
    else:   # a card in another notation, or in none
        spot = [(f, k) for e in events for f in e.values() if isinstance(f, dict) for k in ("card", "cards") if k in f]
        f, k = rng.choice(spot)
        if k == "cards" and not f[k]:
            return log
        text = f[k] if k == "card" else f[k][0]
        other = rng.choice((text.lower(), text.replace("10", "T"), text[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.get(text[-1], "?"),
                            text.replace("10", "1"), text[:-1] + "X", " " + text, text + "!", "ｋＨ"))
        if k == "card":
            f[k] = other
        else:
            f[k][0] = other
    return log


def _text(mutant: dict | str) -> str:
    return mutant if isinstance(mutant, str) else json.dumps(mutant, ensure_ascii=False)


@pytest.mark.slow
def test_mutated_logs_agree() -> None:
    rng = random.Random(5)
    bases = [log for log, _ in games(40, 23)] + [json.loads(text) for text in OTHER.games(40, 29)]
    accepted = 0
    for k in range(800):
        mutant = bases[k % len(bases)]
        for _ in range(1 + k % 3):   # one, two or three changes
            mutant = _mutate(mutant, rng) if isinstance(mutant, dict) else mutant
        accepted += agree(_text(mutant), f"m:{k}")
    assert 20 < accepted < 450   # some changes leave a clean game (a look moved), most do not


@pytest.mark.slow
@given(seed=st.integers(0, 2**32 - 1), value=st.sampled_from(["single", "treble_double_single"]),
       game_to=st.integers(1, 12), mutations=st.lists(st.integers(0, 2**32 - 1), max_size=3))
def test_hypothesis_games_and_their_mutants_agree(seed: int, value: str, game_to: int,
                                                  mutations: list[int]) -> None:
    log, _ = random_game(random.Random(seed), game_to=game_to, value=value)
    if not mutations:
        assert agree(dumps(log))
    mutant: dict | str = log
    for m in mutations:
        mutant = _mutate(mutant, random.Random(m)) if isinstance(mutant, dict) else mutant
    agree(_text(mutant))


@pytest.mark.parametrize("text", ["", "[]", "{}", "null", '{"ecarte": 1}', "1" * 5000,
                                  '{"ecarte":1,"players":["A","Y"],"dealer":"A","events":[]}'])
def test_odd_texts_go_to_the_replay(text: str) -> None:
    assert scan(text, "t", SCORING) is None


def _with(log: dict, where: str, value) -> str:
    """The log's text with `value` written at `where`: a header key, the option game_to, or a
    field of the first event of a kind (`cut.top`)."""
    log = copy.deepcopy(log)
    if where == "options":
        log["options"] = {**log.get("options", {}), "game_to": value}
    elif "." in where:
        kind, field = where.split(".")
        next(e[kind] for e in log["events"] if kind in e)[field] = value
    else:
        log[where] = value
    return json.dumps(log, ensure_ascii=False)


@pytest.fixture(scope="module")
def clean_with_cut_and_ask() -> dict:
    """A clean game of another writer's that the scan accepts, with a cut and an ask in it."""
    log = next(log for log in (json.loads(t) for t in OTHER.games(60, 3))
               if all(any(k in e for e in log["events"]) for k in ("cut", "ask")))
    assert agree(json.dumps(log, ensure_ascii=False))
    return log


@pytest.mark.parametrize("value", [2**64, -(2**63) - 1, 10**30, 5.0, float("nan"), float("inf")])
@pytest.mark.parametrize("where", ["ecarte", "options", "cut.top", "ask.count", "laws"])
def test_numbers_orjson_reads_otherwise_go_to_the_replay(clean_with_cut_and_ask: dict, where: str, value) -> None:
    """orjson reads an integer past 64 bits as a float, and refuses NaN and Infinity, which
    `json.loads` (the replay's reader) takes: such a log is the replay's, wherever the number is."""
    text = _with(clean_with_cut_and_ask, where, value if where != "laws" else [value])
    assert scan(text, "t", SCORING) is None


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20)


@pytest.mark.slow
@given(JSON_VALUES)
def test_orjson_reads_what_json_reads_but_for_integers_past_64_bits(value) -> None:
    """The premise of the scan's reader (engine/scan.py, at its import of orjson)."""
    from orjson import loads
    text = json.dumps(value, ensure_ascii=False)
    try:
        got = loads(text)
    except ValueError:   # orjson.JSONDecodeError: a lone surrogate, a number out of range
        return
    wide = json.loads(text, parse_int=lambda s: int(s) if -(2**63) <= int(s) < 2**64 else float(s))
    assert json.dumps(got) == json.dumps(wide) == json.dumps(loads(text.encode()))   # the text, or its bytes


@given(st.binary(max_size=12) | st.text(max_size=12).map(str.encode))
@example(b'{"a": 1}\n')
@example(b"\r\n[")
@example(b"{\xff")
@example(b"\x1c{")
@example(b"ecarte: 1")
def test_a_line_kept_as_bytes_is_one_the_text_reads_as_json(data: bytes) -> None:
    """`is_json_line` (an archive's line kept as bytes for the scan) says JSON only where
    `is_json`, on the line's text, says so too."""
    line = b" \t" + data
    if is_json_line(line):
        try:
            text = line.decode()
        except UnicodeDecodeError:
            return   # the scan refuses it, and `check` says it is not UTF-8
        assert is_json(text)


# ------------------------------------------------------------------ doubles and offers of the point

STAKES = ({"doubling": True}, {"offer_point": True})


def _stake_games(n: int, seed: int, clean: bool) -> list[dict]:
    """Games with doubles or offers under every base: clean ones (every double and offer in time
    and answered), and, not `clean`, with doubles and offers out of time or unanswered (the
    replay's: rulings)."""
    from adjudicator.engine.generate_variants import variant_game
    rng = random.Random(seed)
    return [variant_game(rng, {**STAKES[i % 2], "game_to": rng.choice((1, 2, 3, 5))},
                         rules=("cavendish", "french", "modern")[i % 3], clean=clean)[0] for i in range(n)]


def test_games_with_doubles_and_offers_are_scanned_and_agree() -> None:
    """Every clean game with doubles (accepted, declined) and offers (accepted, declined and won
    or lost, with plays after the offerer's trick ignored) is the scan's, and agrees."""
    logs = _stake_games(120, 61, clean=True)
    assert all(agree(dumps(log), f"s:{i}") for i, log in enumerate(logs))
    names = Counter(next(iter(e)) for log in logs for e in log["events"])
    assert all(names[k] >= 5 for k in ("accept_double", "decline_double", "accept_offer", "decline_offer")), names
    assert sum("ignored_events" in scan(dumps(log), "t", SCORING) for log in logs) >= 3


def test_doubles_and_offers_out_of_time_or_unanswered_go_to_the_replay() -> None:
    logs = _stake_games(120, 67, clean=False)
    accepted = sum(agree(dumps(log), f"s:{i}") for i, log in enumerate(logs))
    assert 0 < accepted < len(logs)


def test_mutated_games_with_doubles_and_offers_agree() -> None:
    """The mutations above, and the variants' events thrown in anywhere, answered or not, by
    either player, or with the option taken off."""
    rng = random.Random(71)
    bases = _stake_games(40, 73, clean=True)
    accepted = 0
    for k in range(600):
        mutant: dict | str = copy.deepcopy(bases[k % len(bases)])
        if k % 2:
            mutant = _mutate(mutant, rng)
        elif isinstance(mutant, dict):
            events = mutant["events"]
            a, b = mutant["players"]
            name = rng.choice(("double", "accept_double", "decline_double", "offer_point", "accept_offer",
                               "decline_offer", "options"))
            if name == "options":
                mutant["options"] = rng.choice(({}, {"doubling": True}, {"offer_point": True}, {"doubling": False}))
            else:
                events.insert(rng.randrange(len(events) + 1), {name: {"by": rng.choice((a, b))}})
        accepted += agree(_text(mutant), f"v:{k}")
    assert 30 < accepted < 570


# ------------------------------------------------------------------ pools and linked matches

SEVERAL = ({"pool": True}, {"match": "linked"}, {"pool": True, "doubling": True},
           {"match": "linked", "offer_point": True})


def _several_games(n: int, seed: int, clean: bool = True) -> list[dict]:
    from adjudicator.engine.generate_variants import variant_game
    rng = random.Random(seed)
    return [variant_game(rng, {**SEVERAL[i % 4], "game_to": rng.choice((1, 2, 3))},
                         rules=("cavendish", "french", "modern")[i % 3], clean=clean)[0] for i in range(n)]


def test_pools_and_linked_matches_are_scanned_and_agree() -> None:
    """Every clean pool and linked match (opening with new_game or not, dealers named or cut
    for, won or stopped unwon) is the scan's, game by game as `engine.games` cuts the log."""
    logs = _several_games(80, 79)
    assert all(agree(dumps(log), f"p:{i}") for i, log in enumerate(logs))
    assert sum(scan(dumps(log), "t", SCORING)["winner"] is not None for log in logs) >= 60
    irregular = _several_games(40, 83, clean=False)
    assert 0 < sum(agree(dumps(log), f"q:{i}") for i, log in enumerate(irregular)) < len(irregular)


def _new_game_mutant(log: dict, rng: random.Random) -> dict:
    """A pool or match with its new_game events changed: another pair, a dealer who does not
    play, a new_game dropped, moved or added, a player who sits out playing, three players in a
    match or two in a pool."""
    try:
        return _change_games(copy.deepcopy(log), rng)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):   # an earlier change broke its shape
        return log


def _change_games(log: dict, rng: random.Random) -> dict:
    events = log["events"]
    at = [n for n, e in enumerate(events) if "new_game" in e] or [0]
    i = rng.choice(at)
    ids = log["players"]
    kind = rng.randrange(7)
    if kind == 0 and "new_game" in events[i]:
        events[i]["new_game"]["players"] = rng.sample(ids + ["Zed"], 2)
    elif kind == 1 and "new_game" in events[i]:
        events[i]["new_game"]["dealer"] = rng.choice(ids + ["Zed"])
    elif kind == 2:
        del events[i]
    elif kind == 3:
        events.insert(rng.randrange(len(events) + 1), {"new_game": {"players": rng.sample(ids, 2)}})
    elif kind == 4:
        j = rng.randrange(len(events))
        (name, f), = events[j].items()
        for key in ("by", "to"):
            if key in f:
                f[key] = rng.choice(ids)
    elif kind == 5:
        log["players"] = ids[:2] if len(ids) == 3 else ids + ["Zed"]
    else:
        log["options"] = {k: v for k, v in log["options"].items() if k not in ("pool", "match")}
    return log


@pytest.mark.slow
def test_mutated_pools_and_matches_agree() -> None:
    rng = random.Random(89)
    bases = _several_games(30, 97)
    accepted = 0
    for k in range(400):
        mutant: dict | str = bases[k % len(bases)]
        mutant = _new_game_mutant(mutant, rng) if k % 2 else _mutate(mutant, rng)
        accepted += agree(_text(mutant), f"n:{k}")
    assert 10 < accepted < 380


# ------------------------------------------------------------------ the rest of a deal won at a king

_KING_WON = {"ecarte": 1, "players": ["N", "S"], "dealer": "S", "options": {"game_to": 1}, "events": [
    {"shuffle": {"by": "S"}}, {"deal": {"to": "N", "cards": ["JH", "10S"]}}, {"deal": {"to": "S", "cards": ["9C", "QC"]}},
    {"deal": {"to": "N", "cards": ["JS", "10C", "9D"]}}, {"deal": {"to": "S", "cards": ["QD", "10H", "AC"]}},
    {"turn_up": {"card": "KH"}}]}


@pytest.mark.parametrize("rest,ruled,scanned", [
    ([{"turn_up": {"card": "KH"}}], True, False),                                    # law 11, law 45: the deal may be void
    ([{"play": {"by": "S", "card": "AC"}}, {"mark_king": {"by": "S"}}], True, False),  # the dealer leads
    ([{"play": {"by": "N", "card": "JS"}}, {"play": {"by": "S", "card": "QC"}}], False, False),   # a revoke: the replay's
    ([{"announce_king": {"by": "N"}}], False, False),                                # a king he does not hold: the replay's
    ([{"play": {"by": "N", "card": "JS"}}], False, True),                            # in turn: ignored
    ([{"play": {"by": "N", "card": "9D"}}, {"play": {"by": "S", "card": "QD"}}], False, True),   # followed, won: ignored
])
def test_the_rest_of_a_deal_won_at_a_king_is_judged_as_the_replay_judges_it(rest: list, ruled: bool,
                                                                               scanned: bool) -> None:
    """A game won at the king turned up, the deal going on: the replay rules on a second
    turn-up and on a lead out of turn (the win waits on them), and ignores the rest; the scan
    takes what it can vouch for and agrees, and hands the replay the others."""
    text = json.dumps({**_KING_WON, "events": _KING_WON["events"] + rest})
    assert bool(adjudicate_text(text, "t").rulings) == ruled
    assert agree(text) == scanned


def test_one_pass_trick_check_is_the_duty_and_the_trick() -> None:
    """`rules.second_card`, the replay's and the scan's one check of a reply, against the law said
    plainly: a reply breaks no duty exactly when it is among the legal replies (a revoke when it
    leaves the suit led while holding it), and it wins when higher in the suit led or a trump."""
    from adjudicator.engine.rules import ACE_HIGH, LONDON, legal_replies, second_card
    rng = random.Random(5)
    checked = Counter()
    for power in (LONDON, ACE_HIGH):
        for trump in (None, "H", "D", "C", "S"):
            for lead in power:
                for card in power:
                    if card == lead:
                        continue
                    rest = [c for c in power if c not in (lead, card)]
                    for _ in range(6):
                        held = [card, *rng.sample(rest, rng.randint(0, 4))]
                        duty, wins = second_card(held, lead, card, trump, power)
                        assert (duty is None) == (card in legal_replies(held, lead, trump, power))
                        leaves = card.suit != lead.suit and any(c.suit == lead.suit for c in held)
                        assert (duty == "revoke") == leaves
                        assert wins == (power[card] > power[lead] if card.suit == lead.suit else card.suit == trump)
                        checked[duty] += 1
    assert checked["revoke"] and checked["failure_to_win"] and checked[None]


def _read(text: str, data: object = None) -> object:
    """The log `read_text` makes of a text (given the data orjson read of it, or not), or its problems."""
    from adjudicator.lawbook.rulesets import rule_sets
    from adjudicator.record.log import read_text
    try:
        return read_text(text, "t", list(rule_sets()), data)
    except LogError as e:
        return e.problems


def _as_read(text: str) -> list[str]:
    """Texts that orjson reads otherwise than `json.loads` (or not at all), made from a log's text."""
    deep = "[" * 950 + "]" * 950
    count = [re.sub(r'"count": ?3\b', lambda _: f'"count": {n}', text, count=1)
             for n in ("36893488147419103232", "3.0", "3.00000000000000011")]
    header = [re.sub(r'"ecarte": ?1\b', lambda _: f'"ecarte": {v}', text, count=1)
              for v in ("1.0", '1, "ecarte": 1', f'1, "expect": {deep}', '1, "title": "\\ud800"', '1, "title": NaN')]
    return [text, *count, *header]


def test_the_data_the_scan_read_makes_the_log_the_text_makes() -> None:
    """The full replay takes the data the scan's orjson read (`record.log.read_text`): the same
    log, or the same problems, as the text parsed again by `json.loads`."""
    from adjudicator.engine.scan import scan_read
    texts = [json.dumps(yaml.safe_load(p.read_text()), ensure_ascii=False, indent=1) for p in SCENARIOS[:40]]
    texts += [dumps(log) for log, _ in games(20, seed=3, irregular=0.5)]
    read = 0
    for text in [t for base in texts for t in _as_read(base)]:
        data = scan_read(text, "t", SCORING)[1]
        read += data is not None
        assert _read(text, data) == _read(text)
    assert read >= len(texts)


# ------------------------------------------------------------------ deals recorded by their results

RESULT_OPTIONS = ({}, {"ace_high": True}, {"dealer_must_exchange": True}, {"refusal_point_on_vole": True},
                  {"doubling": True}, {"offer_point": True}, {"pool": True}, {"match": "linked"})


def _by_counts(log: dict, rng: random.Random, share: float = 0.7, keep_cards: bool = False) -> dict:
    """The log with some of its deals (`share` of them) recorded by their results, as a club's score
    sheet records them: every packet, discard and give by `count`, the hand's plays replaced by its
    `tricks` (where its last card was), most kings announced in it left out (a king announced
    from unknown cards is the replay's); `keep_cards`: the cards named still, the hand by `tricks`."""
    from adjudicator.engine.rules import ranking, second_card
    from adjudicator.lawbook.rulesets import in_force
    from adjudicator.record.cards import Card
    power = ranking(in_force(log.get("rules", "cavendish"), log.get("options", {}), len(log["players"])).options)
    out: list[dict] = []
    blind = False
    trump = None
    lead = None
    won: Counter = Counter()
    last_play = None
    last = ""

    def close() -> None:
        nonlocal last_play, won
        if last_play is not None:
            out.insert(last_play + 1, {"tricks": dict(won)})
        last_play, won = None, Counter()

    for e in log["events"]:
        (name, f), = e.items()
        if name == "deal" and last != "deal" or name in ("shuffle", "cut", "new_game") and last not in ("shuffle", "cut"):
            close()
            if name == "deal" or name == "new_game":
                blind = rng.random() < share
                lead = None
        last = name
        if not blind or not isinstance(f, dict):
            out.append(e)
            continue
        if name == "turn_up" and isinstance(f.get("card"), str):
            trump = Card.parse(f["card"]).suit
        if name in ("deal", "discard", "give") and isinstance(f.get("cards"), list) and not keep_cards:
            out.append({name: {**{k: v for k, v in f.items() if k != "cards"}, "count": len(f["cards"])}})
        elif name == "play":
            c = Card.parse(f["card"])
            if lead is None:
                lead = (f["by"], c)
            else:
                _, wins = second_card([c], lead[1], c, trump, power)
                won[f["by"] if wins else lead[0]] += 1
                lead = None
            out.append({"__gone": None})
            last_play = len(out) - 1
        elif name == "announce_king" and rng.random() < 0.8:
            continue
        else:
            out.append(e)
    close()
    return {**log, "events": [e for e in out if "__gone" not in e]}


def _result_only(n: int, seed: int) -> list[dict]:
    """Games with deals recorded by results: the generator's own (its irregular games record some
    deals so: those with no claim or `holds`), and clean games of every rule set and variant, and
    another writer's, with some deals rewritten so (`_by_counts`)."""
    rng = random.Random(seed)
    logs = []
    for k, rules in enumerate(("cavendish", "french", "modern")):
        for options in RESULT_OPTIONS:
            for log, _ in games(n, seed + k, 0.2, rules, options):
                names = {_name(e) for e in log["events"]}
                if "tricks" in names and not names & {"claim", "holds"}:
                    logs.append(log)
            logs += [_by_counts(log, rng) for log, _ in games(n // 3, seed + 7 + k, 0.0, rules, options)]
            logs += [_by_counts(log, rng, keep_cards=True) for log, _ in games(n // 6, seed + 9 + k, 0.0, rules, options)]
    logs += [_by_counts(json.loads(text), rng) for text in OTHER.games(n, seed)]
    return logs


def test_deals_recorded_by_their_results_are_scanned_and_agree() -> None:
    """A deal recorded by counts (packets, discards and gives by `count`, the hand by `tricks`)
    is the scan's where no card's identity matters, under every rule set and variant: each log
    it accepts, the replay reports identically; most of them it accepts."""
    logs = _result_only(30, 101)
    accepted = sum(agree(json.dumps(log, ensure_ascii=False), f"r:{i}") for i, log in enumerate(logs))
    with_tricks = [log for log in logs if any("tricks" in e for e in log["events"])]
    assert len(with_tricks) > 300 and accepted > len(logs) // 3, (accepted, len(logs))


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_generated_game_of_every_rule_set_and_variant_agrees(seed: int) -> None:
    """`python -m adjudicator.generate 300 --seed S` (clean, and --irregular 0.2, which records
    deals by counts) under each rule set and variant: where the scan accepts, the replay agrees."""
    accepted = total = 0
    for rules in ("cavendish", "french", "modern"):
        for options in RESULT_OPTIONS:
            for irregular in (0.0, 0.2):
                for i, (log, _) in enumerate(games(300, seed, irregular, rules, options)):
                    accepted += agree(dumps(log), f"{rules}:{i}")
                    total += 1
    assert accepted > total // 2


def test_a_result_only_deal_where_a_card_would_matter_goes_to_the_replay() -> None:
    """A king announced once the hand is over, `holds`, a card played or named from a hand of
    unknown cards, tricks that do not add up to five, an `abandon`, a count the round does not
    allow: doubts. A king announced before the tricks, from unknown cards, is held as the
    replay holds it (`in_play.holds_trump_king`), unless it is the card turned up."""
    log = next(log for log in _result_only(10, 5)
               if scan(json.dumps(log), "t", SCORING) is not None and any("count" in e.get("deal", {}) for e in log["events"]))
    events = log["events"]
    at = next(i for i, e in enumerate(events) if "tricks" in e)
    a, b = log["players"]
    turned = next(e["turn_up"]["card"] for e in reversed(events[:at]) if "turn_up" in e)
    changes = [
        {"announce_king": {"by": a}}, {"holds": {"player": a, "cards": [turned]}}, {"play": {"by": a, "card": turned}},
        {"tricks": {a: 2, b: 2}}, {"tricks": {a: 4, b: 2}}, {"tricks": {a: 5, "Z": 0}}, {"tricks": {a: True, b: 4}},
        {"tricks": {a: 5.0}}, {"abandon": {"by": a}}, {"discard": {"by": a, "count": 6}}, {"give": {"to": b, "cards": [turned]}},
    ]
    for change in changes:
        for where in (at, at + 1):
            text = json.dumps({**log, "events": events[:where] + [change] + events[where + (where == at and "tricks" in change):]})
            held = change == {"announce_king": {"by": a}} and where == at and not turned.startswith("K")
            assert (scan(text, "t", SCORING) is not None) == held or change == {"tricks": {a: 2, b: 2}} and where == at + 1, change
            agree(text)
    # the king of trumps turned up: nobody's unknown cards hold it, and the replay rules on a claim of it
    up = max(i for i, e in enumerate(events[:at]) if "turn_up" in e)
    king = {"turn_up": {"card": "K" + Card.parse(turned).suit}}
    text = json.dumps({**log, "events": events[:up] + [king] + events[up + 1:at] + [{"announce_king": {"by": a}}] + events[at:]})
    assert scan(text, "t", SCORING) is None
    agree(text)


def _recount(log: dict, rng: random.Random) -> dict:
    """A count of a result-only log changed (one more or fewer, none, a wrong type), its tricks
    changed or moved, or its deal half by cards."""
    try:
        return _change_count(copy.deepcopy(log), rng)
    except (KeyError, IndexError, TypeError, ValueError):   # an earlier change broke its shape
        return log


def _change_count(log: dict, rng: random.Random) -> dict:
    events = log["events"]
    spots = [e for e in events for f in e.values() if isinstance(f, dict) and ("count" in f or _name(e) == "tricks")]
    if not spots:
        return log
    e = rng.choice(spots)
    (name, f), = e.items()
    kind = rng.randrange(5)
    if name == "tricks" and kind == 3:   # the other result: the hand's score changes, the log stays clean
        a, b = [p for p in log["players"] if p in f] + [p for p in log["players"] if p not in f][:2 - len(f)]
        e["tricks"] = {a: f.get(b, 0), b: f.get(a, 0)}
    elif name == "tricks":
        p = rng.choice(log["players"])
        f[p] = f.get(p, 0) + rng.choice((-1, 1, 5)) if kind < 3 else rng.choice((None, "1", True, 1.5))
        if kind == 4:
            events.insert(rng.randrange(len(events) + 1), events.pop(events.index(e)))
    elif kind < 3:
        f["count"] += rng.choice((-1, 1, -f["count"]))
    elif kind == 3:
        f["count"] = rng.choice((True, None, "2", 2.0, 33))
    else:
        f["cards"] = rng.sample(PACK, f.pop("count"))
    return log


def test_mutated_result_only_logs_agree() -> None:
    """The mutations of `_mutate`, and odd counts (`_recount`), in logs recorded by results."""
    rng = random.Random(107)
    bases = _result_only(8, 109)
    accepted = 0
    for k in range(900):
        mutant: dict | str = bases[k % len(bases)]
        for _ in range(1 + k % 2):
            if isinstance(mutant, dict):
                mutant = _recount(mutant, rng) if k % 3 else _mutate(mutant, rng)
        accepted += agree(_text(mutant), f"c:{k}")
    assert 20 < accepted < 700, accepted


def test_a_deal_half_by_cards_and_half_by_counts_goes_to_the_replay() -> None:
    """Cards named in a deal recorded by counts (a packet, a discard, a give), or a count in one
    recorded by cards: the scan reads a deal by one or the other, and leaves the mix to the replay."""
    logs = [log for log in _result_only(10, 5) if scan(json.dumps(log), "t", SCORING) is not None]
    tried = Counter()
    for log in logs:
        events = log["events"]
        turned = {e["turn_up"]["card"] for e in events if "turn_up" in e}
        fresh = [c for c in PACK if c not in turned]
        for i, e in enumerate(events):
            (name, f), = e.items()
            if name not in ("deal", "discard", "give") or not isinstance(f, dict):
                continue
            if "count" in f and f["count"]:
                changed = {name: {**{k: v for k, v in f.items() if k != "count"}, "cards": fresh[:f["count"]]}}
            elif "cards" in f and f["cards"]:
                changed = {name: {**{k: v for k, v in f.items() if k != "cards"}, "count": len(f["cards"])}}
            else:
                continue
            text = json.dumps({**log, "events": events[:i] + [changed] + events[i + 1:]})
            assert scan(text, "t", SCORING) is None, (i, changed)
            agree(text)
            tried[name, "count" in f] += 1
    assert all(tried[k, by_count] >= 5 for k in ("deal", "discard", "give") for by_count in (True, False)), tried
