"""The what-if replays of open choices (engine/outcomes.py) go on from a snapshot of the replay
kept at the log's end (`Replay.what_if`), not from the log's first event; a fact's value that
rules as the log's ruling does is taken without a replay (`outcomes._as_it_is`). Differential:
they find what the replays of the whole log find, over generated irregular games under every
rule set and variant (each also cut short after its first claim, its choice left open) and over
the scenarios whose rulings have outcomes."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from adjudicator.engine.adjudicate import adjudicate_text
from adjudicator.engine.generate import dumps
from adjudicator.engine.generate_games import games
from adjudicator.engine.replay import Replay
from adjudicator.engine.ruling import Ruling
from adjudicator.lawbook.laws import LawBook
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
    """The scenarios, the generated games, and each game with a claim cut short after its first
    (its choice, where the ruling gives one, left open at the log's end)."""
    texts = [p.read_text() for p in WITH_OUTCOMES]
    for k, (rules, options) in enumerate(RULES):
        for log, _ in games(40, seed=30 + k, irregular=0.4, rules=rules, options=options):
            texts.append(dumps(log))
            claims = [i for i, event in enumerate(log["events"]) if "claim" in event]
            if claims:
                texts.append(dumps({**log, "events": log["events"][:claims[0] + 1]}))
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
    """A fact's value that rules as the log's ruling does, with no choice, by its case or by one
    of the same remedy, takes the log's own figures (`outcomes._as_it_is`): they are those its
    replay finds."""
    from adjudicator.engine import outcomes
    texts = _texts()
    taken: list[tuple[bool, bool]] = []   # (taken as it is, by another case of the same remedy)
    keep = outcomes._as_it_is

    def counted(book: LawBook, ruling: Ruling, decision: dict[str, Any]) -> bool:
        taken.append((keep(book, ruling, decision), decision["case"] != ruling.case))
        return taken[-1][0]

    monkeypatch.setattr(outcomes, "_as_it_is", counted)
    skipping = _reports(texts)
    monkeypatch.setattr(outcomes, "_as_it_is", lambda book, ruling, decision: False)   # every value replayed
    assert skipping == _reports(texts)
    assert sum(same for same, _ in taken) >= 10 and not all(same for same, _ in taken)
    assert sum(same and other for same, other in taken) >= 10   # law 25: the king held by the adversary


def test_only_a_value_of_the_same_remedy_on_the_same_offender_is_taken_as_it_is() -> None:
    """Law 25: a king announced and shown false before the offender played (the log's ruling)
    and a king the adversary holds do the same at the table; another offender, another effect,
    or a choice, and the value is replayed."""
    from types import SimpleNamespace

    from adjudicator.engine import outcomes
    from adjudicator.lawbook.laws import default_book
    book = default_book()
    ruling = SimpleNamespace(case="25:shown-before-offender-played", chooser=None, offender="A")
    held = {"case": "25:adversary-holds-king", "chooser": None, "offender": "A"}
    assert outcomes._as_it_is(book, ruling, held)
    assert not outcomes._as_it_is(book, ruling, {**held, "offender": "Y"})
    assert not outcomes._as_it_is(book, ruling, {**held, "case": "25:misled", "chooser": "Y"})
    other = SimpleNamespace(by_ref={**book.by_ref})
    case = book.by_ref[held["case"]]
    other.by_ref[held["case"]] = replace(case, case=case.case.model_copy(update={"effects": {}}))
    assert not outcomes._as_it_is(other, ruling, held)
