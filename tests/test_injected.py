"""Random legal games with one irregularity injected: the replay must rule on it, citing the
right law at the right event (the log is cut just after the injected event)."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import assume, given, strategies as st

from adjudicator import adjudicate_text
from adjudicator.record.cards import PACK
from adjudicator.words.report import report_json

ALL = [str(c) for c in PACK]


def _deals(log: dict) -> list[list[int]]:
    """The event indexes of each deal (a deal starts at its first shuffle, cut or deal)."""
    deals: list[list[int]] = []
    turned = True
    for i, ev in enumerate(log["events"]):
        name = next(iter(ev))
        if name in ("shuffle", "cut", "deal") and turned:
            deals.append([])
            turned = False
        if name == "turn_up":
            turned = True
        if deals:
            deals[-1].append(i)
    return deals


def _seen(log: dict, idx: list[int], upto: int) -> set[str]:
    seen = set()
    for i in idx:
        if i > upto:
            break
        (name, f), = log["events"][i].items()
        seen.update(f.get("cards") or [])
        if name == "turn_up":
            seen.add(f["card"])
    return seen


def _hands(log: dict, idx: list[int], upto: int) -> dict[str, list[str]]:
    hands: dict[str, list[str]] = {p: [] for p in log["players"]}
    for i in idx:
        if i >= upto:
            break
        (name, f), = log["events"][i].items()
        if name in ("deal", "give"):
            hands[f["to"]] += f["cards"]
        elif name == "discard":
            for c in f["cards"]:
                hands[f["by"]].remove(c)
        elif name == "play":
            hands[f["by"]].remove(f["card"])
    return hands


def _inject(log: dict, kind: str, rng: random.Random) -> tuple[int, int, str]:
    """Change the log; return (1-based event of the ruling, law, irregularity)."""
    events = log["events"]
    deal = rng.choice(_deals(log))
    names = [(i, next(iter(events[i]))) for i in deal]
    if kind == "two_turned":
        i = next(i for i, n in names if n == "turn_up")
        card = events[i]["turn_up"]["card"]
        unseen = [c for c in ALL if c not in _seen(log, deal, i)]
        assume(unseen)
        extra = rng.choice(unseen)
        events[i] = {"turn_up": {"cards": [card, extra]}}
        return i + 1, 11, "more_than_one_turned"
    if kind == "redundant":
        packets = [i for i, n in names if n == "deal"]
        i = packets[1]
        events[i]["deal"]["cards"][0] = events[packets[0]]["deal"]["cards"][0]
        return i + 1, 45, "incorrect_pack"
    if kind == "extra_dealt":
        i = [i for i, n in names if n == "deal"][2]   # the non-dealer's second packet: six cards
        unseen = [c for c in ALL if c not in _seen(log, deal, deal[-1])]
        assume(unseen)
        events[i]["deal"]["cards"].append(rng.choice(unseen))
        return i + 1, 9, "wrong_count"
    if kind == "too_many_given":
        gives = [i for i, n in names if n == "give" and events[i]["give"]["to"] != log_dealer(log, deal)]
        assume(gives)
        i = gives[0]
        extra = [c for c in ALL if c not in _seen(log, deal, deal[-1])]
        assume(extra)
        events[i]["give"]["cards"].append(rng.choice(extra))
        return i + 1, 31, "too_many_given"
    if kind == "revoke":
        plays = [i for i, n in names if n == "play"]
        for lead, follow in zip(plays[0::2], plays[1::2]):
            if events[lead]["play"]["by"] == events[follow]["play"]["by"]:
                continue
            led = events[lead]["play"]["card"]
            by = events[follow]["play"]["by"]
            hand = _hands(log, deal, follow)[by]
            if any(c[-1] == led[-1] for c in hand):
                off = [c for c in hand if c[-1] != led[-1]]
                if off:
                    events[follow]["play"]["card"] = rng.choice(off)
                    return follow + 1, 43, "revoke"
        assume(False)
    if kind == "false_king":
        turn = next(i for i, n in names if n == "turn_up")
        king = "K" + events[turn]["turn_up"]["card"][-1]
        plays = [i for i, n in names if n == "play"]
        assume(plays and not any(n == "announce_king" for _, n in names))
        first = plays[0]
        by = events[first]["play"]["by"]
        assume(king not in _hands(log, deal, first)[by])
        events.insert(first, {"announce_king": {"by": by}})
        return first + 1, 25, "false_king"
    raise AssertionError(kind)


def log_dealer(log: dict, deal: list[int]) -> str:
    first = next(log["events"][i]["deal"] for i in deal if "deal" in log["events"][i])
    return next(p for p in log["players"] if p != first["to"])


@pytest.mark.slow
@given(seed=st.integers(0, 2**32 - 1),
       kind=st.sampled_from(["two_turned", "redundant", "extra_dealt", "too_many_given", "revoke",
                             "false_king"]))
def test_injected_irregularity_is_ruled(seed: int, kind: str) -> None:
    from adjudicator.engine.generate import random_game
    rng = random.Random(seed)
    log, _ = random_game(rng)
    event, law, irregularity = _inject(log, kind, rng)
    log["events"] = log["events"][:event]
    report = report_json(adjudicate_text(json.dumps(log), "injected"))
    found = [(r["law"], r["irregularity"], r["event"]) for r in report["rulings"]]
    assert (law, irregularity, event) in found, found
