"""A second generator of clean Écarté games, written apart from the project's (adjudicator/
engine/generate.py) and sharing none of its code, so that the benchmark also runs on logs the
project did not write: another tool's habits.

Its habits: the dealer marks a king turned up at once, later in the deal, after the hand, or
never (the log is unmarked: it counts anyway); a king at game point ends the game, the mark
sometimes written after it; the king held is announced as soon as the hand is seen, before
the first card, or after being led or played first (law 24); the game is won by the king at
game point as often as the cards give it; cards are written in one of the notations the
format accepts (`10H`, `TH`, `th`, `K♥`); some games are treble/double/single, some to 3 or 7.

    python benchmarks/other_games.py N [--seed S] > archive.jsonl
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator

RANKS = "K Q J A 10 9 8 7".split()   # high to low within a suit
SUITS = "SHDC"
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
NAMES = (("North", "South"), ("Ann", "Bob"), ("east", "west"), ("Lady Y", "Mr X"), ("P", "Q"))


def _power(card: tuple[str, str]) -> int:
    return len(RANKS) - RANKS.index(card[0])


class _Won(Exception):
    pass


class _Game:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.players = list(rng.choice(NAMES))
        rng.shuffle(self.players)
        self.target = rng.choice((5,) * 8 + (3, 7))
        self.value = "treble_double_single" if rng.random() < 0.2 else "single"
        self.notation = rng.choice(("plain",) * 5 + ("T", "lower", "symbol"))
        self.orders = {p: rng.choice(((3, 2), (2, 3))) for p in self.players}   # each dealer's habit (law 8)
        self.score = dict.fromkeys(self.players, 0)
        self.events: list[dict] = []

    def write(self, card: tuple[str, str]) -> str:
        rank, suit = card
        if self.notation == "T" and rank == "10":
            rank = "T"
        if self.notation == "symbol":
            return rank + SYMBOL[suit]
        text = rank + suit
        return text.lower() if self.notation == "lower" else text

    def emit(self, name: str, **fields: object) -> None:
        self.events.append({name: fields})

    def other(self, p: str) -> str:
        return self.players[0] if p == self.players[1] else self.players[1]

    def gain(self, p: str, points: int) -> None:
        self.score[p] += points
        if self.score[p] >= self.target:
            raise _Won


def _cut_for_deal(g: _Game) -> str | None:
    """The cut for deal (ties cut again), or None: the header names the first dealer."""
    if g.rng.random() < 0.3:
        return None
    while True:
        a, b = g.rng.sample([(r, s) for s in SUITS for r in RANKS], 2)
        g.emit("cut_for_deal", by=g.players[0], card=g.write(a))
        g.emit("cut_for_deal", by=g.players[1], card=g.write(b))
        if _power(a) != _power(b):
            return g.players[0] if _power(a) > _power(b) else g.players[1]


def _deal(g: _Game, dealer: str) -> None:
    rng = g.rng
    elder = g.other(dealer)
    pack = [(r, s) for s in SUITS for r in RANKS]
    rng.shuffle(pack)
    if rng.random() < 0.5:
        if rng.random() < 0.3:
            g.emit("shuffle", by=elder)
        g.emit("shuffle", by=dealer)
        g.emit("cut", by=elder, top=rng.randint(2, 30))
    hands: dict[str, list] = {elder: [], dealer: []}
    for size in g.orders[dealer]:
        for p in (elder, dealer):
            cards, pack[:size] = pack[:size], []
            hands[p] += cards
            g.emit("deal", to=p, cards=[g.write(c) for c in cards])
    turned = pack.pop(0)
    trump = turned[1]
    g.emit("turn_up", card=g.write(turned))
    king = ("K", trump)
    mark_at = None
    if turned[0] == "K":
        mark_at = rng.choice(("now", "now", "now", "looks", "play", "end", "never"))
        try:
            g.gain(dealer, 1)
        except _Won:
            if rng.random() < 0.5:
                g.emit("mark_king", by=dealer)
            raise
        if mark_at == "now":
            g.emit("mark_king", by=dealer)
    announced: set[str] = set()

    def announce(p: str) -> None:
        announced.add(p)
        g.emit("announce_king", by=p)
        g.gain(p, 1)

    for p in (elder, dealer):
        if rng.random() < 0.7:
            g.emit("look", by=p)
            if king in hands[p] and rng.random() < 0.3:
                announce(p)
    if mark_at == "looks":
        g.emit("mark_king", by=dealer)
    proposed, first_refused = _exchange(g, dealer, elder, hands, pack, trump)
    won = dict.fromkeys(g.players, 0)
    leader = elder
    played: set[str] = set()
    for trick in range(5):
        follower = g.other(leader)
        lead = _lead(g, hands, leader, trump)
        law24 = rng.random() < 0.3
        if leader not in played and king in hands[leader] and leader not in announced and not (lead == king and law24):
            if rng.random() < 0.9:
                announce(leader)
        hands[leader].remove(lead)
        g.emit("play", by=leader, card=g.write(lead))
        if trick == 0 and lead == king and leader not in announced and law24:
            announce(leader)   # law 24: the king led may be announced before it is played to
        reply = _reply(g, hands[follower], lead, trump)
        law24 = rng.random() < 0.3
        if follower not in played and king in hands[follower] and follower not in announced and not (reply == king and law24):
            if rng.random() < 0.9:
                announce(follower)
        hands[follower].remove(reply)
        g.emit("play", by=follower, card=g.write(reply))
        if follower == dealer and follower not in played and reply == king and follower not in announced and law24:
            announce(follower)   # law 24: the dealer's first card, before he plays again
        played |= {leader, follower}
        if trick == 0 and mark_at == "play":
            g.emit("mark_king", by=dealer)
        wins = reply[1] == lead[1] and _power(reply) > _power(lead) or reply[1] != lead[1] and reply[1] == trump
        leader = follower if wins else leader
        won[leader] += 1
    best = max(won, key=won.__getitem__)
    if won[best] == 5:
        points = 2
    elif best == dealer:
        points = 2 if not proposed else 1
    else:
        points = 2 if first_refused else 1
    if mark_at == "end":
        g.emit("mark_king", by=dealer)
    g.gain(best, points)


def _weak(hand: list, trump: str) -> list:
    """The cards a player would throw out: no trump, no king, nothing above the knave."""
    return [c for c in hand if c[1] != trump and c[0] not in ("K", "Q")]


def _exchange(g: _Game, dealer: str, elder: str, hands: dict, stock: list, trump: str) -> tuple[bool, bool]:
    rng = g.rng
    proposed = first_refused = False
    answered = False
    while stock:
        out = _weak(hands[elder], trump)
        if not out or rng.random() < 0.3 or len(out) > len(stock):
            break
        g.emit("propose", by=elder)
        proposed = True
        mine = _weak(hands[dealer], trump)[: max(0, len(stock) - len(out))]
        if rng.random() < 0.25 or (mine == [] and rng.random() < 0.5):
            g.emit("refuse", by=dealer)
            first_refused = first_refused or not answered
            answered = True
            break
        g.emit("accept", by=dealer)
        answered = True
        for c in out:
            hands[elder].remove(c)
        g.emit("discard", by=elder, cards=[g.write(c) for c in out])
        if rng.random() < 0.4:
            g.emit("ask", by=elder, count=len(out))
        given, stock[: len(out)] = stock[: len(out)], []
        hands[elder] += given
        g.emit("give", to=elder, cards=[g.write(c) for c in given])
        if mine and len(stock) >= len(mine):
            for c in mine:
                hands[dealer].remove(c)
            g.emit("discard", by=dealer, cards=[g.write(c) for c in mine])
            taken, stock[: len(mine)] = stock[: len(mine)], []
            hands[dealer] += taken
            g.emit("give", to=dealer, cards=[g.write(c) for c in taken])
        if rng.random() < 0.5:
            g.emit("look", by=elder)
    return proposed, first_refused


def _lead(g: _Game, hands: dict, player: str, trump: str) -> tuple[str, str]:
    hand = hands[player]
    return g.rng.choice(hand) if g.rng.random() < 0.5 else max(hand, key=lambda c: (c[1] == trump, _power(c)))


def _reply(g: _Game, hand: list, lead: tuple[str, str], trump: str) -> tuple[str, str]:
    """Follow suit, win when able, trump when void (law 43)."""
    same = [c for c in hand if c[1] == lead[1]]
    if same:
        better = [c for c in same if _power(c) > _power(lead)]
        options = better or same
    else:
        options = [c for c in hand if c[1] == trump] or hand
    return g.rng.choice(options)


def game(rng: random.Random) -> dict:
    """One clean game to its target, as a log."""
    g = _Game(rng)
    log: dict = {"ecarte": 1, "players": g.players}
    first = _cut_for_deal(g)
    if first is None:
        first = log["dealer"] = rng.choice(g.players)
    options = {}
    if g.target != 5:
        options["game_to"] = g.target
    if g.value != "single":
        options["game_value"] = g.value
    if options:
        log["options"] = options
    dealer = first
    try:
        while True:
            _deal(g, dealer)
            dealer = g.other(dealer)
    except _Won:
        pass
    log["events"] = g.events
    return log


def games(n: int, seed: int) -> Iterator[str]:
    """n games as JSON Lines."""
    rng = random.Random(seed)
    for _ in range(n):
        yield json.dumps(game(rng), ensure_ascii=False)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for line in games(args.n, args.seed):
        sys.stdout.write(line + "\n")


if __name__ == "__main__":
    main()
