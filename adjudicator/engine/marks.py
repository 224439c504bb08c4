"""The score: entitlements earned, marks made in time (laws 22, 50), overscores (law 51).

An *unmarked* log (no `mark` or `take_down`) counts each entitlement when it is earned; a
*marked* one counts it once marked in time: `mark_king` (or a `mark`) for the turned king, a
`mark` for the rest, before the next deal's trump card is turned up or the log ends.

What is owed and not marked when that time comes *lapses*. One omission gets one ruling: at a
late mark that tries to make it good (`late_mark_king` for the turned king, `omitted_score` for
the rest), or, if nobody ever tries, at the event where it lapsed (reported when the log ends).
A mark of more than is owed counts what is owed; the excess is an `overscore` and never counts,
taken down (law 51) or not. The score reported is what the laws entitle, not what was marked.

A mark for the hand made while it is still being played (after three tricks, the point his, or
before he has won it) is *held*: it pays the hand's entitlement when the hand ends, and what it
marks beyond that, or all of it if he does not win the hand, is an overscore judged then (laws
48, 51).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from ..record.cards import Card
from ..record.table import played_by
from .ruling import Said, said

if TYPE_CHECKING:
    from .replay import Replay
    from ..record.log import Mark, MarkKing, TakeDown
    from .in_play import DealInPlay

# what a `mark`'s `for` may pay: the king turned or held; the hand's score, point or vole (a
# mark of two "for the point" pays a vole, one "for the vole" pays the point and overscores one)
KINDS_FOR = {"king": ("turned_king", "held_king"), "point": ("point", "vole"),
             "vole": ("point", "vole")}
FOR_KIND = {"turned_king": "king", "held_king": "king", "point": "point", "vole": "vole"}
# what strikes an entitlement out: the option or effect (laws/words/scores.yaml says each)
STRUCK = ("fresh_deal", "deal_void", "turned_king_forfeited", "held_king_cancelled", "withdrawn",
          "replay_hand", "offender_score_cut", "award_point", "award_vole", "struck")


@dataclass
class Entitlement:
    """Points a player may mark: for the turned or held king, the point or the vole."""

    player: str
    points: int
    kind: str
    event: int
    deal: DealInPlay | None
    paid: int = 0                 # points of it on the score (counted)
    marked: bool = False          # a mark has been made for it (an unmarked log counts without)
    lapsed_at: int | None = None  # the event at which the time to mark it ran out
    facts: dict[str, Any] = field(default_factory=dict)   # the facts of that moment
    ruled: bool = False           # its lapse has had its ruling
    basis: str = ""               # the scoring table's key that gave it (laws 47-49)
    limited: bool = False         # cut by a law-25/43 ruling on its winner
    struck: str | None = None     # the option or effect that struck it out, if one did

    @property
    def cancelled(self) -> bool:
        """Struck out (annulled deal, law 19, law 25)."""
        return self.struck is not None

    @property
    def unpaid(self) -> int:
        return self.points - self.paid

    @property
    def counted(self) -> bool:
        return self.paid >= self.points

    def words(self) -> str:
        return f"{self.points} for the {self.kind.replace('_', ' ')} (earned at event {self.event})"


def entitle(r: Replay, player: str, points: int, kind: str, n: int, deal: DealInPlay | None,
            basis: str | None = None, limited: bool = False) -> None:
    ent = Entitlement(player, points, kind, n, deal, basis=basis or kind, limited=limited)
    r.owed.append(ent)
    r.earned.append(ent)
    if not r.marked:
        count(r, ent, points)
        return
    for held in [h for h in r.held if h.deal is deal and h.by == player and kind in KINDS_FOR["point"]]:
        take = min(ent.unpaid, held.left)
        if take:
            ent.marked = True
            count(r, ent, take)
            held.left -= take


@dataclass
class Held:
    """A mark for the hand made during its play, waiting for the hand to end (`hold`)."""

    deal: DealInPlay
    by: str
    left: int          # the points it marked that no entitlement has yet taken
    event: int         # the mark's event
    for_: str | None   # what it was marked for, when the log says
    points: int        # the points it marked


def hold(r: Replay, ev: Mark, n: int, left: int) -> bool:
    """A mark for the hand during its play, before the hand has paid it: held (see the module's
    docstring). Returns whether it was."""
    deal = r.deal
    if ev.for_ not in (None, "point", "vole") or deal is None or deal.annulled is not None \
            or deal.hand_award is not None or not deal.tricks:
        return False
    r.held.append(Held(deal, ev.by, left, n, ev.for_, ev.points))
    return True


def settle_held(r: Replay, deal: DealInPlay) -> None:
    """The hand is over (or the deal ended): what a held mark did not pay is an overscore."""
    for held in [h for h in r.held if h.deal is deal]:
        r.held.remove(held)
        by, left, n, for_ = held.by, held.left, held.event, held.for_
        if left and deal.annulled is None:
            marked = held.points
            what = said("held_mark_in_excess" if left != marked else "held_mark_not_won",
                        by=by, marked=marked, mark_for=for_, excess=left)
            _overscore(r, n, by, left, what, {"mark_for": for_}, deal)


def count(r: Replay, ent: Entitlement, points: int) -> None:
    ent.paid += points
    r.add_points(ent.player, points, ent.deal)


def cancel(r: Replay, ent: Entitlement, why: str = "struck") -> None:
    """An entitlement struck out (annulled deal, law 19, law 25); `why`: the option or effect."""
    assert why in STRUCK, why
    ent.struck = why
    if ent in r.owed:
        r.owed.remove(ent)
    if ent.paid and (r.winner is None or r.hearing and ent.event < r.won_at):   # after the win: points that never stood
        r.score[ent.player] -= ent.paid


def cancel_deal(r: Replay, deal: DealInPlay) -> None:
    for ent in [e for e in r.owed if e.deal is deal]:
        cancel(r, ent, deal.annulled or "struck")


def lapse(r: Replay, deal: DealInPlay | None, n: int) -> None:
    """The trump of `deal` is turned (deal None: the log ends): what earlier deals owe and was not
    marked can no longer be (laws 22, 50). Its ruling waits for a late mark or the log's end."""
    for ent in [e for e in r.owed if e.deal is not deal]:
        r.owed.remove(ent)
        if r.winner is None and (ent.unpaid or ent.kind == "turned_king" and not ent.marked):
            ent.lapsed_at = n
            ent.ruled = not ent.unpaid   # a turned king counted unmarked: kept to know a late mark_king
            ent.facts = r.facts(ent.deal, None, ent.player,
                                {"next_turned_up": deal is not None, "mark_for": FOR_KIND[ent.kind]})
            r.lapsed.append(ent)
    if deal is None:
        for ent in [e for e in r.lapsed if not e.ruled]:
            ent.ruled = True
            assert ent.lapsed_at is not None   # set as it lapsed
            by_turn_up = ent.facts["next_turned_up"]
            key = (("omitted_part_by_next_turn_up" if by_turn_up else "omitted_part_by_log_end") if ent.paid
                   else "omitted_by_next_turn_up" if by_turn_up else "omitted_by_log_end")
            what = said(key, player=ent.player, unpaid=ent.unpaid, points=ent.points, kind=ent.kind,
                        event=ent.event)
            r.make_ruling("omitted_score", ent.lapsed_at, ent.deal, None, ent.player, what,
                          ent.facts, claimed=True)


def _late(r: Replay, player: str, kinds: tuple[str, ...] | None) -> Entitlement | None:
    """The latest lapsed entitlement of `player` a late mark may be meant for."""
    return next((e for e in reversed(r.lapsed) if e.player == player and not e.ruled and e.unpaid
                 and (kinds is None or e.kind in kinds)), None)


def _rule_late(r: Replay, ent: Entitlement, n: int, marked: int, by: str) -> None:
    """A mark made after the time to mark ran out: the omission's one ruling, made here."""
    ent.ruled = True
    r.overscored[by] = r.overscored.get(by, 0) + marked
    facts = {"next_turned_up": True, "mark_for": FOR_KIND[ent.kind]}
    if ent.kind == "turned_king":
        r.irregular("late_mark_king", n, public=True, actor=by, deal=ent.deal, extra=facts,
                    what=said("king_marked_late", by=by, event=ent.event, lapsed_at=ent.lapsed_at))
        return
    r.irregular("omitted_score", n, public=True, actor=by, deal=ent.deal, extra=facts,
                what=said("marked_late", by=by, marked=marked, kind=ent.kind, event=ent.event,
                          lapsed_at=ent.lapsed_at))


def _overscore(r: Replay, n: int, by: str, points: int, what: Said, extra: dict[str, Any],
               deal: DealInPlay | None = None) -> None:
    r.overscored[by] = r.overscored.get(by, 0) + points
    r.irregular("overscore", n, public=True, actor=by, extra=extra, what=what, deal=deal)


def _marking_deal(r: Replay) -> DealInPlay | None:
    """The deal whose turned king a `mark_king` now concerns: this one once its trump is turned,
    else the last one turned (its king may be marked until this deal's turn-up)."""
    for deal in reversed(r.deals):
        if deal.turn_up is not None or deal.turn_up_unknown:
            return deal
    return None


def _held_unannounced(r: Replay, player: str) -> bool:
    """He held the king of trumps in the deal whose marks are open, and never announced it."""
    deal = _marking_deal(r)
    if deal is None or deal.trump is None or player in deal.announced:
        return False
    king = Card.parse("K" + deal.trump)
    start = (deal.start_hands or {}).get(player)
    return king in played_by(deal, player) or (start is not None and king in start[0]) \
        or king in deal.hands[player].cards


def _forfeited(r: Replay, player: str) -> bool:
    deal = _marking_deal(r)
    return bool(deal is not None and deal.king_forfeited and deal.dealer == player
                and deal.turn_up is not None and deal.turn_up.rank == "K")


def _counted_king(r: Replay, player: str) -> Entitlement | None:
    """A turned king an unmarked log counted at the turn-up and no mark_king has recorded."""
    return next((e for e in reversed(r.lapsed) if e.player == player and e.kind == "turned_king"
                 and not e.marked and not e.unpaid), None)


def mark_king(r: Replay, ev: MarkKing, n: int) -> None:
    """The dealer marks the king turned up (laws 22, 47)."""
    ent = next((e for e in r.owed if e.kind == "turned_king" and e.player == ev.by), None)
    if ent is not None and not ent.marked:
        ent.marked = True
        if ent.unpaid:
            count(r, ent, ent.unpaid)
        return
    facts: dict[str, Any] = {"mark_for": "king"}
    if ent is not None:
        what = said("king_marked_twice", by=ev.by)
    elif _forfeited(r, ev.by):
        facts["forfeited"] = True
        what = said("king_marked_forfeited", by=ev.by)
    elif (late := _late(r, ev.by, ("turned_king",))) is not None:
        _rule_late(r, late, n, late.unpaid, ev.by)
        return
    elif (counted := _counted_king(r, ev.by)) is not None:
        counted.marked = True   # an unmarked log counted it at the turn-up: only a record
        return
    else:
        deal = _marking_deal(r)
        if deal is not None and deal.turn_up is None and deal.dealer == ev.by:
            return   # the log does not know the card turned up: it proves no overscore, counts no king
        what = said("king_marked_none_turned" if deal is None else "king_marked_not_a_king"
                    if deal.turn_up is not None else "king_marked_not_dealer",
                    by=ev.by, turn_up=deal.turn_up if deal is not None else None)
    _overscore(r, n, ev.by, 1, what, facts)


def mark(r: Replay, ev: Mark, n: int) -> None:
    """A player marks points: they pay what he is owed; too late, or more, they do not count."""
    kinds = KINDS_FOR.get(ev.for_ or "")
    left = ev.points
    owed = [e for e in r.owed if e.player == ev.by and e.unpaid and (kinds is None or e.kind in kinds)]
    if ev.for_ is None:   # an unlabelled mark is for the held king, the point or vole first
        owed.sort(key=lambda e: e.kind == "turned_king")
    for ent in owed:
        take = min(ent.unpaid, left)
        ent.marked = True
        count(r, ent, take)
        left -= take
        if not left:
            return
    if hold(r, ev, n, left):
        return
    late = _late(r, ev.by, kinds) if left == ev.points else None
    if late is not None:
        take = min(late.unpaid, left)
        _rule_late(r, late, n, take, ev.by)
        left -= take
        if not left:
            return
    facts: dict[str, Any] = {"mark_for": ev.for_}
    if ev.for_ == "king" and _forfeited(r, ev.by):
        facts["forfeited"] = True
    elif ev.for_ == "king" and _held_unannounced(r, ev.by):
        facts["unannounced"] = True
    what = said("marked_in_excess" if left != ev.points else "marked_not_entitled",
                by=ev.by, marked=ev.points, mark_for=ev.for_, excess=left)
    _overscore(r, n, ev.by, left, what, facts)


def take_down(r: Replay, ev: TakeDown, n: int) -> None:
    """Law 51: an overscore taken down. It never counted, so the score the laws entitle stands."""
    over = r.overscored.get(ev.by, 0)
    r.overscored[ev.by] = max(0, over - ev.points)


# by event name, each handler taking its own event
HANDLERS: dict[str, Callable[[Replay, Any, int], None]] = {
    "mark_king": mark_king, "mark": mark, "take_down": take_down,
}
