"""The rules of play, each defined once: the replay (play, dealing, scoring) and the archive's
lean scan (`scan`) both call these.

Pure functions of cards and counts: who wins a trick, what a second card may be (follow suit,
win when able, trump when void), which duty a card breaks, the order of distribution (law 8),
what the stock owes in the exchange and the errors of number, the king of trumps, and what a
hand scores (laws 48, 49, and the law-25/43 limits).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..record.cards import Card
from ..record.table import HAND_SIZE

if TYPE_CHECKING:
    from collections.abc import Collection, Sequence

    from ..lawbook.laws import Scoring

ORDERS = frozenset({(3, 2), (2, 3)})   # law 8: the orders a dealer may select (three then two, two then three)


def beats(card: Card, lead: Card, trump: str | None) -> bool:
    """True when `card`, played second, wins the trick led by `lead`."""
    if card.suit == lead.suit:
        return card.power > lead.power
    return card.suit == trump


def legal_replies(hand: Collection[Card], lead: Card, trump: str | None) -> list[Card]:
    """The cards the second player may play: follow suit, win when able, trump when void."""
    follows = [c for c in hand if c.suit == lead.suit]
    if follows:
        return [c for c in follows if c.power > lead.power] or follows
    return [c for c in hand if c.suit == trump] or list(hand)


def breach(held: Collection[Card], lead: Card, card: Card, trump: str | None) -> str | None:
    """The duty broken by playing `card` to `lead` from a hand that also held `held` (as far as
    those cards prove it): "revoke", "failure_to_win", or None."""
    suit = lead.suit
    if card.suit != suit:
        for c in held:
            if c.suit == suit:
                return "revoke"
        if card.suit != trump and trump is not None and suit != trump:
            for c in held:
                if c.suit == trump:
                    return "failure_to_win"
        return None
    if card.power < lead.power:
        power = lead.power
        for c in held:
            if c.suit == suit and c.power > power:
                return "failure_to_win"
    return None


def distribution(packets: Sequence[tuple[str, int]], elder: str, dealer: str) -> tuple[int, int] | None:
    """The order of distribution, (2, 3) or (3, 2), when the packets follow one the law allows
    (law 8): his adversary first, then himself, the same number to each, twice; else None."""
    if len(packets) != 4:
        return None
    (p1, c1), (p2, c2), (p3, c3), (p4, c4) = packets
    if p1 != elder or p2 != dealer or p3 != elder or p4 != dealer or c1 != c2 or c3 != c4:
        return None
    order = (c1, c3)
    return order if order in ORDERS else None


def wishes(asked: int | None, elder_discarded: int, elder_given: int, dealer_discarded: int,
           dealer_given: int) -> tuple[int, int]:
    """The cards still due from the stock in a round of the exchange (law 38): to the non-dealer,
    as many as he asked for, or discarded (one at least: he proposed), less those given him; to
    the dealer, as many as he discarded, less those he took."""
    wanted = asked if asked is not None else elder_discarded
    if not wanted and not elder_given:
        wanted = 1   # he proposed: he wants one card at least
    return max(0, wanted - elder_given), max(0, dealer_discarded - dealer_given)


def asking_error(asked: int, discarded: int) -> str | None:
    """The non-dealer's error of number in asking (laws 29, 30), or None."""
    return "took_more_than_discarded" if asked > discarded else \
        "asked_fewer_than_discarded" if asked < discarded else None


def giving_error(given: int, due: int) -> str | None:
    """An error of number in giving from the stock (laws 31-34), or None."""
    return "too_many_given" if given > due else "too_few_given" if given < due else None


def trump_king(trump: str | None) -> Card | None:
    """The king of trumps (None before a trump is turned up)."""
    return Card.parse("K" + trump) if trump else None


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
    if won[winner] == HAND_SIZE:
        return winner, (scoring.vole - 1 if cut else scoring.vole), "vole", "vole"
    vulnerable = (winner == dealer and no_proposal) or (winner == elder and first_refused)
    if vulnerable:
        return winner, (1 if cut else scoring.point_against_vulnerable), "point", "point_against_vulnerable"
    return winner, (0 if cut else scoring.point), "point", "point"
