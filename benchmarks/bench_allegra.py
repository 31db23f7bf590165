"""
Allegra speed: random playouts through ``legal_moves`` + ``apply``, and JSON round trips.

Run: ``python benchmarks/bench_allegra.py [seconds per player count]``.

Every move is chosen uniformly at random among the legal moves by a seeded SplitMix64
(``cardrules._rng._below``), so a run is repeatable. Prints moves per second and whole
matches (three rounds) per second for 2 to 6 players, the ratio of the 4-player figure
to the goal of issue 4 (50,000 moves a second), and ``dumps`` + ``loads`` round trips
per second of a mid-game 4-player state. The figures are measured in this run, in CPU
seconds of this process (``time.process_time``), so that other load on a shared machine
does not distort them.
"""

from __future__ import annotations

import sys
import time

from cardrules import allegra as al
from cardrules._rng import _below

GOAL = 50_000
"""Moves a second for 4 players (issue 4)."""


def playouts(players: int, seconds: float) -> tuple[int, int, float]:
    """Play whole seeded matches for about ``seconds``: (moves, matches, elapsed)."""
    rules = al.Rules(players=players)
    legal_moves, apply = al.legal_moves, al.apply
    moves = matches = 0
    rng = 12345
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        state = al.new_game(rules, seed=matches)
        while state.phase != "over":
            options = legal_moves(state)
            k, rng = _below(rng, len(options))
            state = apply(state, options[k])
            moves += 1
        matches += 1
        elapsed = time.process_time() - start
    return moves, matches, elapsed


def mid_game(players: int = 4, moves: int = 200) -> al.State:
    """A state after ``moves`` random moves of a seeded match."""
    state = al.new_game(al.Rules(players=players), seed=7)
    rng = 99
    for _ in range(moves):
        options = al.legal_moves(state)
        k, rng = _below(rng, len(options))
        state = al.apply(state, options[k])
    return state


def round_trips(seconds: float) -> float | None:
    """``dumps`` + ``loads`` of a mid-game state per second; ``None`` without serialize."""
    try:
        from cardrules import dumps, loads
    except ImportError:
        return None
    state = mid_game()
    assert loads(dumps(state)) == state
    count = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        for _ in range(20):
            loads(dumps(state))
        count += 20
        elapsed = time.process_time() - start
    return count / elapsed


def main(argv: list[str]) -> None:
    seconds = float(argv[1]) if len(argv) > 1 else 4.0
    print(f"Allegra random playouts (legal_moves + apply), {seconds:g} CPU s per player count")
    print(f"{'players':>7} {'moves/s':>10} {'matches/s':>10} {'moves/match':>12}")
    per_second = {}
    for players in range(2, 7):
        moves, matches, elapsed = playouts(players, seconds)
        per_second[players] = moves / elapsed
        print(
            f"{players:>7} {moves / elapsed:>10,.0f} {matches / elapsed:>10,.1f} "
            f"{moves / matches:>12,.0f}"
        )
    ratio = per_second[4] / GOAL
    print(f"4 players: {per_second[4]:,.0f} moves/s = {ratio:.2f} x the goal of {GOAL:,}")
    trips = round_trips(seconds)
    if trips is None:
        print("dumps + loads: skipped (cardrules.serialize is not available)")
    else:
        print(f"dumps + loads of a mid-game 4-player state: {trips:,.0f} round trips/s")


if __name__ == "__main__":
    main(sys.argv)
