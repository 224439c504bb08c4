"""Cards of the 32-card Écarté pack: suits, ranks (K Q J A 10 9 8 7) and their notation."""
from __future__ import annotations

from collections.abc import Callable

SUITS = ("S", "H", "D", "C")
RANKS = ("K", "Q", "J", "A", "10", "9", "8", "7")  # high to low: the ace ranks below the knave
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


class Card:
    """One card, interned: `Card.parse("kh") is Card.parse("KH")`, `str(card) == "KH"`."""

    __slots__ = ("rank", "suit", "power", "text")

    def __init__(self, rank: str, suit: str):
        self.rank = rank
        self.suit = suit
        self.power = len(RANKS) - RANKS.index(rank)  # K 8 … 7 1
        self.text = rank + suit

    @staticmethod
    def parse(text: str) -> "Card":
        """Read `<rank><suit>`: case-insensitive, `T` for ten, suit symbols accepted."""
        if not isinstance(text, str):
            raise ValueError(f"a card is written as text like KH or 10D, not {text!r}")
        card = _NOTATION.get(text) or _NOTATION.get(text.upper())
        if card is None:
            raise ValueError(f"not a card: {text!r} (write rank K Q J A 10 9 8 7 then suit S H D C, e.g. 10D)")
        return card

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({self.text!r})"

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        return (Card.parse, (self.text,))


PACK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in RANKS)


def _notation() -> dict[str, Card]:
    table = {}
    for card in PACK:
        for rank in {card.rank, "T" if card.rank == "10" else card.rank}:
            table[rank + card.suit] = card
            for symbol, suit in SUIT_SYMBOLS.items():
                if suit == card.suit:
                    table[rank + symbol] = card
    return table


_NOTATION = _notation()


def rank_power(rank_or_card: str) -> int:
    """The Écarté order of a rank, for the cut for deal: K highest, 7 lowest."""
    return len(RANKS) - RANKS.index(rank_or_card)
