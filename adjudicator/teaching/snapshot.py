"""The table at a moment, as plain data, and the events that led there in words.

`snapshot(replay)` is what lies on the table now (hands, turn-up, stock, discards, trick, who
has looked, who dealt, the score) in card notation (`KH`), ready for JSON and for any drawing;
it holds what the record shows and no more (no trump while law 11's choice is open, no look
where none is recorded):
the quiz draws it in the terminal (`table_text`), the book in SVG (`svg`); `replay_frames(log)`
keeps it after every event of a replay, for both. `event_words(event)` says one event of a log
in words (`laws/words/events.yaml`), for the quiz and the book alike; `card_text` and
`cards_in` write cards with their suit signs.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import asdict, is_dataclass
from typing import Any

from ..record.cards import RANKS, SUIT_SYMBOLS, SUITS, Card
from ..words.vocabulary import default_words

SIGNS = {suit: sign for sign, suit in SUIT_SYMBOLS.items()}


def _sort_key(card: Card) -> tuple[int, int]:
    return SUITS.index(card.suit), RANKS.index(card.rank)


def _cards(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def snapshot(replay: Any) -> dict[str, Any]:
    """What lies on the table now: the deal in play (None before the first), in card notation."""
    frame: dict[str, Any] = {"players": list(replay.players), "score": dict(replay.score),
                             "deal": None, "cut": {p: str(c) for p, c in replay.cut_cards.items()}}
    deal = replay.deal
    if deal is None:
        return frame
    trick = deal.tricks[-1] if deal.tricks else None
    frame.update({
        "deal": deal.number, "dealer": deal.dealer, "elder": deal.non_dealer, "phase": deal.phase,
        "annulled": deal.annulled,
        "hands": {p: _hand(h, 0 if p in deal.recounted else deal.summarised.get(p, 0))
                  for p, h in deal.hands.items()},
        "taken": (taken := _taken(deal)),
        "counted": {p: deal.won.get(p, 0) - len(taken[p]) - (trick is not None and trick.winner == p)
                    for p in deal.hands},   # tricks counted that were never played (laws 30, 34, 42)
        "turn_up": str(deal.turn_up) if deal.turn_up else None,
        "turned": _cards(deal.turned), "turn_up_unknown": deal.turn_up_unknown,
        "choosing": len(deal.turned) > 1 and not deal.annulled,   # law 11: the trump not yet chosen
        "trump": None if len(deal.turned) > 1 else deal.trump,
        "stock": deal.stock - sum(deal.recounted.values()), "aside": _cards(deal.aside), "laid_out": deal.aside_count,
        "exposed": str(deal.exposed) if deal.exposed else None,
        "faced": str(deal.faced) if deal.faced else None,
        "discards": {p: deal.discards.get(p, 0) for p in deal.hands},
        "looked": sorted(deal.looked), "look_unrecorded": _look_unrecorded(deal),
        "won": dict(deal.won), "tricks": len(deal.tricks),
        "trick": None if trick is None else {
            "leader": trick.leader, "lead": str(trick.lead) if trick.lead else None,
            "follower": trick.follower, "follow": str(trick.follow) if trick.follow else None,
            "winner": trick.winner},
    })
    return frame


def _look_unrecorded(deal: Any) -> list[str]:
    """The players who have acted on their hands (proposed, answered, discarded) with no look
    recorded: whether they looked, the table does not say."""
    acted = {p for p in deal.hands if deal.discards.get(p)}
    if deal.proposals:
        acted.add(deal.non_dealer)
    if deal.first_answer is not None:
        acted.add(deal.dealer)
    return sorted(acted - set(deal.looked))


def _hand(hand: Any, summarised: int) -> dict[str, Any]:
    """A hand as it lies now: the cards played in tricks the log gives only as a result are no
    longer in it, and which of its cards they were is not known (what is left is face down)."""
    if not summarised:   # (a hand counted again by a claim after the result holds what it says)
        return {"cards": _cards(sorted(hand.cards, key=_sort_key)), "unknown": hand.unknown}
    return {"cards": [], "unknown": max(0, hand.size - summarised)}


def _taken(deal: Any) -> dict[str, list[list[dict[str, Any]]]]:
    """The finished tricks in front of the player who won each, in the order played: each a list
    of cards `{"card": "KS", "by": "A"}` (card None: played in a trick the log gives only as a
    result). The last trick played stays on the table (`trick`), not here."""
    taken: dict[str, list[list[dict[str, Any]]]] = {p: [] for p in deal.hands}
    recorded = deal.tricks[:-1]
    for t in recorded:
        if t.winner is not None:
            taken[t.winner].append([{"card": str(c), "by": by}
                                    for by, c in ((t.leader, t.lead), (t.follower, t.follow)) if c])
    if deal.summarised:
        won_here = {p: sum(t.winner == p for t in deal.tricks) for p in deal.hands}
        unseen = [p for p in deal.hands for _ in range(max(0, deal.won.get(p, 0) - won_here[p]))]
        piles: list[list[dict[str, Any]]] = [[] for _ in unseen]
        for player, count in deal.summarised.items():   # a player short of cards played to the tricks his adversary won last
            order = sorted(range(len(unseen)), key=lambda i: unseen[i] != player)
            for i in order[:count]:
                piles[i].append({"card": None, "by": player})
        for winner, pile in zip(unseen, piles):
            taken[winner].append(pile)
    return taken


def look(frame: dict[str, Any], player: str) -> str | None:
    """What a table says of a player's look before play: "looked" where the record shows one,
    "not_looked" before he has acted with none recorded, None once he has (it is not known) or
    once the hand is played (no news)."""
    if frame["phase"] in ("play", "over") or player in frame.get("look_unrecorded", ()):
        return None
    return "looked" if player in frame["looked"] else "not_looked"


def replay_frames(log: Any) -> tuple[Any, list[dict[str, Any]]]:
    """A log replayed with the table kept after each event: the report, and frames[n] the table
    after event n (frames[0] before any). `ReplayError` if it cannot be replayed."""
    from ..engine.replay import Replay
    replay = Replay(log)
    frames = [snapshot(replay)]

    def observe(r: Any, n: int) -> None:
        del frames[n:]   # a replay that starts again (a game won at a provisional point) replaces
        frames.append(snapshot(r))

    return replay.run(observe=observe), frames


def card_text(card: Any) -> str:
    """A card as a learner reads it: `K♣`, `10♥`."""
    text = str(card)
    return text[:-1] + SIGNS[text[-1]]


_CARD = re.compile(r"\b(K|Q|J|A|10|9|8|7)([SHDC])\b")


def cards_in(text: str, players: Iterable[str] = ()) -> str:
    """Card notation in a ruling's words (`QS`) written with suit signs (`Q♠`); a player's name
    (`players`), which may read as a card (`JD`) or hold one (`KC Smith`), is left as it is."""
    names = sorted(set(players), key=len, reverse=True)
    if not names:
        return _CARD.sub(lambda m: card_text(m.group()), text)
    either = re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in names) + "|" + _CARD.pattern)
    return either.sub(lambda m: m.group() if m.group() in names else card_text(m.group()), text)


def _field_words(name: str, value: Any) -> str:
    words = default_words()
    if isinstance(value, list):
        return ", ".join(_field_words(name, v) for v in value)
    if isinstance(value, Card):
        return card_text(value)
    if name == "irregularity":
        return words.irregularity(value)
    if name == "option":
        return words.option(value)
    if name == "names":
        return words.table.suits[value]
    return str(value)


def event_words(event: Any) -> str:
    """One event of a log in words: `Y claims: a player has the wrong number of cards in A's hand`."""
    spec_all = default_words().events
    fields = asdict(event) if is_dataclass(event) and not isinstance(event, type) else event.model_dump(by_alias=True)
    fields.pop("event", None)
    if "for_" in fields:
        fields["for"] = fields.pop("for_")
    spec = spec_all.events[event.event]
    given = {k: _field_words(k, v) for k, v in fields.items() if v not in (None, False, [])}
    if spec.each:   # a summary like `tricks: {A: 3, Y: 2}`
        given["each"] = ", ".join(spec.each.format(key=k, value=v) for k, v in given.items())
    if "cards" in given:
        given["what"] = given["cards"]
    elif fields.get("count") is not None:
        count = fields["count"]
        given["what"] = spec_all.count["one" if count == 1 else "many"].format(n=count)
    words = spec.words
    for name, phrase in spec.with_.items():
        if name in given:
            words += " " + phrase
    return words.format_map(_Unknown(given))


class _Unknown(dict):
    def __missing__(self, key: str) -> str:
        return "?"
