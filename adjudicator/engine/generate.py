"""Random legal Écarté games as logs (LOG_FORMAT.md, version 1), under any rule set and options
(RULESETS.md): irregularity-free, or with irregular deals (`irregular`): dealt with a wrong
number and claimed after the turn-up, or found after the hand was played (laws 20, 21); a king
announced by a player who does not hold it, shown by a `holds`. Irregular games record some
deals by counts, as a table does: a wrong number is then known only by the claim's `count`, a
false king only by the `holds`.

The generator knows the players' habits (what they keep, ask for, lead) and the table (where
every card is); every rule of play it obeys is asked of `rules`, the replay's own (`RulesOfPlay`): the
ranking in force, who deals after the cut, the second player's duty, who wins a trick, law 24's
grace, the dealer's duty to exchange, what a hand and a game score. Its `Expected` is therefore
no independent check of the scoring: the property tests reckon each game themselves from
RULESETS.md and the laws (tests/test_generate_rules.py, tests/test_generate.py).

    python -m adjudicator.generate 100 --seed 7 --expect [--irregular 0.3] [--rules french] > games.jsonl
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from . import rules
from .rules import dealer_after
from .scoring import game_value as _game_value
from ..lawbook.rulesets import DEFAULT, in_force
from ..lawbook.scoring import scoring as _scoring
from ..record.cards import PACK as _CARDS, Card
from ..record.options import Options

if TYPE_CHECKING:
    from .ruling import GameRecord
    from ..lawbook.laws import Scoring

RANKS = ("K", "Q", "J", "A", "10", "9", "8", "7")  # the London order, high to low (law 5)
SUITS = ("S", "H", "D", "C")
PACK = tuple(rank + suit for suit in SUITS for rank in RANKS)
PACK_SET = frozenset(PACK)
PLAYER_PAIRS = (("A", "Y"), ("ann", "bob"), ("N", "S"), ("E", "W"), ("p1", "p2"))
VALUES = ("single", "treble_double_single")
CARD: dict[str, Card] = {c.text: c for c in _CARDS}
VARIANTS = ("doubling", "offer_point", "pool", "match")
"""The options a log of several games, or of hands with stakes, needs `generate_variants` for."""
LogJson = dict[str, Any]
"""A log as JSON (LOG_FORMAT.md), or its header, or one of its events."""


class GeneratedRuling(TypedDict):
    """A ruling the game must come to, in a scenario's `expect` keys."""

    irregularity: str
    elected: NotRequired[str]
    claimed: bool


@dataclass(frozen=True)
class RulesOfPlay:
    """The rules a generated game is played under: the rule set's name, the header's own options,
    every option resolved (`lawbook.rulesets.in_force`), and each rule of play asked of `rules`."""

    name: str
    given: dict[str, Any]
    options: Options
    power: dict[Card, int]
    scoring: Scoring

    @classmethod
    def of(cls, name: str = DEFAULT, given: dict[str, Any] | None = None, players: int = 2) -> RulesOfPlay:
        """The rules `name` with the options `given` (ValueError, in words, when they are wrong)."""
        opts = in_force(name, dict(given) if given else None, players).options
        return cls(name, dict(given or {}), opts, rules.ranking(opts), _scoring())

    def header(self) -> LogJson:
        """What the log's header says of its rules: `rules` (unless the default) and `options`."""
        out: LogJson = {"rules": self.name} if self.name != DEFAULT else {}
        if self.given:
            out["options"] = dict(self.given)
        return out

    def strength(self, card: str) -> int:
        """The card's rank within its suit in the order in force (higher is better)."""
        return self.power[CARD[card]]

    def legal(self, hand: list[str], led: str, trump: str) -> list[str]:
        return [c.text for c in rules.legal_replies([CARD[c] for c in hand], CARD[led], trump, self.power)]

    def beats(self, card: str, led: str, trump: str) -> bool:
        return rules.beats(CARD[card], CARD[led], trump, self.power)

    def cut(self, a: str, b: str) -> int | None:
        """Who deals after a cut of `a` (the first to cut) and `b`: 0, 1, or None (cut again)."""
        return rules.cut_winner(CARD[a], CARD[b], self.options)

    @property
    def grace(self) -> bool:
        """Law 24's grace for a king that is its holder's first card (king_after_first_card)."""
        return self.options.king_after_first_card == "law24"

    def dealer_must_take(self, stock: int) -> bool:
        return rules.dealer_must_take(self.options, stock)

    def hand(self, won: dict[str, int], dealer: str, non_dealer: str, proposed: bool,
             refused_first: bool) -> tuple[str, int]:
        """(who wins the hand, what it scores), laws 48-49 and the refusal point on the vole."""
        got = rules.hand_score(won, dealer, non_dealer, no_proposal=not proposed, first_refused=refused_first,
                               scoring=self.scoring, refusal_on_vole=self.options.refusal_point_on_vole)
        assert got is not None, won
        return got[0], got[1]

    def value(self, loser_score: int) -> int:
        return _game_value(loser_score, self.options.game_value, self.scoring)

    def stake(self, basis: str) -> int:
        """What a hand ended early by a double or an offer scores (`rules.stake_points`)."""
        return rules.stake_points(basis, self.scoring)




@dataclass(frozen=True)
class Expected:
    """What the game must come to when replayed (score as the laws entitle, not as marked)."""

    score: dict[str, int]
    winner: str | None
    game_value: int | None
    deals: int
    rulings: tuple[GeneratedRuling, ...] = ()   # each: irregularity, elected, claimed (scenario `expect` keys)
    seen: Counter[str] = field(default_factory=Counter, compare=False)   # what happened, for variety
    games: tuple[GameRecord, ...] = ()   # a pool's or linked match's games (RULESETS.md `games`)


class _GameOver(Exception):
    """A player reached the target: the log ends at the event that scored it."""


def suit(card: str) -> str:
    """The suit letter of a card."""
    return card[-1]


def strength(card: str) -> int:
    """The card's rank within its suit in the London order: K 8 down to 7 1."""
    return rules.LONDON[CARD[card]]


def legal_cards(hand: list[str], led: str, trump: str) -> list[str]:
    """The cards the second player may play to `led` under the London order (`rules.legal_replies`)."""
    return [c.text for c in rules.legal_replies([CARD[c] for c in hand], CARD[led], trump)]


def beats(card: str, led: str, trump: str) -> bool:
    """Whether the second card played takes the trick, the London order (`rules.beats`)."""
    return rules.beats(CARD[card], CARD[led], trump)


class _Game:
    """The running game: event list, score, dealers' packet orders."""

    def __init__(self, rng: random.Random, players: tuple[str, str], game_to: int,
                 irregular: float = 0.0, play: RulesOfPlay | None = None) -> None:
        self.rng = rng
        self.play = play if play is not None else RulesOfPlay.of()
        self.irregular = irregular
        self.rulings: list[GeneratedRuling] = []
        self.seen: Counter[str] = Counter()
        self.players = players
        self.game_to = game_to
        self.events: list[LogJson] = []
        self.score = {p: 0 for p in players}
        self.winner: str | None = None
        self.by_counts = False   # some deals recorded by counts (`random_game`'s irregular games)
        self.packets: dict[str, tuple[int, int]] = {}
        self.deals = 0

    def emit(self, name: str, **fields: object) -> None:
        """Append one event `{name: {fields}}`."""
        self.events.append({name: fields})

    def other(self, player: str) -> str:
        """The adversary."""
        return self.players[1] if player == self.players[0] else self.players[0]

    def add(self, player: str, points: int, deal: "_Deal | None" = None) -> None:
        """Score an entitlement when earned (the log is unmarked); end the game at the target.
        A deal whose wrong number will be found after its hand (`_Deal.held`) keeps its points
        until then: the finding may strike them."""
        if deal is not None and deal.held is not None:
            deal.held.append((player, points))
            return
        self.score[player] += points
        if self.score[player] >= self.game_to:
            self.winner = player
            raise _GameOver


class _Deal:
    """Where every card of one deal is, and who has looked."""

    def __init__(self, game: _Game, dealer: str) -> None:
        self.g = game
        self.dealer = dealer
        self.nd = game.other(dealer)
        self.stock = list(PACK)  # the pack until dealt, then the stock
        self.hands: dict[str, list[str]] = {dealer: [], self.nd: []}
        self.turn_up = ""   # the card turned up ("" before the turn-up)
        self.trump = ""
        self.discards: list[str] = []
        self.played: list[str] = []
        self.records_looks = {p: game.rng.random() < 0.9 for p in game.players}
        self.looked: set[str] = set()
        self.mark_king = "never"   # when the dealer marks a king turned up
        # recorded by counts, as a table does: an irregular game's deals, now and then
        self.by_count = game.by_counts and game.rng.random() < 0.5
        self.believed: dict[str, int] = {}   # what a hand dealt wrong was recorded as holding
        self.held: list[tuple[str, int]] | None = None   # points kept until the hand's finding
        self.false_king = False   # a king was announced in this deal by one who does not hold it

    def check(self) -> None:
        """Every one of the 32 cards is in exactly one place."""
        cards = [*self.stock, *self.discards, *self.played, *self.hands[self.dealer]]
        cards += self.hands[self.nd]
        if self.turn_up:
            cards.append(self.turn_up)
        assert len(cards) == 32 and set(cards) == PACK_SET, cards

    def look(self, player: str, again: bool = False) -> None:
        """Record a look by `player` if he records looks (once, unless `again`)."""
        if self.records_looks[player] and (again or player not in self.looked):
            self.looked.add(player)
            self.g.emit("look", by=player)

    def take(self, player: str, n: int, event: str, recorded: int | None = None) -> None:
        """Move n cards from the top of the pack/stock to a hand, as a deal or give event (by
        count, `recorded` of them, in a deal recorded by counts)."""
        cards, self.stock[:n] = self.stock[:n], []
        self.hands[player] += cards
        if self.by_count:
            self.g.emit(event, to=player, count=n if recorded is None else recorded)
        else:
            self.g.emit(event, to=player, cards=cards)
        self.check()

    def discard(self, player: str, cards: list[str]) -> None:
        """Lay out a discard."""
        for card in cards:
            self.hands[player].remove(card)
        self.discards += cards
        if self.by_count:
            self.g.emit("discard", by=player, count=len(cards))
        else:
            self.g.emit("discard", by=player, cards=cards)
        self.check()


def _keep_value(d: _Deal, card: str) -> int:
    """How much a hand wants to keep a card: trumps, then kings, then by rank in the order in force."""
    power = d.g.play.strength(card)
    if suit(card) == d.trump:
        return 20 + power
    return 10 if card[0] == "K" else power


def _weakest(d: _Deal, player: str, n: int) -> list[str]:
    """The n cards the player would rather throw out (ties broken at random)."""
    rng = d.g.rng
    hand = sorted(d.hands[player], key=lambda c: (_keep_value(d, c), rng.random()))
    return hand[:n]


def _weak_count(d: _Deal, player: str) -> int:
    """How many cards a player would change: mostly his low plain cards, now and then any."""
    rng = d.g.rng
    if rng.random() < 0.2:
        return rng.randint(0, 5)
    weak = sum(_keep_value(d, c) < 7 for c in d.hands[player])
    return max(0, weak - rng.randint(0, 1))


def _first_dealer(g: _Game) -> str | None:
    """Cut for deal (recorded) or None for a header `dealer` chosen by the caller."""
    if g.rng.random() < 0.5:
        return None
    order = g.rng.sample(g.players, 2)
    while True:
        cards = g.rng.sample(PACK, 2)
        for player, card in zip(order, cards):
            g.emit("cut_for_deal", by=player, card=card)
        first = g.play.cut(*cards)
        if first is not None:
            return order[first]


def _distribute(d: _Deal, wrong: tuple[str, int] | None = None, late: bool = False) -> bool:
    """Shuffle, perhaps record shuffle and cut, deal by the dealer's packets, turn up. `wrong`:
    (player, +1 or -1), a card too many or too few in his second packet, claimed after the
    turn-up (`_wrong_number`), or, `late`, found after the hand (`_found_after_the_hand`). In a
    deal recorded by counts the packet is recorded as the right number. False when the deal is
    dealt afresh."""
    g, rng = d.g, d.g.rng
    rng.shuffle(d.stock)
    if rng.random() < 0.3:
        if rng.random() < 0.3:
            g.emit("shuffle", by=d.nd)
        g.emit("shuffle", by=d.dealer)
    if rng.random() < 0.4:
        top = rng.randint(2, 30)
        d.stock = d.stock[top:] + d.stock[:top]
        g.emit("cut", by=d.nd, top=top)
    packets = g.packets.setdefault(d.dealer, rng.choice(((3, 2), (2, 3))))
    for i, size in enumerate(packets):
        for player in (d.nd, d.dealer):
            extra = wrong[1] if wrong is not None and i == 1 and player == wrong[0] else 0
            d.take(player, size + extra, "deal", recorded=size)
    if wrong is not None and rng.random() < 0.5:   # a king on top: the king at stake (law 19)
        kings = [i for i, c in enumerate(d.stock) if c[0] == "K"]
        if kings:
            k = rng.choice(kings)
            d.stock[0], d.stock[k] = d.stock[k], d.stock[0]
    d.turn_up = d.stock.pop(0)
    d.trump = suit(d.turn_up)
    g.emit("turn_up", card=d.turn_up)
    d.check()
    if wrong is not None and late:
        d.held = []
        if d.turn_up[0] == "K":
            g.seen["king_until_the_finding"] += 1
            g.add(d.dealer, 1, d)
    elif wrong is not None:
        if not _wrong_number(d, *wrong):
            return False
    elif d.turn_up[0] == "K":
        # the dealer marks it at once, after the looks, when the hand is over, or never (the
        # log is unmarked: it counts anyway); at game point his mark follows the game's end
        d.mark_king = rng.choice(("now", "now", "looks", "end", "never"))
        try:
            g.add(d.dealer, 1)
        except _GameOver:
            if d.mark_king != "never":
                g.emit("mark_king", by=d.dealer)
            raise
        if d.mark_king == "now":
            g.emit("mark_king", by=d.dealer)
    for player in (d.nd, d.dealer):
        if rng.random() < 0.3:
            d.look(player)
    if d.mark_king == "looks":
        g.emit("mark_king", by=d.dealer)
    return True


# what the holder's adversary may elect to keep a deal dealt with a wrong number, claimed after
# the turn-up and before the holder speaks or plays: (non-dealer?, too many?) -> option
KEEP = {(True, True): "discard_superfluous", (True, False): "complete_from_stock",
        (False, True): "draw_superfluous", (False, False): "complete_from_stock"}


def _wrong_number(d: _Deal, holder: str, extra: int) -> bool:
    """The non-dealer claims the wrong number after the turn-up: a fresh deal (False), or the
    deal kept and the hand put right, and the dealer cannot mark a king turned up (law 19). A
    king that would end the game may instead go unclaimed: then it counts, and the game ends."""
    g, rng = d.g, d.g.rng
    king = d.turn_up[0] == "K"
    at_game = king and g.score[d.dealer] + 1 >= g.game_to
    g.seen["king_at_game_point" if at_game else "king_at_stake" if king else "wrong_number"] += 1
    if at_game and rng.random() < 0.3:
        if not d.by_count:   # counts that say five prove nothing: no ruling then
            g.rulings.append({"irregularity": "wrong_count", "claimed": False})
        g.seen["unclaimed"] += 1
        g.add(d.dealer, 1)
    if d.by_count:   # the log believed five: the claim's count is the truth discovered
        g.seen["by_count_at_game_point" if at_game else "by_count"] += 1
        g.emit("claim", by=d.nd, irregularity="wrong_count", player=holder,
               count=len(d.hands[holder]))
    else:
        g.emit("claim", by=d.nd, irregularity="wrong_count", player=holder)
    if rng.random() < 0.4:
        g.emit("elect", by=d.nd, option="fresh_deal")
        g.rulings.append({"irregularity": "wrong_count", "elected": "fresh_deal", "claimed": True})
        return False
    option = KEEP[(holder == d.nd, extra > 0)]
    g.rulings.append({"irregularity": "wrong_count", "elected": option, "claimed": True})
    if option == "draw_superfluous":
        card = rng.choice(d.hands[holder])
        if d.by_count:
            g.emit("elect", by=d.nd, option=option)
        else:
            g.emit("elect", by=d.nd, option=option, card=card)
        d.hands[holder].remove(card)
        d.discards.append(card)   # thrown aside
    elif option == "discard_superfluous":
        g.emit("elect", by=d.nd, option=option)
        d.discard(holder, _weakest(d, holder, 1))
    else:
        g.emit("elect", by=d.nd, option=option)
        d.take(holder, 1, "give")
    d.check()
    return True


def _asks_for(d: _Deal, first: bool) -> int:
    """How many cards the non-dealer asks for if he proposes now; 0: he plays."""
    rng = d.g.rng
    n = min(_weak_count(d, d.nd), len(d.stock))
    if first:
        wants = rng.random() < (0.8 if n else 0.2)
        return max(1, n) if wants and d.stock else 0
    return n if rng.random() < 0.5 else 0


def _dealer_gives_himself(d: _Deal, n: int) -> int | None:
    """The dealer's answer: None to refuse, else how many he will take (stock permitting; one at
    least where he must exchange and the stock still holds a card)."""
    rng = d.g.rng
    m = _weak_count(d, d.dealer)
    assert n <= len(d.stock), "the non-dealer asks for no more than the stock holds"
    accept = rng.random() < (0.75 if m >= 2 else 0.4)
    if not accept:
        return None
    left = len(d.stock) - n
    return min(max(m, 1) if d.g.play.dealer_must_take(left) else m, left)


def _exchange(d: _Deal) -> tuple[bool, bool]:
    """Proposals and exchanges; returns (a proposal was made, the first one was refused)."""
    g, rng = d.g, d.g.rng
    first = True
    while n := _asks_for(d, first):
        d.look(d.nd)
        g.emit("propose", by=d.nd)
        d.look(d.dealer)
        m = _dealer_gives_himself(d, n)
        if m is None:
            g.emit("refuse", by=d.dealer)
            return True, first
        first = False
        g.emit("accept", by=d.dealer)
        if rng.random() < 0.3:
            g.emit("ask", by=d.nd, count=n)
        d.discard(d.nd, _weakest(d, d.nd, n))
        d.take(d.nd, n, "give")
        if rng.random() < 0.5:
            d.look(d.nd, again=True)
        if m:
            d.discard(d.dealer, _weakest(d, d.dealer, m))
            d.take(d.dealer, m, "give")
            if rng.random() < 0.5:
                d.look(d.dealer, again=True)
    return not first, False


def _choose(d: _Deal, player: str, led: str | None) -> str:
    """A card to play: random half the time, else a plain sensible choice."""
    rng = d.g.rng
    hand = d.hands[player]
    play = d.g.play
    options = hand if led is None else play.legal(hand, led, d.trump)
    if rng.random() < 0.5:
        return rng.choice(options)
    if led is None:
        return max(options, key=lambda c: _keep_value(d, c))
    winners = [c for c in options if play.beats(c, led, d.trump)]
    return min(winners or options, key=lambda c: _keep_value(d, c))


def _play_card(d: _Deal, player: str, led: str | None, law24: bool = False) -> str:
    """One card to the trick, with the look and the king's announcement before a first card, or
    (`law24`, for a hand nothing else can end) just after it when the king is that card, led
    first or the dealer's first (law 24); a deal recorded by counts records the hand's `tricks`,
    not its cards."""
    g = d.g
    king = "K" + d.trump
    announce = False
    if not d.played or led is not None and len(d.played) == 1:
        d.look(player)
        if king in d.hands[player]:
            announce = g.rng.random() < 0.85
        elif d.by_count and d.held is None and len(d.hands[player]) == 5 and d.turn_up[0] != "K":
            _false_king(d, player)
    card = _choose(d, player, led)
    first_open = rules.first_trick_open(len(d.played) // 2, answered=led is not None)   # once this card is down
    after = law24 and g.play.grace and announce and not d.by_count and rules.law24_grace(
        [CARD[card]], CARD[king], led_it=led is None, first_trick_open=first_open,
        dealer=player == d.dealer) and g.rng.random() < 0.5
    if announce and not after:
        g.emit("announce_king", by=player)
        g.add(player, 1, d)
    d.hands[player].remove(card)
    d.played.append(card)
    if not d.by_count:
        g.emit("play", by=player, card=card)
    d.check()
    if after:
        g.emit("announce_king", by=player)
        g.add(player, 1, d)
    return card


def _false_king(d: _Deal, player: str) -> None:
    """Now and then (mostly at game point) a player announces a king he does not hold; the
    `holds` that follows names his cards and disproves it. His adversary claims it before he
    plays (law 25: the king does not count), or nobody does: then it counts, as recorded."""
    g, rng = d.g, d.g.rng
    at_game = g.score[player] + 1 >= g.game_to
    if rng.random() >= (0.4 if at_game else 0.05) or d.false_king:
        return
    d.false_king = True   # one a deal: its ruling's place among the others is then plain
    g.seen["false_king_at_game_point" if at_game else "false_king"] += 1
    g.emit("announce_king", by=player)
    g.emit("holds", player=player, cards=list(d.hands[player]))
    if rng.random() < 0.8:
        g.emit("claim", by=g.other(player), irregularity="false_king", player=player)
        g.rulings.append({"irregularity": "false_king", "elected": "correct_score", "claimed": True})
        return
    g.seen["false_king_unclaimed"] += 1
    if not at_game:   # at game point the game is won at the announcement: the `holds` is ignored
        g.rulings.append({"irregularity": "false_king", "claimed": False})
    g.add(player, 1, d)


def _play_hand(d: _Deal) -> dict[str, int]:
    """Five tricks; the non-dealer leads first, the winner of each trick leads the next."""
    won = {d.nd: 0, d.dealer: 0}
    leader = d.nd
    for _ in range(5):
        led = _play_card(d, leader, None, law24=True)
        second = d.g.other(leader)
        if d.g.play.beats(_play_card(d, second, led, law24=True), led, d.trump):
            leader = second
        won[leader] += 1
    if d.by_count:
        d.g.emit("tricks", **{p: n for p, n in won.items() if n})
    return won


def hand_points(d: _Deal, won: dict[str, int], proposed: bool, refused_first: bool) -> tuple[str, int]:
    """Laws 48-49 under the rules in force: (who wins the hand, what it scores)."""
    return d.g.play.hand(won, d.dealer, d.nd, proposed, refused_first)


def _score_hand(d: _Deal, won: dict[str, int], proposed: bool, refused_first: bool) -> None:
    d.g.add(*hand_points(d, won, proposed, refused_first), d)


def dealt(g: _Game, dealer: str) -> _Deal | None:
    """A deal dealt and its trump turned up: dealt afresh, by the same dealer, as often as a
    wrong number is claimed so (every deal counted). A deal whose wrong number is found only
    after its hand (`_found_after_the_hand`, in a game recorded by counts) is played out here:
    None when it stood (its hand is over)."""
    while True:
        g.deals += 1
        d = _Deal(g, dealer)
        wrong = None
        if g.irregular and g.rng.random() < g.irregular:
            wrong = (g.rng.choice((d.nd, dealer)), g.rng.choice((1, -1)))
        # found only after the hand: a card too many, recorded by counts, and no cards taken
        late = wrong is not None and d.by_count and wrong[1] > 0 and g.rng.random() < 0.4
        if not _distribute(d, wrong, late):
            continue
        if not late:
            return d
        _score_hand(d, _play_hand(d), False, False)
        if _found_after_the_hand(d, wrong[0]):   # type: ignore[index]
            return None


def _found_after_the_hand(d: _Deal, holder: str) -> bool:
    """The holder of a card too many played without taking cards; the card left in his hand
    after the fifth trick shows it, claimed by his adversary. Law 20 (the non-dealer): there
    must be a fresh deal. Law 21 (the dealer): the non-dealer may claim one, or let the hand
    stand, the dealer then losing the king turned up (law 19). False when the deal is dealt
    afresh. The deal's points were held (`_Deal.held`): see `_held_points`."""
    g, rng = d.g, d.g.rng
    held, d.held = d.held or [], None
    at_game = any(g.score[p] + sum(n for q, n in held if q == p) >= g.game_to for p in g.players)
    g.seen["found_after_the_hand_at_game_point" if at_game else "found_after_the_hand"] += 1
    g.emit("claim", by=g.other(holder), irregularity="wrong_count", player=holder,
           count=len(d.hands[holder]))
    fresh = holder == d.nd or rng.random() < 0.5
    if holder == d.dealer:   # (a shuffle beginning the next deal would not show the choice)
        g.emit("elect", by=d.nd, option="fresh_deal" if fresh else "play_on")
    king = [i for i, (p, n) in enumerate(held) if p == d.dealer and i == 0 and d.turn_up[0] == "K"]
    struck = set(range(len(held))) if fresh else set(king)   # law 19: the king turned up
    ruling: GeneratedRuling = {"irregularity": "wrong_count", "elected": "fresh_deal" if fresh else "play_on",
                               "claimed": True}
    _held_points(g, held, struck, ruling)
    g.rulings.append(ruling)
    for i, (player, points) in enumerate(held):
        if i not in struck:
            g.add(player, points)
    return not fresh


def _held_points(g: _Game, held: list[tuple[str, int]], struck: set[int], ruling: GeneratedRuling) -> None:
    """A target reached with points the claim after the hand strikes was never reached; one
    reached with points that stand after it was reached there: the game was won (_GameOver).
    The claim is then heard (`ruling`, and the score without what it strikes) if either player
    had reached the target before in the deal with points it strikes, which never stood
    (LOG_FORMAT.md, the end of the game); else it is not heard, and the score is what it was
    then."""
    running, standing = dict(g.score), dict(g.score)
    reached: set[str] = set()
    for i, (player, points) in enumerate(held):
        running[player] += points
        standing[player] += 0 if i in struck else points
        if standing[player] >= g.game_to:
            heard = bool(reached)
            if heard:
                g.rulings.append(ruling)
            g.score, g.winner = (standing if heard else running), player
            raise _GameOver
        if running[player] >= g.game_to:
            reached.add(player)


def _play_deal(g: _Game, dealer: str) -> None:
    """One whole deal (it may end the game part-way)."""
    d = dealt(g, dealer)
    if d is None:
        return
    proposed, refused_first = _exchange(d)
    assert all(len(h) == 5 for h in d.hands.values())
    _score_hand(d, _play_hand(d), proposed, refused_first)
    if d.mark_king == "end":   # after the hand (law 22: before the next turn-up)
        g.emit("mark_king", by=dealer)


def random_game(
    rng: random.Random, *, game_to: int = 5, value: str = "single", irregular: float = 0.0,
    rules: str = DEFAULT, options: dict[str, Any] | None = None,
) -> tuple[LogJson, Expected]:
    """A whole legal game to `game_to` as a log dict, with the result it must come to, under the
    rule set `rules` and the header's `options` (a `game_to` other than 5 and a `value` other
    than single join them). `irregular`: the chance that a deal is dealt with a wrong number
    (claimed, see `_wrong_number`). The variants with events of their own (doubles, offers, pools,
    linked matches) are `generate_variants.variant_game`'s."""
    if value not in VALUES or game_to < 1 or not 0 <= irregular <= 1:
        raise ValueError(f"bad game_to={game_to!r}, value={value!r} or irregular={irregular!r}")
    given = dict(options or {})
    if game_to != 5:
        given["game_to"] = game_to
    if value != "single":
        given["game_value"] = value
    play = RulesOfPlay.of(rules, given)
    if several(play.options):
        raise ValueError("doubles, offers, pools and linked matches are generate_variants.variant_game's")
    g = _Game(rng, rng.choice(PLAYER_PAIRS), play.options.game_to, irregular, play)
    g.by_counts = bool(irregular)
    header = play.header()
    log: LogJson = {"ecarte": 1, **({"rules": header["rules"]} if "rules" in header else {}),
                    "players": list(g.players)}
    dealer = _first_dealer(g)
    if dealer is None:
        dealer = log["dealer"] = rng.choice(g.players)
    if "options" in header:
        log["options"] = header["options"]
    try:
        while True:
            _play_deal(g, dealer)
            dealer = dealer_after(dealer, g.other(dealer), dealer)
    except _GameOver:
        pass
    log["events"] = g.events
    winner = g.winner
    assert winner is not None   # the game ends when a player reaches the target
    value_won = play.value(g.score[g.other(winner)])
    return log, Expected(dict(g.score), winner, value_won, g.deals, tuple(g.rulings), g.seen)


def several(options: Options) -> bool:
    """Whether a game under these options needs `generate_variants` (stakes, or several games)."""
    return options.doubling or options.offer_point or options.pool or options.match == "linked"


def with_expect(log: LogJson, expected: Expected) -> LogJson:
    """The log with the scenario extension `expect`."""
    expect: dict[str, Any] = {
        "score": expected.score,
        "winner": expected.winner,
        "game_value": expected.game_value,
        "rulings": list(expected.rulings),
    }
    if expected.games:   # a pool or a linked match
        expect["games"] = list(expected.games)
        if len(log["players"]) == 3:
            expect["pool_winner"] = expected.winner
    return {**log, "expect": expect}


def dumps(log: LogJson) -> str:
    """One log as a compact JSON line (no newline)."""
    return json.dumps(log, separators=(",", ":"))
