"""Claims and elections: the moment of discovery (a `claim`), the choice (an `elect`, or what
the events that follow plainly show), and the claims a log cannot bear out."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import exchange, marks
from .in_play import COUNTS, holds_trump_king
from .remedies import exposed_off_stock
from .ruling import said
from ..record.table import HAND_SIZE, played_by

if TYPE_CHECKING:
    from .replay import Replay
    from .ruling import Ruling
    from .in_play import DealInPlay
    from ..record.log import Claim, Elect, Event


NEUTRAL = frozenset({"elect", "claim", "look", "mark", "mark_king", "take_down", "take_back", "holds"})


def shown_by(r: Replay, ruling: Ruling, ev: Event) -> str | None:
    """The option the next event plainly shows was taken, or the case's `otherwise`."""
    deal = ruling.table
    if ev.event in ruling.open_past:
        return NOT_YET
    starts_deal = ev.event in ("shuffle", "cut") or (
        ev.event == "deal" and (deal is None or deal.phase != "dealing"))
    if starts_deal:
        new_dealer = _new_dealer(deal, ev)
        for option in ("fresh_deal", "deal_void"):
            if option == "fresh_deal" and new_dealer not in (None, deal.dealer):
                continue   # the other player deals: the deal passed, it was not dealt afresh
            if option in ruling.options:
                return option
    if ev.event == "deal" and deal is not None and deal.phase == "dealing" \
            and ruling.otherwise != "rectify":
        return NOT_YET   # the dealer finishing his distribution is nobody's choice but a rectifying one
    if deal is not None and {"take_exposed", "refuse_exposed"} <= set(ruling.options) \
            and deal.exposed is not None:
        return _shown_exposed(ruling, deal, ev)
    if "complete_from_stock" in ruling.options and ev.event in ("give", "deal") \
            and ev.to == ruling.concerns:
        return "complete_from_stock"
    return ruling.otherwise


def _new_dealer(deal: DealInPlay | None, ev: Event) -> str | None:
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


def _shown_exposed(ruling: Ruling, deal: DealInPlay, ev: Event) -> str | None:
    """Take or refuse an exposed card. One given and exposed: a `give` to its holder when his
    hand is already full can only replace it (refused). One turned up in error: the next cards
    given to the non-dealer show it, if he demands another discard; the play shows he did not."""
    card = deal.exposed
    holder = ruling.concerns or deal.non_dealer
    hand = deal.hands[holder]
    if card in hand.cards:
        due = HAND_SIZE - len(played_by(deal, holder))
        if ev.event == "give" and ev.to == holder and hand.size >= due:
            return "refuse_exposed"
        return ruling.otherwise
    if not exposed_off_stock(deal):
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


def on_claim(r: Replay, ev: Claim, n: int) -> None:
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
    if irr == "dealer_took_no_card":
        exchange.claim_kept_hand(r, deal, ev, n)
        return
    for p in reversed(r.pending):
        if p.irregularity == irr and p.deal is deal and player in (None, p.concerns, p.actor):
            r.pending.remove(p)
            facts = r.facts(deal, p.concerns, p.actor, p.extra)
            r.make_ruling(irr, n, deal, p.concerns, p.actor, p.what, facts, claimed=True, at=p.event)
            return
    if irr == "lead_out_of_turn" and deal is not None and _played_to(r, deal, ev, n):
        return
    if any(x.claimed and player in (None, x.concerns, x.offender) for x in r.ruled(deal, irr)):
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
    what = said("claims", by=ev.by, irregularity=irr, player=player, trick=ev.trick or None, card=ev.card)
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


def _played_to(r: Replay, deal: DealInPlay, ev: Claim, n: int) -> bool:
    """A lead out of turn claimed after it has been played to (law 40): ruled at the claim, the
    card played to being a fact of the claim itself. False where no card led out of turn has
    been played to (a lead still unanswered was ruled on when it was made)."""
    for x in reversed(r.ruled(deal, "lead_out_of_turn")):
        trick = next((t for t in deal.tricks if t.lead_event == x.event), None)
        if trick is None or trick.follow is None or ev.player not in (None, x.offender):
            continue
        later = deal.tricks[-1] is not trick
        r.irregular("lead_out_of_turn", n, public=True, actor=x.offender, concerns=x.offender,
                    extra={"played_to": True, "next_lead": later},
                    what=said("claims_lead_played_to", by=ev.by, player=x.offender, card=trick.lead,
                              follower=trick.follower))
        return True
    return False


def _claim_shown(r: Replay, deal: DealInPlay | None, irr: str, n: int) -> None:
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


def _something_to_retract(r: Replay, deal: DealInPlay, who: str | None, n: int) -> None:
    """A retraction claimed (laws 26, 27): the non-dealer must have proposed, the dealer answered."""
    if who == deal.non_dealer and not deal.proposals:
        r.fail(n, f"{who} has not proposed in this deal: there is no proposal to retract")
    if who == deal.dealer and deal.first_answer is None:
        r.fail(n, f"{who} has not accepted or refused a proposal in this deal: there is no answer "
                  "to retract")


EXCHANGE_CLAIMS = COUNTS | {"discard_looked_at"}


def _claim_in_exchange(r: Replay, deal: DealInPlay | None, ev: Claim, n: int) -> None:
    """An error of number in the exchange (`exchange.claim_count`), or a discard looked at: the
    claim names the player who looked (`player`, else the claimant's adversary)."""
    words = ev.irregularity.replace("_", " ")
    if deal is None or deal.phase == "dealing":
        r.fail(n, f"no exchange has been made here to claim a {words} in")
    if ev.irregularity in COUNTS:
        exchange.claim_count(r, deal, ev, n)
        return
    if not any(deal.discards.values()):
        r.fail(n, "nobody has discarded in this deal: there is no discard to look at")
    who = ev.player or deal.other(ev.by)
    whose = [p for p in (deal.non_dealer, deal.dealer) if deal.discards.get(p)]
    r.irregular("discard_looked_at", n, public=True, actor=who, concerns=who,
                what=said("claims_discard_looked_at", by=ev.by, player=who, whose=whose))


PLAY_CLAIMS = frozenset({"revoke", "failure_to_win", "false_king"})


def _claim_in_play(r: Replay, deal: DealInPlay | None, ev: Claim, n: int) -> None:
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
        r.make_ruling(irr, n, deal, p.concerns, p.actor, p.what, facts, claimed=True, at=p.event)
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
                marks.cancel(r, ent, "withdrawn")
            return
    else:
        _check_duty_claim(r, deal, ev, who, n)
        start = deal.start_hands
        if _play_recorded(r, deal, n) and (start is not None and who in start and start[who][1] == 0
                                           or start is None and hand.known):
            r.fail(n, f"the log shows every card of {who}'s hand and no {words} remains to be claimed")
    what = said("claims_in_play", by=ev.by, irregularity=irr, player=who, trick=ev.trick or None, card=ev.card)
    r.irregular(irr, n, public=True, concerns=who, actor=who,
                extra={"played_to": True} if irr != "false_king" else None, what=what)


def _play_recorded(r: Replay, deal: DealInPlay, n: int) -> bool:
    """The hand's play is recorded card by card (no `tricks` summary in this deal so far)."""
    return not any(e.event == "tricks" for e in r.events[deal.first_event - 1:n - 1])


def _check_duty_claim(r: Replay, deal: DealInPlay, ev: Claim, who: str, n: int) -> None:
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


def _trick_of(deal: DealInPlay, event: int) -> int | None:
    """The number (1-5) of the trick an event of the play belongs to."""
    number = None
    for i, t in enumerate(deal.tricks, 1):
        if t.lead_event <= event:
            number = i
    return number


def _claimed_count(r: Replay, deal: DealInPlay, ev: Claim, n: int) -> None:
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
    made = next((p for p in reversed(r.pending) if p.irregularity in COUNTS and p.deal is deal
                 and p.concerns == player and (p.extra or {}).get("size") == ("more" if count > due else "fewer")),
                None)
    if made is not None and count == size:   # the exchange made the wrong number: its own error
        r.pending.remove(made)
        facts = r.facts(deal, made.concerns, made.actor, made.extra)
        r.make_ruling(made.irregularity, n, deal, made.concerns, made.actor, made.what, facts, claimed=True,
                      at=made.event)
        return
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
        if deal.summarised.get(player):   # the hand given only as a result: its count is what is left
            deal.recounted[player] = deal.summarised[player]
    if pending is not None:
        r.pending.remove(pending)
    holds = said("holds", player=player, count=count) if due == HAND_SIZE else \
        said("holds_due", player=player, count=count, due=due)
    what = holds
    if pending is not None and count == size:
        what = pending.what + (holds if due != HAND_SIZE else ())
    r.irregular("wrong_count", n, public=True, concerns=player, actor=deal.dealer,
                extra={"size": "more" if count > due else "fewer"}, what=what)


def _due(deal: DealInPlay, player: str) -> int:
    """The cards a player should hold now: five, less the cards he has played and those he has
    discarded and not yet been given back."""
    played = sum(1 for t in deal.tricks if t.leader == player and t.lead is not None) + \
        sum(1 for t in deal.tricks if t.follower == player)
    waiting = max(0, deal.round_discard.get(player, 0) - deal.round_given.get(player, 0))
    return HAND_SIZE - played - waiting


def _lapsed_at_look(r: Replay, ev: Elect) -> Ruling | None:
    """A choice of this deal that lapsed when its chooser looked (laws 9, 11, 13)."""
    return next((x for x in reversed(r.rulings) if x.lapsed and x.table is r.deal and x.table is not None
                 and ev.option in x.options and x.chooser == ev.by and ev.by in x.table.looked), None)


def on_elect(r: Replay, ev: Elect, n: int) -> None:
    """The entitled player chooses: the latest open ruling that offers the option, else the
    hidden irregularity the election claims (`_claimed_by_election`)."""
    offered = r.open_for(ev.option) or _lapsed_at_look(r, ev) or _claimed_by_election(r, ev, n)
    if not offered.open and not offered.lapsed:
        return   # a compulsory remedy, done at its ruling
    if ev.by != offered.chooser:
        r.fail(n, f"law {offered.law} gives the choice to {offered.chooser}, not {ev.by}")
    ruling = r.choice_still_open(offered, n) if offered.open else None
    if ruling is None and ev.option in ANNULMENTS:
        done = r.ruled(offered.table, offered.irregularity)[-1]
        if not ANNULMENTS & set(done.options):
            # the deal the log goes on to deal afresh was not annulled: the log contradicts the law
            r.fail(n, f"{ev.by} looked at his hand before choosing: law {done.law} no longer gives "
                      f"him the choice of `{ev.option}`, and the deal goes on (`{done.options[0]}`)")
    if ruling is not None:
        r.elect(ruling, ev.option, ev.card, n)


ANNULMENTS = frozenset({"fresh_deal", "deal_void"})


def _claimed_by_election(r: Replay, ev: Elect, n: int) -> Ruling:
    """An election of an option a law gives for a hidden irregularity the log proves in this
    deal and nobody has claimed: it is that irregularity's claim, ruled now (the moment of
    discovery), and the option is then taken. Where none gives it, the election is an error."""
    deal = r.deal
    offered = []
    for p in reversed(r.pending):
        if p.deal is not deal or deal is None:
            continue
        facts = r.facts(deal, p.concerns, p.actor, p.extra)
        found = r.book.find(p.irregularity, facts)
        if found is None:
            continue
        if ev.option in found.case.options:
            r.pending.remove(p)
            return r.make_ruling(p.irregularity, n, deal, p.concerns, p.actor, p.what, facts,
                                 claimed=True, at=p.event)
        offered.append(f"{p.irregularity} (event {p.event}): law {found.law} offers {', '.join(found.case.options)} here")
    return r.fail(n, f"no ruling open here offers {ev.option}" + (f" ({'; '.join(offered)})" if offered else ""))
