"""Before the play: the cut for deal, shuffling, the cut, the deal, exposed and faced cards,
the turn-up, new packs. Each handler applies one event and reports what the laws must see."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import marks
from .cards import rank_power
from .table import HAND_SIZE, PACK_SIZE, Deal

if TYPE_CHECKING:
    from .replay import Replay

ORDERS = {(3, 2): "three then two", (2, 3): "two then three"}


def cut_for_deal(r: Replay, ev: Any, n: int) -> None:
    if r.deals:
        r.fail(n, "the cut for deal comes before the first deal")
    cards = ev.cards if ev.cards is not None else ([ev.card] if ev.card is not None else [])
    if not cards:
        r.fail(n, "give the card cut (card: or cards:)")
    if len(cards) > 1:
        r.irregular("cut_for_deal_exposed", n, public=True, actor=ev.by,
                    what=f"{ev.by} exposed {len(cards)} cards ({', '.join(map(str, cards))}) cutting for deal")
        return
    r.cut_cards[ev.by] = cards[0]
    if len(r.cut_cards) == 2:
        a, b = r.players
        pa, pb = rank_power(r.cut_cards[a].rank), rank_power(r.cut_cards[b].rank)
        if pa != pb:
            r.next_dealer = a if pa > pb else b
        r.cut_cards = {}


def _deal_for(r: Replay, n: int, *, packet: bool) -> Deal:
    """The deal this event belongs to, starting a new one when the last has gone past dealing."""
    deal = r.deal
    if deal is None or deal.phase != "dealing" or deal.annulled is not None or \
            (not packet and (deal.packets or deal.stock != PACK_SIZE)):
        deal = r.start_deal(n)
    return deal


def shuffle(r: Replay, ev: Any, n: int) -> None:
    deal = r.deal
    if deal is not None and deal.phase == "play" and deal.annulled is None:
        r.irregular("improper_shuffle", n, public=True, actor=ev.by,
                    what=f"{ev.by} shuffled during the play of the hand")
        return
    deal = _deal_for(r, n, packet=False) if deal is None or deal.shuffles is None or deal.cut else deal
    if deal.shuffles is None:
        deal.shuffles = []
    deal.shuffles.append(ev.by)
    if ev.faces_exposed or ev.below_table:
        how = "so as to expose the faces of the cards" if ev.faces_exposed else "below the table"
        r.irregular("improper_shuffle", n, public=True, actor=ev.by, what=f"{ev.by} shuffled {how}")


def _shuffled_last(r: Replay, deal: Deal, n: int) -> None:
    """Law 1: the dealer has the right to shuffle last."""
    s = deal.shuffles or []
    if s and s[-1] != deal.dealer and deal.dealer in s:
        r.irregular("shuffle_out_of_turn", n, public=True, actor=s[-1], concerns=deal.dealer,
                    what=f"{s[-1]} shuffled after the dealer {deal.dealer}, who has the right to shuffle last")
    deal.shuffles = None


def cut(r: Replay, ev: Any, n: int) -> None:
    deal = r.deal
    if deal is None or deal.phase != "dealing" or deal.packets or deal.cut:
        deal = r.start_deal(n)
    _shuffled_last(r, deal, n)
    deal.cut = True
    bottom = ev.bottom if ev.bottom is not None else PACK_SIZE - ev.top
    if ev.exposed:
        r.irregular("exposed_in_cut", n, public=True, actor=ev.by,
                    what=f"{ev.by} exposed {', '.join(map(str, ev.exposed))} in cutting to the dealer")
    elif ev.top < 2 or bottom < 2:
        r.irregular("short_cut", n, public=True, actor=ev.by,
                    what=f"{ev.by} cut {ev.top} card{'s' if ev.top != 1 else ''}, leaving {bottom} below")


def deal_packet(r: Replay, ev: Any, n: int) -> None:
    deal = _deal_for(r, n, packet=True)
    by = ev.by or deal.dealer
    if not deal.packets and not deal.stock < PACK_SIZE:
        _first_packet(r, deal, by, ev, n)
    elif by != deal.dealer:
        r.fail(n, f"{deal.dealer} is dealing this deal, not {by}")
    if deal.shuffles is not None:
        _shuffled_last(r, deal, n)
    if ev.count > deal.stock:
        r.fail(n, f"only {deal.stock} cards are left in the pack")
    hand = deal.hands[ev.to]
    before = hand.size
    hand.take(ev.cards, ev.count)
    deal.stock -= ev.count
    deal.packets.append((ev.to, ev.count))
    if ev.cards:
        see(r, deal, ev.cards, n)
    if before <= HAND_SIZE < hand.size:
        r.irregular("wrong_count", n, public=False, concerns=ev.to, actor=deal.dealer,
                    extra={"size": "more"},
                    what=f"{deal.dealer} dealt {ev.to} {hand.size} cards")
    if len(deal.packets) == 4:
        dealing_done(r, deal, n)


def _first_packet(r: Replay, deal: Deal, by: str, ev: Any, n: int) -> None:
    rightful = deal.dealer
    if by != rightful:
        deal.dealer, deal.elder = by, rightful
        deal.hands = {by: deal.hands[by], rightful: deal.hands[rightful]}
        r.irregular("deal_out_of_turn", n, public=False, actor=by,
                    what=f"{by} dealt out of turn: it was {rightful}'s deal")
    deal.pack = ev.pack or (deal.dealer if not r.packs_changed else deal.elder)
    own = deal.dealer if not r.packs_changed else deal.elder
    if deal.pack != own:
        r.irregular("wrong_pack", n, public=False, actor=deal.dealer,
                    what=f"{deal.dealer} dealt with {deal.pack}'s pack")


def dealing_done(r: Replay, deal: Deal, n: int) -> None:
    """The distribution is over: check the count of each hand and the order of distribution."""
    if deal.dealing_checked:
        return
    deal.dealing_checked = True
    wrong = False
    for player in (deal.elder, deal.dealer):
        size = deal.hands[player].size
        if size < HAND_SIZE:
            wrong = True
            r.irregular("wrong_count", n, public=False, concerns=player, actor=deal.dealer,
                        extra={"size": "fewer"}, what=f"{deal.dealer} dealt {player} {size} cards")
        elif size > HAND_SIZE:
            wrong = True
    if wrong or any(ru.table is deal for ru in r.rulings):
        return
    packets = deal.packets
    who = [p for p, _ in packets]
    sizes = tuple(c for _, c in packets)
    order = (sizes[0], sizes[2]) if len(sizes) == 4 else None
    right = who == [deal.elder, deal.dealer, deal.elder, deal.dealer] and order in ORDERS \
        and sizes[0] == sizes[1] and sizes[2] == sizes[3]
    chosen = r.order.get(deal.dealer)
    if right and chosen is None:
        r.order[deal.dealer] = order  # type: ignore[assignment]
        return
    if right and chosen == order:
        return
    if right:
        what = (f"{deal.dealer} dealt {ORDERS[order]}, having chosen {ORDERS[chosen]}")  # type: ignore[index]
    else:
        what = f"{deal.dealer} dealt in packets {' '.join(f'{c} to {p}' for p, c in packets)}"
    r.irregular("wrong_order", n, public=False, actor=deal.dealer, what=what)


def see(r: Replay, deal: Deal, cards: list, n: int) -> None:
    """Cards come into view: one already seen in this deal shows a redundant pack (law 45)."""
    seen = deal.seen
    for card in cards:
        if card in seen:
            r.irregular("incorrect_pack", n, public=False, actor=None,
                        what=f"{card} appears twice in this deal: the pack is redundant")
        seen.add(card)


def expose(r: Replay, ev: Any, n: int) -> None:
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
        see(r, deal, [ev.card], n)
    deal.exposed = ev.card
    r.irregular("exposed_card", n, public=True, concerns=whose, actor=deal.dealer,
                what=f"{deal.dealer} exposed {ev.card}, one of {whose}'s cards")


def faced(r: Replay, ev: Any, n: int) -> None:
    deal = r.deal
    if deal is None or deal.phase == "over":
        deal = r.start_deal(n)
    deal.faced = ev.card
    where = "in the pack" if deal.turn_up is None and not deal.turned else "in the stock"
    r.irregular("faced_card", n, public=True, what=f"{ev.card} was found faced {where}")


def turn_up(r: Replay, ev: Any, n: int) -> None:
    deal = r.current(n)
    cards = ev.cards if ev.cards is not None else ([ev.card] if ev.card is not None else [])
    if not cards:
        r.fail(n, "give the card turned up (card: or cards:)")
    if deal.took_cards:
        if len(cards) != 1:
            r.fail(n, "turn up one card at a time after the exchange")
        card = cards[0]
        see(r, deal, [card], n)
        deal.stock -= 1
        deal.exposed = card
        r.irregular("turned_in_error", n, public=True, actor=deal.dealer,
                    what=f"{deal.dealer} turned up {card} after giving cards, as though it were the trump")
        return
    if deal.phase != "dealing":
        r.fail(n, "the trump card of this deal is already turned up")
    if len(cards) > deal.stock:
        r.fail(n, f"only {deal.stock} cards are left in the pack")
    dealing_done(r, deal, n)
    see(r, deal, cards, n)
    deal.stock -= len(cards)
    deal.phase = "exchange"
    marks.lapse(r, deal, n)
    if len(cards) > 1:
        deal.turned = list(cards)
        r.irregular("more_than_one_turned", n, public=True, actor=deal.dealer,
                    what=f"{deal.dealer} turned up {len(cards)} cards ({', '.join(map(str, cards))})")
        if deal.turn_up is None and deal.annulled is None and deal.phase != "over":
            deal.turn_up = cards[0]   # until the non-dealer chooses (law 11), the top card
            deal.trump = cards[0].suit
        return
    set_trump(r, deal, cards[0], n)


def set_trump(r: Replay, deal: Deal, card: Any, n: int) -> None:
    """The trump card is settled: a king turned up is the dealer's to mark (laws 22, 47)."""
    deal.turn_up = card
    deal.trump = card.suit
    if card.rank == "K" and not deal.king_forfeited:
        r.award(deal.dealer, r.book.scoring.turned_king, "turned_king", n, deal)


def new_packs(r: Replay, ev: Any, n: int) -> None:
    deal = r.deal
    if deal is not None and deal.phase == "dealing" and (deal.cut or deal.packets):
        r.irregular("late_new_packs", n, public=True, actor=ev.by,
                    what=f"{ev.by} called for new cards after the pack was cut for this deal")


HANDLERS = {
    "cut_for_deal": cut_for_deal, "shuffle": shuffle, "cut": cut, "deal": deal_packet,
    "expose": expose, "faced": faced, "turn_up": turn_up, "new_packs": new_packs,
}
