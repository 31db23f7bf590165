"""
How short a failing game the testing kit shrinks to: planted properties for every game.

For each planted property (a rule edge case that some games reach), hypothesis runs
the property with :func:`cardrules.testing.games` as the fuzz how-to shows it, and the
benchmark prints the first failing prefix hypothesis found (moves up to and including
the failing one), the prefix after shrinking, the shortest failing prefix among
``--random`` games drawn from the same strategy without shrinking, their ratio
(goal: at most 2) and the CPU seconds of the shrinking run (goal: at most 60).

Run: ``python benchmarks/bench_shrink.py [--random 2000] [--only NAME]``.
"""

from __future__ import annotations

import argparse
import contextlib
import time
from collections.abc import Callable
from typing import Any

import attrs
from hypothesis import HealthCheck, Phase, given, seed, settings

import cardrules
from cardrules._policy import _told
from cardrules.testing import Step, games

Check = Callable[[Any, Step], bool]
"""A planted property: true when the step is fine."""


def _players_left(state: Any) -> int:
    return int(state.rules.players - len(state.places))


def _bb_four_two_left(game: Any, step: Step) -> bool:
    move = step.move
    return not (
        type(move).__name__ == "Play" and move.value == 4 and _players_left(step.before) == 2
    )


def _bb_face_down_unplayable(game: Any, step: Step) -> bool:
    told = _told(game, step.before, step.move, step.after)
    return not any(type(e).__name__ == "FaceDownTurned" and not e.playable for e in told)


def _bm_out_while_two_play(game: Any, step: Step) -> bool:
    after = step.after
    playing = sum(1 for out in after.out if not out)
    return not (any(after.out) and playing >= 2)


def _bm_big_trick(game: Any, step: Step) -> bool:
    return not (len(step.before.pile) >= 12 and not step.after.pile)


def _al_knock_exchange(game: Any, step: Step) -> bool:
    told = _told(game, step.before, step.move, step.after)
    return not any(type(e).__name__ == "Exchanged" for e in told)


def _al_triple(game: Any, step: Step) -> bool:
    told = _told(game, step.before, step.move, step.after)
    return not any(type(e).__name__ == "TripleRemoved" for e in told)


@attrs.frozen
class Planted:
    game: str
    name: str
    check: Check


PLANTED = (
    Planted("biggenbende", "no 4 is played with two players left", _bb_four_two_left),
    Planted("biggenbende", "no face-down card turned is unplayable", _bb_face_down_unplayable),
    Planted("beggar", "no seat is out while two others play on", _bm_out_while_two_play),
    Planted("beggar", "no pile of 12 cards or more is taken", _bm_big_trick),
    Planted("allegra", "no knock exchange ever happens", _al_knock_exchange),
    Planted("allegra", "no triple is removed", _al_triple),
)

_QUIET = settings(
    database=None, deadline=None, suppress_health_check=list(HealthCheck), print_blob=False
)


def _prefix(planted: Planted, game: Any, run: Any) -> int | None:
    """The failing prefix of ``run`` (moves up to the failing one), or None."""
    for step in run:
        if not planted.check(game, step):
            return int(step.index + 1)
    return None


def shrink(planted: Planted, examples: int) -> tuple[int | None, int | None, float]:
    """The first failing prefix, the shrunk one and the CPU seconds, as a user runs it."""
    game = cardrules.get_game(planted.game)
    found: list[int] = []

    @seed(22)
    @settings(_QUIET, max_examples=examples, phases=[p for p in Phase if p is not Phase.explain])
    @given(games(game))
    def test(run: Any) -> None:
        length = _prefix(planted, game, run)
        if length is not None:
            found.append(length)
            raise AssertionError(planted.name)

    start = time.process_time()
    with contextlib.suppress(AssertionError):
        test()
    spent = time.process_time() - start
    if not found:
        return None, None, spent
    return found[0], found[-1], spent


def shortest(planted: Planted, count: int) -> tuple[int | None, int]:
    """The shortest failing prefix among ``count`` games drawn without shrinking."""
    game = cardrules.get_game(planted.game)
    best: list[int] = []
    failing = [0]

    @seed(2000)
    @settings(_QUIET, max_examples=count, phases=[Phase.generate])
    @given(games(game))
    def test(run: Any) -> None:
        length = _prefix(planted, game, run)
        if length is not None:
            failing[0] += 1
            best.append(length)

    test()
    return (min(best) if best else None), failing[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--random", type=int, default=2000, help="random games per property")
    parser.add_argument("--examples", type=int, default=100, help="max_examples of a run")
    parser.add_argument("--only", default=None, help="only the properties of this game")
    args = parser.parse_args()
    print(
        f"{'game':<12} {'property':<42} {'first':>6} {'shrunk':>6} {'random':>6}"
        f" {'failed':>7} {'ratio':>5} {'CPU s':>6}"
    )
    for planted in PLANTED:
        if args.only and planted.game != args.only:
            continue
        first, shrunk, spent = shrink(planted, args.examples)
        best, failing = shortest(planted, args.random)
        ratio = f"{shrunk / best:.2f}" if shrunk and best else "-"
        print(
            f"{planted.game:<12} {planted.name:<42} {first or '-':>6} {shrunk or '-':>6}"
            f" {best or '-':>6} {failing:>7} {ratio:>5} {spent:>6.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
