"""The exchange: proposals, the dealer's answer, asking, discarding, giving cards from the stock."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, NoReturn

from .dealing import before_turn_up
from .in_play import COUNTS
from .rules import asking_error, dealer_must_take, giving_error, wishes
from .ruling import Said, said
from ..record.table import HAND_SIZE, played_by

if TYPE_CHECKING:
    from .in_play import DealInPlay
    from .replay import Replay
    from ..record.cards import Card
    from ..record.log import Accept, Ask, Claim, Discard, Give, Propose, Refuse


def _in_exchange(r: Replay, n: int, what: str) -> DealInPlay:
    deal = r.current(n)
    if deal.phase == "dealing":
        if before_turn_up(r, deal, n):   # law 10: ruled there; the act stands
            return deal
        r.fail(n, f"{what} comes after the trump card is turned up")
    if deal.phase != "exchange":
        r.fail(n, f"{what} comes before the first card is played")
    return deal


def propose(r: Replay, ev: Propose, n: int) -> None:
    deal = _in_exchange(r, n, "a proposal")
    if ev.by != deal.non_dealer:
        r.fail(n, f"only the non-dealer ({deal.non_dealer}) proposes")
    if deal.proposals and deal.answer is None:
        return   # the same word said again
    if deal.answer == "refuse":
        r.fail(n, "the dealer has refused: the hand must be played")
    round_over(r, deal, n)
    deal.stands = {}   # a new round: what the stock can serve is judged afresh (law 38)
    deal.proposals += 1
    deal.answer = None
    deal.conditional = False
    deal.asked = getattr(ev, "count", None)   # a proposal of a number of cards asks for them (RULESETS.md)
    deal.round_discard = {}
    deal.round_given = {}
    deal.round_back = {}
    deal.round_cards = {}
    deal.round_event = n
    deal.mixed = set()   # "mixed" is said of the cards given in this round




def _answer(r: Replay, ev: Accept | Refuse, n: int, answer: str) -> None:
    deal = _in_exchange(r, n, "an answer")
    if ev.by != deal.dealer:
        r.fail(n, f"only the dealer ({deal.dealer}) accepts or refuses")
    if not deal.proposals:
        r.fail(n, f"{deal.non_dealer} has not proposed")
    conditional = answer == "accept" and bool(getattr(ev, "conditional", False))
    if deal.answer == answer:
        return   # the same word said again
    if deal.answer is not None:   # an answer after an answer: a retraction
        first = {"answer": deal.answer, "conditional": deal.conditional}
        deal.answer, deal.conditional = answer, conditional
        _overrule(r, deal, "retraction", n, first, ev.by,
                  said("answer_retracted", by=ev.by, answer=answer, first=first["answer"]))
        return
    error = _turned_in_error(r, deal)
    if answer == "refuse" and error is not None:
        deal.answer = answer
        _overrule(r, deal, "refusal_barred", n, {"answer": "accept", "conditional": False}, ev.by,
                  said("refused_after_error", by=ev.by, elder=deal.non_dealer, event=error))
        return
    deal.answer = answer
    if deal.first_answer is None:
        deal.first_answer = answer
    deal.conditional = conditional
    _check_stock(r, deal, n)   # accepted with the stock spent (law 38)


def _turned_in_error(r: Replay, deal: DealInPlay) -> int | None:
    """The event at which the dealer turned up a card in error after giving, in this deal."""
    ruled = r.ruled(deal, "turned_in_error")
    return ruled[0].event if ruled else None


def _overrule(r: Replay, deal: DealInPlay, irregularity: str, n: int, stands: dict[str, Any], actor: str,
              what: Said) -> None:
    """A word said against the laws (a retraction, a refusal the dealer may not make) is on the
    table; `stands` is what holds if the ruling overrules it (`restore_words`)."""
    deal.overruled = stands
    try:
        r.irregular(irregularity, n, public=True, actor=actor, what=what)
    finally:
        deal.overruled = None


def restore_words(deal: DealInPlay | None) -> bool:
    """The last word is overruled: the words that stand are put back. False when there is none."""
    if deal is None or not deal.overruled:
        return False
    for name, value in deal.overruled.items():
        setattr(deal, name, value)
    deal.overruled = None
    return True


def accept(r: Replay, ev: Accept, n: int) -> None:
    _answer(r, ev, n, "accept")


def refuse(r: Replay, ev: Refuse, n: int) -> None:
    _answer(r, ev, n, "refuse")


def _accepted(r: Replay, n: int, what: str) -> DealInPlay:
    deal = _in_exchange(r, n, what)
    if deal.answer == "refuse":
        retracted = any(x.offender == deal.dealer for x in r.ruled(deal, "retraction"))
        r.fail(n, f"{what} comes after the dealer accepts a proposal; {deal.dealer} refused it"
                  + (", and his refusal stands: an answer cannot be retracted (law 27)" if retracted else ""))
    if deal.answer != "accept":
        r.fail(n, f"{what} comes after the dealer accepts a proposal")
    return deal


def _not_standing(r: Replay, deal: DealInPlay, player: str, n: int) -> None:
    if player in deal.stands:
        r.fail(n, f"{player} takes no cards: the stock was found short at event "
                  f"{deal.stands[player]} and he must play his hand as it stands")


def ask(r: Replay, ev: Ask, n: int) -> None:
    deal = _accepted(r, n, "asking for cards")
    if ev.by != deal.non_dealer:
        r.fail(n, f"the non-dealer ({deal.non_dealer}) asks for cards; the dealer just takes them")
    _not_standing(r, deal, ev.by, n)
    if deal.asked is not None and deal.asked != ev.count:   # another number: a retraction
        first = {"asked": deal.asked}
        deal.asked = ev.count
        _overrule(r, deal, "retraction", n, first, ev.by,
                  said("ask_retracted", by=ev.by, count=ev.count, first=first["asked"]))
    else:
        deal.asked = ev.count
    _check_stock(r, deal, n)
    if deal.round_given.get(ev.by):
        _recheck(r, deal, ev.by, n)


def discard(r: Replay, ev: Discard, n: int) -> None:
    deal = r.current(n)
    if deal.superfluous.get(ev.by):
        _discard_superfluous(r, deal, ev, n)
        return
    deal = _accepted(r, n, "a discard")
    _not_standing(r, deal, ev.by, n)
    hand = deal.hands[ev.by]
    laid = deal.round_cards.setdefault(ev.by, [])
    count = ev.count
    assert count is not None   # the log's WithCards sets it from the cards
    if ev.cards is not None:
        for card in ev.cards:
            known = card in hand.cards
            if not hand.give_up(card):
                r.fail(n, f"{ev.by} does not hold {card}")
            deal.sighted(r, ev.by, card, known, n)   # law 45: a card seen twice
            laid.append(card)
    elif count > hand.size:
        r.fail(n, f"{ev.by} holds only {hand.size} cards")
    else:
        forget(deal, ev.by, count)
        laid.extend([None] * count)
    deal.round_discard[ev.by] = deal.round_discard.get(ev.by, 0) + count
    deal.discards[ev.by] = deal.discards.get(ev.by, 0) + count
    _check_stock(r, deal, n)
    if deal.round_given.get(ev.by):   # laid out after taking cards: compare again
        _recheck(r, deal, ev.by, n)


def _discard_superfluous(r: Replay, deal: DealInPlay, ev: Discard, n: int) -> None:
    """The holder lays out the superfluous cards (laws 15, 31), unseen by the adversary."""
    hand = deal.hands[ev.by]
    due = deal.superfluous[ev.by]
    assert ev.count is not None   # the log's WithCards sets it from the cards
    if ev.count > due:
        r.fail(n, f"{ev.by} lays out his superfluous card{'s' if due != 1 else ''} ({due}), "
                  f"not {ev.count}")
    for card in ev.cards or []:
        if not hand.give_up(card):
            r.fail(n, f"{ev.by} does not hold {card}")
    if ev.cards is None:
        forget(deal, ev.by, ev.count)
    deal.superfluous[ev.by] -= ev.count
    deal.aside_count += ev.count


def forget(deal: DealInPlay, player: str, count: int) -> None:
    """`count` cards leave `player`'s hand unnamed: the cards the log had shown in it are no
    longer known, but any of them he plays later is his own, not a second copy (law 45)."""
    for card in deal.hands[player].shed(count):
        deal.revealed[card] = player


def give(r: Replay, ev: Give | _Part, n: int) -> None:
    deal = r.current(n)
    if deal.completing.get(ev.to):
        _complete(r, deal, ev, n)
        return
    if _completes_before_playing(r, deal, ev, n):
        return
    deal = _accepted(r, n, "giving cards")
    to = ev.to
    _check_stock(r, deal, n)
    _not_standing(r, deal, to, n)
    count = ev.count
    assert count is not None   # the log's WithCards sets it from the cards
    if count > deal.stock:
        r.fail(n, f"only {deal.stock} cards are left in the stock")
    receive(r, deal, to, ev.cards, count, n)


def receive(r: Replay, deal: DealInPlay, to: str, cards: list[Card] | None, count: int, n: int) -> None:
    """Cards given from the top of the stock in the exchange, and the numbers compared again."""
    deal.hands[to].take(cards, count)
    deal.stock -= count
    deal.took_cards.add(to)
    deal.round_given[to] = deal.round_given.get(to, 0) + count
    if cards:
        deal.see(r, cards, n)
    _recheck(r, deal, to, n)


def _completes_before_playing(r: Replay, deal: DealInPlay, ev: Give | _Part, n: int) -> bool:
    """Law 34: the dealer who gave himself fewer cards than he discarded completes his hand from
    the stock after the non-dealer's lead, "before playing" (his own first card). False when the
    give is not that."""
    dealer = deal.dealer
    if deal.phase != "play" or ev.to != dealer or dealer in deal.first_play \
            or deal.answer != "accept" or dealer in deal.stands or not _unserved(deal, dealer):
        return False
    owed = _unserved(deal, dealer)
    assert ev.count is not None   # the log's WithCards sets it from the cards
    if ev.count > owed:
        r.fail(n, f"{dealer} may complete his hand from the stock before playing (law 34): he is "
                  f"owed {owed} card{_s(owed)}, not {ev.count}")
    if ev.count > deal.stock:
        r.fail(n, f"only {deal.stock} cards are left in the stock")
    receive(r, deal, dealer, ev.cards, ev.count, n)
    start = deal.start_hands
    assert start is not None   # kept when the play began
    cards, unknown = start[dealer]   # the hand he plays with, should it be played again
    start[dealer] = (cards + list(ev.cards or []), unknown + (0 if ev.cards else ev.count))
    return True


# ----------------------------------------------------- the dealer's own exchange

def kept_his_hand(r: Replay, deal: DealInPlay) -> bool:
    """Option dealer_must_exchange: the dealer accepted, the non-dealer has been given cards, and
    the dealer has laid out and taken none in this round while the stock still holds some (the
    duty lapses when it is empty, or when law 38 makes him play his hand)."""
    dealer = deal.dealer
    return dealer_must_take(r.options, deal.stock) and deal.answer == "accept" \
        and bool(deal.round_given.get(deal.non_dealer)) and not deal.round_discard.get(dealer) \
        and not deal.round_given.get(dealer) and dealer not in deal.stands


def claim_kept_hand(r: Replay, deal: DealInPlay | None, ev: Claim, n: int) -> None:
    """A claim that the dealer, who must exchange, took no card: heard before the first card is
    played, in the round where it is so (RULESETS.md: compulsory rectify)."""
    if not r.options.dealer_must_exchange:
        r.fail(n, "a dealer who takes no card is no irregularity here: it needs the option "
                  "dealer_must_exchange: true")
    if deal is None or deal.phase != "exchange" or not kept_his_hand(r, deal):
        r.fail(n, "the log shows no dealer_took_no_card: the dealer accepted, the non-dealer was "
                  "served, and the dealer has taken no card while the stock has some")
    deal.kept_claimed[deal.round_event] = n
    r.irregular("dealer_took_no_card", n, public=True, actor=deal.dealer,
                what=said("dealer_took_no_card", dealer=deal.dealer, elder=deal.non_dealer))


# ----------------------------------------------------- numbers: laws 29-34 (`in_play.COUNTS`)

def _recheck(r: Replay, deal: DealInPlay, player: str, n: int) -> None:
    for p in [p for p in r.pending if p.deal is deal and p.irregularity in COUNTS
              and p.concerns == player and p.event >= deal.round_event]:
        r.pending.remove(p)
    if not deal.round_given.get(player):
        return
    if player == deal.non_dealer:
        _check_non_dealer(r, deal, n)
    else:
        _check_dealer(r, deal, n)


def round_over(r: Replay, deal: DealInPlay, n: int, cut_short: bool = False) -> None:
    """The round's exchange is over (another proposal, the first card played, the hand settled):
    a discard to which no card was given is compared too, as given none (laws 29-34); a dealer
    who had to exchange and took no card is noted, and ruled on once the play begins (after a
    last proposal refused too). `cut_short`: the hand ended in the middle of the round (an offer
    accepted, a double declined): no card is played with its numbers, and nothing more is owed,
    so a hand left short by it is no error of number (a reading: laws 29-34 rule a hand played)."""
    if cut_short:
        for p in [p for p in r.pending if p.deal is deal and p.irregularity in COUNTS
                  and p.event >= deal.round_event and (p.extra or {}).get("size") == "fewer"]:
            r.pending.remove(p)
    elif deal.answer == "accept" and kept_his_hand(r, deal):
        if deal.round_event in deal.kept_claimed:
            r.fail(n, f"{deal.dealer} must take at least one card of his own (the ruling at event "
                      f"{deal.kept_claimed[deal.round_event]}): the log should show his discard and give")
        deal.kept.append(deal.round_event)
    if r.events[n - 1].event != "propose":   # the play begins: found at its first card
        for _ in deal.kept:
            r.irregular("dealer_took_no_card", n, public=True, actor=deal.dealer, extra={"played": True},
                        what=said("dealer_took_no_card", dealer=deal.dealer, elder=deal.non_dealer))
        deal.kept = []
    if deal.answer != "accept" or cut_short:
        return
    for player in (deal.non_dealer, deal.dealer):
        if deal.round_discard.get(player) and not deal.round_given.get(player) \
                and player not in deal.stands:
            if player == deal.non_dealer:
                _check_non_dealer(r, deal, n)
            else:
                _check_dealer(r, deal, n)


def _count_error(r: Replay, deal: DealInPlay, irregularity: str, n: int, concerns: str, actor: str,
                 size: str, what: Said) -> None:
    """A hidden error of number, unless already ruled on in this round."""
    if any(x.concerns == concerns and x.event >= deal.round_event for x in r.ruled(deal, irregularity)):
        return
    r.irregular(irregularity, n, public=False, actor=actor, concerns=concerns,
                extra={"size": size}, what=what)


def _check_non_dealer(r: Replay, deal: DealInPlay, n: int) -> None:
    """Laws 29-32: what he asked for against what he discarded (his fault), what he was given
    against what he asked for (the dealer's)."""
    non_dealer, dealer = deal.non_dealer, deal.dealer
    discarded = deal.round_discard.get(non_dealer, 0)
    asked = deal.asked if deal.asked is not None else discarded
    given = deal.round_given.get(non_dealer, 0)
    error = asking_error(asked, discarded)
    if error == "took_more_than_discarded":
        _count_error(r, deal, error, n, non_dealer, non_dealer, "more",
                     said("asked_and_took" if given != asked else "asked_and_took_them", elder=non_dealer,
                          asked=asked, discarded=discarded, given=given))
    elif error:
        _count_error(r, deal, error, n, non_dealer, non_dealer, "fewer",
                     said("asked_having_discarded", elder=non_dealer, asked=asked, discarded=discarded))
    error = giving_error(given, asked)
    if error:   # a discard part of which went back to his hand (law 38) said whole, with what was due
        back = deal.round_back.get(non_dealer, 0)
        _count_error(r, deal, error, n, non_dealer, dealer, "more" if error == "too_many_given" else "fewer",
                     said("gave_adversary_back", dealer=dealer, elder=non_dealer, given=given, discarded=discarded + back,
                          back=back, due=asked) if back else
                     said("gave_adversary", dealer=dealer, elder=non_dealer, given=given, asked=asked))


def _check_dealer(r: Replay, deal: DealInPlay, n: int) -> None:
    """Laws 33, 34: what the dealer gave himself against what he discarded."""
    dealer = deal.dealer
    discarded = deal.round_discard.get(dealer, 0)
    given = deal.round_given.get(dealer, 0)
    error = giving_error(given, discarded)
    if error:   # a discard part of which went back to his hand (law 38) said whole, with what was due
        back = deal.round_back.get(dealer, 0)
        _count_error(r, deal, error, n, dealer, dealer, "more" if error == "too_many_given" else "fewer",
                     said("gave_himself_back", dealer=dealer, given=given, discarded=discarded + back, back=back,
                          due=discarded) if back else
                     said("gave_himself", dealer=dealer, given=given, discarded=discarded))


def _s(k: int) -> str:
    return "" if k == 1 else "s"


def claim_count(r: Replay, deal: DealInPlay, ev: Claim, n: int) -> None:
    """A claimed error of number in the exchange: the one the log proves, or, where the log
    shows the hand only as a count, the claim's `count` is the truth discovered."""
    irr, player = ev.irregularity, ev.player
    for p in reversed(r.pending):
        if p.irregularity == irr and p.deal is deal and player in (None, p.concerns):
            r.pending.remove(p)
            facts = r.facts(deal, p.concerns, p.actor, p.extra)
            r.make_ruling(irr, n, deal, p.concerns, p.actor, p.what, facts, claimed=True, at=p.event)
            return
    words = irr.replace("_", " ")
    his = irr in ("took_more_than_discarded", "asked_fewer_than_discarded")
    player = player or (deal.non_dealer if his else None)
    more = irr in ("took_more_than_discarded", "too_many_given")

    def fail(message: str) -> NoReturn:
        r.fail(n, message + _hint(r, deal, irr, player, more))

    if player is None:
        fail(f"a claim of {words} names the player who was given the cards (player:)")
    if his and player != deal.non_dealer:
        fail(f"{words} is said of the non-dealer ({deal.non_dealer}), who asks for cards")
    if player not in deal.took_cards:
        fail(f"{player} has taken no cards from the stock in this deal")
    hand = deal.hands[player]
    due = HAND_SIZE - len(played_by(deal, player))
    if ev.count is None:
        fail(f"the log shows no {words} for {player}: a claim of it gives the number of "
             f"cards he holds (count:)")
    if ev.count == due or (ev.count > due) != more:
        fail(f"{player} holding {ev.count} cards has {'no more' if more else 'no fewer'} "
             f"than the {due} due")
    if hand.unknown == 0:
        fail(f"the log shows every card of {player}'s hand: he holds {hand.size}, not {ev.count}")
    diff = ev.count - hand.size
    if diff == 0:
        fail(f"the log already shows {player} holding {ev.count} cards, and no {words}")
    if hand.unknown + diff < 0 or diff > deal.stock:
        fail(f"the log shows {len(hand.cards)} of {player}'s cards and {deal.stock} in the "
             f"stock: he cannot hold {ev.count}")
    hand.unknown += diff
    deal.stock -= diff
    if player in deal.round_given:
        deal.round_given[player] += diff
    actor = deal.non_dealer if his else deal.dealer
    r.irregular(irr, n, public=True, concerns=player, actor=actor,
                extra={"size": "more" if more else "fewer"},
                what=said("claims_count", by=ev.by, irregularity=irr, player=player, count=ev.count))


def _hint(r: Replay, deal: DealInPlay, irr: str, player: str | None, more: bool) -> str:
    """What the log does prove, for a claim of an error of number it cannot bear out: an error
    of the same sense (too many, too few) under another id or of another player."""
    for p in reversed(r.pending):
        if p.irregularity in COUNTS and p.deal is deal and (p.extra or {}).get("size") == ("more" if more else "fewer") \
                and (p.irregularity != irr or p.concerns != player):
            return f"; the log shows one at event {p.event}: claim {p.irregularity}, player: {p.concerns}"
    return ""


def excess_returned(deal: DealInPlay, holder: str, k: int) -> None:
    """k cards given in excess in this round, not yet taken up, go back on top of the stock (the
    caller moves the cards): the round's count is put right, and so is what was asked for."""
    k = max(0, min(k, deal.round_given.get(holder, 0)))
    deal.round_given[holder] -= k
    if holder == deal.non_dealer and deal.asked is not None:
        deal.asked = min(deal.asked, max(deal.round_discard.get(holder, 0), deal.round_given[holder]))


# ----------------------------------------------------- the stock short: law 38

def _wishes(deal: DealInPlay) -> tuple[int, int]:
    """The cards still due from the stock in this round: to the non-dealer (as many as he asked
    for, or discarded) and to the dealer (as many as he discarded)."""
    non_dealer, dealer = deal.non_dealer, deal.dealer
    return wishes(deal.asked, deal.round_discard.get(non_dealer, 0), deal.round_given.get(non_dealer, 0),
                  deal.round_discard.get(dealer, 0), deal.round_given.get(dealer, 0))


def _check_stock(r: Replay, deal: DealInPlay, n: int) -> None:
    """The dealer accepted and the stock cannot serve both as they wish: ruled where it shows,
    unless he accepted on condition of there being cards enough (law 38): then the hands stand."""
    if deal.stands or deal.answer != "accept":
        return
    to_non_dealer, to_dealer = _wishes(deal)
    if to_non_dealer + to_dealer <= deal.stock:
        return
    non_dealer, dealer = deal.non_dealer, deal.dealer
    if not deal.stock and not deal.round_discard.get(non_dealer) and deal.asked is None:
        concerned, key = non_dealer, "accepted_stock_spent"
    elif to_non_dealer > deal.stock:
        concerned, key = non_dealer, "stock_short_for_elder"
    elif to_non_dealer:
        concerned, key = dealer, "stock_short_for_both"
    else:
        concerned, key = dealer, "stock_short_for_dealer"
    what = said(key, elder=non_dealer, dealer=dealer, to_elder=to_non_dealer, to_dealer=to_dealer, stock=deal.stock)
    if deal.conditional:   # law 38 allows it: the condition fails, and nobody is at fault
        stand_as_they_are(r, deal, n)
        return
    r.irregular("insufficient_stock", n, public=True, actor=dealer, concerns=concerned,
                extra={"conditional": deal.conditional}, what=what)


def _unserved(deal: DealInPlay, player: str) -> int:
    return max(0, deal.round_discard.get(player, 0) - deal.round_given.get(player, 0))


def _take_back(deal: DealInPlay, player: str, k: int) -> None:
    """`player` takes back k cards of this round's discard (unknown ones, unless he takes back
    the whole of a discard the log names)."""
    if k <= 0:
        return
    laid = deal.round_cards.get(player, [])
    hand = deal.hands[player]
    if k == len(laid) and None not in laid:
        hand.cards.extend(laid)  # type: ignore[arg-type]  # None is not in it
        laid.clear()
    else:
        hand.unknown += k
        for card in laid:   # which of them came back is not known: none is a second copy if played
            if card is not None:
                deal.revealed[card] = player
        for _ in range(min(k, len(laid))):
            laid.remove(None) if None in laid else laid.pop()
    deal.round_discard[player] -= k
    deal.discards[player] -= k
    deal.round_back[player] = deal.round_back.get(player, 0) + k


def serve_what_remains(r: Replay, deal: DealInPlay, n: int) -> None:
    """The non-dealer exchanges as many as he asked for, or as many as are left (a discard
    beyond that goes back to his hand). The dealer: under law 38 he takes no card (his discard
    not yet served goes back to his hand); where the last to exchange takes what remains (option
    stock_shortage), he takes what is left after the non-dealer, and the rest goes back."""
    non_dealer, dealer = deal.non_dealer, deal.dealer
    to_non_dealer, _ = _wishes(deal)
    if to_non_dealer > deal.stock:
        deal.asked = deal.round_given.get(non_dealer, 0) + deal.stock
        _take_back(deal, non_dealer, deal.round_discard.get(non_dealer, 0) - deal.asked)
    left = 0
    if r.options.stock_shortage == "last_takes_what_remains":
        left = max(0, deal.stock - min(to_non_dealer, deal.stock))
    unserved = _unserved(deal, dealer)
    _take_back(deal, dealer, unserved - min(unserved, left))
    if not min(unserved, left):
        deal.stands[dealer] = n
        _recheck(r, deal, dealer, n)


def stand_as_they_are(r: Replay, deal: DealInPlay, n: int) -> None:
    """Nothing more is given: each takes back the part of his discard not yet served, and the
    hands are played as they stand."""
    non_dealer = deal.non_dealer
    for player in (non_dealer, deal.dealer):
        _take_back(deal, player, _unserved(deal, player))
        deal.stands[player] = n
    if deal.asked is not None:
        deal.asked = deal.round_given.get(non_dealer, 0)
    for player in (non_dealer, deal.dealer):
        _recheck(r, deal, player, n)


class _Part:
    """A part of a give of more than is owed: the cards that complete the hand, or the rest."""

    __slots__ = ("to", "count", "cards")

    def __init__(self, to: str, count: int, cards: list[Card] | None) -> None:
        self.to, self.count, self.cards = to, count, cards


def _complete(r: Replay, deal: DealInPlay, ev: Give | _Part, n: int) -> None:
    """A short hand completed from the top of the stock (laws 16, 18, 32, 34, 36). A give of more
    than is owed completes the hand with its first cards; in the exchange the rest are cards
    given as usual (counted in the round, so an excess is an error of number), in the play they
    cannot be."""
    owed = deal.completing[ev.to]
    assert ev.count is not None   # the log's WithCards sets it from the cards
    if ev.count > owed:
        if deal.phase != "exchange":
            r.fail(n, f"{ev.to} is owed {owed} card{_s(owed)} from the stock to complete his hand, "
                      f"not {ev.count}")
        cards = ev.cards
        _complete(r, deal, _Part(ev.to, owed, cards[:owed] if cards else None), n)
        give(r, _Part(ev.to, ev.count - owed, cards[owed:] if cards else None), n)
        return
    if ev.count > deal.stock:
        r.fail(n, f"only {deal.stock} cards are left in the stock")
    deal.hands[ev.to].take(ev.cards, ev.count)
    deal.stock -= ev.count
    deal.completing[ev.to] -= ev.count
    if ev.cards:
        deal.see(r, ev.cards, n)


# by event name, each handler taking its own event
HANDLERS: dict[str, Callable[[Replay, Any, int], None]] = {
    "propose": propose, "accept": accept, "refuse": refuse, "ask": ask, "discard": discard,
    "give": give,
}
