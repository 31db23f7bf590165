"""Shared checks of the action, observation and bound hooks (issue 12), for every game."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from cardrules import Rng
from cardrules.game import AnyGame


def playthrough(game: AnyGame, rules: Any, seed: int) -> Iterator[tuple[Any, tuple[Any, ...]]]:
    """Every (state, legal moves) of one random game, the final state last (no moves)."""
    state = game.new_game(rules, seed=seed)
    rng = Rng(seed + 1000)
    while True:
        moves = game.legal_moves(state)
        yield state, moves
        if not moves:
            return
        pick, rng = rng.below(len(moves))
        state = game.apply(state, moves[pick])


def check_actions(game: AnyGame, rules: Any, seeds: range) -> int:
    """Every legal move met encodes in range and back; numbers are one-to-one.
    Returns how many distinct moves were met."""
    space = game.actions(rules)  # type: ignore[misc]
    seen: dict[int, Any] = {}
    for seed in seeds:
        for _, moves in playthrough(game, rules, seed):
            numbers = [space.encode(m) for m in moves]
            assert len(set(numbers)) == len(moves)
            for move, number in zip(moves, numbers, strict=True):
                assert type(number) is int
                assert 0 <= number < space.size
                assert space.decode(number) == move
                assert seen.setdefault(number, move) == move
    # the table is a bijection on its whole range
    for number in range(space.size):
        assert space.encode(space.decode(number)) == number
    return len(seen)


def check_observation(game: AnyGame, rules: Any, seeds: range) -> None:
    """Fixed shape, floats only, views mostly differ, nothing hidden enters."""
    obs = game.observation(rules)  # type: ignore[misc]
    size = math.prod(obs.shape)
    assert sum(k for _, k in obs.layout) == size
    for seed in seeds:
        encodings: dict[int, set[tuple[float, ...]]] = {}
        views = 0
        for step, (state, _) in enumerate(playthrough(game, rules, seed)):
            for seat in range(game.players(state)):
                view = game.view(state, seat)
                flat = obs.encode(view)
                assert len(flat) == size
                assert all(type(x) is float for x in flat)
                encodings.setdefault(seat, set()).add(tuple(flat))
                views += seat == 0
                if step % 7 == 0:  # a world seat cannot tell apart encodes the same
                    other = game.redeal_hidden(state, seat, seed=seed * 31 + step)
                    assert obs.encode(game.view(other, seat)) == flat
        for seat, seen in encodings.items():
            assert len(seen) >= 0.5 * views, (seat, len(seen), views)


def check_bounds(game: AnyGame, rules: Any, seeds: range) -> None:
    """Final scores within utility_bounds, lengths within max_moves, returns sum up."""
    low, high = game.utility_bounds(rules)  # type: ignore[misc]
    longest = game.max_moves(rules)  # type: ignore[misc]
    for seed in seeds:
        steps = list(playthrough(game, rules, seed))
        moves = len(steps) - 1
        state = steps[-1][0]
        assert moves <= longest
        outcome = game.outcome(state)
        assert outcome is not None
        assert all(low <= score <= high for score in outcome.scores)
        rounds = game.returns(state)  # type: ignore[misc]
        totals = tuple(sum(r[s] for r in rounds) for s in range(len(outcome.scores)))
        assert totals == outcome.scores
