"""A dispute's log made from the interview's answers alone, for the check of `resolve`.

Written apart from adjudicator/dispute/situation.py, with another pack (clubs are trumps) and
hands laid out by hand: `log_for(irregularity, actor, facts)` is the deal the answers describe
(the law book's facts and the facts of the hand), told from them and nothing else, or None for
a dispute it does not tell. A fact the interview did not ask is told here in another way than
the telling's where the laws leave a choice (the exchange, for one), so that an ending that
depends on it shows; and `FREE` lists, for each dispute, the facts of the hand it may be told
with and their values, so that the check can tell it with every value of a fact not asked.
"""
from __future__ import annotations

from typing import Any

D, N = "dealer", "non_dealer"
KING = "KC"
TURN_UP = "7C"
STOCK = ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "AC", "QC", "JC", "10C", "9C"]


def other(p: str) -> str:
    return N if p == D else D


class Hand:
    """A deal told event by event: the hands laid out, the stock, the tricks won so far."""

    def __init__(self, n_cards: list[str], d_cards: list[str], turn_up: str = TURN_UP,
                 counts: tuple[str, ...] = ()):
        self.events: list[dict] = []
        self.hands = {N: list(n_cards), D: list(d_cards)}
        used = set(n_cards) | set(d_cards) | {turn_up}
        self.stock = [c for c in STOCK if c not in used]
        self.won = {N: 0, D: 0}
        self.counts = counts
        for to, cards in ((N, n_cards[:3]), (D, d_cards[:3]), (N, n_cards[3:]), (D, d_cards[3:])):
            self.events.append({"deal": {"to": to, **self.cards(to, cards)}})
        self.events.append({"turn_up": {"card": turn_up}})

    def cards(self, who: str, cards: list[str]) -> dict[str, Any]:
        return {"count": len(cards)} if who in self.counts else {"cards": cards}

    def ev(self, name: str, **fields: Any) -> None:
        self.events.append({name: fields})

    def exchange(self, how: str | None, keep: set[str]) -> None:
        """As the person said: no proposal, one refused, or two cards and one exchanged (each
        laying out the last cards of his hand not in `keep`)."""
        if how in (None, "no_proposal"):
            return
        self.ev("propose", by=N)
        if how == "refused":
            self.ev("refuse", by=D)
            return
        self.ev("accept", by=D)
        for who, k in ((N, 2), (D, 1)):
            out = [c for c in reversed(self.hands[who]) if c not in keep][:k]
            given = [self.stock.pop(0) for _ in out]
            self.hands[who] = [c for c in self.hands[who] if c not in out] + given
            self.ev("discard", by=who, **self.cards(who, out))
            self.ev("give", to=who, **self.cards(who, given))

    def trick(self, lead: tuple[str, str], follow: tuple[str, str], winner: str) -> None:
        self.ev("play", by=lead[0], card=lead[1])
        self.ev("play", by=follow[0], card=follow[1])
        self.won[winner] += 1

    def result(self, who: str, tricks: int) -> bool:
        """The hand's result: `who` won `tricks` of five; False if the tricks played forbid it."""
        if self.won[who] > tricks or self.won[other(who)] > 5 - tricks:
            return False
        self.ev("tricks", **{who: tricks, other(who): 5 - tricks})
        self.won = {who: tricks, other(who): 5 - tricks}
        return True


def due(won: dict[str, int], exchange: str | None) -> tuple[str, int, str] | None:
    """Laws 48 and 49, reckoned here: (winner, points, for what) of a hand played out."""
    winner = next((p for p, n in won.items() if n >= 3), None)
    if winner is None:
        return None
    if won[winner] == 5:
        return winner, 2, "vole"
    two = (winner == D and exchange in (None, "no_proposal")) or (winner == N and exchange == "refused")
    return winner, 2 if two else 1, "point"


def log_for(irregularity: str, actor: str, f: dict[str, Any]) -> dict[str, Any] | None:
    tell = TELLERS.get(irregularity)
    hand = tell and tell(actor, f)
    if hand is None:
        return None
    before = _four_before(actor) if f.get("short_of_game") else []
    return {"ecarte": 1, "players": [D, N], "dealer": D, "events": before + hand.events}


def _four_before(A: str) -> list[dict]:
    """Two deals before this one (the dealer's, then the non-dealer's), by counts, played
    without proposing, each a vole for `A`: he is at 4, one short of the game of 5."""
    events: list[dict] = []
    for dealer in (D, N):
        for to, n in ((other(dealer), 3), (dealer, 3), (other(dealer), 2), (dealer, 2)):
            events.append({"deal": {"to": to, "count": n}})
        events += [{"turn_up": {"card": "8H"}}, {"tricks": {A: 5, other(A): 0}}]
    return events


# the hands: the non-dealer's five and the dealer's five (clubs are trumps)
PLAIN = (["AH", "KH", "QH", "7D", "8D"], ["JH", "10H", "9H", "AD", "KD"])


def _overscore(A: str, f: dict[str, Any]) -> Hand | None:
    if f.get("forfeited"):
        return None
    if f.get("mark_for") == "king":
        where = f.get("king", "elsewhere")
        n, d = (list(c) for c in PLAIN)
        turn_up = KING if where == "turned_up" else TURN_UP
        if where in ("announced", "unannounced"):
            (n if A == N else d)[4] = KING
        h = Hand(n, d, turn_up)
        if where == "announced":
            h.ev("announce_king", by=A)
        if A == D and where == "turned_up":
            h.ev("mark_king", by=D)
        else:
            h.ev("mark", by=A, points=1, **{"for": "king"})
        return h
    h = Hand(*PLAIN)
    how = f.get("exchange", "exchanged")
    h.exchange(how, set())
    if not h.result(A, f.get("tricks", 3)):
        return None
    owed = due(h.won, how)
    if owed and owed[0] != A:
        h.ev("mark", by=owed[0], points=owed[1], **{"for": owed[2]})
    h.ev("mark", by=A, points=f.get("marked", 1), **({"for": f["mark_for"]} if f.get("mark_for") else {}))
    return h


def _omitted(A: str, f: dict[str, Any]) -> Hand | None:
    king = f.get("mark_for") == "king"
    n, d = (list(c) for c in PLAIN)
    if king:
        (n if A == N else d)[4] = KING
    h = Hand(n, d)
    how = f.get("exchange", "exchanged")
    h.exchange(how, {KING})
    if king:
        h.ev("announce_king", by=A)
    if not h.result(A, f.get("tricks", 3)):
        return None
    owed = due(h.won, how)
    if owed and (owed[0] != A or king):
        h.ev("mark", by=owed[0], points=owed[1], **{"for": owed[2]})
    points = 1 if king or not owed or owed[0] != A else owed[1]
    what = "king" if king else owed[2] if owed and owed[0] == A else "point"
    late = f.get("marked_when", "late") == "late"
    for to, k in ((D, 3), (N, 3), (D, 2), (N, 2)):    # the next deal, the other player dealing
        h.ev("deal", to=to, count=k)
    if not late:
        h.ev("mark", by=A, points=points, **{"for": what})
    h.ev("turn_up", card="9S")
    if late:
        h.ev("mark", by=A, points=points, **{"for": what})
    return h


def _late_king(A: str, f: dict[str, Any]) -> Hand | None:
    first, when = f.get("first_card_king", True), f.get("announced", "later")
    if when == "before_again" and not first:
        return None
    if A == N:   # he leads: the king, or a heart
        h = Hand(["KC", "AH", "QH", "7D", "8D"], ["JH", "10H", "9H", "AD", "KD"])
        plays = [(N, "KC" if first else "AH"), (D, "JH" if not first else "9H")]
    else:        # the non-dealer leads a trump (the dealer's king takes it) or a heart
        h = Hand(["8C", "AH", "QH", "7D", "8D"], ["KC", "10H", "9H", "AD", "KD"])
        plays = [(N, "8C" if first else "AH"), (D, "KC" if first else "9H"),
                 (D if first else N, "AD" if first else "QH")]
    at = {"before_playing": 0 if A == N else 1, "before_again": 1 if A == N else 2}.get(when, len(plays))
    for i, (by, card) in enumerate(plays):
        if i == at:
            h.ev("announce_king", by=A)
        h.ev("play", by=by, card=card)
    if at == len(plays):
        h.ev("announce_king", by=A)
    return h


# a breach of duty by (irregularity, the offender, whether he wins the trick): the non-dealer's
# hand, the dealer's, the tricks before it, the trick (lead, the offender's card); an exchange
# keeps the cards in KEEP
BREACH = {
    ("revoke", D, False): (PLAIN[0], ["JH", "10D", "9D", "AD", "KD"], [], ((N, "AH"), (D, "9D")), False),
    ("revoke", D, True): (PLAIN[0], ["JH", "8C", "9D", "AD", "KD"], [], ((N, "AH"), (D, "8C")), True),
    ("revoke", N, False): (["8H", "9S", "QH", "7D", "10S"], PLAIN[1], [((N, "7D"), (D, "AD"), D)],
                           ((D, "JH"), (N, "9S")), False),
    ("revoke", N, True): (["8H", "8C", "QH", "7D", "10S"], PLAIN[1], [((N, "7D"), (D, "AD"), D)],
                          ((D, "JH"), (N, "8C")), True),
    ("failure_to_win", D, False): (PLAIN[0], ["KH", "7H", "9D", "AD", "KD"], [], ((N, "QH"), (D, "7H")), False),
    ("failure_to_win", N, False): (["KH", "7H", "QD", "7D", "10S"], PLAIN[1], [((N, "7D"), (D, "AD"), D)],
                                   ((D, "JH"), (N, "7H")), False),
}
KEEP = {"AH", "9D", "8C", "JH", "7D", "AD", "9S", "8H", "KH", "7H", "QH"}


def _breach(irregularity: str):
    def tell(A: str, f: dict[str, Any]) -> Hand | None:
        for wins in (False, True):
            way = BREACH.get((irregularity, A, wins))
            if way is None:
                continue
            n, d, before, (lead, card), _ = way
            h = Hand(list(n), list(d))
            h.exchange(f.get("exchange", "exchanged"), KEEP)
            for lead_, follow, winner in before:
                h.trick(lead_, follow, winner)
            h.trick(lead, card, A if wins else other(A))
            if not h.result(A, f.get("tricks", 3 if wins else 2)):
                continue
            h.ev("claim", by=other(A), irregularity=irregularity, player=A)
            return h
        return None
    return tell


def _false_king(A: str, f: dict[str, Any]) -> Hand | None:
    O = other(A)
    holds = f.get("adversary_holds_king", False)
    n, d = (list(c) for c in PLAIN)
    if holds:
        (n if O == N else d)[4] = KING
    h = Hand(n, d, counts=(O,) if holds is None else ())
    h.exchange(f.get("exchange", "exchanged"), {KING, "AH", "9H", "JH"})
    if A == D:
        h.ev("play", by=N, card="AH")
    h.ev("announce_king", by=A)
    if f.get("concerned_played", True):
        if A == D:
            h.ev("play", by=D, card="9H")
            h.won[N] += 1
        else:
            h.trick((N, "AH"), (D, "9H" if holds is not None else "JH"), N)
        if not h.result(A, f.get("tricks", 3)):
            return None
    h.ev("claim", by=O, irregularity="false_king", player=A)
    return h


def _lead_out_of_turn(A: str, f: dict[str, Any]) -> Hand | None:
    h = Hand(*PLAIN)
    if A == N:   # the dealer wins the first trick: the lead is his
        h.trick((N, "7D"), (D, "AD"), D)
        h.ev("play", by=N, card="AH")
        follow = (D, "9H")
    else:
        h.ev("play", by=D, card="JH")
        follow = (N, "AH")
    if f.get("played_to", True):
        h.ev("play", by=follow[0], card=follow[1])
        h.ev("claim", by=other(A), irregularity="lead_out_of_turn", player=A)
    return h


def _late_mark_king(A: str, f: dict[str, Any]) -> Hand | None:
    h = Hand(*PLAIN, turn_up=KING)
    how = f.get("exchange", "exchanged")
    h.exchange(how, set())
    h.result(D, f.get("tricks", 3))
    owed = due(h.won, how)
    h.ev("mark", by=owed[0], points=owed[1], **{"for": owed[2]})
    for to, k in ((D, 3), (N, 3), (D, 2), (N, 2)):
        h.ev("deal", to=to, count=k)
    late = f.get("marked_when", "late") == "late"
    if not late:
        h.ev("mark_king", by=D)
    h.ev("turn_up", card="9S")
    if late:
        h.ev("mark_king", by=D)
    return h


# two hands played out, trick by trick (lead, follow, winner): the non-dealer takes the first
# three; or the dealer takes all five. An exchange changes the cards of the fifth trick.
PLAYED = [
    ((["AH", "KH", "QH", "7D", "8D"], ["JH", "10H", "9H", "AD", "KD"]),
     [((N, "AH"), (D, "9H"), N), ((N, "KH"), (D, "10H"), N), ((N, "QH"), (D, "JH"), N),
      ((N, "7D"), (D, "AD"), D), ((D, "KD"), (N, "8D"), D)], ("8D", "KD")),
    ((["7D", "8D", "7H", "8H", "9S"], ["AD", "KD", "AH", "KH", "QH"]),
     [((N, "7D"), (D, "AD"), D), ((D, "KD"), (N, "8D"), D), ((D, "AH"), (N, "7H"), D),
      ((D, "KH"), (N, "8H"), D), ((D, "QH"), (N, "9S"), D)], ("9S", "QH")),
]


def _abandoned(A: str, f: dict[str, Any]) -> Hand | None:
    k = f.get("offender_tricks", 1)
    for (n, d), tricks, (n_out, d_out) in PLAYED:
        won = {N: 0, D: 0}
        for played, (_, _, winner) in enumerate(tricks):
            if won[A] == k and (tricks[played][0][0] == A):
                break   # he gives up (or shows) his hand when it is his lead
            won[winner] += 1
        else:
            continue
        h = Hand(list(n), list(d))
        how = f.get("exchange", "exchanged")
        if how == "exchanged":   # each lays out a card of the fifth trick, which is not played here
            h.ev("propose", by=N)
            h.ev("accept", by=D)
            for who, out in ((N, n_out), (D, d_out)):
                h.ev("discard", by=who, cards=[out])
                h.ev("give", to=who, cards=[h.stock.pop(0)])
            if played == 4:
                continue
        else:
            h.exchange(how, set())
        for lead, follow, winner in tricks[:played]:
            h.trick(lead, follow, winner)
        if f.get("claiming"):
            h.ev("show", by=A)
            if not h.result(A, f.get("tricks", 3)):
                return None
        else:
            h.ev("abandon", by=A)
        return h
    return None


def _card_taken_back(A: str, f: dict[str, Any]) -> Hand | None:
    """Law 39: a card played to a lead taken up, to save a revoke or not, before or after the
    next lead."""
    saving, later = f.get("saving", False), f.get("next_lead", False)
    if saving and later:
        return None
    if A == D:
        h = Hand(PLAIN[0], ["JH", "10D", "9D", "AD", "KD"])
        h.trick((N, "AH"), (D, "9D" if saving else "JH"), N)
        if later:
            h.ev("play", by=N, card="KH")
    else:
        h = Hand(["8H", "9S", "7H", "7D", "10S"], PLAIN[1])   # no heart above the knave
        h.trick((N, "7D"), (D, "AD"), D)
        h.trick((D, "JH"), (N, "9S" if saving else "8H"), D)
        if later:
            h.ev("play", by=D, card="KD")
    h.ev("take_back", by=A)
    return h


def _late_new_packs(A: str, f: dict[str, Any]) -> Hand | None:
    calls = [{"new_packs": {"by": N}}]
    cut = [{"cut": {"by": N, "top": 12}}]
    h = Hand.__new__(Hand)
    h.events = [{"shuffle": {"by": D}}] + (calls + cut if f.get("called") == "before_cut" else cut + calls)
    for to, k in ((N, 3), (D, 3), (N, 2), (D, 2)):
        h.events.append({"deal": {"to": to, "count": k}})
    h.events.append({"turn_up": {"card": TURN_UP}})
    return h


EXCHANGES = ("no_proposal", "refused", "exchanged")
FREE = {
    "overscore": {"marked": (1, 2), "king": ("turned_up", "announced", "unannounced", "elsewhere"),
                  "tricks": range(6), "exchange": EXCHANGES},
    "omitted_score": {"marked_when": ("in_time", "late"), "tricks": range(6), "exchange": EXCHANGES},
    "late_king": {"announced": ("before_playing", "before_again", "later")},
    "revoke": {"tricks": range(6), "exchange": EXCHANGES},
    "failure_to_win": {"tricks": range(6), "exchange": EXCHANGES},
    "false_king": {"tricks": range(6), "exchange": EXCHANGES},
    "lead_out_of_turn": {},
    "late_mark_king": {"marked_when": ("in_time", "late"), "tricks": range(6), "exchange": EXCHANGES},
    "abandoned": {"claiming": (False, True), "tricks": range(6), "exchange": EXCHANGES},
    "card_taken_back": {"saving": (False, True)},
    "late_new_packs": {"called": ("after_cut", "before_cut")},
}

TELLERS = {
    "overscore": _overscore,
    "omitted_score": _omitted,
    "late_king": _late_king,
    "revoke": _breach("revoke"),
    "failure_to_win": _breach("failure_to_win"),
    "false_king": _false_king,
    "lead_out_of_turn": _lead_out_of_turn,
    "late_mark_king": _late_mark_king,
    "abandoned": _abandoned,
    "card_taken_back": _card_taken_back,
    "late_new_packs": _late_new_packs,
}
