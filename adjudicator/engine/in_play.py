"""The deal in play: what the handlers of every stage share about it.

`record.table.Deal` keeps the cards on the table; `DealInPlay` carries what the stages do to a
deal that more than one of them does (a card seen, the trump set, the play begun and ended, a
follow undone, the hand scored, who deals next), so that no handler writes another's fields or
imports another to do it. The handler modules import this one and never each other in a circle
(`tests/test_layers.py`). Who holds the king of trumps is a question of the cards alone (who
played what, `record.table.played_by`), asked by the stages and the rulings alike: a plain
function here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import marks
from ..record.cards import Card
from ..record.table import played_by
from .rules import distribution, hand_score, stake_points, trump_king as _king_of
from .ruling import Said, said

if TYPE_CHECKING:
    from .replay import Replay
    from ..record.table import Deal, Trick

COUNTS = frozenset({"took_more_than_discarded", "asked_fewer_than_discarded", "too_many_given",
                    "too_few_given"})
"""The hidden errors of number in the exchange. They are compared afresh at each discard, ask and
give of the round, so cards given in two goes, or a discard laid out after the give, are no
error; the last comparison is the one that stands (and is reported if nobody claims it)."""


# ------------------------------------------------------------------ the king of trumps

def trump_king(deal: Deal) -> Card | None:
    return _king_of(deal.trump)


def holds_trump_king(deal: Deal, player: str) -> bool | None:
    """Whether `player` holds the king of trumps in this hand (in his hand, or played from it):
    True/False when the log tells, None when unknown cards might hold it."""
    king = trump_king(deal)
    if king is None:
        return None
    hand = deal.hands[player]
    if king in hand.cards or king in played_by(deal, player):
        return True
    other = deal.other(player)
    if hand.known or king == deal.turn_up or king in deal.hands[other].cards \
            or king in played_by(deal, other):
        return False
    return None


def order(deal: Deal) -> tuple[int, int] | None:
    """The deal's order of distribution, when it is one the law allows (`rules.distribution`)."""
    return distribution(deal.packets, deal.elder, deal.dealer)


class DealInPlay:
    """What the stages of a deal do to it in common, for the replay `replay`."""

    __slots__ = ("replay",)

    def __init__(self, replay: Replay):
        self.replay = replay

    # -------------------------------------------------------------- the cards seen

    def see(self, deal: Deal, cards: list, n: int) -> None:
        """Cards come into view: one already seen in this deal shows a redundant pack (law 45)."""
        seen = deal.seen
        for card in cards:
            if card in seen:
                self.incorrect_pack(deal, n, said("card_twice", card=card))
            seen.add(card)

    def sighted(self, deal: Deal, player: str, card: Any, known: bool, n: int) -> None:
        """A card played or discarded comes into view. One the log already showed in `player`'s
        hand is the same card; one from his unknown cards that was seen elsewhere in this deal
        shows a redundant pack (law 45). A card revealed from his hand before (a hand played
        again) is his."""
        if known or deal.revealed.get(card) == player:
            deal.seen.add(card)
        else:
            self.see(deal, [card], n)
        deal.revealed[card] = player

    def incorrect_pack(self, deal: Deal, n: int, what: Said) -> None:
        """The log proves the pack incorrect (law 45): hidden until claimed; once per deal."""
        r = self.replay
        if any(p.irregularity == "incorrect_pack" and p.deal is deal for p in r.pending) or \
                r.ruled(deal, "incorrect_pack"):
            return
        r.irregular("incorrect_pack", n, public=False, actor=None, what=what, deal=deal)

    def set_trump(self, deal: Deal, card: Any, n: int) -> None:
        """The trump card is settled: a king turned up is the dealer's to mark (laws 22, 47)."""
        r = self.replay
        deal.turn_up = card
        deal.trump = card.suit
        if card.rank == "K" and not deal.king_forfeited:
            r.award(deal.dealer, r.book.scoring.turned_king, "turned_king", n, deal)

    def chosen_order(self, deal: Deal) -> tuple[tuple[int, int], int] | None:
        """The order this dealer selected (law 8): that of his first earlier deal in the game
        that stands (an annulled deal selects nothing), with its number; None if he has not yet
        selected."""
        for d in self.replay.deals:
            if d is deal:
                break
            if d.dealer == deal.dealer and d.annulled is None and d.dealing_checked:
                chosen = order(d)
                if chosen is not None:
                    return chosen, d.number
        return None

    # -------------------------------------------------------------- the play

    def begin_play(self, deal: Deal) -> None:
        deal.phase = "play"
        deal.start_hands = {p: (list(h.cards), h.unknown) for p, h in deal.hands.items()}

    def undo_follow(self, deal: Deal, t: Trick) -> None:
        """The card played to a lead goes back to the hand; the trick is open again (and the
        hand, if that card ended it, is in play again)."""
        deal.hands[t.follower].cards.append(t.follow)  # type: ignore[index,arg-type]
        deal.won[t.winner] -= 1  # type: ignore[index]
        t.follow, t.follower, t.winner = None, None, None
        if deal.phase == "over":
            self.reopen(deal)

    def reopen(self, deal: Deal) -> None:
        """A hand already scored is in play again: its point or vole is struck out until it ends."""
        r = self.replay
        for ent in [e for e in r.owed if e.deal is deal and e.kind in ("point", "vole")]:
            marks.cancel(r, ent, "replay_hand")
        if deal.unanswered is not None:   # the tricks counted to the cards nobody could play to
            deal.won[deal.unanswered[0]] -= deal.unanswered[1]
            deal.unanswered = None
        deal.hand_award = None
        deal.phase = "play"
        self.deals_again(deal)

    def deals_again(self, deal: Deal) -> None:
        """The deal being played is not over after all: its dealer deals the next one only once
        it is."""
        if self.replay.deal is deal:
            self.deals_next(deal.dealer)

    def deals_next(self, player: str) -> None:
        """Who deals the next deal: the one place it is set."""
        self.replay.next_dealer = player

    def king_facts_stood(self, deal: Deal, fact: str, value: Any, by: str | None = None) -> None:
        """A false announcement not yet claimed is ruled, if nobody ever claims it, with the
        facts of the moment it stood: once its maker played a card, or once the hand was over."""
        for p in self.replay.pending:
            if p.irregularity == "false_king" and p.deal is deal and by in (None, p.actor):
                p.facts[fact] = value

    def count_facts_stood(self, deal: Deal, player: str | None, **facts: Any) -> None:
        """An error of number in the exchange not yet claimed is ruled, if nobody ever claims
        it, with the facts of the moment it stood: once the cards were mixed with the hand, once
        its holder played, once the hand was over."""
        for p in self.replay.pending:
            if p.irregularity in COUNTS and p.deal is deal and player in (None, p.concerns):
                p.facts.update(facts)

    # -------------------------------------------------------------- the end of the hand

    def end_play(self, deal: Deal, n: int) -> None:
        """Five tricks played (or the hand settled): the hand scores and the deal passes."""
        deal.phase = "over"
        self.king_facts_stood(deal, "phase", "over")
        self.count_facts_stood(deal, None, phase="over")
        self.replay.end_deal(deal)
        self.score_hand(deal, n)

    def score_hand(self, deal: Deal, n: int) -> None:
        """The hand's point or vole (laws 48, 49; cut by laws 25, 43), counted twice when a
        double was accepted; a hand ended early by a variant scored as it ended (`stakes`)."""
        r = self.replay
        if deal.ended_early is not None or self._offer_lost(deal, n):
            return
        cut = any(p in deal.cut_players for p in deal.won if deal.won[p] >= 3)
        result = hand_score(deal.won, deal.dealer, deal.elder, no_proposal=deal.proposals == 0,
                            first_refused=deal.first_answer == "refuse", scoring=r.book.scoring,
                            cut=cut, refusal_on_vole=r.options.refusal_point_on_vole)
        if result is None:
            return
        winner, points, kind, basis = result
        if deal.times != 1:
            points, basis = points * deal.times, basis + "_doubled"
        deal.hand_award = (winner, points, kind, n)
        if points:
            r.award(winner, points, kind, n, deal, basis=basis, limited=cut)
        marks.settle_held(r, deal)

    def _offer_lost(self, deal: Deal, n: int) -> bool:
        """At the hand's end: the offerer took a trick after his offer was declined (`stakes`),
        so he marks two and the hand scores nothing else. False if he did not."""
        if deal.bound is None or not deal.won.get(deal.bound[1]):
            return False
        r = self.replay
        deal.ended_early = "offer_lost"
        r.award(deal.bound[1], stake_points("offer_lost", r.book.scoring), "point", n, deal,
                basis="offer_lost")
        return True

    def rescore(self, deal: Deal) -> None:
        """The hand's score again, after a law-25/43 limit applies to a hand already scored:
        what the winner had marked of it pays the new entitlement as far as it goes."""
        r = self.replay
        old = [e for e in r.owed if e.deal is deal and e.kind in ("point", "vole")]
        paid = {e.player: e.paid for e in old if r.marked}
        for ent in old:
            marks.cancel(r, ent, "offender_score_cut")
        if deal.hand_award is not None:
            self.score_hand(deal, deal.hand_award[3])
        for ent in [e for e in r.owed if e.deal is deal and e.kind in ("point", "vole")]:
            carried = min(paid.get(ent.player, 0), ent.unpaid)
            if carried:
                ent.marked = True
                marks.count(r, ent, carried)
