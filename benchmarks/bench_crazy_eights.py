"""
The like-for-like yardstick: the same game, OpenSpiel's ``crazy_eights``, on cardrules
(the example game of ``examples/crazy_eights``) and on OpenSpiel's C++, with the same
random-playout loop on both sides, interleaved in one run.

The loop, on both engines: deal a game, then until it is over list the legal moves,
pick one with ``random.Random.choice``, apply it. Only the players' decisions count as
moves; OpenSpiel's chance nodes (the deal, each draw) are sampled from
``chance_outcomes()`` in the same loop, as cardrules samples them inside ``new_game``
and ``apply``. Before timing, a few games are played in lockstep on both engines
(``crazy_eights.lockstep``), so the two sides are proven to be the same game.

Each round times every side once, in turn, in CPU seconds (``time.process_time``), so a
busy moment of a shared machine hits all alike; each figure is the best of ``--rounds``
rounds and the ratios are of figures of this one run.

``--python PATH`` adds a column: the cardrules loop run by another interpreter (in a
subprocess per round, timed inside it), for example one whose cardrules is the compiled
build (``CARDRULES_COMPILE=1 pip install .``), so that pure and compiled cardrules are
printed side by side, each against OpenSpiel measured in the same rounds.

Run: ``python benchmarks/bench_crazy_eights.py [--players 4] [--rounds 5]
[--seconds 0.5] [--python OTHER/bin/python] [--json]``. Needs ``pyspiel`` (the
``openspiel`` extra) for the OpenSpiel column and the lockstep check; the example game
is imported from ``examples/crazy_eights/src`` when it is not installed.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "crazy_eights" / "src"


def _import_example() -> Any:
    try:
        return importlib.import_module("crazy_eights")
    except ImportError:
        sys.path.insert(0, str(EXAMPLE))
        return importlib.import_module("crazy_eights")


def cardrules_run(players: int, matches: int, seed: int = 0) -> Callable[[], tuple[int, int]]:
    """The playout loop on cardrules; returns (decisions, games)."""
    from bench_perf import playouts  # the loop bench_perf times the games with

    eights = _import_example()
    decisions = playouts(eights, eights.Rules(players=players), matches, seed)

    def run() -> tuple[int, int]:
        return decisions(), matches

    return run


def openspiel_run(players: int, matches: int, seed: int = 0) -> Callable[[], tuple[int, int]]:
    """The same loop on OpenSpiel's C++ ``crazy_eights``; returns (decisions, games)."""
    from bench_perf import crazy_eights_run  # the loop bench_perf times OpenSpiel with

    decisions = crazy_eights_run(players, matches, seed)

    def run() -> tuple[int, int]:
        return decisions(), matches

    return run


def _digest(players: int, games: int = 50) -> str:
    """A hash of the final states of ``games`` seeded random games: the same in any build."""
    eights = _import_example()
    rules = eights.Rules(players=players)
    text = []
    for seed in range(games):
        state = eights.new_game(rules, seed=seed)
        choice = random.Random(seed).choice
        while not eights.is_over(state):
            state = eights.apply(state, choice(eights.legal_moves(state)))
        text.append(repr(state))
    return hashlib.sha256("\n".join(text).encode()).hexdigest()[:16]


def _build(module: Any) -> str:
    """``compiled`` when ``module`` is a C extension (the mypyc build), else ``pure``."""
    return "compiled" if str(module.__file__).endswith((".so", ".pyd")) else "pure"


def _timed(run: Callable[[], tuple[int, int]]) -> tuple[int, int, float]:
    start = time.process_time()
    moves, games = run()
    return moves, games, time.process_time() - start


def _calibrate(make: Callable[[int], Callable[[], tuple[int, int]]], seconds: float) -> int:
    """Enough matches for one timing to take about ``seconds`` of CPU."""
    matches = 4
    while True:
        _, _, took = _timed(make(matches))
        if took >= seconds / 4 or matches >= 1 << 20:
            return max(1, int(matches * seconds / max(took, 1e-6)))
        matches *= 4


def _worker(argv: list[str]) -> int:
    """``--worker PLAYERS MATCHES``: one timed cardrules round, as one line of JSON."""
    players, matches = int(argv[0]), int(argv[1])
    import cardrules

    run = cardrules_run(players, matches)
    cardrules_run(players, max(1, matches // 10))()  # warm up
    moves, games, seconds = _timed(run)
    play = importlib.import_module("crazy_eights._play")
    result = {
        "moves": moves,
        "games": games,
        "seconds": seconds,
        "cardrules": getattr(cardrules, "__compiled__", None),
        "example": _build(play),
        "digest": _digest(players),
    }
    print(json.dumps(result))
    return 0


def _other(python: str, players: int, matches: int) -> dict[str, Any]:
    # The other interpreter's own crazy_eights (installed, maybe compiled) comes first;
    # the worker falls back on examples/crazy_eights/src only if it has none.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(
        [python, str(Path(__file__).resolve()), "--worker", str(players), str(matches)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def _lockstep(players: int, games: int) -> str:
    """Play ``games`` games in lockstep on both engines; a line saying so."""
    _import_example()
    from crazy_eights import Rules
    from crazy_eights.lockstep import openspiel_game, play_in_lockstep

    rules = Rules(players=players)
    game = openspiel_game(rules)
    for seed in range(games):
        play_in_lockstep(rules, seed=seed, choose=random.Random(seed).choice, game=game)
    return f"{games} games played in lockstep on both engines: the same deals, moves, returns"


def main(argv: list[str]) -> int:
    if argv[:1] == ["--worker"]:
        return _worker(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per timing")
    parser.add_argument("--python", help="a second interpreter for a second cardrules column")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    import cardrules

    try:
        importlib.import_module("pyspiel")
    except ImportError:
        print("pyspiel is not installed (pip install 'cardrules[openspiel]'): no yardstick")
        return 1
    players = args.players
    print(f"crazy_eights, {players} players: cardrules vs OpenSpiel's C++, the same loop")
    print(_lockstep(players, 20))
    here = f"cardrules={getattr(cardrules, '__compiled__', None)}, example="
    here += _build(importlib.import_module("crazy_eights._play"))
    digest = _digest(players)
    sides: dict[str, Callable[[], tuple[int, int]]] = {
        "OpenSpiel C++": openspiel_run(
            players, _calibrate(lambda m: openspiel_run(players, m), args.seconds)
        ),
        f"cardrules (this Python; {here})": cardrules_run(
            players, _calibrate(lambda m: cardrules_run(players, m), args.seconds)
        ),
    }
    other_matches = _calibrate(lambda m: cardrules_run(players, m), args.seconds)
    best: dict[str, tuple[float, float]] = {}  # side: (moves/s, games/s), the best round
    other_name = ""
    for _ in range(args.rounds):
        timings = {name: _timed(run) for name, run in sides.items()}
        if args.python:
            result = _other(args.python, players, other_matches)
            if result["digest"] != digest:
                raise SystemExit(f"{args.python} plays other games: {result['digest']} {digest}")
            other_name = f"cardrules (--python; cardrules={result['cardrules']}, "
            other_name += f"example={result['example']})"
            timings[other_name] = (result["moves"], result["games"], result["seconds"])
        for name, (moves, games, seconds) in timings.items():
            rate = (moves / seconds, games / seconds)
            if name not in best or rate[0] > best[name][0]:
                best[name] = rate
    base_moves, base_games = best["OpenSpiel C++"]
    rows = [
        {
            "engine": name,
            "moves_per_s": round(moves),
            "games_per_s": round(games, 1),
            "ratio_moves": round(moves / base_moves, 3),
            "ratio_games": round(games / base_games, 3),
        }
        for name, (moves, games) in best.items()
    ]
    if args.json:
        print(json.dumps({"players": players, "rounds": args.rounds, "rows": rows}))
        return 0
    print(f"best of {args.rounds} interleaved rounds, CPU time; load {os.getloadavg()[0]:.2f}")
    if args.python:
        print(f"--python plays the same 50 seeded games as this Python (digest {digest})")
    print(f"{'engine':<58} {'moves/s':>10} {'games/s':>9} {'x OpenSpiel':>12}")
    for row in rows:
        print(
            f"{row['engine']:<58} {row['moves_per_s']:>10} {row['games_per_s']:>9} "
            f"{row['ratio_moves']:>11.2f}x"
        )
    print("x OpenSpiel: moves per second against OpenSpiel's, in the same rounds")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
