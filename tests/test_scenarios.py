"""Every scenario under scenarios/ is a test: its log must produce the rulings and score it
expects, with the table's invariants holding after every event."""
from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.engine import invariants
from adjudicator.record.log import expected, read_file
from adjudicator.engine.replay import Replay
from adjudicator.words.report import report_json

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
FILES = sorted(SCENARIOS.rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SCENARIOS)))
def test_scenario(path: Path) -> None:
    log = read_file(str(path))
    expect = expected(log)
    assert expect is not None, f"{path.name}: a scenario needs an expect: block"
    report = Replay(log).run(observe=invariants.check)
    got = report_json(report)
    problems = []
    if expect.ok is not None and got["ok"] != expect.ok:
        problems.append(f"ok is {got['ok']}, expected {expect.ok}")
    if got["score"] != expect.score:
        problems.append(f"score is {got['score']}, expected {expect.score}")
    if got["winner"] != expect.winner:
        problems.append(f"winner is {got['winner']}, expected {expect.winner}")
    if expect.game_value is not None and got["game_value"] != expect.game_value:
        problems.append(f"game value is {got['game_value']}, expected {expect.game_value}")
    if expect.ignored_events is not None and got.get("ignored_events", []) != expect.ignored_events:
        problems.append(f"ignored events {got.get('ignored_events')}, expected {expect.ignored_events}")
    if expect.games is not None and got.get("games") != [g.model_dump() for g in expect.games]:
        problems.append(f"games are {got.get('games')}, expected {[g.model_dump() for g in expect.games]}")
    if "pool_winner" in expect.model_fields_set and got.get("pool_winner", "absent") != expect.pool_winner:
        problems.append(f"pool winner is {got.get('pool_winner', 'absent')!r}, expected {expect.pool_winner!r}")
    rulings = got["rulings"]
    if len(rulings) != len(expect.rulings):
        problems.append(f"{len(rulings)} rulings, expected {len(expect.rulings)}: "
                        + "; ".join(f"law {r['law']} {r['irregularity']} at event {r['event']}" for r in rulings))
    for i, (want, have) in enumerate(zip(expect.rulings, rulings), 1):
        for key, value in want.model_dump(exclude_unset=True).items():
            if not (_agrees(have.get(key), value) if key == "unknown" else have.get(key) == value):
                problems.append(f"ruling {i} (law {have['law']}, event {have['event']}): "
                                f"{key} is {have.get(key)!r}, expected {value!r}")
    assert not problems, f"{path.relative_to(SCENARIOS)}:\n  " + "\n  ".join(problems)


def _agrees(have: object, want: object) -> bool:
    """`unknown` decisions are compared on the keys the scenario gives (every other key exactly)."""
    if isinstance(want, dict) and isinstance(have, dict):
        return set(want) <= set(have) and all(_agrees(have[k], v) for k, v in want.items())
    return have == want


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SCENARIOS)))
def test_a_compulsory_ruling_carries_its_only_option(path: Path) -> None:
    """RULINGS.md: `elected` is the only compulsory option of a claimed ruling, and null on a
    ruling nobody claimed (nothing was carried out: the game stands as recorded)."""
    for ruling in report_json(Replay(read_file(str(path))).run())["rulings"]:
        if not ruling["claimed"]:
            assert ruling["elected"] is None, ruling
        elif ruling["chooser"] is None:
            assert ruling["elected"] == ruling["options"][0], ruling
