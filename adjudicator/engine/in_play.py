"""The deal in play, as the engine owns it.

`record.table.DealOnTable` keeps the cards on the table; `DealInPlay` adds the engine's own state of
the deal (the round being answered, the stakes, a suit required, the hands as play began) and
carries what more than one stage does to it (a card seen, the trump set, the play begun and
ended, a follow undone, the hand scored), so that no handler writes another's fields or
imports another to do it. The handler modules import this one and never each other in a circle
(`tests/test_layers.py`). Who holds the king of trumps is a question of the cards alone (who
played what, `record.table.played_by`), asked by the stages and the rulings alike: a plain
function here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import marks
from ..record.cards import Card
from ..record.table import DealOnTable, Trick, played_by
from .rules import distribution, hand_score, stake_points, trump_king as _king_of
from .ruling import Said, said

if TYPE_CHECKING:
    from .replay import Replay
    from .ruling import Ruling

COUNTS = frozenset({"took_more_than_discarded", "asked_fewer_than_discarded", "too_many_given",
                    "too_few_given"})
"""The hidden errors of number in the exchange. They are compared afresh at each discard, ask and
give of the round, so cards given in two goes, or a discard laid out after the give, are no
error; the last comparison is the one that stands (and is reported if nobody claims it)."""


# ------------------------------------------------------------------ the king of trumps

def king_of_trumps(deal: DealOnTable) -> Card | None:
    """The king of this deal's trump suit (`rules.trump_king` of its suit), None before a trump."""
    return _king_of(deal.trump)


def holds_trump_king(deal: DealOnTable, player: str) -> bool | None:
    """Whether `player` holds the king of trumps in this hand (in his hand, or played from it):
    True/False when the log tells, None when unknown cards might hold it."""
    king = king_of_trumps(deal)
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


@dataclass(slots=True)
class DealInPlay(DealOnTable):
    """A deal as the engine plays it: its cards (`DealOnTable`), the engine's state of it, and what
    the stages do to it in common. A method that reports or scores takes the replay, as a
    handler does."""

    revealed: dict[Card, str] = field(default_factory=dict)   # card -> player whose unknown cards it came from
    dealing_checked: bool = False
    king_forfeited: bool = False
    # the exchange's round
    conditional: bool = False
    round_event: int = 0                             # the event of the proposal being answered
    round_cards: dict[str, list[Card | None]] = field(default_factory=dict)   # player -> this round's discard (None: unknown)
    round_discard: dict[str, int] = field(default_factory=dict)
    round_given: dict[str, int] = field(default_factory=dict)
    round_back: dict[str, int] = field(default_factory=dict)   # player -> cards of this round's discard put back (law 38)
    stands: dict[str, int] = field(default_factory=dict)   # player -> event: he takes no more cards (law 38)
    kept: list[int] = field(default_factory=list)   # rounds (their event) the dealer who had to took no card
    kept_claimed: dict[int, int] = field(default_factory=dict)   # round event -> the claim that ruled on it
    overruled: dict[str, Any] | None = None   # the words that stand if the last is overruled
    superfluous: dict[str, int] = field(default_factory=dict)   # cards to be laid out unseen
    completing: dict[str, int] = field(default_factory=dict)   # cards due from the stock
    # the play
    cut_players: set[str] = field(default_factory=set)   # offenders whose marks laws 25, 43 cut
    start_hands: dict[str, tuple[list[Card], int]] | None = None   # the hands when play began (to play again)
    shown: tuple[str, int] | None = None   # (player, event): cards shown (law 42), no play recorded since
    unanswered: tuple[str, int, int] | None = None   # (player, tricks, not yet led): his cards nobody could play to
    suit_required: Ruling | None = None   # the ruling by which the suit named must be led (law 41)
    # the variants' stakes (engine/stakes.py)
    times: int = 1                    # the hand's points count this many times (2: a double accepted)
    doubled: bool = False             # a double was made in time in this hand (once a hand)
    offered: bool = False             # the point was offered in time in this hand
    bound: tuple[str, str] | None = None   # (decliner, offerer): an offer declined binds him to the vole
    ended_early: str | None = None    # double_declined, offer_accepted, offer_lost

    # -------------------------------------------------------------- the cards seen

    def see(self, r: Replay, cards: list[Card], n: int) -> None:
        """Cards come into view: one already seen in this deal shows a redundant pack (law 45)."""
        seen = self.seen
        for card in cards:
            if card in seen:
                self.incorrect_pack(r, n, said("card_twice", card=card))
            seen.add(card)

    def sighted(self, r: Replay, player: str, card: Card, known: bool, n: int) -> None:
        """A card played or discarded comes into view. One the log already showed in `player`'s
        hand is the same card; one from his unknown cards that was seen elsewhere in this deal
        shows a redundant pack (law 45). A card revealed from his hand before (a hand played
        again) is his."""
        if known or self.revealed.get(card) == player:
            self.seen.add(card)
        else:
            self.see(r, [card], n)
        self.revealed[card] = player

    def incorrect_pack(self, r: Replay, n: int, what: Said) -> None:
        """The log proves the pack incorrect (law 45): hidden until claimed; once per deal."""
        if any(p.irregularity == "incorrect_pack" and p.deal is self for p in r.pending) or \
                r.ruled(self, "incorrect_pack"):
            return
        r.irregular("incorrect_pack", n, public=False, actor=None, what=what, deal=self)

    def set_trump(self, r: Replay, card: Card, n: int) -> None:
        """The trump card is settled: a king turned up is the dealer's to mark (laws 22, 47)."""
        self.turn_up = card
        self.trump = card.suit
        if card.rank == "K" and not self.king_forfeited:
            r.award(self.dealer, r.book.scoring.turned_king, "turned_king", n, self)

    def order(self) -> tuple[int, int] | None:
        """The deal's order of distribution, when it is one the law allows (`rules.distribution`)."""
        return distribution(self.packets, self.non_dealer, self.dealer)

    def chosen_order(self, r: Replay) -> tuple[tuple[int, int], int] | None:
        """The order this dealer selected (law 8): that of his first earlier deal in the game
        that stands (an annulled deal selects nothing), with its number; None if he has not yet
        selected."""
        for d in r.deals:
            if d is self:
                break
            if d.dealer == self.dealer and d.annulled is None and d.dealing_checked:
                chosen = d.order()
                if chosen is not None:
                    return chosen, d.number
        return None

    # -------------------------------------------------------------- the play

    def begin_play(self) -> None:
        self.phase = "play"
        self.start_hands = {p: (list(h.cards), h.unknown) for p, h in self.hands.items()}

    def undo_follow(self, r: Replay, t: Trick) -> None:
        """The card played to a lead goes back to the hand; the trick is open again (and the
        hand, if that card ended it, is in play again)."""
        # a follow was played to it, and won or lost it
        self.hands[t.follower].cards.append(t.follow)  # type: ignore[index,arg-type]
        self.won[t.winner] -= 1  # type: ignore[index]
        t.follow, t.follower, t.winner = None, None, None
        if self.phase == "over":
            self.reopen(r)

    def reopen(self, r: Replay) -> None:
        """A hand already scored is in play again: its point or vole is struck out until it ends."""
        for ent in [e for e in r.owed if e.deal is self and e.kind in ("point", "vole")]:
            marks.cancel(r, ent, "replay_hand")
        if self.unanswered is not None:   # the tricks counted to the cards nobody could play to
            self.won[self.unanswered[0]] -= self.unanswered[1]
            self.unanswered = None
        self.hand_award = None
        self.phase = "play"
        self.deals_again(r)

    def deals_again(self, r: Replay) -> None:
        """The deal being played is not over after all: its dealer deals the next one only once
        it is."""
        if r.deal is self:
            r.deals_next(self.dealer)

    def king_facts_stood(self, r: Replay, fact: str, value: Any, by: str | None = None) -> None:
        """A false announcement not yet claimed is ruled, if nobody ever claims it, with the
        facts of the moment it stood: once its maker played a card, or once the hand was over."""
        for p in r.pending:
            if p.irregularity == "false_king" and p.deal is self and by in (None, p.actor):
                p.facts[fact] = value

    def count_facts_stood(self, r: Replay, player: str | None, **facts: Any) -> None:
        """An error of number in the exchange not yet claimed is ruled, if nobody ever claims
        it, with the facts of the moment it stood: once the cards were mixed with the hand, once
        its holder played, once the hand was over."""
        for p in r.pending:
            if p.irregularity in COUNTS and p.deal is self and player in (None, p.concerns):
                p.facts.update(facts)

    # -------------------------------------------------------------- the end of the hand

    def end_play(self, r: Replay, n: int) -> None:
        """Five tricks played (or the hand settled): the hand scores and the deal passes."""
        self.phase = "over"
        self.king_facts_stood(r, "phase", "over")
        self.count_facts_stood(r, None, phase="over")
        r.end_deal(self)
        self.score_hand(r, n)

    def score_hand(self, r: Replay, n: int) -> None:
        """The hand's point or vole (laws 48, 49; cut by laws 25, 43), counted twice when a
        double was accepted; a hand ended early by a variant scored as it ended (`stakes`)."""
        if self.ended_early is not None or self._offer_lost(r, n):
            return
        cut = any(p in self.cut_players for p in self.won if self.won[p] >= 3)
        result = hand_score(self.won, self.dealer, self.non_dealer, no_proposal=self.proposals == 0,
                            first_refused=self.first_answer == "refuse", scoring=r.book.scoring,
                            cut=cut, refusal_on_vole=r.options.refusal_point_on_vole)
        if result is None:
            return
        winner, points, kind, basis = result
        if self.times != 1:
            points, basis = points * self.times, basis + "_doubled"
        self.hand_award = (winner, points, kind, n)
        if points:
            r.award(winner, points, kind, n, self, basis=basis, limited=cut)
        marks.settle_held(r, self)

    def _offer_lost(self, r: Replay, n: int) -> bool:
        """At the hand's end: the offerer took a trick after his offer was declined (`stakes`),
        so he marks two and the hand scores nothing else. False if he did not."""
        if self.bound is None or not self.won.get(self.bound[1]):
            return False
        self.ended_early = "offer_lost"
        r.award(self.bound[1], stake_points("offer_lost", r.book.scoring), "point", n, self,
                basis="offer_lost")
        return True

    def rescore(self, r: Replay) -> None:
        """The hand's score again, after a law-25/43 limit applies to a hand already scored:
        what the winner had marked of it pays the new entitlement as far as it goes."""
        old = [e for e in r.owed if e.deal is self and e.kind in ("point", "vole")]
        paid = {e.player: e.paid for e in old if r.marked}
        for ent in old:
            marks.cancel(r, ent, "offender_score_cut")
        if self.hand_award is not None:
            self.score_hand(r, self.hand_award[3])
        for ent in [e for e in r.owed if e.deal is self and e.kind in ("point", "vole")]:
            carried = min(paid.get(ent.player, 0), ent.unpaid)
            if carried:
                ent.marked = True
                marks.count(r, ent, carried)
