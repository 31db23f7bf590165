"""
The pure and the compiled build side by side: the goals of issue 28 as ratios measured in
one run, each workload run under two Python interpreters (two virtual environments, one
with the default install and one with ``CARDRULES_COMPILE=1``), taking turns.

Run::

    python benchmarks/bench_compiled.py --pure VENV/bin/python --compiled VENV2/bin/python
        [--quick] [--rounds N] [--only playout|beggar|pettingzoo|roundtrip]

Each measurement runs in a fresh subprocess of one interpreter (``--worker``), which
reports what it imported (the file of ``cardrules`` and ``cardrules.__compiled__``,
checked against the side it stands for), and the ratio to its yardstick measured in the
same subprocess, the two loops taking turns (CPU time, best of a few rounds):

- **playout** of Biggenbende and Allegra at 4 players (``bench_perf.playout_run``: legal
  moves, a seeded random choice, apply, is it over) against OpenSpiel's C++
  ``crazy_eights`` at 4 players played the same way (``bench_perf.crazy_eights_run``;
  the ``openspiel`` extra). Goals: compiled at least 1x, pure Allegra at least 0.5x in
  every round.
- **beggar** ``play_out`` against the loop over two deques of penalty values
  (``bench_beggar.yardstick``) on the same deals. Goal (compiled): at least 1x.
- **pettingzoo** step (``bench_rl.pettingzoo``) against the raw step (``bench_rl.raw``),
  per game. Goal (compiled): at least 0.4x.
- **roundtrip**: ``dumps`` + ``loads`` of a mid-game state, in microseconds (the least
  of short batches), against the stdlib ``json`` round trip of the same document. The
  serialisation modules are not compiled (yet): this row shows what the compiled
  checks give to ``loads``.

The last column is the compiled build's rate over the pure one's (the best of each);
the ratio columns give the least and the greatest ratio over the rounds, so that "in
every round" can be read off. No test asserts a time.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
PLAYERS = 4
GOALS: dict[str, tuple[float | None, float | None]] = {
    # row kind: (goal of the pure build, goal of the compiled build), as ratios
    "playout biggenbende": (None, 1.0),
    "playout allegra": (0.5, 1.0),
    "beggar": (None, 1.0),
    "pettingzoo": (None, 0.4),
    "roundtrip": (None, None),
}


# --------------------------------------------------------------------------- worker


def _best(runs: list[Callable[[], int]], rounds: int) -> list[float]:
    from bench_perf import interleaved

    return interleaved(runs, rounds)


def _playout(name: str, quick: bool) -> tuple[float, float | None]:
    from bench_perf import _have_pyspiel, calibrate, crazy_eights_run, playout_run

    target = 0.15 if quick else 0.4
    mine = calibrate(lambda n: playout_run(name, PLAYERS, n), target)
    if not _have_pyspiel():
        (rate,) = _best([mine], 3)
        return rate, None
    c8 = calibrate(functools.partial(crazy_eights_run, PLAYERS), target)
    rate, base = _best([mine, c8], 3)
    return rate, base


def _beggar(quick: bool) -> tuple[float, float | None]:
    from bench_perf import beggar_runs

    runs = beggar_runs(300 if quick else 1000, 3)
    rate, base = _best(runs, 3)
    return rate, base


def _pettingzoo(name: str, quick: bool) -> tuple[float, float | None]:
    import cardrules
    from bench_rl import measure, pettingzoo, raw

    rates = measure(
        cardrules.get_game(name), 0.3 if quick else 1.0, {"raw": raw, "pettingzoo": pettingzoo}
    )
    return rates["pettingzoo"], rates["raw"]


def _roundtrip(name: str, quick: bool) -> tuple[float, float | None]:
    import cardrules
    from bench_perf import _least_us, _round_trip, mid_game

    state = mid_game(name)
    text = cardrules.dumps(state)
    assert cardrules.loads(text) == state
    doc = json.loads(text)
    batches = 60 if quick else 200
    trip = _least_us(functools.partial(_round_trip, state), batches, quick)
    plain = _least_us(lambda: json.loads(json.dumps(doc)), batches, quick)
    return trip, plain


def worker(kind: str, name: str, quick: bool) -> dict[str, Any]:
    """One measurement in this interpreter: the rate, its yardstick, what ran."""
    sys.path.insert(0, HERE)
    import cardrules

    if kind == "playout":
        rate, base = _playout(name, quick)
    elif kind == "beggar":
        rate, base = _beggar(quick)
    elif kind == "pettingzoo":
        rate, base = _pettingzoo(name, quick)
    elif kind == "roundtrip":
        rate, base = _roundtrip(name, quick)
    else:
        raise ValueError(kind)
    return {
        "rate": rate,
        "base": base,
        "compiled": cardrules.__compiled__,
        "file": cardrules.__file__,
    }


# --------------------------------------------------------------------------- driver


def run_worker(python: str, kind: str, name: str, quick: bool, compiled: bool) -> dict[str, Any]:
    # From a scratch directory, so that the checkout's src/ is never imported by chance.
    out = subprocess.run(
        [python, os.path.abspath(__file__), "--worker", kind, name] + (["--quick"] * quick),
        check=True,
        capture_output=True,
        text=True,
        cwd=os.path.expanduser("~"),
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    ).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    if result["compiled"] is not compiled:
        side = "compiled" if compiled else "pure"
        raise SystemExit(
            f"{python} is meant to run the {side} build, but cardrules.__compiled__ is "
            f"{result['compiled']} ({result['file']})"
        )
    return result


ROWS: list[tuple[str, str, str]] = [
    # (label, kind, name)
    ("playout biggenbende 4p vs crazy_eights", "playout", "biggenbende"),
    ("playout allegra 4p vs crazy_eights", "playout", "allegra"),
    ("beggar play_out vs deque loop", "beggar", "beggar"),
    ("pettingzoo step biggenbende vs raw", "pettingzoo", "biggenbende"),
    ("pettingzoo step allegra vs raw", "pettingzoo", "allegra"),
    ("pettingzoo step beggar vs raw", "pettingzoo", "beggar"),
    ("dumps+loads biggenbende (us) vs json", "roundtrip", "biggenbende"),
    ("dumps+loads allegra (us) vs json", "roundtrip", "allegra"),
    ("dumps+loads beggar (us) vs json", "roundtrip", "beggar"),
]


def _goal(kind: str, name: str, compiled: bool) -> float | None:
    key = f"{kind} {name}" if kind == "playout" else kind
    return GOALS[key][compiled]


def _ratio(result: dict[str, Any], kind: str) -> float | None:
    base = result["base"]
    if base is None:
        return None
    # Rates: ours over the yardstick's. Microseconds (round trip): the yardstick's over ours.
    return float(base / result["rate"] if kind == "roundtrip" else result["rate"] / base)


def _cell(ratios: list[float | None], goal: float | None) -> str:
    known = [r for r in ratios if r is not None]
    if not known:
        return "-"
    text = f"{min(known):.2f}-{max(known):.2f}x"
    if goal is not None:
        text += " ok" if min(known) >= goal else f" <{goal:g}"
    return text


def main(argv: list[str]) -> int:
    if argv[:1] == ["--worker"]:
        print(json.dumps(worker(argv[1], argv[2], "--quick" in argv[3:])))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.strip().split("\n\n")[0])
    parser.add_argument("--pure", required=True, help="a Python with the pure build")
    parser.add_argument("--compiled", required=True, help="a Python with the compiled build")
    parser.add_argument("--rounds", type=int, default=3, help="subprocesses per build and row")
    parser.add_argument("--quick", action="store_true", help="shorter measurements (noisier)")
    parser.add_argument(
        "--only",
        action="append",
        choices=sorted({kind for _, kind, _ in ROWS}),
        help="only these rows (repeatable)",
    )
    args = parser.parse_args(argv)
    sides = [(args.pure, False), (args.compiled, True)]
    try:
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        load = "unknown"
    print(f"load average before: {load}; {args.rounds} rounds, pure and compiled taking turns")
    print(
        f"{'workload':<40} {'pure':>12} {'ratio (pure)':>16} {'compiled':>12} "
        f"{'ratio (compiled)':>18} {'compiled/pure':>13}"
    )
    for label, kind, name in ROWS:
        if args.only and kind not in args.only:
            continue
        results: dict[bool, list[dict[str, Any]]] = {False: [], True: []}
        for round_ in range(args.rounds):
            order = sides if round_ % 2 == 0 else sides[::-1]
            for python, compiled in order:
                results[compiled].append(run_worker(python, kind, name, args.quick, compiled))
        best: dict[bool, float] = {}
        cells: dict[bool, str] = {}
        for compiled in (False, True):
            rates = [r["rate"] for r in results[compiled]]
            best[compiled] = min(rates) if kind == "roundtrip" else max(rates)
            ratios = [_ratio(r, kind) for r in results[compiled]]
            cells[compiled] = _cell(ratios, _goal(kind, name, compiled))
        speedup = best[False] / best[True] if kind == "roundtrip" else best[True] / best[False]
        print(
            f"{label:<40} {best[False]:>12,.1f} {cells[False]:>16} {best[True]:>12,.1f} "
            f"{cells[True]:>18} {speedup:>12.2f}x",
            flush=True,
        )
    try:
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        load = "unknown"
    print(f"load average after: {load}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
