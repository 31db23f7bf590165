"""
GreedyBot against RandomBots: win rates per game and player count.

Game ``i`` of a player count is dealt with seed ``i`` and the GreedyBot sits in
seat ``i mod n`` (so no seat is favoured); every other seat is a RandomBot. A
tie counts as a win for every tied seat, so the fair share of wins is a bit
above ``1/n``; the sole-win rate is printed too.

Run: ``python benchmarks/bench_bots.py [--games 1000] [--jobs 2] [GAME ...]``
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import cardrules
from cardrules.bots import Bot, GreedyBot, RandomBot, _seat_seed, play_game

PLAYER_COUNTS: dict[str, tuple[int, ...]] = {
    "biggenbende": (3, 4, 5, 6),
    "allegra": (2, 3, 4, 5, 6),
    # No decisions: GreedyBot takes the only move, so this is the baseline of luck.
    "beggar": (2, 3, 4),
}


def one_game(task: tuple[str, int, int]) -> tuple[bool, bool, int]:
    """Play game ``seed``: (greedy won, greedy won alone, moves)."""
    name, players, seed = task
    game = cardrules.get_game(name)
    greedy_seat = seed % players
    bots: list[Bot] = [
        GreedyBot(game, seed=_seat_seed(seed, s))
        if s == greedy_seat
        else RandomBot(seed=_seat_seed(seed, s))
        for s in range(players)
    ]
    state, moves = play_game(game, bots, seed=seed, rules=game.Rules(players=players))
    outcome = game.outcome(state)
    assert outcome is not None
    won = greedy_seat in outcome.winners
    return won, won and len(outcome.winners) == 1, len(moves)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("games_to_run", nargs="*", metavar="GAME", default=list(PLAYER_COUNTS))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    print(f"GreedyBot vs RandomBots, {args.games} games per player count, {args.jobs} jobs")
    print(f"{'game':<12} {'n':>2} {'1/n':>6} {'wins':>7} {'sole':>7} {'moves':>7} {'s':>6}")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for name in args.games_to_run:
            if name not in cardrules.GAMES:
                print(f"{name}: not available", file=sys.stderr)
                continue
            for players in PLAYER_COUNTS.get(name, (2,)):
                tasks = [(name, players, seed) for seed in range(args.games)]
                start = time.perf_counter()
                results = list(pool.map(one_game, tasks, chunksize=20))
                elapsed = time.perf_counter() - start
                wins = sum(r[0] for r in results) / len(results)
                sole = sum(r[1] for r in results) / len(results)
                moves = sum(r[2] for r in results) / len(results)
                print(
                    f"{name:<12} {players:>2} {1 / players:>6.1%} {wins:>7.1%} {sole:>7.1%} "
                    f"{moves:>7.0f} {elapsed:>6.1f}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
