"""The replay: applies a log's events to the table in order and rules on what the laws see.

`Replay` owns the game (deals, dealer, score) and the machinery of rulings: an irregularity
found by an event handler is ruled on at once when it is public, or kept until the `claim`
that reveals it (or reported unclaimed when its deal ends). The handlers, one module per stage
of a deal (dealing, exchange, play, marks), know *how* the game goes; the law book says *what
follows* from an irregularity.
"""
from __future__ import annotations

import pickle
from operator import attrgetter
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, NoReturn, cast

from . import claims, dealing, exchange, games, marks, outcomes, play, remedies, stakes
from .in_play import DealInPlay, holds_trump_king
from .errors import ReplayError
from ..lawbook.facts import UNKNOWABLE, Facts
from ..lawbook.laws import LawBook, default_book
from ..lawbook.rulesets import InForce, of_log
from ..record.log import Log
from ..record.options import Options
from .ruling import Report, Ruling, Said, RulingSummary, said
from . import rules as rules_of_play
from .scoring import game_value
from ..record.table import Hand

if TYPE_CHECKING:
    from .scan import Prefix


@dataclass
class Pending:
    """A hidden irregularity the log proves, waiting for the claim that reveals it."""

    irregularity: str
    event: int
    deal: DealInPlay
    concerns: str | None
    actor: str | None
    what: Said
    facts: dict[str, Any]
    extra: dict[str, Any] | None


@dataclass
class Provisional:
    """A player reached the target at `event` with points of `deal` that a claim made in time
    may still take away, or while an earlier such target waits: the game is won at the first
    whose points stand when the claims of the deal being played are settled (it ends, or the
    log does)."""

    event: int
    deal: DealInPlay | None
    player: str
    counted: list[tuple[marks.Entitlement, int]]   # the deal's points on his score then
    score: int
    settles: DealInPlay | None    # the deal whose end settles it: the deal being played then


@dataclass(frozen=True)
class Snapshot:
    """The replay's state before event `at`, taken when `rulings` rulings were made: a what-if
    (`Replay.what_if`) that changes nothing before then goes on from here."""

    at: int
    rulings: int
    state: bytes


# what a replay never changes, shared by its snapshots rather than copied (the state below the
# replay's own attributes holds cards and counts, none of these)
_SHARED = ("log", "events", "book", "rules", "options", "power", "prefix")
# the what-if parameters (`Replay.__init__`): a copy from a snapshot takes the asker's
_WHAT_IF = ("final", "shown", "elect_at_end", "facts_at")
_SKIPPED = frozenset((*_SHARED, *_WHAT_IF, "snapshots"))   # not in a snapshot's state


class _GameWon(Exception):
    """The points reached at this event stood: the game was won there (`Replay.run` replays the
    log again, knowing it)."""

    def __init__(self, event: int):
        self.event = event


_DEFAULT_FACTS = Facts().model_dump()
_DEAL_STARTS = frozenset({"shuffle", "cut", "deal", "new_game"})
_MARKING = frozenset({"mark", "take_down"})   # a log that has one is marked by the players
EVENT_NAME = attrgetter("event")
_LOOKS = ("dealer_looked", "non_dealer_looked", "concerned_looked")   # `choice_still_open`
# the events of a hand's exchange and play: none can follow its deal's annulment
OF_THE_HAND = frozenset({"propose", "accept", "refuse", "discard", "ask", "give", "play", "tricks",
                         "announce_king", "take_back", "show", "abandon"})


class Replay:
    """One game replayed event by event."""

    def __init__(self, log: Log, book: LawBook | None = None, final: frozenset[int] = frozenset(),
                 elect_at_end: list[tuple[tuple[int, str], str, Any]] | None = None,
                 facts_at: dict[int, dict[str, Any]] | None = None, rules: InForce | None = None,
                 span: tuple[int, int] | None = None,
                 shown: dict[tuple[int, str], tuple[str | None, str | None, bool, int]] | None = None):
        self.log = log
        # one game of a pool or linked log (`games`): its events are first+1 .. last
        self.span = span
        self.first, self.last = span if span is not None else (0, len(log.events))
        self.final = final   # events at which reaching the target is known to stand
        # (event, irregularity) -> (elected, card, lapsed, at): the choices the log showed after the
        # event in `final` (at event `at`), seen by the replay that found the points stood (`_won_at`)
        self.shown = shown or {}
        self.showing = frozenset(at for *_, at in self.shown.values())   # not ignored: they showed a choice
        self.decided: dict[tuple[int, str], int] = {}   # (event, irregularity) -> where chosen or lapsed
        self.provisional: list[Provisional] = []
        self.now = 0         # the event being applied
        # ((event, irregularity), option, card): elections made when the log ends, to see what an
        # open choice would make of the game (`outcomes`); a replay given them is itself not
        # settled again. A ruling this replay never makes (the game was won before its claim) has
        # no choice to make.
        self.elect_at_end = elect_at_end
        # ruling index -> facts taken as known: what a fact the log does not know would make of it
        self.facts_at = facts_at
        self.book = book or default_book()
        # the rules in force (RULESETS.md): the engine reads `options`, never the rule set's name
        self.rules = rules or of_log(log)
        self.options = self.rules.options
        self.power = rules_of_play.ranking(self.options)   # the order of the cards in force
        self.players = list(log.players)
        self.game_to = self.options.game_to
        self.score = {p: 0 for p in self.players}
        self.marked = not _MARKING.isdisjoint(map(EVENT_NAME, log.events))   # (a sweep in C)
        self.rulings: list[Ruling] = []
        self.choosing: list[Ruling] = []   # the rulings whose choice may still be open
        self.ruled_at: dict[int, list[Ruling]] = {}              # event -> the rulings on it
        self._ruled: dict[tuple[int, str], list[Ruling]] = {}    # (deal, irregularity) -> rulings
        self.pending: list[Pending] = []
        self.deals: list[DealInPlay] = []
        self.deal: DealInPlay | None = None
        self.annulled_prefix = 0   # how many deals at the start were annulled
        self.next_dealer: str | None = log.dealer   # set by `deals_next` alone
        self.cut_cards: dict[str, Any] = {}
        self.cut_tie: int | None = None   # the event of a tied cut for deal not yet cut again (law 5)
        self.packs_changed = False
        self.winner: str | None = None
        self.won_at = 0   # the event at which the game was won
        self.ignored: list[int] = []
        self.events = log.events
        self.owed: list[marks.Entitlement] = []
        self.overscored: dict[str, int] = {}
        self.lapsed: list[marks.Entitlement] = []   # owed, not marked in time (laws 22, 50)
        self.earned: list[marks.Entitlement] = []   # every entitlement made, struck out or not
        self.held: list[marks.Held] = []   # marks for a hand made during its play (marks.hold)
        self.asking: stakes.Asking | None = None   # a double or offer waiting for its answer
        self.unanswerable: int | None = None       # the event of one out of time (an answer to it is ignored)
        self.ignored_in_hand: list[int] = []      # plays of a hand the offerer's trick ended
        self.hearing = False   # an event heard after the game is won (`_heard_after_win`)
        self.deaf = False      # a deal began after the game was won: nothing more is heard
        self.snapshots: list[Snapshot] = []   # states kept for the what-if replays (`what_if`)
        self.prefix: Prefix | None = None     # the clean deals resumed after (`resume`)

    # ------------------------------------------------------------------ running

    def run(self, observe: Callable[["Replay", int], None] | None = None) -> Report:
        """Apply every event; `observe(replay, n)`, if given, sees the table after each one.

        A target reached while its deal may still take the points away is provisional: when they
        stand after all, the game was won there, and the log is replayed again knowing it (the
        events after it are ignored, an error among them too)."""
        if self.span is None:
            if not self.final and self.elect_at_end is None:
                stakes.variants_on(self)
            if games.several(self.options):
                return games.replay_games(self.log, self.book, self.rules, observe, one_game=Replay)
        return self._run_from(self.first + 1 if self.prefix is None else self.prefix.at, observe)

    def resume(self, prefix: Prefix) -> bool:
        """Take the deals the lean scan found clean as played (`scan.Prefix`): `run` goes on from
        the deal it doubted, the state as their replay leaves it for what the rest of the log
        reads. Each earlier deal is kept as its dealer, its order of distribution (law 8), played
        out (laws 5, 14) and its king turned up if never marked (law 22), its cards not; so the
        rest of the log may not look back at them: a log that marks (laws 22, 50), marks a king
        before the doubted deal's turn-up, or holds several games is replayed from the start (False).
        Proven the full replay's by the differential tests (tests/test_resume_scan.py)."""
        names = list(map(EVENT_NAME, self.events[prefix.at - 1:]))
        if self.marked or games.several(self.options) or self.span is not None or "mark_king" in names \
                and names.index("mark_king") < (names.index("turn_up") if "turn_up" in names else len(names)):
            return False
        one, two = self.players
        self.score = {one: prefix.score[0], two: prefix.score[1]}
        self.deals_next(prefix.dealer)
        dealer = prefix.dealer if prefix.deals % 2 == 0 else self.other(prefix.dealer)   # the first deal's
        for number in range(1, prefix.deals + 1):
            other = self.other(dealer)
            c1, c3 = prefix.chosen[dealer]
            self.deals.append(DealInPlay(number=number, dealer=dealer, non_dealer=other, rightful=dealer,
                                         first_event=0, hands={dealer: Hand(), other: Hand()},
                                         won={dealer: 0, other: 0}, phase="over", dealing_checked=True,
                                         packets=[(other, c1), (dealer, c1), (other, c3), (dealer, c3)]))
            dealer = other
        self.deal = self.deals[-1]
        king = self.book.scoring.turned_king
        # their kings never marked (of no deal kept: the deals resumed after are shared, `_snapshot`)
        self.lapsed = [marks.Entitlement(by, king, "turned_king", 0, None, paid=king, ruled=True)
                       for by in prefix.kings]
        if prefix.unmarked is not None:   # owed until the next turn-up
            self.owed = [marks.Entitlement(prefix.unmarked, king, "turned_king", 0, None, paid=king)]
        self.ignored = list(prefix.ignored)
        self.ignored_in_hand = list(prefix.ignored)
        self.prefix = prefix
        return True

    def _run_from(self, start: int, observe: Callable[["Replay", int], None] | None) -> Report:
        """`run` from event `start` on, the events before it applied."""
        try:
            self._apply(observe, start)
        except _GameWon as won:
            return self._won_at(won.event, observe)
        except ReplayError:
            standing = next((p for p in self.provisional if self._stands(p)), None)
            if standing is None:
                raise
            return self._won_at(standing.event, observe)
        report = self.report()
        if self.elect_at_end is None:
            outcomes.settle(self, report)
        return report

    def _won_at(self, event: int, observe: Callable[["Replay", int], None] | None) -> Report:
        """The log replayed again, the game won at `event` (from the last snapshot before it: up
        to there the replays are the same). The choices this replay saw made after it, on rulings
        made before it, are handed on: the log went on to show them."""
        shown = {(x.event, x.irregularity): (x.elected, x.elected_card, x.lapsed,
                                             self.decided.get((x.event, x.irregularity), 0))
                 for x in self.rulings if x.event < event and (x.elected is not None or x.lapsed)}
        usable = [s for s in self.snapshots if s.at <= event]
        return self._go_on(usable, observe, final=self.final | {event}, shown={**self.shown, **shown})

    def what_if(self, elect_at_end: list[tuple[tuple[int, str], str, Any]] | None,
                facts_at: dict[int, dict[str, Any]] | None) -> Report:
        """The report had these elections been made at the end of the log and these facts been
        known (`outcomes`): the replay goes on from the last snapshot taken before the first
        ruling whose facts differ (any, for elections alone), or from the first event."""
        before, after = self.facts_at or {}, facts_at or {}
        changed = [i for i in {*before, *after} if before.get(i) != after.get(i)]
        usable = [s for s in self.snapshots if not changed or s.rulings <= min(changed)]
        return self._go_on(usable, None, elect_at_end=elect_at_end, facts_at=facts_at)

    def _go_on(self, usable: list[Snapshot], observe: Callable[["Replay", int], None] | None,
               **what_if: Any) -> Report:
        """This replay again with other what-if parameters: from the last of the `usable`
        snapshots, or, where there is none, from the first event."""
        if not usable:
            asked = {**{k: getattr(self, k) for k in _WHAT_IF}, **what_if}
            again = Replay(self.log, self.book, rules=self.rules, span=self.span, **asked)
            if self.prefix is not None:
                again.resume(self.prefix)
            return again.run(observe)
        return self._resumed(usable[-1], **what_if)._run_from(usable[-1].at, observe)

    def _snapshot(self, at: int) -> None:
        """Keep a copy of the state before event `at` (`_SHARED` left out: the fork shares it;
        `_WHAT_IF` too: the fork takes the asker's)."""
        state = {k: v for k, v in self.__dict__.items() if k not in _SKIPPED}
        if self.prefix is not None:   # the deals resumed after: shared, never changed once the next began
            state["deals"] = self.deals[self.prefix.deals:]
        self.snapshots.append(Snapshot(at, len(self.rulings), pickle.dumps(state, pickle.HIGHEST_PROTOCOL)))

    def _resumed(self, snapshot: Snapshot, **what_if: Any) -> Replay:
        """A copy of this replay as it was at `snapshot`, the what-if parameters its own but for
        `what_if` (what differs must not change anything before the snapshot), with the
        snapshots taken before it."""
        fork = Replay.__new__(Replay)
        fork.__dict__.update(pickle.loads(snapshot.state))
        fork.__dict__.update({k: self.__dict__[k] for k in (*_SHARED, *_WHAT_IF)}, **what_if)
        fork.showing = frozenset(at for *_, at in fork.shown.values())
        if fork.prefix is not None:
            fork.deals[:0] = self.deals[:fork.prefix.deals]
        fork.snapshots = [s for s in self.snapshots if s.at <= snapshot.at]
        return fork

    def _apply(self, observe: Callable[["Replay", int], None] | None, start: int) -> None:
        handlers, events = HANDLERS, self.events
        after_show, neutral, ignores = play.AFTER_SHOW, claims.NEUTRAL, stakes.ignores
        for n in range(start, self.last + 1):
            ev = events[n - 1]
            name = ev.event
            self.hearing = self.winner is not None
            if self.hearing and not self._heard_after_win(name):
                self.deaf = self.deaf or name in _DEAL_STARTS
                if n not in self.showing:
                    self.ignored.append(n)
                continue
            self.now = n
            if name not in after_show and self.deal is not None and self.deal.shown is not None:
                play.settle_show(self, self.deal)   # no play recorded after the cards shown
                if self.winner is not None:
                    self.ignored.append(n)
                    continue
            if self.choosing and name not in neutral and self._open_rulings():
                self.resolve_open(ev, n)
            if self.asking is not None:
                stakes.must_answer(self, ev, n)
            if ignores(self.deal, name):
                self.ignored.append(n)
                self.ignored_in_hand.append(n)
                continue
            if name in OF_THE_HAND and self.deal is not None and self.deal.annulled is not None:
                at = self.deal.annulled_at
                when = (f"at event {at}" if at != n else "here, the log having gone on past a choice"
                        " that had lapsed")
                self.fail(n, f"deal {self.deal.number} was annulled {when} "
                             f"({self.deal.annulled.replace('_', ' ')}): the log should show the next "
                             "deal's cards, not more of its hand")
            handlers[name](self, ev, n)
            if observe is not None:
                observe(self, n)
        if self.elect_at_end is None and any(r.open for r in self.choosing):
            self._snapshot(self.last + 1)   # for the replays that make the open choices (`outcomes`)
        self.hearing = self.winner is not None and self._heard_after_win("elect")
        for key, option, card in self.elect_at_end or ():
            for ruling in [r for r in self.rulings if (r.event, r.irregularity) == key and r.open]:
                self.elect(ruling, option, card, self.last)
        self.hearing = False
        self.end_of_log()

    def report(self) -> Report:
        value = None
        if self.winner:
            loser = next(p for p in self.players if p != self.winner)
            value = game_value(self.score[loser], self.options.game_value, self.book.scoring)
        return Report(self.rules.rules, self.players, self.rulings, dict(self.score), self.winner,
                      value, len(self.deals), self.ignored, self.deals, self.earned,
                      self.log.title, self.log.description, options=dict(_options_json(self.options)),
                      ignored_in_hand=list(self.ignored_in_hand), log=self.log)

    def fail(self, n: int, message: str) -> NoReturn:
        raise ReplayError(n, self.events[n - 1].event, message)

    # -------------------------------------------------------------------- deals

    def start_deal(self, n: int) -> DealInPlay:
        """A new deal begins at event n, dealt by whoever should deal."""
        self.close_deal()
        if self.next_dealer is None:
            self.fail(n, "who deals first is not known: give `dealer:` in the header or record the cut for deal")
        dealer = self.next_dealer
        non_dealer = self.other(dealer)
        deal = DealInPlay(number=len(self.deals) + 1, dealer=dealer, non_dealer=non_dealer, rightful=dealer,
                          first_event=n, hands={dealer: Hand(), non_dealer: Hand()},
                          won={dealer: 0, non_dealer: 0})
        self.deals.append(deal)
        self.deal = deal
        return deal

    def current(self, n: int) -> DealInPlay:
        if self.deal is None:
            self.fail(n, "no deal has begun")
        return self.deal

    def other(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    def close_deal(self) -> None:
        """Report what the ending deal proved but nobody claimed."""
        if self.deal is None:
            return
        for p in [p for p in self.pending if p.deal is self.deal]:
            self.pending.remove(p)
            self.make_ruling(p.irregularity, p.event, p.deal, p.concerns, p.actor, p.what,
                             p.facts, claimed=False)
        if self.deal.phase != "over" and self.deal.annulled is None:
            self.deal.unfinished = self.deal.phase
            self.deal.phase = "over"  # it scores nothing more
        marks.settle_held(self, self.deal)
        self._settle(self.deal)
        self.deal.score_after = dict(self.score)

    def end_deal(self, deal: DealInPlay, *, same_dealer: bool = False, rightful: bool = False) -> None:
        """The deal is over: the deal passes (or, for a fresh or void deal, does not)."""
        deal.phase = "over"
        self.deals_next(rules_of_play.dealer_after(deal.dealer, deal.non_dealer, deal.rightful,
                                                   fresh=same_dealer, void=rightful))

    def deals_next(self, player: str) -> None:
        """Who deals the next deal: the one place it is set."""
        self.next_dealer = player

    def annul(self, deal: DealInPlay, how: str) -> None:
        """A fresh deal or a void deal: it scores nothing."""
        deal.annulled, deal.annulled_at = how, self.now
        marks.cancel_deal(self, deal)
        self.end_deal(deal, same_dealer=how == "fresh_deal", rightful=how == "deal_void")

    def end_of_log(self) -> None:
        if self.deal is not None and self.deal.shown is not None:
            play.settle_show(self, self.deal)
        self.close_deal()
        marks.lapse(self, None, self.last)

    # ---------------------------------------------------------------- the score

    def award(self, player: str, points: int, kind: str, n: int, deal: DealInPlay | None,
              basis: str | None = None, limited: bool = False) -> None:
        """An entitlement is earned: it counts now (unmarked log) or once marked in time."""
        marks.entitle(self, player, points, kind, n, deal, basis, limited)

    def add_points(self, player: str, points: int, deal: DealInPlay | None = None) -> None:
        if self.winner is not None:
            return
        self.score[player] += points
        if self.score[player] < self.game_to:
            return
        if self.now in self.final or not self.provisional and not self._may_undo(deal):
            self.winner, self.won_at = player, self.now
            self._close_shown()
        else:   # settled with the deal being played: a target reached earlier in it may stand
            counted = [(e, e.paid) for e in self.owed if e.deal is deal and e.player == player and e.paid]
            self.provisional.append(Provisional(self.now, deal, player, counted, self.score[player],
                                                self.deal))

    def _may_undo(self, deal: DealInPlay | None) -> bool:
        """Whether anything the laws still allow may take away points of this deal now: until
        the deal is over (the next deal begins) a claim of it is in time, whatever the log has
        shown so far (a count the claim corrects, a king that `holds` disproves, an imperfect
        pack, law 45). Points of a deal already over, and points reached at the log's last
        event with no choice of the deal open, stand."""
        if deal is None or deal is not self.deal:
            return False
        if self.now < self.last:   # the last event of this game (of the log, but for a pool)
            return True
        return any(x.open and x.table is deal for x in self.choosing)

    def _heard_after_win(self, name: str) -> bool:
        """A claim or elect after the game is won, in the deal it was won in, is still heard while
        points of either player reached the target earlier in that deal (LOG_FORMAT.md: they never
        stood, so what strikes them is heard); the points it would give do not count."""
        return name in ("claim", "elect") and not self.deaf and any(
            p.deal is self.deal for p in self.provisional)

    def _close_shown(self) -> None:
        """The game is won: an open choice that the log went on to show (`shown`) was made."""
        for ruling in [x for x in self.choosing if x.open]:
            taken = self.shown.get((ruling.event, ruling.irregularity))
            if taken is not None:
                ruling.elected, ruling.elected_card, ruling.lapsed, _ = taken

    def _stands(self, p: Provisional) -> bool:
        """The points that reached the target at `p.event` are still all on the score."""
        lost = sum(paid for e, paid in p.counted if e.cancelled)
        return (p.deal is None or p.deal.annulled is None) and p.score - lost >= self.game_to

    def _settle(self, deal: DealInPlay) -> None:
        """The deal is over and its claims are settled: a target reached provisionally in it was
        reached if the points stand (`_GameWon`). A choice still open at the log's end leaves
        it open."""
        if self.winner is not None:   # won meanwhile, with points that stand
            self.provisional.clear()
        for p in [p for p in self.provisional if p.settles is deal]:
            if any(x.open and x.table is deal for x in self.choosing):
                continue
            self.provisional.remove(p)
            if self._stands(p):
                raise _GameWon(p.event)

    # ----------------------------------------------------------------- rulings

    def _a_deal_was_played(self, deal: DealInPlay | None) -> bool:
        """Whether a deal other than this one was played out. The annulled deals at the start
        are skipped once for all (an annulled deal stays annulled), so a log of thousands of
        void deals costs linear time."""
        deals = self.deals
        for i in range(self.annulled_prefix, len(deals)):
            d = deals[i]
            if d.annulled is not None:
                if i == self.annulled_prefix:
                    self.annulled_prefix += 1
            elif d.phase == "over" and d is not deal:
                return True
        return False

    def facts(self, deal: DealInPlay | None, concerns: str | None, offender: str | None,
              extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """The facts of this moment, as the law book's `when:` tests them."""
        f = dict(_DEFAULT_FACTS)
        f["first_deal"] = not self._a_deal_was_played(deal)
        f["king_after_first_card"] = self.options.king_after_first_card   # the options cases test
        f["stock_shortage"] = self.options.stock_shortage
        f["dealer_must_exchange"] = self.options.dealer_must_exchange
        f["doubling"] = self.options.doubling
        f["offer_point"] = self.options.offer_point
        if deal is None:
            f["phase"] = "before_deal"
        else:
            f["phase"] = deal.phase
            f["turned_up"] = deal.turned_over
            f["proposed"] = deal.proposals > 0
            f["answered"] = deal.first_answer is not None
            f["exchanged"] = bool(deal.took_cards)
            f["played"] = bool(deal.tricks)
            f["dealer_looked"] = deal.dealer in deal.looked
            f["non_dealer_looked"] = deal.non_dealer in deal.looked
            f["next_turned_up"] = any(d.turned_over for d in self.deals[deal.number:])
            if concerns is not None:
                f["concerns"] = deal.role(concerns)
                f["concerned_looked"] = concerns in deal.looked
                f["concerned_played"] = concerns in deal.first_play
                f["concerned_took_cards"] = concerns in deal.took_cards
                f["mixed"] = concerns in deal.mixed
            if offender is not None:
                f["offender_is"] = deal.role(offender)
                f["offender_tricks"] = deal.won.get(offender, 0)
                f["adversary_holds_king"] = holds_trump_king(deal, deal.other(offender))
        if extra:
            f.update(extra)
        return f

    def irregular(self, irregularity: str, n: int, *, public: bool, what: Said,
                  concerns: str | None = None, actor: str | None = None,
                  extra: dict[str, Any] | None = None, deal: DealInPlay | None = None) -> None:
        """An irregularity happened at event n: rule now (public) or keep it for its claim."""
        deal = deal or self.deal
        facts = self.facts(deal, concerns, actor, extra)
        if public:
            self.make_ruling(irregularity, n, deal, concerns, actor, what, facts, claimed=True)
        else:
            self.pending.append(Pending(irregularity, n, deal, concerns, actor, what, facts, extra))  # type: ignore[arg-type]

    def make_ruling(self, irregularity: str, n: int, deal: DealInPlay | None, concerns: str | None,
                    actor: str | None, what: Said, facts: dict[str, Any], *, claimed: bool,
                    at: int | None = None) -> Ruling:
        """The law book's ruling on an irregularity found at event n (`at`: the event it happened
        at, where a claim found it later)."""
        if self.facts_at is not None and len(self.rulings) in self.facts_at:
            facts = {**facts, **self.facts_at[len(self.rulings)]}
        found = self.book.find(irregularity, facts)
        if found is None:
            raise ReplayError(n, self.events[n - 1].event,
                              f"the law book has no rule for {irregularity} in these circumstances")
        case = found.case
        decided = self._decision(found, deal, concerns, actor)
        offender, chooser = decided["offender"], decided["chooser"]
        if found.law is None:   # a rule set's own rule: law null, rule named (RULESETS.md)
            text = " ".join(self.book.rules[cast(str, found.rule)].text.split())
        else:
            text = self.rules.text(found.law, self.book.law(found.law).text)
        summary = RulingSummary(what, case.summary, decided["summary"].names, claimed)
        ruling = Ruling(law=found.law, irregularity=irregularity, event=n,
                        # before any deal (the cut for deal): the deal it comes before
                        deal=deal.number if deal else len(self.deals) + 1, offender=offender, chooser=chooser,
                        options=list(case.options), claimed=claimed, summary=summary,
                        text=text, laws=list(case.cites), note=case.note, open_point=case.open_point,
                        case=found.ref, rule=found.rule,
                        effects={k: list(v) for k, v in case.effects.items()},
                        otherwise=case.otherwise, open_past=tuple(case.open_past), table=deal, concerns=concerns, actor=actor,
                        facts=facts, what=what, at=at if at != n else None, unknown=self._either_way(irregularity, found, facts, deal, concerns, actor))
        self.rulings.append(ruling)
        self.ruled_at.setdefault(n, []).append(ruling)
        self._ruled.setdefault(_deal_key(deal, irregularity), []).append(ruling)
        if ruling.open:
            self.choosing.append(ruling)
        if claimed:   # `always` effects follow the ruling itself, whatever is chosen
            for effect in ruling.effects.get("always", []):
                remedies.EFFECTS[effect](self, ruling, cast(DealInPlay, deal))
        # compulsory: its only option, done now if claimed; nobody claimed, nothing is elected (RULINGS.md)
        if chooser is None and claimed:
            self.elect(ruling, case.options[0], None, n)
        return ruling

    def _decision(self, found: Any, deal: DealInPlay | None, concerns: str | None, actor: str | None) -> dict[str, Any]:
        """What a case of the book rules here: law, case, offender, chooser, options, summary."""
        case = found.case
        offender = _player(case.offender, deal, concerns, actor, None)
        chooser = _player(case.chooser, deal, concerns, actor, offender) if case.chooser else None
        names = (("offender", offender), ("chooser", chooser), ("concerned", concerns),
                 ("dealer", deal.dealer if deal else None), ("non_dealer", deal.non_dealer if deal else None))
        return {"law": found.law, "case": found.ref, "offender": offender, "chooser": chooser,
                "options": list(case.options), "summary": RulingSummary((), case.summary, names)}

    def _either_way(self, irregularity: str, found: Any, facts: dict[str, Any], deal: DealInPlay | None,
                    concerns: str | None, actor: str | None) -> dict[str, Any] | None:
        """Where the case turns on a fact the log does not know (null), what the book rules for
        each value it may have: {fact: {"true": decision, "false": decision}}; None if it does not."""
        out: dict[str, Any] = {}
        for name in _unknowable_tested(self.book, irregularity):
            if facts.get(name) is not None:
                continue
            either = {v: self.book.find(irregularity, {**facts, name: v}) for v in (True, False)}
            if all(c is None or c.ref == found.ref for c in either.values()):
                continue
            out[name] = {str(v).lower(): self._decision(c, deal, concerns, actor)
                         for v, c in either.items() if c is not None}
        return out or None

    def ruled(self, deal: DealInPlay | None, irregularity: str) -> list[Ruling]:
        """The rulings on this irregularity in this deal (or before any deal), in the order made."""
        return self._ruled.get(_deal_key(deal, irregularity), [])

    def elect(self, ruling: Ruling, option: str, card: Any, n: int) -> None:
        """The option is taken: the remedy happens and the effects follow."""
        ruling.elected = option
        self.decided[(ruling.event, ruling.irregularity)] = n
        if card is not None:
            ruling.elected_card = str(card)
        deal = ruling.table
        for effect in ruling.effects.get(option, []):
            remedies.EFFECTS[effect](self, ruling, deal)
        remedies.OPTIONS[option](self, ruling, deal, card, n)

    def _open_rulings(self) -> bool:
        """Whether a choice is open; a ruling once closed never opens again, so it is dropped."""
        self.choosing = [r for r in self.choosing if r.open]
        return bool(self.choosing)

    def resolve_open(self, ev: Any, n: int) -> None:
        """The log goes on without an election: the events that follow show the choice (or,
        `claims.NOT_YET`, will show it later: the ruling stays open)."""
        for ruling in [r for r in self.choosing if r.open]:
            option = claims.shown_by(self, ruling, ev)
            if option == claims.NOT_YET:
                continue
            if option is None:
                ruling.lapsed = True
                self.decided[(ruling.event, ruling.irregularity)] = n
                continue
            still = self.choice_still_open(ruling, n)
            if still is not None and option in still.options:
                self.elect(still, option, None, n)

    def choice_still_open(self, ruling: Ruling, n: int) -> Ruling | None:
        """A choice the law gives only before the chooser looks at his hand (laws 9, 11, 13)
        lapses when he looks first: the case that fits the moment of the choice rules instead.
        The ruling to elect on, or None when the new one is compulsory (and already done)."""
        deal = ruling.table
        if deal is None:
            return ruling
        now = dict(ruling.facts)
        now["dealer_looked"] = deal.dealer in deal.looked
        now["non_dealer_looked"] = deal.non_dealer in deal.looked
        now["concerned_looked"] = ruling.concerns in deal.looked
        if all(now[k] == ruling.facts.get(k) for k in _LOOKS):
            return ruling
        found = self.book.find(ruling.irregularity, now)
        if found is None or found.ref == ruling.case:
            return ruling
        ruling.lapsed = True
        self.decided[(ruling.event, ruling.irregularity)] = n
        chooser = ruling.chooser
        new = self.make_ruling(ruling.irregularity, n, deal, ruling.concerns, ruling.actor,
                               ruling.what + said("looked_before_choosing", chooser=chooser), now,
                               claimed=True)
        return new if new.open else None

    def open_for(self, option: str) -> Ruling | None:
        for ruling in reversed(self.choosing):
            if ruling.open and option in ruling.options:
                return ruling
        return None



def _player(role: str | None, deal: DealInPlay | None, concerns: str | None, actor: str | None,
            offender: str | None) -> str | None:
    if role in (None, "nobody") or deal is None and role in ("dealer", "non_dealer"):
        return None if role in (None, "nobody") else actor
    if role == "dealer":
        return deal.dealer  # type: ignore[union-attr]
    if role == "non_dealer":
        return deal.non_dealer  # type: ignore[union-attr]
    if role == "concerned":
        return concerns
    if role == "actor":
        return actor
    if role == "adversary":
        base = offender or actor or concerns
        if base is None or deal is None:
            return None
        return deal.other(base)
    return None


HANDLERS: dict[str, Callable[[Replay, Any, int], None]] = {
    **dealing.HANDLERS, **exchange.HANDLERS, **play.HANDLERS, **marks.HANDLERS, **stakes.HANDLERS,
    "claim": lambda r, ev, n: claims.on_claim(r, ev, n),
    "elect": lambda r, ev, n: claims.on_elect(r, ev, n),
}


def adjudicate(log: Log, book: LawBook | None = None, rules: InForce | None = None,
               prefix: Prefix | None = None) -> Report:
    """Replay a validated log and return its report (`rules`: the rules in force, resolved from
    the log's header when not given; `prefix`: the deals the lean scan found clean, taken as
    played where the log allows, `Replay.resume`)."""
    replay = Replay(log, book, rules=rules)
    if prefix is not None:
        replay.resume(prefix)
    return replay.run()


@lru_cache(maxsize=64)
def _options_json(options: Options) -> dict[str, Any]:
    """`options.to_json()`, made once for each set of options (a report takes a copy)."""
    return options.to_json()


@lru_cache(maxsize=256)
def _unknowable_tested(book: LawBook, irregularity: str) -> tuple[str, ...]:
    """The facts the log may not know that some case of this irregularity tests, in the
    order of `UNKNOWABLE`."""
    cases = book.by_irregularity.get(irregularity, ())
    return tuple(name for name in UNKNOWABLE if any(name == tested for c in cases for tested, _ in c.tests))


def _deal_key(deal: DealInPlay | None, irregularity: str) -> tuple[int, str]:
    """The key of `Replay.ruled`: the deal's number (0 before any deal) and the irregularity."""
    return (deal.number if deal is not None else 0, irregularity)
