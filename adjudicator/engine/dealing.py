"""Before the play: the cut for deal, shuffling, the cut, the deal, exposed and faced cards,
the turn-up, new packs. Each handler applies one event and reports what the laws must see."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from . import marks
from .rules import cut_winner, shuffled_last
from .ruling import Said, said
from ..record.table import HAND_SIZE, PACK_SIZE

if TYPE_CHECKING:
    from .in_play import DealInPlay
    from .replay import Replay
    from ..record.cards import Card
    from ..record.log import Cut, CutForDeal, Deal, Expose, Faced, NewPacks, Shuffle, TurnUp


def cut_for_deal(r: Replay, ev: CutForDeal, n: int) -> None:
    if r.deals:
        r.fail(n, "the cut for deal comes before the first deal")
    cards = ev.cards if ev.cards is not None else ([ev.card] if ev.card is not None else [])
    if not cards:
        r.fail(n, "give the card cut (card: or cards:)")
    if ev.by in r.cut_cards:
        r.fail(n, f"{ev.by} has already cut for deal: his adversary cuts next")
    if len(cards) > 1:
        r.irregular("cut_for_deal_exposed", n, public=True, actor=ev.by,
                    what=said("cut_for_deal_exposed", by=ev.by, count=len(cards), cards=cards))
        return
    r.cut_cards[ev.by] = cards[0]
    r.cut_tie = None
    if len(r.cut_cards) == 2:
        a, b = r.players
        ca, cb = r.cut_cards[a], r.cut_cards[b]
        r.cut_cards = {}
        if ca == cb:   # one pack, the same card twice: in plain view on the table
            r.irregular("incorrect_pack", n, public=True,
                        what=said("same_card_cut", a=a, b=b, card=ca))
        first = cut_winner(ca, cb, r.options)   # highest or lowest, in the ranking in force
        if first is not None:
            r.deals_next((a, b)[first])
        else:
            r.cut_tie = n   # no ruling if they cut again, as they must; see _start


def _start(r: Replay, n: int) -> DealInPlay:
    """A new deal begins at event n. The first deal after a tied cut for deal that was never cut
    again (law 5) is dealt by the header's dealer, if any: the tie is ruled on now."""
    tie, r.cut_tie = r.cut_tie, None
    if tie is not None and r.next_dealer is None:
        r.fail(n, f"who deals first is not known: the cut for deal at event {tie} was a tie "
                  "and was not cut again")
    prev = r.deals[-1] if r.deals else None
    deal = r.start_deal(n)
    if prev is not None and prev.annulled == "fresh_deal" and prev.rightful != prev.dealer \
            and not _stood(r, prev):
        # a fresh deal does not change whose turn it is: a deal out of turn dealt afresh by the
        # same player is still out of turn (law 14)
        deal.rightful = prev.rightful
    if tie is not None:
        r.irregular("cut_for_deal_tie", n, public=True, deal=deal,
                    what=said("cut_for_deal_tie", event=tie, dealer=deal.dealer))
    return deal


def _stood(r: Replay, deal: DealInPlay) -> bool:
    """A deal out of turn found too late to rectify stands as its dealer's (law 14), claimed
    or not (nobody claimed it: nothing elected, and the deal stands all the same)."""
    return any(x.elected == "play_on" or not x.claimed and x.options == ["play_on"]
               for x in r.ruled(deal, "deal_out_of_turn"))


def _deal_for(r: Replay, n: int, *, packet: bool) -> DealInPlay:
    """The deal this event belongs to, starting a new one when the last has gone past dealing."""
    deal = r.deal
    if deal is None or deal.phase != "dealing" or deal.annulled is not None or \
            (not packet and (deal.packets or deal.stock != PACK_SIZE)):
        deal = _start(r, n)
    return deal


def shuffle(r: Replay, ev: Shuffle, n: int) -> None:
    deal = r.deal
    if deal is not None and deal.phase in ("exchange", "play") and deal.annulled is None:
        # the deal is not over until its hand is: this shuffle is made during the hand (law 2)
        r.irregular("improper_shuffle", n, public=True, actor=ev.by,
                    what=said("shuffled_during_hand", by=ev.by))
        return
    deal = _deal_for(r, n, packet=False) if deal is None or deal.shuffles is None or deal.cut else deal
    if deal.cut and not deal.packets:
        deal.cut = False   # shuffled again after the cut (laws 1, 2): the pack is cut afresh
    if deal.shuffles is None:
        deal.shuffles = []
    deal.shuffles.append(ev.by)
    if ev.faces_exposed or ev.below_table:
        how = ("shuffled_below_table_exposing" if ev.below_table and ev.faces_exposed
               else "shuffled_below_table" if ev.below_table else "shuffled_exposing")
        r.irregular("improper_shuffle", n, public=True, actor=ev.by, what=said(how, by=ev.by))


def _shuffled_last(r: Replay, deal: DealInPlay, n: int) -> None:
    """Law 1: the dealer has the right to shuffle last."""
    s = deal.shuffles or []
    if not shuffled_last(s, deal.dealer):
        r.irregular("shuffle_out_of_turn", n, public=True, actor=s[-1], concerns=deal.dealer,
                    what=said("shuffled_after_dealer", by=s[-1]))
    deal.shuffles = None


def cut(r: Replay, ev: Cut, n: int) -> None:
    deal = r.deal
    if deal is None or deal.phase != "dealing" or deal.annulled is not None or deal.packets:
        deal = _start(r, n)   # a second cut before any packet (a fresh cut) is the same deal
    _shuffled_last(r, deal, n)
    deal.cut = True
    bottom = ev.bottom if ev.bottom is not None else PACK_SIZE - ev.top
    if ev.bottom is not None and ev.top + ev.bottom != PACK_SIZE:
        deal.incorrect_pack(r, n, said("pack_miscounted", count=ev.top + ev.bottom, pack=PACK_SIZE))
    if ev.exposed:
        r.irregular("exposed_in_cut", n, public=True, actor=ev.by,
                    what=said("exposed_in_cut", by=ev.by, cards=ev.exposed))
    if ev.top < 2 or bottom < 2:
        r.irregular("short_cut", n, public=True, actor=ev.by,
                    what=said("short_cut", by=ev.by, top=ev.top, bottom=bottom))


def deal_packet(r: Replay, ev: Deal, n: int) -> None:
    cur = r.deal
    if cur is not None and cur.annulled is None and cur.phase != "over" and cur.completing.get(ev.to):
        _complete(r, cur, ev, n)
        return
    deal = _deal_for(r, n, packet=True)
    by = ev.by or deal.dealer
    if not deal.packets and not deal.stock < PACK_SIZE:
        _first_packet(r, deal, by, ev, n)
    elif by != deal.dealer:
        r.fail(n, f"{deal.dealer} is dealing this deal, not {by}")
    if deal.shuffles is not None:
        _shuffled_last(r, deal, n)
    count = ev.count
    assert count is not None   # the log's WithCards sets it from the cards
    if count > deal.stock:
        r.fail(n, f"only {deal.stock} cards are left in the pack")
    hand = deal.hands[ev.to]
    before = hand.size
    hand.take(ev.cards, count)
    deal.stock -= count
    deal.packets.append((ev.to, count))
    if ev.cards:
        deal.see(r, ev.cards, n)
    if before <= HAND_SIZE < hand.size:
        r.irregular("wrong_count", n, public=False, concerns=ev.to, actor=deal.dealer,
                    extra={"size": "more"},
                    what=_dealt(deal, ev.to, hand.size))
    if len(deal.packets) == 4:
        dealing_done(r, deal, n)


def _dealt(deal: DealInPlay, player: str, size: int) -> Said:
    """The dealer dealt `player` (himself, or his adversary) `size` cards."""
    return said("dealt_himself" if player == deal.dealer else "dealt_adversary", dealer=deal.dealer,
                player=player, size=size)


def _complete(r: Replay, deal: DealInPlay, ev: Deal, n: int) -> None:
    """Cards dealt to complete a short hand (a rectified deal, laws 9, 16, 18): from the top of
    the pack, not a packet of the distribution."""
    due = deal.completing[ev.to]
    assert ev.count is not None   # the log's WithCards sets it from the cards
    if ev.count > due:
        r.fail(n, f"{ev.to} is owed {due} card{'s' if due != 1 else ''} to complete his hand, not {ev.count}")
    if ev.count > deal.stock:
        r.fail(n, f"only {deal.stock} cards are left in the pack")
    deal.hands[ev.to].take(ev.cards, ev.count)
    deal.stock -= ev.count
    deal.completing[ev.to] = due - ev.count
    if ev.cards:
        deal.see(r, ev.cards, n)


def _first_packet(r: Replay, deal: DealInPlay, by: str, ev: Deal, n: int) -> None:
    expected = deal.dealer
    if by != expected:
        deal.dealer, deal.non_dealer = by, expected
        deal.hands = {by: deal.hands[by], expected: deal.hands[expected]}
    if by != deal.rightful:
        r.irregular("deal_out_of_turn", n, public=False, actor=by,
                    what=said("deal_out_of_turn", by=by, rightful=deal.rightful))
    deal.pack = ev.pack or (deal.dealer if not r.packs_changed else deal.non_dealer)
    own = deal.dealer if not r.packs_changed else deal.non_dealer
    if deal.pack != own:
        what = said("wrong_pack", dealer=deal.dealer, pack=deal.pack)
        if r.packs_changed:
            what = said("wrong_pack_changed", dealer=deal.dealer, own=own)
        r.irregular("wrong_pack", n, public=False, actor=deal.dealer, what=what)


def dealing_done(r: Replay, deal: DealInPlay, n: int) -> None:
    """The distribution is over: check the count of each hand and the order of distribution."""
    if deal.dealing_checked:
        return
    deal.dealing_checked = True
    wrong = False
    for player in (deal.non_dealer, deal.dealer):
        size = deal.hands[player].size
        if size < HAND_SIZE:
            wrong = True
            r.irregular("wrong_count", n, public=False, concerns=player, actor=deal.dealer,
                        extra={"size": "fewer"}, what=_dealt(deal, player, size))
        elif size > HAND_SIZE:
            wrong = True
    if wrong or deal.annulled is not None or _count_ruled(r, deal):
        return   # a wrong number is its own irregularity (laws 9, 15-21): the order is not judged
    order = deal.order()
    chosen = deal.chosen_order(r)
    if order is not None and (chosen is None or chosen[0] == order):
        return
    if order is not None:
        assert chosen is not None   # else the order stands (returned above)
        what = said("order_changed", dealer=deal.dealer, order="{}-{}".format(*order),
                    chosen="{}-{}".format(*chosen[0]), deal=chosen[1])
    else:
        what = said("order_wrong", dealer=deal.dealer, packets=[list(p) for p in deal.packets])
    r.irregular("wrong_order", n, public=False, actor=deal.dealer, what=what)


def _count_ruled(r: Replay, deal: DealInPlay) -> bool:
    """A wrong number of cards was found in this deal (ruled, or waiting for its claim)."""
    return bool(r.ruled(deal, "wrong_count")) or \
        any(p.irregularity == "wrong_count" and p.deal is deal for p in r.pending)


def expose(r: Replay, ev: Expose, n: int) -> None:
    deal = r.current(n)
    prev = r.events[n - 2] if n >= 2 else None
    if prev is None or prev.event not in ("deal", "give"):
        r.fail(n, "an exposed card belongs to the packet or the cards just given (the event before)")
    whose = ev.of or prev.to
    hand = deal.hands[whose]
    if ev.card not in hand.cards and hand.unknown == 0:
        r.fail(n, f"{ev.card} is not among {whose}'s cards")
    if ev.card not in hand.cards:
        hand.unknown -= 1
        hand.cards.append(ev.card)
        deal.see(r, [ev.card], n)
    deal.exposed = ev.card
    r.irregular("exposed_card", n, public=True, concerns=whose, actor=deal.dealer,
                what=said("exposed_own" if whose == deal.dealer else "exposed_adversary", dealer=deal.dealer, card=ev.card, owner=whose))


def faced(r: Replay, ev: Faced, n: int) -> None:
    deal = r.deal
    if deal is None or deal.phase == "over":
        deal = _start(r, n)
    deal.faced = ev.card
    r.irregular("faced_card", n, public=True,
                what=said("faced_in_stock" if deal.turned_over else "faced_in_pack", card=ev.card))


def turn_up(r: Replay, ev: TurnUp, n: int) -> None:
    deal = r.current(n)
    cards = ev.cards if ev.cards is not None else ([ev.card] if ev.card is not None else [])
    if not cards and ev.count is None:
        r.fail(n, "give the card turned up (card:, cards:, or count: 1 when it is not known)")
    if deal.took_cards:
        if not cards:
            r.fail(n, "name the card turned up after cards were given (law 37 rules on it as an exposed card)")
        if len(cards) != 1:
            r.fail(n, "turn up one card at a time after the exchange")
        card = cards[0]
        if deal.stock == 0:
            r.fail(n, "the stock is empty: there is no card to turn up")
        deal.see(r, [card], n)
        deal.exposed = card   # it lies face up on the stock (law 37)
        r.irregular("turned_in_error", n, public=True, actor=deal.dealer,
                    what=said("turned_in_error", dealer=deal.dealer, card=card))
        return
    if deal.annulled is not None:
        r.fail(n, f"deal {deal.number} was annulled ({deal.annulled.replace('_', ' ')}): the next deal "
                  "begins with its shuffle, cut or first packet")
    # law 10: after an act that belongs after the turn-up, the dealer turns up now
    late = deal.no_turn_up is not None and not deal.turned_over
    if deal.phase == "exchange" and deal.turn_up is not None and not deal.turned and len(cards) == 1:
        _second_turned(r, deal, cards[0], n)
        return
    if deal.phase != "dealing" and not late:
        r.fail(n, "the trump card of this deal is already turned up")
    if max(len(cards), 1) > deal.stock:
        r.fail(n, f"only {deal.stock} cards are left in the pack")
    dealing_done(r, deal, n)
    deal.see(r, cards, n)
    deal.stock -= max(len(cards), 1)
    if deal.phase == "dealing":
        deal.phase = "exchange"
    marks.lapse(r, deal, n)
    if not cards:   # known by count: no king is counted for it, and the trump suit is not known
        deal.turn_up_unknown = True
        return
    if len(cards) > 1:
        deal.turned = list(cards)
        r.irregular("more_than_one_turned", n, public=True, actor=deal.dealer,
                    what=said("turned_several", dealer=deal.dealer, count=len(cards), cards=cards))
        if deal.turn_up is None and deal.annulled is None and deal.phase != "over":
            deal.turn_up = cards[0]   # until the non-dealer chooses (law 11), the top card
            deal.trump = cards[0].suit
        return
    deal.set_trump(r, cards[0], n)


def _second_turned(r: Replay, deal: DealInPlay, card: Card, n: int) -> None:
    """Another card turned up after the trump card, before any card is given: more than one card
    turned up. The first stays the trump until the choice; a king among them is marked once
    chosen."""
    if deal.stock == 0:
        r.fail(n, "the stock is empty: there is no card to turn up")
    first = deal.turn_up
    assert first is not None   # the caller's condition: the trump card was turned up
    for ent in [e for e in r.owed if e.deal is deal and e.kind == "turned_king"]:
        marks.cancel(r, ent)
    deal.see(r, [card], n)
    deal.stock -= 1
    deal.turned = [first, card]
    r.irregular("more_than_one_turned", n, public=True, actor=deal.dealer,
                what=said("turned_second", dealer=deal.dealer, card=card, first=first))


EARLY_ACTS = frozenset({"propose", "accept", "refuse", "ask", "discard", "play"})


def before_turn_up(r: Replay, deal: DealInPlay, n: int) -> bool:
    """An act of the exchange or the play comes before the trump card is turned up (law 10).

    True when it may stand: the hands have been dealt and the act needs neither the trump card
    nor the stock (a proposal, an answer, a discard, the first card led). The first such act of
    the deal is the irregularity, ruled where it stands; the dealer's `turn_up` follows."""
    if deal.phase != "dealing" or deal.annulled is not None or not deal.packets \
            or deal.turned_over:
        return False
    ev = r.events[n - 1]
    if ev.event not in EARLY_ACTS:
        return False
    if deal.no_turn_up is None:
        deal.no_turn_up = n
        dealing_done(r, deal, n)
        r.irregular("no_turn_up", n, public=True, actor=deal.dealer,
                    what=said(f"before_turn_up_{ev.event}", by=ev.by,  # type: ignore[union-attr]  # every early act has a `by`
                              dealer=deal.dealer,
                              card=getattr(ev, "card", None)))
    return True


def new_packs(r: Replay, ev: NewPacks, n: int) -> None:
    """Law 44: new cards may be called for until the pack for the next deal is cut."""
    deal = r.deal
    if deal is not None and deal.phase == "dealing" and deal.annulled is None and (deal.cut or deal.packets):
        r.irregular("late_new_packs", n, public=True, actor=ev.by,
                    what=said("new_cards_after_cut" if deal.cut else "new_cards_after_begun", by=ev.by))
        return
    r.packs_changed = False   # two new packs, the dealer choosing his: each has his own pack again


# by event name, each handler taking its own event
HANDLERS: dict[str, Callable[[Replay, Any, int], None]] = {
    "cut_for_deal": cut_for_deal, "shuffle": shuffle, "cut": cut, "deal": deal_packet,
    "expose": expose, "faced": faced, "turn_up": turn_up, "new_packs": new_packs,
}
