"""
ISMCTSBot against GreedyBots and against RandomBots: win rates with 95% intervals.

Game ``i`` of a player count is dealt with seed ``i`` and the ISMCTSBot sits in seat
``i mod n`` (so every seat is played equally often); every other seat is the opponent
bot. A tie counts as a win for every tied seat, so the fair share is about ``1/n``.
The budget is a number of iterations per move (reproducible); ``--rounds`` shortens
the matches (Biggenbende and Allegra) to fit a time budget, and is printed.

Run: ``python benchmarks/bench_ismcts.py [--games 500] [--iterations 30] [--jobs 2]
[--players 3 4] [--opponents greedy random] [--rounds R] [--rollout-moves M] [GAME ...]``
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import cardrules
from cardrules.bots import Bot, GreedyBot, ISMCTSBot, RandomBot, _seat_seed, play_game
from cardrules.tournament import wilson_interval

PLAYER_COUNTS: dict[str, tuple[int, ...]] = {
    "biggenbende": (3, 4, 5, 6),
    "allegra": (2, 3, 4, 5, 6),
}


def one_game(task: tuple[str, int, int, str, int, int | None, int]) -> tuple[bool, int]:
    """Play game ``seed``: (the ISMCTSBot won, its score)."""
    name, players, seed, opponent, iterations, rounds, rollout = task
    game = cardrules.get_game(name)
    seat = seed % players
    bots: list[Bot] = [
        GreedyBot(game, seed=_seat_seed(seed, s))
        if opponent == "greedy"
        else RandomBot(seed=_seat_seed(seed, s))
        for s in range(players)
    ]
    bots[seat] = ISMCTSBot(
        game, seed=_seat_seed(seed, seat), iterations=iterations, rollout_moves=rollout
    )
    rules = (
        game.Rules(players=players)
        if rounds is None
        else game.Rules(players=players, rounds=rounds)
    )
    state, _ = play_game(game, bots, seed=seed, rules=rules)
    outcome = game.outcome(state)
    assert outcome is not None
    return seat in outcome.winners, outcome.scores[seat]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("games_", nargs="*", metavar="GAME", default=list(PLAYER_COUNTS))
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--iterations", type=int, default=ISMCTSBot.DEFAULT_ITERATIONS)
    parser.add_argument("--players", type=int, nargs="*")
    parser.add_argument("--opponents", nargs="*", default=["greedy", "random"])
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--rollout-moves", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print JSON lines")
    args = parser.parse_args(argv)
    print(
        f"ISMCTSBot, {args.iterations} iterations a move, {args.games} games a line, "
        f"rounds={args.rounds or 'default'}, rollouts of at most {args.rollout_moves} moves"
    )
    print("game         players opponent  wins/games  win rate  95% interval    fair  secs")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for name in args.games_:
            for players in args.players or PLAYER_COUNTS[name]:
                for opponent in args.opponents:
                    start = time.perf_counter()
                    tasks = [
                        (
                            name,
                            players,
                            seed,
                            opponent,
                            args.iterations,
                            args.rounds,
                            args.rollout_moves,
                        )
                        for seed in range(args.games)
                    ]
                    results = list(pool.map(one_game, tasks, chunksize=4))
                    wins = sum(won for won, _ in results)
                    low, high = wilson_interval(wins, len(results))
                    secs = time.perf_counter() - start
                    row = {
                        "game": name,
                        "players": players,
                        "opponent": opponent,
                        "iterations": args.iterations,
                        "rounds": args.rounds,
                        "games": len(results),
                        "wins": wins,
                        "win_rate": round(wins / len(results), 4),
                        "ci95": [round(low, 4), round(high, 4)],
                        "fair_share": round(1 / players, 4),
                        "mean_score": round(sum(s for _, s in results) / len(results), 3),
                        "seconds": round(secs, 1),
                    }
                    if args.json:
                        print(json.dumps(row), flush=True)
                    else:
                        print(
                            f"{name:<12} {players:>7} {opponent:<8} {wins:>5}/{len(results):<5}"
                            f" {wins / len(results):>8.3f}  [{low:.3f}, {high:.3f}]"
                            f"  {1 / players:.3f} {secs:>5.0f}",
                            flush=True,
                        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
