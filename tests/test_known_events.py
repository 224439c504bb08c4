"""The events an archive has shown before are not validated again (`record.log._KNOWN`): a log
read after others is read exactly as it is alone, its problems said the same."""
from __future__ import annotations

import json
import tracemalloc

import orjson
import pytest

from adjudicator.engine.generate import dumps
from adjudicator.engine.generate_games import games
from adjudicator.record import log as record_log
from adjudicator.record.log import LogError, read_text


def _read(text: str) -> object:
    """What `validate` makes of an archive's line: the log (its events as data), or its problems."""
    try:
        log = read_text(text, "t", read=orjson.loads(text))
    except LogError as e:
        return e.problems
    return log.model_dump(mode="json", by_alias=True)


def _alone(text: str) -> object:
    record_log._KNOWN.clear()
    return _read(text)


def test_a_log_read_after_others_is_read_as_it_is_alone() -> None:
    texts = [dumps(log) for log, _ in games(40, 5, 0.3)]
    record_log._KNOWN.clear()
    after_others = [_read(text) for text in texts]
    assert len(record_log._KNOWN) > 0   # the archive's events were kept
    assert after_others == [_alone(text) for text in texts]


def _log(*events: dict[str, object]) -> str:
    return json.dumps({"ecarte": 1, "players": ["A", "Y"], "dealer": "A", "events": [
        {"deal": {"to": "Y", "count": 2}}, *events]})


@pytest.mark.parametrize("bad", [{"claim": {"by": "Y", "irregularity": "revoke", "trick": True}},
                                 {"claim": {"by": "Y", "irregularity": "revoke", "trick": 1.0}},
                                 {"deal": {"to": "Y", "count": 2.0}}])
def test_a_value_equal_to_one_seen_before_but_of_another_type_is_still_refused(bad: dict[str, object]) -> None:
    """`true` and `1.0` are equal to `1` in Python, yet a log's integer field refuses them."""
    good = _log({"claim": {"by": "Y", "irregularity": "revoke", "trick": 1}})
    record_log._KNOWN.clear()
    assert not isinstance(_read(good), list)
    assert isinstance(_read(_log(bad)), list)
    assert _read(_log(bad)) == _alone(_log(bad))


def test_a_stranger_in_an_event_seen_before_is_still_found() -> None:
    """Whether a player is at the table depends on the log, not the event."""
    record_log._KNOWN.clear()
    seen = {"look": {"by": "Z"}}
    at_the_table = json.dumps({"ecarte": 1, "players": ["Z", "Y"], "dealer": "Z", "events": [seen]})
    assert not isinstance(_read(at_the_table), list)
    problems = _read(_log(seen))
    assert problems == ["event 2 (look): 'Z' is not at the table (A, Y)"]


def test_the_events_kept_hold_little_memory() -> None:
    """The text an event is kept by is a copy of its own size: the bytes orjson writes hold a
    buffer of 4 kB each, and the 20,000 events kept at most would hold 80 MB of it."""
    texts = [dumps(log) for log, _ in games(40, 5, 0.3)]
    record_log._KNOWN.clear()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for text in texts:
            _read(text)
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    kept = len(record_log._KNOWN)
    assert kept > 500 and held / kept < 1500, (kept, held / kept)
