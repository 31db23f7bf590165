"""
Single-seat training speed: the gymnasium environment's steps against the raw API's, and
MaskablePPO's training steps, in one run (issue 26).

Run: ``python benchmarks/bench_train.py [steps]`` (default 5,000).

For three-seat, one-round Biggenbende it prints steps per CPU second of:

- ``raw``: the game's ``legal_moves`` + ``apply`` with a random move for every seat;
- ``seat env``: :class:`cardrules.gymnasium.SeatEnv` with random opponents and a
  random masked action (a step is the seat's move and the others' up to its next turn,
  about three moves at three seats: the ratio to ``raw`` counts three);
- ``maskable ppo``: ``MaskablePPO.learn`` on the same environment (sb3-contrib and torch,
  the ``train`` extra; skipped without it), which gives the time the how-to's
  ``docs/examples/train_agent.py`` needs for its steps.

Times are CPU seconds of this process (``time.process_time``).
"""

from __future__ import annotations

import importlib.util
import random
import sys
import time
from typing import Any

import cardrules

RULES: dict[str, Any] = {"players": 3, "rounds": 1}


def raw(steps: int) -> float:
    game = cardrules.get_game("biggenbende")
    rules = game.Rules(**RULES)
    rng = random.Random(0)
    played, seed = 0, 0
    start = time.process_time()
    while played < steps:
        state = game.new_game(rules, seed=seed)
        seed += 1
        moves = game.legal_moves(state)
        while moves:
            state = game.apply(state, rng.choice(moves))
            moves = game.legal_moves(state)
            played += 1
    return played / (time.process_time() - start)


def seat_env(steps: int) -> float:
    import numpy

    from cardrules.gymnasium import SeatEnv

    env = SeatEnv("biggenbende", opponents="random", **RULES)
    rng = numpy.random.default_rng(0)
    done, seed = True, 0
    start = time.process_time()
    for _ in range(steps):
        if done:
            env.reset(seed=seed)
            seed += 1
        action = int(rng.choice(numpy.flatnonzero(env.action_masks())))
        _, _, done, _, _ = env.step(action)
    return steps / (time.process_time() - start)


def ppo(steps: int) -> float:
    from sb3_contrib import MaskablePPO  # type: ignore[import-not-found,unused-ignore]

    from cardrules.gymnasium import SeatEnv

    env = SeatEnv("biggenbende", opponents="random", **RULES)
    model = MaskablePPO("MlpPolicy", env, n_steps=512, batch_size=128, seed=0, verbose=0)
    start = time.process_time()
    model.learn(total_timesteps=steps)
    return steps / (time.process_time() - start)


def main() -> None:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 5_000
    base = raw(steps * 3)
    print(f"raw           {base:10,.0f} moves/s")
    rate = seat_env(steps)
    print(f"seat env      {rate:10,.0f} steps/s  ({3 * rate / base:.2f}x raw, at 3 moves a step)")
    if importlib.util.find_spec("sb3_contrib") is None:
        print("maskable ppo  skipped: sb3-contrib (the train extra) is not installed")
    else:
        print(f"maskable ppo  {ppo(steps):10,.0f} steps/s")


if __name__ == "__main__":
    main()
