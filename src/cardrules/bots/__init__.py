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
- :class:`ISMCTSBot` searches: information-set Monte Carlo tree search over worlds
  that its seat cannot tell apart from the true one.

A bot whose ``needs_view`` attribute is false is given no view (``None``), which
saves building one on every decision; :class:`RandomBot` is such a bot.

A bot whose ``samples_worlds`` attribute is true is asked through
``choose_in_worlds(view, moves, sample)`` instead of ``choose``: ``sample(seed)``
returns ``game.redeal_hidden(state, seat, seed=seed)``, a world that differs from the
true state only in what the seat cannot see, so the bot learns nothing its view does
not tell it (see :class:`ISMCTSBot`). In a game with
:attr:`GameSpec.redeal_seen <cardrules.GameSpec.redeal_seen>` (Biggenbende) the world
also keeps what the seat remembers from its history: ``sample(seed)`` returns
``game.redeal_seen(state, seat, seen, seed=seed)``, with ``seen`` what the seat saw
in this game (its moves and :attr:`Game.events <cardrules.Game.events>`), so the bot
plays with a perfect memory of what it saw, and still learns nothing else.

>>> import cardrules
>>> from cardrules.bots import RandomBot, play_game
>>> game = cardrules.get_game(sorted(cardrules.GAMES)[0])
>>> state, moves = play_game(game, [RandomBot(seed=s) for s in range(2)], seed=3,
...                          rules=game.Rules(players=2))
>>> game.is_over(state)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cardrules._rng import _mix
from cardrules.bots._basic import Bot, GreedyBot, RandomBot
from cardrules.bots._ismcts import ISMCTSBot
from cardrules.errors import CardrulesError, RulesError
from cardrules.game import AnyGame

__all__ = ["BOTS", "Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "make_bot", "play_game"]

BOTS: tuple[str, ...] = ("greedy", "ismcts", "random")
"""The names :func:`make_bot` knows."""

_TWO64 = 1 << 64


class _Worlds:
    """``sample(seed)``: the true state redealt for one seat (what a sampling bot gets);
    with ``seen``, the seat's history, by the game's ``redeal_seen``, so that a world
    keeps what the seat remembers."""

    __slots__ = ("_redeal", "_seat", "_seen", "_state")

    def __init__(
        self, game: AnyGame, state: Any, seat: int, seen: tuple[Any, ...] | None = None
    ) -> None:
        self._redeal = game.redeal_hidden if seen is None else game.redeal_seen  # type: ignore[attr-defined]
        self._state = state
        self._seat = seat
        self._seen = seen

    def __call__(self, seed: int) -> Any:
        if self._seen is None:
            return self._redeal(self._state, self._seat, seed=seed)
        return self._redeal(self._state, self._seat, self._seen, seed=seed)

    def __repr__(self) -> str:
        return f"<worlds of seat {self._seat}>"


class _Memories:
    """What each sampling seat saw (its moves and events), where the game's worlds can
    keep what a seat remembers (``redeal_seen``): ``worlds(state, seat)`` is the sampler
    a sampling bot is handed, ``tell(before, move, after, mover)`` follows a move."""

    __slots__ = ("_events", "_game", "_seen")

    def __init__(self, game: AnyGame, sampling: Iterable[int]) -> None:
        self._game = game
        self._events = game.events
        recalls = getattr(game, "redeal_seen", None) is not None and self._events is not None
        self._seen: dict[int, list[Any]] = {s: [] for s in sampling} if recalls else {}

    def worlds(self, state: Any, seat: int) -> _Worlds:
        seen = self._seen.get(seat)
        return _Worlds(self._game, state, seat, None if seen is None else tuple(seen))

    def tell(self, before: Any, move: Any, after: Any, mover: int) -> None:
        events = self._events
        for seat, told in self._seen.items():
            if seat == mover:
                told.append(move)
            told.extend(events(before, move, after, seat))  # type: ignore[misc]


def make_bot(name: str, game: AnyGame | str, *, seed: int) -> Bot:
    """
    A bot by name: ``"random"``, ``"greedy"`` or ``"ismcts"`` (an :class:`ISMCTSBot`
    with its default budget, :data:`ISMCTSBot.DEFAULT_ITERATIONS` iterations a move;
    see :data:`BOTS`).

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
    if name == "ismcts":
        return ISMCTSBot(game, seed=seed)
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
    samples = [getattr(bot, "samples_worlds", False) for bot in bots]
    # Bound once; a RandomBot is asked through its draw, which skips the checks that
    # this loop has already made (two moves or more).
    chooses = [bot._draw if type(bot) is RandomBot else bot.choose for bot in bots]
    # What each sampling seat saw: its worlds keep what it remembers (redeal_seen).
    memories = _Memories(game, [s for s, sampling in enumerate(samples) if sampling])
    legal = legal_moves(state)
    while legal:
        seat = to_move(state)
        assert seat is not None
        if len(legal) == 1:
            move = legal[0]
        elif samples[seat]:  # it sees worlds redealt for its seat, never the state
            move = bots[seat].choose_in_worlds(  # type: ignore[attr-defined]
                view(state, seat), legal, memories.worlds(state, seat)
            )
        elif looks[seat]:
            move = chooses[seat](view(state, seat), legal)
        else:
            move = chooses[seat](None, legal)
        before, state = state, apply(state, move)
        moves.append(move)
        memories.tell(before, move, state, seat)
        legal = legal_moves(state)
    return state, tuple(moves)
