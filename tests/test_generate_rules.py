"""The generator under every rule set and every value of every option of RULESETS.md's table:
its games replay clean through the full replay and the lean scan alike (the same output, key for
key), and come to the score a referee written here reckons from RULESETS.md and the laws (it
imports nothing of the engine: its ranking, cut, duties, points, doubles, offers, pools and
linked matches are its own). Then the same logs under two rule sets: they differ exactly where
RULESETS.md says. And the generator's bad arguments: exit 2 with a "did you mean"."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from adjudicator import adjudicate_text
from adjudicator.engine import invariants
from adjudicator.engine.generate import dumps
from adjudicator.engine.generate_games import games
from adjudicator.engine.replay import Replay
from adjudicator.engine.scan import scan
from adjudicator.generate import main
from adjudicator.lawbook.scoring import scoring
from adjudicator.record.log import read_text
from adjudicator.words.report import report_json

ROOT = Path(__file__).resolve().parent.parent

# RULESETS.md's options table, as written there: each base's defaults
CAVENDISH = {"game_to": 5, "game_value": "single", "cut_for_deal": "highest", "ace_high": False,
             "king_after_first_card": "law24", "dealer_must_exchange": False, "stock_shortage": "dealer_plays",
             "refusal_point_on_vole": False, "match": "single", "doubling": False, "offer_point": False,
             "pool": False}
BASES = {
    "cavendish": CAVENDISH,
    "french": {**CAVENDISH, "cut_for_deal": "lowest", "king_after_first_card": "never",
               "stock_shortage": "last_takes_what_remains", "refusal_point_on_vole": True},
    "modern": {**CAVENDISH, "king_after_first_card": "never", "dealer_must_exchange": True},
}
VALUES = {"game_to": (1, 3, 7), "game_value": ("single", "treble_double_single"),
          "cut_for_deal": ("highest", "lowest"), "ace_high": (False, True),
          "king_after_first_card": ("law24", "never"), "dealer_must_exchange": (False, True),
          "stock_shortage": ("dealer_plays", "last_takes_what_remains"), "refusal_point_on_vole": (False, True),
          "match": ("single", "linked"), "doubling": (False, True), "offer_point": (False, True),
          "pool": (False, True)}
CASES = [(base, option, value) for base in BASES for option, values in VALUES.items() for value in values]
LONDON = ("K", "Q", "J", "A", "10", "9", "8", "7")     # law 5: the ace between the knave and the ten
ACE_HIGH = ("A", "K", "Q", "J", "10", "9", "8", "7")   # 004, "Alternate Card Ranking"
SCORING = scoring()


class Referee:
    """Replays a clean generated log, asserting every step lawful under its rules, and keeps the
    score: RULESETS.md's options read from the log's header against the table above."""

    def __init__(self, log: dict) -> None:
        self.o = o = {**BASES[log.get("rules", "cavendish")], **log.get("options", {})}
        order = ACE_HIGH if o["ace_high"] else LONDON
        self.power = {rank: len(order) - i for i, rank in enumerate(order)}
        self.ids = log["players"]
        assert len(self.ids) == (3 if o["pool"] else 2)
        self.several = o["pool"] or o["match"] == "linked"
        self.pair = tuple(self.ids[:2])
        self.dealer = log.get("dealer")
        self.score = dict.fromkeys(self.pair, 0)
        self.won = None              # the current game's winner, once it is won
        self.played: list[dict] = []  # the games: players, score, winner, value
        self.champion = None
        self.cuts: list[tuple[str, str]] = []
        self.d: dict | None = None
        self.deals = 0
        self.hands: list[dict] = []   # each hand scored: its last event, winner, tricks, vulnerable loser
        self.late_kings: list[int] = []   # kings announced after being played (law 24's grace)
        self.kept_hand: list[int] = []    # the deal of each round whose dealer accepted and took no card, stock left
        self.seen: Counter = Counter()
        self.asked_at = 0                 # the event of the double or offer waiting for its answer

    # ---------------------------------------------------------------- the game
    def run(self, events: list[dict]) -> Referee:
        for n, ev in enumerate(events, 1):
            ((name, f),) = ev.items()
            self.n = n
            assert self.champion is None or name == "mark_king", f"event {n} after the end"
            if self.won is not None and name != "new_game":
                assert name == "mark_king", f"event {n} ({name}) after game {len(self.played)} was won"
                continue
            getattr(self, "on_" + name)(**f)
        return self

    def other(self, p: str) -> str:
        return self.pair[1] if p == self.pair[0] else self.pair[0]

    def rank(self, card: str) -> int:
        return self.power[card[:-1]]

    def award(self, player: str, points: int) -> None:
        self.score[player] += points
        if self.score[player] >= self.o["game_to"]:
            self.won = player
            loser = self.score[self.other(player)]
            value = 1 if self.o["game_value"] == "single" else 3 if loser == 0 else 2 if loser <= 2 else 1   # law 46
            self.played.append({"players": list(self.pair), "score": dict(self.score), "winner": player, "value": value})
            wins = [g["winner"] for g in self.played]
            if not self.several:
                self.champion = player
            elif self.o["pool"]:   # two games running
                self.champion = player if wins[-2:] == [player, player] else None
            else:                  # linked: the first to win two
                self.champion = player if wins.count(player) == 2 else None

    def on_new_game(self, players: list[str], dealer: str | None = None) -> None:
        assert self.several
        pair = tuple(players)
        if self.won is None:   # a pool may open with new_game
            assert not self.played and self.d is None and self.o["pool"]
            default = dealer
        elif self.o["pool"]:   # the loser sits out; the one who sat out plays the winner, and deals
            coming = next(p for p in self.ids if p not in self.pair)
            assert set(pair) == {self.won, coming}, pair
            default = coming
        else:                  # linked: the same two; the loser deals first
            assert set(pair) == set(self.pair)
            default = self.other(self.won)
        self.pair, self.score, self.won, self.d, self.cuts = pair, dict.fromkeys(pair, 0), None, None, []
        self.dealer = dealer or default
        self.new_game = True
        self.seen["new_game"] += 1

    def on_cut_for_deal(self, by: str, card: str) -> None:
        assert self.d is None and (not self.deals or getattr(self, "new_game", False))
        self.cuts.append((by, card))
        if len(self.cuts) == 2:
            (p, a), (q, b) = self.cuts
            self.cuts = []
            if self.rank(a) == self.rank(b):
                self.seen["cut_again"] += 1
                return
            high = p if self.rank(a) > self.rank(b) else q
            self.dealer = high if self.o["cut_for_deal"] == "highest" else self.other(high)
            self.seen["cut_" + self.o["cut_for_deal"]] += 1

    # ---------------------------------------------------------------- a deal
    def start(self) -> dict:
        if self.d is None or self.d["over"]:
            assert self.dealer in self.pair and not self.cuts
            self.new_game = False
            self.deals += 1
            nd = self.other(self.dealer)
            self.d = {"dealer": self.dealer, "nd": nd, "hands": {nd: [], self.dealer: []}, "trump": None,
                      "stock": 32, "proposals": 0, "first": None, "answer": None, "round": Counter(),
                      "mine": {nd: [], self.dealer: []}, "won": Counter(), "leader": nd, "lead": None,
                      "tricks": 0, "times": 1, "doubled": False, "asking": None, "offered": False,
                      "bound": None, "over": False, "announced": set(), "first_play": False}
        return self.d

    def on_shuffle(self, by: str) -> None:
        self.start()

    def on_cut(self, by: str, top: int) -> None:
        self.start()

    def on_deal(self, to: str, cards: list[str]) -> None:
        d = self.start()
        d["hands"][to] += cards
        d["stock"] -= len(cards)

    def on_turn_up(self, card: str) -> None:
        d = self.d
        d["trump"], d["stock"] = card[-1], d["stock"] - 1
        assert all(len(h) == 5 for h in d["hands"].values())
        if card[0] == "K":   # law 47
            self.award(d["dealer"], 1)

    def on_look(self, by: str) -> None:
        pass

    def on_mark_king(self, by: str) -> None:
        pass

    def end_round(self) -> None:
        """An accepted round is over: the dealer took a card where he must (dealer_must_exchange:
        at least one, unless the stock is spent)."""
        d = self.d
        if d["answer"] == "accept":
            if not d["round"]["dealer_given"] and d["stock"] > 0:
                assert not self.o["dealer_must_exchange"], "the dealer must exchange"
                self.kept_hand.append(self.deals)   # one for each such round
            d["answer"] = "done"

    def on_propose(self, by: str) -> None:
        d = self.d
        assert by == d["nd"] and not d["first_play"] and d["answer"] != "refuse"
        assert d["answer"] is not None or not d["proposals"], "the last proposal is unanswered"
        self.end_round()
        d["proposals"] += 1
        d["answer"], d["round"] = None, Counter()

    def _answer(self, by: str, answer: str) -> None:
        d = self.d
        assert by == d["dealer"] and d["answer"] is None and d["proposals"]
        d["first"] = d["first"] or answer
        d["answer"] = answer

    def on_accept(self, by: str) -> None:
        self._answer(by, "accept")

    def on_refuse(self, by: str) -> None:
        self._answer(by, "refuse")

    def on_ask(self, by: str, count: int) -> None:
        assert by == self.d["nd"] and self.d["answer"] == "accept"

    def on_discard(self, by: str, cards: list[str]) -> None:
        d = self.d
        for card in cards:
            d["hands"][by].remove(card)
        d["round"][("elder" if by == d["nd"] else "dealer") + "_discarded"] += len(cards)

    def on_give(self, to: str, cards: list[str]) -> None:
        d = self.d
        who = "elder" if to == d["nd"] else "dealer"
        assert d["round"][who + "_discarded"] == d["round"][who + "_given"] + len(cards) <= d["stock"]
        d["hands"][to] += cards
        d["stock"] -= len(cards)
        d["round"][who + "_given"] += len(cards)

    # ---------------------------------------------------------------- stakes (004)
    def vulnerable(self, player: str) -> bool:
        """RULESETS.md: the non-dealer who played a card without proposing; the dealer who refused
        the first proposal."""
        d = self.d
        if player == d["nd"]:
            return bool(d["mine"][player]) and d["proposals"] == 0
        return d["first"] == "refuse"

    def end_hand(self) -> None:
        self.d["over"] = True
        self.dealer = self.other(self.d["dealer"])

    def on_double(self, by: str) -> None:
        d = self.d
        assert self.o["doubling"] and d["tricks"] < 3 and d["lead"] is None and not d["doubled"], "in time"
        d["doubled"], d["asking"] = True, ("double", by)
        self.asked_at = self.n

    def _answered(self, kind: str, by: str) -> str:
        d = self.d
        asked, asker = d["asking"]
        assert asked == kind and by == self.other(asker) and self.n == self.asked_at + 1
        d["asking"] = None
        return asker

    def on_accept_double(self, by: str) -> None:
        self._answered("double", by)
        self.d["times"] = 2
        self.seen["double_accepted"] += 1

    def on_decline_double(self, by: str) -> None:
        doubler = self._answered("double", by)
        self.end_round()
        self.end_hand()
        self.seen["double_declined"] += 1
        self.award(doubler, 2 if self.vulnerable(by) else 1)

    def on_offer_point(self, by: str) -> None:
        d = self.d
        assert self.o["offer_point"] and not d["first_play"] and not d["offered"], "in time"
        d["offered"], d["asking"] = True, ("offer", by)
        self.asked_at = self.n

    def on_accept_offer(self, by: str) -> None:
        offerer = self._answered("offer", by)
        d = self.d
        self.end_round()
        self.end_hand()
        self.seen["offer_accepted"] += 1
        self.award(by, 2 if offerer == d["dealer"] and d["first"] == "refuse" else 1)

    def on_decline_offer(self, by: str) -> None:
        self.d["bound"] = (by, self._answered("offer", by))
        self.seen["offer_declined"] += 1

    # ---------------------------------------------------------------- the play
    def on_announce_king(self, by: str) -> None:
        d = self.d
        king = "K" + d["trump"]
        mine = d["mine"][by]
        assert by not in d["announced"]
        if mine:   # law 24's grace: the king is the only card he has played, led first and not yet
            # played to, or the dealer's first card
            assert self.o["king_after_first_card"] == "law24", "law 23 alone: before his first card"
            assert mine == [king] and (d["lead"] == king and d["tricks"] == 0 if by == d["nd"] else True)
            self.late_kings.append(self.n)
        else:
            assert king in d["hands"][by]
        d["announced"].add(by)
        self.award(by, 1)   # a king's point is never doubled

    def on_play(self, by: str, card: str) -> None:
        d = self.d
        if d["over"]:   # the hand the offerer's trick ended: ignored
            self.seen["ignored_play"] += 1
            return
        if not d["first_play"]:
            self.end_round()
            assert d["asking"] is None and all(len(h) == 5 for h in d["hands"].values())
            d["first_play"] = True
        hand = d["hands"][by]
        hand.remove(card)
        d["mine"][by].append(card)
        if d["lead"] is None:
            assert by == d["leader"], "out of turn"
            d["lead"] = card
            return
        lead, trump = d["lead"], d["trump"]
        assert by == self.other(d["leader"])
        held = hand + [card]
        same = [c for c in held if c[-1] == lead[-1]]
        higher = [c for c in same if self.rank(c) > self.rank(lead)]
        allowed = higher or same or [c for c in held if c[-1] == trump] or held   # law 43 in the order in force
        assert card in allowed, ("duty of the second player", card, lead, held)
        wins = self.rank(card) > self.rank(lead) if card[-1] == lead[-1] else card[-1] == trump
        if wins:
            d["leader"] = by
        d["won"][d["leader"]] += 1
        d["tricks"] += 1
        d["lead"] = None
        if d["bound"] and d["leader"] == d["bound"][1]:   # the offerer takes a trick: he marks 2
            self.seen["offer_lost"] += 1
            self.end_hand()
            self.award(d["leader"], 2)
        elif d["tricks"] == 5:
            self.score_hand()

    def score_hand(self) -> None:
        """Laws 48, 49 and RULESETS.md: the point 1, the vole 2; the point 2 against a vulnerable
        player; the vole 3 against him where the refusal point is added to it; twice all that
        for a hand whose double was accepted."""
        d = self.d
        ((winner, tricks),) = d["won"].most_common(1)
        loser = self.other(winner)
        vulnerable = self.vulnerable(loser)
        if tricks == 5:
            points = 2 + (1 if vulnerable and self.o["refusal_point_on_vole"] else 0)
        else:
            points = 2 if vulnerable else 1
        self.hands.append({"event": self.n, "winner": winner, "tricks": tricks, "vulnerable": vulnerable})
        self.end_hand()
        self.award(winner, points * d["times"])



def _referee(log: dict) -> Referee:
    return Referee(log).run(log["events"])


def _replayed(text: str):
    return Replay(read_text(text, "g")).run(observe=invariants.check)


def _check(log: dict) -> Referee:
    """The log replays clean, the scan takes it and says what the replay says, and the referee's
    reckoning is the replay's."""
    text = dumps(log)
    report = _replayed(text)
    assert report.rulings == [], [(r.irregularity, r.event) for r in report.rulings]
    got = report_json(report)
    scanned = scan(text, "g", SCORING)
    assert scanned is not None, "the lean scan hands a clean generated log to the replay"
    assert json.dumps(scanned) == json.dumps({"source": "g", **got})
    ref = _referee(log)
    assert report.score == ref.score and report.deals == ref.deals
    assert report.winner == ref.champion
    if ref.several:
        assert got["games"] == ref.played
        if ref.o["pool"]:
            assert got["pool_winner"] == ref.champion
    else:
        assert report.game_value == ref.played[-1]["value"]
    assert got["rules"] == log.get("rules", "cavendish") and got["options"] == ref.o
    return ref


@pytest.mark.parametrize("base,option,value", CASES, ids=[f"{b}-{o}-{v}" for b, o, v in CASES])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_generated_games_replay_clean_and_score_as_the_referee_reckons(base: str, option: str, value, seed: int) -> None:
    ((log, _),) = games(1, seed, rules=base, options={option: value})
    assert log.get("rules", "cavendish") == base and log["options"][option] == value
    _check(log)


def test_every_option_is_in_play() -> None:
    """The generator's games under each option show what the option changes: the lowest card
    dealing, kings announced after being played only under law 24, doubles accepted and
    declined, offers accepted, declined and lost, new games."""
    seen: Counter = Counter()
    for i, (base, option, value) in enumerate(CASES):
        for log, _ in games(4, 1000 + i, rules=base, options={option: value}):
            ref = _referee(log)
            seen += ref.seen
            seen["late_king_" + ref.o["king_after_first_card"]] += len(ref.late_kings)
            seen["vole_refusal"] += sum(h["tricks"] == 5 and h["vulnerable"] for h in ref.hands) * ref.o["refusal_point_on_vole"]
    for key in ("cut_lowest", "cut_highest", "late_king_law24", "double_accepted", "double_declined",
                "offer_accepted", "offer_declined", "offer_lost", "new_game", "vole_refusal"):
        assert seen[key] > 0, (key, seen)
    assert seen["late_king_never"] == 0


@pytest.mark.parametrize("base", sorted(BASES))
def test_irregular_games_under_every_rule_set_are_ruled_as_the_generator_made_them(base: str) -> None:
    """`--irregular`: deals dealt with a wrong number and claimed (laws 15-21), false kings (law
    25), and with a variant on doubles and offers out of time or unanswered, under each base
    (the London laws fill the French text's silence): the replay's rulings, score, winner and
    deals are the ones the generator made."""
    from adjudicator.words.report import ruling_json
    ruled = 0
    for options in ({}, {"ace_high": True}, {"doubling": True}, {"offer_point": True}, {"pool": True},
                    {"match": "linked"}):
        for log, expected in games(6, 17, irregular=0.4, rules=base, options=options):
            report = _replayed(dumps(log))
            got = [{k: ruling_json(r)[k] for k in want} for r, want in zip(report.rulings, expected.rulings)]
            assert got == list(expected.rulings) and len(report.rulings) == len(expected.rulings)
            assert (report.score, report.winner, report.deals) == (expected.score, expected.winner, expected.deals)
            ruled += len(report.rulings)
    assert ruled >= 20


# ------------------------------------------------------------------ the same logs under two rule sets

def _london(n: int, seed: int) -> list[dict]:
    """London games with the dealer in the header (a cut for deal could itself differ)."""
    return [log for log, _ in games(n, seed) if "dealer" in log]


def _under(log: dict, **options) -> dict:
    return {**log, "options": {**log.get("options", {}), **options}}


def test_ace_high_changes_a_tricks_winner_exactly_where_an_ace_meets_a_king_queen_or_knave() -> None:
    """RULESETS.md, ace_high: "A K Q J 10 9 8 7 in every suit". The same hands played to the
    same tricks: the winner differs exactly where an ace and a king, queen or knave of its suit
    meet in the trick (compared up to the first ruling the ace-high replay makes: a trick won
    otherwise makes the next lead out of turn)."""
    differ = same_with_ace = 0
    for log in _london(60, 31):
        text = dumps(log)
        london = adjudicate_text(text, "l")
        high = adjudicate_text(dumps(_under(log, ace_high=True)), "h")
        first = min((r.event for r in high.rulings), default=10**9)
        for a, b in zip(london.played, high.played):
            for t, u in zip(a.tricks, b.tricks):
                if t.lead_event >= first or t.winner is None or u.winner is None:
                    break
                lead, follow = t.lead.text, t.follow.text
                ranks = {lead[:-1], follow[:-1]}
                meets = lead[-1] == follow[-1] and "A" in ranks and ranks & {"K", "Q", "J"}
                assert (t.winner != u.winner) == bool(meets), (lead, follow, t.winner, u.winner)
                differ += t.winner != u.winner
                same_with_ace += "A" in ranks and not meets
    assert differ >= 5 and same_with_ace >= 20, (differ, same_with_ace)


def test_the_refusal_point_on_the_vole_changes_exactly_the_voles_against_a_vulnerable_player() -> None:
    """RULESETS.md, refusal_point_on_vole (003: "To this gain of 1 or 2 points is added any
    refusal point earned"): the same log scores the same, point for point, except a vole won
    against a vulnerable player (the non-dealer who played without proposing, the dealer who
    refused the first proposal), 3 and not 2, until one of the two games is won."""
    changed = 0
    for log in _london(80, 37):
        ref = _referee(log)
        vulnerable_voles = {h["event"] for h in ref.hands if h["tricks"] == 5 and h["vulnerable"]}
        london = adjudicate_text(dumps(log), "l")
        french = adjudicate_text(dumps(_under(log, refusal_point_on_vole=True)), "f")
        assert london.rulings == [] and french.rulings == []
        for a, b in zip(london.earned, french.earned):
            assert (a.event, a.player) == (b.event, b.player)
            if a.event in vulnerable_voles and a.kind == "vole":
                assert (a.points, b.points) == (2, 3)
                changed += 1
            else:
                assert a.points == b.points
        if not vulnerable_voles & {e.event for e in london.earned}:
            assert (london.score, london.winner) == (french.score, french.winner)
    assert changed >= 3


def test_law_24s_grace_removed_rules_exactly_the_kings_announced_after_being_played() -> None:
    """RULESETS.md, king_after_first_card: never (french, modern): "law 23 alone". The same log:
    the first ruling is at the first king announced after it was played, and a log with none is
    judged alike."""
    late = 0
    for log in _london(80, 41):
        ref = _referee(log)
        never = adjudicate_text(dumps(_under(log, king_after_first_card="never")), "n")
        if not ref.late_kings:
            london = adjudicate_text(dumps(log), "l")
            assert never.rulings == [] and (never.score, never.winner) == (london.score, london.winner)
            continue
        late += 1
        assert never.rulings and never.rulings[0].event == ref.late_kings[0]
    assert late >= 3


def test_the_dealers_duty_to_exchange_rules_exactly_the_deals_where_he_took_no_card() -> None:
    """RULESETS.md, dealer_must_exchange (modern): a dealer who accepted and took no card while
    the stock held some, unclaimed, is ruled at the first card played (compulsory play_on) and
    the deal stands: the same log scores the same, with one ruling for each such round of the
    exchange (a later proposal, even refused, does not wipe it out)."""
    kept = alike = 0
    for log in _london(200, 43):
        ref = _referee(log)
        if not ref.kept_hand:
            alike += 1
            if alike > 10:
                continue
        london = adjudicate_text(dumps(log), "l")
        modern = adjudicate_text(dumps(_under(log, dealer_must_exchange=True)), "m")
        assert [(r.irregularity, r.deal) for r in modern.rulings] == [("dealer_took_no_card", n) for n in ref.kept_hand]
        assert all(r.elected == "play_on" for r in modern.rulings)
        assert (modern.score, modern.winner) == (london.score, london.winner)
        kept += len(ref.kept_hand)
    assert kept >= 5


def test_the_stock_shortage_option_leaves_a_clean_game_alone() -> None:
    """RULESETS.md, stock_shortage: it decides only a stock that runs short, an irregularity
    (`insufficient_stock`): a clean log is judged alike under both values."""
    for log in _london(20, 47):
        a = report_json(adjudicate_text(dumps(_under(log, stock_shortage="dealer_plays")), "s"))
        b = report_json(adjudicate_text(dumps(_under(log, stock_shortage="last_takes_what_remains")), "s"))
        a["options"].pop("stock_shortage"), b["options"].pop("stock_shortage")
        assert a == b


# ------------------------------------------------------------------ bad arguments

@pytest.mark.parametrize("args,words", [
    (["--option", "ace_hgih=true"], "unknown option 'ace_hgih': did you mean 'ace_high'?"),
    (["--option", "cut_for_deal=lowset"], "did you mean 'lowest'?"),
    (["--option", "game_to=abc"], "'abc' is not an integer from 1 to 100"),
    (["--option", "ace_high=1"], "1 is not true or false: did you mean true?"),
    (["--option", "doubling=maybe"], "'maybe' is not true or false"),
    (["--rules", "frnch"], "unknown rule set 'frnch': did you mean 'french'?"),
    (["--option", "doubling=true", "--option", "offer_point=true"], "doubling and offer_point cannot be combined"),
    (["--option", "pool"], "write KEY=VALUE"),
])
def test_bad_arguments_are_exit_2_with_a_did_you_mean(args: list[str], words: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["2", *args])
    assert e.value.code == 2
    out = capsys.readouterr()
    assert out.out == "" and words in out.err and "Traceback" not in out.err


@pytest.mark.slow
def test_the_command_writes_games_under_the_rules_given() -> None:
    done = subprocess.run([sys.executable, "-m", "adjudicator.generate", "3", "--seed", "5", "--rules", "french",
                           "--option", "match=linked"], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    logs = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(logs) == 3 and all(log["rules"] == "french" and log["options"]["match"] == "linked" for log in logs)
    for log in logs:
        _check(log)
    done = subprocess.run([sys.executable, "-m", "adjudicator.generate", "4", "--seed", "3", "--expect", "--option",
                           "pool=true", "--option", "game_to=2"], capture_output=True, text=True, cwd=ROOT)
    for line in done.stdout.splitlines():   # `expect` carries the pool's games and winner, as scenarios do
        log = json.loads(line)
        expect = log.pop("expect")
        got = report_json(adjudicate_text(json.dumps(log), "p"))
        assert {k: got[k] for k in expect if k != "rulings"} == {k: v for k, v in expect.items() if k != "rulings"}
        assert expect["games"] and "pool_winner" in expect
    bad = subprocess.run([sys.executable, "-m", "adjudicator.generate", "1", "--option", "ace_hgih=true"],
                         capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and "did you mean 'ace_high'" in bad.stderr and "Traceback" not in bad.stderr
