"""The play of the hand: looks, the king announced, leads and plays with every duty, cards taken
back, abandoning or showing the hand, and the hand's score."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import Card
from .scoring import hand_score
from .table import Deal, Hand, Trick

if TYPE_CHECKING:
    from .replay import Replay


def trump_king(deal: Deal) -> Card | None:
    return Card.parse("K" + deal.trump) if deal.trump else None


def holds_trump_king(deal: Deal, player: str) -> bool | None:
    """True/False when the log tells, None when unknown cards might hold it."""
    king = trump_king(deal)
    if king is None:
        return None
    hand = deal.hands[player]
    if king in hand.cards:
        return True
    if hand.known or king == deal.turn_up or king in deal.hands[deal.other(player)].cards:
        return False
    return None


def look(r: Replay, ev: Any, n: int) -> None:
    deal = r.current(n)
    deal.looked.add(ev.by)
    if deal.round_given.get(ev.by) and deal.phase == "exchange":
        deal.mixed.add(ev.by)


def announce_king(r: Replay, ev: Any, n: int) -> None:
    deal = r.current(n)
    if deal.trump is None:
        r.fail(n, "no trump has been turned up yet")
    if ev.by in deal.announced:
        return
    held = holds_trump_king(deal, ev.by)
    if ev.by in deal.first_play:
        if not _law24(deal, ev.by):
            r.irregular("late_king", n, public=True, actor=ev.by,
                        what=f"{ev.by} announced the king after playing his first card")
            return
        held = True  # law 24: the king is the very card he played
    deal.announced[ev.by] = n
    if held is False:
        r.irregular("false_king", n, public=False, actor=ev.by, concerns=ev.by,
                    what=f"{ev.by} announced the king of trumps without holding it")
        return
    r.award(ev.by, r.book.scoring.held_king, "held_king", n, deal)


def _law24(deal: Deal, player: str) -> bool:
    """Law 24: the king first led, before it is played to; or the dealer's first card, before
    he plays again."""
    king = trump_king(deal)
    mine = [t for t in deal.tricks if t.leader == player and t.lead is not None] + \
        [t for t in deal.tricks if t.follower == player]
    if len(mine) != 1:
        return False
    t = mine[0]
    if t.leader == player and t.lead == king and deal.tricks.index(t) == 0 and t.follow is None:
        return True
    return player == deal.dealer and t.follower == player and t.follow == king


def play_card(r: Replay, ev: Any, n: int) -> None:
    deal = r.current(n)
    if deal.phase == "dealing":
        r.fail(n, "the trump card has not been turned up")
    if deal.phase == "over":
        r.fail(n, "the play of this hand is over")
    if deal.phase == "exchange":
        begin_play(r, deal)
    by, card = ev.by, ev.card
    hand = deal.hands[by]
    trick = deal.trick
    if trick is None:
        _lead(r, deal, hand, by, card, ev.names, n)
    else:
        _follow(r, deal, hand, trick, by, card, n)


def begin_play(r: Replay, deal: Deal) -> None:
    deal.phase = "play"
    deal.start_hands = {p: (list(h.cards), h.unknown) for p, h in deal.hands.items()}


def _take(r: Replay, hand: Hand, by: str, card: Card, n: int) -> None:
    if not hand.give_up(card):
        r.fail(n, f"{by} does not hold {card}" if hand.size else f"{by} has no card left")


def _lead(r: Replay, deal: Deal, hand: Hand, by: str, card: Card, names: str | None, n: int) -> None:
    leader = deal.next_leader
    if by != leader and deal.hands[leader].size == 0:
        leader = by   # the leader has no card left: the adversary plays on
    named_held = hand.holds_suit(names) if names else None
    _take(r, hand, by, card, n)
    deal.first_play.setdefault(by, n)
    deal.tricks.append(Trick(leader=by, lead=card, lead_event=n))
    if card not in deal.seen:
        deal.seen.add(card)
    if by != leader:
        r.irregular("lead_out_of_turn", n, public=True, actor=by,
                    what=f"{by} led {card} when it was {leader}'s lead")
    if names and names != card.suit:
        r.irregular("named_suit_not_played", n, public=True, actor=by,
                    extra={"holds_named_suit": named_held},
                    what=f"{by} named {names} and led {card}")
    if deal.hands[deal.other(by)].size == 0:
        _won(r, deal, deal.tricks[-1], by, n)   # a card that cannot be played to (laws 30, 34)


def _follow(r: Replay, deal: Deal, hand: Hand, trick: Trick, by: str, card: Card, n: int) -> None:
    if by == trick.leader:
        r.fail(n, f"{deal.other(by)} has not yet played to {trick.lead}")
    duty = _breach(hand, trick.lead, card, deal.trump)  # type: ignore[arg-type]
    _take(r, hand, by, card, n)
    deal.first_play.setdefault(by, n)
    if card not in deal.seen:
        deal.seen.add(card)
    trick.follow, trick.follower = card, by
    winner = by if card.beats(trick.lead, deal.trump) else trick.leader  # type: ignore[arg-type]
    if duty:
        r.irregular(duty, n, public=False, actor=by, concerns=by, extra={"played_to": True},
                    what=_duty_words(duty, by, card, trick.lead))
    _won(r, deal, trick, winner, n)


def _breach(hand: Hand, lead: Card, card: Card, trump: str | None) -> str | None:
    """The duty broken by playing `card` to `lead`, as far as the known cards prove it."""
    held = hand.cards
    follows = [c for c in held if c.suit == lead.suit]
    if card.suit != lead.suit:
        if follows:
            return "revoke"
        if card.suit != trump and trump is not None and any(c.suit == trump for c in held) \
                and lead.suit != trump:
            return "failure_to_win"
        return None
    if card.power < lead.power and any(c.power > lead.power for c in follows):
        return "failure_to_win"
    return None


def _duty_words(duty: str, by: str, card: Card, lead: Card | None) -> str:
    if duty == "revoke":
        return f"{by} played {card} to {lead} holding a card of the suit led"
    return f"{by} played {card} to {lead} when he could have won the trick"


def _won(r: Replay, deal: Deal, trick: Trick, winner: str, n: int) -> None:
    trick.winner = winner
    deal.won[winner] += 1
    if len(deal.tricks) == 5 or all(h.size == 0 for h in deal.hands.values()):
        end_play(r, deal, n)


def take_back(r: Replay, ev: Any, n: int) -> None:
    deal = r.current(n)
    by = ev.by
    mine = [t for t in deal.tricks if t.leader == by or t.follower == by]
    if not mine:
        r.fail(n, f"{by} has played no card to take back")
    t = mine[-1]
    if t.leader == by and t.follow is None:
        ruling = r.open_for("take_back")
        if ruling is not None and ruling.irregularity == "lead_out_of_turn":
            r.elect(ruling, "take_back", None, n)
            return
        r.irregular("card_taken_back", n, public=True, actor=by,
                    what=f"{by} took up {t.lead}, a card led in turn")
        return
    later_lead = deal.tricks[-1] is not t
    if t.follower == by and not later_lead and \
            (r.withdraw("revoke", by) or r.withdraw("failure_to_win", by)):
        undo_follow(deal, t)
        return
    played = t.follow if t.follower == by else t.lead
    why = "after another card was led" if later_lead else "though it broke no duty"
    r.irregular("card_taken_back", n, public=True, actor=by, extra={"next_lead": later_lead,
                                                                    "played_to": True},
                what=f"{by} took up {played} {why}")


def undo_follow(deal: Deal, t: Trick) -> None:
    """Law 39: the card played to a lead goes back to the hand; the trick is open again."""
    deal.hands[t.follower].cards.append(t.follow)  # type: ignore[index,arg-type]
    deal.won[t.winner] -= 1  # type: ignore[index]
    t.follow, t.follower, t.winner = None, None, None
    if deal.phase == "over":
        deal.phase = "play"


def abandon(r: Replay, ev: Any, n: int) -> None:
    deal = r.current(n)
    if deal.phase not in ("exchange", "play"):
        r.fail(n, "a hand is abandoned during its play")
    deal.abandoned_by = ev.by
    r.irregular("abandoned", n, public=True, actor=ev.by,
                what=f"{ev.by} abandoned his hand with {deal.won[ev.by]} trick"
                     f"{'s' if deal.won[ev.by] != 1 else ''}")


def show(r: Replay, ev: Any, n: int) -> None:
    """Law 42: cards thrown down claiming to score: the rest of the tricks are his."""
    deal = r.current(n)
    if deal.phase not in ("exchange", "play"):
        r.fail(n, "cards are shown during the play of a hand")
    rest = 5 - len([t for t in deal.tricks if t.winner])
    deal.won[ev.by] += rest
    end_play(r, deal, n)


def tricks(r: Replay, ev: Any, n: int) -> None:
    deal = r.current(n)
    if deal.phase not in ("exchange", "play"):
        r.fail(n, "a hand's tricks are recorded after the turn-up and before the next deal")
    counts = dict(ev.__pydantic_extra__)
    for p in deal.won:
        counts.setdefault(p, 0)
    if sum(counts.values()) != 5:
        r.fail(n, f"the tricks of a hand add up to 5, not {sum(counts.values())}")
    deal.won = counts
    end_play(r, deal, n)


def end_play(r: Replay, deal: Deal, n: int) -> None:
    """Five tricks played (or the hand settled): the hand scores and the deal passes."""
    deal.phase = "over"
    r.end_deal(deal)
    score_hand(r, deal, n)


def score_hand(r: Replay, deal: Deal, n: int) -> None:
    result = hand_score(deal.won, deal.dealer, deal.elder, no_proposal=deal.proposals == 0,
                        first_refused=deal.first_answer == "refuse", scoring=r.book.scoring,
                        cut=any(p in deal.cut_players for p in deal.won if deal.won[p] >= 3))
    if result is None:
        return
    winner, points, kind = result
    deal.hand_award = (winner, points, kind, n)
    if points:
        r.award(winner, points, kind, n, deal)


HANDLERS = {"look": look, "announce_king": announce_king, "play": play_card,
            "take_back": take_back, "abandon": abandon, "show": show, "tricks": tricks}
