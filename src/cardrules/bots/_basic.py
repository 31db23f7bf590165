"""
The plain bots: the :class:`Bot` protocol, :class:`RandomBot` and :class:`GreedyBot`
(public through :mod:`cardrules.bots`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from cardrules._rng import _GAMMA, _MASK, _MIX1, _MIX2, _below
from cardrules.errors import CardrulesError, RulesError
from cardrules.game import AnyGame

__all__ = ["Bot", "GreedyBot", "RandomBot"]

_TWO64 = 1 << 64


@runtime_checkable
class Bot(Protocol):
    """
    Anything that chooses a move from a seat's view and the legal moves.

    A bot that never reads the view may say so with a class or instance attribute
    ``needs_view = False``: :func:`play_game` then passes ``None`` instead of
    building the view. Without the attribute a bot is given the view.
    """

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """
        Choose one of ``moves``.

        Args:
            view: the ``View`` of the seat to move (what it may know).
            moves: the legal moves, in the game's order; never empty.

        Returns:
            One element of ``moves``.
        """


def _check_seed(seed: object) -> int:
    if type(seed) is not int or not 0 <= seed < _TWO64:
        raise RulesError(f"a bot seed must be an int in [0, 2**64), not {seed!r}")
    return seed


def _check_moves(moves: Sequence[Any]) -> None:
    if not moves:
        raise CardrulesError("a bot cannot choose from no moves; is the game over?")


class RandomBot:
    """
    A bot that picks one of the legal moves uniformly at random.

    Args:
        seed: an int in ``[0, 2**64)``.

    >>> from cardrules.bots import RandomBot
    >>> bot = RandomBot(seed=5)
    >>> [bot.choose(None, "abc") for _ in range(6)]
    ['c', 'b', 'c', 'c', 'b', 'b']
    """

    needs_view = False
    """It never reads the view: :func:`play_game` passes ``None``."""

    def __init__(self, *, seed: int) -> None:
        self._state = _check_seed(seed)

    def __repr__(self) -> str:
        return f"RandomBot(<rng {self._state}>)"

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """
        A uniformly random element of ``moves``; with one move, no draw is made.

        Raises:
            ~cardrules.errors.CardrulesError: if ``moves`` is empty.
        """
        if len(moves) < 2:  # one move needs no draw
            _check_moves(moves)
            return moves[0]
        return self._draw(None, moves)

    def _draw(self, _view: object, moves: Sequence[Any]) -> Any:
        """:meth:`choose` among two moves or more: what :func:`play_game` calls."""
        # _rng._below inlined (the same draws, bit for bit): a bot's choice is a fifth
        # of a random playout, and a call and a tuple per draw are much of it.
        bound = len(moves)
        limit = _TWO64 - _TWO64 % bound
        state = self._state
        while True:
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                self._state = state
                return moves[z % bound]


class GreedyBot:
    """
    A bot that plays a best move by its game's heuristic.

    The heuristic is the game's :attr:`~cardrules.Game.heuristic` (each game keeps
    its own, in its package): it scores every legal move, and the bot plays a
    best-scored one, drawing among equal bests with its generator. With one legal
    move the bot plays it; in a game without a heuristic it plays at random.

    Args:
        game: the game the bot plays, or its registered name (a name that is not
            registered gives a bot that plays at random).
        seed: an int in ``[0, 2**64)``; draws among equally good moves.

    >>> import cardrules
    >>> from cardrules.bots import GreedyBot
    >>> game = cardrules.get_game(sorted(cardrules.GAMES)[0])
    >>> state = game.new_game(game.Rules(players=3), seed=1)
    >>> bot = GreedyBot(game, seed=0)
    >>> bot.choose(game.view(state, 0), game.legal_moves(state)) in game.legal_moves(state)
    True
    """

    def __init__(self, game: AnyGame | str, *, seed: int) -> None:
        self._state = _check_seed(seed)
        if isinstance(game, str):
            from cardrules import GAMES  # the registry loads the games: not at import

            self._game = game
            found = GAMES.get(game)  # a game not registered (yet) is played at random
            self._heuristic = None if found is None else found.heuristic
        else:
            self._game = game.name
            self._heuristic = game.heuristic
        self.needs_view = self._heuristic is not None
        """Whether :meth:`choose` reads the view: only with a heuristic."""

    def __repr__(self) -> str:
        return f"GreedyBot({self._game!r}, <rng {self._state}>)"

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """
        A best move by the heuristic; ties are drawn at random.

        Raises:
            ~cardrules.errors.CardrulesError: if ``moves`` is empty.
        """
        _check_moves(moves)
        if len(moves) == 1:
            return moves[0]
        if self._heuristic is None:
            index, self._state = _below(self._state, len(moves))
            return moves[index]
        scores = self._heuristic(view, moves)
        best = max(scores)
        bests = [m for m, s in zip(moves, scores, strict=True) if s == best]
        if len(bests) == 1:
            return bests[0]
        index, self._state = _below(self._state, len(bests))
        return bests[index]
