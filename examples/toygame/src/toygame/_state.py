"""The toy game's data: cards, ``Rules``, ``State``, ``View``, moves and events."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from cardrules import Rng
from cardrules.errors import RulesError

SUITS = ("C", "D", "H", "S")
"""The four suits (TOY-1)."""
RANKS = tuple(range(1, 9))
"""The ranks 1 to 8 (TOY-1)."""
EIGHT = 8
"""The wild rank: an 8 can always be played and names the suit to follow (TOY-4)."""


@attrs.frozen(order=True)
class Card:
    """
    One card: a rank 1 to 8 and a suit (TOY-1).

    >>> str(Card(8, "H"))
    '8H'
    """

    rank: int
    suit: str

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"


DECK = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
"""The 32 cards, in a fixed order (TOY-1)."""


def _check_count(low: int, high: int) -> Callable[[Any, Any, int], None]:
    def check(_inst: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or not low <= value <= high:
            raise RulesError(f"{attribute.name} must be an int {low}..{high}, not {value!r}")

    return check


@attrs.frozen
class Rules:
    """
    The options of a toy game (TOY-2).

    >>> Rules(players=5)
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: players must be an int 2..4, not 5
    """

    players: int = attrs.field(default=2, validator=_check_count(2, 4), kw_only=True)
    """How many seats play, 2 to 4."""
    hand_size: int = attrs.field(default=5, validator=_check_count(1, 7), kw_only=True)
    """How many cards each seat is dealt, 1 to 7."""


@attrs.frozen
class State:
    """Everything about a toy game, hidden cards and the generator included."""

    rules: Rules
    hands: tuple[tuple[Card, ...], ...]
    """Every seat's hand, sorted."""
    stock: tuple[Card, ...]
    """The face-down stock, top card first."""
    discard: tuple[Card, ...]
    """The discard pile, bottom card first: the last is the top card."""
    suit: str
    """The suit to follow: the top card's, or the one named with an 8 (TOY-4)."""
    current: int
    """The seat to move (the winner once the game is over)."""
    rng: Rng
    """The generator for reshuffles (TOY-5)."""


@attrs.frozen
class View:
    """What one seat may know (TOY-8): its own hand, and only counts of the others."""

    rules: Rules
    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top: Card
    suit: str
    stock_size: int
    discard_size: int
    current: int | None
    """The seat to move, ``None`` once the game is over."""


@attrs.frozen
class Play:
    """Play a card (TOY-3); an 8 names the suit to follow (TOY-4)."""

    card: Card
    suit: str | None = None

    def __str__(self) -> str:
        return f"play {self.card}" + (f", name {self.suit}" if self.suit else "")


@attrs.frozen
class Draw:
    """Draw the top card of the stock (TOY-5)."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Pass:
    """Pass: nothing to play and nothing to draw (TOY-6)."""

    def __str__(self) -> str:
        return "pass"


Move = Play | Draw | Pass
"""Any move of the toy game."""


@attrs.frozen
class Played:
    """A seat played a card (TOY-3), naming a suit with an 8 (TOY-4)."""

    seat: int
    card: Card
    suit: str | None

    @property
    def rule(self) -> str:
        return "TOY-4" if self.card.rank == EIGHT else "TOY-3"

    def __str__(self) -> str:
        named = f" and named {self.suit}" if self.suit else ""
        return f"seat {self.seat} played {self.card}{named}"


@attrs.frozen
class Drew:
    """A seat drew a card; ``card`` is told to the drawer only (TOY-5, TOY-8)."""

    seat: int
    card: Card | None

    @property
    def rule(self) -> str:
        return "TOY-5"

    def __str__(self) -> str:
        return f"seat {self.seat} drew {self.card or 'a card'}"


@attrs.frozen
class Reshuffled:
    """The discard pile but its top card became the new stock (TOY-5)."""

    cards: int

    @property
    def rule(self) -> str:
        return "TOY-5"

    def __str__(self) -> str:
        return f"{self.cards} cards of the discard pile were shuffled into a new stock"


@attrs.frozen
class Passed:
    """A seat passed (TOY-6)."""

    seat: int

    @property
    def rule(self) -> str:
        return "TOY-6"

    def __str__(self) -> str:
        return f"seat {self.seat} passed"


@attrs.frozen
class Ended:
    """The game ended: ``winner`` played their last card (TOY-7)."""

    winner: int

    @property
    def rule(self) -> str:
        return "TOY-7"

    def __str__(self) -> str:
        return f"seat {self.winner} played their last card and won"
