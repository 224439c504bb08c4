"""The facts a rule may test: what the replay knows at the moment an irregularity is ruled on.

Python derives them (`Replay.facts`); the law book tests them (`when:` in laws/*.yaml). Each
field is one fact; its docstring says what it means (laws/words/facts.yaml says it in words).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal, get_args, get_type_hints

from pydantic import BaseModel, ConfigDict

Role = Literal["dealer", "non_dealer"]
Phase = Literal["before_deal", "dealing", "exchange", "play", "over"]


class Facts(BaseModel):
    """The state of the deal at the moment of discovery."""

    model_config = ConfigDict(extra="forbid")

    phase: Phase = "dealing"
    """before_deal (cutting), dealing (before the turn-up), exchange (after the turn-up, before
    the first card is played), play, over (five tricks played or the hand abandoned)."""
    first_deal: bool = False
    """This is the first deal of the game (no deal has been completed before it)."""
    turned_up: bool = False
    """The trump card of this deal has been turned up."""
    proposed: bool = False
    """The non-dealer has proposed in this deal."""
    answered: bool = False
    """The dealer has accepted or refused a proposal in this deal."""
    exchanged: bool = False
    """Cards have been given from the stock in this deal."""
    played: bool = False
    """A card has been played in this deal."""
    dealer_looked: bool = False
    """The dealer has looked at (taken up) his hand."""
    non_dealer_looked: bool = False
    """The non-dealer has looked at (taken up) his hand."""
    concerns: Role | None = None
    """Whose hand, card or act the irregularity concerns."""
    concerned_looked: bool = False
    """That player has looked at his hand."""
    concerned_played: bool = False
    """That player has played a card in this deal."""
    concerned_took_cards: bool = False
    """That player has taken cards from the stock in this deal."""
    offender_is: Role | None = None
    """The role of the offending player."""
    size: Literal["more", "fewer", "right"] | None = None
    """For a wrong number: more or fewer cards than are due."""
    mixed: bool = False
    """The cards just given have been taken up (mixed with the hand)."""
    offender_tricks: int | None = None
    """Tricks the offender has won so far in this hand."""
    adversary_holds_king: bool | None = None
    """The adversary of the offender holds the king of trumps (null: not known)."""
    played_to: bool = False
    """The card concerned has been played to (the trick has its second card)."""
    next_lead: bool = False
    """Another card has been led since the card concerned was played."""
    holds_named_suit: bool | None = None
    """The leader holds a card of the suit he named (null: not known)."""
    first_card_king: bool = False
    """The player concerned played the king of trumps as his first card of the hand (law 24)."""
    conditional: bool = False
    """The dealer accepted conditionally on there being cards enough (law 38)."""
    next_turned_up: bool = False
    """The trump card of the next deal has been turned up."""
    forfeited: bool = False
    """The king turned up was forfeited under law 19."""
    mark_for: Literal["king", "point", "vole"] | None = None
    """What a mark was made for, when the log says."""
    unannounced: bool = False
    """The king marked was the king of trumps held in the marker's hand and never announced."""
    king_after_first_card: Literal["law24", "never"] = "law24"
    """The option in force (RULESETS.md): law 24's grace for a king that is its holder's first card,
    or none (law 23 alone)."""
    dealer_must_exchange: bool = False
    """The option in force (RULESETS.md): the dealer who accepts must take a card of his own."""
    doubling: bool = False
    """The option in force (RULESETS.md): either player may double the hand."""
    offer_point: bool = False
    """The option in force (RULESETS.md): either player may offer his adversary the point."""
    stock_shortage: Literal["dealer_plays", "last_takes_what_remains"] = "dealer_plays"
    """The option in force (RULESETS.md): law 38's dealer who takes none, or the last to exchange
    who takes what the stock holds."""


FACT_NAMES = frozenset(Facts.model_fields)
_HINTS = get_type_hints(Facts)
UNKNOWABLE = tuple(name for name, hint in _HINTS.items() if set(get_args(hint)) == {bool, type(None)})
"""The facts the log may not know (true, false, or null: unknown), as adversary_holds_king."""


@lru_cache(maxsize=None)
def fact_values(name: str) -> tuple[Any, ...] | None:
    """The values a literal fact takes, or None for booleans and numbers."""
    hint = _HINTS[name]
    literal = [a for a in get_args(hint) if get_args(a)] or ([hint] if get_args(hint) else [])
    return tuple(v for lit in literal for v in get_args(lit)) or None
