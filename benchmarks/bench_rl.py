"""
Adapter speed: a random rollout through the PettingZoo environment (observation and
action mask at every step) and through the OpenSpiel game, against the raw API's random
playout, in the same run.

Run: ``python benchmarks/bench_rl.py [seconds per measurement] [--made-up]``.

For every game (default rules) it prints steps per second of:

- ``raw``: ``legal_moves`` + ``apply``, a uniformly random move (seeded SplitMix64);
- ``pettingzoo``: ``env.last()`` (the observation and the mask of the agent to move),
  a random legal action from the mask, ``env.step``; the ratio to ``raw`` (goal of
  issue 12: at least 0.25, aim 0.5);
- ``openspiel``: ``legal_actions`` + ``apply_action`` on the OpenSpiel state, and the
  ratio to ``raw``.

A game without the ``actions`` and ``observation`` hooks is reported and skipped;
``--made-up`` measures the adapters over the made-up hooks of the tests instead (a
dictionary numbering and a two-number observation), which shows the adapters' own cost.
Times are CPU seconds of this process (``time.process_time``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import attrs

import cardrules
from cardrules._rng import _below
from cardrules.game import AnyGame


def raw(game: AnyGame, seconds: float) -> float:
    """Random playouts through the game's own functions: steps a second."""
    rules = game.Rules()
    legal_moves, apply = game.legal_moves, game.apply
    steps = deals = 0
    rng = 12345
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_game(rules, seed=deals)
        while options := legal_moves(state):
            k, rng = _below(rng, len(options))
            state = apply(state, options[k])
            steps += 1
        deals += 1
    return steps / (time.process_time() - start)


def pettingzoo(game: AnyGame, seconds: float) -> float:
    """Random rollouts through the AEC environment, reading every observation and mask."""
    import numpy

    from cardrules.pettingzoo import CardrulesEnv

    env = CardrulesEnv(game)
    steps = deals = 0
    rng = 12345
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=deals)
        for _ in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = numpy.flatnonzero(observation["action_mask"])
            k, rng = _below(rng, len(legal))
            env.step(int(legal[k]))
            steps += 1
        deals += 1
    return steps / (time.process_time() - start)


def openspiel(game: AnyGame, seconds: float) -> float:
    """Random rollouts through the OpenSpiel game: steps a second (chance node excluded)."""
    import pyspiel  # type: ignore[import-not-found]

    from cardrules.openspiel import register, short_name

    register(game)
    spiel_game = pyspiel.load_game(short_name(game))
    steps = deals = 0
    rng = 12345
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = spiel_game.new_initial_state()
        state.apply_action(deals % spiel_game.max_chance_outcomes())
        while not state.is_terminal():
            legal = state.legal_actions()
            k, rng = _below(rng, len(legal))
            state.apply_action(legal[k])
            steps += 1
        deals += 1
    return steps / (time.process_time() - start)


def _made_up(game: AnyGame) -> AnyGame:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.test_rl import made_up_hooks

    evolved: Any = attrs.evolve(made_up_hooks(game), name=f"{game.name}_made_up")  # type: ignore[misc]
    return evolved  # type: ignore[no-any-return]


def main(argv: list[str]) -> int:
    """Measure every game; print one line a measurement."""
    made_up = "--made-up" in argv
    numbers = [arg for arg in argv if not arg.startswith("--")]
    seconds = float(numbers[0]) if numbers else 3.0
    for name in sorted(cardrules.GAMES):
        game = cardrules.GAMES[name]
        if made_up:
            game = _made_up(game)
        elif game.actions is None or game.observation is None:
            print(f"{name}: no actions/observation hooks; skipped (try --made-up)")
            continue
        base = raw(game, seconds)
        print(f"{name} raw        {base:10,.0f} steps/s")
        rate = pettingzoo(game, seconds)
        print(f"{name} pettingzoo {rate:10,.0f} steps/s  {rate / base:.2f}x raw (goal 0.25x)")
        try:
            rate = openspiel(game, seconds)
        except ImportError as error:
            print(f"{name} openspiel  skipped: {error}")
            continue
        print(f"{name} openspiel  {rate:10,.0f} steps/s  {rate / base:.2f}x raw")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
