"""Property tests of the random game generator, checked by a tiny referee of its own."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.engine.generate import VALUES, random_game, with_expect
from adjudicator.engine.generate_games import archive, games
from adjudicator.generate import main

ORDER = ["K", "Q", "J", "A", "10", "9", "8", "7"]
PACK = {rank + suit for rank in ORDER for suit in "SHDC"}


def rank(card: str) -> int:
    """Higher is better: K 7 ... 7 0."""
    return 7 - ORDER.index(card[:-1])


class Referee:
    """Replays a generated log, asserting every step is lawful, and keeps the score."""

    def __init__(self, log: dict) -> None:
        self.players = log["players"]
        options = log.get("options", {})
        self.game_to = options.get("game_to", 5)
        self.value = options.get("game_value", "single")
        self.score = dict.fromkeys(self.players, 0)
        self.dealer = log.get("dealer")
        self.cuts: list[tuple[str, str]] = []
        self.packets: dict[str, list[int]] = {}
        self.deal: dict | None = None
        self.deals = 0
        self.seen = Counter()  # what happened: for the variety test

    def run(self, events: list[dict]) -> None:
        """Apply every event; nothing may follow the winning one but the dealer's mark of the
        king that won it (the log records it; the game was over)."""
        for i, event in enumerate(events):
            ((name, fields),) = event.items()
            if max(self.score.values()) >= self.game_to:
                assert i == len(events) - 1 and name == "mark_king" and "turn_up" in events[i - 1], \
                    "event after the game was won"
                self.seen["marked_at_game_point"] += 1
            getattr(self, "on_" + name)(**fields)
        assert max(self.score.values()) >= self.game_to, "log ends before the game is won"

    def other(self, player: str) -> str:
        return self.players[1 - self.players.index(player)]

    def start(self) -> dict:
        """The current deal, starting one if needed."""
        if self.deal is None:
            assert self.dealer in self.players and not self.cuts
            self.deals += 1
            nd = self.other(self.dealer)
            self.deal = {"dealer": self.dealer, "nd": nd, "hands": {nd: [], self.dealer: []},
                         "packets": [], "cards": [], "trump": None, "answer": [], "exchange": [],
                         "played": [], "leader": nd, "won": Counter(), "announced": set(),
                         "last_shuffle": None}
        return self.deal

    def new_card(self, d: dict, card: str) -> None:
        assert card in PACK and card not in d["cards"], card
        d["cards"].append(card)

    def on_cut_for_deal(self, by: str, card: str) -> None:
        assert self.dealer is None and card in PACK
        self.cuts.append((by, card))
        if len(self.cuts) == 2:
            (p, a), (q, b) = self.cuts
            assert {p, q} == set(self.players) and a != b
            self.cuts = []
            if rank(a) != rank(b):
                self.dealer = p if rank(a) > rank(b) else q
            else:
                self.seen["cut_again"] += 1

    def on_shuffle(self, by: str) -> None:
        d = self.start()
        assert not d["packets"]
        d["last_shuffle"] = by

    def on_cut(self, by: str, top: int) -> None:
        d = self.start()
        assert by == d["nd"] and not d["packets"] and 2 <= top <= 30

    def on_deal(self, to: str, cards: list[str]) -> None:
        d = self.start()
        assert d["trump"] is None and d["last_shuffle"] in (None, d["dealer"])
        d["packets"].append((to, len(cards)))
        for card in cards:
            self.new_card(d, card)
        d["hands"][to] += cards

    def on_turn_up(self, card: str) -> None:
        d = self.deal
        nd, dealer = d["nd"], d["dealer"]
        assert [to for to, _ in d["packets"]] == [nd, dealer, nd, dealer]
        sizes = [n for _, n in d["packets"]]
        assert sizes[0] == sizes[1] and sizes[2] == sizes[3] and {sizes[0], sizes[2]} == {2, 3}
        assert self.packets.setdefault(dealer, sizes) == sizes, "law 8: order changed"
        self.new_card(d, card)
        d["trump"] = card[-1]
        d["turned"] = card
        if card[0] == "K":
            self.seen["king_turned"] += 1
            self.score[dealer] += 1

    def on_mark_king(self, by: str) -> None:
        d = self.deal if self.deal is not None else self.last
        assert by == d["dealer"] and d["turned"][0] == "K" and not d.get("marked"), "law 22"
        d["marked"] = True
        self.seen["marked_at_turn_up" if d["cards"][-1] == d["turned"] else "marked_later"] += 1

    def on_look(self, by: str) -> None:
        assert by in self.players and self.deal["trump"]

    def on_propose(self, by: str) -> None:
        d = self.deal
        assert by == d["nd"] and not d["played"] and "refuse" not in d["answer"]
        assert all(len(h) == 5 for h in d["hands"].values())
        d["answer"].append(None)

    def _answer(self, by: str, answer: str) -> None:
        d = self.deal
        assert by == d["dealer"] and d["answer"] and d["answer"][-1] is None
        d["answer"][-1] = answer
        self.seen[answer] += 1

    def on_accept(self, by: str) -> None:
        self._answer(by, "accept")
        self.deal["exchange"] = []

    def on_refuse(self, by: str) -> None:
        self._answer(by, "refuse")

    def on_ask(self, by: str, count: int) -> None:
        d = self.deal
        assert by == d["nd"] and d["answer"][-1] == "accept" and d["exchange"] == []
        d["exchange"].append(("ask", by, count))

    def on_discard(self, by: str, cards: list[str]) -> None:
        d = self.deal
        steps = [step for step, *_ in d["exchange"]]
        assert d["answer"][-1] == "accept"
        if by == d["nd"]:
            assert steps in ([], ["ask"]) and 1 <= len(cards) <= 5
            if steps:
                assert d["exchange"][0][2] == len(cards), "asked != discarded"
        else:
            assert by == d["dealer"] and steps[-2:] == ["discard", "give"]
        for card in cards:
            d["hands"][by].remove(card)
        d["exchange"].append(("discard", by, len(cards)))

    def on_give(self, to: str, cards: list[str]) -> None:
        d = self.deal
        assert d["exchange"][-1] == ("discard", to, len(cards)), "gave != discarded"
        for card in cards:
            self.new_card(d, card)
        d["hands"][to] += cards
        d["exchange"].append(("give", to, len(cards)))
        self.seen["multiple_exchanges"] += to == d["nd"] and d["answer"].count("accept") == 2

    def on_announce_king(self, by: str) -> None:
        d = self.deal
        king = "K" + d["trump"]
        mine = d.setdefault("played_by", {}).get(by, [])
        if mine:   # law 24: the king led first, not yet played to; or the dealer's first card
            assert mine == [king] and (len(d["played"]) == 1 if by == d["nd"] else by == d["dealer"]), "late"
            self.seen["announced_after_playing_it"] += 1
        else:
            assert king in d["hands"][by] and len(d["hands"][by]) == 5
        self.seen["announced"] += 1
        d["announced"].add(by)
        self.score[by] += 1

    def on_play(self, by: str, card: str) -> None:
        d = self.deal
        if not d["played"]:
            assert all(len(h) == 5 for h in d["hands"].values()) and None not in d["answer"]
            self.seen["no_proposal" if not d["answer"] else d["answer"][0] + "_first"] += 1
        trick = len(d["played"]) % 2
        expected = d["leader"] if trick == 0 else self.other(d["leader"])
        assert by == expected, "out of turn"
        hand = d["hands"][by]
        if len(hand) == 5 and "K" + d["trump"] in hand and by not in d["announced"]:
            self.seen["king_silent"] += 1
        if trick == 1:
            assert card in self.legal(hand, d["played"][-1], d["trump"]), "duty of second player"
        hand.remove(card)
        d["played"].append(card)
        d.setdefault("played_by", {}).setdefault(by, []).append(card)
        if trick == 1:
            self.end_trick(d)

    @staticmethod
    def legal(hand: list[str], led: str, trump: str) -> list[str]:
        same = [c for c in hand if c[-1] == led[-1]]
        higher = [c for c in same if rank(c) > rank(led)]
        return higher or same or [c for c in hand if c[-1] == trump] or hand

    def end_trick(self, d: dict) -> None:
        led, second = d["played"][-2:]
        wins = rank(second) > rank(led) if second[-1] == led[-1] else second[-1] == d["trump"]
        if wins:
            d["leader"] = self.other(d["leader"])
        d["won"][d["leader"]] += 1
        if len(d["played"]) == 10:
            self.score_hand(d)

    def score_hand(self, d: dict) -> None:
        ((winner, tricks),) = d["won"].most_common(1)
        points = 2 if tricks == 5 else 1
        if tricks < 5 and winner == d["dealer"] and not d["answer"]:
            points = 2
        if tricks < 5 and winner == d["nd"] and d["answer"][:1] == ["refuse"]:
            points = 2
        self.score[winner] += points
        self.dealer = self.other(d["dealer"])
        self.deal = None
        self.last = d   # its king may still be marked, until the next turn-up (law 22)


def check(log: dict, expected) -> Referee:
    """Referee the log and compare with what the generator expects."""
    assert set(log) <= {"ecarte", "players", "dealer", "options", "events"}
    assert log["ecarte"] == 1 and len(set(log["players"])) == 2
    ref = Referee(log)
    ref.run(log["events"])
    assert expected.score == ref.score and expected.deals == ref.deals
    winner = max(ref.score, key=ref.score.get)
    loser = ref.other(winner)
    assert expected.winner == winner and ref.score[winner] >= ref.game_to > ref.score[loser]
    value = 1 if ref.value == "single" else {0: 3, 1: 2, 2: 2}.get(ref.score[loser], 1)
    assert expected.game_value == value
    return ref


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([1, 3, 5, 7]), st.sampled_from(VALUES))
def test_random_game_is_lawful(seed: int, game_to: int, value: str) -> None:
    log, expected = random_game(random.Random(seed), game_to=game_to, value=value)
    check(log, expected)
    assert ("options" in log) == (game_to != 5 or value != "single")


def test_games_are_varied() -> None:
    seen = Counter()
    for log, expected in games(300, seed=11):
        seen += check(log, expected).seen
        seen["header_dealer" if "dealer" in log else "cut_for_deal"] += 1
    wanted = ["no_proposal", "refuse_first", "accept_first", "refuse", "multiple_exchanges",
              "announced", "king_silent", "king_turned", "cut_again", "header_dealer",
              "cut_for_deal", "marked_at_turn_up", "marked_later", "marked_at_game_point",
              "announced_after_playing_it"]
    assert all(seen[key] > 0 for key in wanted), seen


def test_archive_is_compact_json_lines_and_reproducible() -> None:
    lines = list(archive(20, seed=3))
    assert len(lines) == 20 and lines == list(archive(20, seed=3))
    for line in lines:
        assert "\n" not in line and ", " not in line and json.loads(line)["ecarte"] == 1


def test_main_with_expect(capsys: pytest.CaptureFixture[str]) -> None:
    main(["3", "--seed", "9", "--expect"])
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3
    for line, (log, expected) in zip(out, games(3, seed=9)):
        assert json.loads(line) == with_expect(log, expected)
        assert json.loads(line)["expect"]["rulings"] == []


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        random_game(random.Random(0), value="double")
    with pytest.raises(ValueError):
        random_game(random.Random(0), game_to=0)
    with pytest.raises(ValueError):
        random_game(random.Random(0), irregular=1.5)
