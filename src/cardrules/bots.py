"""
Computer players for every game, built on the :class:`~cardrules.Game` protocol.

A bot decides from what one seat may know, the seat's ``View``, and the legal
moves; it never sees the full state. Bots are seeded and deterministic: the
same seed and the same sequence of calls give the same choices. A bot keeps
its own :class:`~cardrules.Rng` and may change as it plays; bots are not game
state.

- :class:`RandomBot` picks uniformly among the legal moves, for every game.
- :class:`GreedyBot` plays a best move by the game's own heuristic
  (:attr:`Game.heuristic <cardrules.Game.heuristic>`), the only move when there is
  one, and a random move in a game without a heuristic.

A bot whose ``needs_view`` attribute is false is given no view (``None``), which
saves building one on every decision; :class:`RandomBot` is such a bot.

>>> import cardrules
>>> from cardrules.bots import RandomBot, play_game
>>> game = cardrules.get_game(sorted(cardrules.GAMES)[0])
>>> state, moves = play_game(game, [RandomBot(seed=s) for s in range(2)], seed=3,
...                          rules=game.Rules(players=2))
>>> game.is_over(state)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from cardrules._rng import _GAMMA, _MASK, _MIX1, _MIX2, _below, _mix
from cardrules.errors import CardrulesError, RulesError
from cardrules.game import AnyGame

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot", "play_game"]

BOTS: tuple[str, ...] = ("greedy", "random")
"""The names :func:`make_bot` knows."""

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


def make_bot(name: str, game: AnyGame | str, *, seed: int) -> Bot:
    """
    A bot by name: ``"random"`` or ``"greedy"`` (see :data:`BOTS`).

    Raises:
        ~cardrules.errors.CardrulesError: for an unknown name.

    >>> from cardrules.bots import make_bot
    >>> make_bot("random", "any game", seed=1)
    RandomBot(<rng 1>)
    """
    if name == "random":
        return RandomBot(seed=seed)
    if name == "greedy":
        return GreedyBot(game, seed=seed)
    raise CardrulesError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}")


def _seat_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game dealt with ``seed``."""
    # Mixed, so that seats and neighbouring game seeds get unrelated streams
    # (SplitMix64 streams from nearby raw seeds are shifted copies).
    return _mix((_mix(seed) + 0x9E3779B97F4A7C15 * (seat + 1)) % _TWO64)


def play_game(
    game: AnyGame,
    bots: Sequence[Bot],
    *,
    seed: int,
    rules: Any = None,
) -> tuple[Any, tuple[Any, ...]]:
    """
    Play one game to the end with one bot per seat.

    Args:
        game: the game to play.
        bots: the bot of every seat, seat 0 first.
        seed: the seed of the deal.
        rules: the game's ``Rules``; ``None`` for the defaults.

    Returns:
        The final state and every move played.

    Raises:
        ~cardrules.errors.RulesError: if the number of bots is not the number of seats.

    >>> import cardrules
    >>> from cardrules.bots import GreedyBot, RandomBot, play_game
    >>> game = cardrules.get_game(sorted(cardrules.GAMES)[0])
    >>> bots = [GreedyBot(game, seed=1), RandomBot(seed=2), RandomBot(seed=3)]
    >>> state, moves = play_game(game, bots, seed=4, rules=game.Rules(players=3))
    >>> game.is_over(state) and len(game.outcome(state).scores)
    3
    """
    state = game.new_game(game.Rules() if rules is None else rules, seed=seed)
    if len(bots) != game.players(state):
        raise RulesError(f"{game.players(state)} seats need as many bots, not {len(bots)}")
    moves: list[Any] = []
    view, legal_moves, apply, to_move = game.view, game.legal_moves, game.apply, game.to_move
    # A bot that reads no view gets none (building a view costs as much as a move).
    looks = [getattr(bot, "needs_view", True) for bot in bots]
    # Bound once; a RandomBot is asked through its draw, which skips the checks that
    # this loop has already made (two moves or more).
    chooses = [bot._draw if type(bot) is RandomBot else bot.choose for bot in bots]
    legal = legal_moves(state)
    while legal:
        seat = to_move(state)
        assert seat is not None
        if len(legal) == 1:
            move = legal[0]
        elif looks[seat]:
            move = chooses[seat](view(state, seat), legal)
        else:
            move = chooses[seat](None, legal)
        state = apply(state, move)
        moves.append(move)
        legal = legal_moves(state)
    return state, tuple(moves)
