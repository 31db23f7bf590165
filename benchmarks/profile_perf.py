"""
Where the time of each performance goal goes: a cProfile of every case.

Run: ``python benchmarks/profile_perf.py [--top 12] [--seconds 2] [CASE ...]``.

Cases: ``playout-biggenbende``, ``playout-allegra`` (random playouts at 4 players, as
in ``bench_perf.py``), ``play_out-beggar``, ``simulate-biggenbende``,
``simulate-allegra``, and ``loads-<game>`` / ``dumps-<game>`` of a mid-game state for
every game. For each case it prints the functions with the most own time (``tottime``)
as a Markdown table, in percent of the case's total, with their cumulative share.
Profiling slows small functions more than big ones: read the shares, not the times.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import os
import pstats
import sys
import time
from collections.abc import Callable
from typing import Any

from bench_perf import PLAYERS, mid_game, playout_run

GAMES = ("biggenbende", "allegra", "beggar")


def _repeat(fn: Callable[[], object], seconds: float) -> Callable[[], None]:
    def run() -> None:
        end = time.process_time() + seconds
        while time.process_time() < end:
            fn()

    return run


def _simulate(simulate: Callable[..., Any], game: Any) -> object:
    return list(simulate(game, games=5, bots=("random",)))


def cases(seconds: float) -> dict[str, Callable[[], None]]:
    import cardrules
    from cardrules import beggar
    from cardrules.simulation import simulate

    out: dict[str, Callable[[], None]] = {}
    for name in ("biggenbende", "allegra"):
        out[f"playout-{name}"] = _repeat(playout_run(name, PLAYERS, 5), seconds)
    deals = [beggar.new_game(seed=seed) for seed in range(100)]
    out["play_out-beggar"] = _repeat(lambda: [beggar.play_out(d) for d in deals], seconds)
    for name in ("biggenbende", "allegra"):
        game = cardrules.get_game(name)
        out[f"simulate-{name}"] = _repeat(functools.partial(_simulate, simulate, game), seconds)
    for name in GAMES:
        state = mid_game(name)
        text = cardrules.dumps(state)
        out[f"loads-{name}"] = _repeat(functools.partial(cardrules.loads, text), seconds)
        out[f"dumps-{name}"] = _repeat(functools.partial(cardrules.dumps, state), seconds)
    return out


def _where(func: tuple[str, int, str]) -> str:
    filename, line, name = func
    if filename == "~":
        return name  # a builtin
    parts = filename.replace(os.sep, "/").split("/")
    if "cardrules" in parts:
        short = "/".join(parts[parts.index("cardrules") :])
    elif "site-packages" in parts:
        short = "/".join(parts[parts.index("site-packages") + 1 :])
    else:
        short = parts[-1]
    return f"{short}:{line}({name})"


def profile(run: Callable[[], None], top: int) -> list[tuple[float, float, int, str]]:
    """The ``top`` functions by own time: (own %, cumulative %, calls, where)."""
    profiler = cProfile.Profile()
    profiler.runcall(run)
    stats = pstats.Stats(profiler)
    raw = stats.stats  # type: ignore[attr-defined]
    total = sum(tt for (_, _, tt, _, _) in raw.values()) or 1.0
    rows = [
        (100 * tt / total, 100 * ct / total, nc, _where(func))
        for func, (_, nc, tt, ct, _) in raw.items()
    ]
    rows.sort(reverse=True)
    return rows[:top]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().split("\n\n")[0])
    parser.add_argument("cases", nargs="*", metavar="CASE")
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args(argv)
    every = cases(args.seconds)
    for name in args.cases or list(every):
        if name not in every:
            print(f"unknown case {name}; known: {', '.join(every)}", file=sys.stderr)
            return 2
        print(f"\n### {name}\n")
        print("| own % | cum % | calls | function |")
        print("|---:|---:|---:|---|")
        for own, cum, calls, where in profile(every[name], args.top):
            print(f"| {own:.1f} | {cum:.1f} | {calls} | `{where}` |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
