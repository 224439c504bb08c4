"""Random legal games, generated independently of the replay, come back clean with the right
score, winner and game value, and the table's invariants hold after every event."""
from __future__ import annotations

import json
import random

from hypothesis import given, strategies as st

from adjudicator import invariants
from adjudicator.generate import random_game
from adjudicator.log import read_text
from adjudicator.replay import Replay


@given(seed=st.integers(0, 2**32 - 1), value=st.sampled_from(["single", "treble_double_single"]),
       game_to=st.sampled_from([1, 3, 5, 7]))
def test_random_game_is_clean(seed: int, value: str, game_to: int) -> None:
    log, expected = random_game(random.Random(seed), game_to=game_to, value=value)
    report = Replay(read_text(json.dumps(log), "generated")).run(observe=invariants.check)
    assert [r.to_json() for r in report.rulings] == []
    assert report.score == expected.score
    assert report.winner == expected.winner
    assert report.game_value == expected.game_value
