"""What each option does to the table when it is taken, what each effect does to the score,
and how claims and elections reach the rulings."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from . import exchange, marks
from .dealing import see, set_trump
from .play import begin_play, end_play, holds_trump_king, played_by, undo_follow
from .scoring import hand_score
from .table import HAND_SIZE

if TYPE_CHECKING:
    from .replay import Replay
    from .ruling import Ruling
    from .table import Deal

Remedy = Callable[["Replay", "Ruling", Any, Any, int], None]


def _nothing(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The deal goes on as it stands (the log shows the rest)."""


# a fresh or void deal deals the cards again: its wrong numbers and order need no other ruling
CURED_BY_ANNULMENT = frozenset({"wrong_count", "wrong_order"})


def _annul(r: Replay, deal: Deal, how: str) -> None:
    r.pending[:] = [p for p in r.pending if p.deal is not deal or p.irregularity not in CURED_BY_ANNULMENT]
    r.annul(deal, how)


def _fresh_deal(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The deal is annulled; the same dealer deals again (`Replay.annul`)."""
    _annul(r, deal, "fresh_deal")


def _deal_void(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The deal is void, as if never dealt; the player whose turn it was deals."""
    _annul(r, deal, "deal_void")


def _upcoming(r: Replay, ruling: Ruling, n: int) -> Any:
    """The next event the log applies after this remedy, taken at event n: event n itself when
    it is what shows the choice (it is applied after), else the ones after it; looks, claims,
    elections and marks are passed over."""
    i = n - 1 if ruling.event < n and r.events[n - 1].event not in ("elect", "claim") else n
    while i < len(r.events) and r.events[i].event in ("look", "claim", "elect", "mark", "mark_king"):
        i += 1
    return r.events[i] if i < len(r.events) else None


def _owed_from_stock(r: Replay, ruling: Ruling, deal: Deal, holder: str, short: int, n: int,
                     by: tuple[str, ...]) -> None:
    """Cards due to a short hand from the top of the pack or stock: the log's next `give` or
    `deal` to him shows them; without one, they are unknown cards."""
    nxt = _upcoming(r, ruling, n)
    if nxt is not None and nxt.event in by and nxt.to == holder:
        deal.completing[holder] = short
        return
    if short > deal.stock:
        r.fail(n, f"only {deal.stock} cards are left to complete {holder}'s hand")
    deal.hands[holder].unknown += short
    deal.stock -= short


def _rectify(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
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


def _deal_again_in_order(r: Replay, deal: Deal) -> None:
    """The ten cards dealt, dealt again without a shuffle in the order the dealer selected (law
    8): his first deal's order, or, if this is his first, the one his first packet began (three
    then two, or two then three). Where the log names every card dealt the hands are rebuilt from
    their order in the pack; otherwise each hand is five unknown cards."""
    from .dealing import _chosen_order
    chosen = _chosen_order(r, deal)
    if chosen is not None:
        first = chosen[0][0]
    else:
        first = 2 if deal.packets and deal.packets[0][1] == 2 else 3
    elder, dealer = deal.elder, deal.dealer
    packets = [(elder, first), (dealer, first), (elder, 5 - first), (dealer, 5 - first)]
    hands = deal.hands
    if sum(c for _, c in deal.packets) != 2 * HAND_SIZE:
        return
    if all(h.known for h in hands.values()):
        taken = {p: 0 for p in hands}
        pack = []
        for p, count in deal.packets:
            pack.extend(hands[p].cards[taken[p]:taken[p] + count])
            taken[p] += count
        rebuilt: dict[str, list] = {elder: [], dealer: []}
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


def _choose_trump(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """Law 11: the chosen card is the trump; the others are thrown aside."""
    card = card if card is not None else deal.turned[0]
    if card not in deal.turned:
        r.fail(n, f"{card} is not one of the cards turned up ({', '.join(map(str, deal.turned))})")
    deal.aside.extend(c for c in deal.turned if c != card)
    deal.turned = [card]
    ruling.elected_card = str(card)
    set_trump(r, deal, card, n)


def _discard_superfluous(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The holder lays out his extra cards unseen: the next discard of his, or unknown ones."""
    holder = ruling.concerns
    excess = deal.hands[holder].size - _still_due(deal, holder)
    if excess <= 0:
        return
    nxt = _upcoming(r, ruling, n)
    if nxt is not None and nxt.event == "discard" and nxt.by == holder:
        deal.superfluous[holder] = excess
    else:
        exchange.forget(deal, holder, excess)
        deal.aside_count += excess


def _draw_superfluous(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The adversary draws the extra cards from the holder's hand; they are thrown aside. The
    `elect` may name the card drawn (`card`); the others drawn are not known."""
    holder = ruling.concerns
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


def _complete_from_stock(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The short hand is completed from the top of the stock: by the next gives, or unknown cards."""
    holder = ruling.concerns
    short = _still_due(deal, holder) - deal.hands[holder].size
    if short <= 0:
        return
    if deal.phase == "exchange" and holder in deal.round_given:
        deal.round_given[holder] += short   # the round's count made good (laws 32, 34)
    _owed_from_stock(r, ruling, deal, holder, short, n, ("give", "deal"))


def _still_due(deal: Deal, holder: str) -> int:
    """The cards a hand should hold now: five, less those its holder has played (a number found
    wrong during the play is put right to what is left of five, laws 29-34)."""
    return HAND_SIZE - len(played_by(deal, holder))


def _cut_again(r: Replay, ruling: Ruling, deal: Any, card: Any, n: int) -> None:
    r.cut_cards.pop(ruling.offender, None)


def _fresh_cut(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    deal.cut = False


def _take_back(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The card led goes back to the leader's hand, as if never led (laws 40, 41)."""
    trick = deal.trick if deal is not None else None
    if trick is None:
        return
    if trick.follow is None:
        deal.tricks.pop()
        deal.hands[trick.leader].cards.append(trick.lead)  # type: ignore[arg-type]
        if deal.first_play.get(trick.leader) == trick.lead_event:
            del deal.first_play[trick.leader]
    else:
        undo_follow(r, deal, trick)


def _replay_hand(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """Laws 25, 43: the hands are played again from the cards held when play began (a hand whose
    play was not recorded card by card still holds them)."""
    if deal.start_hands is None:
        if deal.phase == "dealing":
            return
        begin_play(r, deal)
    for ent in [e for e in r.owed if e.deal is deal and e.kind in ("point", "vole")]:
        marks.cancel(r, ent)
    for p, (cards, unknown) in deal.start_hands.items():
        deal.hands[p].cards, deal.hands[p].unknown = list(cards), unknown
    deal.tricks.clear()
    deal.won = {p: 0 for p in deal.won}
    deal.first_play.clear()
    deal.abandoned_by = None
    deal.hand_award = None
    deal.phase = "exchange"
    begin_play(r, deal)
    if r.deal is deal:
        r.next_dealer = deal.dealer


def _exposed_off_stock(deal: Deal) -> bool:
    """The exposed card lies face up on the stock, in no hand: turned up in error (law 37)."""
    card = deal.exposed
    return card is not None and card not in deal.aside and \
        not any(card in h.cards for h in deal.hands.values())


def _take_exposed(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The exposed card is taken. One given and exposed is in the hand already (law 36); one
    turned up in error lies face up on top of the stock, to be the next card given to the
    non-dealer (law 37)."""
    if _exposed_off_stock(deal):
        deal.seen.discard(deal.exposed)


def _refuse_exposed(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The refused card is thrown aside. One given is replaced by the next card of the stock
    (law 36: the log's next `give` to him, else an unknown card); one turned up in error is
    simply not given (law 37)."""
    exposed = deal.exposed
    if exposed is None:
        return
    if _exposed_off_stock(deal):
        deal.aside.append(exposed)
        deal.stock -= 1
        return
    holder = ruling.concerns or deal.elder
    if exposed in deal.hands[holder].cards:
        deal.hands[holder].cards.remove(exposed)
        deal.aside.append(exposed)
        _owed_from_stock(r, ruling, deal, holder, 1, n, ("give",))


def _throw_aside(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """Law 35: the faced card leaves the stock, seen by both; the next card is given instead."""
    if deal.faced is None:
        return
    if deal.stock <= 0:
        r.fail(n, "the stock is empty: no faced card can be found in it")
    deal.aside.append(deal.faced)
    see(r, deal, [deal.faced], n)
    deal.stock -= 1


def _unplayable(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The short hand is played as it is; a card led that cannot be played to is a trick to its
    leader (the play does it: `play._lead`)."""


def _exchange_what_remains(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The non-dealer exchanges what he asked for, or what the stock holds; the dealer takes no
    card and plays his hand (`exchange.serve_what_remains`)."""
    exchange.serve_what_remains(r, deal, n)


def _retraction_refused(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The proposal, answer or number first said stands: the later word is struck out."""
    exchange.restore_words(deal)


def _play_on(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The deal or hand stands as it is. In an exchange the stock cannot serve, nothing more is
    given: each takes back his discard not yet served (`exchange.stand_as_they_are`)."""
    if deal is not None and deal.short_stock:
        exchange.stand_as_they_are(r, deal, n)


def _award(kind: str) -> Remedy:
    def award(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
        """Law 42: the adversary of the player who abandoned marks the point or the vole."""
        quitter = ruling.offender
        winner = deal.other(quitter)
        if deal.phase == "over":   # already settled: the award replaces the hand's score
            for ent in [e for e in r.owed if e.deal is deal and e.kind in ("point", "vole")]:
                marks.cancel(r, ent)
        deal.won = {winner: 5 if kind == "vole" else max(3, deal.won[winner]), quitter: deal.won[quitter]}
        if kind == "vole":
            deal.won[quitter] = 0
        end_play(r, deal, n)
    return award


OPTIONS: dict[str, Remedy] = {
    "rectify": _rectify, "fresh_deal": _fresh_deal, "deal_void": _deal_void,
    "play_on": _play_on, "choose_trump": _choose_trump,
    "discard_superfluous": _discard_superfluous, "draw_superfluous": _draw_superfluous,
    "complete_from_stock": _complete_from_stock, "cut_again": _cut_again,
    "fresh_cut": _fresh_cut, "reshuffle": _nothing, "take_back": _take_back,
    "card_stands": _nothing, "play_to_card_led": _nothing, "require_named_suit": _take_back,
    "replay_hand": _replay_hand, "correct_score": _nothing, "take_exposed": _take_exposed,
    "refuse_exposed": _refuse_exposed, "throw_aside": _throw_aside,
    "unplayable_as_tricks": _unplayable, "mark_refused": _nothing, "retraction_refused": _retraction_refused,
    "award_point": _award("point"), "award_vole": _award("vole"),
    "exchange_what_remains": _exchange_what_remains,
}


# ------------------------------------------------------------------ effects

def _king_forfeited(r: Replay, ruling: Ruling, deal: Deal) -> None:
    """Law 19: the dealer cannot mark the king turned up."""
    deal.king_forfeited = True
    for ent in [e for e in r.owed if e.deal is deal and e.kind == "turned_king"]:
        marks.cancel(r, ent)


def _score_cut(r: Replay, ruling: Ruling, deal: Deal) -> None:
    """Laws 25, 43: point nothing, vole one, point against law 49 one."""
    deal.cut_players.add(ruling.offender)
    if deal.hand_award is not None:
        marks.rescore(r, deal)


def _king_cancelled(r: Replay, ruling: Ruling, deal: Deal) -> None:
    for ent in [e for e in r.owed if e.deal is deal and e.kind == "held_king" and e.player == ruling.offender]:
        marks.cancel(r, ent)


def _packs_changed(r: Replay, ruling: Ruling, deal: Deal) -> None:
    """Law 14: the adversary's pack was dealt with; the packs remain changed."""
    r.packs_changed = not r.packs_changed


EFFECTS = {"turned_king_forfeited": _king_forfeited, "offender_score_cut": _score_cut,
           "held_king_cancelled": _king_cancelled, "packs_changed": _packs_changed}


# -------------------------------------------------- elections and claims

NEUTRAL = frozenset({"elect", "claim", "look", "mark", "mark_king", "take_down", "take_back"})


def shown_by(r: Replay, ruling: Ruling, ev: Any) -> str | None:
    """The option the next event plainly shows was taken, or the case's `otherwise`."""
    deal = ruling.table
    starts_deal = ev.event in ("shuffle", "cut") or (
        ev.event == "deal" and (deal is None or deal.phase != "dealing"))
    if starts_deal:
        new_dealer = _new_dealer(deal, ev)
        for option in ("fresh_deal", "deal_void"):
            if option == "fresh_deal" and new_dealer not in (None, deal.dealer):
                continue   # the other player deals: the deal passed, it was not dealt afresh
            if option in ruling.options:
                return option
    if deal is not None and {"take_exposed", "refuse_exposed"} <= set(ruling.options) \
            and deal.exposed is not None:
        return _shown_exposed(ruling, deal, ev)
    if "complete_from_stock" in ruling.options and ev.event in ("give", "deal") \
            and ev.to == ruling.concerns:
        return "complete_from_stock"
    return ruling.otherwise


def _new_dealer(deal: Deal | None, ev: Any) -> str | None:
    """Who deals the deal an event begins, when the event shows it: the `by` of a packet, else
    the player not given the first packet; the player not cutting."""
    if deal is None:
        return None
    if ev.event == "deal":
        return ev.by or deal.other(ev.to)
    if ev.event == "cut":
        return deal.other(ev.by)
    return None


NOT_YET = "not yet"
"""`shown_by`'s answer when the events so far cannot show the choice yet: the ruling stays open."""


def _shown_exposed(ruling: Ruling, deal: Deal, ev: Any) -> str | None:
    """Take or refuse an exposed card. One given and exposed: a `give` to its holder when his
    hand is already full can only replace it (refused). One turned up in error: the next cards
    given to the non-dealer show it, if he demands another discard; the play shows he did not."""
    card = deal.exposed
    holder = ruling.concerns or deal.elder
    hand = deal.hands[holder]
    if card in hand.cards:
        due = HAND_SIZE - len(played_by(deal, holder))
        if ev.event == "give" and ev.to == holder and hand.size >= due:
            return "refuse_exposed"
        return ruling.otherwise
    if not _exposed_off_stock(deal):
        return ruling.otherwise
    if ev.event == "give" and ev.to == holder:
        if ev.cards is None:
            return ruling.otherwise
        return "take_exposed" if card in ev.cards else "refuse_exposed"
    if ev.event in ("propose", "accept", "refuse", "ask", "discard", "give", "expose", "faced",
                    "announce_king"):
        return NOT_YET
    return None


DEALER_FAULTS = frozenset({"wrong_count", "wrong_order", "deal_out_of_turn", "wrong_pack",
                           "too_many_given", "too_few_given", "exposed_card",
                           "more_than_one_turned", "turned_in_error", "insufficient_stock"})


def on_claim(r: Replay, ev: Any, n: int) -> None:
    """The moment of discovery: rule on what the claim reveals, with the facts of now."""
    deal = r.deal
    irr, player = ev.irregularity, ev.player
    if irr in PLAY_CLAIMS:
        _claim_in_play(r, deal, ev, n)
        return
    if deal is not None and irr == "wrong_count":
        _claimed_count(r, deal, ev, n)
        return
    if irr in EXCHANGE_CLAIMS:
        _claim_in_exchange(r, deal, ev, n)
        return
    for p in reversed(r.pending):
        if p.irregularity == irr and p.deal is deal and player in (None, p.concerns, p.actor):
            r.pending.remove(p)
            facts = r.facts(deal, p.concerns, p.actor, p.extra)
            r.make_ruling(irr, n, deal, p.concerns, p.actor, p.what, facts, claimed=True)
            return
    if any(x.irregularity == irr and x.table is deal and x.claimed and player in (None, x.concerns, x.offender)
           for x in r.rulings):
        return   # already ruled on when it happened, in plain view: the claim adds nothing
    _claim_shown(r, deal, irr, n)
    actor = (deal.dealer if deal is not None and irr in DEALER_FAULTS else player) \
        if deal is not None else player
    concerns = player if deal is not None else None
    if actor is None and deal is not None and irr not in ("incorrect_pack", "faced_card"):
        actor = deal.other(ev.by)
        concerns = concerns or actor
    if irr == "retraction" and deal is not None:
        _something_to_retract(r, deal, actor, n)
    detail = f" (trick {ev.trick})" if ev.trick else ""
    detail += f" ({ev.card})" if ev.card else ""
    what = f"{ev.by} claims {irr.replace('_', ' ')}" + (f" by {player}" if player else "") + detail
    r.irregular(irr, n, public=True, concerns=concerns, actor=actor, what=what)


# irregularities in plain view, each shown by its own event where it happens: a claim of one the
# log does not show contradicts the log
SHOWN_BY_EVENTS = {
    "more_than_one_turned": ("second card turned up", "a `turn_up` with `cards`"),
    "exposed_card": ("card exposed", "an `expose`"), "faced_card": ("faced card", "a `faced`"),
    "exposed_in_cut": ("card exposed in the cut", "a `cut` with `exposed`"),
    "short_cut": ("short cut", "a `cut`"), "improper_shuffle": ("improper shuffle", "a `shuffle`"),
    "shuffle_out_of_turn": ("shuffle after the dealer's", "the `shuffle` events"),
    "no_turn_up": ("act before the turn-up", "the order of the events"),
    "late_king": ("late announcement of the king", "an `announce_king`"),
    "lead_out_of_turn": ("lead out of turn", "a `play`"),
    "card_taken_back": ("card taken back", "a `take_back`"),
    "named_suit_not_played": ("named suit not played", "a `play` with `names`"),
    "abandoned": ("abandoned hand", "an `abandon`"),
    "late_new_packs": ("late call for new cards", "a `new_packs`"),
    "cut_for_deal_exposed": ("second card exposed cutting for deal", "a `cut_for_deal` with `cards`"),
    "cut_for_deal_tie": ("tie in the cut for deal", "the `cut_for_deal` events"),
    "late_mark_king": ("late mark of the king", "a `mark_king`"),
    "turned_in_error": ("card turned up after giving", "a `turn_up`"),
}


def _claim_shown(r: Replay, deal: Deal | None, irr: str, n: int) -> None:
    """A claim the log cannot bear out: an irregularity in plain view it does not show, a fault of
    the dealer with no deal begun, or a deal out of turn where the log shows the deal in turn."""
    words = irr.replace("_", " ")
    if irr in SHOWN_BY_EVENTS:
        what, shown = SHOWN_BY_EVENTS[irr]
        r.fail(n, f"the log shows no {what} in this deal: it happens in plain view and is recorded "
                  f"by {shown} where it happens, not by a claim")
    if deal is None and irr in DEALER_FAULTS:
        r.fail(n, f"no deal has begun: there is no {words} to claim")
    if irr == "deal_out_of_turn" and deal is not None:
        if deal.rightful != deal.dealer:
            r.fail(n, f"deal {deal.number} was dealt out of turn by {deal.dealer}: the claim names "
                      "another player")
        r.fail(n, f"the log shows deal {deal.number} dealt by {deal.dealer}, whose turn it was: a "
                  "deal out of turn is recorded with the `by` of its first packet")


def _something_to_retract(r: Replay, deal: Deal, who: str | None, n: int) -> None:
    """A retraction claimed (laws 26, 27): the non-dealer must have proposed, the dealer answered."""
    if who == deal.elder and not deal.proposals:
        r.fail(n, f"{who} has not proposed in this deal: there is no proposal to retract")
    if who == deal.dealer and deal.first_answer is None:
        r.fail(n, f"{who} has not accepted or refused a proposal in this deal: there is no answer "
                  "to retract")


EXCHANGE_CLAIMS = exchange.COUNTS | {"discard_looked_at"}


def _claim_in_exchange(r: Replay, deal: Deal | None, ev: Any, n: int) -> None:
    """An error of number in the exchange (`exchange.claim_count`), or a discard looked at: the
    claim names the player who looked (`player`, else the claimant's adversary)."""
    words = ev.irregularity.replace("_", " ")
    if deal is None or deal.phase == "dealing":
        r.fail(n, f"no exchange has been made here to claim a {words} in")
    if ev.irregularity in exchange.COUNTS:
        exchange.claim_count(r, deal, ev, n)
        return
    if not any(deal.discards.values()):
        r.fail(n, "nobody has discarded in this deal: there is no discard to look at")
    who = ev.player or deal.other(ev.by)
    whose = [p for p in (deal.elder, deal.dealer) if deal.discards.get(p)]
    r.irregular("discard_looked_at", n, public=True, actor=who, concerns=who,
                what=f"{ev.by} claims that {who} looked at cards discarded (by "
                     f"{' and '.join(whose)})")


PLAY_CLAIMS = frozenset({"revoke", "failure_to_win", "false_king"})


def _claim_in_play(r: Replay, deal: Deal | None, ev: Any, n: int) -> None:
    """A revoke, a failure to win or a false king claimed: the one the log proves, or, where the
    log does not show the cards, the claim is the truth discovered. The announcer's own claim of
    his false king before he has played a card is a lawful correction: no ruling."""
    irr, player = ev.irregularity, ev.player
    words = irr.replace("_", " ")
    if deal is None or deal.phase == "dealing" or (irr != "false_king" and deal.start_hands is None
                                                    and deal.phase != "over"):
        r.fail(n, f"no hand is being played here to claim a {words} in")
    found = [p for p in r.pending if p.irregularity == irr and p.deal is deal
             and player in (None, p.concerns, p.actor)]
    if ev.trick is not None:
        found = [p for p in found if _trick_of(deal, p.event) == ev.trick]
    if ev.card is not None and irr != "false_king":
        found = [p for p in found if getattr(r.events[p.event - 1], "card", None) == ev.card]
    if found:
        p = found[-1]
        r.pending.remove(p)
        if irr == "false_king" and ev.by == p.actor and p.actor not in deal.first_play:
            del deal.announced[p.actor]   # he declares his error before playing a card
            return
        facts = r.facts(deal, p.concerns, p.actor, p.extra)
        r.make_ruling(irr, n, deal, p.concerns, p.actor, p.what, facts, claimed=True)
        return
    who = player or deal.other(ev.by)
    hand = deal.hands[who]
    if irr == "false_king":
        if who not in deal.announced:
            r.fail(n, f"{who} has not announced the king in this deal")
        held = holds_trump_king(deal, who)
        if held is not None:
            r.fail(n, f"the log shows that {who} {'holds' if held else 'does not hold'} the king of "
                      "trumps" + ("" if held else ", and his announcement has already been claimed or put right"))
        if ev.by == who and who not in deal.first_play:   # declared before playing a card
            del deal.announced[who]
            for ent in [e for e in r.owed if e.deal is deal and e.kind == "held_king" and e.player == who]:
                marks.cancel(r, ent)
            return
    else:
        _check_duty_claim(r, deal, ev, who, n)
        start = deal.start_hands
        if _play_recorded(r, deal, n) and (start is not None and who in start and start[who][1] == 0
                                           or start is None and hand.known):
            r.fail(n, f"the log shows every card of {who}'s hand and no {words} remains to be claimed")
    detail = f" (trick {ev.trick})" if ev.trick else ""
    detail += f" ({ev.card})" if ev.card else ""
    what = f"{ev.by} claims a {words} by {who}{detail}"
    r.irregular(irr, n, public=True, concerns=who, actor=who,
                extra={"played_to": True} if irr != "false_king" else None, what=what)


def _play_recorded(r: Replay, deal: Deal, n: int) -> bool:
    """The hand's play is recorded card by card (no `tricks` summary in this deal so far)."""
    return not any(e.event == "tricks" for e in r.events[deal.first_event - 1:n - 1])


def _check_duty_claim(r: Replay, deal: Deal, ev: Any, who: str, n: int) -> None:
    """A revoke or a failure to win is made by a card played to a lead: where the play is
    recorded card by card, the claim must point at one `who` played (in the trick it names, and
    the card it names)."""
    if not _play_recorded(r, deal, n):
        return
    follows = [(i, t) for i, t in enumerate(deal.tricks, 1) if t.follower == who and t.follow is not None]
    if ev.trick is not None:
        follows = [(i, t) for i, t in follows if i == ev.trick]
    if ev.card is not None:
        follows = [(i, t) for i, t in follows if t.follow == ev.card]
    if not follows:
        where = (f" in trick {ev.trick}" if ev.trick is not None else "") + \
            (f" with {ev.card}" if ev.card is not None else "")
        r.fail(n, f"{who} has played no card to a lead{where}: there is no "
                  f"{ev.irregularity.replace('_', ' ')} to claim")


def _trick_of(deal: Deal, event: int) -> int | None:
    """The number (1-5) of the trick an event of the play belongs to."""
    number = None
    for i, t in enumerate(deal.tricks, 1):
        if t.lead_event <= event:
            number = i
    return number


def _claimed_count(r: Replay, deal: Deal, ev: Any, n: int) -> None:
    """A claimed wrong number, in the hand the claim names (`player`, else the claimant's own).
    Where the log shows every card of it, the cards are the fact; where it shows counts, the
    claim's `count` is the truth discovered, and the table is put right to it (the cards came
    from, or stayed on, the pack). Ruled now, with the facts of this moment."""
    player = ev.player or ev.by
    hand = deal.hands[player]
    size = hand.size
    due = _due(deal, player)
    pending = next((p for p in reversed(r.pending) if p.irregularity == "wrong_count"
                    and p.deal is deal and p.concerns == player), None)
    count = size if ev.count is None else ev.count
    packets = sum(1 for p, _ in deal.packets if p == player)
    if deal.phase == "dealing" and not deal.dealing_checked and pending is None \
            and count <= HAND_SIZE and packets < 2:
        r.fail(n, f"the cards are still being dealt: {player} has had {packets} of his two packets "
                  f"and holds {count}, which is no wrong number yet")
    if count == due:
        r.fail(n, f"a claim of a wrong number: {player} should hold {due} cards here, and "
                  + ("the log shows no other number (give his count)" if ev.count is None
                     else f"{due} is the right number"))
    if count != size:
        if hand.unknown == 0:
            r.fail(n, f"the log shows every card of {player}'s hand: he holds {size}, not {count}")
        diff = count - size
        if hand.unknown + diff < 0:
            r.fail(n, f"the log shows {len(hand.cards)} of {player}'s cards: he cannot hold {count}")
        if diff > deal.stock:
            r.fail(n, f"only {deal.stock} cards are left in the pack: {player} cannot hold {count}")
        hand.unknown += diff
        deal.stock -= diff
    if pending is not None:
        r.pending.remove(pending)
    holds = f"{player} holds {count} card{'s' if count != 1 else ''}" + \
        (f" where he should hold {due}" if due != HAND_SIZE else "")
    if pending is not None and count == size:
        holds = pending.what + (f"; {holds}" if due != HAND_SIZE else "")
    what = holds
    r.irregular("wrong_count", n, public=True, concerns=player, actor=deal.dealer,
                extra={"size": "more" if count > due else "fewer"}, what=what)


def _due(deal: Deal, player: str) -> int:
    """The cards a player should hold now: five, less the cards he has played and those he has
    discarded and not yet been given back."""
    played = sum(1 for t in deal.tricks if t.leader == player and t.lead is not None) + \
        sum(1 for t in deal.tricks if t.follower == player)
    waiting = max(0, deal.round_discard.get(player, 0) - deal.round_given.get(player, 0))
    return HAND_SIZE - played - waiting


LOOKS = ("dealer_looked", "non_dealer_looked", "concerned_looked")


def on_elect(r: Replay, ev: Any, n: int) -> None:
    ruling = r.open_for(ev.option)
    if ruling is None:
        r.fail(n, f"no ruling open here offers {ev.option}")
    if ev.by != ruling.chooser:
        r.fail(n, f"law {ruling.law} gives the choice to {ruling.chooser}, not {ev.by}")
    offered = ruling
    ruling = choice_still_open(r, ruling, n)
    if ruling is None and ev.option in ANNULMENTS:
        done = next(x for x in reversed(r.rulings) if x.table is offered.table
                    and x.irregularity == offered.irregularity)
        if not ANNULMENTS & set(done.options):
            # the deal the log goes on to deal afresh was not annulled: the log contradicts the law
            from .ruling import OPTION_WORDS
            r.fail(n, f"{ev.by} looked at his hand before choosing: law {done.law} no longer gives "
                      f"him the choice of {OPTION_WORDS[ev.option]}, and the deal goes on "
                      f"({OPTION_WORDS[done.options[0]]})")
    if ruling is not None:
        r.elect(ruling, ev.option, ev.card, n)


ANNULMENTS = frozenset({"fresh_deal", "deal_void"})


def choice_still_open(r: Replay, ruling: Ruling, n: int) -> Ruling | None:
    """A choice the law gives only before the chooser looks at his hand (laws 9, 11, 13) lapses
    when he looks first: the case that fits the moment of the choice rules instead. The ruling
    to elect on, or None when the new one is compulsory (and already done)."""
    deal = ruling.table
    if deal is None:
        return ruling
    now = dict(ruling.facts)
    now["dealer_looked"] = deal.dealer in deal.looked
    now["non_dealer_looked"] = deal.elder in deal.looked
    now["concerned_looked"] = ruling.concerns in deal.looked
    if all(now[k] == ruling.facts.get(k) for k in LOOKS):
        return ruling
    found = r.book.find(ruling.irregularity, now)
    if found is None or found.ref == ruling.case:
        return ruling
    ruling.lapsed = True
    chooser = ruling.chooser
    new = r.make_ruling(ruling.irregularity, n, deal, ruling.concerns, ruling.actor,
                        f"{ruling.what}; {chooser} looked at his hand before choosing", now, claimed=True)
    return new if new.open else None
