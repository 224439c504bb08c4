"""Invariants of a true table, checked after every event in tests: the 32 cards are all
accounted for, no known card is in two places, and the score only falls by a ruling (a deal
annulled, a king forfeited or struck out, a hand's score cut or played again)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..record.table import PACK_SIZE, DealOnTable

if TYPE_CHECKING:
    from .replay import Replay


def card_problems(deal: DealOnTable, redundant: bool = False) -> list[str]:
    """What is wrong with the whereabouts of the cards of this deal (empty when all is well)."""
    problems = []
    played = [c for t in deal.tricks for c in (t.lead, t.follow) if c is not None]
    turned = deal.turned if deal.turned else ([deal.turn_up] if deal.turn_up is not None else [])
    places = sum(h.size for h in deal.hands.values()) + deal.stock + len(turned) + deal.turn_up_unknown + \
        sum(deal.discards.values()) + len(played) + len(deal.aside) + deal.aside_count
    if places != PACK_SIZE:
        problems.append(f"deal {deal.number}: {places} cards accounted for, not {PACK_SIZE}")
    known = [c for h in deal.hands.values() for c in h.cards] + played + list(turned)
    if len(known) != len(set(known)) and not redundant:
        problems.append(f"deal {deal.number}: a known card is in two places")
    return problems


def check(replay: Replay, n: int) -> None:
    """An `observe` hook for `Replay.run`: raise AssertionError at the first broken invariant."""
    deal = replay.deal
    if deal is not None and deal.annulled is None:
        redundant = any(p.irregularity == "incorrect_pack" and p.deal is deal for p in replay.pending) \
            or bool(replay.ruled(deal, "incorrect_pack"))
        problems = card_problems(deal, redundant)
        assert not problems, f"after event {n}: {problems}"
    last = getattr(replay, "_last_score", None)
    ruled_now = replay.events[n - 1].event == "elect" or n in replay.ruled_at
    if last is not None and not ruled_now:
        for p, s in replay.score.items():
            assert s >= last[p], f"after event {n}: {p}'s score fell from {last[p]} to {s} with no ruling"
    replay._last_score = dict(replay.score)  # type: ignore[attr-defined]
