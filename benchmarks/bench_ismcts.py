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
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import cardrules
from cardrules.bots import Bot, GreedyBot, ISMCTSBot, RandomBot, _seat_seed, play_game
from cardrules.tournament import wilson_interval

PLAYER_COUNTS: dict[str, tuple[int, ...]] = {
    "biggenbende": (3, 4, 5, 6),
    "allegra": (2, 3, 4, 5, 6),
}


class _Timed:
    """An ISMCTSBot that counts its searches and the seconds they take."""

    samples_worlds = True

    def __init__(self, bot: ISMCTSBot) -> None:
        self.bot, self.searches, self.seconds = bot, 0, 0.0

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        return self.bot.choose(view, moves)

    def choose_in_worlds(
        self, view: Any, moves: Sequence[Any], sample: Callable[[int], Any]
    ) -> Any:
        start = time.perf_counter()
        move = self.bot.choose_in_worlds(view, moves, sample)
        self.seconds += time.perf_counter() - start
        self.searches += 1
        return move


def one_game(task: tuple[str, int, int, str, int | None, dict[str, Any]]) -> tuple[Any, ...]:
    """Play game ``seed``: the ISMCTSBot won, its score, searches, search seconds."""
    name, players, seed, opponent, rounds, options = task
    game = cardrules.get_game(name)
    seat = seed % players
    bots: list[Bot] = [
        GreedyBot(game, seed=_seat_seed(seed, s))
        if opponent == "greedy"
        else RandomBot(seed=_seat_seed(seed, s))
        for s in range(players)
    ]
    timed = _Timed(ISMCTSBot(game, seed=_seat_seed(seed, seat), **options))
    bots[seat] = timed
    rules = (
        game.Rules(players=players)
        if rounds is None
        else game.Rules(players=players, rounds=rounds)
    )
    state, _ = play_game(game, bots, seed=seed, rules=rules)
    outcome = game.outcome(state)
    assert outcome is not None
    return seat in outcome.winners, outcome.scores[seat], timed.searches, timed.seconds


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("games_", nargs="*", metavar="GAME", default=list(PLAYER_COUNTS))
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--iterations", type=int, default=ISMCTSBot.DEFAULT_ITERATIONS)
    parser.add_argument("--players", type=int, nargs="*")
    parser.add_argument("--opponents", nargs="*", default=["greedy", "random"])
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--rollout-moves", type=int, default=None)
    parser.add_argument("--widen", type=int, default=3)
    parser.add_argument("--margin", type=float, default=2.0)
    parser.add_argument("--tree", action="store_true", help="tree search (ISMCTS)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print JSON lines")
    args = parser.parse_args(argv)
    options: dict[str, Any] = {
        "iterations": args.iterations,
        "rollout_moves": args.rollout_moves,
        "widen": args.widen,
        "margin": args.margin,
        "tree": args.tree,
    }
    print(
        f"ISMCTSBot({', '.join(f'{k}={v}' for k, v in options.items())}), "
        f"{args.games} games a line, rounds={args.rounds or 'default'}"
    )
    print(
        "game         players opponent  wins/games  win rate  95% interval    fair"
        "  ms/search  secs"
    )
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for name in args.games_:
            for players in args.players or PLAYER_COUNTS[name]:
                for opponent in args.opponents:
                    start = time.perf_counter()
                    tasks = [
                        (name, players, seed, opponent, args.rounds, options)
                        for seed in range(args.games)
                    ]
                    results = list(pool.map(one_game, tasks, chunksize=4))
                    wins = sum(r[0] for r in results)
                    searches = sum(r[2] for r in results)
                    per_search = 1000 * sum(r[3] for r in results) / max(1, searches)
                    low, high = wilson_interval(wins, len(results))
                    secs = time.perf_counter() - start
                    row = {
                        "game": name,
                        "players": players,
                        "opponent": opponent,
                        **options,
                        "rounds": args.rounds,
                        "games": len(results),
                        "wins": wins,
                        "win_rate": round(wins / len(results), 4),
                        "ci95": [round(low, 4), round(high, 4)],
                        "fair_share": round(1 / players, 4),
                        "mean_score": round(sum(r[1] for r in results) / len(results), 3),
                        "searches": searches,
                        "ms_per_search": round(per_search, 1),
                        "seconds": round(secs, 1),
                    }
                    if args.json:
                        print(json.dumps(row), flush=True)
                    else:
                        print(
                            f"{name:<12} {players:>7} {opponent:<8} {wins:>5}/{len(results):<5}"
                            f" {wins / len(results):>8.3f}  [{low:.3f}, {high:.3f}]"
                            f"  {1 / players:.3f} {per_search:>10.1f} {secs:>5.0f}",
                            flush=True,
                        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
