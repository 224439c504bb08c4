"""What a hand scores: the point, the vole, law 49, the law-25/43 limits, and the game's value.

The numbers come from the law book's scoring tables (laws 46-49); this module only applies them.
"""
from __future__ import annotations

from .laws import Scoring


def hand_score(won: dict[str, int], dealer: str, elder: str, *, no_proposal: bool,
               first_refused: bool, scoring: Scoring, cut: bool = False) -> tuple[str, int, str, str] | None:
    """(winner, points, "point" or "vole", the scoring table's key that gave it) for a hand
    played out, or None if nobody has three.

    `no_proposal`: the non-dealer played without proposing; `first_refused`: the dealer refused
    the first proposal (law 49). `cut`: the winner is an offender under law 25 or 43.
    """
    winner = next((p for p, n in won.items() if n >= 3), None)
    if winner is None:
        return None
    if won[winner] == 5:
        return winner, (scoring.vole - 1 if cut else scoring.vole), "vole", "vole"
    vulnerable = (winner == dealer and no_proposal) or (winner == elder and first_refused)
    if vulnerable:
        return winner, (1 if cut else scoring.point_against_vulnerable), "point", "point_against_vulnerable"
    return winner, (0 if cut else scoring.point), "point", "point"


def game_value(loser_score: int, agreement: str, scoring: Scoring) -> int:
    """Law 46: a single unless agreed; then treble, double or single by the loser's score."""
    if agreement != "treble_double_single":
        return 1
    values = scoring.game_values or {}
    return values.get(min(loser_score, max(values, default=0)), 1)
