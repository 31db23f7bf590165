"""
The data of Beggar-my-neighbour: cards, rules, states, views and the one move.

Every class here is a frozen attrs class whose fields are JSON-friendly (ints,
strs, bools, ``None``, tuples and nested attrs classes), so that
:func:`cardrules.dumps` can write it.
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias

import attrs

from cardrules._checks import must_be, short
from cardrules._forms import _as_text
from cardrules._rng import Rng
from cardrules.errors import RulesError

_short = short  # the one short quote of a bad value, from the core

__all__ = [
    "DECK",
    "RANKS",
    "SUITS",
    "Card",
    "Cycle",
    "Move",
    "PlayOut",
    "Rules",
    "State",
    "Turn",
    "View",
]

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""The thirteen ranks, as written in :class:`Card` (BM-1)."""

SUITS: tuple[str, ...] = ("C", "D", "H", "S")
"""The four suits (clubs, diamonds, hearts, spades), in the library's fixed order."""

_RULE_IDS: tuple[str, ...] = tuple(f"BM-{number}" for number in range(1, 11))
"""Every rule ID of the game, in order: BM-1 to BM-10."""

# BM-1, BM-5: A, K, Q and J are penalty cards demanding 4, 3, 2 and 1 cards.
_ACE_DEMAND = 4
_KING_DEMAND = 3
_QUEEN_DEMAND = 2
_JACK_DEMAND = 1
_DEMAND: dict[str, int] = dict.fromkeys(RANKS, 0) | {
    "A": _ACE_DEMAND,
    "K": _KING_DEMAND,
    "Q": _QUEEN_DEMAND,
    "J": _JACK_DEMAND,
}
_DECK_SIZE = 52
"""BM-1: the cards of a deck, all of them in play."""
_MIN_PLAYERS = 2
"""BM-2: the fewest players."""
_MAX_PLAYERS = 4
"""BM-2: the most players."""
_FIRST_SEAT = 0
"""BM-4: the seat that turns the first card."""
_MAX_CARDS = 100_000
"""BM-10: the most cards a game may run (see the docs page's "Limits"). An explicit
``Rules.max_cards`` is at most this; with ``max_cards=None`` a game that has neither
ended nor repeated a position (BM-9) after this many turned cards ends here, as if it
were the agreed limit. The longest 2-player game known runs 8,344 cards; random deals
of 2 to 4 players stay near 2,000."""


def _card_limit(rules: Rules) -> int:
    """BM-10: the turned cards after which a game ends, ``max_cards`` or the ceiling."""
    return _MAX_CARDS if rules.max_cards is None else rules.max_cards


_NUMBER_SYMBOL = "-"
"""BM-3: the notation writes every number card as this; a penalty card as its rank."""
_SYMBOL: dict[str, str] = {
    rank: (_NUMBER_SYMBOL if demand == 0 else rank) for rank, demand in _DEMAND.items()
}
"""BM-3, BM-9: the notation symbol of each rank (number cards are all equal)."""

Ended: TypeAlias = Literal["normal", "endless", "card_limit"]
"""How a game ended: BM-7 (``"normal"``), BM-9 (``"endless"``), BM-10 (``"card_limit"``)."""


def _check_rank(_inst: object, _attr: object, value: Any) -> None:
    if type(value) is not str or value not in _DEMAND:
        raise RulesError(f"a card's rank must be one of {', '.join(RANKS)}, not {_short(value)}")


def _check_suit(_inst: object, _attr: object, value: Any) -> None:
    if type(value) is not str or value not in SUITS:
        raise RulesError(f"a card's suit must be one of {', '.join(SUITS)}, not {_short(value)}")


_CARD_PATTERN = "^(?:A|[2-9]|10|J|Q|K)[CDHS]$"
"""Every text of a card: rank then suit (BM-1)."""


@_as_text(
    _CARD_PATTERN,
    "QH",
    "A card as its text, rank then suit: `QH` is the queen of hearts, `10S` the ten "
    "of spades (ranks A, 2 to 10, J, Q, K; suits C, D, H, S).",
)
@attrs.frozen(order=False)
class Card:
    """
    A playing card (BM-1); only its rank matters to play.

    :meth:`from_str` and ``str(card)`` are a pair: ``"QH"`` is the queen of
    hearts, ``"10S"`` the ten of spades. Saves (format version 2) write a card so.

    >>> card = Card.from_str("QH")
    >>> card
    Card(rank='Q', suit='H')
    >>> str(card), card.is_penalty, card.demand
    ('QH', True, 2)
    >>> Card("7", "C").demand
    0
    """

    rank: str = attrs.field(validator=_check_rank)
    """``"A"``, ``"2"`` .. ``"10"``, ``"J"``, ``"Q"`` or ``"K"``."""
    suit: str = attrs.field(validator=_check_suit)
    """``"C"``, ``"D"``, ``"H"`` or ``"S"``."""

    @classmethod
    def from_str(cls, text: str) -> Card:
        """
        Parse a card written as rank then suit, the inverse of ``str(card)``.

        Args:
            text: for example ``"QH"``, ``"10S"`` or ``"AC"``.

        Returns:
            The card.

        Raises:
            RulesError: if ``text`` is not a card.

        >>> Card.from_str("10S")
        Card(rank='10', suit='S')
        """
        if cls is Card and type(text) is str:
            card = _BY_TEXT.get(text)
            if card is not None:
                return card  # the deck's own object: equal, and shared
        if type(text) is not str or len(text) < 2:
            raise RulesError(
                f"not a card: {_short(text)} (write rank then suit, for example 'QH')"
            )
        return cls(text[:-1], text[-1])

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def demand(self) -> int:
        """
        The number of cards this card demands (BM-1): 4, 3, 2, 1 for A, K, Q, J; else 0.

        >>> Card("A", "S").demand
        4
        """
        return _DEMAND[self.rank]

    @property
    def is_penalty(self) -> bool:
        """
        Whether this is a penalty card (A, K, Q or J; BM-1).

        >>> Card("J", "D").is_penalty
        True
        """
        return _DEMAND[self.rank] > 0


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in RANKS for suit in SUITS)
"""The 52 cards in the library's fixed order: rank by rank (A, 2 .. 10, J, Q, K),
each in the suit order of :data:`SUITS`."""

_BY_TEXT: dict[str, Card] = {str(card): card for card in DECK}
"""Each card of :data:`DECK` by its text: what ``Card.from_str`` gives for it."""


def _check_players(_inst: object, _attr: object, value: Any) -> None:
    # BM-2: 2 to 4 players.
    if type(value) is not int or not _MIN_PLAYERS <= value <= _MAX_PLAYERS:
        raise RulesError(must_be("Rules.players", value, _MIN_PLAYERS, _MAX_PLAYERS, rule="BM-2"))


def _check_max_cards(_inst: object, _attr: object, value: Any) -> None:
    # BM-10: an agreed number of turned cards, or no limit (then _MAX_CARDS still applies).
    if value is not None and (type(value) is not int or not 1 <= value <= _MAX_CARDS):
        raise RulesError(
            must_be("Rules.max_cards", value, 1, _MAX_CARDS, rule="BM-10", optional=True)
        )


@attrs.frozen
class Rules:
    """
    The options of a game of Beggar-my-neighbour.

    >>> Rules()
    Rules(players=2, max_cards=None)
    >>> Rules(players=5)
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: Rules.players must be an int from 2 to 4 (BM-2), not 5
    """

    players: int = attrs.field(default=2, kw_only=True, validator=_check_players)
    """The number of players, 2 to 4 (BM-2)."""
    max_cards: int | None = attrs.field(default=None, kw_only=True, validator=_check_max_cards)
    """End the game after this many turned cards (BM-10), 1 to 100,000;
    ``None`` for no agreed limit (the game still ends at 100,000)."""


@attrs.frozen
class Turn:
    """
    The one move of the game: the seat to move turns its top card (BM-4, BM-5).

    >>> str(Turn())
    'turn'
    """

    def __str__(self) -> str:
        return "turn"


Move: TypeAlias = Turn
"""Every move of the game (there is only :class:`Turn`)."""


@attrs.frozen
class State:
    """
    The whole truth of a game; build one with :func:`~cardrules.beggar.new_game`.

    Stacks are written top first. The pile is written in the order it was laid
    (the first card laid first). ``owed`` and ``penalty_seat`` describe a
    payment in progress (BM-5). The three ``cycle_*`` fields are the constant-size
    endless-game detector of BM-9 (Brent's algorithm over the positions at the
    start of each trick).

    >>> from cardrules import beggar
    >>> state = beggar.new_game(seed=1)
    >>> [len(stack) for stack in state.stacks], state.turn, state.cards
    ([26, 26], 0, 0)
    """

    rules: Rules
    """The rules of this game."""
    rng: Rng
    """The generator after the deal's shuffle (``Rng(0)`` for given stacks). Play
    needs no chance; it is kept, hidden, for the common contract of all games."""
    stacks: tuple[tuple[Card, ...], ...]
    """Each seat's face-down stack, top card first."""
    pile: tuple[Card, ...]
    """The face-up centre pile, in the order laid (its last card is on top)."""
    turn: int
    """The seat to turn the next card (after the end: the winner, or who was next)."""
    owed: int
    """Cards the seat to move still owes on a penalty card; 0 if no payment (BM-5)."""
    penalty_seat: int | None
    """The seat that laid the last penalty card of the current trick, else ``None``."""
    out: tuple[bool, ...]
    """Per seat: out of the game, having had to turn a card with none left (BM-7)."""
    cards: int
    """Cards turned onto the pile so far (BM-8)."""
    tricks: int
    """Piles taken so far, the final one of BM-7 included (BM-8)."""
    ended: Ended | None
    """How the game ended, or ``None`` while it goes on."""
    cycle_key: str
    """BM-9 detector: the saved trick-start position ("" for none yet)."""
    cycle_power: int
    """BM-9 detector: Brent's power of two."""
    cycle_lam: int
    """BM-9 detector: tricks since the saved position."""

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: see :func:`cardrules.svg.render_svg`."""
        from cardrules.svg import render_svg

        return render_svg(self, game="beggar")


@attrs.frozen
class View:
    """
    What one seat may know: everything but the order of the face-down stacks.

    No seat may look into any stack, its own included; the endless-game
    detector is hidden too.

    >>> from cardrules import beggar
    >>> beggar.view(beggar.new_game(seed=1), 1).stack_sizes
    (26, 26)
    """

    seat: int
    """The seat this view belongs to."""
    rules: Rules
    """The rules of the game."""
    stack_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    pile: tuple[Card, ...]
    """The face-up centre pile, in the order laid."""
    turn: int | None
    """The seat to move, ``None`` once the game is over."""
    owed: int
    """Cards the seat to move still owes (BM-5)."""
    penalty_seat: int | None
    """The seat that laid the last penalty card of the current trick."""
    out: tuple[bool, ...]
    """Per seat: out of the game (BM-7)."""
    cards: int
    """Cards turned so far (BM-8)."""
    tricks: int
    """Piles taken so far (BM-8)."""
    ended: Ended | None
    """How the game ended, or ``None``."""

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: see :func:`cardrules.svg.render_svg`."""
        from cardrules.svg import render_svg

        return render_svg(self, game="beggar")


@attrs.frozen
class Cycle:
    """
    Where an endless game (BM-9) enters its cycle, and how long the cycle is.

    >>> Cycle(start_cards=34, start_tricks=4, length_cards=440, length_tricks=62)
    Cycle(start_cards=34, start_tricks=4, length_cards=440, length_tricks=62)
    """

    start_cards: int
    """Cards turned before the cycle is entered."""
    start_tricks: int
    """Tricks taken before the cycle is entered."""
    length_cards: int
    """Cards turned in one round of the cycle."""
    length_tricks: int
    """Tricks taken in one round of the cycle."""


@attrs.frozen
class PlayOut:
    """
    The result of :func:`~cardrules.beggar.play_out`.

    >>> from cardrules import beggar
    >>> result = beggar.play_out(beggar.new_game(seed=1))
    >>> result.cards == result.state.cards, result.cycle
    (True, None)
    """

    state: State
    """The final state, exactly as stepping with ``apply`` gives it."""
    cards: int
    """Cards turned in the whole game (BM-8)."""
    tricks: int
    """Tricks taken in the whole game (BM-8)."""
    winner: int | None
    """The only winning seat, or ``None`` (an endless game or a tie at the card limit)."""
    cycle: Cycle | None
    """For an endless game (BM-9), where its cycle starts and how long it is."""
