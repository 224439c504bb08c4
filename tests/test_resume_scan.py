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


def test_clean_games_cut_short_after_clean_deals_resumed_agree(resumes: Counter) -> None:
    """A log that stops in the middle of a deal: the scan doubts it, and the replay says where."""
    rng = random.Random(5)
    resumed = 0
    for i, (log, _) in enumerate(games(60, 8)):
        events = log["events"]
        starts = _deal_starts(events)
        if len(starts) < 3:
            continue
        cut = rng.randrange(starts[1] + 1, len(events))
        resumed += resumed_agrees(json.dumps({**log, "events": events[:cut]}), f"cut:{i}")
    assert resumed >= 40 and resumes[True] >= 40, (resumed, resumes)


def test_an_error_after_clean_deals_is_said_of_the_same_event() -> None:
    """The card turned up played as a lead in the third deal (nobody holds it): the same problem,
    the same event and line, resumed or not."""
    said = 0
    for i, (log, _) in enumerate(games(30, 9)):
        events = log["events"]
        starts = _deal_starts(events)
        if len(starts) < 3:
            continue
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


def _claim_after_deal(log: dict, deal: int) -> str:
    """The log with a claim of a revoke at the end of its deal `deal` (0-based): the scan's doubt."""
    events = log["events"]
    starts = _deal_starts(events) + [len(events)]
    end = starts[deal + 1]
    by = log["players"][0]
    return json.dumps({**log, "events": events[:end] + [{"claim": {"by": by, "irregularity": "revoke"}}] + events[end:]})


def test_a_log_that_marks_is_replayed_from_the_start(resumes: Counter) -> None:
    """A `mark` makes every earlier deal's points count only as marked: the replay goes from the
    first event, and the answer is the same."""
    marked = 0
    for i, (log, _) in enumerate(games(40, 12)):
        if len(_deal_starts(log["events"])) < 4:
            continue
        data = json.loads(_claim_after_deal(log, 2))
        data["events"].append({"mark": {"by": log["players"][1], "points": 1}})
        resumes.clear()
        assert resumed_agrees(json.dumps(data), f"m:{i}")
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
        found.append(({**log, "events": events}, _deal_starts(events) + [len(events)]))
    return found


def test_a_king_marked_before_the_doubted_deals_turn_up_is_replayed_from_the_start(resumes: Counter) -> None:
    """Law 22: the king the second deal turned up marked in the third, before its turn-up, then
    a claim in the third deal: the mark looks back at a deal the scan kept no cards of, so the
    replay goes from the first event."""
    refused = 0
    for i, (log, starts) in enumerate(_king_games(300)):
        events = log["events"]
        dealer = next(e for e in events[starts[1]:starts[2]] if _name(e) == "deal")["deal"]["to"]
        dealer = log["players"][1] if dealer == log["players"][0] else log["players"][0]   # the first packet is the adversary's
        third = starts[2]
        data = {**log, "events": events[:third + 1] + [{"mark_king": {"by": dealer}}] + events[third + 1:]}
        resumes.clear()
        assert resumed_agrees(_claim_after_deal(data, 2), f"k:{i}")
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
        dealer = next(e for e in events[starts[1]:starts[2]] if _name(e) == "deal")["deal"]["to"]
        dealer = log["players"][1] if dealer == log["players"][0] else log["players"][0]
        for deal in range(2, len(starts) - 1):
            span = range(starts[deal], starts[deal + 1])
            at = next((k for k in span if _name(events[k]) == "turn_up"), None)
            packet = next((events[k]["deal"] for k in span if _name(events[k]) == "deal"), None)
            if at is None or packet is None or str(events[at]["turn_up"]["card"])[0] in "Kk":
                continue
            holds = {"holds": {"player": packet["to"], "cards": packet["cards"][:1]}}
            data = {**log, "events": events[:at + 1] + [holds, {"mark_king": {"by": dealer}}] + events[at + 1:]}
            resumes.clear()
            text = json.dumps(data)
            if resumed_agrees(text, f"u:{i}") and resumes[True]:
                resumed["owed" if scan_read(text, "t", SCORING)[2].unmarked else "lapsed"] += 1
    assert resumed["owed"] >= 3 and resumed["lapsed"] >= 3, resumed


@pytest.mark.parametrize("options", [{"pool": True}, {"match": "linked"}])
def test_pools_and_linked_matches_are_replayed_from_the_start(options: dict) -> None:
    """Each game of a pool or a linked match is scanned on its own: no prefix is handed on."""
    texts = [dumps(log) for log, _ in games(20, 14, 0.3, "cavendish", options)]
    assert all(scan_read(text, "t", SCORING)[2] is None for text in texts)
