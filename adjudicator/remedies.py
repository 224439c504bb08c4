"""What each option does to the table when it is taken, what each effect does to the score,
and how claims and elections reach the rulings."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from . import marks
from .dealing import set_trump
from .play import begin_play, end_play, undo_follow
from .scoring import hand_score
from .table import HAND_SIZE

if TYPE_CHECKING:
    from .replay import Replay
    from .ruling import Ruling
    from .table import Deal

Remedy = Callable[["Replay", "Ruling", Any, Any, int], None]


def _nothing(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The deal goes on as it stands (the log shows the rest)."""


def _fresh_deal(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    r.annul(deal, "fresh_deal")


def _deal_void(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    r.annul(deal, "deal_void")


def _rectify(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The dealer takes back cards dealt in excess; cards short are dealt by the events that follow."""
    holder = ruling.concerns
    if holder is None:
        return
    hand = deal.hands[holder]
    excess = hand.size - HAND_SIZE
    if excess > 0:
        for _ in range(excess):
            if hand.unknown:
                hand.unknown -= 1
            else:
                deal.seen.discard(hand.cards.pop())
        deal.stock += excess


def _choose_trump(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """Law 11: the chosen card is the trump; the others are thrown aside."""
    card = card if card is not None else deal.turned[0]
    if card not in deal.turned:
        r.fail(n, f"{card} is not one of the cards turned up ({', '.join(map(str, deal.turned))})")
    deal.aside.extend(c for c in deal.turned if c != card)
    ruling.elected_card = str(card)
    set_trump(r, deal, card, n)


def _discard_superfluous(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The holder lays out his extra cards unseen: the next discard of his, or unknown ones."""
    holder = ruling.concerns
    excess = deal.hands[holder].size - HAND_SIZE
    if excess <= 0:
        return
    nxt = r.events[n] if n < len(r.events) else None
    if nxt is not None and nxt.event == "discard" and nxt.by == holder:
        deal.superfluous[holder] = excess
    else:
        deal.hands[holder].shed(excess)
        deal.aside_count += excess


def _draw_superfluous(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The adversary draws the extra cards from the holder's hand; they are thrown aside."""
    holder = ruling.concerns
    excess = deal.hands[holder].size - HAND_SIZE
    if excess > 0:
        deal.hands[holder].shed(excess)
        deal.aside_count += excess


def _complete_from_stock(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The short hand is completed from the top of the stock: by the next gives, or unknown cards."""
    holder = ruling.concerns
    short = HAND_SIZE - deal.hands[holder].size
    if short <= 0:
        return
    nxt = r.events[n] if n < len(r.events) else None
    if nxt is not None and nxt.event in ("give", "deal") and nxt.to == holder:
        deal.completing[holder] = short
    else:
        deal.hands[holder].unknown += short
        deal.stock -= short


def _cut_again(r: Replay, ruling: Ruling, deal: Any, card: Any, n: int) -> None:
    r.cut_cards.pop(ruling.offender, None)


def _fresh_cut(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    deal.cut = False


def _take_back(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """The card led goes back to the hand (law 40)."""
    trick = deal.trick
    if trick is None:
        return
    if trick.follow is None:
        deal.tricks.pop()
        deal.hands[trick.leader].cards.append(trick.lead)
        if deal.first_play.get(trick.leader) == trick.lead_event:
            del deal.first_play[trick.leader]
    else:
        undo_follow(deal, trick)


def _replay_hand(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """Laws 25, 43: the hands are played again from the cards held when play began."""
    if deal.start_hands is None:
        return
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


def _refuse_exposed(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """Law 36: the refused card is thrown aside and the next card given instead."""
    holder = ruling.concerns
    exposed = deal.exposed
    if exposed is not None and exposed in deal.hands[holder].cards:
        deal.hands[holder].cards.remove(exposed)
        deal.aside.append(exposed)
        deal.completing[holder] = deal.completing.get(holder, 0) + 1


def _throw_aside(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
    """Law 35: the faced card leaves the stock; the next card is given instead."""
    if deal.faced is not None:
        deal.aside.append(deal.faced)
        deal.seen.add(deal.faced)
        deal.stock -= 1


def _award(kind: str) -> Remedy:
    def award(r: Replay, ruling: Ruling, deal: Deal, card: Any, n: int) -> None:
        """Law 42: the adversary of the player who abandoned marks the point or the vole."""
        quitter = ruling.offender
        winner = deal.other(quitter)
        deal.won = {winner: 5 if kind == "vole" else max(3, deal.won[winner]), quitter: deal.won[quitter]}
        if kind == "vole":
            deal.won[quitter] = 0
        end_play(r, deal, n)
    return award


OPTIONS: dict[str, Remedy] = {
    "rectify": _rectify, "fresh_deal": _fresh_deal, "deal_void": _deal_void,
    "play_on": _nothing, "choose_trump": _choose_trump,
    "discard_superfluous": _discard_superfluous, "draw_superfluous": _draw_superfluous,
    "complete_from_stock": _complete_from_stock, "cut_again": _cut_again,
    "fresh_cut": _fresh_cut, "reshuffle": _nothing, "take_back": _take_back,
    "card_stands": _nothing, "play_to_card_led": _nothing, "require_named_suit": _take_back,
    "replay_hand": _replay_hand, "correct_score": _nothing, "take_exposed": _nothing,
    "refuse_exposed": _refuse_exposed, "throw_aside": _throw_aside,
    "unplayable_as_tricks": _nothing, "mark_refused": _nothing, "retraction_refused": _nothing,
    "award_point": _award("point"), "award_vole": _award("vole"),
    "exchange_what_remains": _nothing,
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
        for option in ("fresh_deal", "deal_void"):
            if option in ruling.options:
                return option
    return ruling.otherwise


DEALER_FAULTS = frozenset({"wrong_count", "wrong_order", "deal_out_of_turn", "wrong_pack",
                           "too_many_given", "too_few_given", "exposed_card",
                           "more_than_one_turned", "turned_in_error", "insufficient_stock"})


def on_claim(r: Replay, ev: Any, n: int) -> None:
    """The moment of discovery: rule on what the claim reveals, with the facts of now."""
    deal = r.deal
    irr, player = ev.irregularity, ev.player
    for p in reversed(r.pending):
        if p.irregularity == irr and p.deal is deal and player in (None, p.concerns, p.actor):
            r.pending.remove(p)
            facts = r.facts(deal, p.concerns, p.actor, p.extra)
            r.make_ruling(irr, n, deal, p.concerns, p.actor, p.what, facts, claimed=True)
            return
    if deal is not None and irr == "wrong_count":
        _claimed_count(r, deal, ev, n)
        return
    if deal is not None and irr in ("revoke", "failure_to_win"):
        who = player or deal.other(ev.by)
        start = deal.start_hands or {}
        if who in start and start[who][1] == 0:
            r.fail(n, f"the log shows every card of {who}'s hand and no {irr.replace('_', ' ')}")
    actor = (deal.dealer if deal is not None and irr in DEALER_FAULTS else player) \
        if deal is not None else player
    concerns = player if deal is not None else None
    if actor is None and deal is not None and irr not in ("incorrect_pack", "faced_card"):
        actor = deal.other(ev.by)
        concerns = concerns or actor
    detail = f" (trick {ev.trick})" if ev.trick else ""
    detail += f" ({ev.card})" if ev.card else ""
    what = f"{ev.by} claims {irr.replace('_', ' ')}" + (f" by {player}" if player else "") + detail
    r.irregular(irr, n, public=True, concerns=concerns, actor=actor, what=what)


def _claimed_count(r: Replay, deal: Deal, ev: Any, n: int) -> None:
    """A claimed wrong number: the cards, where the log shows them all, else the claim's count."""
    player = ev.player or ev.by
    hand = deal.hands[player]
    if ev.count is None:
        r.fail(n, "a claim of a wrong number needs the player and his count of cards")
    if hand.unknown == 0:
        r.fail(n, f"the log shows every card of {player}'s hand: he holds {hand.size}, not {ev.count}")
    if ev.count == hand.size:
        r.fail(n, f"the log already shows {player} holding {ev.count} cards")
    diff = ev.count - hand.size
    if hand.unknown + diff < 0:
        r.fail(n, f"the log shows {len(hand.cards)} of {player}'s cards: he cannot hold {ev.count}")
    hand.unknown += diff
    deal.stock -= diff
    size = "more" if ev.count > HAND_SIZE else "fewer" if ev.count < HAND_SIZE else "right"
    r.irregular("wrong_count", n, public=True, concerns=player, actor=deal.dealer,
                extra={"size": size}, what=f"{player} holds {ev.count} cards")


def on_elect(r: Replay, ev: Any, n: int) -> None:
    ruling = r.open_for(ev.option)
    if ruling is None:
        r.fail(n, f"no ruling open here offers {ev.option}")
    if ev.by != ruling.chooser:
        r.fail(n, f"law {ruling.law} gives the choice to {ruling.chooser}, not {ev.by}")
    r.elect(ruling, ev.option, ev.card, n)
