"""
The search bot, :class:`ISMCTSBot` (public through :mod:`cardrules.bots`).
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardrules.bots._basic import GreedyBot, _check_moves, _check_seed
from cardrules.errors import RulesError
from cardrules.game import AnyGame

__all__ = ["ISMCTSBot"]

_TWO64 = 1 << 64


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
    mean difference. After ``prune`` worlds it races: a root move that did no better
    than the heuristic's best in any world, or is worse by ``margin`` standard errors,
    is dropped and the rest of the budget goes to the others; when none is left it
    plays the heuristic's best at once, which saves most of the budget on the many
    decisions where the heuristic is plainly right. Since the rollouts play the
    heuristic, this improves on :class:`GreedyBot` as its estimates sharpen; with one
    world it is :class:`GreedyBot`. Short rollouts scored by an estimate are much less noisy than
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
    ``game.redeal_hidden(state, seat, seed=seed)``, or, where the game has
    ``redeal_seen`` (Biggenbende), a world that also keeps what the seat remembers
    from its history (the cards it saw another seat take with the pile). By the
    contract of ``redeal_hidden`` such a world has the same view for the seat as the
    true state and is drawn the same way whatever the hidden cards are, so the bot
    learns nothing beyond its view and its memory; it never receives the state
    itself. Called through
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
        prune: rollout search: after this many worlds (3; 0: never), drop every root
            move that did no better than the heuristic's best in any world so far, or
            is worse by ``margin`` standard errors; the playouts left go to the
            others, and when none is left the search stops with the heuristic's best.
        versus: rollout search: a playout is worth the seat's score less the mean of
            the others' (``"mean"``) or less the best of them (``"best"``, closer to
            winning with many players).

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
        prune: int = 3,
        versus: str = "mean",
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
        if type(prune) is not int or prune == 1 or prune < 0:
            raise RulesError(f"prune must be 0 or an int >= 2, not {prune!r}")
        if versus not in ("mean", "best"):
            raise RulesError(f"versus must be 'mean' or 'best', not {versus!r}")
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
        self._prune = prune
        self._versus_best = versus == "best"
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
        margin = self._margin
        # Per root move, its value less the heuristic's best's, world by world.
        diffs: list[list[float]] = [[] for _ in candidates]
        alive = list(range(1, len(candidates)))
        done = worlds = 0
        while True:
            world = sample(rng.getrandbits(64))
            seat: int = self._game.to_move(world)  # type: ignore[assignment]
            stream = rng.getrandbits(64)
            base = self._playout(world, candidates[0], seat, higher, random.Random(stream))
            for k in alive:
                value = self._playout(world, candidates[k], seat, higher, random.Random(stream))
                diffs[k].append(value - base)
            done += 1 + len(alive)
            worlds += 1
            if self._prune and worlds >= self._prune:
                # Racing: a move that cannot beat the heuristic's best (no better in
                # any world so far, or worse by ``margin`` standard errors) is dropped,
                # and the budget left goes to the others.
                alive = [k for k in alive if _hopeful(diffs[k], margin)]
                if not alive:
                    return candidates[0]
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        best, top = 0, 0.0
        for k in alive:
            d = diffs[k]
            n = len(d)
            if n < 2:  # one world: no error to judge by
                continue
            mean = sum(d) / n
            error = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n)
            if mean > top and mean > margin * error:
                best, top = k, mean
        return candidates[best]

    def _heuristic_best(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The heuristic's best move for the seat to move, a tie broken at random."""
        game = self._game
        scores = self._heuristic(game.view(state, game.to_move(state)), legal)  # type: ignore[misc, arg-type]
        top = max(scores)
        bests = [m for m, sc in zip(legal, scores, strict=True) if sc == top]
        return bests[rng.randrange(len(bests))] if len(bests) > 1 else bests[0]

    def _playout(
        self, state: Any, move: Any, seat: int, higher: bool, rng: random.Random
    ) -> float:
        """``move`` then the heuristic to the horizon: the seat's score less the others'."""
        game = self._game
        legal_moves, apply = game.legal_moves, game.apply
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
                move = self._heuristic_best(state, legal, rng)
            state = apply(state, move)
            legal = legal_moves(state)
            left -= 1
        n = game.players(state)
        estimate = self._estimate
        if legal and returns is not None and returns(state) == start:
            if estimate is None:  # cut short, and nothing to judge by
                return 0.0
            score = list(estimate(game.view(state, seat)))
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
        own = score.pop(seat)
        return own - (max(score) if self._versus_best else sum(score) / (n - 1))

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
        epsilon = self._epsilon
        while left and not horizon(state, legal):
            if len(legal) == 1:
                move = legal[0]
            elif heuristic is None or rng.random() < epsilon:
                move = legal[rng.randrange(len(legal))]
            else:
                move = self._heuristic_best(state, legal, rng)
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


def _hopeful(diffs: Sequence[float], margin: float) -> bool:
    """Whether a root move with these differences from the heuristic's best may still
    beat it: some world where it did better, and not worse by ``margin`` standard
    errors."""
    n = len(diffs)
    mean = sum(diffs) / n
    if max(diffs) <= 0.0:
        return False
    error = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1) / n)
    return mean + margin * error > 0.0
