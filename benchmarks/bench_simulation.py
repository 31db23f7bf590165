"""
Simulation at scale: games/s in one process, with local worker processes and on a
2-worker Dask LocalCluster, as speed-ups against one process measured in the same run;
Dask's overhead per game; and memory over a long run.

Every run plays the same seeded games, and the script checks that each gives the very
same summary (the results do not depend on where they ran).

Run: ``python benchmarks/bench_simulation.py [--games 2000] [--game biggenbende]
[--memory-seconds 60]``. The Dask rows need the ``dask`` extra.

``--dask-rounds N`` runs instead the comparison of the Dask path (issue 28), ``N``
rounds taking turns: on 1,500 games (``--games``) of 4-player Biggenbende, one process,
``jobs=2``, ``simulate(executor=client)`` with the default chunk and with ``chunk=25``,
and a plain ``client.map`` over blocks of 25 games (the same ``_play_chunk``, gathered
at the end: what ``simulate`` can at best reach), each as a speed-up against one process
of the same round, with the load average. The workers have imported the game before
the first round (a forked ``jobs=2`` pool inherits it too). Beside each Dask row: the
CPU seconds of the client's process (client and scheduler threads) and of the workers,
as fractions of the one-process CPU time: what the cluster costs beyond the games. A
2-core speed-up needs quiet cores: run it when ``uptime`` shows a load below 1.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import cardrules
from cardrules.simulation import (
    GameResult,
    Summary,
    _bot_names,
    _play_chunk,
    dask_client,
    simulate,
)


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


def _cpu() -> float:
    """CPU seconds of this process, every thread."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _dask_rounds(game: Any, games: int, rounds: int) -> None:
    """The Dask path against one process, ``jobs=2`` and a plain ``client.map``."""
    bots = ("greedy", "random")
    rules = game.Rules()
    names = _bot_names(game, rules, bots)

    def play(**options: Any) -> Callable[[], list[GameResult]]:
        return lambda: list(simulate(game, games=games, bots=bots, seed=0, **options))

    with dask_client("local", workers=2) as client:

        def plain_map() -> list[GameResult]:
            spans = [(start, min(games, start + 25)) for start in range(0, games, 25)]
            futures = client.map(
                _play_chunk,
                *zip(*[(game.name, rules, names, 0, False, *span) for span in spans], strict=True),
                pure=False,
            )
            return [result for block in client.gather(futures) for result in block]

        # Warm the workers: each imports the game and the bots, as a forked pool has.
        client.run(_play_chunk, game.name, rules, names, 0, False, 0, 2)
        ways: dict[str, tuple[Callable[[], list[GameResult]], bool]] = {
            "one process": (play(), False),
            "local processes, jobs=2": (play(jobs=2), False),
            "Dask simulate, default chunk": (play(executor=client), True),
            "Dask simulate, chunk=25": (play(executor=client, chunk=25), True),
            "Dask plain client.map, blocks of 25": (plain_map, True),
        }
        seconds: dict[str, list[float]] = {name: [] for name in ways}
        costs: dict[str, list[tuple[float, float]]] = {name: [] for name in ways}
        loads: list[float] = []
        reference: list[GameResult] | None = None
        for _ in range(rounds):
            loads.append(os.getloadavg()[0])
            for name, (way, on_dask) in ways.items():
                workers_before = client.run(_cpu) if on_dask else {}
                mine = _cpu()
                start = time.perf_counter()
                results = way()
                seconds[name].append(time.perf_counter() - start)
                mine = _cpu() - mine
                if on_dask:
                    after = client.run(_cpu)
                    workers = sum(after[w] - workers_before[w] for w in after)
                    costs[name].append((mine, workers))
                elif name == "one process":
                    costs[name].append((mine, 0.0))
                reference = results if reference is None else reference
                if results != reference:
                    raise SystemExit(f"{name}: results differ from one process")
    one_cpu = statistics.median(c for c, _ in costs["one process"])
    print(
        f"\nDask path: {games} games, {rounds} rounds taking turns, load average "
        f"{min(loads):.2f} to {max(loads):.2f} (the speed-ups need quiet cores)"
    )
    print(
        f"{'way':<36} {'median':>7} {'best':>6} {'rounds':<28} "
        f"{'client CPU':>10} {'worker CPU':>10}"
    )
    for name in ways:
        ups = [one / mine for one, mine in zip(seconds["one process"], seconds[name], strict=True)]
        each = " ".join(f"{up:.2f}" for up in ups)
        cost = ""
        if name != "one process" and costs[name]:
            client_cpu = statistics.median(c for c, _ in costs[name]) / one_cpu
            worker_cpu = statistics.median(w for _, w in costs[name]) / one_cpu
            cost = f"{client_cpu:>10.3f} {worker_cpu:>10.3f}"
        print(f"{name:<36} {statistics.median(ups):>6.2f}x {max(ups):>5.2f}x {each:<28} {cost}")
    print("speed-ups against one process in the same round; CPU as a fraction of one process's")
    print("goal: Dask simulate at least 1.8x on 2 workers, the same results (checked)")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--game", default="biggenbende")
    parser.add_argument("--memory-seconds", type=float, default=60.0)
    parser.add_argument("--dask-rounds", type=int, default=0)
    args = parser.parse_args(argv)
    game = cardrules.get_game(args.game)
    if args.dask_rounds:
        _dask_rounds(game, args.games, args.dask_rounds)
        return 0
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
            # Warm: every worker has imported the game and the bots, as the workers of a
            # forked jobs=2 pool have (a cold worker pays about 0.25 s for its first task).
            rules = game.Rules()
            names = _bot_names(game, rules, ("greedy", "random"))
            client.run(_play_chunk, game.name, rules, names, 0, False, 0, 2)
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
