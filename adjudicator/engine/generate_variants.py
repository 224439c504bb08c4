"""The generator's variants (RULESETS.md): doubles and offers of the point within a hand, and
pools and linked matches of several games in one log, under any base rule set.

It plays with `generate`'s table (`_Deal`), players' habits and tally (`_Game`), and asks the
rules in force (`generate.RulesOfPlay`, that is `rules`) what a hand, a double declined or an offer
comes to, and `rules` when a double or an offer is in time, who deals next, and who plays, deals
and wins in a pool or a match. `clean` leaves out what the variants rule on (a double or offer
out of time or unanswered): the game is then irregularity-free. The property tests reckon
every game themselves (tests/test_variants.py, tests/test_generate_rules.py).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import generate as gen
from .generate import LogJson
from .rules import DOUBLED, champion, dealer_after, double_in_time, next_game, offer_in_time, vulnerable
from ..lawbook.rulesets import DEFAULT

if TYPE_CHECKING:
    from .ruling import GameRecord

PLAYER_TRIPLES = (("A", "Y", "Z"), ("ann", "bob", "cy"), ("N", "S", "E"))
LINKED_GAMES = 3     # best of three
POOL_GAMES = 9       # a pool that has not found its winner by then stops (the log ends)
DOUBLE_MOMENTS = 5   # before each of the five leads (the first three in time)


@dataclass(frozen=True)
class Variants:
    """The variants a generated log plays under (its header's options)."""

    doubling: bool = False
    offer_point: bool = False
    pool: bool = False
    linked: bool = False

    @classmethod
    def of(cls, options: dict[str, Any]) -> Variants:
        return cls(options.get("doubling") is True, options.get("offer_point") is True,
                   options.get("pool") is True, options.get("match") == "linked")

    @property
    def in_hand(self) -> bool:
        return self.doubling or self.offer_point


class _HandOver(Exception):
    """The hand ended early (a double declined, an offer accepted, the offerer's trick)."""


class _Stakes:
    """One hand's doubles and offer: what is at stake, and who is bound to the vole."""

    def __init__(self, d: gen._Deal, v: Variants, clean: bool = False) -> None:
        self.d, self.v, self.g, self.rng = d, v, d.g, d.g.rng
        self.clean = clean      # nothing out of time or unanswered
        self.times = 1          # 2 once a double is accepted
        self.doubled = False    # a double was made in time (a hand is doubled once)
        self.proposed = self.refused_first = False
        self.offered = False
        self.bound: tuple[str, str] | None = None   # (decliner, offerer) of an offer declined

    def rule(self, irregularity: str) -> None:
        self.g.rulings.append({"irregularity": irregularity, "elected": "mark_refused", "claimed": True})
        self.g.seen[irregularity] += 1

    def vulnerable(self, player: str, played: bool) -> bool:
        """The non-dealer who played a card without proposing; the dealer who refused the first."""
        return vulnerable(player == self.d.nd, proposals=int(self.proposed), has_played=played,
                          first_refused=self.refused_first)

    def _asked(self, event: str, kind: str, late: bool) -> tuple[str, str] | None:
        """A double or an offer (`event`, its answers `accept_KIND`, `decline_KIND`) by either
        player: (who made it, who answers) when it is in time and answered, the answer the
        caller's; else None. Out of time it is ruled (in a clean game it is taken back), and now
        and then answered all the same; in time, now and then nobody answers it (ruled)."""
        by = self.rng.choice((self.d.nd, self.d.dealer))
        other = self.g.other(by)
        self.g.emit(event, by=by)
        if late:
            if self.clean:
                self.g.events.pop()
                return None
            self.rule(f"{kind}_out_of_time")
            if self.rng.random() < 0.3:
                self.g.emit(self.rng.choice((f"accept_{kind}", f"decline_{kind}")), by=other)
            return None
        if self.rng.random() < 0.08 and not self.clean:   # nobody answers: it does not count (ruled at the next event)
            self.rule(f"{kind}_unanswered")
            return None
        return by, other

    def maybe_double(self, trick: int, played: bool) -> None:
        """Before the lead of trick `trick` (0-4): now and then a double, answered at once.
        From the third trick on, or after one in time, it is out of time (ruled, no answer
        needed; now and then one is given, which the adjudicator ignores). Now and then one in
        time goes unanswered: it does not count (ruled)."""
        if not self.v.doubling or self.rng.random() > 0.12:
            return
        asked = self._asked("double", "double", self.doubled or not double_in_time(trick))
        if asked is None:
            return
        by, other = asked
        self.doubled = True
        if self.rng.random() < 0.6:
            self.g.emit("accept_double", by=other)
            self.times = DOUBLED
            self.g.seen["double_accepted"] += 1
            return
        self.g.emit("decline_double", by=other)
        self.g.seen["double_declined"] += 1
        basis = "double_declined_vulnerable" if self.vulnerable(other, played) else "double_declined"
        self.g.add(by, self.g.play.stake(basis))
        raise _HandOver

    def maybe_offer(self, tricks_led: int) -> None:
        """Before the first card (or after it: out of time): now and then an offer of the point,
        answered at once."""
        late = not offer_in_time(tricks_led)
        if not self.v.offer_point or self.rng.random() > (0.1 if late else 0.25):
            return
        asked = self._asked("offer_point", "offer", late or self.offered)
        if asked is None:
            return
        by, other = asked
        self.offered = True
        if self.rng.random() < 0.5:
            self.g.emit("accept_offer", by=other)
            self.g.seen["offer_accepted"] += 1
            vulnerable = by == self.d.dealer and self.vulnerable(by, played=True)
            self.g.add(other, self.g.play.stake("offer_accepted_vulnerable" if vulnerable else "offer_accepted"))
            raise _HandOver
        self.g.emit("decline_offer", by=other)
        self.g.seen["offer_declined"] += 1
        self.bound = (other, by)


def _play_hand(d: gen._Deal, s: _Stakes) -> dict[str, int]:
    """Five tricks with the doubles and the offer's binding: the tricks won, or `_HandOver`."""
    won = {d.nd: 0, d.dealer: 0}
    leader = d.nd
    for trick in range(5):
        s.maybe_double(trick, played=trick > 0)
        led = gen._play_card(d, leader, None)
        if trick == 0:
            s.maybe_offer(tricks_led=1)
        second = d.g.other(leader)
        if d.g.play.beats(gen._play_card(d, second, led), led, d.trump):
            leader = second
        won[leader] += 1
        if s.bound is not None and leader == s.bound[1]:
            d.g.seen["offer_lost"] += 1
            d.g.add(leader, d.g.play.stake("offer_lost"))
            _ignored_plays(d, leader, trick)
            raise _HandOver
    return won


def _ignored_plays(d: gen._Deal, leader: str, trick: int) -> None:
    """Now and then the log goes on with the hand the offerer's trick ended: plays the adjudicator
    ignores (and reports)."""
    if d.g.rng.random() < 0.5:
        return
    for _ in range(trick + 1, 5):
        led = gen._play_card(d, leader, None)
        second = d.g.other(leader)
        if d.g.play.beats(gen._play_card(d, second, led), led, d.trump):
            leader = second
        d.g.seen["ignored_play"] += 1


def play_deal(g: gen._Game, dealer: str, v: Variants, clean: bool = False) -> None:
    """One whole deal with the hand's variants (it may end the game part-way)."""
    d = gen.dealt(g, dealer)
    if d is None:   # a wrong number found after the hand, which stood: the hand is over
        return
    s = _Stakes(d, v, clean)
    try:
        s.maybe_double(0, played=False)         # after the turn-up, before the exchange
        s.proposed, s.refused_first = gen._exchange(d)
        assert all(len(h) == 5 for h in d.hands.values())
        s.maybe_offer(tricks_led=0)
        won = _play_hand(d, s)
    except _HandOver:
        return
    winner, points = gen.hand_points(d, won, s.proposed, s.refused_first)
    g.add(winner, points * s.times)


def _one_game(rng: random.Random, pair: tuple[str, str], dealer: str | None, v: Variants,
              game_to: int, irregular: float, events: list[LogJson], play: gen.RulesOfPlay | None = None,
              clean: bool = False) -> gen._Game:
    """A game between `pair` written to `events`, to its end; `dealer` None: they cut for it."""
    g = gen._Game(rng, pair, game_to, irregular, play)
    g.events = events
    while dealer is None:   # the cut for deal, recorded
        dealer = gen._first_dealer(g)
    try:
        while True:
            play_deal(g, dealer, v, clean) if v.in_hand else gen._play_deal(g, dealer)
            dealer = dealer_after(dealer, g.other(dealer), dealer)
    except gen._GameOver:
        pass
    return g


def _header(play: gen.RulesOfPlay, ids: tuple[str, ...]) -> LogJson:
    header = play.header()
    return {"ecarte": 1, **({"rules": header["rules"]} if "rules" in header else {}), "players": list(ids),
            "options": header.get("options", {})}


def single_game(rng: random.Random, options: dict[str, Any], *, game_to: int | None = None, irregular: float = 0.0,
                players: tuple[str, str] | None = None, rules: str = DEFAULT,
                clean: bool = False) -> tuple[LogJson, gen.Expected]:
    """One game with doubles or offers (options: `doubling` or `offer_point` true)."""
    v = Variants.of(options)
    play = gen.RulesOfPlay.of(rules, options)
    game_to = play.options.game_to if game_to is None else game_to
    pair = players or rng.choice(gen.PLAYER_PAIRS)
    log = _header(play, pair)
    events: list[LogJson] = []
    dealer = rng.choice(pair) if rng.random() < 0.5 else None
    if dealer is not None:
        log["dealer"] = dealer
    g = _one_game(rng, pair, dealer, v, game_to, irregular, events, play, clean)
    log["events"] = events
    winner = max(g.score, key=g.score.__getitem__)
    value = play.value(g.score[g.other(winner)])
    return log, gen.Expected(dict(g.score), winner, value, g.deals, tuple(g.rulings), g.seen)


@dataclass(frozen=True)
class Played:
    """One game of a pool or a match: who played it, the score, the winner (RULESETS.md `games`)."""

    players: tuple[str, str]
    score: dict[str, int]
    winner: str

    def as_json(self) -> GameRecord:
        return {"players": list(self.players), "score": self.score, "winner": self.winner, "value": 1}


def match(rng: random.Random, options: dict[str, Any], *, game_to: int | None = None, irregular: float = 0.0,
          rules: str = DEFAULT, clean: bool = False) -> tuple[LogJson, gen.Expected, tuple[Played, ...]]:
    """A pool (three players; the loser sits out; two games running win) or a linked match (best
    of three; the loser deals first), each game after the first begun by `new_game`."""
    v = Variants.of(options)
    assert v.pool != v.linked, "a log is a pool or a linked match"
    play = gen.RulesOfPlay.of(rules, options, 3 if v.pool else 2)
    game_to = play.options.game_to if game_to is None else game_to
    ids = rng.choice(PLAYER_TRIPLES) if v.pool else rng.choice(gen.PLAYER_PAIRS)
    log = _header(play, ids)
    events: list[LogJson] = []
    pair = (ids[0], ids[1])
    dealer: str | None = None
    if v.pool and rng.random() < 0.3:   # a pool may open with new_game
        a, b = rng.sample(ids, 2)
        pair = (a, b)
        dealer = rng.choice(pair)
        events.append({"new_game": {"players": list(pair), "dealer": dealer}})
    elif rng.random() < 0.5:
        dealer = log["dealer"] = rng.choice(pair)
    played: list[Played] = []
    rulings: list[gen.GeneratedRuling] = []
    seen: Counter[str] = Counter()
    deals = 0
    while True:
        g = _one_game(rng, pair, dealer, v, game_to, irregular, events, play, clean)
        deals += g.deals
        rulings += g.rulings
        seen += g.seen
        winner = max(g.score, key=g.score.__getitem__)
        played.append(Played(pair, dict(g.score), winner))
        won_by = champion([p.winner for p in played], pool=v.pool)
        if won_by is not None or v.pool and len(played) == POOL_GAMES:
            break
        _, dealer = next_game(ids, pair, winner, pool=v.pool)   # in a pool, the player who sat out comes in
        a, b = rng.sample((winner, dealer) if v.pool else pair, 2)
        pair = (a, b)
        new_game: LogJson = {"players": list(pair)}
        if rng.random() < 0.3:
            dealer = new_game["dealer"] = rng.choice(pair)
        elif rng.random() < 0.15:
            dealer = None   # a cut for deal follows new_game
        events.append({"new_game": new_game})
        seen["new_game"] += 1
    log["events"] = events
    last = played[-1]
    expected = gen.Expected(dict(last.score), won_by, 1 if won_by else None, deals, tuple(rulings), seen,
                            tuple(p.as_json() for p in played))
    return log, expected, tuple(played)


def variant_game(rng: random.Random, options: dict[str, Any], *, game_to: int | None = None, irregular: float = 0.0,
                 rules: str = DEFAULT, clean: bool = False) -> tuple[LogJson, gen.Expected, tuple[Played, ...]]:
    """A log under these variants and the base `rules`: a pool, a linked match, or one game with
    doubles or offers (`games` empty then). `game_to` None: the options' target."""
    v = Variants.of(options)
    if v.pool or v.linked:
        return match(rng, options, game_to=game_to, irregular=irregular, rules=rules, clean=clean)
    log, expected = single_game(rng, options, game_to=game_to, irregular=irregular, rules=rules, clean=clean)
    return log, expected, ()
