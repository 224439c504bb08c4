"""The score: entitlements earned, marks made in time (laws 22, 50), overscores (law 51).

An *unmarked* log (no `mark` or `take_down`) counts each entitlement when it is earned; a
*marked* one counts it once marked in time, and loses it at the next deal's turn-up.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .replay import Replay
    from .table import Deal

KINDS_FOR = {"king": ("turned_king", "held_king"), "point": ("point",), "vole": ("vole",)}


@dataclass
class Entitlement:
    """Points a player may mark: for the turned or held king, the point or the vole."""

    player: str
    points: int
    kind: str
    event: int
    deal: Any
    counted: bool = False


def entitle(r: Replay, player: str, points: int, kind: str, n: int, deal: Deal | None) -> None:
    ent = Entitlement(player, points, kind, n, deal)
    r.owed.append(ent)
    if not r.marked:
        count(r, ent)


def count(r: Replay, ent: Entitlement) -> None:
    ent.counted = True
    r.add_points(ent.player, ent.points)


def cancel(r: Replay, ent: Entitlement) -> None:
    """An entitlement struck out (annulled deal, law 19, law 25)."""
    if ent in r.owed:
        r.owed.remove(ent)
    if ent.counted and r.winner is None:
        r.score[ent.player] -= ent.points


def cancel_deal(r: Replay, deal: Deal) -> None:
    for ent in [e for e in r.owed if e.deal is deal]:
        cancel(r, ent)


def lapse(r: Replay, deal: Deal | None, n: int) -> None:
    """The trump of `deal` is turned (or the log ends): earlier unmarked scores are lost."""
    for ent in [e for e in r.owed if e.deal is not deal]:
        r.owed.remove(ent)
        if not ent.counted and r.winner is None:
            r.irregular("omitted_score", n, public=True, actor=ent.player, deal=ent.deal,
                        extra={"next_turned_up": deal is not None},
                        what=f"{ent.player} did not mark {ent.points} for the "
                             f"{ent.kind.replace('_', ' ')} (earned at event {ent.event})")


def mark_king(r: Replay, ev: Any, n: int) -> None:
    deal = r.current(n)
    ent = next((e for e in r.owed if e.kind == "turned_king" and e.player == ev.by), None)
    if ent is not None:
        if not ent.counted:
            count(r, ent)
        return
    if deal.turn_up is None:
        r.fail(n, "no card has been turned up to mark")
    if deal.king_forfeited and ev.by == deal.dealer and deal.turn_up.rank == "K":
        r.irregular("overscore", n, public=True, actor=ev.by, extra={"forfeited": True},
                    what=f"{ev.by} marked the king turned up, which law 19 forbids him")
    elif _late_turned_king(r, ev.by):
        r.irregular("late_mark_king", n, public=True, actor=ev.by,
                    what=f"{ev.by} marked the king turned up after the next trump card was turned")
    else:
        r.irregular("overscore", n, public=True, actor=ev.by,
                    what=f"{ev.by} marked a king he did not turn up ({deal.turn_up} is the turn-up)")


def _late_turned_king(r: Replay, player: str) -> bool:
    return any(d.turn_up is not None and d.turn_up.rank == "K" and d.dealer == player
               and d.annulled is None for d in r.deals[:-1])


def mark(r: Replay, ev: Any, n: int) -> None:
    kinds = KINDS_FOR.get(ev.for_ or "", None)
    left = ev.points
    for ent in [e for e in r.owed if e.player == ev.by and not e.counted]:
        if kinds is not None and ent.kind not in kinds:
            continue
        if ent.points > left:
            continue
        if ent.kind == "turned_king" and ev.for_ is None and any(
                e.kind != "turned_king" and not e.counted and e.player == ev.by for e in r.owed):
            continue
        left -= ent.points
        count(r, ent)
        if not left:
            return
    r.overscored[ev.by] = r.overscored.get(ev.by, 0) + left
    what = f"{ev.by} marked {ev.points}" + (f" for the {ev.for_}" if ev.for_ else "") + \
        (f", {left} more than the laws entitle him to" if left != ev.points else
         ", to which the laws do not entitle him")
    r.irregular("overscore", n, public=True, actor=ev.by, extra={"mark_for": ev.for_}, what=what)


def take_down(r: Replay, ev: Any, n: int) -> None:
    """Law 51: an overscore taken down; it never counted, so the score the laws entitle stands."""
    over = r.overscored.get(ev.by, 0)
    r.overscored[ev.by] = max(0, over - ev.points)


def rescore(r: Replay, deal: Deal) -> None:
    """The hand's score again, after a law-25/43 limit applies to a hand already scored."""
    from .play import score_hand
    for ent in [e for e in r.owed if e.deal is deal and e.kind in ("point", "vole")]:
        cancel(r, ent)
    if deal.hand_award is not None:
        score_hand(r, deal, deal.hand_award[3])


HANDLERS = {"mark_king": mark_king, "mark": mark, "take_down": take_down}
