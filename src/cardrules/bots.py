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
not tell it (see :class:`ISMCTSBot`).

>>> import cardrules
>>> from cardrules.bots import RandomBot, play_game
>>> game = cardrules.get_game(sorted(cardrules.GAMES)[0])
>>> state, moves = play_game(game, [RandomBot(seed=s) for s in range(2)], seed=3,
...                          rules=game.Rules(players=2))
>>> game.is_over(state)
True
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from cardrules._rng import _GAMMA, _MASK, _MIX1, _MIX2, _below, _mix
from cardrules.errors import CardrulesError, RulesError
from cardrules.game import AnyGame

__all__ = ["BOTS", "Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "make_bot", "play_game"]

BOTS: tuple[str, ...] = ("greedy", "ismcts", "random")
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


class _Worlds:
    """``sample(seed)``: the true state redealt for one seat (what a sampling bot gets)."""

    __slots__ = ("_redeal", "_seat", "_state")

    def __init__(self, game: AnyGame, state: Any, seat: int) -> None:
        self._redeal = game.redeal_hidden
        self._state = state
        self._seat = seat

    def __call__(self, seed: int) -> Any:
        return self._redeal(self._state, self._seat, seed=seed)

    def __repr__(self) -> str:
        return f"<worlds of seat {self._seat}>"


class _Node:
    """A node of the search tree: the move that led to it and its statistics."""

    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat that made the move into this node
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


# Whether a higher score is better, per game: found once from a played-out world.
_HIGHER_IS_BETTER: dict[str, bool] = {}


class ISMCTSBot:
    """
    A bot that searches over worlds its seat cannot tell apart from the true one:
    by default a rollout search with the game's heuristic at the root of an
    information set; with ``tree=True``, single-observer information-set Monte Carlo
    tree search (Cowling, Powley and Whitehouse, 2012).

    Both search the ``widen`` best root moves by the game's heuristic (every move
    without one). The bot samples a world, a state its seat cannot tell apart from the
    true one (``game.redeal_hidden``), and plays every root move in that world with
    one shared random stream, so the root moves are compared on the same deals (common
    random numbers); ``iterations`` counts these playouts, so a budget of ``k``
    iterations samples about ``k / widen`` worlds.

    Rollout search (the default). After the root move every seat plays the game's
    heuristic, as :class:`GreedyBot` does (ties drawn at random, a random move with
    probability ``epsilon``), to the horizon: the end of the round (seen as a change of
    :attr:`Game.returns <cardrules.Game.returns>`), or, in a game with a score
    estimate (``evaluate``; Biggenbende and Allegra have their own), after
    ``rollout_moves`` moves. A playout is worth the seat's round score (at the horizon
    by ``returns``, at a cut by the estimate from the seat's view of the world there)
    less the mean of the other seats' scores. The bot plays the heuristic's best move
    unless another root move beats it, world by world, by more than ``margin``
    standard errors of the mean difference: it then plays the root move with the best
    mean difference. Since the rollouts play the heuristic, this improves on
    :class:`GreedyBot` as its estimates sharpen; with one world it is
    :class:`GreedyBot`. Short rollouts scored by an estimate are much less noisy than
    rollouts to the end of a round, so they need fewer worlds.

    Tree search (``tree=True``). An iteration walks one tree shared by all worlds,
    choosing by UCB among the moves legal in that world (each weighed by how often it
    was available), adds one move, then rolls out as above to the horizon (cut after
    ``rollout_moves`` moves, 10 by default), and credits every seat on the path with
    its round score relative to the others, scaled to ``0 .. 1`` (0.5 for all at a cut
    rollout). It plays the root move of best mean reward; on a tie the heuristic's
    best.

    A game's score direction (higher or lower is better) is found once, from the
    winners of played-out worlds.

    Worlds: :func:`play_game` asks a bot with ``samples_worlds`` through
    :meth:`choose_in_worlds` and hands it ``sample(seed)``, which returns
    ``game.redeal_hidden(state, seat, seed=seed)``. By the contract of
    ``redeal_hidden`` such a world has the same view for the seat as the true state
    and is drawn the same way whatever the hidden cards are, so the bot learns
    nothing beyond its view; it never receives the state itself. Called through
    :meth:`choose` alone (with no way to sample), it plays like :class:`GreedyBot`.

    Args:
        game: the game, or its registered name.
        seed: an int in ``[0, 2**64)``; the same seed, budget and calls give the same
            choices when the budget is in iterations.
        iterations: playouts a move (default :data:`DEFAULT_ITERATIONS` when
            ``seconds`` is not given either).
        seconds: a time budget a move instead (not reproducible); with both, the
            search stops at whichever comes first.
        rollout_moves: where a rollout is cut, in moves. Rollout search: ``None``
            (the default) is the game's own depth with an estimate (Biggenbende 16
            moves, Allegra 3 moves a seat), else the end of the round. Tree search: 10.
        exploration: the UCB exploration constant (tree search).
        epsilon: the chance of a random move in a heuristic rollout.
        greedy_rollouts: roll out with the game's heuristic (when it has one), else
            with random moves.
        widen: how many of the heuristic's best moves the root searches.
        tree: search a tree (ISMCTS) instead of rollouts from the root.
        margin: how many standard errors a root move must beat the heuristic's best
            by (rollout search).
        evaluate: ``evaluate(view)``, every seat's expected round score by what
            ``view`` shows, in the game's score units; ``None`` for the game's own
            estimate, where its heuristic's module has one (an ``estimate`` function
            and a ``ROLLOUT_DEPTH``; Biggenbende and Allegra do).

    >>> import cardrules
    >>> from cardrules.bots import ISMCTSBot, RandomBot, play_game
    >>> game = cardrules.get_game("biggenbende")
    >>> bots = [ISMCTSBot(game, seed=1, iterations=20), RandomBot(seed=2), RandomBot(seed=3)]
    >>> state, _ = play_game(game, bots, seed=5, rules=game.Rules(players=3, rounds=1))
    >>> game.is_over(state)
    True
    """

    DEFAULT_ITERATIONS = 30
    """The playouts a move when no budget is given: ten worlds for three root moves."""

    samples_worlds = True
    """:func:`play_game` asks it through :meth:`choose_in_worlds`."""

    def __init__(
        self,
        game: AnyGame | str,
        *,
        seed: int,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout_moves: int | None = None,
        exploration: float = 0.7,
        epsilon: float = 0.0,
        greedy_rollouts: bool = True,
        widen: int = 3,
        tree: bool = False,
        margin: float = 2.0,
        evaluate: Callable[[Any], Sequence[float]] | None = None,
    ) -> None:
        if isinstance(game, str):
            from cardrules import get_game  # the registry loads the games: not at import

            game = get_game(game)
        self._game: AnyGame = game
        self._seed = _check_seed(seed)
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise RulesError(f"iterations must be None or an int >= 1, not {iterations!r}")
        if seconds is not None and not (isinstance(seconds, int | float) and seconds > 0):
            raise RulesError(f"seconds must be None or a number > 0, not {seconds!r}")
        if rollout_moves is not None and (type(rollout_moves) is not int or rollout_moves < 0):
            raise RulesError(f"rollout_moves must be None or an int >= 0, not {rollout_moves!r}")
        if type(widen) is not int or widen < 1:
            raise RulesError(f"widen must be an int >= 1, not {widen!r}")
        if iterations is None and seconds is None:
            iterations = self.DEFAULT_ITERATIONS
        self.iterations = iterations
        """The iteration budget a move, or ``None``."""
        self.seconds = seconds
        """The time budget a move, or ``None``."""
        own = _own_estimate(game)
        self._estimate = evaluate if evaluate is not None else None if own is None else own[0]
        # Moves, or (k,): k moves a seat, times the players of the state searched.
        cut: int | tuple[int]
        if rollout_moves is not None:
            cut = rollout_moves
        elif tree:
            cut = 10
        elif self._estimate is None:
            cut = -1  # to the end of the round
        else:
            cut = _DEFAULT_DEPTH if own is None or evaluate else own[1]
        self._rollout_moves = cut
        self._c = exploration
        self._epsilon = epsilon
        self._heuristic = game.heuristic if greedy_rollouts else None
        self._root_heuristic = game.heuristic
        self._widen = widen
        self._tree = tree
        self._margin = margin
        self._rng = random.Random(self._seed)
        self._greedy = GreedyBot(game, seed=self._seed)

    def __repr__(self) -> str:
        budget = (
            f"iterations={self.iterations}" if self.seconds is None else f"seconds={self.seconds}"
        )
        return f"ISMCTSBot({self._game.name!r}, {budget})"

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """
        Without worlds to sample, a best move by the game's heuristic (as
        :class:`GreedyBot`).

        Raises:
            ~cardrules.errors.CardrulesError: if ``moves`` is empty.
        """
        return self._greedy.choose(view, moves)

    def choose_in_worlds(
        self, view: Any, moves: Sequence[Any], sample: Callable[[int], Any]
    ) -> Any:
        """
        The root move the search over worlds from ``sample`` finds best.

        Args:
            view: the seat's view.
            moves: the legal moves; never empty.
            sample: ``sample(seed)`` gives a world redealt for the seat.

        Raises:
            ~cardrules.errors.CardrulesError: if ``moves`` is empty.
        """
        _check_moves(moves)
        if len(moves) == 1:
            return moves[0]
        rng = self._rng
        higher = self._direction(sample)
        root = _Node(-1)
        # The root searches the game heuristic's best few moves, best first (all of
        # them, in the game's order, without a heuristic).
        candidates = list(moves)
        if self._root_heuristic is not None:
            scores = self._root_heuristic(view, moves)
            ranked = sorted(range(len(moves)), key=lambda k: -scores[k])
            candidates = [moves[k] for k in ranked[: self._widen]]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        if not self._tree:
            return self._flat(candidates, sample, higher, deadline)
        done = 0
        while True:
            # One world and one rollout stream for every root move in turn: the moves
            # are compared on the same deals and the same random choices.
            world = sample(rng.getrandbits(64))
            stream = rng.getrandbits(64)
            for move in candidates:
                self._iterate(root, world, higher, move, random.Random(stream))
            done += len(candidates)
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        # The best mean reward; on a tie the better move by the heuristic.
        best, top = candidates[0], -1.0
        for move in candidates:
            child = root.children.get(move)
            if child is not None and child.visits and child.reward / child.visits > top:
                best, top = move, child.reward / child.visits
        return best

    def _flat(
        self,
        candidates: Sequence[Any],
        sample: Callable[[int], Any],
        higher: bool,
        deadline: float | None,
    ) -> Any:
        """Rollout search: the heuristic's best, unless another move beats it clearly."""
        rng = self._rng
        # Per root move, its value less the heuristic's best's, world by world.
        diffs: list[list[float]] = [[] for _ in candidates]
        done = 0
        while True:
            world = sample(rng.getrandbits(64))
            seat: int = self._game.to_move(world)  # type: ignore[assignment]
            stream = rng.getrandbits(64)
            values = [
                self._playout(world, move, seat, higher, random.Random(stream))
                for move in candidates
            ]
            for k, value in enumerate(values):
                diffs[k].append(value - values[0])
            done += len(candidates)
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        n = len(diffs[0])
        if n < 2:  # one world: no error to judge by
            return candidates[0]
        best, top = 0, 0.0
        for k in range(1, len(candidates)):
            d = diffs[k]
            mean = sum(d) / n
            error = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n)
            if mean > top and mean > self._margin * error:
                best, top = k, mean
        return candidates[best]

    def _playout(
        self, state: Any, move: Any, seat: int, higher: bool, rng: random.Random
    ) -> float:
        """``move`` then the heuristic to the horizon: the seat's score less the others'."""
        game = self._game
        legal_moves, apply, to_move, view = game.legal_moves, game.apply, game.to_move, game.view
        returns = game.returns
        start = None if returns is None else returns(state)
        heuristic = self._heuristic
        epsilon = self._epsilon
        state = apply(state, move)
        legal = legal_moves(state)
        left = self._cut(state)  # -1: no cut
        while left and legal and (returns is None or returns(state) == start):
            if len(legal) == 1:
                move = legal[0]
            elif heuristic is None or (epsilon and rng.random() < epsilon):
                move = legal[rng.randrange(len(legal))]
            else:
                scores = heuristic(view(state, to_move(state)), legal)  # type: ignore[arg-type]
                top = max(scores)
                bests = [m for m, sc in zip(legal, scores, strict=True) if sc == top]
                move = bests[rng.randrange(len(bests))] if len(bests) > 1 else bests[0]
            state = apply(state, move)
            legal = legal_moves(state)
            left -= 1
        n = game.players(state)
        estimate = self._estimate
        if legal and returns is not None and returns(state) == start:
            if estimate is None:  # cut short, and nothing to judge by
                return 0.0
            score = list(estimate(view(state, seat)))
        elif returns is not None and start is not None:
            end = returns(state)
            score = [sum(r[s] for r in end) - sum(r[s] for r in start) for s in range(n)]
        else:
            outcome = game.outcome(state)
            if outcome is None or not outcome.winners:
                return 0.0
            return 1.0 if seat in outcome.winners else 0.0
        if not higher:
            score = [-x for x in score]
        return score[seat] - (sum(score) - score[seat]) / (n - 1)

    def _cut(self, state: Any) -> int:
        """Where a rollout from ``state`` is cut, in moves (-1: never)."""
        moves = self._rollout_moves
        return moves if isinstance(moves, int) else moves[0] * self._game.players(state)

    def _direction(self, sample: Callable[[int], Any]) -> bool:
        game = self._game
        known = _HIGHER_IS_BETTER.get(game.name)
        if known is not None:
            return known
        rng = random.Random(self._seed ^ 0x5EED)
        for _ in range(8):
            state = sample(rng.getrandbits(64))
            legal = game.legal_moves(state)
            while legal:
                state = game.apply(state, legal[rng.randrange(len(legal))])
                legal = game.legal_moves(state)
            outcome = game.outcome(state)
            if outcome is None or not outcome.winners:
                continue
            losers = [sc for s, sc in enumerate(outcome.scores) if s not in outcome.winners]
            won = outcome.scores[next(iter(outcome.winners))]
            if losers and won != losers[0]:
                _HIGHER_IS_BETTER[game.name] = won > losers[0]
                return won > losers[0]
        return True  # nothing learnt: assume a higher score is better

    def _iterate(
        self, root: _Node, state: Any, higher: bool, first: Any, rng: random.Random
    ) -> None:
        game = self._game
        legal_moves, apply, to_move = game.legal_moves, game.apply, game.to_move
        returns = game.returns
        start = None if returns is None else returns(state)
        c = self._c
        node = root
        path = [root]
        legal: Sequence[Any] = (first,)  # the root move of this iteration

        def horizon(s: Any, legal: Sequence[Any]) -> bool:
            return not legal or (returns is not None and returns(s) != start)

        # Selection and expansion: one tree over all worlds (single observer).
        while not horizon(state, legal):
            seat: int = to_move(state)  # type: ignore[assignment]
            children = node.children
            untried = [m for m in legal if m not in children]
            for m in legal:
                child = children.get(m)
                if child is not None:
                    child.avail += 1
            if untried:
                move = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                node = children[move] = _Node(seat)
                path.append(node)
                state = apply(state, move)
                legal = legal_moves(state)
                break
            best_move, best_score = None, -math.inf
            for m in legal:
                child = children[m]
                score = child.reward / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if score > best_score:
                    best_move, best_score = m, score
            node = children[best_move]
            path.append(node)
            state = apply(state, best_move)
            legal = legal_moves(state)
        # Rollout: the game's heuristic (random among its best, and a random move
        # with probability ``epsilon``), or random moves, to the horizon.
        left = self._cut(state)
        heuristic = self._heuristic
        view = game.view
        epsilon = self._epsilon
        while left and not horizon(state, legal):
            if len(legal) == 1:
                move = legal[0]
            elif heuristic is None or rng.random() < epsilon:
                move = legal[rng.randrange(len(legal))]
            else:
                scores = heuristic(view(state, to_move(state)), legal)  # type: ignore[arg-type]
                top = max(scores)
                bests = [m for m, sc in zip(legal, scores, strict=True) if sc == top]
                move = bests[rng.randrange(len(bests))] if len(bests) > 1 else bests[0]
            state = apply(state, move)
            legal = legal_moves(state)
            left -= 1
        rewards = self._rewards(state, start, higher, horizon(state, legal))
        for n in path:
            n.visits += 1
            if n.seat >= 0:
                n.reward += rewards[n.seat]

    def _rewards(self, state: Any, start: Any, higher: bool, reached: bool) -> list[float]:
        game = self._game
        n = game.players(state)
        if not reached:
            return [0.5] * n
        if game.returns is not None and start is not None:
            end = game.returns(state)
            if end != start:
                gain = [sum(r[s] for r in end) - sum(r[s] for r in start) for s in range(n)]
                if not higher:
                    gain = [-g for g in gain]
                low, high = min(gain), max(gain)
                if high == low:
                    return [0.5] * n
                return [(g - low) / (high - low) for g in gain]
        outcome = game.outcome(state)
        if outcome is None or not outcome.winners:
            return [0.5] * n
        return [1.0 if s in outcome.winners else 0.0 for s in range(n)]


_DEFAULT_DEPTH = 8
"""Rollout search's cut, in moves, with an ``evaluate`` of the caller's."""


def _own_estimate(
    game: AnyGame,
) -> tuple[Callable[[Any], Sequence[float]], int | tuple[int]] | None:
    """The game's own score estimate from a view and its rollout depth in moves (or, as
    ``(k,)``, ``k`` moves a seat), where it has one: an ``estimate`` function and a
    ``ROLLOUT_DEPTH`` next to the game's heuristic, in the module that defines it."""
    heuristic = game.heuristic
    module = None if heuristic is None else sys.modules.get(heuristic.__module__)
    estimate = getattr(module, "estimate", None)
    depth = getattr(module, "ROLLOUT_DEPTH", None)
    if estimate is None or depth is None:
        return None
    return estimate, depth


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
    legal = legal_moves(state)
    while legal:
        seat = to_move(state)
        assert seat is not None
        if len(legal) == 1:
            move = legal[0]
        elif samples[seat]:  # it sees worlds redealt for its seat, never the state
            move = bots[seat].choose_in_worlds(  # type: ignore[attr-defined]
                view(state, seat), legal, _Worlds(game, state, seat)
            )
        elif looks[seat]:
            move = chooses[seat](view(state, seat), legal)
        else:
            move = chooses[seat](None, legal)
        state = apply(state, move)
        moves.append(move)
        legal = legal_moves(state)
    return state, tuple(moves)
