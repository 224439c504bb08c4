"""The table companion's tables (`ecarte table --page`): everything its page looks up to keep the
score, computed here at build time by the engine's own functions, so that the page's script only
looks up and adds.

The page records a deal as the players tell it: who dealt, the card turned up (a king or not),
each proposal and its answer, a king of trumps announced, a double or an offer where the rules
have them, and the tricks each won. Each table is keyed by what the page records:

- `hand`: `"<answers>|<winner>|<tricks>|<times>"` -> [points, "point" or "vole", the scoring
  table's key], from `rules.hand_score`; `<answers>` is the dealer's answers to the proposals in
  order ("" when the non-dealer played without proposing, "A" accepted, "R" refused), `<winner>`
  "d" (the dealer) or "n" (the non-dealer), `<times>` 1, or `rules.DOUBLED` for a double
  accepted;
- `double_declined`: `"<answers>|<decliner>|<played>"` -> what the player who doubled marks
  (`<played>` 1 when the decliner had played a card of the hand);
- `offer_accepted`: `"<answers>|<offerer>"` -> what the acceptor marks; `offer_lost`: what the
  offerer marks when he takes a trick after his offer was declined;
- `kings`: what a king turned up and a king held and announced score (law 47);
- `next_dealer`: who deals after a hand played, "d" or "n" (`rules.dealer_after`);
- `agreements`: the points of a game and the game's value the players may agree (law 46), with
  `game_values`: for each agreement, the loser's score -> the game's value (`scoring.game_value`);
- `cut`: the rank each player cut -> who deals (0, 1, or null: cut again; `rules.cut_winner`);
- `play`: for a deal recorded card by card, who wins each trick (`rules.beats`), the king turned
  up, and the tricks in which a double and an offer are in time;
- `games`: one game, a pool or a linked match, as states: who plays, who deals first, and after
  each winner the state that follows or the champion (`rules.champion`, `rules.next_game`);
- `why`: what each score is earned for (laws/words/scores.yaml; `c`, where it differs: as claimed,
  which a ruling the page applies may find not so) and the law or rule that gives it,
  `laws` and `rule_words`: those laws' and rules' words in force, which the page shows as it scores.

Each entry of `hand` and the stakes names its scoring key, so the page says why and by which
law without deciding it.
"""
from __future__ import annotations

import json
from typing import Any

from ..engine.rules import (DOUBLED, beats, champion, cut_winner, dealer_after, double_in_time, hand_score,
                            next_game, offer_in_time, ranking, stake_points, trump_king, vulnerable)
from ..engine.scoring import game_value
from ..lawbook.laws import LawBook
from ..lawbook.rulesets import DEFAULT, InForce, in_force, rule_sets
from ..record.cards import PACK, RANKS, SUITS, Card
from ..record.options import CHOICES, INT_RANGE
from ..record.table import HAND_SIZE, PACK_SIZE
from ..words.rules import rule_named
from ..words.vocabulary import Words, default_words

STOCK = PACK_SIZE - 2 * HAND_SIZE - 1   # the cards left in the stock after the deal and the turn-up
ROLES = ("d", "n")
LAWS = (5, 22, 46, 47, 48, 49, 50, 51)   # the laws whose words the page shows while scoring


def answers() -> list[str]:
    """Every sequence of answers a deal can have: proposals accepted (each takes a card of the
    stock at least), then perhaps one refused."""
    return ["A" * k + end for k in range(STOCK + 1) for end in ("", "R")]


def _history(said: str) -> tuple[int, bool]:
    """(the proposals made, whether the first was refused) for a sequence of answers."""
    return len(said), said[:1] == "R"


def hands(rules: InForce, book: LawBook) -> dict[str, list[Any]]:
    """What a hand played out scores, for every sequence of answers, winner, tricks and stake."""
    out: dict[str, list[Any]] = {}
    o = rules.options
    for said in answers():
        proposals, first_refused = _history(said)
        for winner in ROLES:
            for won in range(3, HAND_SIZE + 1):
                tricks = {winner: won, ("n" if winner == "d" else "d"): HAND_SIZE - won}
                scored = hand_score(tricks, "d", "n", no_proposal=proposals == 0, first_refused=first_refused,
                                    scoring=book.scoring, refusal_on_vole=o.refusal_point_on_vole)
                assert scored is not None and scored[0] == winner
                _, points, kind, basis = scored
                for times in ((1, DOUBLED) if o.doubling else (1,)):
                    out[f"{said}|{winner}|{won}|{times}"] = [points * times, kind,
                                                             basis if times == 1 else f"{basis}_doubled"]
    return out


def stakes(rules: InForce, book: LawBook) -> dict[str, Any]:
    """What a double declined and an offer accepted or lost score, for every sequence of answers
    and role: the engine's `vulnerable` and `stake_points`. A double is recorded before the first
    card (a deal recorded by its result names no card): a non-dealer who declines has not played."""
    declined: dict[str, list[Any]] = {}
    accepted: dict[str, list[Any]] = {}
    o = rules.options
    for said in answers():
        proposals, first_refused = _history(said)
        for role in ROLES:
            hurt = vulnerable(role == "n", proposals=proposals, has_played=False, first_refused=first_refused)
            if o.doubling:
                for played in (False, True):   # the decliner had played a card of the hand (a deal card by card)
                    hit = vulnerable(role == "n", proposals=proposals, has_played=played, first_refused=first_refused)
                    basis = "double_declined_vulnerable" if hit else "double_declined"
                    declined[f"{said}|{role}|{int(played)}"] = [stake_points(basis, book.scoring), basis]
            if o.offer_point:
                basis = "offer_accepted_vulnerable" if role == "d" and hurt else "offer_accepted"
                accepted[f"{said}|{role}"] = [stake_points(basis, book.scoring), basis]
    out: dict[str, Any] = {}
    if o.doubling:
        out["double_declined"] = declined
    if o.offer_point:
        out["offer_accepted"] = accepted
        out["offer_lost"] = [stake_points("offer_lost", book.scoring), "offer_lost"]
    return out


def tricks(rules: InForce) -> dict[str, Any]:
    """For a deal recorded card by card: the cards (the pack's order), for each trump suit whether
    the second card played wins the trick (`beats[trump][32 * lead + card]`, "1" or "0", in the
    ranking in force), the cards that score as the king turned up, and in which tricks (by the
    tricks led so far) a double and an offer are in time."""
    power = ranking(rules.options)
    return {"cards": [str(c) for c in PACK],
            "beats": {t: "".join("1" if beats(c, lead, t, power) else "0" for lead in PACK for c in PACK)
                      for t in SUITS},
            "turned_king": [str(c) for c in PACK if trump_king(c.suit) == c],
            "double_in_time": [double_in_time(n) for n in range(HAND_SIZE + 1)],
            "offer_in_time": [offer_in_time(n) for n in range(HAND_SIZE + 1)]}


def cuts(rules: InForce) -> dict[str, dict[str, int | None]]:
    """Who deals after a cut for deal, by the two ranks cut (the first player's, the second's)."""
    return {a: {b: cut_winner(Card.parse(a + "S"), Card.parse(b + "H"), rules.options) for b in RANKS} for a in RANKS}


def cut_order(rules: InForce) -> list[str]:
    """The ranks from the highest to the lowest in the ranking in force (`rules.ranking`)."""
    power = ranking(rules.options)
    return sorted(RANKS, key=lambda r: -power[Card.parse(r + "S")])


def games(rules: InForce) -> dict[str, Any]:
    """The games of the sitting, as states keyed by a string: each with the two players (by their
    index in `players`), who deals first (an index, or null: the players cut or choose), and for
    each winner either the next state or the champion. One game: a single state, whose winner is
    the champion."""
    o = rules.options
    pool = bool(o.pool)
    several = pool or o.match == "linked"
    players = ["0", "1", "2"] if pool else ["0", "1"]
    states: dict[str, Any] = {}
    first = "g1"
    todo: list[tuple[str, list[str], str | None, list[str]]] = [(first, ["0", "1"], None, [])]
    while todo:
        key, pair, dealer, won = todo.pop()
        if key in states:
            continue
        then: dict[str, Any] = {}
        for w in pair:
            winners = won + [w]
            champ = champion(winners, pool=pool) if several else w
            if champ is not None:
                then[w] = {"champion": int(champ)}
                continue
            right, deals = next_game(players, pair, w, pool=pool)
            nxt = [w, deals] if pool else sorted(right)
            seen = winners[-1:] if pool else winners
            nkey = f"{'-'.join(nxt)}/{','.join(seen)}"
            then[w] = {"next": nkey}
            todo.append((nkey, nxt, deals, seen))
        states[key] = {"pair": [int(p) for p in pair], "dealer": None if dealer is None else int(dealer),
                       "then": then}
    return {"first": first, "states": states, "several": several, "pool": pool}


def marks(rules: InForce, book: LawBook) -> dict[str, Any]:
    """The laws the page says while scoring, in the words in force: each law's number, title and
    text."""
    out: dict[str, Any] = {}
    for n in LAWS:
        law = book.laws.get(n)
        if law is None or rules.removed(n) is not None:
            continue
        out[str(n)] = {"title": law.title, "text": rules.text(n, law.text)}
    return out


def variant_rules(rules: InForce, book: LawBook) -> dict[str, Any]:
    """The words of each variant's own rule that is on (doubling, offering the point), cited by
    its title and book."""
    on = rules.options.to_json()
    return {name: {"title": rule.title, "text": rule.text, "cite": rule_named(name, book)}
            for name, rule in book.rules.items() if on.get(name) is True}


def reasons(book: LawBook, words: Words) -> dict[str, Any]:
    """For each key of the scoring tables (and the variants' own): what a score was earned for,
    as the dealer and as the non-dealer (templates on {player}, {dealer}, {elder}: scores.yaml),
    and the law or the rule that gives it."""
    out: dict[str, Any] = {}
    for key in [*book.scoring_law, *book.scoring_rule]:
        if key in ("game_to", "game_values"):
            continue
        out[key] = {"d": words.earned(key, "dealer"), "n": words.earned(key, "non_dealer"),
                    "law": book.scoring_law.get(key), "rule": book.scoring_rule.get(key)}
        if key in words.scores.claimed:   # as claimed, which a ruling the page applies may find not so
            out[key]["c"] = words.scores.claimed[key]
    return out


def agreements(rules: InForce, book: LawBook) -> dict[str, Any]:
    """The two house agreements the players make at the table (law 46): the points of a game and
    what a game is worth. Each value these rules allow (`in_force` refuses a combination no
    source gives), with the game's value by the loser's score under each, and the rule set's
    defaults (a log's header names only what differs from them)."""
    lo, hi = INT_RANGE["game_to"]
    values = []
    for value in CHOICES["game_value"]:
        try:
            in_force(rules.rules, rules.header().get("options", {}) | {"game_value": value},
                     3 if rules.options.pool else 2)
        except ValueError:
            continue
        values.append(value)
    base = rule_sets()[rules.rules].defaults
    return {"game_to": {"min": lo, "max": hi, "usual": [3, 5, 7, 10]},
            "game_values": {v: {str(n): game_value(n, v, book.scoring) for n in range(hi)} for v in values},
            "defaults": {"game_to": base.game_to, "game_value": base.game_value}}


def _probe(rules: InForce, events: list[dict[str, Any]]) -> dict[str, Any]:
    """The ruling the engine makes on a small marked game of A (dealing first) and Y: its law, the
    laws it cites, its case's words (on {offender}) and the event it is made at (for a score not
    marked, the one that ends the time to mark it: the next deal's turn-up)."""
    from ..engine.adjudicate import adjudicate_text
    packets = [{"deal": {"to": to, "count": n}} for n in (3, 2) for to in ("Y", "A")]
    header = rules.header() | {"players": ["A", "Y"], "dealer": "A", "ecarte": 1}
    if rules.options.pool:
        header["players"] = ["A", "Y", "Z"]
    log = [*packets, *events]
    report = adjudicate_text(json.dumps(header | {"events": log}))
    (ruling,) = report.rulings
    (at,) = log[ruling.event - 1]
    return {"law": ruling.law, "cites": ruling.laws, "says": ruling.summary.case, "at": at}


def mark_rulings(rules: InForce, book: LawBook) -> dict[str, Any]:
    """What the laws say of a score marked out of time or too high, as the engine rules on it
    (laws 22, 50, 51): a king not marked before the next deal's trump card is turned up, another
    score not marked by then, and a mark with nothing owed. Each, the ruling of a small marked
    game adjudicated here; the page says it when the table's marks come to it, and a score still
    owed lapses at the step that records the event the engine ruled the omission at."""
    Event = dict[str, Any]
    again: list[Event] = [{"deal": {"to": to, "count": n}} for n in (3, 2) for to in ("A", "Y")] + \
        [{"turn_up": {"count": 1}}]
    played: list[Event] = [{"propose": {"by": "Y"}}, {"accept": {"by": "A"}}, {"tricks": {"A": 3, "Y": 2}}]
    point: Event = {"mark": {"by": "A", "points": 1, "for": "point"}}
    king: list[Event] = [{"announce_king": {"by": "Y"}}, {"mark": {"by": "Y", "points": 1, "for": "king"}}]
    return {
        "king": _probe(rules, [{"turn_up": {"card": "KS"}}, *played, point, *again]),
        "score": _probe(rules, [{"turn_up": {"count": 1}}, *king, *played, *again]),
        "overscore": _probe(rules, [{"turn_up": {"count": 1}}, {"mark": {"by": "Y", "points": 1}}]),
    }


def tables(rules: InForce, book: LawBook, words: Words | None = None) -> dict[str, Any]:
    """Every table the page looks up, under the rules in force."""
    o = rules.options
    words = words or default_words()
    own = rule_sets()[rules.rules]
    return {
        "rules": rules.rules, "default_rules": DEFAULT, "title": own.title, "options": o.to_json(), "header": rules.header(),
        "game_to": o.game_to, "agreements": agreements(rules, book),
        "kings": {"turned": book.scoring.turned_king, "held": book.scoring.held_king},
        "hand": hands(rules, book), **stakes(rules, book),
        "next_dealer": {"played": dealer_after("d", "n", "d")},
        "cut": cuts(rules), "cut_for_deal": o.cut_for_deal, "cut_order": cut_order(rules),
        "play": tricks(rules),
        "games": games(rules),
        "stock": STOCK,
        "laws": marks(rules, book), "rule_words": variant_rules(rules, book), "why": reasons(book, words),
        "marks": words.scores.marks, "game_law": book.scoring_law["game_values"],
        "mark_rulings": mark_rulings(rules, book),
    }
