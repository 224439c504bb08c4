"""A dispute as a log: the facts a person gave, told as a deal that goes the way deals go.

`build(irregularity, facts, dealer, non_dealer)` tells a deal with real cards from one fixed pack
order (so every log is legal: each card is where the table says), carries it to the moment
of discovery the facts describe (turned up or not, proposed, answered, cards given, cards
played, who has looked), makes the irregularity happen there (or earlier, with its `claim` at
that moment when it is hidden), and replays the log. Python knows how a deal goes; whether the
log says what the person said is decided by the replay itself: a telling is kept only when the
ruling made on it has the facts given (and, when asked, the case expected).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any, Callable, Iterator

from ..engine.generate import beats, legal_cards
from ..record.log import LogError, validate
from ..engine.errors import ReplayError
from ..engine.replay import adjudicate
from ..engine.ruling import Report, Ruling
from ..engine.rules import hand_score
from ..lawbook.laws import default_book
from ..lawbook.rulesets import DEFAULT, in_force

# The pack, top card first: three to the non-dealer, three to the dealer, two each, the
# trump card, then the stock. Hearts are trumps; the king of hearts lies at the bottom.
PACK = ("KS", "QS", "JS", "7S", "8S", "9S", "7D", "8D", "KD", "QD", "8H",
        "10S", "AS", "JD", "9D", "10D", "AD", "7C", "8C", "9C", "10C", "AC", "JC", "QC",
        "KC", "7H", "9H", "10H", "AH", "JH", "QH", "KH")
KING = "KH"
# where the king of trumps goes when someone must hold it or turn it up (its place in PACK)
KING_AT = {"non_dealer": 2, "dealer": 5, "turn_up": 10}
# the ways a deal can go on from the turn-up: no proposal, a proposal unanswered, refused,
# accepted (the non-dealer's discard laid out, nothing given), cards given both ways
PATHS = ("none", "proposed", "refused", "accepted", "exchanged")
PLAYS = (0, 1, 2, 3, 10)     # cards played: none, a lead, a trick, the next lead, the hand


EARNED = "earned"   # a place in a told deal for the marks of what the hand earned (`build` fills it)
GAME_POINT = "game_point"   # a place for the deals before this one that bring a player one point short of the game
GAME_WON = "game_won"       # a place for a game he won before this one, and the next game's start


class Table:
    """A deal being told: the events so far and the cards where they are."""

    def __init__(self, dealer: str, non_dealer: str, pack: tuple[str, ...] = PACK, counts: frozenset = frozenset()):
        self.D, self.N = dealer, non_dealer
        self.pack = list(pack)
        self.counts = counts            # roles whose cards the log gives only by count
        self.events: list[dict] = []
        self.hands: dict[str, list[str]] = {dealer: [], non_dealer: []}
        self.trump: str | None = None
        self.leader = non_dealer
        self.trick: list[tuple[str, str]] = []
        self.won = {dealer: 0, non_dealer: 0}
        self.played = 0
        self.header_dealer = True     # the log names the first dealer (no decisive cut for deal)

    def role(self, player: str) -> str:
        return "dealer" if player == self.D else "non_dealer"

    def other(self, player: str) -> str:
        return self.N if player == self.D else self.D

    def ev(self, name: str, **fields: Any) -> None:
        self.events.append({name: fields})

    def _cards(self, player: str, cards: list[str]) -> dict[str, Any]:
        return {"count": len(cards)} if self.role(player) in self.counts else {"cards": cards}

    def deal(self, to: str, n: int, **extra: Any) -> list[str]:
        cards = [self.pack.pop(0) for _ in range(n)]
        self.hands[to] += cards
        self.ev("deal", to=to, **self._cards(to, cards), **extra)
        return cards

    def deal_hands(self, sizes: tuple[int, int, int, int] = (3, 3, 2, 2), looks: tuple[str, ...] = (),
                   first: dict | None = None, after: dict[int, Callable[[], None]] | None = None) -> None:
        """The distribution: packets to non-dealer, dealer, non-dealer, dealer; a player in
        `looks` takes up his cards after his first packet; `after[i]` runs after packet i."""
        order = (self.N, self.D, self.N, self.D)
        for i, (to, n) in enumerate(zip(order, sizes)):
            self.deal(to, n, **(first or {} if i == 0 else {}))
            if i < 2 and self.role(to) in looks:
                self.ev("look", by=to)
            if after and i in after:
                after[i]()

    def turn_up(self, n: int = 1) -> list[str]:
        cards = [self.pack.pop(0) for _ in range(n)]
        self.trump = cards[0][-1]
        self.ev("turn_up", **({"card": cards[0]} if n == 1 else {"cards": cards}))
        return cards

    def discard(self, player: str, n: int) -> list[str]:
        cards = self.hands[player][-n:] if n else []
        for c in cards:
            self.hands[player].remove(c)
        self.ev("discard", by=player, **self._cards(player, cards))
        return cards

    def give(self, to: str, n: int) -> list[str]:
        cards = [self.pack.pop(0) for _ in range(n)]
        self.hands[to] += cards
        self.ev("give", to=to, **self._cards(to, cards))
        return cards

    def exchange(self, non_dealer_gets: int = 2, dealer_gets: int = 1) -> None:
        """A proposal accepted, each player discarding as many as he is given."""
        self.ev("propose", by=self.N)
        self.ev("accept", by=self.D)
        self.discard(self.N, non_dealer_gets)
        self.give(self.N, non_dealer_gets)
        self.discard(self.D, dealer_gets)
        self.give(self.D, dealer_gets)

    def begin(self, exchange: str | None, keep: tuple[str, ...] = ()) -> None:
        """The exchange as the person said it went (law 49): none, a proposal refused, or cards
        given both ways (each player laying out cards the telling does not need: not `keep`)."""
        if exchange in (None, "no_proposal"):
            return
        self.ev("propose", by=self.N)
        if exchange == "refused":
            self.ev("refuse", by=self.D)
            return
        self.ev("accept", by=self.D)
        for who, n in ((self.N, 2), (self.D, 1)):
            out = [c for c in reversed(self.hands[who]) if c not in keep][:n]
            for c in out:
                self.hands[who].remove(c)
            self.ev("discard", by=who, **self._cards(who, out))
            self.give(who, n)

    def finish(self, who: str, tricks: int | None) -> bool:
        """The hand's result as the person gave it: `who` won `tricks` of the five (a `tricks`
        summary, as a log records a hand not played card by card); False where the tricks
        already played make it impossible."""
        if tricks is None:
            return True
        other = self.other(who)
        if self.won[who] > tricks or self.won[other] > 5 - tricks or self.trick:
            return False
        self.ev("tricks", **{who: tricks, other: 5 - tricks})
        self.won = {who: tricks, other: 5 - tricks}
        return True

    def next_player(self) -> str:
        return self.other(self.trick[0][0]) if self.trick else self.leader

    def play(self, by: str | None = None, card: str | None = None, **extra: Any) -> str:
        by = by or self.next_player()
        hand = self.hands[by]
        if card is None:
            card = legal_cards(hand, self.trick[0][1], self.trump or "H")[0] if self.trick else hand[0]
        hand.remove(card)
        self.ev("play", by=by, card=card, **extra)
        self.trick.append((by, card))
        self.played += 1
        if len(self.trick) == 2:
            (lead_by, led), (_, second) = self.trick
            winner = self.other(lead_by) if beats(second, led, self.trump or "H") else lead_by
            self.won[winner] += 1
            self.leader = winner
            self.trick = []
        return card

    def plays(self, k: int) -> None:
        for _ in range(k):
            if not self.hands[self.next_player()]:
                return
            self.play()

    def claim(self, by: str, irregularity: str, **extra: Any) -> None:
        self.ev("claim", by=by, irregularity=irregularity, **extra)


def _turned_up(dealer: str, non_dealer: str, pack: tuple[str, ...] = PACK, counts: frozenset = frozenset()) -> Table:
    """A deal dealt in the usual packets, the trump card turned up."""
    t = Table(dealer, non_dealer, pack, counts)
    t.deal_hands()
    t.turn_up()
    return t


def king_pack(holder: str | None) -> tuple[str, ...]:
    """The pack with the king of trumps moved to the non-dealer's or dealer's hand or the turn-up."""
    if holder is None:
        return PACK
    pack = list(PACK)
    at = KING_AT[holder]
    pack[pack.index(KING)], pack[at] = pack[at], KING
    return tuple(pack)


@dataclass
class DealProgress:
    """How far the deal had gone when the irregularity was found."""

    turned: bool
    path: str
    plays: int
    looks: tuple[str, ...]


def progresses(f: dict[str, Any]) -> Iterator[DealProgress]:
    """The moments of discovery the facts allow, least advanced first."""
    looks = []
    for fact, role in (("non_dealer_looked", "non_dealer"), ("dealer_looked", "dealer")):
        if f.get(fact) or (f.get("concerned_looked") and f.get("concerns") == role):
            looks.append(role)
    options = [DealProgress(False, "none", 0, tuple(looks))]
    options += [DealProgress(True, p, k, tuple(looks)) for p, k in product(PATHS, PLAYS)
                if k == 0 or p in ("none", "refused", "exchanged")]
    for pr in options:
        if _fits(pr, f):
            yield pr


def _fits(pr: DealProgress, f: dict[str, Any]) -> bool:
    phase = "dealing" if not pr.turned else "exchange" if pr.plays == 0 else "over" if pr.plays == 10 else "play"
    facts = {"turned_up": pr.turned, "proposed": pr.path != "none",
             "answered": pr.path in ("refused", "accepted", "exchanged"), "exchanged": pr.path == "exchanged",
             "played": pr.plays > 0}
    if "phase" in f and f["phase"] not in (phase, "before_deal" if phase == "dealing" else phase):
        return False
    if any(name in f and f[name] != value for name, value in facts.items()):
        return False
    if "concerned_played" in f and f.get("concerns") is not None:
        played = pr.plays >= (1 if f["concerns"] == "non_dealer" else 2)
        if played != f["concerned_played"]:
            return False
    if "concerned_took_cards" in f and f["concerned_took_cards"] != (pr.path == "exchanged"):
        return False
    return True


def advance(t: Table, pr: DealProgress) -> None:
    """Carry the deal from the end of the distribution to the moment of discovery."""
    if not pr.turned:
        return
    if not t.trump:
        t.turn_up()
    if pr.path == "exchanged":
        t.exchange()
    elif pr.path != "none":
        t.ev("propose", by=t.N)
        if pr.path == "refused":
            t.ev("refuse", by=t.D)
        elif pr.path == "accepted":
            t.ev("accept", by=t.D)
            t.discard(t.N, 2)
    t.plays(pr.plays)


def _concerned(t: Table, f: dict[str, Any]) -> list[str]:
    """The players the irregularity may concern, the one the facts name first."""
    if f.get("concerns") == "dealer":
        return [t.D]
    if f.get("concerns") == "non_dealer":
        return [t.N]
    return [t.N, t.D]


# -- each irregularity told: a generator of tellings (Tables) for the facts given ---------

def _wrong_count(f, D, N):
    """A packet of the wrong size, claimed at the moment of discovery; the king of trumps turned
    up, and the dealer one point short of the game before this deal, as the person says
    (`turned_king`)."""
    sizes = {("non_dealer", "more"): (3, 3, 3, 2), ("non_dealer", "fewer"): (3, 3, 1, 2),
             ("dealer", "more"): (3, 3, 2, 3), ("dealer", "fewer"): (3, 3, 2, 1)}
    king = f.get("turned_king", "none")
    for pr in progresses(f):
        if king != "none" and not pr.turned:
            continue
        for (role, size), packets in sizes.items():
            if f.get("concerns", role) != role or f.get("size", size) != size:
                continue
            t = Table(D, N, PACK if king == "none" else _swapped((KING, PACK[sum(packets)])))
            if king == "at_game":
                t.ev(GAME_POINT, by=D)
            who = t.D if role == "dealer" else t.N
            t.deal_hands(packets, pr.looks)
            advance(t, pr)
            t.claim(t.other(who), "wrong_count", player=who)
            yield t


def _dealt(first: dict | None = None, sizes=(3, 3, 2, 2), by_non_dealer_claim: str | None = None):
    """A distribution made wrongly (out of turn, the wrong pack, the order changed), claimed."""
    def tell(f, D, N):
        for pr in progresses(f):
            t = Table(D, N)
            t.deal_hands(sizes, pr.looks, first=first and {k: (N if v == "N" else D if v == "D" else v)
                                                             for k, v in first.items()})
            advance(t, pr)
            t.claim(t.N, by_non_dealer_claim)
            yield t
    return tell


def _out_of_turn(f, D, N):
    """The dealer of the deal before deals again; or, as the person may say (`new_game`), the
    winner of the game before deals the next game's first deal, which the other deals (a pool's
    player coming in, a linked match's loser)."""
    for pr in progresses(f):
        t = Table(D, N)
        if f.get("new_game"):
            t.ev(GAME_WON, by=D)
        else:
            _previous_deal(t, dealer=D)
        t.deal_hands(looks=pr.looks, first={"by": D})
        advance(t, pr)
        t.claim(t.N, "deal_out_of_turn")
        yield t


def _previous_deal(t: Table, dealer: str) -> None:
    """A whole deal before this one, by counts, the non-dealer winning the point."""
    non_dealer = t.other(dealer)
    for to, n in ((non_dealer, 3), (dealer, 3), (non_dealer, 2), (dealer, 2)):
        t.ev("deal", to=to, count=n)
    t.ev("turn_up", card="7C")
    t.ev("tricks", **{non_dealer: 3, dealer: 2})


def _in_the_cut(*events: tuple[str, dict]):
    def tell(f, D, N):
        t = Table(D, N)
        for name, fields in events:
            t.ev(name, **{k: (N if v == "N" else D if v == "D" else v) for k, v in fields.items()})
        t.deal_hands()
        t.turn_up()
        yield t
    return tell


def _new_packs(f, D, N):
    """New cards called for after the cut (law 44), or before it, as the person says."""
    cut = ("cut", {"by": "N", "top": 10})
    calls = ("new_packs", {"by": "N"})
    order = (calls, cut) if f.get("called") == "before_cut" else (cut, calls)
    yield from _in_the_cut(("shuffle", {"by": "D"}), *order)(f, D, N)


def _cut_for_deal_exposed(f, D, N):
    t = Table(D, N)
    t.header_dealer = False
    t.ev("cut_for_deal", by=D, cards=["JS", "9H"])
    t.ev("cut_for_deal", by=D, card="JS")
    t.ev("cut_for_deal", by=N, card="AH")
    t.deal_hands()
    yield t


def _cut_for_deal_tie(f, D, N):
    t = Table(D, N)
    t.ev("cut_for_deal", by=N, card="QH")
    t.ev("cut_for_deal", by=D, card="QC")
    t.deal_hands()
    yield t


def _improper_shuffle(f, D, N):
    if f.get("phase") in (None, "before_deal", "dealing"):
        t = Table(D, N)
        t.ev("shuffle", by=D, faces_exposed=True)
        t.ev("cut", by=N, top=16)
        t.deal_hands()
        yield t
    for pr in progresses(dict(f, phase=f.get("phase", "exchange"))):
        t = Table(D, N)
        t.deal_hands(looks=pr.looks)
        advance(t, pr)
        t.ev("shuffle", by=N)
        yield t


def _incorrect_pack(f, D, N):
    if f.get("phase") in (None, "before_deal"):
        t = Table(D, N)
        t.ev("cut_for_deal", by=N, card="9S")
        t.ev("cut_for_deal", by=D, card="QD")
        t.claim(N, "incorrect_pack")
        yield t
    for pr in progresses(f):
        t = Table(D, N)
        t.deal_hands(looks=pr.looks)
        advance(t, pr)
        t.claim(N, "incorrect_pack")
        yield t


def _exposed_card(f, D, N):
    for who in _concerned(Table(D, N), f):
        if f.get("phase") in (None, "dealing"):
            for pr in progresses(dict(f, turned_up=False)):
                t = Table(D, N)
                packet = 2 if who == N else 3
                t.deal_hands(looks=pr.looks, after={packet: lambda t=t, who=who: t.ev("expose", card=t.hands[who][-1])})
                yield t
        if f.get("phase") in (None, "exchange", "play"):
            t = _turned_up(D, N)
            t.ev("propose", by=N)
            t.ev("accept", by=D)
            t.discard(N, 2)
            if who == N:
                card = t.give(N, 2)[-1]
            else:
                t.give(N, 2)
                t.discard(D, 1)
                card = t.give(D, 1)[-1]
            t.ev("expose", card=card)
            yield t


def _faced_card(f, D, N):
    t = Table(D, N)
    if f.get("turned_up") is False or f.get("phase") == "dealing":
        t.deal(N, 3)
        t.deal(D, 3)
        t.ev("faced", card=t.pack[0])
    else:
        t.deal_hands()
        t.turn_up()
        t.ev("faced", card=t.pack[0])
    yield t


def _no_turn_up(f, D, N):
    t = Table(D, N)
    t.deal_hands()
    t.ev("propose", by=N)
    t.turn_up()
    yield t


def _more_than_one_turned(f, D, N):
    for pr in progresses(dict(f, turned_up=False)):
        t = Table(D, N)
        t.deal_hands(looks=pr.looks)
        t.turn_up(2)
        yield t


def _late_mark_king(f, D, N):
    """The king turned up marked after the next deal's trump card (law 22), or before it; the
    hand's result as the person gave it, its winner marking what it scores."""
    t = _turned_up(D, N, king_pack("turn_up"))
    t.begin(f.get("exchange"))
    if not t.finish(D, f.get("tricks", 2)):
        return
    _marks_due(t, f.get("exchange"), but=None)
    for to, n in ((D, 3), (N, 3), (D, 2), (N, 2)):
        t.ev("deal", to=to, count=n)
    if f.get("marked_when") == "in_time":   # law 22: while the next deal is dealt is in time
        t.ev("mark_king", by=D)
    t.ev("turn_up", card="7C")
    if f.get("marked_when") != "in_time":
        t.ev("mark_king", by=D)
    yield t


def _retraction(f, D, N):
    if f.get("offender_is") in (None, "non_dealer"):
        t = _turned_up(D, N)
        t.ev("propose", by=N)
        t.ev("accept", by=D)
        t.ev("ask", by=N, count=2)
        t.ev("ask", by=N, count=3)
        yield t
    if f.get("offender_is") in (None, "dealer"):
        t = _turned_up(D, N)
        t.ev("propose", by=N)
        t.ev("refuse", by=D)
        t.ev("accept", by=D)
        yield t


def _after_exchange(f, D, N):
    t = _turned_up(D, N)
    t.exchange()
    t.claim(N, "discard_looked_at", player=D)
    yield t


def _result(t: Table, result: str | None) -> bool:
    """The hand over, by its result as the person gave it (`result`: hand.yaml's, the winner's
    role and his tricks), or, not given, as the story tells one (the interview asks it wherever
    it changes the ending); False where the tricks already played make it impossible."""
    if result is None:
        t.ev("tricks", **{t.N: 3, t.D: 2})
        return True
    role, tricks = result.rsplit("_", 1)
    return t.finish(t.D if role == "dealer" else t.N, int(tricks))


def _exchange_counts(irregularity: str, counts: dict[str, tuple[int, int, int | None]]):
    """An exchange that gives the wrong number: per role of the player concerned, (discarded,
    given, asked for), claimed at the moment of discovery (phase, mixed, played)."""
    def tell(f, D, N):
        for role, (out, given, asked) in counts.items():
            if f.get("concerns", role) != role:
                continue
            for phase, mixed in (("exchange", False), ("exchange", True), ("play", True), ("over", True)):
                if f.get("phase", phase) != phase or f.get("mixed", mixed) != mixed:
                    continue
                for plays in ((0,) if phase == "exchange" else (1, 2, 3) if phase == "play" else (10,)):
                    t = _turned_up(D, N)
                    who = t.D if role == "dealer" else t.N
                    t.ev("propose", by=N)
                    t.ev("accept", by=D)
                    if who == D:
                        t.discard(N, 2)
                        t.give(N, 2)
                    t.discard(who, out)
                    if asked is not None:
                        t.ev("ask", by=who, count=asked)
                    if given:
                        t.give(who, given)
                    if mixed:
                        t.ev("look", by=who)
                    if who == N and phase != "exchange":
                        t.discard(D, 1)
                        t.give(D, 1)
                    if phase == "over":
                        if not _result(t, f.get("result")):
                            continue
                    else:
                        t.plays(plays)
                    t.claim(t.other(who), irregularity, player=who)
                    yield t
    return tell


def _turned_in_error(refuse: bool):
    def tell(f, D, N):
        t = _turned_up(D, N)
        t.exchange()
        t.ev("turn_up", card=t.pack.pop(0))
        if refuse:
            t.ev("propose", by=N)
            t.ev("refuse", by=D)
        yield t
    return tell


def _insufficient_stock(f, D, N):
    for conditional in ((False, True) if "conditional" not in f else (f["conditional"],)):
        t = _turned_up(D, N)
        for n in (5, 4):
            t.ev("propose", by=N)
            t.ev("accept", by=D)
            t.discard(N, n)
            t.give(N, n)
            t.discard(D, n)
            t.give(D, n)
        t.ev("propose", by=N)
        t.ev("accept", by=D, **({"conditional": True} if conditional else {}))
        t.discard(N, 2)
        t.give(N, 2)
        t.discard(D, 2)
        yield t


def _dealer_took_no_card(f, D, N):
    """The dealer accepts, serves the non-dealer and takes none: claimed before the first card,
    or found at it; or, as the person may say (`stock_left`), with the stock emptied by the
    non-dealer (two rounds of five each before: the duty lapses)."""
    for played in ((False, True) if "played" not in f else (f["played"],)):
        t = _turned_up(D, N)
        if f.get("stock_left") is False:
            for n in (5, 5):
                t.exchange(n, n)
        t.ev("propose", by=N)
        t.ev("accept", by=D)
        t.discard(N, 1)
        t.give(N, 1)
        if played:
            t.play()
        else:
            t.claim(N, "dealer_took_no_card")
        yield t


def _double_out_of_time(f, D, N, A=None):
    """A double once the third trick has begun (its lead played), or a second in the hand; or,
    as the person may say (`doubled_when`), in time: after the first trick, accepted."""
    A = A or N
    for when in (f["doubled_when"],) if "doubled_when" in f else ("third_trick", "second"):
        t = _turned_up(D, N)
        if when == "second":
            t.ev("double", by=A)
            t.ev("accept_double", by=t.other(A))
        else:
            t.plays(2 if when == "in_time" else 5)
        t.ev("double", by=A)
        if when == "in_time":
            t.ev("accept_double", by=t.other(A))
        yield t


def _offer_out_of_time(f, D, N, A=None):
    """The point offered once a card has been played; or, as the person may say
    (`offered_when`), before play began, and declined."""
    A = A or N
    t = _turned_up(D, N)
    in_time = f.get("offered_when") == "before_play"
    if not in_time:
        t.play()
    t.ev("offer_point", by=A)
    if in_time:
        t.ev("decline_offer", by=t.other(A))
    yield t


def _unanswered(offer: bool):
    def tell(f, D, N, A=None):
        """A double or an offer in time, and the next card played without an answer; or, as
        the person may say (`reply`), answered at once (play going on where the answer does not
        end the hand)."""
        A = A or N
        t = _turned_up(D, N)
        t.ev("offer_point" if offer else "double", by=A)
        reply = f.get("reply", "none")
        if reply != "none":
            kind = "offer" if offer else "double"
            t.ev(f"{'accept' if reply == 'accepted' else 'decline'}_{kind}", by=t.other(A))
        if reply == "none" or (reply == "accepted") != offer:   # a double accepted, an offer declined
            t.play()
        yield t
    return tell


def _swapped(*pairs: tuple[str, str]) -> tuple[str, ...]:
    """The pack with these pairs of cards changed over."""
    pack = list(PACK)
    for a, b in pairs:
        i, j = pack.index(a), pack.index(b)
        pack[i], pack[j] = b, a
    return tuple(pack)


def _dealer_leads(t: Table) -> None:
    """The first trick, won by the dealer (the seven of diamonds led, his king wins), so that
    he leads the second."""
    t.play(card="7D")
    t.play(card="KD")


def _late_king(f, D, N, A=None):
    """The king announced after the holder's first card (law 23), or after the king played as
    his first card had been played to or he had played again (law 24); or in time, as the
    person may say (`announced`)."""
    A = A or N
    when = f.get("announced") or "later"
    for first in ((False, True) if "first_card_king" not in f else (f["first_card_king"],)):
        if when == "before_again" and not first:
            continue
        if A == N:
            t = _turned_up(D, N, king_pack("non_dealer"))
            cards = [KING if first else None, None]       # his lead, the dealer's card to it
        else:   # the non-dealer leads a trump (first) or a spade; the dealer holds the king
            t = _turned_up(D, N, _swapped(("KS", "7H"), ("9S", KING)))
            cards = ["7H" if first else "QS", None, None]  # the lead, the dealer's card, the next
        if f.get("short_of_game"):
            t.events.insert(0, {GAME_POINT: {"by": A}})
        said = {"before_playing": 0 if A == N else 1, "before_again": 1 if A == N else 2}.get(when, len(cards))
        for i, card in enumerate(cards):
            if i == said:
                t.ev("announce_king", by=A)
            t.play(card=card)
        if said == len(cards):
            t.ev("announce_king", by=A)
        yield t


def _false_king(f, D, N, A=None):
    A = A or N
    O = D if A == N else N
    role = "dealer" if O == D else "non_dealer"
    holds = f.get("adversary_holds_king", "any")
    for adversary_holds in ((True, False, None) if holds == "any" else (holds,)):
        for played in ((False, True) if "concerned_played" not in f else (f["concerned_played"],)):
            if not played and f.get("tricks") is not None:
                continue   # the hand's result is told only where the offender played on
            t = _turned_up(D, N, king_pack(role if adversary_holds else None),
                           counts=frozenset({role}) if adversary_holds is None else frozenset())
            t.begin(f.get("exchange"), keep=(KING,))
            if A == D:
                t.play()
            t.ev("announce_king", by=A)
            if played:
                t.plays(2 if A == N else 1)
                if not t.finish(A, f.get("tricks")):
                    continue
            t.claim(O, "false_king", player=A)
            yield t


def _lead_out_of_turn(f, D, N, A=None):
    """A card led out of turn; played to, the adversary's claim then is law 40's dispute (the
    card cannot be taken up: the claim's own fact, `played_to`)."""
    A = A or D
    for played_to in ((False, True) if "played_to" not in f else (f["played_to"],)):
        t = _turned_up(D, N)
        if A == N:
            _dealer_leads(t)
        t.leader = A
        t.play(by=A)
        if played_to:
            t.play()
            t.claim(t.other(A), "lead_out_of_turn", player=A)
        yield t


def _card_taken_back(f, D, N, A=None):
    A = A or D
    if f.get("saving"):   # law 39: taken up to save a revoke, before another card is led
        if f.get("next_lead"):
            return
        pack, lead, card, _ = BREACHES["revoke"][A == N][0]
        t = _turned_up(D, N, _swapped(*pack))
        if A == N:
            _dealer_leads(t)
        t.play(card=lead)
        t.play(card=card)
        t.ev("take_back", by=A)
        yield t
        return
    for next_lead in ((False, True) if "next_lead" not in f else (f["next_lead"],)):
        t = _turned_up(D, N)
        if A == N and next_lead:   # the dealer wins the first trick and leads: the non-dealer's card is behind it
            _dealer_leads(t)
            t.play()
        else:
            t.plays(3 if next_lead else 2)
        t.ev("take_back", by=A)
        yield t


def _named_suit(f, D, N, A=None):
    A = A or N
    holds = f.get("holds_named_suit", "any")
    for named in ((True, False, None) if holds == "any" else (holds,)):
        role = "dealer" if A == D else "non_dealer"
        t = _turned_up(D, N, counts=frozenset({role}) if named is None else frozenset())
        if A == D:
            _dealer_leads(t)
        t.play(card="7D" if A == N else "QD", names="S" if named is not False else "C")
        t.play()
        yield t


def _revoke(irregularity: str):
    """A revoke (or a failure to win) in the first trick the offender follows to, claimed when
    the hand is over: its result as the person gave it (`tricks`, `exchange`), the offender
    losing the trick (or, revoking with a trump, winning it) as the tricks need."""
    def tell(f, D, N, A=None):
        A = A or D
        for pack, lead, card, keep in BREACHES[irregularity][A == N]:
            t = _turned_up(D, N, _swapped(*pack))
            t.begin(f.get("exchange"), keep=keep)
            if A == N:
                _dealer_leads(t)
            t.play(card=lead)
            t.play(card=card)
            if not t.finish(A, f.get("tricks")):
                continue
            t.claim(t.other(A), irregularity, player=A)
            yield t
    return tell


# how each breach of duty is told, by the dealer (False) or the non-dealer (True): ways, each
# the cards changed over in the pack, the card led, the card that breaks the duty, and the
# cards an exchange must leave in the hands for it (the non-dealer leads 7D to the dealer's KD
# first where the dealer must lead)
BREACHES = {
    "revoke": {
        False: [((), "KS", "KD", ("KS", "KD", "7S")),          # the dealer holds a spade, plays a diamond
                ((("QD", "7H"),), "KS", "7H", ("KS", "7H", "7S"))],   # ... or trumps, and wins
        True: [((), "7S", "8D", ("7S", "8D", "7D", "KD", "KS")),      # the non-dealer likewise
               ((("8D", "7H"),), "7S", "7H", ("7S", "7H", "7D", "KD", "KS"))],
    },
    "failure_to_win": {
        False: [((("QD", "7D"),), "8D", "7D", ("8D", "7D", "KD"))],   # the dealer holds KD
        True: [((("KS", "7S"),), "8S", "7S", ("8S", "7S", "7D", "KD", "QS"))],   # he holds QS
    },
}


def _abandoned(f, D, N, A=None):
    tricks = f.get("offender_tricks")
    # after how many cards, whether cards were exchanged, the pack: the first whose count of
    # the abandoner's tricks is the one given
    for pack in (PACK, _swapped(("KS", "7S"), ("QS", "8S"), ("JS", "9S"))):
        for exchange in ((f["exchange"],) if f.get("exchange") else (None, "exchanged")):
            for cards in range(0, 10):
                t = _turned_up(D, N, pack)
                t.begin(exchange)
                t.plays(cards)
                who = A or (D if cards == 2 else N)
                if tricks is not None and tricks != t.won[who]:
                    continue
                if f.get("claiming"):   # law 42: claiming to score, the hand's result as given
                    t.ev("show", by=who)
                    if not t.finish(who, f.get("tricks")):
                        continue
                else:
                    t.ev("abandon", by=who)
                yield t


def _due(t: Table, exchange: str | None) -> tuple[str, int, str] | None:
    """What the hand told scores, as the rules of play reckon it: (winner, points, what for)."""
    scored = hand_score(t.won, t.D, t.N, no_proposal=exchange in (None, "no_proposal"),
                        first_refused=exchange == "refused", scoring=default_book().scoring)
    return scored and scored[:3]


def _marks_due(t: Table, exchange: str | None, but: str | None) -> None:
    """The hand's score marked at once by its winner, unless he is `but` (whose marks are the
    dispute): nothing the person did not say is irregular."""
    due = _due(t, exchange)
    if due is not None and due[0] != but:
        t.ev("mark", by=due[0], points=due[1], **{"for": due[2]})


def _omitted_score(f, D, N, A=None):
    A = A or N
    O = D if A == N else N
    king = f.get("mark_for", "any")
    told = "marked_when" in f or "tricks" in f    # the hand as the person gave it
    for mark_king in ((True, False) if king == "any" else (king == "king",)):
        t = Table(D, N, counts=frozenset({"dealer", "non_dealer"}))
        t.deal_hands()
        t.ev("turn_up", card="9H")
        t.begin(f.get("exchange"))
        if mark_king:
            t.ev("announce_king", by=A)
        if not t.finish(A, f.get("tricks", 3)):
            continue
        due = _due(t, f.get("exchange"))
        if told:
            _marks_due(t, f.get("exchange"), but=A)
            if mark_king and due and due[0] == A:
                t.ev("mark", by=A, points=due[1], **{"for": due[2]})
        elif mark_king:
            t.ev("mark", by=A, points=1, **{"for": "point"})
        points = 1 if mark_king or not due or due[0] != A else due[1]
        late = f.get("marked_when", "late") == "late"
        for i, (to, n) in enumerate(((D, 2), (N, 2), (D, 3), (N, 3))):
            t.ev("deal", to=to, count=n)
        if not late:
            t.ev("mark", by=A, points=points, **{"for": "king" if mark_king else due[2] if due else "point"})
        t.ev("turn_up", card="7S")
        if late:
            t.ev("mark", by=A, points=points, **{"for": "king" if mark_king else due[2] if due else "point"})
        yield t


def _overscore_told(f, D, N, A):
    """An overscore as the person gave the hand: what was marked (`marked`, `mark_for`), and
    what it entitles (`king`, or `tricks` and `exchange`): an overscore, or none."""
    A = A or N
    if f.get("mark_for") == "king":
        king = f.get("king")
        holder = "dealer" if A == D else "non_dealer"
        pack = king_pack({"turned_up": "turn_up", "announced": holder, "unannounced": holder}.get(king))
        t = _turned_up(D, N, pack)
        if king == "announced":
            t.ev("announce_king", by=A)
        if A == D and king == "turned_up":
            t.ev("mark_king", by=D)
        else:
            t.ev("mark", by=A, points=1, **{"for": "king"})
        yield t
        return
    t = _turned_up(D, N)
    t.begin(f.get("exchange"))
    if not _staked(t, f, A):
        return
    if f.get("double", "none") != "none" or f.get("offer", "none") != "none":
        t.ev(EARNED, but=A)   # a variant's score: what the replay says the hand earned
    else:
        _marks_due(t, f.get("exchange"), but=A)
    t.ev("mark", by=A, points=f.get("marked", 1), **({"for": f["mark_for"]} if f.get("mark_for") else {}))
    yield t


def _staked(t: Table, f: dict[str, Any], A: str) -> bool:
    """The hand from the exchange on, as the person gave it for `A` (whose marks are the
    dispute): a double or an offer of the point and its answer (where the variant is on; a
    double declined or an offer accepted ends the hand), then its tricks; False where the tricks
    given cannot follow."""
    O = t.other(A)
    double, offer = f.get("double", "none"), f.get("offer", "none")
    if double in ("his_declined", "declined"):
        by = A if double == "his_declined" else O
        if f.get("exchange") in (None, "no_proposal"):
            t.play()   # the non-dealer's lead without proposing: he is vulnerable
        t.ev("double", by=by)
        t.ev("decline_double", by=t.other(by))
        return True
    if double == "accepted":
        t.ev("double", by=O)
        t.ev("accept_double", by=A)
    if offer != "none":
        by = A if offer.startswith("his_") else O
        t.ev("offer_point", by=by)
        t.ev("accept_offer" if offer.endswith("accepted") else "decline_offer", by=t.other(by))
        if offer.endswith("accepted"):
            return True
    return t.finish(A, f.get("tricks"))


def _overscore(f, D, N, A=None):
    if any(k in f for k in ("marked", "king", "tricks")) and not f.get("forfeited"):
        yield from _overscore_told(f, D, N, A)
        return
    mark_for = f.get("mark_for", "any")
    ways = []
    if mark_for in ("any", None):
        ways.append("points")
    if mark_for in ("any", "king"):
        ways += ["no_king", "unannounced"] + (["forfeited"] if A in (None, D) else [])
    if mark_for in ("any", "point"):
        ways.append("point")
    if mark_for in ("any", "vole"):
        ways.append("vole")
    # the dealer wins the point with this pack: the non-dealer's mark of the point is too much
    dealer_wins = _swapped(("KS", "7S"), ("QS", "8S"), ("JS", "9S"))
    for way in ways:
        if way == "forfeited":
            t = Table(D, N, king_pack("turn_up"))
            t.deal_hands((3, 3, 1, 2))
            t.claim(D, "wrong_count", player=N)
            t.ev("elect", by=N, option="rectify")
            t.deal(N, 1)
            t.turn_up()
            t.ev("mark_king", by=D)
            yield t
            continue
        holder = (A or N) == N
        if way == "unannounced":
            pack = king_pack("non_dealer" if holder else "dealer")
        else:
            pack = dealer_wins if A == N and way in ("point", "vole") else PACK
        t = _turned_up(D, N, pack)
        if way == "no_king":
            if A == N:
                t.ev("mark", by=N, points=1, **{"for": "king"})
            else:
                t.ev("mark_king", by=D)
            yield t
            continue
        t.plays(10)
        if way == "points":
            t.ev("mark", by=A or N, points=3)
        elif way in ("point", "vole"):
            t.ev("mark", by=A or D, points=1 if way == "point" else 2, **{"for": way})
        elif holder:
            t.ev("mark", by=N, points=2, **{"for": "vole"})
            t.ev("mark", by=N, points=1, **{"for": "king"})
        else:
            t.ev("mark", by=D, points=1, **{"for": "king"})
        yield t


TELLINGS: dict[str, Callable[..., Iterator[Table]]] = {   # (facts, dealer, non_dealer[, actor])
    "shuffle_out_of_turn": _in_the_cut(("shuffle", {"by": "D"}), ("shuffle", {"by": "N"}), ("cut", {"by": "N", "top": 14})),
    "improper_shuffle": _improper_shuffle,
    "short_cut": _in_the_cut(("shuffle", {"by": "D"}), ("cut", {"by": "N", "top": 1})),
    "exposed_in_cut": _in_the_cut(("shuffle", {"by": "D"}), ("cut", {"by": "N", "top": 11, "exposed": ["QS"]})),
    "late_new_packs": _new_packs,
    "cut_for_deal_exposed": _cut_for_deal_exposed,
    "cut_for_deal_tie": _cut_for_deal_tie,
    "incorrect_pack": _incorrect_pack,
    "wrong_count": _wrong_count,
    "wrong_order": _dealt(sizes=(2, 2, 3, 3), by_non_dealer_claim="wrong_order"),
    "wrong_pack": _dealt(first={"pack": "N"}, by_non_dealer_claim="wrong_pack"),
    "deal_out_of_turn": _out_of_turn,
    "exposed_card": _exposed_card,
    "faced_card": _faced_card,
    "no_turn_up": _no_turn_up,
    "more_than_one_turned": _more_than_one_turned,
    "late_mark_king": _late_mark_king,
    "retraction": _retraction,
    "discard_looked_at": _after_exchange,
    "took_more_than_discarded": _exchange_counts("took_more_than_discarded", {"non_dealer": (2, 3, 3)}),
    "asked_fewer_than_discarded": _exchange_counts("asked_fewer_than_discarded", {"non_dealer": (3, 2, 2)}),
    "too_many_given": _exchange_counts("too_many_given", {"non_dealer": (2, 3, None), "dealer": (1, 2, None)}),
    "too_few_given": _exchange_counts("too_few_given", {"non_dealer": (2, 1, None), "dealer": (2, 1, None)}),
    "turned_in_error": _turned_in_error(refuse=False),
    "refusal_barred": _turned_in_error(refuse=True),
    "insufficient_stock": _insufficient_stock,
    "dealer_took_no_card": _dealer_took_no_card,
    "double_out_of_time": _double_out_of_time,
    "offer_out_of_time": _offer_out_of_time,
    "double_unanswered": _unanswered(offer=False),
    "offer_unanswered": _unanswered(offer=True),
    "late_king": _late_king,
    "false_king": _false_king,
    "lead_out_of_turn": _lead_out_of_turn,
    "card_taken_back": _card_taken_back,
    "named_suit_not_played": _named_suit,
    "revoke": _revoke("revoke"),
    "failure_to_win": _revoke("failure_to_win"),
    "abandoned": _abandoned,
    "omitted_score": _omitted_score,
    "overscore": _overscore,
}


def _game_point(log: dict[str, Any]) -> None:
    """The place `GAME_POINT` (if first) replaced by the deals before this one, by counts, in
    which its player came to one point short of the game under the log's rules, his adversary
    to none; the place `GAME_WON` by such deals to the game, against a pool's third player (who
    sits out next) or the linked match's adversary, then the next game's `new_game` (its first
    deal his adversary's)."""
    events = log["events"]
    if not events or not {GAME_POINT, GAME_WON} & set(events[0]):
        return
    (place, fields), = events[0].items()
    who, players = fields["by"], log["players"]
    other = next(p for p in players[:2] if p != who)
    game_to = in_force(log.get("rules", DEFAULT), log.get("options"), len(players)).options.game_to
    if place == GAME_WON:
        other = players[2] if len(players) == 3 else other
        before, first = _won(who, other, game_to, next_dealer=other)
        opening = [{"new_game": {"players": [other, who]}}] if len(players) == 3 else []
        log["events"] = opening + before + [{"new_game": {"players": players[:2]}}] + events[1:]
    else:
        before, first = _won(who, other, game_to - 1, next_dealer=log["dealer"])
        log["events"] = before + events[1:]
    log["dealer"] = first or log["dealer"]


def _won(who: str, other: str, points: int, next_dealer: str) -> tuple[list[dict], str | None]:
    """Deals, by counts, in which `who` wins these points from none and `other` none, the deal
    after them `next_dealer`'s; and the first one's dealer (None: no deal). Each wins him two
    (the vole as the non-dealer; as the dealer, the point against a non-dealer who played
    without proposing), the first the rest (one: the point as the non-dealer, or as the dealer
    after an exchange)."""
    n = -(-points // 2)
    dealers = [next_dealer if (n - i) % 2 == 0 else ({who, other} - {next_dealer}).pop() for i in range(n)]
    events: list[dict] = []
    for i, dealer in enumerate(dealers):
        non_dealer = other if dealer == who else who
        one = i == 0 and points % 2 == 1
        for to, k in ((non_dealer, 3), (dealer, 3), (non_dealer, 2), (dealer, 2)):
            events.append({"deal": {"to": to, "count": k}})
        events.append({"turn_up": {"card": "7C"}})
        if one and dealer == who:   # an exchange: the non-dealer is not vulnerable
            events += [{"propose": {"by": non_dealer}}, {"accept": {"by": dealer}}]
            for p in (non_dealer, dealer):
                events += [{"discard": {"by": p, "count": 1}}, {"give": {"to": p, "count": 1}}]
        won = 3 if one or dealer == who else 5
        events.append({"tricks": {who: won, other: 5 - won}})
    return events, dealers[0] if dealers else None


def _earned(log: dict[str, Any]) -> list[dict]:
    """The events, the place `EARNED` (if any) replaced by each player's marks of what the
    replay of the deal so far (unmarked: each entitlement counts when earned) says he earned,
    but the player whose marks are the dispute."""
    events = log["events"]
    at = next((i for i, e in enumerate(events) if EARNED in e), None)
    if at is None:
        return events
    before = adjudicate(validate(dict(log, events=events[:at]), "<resolve>"))
    but = events[at][EARNED]["but"]
    marks = [{"mark": {"by": p, "points": n}} for p, n in before.score.items() if p != but and n > 0]
    return events[:at] + marks + events[at + 1:]


@dataclass
class Built:
    """A log that tells the dispute, its report, and the ruling on the irregularity (None where
    the facts of the hand show there was none)."""

    log: dict[str, Any]
    report: Report
    ruling: Ruling | None


def build(irregularity: str, facts: dict[str, Any], dealer: str, non_dealer: str,
          case: str | None = None, players: list[str] | None = None, actor: str | None = None,
          hand: dict[str, Any] | None = None, header: dict[str, Any] | None = None) -> Built | None:
    """The first telling whose ruling on `irregularity` has every fact given (and is made by
    `case`, when given; and has `actor`, a player, for its offender, when given); None when no
    telling the builder knows says it. With the facts of the hand (`hand`: the tricks, the
    proposal, the king, what was marked, when), the telling is the deal they describe, and it
    may show no irregularity at all: then it is the ending (its `ruling` None). `header`: the
    rules and options it is told under."""
    told = dict(facts, **(hand or {}))
    tellings = (TELLINGS[irregularity](told, dealer, non_dealer, actor) if actor    # who did it, told
                else TELLINGS[irregularity](told, dealer, non_dealer))
    for t in tellings:
        log: dict[str, Any] = {"ecarte": 1, **(header or {}), "players": list(players or (dealer, non_dealer))}
        if t.header_dealer:
            log["dealer"] = dealer
        log["events"] = t.events
        try:
            _game_point(log)
            log["events"] = _earned(log)
            report = adjudicate(validate(log, "<resolve>"))
        except (LogError, ReplayError):
            continue
        for ruling in report.rulings:
            if ruling.irregularity != irregularity or not ruling.claimed:
                continue
            if case is not None and ruling.case != case:
                continue
            if actor is not None and ruling.offender != actor:
                continue
            if all(ruling.facts.get(k) == v for k, v in facts.items()):
                return Built(log, report, ruling)
        if hand and not any(r.irregularity == irregularity for r in report.rulings):
            return Built(log, report, None)
    return None
