"""The variants with events of their own (RULESETS.md): doubling, offering the point, pool and
linked matches. Bad input is exit 2 naming the option or the rule; the generator's games under
each variant replay clean and score as the generator reckoned; the lean scan leaves them to the
replay or agrees with it."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings, strategies as st

from adjudicator import adjudicate_text
from adjudicator.engine import invariants
from adjudicator.engine.replay import Replay
from adjudicator.engine.scan import scan
from adjudicator.lawbook.laws import default_book
from adjudicator.engine.generate import dumps
from adjudicator.engine.generate_variants import variant_game
from adjudicator.record.log import read_text
from adjudicator.words.report import report_json, ruling_json
from adjudicator.record.source import LogError

RULESETS = Path(__file__).resolve().parent.parent / "scenarios" / "rulesets"


def _scenario(name: str) -> dict:
    raw = yaml.safe_load((RULESETS / f"{name}.yaml").read_text())
    return {k: v for k, v in raw.items() if k not in ("expect", "title", "description")}


def _error(log: dict) -> str:
    """The log's exit-2 message (it must be one)."""
    with pytest.raises(LogError) as e:
        adjudicate_text(json.dumps(log), "t.json")
    return str(e.value)


def _with(log: dict, at: int, *events: dict, drop: int = 0) -> dict:
    """The log with `events` in place of `drop` events from the at-th (1-based)."""
    evs = log["events"]
    return {**log, "events": evs[:at - 1] + list(events) + evs[at - 1 + drop:]}


# ------------------------------------------------------------------ bad input, exit 2

@pytest.mark.parametrize("name,event,option", [
    ("doubling-accepted-point", "double", "doubling"),
    ("doubling-accepted-point", "accept_double", "doubling"),
    ("offer-declined-vole-won", "offer_point", "offer_point"),
    ("offer-declined-vole-won", "decline_offer", "offer_point"),
])
def test_a_variants_event_where_the_variant_is_off_names_the_option(name: str, event: str, option: str) -> None:
    log = _scenario(name)
    log.pop("options")
    n = next(i for i, ev in enumerate(log["events"], 1) if event in ev)
    if event.startswith(("accept", "decline")):   # the answer alone, its question removed
        log = _with(log, n - 1, drop=1)
        n -= 1
    message = _error(log)
    assert f"event {n} ({event})" in message and repr(option) in message and "options:" in message


def test_new_game_where_neither_pool_nor_linked_is_on_names_both() -> None:
    log = _scenario("linked-two-straight")
    log["options"] = {"game_to": 1}
    message = _error(log)
    assert "new_game" in message and "pool" in message and "linked" in message


@pytest.mark.parametrize("following", [{"look": {"by": "Y"}}, {"double": {"by": "Y"}}])
def test_a_double_not_answered_at_once_does_not_count(following: dict) -> None:
    """The answer follows at once; a log that goes on without it: the double does not count
    (ruled, rule doubling), and a double after it is a double in time again."""
    log = _scenario("doubling-accepted-point")
    n = next(i for i, ev in enumerate(log["events"], 1) if "accept_double" in ev)
    log = _with(log, n, following, drop=1)
    if "double" in following:   # the second double is the one answered
        log = _with(log, n + 1, {"accept_double": {"by": "A"}})
    report = report_json(adjudicate_text(json.dumps(log), "t.json"))
    assert [(r["rule"], r["irregularity"], r["event"], r["offender"], r["elected"]) for r in report["rulings"]] == \
        [("doubling", "double_unanswered", n, "A", "mark_refused")]
    assert report["score"] == ({"A": 1, "Y": 0} if "look" in following else {"A": 2, "Y": 0})


def test_an_offer_not_answered_at_once_does_not_count() -> None:
    log = _scenario("offer-declined-vole-won")
    n = next(i for i, ev in enumerate(log["events"], 1) if "decline_offer" in ev)
    report = report_json(adjudicate_text(json.dumps(_with(log, n, drop=1)), "t.json"))
    assert [(r["rule"], r["irregularity"], r["event"]) for r in report["rulings"]] == \
        [("offer_point", "offer_unanswered", n)]
    assert report["score"] == {"A": 0, "Y": 2}


def test_the_doubler_cannot_answer_his_own_double() -> None:
    log = _scenario("doubling-accepted-point")
    n = next(i for i, ev in enumerate(log["events"], 1) if "accept_double" in ev)
    assert "his adversary answers it" in _error(_with(log, n, {"accept_double": {"by": "A"}}, drop=1))


def test_an_answer_with_no_double_is_a_log_error() -> None:
    log = _scenario("doubling-off-point")
    log["options"] = {"doubling": True}
    assert "no double to answer" in _error(_with(log, 14, {"decline_double": {"by": "Y"}}))


def test_a_play_after_a_double_declined_is_a_log_error() -> None:
    """The hand ended at the decline (only the offerer's trick makes later plays ignorable)."""
    log = _scenario("doubling-declined-before-play")
    log["events"].append({"play": {"by": "Y", "card": "KD"}})
    assert "the play of this hand is over" in _error(log)


def test_a_double_before_the_turn_up_is_a_log_error() -> None:
    log = _scenario("doubling-accepted-point")
    assert "after the trump card is turned up" in _error(_with(log, 2, {"double": {"by": "A"}}))


def test_a_pool_new_game_naming_the_wrong_pair() -> None:
    log = _scenario("pool-two-running")
    n = next(i for i, ev in enumerate(log["events"], 1) if "new_game" in ev)
    log["events"][n - 1] = {"new_game": {"players": ["Y", "Z"]}}
    message = _error(log)
    assert f"event {n} (new_game)" in message and "sits out" in message and "between A and Z" in message


def test_a_player_who_sits_out_cannot_play() -> None:
    log = _scenario("pool-two-running")
    n = next(i for i, ev in enumerate(log["events"], 1) if "new_game" in ev)
    log["events"][n] = {"deal": {"to": "Y", "cards": ["QH", "JH"]}}
    assert f"event {n + 1} (deal)" in (m := _error(log)) and "Y does not play game 2" in m


def test_a_deal_after_a_won_game_without_new_game() -> None:
    log = _scenario("linked-two-straight")
    n = next(i for i, ev in enumerate(log["events"], 1) if "new_game" in ev)
    log = _with(log, n, drop=1)
    message = _error(log)
    assert f"event {n} (deal)" in message and "begins with new_game" in message


def test_a_new_game_before_the_game_is_won() -> None:
    log = _scenario("linked-two-straight")
    log["options"] = {"match": "linked", "game_to": 3}
    message = _error(log)
    assert "(new_game)" in message and "game 1 is not won yet (A 1, Y 0)" in message


def test_a_pool_may_open_with_new_game_naming_the_first_pair_and_dealer() -> None:
    log = _scenario("pool-one-game")
    log.pop("dealer")
    swapped = json.loads(json.dumps(log).replace('"A"', '"Q"').replace('"Z"', '"A"').replace('"Q"', '"Z"'))
    swapped["events"].insert(0, {"new_game": {"players": ["Z", "Y"], "dealer": "Z"}})
    report = report_json(adjudicate_text(json.dumps(swapped), "t.json"))
    assert report["games"] == [{"players": ["Z", "Y"], "score": {"Z": 1, "Y": 0}, "winner": "Z", "value": 1}]
    assert report["pool_winner"] is None and report["winner"] is None


def test_events_after_the_pool_is_won_are_ignored() -> None:
    log = _scenario("pool-two-running")
    n = len(log["events"])
    log["events"] += [{"new_game": {"players": ["Y", "Z"]}}, {"deal": {"to": "Y", "cards": ["QH", "JH"]}}]
    report = report_json(adjudicate_text(json.dumps(log), "t.json"))
    assert report["pool_winner"] == "A" and report["ignored_events"] == [n + 1, n + 2]


def test_the_report_in_words_names_the_games_and_the_ignored_plays() -> None:
    from adjudicator.words.report import report_text
    text = report_text(adjudicate_text((RULESETS / "pool-rotation.yaml").read_text(), "p.yaml"))
    assert "Game 2, A and Z: A 0, Z 1; Z won it, a game that counts 1 (law 46)." in text
    assert "The pool: Y wins it, having won two games running." in text
    text = report_text(adjudicate_text((RULESETS / "offer-declined-trick-lost.yaml").read_text(), "o.yaml"))
    assert "Events 20, 21, 22, 23 are plays of a hand that had ended" in text
    assert "A declined the point Y offered, bound to the vole, and Y took a trick" in text


# ------------------------------------------------------------------ the generator's games

VARIANTS = [{"doubling": True}, {"offer_point": True}, {"pool": True}, {"match": "linked"},
            {"doubling": True, "pool": True}, {"offer_point": True, "match": "linked"}]


def _replayed(log: dict):
    return Replay(read_text(json.dumps(log), "generated")).run(observe=invariants.check)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), options=st.sampled_from(VARIANTS), game_to=st.sampled_from([1, 2, 3, 5]),
       irregular=st.sampled_from([0.0, 0.3]))
def test_generated_variant_games_replay_clean_and_score_as_reckoned(seed: int, options: dict, game_to: int,
                                                                    irregular: float) -> None:
    log, expected, games = variant_game(random.Random(seed), {**options, "game_to": game_to},
                                        game_to=game_to, irregular=irregular)
    report = _replayed(log)
    got = [{k: ruling_json(r)[k] for k in want} for r, want in zip(report.rulings, expected.rulings)]
    assert got == list(expected.rulings) and len(report.rulings) == len(expected.rulings)
    assert (report.score, report.winner, report.game_value, report.deals) == \
        (expected.score, expected.winner, expected.game_value, expected.deals)
    if games:
        assert report_json(report)["games"] == [g.as_json() for g in games]
    if options.get("pool"):
        assert report_json(report)["pool_winner"] == expected.winner


def test_the_generator_plays_every_case_of_the_variants() -> None:
    from collections import Counter
    seen: Counter = Counter()
    for i, options in enumerate(VARIANTS * 20):
        seen += variant_game(random.Random(i), options, game_to=3)[1].seen
    for what in ("double_accepted", "double_declined", "double_out_of_time", "double_unanswered",
                 "offer_accepted", "offer_declined", "offer_lost", "offer_out_of_time", "offer_unanswered",
                 "ignored_play", "new_game"):
        assert seen[what] >= 3, (what, seen)


def test_the_scan_leaves_the_variants_to_the_replay_or_agrees() -> None:
    scoring = default_book().scoring
    for i, options in enumerate(VARIANTS * 5):
        log = variant_game(random.Random(100 + i), options, game_to=2)[0]
        text = dumps(log)
        got = scan(text, f"g:{i}", scoring)
        if got is not None:
            report = adjudicate_text(text, f"g:{i}")
            assert json.dumps(got) == json.dumps({"source": f"g:{i}", **report_json(report)})


# ------------------------------------------------------------------ fuzz: the variants' events anywhere

VARIANT_EVENTS = ("double", "accept_double", "decline_double", "offer_point", "accept_offer",
                  "decline_offer", "new_game")


def _fuzzed(seed: int) -> str:
    """A variant game with variant events thrown in anywhere, moved, dropped, or its options
    changed: any answer but an exception."""
    rng = random.Random(seed)
    options = dict(rng.choice(VARIANTS))
    log = variant_game(rng, options, game_to=rng.choice((1, 2, 3)))[0]
    for _ in range(rng.randint(1, 3)):
        name = rng.choice(VARIANT_EVENTS)
        ids = log["players"] + ["Zed"]
        fields = {"players": rng.sample(ids, 2), **({"dealer": rng.choice(ids)} if rng.random() < 0.5 else {})} \
            if name == "new_game" else {"by": rng.choice(ids)}
        log["events"].insert(rng.randrange(len(log["events"]) + 1), {name: fields})
    if rng.random() < 0.3:
        log["options"] = {k: v for k, v in log["options"].items() if rng.random() < 0.5}
    events = log["events"]
    i, j = rng.randrange(len(events)), rng.randrange(len(events))
    how = rng.choice(("swap", "drop", "duplicate", "move", "none"))
    if how == "swap":
        events[i], events[j] = events[j], events[i]
    elif how == "drop":
        del events[i]
    elif how == "duplicate":
        events.insert(i, dict(events[i]))
    elif how == "move":
        events.insert(j, events.pop(i))
    return json.dumps(log)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_variant_events_anywhere_get_an_answer(seed: int) -> None:
    from adjudicator.archive.files import Item, check
    status, obj = check(Item("mutant.json", _fuzzed(seed)))
    assert status in (0, 1, 2)
    if status == 2:
        assert obj["errors"] and all(e.startswith("mutant.json: ") for e in obj["errors"])
