"""The lean path of `validate`: a clean game checked and scored in one loop over its parsed
JSON, with no model object per event.

Most archived games are clean. `scan` accepts only what it fully understands: a JSON log whose
header and every event are of the plain kinds a clean game is made of (the cut for deal,
shuffles, a cut, four packets of named cards, the turn-up, proposals answered and exchanges of
named cards in exact numbers, five tricks played with every duty kept, the king announced in
time (law 24's grace included) or turned up and marked whenever law 22 allows, cards in any
notation the format accepts, the game won at any event, a king included, and what the rest of
the deal may hold after it, reported ignored; under the variants doubling and offer_point, a
double or an offer made in time and answered at once: the hand doubled, ended early, or its
decliner bound to the vole, the plays after the offerer's trick reported ignored; a pool or a
linked match, each of its games scanned so, as `games` cuts the log; a deal recorded by its
results, as a club's score sheet records it: every packet, discard and give by `count` and the
hand by `tricks` of five, as engine/play.py's `tricks` reads them, the king announced from
unknown cards held unless it was turned up), each field of the right
type. At the first doubt (anything unusual, any irregularity, a deal half by cards and half by
counts, a card played or named from a hand of unknown cards, `holds`, tricks of fewer
or more than five, a claim, a mark, anything it does not know) it answers None and the full replay (pydantic
validation and `replay`) reads the log. The rules of play it applies are those of `rules`, the replay's own,
and so is the flow (who may shuffle, double, offer, announce or deal when).
What it answers for a game it accepts is what the replay answers, key for key (the differential
tests in tests/test_scan.py prove it on every kind of log the suite knows). Where it doubts a
deal after one or more it found clean, it hands on what those left (`Prefix`: the score, who
deals, the orders chosen, the kings never marked), and the replay goes on from the deal it
doubted (`Replay.resume`; tests/test_resume_scan.py proves the answer the full replay's).
"""
from __future__ import annotations

import unicodedata
from typing import Any, NamedTuple

# orjson reads the text, or an archive line's bytes: the data `json.loads` reads, in 60% of its
# time, or it raises (NaN, Infinity, a lone surrogate, bytes that are not UTF-8: the replay
# decides); but an integer past 64 bits it reads as a float. No float passes here: each number taken is tested to be an int, and the options'
# values are checked by the option table, which takes no float.
from orjson import loads as read_json

from ..record.cards import PACK, SUIT_SYMBOLS, Card
from .rules import (DOUBLED, asking_error, champion, cut_winner, dealer_after, dealer_must_take,
                    distribution, double_in_time, first_trick_open, giving_error, hand_score, law24_grace,
                    next_game, offer_in_time, ranking, second_card, shuffled_last, stake_points, trump_king,
                    vulnerable, wishes)
from .scoring import game_value
from ..lawbook.rulesets import in_force
from ..record.options import Options
from ..record.source import MAX_ITEMS
from ..record.table import HAND_SIZE, PACK_SIZE

HEADER = frozenset({"ecarte", "rules", "players", "dealer", "options", "events", "title", "description",
                    "laws", "expect"})   # a scenario's: the laws it shows, what a test suite expects (not read)
STARTS = frozenset({"shuffle", "cut", "deal"})   # the events that begin a deal after the last is over
ANSWERS = {"double": ("accept_double", "decline_double"), "offer": ("accept_offer", "decline_offer")}
# what may follow the game's end here (the rest of the deal, as a log may go on recording it),
# each with the only fields taken here, checked as strictly as the schema checks them: the
# replay ignores every event after the end, but not one that the log's schema refuses
AFTER_END: dict[str, tuple[str, ...]] = {
    "look": ("by",), "mark_king": ("by",), "announce_king": ("by",), "play": ("by", "card"),
    "propose": ("by",), "accept": ("by",), "refuse": ("by",), "ask": ("by", "count"),
    "discard": ("by", "cards"), "give": ("to", "cards"), "shuffle": ("by",), "cut": ("by", "top"),
    "deal": ("to", "cards"), "turn_up": ("card",)}


def _spellings() -> dict[str, Card]:
    """Every spelling of every card in the notations a log writes (`10H`, `TH`, `th`, `K♥`, any
    case), each as `Card.parse`, the log's own reader, reads it."""
    table = {}
    for c in PACK:
        ranks = {c.rank, c.rank.lower(), *(("T", "t") if c.rank == "10" else ())}
        suits = {c.suit, c.suit.lower(), next(k for k, v in SUIT_SYMBOLS.items() if v == c.suit)}
        for text in (r + s for r in ranks for s in suits):
            table[text] = Card.parse(text)
    return table


# every notation at dict speed; a text that is not a card is a KeyError, read then by `Card.parse`,
# the log's own reader (which raises, and the replay decides)
CARD: dict[str, Card] = _spellings()
_card_of = CARD.__getitem__
_players_ok: dict[tuple[str, str], bool] = {}
# a card of a hand recorded by counts (`deal`, `give` with `count`), kept as a tuple of these: no
# card is one, and no card is added to a tuple or taken from it by name (a TypeError, an
# AttributeError, a ValueError: a doubt), so none is played, discarded, given or announced from
# such a hand here (the replay's)
UNKNOWN: Any = None
# (rules, players, options given) -> what `_options` found
_in_force: dict[tuple[Any, ...], tuple[Options, dict[str, Any]]] = {}


def _king_in_time(by: str, trump: str | None, played: dict[str, list[Card]], hands: dict[str, list[Card]],
                  grace: bool, tricks: int, lead: Card | None, non_dealer: str, dealer: str,
                  seen: set[Card]) -> bool:
    """Whether `by` announces the king of trumps as in time (law 24, `rules.law24_grace`, once he
    has played; else he holds it: from a hand of unknown cards, a deal by counts, as
    `in_play.holds_trump_king` reads it, unless it is the card turned up, the only one `seen`)."""
    king = trump_king(trump)
    if played[by]:
        return grace and law24_grace(played[by], king, led_it=by == non_dealer,
                                     first_trick_open=first_trick_open(tricks, lead is None), dealer=by == dealer)
    hand = hands[by]
    return king in hand if type(hand) is list else king not in seen


class Prefix(NamedTuple):
    """The deals a log begins with that the scan found clean, before the deal it doubted: what
    the replay of them leaves that the rest of the log may read (`Replay.resume`), so that the
    replay goes on from that deal rather than from the first event."""

    at: int                         # the doubted deal's first event
    deals: int                      # the deals before it, each played out and scored
    score: tuple[int, int]          # the players' points then, in the header's order
    dealer: str                     # who deals the doubted deal (the deal alternated before it)
    chosen: dict[str, tuple[int, int]]   # each earlier dealer's order of distribution (law 8; it may
    # hold the doubted deal's own dealer's too, which `resume` does not read)
    ignored: list[int]              # the plays it ignored, of hands an offerer's trick ended
    kings: list[str]                # the dealer of each king turned up that no `mark_king` recorded
    # before the next deal's turn-up (law 22; an unmarked log counted it all the same)
    unmarked: str | None            # the last deal's dealer, if he turned up a king that no `mark_king`
    # has yet recorded (he may until the doubted deal's turn-up)


def scan(text: str | bytes, source: str, scoring: Any) -> dict[str, Any] | None:
    """The `validate --json` object of a clean JSON log (its text, or its UTF-8 bytes: orjson
    refuses those that are not), or None when the full replay must read it."""
    return scan_read(text, source, scoring)[0]


def scan_read(text: str | bytes, source: str, scoring: Any) -> tuple[dict[str, Any] | None, Any, Prefix | None]:
    """`scan`, the data orjson read from the text (None where it read none), which the full
    replay takes rather than reading the text again (`record.log.read_text` says when), and,
    where the scan doubted a deal after one or more it found clean, what those leave (`Prefix`:
    the replay goes on from there)."""
    raw = None
    begun: list[Any] = [None, None, None, None]
    try:
        raw = read_json(text)
        keys = [0]
        out = _scan(raw, source, scoring, keys, begun)
        # the mapping keys the text writes: one more than those parsed is a key given twice
        # (the separator counted is of the text's own type: mypy cannot follow it, hence the ignore)
        if out is not None and keys[0] == text.count(b'":' if type(text) is bytes else '":'):  # type: ignore[arg-type]
            return out, raw, None
    except Exception:   # anything at all it does not understand: the replay decides
        pass
    return None, raw, _prefix(begun)


def _prefix(begun: list[Any]) -> Prefix | None:
    """What the scan's clean deals left (`Prefix`) at the start of the last deal it began, if
    one was played before it."""
    mark, chosen, ignored, kings = begun
    if mark is None or not mark[1]:
        return None
    at, deals, one, two, dealer, skipped, lapsed, unmarked = mark
    return Prefix(at, deals, (one, two), dealer, chosen, ignored[:skipped], kings[:lapsed], unmarked)


def scan_data(raw: Any, source: str, scoring: Any) -> dict[str, Any] | None:
    """The same for a log already parsed by `source.parse_text` (YAML: it refuses a key given twice)."""
    try:
        return _scan(raw, source, scoring, [0], [None, None, None, None])
    except Exception:
        return None


def _handled(opts: Options) -> bool:
    """The options this loop applies exactly (every base's: the ranking, who deals, law 24's
    grace or none, the stock short, which it leaves to the replay either way, the refusal point on the
    vole, the dealer's duty to exchange; doubles and offers of the point answered in time) to
    one game; the logs of several games (pool, linked) are `_several`'s, a game at a time."""
    return opts.match == "single" and not opts.pool


def _good_players(a: Any, b: Any) -> bool:
    """The two ids are ones the schema accepts: distinct printable text of 1 to 64 characters."""
    key = (a, b)
    ok = _players_ok.get(key)
    if ok is None:
        ok = (type(a) is str and type(b) is str and all(
            0 < len(p) <= 64 and p.isprintable() and p.strip() == p for p in (a, b))
            and unicodedata.normalize("NFC", a) != unicodedata.normalize("NFC", b))
        if len(_players_ok) < 1024:
            _players_ok[key] = ok
    return ok


def _options(rules: str, given: dict[str, Any], players: int) -> tuple[Options, dict[str, Any]]:
    """(the options in force for a header, and their JSON); raises for a header it cannot
    resolve (the replay says why). Kept for the few headers an archive repeats."""
    key = (rules, players, *((k, type(v), v) for k, v in given.items()))   # 1 and True are equal, not alike
    found = _in_force.get(key)
    if found is None:
        opts = in_force(rules, given, players).options
        found = (opts, opts.to_json())
        if len(_in_force) < 256:
            _in_force[key] = found
    return found


def _several(raw: dict[str, Any], source: str, scoring: Any, counted: list[int]) -> dict[str, Any] | None:
    """A pool or a linked match (RULESETS.md), as `engine.games` replays it: the log cut at its
    `new_game` events, each game scanned on its own (`_scan`, between its two players, who deal
    first as `games` says, the events numbered as in the log), then who won the pool (two games
    running) or the match (two games). None at the first doubt, as `_scan`."""
    if "laws" in raw or "expect" in raw:
        return None   # a scenario of several games: the replay's
    rules, players, events = raw.get("rules", "cavendish"), raw["players"], raw["events"]
    given = raw.get("options", {})
    if type(given) is not dict:
        return None
    opts, options_json = _options(rules, given, len(players))
    pool = opts.pool
    if not (pool or opts.match == "linked") or any(not _good_players(p, q) for i, p in enumerate(players)
                                                   for q in players[i + 1:]):
        return None
    if any(key in raw and type(raw[key]) is not str for key in ("title", "description")) \
            or "dealer" in raw and raw["dealer"] not in players:
        return None
    keys = len(raw) + len(given)
    starts = []
    for n, ev in enumerate(events, 1):
        name, = ev   # its one key, the event's name (no items view, no pair, per event)
        f = ev[name]
        keys += 1 + len(f)
        if name == "new_game":
            starts.append(n)
    counted[0] = keys
    ends = [n - 1 for n in starts[1:]] + [len(events)]
    # (opener, first, last): events first+1..last
    spans: list[tuple[int | None, int, int]] = [(n, n, end) for n, end in zip(starts, ends)]
    if not starts or starts[0] != 1:
        spans.insert(0, (None, 0, starts[0] - 1 if starts else len(events)))
    sub_options = {**given, "pool": False, "match": "single"}   # each game is one game of these rules
    played: list[dict[str, Any]] = []
    ignored: list[int] = []
    deals = 0
    won_by = None
    last: dict[str, Any] = {}
    for k, (opener, first, end) in enumerate(spans):
        if won_by is not None:
            return None   # a game after the pool or match is won: the replay ignores it
        f = events[opener - 1]["new_game"] if opener is not None else None
        if f is not None:
            if not set(f) <= {"players", "dealer"} or type(f["players"]) is not list or len(f["players"]) != 2:
                return None
            p, q = f["players"]
            if p == q or p not in players or q not in players or f.get("dealer", p) not in (p, q):
                return None
        if k == 0:
            pair = (f["players"][0], f["players"][1]) if f is not None else (players[0], players[1])
            dealer = f.get("dealer") if f is not None and f.get("dealer") is not None else raw.get("dealer")
        else:
            assert f is not None   # a game after the first begins with new_game
            winner = played[-1]["winner"]
            if winner is None:
                return None   # a new game before the last is won: a log error
            right, first_dealer = next_game(players, played[-1]["players"], winner, pool=pool)
            if set(f["players"]) != right:
                return None
            dealer = f.get("dealer") or first_dealer
            pair = (f["players"][0], f["players"][1])
        if dealer is not None and dealer not in pair:
            return None
        sub = {"ecarte": 1, "rules": rules, "players": list(pair), "options": sub_options,
               "events": events[first:end]}
        if dealer is not None:
            sub["dealer"] = dealer
        last = _scan(sub, source, scoring, [0], [None, None, None, None])   # type: ignore[assignment]
        if last is None:
            return None
        deals += last["deals"]
        ignored += [first + n for n in last.get("ignored_events", ())]
        played.append({"players": list(pair), "score": last["score"], "winner": last["winner"],
                       "value": last["game_value"]})
        if last["winner"] is not None:
            won_by = champion([g["winner"] for g in played], pool=pool)
            if won_by is None and any(next(iter(events[first + n - 1])) in STARTS
                                      for n in last.get("ignored_events", ())):
                return None   # a deal after a game won: the next begins with new_game (a log error)
    out = {"source": source, "ok": True, "rules": rules, "options": dict(options_json), "rulings": [],
           "score": last["score"], "winner": won_by, "game_value": last["game_value"] if won_by else None,
           "deals": deals}
    if ignored:
        out["ignored_events"] = ignored
    out["games"] = played
    if pool:
        out["pool_winner"] = won_by
    return out


def _cards(texts: list[Any]) -> list[Card]:
    """The cards a list names, in any notation the format accepts."""
    try:
        return list(map(_card_of, texts))
    except KeyError:
        return [Card.parse(t) for t in texts]


def _card(text: Any) -> Card:
    try:
        return CARD[text]
    except KeyError:
        return Card.parse(text)


def _ignorable(name: str, f: Any, players: dict[str, str]) -> bool:
    """An event after the game's end that the schema accepts, as far as this can tell (it may
    refuse more than the schema does: the replay then reads the log); raises for a card that
    is not one."""
    shape = AFTER_END.get(name)
    if shape is None or type(f) is not dict or len(f) != len(shape):
        return False
    for key in shape:
        value = f[key]
        if key == "by" or key == "to":
            if value not in players:
                return False
        elif key == "card":
            _card(value)
        elif key == "cards":
            if type(value) is not list or len(value) > PACK_SIZE:
                return False
            _cards(value)
        elif type(value) is not int or not 0 <= value <= PACK_SIZE:   # count, top
            return False
    return True


def _shows_again(name: str, f: dict[str, Any], hands: dict[str, list[Card]], seen: set[Card]) -> bool:
    """Whether an event of the rest of the deal after the game's end shows a card the deal has
    already shown (a second turn-up, a card dealt or given twice, a card played or discarded
    that its player does not hold): law 11 or 45 may then void the deal, and the game's end
    with it, which the replay judges. The cards it adds or takes are moved."""
    if name == "turn_up":
        return True
    if name == "deal" or name == "give":
        cards = _cards(f["cards"])
        if any(c in seen for c in cards) or len(set(cards)) != len(cards):
            return True
        seen.update(cards)
        hands[f["to"]] += cards
    elif name == "play" or name == "discard":
        hand = hands[f["by"]]
        for c in _cards(f["cards"]) if name == "discard" else [_card(f["card"])]:
            if c not in hand:
                return True
            hand.remove(c)
    return False


def _round_clean(asked: int | None, d_e: int, g_e: int, d_d: int, g_d: int, opts: Options,
                 stock: int) -> bool:
    """An accepted round of the exchange ends with no error of number (and some cards
    exchanged: a round that exchanges none is unusual enough for the replay), and the dealer
    took a card where he must (option dealer_must_exchange; the duty lapses with the stock).
    `d_e`, `g_e`: the cards the non-dealer discarded and was given in it; `d_d`, `g_d`
    the dealer's. (Functions of their own, not closures: the loop's variables stay fast.)"""
    wanted = asked if asked is not None else d_e
    return d_e > 0 and g_e > 0 and asking_error(wanted, d_e) is None \
        and giving_error(g_e, wanted) is None and giving_error(g_d, d_d) is None \
        and (g_d > 0 or not dealer_must_take(opts, stock))


def _numbers_so_far(asked: int | None, d_e: int, g_e: int, d_d: int, g_d: int) -> bool:
    """A round the game's end interrupts: the replay has compared the numbers of each player
    given cards in it (at each discard, ask and give), and those of no other yet."""
    wanted = asked if asked is not None else d_e
    return (g_e == 0 or asking_error(wanted, d_e) is None and giving_error(g_e, wanted) is None) \
        and (g_d == 0 or giving_error(g_d, d_d) is None)


def _dealt(packets: list[tuple[str, int]], hands: dict[str, Any], dealer: str, non_dealer: str,
           chosen: dict[str, tuple[int, int]]) -> bool:
    """The fourth packet dealt, by cards or by count: five cards each, in the order of
    distribution the dealer chose at his first deal (law 8, `rules.distribution`)."""
    if len(hands[dealer]) != HAND_SIZE or len(hands[non_dealer]) != HAND_SIZE:
        return False
    order = distribution(packets, non_dealer, dealer)
    return order is not None and chosen.setdefault(dealer, order) == order


def _hand_scored(won: dict[str, int], dealer: str, non_dealer: str, proposals: int, first_answer: str | None,
                 scoring: Any, refusal_on_vole: bool, times: int, score: dict[str, int], game_to: int) -> str | None:
    """A hand played out, by its cards or by `tricks`: what it scores (`rules.hand_score`, times
    the stake) added to `score`; the player it brings to the game, if it does."""
    result = hand_score(won, dealer, non_dealer, no_proposal=proposals == 0, first_refused=first_answer == "refuse",
                        scoring=scoring, refusal_on_vole=refusal_on_vole)
    if result is None or not result[1]:
        return None
    p = result[0]
    score[p] += result[1] * times
    return p if score[p] >= game_to else None


def _keys_in(data: Any) -> int:
    """The mapping keys within plain data (a scenario's `expect`, which the adjudicator does not read)."""
    if type(data) is dict:
        return len(data) + sum(_keys_in(v) for v in data.values())
    if type(data) is list:
        return sum(_keys_in(v) for v in data)
    return 0


def _scan(raw: Any, source: str, scoring: Any, counted: list[int], begun: list[Any]) -> dict[str, Any] | None:   # noqa: C901 (one tight loop on purpose)
    """The scan itself: every `return None` is a doubt; an exception is one too (see `scan`).
    `counted` receives the number of mapping keys in the log; `begun`, at each deal's start,
    what `_prefix` makes a `Prefix` of (the event, the deals before it, the score, the dealer),
    then the orders chosen, the events ignored and the kings never marked (for a log of one game)."""
    if type(raw) is not dict or not HEADER.issuperset(raw):
        return None
    version = raw.get("ecarte")
    if type(version) is not int or version != 1:
        return None
    rules = raw.get("rules", "cavendish")
    players = raw.get("players")
    events = raw.get("events")
    if type(rules) is not str or type(players) is not list or not 2 <= len(players) <= 3 \
            or type(events) is not list or len(events) > MAX_ITEMS:
        return None
    if len(players) == 3:
        return _several(raw, source, scoring, counted)
    a, b = players
    shown = raw.get("laws")
    if shown is not None and (type(shown) is not list or any(type(n) is not int or not 1 <= n <= 51 for n in shown)):
        return None
    if not _good_players(a, b):
        return None
    keys = len(raw)   # the mapping keys the text must write, as `log` counts them
    if "expect" in raw:
        keys += _keys_in(raw["expect"])
    given = raw.get("options", {})
    if type(given) is not dict:
        return None
    keys += len(given)
    opts, options_json = _options(rules, given, 2)
    if not _handled(opts):   # a pool's or a linked match's games, each scanned on its own
        return _several(raw, source, scoring, counted)
    game_to, value = opts.game_to, opts.game_value
    power = ranking(opts)
    refusal_on_vole = opts.refusal_point_on_vole
    grace = opts.king_after_first_card == "law24"
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
    dealer = non_dealer = ""
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
    played: dict[str, list[Card]] = {}   # the cards each has played in this hand
    announced: set[str] = set()
    lead = None
    leader = ""
    next_leader = ""
    won: dict[str, int] = {}
    tricks = 0
    times = 1              # the hand's points count DOUBLED times once a double is accepted
    doubled = offered = lost = False   # a double, an offer made in this hand; the offerer's trick ended it
    bound = None           # the offerer, once his offer is declined: the decliner must win all five
    asking = None          # "double" or "offer" made in time by `asking_by`: the next event answers it
    asking_by = ""

    ignored: list[int] = []
    kings: list[str] = []   # the dealers of the kings turned up and never marked, of deals before this one
    begun[1:] = chosen, ignored, kings
    next_deal = False      # after the game's end, the log has begun another deal
    todo = enumerate(events, 1)   # one iterator: the loop resumes it after an event by count
    while True:
        try:
            for number, ev in todo:
                name, = ev   # its one key, the event's name (no items view, no pair, per event)
                f = ev[name]
                width = len(f)   # its fields (with its name, the keys the text writes for it: see the end)
                keys += width
                if asking is not None and name not in ANSWERS[asking]:
                    return None   # a double or offer not answered at once: the replay rules on it
                if lost and (name == "play" or name == "announce_king"):   # a play of the hand the offerer's trick
                    if width != (2 if name == "play" else 1) or f["by"] not in other:   # ended: ignored
                        return None
                    if name == "play":
                        _card(f["card"])
                    ignored.append(number)
                    continue
                if winner is not None:   # the game is won: what follows is ignored, if the log may hold it
                    if not _ignorable(name, f, other):
                        return None
                    if name in STARTS:
                        next_deal = True   # the next deal: the one that won the game is over
                    elif next_deal or phase == "over":
                        pass   # (after the hand: the replay finds the event out of place, and the win stands)
                    elif name == "play":   # the rest of the winning hand: in turn and every duty kept, or the
                        by, c = f["by"], _card(f["card"])   # replay rules on it (the win waits on the choice)
                        hand = hands[by]
                        if c not in hand:
                            return None
                        if lead is None:
                            if by != next_leader:
                                return None
                            lead, leader = c, by
                        else:
                            duty, wins = second_card(hand, lead, c, trump, power)
                            if by == leader or duty is not None:
                                return None
                            next_leader, lead = (by if wins else leader), None
                            tricks += 1
                        hand.remove(c)
                        played[by].append(c)
                        phase = "play"
                    elif name == "announce_king":   # as in time, or the replay rules on it
                        by = f["by"]
                        if by in announced or not _king_in_time(by, trump, played, hands, grace, tricks, lead, non_dealer, dealer, seen):
                            return None
                        announced.add(by)
                    elif _shows_again(name, f, hands, seen):
                        return None   # the rest of the winning deal shows a card twice: the replay may void it
                    ignored.append(number)
                    continue
                if name in STARTS and (phase is None or phase == "over"):   # a new deal begins
                    if cut_cards or tied or next_dealer is None:
                        return None
                    begun[0] = (number, deals, score[a], score[b], next_dealer, len(ignored), len(kings), king_owner)
                    phase = "dealing"
                    deals += 1
                    dealer = next_dealer
                    non_dealer = other[dealer]
                    hands = {dealer: [], non_dealer: []}
                    packets, seen, shuffles, was_cut, stock = [], set(), None, False, PACK_SIZE
                    trump, proposals, first_answer, answer, stock_spent = None, 0, None, None, False
                    played, announced, lead, next_leader, tricks = {dealer: [], non_dealer: []}, set(), None, non_dealer, 0
                    won = {dealer: 0, non_dealer: 0}
                    times, doubled, offered, lost, bound = 1, False, False, False, None
                if name == "play":
                    if width != 2:
                        return None
                    by = f["by"]
                    try: c = card[f["card"]]   # (on one line: no NOP for the `try` line, a play at a time)
                    except KeyError:
                        c = Card.parse(f["card"])
                    if phase == "exchange":
                        if answer == "accept" and not _round_clean(asked, d_e, g_e, d_d, g_d, opts, stock) or answer is None and proposals:
                            return None
                        phase = "play"
                    elif phase != "play":
                        return None
                    hand = hands[by]
                    if lead is None:
                        if by != next_leader:
                            return None
                        hand.remove(c)
                        played[by].append(c)
                        lead, leader = c, by
                        continue
                    duty, wins = second_card(hand, lead, c, trump, power)
                    if by == leader or duty is not None:
                        return None
                    hand.remove(c)
                    played[by].append(c)
                    w = by if wins else leader
                    won[w] += 1
                    tricks += 1
                    next_leader = w
                    lead = None
                    if w == bound:   # the offerer took a trick after his offer was declined: he marks two
                        phase, next_dealer, lost = "over", dealer_after(dealer, non_dealer, dealer), True
                        score[w] += stake_points("offer_lost", scoring)
                        if score[w] >= game_to:
                            winner = w
                    elif tricks == HAND_SIZE:
                        phase = "over"
                        next_dealer = dealer_after(dealer, non_dealer, dealer)
                        winner = _hand_scored(won, dealer, non_dealer, proposals, first_answer, scoring,
                                              refusal_on_vole, times, score, game_to) or winner
                elif name == "look":
                    if width != 1 or phase is None or f["by"] not in other:
                        return None
                elif name == "deal":
                    if width != 2:
                        return None
                    to = f["to"]
                    cards = f["cards"]
                    if phase != "dealing" or len(packets) == 4:
                        return None
                    if shuffles is not None:
                        if not shuffled_last(shuffles, dealer):
                            return None
                        shuffles = None
                    n = len(cards)
                    if type(cards) is not list or n > stock:
                        return None
                    cs = _cards(cards)
                    was = len(seen)
                    seen.update(cs)
                    if len(seen) != was + n:
                        return None   # a card already seen in the deal: law 45's redundant pack, the replay's
                    hands[to] += cs
                    stock -= n
                    packets.append((to, n))
                    if len(packets) == 4 and not _dealt(packets, hands, dealer, non_dealer, chosen):
                        return None
                elif name == "give":
                    if width != 2 or phase != "exchange" or answer != "accept" or sum(wishes(asked, d_e, g_e, d_d, g_d)) > stock:
                        return None
                    to = f["to"]
                    cards = f["cards"]
                    n = len(cards)
                    if type(cards) is not list or not 0 < n <= stock:
                        return None
                    cs = _cards(cards)
                    was = len(seen)
                    seen.update(cs)
                    if len(seen) != was + n:
                        return None
                    hands[to] += cs
                    stock -= n
                    if to == non_dealer:
                        g_e += n
                    else:
                        g_d += n
                    if stock == 0:
                        stock_spent = True
                elif name == "discard":
                    if width != 2 or phase != "exchange" or answer != "accept":
                        return None
                    by = f["by"]
                    cards = f["cards"]
                    if type(cards) is not list or not cards:
                        return None
                    hand = hands[by]
                    for c in _cards(cards):
                        hand.remove(c)
                    if by == non_dealer:
                        d_e += len(cards)
                    else:
                        d_d += len(cards)
                    if sum(wishes(asked, d_e, g_e, d_d, g_d)) > stock:
                        return None
                elif name == "turn_up":
                    if width != 1 or phase != "dealing" or len(packets) != 4:
                        return None
                    c = _card(f["card"])
                    if c in seen:
                        return None
                    seen.add(c)
                    stock -= 1
                    phase = "exchange"
                    trump = c.suit
                    if king_owner is not None:   # the last deal's king, never marked: it lapses now
                        kings.append(king_owner)
                    king_owner = None
                    if c.rank == "K":
                        king_owner = dealer
                        score[dealer] += scoring.turned_king
                        if score[dealer] >= game_to:
                            winner = dealer
                elif name == "propose":
                    if width != 1 or phase != "exchange" or f["by"] != non_dealer or stock_spent \
                            or proposals and answer != "accept" or answer == "accept" and not _round_clean(asked, d_e, g_e, d_d, g_d, opts, stock):
                        return None
                    proposals += 1
                    answer = asked = None
                    d_e = g_e = d_d = g_d = 0
                elif name == "accept" or name == "refuse":
                    if width != 1 or phase != "exchange" or f["by"] != dealer or not proposals \
                            or answer is not None:
                        return None
                    answer = name
                    if first_answer is None:
                        first_answer = name
                    if name == "accept" and sum(wishes(asked, d_e, g_e, d_d, g_d)) > stock:
                        return None
                elif name == "shuffle":
                    if width != 1:
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
                    if width != 2:
                        return None
                    by = f["by"]
                    top = f["top"]
                    if by != a and by != b or type(top) is not int or not 2 <= top <= PACK_SIZE - 2:
                        return None
                    if phase != "dealing" or packets or was_cut:
                        return None
                    if shuffles and not shuffled_last(shuffles, dealer):
                        return None
                    shuffles = None
                    was_cut = True
                elif name == "announce_king":
                    if width != 1 or phase not in ("exchange", "play"):
                        return None
                    by = f["by"]
                    if by in announced or not _king_in_time(by, trump, played, hands, grace, tricks, lead, non_dealer, dealer, seen):
                        return None   # late, again, or without the king: the replay rules on it
                    announced.add(by)
                    score[by] += scoring.held_king
                    if score[by] >= game_to:
                        winner = by
                elif name == "mark_king":
                    if width != 1 or king_owner is None or f["by"] != king_owner:
                        return None
                    king_owner = None   # marked: a second mark would be an overscore
                elif name == "ask":
                    if width != 2 or phase != "exchange" or answer != "accept" or f["by"] != non_dealer:
                        return None
                    count = f["count"]
                    if type(count) is not int or not 0 <= count <= PACK_SIZE or asked is not None and asked != count:
                        return None
                    asked = count
                    if sum(wishes(asked, d_e, g_e, d_d, g_d)) > stock:
                        return None
                elif name == "double" or name == "offer_point":
                    by = f["by"]
                    kind = "double" if name == "double" else "offer"
                    if width != 1 or by not in other or phase not in ("exchange", "play") \
                            or phase == "exchange" and answer is None and proposals:
                        return None
                    if kind == "double":   # in time, once a hand
                        if not opts.doubling or doubled or not double_in_time(tricks + (lead is not None)):
                            return None
                        doubled = True
                    else:                  # in time, once a hand
                        if not opts.offer_point or offered or not offer_in_time(tricks + (lead is not None)):
                            return None
                        offered = True
                    asking, asking_by = kind, by
                elif name in ("accept_double", "decline_double", "accept_offer", "decline_offer"):
                    by = f["by"]
                    if asking is None or width != 1 or by != other[asking_by]:
                        return None   # an answer with nothing to answer (or to one out of time): the replay's
                    asking = None
                    if name == "accept_double":
                        times = DOUBLED
                        continue
                    if name == "decline_offer":
                        bound = asking_by
                        continue
                    if phase == "exchange" and (answer == "accept" and not _round_clean(asked, d_e, g_e, d_d, g_d, opts, stock) or answer is None and proposals):
                        return None
                    if name == "decline_double":   # the doubler marks the point, two if the decliner was vulnerable
                        p, hurt = asking_by, vulnerable(by == non_dealer, proposals=proposals, has_played=bool(played[by]),
                                                        first_refused=first_answer == "refuse")
                        basis = "double_declined_vulnerable" if hurt else "double_declined"
                    else:                          # the acceptor marks the point, two if the offerer was the
                        p, hurt = by, asking_by == dealer and vulnerable(   # dealer who refused the first proposal
                            False, proposals=proposals, has_played=bool(played[asking_by]),
                            first_refused=first_answer == "refuse")
                        basis = "offer_accepted_vulnerable" if hurt else "offer_accepted"
                    phase, next_dealer = "over", dealer_after(dealer, non_dealer, dealer)   # ended early: counts as played
                    score[p] += stake_points(basis, scoring)
                    if score[p] >= game_to:
                        winner = p
                elif name == "cut_for_deal":
                    if width != 2 or deals:
                        return None
                    by = f["by"]
                    if by != a and by != b or by in cut_cards:
                        return None
                    cut_cards[by] = _card(f["card"])
                    tied = False
                    if len(cut_cards) == 2:
                        ca, cb = cut_cards[a], cut_cards[b]
                        if ca is cb:
                            return None   # the same card twice: the replay rules on the pack
                        first = cut_winner(ca, cb, opts)
                        tied = first is None   # they must cut again (law 5)
                        if first is not None:
                            next_dealer = (a, b)[first]
                        cut_cards = {}
                elif name == "tricks":   # the hand's result by counts, no card of it played: as play.tricks
                    if phase == "exchange":
                        if answer == "accept" and not _round_clean(asked, d_e, g_e, d_d, g_d, opts, stock) or answer is None and proposals:
                            return None
                    elif phase != "play" or played[dealer] or played[non_dealer]:
                        return None
                    if bound is not None or not set(f) <= won.keys():
                        return None   # (an offer declined: the replay's)
                    made = 0
                    for p in won:
                        n = f.get(p, 0)
                        if type(n) is not int or not 0 <= n <= HAND_SIZE:
                            return None
                        won[p] = n
                        made += n
                    if made != HAND_SIZE:
                        return None   # fewer, the hand abandoned (law 42), or more: the replay's
                    tricks = HAND_SIZE
                    phase = "over"
                    next_dealer = dealer_after(dealer, non_dealer, dealer)
                    winner = _hand_scored(won, dealer, non_dealer, proposals, first_answer, scoring,
                                          refusal_on_vole, times, score, game_to) or winner
                else:
                    return None
        except KeyError as missing:   # a packet, a give or a discard by count (`cards` missing), as
            # dealing.py and exchange.py read it, into or out of a hand of unknown cards only (a
            # tuple), with the checks that follow the cards' look-up in the branches above
            if missing.args != ("cards",) or winner is not None or lost or name not in ("deal", "give", "discard"):
                return None   # any other key missing: the replay says what
            n = f["count"]
            if type(n) is not int:
                return None
            if name == "deal":   # no card shown in the deal yet, nor later: law 8's packets alternate, and
                if phase != "dealing" or len(packets) == 4 or not 0 <= n <= stock or seen:   # a packet by
                    return None   # cards to a tuple is a TypeError
                if shuffles is not None:
                    if not shuffled_last(shuffles, dealer):
                        return None
                    shuffles = None
                hands[to] = tuple(hands[to]) + (UNKNOWN,) * n   # type: ignore[assignment]
                stock -= n
                packets.append((to, n))
                if len(packets) == 4 and not _dealt(packets, hands, dealer, non_dealer, chosen):
                    return None
            elif name == "give":
                hand = hands[to]
                if not isinstance(hand, tuple) or not 0 < n <= stock:
                    return None
                hands[to] = hand + (UNKNOWN,) * n
                stock -= n
                if to == non_dealer:
                    g_e += n
                else:
                    g_d += n
                if stock == 0:
                    stock_spent = True
            else:
                hand = hands[by]
                if not isinstance(hand, tuple) or not 0 < n <= len(hand):
                    return None
                hands[by] = hand[n:]
                if by == non_dealer:
                    d_e += n
                else:
                    d_d += n
                if sum(wishes(asked, d_e, g_e, d_d, g_d)) > stock:
                    return None
            continue
        break
    counted[0] = keys + len(events)   # each event's name is a key too
    if asking is not None or deals == 0 or phase != "over" and winner is None:
        return None
    if phase == "exchange" and answer == "accept" and not _numbers_so_far(asked, d_e, g_e, d_d, g_d):
        return None   # won in the middle of a round, the numbers of a player served not made good
    value_of = None
    if winner is not None:
        value_of = game_value(score[other[winner]], value, scoring)
    out = {"source": source, "ok": True, "rules": rules, "options": dict(options_json), "rulings": [], "score": score,
           "winner": winner, "game_value": value_of, "deals": deals}
    if ignored:
        out["ignored_events"] = ignored
    return out
