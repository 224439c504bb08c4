"""The rules of play, each defined once: the replay (play, dealing, scoring) and the archive's
lean scan (`scan`) both call these.

Pure functions of cards and counts: who wins a trick, what a second card may be (follow suit,
win when able, trump when void), which duty a card breaks (with who wins, in one pass), the
order of distribution (law 8), what the stock owes in the exchange and the errors of number,
the king of trumps, and what a hand scores (laws 48, 49, and the law-25/43 limits).

And the game's flow, who may act when: the dealer's last shuffle (law 1), the first trick open
for law 24's grace, a double's and an offer's windows, who deals after a deal, and who plays,
deals and wins in a pool or a linked match (RULESETS.md).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..record.cards import PACK, Card
from ..record.table import HAND_SIZE

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping, Sequence

    from ..lawbook.laws import Scoring
    from ..record.options import Options

ORDERS = frozenset({(3, 2), (2, 3)})   # law 8: the orders a dealer may select (three then two, two then three)


DERIVED_BASES = ("vole_against_vulnerable",)
"""What a hand's score may be earned for beyond the scoring tables' keys: the vole with the refusal
point added (option refusal_point_on_vole), worth the vole and law 49's extra point."""

LONDON: dict[Card, int] = {c: c.power for c in PACK}
"""The order of the cards in a suit: K Q J A 10 9 8 7 (the ace between the knave and the ten)."""
ACE_HIGH: dict[Card, int] = {c: (9 if c.rank == "A" else c.power) for c in PACK}
"""With the ace ranked high (option ace_high): A K Q J 10 9 8 7."""


def ranking(options: Options) -> dict[Card, int]:
    """The order in force, for the cut for deal, the tricks and the duty to win."""
    return ACE_HIGH if options.ace_high else LONDON


def cut_winner(a: Card, b: Card, options: Options) -> int | None:
    """Who deals after a cut for deal of `a` (the first player) and `b`: 0, 1, or None for cards
    of equal rank (law 5: they cut again). The highest or the lowest deals (option
    cut_for_deal), judged in the ranking in force."""
    power = ranking(options)
    pa, pb = power[a], power[b]
    if pa == pb:
        return None
    return 0 if (pa > pb) == (options.cut_for_deal == "highest") else 1


def beats(card: Card, lead: Card, trump: str | None, power: Mapping[Card, int] = LONDON) -> bool:
    """True when `card`, played second, wins the trick led by `lead`."""
    return second_card((), lead, card, trump, power)[1]


def legal_replies(hand: Collection[Card], lead: Card, trump: str | None,
                  power: Mapping[Card, int] = LONDON) -> list[Card]:
    """The cards the second player may play: follow suit, win when able, trump when void."""
    follows = [c for c in hand if c.suit == lead.suit]
    if follows:
        return [c for c in follows if power[c] > power[lead]] or follows
    return [c for c in hand if c.suit == trump] or list(hand)


def second_card(held: Collection[Card], lead: Card, card: Card, trump: str | None,
                power: Mapping[Card, int] = LONDON) -> tuple[str | None, bool]:
    """(the duty broken by playing `card` to `lead` from a hand that also held `held`, as far as
    those cards prove it: "revoke", "failure_to_win" or None; and whether `card` wins the trick).
    One pass for both, the replay's and the scan's trick; `beats` asks it with no cards held."""
    suit = lead.suit
    if card.suit == suit:
        led = power[lead]
        if power[card] > led:
            return None, True
        for c in held:
            if c.suit == suit and power[c] > led:
                return "failure_to_win", False
        return None, False
    trumps = card.suit == trump
    for c in held:
        if c.suit == suit:
            return "revoke", trumps
    if not trumps and trump is not None and suit != trump:
        for c in held:
            if c.suit == trump:
                return "failure_to_win", False
    return None, trumps


def distribution(packets: Sequence[tuple[str, int]], non_dealer: str, dealer: str) -> tuple[int, int] | None:
    """The order of distribution, (2, 3) or (3, 2), when the packets follow one the law allows
    (law 8): his adversary first, then himself, the same number to each, twice; else None."""
    if len(packets) != 4:
        return None
    (p1, c1), (p2, c2), (p3, c3), (p4, c4) = packets
    if p1 != non_dealer or p2 != dealer or p3 != non_dealer or p4 != dealer or c1 != c2 or c3 != c4:
        return None
    order = (c1, c3)
    return order if order in ORDERS else None


def wishes(asked: int | None, non_dealer_discarded: int, non_dealer_given: int, dealer_discarded: int,
           dealer_given: int) -> tuple[int, int]:
    """The cards still due from the stock in a round of the exchange (law 38): to the non-dealer,
    as many as he asked for, or discarded (one at least: he proposed), less those given him; to
    the dealer, as many as he discarded, less those he took."""
    wanted = asked if asked is not None else non_dealer_discarded
    if not wanted and not non_dealer_given:
        wanted = 1   # he proposed: he wants one card at least
    return max(0, wanted - non_dealer_given), max(0, dealer_discarded - dealer_given)


def asking_error(asked: int, discarded: int) -> str | None:
    """The non-dealer's error of number in asking (laws 29, 30), or None."""
    return "took_more_than_discarded" if asked > discarded else \
        "asked_fewer_than_discarded" if asked < discarded else None


def giving_error(given: int, due: int) -> str | None:
    """An error of number in giving from the stock (laws 31-34), or None."""
    return "too_many_given" if given > due else "too_few_given" if given < due else None


def law24_grace(played: Sequence[Card], king: Card | None, *, led_it: bool, first_trick_open: bool,
                dealer: bool) -> bool:
    """Law 24: a player who has played may still announce the king of trumps when it is the only
    card he has played, and it is the card first led and not yet played to (`led_it`,
    `first_trick_open`), or it is the dealer's first card (he has not played again)."""
    if len(played) != 1 or played[0] != king:
        return False
    return first_trick_open if led_it else dealer


def trump_king(trump: str | None) -> Card | None:
    """The king of trumps (None before a trump is turned up)."""
    return Card.parse("K" + trump) if trump else None


def hand_score(won: dict[str, int], dealer: str, non_dealer: str, *, no_proposal: bool,
               first_refused: bool, scoring: Scoring, cut: bool = False,
               refusal_on_vole: bool = False) -> tuple[str, int, str, str] | None:
    """(winner, points, "point" or "vole", the scoring table's key that gave it) for a hand
    played out, or None if nobody has three.

    `no_proposal`: the non-dealer played without proposing; `first_refused`: the dealer refused
    the first proposal (law 49). `cut`: the winner is an offender under law 25 or 43 (his vole
    marks one, under every rule set). `refusal_on_vole` (option refusal_point_on_vole): law 49's
    extra point is added to the vole too.
    """
    winner = next((p for p, n in won.items() if n >= 3), None)
    if winner is None:
        return None
    vulnerable = (winner == dealer and no_proposal) or (winner == non_dealer and first_refused)
    if won[winner] == HAND_SIZE:
        if cut:
            return winner, scoring.vole - 1, "vole", "vole"
        if vulnerable and refusal_on_vole:
            extra = scoring.point_against_vulnerable - scoring.point
            return winner, scoring.vole + extra, "vole", "vole_against_vulnerable"
        return winner, scoring.vole, "vole", "vole"
    if vulnerable:
        return winner, (1 if cut else scoring.point_against_vulnerable), "point", "point_against_vulnerable"
    return winner, (0 if cut else scoring.point), "point", "point"


def dealer_must_take(options: Options, stock: int) -> bool:
    """Option dealer_must_exchange: the dealer who accepted must take at least one card of the
    stock once the non-dealer is served (004: "The dealer must then also exchange at least one
    card of their own"); the duty lapses when the stock is empty."""
    return options.dealer_must_exchange and stock > 0


DOUBLED = 2
"""A double accepted: the hand's points (point or vole, with law 49's or the refusal point)
count twice; a king's point is not the hand's and is not doubled (RULESETS.md)."""
OFFER_LOST = 2
"""004: "the offering player scores two points instead" (his trick after his offer declined)."""


def vulnerable(non_dealer: bool, *, proposals: int, has_played: bool, first_refused: bool) -> bool:
    """Law 49's vulnerable player, as the variants read him: the non-dealer once he has
    played a card without proposing; the dealer who refused the first proposal."""
    return has_played and proposals == 0 if non_dealer else first_refused


def stake_points(basis: str, scoring: Scoring) -> int:
    """What a hand a double or an offer ended early scores (RULESETS.md): the scoring table's
    point, or its point against a vulnerable player (`..._vulnerable`: a double declined by a
    vulnerable player, an offer accepted from the dealer who refused the first proposal), and
    OFFER_LOST for the offerer's trick after his offer was declined."""
    if basis == "offer_lost":
        return OFFER_LOST
    return scoring.point_against_vulnerable if basis.endswith("_vulnerable") else scoring.point


# ------------------------------------------------------------------ the flow: who may act when

def shuffled_last(shuffles: Sequence[str], dealer: str) -> bool:
    """Law 1: the dealer has the right to shuffle last. False only when he shuffled and his
    adversary shuffled after him (`shuffles`: who shuffled, in order, before the cut or deal)."""
    return not shuffles or shuffles[-1] == dealer or dealer not in shuffles


def first_trick_open(trick: int, answered: bool) -> bool:
    """Law 24: the trick a card was led to (`trick`, counting from 0) is the hand's first, and
    its lead is not yet `answered` by a card played to it."""
    return trick == 0 and not answered


def double_in_time(tricks_led: int) -> bool:
    """Option doubling: a double is in time before the first card of the third trick
    (`tricks_led`: the tricks of the hand a card was led to so far)."""
    return tricks_led < 3


def offer_in_time(tricks_led: int) -> bool:
    """Option offer_point: an offer of the point is in time before the hand's first card."""
    return tricks_led == 0


def dealer_after(dealer: str, non_dealer: str, rightful: str, fresh: bool = False, void: bool = False) -> str:
    """Who deals after a deal is over: the deal passes to the non-dealer after a hand, played or
    ended early (a deal out of turn that stood too, law 14); a fresh deal is dealt by the same
    dealer; after a deal void, the player whose deal it was (`rightful`) deals. (No keyword-only
    parameter: the scan calls it every deal, and CPython specialises no call of a function that
    has one.)"""
    return dealer if fresh else rightful if void else non_dealer


def champion(winners: Sequence[str | None], *, pool: bool) -> str | None:
    """Who has won a pool (the last two games, running) or a linked match (two games), if anyone
    has (RULESETS.md); `winners`: each game's so far, in order."""
    w = winners[-1] if winners else None
    if w is None:
        return None
    if pool:
        return w if len(winners) >= 2 and winners[-2] == w else None
    return w if winners.count(w) >= 2 else None


def next_game(players: Sequence[str], last: Sequence[str], winner: str, *, pool: bool) -> tuple[set[str], str]:
    """(who plays the next game, who deals it unless its `new_game` names the dealer) after a
    game of a pool or a linked match (RULESETS.md): in a pool the loser sits out and the player
    who sat out comes in and deals; in a linked match the same two play, the loser dealing."""
    if pool:
        coming = next(p for p in players if p not in last)
        return {winner, coming}, coming
    return set(players), next(p for p in last if p != winner)
