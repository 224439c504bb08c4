"""Differential tests of the lean path: any game `scan` accepts, the full replay must report
identically (the whole JSON object, compared as text). The logs: the generator's games, every
scenario written as JSON, hypothesis games, and thousands of mutated logs."""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from adjudicator import adjudicate_text
from adjudicator.record.generate import PACK, dumps, games, random_game
from adjudicator.lawbook.laws import default_book
from adjudicator.engine.scan import scan
from adjudicator.record.source import LogError, parse_yaml
from adjudicator.words.report import report_json

SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "scenarios").rglob("*.yaml"))
SCORING = default_book().scoring


def full(text: str, source: str = "t") -> str | None:
    """The full replay's `validate --json` object as text for a clean game; None otherwise."""
    try:
        report = adjudicate_text(text, source)
    except LogError:
        return None
    return json.dumps({"source": source, **report_json(report)}, ensure_ascii=False) if report.ok else None


def agree(text: str, source: str = "t") -> bool:
    """Checks that the scan accepts only what the replay reports identically; whether it accepted."""
    got = scan(text, source, SCORING)
    if got is None:
        return False
    assert json.dumps(got, ensure_ascii=False) == full(text, source), text
    return True


def test_the_generators_games_are_all_scanned_and_agree() -> None:
    logs = [dumps(log) for log, _ in games(300, 11)]
    assert all(agree(text, f"g:{i}") for i, text in enumerate(logs))


def test_every_scenario_as_json() -> None:
    accepted = 0
    for path in SCENARIOS:
        raw = parse_yaml(path.read_text(), str(path))
        for keep in (True, False):   # as written (the scan leaves `expect` to the replay) and bare
            log = raw if keep else {k: v for k, v in raw.items() if k not in ("expect", "laws")}
            accepted += agree(json.dumps(log, ensure_ascii=False), path.name)
    assert accepted >= 10   # the clean games of scenarios/play, at least


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
    kind = rng.randrange(14)
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
    else:
        log.setdefault("options", {})["game_to"] = rng.choice((1, 2, 3, 7, 100, 101, 0))
    return log


def _text(mutant: dict | str) -> str:
    return mutant if isinstance(mutant, str) else json.dumps(mutant, ensure_ascii=False)


def test_mutated_logs_agree() -> None:
    rng = random.Random(5)
    bases = [log for log, _ in games(40, 23)]
    accepted = 0
    for k in range(800):
        mutant = bases[k % len(bases)]
        for _ in range(1 + k % 3):   # one, two or three changes
            mutant = _mutate(mutant, rng) if isinstance(mutant, dict) else mutant
        accepted += agree(_text(mutant), f"m:{k}")
    assert 20 < accepted < 400   # some changes leave a clean game (a look moved), most do not


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
