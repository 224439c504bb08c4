"""The what-if replays of open choices and unknown facts (engine/outcomes.py) go on from a
snapshot of the replay (`Replay.what_if`), not from the log's first event: differential, they
find what the replays of the whole log find, over generated irregular games under every rule
set and variant and over the scenarios whose rulings have outcomes."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.engine.adjudicate import adjudicate_text
from adjudicator.engine.generate import dumps
from adjudicator.engine.generate_games import games
from adjudicator.engine.replay import Replay
from adjudicator.engine.ruling import Ruling
from adjudicator.record.log import LogError
from adjudicator.words.report import report_json

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
WITH_OUTCOMES = [SCENARIOS / "laws" / name for name in (
    "law11-choice-open-king-among-the-cards.yaml", "law43-revoke-claimed-choice-open.yaml",
    "law25-adversary-king-not-known.yaml")]
RULES = [("cavendish", {}), ("french", {}), ("modern", {}), ("cavendish", {"ace_high": True}),
         ("cavendish", {"doubling": True}), ("french", {"offer_point": True}),
         ("cavendish", {"pool": True}), ("modern", {"match": "linked"})]


def _texts() -> list[str]:
    texts = [p.read_text() for p in WITH_OUTCOMES]
    for k, (rules, options) in enumerate(RULES):
        texts += [dumps(log) for log, _ in games(40, seed=30 + k, irregular=0.4, rules=rules, options=options)]
    return texts


def _reports(texts: list[str]) -> list[object]:
    out: list[object] = []
    for text in texts:
        try:
            out.append(report_json(adjudicate_text(text)))
        except LogError as e:
            out.append(str(e))
    return out


def test_outcomes_from_a_snapshot_are_those_of_the_whole_log_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _texts()
    taken: list[bytes] = []
    keep = Replay._snapshot

    def counted(self: Replay, at: int) -> None:
        keep(self, at)
        taken.append(self.snapshots[-1].state)

    resumed: list[int] = []
    resume = Replay._resumed

    def went_on(self: Replay, snapshot: Any, **what_if: Any) -> Replay:
        resumed.append(snapshot.at)
        return resume(self, snapshot, **what_if)

    monkeypatch.setattr(Replay, "_snapshot", counted)
    monkeypatch.setattr(Replay, "_resumed", went_on)
    from_snapshots = _reports(texts)
    monkeypatch.setattr(Replay, "_snapshot", lambda self, at: None)   # every what-if from event 1
    whole = _reports(texts)
    assert from_snapshots == whole
    rulings = [r for rep in whole if isinstance(rep, dict) for r in rep["rulings"]]
    assert sum("outcomes" in r for r in rulings) >= 2 and sum("unknown" in r for r in rulings) >= 10
    assert len(taken) >= 20 and len(resumed) >= 20   # the what-ifs did go on from snapshots
    # a snapshot copies no part of what the fork shares (the log and its events, the law book, the rules)
    assert not [s for s in taken for module in (b"adjudicator.record.log", b"adjudicator.lawbook", b"pydantic")
                if module in s]


def test_a_value_ruled_as_the_log_is_taken_without_a_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fact's value that rules as the log's ruling does, with no choice, takes the log's own
    figures (`outcomes._as_it_is`): they are those its replay finds."""
    from adjudicator.engine import outcomes
    texts = _texts()
    taken: list[bool] = []
    keep = outcomes._as_it_is

    def counted(ruling: Ruling, decision: dict[str, Any]) -> bool:
        taken.append(keep(ruling, decision))
        return taken[-1]

    monkeypatch.setattr(outcomes, "_as_it_is", counted)
    skipping = _reports(texts)
    monkeypatch.setattr(outcomes, "_as_it_is", lambda ruling, decision: False)   # every value replayed
    assert skipping == _reports(texts)
    assert sum(taken) >= 10 and not all(taken)
