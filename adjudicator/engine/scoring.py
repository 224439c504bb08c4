"""What a game is worth (law 46); what a hand scores is `rules.hand_score`.

The numbers come from the law book's scoring tables (laws 46-49); this module only applies them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..lawbook.laws import Scoring


def game_value(loser_score: int, agreement: str, scoring: Scoring) -> int:
    """Law 46: a single unless agreed; then treble, double or single by the loser's score."""
    if agreement != "treble_double_single":
        return 1
    values = scoring.game_values or {}
    return values.get(min(loser_score, max(values, default=0)), 1)
