"""
Train MaskablePPO (sb3-contrib) on seat 0 of Biggenbende against cardrules bots, then
play seeded games against a random and a greedy table and print the win rates.

Needs ``pip install torch==2.13.0 'cardrules[train]'`` (a CPU build of torch is enough).
Run ``python train_agent.py`` (50,000 steps, a few minutes of CPU time);
``--steps`` and ``--games`` make it shorter.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

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
    parser.add_argument("--steps", type=int, default=50_000)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    # A small network learns no faster on more threads: one keeps the CPU time down.
    torch.set_num_threads(1)
    start = time.process_time()

    # One line per environment: seat 0 of Biggenbende, the other seats a random and a
    # greedy bot. Eight of them step together, so the network sees eight observations
    # at a time (one forward pass for all), and 256 steps each make a rollout.
    envs = make_vec_env(
        SeatEnv,
        n_envs=8,
        seed=0,
        env_kwargs={"game": "biggenbende", "opponents": ["random", "greedy"], **RULES},
    )
    model = MaskablePPO(
        "MlpPolicy", envs, n_steps=256, batch_size=256, n_epochs=4, seed=0, verbose=0
    )
    model.learn(total_timesteps=args.steps)
    trained = time.process_time()

    for opponents in ("random", "greedy"):
        for name, player in (("trained", model), ("random policy", None)):
            share, low, high = win_rate(player, opponents, args.games)
            print(
                f"{name:>13} against {opponents}: {share:.1%} wins "
                f"(95% interval {low:.1%} to {high:.1%}, {args.games} games)"
            )
    done = time.process_time()
    print(f"CPU time: {trained - start:.0f} s training, {done - trained:.0f} s playing")


if __name__ == "__main__":
    main()
