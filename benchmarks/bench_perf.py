"""
Every performance goal of cardrules, each as a ratio measured in this one run.

Run: ``python benchmarks/bench_perf.py [--quick] [--json] [--rounds N] [--against REV]``.

Rows (the goals are ratios; no test asserts a time):

- **playout** of Biggenbende and Allegra at 4 players: random playouts through
  ``legal_moves``, ``to_move`` and ``apply`` with a seeded uniform choice, in moves
  per second, against OpenSpiel's C++ ``crazy_eights`` at 4 players played the same
  way in this process (``pyspiel``, the ``openspiel`` extra; only the players'
  decisions count as moves, chance outcomes are sampled from ``chance_outcomes()``).
  Goal: at least 0.5x. Without ``pyspiel`` the ratio is against the previous commit
  (or ``--against REV``): the same playout code runs in a subprocess on a ``git
  worktree`` of that revision; that row has no goal, it shows progress.
- **beggar play_out** against a plain loop over two deques of penalty values (0 for a
  number card, 1-4 for J-A) on the same deals; before timing, ``play_out`` is checked
  to give exactly the state that stepping with ``apply`` gives on a few deals.
  Goal: at least 0.5x.
- **simulate** with ``RandomBot`` against the raw playout rate of the same games
  (the same seeds and rules). Goal: at least 0.9x.
- **dumps+loads** of a mid-game state of every game, in microseconds per round trip.
  Goal: at most 50 us (the ratio is 50 us / measured). The parts of ``dumps`` and
  ``loads`` (JSON, unstructuring, envelope, cattrs structuring, ``check_state``) are
  timed by calling them directly, for the profile. A round trip takes tens of
  microseconds, so each of these figures is the least time per call over
  ``--batches`` short batches (300, each of at least a millisecond), as ``timeit``
  advises: the least is the cost of the code, and anything above it is other work of
  the machine. (Until 2026-12-01 it was the best of ``--rounds`` batches of at least
  50 ms each; on a shared 2-core machine such long batches read 1.2 to 2 times the
  least. That figure is still printed below the parts, for comparison.) With
  ``--against REV`` the row is this tree against that revision instead (before and
  after a change, in one run): each side in its own subprocess, taking turns.

Timings are CPU seconds of this process (``time.process_time``), so that other work
on a shared machine disturbs them less; each figure is the best of ``--rounds``
rounds, and the two sides of every ratio take turns within each round, so that a
busy moment hits both alike.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import inspect
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from typing import Any

GOAL_PLAYOUT = 0.5
GOAL_BEGGAR = 0.5
GOAL_SIMULATE = 0.9
GOAL_ROUND_TRIP_US = 50.0
PLAYERS = 4

Row = dict[str, Any]


# --------------------------------------------------------------------------- timing


def _clock() -> float:
    return time.process_time()


def _timed(run: Callable[[], int]) -> tuple[int, float]:
    start = _clock()
    work = run()
    return work, _clock() - start


def interleaved(runs: Sequence[Callable[[], int]], rounds: int) -> list[float]:
    """
    The best rate (work per CPU second) of each run over ``rounds`` rounds; the runs
    take turns within a round. Each run returns the work it did (moves, cards, ...).
    """
    best = [0.0] * len(runs)
    for _ in range(rounds):
        for i, run in enumerate(runs):
            work, seconds = _timed(run)
            best[i] = max(best[i], work / max(seconds, 1e-9))
    return best


def calibrate(make: Callable[[int], Callable[[], int]], target: float) -> Callable[[], int]:
    """A run of ``make(n)`` with ``n`` grown until one run takes about ``target`` s."""
    n = 1
    while True:
        run = make(n)
        _, seconds = _timed(run)
        if seconds >= target / 4 or n >= 1 << 20:
            scale = max(1.0, target / max(seconds, 1e-9))
            return make(max(n, int(n * scale)))
        n *= 4


# --------------------------------------------------------------------------- playouts


def playout_run(name: str, players: int | None, matches: int, seed: int = 0) -> Callable[[], int]:
    """
    Play ``matches`` seeded games by uniformly random legal moves; returns the moves.

    Only the public ``Game`` protocol is used, so the same code runs on older commits.
    """
    import cardrules

    game = cardrules.get_game(name)
    rules = game.Rules() if players is None else game.Rules(players=players)
    return playouts(game, rules, matches, seed)


def playouts(game: Any, rules: Any, matches: int, seed: int = 0) -> Callable[[], int]:
    """
    The random-playout loop on ``game`` (anything with ``new_game``, ``legal_moves``,
    ``apply`` and ``to_move``: a game or a game's module): legal moves, a random
    choice, apply, until no move is legal; returns the moves made.
    """
    legal_moves, apply, to_move = game.legal_moves, game.apply, game.to_move
    new_game = game.new_game

    def run() -> int:
        choice = random.Random(seed).choice
        moves = 0
        for i in range(matches):
            state = new_game(rules, seed=seed + i)
            legal = legal_moves(state)
            while legal:
                to_move(state)
                state = apply(state, choice(legal))
                moves += 1
                legal = legal_moves(state)
        return moves

    return run


def crazy_eights_run(
    players: int, matches: int, seed: int = 0, *, count_chance: bool = False
) -> Callable[[], int]:
    """
    OpenSpiel's C++ crazy_eights played the same way; returns the decisions made (and
    the chance outcomes applied, with ``count_chance``).
    """
    pyspiel = importlib.import_module("pyspiel")  # the openspiel extra; untyped
    game = pyspiel.load_game("crazy_eights", {"players": players})

    def run() -> int:
        rng = random.Random(seed)
        choice, uniform = rng.choice, rng.random
        moves = 0
        for _ in range(matches):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    r = uniform()
                    action = outcomes[-1][0]
                    for outcome, p in outcomes:
                        r -= p
                        if r < 0:
                            action = outcome
                            break
                    state.apply_action(action)
                    moves += count_chance
                else:
                    state.current_player()
                    state.apply_action(choice(state.legal_actions()))
                    moves += 1
        return moves

    return run


def _have_pyspiel() -> bool:
    try:
        importlib.import_module("pyspiel")
    except ImportError:
        return False
    return True


def _worker(argv: list[str]) -> int:
    """``--worker NAME PLAYERS MATCHES``: one timed playout round, as JSON."""
    name, players, matches = argv[0], int(argv[1]), int(argv[2])
    import cardrules

    run = playout_run(name, players, matches)
    run()  # warm up
    # The best of three: a subprocess pays its start-up, so give each one more work.
    moves, seconds = min((_timed(run) for _ in range(3)), key=lambda timed: timed[1])
    print(json.dumps({"moves": moves, "seconds": seconds, "file": cardrules.__file__}))
    return 0


def _worker_result(src: str, argv: list[str]) -> dict[str, Any]:
    """What this script run as a worker (``argv``) with ``src`` first on the path
    printed last, checked to come from ``src``."""
    out = subprocess.run(
        [sys.executable, os.path.abspath(__file__), *argv],
        env=dict(os.environ, PYTHONPATH=src),
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    if not result["file"].startswith(src):
        raise RuntimeError(f"the worker imported {result['file']}, not from {src}")
    return result


def _subprocess_rate(src: str, name: str, players: int, matches: int) -> float:
    result = _worker_result(src, ["--worker", name, str(players), str(matches)])
    return float(result["moves"]) / max(float(result["seconds"]), 1e-9)


def playout_rows(args: argparse.Namespace) -> list[Row]:
    rows: list[Row] = []
    target = 0.15 if args.quick else 0.6
    against_openspiel = args.against is None and _have_pyspiel()
    if against_openspiel:
        c8_run = functools.partial(crazy_eights_run, PLAYERS, count_chance=args.count_chance)
        c8 = calibrate(c8_run, target)
        for name in ("biggenbende", "allegra"):
            mine = calibrate(functools.partial(_playout_of, name), target)
            rate, base = interleaved([mine, c8], args.rounds)
            rows.append(
                {
                    "goal_name": f"playout {name} {PLAYERS}p vs OpenSpiel crazy_eights"
                    + (" (+chance)" if args.count_chance else ""),
                    "value": rate,
                    "unit": "moves/s",
                    "baseline": base,
                    "ratio": rate / base,
                    "goal": f">= {GOAL_PLAYOUT}x",
                    "passed": rate / base >= GOAL_PLAYOUT,
                }
            )
        return rows
    rev = args.against or "HEAD~1"
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    mine_src = os.path.join(here, "src")
    with tempfile.TemporaryDirectory(prefix="cardrules-against-") as tmp:
        tree = os.path.join(tmp, "tree")
        subprocess.run(
            ["git", "-C", here, "worktree", "add", "--detach", "-q", tree, rev],
            check=True,
            capture_output=True,
        )
        try:
            for name in ("biggenbende", "allegra"):
                matches = _calibrated_matches(name, target)
                best_mine = best_old = 0.0
                for _ in range(args.rounds):
                    best_mine = max(best_mine, _subprocess_rate(mine_src, name, PLAYERS, matches))
                    old = os.path.join(tree, "src")
                    best_old = max(best_old, _subprocess_rate(old, name, PLAYERS, matches))
                rows.append(
                    {
                        "goal_name": f"playout {name} {PLAYERS}p vs {rev} (no pyspiel)",
                        "value": best_mine,
                        "unit": "moves/s",
                        "baseline": best_old,
                        "ratio": best_mine / best_old,
                        "goal": "progress",
                        "passed": None,
                    }
                )
        finally:
            subprocess.run(
                ["git", "-C", here, "worktree", "remove", "--force", tree],
                check=False,
                capture_output=True,
            )
    return rows


def _playout_of(name: str, matches: int) -> Callable[[], int]:
    return playout_run(name, PLAYERS, matches)


def _calibrated_matches(name: str, target: float) -> int:
    n = 1
    while True:
        _, seconds = _timed(playout_run(name, PLAYERS, n))
        if seconds >= target / 4 or n >= 1 << 16:
            return max(n, int(n * target / max(seconds, 1e-9)))
        n *= 2


# --------------------------------------------------------------------------- beggar


def _penalties(state: Any) -> list[list[int]]:
    return [[card.demand for card in stack] for stack in state.stacks]


def check_play_out(deals: int = 5) -> None:
    """``play_out`` gives exactly the state that stepping with ``apply`` gives."""
    from cardrules import beggar

    for seed in range(deals):
        state = beggar.new_game(seed=seed)
        result = beggar.play_out(state)
        stepped = state
        while moves := beggar.legal_moves(stepped):
            stepped = beggar.apply(stepped, moves[0])
        if result.state != stepped:
            raise AssertionError(f"play_out differs from stepping with apply on seed {seed}")


def beggar_runs(count: int, checks: int) -> list[Callable[[], int]]:
    """
    ``play_out`` over ``count`` seeded deals and the deque loop over the same deals, each
    returning the cards played; ``checks`` deals are first checked against stepping.
    """
    from bench_beggar import yardstick
    from cardrules import beggar

    check_play_out(checks)
    states = [beggar.new_game(seed=seed) for seed in range(count)]
    deals = [_penalties(state) for state in states]
    results = [beggar.play_out(state) for state in states]
    for deal, result in zip(deals, results, strict=True):
        assert yardstick(deal) == (result.cards, result.tricks, result.winner), deal
    cards = sum(result.cards for result in results)
    play_out = beggar.play_out

    def run_play_out() -> int:
        for state in states:
            play_out(state)
        return cards

    def run_loop() -> int:
        for deal in deals:
            yardstick(deal)
        return cards

    return [run_play_out, run_loop]


def beggar_rows(args: argparse.Namespace) -> list[Row]:
    runs = beggar_runs(300 if args.quick else 2000, 3 if args.quick else 10)
    rate, base = interleaved(runs, args.rounds)
    return [
        {
            "goal_name": "beggar play_out vs a loop over deques of penalties",
            "value": rate,
            "unit": "cards/s",
            "baseline": base,
            "ratio": rate / base,
            "goal": f">= {GOAL_BEGGAR}x",
            "passed": rate / base >= GOAL_BEGGAR,
        }
    ]


# --------------------------------------------------------------------------- simulate


def simulate_rows(args: argparse.Namespace) -> list[Row]:
    import cardrules
    from cardrules.simulation import simulate

    rows: list[Row] = []
    for name in ("biggenbende", "allegra", "beggar"):
        game = cardrules.get_game(name)
        target = 0.15 if args.quick else 0.6
        games = _calibrated_simulate(game, target)

        def sim(game: Any = game, games: int = games) -> int:
            return sum(r.moves for r in simulate(game, games=games, bots=("random",), seed=0))

        raw = playout_run(name, None, games, seed=0)
        rate, base = interleaved([sim, raw], args.rounds)
        rows.append(
            {
                "goal_name": f"simulate RandomBot {name} vs raw playouts",
                "value": rate,
                "unit": "moves/s",
                "baseline": base,
                "ratio": rate / base,
                "goal": f">= {GOAL_SIMULATE}x",
                "passed": rate / base >= GOAL_SIMULATE,
            }
        )
    return rows


def _calibrated_simulate(game: Any, target: float) -> int:
    from cardrules.simulation import simulate

    n = 1
    while True:
        start = _clock()
        for _ in simulate(game, games=n, bots=("random",), seed=0):
            pass
        seconds = _clock() - start
        if seconds >= target / 4 or n >= 1 << 16:
            return max(n, int(n * target / max(seconds, 1e-9)))
        n *= 2


# --------------------------------------------------------------------------- dumps/loads


def mid_game(name: str, seed: int = 7) -> Any:
    """The state halfway through a seeded random game (4 players where there is a choice)."""
    import cardrules

    game = cardrules.get_game(name)
    rules = game.Rules() if name == "beggar" else game.Rules(players=PLAYERS)
    choice = random.Random(seed).choice
    states = [game.new_game(rules, seed=seed)]
    while legal := game.legal_moves(states[-1]):
        states.append(game.apply(states[-1], choice(legal)))
    return states[len(states) // 2]


def _per_call_us(fn: Callable[[], object], batches: int, floor: float) -> float:
    """The least microseconds per call of ``fn`` over ``batches`` batches, each of
    ``floor`` seconds or more."""
    batch = 1
    while True:
        start = _clock()
        for _ in range(batch):
            fn()
        seconds = _clock() - start
        if seconds >= floor:
            break
        batch *= 2
    least = seconds / batch
    for _ in range(batches - 1):
        start = _clock()
        for _ in range(batch):
            fn()
        least = min(least, (_clock() - start) / batch)
    return least * 1e6


def _least_us(fn: Callable[[], object], batches: int, quick: bool) -> float:
    """The least microseconds per call of ``fn`` over ``batches`` short batches."""
    return _per_call_us(fn, batches, 0.0005 if quick else 0.001)


def _round_trip(state: Any) -> object:
    import cardrules

    return cardrules.loads(cardrules.dumps(state))


def _parts(name: str, state: Any) -> dict[str, Callable[[], object]]:
    """The parts of ``dumps`` and ``loads``, called directly where the code allows."""
    import cardrules
    from cardrules import serialize as ser

    game = cardrules.get_game(name)
    text = cardrules.dumps(state)
    parts: dict[str, Callable[[], object]] = {
        "dumps": lambda: cardrules.dumps(state),
        "loads": lambda: cardrules.loads(text),
    }
    to_data = getattr(ser, "to_data", None)
    if to_data is not None:
        data_out = to_data(state)
        parts["dumps: to_data (unstructure)"] = lambda: to_data(state)
        parts["dumps: json.dumps of the data"] = lambda: json.dumps(
            data_out, separators=(",", ":"), allow_nan=False
        )
    parse = getattr(ser, "_parse", None)
    if parse is not None:
        parts["loads: JSON parse (_parse)"] = lambda: parse(text, ser.MAX_SIZE)
    doc = json.loads(text)
    parts["loads: plain json.loads"] = lambda: json.loads(text)
    envelope = getattr(ser, "_check_envelope", None)
    if envelope is not None:
        names = list(inspect.signature(envelope).parameters)
        if names[1:2] == ["games"]:  # (doc, games, want=None, want_kind=None) now
            parts["loads: envelope (_check_envelope)"] = lambda: envelope(doc, ser.GAMES)
        elif len(names) == 3:  # (doc, lookup, known) until issue 27
            lookup, known = vars(ser)["_lookup"], vars(ser)["_known"]  # (gone since)
            parts["loads: envelope (_check_envelope)"] = lambda: envelope(doc, lookup, known)
        else:  # an older commit's (doc)
            parts["loads: envelope (_check_envelope)"] = lambda: envelope(doc)
    setup_of = getattr(ser, "_setup", None)
    if setup_of is not None:
        conv = getattr(setup_of(game), "conv", None)
        data = doc["data"]
        quick = getattr(setup_of(game), "quick", None)
        read = None if quick is None else quick.reader(game.State)
        if read is not None:
            parts["loads: quick structure (_fastdata)"] = lambda: read(data)
        if conv is not None:
            label = "loads: cattrs structure" + (" (now the fallback)" if read else "")
            parts[label] = lambda: conv.structure(data, game.State)
    parts["loads: check_state"] = lambda: game.check_state(state)
    # Beggar remembers the BM-9 replay of states that passed check_state lately, so the
    # lines above load a known state; this one shows a state loaded for the first time.
    fast = importlib.import_module("cardrules.beggar._fast") if name == "beggar" else None
    replay = getattr(fast, "_replay", None)
    if hasattr(replay, "cache_clear"):

        def fresh() -> None:
            replay.cache_clear()  # type: ignore[union-attr]
            game.check_state(state)

        parts["loads: check_state, BM-9 replay not remembered"] = fresh
    return parts


def round_trip_rows(args: argparse.Namespace) -> tuple[list[Row], dict[str, dict[str, float]]]:
    import cardrules

    rows: list[Row] = []
    detail: dict[str, dict[str, float]] = {}
    for name in ("biggenbende", "allegra", "beggar"):
        state = mid_game(name)
        if cardrules.loads(cardrules.dumps(state)) != state:
            raise AssertionError(f"{name}: loads(dumps(state)) != state")
        trip = _least_us(functools.partial(_round_trip, state), args.batches, args.quick)
        rows.append(
            {
                "goal_name": f"dumps+loads {name} mid-game state",
                "value": trip,
                "unit": "us",
                "baseline": GOAL_ROUND_TRIP_US,
                "ratio": GOAL_ROUND_TRIP_US / trip,
                "goal": f"<= {GOAL_ROUND_TRIP_US:g} us",
                "passed": trip <= GOAL_ROUND_TRIP_US,
            }
        )
        detail[name] = {"bytes": float(len(cardrules.dumps(state)))}
        for part, fn in _parts(name, state).items():
            try:
                detail[name][part] = _least_us(fn, args.batches, args.quick)
            except Exception as exc:  # a private helper changed: say so, go on
                print(f"({name} {part}: not measured: {type(exc).__name__}: {exc})")
        detail[name][f"dumps+loads, best of {args.rounds} batches of 50 ms (earlier)"] = (
            _per_call_us(
                functools.partial(_round_trip, state), args.rounds, 0.01 if args.quick else 0.05
            )
        )
    return rows, detail


def _trip_worker(argv: list[str]) -> int:
    """``--trip-worker NAME BATCHES``: the least us per round trip of ``mid_game(NAME)``."""
    import cardrules

    state = mid_game(argv[0])
    trip = _least_us(functools.partial(_round_trip, state), int(argv[1]), False)
    print(json.dumps({"us": trip, "file": cardrules.__file__}))
    return 0


def _trip_in(src: str, name: str, batches: int) -> float:
    return float(_worker_result(src, ["--trip-worker", name, str(batches)])["us"])


def round_trip_against_rows(args: argparse.Namespace) -> list[Row]:
    """dumps+loads here against ``--against REV`` (its ``src`` from ``git archive``, no
    worktree), each in its own subprocess, taking turns, the least of ``--rounds``."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="cardrules-against-") as tmp:
        archive = subprocess.run(
            ["git", "-C", here, "archive", args.against, "src"], check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        old, mine = os.path.join(tmp, "src"), os.path.join(here, "src")
        for name in ("biggenbende", "allegra", "beggar"):
            best_mine = best_old = float("inf")
            for _ in range(args.rounds):
                best_mine = min(best_mine, _trip_in(mine, name, args.batches))
                best_old = min(best_old, _trip_in(old, name, args.batches))
            rows.append(
                {
                    "goal_name": f"dumps+loads {name} mid-game state vs {args.against}",
                    "value": best_mine,
                    "unit": "us",
                    "baseline": best_old,
                    "ratio": best_old / best_mine,
                    "goal": f"<= {GOAL_ROUND_TRIP_US:g} us",
                    "passed": best_mine <= GOAL_ROUND_TRIP_US,
                }
            )
    return rows


# --------------------------------------------------------------------------- main


def _load() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "unknown"
    return f"{one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def print_table(rows: list[Row]) -> None:
    print(f"{'goal':<62} {'measured':>16} {'baseline':>12} {'ratio':>7} {'goal':>10}  ok")
    for row in rows:
        passed = {True: "PASS", False: "FAIL", None: "-"}[row["passed"]]
        print(
            f"{row['goal_name']:<62} {row['value']:>10,.1f} {row['unit']:<5} "
            f"{row['baseline']:>12,.1f} {row['ratio']:>6.2f}x {row['goal']:>10}  {passed}"
        )


def main(argv: list[str]) -> int:
    if argv[:1] == ["--worker"]:
        return _worker(argv[1:])
    if argv[:1] == ["--trip-worker"]:
        return _trip_worker(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.strip().split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (noisier)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--rounds", type=int, default=None, help="best of this many rounds")
    parser.add_argument(
        "--batches",
        type=int,
        default=None,
        help="dumps+loads: the least of this many short batches (300; --quick 60)",
    )
    parser.add_argument(
        "--against",
        metavar="REV",
        default=None,
        help="compare playouts (and dumps+loads) with this git revision",
    )
    parser.add_argument(
        "--count-chance",
        action="store_true",
        help="count crazy_eights' chance outcomes (deal, draws) as moves too",
    )
    parser.add_argument(
        "--only",
        choices=("playout", "beggar", "simulate", "roundtrip"),
        action="append",
        help="run only these rows (repeatable)",
    )
    args = parser.parse_args(argv)
    if args.rounds is None:
        args.rounds = 3 if args.quick else 7
    if args.batches is None:
        args.batches = 60 if args.quick else 300
    only = set(args.only or ("playout", "beggar", "simulate", "roundtrip"))
    load_before = _load()
    rows: list[Row] = []
    detail: dict[str, dict[str, float]] = {}
    if "playout" in only:
        rows += playout_rows(args)
    if "beggar" in only:
        rows += beggar_rows(args)
    if "simulate" in only:
        rows += simulate_rows(args)
    if "roundtrip" in only and args.against is not None:
        rows += round_trip_against_rows(args)
    elif "roundtrip" in only:
        trips, detail = round_trip_rows(args)
        rows += trips
    report = {
        "python": sys.version.split()[0],
        "load_before": load_before,
        "load_after": _load(),
        "rounds": args.rounds,
        "batches": args.batches,
        "rows": rows,
        "round_trip_parts_us": detail,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"Python {report['python']}; load average {load_before} (before), {_load()} (after)")
    print(
        f"best of {args.rounds} interleaved rounds (dumps+loads: least of {args.batches} "
        "short batches), CPU time of this process\n"
    )
    print_table(rows)
    for name, parts in detail.items():
        print(f"\n{name}: {parts.pop('bytes'):.0f} bytes of JSON; microseconds per call:")
        for part, us in parts.items():
            print(f"  {part:<58} {us:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
