"""
Train MaskablePPO (sb3-contrib) on seat 0 of Biggenbende against cardrules bots, then
play seeded games against a random and a greedy table and print the win rates.

Needs ``pip install torch==2.13.0 'cardrules[train]'`` (a CPU build of torch is enough).
Run ``python train_agent.py`` (100,000 steps, about a quarter of an hour of CPU time);
``--steps`` and ``--games`` make it shorter.
"""

from __future__ import annotations

import argparse
import math

import numpy as np
from sb3_contrib import MaskablePPO

from cardrules.gymnasium import SeatEnv

RULES = {"players": 3, "rounds": 1}


def win_rate(model: MaskablePPO | None, opponents: str, games: int) -> tuple[float, float, float]:
    """The share of ``games`` seeded games seat 0 wins, and its 95% Wilson interval.
    ``model=None`` plays a random legal action (the baseline)."""
    env = SeatEnv("biggenbende", opponents=opponents, **RULES)
    rng = np.random.default_rng(0)
    wins = 0
    for game in range(games):
        observation, _ = env.reset(seed=1_000_000 + game)
        done, info = False, {}
        while not done:
            masks = env.action_masks()
            if model is None:
                action = int(rng.choice(np.flatnonzero(masks)))
            else:
                action, _ = model.predict(observation, action_masks=masks, deterministic=True)
            observation, _, done, _, info = env.step(int(action))
        wins += bool(info["won"])
    share, z = wins / games, 1.96
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return share, centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()

    # One line: seat 0 of Biggenbende, the other seats a random and a greedy bot.
    env = SeatEnv("biggenbende", opponents=["random", "greedy"], **RULES)
    model = MaskablePPO("MlpPolicy", env, n_steps=512, batch_size=128, seed=0, verbose=0)
    model.learn(total_timesteps=args.steps)

    for opponents in ("random", "greedy"):
        for name, player in (("trained", model), ("random policy", None)):
            share, low, high = win_rate(player, opponents, args.games)
            print(
                f"{name:>13} against {opponents}: {share:.1%} wins "
                f"(95% interval {low:.1%} to {high:.1%}, {args.games} games)"
            )


if __name__ == "__main__":
    main()
