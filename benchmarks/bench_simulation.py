"""
Simulation at scale: games/s in one process, with local worker processes and on a
2-worker Dask LocalCluster, as speed-ups against one process measured in the same run;
Dask's overhead per game; and memory over a long run.

Every run plays the same seeded games, and the script checks that each gives the very
same summary (the results do not depend on where they ran).

Run: ``python benchmarks/bench_simulation.py [--games 2000] [--game biggenbende]
[--memory-seconds 60]``. The Dask rows need the ``dask`` extra.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
import tracemalloc
from typing import Any

import cardrules
from cardrules.simulation import Summary, dask_client, simulate


def _run(game: Any, games: int, **options: Any) -> tuple[float, str]:
    """Seconds for ``games`` seeded games, and the JSON summary."""
    bots = ("greedy", "random")
    start = time.perf_counter()
    results = simulate(game, games=games, bots=bots, seed=0, **options)
    players = game.players(game.new_game(game.Rules(), seed=0))
    lineup = bots + bots[-1:] * (players - len(bots))
    summary = Summary.of(results, game=game, bots=lineup, rules=game.Rules())
    return time.perf_counter() - start, summary.to_json()


def _rss_mib() -> float:
    # ru_maxrss is in KiB on Linux.
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _memory(game: Any, seconds: float) -> None:
    """Play a run of 10,000,000 games for ``seconds``; print memory as it goes."""
    tracemalloc.start()
    summary = Summary(game=game.name, players=0, seed=0, bots=("random",))
    start = time.perf_counter()
    marks = [seconds * k / 6 for k in range(1, 7)]
    print(f"\nmemory of a 10,000,000-game run, first {seconds:.0f} s (one process):")
    print("   seconds     games   traced MiB   peak traced MiB   max RSS MiB")
    for result in simulate(game, games=10_000_000, seed=0):
        summary.add(result)
        elapsed = time.perf_counter() - start
        if marks and elapsed >= marks[0]:
            while marks and elapsed >= marks[0]:
                marks.pop(0)
            current, peak = tracemalloc.get_traced_memory()
            print(
                f"{elapsed:>10.1f} {summary.games:>9} {current / 2**20:>12.2f} "
                f"{peak / 2**20:>17.2f} {_rss_mib():>13.1f}"
            )
            if not marks:
                break
    tracemalloc.stop()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--game", default="biggenbende")
    parser.add_argument("--memory-seconds", type=float, default=60.0)
    args = parser.parse_args(argv)
    game = cardrules.get_game(args.game)
    cores = os.cpu_count() or 1
    print(f"{game.name}: {args.games} games (greedy + random bots), {cores} cores")
    rows: list[tuple[str, int, float, str]] = []
    base, reference = _run(game, args.games)
    rows.append(("one process", 1, base, reference))
    seconds, table = _run(game, args.games, jobs=2, chunk=64)
    rows.append(("local processes, --jobs 2", 2, seconds, table))
    dask_seconds: float | None = None
    tiny = one = 0.0
    try:
        with dask_client("local", workers=2) as client:
            client.submit(sum, [1]).result()  # warm: workers are up
            seconds, table = _run(game, args.games, executor=client, chunk=64)
            rows.append(("Dask LocalCluster, 2 workers", 2, seconds, table))
            dask_seconds = seconds
            tiny, _ = _run(game, 200, executor=client, chunk=1)
            one, _ = _run(game, 200)
    except cardrules.CardrulesError as exc:
        print(f"(Dask rows skipped: {exc})")
    print()
    print("where                               workers   games/s   speed-up   per worker")
    for name, workers, seconds, table in rows:
        rate = args.games / seconds
        speedup = base / seconds
        same = "" if table == reference else "   DIFFERENT TABLE"
        print(
            f"{name:<35} {workers:>7} {rate:>9.0f} {speedup:>9.2f}x {speedup / workers:>11.2f}"
            f"{same}"
        )
    print("goal: at least 0.8 x the number of workers (speed-up / workers >= 0.8)")
    if dask_seconds is not None:
        overhead = (tiny - one / 2) / 200
        print(
            f"\nDask overhead: with one game per task, 200 games take {tiny:.2f} s on 2 "
            f"workers against {one:.2f} s in one process: about {1000 * overhead:.1f} ms "
            "per task beyond half the one-process time."
        )
    if args.memory_seconds > 0:
        _memory(game, args.memory_seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
