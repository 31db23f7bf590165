"""Positions of seeded random games, shared by the data-backed pin tests."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any


def random_play(mod: ModuleType, rules: Any, *, seed: int, moves: int) -> list[Any]:
    """
    Every state of the game ``mod.new_game(rules, seed=seed)`` played by uniformly random
    legal moves (``random.Random(1)``) until it ends or ``moves`` moves are made.
    """
    state = mod.new_game(rules, seed=seed)
    rng = random.Random(1)
    seen = [state]
    for _ in range(moves):
        if mod.is_over(state):
            break
        state = mod.apply(state, rng.choice(mod.legal_moves(state)))
        seen.append(state)
    return seen


def thirds(seen: list[Any]) -> list[Any]:
    """The start, a third, two thirds and the end of a game's states."""
    return [seen[0], seen[len(seen) // 3], seen[2 * len(seen) // 3], seen[-1]]
