"""The replay resumed after the deals the lean scan found clean (`engine.scan.Prefix`,
`Replay.resume`): for every log the scan doubts after one clean deal or more, `validate`'s answer
is the full replay's, key for key (its problems too), under every rule set and variant."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from adjudicator.engine.generate import dumps
from adjudicator.engine.generate_games import games
from adjudicator.engine.replay import Replay
from adjudicator.engine.scan import scan_read

from resumed import SCORING, answer, resumed_agrees

RULE_SETS = ("cavendish", "french", "modern")
OPTIONS = ({}, {"ace_high": True}, {"dealer_must_exchange": True}, {"refusal_point_on_vole": True},
           {"doubling": True}, {"offer_point": True})
STARTS = ("shuffle", "cut", "deal")


@pytest.fixture
def resumes(monkeypatch: pytest.MonkeyPatch) -> Counter:
    """How often `Replay.resume` went on from the scan's deals (True) or refused (False)."""
    taken: Counter = Counter()
    resume = Replay.resume

    def counted(self: Replay, prefix) -> bool:
        taken[done := resume(self, prefix)] += 1
        return done
    monkeypatch.setattr(Replay, "resume", counted)
    return taken


def _name(event: dict) -> str:
    return next(iter(event))


def _deal_starts(events: list[dict]) -> list[int]:
    """The index of each deal's first event."""
    return [i for i, e in enumerate(events) if _name(e) in STARTS and (i == 0 or _name(events[i - 1]) not in STARTS)]


def test_irregular_games_of_every_rule_set_and_variant_resumed_agree(resumes: Counter) -> None:
    """Rulings, open choices, facts the log does not know, targets reached provisionally: each
    weighed by the replay resumed as by the full one."""
    resumed = sum(resumed_agrees(dumps(log), f"{rules}:{i}")
                  for rules in RULE_SETS for options in OPTIONS
                  for i, (log, _) in enumerate(games(25, 3, 0.3, rules, options)))
    assert resumed >= 150 and resumes[True] >= resumed - resumes[False], (resumed, resumes)


def _three_deals(n: int, seed: int) -> list[tuple[int, dict, list[dict], list[int]]]:
    """Clean games of three deals or more: (index, log, events, each deal's first event)."""
    return [(i, log, log["events"], _deal_starts(log["events"])) for i, (log, _) in enumerate(games(n, seed))
            if len(_deal_starts(log["events"])) >= 3]


def test_clean_games_cut_short_after_clean_deals_resumed_agree(resumes: Counter) -> None:
    """A log that stops in the middle of a deal: the scan doubts it, and the replay says where."""
    rng = random.Random(5)
    resumed = 0
    for i, log, events, starts in _three_deals(60, 8):
        cut = rng.randrange(starts[1] + 1, len(events))
        resumed += resumed_agrees(json.dumps({**log, "events": events[:cut]}), f"cut:{i}")
    assert resumed >= 40 and resumes[True] >= 40, (resumed, resumes)


def test_an_error_after_clean_deals_is_said_of_the_same_event() -> None:
    """The card turned up played as a lead in the third deal (nobody holds it): the same problem,
    the same event and line, resumed or not."""
    said = 0
    for _, log, events, starts in _three_deals(30, 9):
        third = range(starts[2], (starts + [len(events)])[3])
        turned = next((events[k]["turn_up"]["card"] for k in third if _name(events[k]) == "turn_up"), None)
        at = next((k for k in third if _name(events[k]) == "play"), None)
        if turned is None or at is None:
            continue
        wrong = {"play": {**events[at]["play"], "card": turned}}
        text = json.dumps({**log, "events": events[:at] + [wrong] + events[at + 1:]})
        _, _, prefix = scan_read(text, "t", SCORING)
        assert prefix is not None and prefix.deals >= 2
        got = answer(text, "t", prefix)
        assert got == answer(text, "t", None)
        said += got.startswith("[")
    assert said >= 10


def _held(events: list[dict], starts: list[int], deal: int, *after: dict) -> list[dict] | None:
    """The events with, right after deal `deal`'s turn-up (0-based), a `holds` of a card its first
    packet gave (the log agrees: the scan's doubt, no error) and `after`; None where that deal
    has no turn-up or no packet of named cards."""
    span = range(starts[deal], (starts + [len(events)])[deal + 1])
    at = next((k for k in span if _name(events[k]) == "turn_up"), None)
    packet = next((events[k]["deal"] for k in span if _name(events[k]) == "deal"), None)
    if at is None or packet is None or "cards" not in packet:
        return None
    return events[:at + 1] + [{"holds": {"player": packet["to"], "cards": packet["cards"][:1]}}, *after] + events[at + 1:]


def _dealer(log: dict, events: list[dict], starts: list[int], deal: int) -> str:
    """Who dealt deal `deal` (0-based): not the one his first packet went to."""
    first = next(e for e in events[starts[deal]:] if _name(e) == "deal")["deal"]["to"]
    return log["players"][1] if first == log["players"][0] else log["players"][0]


def test_a_log_that_marks_is_replayed_from_the_start(resumes: Counter) -> None:
    """A `mark` makes every earlier deal's points count only as marked: the replay goes from the
    first event, and the answer is the same."""
    marked = 0
    for i, log, events, starts in _three_deals(40, 12):
        held = _held(events, starts, 2)
        if held is None:
            continue
        resumes.clear()
        marks = {**log, "events": held + [{"mark": {"by": log["players"][1], "points": 1}}]}
        assert resumed_agrees(json.dumps(marks), f"m:{i}")
        marked += resumes[False] > 0 and not resumes[True]
    assert marked >= 10


def _king_games(n: int) -> list[tuple[dict, list[int]]]:
    """Clean games whose second deal turns up a king, with no `mark_king` of it, and their deals'
    first events."""
    found = []
    for log, _ in games(n, 21):
        events = log["events"]
        starts = _deal_starts(events) + [len(events)]
        if len(starts) < 5:
            continue
        second = range(starts[1], starts[3])   # a mark of its king may come in the next deal, before its turn-up
        up = next((k for k in range(starts[1], starts[2]) if _name(events[k]) == "turn_up"), None)
        if up is None or str(events[up]["turn_up"]["card"])[0] not in "Kk":
            continue
        events = [e for k, e in enumerate(events) if not (k in second and _name(e) == "mark_king")]
        found.append(({**log, "events": events}, _deal_starts(events)))
    return found


def test_a_king_marked_before_the_doubted_deals_turn_up_is_replayed_from_the_start(resumes: Counter) -> None:
    """Law 22: the king the second deal turned up marked in the third, before its turn-up, then
    a `holds` after it (the scan's doubt): the mark looks back at a deal the scan kept no cards
    of, so the replay goes from the first event."""
    refused = 0
    for i, (log, starts) in enumerate(_king_games(300)):
        events = log["events"]
        held = _held(events, starts, 2)
        if held is None:
            continue
        third = starts[2] + 1   # after its first event, before its turn-up and the `holds`
        marked = held[:third] + [{"mark_king": {"by": _dealer(log, events, starts, 1)}}] + held[third:]
        resumes.clear()
        assert resumed_agrees(json.dumps({**log, "events": marked}), f"k:{i}")
        refused += resumes[False] > 0 and not resumes[True]
    assert refused >= 3


def test_a_king_never_marked_before_the_doubted_deal_is_known_to_it(resumes: Counter) -> None:
    """The second deal's king never marked, counted all the same (an unmarked log); in a later
    deal that turned up none, a `holds` the log agrees with (the scan's doubt), then its dealer
    marks a king: the replay resumed knows the king he may be marking (`marks._counted_king`),
    still owed in the third deal, lapsed in the fourth and later, as the full replay does."""
    resumed: Counter = Counter()
    for i, (log, starts) in enumerate(_king_games(400)):
        events = log["events"]
        dealer = _dealer(log, events, starts, 1)
        for deal in range(2, len(starts)):
            up = next(e for e in events[starts[deal]:] if _name(e) == "turn_up")["turn_up"]["card"]
            held = None if str(up)[0] in "Kk" else _held(events, starts, deal, {"mark_king": {"by": dealer}})
            if held is None:
                continue
            text = json.dumps({**log, "events": held})
            resumes.clear()
            if resumed_agrees(text, f"u:{i}") and resumes[True]:
                resumed["owed" if scan_read(text, "t", SCORING)[2].unmarked else "lapsed"] += 1
    assert resumed["owed"] >= 3 and resumed["lapsed"] >= 3, resumed


@pytest.mark.parametrize("options", [{"pool": True}, {"match": "linked"}])
def test_pools_and_linked_matches_are_replayed_from_the_start(options: dict) -> None:
    """Each game of a pool or a linked match is scanned on its own: no prefix is handed on."""
    texts = [dumps(log) for log, _ in games(20, 14, 0.3, "cavendish", options)]
    assert all(scan_read(text, "t", SCORING)[2] is None for text in texts)
