"""The play of the hand: looks, the king announced, leads and plays with every duty, cards taken
back, abandoning or showing the hand, and the hand's score."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..record.cards import Card
from ..record.log import Abandon, AnnounceKing, Holds, Look, Play, Show, TakeBack, Tricks
from .dealing import before_turn_up
from .exchange import round_over
from .in_play import DealInPlay, holds_trump_king, king_of_trumps
from .rules import beats, first_trick_open, law24_grace, legal_replies, second_card
from .ruling import said
from ..record.table import HAND_SIZE, Hand, Trick, played_by

if TYPE_CHECKING:
    from .replay import Pending, Replay

SUIT_NAMES = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
DUTIES = ("revoke", "failure_to_win")


# ------------------------------------------------------------------ the king of trumps

def look(r: Replay, ev: Look, n: int) -> None:
    deal = r.current(n)
    deal.looked.add(ev.by)
    for ruling in [x for x in r.choosing if x.open and x.table is deal]:
        r.choice_still_open(ruling, n)   # a choice given only before he looks lapses here
    if deal.round_given.get(ev.by) and deal.phase == "exchange":
        deal.mixed.add(ev.by)
        deal.count_facts_stood(r, ev.by, mixed=True, concerned_looked=True)


def announce_king(r: Replay, ev: AnnounceKing, n: int) -> None:
    """"I have the king": one, if he holds it and says so in time (laws 23, 24, 47)."""
    deal = r.current(n)
    if deal.trump is None and not deal.turn_up_unknown:
        r.fail(n, "no trump has been turned up yet")
    by = ev.by
    if by in deal.announced:
        return
    deal.announced[by] = n
    held = holds_trump_king(deal, by)
    if by in deal.first_play and not (r.options.king_after_first_card == "law24" and _law24(deal, by)):
        cards = played_by(deal, by)   # empty if he took his only card back (law 39)
        first = cards[0] if cards else None
        king_first = first is not None and first == king_of_trumps(deal)
        grace = r.options.king_after_first_card == "law24"   # late past law 24's grace, or with none
        when = ("played_to" if grace and king_first and deal.tricks[0].leader == by and by != deal.dealer
                else "played_again" if grace and king_first else "first_card" if first else "first_card_taken_back")
        what = said(f"king_announced_after_{when}", by=by, first=first)
        r.irregular("late_king", n, public=True, actor=by, concerns=by,
                    extra={"first_card_king": king_first}, what=what)
        if held is False:
            r.irregular("false_king", n, public=False, actor=by, concerns=by,
                        what=said("false_king_late", by=by))
        return
    if held is False:
        r.irregular("false_king", n, public=False, actor=by, concerns=by,
                    what=said("false_king", by=by))
        return
    r.award(by, r.book.scoring.held_king, "held_king", n, deal)


def _law24(deal: DealInPlay, player: str) -> bool:
    """Law 24's grace for the king of trumps played first (rules.law24_grace)."""
    cards = played_by(deal, player)
    k, t = next(((k, t) for k, t in enumerate(deal.tricks) if player in (t.leader, t.follower)), (0, None))
    return t is not None and law24_grace(cards, king_of_trumps(deal), led_it=t.leader == player,
                                         first_trick_open=first_trick_open(k, t.follow is not None),
                                         dealer=player == deal.dealer)


def _first_card(r: Replay, deal: DealInPlay, by: str, n: int) -> None:
    """A player's first card of the hand: from now on a false announcement of his stands (law 25)."""
    if by in deal.first_play:
        return
    deal.first_play[by] = n
    deal.king_facts_stood(r, "concerned_played", True, by)
    deal.count_facts_stood(r, by, concerned_played=True, phase="play")


# ------------------------------------------------------------------ leads and plays

def play_card(r: Replay, ev: Play, n: int) -> None:
    deal = r.current(n)
    if deal.phase == "dealing" and not before_turn_up(r, deal, n):   # law 10: the lead stands
        r.fail(n, "the trump card has not been turned up")
    if deal.phase == "over":
        if _unanswered(r, deal, ev.by, ev.card, n):
            return
        r.fail(n, "the play of this hand is over")
    if deal.trump is None and deal.phase == "play" and not deal.turn_up_unknown:
        r.fail(n, "the trump card must be turned up before another card is played (law 10)")
    if deal.phase in ("exchange", "dealing"):
        round_over(r, deal, n)
        deal.begin_play()
        if short_out(r, deal, n):   # a hand with no card at all: what is led is recorded
            if not _unanswered(r, deal, ev.by, ev.card, n):
                r.fail(n, "the play of this hand is over: one hand has no card to play")
            return
    deal.shown = None   # cards shown, and the hand played on
    by, card = ev.by, ev.card
    hand = deal.hands[by]
    trick = deal.trick
    if trick is None:
        _lead(r, deal, hand, by, card, ev.names, n)
    else:
        _follow(r, deal, hand, trick, by, card, n)


def _take(r: Replay, hand: Hand, by: str, card: Card, n: int) -> None:
    if not hand.give_up(card):
        r.fail(n, f"{by} does not hold {card}" if hand.size else f"{by} has no card left")


def _required(r: Replay, deal: DealInPlay) -> tuple[str, str] | None:
    """(leader, suit) when the adversary has required the suit the leader named and it is not yet
    led."""
    ruling = deal.suit_required
    if ruling is None or (deal.tricks and deal.tricks[-1].lead_event > ruling.event):
        return None
    names = getattr(r.events[ruling.event - 1], "names", None)
    return (ruling.offender, names) if names and ruling.offender is not None else None


def _lead(r: Replay, deal: DealInPlay, hand: Hand, by: str, card: Card, names: str | None, n: int) -> None:
    leader = deal.next_leader
    required = _required(r, deal)
    if required is not None and (by != required[0] or card.suit != required[1]):
        r.fail(n, f"{required[0]} must now lead a {SUIT_NAMES[required[1]]}: his adversary "
                  "required the suit he named")
    named_held = hand.holds_suit(names) if names else None
    known = card in hand.cards
    _take(r, hand, by, card, n)
    _first_card(r, deal, by, n)
    deal.tricks.append(Trick(leader=by, lead=card, lead_event=n))
    deal.sighted(r, by, card, known, n)   # law 45: a card seen twice
    if by != leader:
        r.irregular("lead_out_of_turn", n, public=True, actor=by, concerns=by,
                    what=said("lead_out_of_turn", by=by, card=card, leader=leader))
    if names and names != card.suit:
        r.irregular("named_suit_not_played", n, public=True, actor=by, concerns=by,
                    extra={"holds_named_suit": named_held},
                    what=said("named_suit_not_played", by=by, suit=names, card=card))


def _follow(r: Replay, deal: DealInPlay, hand: Hand, trick: Trick, by: str, card: Card, n: int) -> None:
    if by == trick.leader:
        r.fail(n, f"{deal.other(by)} has not yet played to {trick.lead}")
    lead = trick.lead
    assert lead is not None   # the trick on the table was led
    if deal.trump is None and card.suit != lead.suit:
        r.fail(n, f"who wins {card} played to {lead} turns on the trump suit, which the log "
                  "does not know (the turn-up is recorded by count): name the card turned up, or "
                  "record the hand's result with `tricks`")
    duty, wins = second_card(hand.cards, lead, card, deal.trump, r.power)
    known = card in hand.cards
    _take(r, hand, by, card, n)
    _first_card(r, deal, by, n)
    deal.sighted(r, by, card, known, n)   # law 45: a card seen twice
    trick.follow, trick.follower = card, by
    winner = by if wins else trick.leader
    if duty:
        r.irregular(duty, n, public=False, actor=by, concerns=by, extra={"played_to": True},
                    what=said(duty, by=by, card=card, lead=lead))
    _won(r, deal, trick, winner, n)


def _won(r: Replay, deal: DealInPlay, trick: Trick, winner: str, n: int) -> None:
    trick.winner = winner
    deal.won[winner] += 1
    bound_lost = deal.bound is not None and winner == deal.bound[1]   # offer_point: the hand ends
    if len(deal.tricks) == HAND_SIZE or not any(h.size for h in deal.hands.values()) or bound_lost:
        deal.end_play(r, n)
    else:
        short_out(r, deal, n)


def short_out(r: Replay, deal: DealInPlay, n: int) -> bool:
    """A hand with no card left while the adversary still holds some (laws 30, 34): none of his
    cards can be played to, and each counts as his trick (five in all). The hand is over; the
    log may record those cards led (`_unanswered`) or not."""
    empty = [p for p, h in deal.hands.items() if h.size == 0]
    if len(empty) != 1 or deal.trick is not None:
        return False
    other = deal.other(empty[0])
    k = min(deal.hands[other].size, HAND_SIZE - sum(deal.won.values()))
    deal.won[other] += k
    deal.unanswered = (other, k, k)
    deal.end_play(r, n)
    return True


def _unanswered(r: Replay, deal: DealInPlay, by: str, card: Card, n: int) -> bool:
    """A card led, after the hand is over, that the adversary had no card to play to: the log
    records a trick already counted (`short_out`)."""
    if deal.unanswered is None or deal.unanswered[0] != by or not deal.unanswered[2]:
        return False
    hand = deal.hands[by]
    known = card in hand.cards
    _take(r, hand, by, card, n)
    deal.sighted(r, by, card, known, n)
    deal.tricks.append(Trick(leader=by, lead=card, lead_event=n, winner=by))
    deal.unanswered = (by, deal.unanswered[1], deal.unanswered[2] - 1)
    return True


# ------------------------------------------------------------------ cards taken back

def take_back(r: Replay, ev: TakeBack, n: int) -> None:
    """The player takes up the card he last played: lawful only to save a revoke or a failure
    to win before the next lead (laws 39, 43), or a lead out of turn before it is played to
    (law 40); otherwise the card stands."""
    deal = r.current(n)
    by = ev.by
    if deal.phase not in ("play", "over"):
        r.fail(n, f"{by} has played no card to take back")
    if _taken_up_by_election(r, deal, by, n):
        return   # the card the adversary's election took up: this records it being taken up
    mine = [t for t in deal.tricks if by in (t.leader, t.follower)]
    if not mine:
        r.fail(n, f"{by} has played no card to take back")
    t = mine[-1]
    later_lead = deal.tricks[-1] is not t
    played_to = t.follow is not None
    facts = {"played_to": played_to, "next_lead": later_lead}
    if t.leader == by:
        at_lead = r.ruled_at.get(t.lead_event, ())
        out_of_turn = next((x for x in at_lead if x.irregularity == "lead_out_of_turn"), None)
        if out_of_turn is not None and not played_to and out_of_turn.open:
            r.elect(out_of_turn, "take_back", None, n)
            return
        named = next((x for x in at_lead if x.irregularity == "named_suit_not_played"), None)
        if named is not None and not played_to and named.open:
            r.elect(named, "require_named_suit", None, n)   # taken up: the suit named is required
            return
        if out_of_turn is not None and played_to:
            r.irregular("lead_out_of_turn", n, public=True, actor=by, concerns=by, extra=facts,
                        what=said("lead_taken_back_played_to", by=by, card=t.lead, follower=t.follower))
            return
        r.irregular("card_taken_back", n, public=True, actor=by, concerns=by, extra=facts,
                    what=said("lead_taken_back", by=by, card=t.lead))
        return
    if not later_lead:
        duty = _duty_pending(r, deal, by, t)
        if duty is not None:   # saving a revoke or a failure to win: a lawful correction
            r.pending.remove(duty)
            deal.undo_follow(r, t)
            return
        if _duty_unknown(deal, by, t):   # the log cannot show the duty it saved: taken as lawful
            deal.undo_follow(r, t)
            return
    r.irregular("card_taken_back", n, public=True, actor=by, concerns=by, extra=facts,
                what=said("card_taken_back_after_lead" if later_lead else "card_taken_back_no_duty",
                          by=by, card=t.follow, lead=t.lead))


def _duty_unknown(deal: DealInPlay, by: str, t: Trick) -> bool:
    """The card `by` played to the lead may have broken a duty the log cannot show: cards of his
    hand are not known, and it did not both follow suit and win the trick."""
    if not deal.hands[by].unknown:
        return False
    return not (t.follow is not None and t.lead is not None and t.follow.suit == t.lead.suit
                and t.winner == by)


TAKING_UP = ("take_back", "require_named_suit")


def _taken_up_by_election(r: Replay, deal: DealInPlay, by: str, n: int) -> bool:
    """The `take_back` follows the election that had `by`'s card taken up (laws 40, 41): it is
    the record of that, not another card taken back."""
    i = n - 2
    while i >= 0 and r.events[i].event in ("look", "claim", "mark", "mark_king"):
        i -= 1
    ev = r.events[i] if i >= 0 else None
    if ev is None or ev.event != "elect" or ev.option not in TAKING_UP:
        return False
    return any(x.elected == ev.option and x.offender == by and x.event < n
               for irregularity in ("lead_out_of_turn", "named_suit_not_played")
               for x in reversed(r.ruled(deal, irregularity)))


def _duty_pending(r: Replay, deal: DealInPlay, by: str, t: Trick) -> Pending | None:
    """The revoke or failure to win made by `by`'s card in trick `t`, if any."""
    return next((p for p in r.pending if p.deal is deal and p.irregularity in DUTIES
                 and p.actor == by and p.event > t.lead_event), None)


# ------------------------------------------------------------------ the end of the hand

def abandon(r: Replay, ev: Abandon, n: int) -> None:
    """The hand is thrown up: it is over, the tricks not played are the adversary's (law 42 says
    what the adversary marks)."""
    deal = r.current(n)
    if deal.phase not in ("exchange", "play"):
        r.fail(n, "a hand is abandoned during its play")
    by = ev.by
    if deal.phase == "exchange":
        round_over(r, deal, n)
    made = deal.won[by]
    r.irregular("abandoned", n, public=True, actor=by, concerns=by,
                what=said("abandoned", by=by, made=made))
    if deal.phase != "over" and deal.annulled is None:
        other = deal.other(by)
        deal.won[other] += HAND_SIZE - sum(deal.won.values())
        deal.end_play(r, n)


def show(r: Replay, ev: Show, n: int) -> None:
    """Law 42: cards thrown down claiming to score. No penalty, and the play is not over: the
    plays the log records next are the hand's play; if it records none, the hand is settled
    (`settle_show`) at the next event."""
    deal = r.current(n)
    if deal.phase not in ("exchange", "play"):
        r.fail(n, "cards are shown during the play of a hand")
    if deal.phase == "exchange":
        round_over(r, deal, n)
        deal.begin_play()
    deal.shown = (ev.by, n)


AFTER_SHOW = frozenset({"play", "tricks", "holds"})
"""The events after cards shown that leave the tricks still to fall as the log goes on to say:
the hand's play, its result, or the cards a player holds (which the settling may need)."""


def settle_show(r: Replay, deal: DealInPlay) -> None:
    """The cards shown and no play recorded after: the rest of the tricks go as the cards must
    fall with best play on both sides where the log shows every card left, and to the player
    who showed where it does not."""
    assert deal.shown is not None   # the replay settles only cards shown
    by, n = deal.shown
    deal.shown = None
    rest = HAND_SIZE - sum(deal.won.values())
    his = _settle(deal, by, r.power)
    his = rest if his is None else min(his, rest)
    deal.won[by] += his
    deal.won[deal.other(by)] += rest - his
    deal.end_play(r, n)


def _settle(deal: DealInPlay, shower: str, power: Mapping[Card, int]) -> int | None:
    """The tricks still to play that `shower` wins with best play on both sides, or None when
    the log does not show every card left (or the hands are uneven)."""
    mine, theirs = deal.hands[shower], deal.hands[deal.other(shower)]
    trick = deal.trick   # a card led and not yet played to
    lead = trick.lead if trick is not None else None
    shower_leads = (trick.leader if trick is not None else deal.next_leader) == shower
    on_table = 1 if trick is not None else 0
    if deal.trump is None or not (mine.known and theirs.known) or \
            len(mine.cards) + on_table * shower_leads != len(theirs.cards) + on_table * (not shower_leads):
        return None
    memo: dict[tuple[frozenset[Card], frozenset[Card], bool, Card | None], int] = {}

    def best(s: frozenset[Card], o: frozenset[Card], s_leads: bool, lead: Card | None) -> int:
        key = (s, o, s_leads, lead)
        if key in memo:
            return memo[key]
        if lead is None:
            if not s and not o:
                return 0
            cards = s if s_leads else o
            values = [best(s - {c}, o, s_leads, c) if s_leads else best(s, o - {c}, s_leads, c)
                      for c in cards]
            value = max(values) if s_leads else min(values)
        else:
            follower = o if s_leads else s
            values = []
            for c in legal_replies(follower, lead, deal.trump, power):
                s_wins = beats(c, lead, deal.trump, power) != s_leads
                rest_s, rest_o = (s, o - {c}) if s_leads else (s - {c}, o)
                values.append(s_wins + best(rest_s, rest_o, s_wins, None))
            value = min(values) if s_leads else max(values)
        memo[key] = value
        return value

    return best(frozenset(mine.cards), frozenset(theirs.cards), shower_leads, lead)


def tricks(r: Replay, ev: Tricks, n: int) -> None:
    """The hand's result by counts: five tricks, or fewer made before the hand was abandoned (an
    `abandon` follows at once: it gives the rest and rules on law 42)."""
    deal = r.current(n)
    if deal.phase not in ("exchange", "play"):
        r.fail(n, "a hand's tricks are recorded after the turn-up and before the next deal")
    counts = dict(ev.__pydantic_extra__)
    for p in deal.won:
        counts.setdefault(p, 0)
    made = sum(counts.values())
    if made < HAND_SIZE and n < r.last and r.events[n].event == "abandon":
        _tricks_before_abandon(r, deal, counts, n)
        return
    if made != HAND_SIZE:
        r.fail(n, f"the tricks of a hand add up to 5, not {made}"
                  + (" (fewer are recorded only for a hand abandoned: an abandon must follow at once)"
                     if made < HAND_SIZE else ""))
    if deal.phase == "exchange":
        round_over(r, deal, n)
    deal.shown = None
    played = {p: sum(by == p for t in deal.tricks for by, card in ((t.leader, t.lead), (t.follower, t.follow)) if card)
              for p in deal.hands}
    for p, h in deal.hands.items():   # a trick is won with a card: a short hand wins no more than it holds (laws 30, 34)
        if counts[p] > played[p] + h.size:
            r.fail(n, f"{p} played the hand with {played[p] + h.size} cards: he cannot have won {counts[p]} tricks")
    deal.summarised = {p: min(h.size, HAND_SIZE - played[p]) for p, h in deal.hands.items()}
    deal.won = counts
    for p in deal.hands:   # the hand was played, card by card or not
        _first_card(r, deal, p, n)
    deal.end_play(r, n)


def _tricks_before_abandon(r: Replay, deal: DealInPlay, counts: dict[str, int], n: int) -> None:
    """The tricks made before the hand was abandoned (LOG_FORMAT.md): the hand is in play, with
    these tricks made, until the `abandon` that follows at once."""
    if deal.trick is not None:
        r.fail(n, f"{deal.trick.lead} is led and not yet played to: the tricks made are recorded "
                  "before a card is led or after the trick is won")
    if deal.phase == "exchange":
        round_over(r, deal, n)
        deal.begin_play()
    deal.shown = None
    made = sum(counts.values())
    deal.summarised = {p: min(h.size, made - len(played_by(deal, p))) for p, h in deal.hands.items()}
    if made:
        for p in deal.hands:
            _first_card(r, deal, p, n)
    deal.won = counts


def holds(r: Replay, ev: Holds, n: int) -> None:
    """The log states cards a player holds now, where it recorded his cards by count (laws 23,
    25, 43 turn on them): they become known cards of his hand. A card the log shows elsewhere in
    this deal, or more cards than his hand holds unknown, contradicts the log."""
    deal = r.current(n)
    if deal.annulled is not None:
        r.fail(n, f"deal {deal.number} was annulled ({deal.annulled.replace('_', ' ')}): nobody holds its cards")
    who = ev.player
    hand = deal.hands[who]
    new: list[Card] = []
    for card in ev.cards:
        if card in hand.cards:
            continue
        if card in new:
            r.fail(n, f"{card} is named twice")
        if card in deal.seen or card == deal.turn_up:
            r.fail(n, f"{who} cannot hold {card}: the log shows it elsewhere in this deal")
        new.append(card)
    if len(new) > hand.unknown:
        known = f"every card of {who}'s hand" if hand.known else \
            f"{len(hand.cards)} of {who}'s {hand.size} cards, and {hand.unknown} unknown"
        r.fail(n, f"the log shows {known}: he cannot also hold {', '.join(map(str, new))}")
    hand.unknown -= len(new)
    hand.cards.extend(new)
    deal.seen.update(new)
    for by, at in deal.announced.items():   # an announcement of the king the cards now disprove
        if holds_trump_king(deal, by) is False and not any(
                p.irregularity == "false_king" and p.deal is deal and p.actor == by for p in r.pending) \
                and not any(x.offender == by for x in r.ruled(deal, "false_king")):
            r.irregular("false_king", n, public=False, actor=by, concerns=by,
                        what=said("false_king_disproved", by=by, event=at, holder=deal.other(by)))


HANDLERS: dict[str, Callable[[Replay, Any, int], None]] = {
    "look": look, "announce_king": announce_king, "play": play_card, "take_back": take_back,
    "abandon": abandon, "show": show, "tricks": tricks, "holds": holds}
