"""The lean path of `validate`: a clean game checked and scored in one loop over its parsed
JSON, with no model object per event.

Most archived games are clean. `scan` accepts only what it fully understands: a JSON log whose
header and every event are of the plain kinds a clean game is made of (the cut for deal,
shuffles, a cut, four packets of named cards, the turn-up, proposals answered and exchanges of
named cards in exact numbers, five tricks played with every duty kept, the king announced in
time or turned up and marked), each field of the right type. At the first doubt (anything
unusual, any irregularity, a count instead of cards, a claim, a mark, anything it does not know,
events after the game is won) it answers None and the full replay (pydantic validation and
`replay`) reads the log. The rules of play it applies are those of `rules`, the replay's own.
What it answers for a game it accepts is what the replay answers, key for key (the differential
tests in tests/test_scan.py prove it on every kind of log the suite knows).
"""
from __future__ import annotations

import json
import unicodedata
from typing import Any

from ..record.cards import PACK, Card
from .rules import (asking_error, beats, breach, cut_winner, distribution, giving_error, hand_score, ranking,
                    trump_king, wishes)
from .scoring import game_value
from ..lawbook.rulesets import in_force
from ..record.options import Options
from ..record.source import MAX_ITEMS
from ..record.table import HAND_SIZE, PACK_SIZE

HEADER = frozenset({"ecarte", "rules", "players", "dealer", "options", "events", "title", "description"})
STARTS = frozenset({"shuffle", "cut", "deal"})   # the events that begin a deal after the last is over
CARD: dict[str, Card] = {c.text: c for c in PACK}   # the notation the generator and most tools write
_players_ok: dict[tuple[str, str], bool] = {}


def scan(text: str, source: str, scoring: Any) -> dict[str, Any] | None:
    """The `validate --json` object of a clean JSON log, or None when the full replay must read it."""
    try:
        return _scan(text, source, scoring)
    except Exception:   # anything at all it does not understand: the replay decides
        return None


def _handled(opts: Options) -> bool:
    """The options this loop applies exactly (every base's: the ranking, who deals, law 24's
    grace and the stock short, which it leaves to the replay either way, the refusal point on the
    vole, the dealer's duty to exchange); the variants' games are the replay's."""
    return opts.match == "single" and not opts.doubling and not opts.offer_point and not opts.pool


def _good_players(a: Any, b: Any) -> bool:
    """The two ids are ones the schema accepts: distinct printable text of 1 to 64 characters."""
    key = (a, b)
    ok = _players_ok.get(key)   # type: ignore[arg-type]
    if ok is None:
        ok = (type(a) is str and type(b) is str and all(
            0 < len(p) <= 64 and p.isprintable() and p.strip() == p for p in (a, b))
            and unicodedata.normalize("NFC", a) != unicodedata.normalize("NFC", b))
        if len(_players_ok) < 1024:
            _players_ok[key] = ok
    return ok


def _take(cards: list, hand: list, seen: set, card: Any) -> bool:
    """Cards dealt or given into a hand; False at a card already seen in the deal (law 45's
    redundant pack, for the replay to rule on)."""
    for t in cards:
        c = card[t]
        if c in seen:
            return False
        seen.add(c)
        hand.append(c)
    return True


def _scan(text: str, source: str, scoring: Any) -> dict[str, Any] | None:   # noqa: C901 (one tight loop on purpose)
    """The scan itself: every `return None` is a doubt; an exception is one too (see `scan`)."""
    raw = json.loads(text)
    if type(raw) is not dict or not HEADER.issuperset(raw):
        return None
    version = raw.get("ecarte")
    if type(version) is not int or version != 1:
        return None
    rules = raw.get("rules", "cavendish")
    players = raw.get("players")
    events = raw.get("events")
    if type(rules) is not str or type(players) is not list or len(players) != 2 \
            or type(events) is not list or len(events) > MAX_ITEMS:
        return None
    a, b = players
    if not _good_players(a, b):
        return None
    keys = len(raw)   # the mapping keys the text must write, as `log` counts them
    given = raw.get("options", {})
    if type(given) is not dict:
        return None
    keys += len(given)
    opts = in_force(rules, given, 2).options   # a header it cannot resolve raises: the replay says why
    if not _handled(opts):
        return None
    game_to, value = opts.game_to, opts.game_value
    power = ranking(opts)
    refusal_on_vole = opts.refusal_point_on_vole
    must_exchange = opts.dealer_must_exchange
    for key in ("title", "description"):
        if key in raw and type(raw[key]) is not str:
            return None
    next_dealer = raw.get("dealer")
    if "dealer" in raw and next_dealer != a and next_dealer != b:
        return None
    other = {a: b, b: a}
    score = {a: 0, b: 0}
    card = CARD
    winner = None
    cut_cards: dict[str, Card] = {}
    tied = False           # the last cut for deal was a tie
    chosen: dict[str, tuple[int, int]] = {}   # dealer -> the order of distribution he selected
    king_owner = None      # who may still mark the king turned up in this deal
    deals = 0
    phase = None           # of the current deal: None (no deal yet), dealing, exchange, play, over
    # the current deal (set when it begins)
    dealer = elder = ""
    hands: dict[str, list[Card]] = {}
    packets: list[tuple[str, int]] = []
    seen: set[Card] = set()
    shuffles: list[str] | None = None
    was_cut = False
    stock = PACK_SIZE
    trump = None
    proposals = 0
    first_answer = answer = None
    stock_spent = False
    d_e = g_e = d_d = g_d = 0
    asked = None
    first_play: set[str] = set()
    announced: set[str] = set()
    lead = None
    leader = ""
    next_leader = ""
    won: dict[str, int] = {}
    tricks = 0

    def round_clean() -> bool:
        """An accepted round of the exchange ends with no error of number (and some cards
        exchanged: a round that exchanges none is unusual enough for the replay), and the dealer
        took a card where he must (option dealer_must_exchange; the duty lapses with the stock)."""
        wanted = asked if asked is not None else d_e
        return d_e > 0 and g_e > 0 and asking_error(wanted, d_e) is None \
            and giving_error(g_e, wanted) is None and giving_error(g_d, d_d) is None \
            and (g_d > 0 or not must_exchange or stock == 0)

    def stock_serves() -> bool:
        """The stock can give both what they wish (law 38)."""
        to_elder, to_dealer = wishes(asked, d_e, g_e, d_d, g_d)
        return to_elder + to_dealer <= stock

    for ev in events:
        if winner is not None:
            return None   # events after the game is won: the replay reports them ignored
        (name, f), = ev.items()
        keys += 1 + len(f)
        if (phase is None or phase == "over") and name in STARTS:   # a new deal begins
            if cut_cards or tied or next_dealer is None:
                return None
            phase = "dealing"
            deals += 1
            dealer = next_dealer
            elder = other[dealer]
            hands = {dealer: [], elder: []}
            packets, seen, shuffles, was_cut, stock = [], set(), None, False, PACK_SIZE
            trump, proposals, first_answer, answer, stock_spent = None, 0, None, None, False
            first_play, announced, lead, next_leader, tricks = set(), set(), None, elder, 0
            won = {dealer: 0, elder: 0}
        if name == "play":
            if len(f) != 2:
                return None
            by = f["by"]
            c = card[f["card"]]
            if phase == "exchange":
                if answer == "accept" and not round_clean() or answer is None and proposals:
                    return None
                phase = "play"
            elif phase != "play":
                return None
            hand = hands[by]
            if lead is None:
                if by != next_leader:
                    return None
                hand.remove(c)
                first_play.add(by)
                lead, leader = c, by
                continue
            if by == leader or breach(hand, lead, c, trump, power) is not None:
                return None
            hand.remove(c)
            first_play.add(by)
            w = by if beats(c, lead, trump, power) else leader
            won[w] += 1
            tricks += 1
            next_leader = w
            lead = None
            if tricks == HAND_SIZE:
                phase = "over"
                next_dealer = elder
                result = hand_score(won, dealer, elder, no_proposal=proposals == 0,
                                    first_refused=first_answer == "refuse", scoring=scoring,
                                    refusal_on_vole=refusal_on_vole)
                if result is not None and result[1]:
                    p = result[0]
                    score[p] += result[1]
                    if score[p] >= game_to:
                        winner = p
        elif name == "look":
            if len(f) != 1 or phase is None:
                return None
            by = f["by"]
            if by != a and by != b:
                return None
        elif name == "deal":
            if len(f) != 2:
                return None
            to = f["to"]
            cards = f["cards"]
            if phase != "dealing" or len(packets) == 4:
                return None
            if shuffles is not None:
                if shuffles and shuffles[-1] != dealer and dealer in shuffles:
                    return None   # law 1: the dealer shuffles last
                shuffles = None
            n = len(cards)
            if type(cards) is not list or n > stock:
                return None
            if not _take(cards, hands[to], seen, card):
                return None
            stock -= n
            packets.append((to, n))
            if len(packets) == 4:
                if len(hands[dealer]) != HAND_SIZE or len(hands[elder]) != HAND_SIZE:
                    return None
                order = distribution(packets, elder, dealer)
                if order is None or chosen.setdefault(dealer, order) != order:
                    return None
        elif name == "give":
            if len(f) != 2 or phase != "exchange" or answer != "accept" or not stock_serves():
                return None
            to = f["to"]
            cards = f["cards"]
            n = len(cards)
            if type(cards) is not list or not 0 < n <= stock:
                return None
            if not _take(cards, hands[to], seen, card):
                return None
            stock -= n
            if to == elder:
                g_e += n
            else:
                g_d += n
            if stock == 0:
                stock_spent = True
        elif name == "discard":
            if len(f) != 2 or phase != "exchange" or answer != "accept":
                return None
            by = f["by"]
            cards = f["cards"]
            if type(cards) is not list or not cards:
                return None
            hand = hands[by]
            for t in cards:
                hand.remove(card[t])
            if by == elder:
                d_e += len(cards)
            else:
                d_d += len(cards)
            if not stock_serves():
                return None
        elif name == "turn_up":
            if len(f) != 1 or phase != "dealing" or len(packets) != 4:
                return None
            c = card[f["card"]]
            if c in seen:
                return None
            seen.add(c)
            stock -= 1
            phase = "exchange"
            trump = c.suit
            king_owner = None
            if c.rank == "K":
                king_owner = dealer
                score[dealer] += scoring.turned_king
                if score[dealer] >= game_to:
                    winner = dealer
        elif name == "propose":
            if len(f) != 1 or phase != "exchange" or f["by"] != elder or stock_spent \
                    or proposals and answer != "accept" or answer == "accept" and not round_clean():
                return None
            proposals += 1
            answer = asked = None
            d_e = g_e = d_d = g_d = 0
        elif name == "accept" or name == "refuse":
            if len(f) != 1 or phase != "exchange" or f["by"] != dealer or not proposals \
                    or answer is not None:
                return None
            answer = name
            if first_answer is None:
                first_answer = name
            if name == "accept" and not stock_serves():
                return None
        elif name == "shuffle":
            if len(f) != 1:
                return None
            by = f["by"]
            if by != a and by != b:
                return None
            if phase != "dealing" or packets or was_cut:
                return None
            if shuffles is None:
                shuffles = []
            shuffles.append(by)
        elif name == "cut":
            if len(f) != 2:
                return None
            by = f["by"]
            top = f["top"]
            if by != a and by != b or type(top) is not int or not 2 <= top <= PACK_SIZE - 2:
                return None
            if phase != "dealing" or packets or was_cut:
                return None
            if shuffles and shuffles[-1] != dealer and dealer in shuffles:
                return None   # law 1: the dealer shuffles last
            shuffles = None
            was_cut = True
        elif name == "announce_king":
            if len(f) != 1 or phase not in ("exchange", "play"):
                return None
            by = f["by"]
            if by in first_play or by in announced or trump_king(trump) not in hands[by]:
                return None   # late, again, or without the king: the replay rules on it
            announced.add(by)
            score[by] += scoring.held_king
            if score[by] >= game_to:
                winner = by
        elif name == "mark_king":
            if len(f) != 1 or king_owner is None or f["by"] != king_owner:
                return None
            king_owner = None   # marked: a second mark would be an overscore
        elif name == "ask":
            if len(f) != 2 or phase != "exchange" or answer != "accept" or f["by"] != elder:
                return None
            count = f["count"]
            if type(count) is not int or not 0 <= count <= PACK_SIZE or asked is not None and asked != count:
                return None
            asked = count
            if not stock_serves():
                return None
        elif name == "cut_for_deal":
            if len(f) != 2 or deals:
                return None
            by = f["by"]
            if by != a and by != b or by in cut_cards:
                return None
            cut_cards[by] = card[f["card"]]
            tied = False
            if len(cut_cards) == 2:
                ca, cb = cut_cards[a], cut_cards[b]
                if ca is cb:
                    return None   # the same card twice: the replay rules on the pack
                first = cut_winner(ca, cb, opts)
                tied = first is None   # they must cut again (law 5)
                if not tied:
                    next_dealer = (a, b)[first]
                cut_cards = {}
        else:
            return None
    if deals == 0 or phase != "over" and winner is None or keys != text.count('":'):
        return None
    if phase == "exchange" and answer == "accept" and not round_clean():
        return None   # won in the middle of a round whose numbers are not yet made good
    value_of = None
    if winner is not None:
        value_of = game_value(score[other[winner]], value, scoring)
    return {"source": source, "ok": True, "rules": rules, "options": opts.to_json(), "rulings": [], "score": score,
            "winner": winner, "game_value": value_of, "deals": deals}
