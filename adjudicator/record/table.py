"""The true state of the table during one deal: hands, stock, turn-up, discards, looks, tricks.

Where identities are known a hand holds the cards; where not, it holds a count of unknown
cards. Nothing here invents a card.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card

HAND_SIZE = 5
PACK_SIZE = 32


class Hand:
    """A player's hand: the cards known to be in it and how many more are unknown."""

    __slots__ = ("cards", "unknown")

    def __init__(self) -> None:
        self.cards: list[Card] = []
        self.unknown = 0

    @property
    def size(self) -> int:
        return len(self.cards) + self.unknown

    @property
    def known(self) -> bool:
        """Every card of the hand is known."""
        return self.unknown == 0

    def take(self, cards: list[Card] | None, count: int) -> None:
        if cards is None:
            self.unknown += count
        else:
            self.cards.extend(cards)

    def give_up(self, card: Card) -> bool:
        """Remove a card played or discarded; False when the hand cannot hold it."""
        if card in self.cards:
            self.cards.remove(card)
            return True
        if self.unknown:
            self.unknown -= 1
            return True
        return False

    def shed(self, count: int) -> list[Card]:
        """Remove `count` cards whose identity the log does not say: knowledge of the rest is kept
        only as far as it stays certain (the unknown ones go first). Returns the cards known
        before and no longer known (some of them are still in the hand)."""
        from_unknown = min(count, self.unknown)
        self.unknown -= from_unknown
        rest = count - from_unknown
        forgotten: list[Card] = []
        if rest:
            forgotten = self.cards
            self.unknown = len(self.cards) - rest
            self.cards = []
        return forgotten

    def holds_suit(self, suit: str) -> bool | None:
        """True/False when knowable, None when the unknown cards might decide it."""
        if any(c.suit == suit for c in self.cards):
            return True
        return False if self.known else None


@dataclass
class Trick:
    """One trick: the leader's card, the follower's, and who won it."""

    leader: str
    lead: Card | None
    lead_event: int
    follow: Card | None = None
    follower: str | None = None
    winner: str | None = None


@dataclass(slots=True)
class DealOnTable:
    """The cards of one deal on the table, from the first shuffle to the last trick, and what
    the players did with them (the engine's own state of the deal it plays is
    `engine.in_play.DealInPlay`'s)."""

    number: int
    dealer: str
    non_dealer: str
    rightful: str
    first_event: int
    hands: dict[str, Hand]
    phase: str = "dealing"          # dealing, exchange, play, over
    packets: list[tuple[str, int]] = field(default_factory=list)
    pack: str | None = None
    stock: int = PACK_SIZE
    seen: set[Card] = field(default_factory=set)
    turn_up: Card | None = None
    turn_up_unknown: bool = False   # a card was turned up whose identity the log does not know
    trump: str | None = None
    turned: list[Card] = field(default_factory=list)
    aside: list[Card] = field(default_factory=list)
    discards: dict[str, int] = field(default_factory=dict)
    looked: set[str] = field(default_factory=set)
    took_cards: set[str] = field(default_factory=set)
    mixed: set[str] = field(default_factory=set)
    proposals: int = 0
    first_answer: str | None = None
    answer: str | None = None        # the answer to the current proposal
    asked: int | None = None
    tricks: list[Trick] = field(default_factory=list)
    won: dict[str, int] = field(default_factory=dict)
    summarised: dict[str, int] = field(default_factory=dict)   # player -> cards he played in tricks the log gives only as a result (`tricks`)
    recounted: dict[str, int] = field(default_factory=dict)    # player -> those cards, where a claim's count then gave what he holds (they are not in the stock)
    first_play: dict[str, int] = field(default_factory=dict)
    announced: dict[str, int] = field(default_factory=dict)
    shuffles: list[str] | None = None
    cut: bool = False
    exposed: Card | None = None
    faced: Card | None = None
    no_turn_up: int | None = None   # the event that acted before the turn-up (law 10)
    aside_count: int = 0
    hand_award: tuple[str, int, str, int] | None = None   # winner, points, kind, event
    annulled: str | None = None
    annulled_at: int | None = None   # the event that annulled it
    unfinished: str | None = None     # the phase it stopped in, if it ended before the hand was over
    score_after: dict[str, int] | None = None   # the score when the next deal began (or the log ended)
    result: dict[str, int] | None = None

    def other(self, player: str) -> str:
        return self.non_dealer if player == self.dealer else self.dealer

    @property
    def turned_over(self) -> bool:
        """The trump card has been turned up (known, unknown, or more than one)."""
        return self.turn_up is not None or bool(self.turned) or self.turn_up_unknown

    def role(self, player: str) -> str:
        return "dealer" if player == self.dealer else "non_dealer"

    @property
    def trick(self) -> Trick | None:
        """The trick on the table (led, not yet complete), if any."""
        if self.tricks and self.tricks[-1].winner is None:
            return self.tricks[-1]
        return None

    @property
    def next_leader(self) -> str:
        return self.tricks[-1].winner if self.tricks and self.tricks[-1].winner else self.non_dealer


def played_by(deal: DealOnTable, player: str) -> list[Card]:
    """The cards `player` has played in this hand, in order."""
    out = []
    for t in deal.tricks:
        if t.leader == player and t.lead is not None:
            out.append(t.lead)
        if t.follower == player and t.follow is not None:
            out.append(t.follow)
    return out
