"""The data of Crazy Eights: cards, ``Rules``, ``State``, ``View`` and the moves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from cardrules import Rng
from cardrules.errors import RulesError

RANK_NAMES: Final = "23456789TJQKA"
"""The ranks 2 to ace, by rank index 0 to 12 (CE-1)."""
SUIT_NAMES: Final = "CDHS"
"""The suits clubs, diamonds, hearts and spades, by suit index 0 to 3 (CE-1)."""
EIGHT: Final = 6
"""The rank index of the 8s, the wild cards (CE-4, CE-5)."""
CARDS: Final = 52
"""A card is an int ``4 * rank + suit``, 0 to 51: OpenSpiel's action id (CE-1)."""
DECK: Final = tuple(range(CARDS))
"""The 52 cards, in order."""


def card_name(card: int) -> str:
    """
    A card as text: its rank, then its suit.

    >>> card_name(0), card_name(26), card_name(51)
    ('2C', '8H', 'AS')
    """
    return RANK_NAMES[card >> 2] + SUIT_NAMES[card & 3]


def _check_count(low: int, high: int) -> Callable[[Any, Any, int], None]:
    def check(_inst: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or not low <= value <= high:
            raise RulesError(f"{attribute.name} must be an int {low}..{high}, not {value!r}")

    return check


@attrs.frozen
class Rules:
    """
    The options of a game: OpenSpiel's parameters of the same names, with its defaults
    (CE-2, CE-6, CE-8).

    >>> Rules(players=6)
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: players must be an int 2..5, not 6
    """

    players: int = attrs.field(default=5, validator=_check_count(2, 5), kw_only=True)
    """How many seats play, 2 to 5."""
    max_draw_cards: int = attrs.field(default=5, validator=_check_count(1, 52), kw_only=True)
    """How many cards a seat may draw in one turn (CE-6)."""
    max_turns: int = attrs.field(default=100, validator=_check_count(1, 10_000), kw_only=True)
    """After how many cards played the game ends (CE-8)."""

    @property
    def hand_size(self) -> int:
        """The cards dealt to each seat: 7 with two players, else 5 (CE-2)."""
        return 7 if self.players == 2 else 5


@attrs.frozen
class State:
    """Everything about a game, the hidden cards and the generator included."""

    rules: Rules
    dealer: int
    """The dealer's seat (CE-2)."""
    hands: tuple[tuple[int, ...], ...]
    """Every seat's hand, sorted."""
    stock: tuple[int, ...]
    """The face-down stock, sorted: it has no order, a draw takes a random card (CE-2)."""
    discard: tuple[int, ...]
    """The discard pile, bottom first: the first is the card turned up, the last the top."""
    suit: int
    """The suit to follow: the top card's, or the one named after an 8 (CE-5)."""
    current: int
    """The seat to move (the last to move once the game is over)."""
    drawn: int
    """The cards drawn in this turn (CE-6); at the limit, a pass is allowed (CE-7)."""
    naming: bool
    """Whether the seat to move has played an 8 and names a suit now (CE-5)."""
    passes: int
    """The passes in a row made with an empty stock (CE-8)."""
    rng: Rng
    """The generator of the draws (CE-2)."""


@attrs.frozen
class View:
    """What one seat may know (CE-10): its own hand, and counts of the others."""

    rules: Rules
    seat: int
    dealer: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard: tuple[int, ...]
    """The discard pile, face up: every card on it was seen."""
    suit: int
    current: int | None
    """The seat to move, ``None`` once the game is over."""
    drawn: int
    naming: bool
    passes: int


@attrs.frozen
class Play:
    """
    Play a card (CE-4).

    >>> str(Play(26))
    'play 8H'
    """

    card: int

    def __str__(self) -> str:
        return f"play {card_name(self.card)}" if type(self.card) is int else "play ?"


@attrs.frozen
class Draw:
    """Draw a card from the stock (CE-6)."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Pass:
    """Pass (CE-7)."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Name:
    """
    Name the suit to follow after an 8 (CE-5).

    >>> str(Name(2))
    'name H'
    """

    suit: int

    def __str__(self) -> str:
        return f"name {SUIT_NAMES[self.suit]}" if self.suit in range(4) else "name ?"


Move = Play | Draw | Pass | Name
"""Any move of the game."""
