"""What a hand is played for, under the variants `doubling` and `offer_point` (RULESETS.md): a
double or an offer of the point, answered at once; the hand doubled, or ended early, or its
decliner bound to the vole.

A double is in time after the turn-up and before the first card of the third trick, once a
hand; an offer, before the first card. One out of time, or one the next event does not answer,
is ruled under its variant (the rule files laws/rules/doubling.yaml and offer_point.yaml) and
does not count. The points a hand
ended early scores are the scoring table's point (law 48), or the point against a vulnerable
player (law 49), as the source says ("as if they had won the majority of tricks").
"""
from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable, NoReturn

from .exchange import round_over
from .rules import DOUBLED, double_in_time, offer_in_time, stake_points, vulnerable as _vulnerable
from .ruling import said

if TYPE_CHECKING:
    from .in_play import DealInPlay
    from .replay import Replay
    from ..record.log import (AcceptDouble, AcceptOffer, DeclineDouble, DeclineOffer, Double, Event, NewGame,
                              OfferPoint)

    Answer = AcceptDouble | DeclineDouble | AcceptOffer | DeclineOffer

ANSWERS = {"double": ("accept_double", "decline_double"), "offer": ("accept_offer", "decline_offer")}
OPTION = {"double": "doubling", "offer": "offer_point"}
WORDS = {"double": "a double", "offer": "an offer of the point"}
NOUN = {"double": "double", "offer": "offer"}
BASES = ("point_doubled", "vole_doubled", "point_against_vulnerable_doubled",
         "vole_against_vulnerable_doubled", "double_declined",
         "double_declined_vulnerable", "offer_accepted", "offer_accepted_vulnerable", "offer_lost")
"""What the stakes make a hand's entitlement for (an Entitlement's `basis`; words in scores.yaml)."""


@dataclass(frozen=True)
class Asking:
    """A double or an offer made in time, waiting for the answer that must follow at once."""

    kind: str    # "double" or "offer"
    by: str
    event: int


def _allowed(r: Replay, ev: Event, n: int, kind: str) -> None:
    """The event's variant must be on: else a log error naming the event and the option."""
    option = OPTION[kind]
    if not getattr(r.options, option):
        r.fail(n, f"{ev.event} is an event of the variant {option!r}, which this log's rules leave off "
                  f"(give `options: {{{option}: true}}` in the header)")


def _in_hand(r: Replay, ev: Double | OfferPoint, n: int) -> DealInPlay:
    """The deal whose hand the event concerns: its trump turned up, its hand not over."""
    deal = r.current(n)
    if not deal.turned_over or deal.annulled is not None:
        r.fail(n, f"{ev.event} comes after the trump card is turned up")
    if deal.phase == "over":
        r.fail(n, "the play of this hand is over")
    return deal


def vulnerable(deal: DealInPlay, player: str) -> bool:
    """Law 49's vulnerable player: the non-dealer who played a card without proposing, the dealer
    who refused the first proposal."""
    return _vulnerable(player == deal.non_dealer, proposals=deal.proposals, has_played=player in deal.first_play,
                       first_refused=deal.first_answer == "refuse")


def must_answer(r: Replay, ev: Event, n: int) -> None:
    """Called at the event after a double or offer made in time: its answer, or else the double
    or offer was not answered at once and does not count (ruled under its variant, at this
    event, which shows it; the log goes on)."""
    asking = r.asking
    assert asking is not None   # the replay calls it while one waits
    if ev.event in ANSWERS[asking.kind]:
        return
    r.asking = None
    deal = r.current(n)
    if asking.kind == "double":
        deal.doubled = False
    else:
        deal.offered = False
    irregularity = "double_unanswered" if asking.kind == "double" else "offer_unanswered"
    r.irregular(irregularity, n, public=True, actor=asking.by, concerns=asking.by, deal=deal,
                what=said(irregularity, by=asking.by, event=asking.event, next=ev.event))


def _out_of_time(r: Replay, deal: DealInPlay, ev: Double | OfferPoint, n: int, irregularity: str, what: str) -> None:
    """Ruled under the variant (compulsory mark_refused): it does not count, play goes on; an
    answer to it, next, is ignored."""
    r.irregular(irregularity, n, public=True, actor=ev.by, concerns=ev.by, deal=deal, what=said(what, by=ev.by))
    r.unanswerable = n


def double(r: Replay, ev: Double, n: int) -> None:
    _allowed(r, ev, n, "double")
    deal = _in_hand(r, ev, n)
    if deal.doubled:
        return _out_of_time(r, deal, ev, n, "double_out_of_time", "doubled_again")
    if not double_in_time(len(deal.tricks)):
        return _out_of_time(r, deal, ev, n, "double_out_of_time", "doubled_late")
    deal.doubled = True
    r.asking = Asking("double", ev.by, n)


def offer_point(r: Replay, ev: OfferPoint, n: int) -> None:
    _allowed(r, ev, n, "offer")
    deal = _in_hand(r, ev, n)
    if deal.offered:
        return _out_of_time(r, deal, ev, n, "offer_out_of_time", "offered_again")
    if not offer_in_time(len(deal.tricks)):
        return _out_of_time(r, deal, ev, n, "offer_out_of_time", "offered_late")
    deal.offered = True
    r.asking = Asking("offer", ev.by, n)


def _answered(r: Replay, ev: Answer, n: int, kind: str) -> tuple[DealInPlay, Asking] | None:
    """The double or offer this event answers; None for an answer to one out of time (ignored)."""
    _allowed(r, ev, n, kind)
    asking = r.asking
    if asking is None:
        if r.unanswerable == n - 1 and r.events[n - 2].event == ("double" if kind == "double" else "offer_point"):
            return None
        r.fail(n, f"there is no {NOUN[kind]} to answer: an answer follows a {NOUN[kind]} at once")
    if ev.by == asking.by:
        r.fail(n, f"{ev.by} cannot answer his own {NOUN[kind]}: his adversary answers it")
    r.asking = None
    return r.current(n), asking


def accept_double(r: Replay, ev: AcceptDouble, n: int) -> None:
    """The hand's points count twice for whoever wins it (`DealInPlay.score_hand`)."""
    answered = _answered(r, ev, n, "double")
    if answered is not None:
        answered[0].times = DOUBLED


def decline_double(r: Replay, ev: DeclineDouble, n: int) -> None:
    """The hand ends; the doubler marks the point, or two if the decliner was vulnerable."""
    answered = _answered(r, ev, n, "double")
    if answered is None:
        return
    deal, asking = answered
    basis = "double_declined_vulnerable" if vulnerable(deal, ev.by) else "double_declined"
    _end_hand(r, deal, n, "double_declined")
    _award(r, deal, asking.by, basis, n)


def accept_offer(r: Replay, ev: AcceptOffer, n: int) -> None:
    """The hand ends; the acceptor marks the point, or two if the offerer is the dealer who
    refused the first proposal."""
    answered = _answered(r, ev, n, "offer")
    if answered is None:
        return
    deal, asking = answered
    basis = "offer_accepted_vulnerable" if asking.by == deal.dealer and vulnerable(deal, asking.by) \
        else "offer_accepted"
    _end_hand(r, deal, n, "offer_accepted")
    _award(r, deal, ev.by, basis, n)


def decline_offer(r: Replay, ev: DeclineOffer, n: int) -> None:
    """The decliner is bound to win all five tricks (`play` ends the hand at the offerer's trick)."""
    answered = _answered(r, ev, n, "offer")
    if answered is not None:
        deal, asking = answered
        deal.bound = (ev.by, asking.by)


def _end_hand(r: Replay, deal: DealInPlay, n: int, how: str) -> None:
    """The hand ends early and counts as played: the deal passes as after five tricks."""
    deal.ended_early = how
    if deal.phase == "exchange":
        round_over(r, deal, n, cut_short=True)
    deal.end_play(r, n)


def _award(r: Replay, deal: DealInPlay, player: str, basis: str, n: int) -> None:
    r.award(player, stake_points(basis, r.book.scoring), "point", n, deal, basis=basis)


def ignores(deal: DealInPlay | None, name: str) -> bool:
    """Whether the event is a play of a hand the offerer's trick ended: ignored, and reported."""
    return deal is not None and deal.ended_early == "offer_lost" and name in _PLAY


_PLAY = frozenset({"play", "take_back", "show", "abandon", "tricks", "announce_king"})

VARIANT_OF = {"double": "double", "accept_double": "double", "decline_double": "double",
              "offer_point": "offer", "accept_offer": "offer", "decline_offer": "offer"}
_CHECKED = frozenset({*VARIANT_OF, "new_game"})   # the events `variants_on` looks at


def variants_on(r: Replay) -> None:
    """Before the replay: every variant's event in the log needs its variant on (a log error
    even where it would come after the game is won)."""
    if _CHECKED.isdisjoint(map(attrgetter("event"), r.events)):
        return   # (most logs: a sweep in C)
    options = r.options
    several = options.pool or options.match == "linked"
    for n, ev in enumerate(r.events, 1):
        name = ev.event
        if name == "new_game" and not several:
            _one_game(r, n)
        kind = VARIANT_OF.get(name)
        if kind is not None:
            _allowed(r, ev, n, kind)


def new_game(r: Replay, ev: NewGame, n: int) -> None:
    _one_game(r, n)


def _one_game(r: Replay, n: int) -> NoReturn:
    """A `new_game` in a log of one game (`games` cuts a pool's or a linked log at them)."""
    r.fail(n, "new_game is an event of the variants 'pool' and 'match: linked', which this log's rules "
              "leave off (give `options: {pool: true}` or `options: {match: linked}` in the header)")


# by event name, each handler taking its own event
HANDLERS: dict[str, Callable[[Replay, Any, int], None]] = {
    "new_game": new_game, "double": double, "accept_double": accept_double,
    "decline_double": decline_double, "offer_point": offer_point, "accept_offer": accept_offer,
    "decline_offer": decline_offer,
}
