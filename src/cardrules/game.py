"""
The ``Game`` protocol that every game module satisfies, and ``Outcome``.

Generic code (bots, the command line, the serialiser, :mod:`cardrules.testing`)
uses only this protocol, so a game added later gets all of it for free.

>>> import cardrules
>>> game = cardrules.get_game("beggar")
>>> isinstance(game, cardrules.Game)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

import attrs

__all__ = ["Game", "Outcome", "Seat"]

Seat = int
"""A player's index, ``0 .. players - 1``."""


@attrs.frozen
class Outcome:
    """
    How a finished game ended.

    >>> Outcome(scores=(3, 5), winners=frozenset({1}), reason="normal")
    Outcome(scores=(3, 5), winners=frozenset({1}), reason='normal', cut_rounds=())
    """

    scores: tuple[int, ...]
    """The final score of every seat: chips in Biggenbende, points in Allegra,
    cards held in Beggar-my-neighbour."""
    winners: frozenset[int]
    """The winning seats; several on a tie, none for an endless Beggar game."""
    reason: str
    """How the game ended: ``"normal"``, ``"turn_limit"`` (a round was cut),
    ``"card_limit"`` (BM-10) or ``"endless"`` (BM-9)."""
    cut_rounds: tuple[int, ...] = ()
    """The rounds (1-based) that a turn limit cut (BB-20, AL-13)."""


@runtime_checkable
class Game(Protocol):
    """
    What every game module offers, as one object (``module.GAME``).

    The functions are pure: states are immutable and ``apply`` returns a new one.
    """

    @property
    def name(self) -> str:
        """The registry name, for example ``"allegra"``."""

    @property
    def rules_version(self) -> int:
        """Bumped whenever the same seed and moves could give a different game."""

    @property
    def Rules(self) -> type[Any]:  # noqa: N802 - mirrors the module attribute
        """The game's frozen ``Rules`` class; ``Rules()`` gives the defaults."""

    @property
    def State(self) -> type[Any]:  # noqa: N802
        """The game's frozen ``State`` class."""

    @property
    def View(self) -> type[Any]:  # noqa: N802
        """The game's frozen ``View`` class (what one seat may know)."""

    @property
    def move_types(self) -> tuple[type[Any], ...]:
        """Every move class; ``Move`` is their union."""

    @property
    def new_game(self) -> Callable[..., Any]:
        """``new_game(rules=Rules(), *, seed)``: deal a new game."""

    @property
    def legal_moves(self) -> Callable[[Any], tuple[Any, ...]]:
        """``legal_moves(state)``: every legal move, ``()`` once over."""

    @property
    def apply(self) -> Callable[[Any, Any], Any]:
        """``apply(state, move)``: the next state, or ``IllegalMoveError``."""

    @property
    def to_move(self) -> Callable[[Any], int | None]:
        """``to_move(state)``: the seat that decides next, ``None`` once over."""

    @property
    def is_over(self) -> Callable[[Any], bool]:
        """``is_over(state)``: whether the game has ended."""

    @property
    def outcome(self) -> Callable[[Any], Outcome | None]:
        """``outcome(state)``: the :class:`Outcome` once over, else ``None``."""

    @property
    def view(self) -> Callable[[Any, int], Any]:
        """``view(state, seat)``: what that seat may know."""

    @property
    def players(self) -> Callable[[Any], int]:
        """``players(state)``: how many seats the game has."""

    @property
    def check_state(self) -> Callable[[Any], None]:
        """``check_state(state)``: raise ``InvalidStateError`` if the state breaks
        an invariant (cards not conserved, an index out of range, ...)."""

    @property
    def check_view(self) -> Callable[[Any], None]:
        """``check_view(view)``: raise ``InvalidStateError`` if the view is
        inconsistent in itself (seat out of range, counts negative or not matching
        the rules, per-seat tuples of the wrong length, values outside the deck,
        ...). ``cardrules.loads`` calls it on every loaded view."""

    @property
    def redeal_hidden(self) -> Callable[..., Any]:
        """``redeal_hidden(state, seat, *, seed)``: a state that differs from
        ``state`` only in what ``seat`` cannot see (other hands, face-down cards,
        deck order, RNG), shuffled with ``seed``. Its view for ``seat`` must equal
        the original's; bots may use it to sample what they cannot see."""


@attrs.frozen(repr=False)
class _GameImpl:
    """The concrete :class:`Game` object each game module builds."""

    name: str
    rules_version: int
    Rules: type[Any]
    State: type[Any]
    View: type[Any]
    move_types: tuple[type[Any], ...]
    new_game: Callable[..., Any]
    legal_moves: Callable[[Any], tuple[Any, ...]]
    apply: Callable[[Any, Any], Any]
    to_move: Callable[[Any], int | None]
    is_over: Callable[[Any], bool]
    outcome: Callable[[Any], Outcome | None]
    view: Callable[[Any, int], Any]
    players: Callable[[Any], int]
    check_state: Callable[[Any], None]
    check_view: Callable[[Any], None]
    redeal_hidden: Callable[..., Any]

    def __repr__(self) -> str:
        return f"<Game {self.name!r} rules_version={self.rules_version}>"
