"""What each option does to the table when it is taken, and what each effect does to the
score. Which option was taken is `claims.py`'s business."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import exchange, marks
from ..record.table import HAND_SIZE, played_by

if TYPE_CHECKING:
    from typing import Callable

    from .replay import Replay
    from .ruling import Ruling
    from .in_play import DealInPlay
    from ..record.cards import Card
    from ..record.log import Event

    Remedy = Callable[[Replay, Ruling, DealInPlay, Card | None, int], None]


def _nothing(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """The deal goes on as it stands (the log shows the rest)."""


# a fresh or void deal deals the cards again: its wrong numbers and order need no other ruling
CURED_BY_ANNULMENT = frozenset({"wrong_count", "wrong_order"})


def _annul(r: Replay, deal: DealInPlay, how: str) -> None:
    r.pending[:] = [p for p in r.pending if p.deal is not deal or p.irregularity not in CURED_BY_ANNULMENT]
    r.annul(deal, how)


def _fresh_deal(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """The deal is annulled; the same dealer deals again (`Replay.annul`)."""
    _annul(r, deal, "fresh_deal")


def _deal_void(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """The deal is void, as if never dealt; the player whose turn it was deals."""
    _annul(r, deal, "deal_void")


def _upcoming(r: Replay, ruling: Ruling, n: int) -> Event | None:
    """The next event the log applies after this remedy, taken at event n: event n itself when
    it is what shows the choice (it is applied after), else the ones after it; looks, claims,
    elections and marks are passed over."""
    i = n - 1 if ruling.event < n and r.events[n - 1].event not in ("elect", "claim") else n
    while i < r.last and r.events[i].event in ("look", "claim", "elect", "mark", "mark_king"):
        i += 1
    return r.events[i] if i < r.last else None


def _owed_from_stock(r: Replay, ruling: Ruling, deal: DealInPlay, holder: str, short: int, n: int,
                     by: tuple[str, ...]) -> None:
    """Cards due to a short hand from the top of the pack or stock: the log's next `give` or
    `deal` to him shows them; without one, they are unknown cards."""
    nxt = _upcoming(r, ruling, n)
    if nxt is not None and (nxt.event == "give" or nxt.event == "deal") and nxt.event in by and nxt.to == holder:
        deal.completing[holder] = short
        return
    if short > deal.stock:
        r.fail(n, f"only {deal.stock} cards are left to complete {holder}'s hand")
    deal.hands[holder].unknown += short
    deal.stock -= short


def _rectify(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """The dealer puts his error right and the deal goes on. A wrong number: cards dealt in
    excess go back on top of the pack (the last dealt first), cards short are dealt from it.
    A changed order of distribution: the same cards are dealt again in the order selected.
    Anything else (law 10's turn-up): the events that follow show it done."""
    if ruling.irregularity == "wrong_order":
        _deal_again_in_order(r, deal)
        return
    if exchange.restore_words(deal):   # a word he may not say (a refusal barred) is put right
        return
    holder = ruling.concerns
    if holder is None:
        return
    if deal.phase == "exchange" and deal.round_given.get(holder):
        exchange.excess_returned(deal, holder, deal.hands[holder].size - HAND_SIZE)
    hand = deal.hands[holder]
    excess = hand.size - HAND_SIZE
    if excess > 0:
        for _ in range(excess):
            if hand.unknown:
                hand.unknown -= 1
            else:
                deal.seen.discard(hand.cards.pop())
        deal.stock += excess
    elif excess < 0:
        _owed_from_stock(r, ruling, deal, holder, -excess, n, ("deal",))


def _deal_again_in_order(r: Replay, deal: DealInPlay) -> None:
    """The ten cards dealt, dealt again without a shuffle in the order the dealer selected (law
    8): his first deal's order, or, if this is his first, the one his first packet began (three
    then two, or two then three). Where the log names every card dealt the hands are rebuilt from
    their order in the pack; otherwise each hand is five unknown cards."""
    chosen = deal.chosen_order(r)
    if chosen is not None:
        first = chosen[0][0]
    else:
        first = 2 if deal.packets and deal.packets[0][1] == 2 else 3
    non_dealer, dealer = deal.non_dealer, deal.dealer
    packets = [(non_dealer, first), (dealer, first), (non_dealer, 5 - first), (dealer, 5 - first)]
    hands = deal.hands
    if sum(c for _, c in deal.packets) != 2 * HAND_SIZE:
        return
    if all(h.known for h in hands.values()):
        taken = {p: 0 for p in hands}
        pack = []
        for p, count in deal.packets:
            pack.extend(hands[p].cards[taken[p]:taken[p] + count])
            taken[p] += count
        rebuilt: dict[str, list[Card]] = {non_dealer: [], dealer: []}
        i = 0
        for p, count in packets:
            rebuilt[p].extend(pack[i:i + count])
            i += count
        for p in hands:
            hands[p].cards = rebuilt[p]
    else:
        for h in hands.values():
            h.cards, h.unknown = [], HAND_SIZE
    deal.packets = packets


def _choose_trump(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """Law 11: the chosen card is the trump; the others are thrown aside."""
    card = card if card is not None else deal.turned[0]
    if card not in deal.turned:
        r.fail(n, f"{card} is not one of the cards turned up ({', '.join(map(str, deal.turned))})")
    deal.aside.extend(c for c in deal.turned if c != card)
    deal.turned = [card]
    ruling.elected_card = str(card)
    deal.set_trump(r, card, n)


def _discard_superfluous(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """The holder lays out his extra cards unseen: the next discard of his, or unknown ones."""
    holder = ruling.concerns
    assert holder is not None   # superfluous cards are in a hand
    excess = deal.hands[holder].size - _still_due(deal, holder)
    if excess <= 0:
        return
    nxt = _upcoming(r, ruling, n)
    if nxt is not None and nxt.event == "discard" and nxt.by == holder:
        deal.superfluous[holder] = excess
    else:
        exchange.forget(deal, holder, excess)
        deal.aside_count += excess


def _draw_superfluous(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """The adversary draws the extra cards from the holder's hand; they are thrown aside. The
    `elect` may name the card drawn (`card`); the others drawn are not known."""
    holder = ruling.concerns
    assert holder is not None   # superfluous cards are in a hand
    hand = deal.hands[holder]
    excess = hand.size - _still_due(deal, holder)
    if excess <= 0:
        return
    if card is not None:
        if card in hand.cards:
            hand.cards.remove(card)
        elif hand.unknown:
            hand.unknown -= 1
            deal.seen.add(card)
        else:
            r.fail(n, f"{holder} does not hold {card}")
        deal.aside.append(card)
        excess -= 1
    if excess:
        exchange.forget(deal, holder, excess)
        deal.aside_count += excess


def _complete_from_stock(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """The short hand is completed from the top of the stock: by the next gives, or unknown cards."""
    holder = ruling.concerns
    assert holder is not None   # a short hand is someone's
    short = _still_due(deal, holder) - deal.hands[holder].size
    if short <= 0:
        return
    if deal.phase == "exchange" and holder in deal.round_given:
        deal.round_given[holder] += short   # the round's count made good (laws 32, 34)
    _owed_from_stock(r, ruling, deal, holder, short, n, ("give", "deal"))


def _still_due(deal: DealInPlay, holder: str) -> int:
    """The cards a hand should hold now: five, less those its holder has played (a number found
    wrong during the play is put right to what is left of five, laws 29-34)."""
    return HAND_SIZE - len(played_by(deal, holder))


def _cut_again(r: Replay, ruling: Ruling, deal: DealInPlay | None, card: Card | None, n: int) -> None:
    if ruling.offender is not None:
        r.cut_cards.pop(ruling.offender, None)


def _fresh_cut(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    deal.cut = False


def _take_back(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """The card led goes back to the leader's hand, as if never led (laws 40, 41)."""
    trick = deal.trick if deal is not None else None
    if trick is None:
        return
    if trick.follow is None:
        deal.tricks.pop()
        deal.hands[trick.leader].cards.append(trick.lead)  # type: ignore[arg-type]  # a trick on the table was led with a card
        if deal.first_play.get(trick.leader) == trick.lead_event:
            del deal.first_play[trick.leader]
    else:
        deal.undo_follow(r, trick)


def _require_named_suit(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """The card led is taken up, and its leader must lead the suit he named (law 41)."""
    _take_back(r, ruling, deal, card, n)
    deal.suit_required = ruling


def _replay_hand(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """Laws 25, 43: the hands are played again from the cards held when play began (a hand whose
    play was not recorded card by card still holds them)."""
    if deal.start_hands is None:
        if deal.phase == "dealing":
            return
        deal.begin_play()
    for ent in [e for e in r.owed if e.deal is deal and e.kind in ("point", "vole")]:
        marks.cancel(r, ent, "replay_hand")
    start = deal.start_hands
    assert start is not None   # begin_play kept them
    for p, (cards, unknown) in start.items():
        deal.hands[p].cards, deal.hands[p].unknown = list(cards), unknown
    deal.tricks.clear()
    deal.won = {p: 0 for p in deal.won}
    deal.summarised, deal.recounted = {}, {}
    deal.first_play.clear()
    deal.hand_award = None
    deal.phase = "exchange"
    deal.begin_play()
    deal.deals_again(r)


def exposed_off_stock(deal: DealInPlay) -> bool:
    """The exposed card lies face up on the stock, in no hand: turned up in error (law 37)."""
    card = deal.exposed
    return card is not None and card not in deal.aside and \
        not any(card in h.cards for h in deal.hands.values())


def _take_exposed(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """The exposed card is taken. One given and exposed is in the hand already (law 36); one
    turned up in error lies face up on top of the stock, to be the next card given to the
    non-dealer (law 37): given now if he has discarded for it and the log gives it no other way."""
    card, non_dealer = deal.exposed, deal.non_dealer
    if card is None or not exposed_off_stock(deal):
        return
    deal.seen.discard(card)
    nxt = _upcoming(r, ruling, n)
    waiting = deal.answer == "accept" and \
        deal.round_discard.get(non_dealer, 0) > deal.round_given.get(non_dealer, 0)
    if waiting and not (nxt is not None and nxt.event == "give" and nxt.to == non_dealer):
        exchange.receive(r, deal, non_dealer, [card], 1, n)   # he takes it now, as the next card given


def _refuse_exposed(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """The refused card is thrown aside. One given is replaced by the next card of the stock
    (law 36: the log's next `give` to him, else an unknown card); one turned up in error is
    simply not given (law 37)."""
    exposed = deal.exposed
    if exposed is None:
        return
    if exposed_off_stock(deal):
        deal.aside.append(exposed)
        deal.stock -= 1
        return
    holder = ruling.concerns or deal.non_dealer
    if exposed in deal.hands[holder].cards:
        deal.hands[holder].cards.remove(exposed)
        deal.aside.append(exposed)
        _owed_from_stock(r, ruling, deal, holder, 1, n, ("give",))


def _throw_aside(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """Law 35: the faced card leaves the stock, seen by both; the next card is given instead."""
    if deal.faced is None:
        return
    if deal.stock <= 0:
        r.fail(n, "the stock is empty: no faced card can be found in it")
    deal.aside.append(deal.faced)
    deal.see(r, [deal.faced], n)
    deal.stock -= 1


def _unplayable(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """The short hand is played as it is; once it has no card left, the cards its adversary
    still holds cannot be played to and are his tricks (the play does it: `play.short_out`)."""


def _exchange_what_remains(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """The non-dealer exchanges what he asked for, or what the stock holds; the dealer takes no
    card and plays his hand (`exchange.serve_what_remains`)."""
    exchange.serve_what_remains(r, deal, n)


def _retraction_refused(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
    """The proposal, answer or number first said stands: the later word is struck out."""
    exchange.restore_words(deal)


def _award(kind: str) -> Remedy:
    def award(r: Replay, ruling: Ruling, deal: DealInPlay, card: Card | None, n: int) -> None:
        """Law 42: the adversary of the player who abandoned marks the point or the vole."""
        quitter = ruling.offender
        assert quitter is not None   # law 42: the player who abandoned
        winner = deal.other(quitter)
        if deal.phase == "over":   # already settled: the award replaces the hand's score
            for ent in [e for e in r.owed if e.deal is deal and e.kind in ("point", "vole")]:
                marks.cancel(r, ent, "award_" + kind)
        deal.won = {winner: 5 if kind == "vole" else max(3, deal.won[winner]), quitter: deal.won[quitter]}
        if kind == "vole":
            deal.won[quitter] = 0
        deal.end_play(r, n)
    return award


OPTIONS: dict[str, Remedy] = {
    "rectify": _rectify, "fresh_deal": _fresh_deal, "deal_void": _deal_void,
    "play_on": _nothing, "choose_trump": _choose_trump,
    "discard_superfluous": _discard_superfluous, "draw_superfluous": _draw_superfluous,
    "complete_from_stock": _complete_from_stock, "cut_again": _cut_again,
    "fresh_cut": _fresh_cut, "reshuffle": _nothing, "take_back": _take_back,
    "card_stands": _nothing, "play_to_card_led": _nothing, "require_named_suit": _require_named_suit,
    "replay_hand": _replay_hand, "correct_score": _nothing, "take_exposed": _take_exposed,
    "refuse_exposed": _refuse_exposed, "throw_aside": _throw_aside,
    "unplayable_as_tricks": _unplayable, "mark_refused": _nothing, "retraction_refused": _retraction_refused,
    "award_point": _award("point"), "award_vole": _award("vole"),
    "exchange_what_remains": _exchange_what_remains,
}


# ------------------------------------------------------------------ effects

def _king_forfeited(r: Replay, ruling: Ruling, deal: DealInPlay) -> None:
    """Law 19: the dealer cannot mark the king turned up."""
    deal.king_forfeited = True
    for ent in [e for e in r.owed if e.deal is deal and e.kind == "turned_king"]:
        marks.cancel(r, ent, "turned_king_forfeited")


def _score_cut(r: Replay, ruling: Ruling, deal: DealInPlay) -> None:
    """Laws 25, 43: point nothing, vole one, point against law 49 one."""
    assert ruling.offender is not None   # laws 25, 43 cut an offender's score
    deal.cut_players.add(ruling.offender)
    if deal.hand_award is not None:
        deal.rescore(r)


def _king_cancelled(r: Replay, ruling: Ruling, deal: DealInPlay) -> None:
    for ent in [e for e in r.owed if e.deal is deal and e.kind == "held_king" and e.player == ruling.offender]:
        marks.cancel(r, ent, "held_king_cancelled")


def _packs_changed(r: Replay, ruling: Ruling, deal: DealInPlay) -> None:
    """Law 14: the adversary's pack was dealt with; the packs remain changed."""
    r.packs_changed = not r.packs_changed


EFFECTS = {"turned_king_forfeited": _king_forfeited, "offender_score_cut": _score_cut,
           "held_king_cancelled": _king_cancelled, "packs_changed": _packs_changed}
