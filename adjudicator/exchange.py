"""The exchange: proposals, the dealer's answer, asking, discarding, giving cards from the stock."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .dealing import see

if TYPE_CHECKING:
    from .replay import Replay
    from .table import Deal


def _in_exchange(r: Replay, n: int, what: str) -> Deal:
    deal = r.current(n)
    if deal.phase == "dealing":
        r.fail(n, f"{what} comes after the trump card is turned up")
    if deal.phase != "exchange":
        r.fail(n, f"{what} comes before the first card is played")
    return deal


def propose(r: Replay, ev: Any, n: int) -> None:
    deal = _in_exchange(r, n, "a proposal")
    if ev.by != deal.elder:
        r.fail(n, f"only the non-dealer ({deal.elder}) proposes")
    if deal.proposals and deal.answer is None:
        r.fail(n, f"{ev.by} has already proposed and awaits an answer")
    if deal.answer == "refuse":
        r.fail(n, "the dealer has refused: the hand must be played")
    if deal.stock_spent:
        r.fail(n, "the stock is spent: no more proposals")
    deal.proposals += 1
    deal.answer = None
    deal.conditional = False
    deal.asked = None
    deal.round_discard = {}
    deal.round_given = {}


def _answer(r: Replay, ev: Any, n: int, answer: str) -> None:
    deal = _in_exchange(r, n, "an answer")
    if ev.by != deal.dealer:
        r.fail(n, f"only the dealer ({deal.dealer}) accepts or refuses")
    if not deal.proposals:
        r.fail(n, f"{deal.elder} has not proposed")
    if deal.answer == answer:
        return
    if deal.answer is not None:
        r.irregular("retraction", n, public=True, actor=ev.by,
                    what=f"{ev.by} {answer}d after he had {deal.answer}d the proposal")
        return
    deal.answer = answer
    if deal.first_answer is None:
        deal.first_answer = answer
    if answer == "accept":
        deal.conditional = bool(getattr(ev, "conditional", False))


def accept(r: Replay, ev: Any, n: int) -> None:
    _answer(r, ev, n, "accept")


def refuse(r: Replay, ev: Any, n: int) -> None:
    _answer(r, ev, n, "refuse")


def _accepted(r: Replay, n: int, what: str) -> Deal:
    deal = _in_exchange(r, n, what)
    if deal.answer != "accept":
        r.fail(n, f"{what} comes after the dealer accepts a proposal")
    return deal


def ask(r: Replay, ev: Any, n: int) -> None:
    deal = _accepted(r, n, "asking for cards")
    if ev.by != deal.elder:
        r.fail(n, f"the non-dealer ({deal.elder}) asks for cards; the dealer just takes them")
    if deal.asked is not None and deal.asked != ev.count:
        r.irregular("retraction", n, public=True, actor=ev.by,
                    what=f"{ev.by} asked for {ev.count} after asking for {deal.asked}")
        return
    deal.asked = ev.count


def discard(r: Replay, ev: Any, n: int) -> None:
    deal = r.current(n)
    if deal.superfluous.get(ev.by):
        _discard_superfluous(r, deal, ev, n)
        return
    deal = _accepted(r, n, "a discard")
    hand = deal.hands[ev.by]
    if ev.cards is not None:
        for card in ev.cards:
            if not hand.give_up(card):
                r.fail(n, f"{ev.by} does not hold {card}")
    elif ev.count > hand.size:
        r.fail(n, f"{ev.by} holds only {hand.size} cards")
    else:
        hand.shed(ev.count)
    deal.round_discard[ev.by] = deal.round_discard.get(ev.by, 0) + ev.count
    deal.discards[ev.by] = deal.discards.get(ev.by, 0) + ev.count


def _discard_superfluous(r: Replay, deal: Deal, ev: Any, n: int) -> None:
    """The holder lays out the superfluous cards (laws 15, 31), unseen by the adversary."""
    hand = deal.hands[ev.by]
    for card in ev.cards or []:
        if not hand.give_up(card):
            r.fail(n, f"{ev.by} does not hold {card}")
    if ev.cards is None:
        hand.shed(ev.count)
    deal.superfluous[ev.by] -= ev.count
    deal.aside_count += ev.count


def give(r: Replay, ev: Any, n: int) -> None:
    deal = r.current(n)
    if deal.completing.get(ev.to):
        _complete(r, deal, ev, n)
        return
    deal = _accepted(r, n, "giving cards")
    if ev.count > deal.stock:
        r.fail(n, f"only {deal.stock} cards are left in the stock")
    to = ev.to
    before = deal.stock
    deal.hands[to].take(ev.cards, ev.count)
    deal.stock -= ev.count
    deal.took_cards.add(to)
    deal.round_given[to] = deal.round_given.get(to, 0) + ev.count
    if ev.cards:
        see(r, deal, ev.cards, n)
    if deal.stock == 0:
        deal.stock_spent = True
    if to == deal.elder:
        _check_non_dealer(r, deal, ev.count, before, n)
    else:
        _check_dealer(r, deal, n)


def _check_non_dealer(r: Replay, deal: Deal, given: int, stock_before: int, n: int) -> None:
    """Laws 29-32 and 38: what he asked for, what he discarded, what he was given."""
    elder, dealer = deal.elder, deal.dealer
    discarded = deal.round_discard.get(elder, 0)
    asked = deal.asked if deal.asked is not None else discarded
    if asked > stock_before:
        r.irregular("insufficient_stock", n, public=True, actor=dealer, concerns=elder,
                    extra={"conditional": deal.conditional},
                    what=f"{dealer} accepted when the stock held {stock_before} cards and "
                         f"{elder} asked for {asked}")
        return
    if asked > discarded:
        r.irregular("took_more_than_discarded", n, public=False, actor=elder, concerns=elder,
                    extra={"size": "more"},
                    what=f"{elder} took {asked} cards having discarded {discarded}")
    elif asked < discarded:
        r.irregular("asked_fewer_than_discarded", n, public=False, actor=elder, concerns=elder,
                    extra={"size": "fewer"},
                    what=f"{elder} asked for {asked} cards having discarded {discarded}")
    if given > asked:
        r.irregular("too_many_given", n, public=False, actor=dealer, concerns=elder,
                    extra={"size": "more"}, what=f"{dealer} gave {elder} {given} cards; he asked for {asked}")
    elif given < asked:
        r.irregular("too_few_given", n, public=False, actor=dealer, concerns=elder,
                    extra={"size": "fewer"}, what=f"{dealer} gave {elder} {given} cards; he asked for {asked}")


def _check_dealer(r: Replay, deal: Deal, n: int) -> None:
    """Laws 33, 34: what the dealer gave himself against what he discarded."""
    dealer = deal.dealer
    discarded = deal.round_discard.get(dealer, 0)
    given = deal.round_given.get(dealer, 0)
    if given > discarded:
        r.irregular("too_many_given", n, public=False, actor=dealer, concerns=dealer,
                    extra={"size": "more"},
                    what=f"{dealer} gave himself {given} cards having discarded {discarded}")
    elif given < discarded:
        r.irregular("too_few_given", n, public=False, actor=dealer, concerns=dealer,
                    extra={"size": "fewer"},
                    what=f"{dealer} gave himself {given} cards having discarded {discarded}")


def _complete(r: Replay, deal: Deal, ev: Any, n: int) -> None:
    """A short hand completed from the top of the stock (laws 16, 18, 32, 34)."""
    if ev.count > deal.stock:
        r.fail(n, f"only {deal.stock} cards are left in the stock")
    deal.hands[ev.to].take(ev.cards, ev.count)
    deal.stock -= ev.count
    deal.completing[ev.to] -= ev.count
    if ev.cards:
        see(r, deal, ev.cards, n)


HANDLERS = {"propose": propose, "accept": accept, "refuse": refuse, "ask": ask,
            "discard": discard, "give": give}
