"""
How short a failing game the testing kit shrinks to: planted properties for every game.

For each planted property (a rule edge case that some games reach), hypothesis runs
the property as the fuzz how-to shows it, once with :func:`cardrules.testing.games`
(``by games``) and once as an invariant of a :class:`cardrules.testing.GameMachine`
subclass (``by machine``), and the benchmark prints the first failing prefix
hypothesis found (moves up to and including the failing one), the prefix after
shrinking, the shortest failing prefix among ``--random`` games drawn from the default
strategy without shrinking, the ratio of shrunk to shortest
(goal: at most 2) and the CPU seconds of the shrinking run (goal: at most 60).

Shrinking depends on where hypothesis starts: ``--seeds 1 2 3`` repeats each run under
several hypothesis seeds (one row each). Each run has a process of its own, since what
ran before in a process changes hypothesis' generation; ``--jobs N`` runs N at once. A
``GameMachine`` run can still differ between two runs of the same seed: hypothesis'
stateful runner does not repeat its generation exactly; ``games()`` runs do.
``--no-nest`` shrinks without the nested spans that let hypothesis cut a run of moves
out in one step (see ``cardrules._machine._Nest``), to compare. ``--seeded`` gives every
run (the random games too) the game's default ``Rules`` for each player count as
``rules=``: no known start, no drawn option and no smaller rules, so that the games
are seeded deals (Beggar's arranged ones) of fixed rules, and what shrinks them is
hypothesis' shrinking of the moves and the seed alone.

Run: ``python benchmarks/bench_shrink.py [--random 2000] [--only GAME] [--name TEXT]
[--seeds N ...] [--jobs N] [--no-nest] [--seeded] [--no-games | --no-machine]``.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import multiprocessing
import pkgutil
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis.stateful import invariant, run_state_machine_as_test

import cardrules
from cardrules import _machine
from cardrules._options import _player_counts
from cardrules._policy import _told
from cardrules.testing import GameMachine, Step, games

Check = Callable[[Any, Step], bool]
"""A planted property: true when the step is fine."""


_SEEDED = False
"""Whether the runs draw from the given default rules (``--seeded``)."""


def _given_rules(game: Any) -> list[Any] | None:
    """With ``--seeded``, the game's default ``Rules`` for each player count; else None."""
    if not _SEEDED:
        return None
    return [game.Rules() if n is None else game.Rules(players=n) for n in _player_counts(game)]


def _events(game: Any, step: Step) -> list[Any]:
    """The events of the step's move, told to every seat: what ``GameMachine.told`` gives."""
    return _told(game, step.before, step.move, step.after, applied=True)


def _players_left(state: Any) -> int:
    return int(state.rules.players - len(state.places))


def _bb_four_two_left(game: Any, step: Step) -> bool:
    move = step.move
    return not (
        type(move).__name__ == "Play" and move.value == 4 and _players_left(step.before) == 2
    )


def _bb_eleven_two_left(game: Any, step: Step) -> bool:
    move = step.move
    return not (
        type(move).__name__ == "Play" and move.value == 11 and _players_left(step.before) == 2
    )


def _bb_out_by_burn(game: Any, step: Step) -> bool:
    told = {type(e).__name__ for e in _events(game, step)}
    return not {"WentOut", "Burned"} <= told


def _bb_face_down_unplayable(game: Any, step: Step) -> bool:
    told = _events(game, step)
    return not any(type(e).__name__ == "FaceDownTurned" and not e.playable for e in told)


def _bm_out_while_two_play(game: Any, step: Step) -> bool:
    after = step.after
    playing = sum(1 for out in after.out if not out)
    return not (any(after.out) and playing >= 2)


def _bm_three_penalties(game: Any, step: Step) -> bool:
    top = step.after.pile[-3:]
    return not (len(top) == 3 and all(card.is_penalty for card in top))


def _bm_big_trick(game: Any, step: Step) -> bool:
    return not (len(step.before.pile) >= 12 and not step.after.pile)


def _al_knock_exchange(game: Any, step: Step) -> bool:
    told = _events(game, step)
    return not any(type(e).__name__ == "Exchanged" for e in told)


def _al_triple(game: Any, step: Step) -> bool:
    told = _events(game, step)
    return not any(type(e).__name__ == "TripleRemoved" for e in told)


def _al_round_scored(game: Any, step: Step) -> bool:
    told = _events(game, step)
    return not any(type(e).__name__ == "RoundScored" for e in told)


def _fires(rule: str) -> Check:
    """A property that fails on the first move firing ``rule`` (told to any seat)."""

    def check(game: Any, step: Step) -> bool:
        told = _events(game, step)
        return not any(getattr(e, "rule", None) == rule for e in told)

    return check


@attrs.frozen
class Planted:
    game: str
    name: str
    check: Check
    machine: bool = True
    """Whether a GameMachine of the default ``max_moves`` (300) can reach it."""


PLANTED = (
    Planted("biggenbende", "no 4 is played with two players left", _bb_four_two_left),
    Planted("biggenbende", "no face-down card turned is unplayable", _bb_face_down_unplayable),
    Planted("beggar", "no seat is out while two others play on", _bm_out_while_two_play),
    Planted("beggar", "no pile of 12 cards or more is taken", _bm_big_trick),
    Planted("allegra", "no knock exchange ever happens", _al_knock_exchange),
    Planted("allegra", "no triple is removed", _al_triple),
    # Of the same kind, but not what the games' known starts were laid out for.
    Planted("biggenbende", "no 11 is played with two players left", _bb_eleven_two_left),
    Planted("biggenbende", "no seat goes out with a burn", _bb_out_by_burn),
    Planted("beggar", "no three penalty cards lie on the pile", _bm_three_penalties),
    Planted("allegra", "no round is scored", _al_round_scored),
    # Rules reached only under non-default rules or from a known deal.
    Planted("biggenbende", "no round is cut by the turn limit", _fires("BB-20")),
    # Casella's endless deal repeats after 897 moves: a machine needs max_moves >= 900.
    Planted("beggar", "no game is endless", _fires("BM-9"), machine=False),
    Planted("allegra", "no round is cut by the turn limit", _fires("AL-13")),
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


def shrink(
    planted: Planted, examples: int, run_seed: int = 22
) -> tuple[int | None, int | None, float]:
    """The first failing prefix, the shrunk one and the CPU seconds, as a user runs it."""
    game = cardrules.get_game(planted.game)
    found: list[int] = []

    @seed(run_seed)
    @settings(_QUIET, max_examples=examples, phases=[p for p in Phase if p is not Phase.explain])
    @given(games(game, rules=_given_rules(game)))
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


def shrink_machine(
    planted: Planted, examples: int, run_seed: int = 22
) -> tuple[int | None, int | None, float]:
    """The same with a user's :class:`~cardrules.testing.GameMachine` subclass."""
    game = played = cardrules.get_game(planted.game)
    found: list[int] = []

    class Machine(GameMachine):
        game = played
        game_rules = _given_rules(played)

        @invariant()
        def planted_holds(self) -> None:
            if self.move is None:
                return
            step = Step(self.before, self.move, self.state, len(self.moves) - 1)
            if not planted.check(game, step):
                found.append(len(self.moves))
                raise AssertionError(planted.name)

    seed(run_seed)(Machine)  # run_state_machine_as_test reads the seed from the class
    start = time.process_time()
    with contextlib.suppress(AssertionError):
        run_state_machine_as_test(
            Machine,
            settings=settings(
                Machine.TestCase.settings,
                database=None,
                print_blob=False,
                max_examples=examples,
            ),
        )
    spent = time.process_time() - start
    if not found:
        return None, None, spent
    return found[0], found[-1], spent


def shortest(planted: Planted, count: int) -> int | None:
    """
    The shortest failing prefix among ``count`` games drawn without shrinking. A game
    stops once it is as long as the shortest failing prefix so far: it cannot beat it.
    The games are drawn without the kit's nested spans (``--no-nest``): hypothesis'
    generation also copies spans of one label into others, so the nesting changes which
    games it draws, and the yardstick must not move with what it measures.
    """
    game = cardrules.get_game(planted.game)
    best: list[int] = []
    nesting, _machine._NESTING = _machine._NESTING, False

    @seed(2000)
    @settings(_QUIET, max_examples=count, phases=[Phase.generate])
    @given(games(game, rules=_given_rules(game)))
    def test(run: Any) -> None:
        for step in run:
            if not planted.check(game, step):
                best.append(step.index + 1)
                return
            if best and step.index + 1 >= min(best):
                return

    try:
        test()
    finally:
        _machine._NESTING = nesting
    return min(best) if best else None


def _import_all() -> None:
    """
    Import every module of the library first. Hypothesis draws some values from the
    constants of the local modules loaded so far, so a module imported by one row (a
    game's notation, at its first failure) would change the examples of the next: with
    all of them loaded, each row is the same whatever ran before it.
    """
    for module in pkgutil.walk_packages(cardrules.__path__, "cardrules."):
        with contextlib.suppress(ImportError):
            importlib.import_module(module.name)


def _row(task: tuple[str, int, int, int, bool, bool]) -> tuple[int | None, int | None, float]:
    """
    One run in a process of its own: ``(kind, planted index, count, seed, nesting,
    seeded)``.
    Hypothesis' generation depends on what ran before it in a process (the constants
    of the modules loaded so far, among others), so that a row run after others could
    differ from the same row run alone; here each row is what a user's run of it gives.
    """
    global _SEEDED
    kind, index, count, run_seed, nesting, _SEEDED = task
    _machine._NESTING = nesting
    _import_all()
    planted = PLANTED[index]
    if kind == "random":
        return None, shortest(planted, count), 0.0
    run = shrink if kind == "games" else shrink_machine
    return run(planted, count, run_seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--random", type=int, default=2000, help="random games per property")
    parser.add_argument("--examples", type=int, default=100, help="max_examples of a run")
    parser.add_argument("--only", default=None, help="only the properties of this game")
    parser.add_argument("--no-machine", action="store_true", help="skip the GameMachine rows")
    parser.add_argument("--no-games", action="store_true", help="skip the games() rows")
    parser.add_argument(
        "--seeds",
        type=int,
        nargs="+",
        default=[22],
        help="hypothesis seeds: each shrinking run is repeated once per seed",
    )
    parser.add_argument("--name", default=None, help="only properties whose name has this")
    parser.add_argument(
        "--no-nest",
        action="store_true",
        help="shrink without the nested spans of each chosen move, to compare",
    )
    parser.add_argument(
        "--seeded",
        action="store_true",
        help="give every run the default rules of each player count: seeded games only",
    )
    parser.add_argument("--jobs", type=int, default=1, help="runs at once, each in a process")
    args = parser.parse_args()
    nesting = not args.no_nest
    chosen = [
        (index, planted)
        for index, planted in enumerate(PLANTED)
        if (not args.only or planted.game == args.only)
        and (not args.name or args.name in planted.name)
    ]
    print(
        f"{'game':<12} {'property':<42} {'by':<8} {'seed':>5} {'first':>6} {'shrunk':>6}"
        f" {'random':>6} {'ratio':>5} {'CPU s':>6}"
    )
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(args.jobs, mp_context=spawn, max_tasks_per_child=1) as pool:
        for index, planted in chosen:
            baseline = pool.submit(_row, ("random", index, args.random, 0, nesting, args.seeded))
            kinds = [] if args.no_games else ["games"]
            if not args.no_machine and planted.machine:
                kinds.append("machine")
            rows = [
                (
                    kind,
                    run_seed,
                    pool.submit(
                        _row, (kind, index, args.examples, run_seed, nesting, args.seeded)
                    ),
                )
                for kind in kinds
                for run_seed in args.seeds
            ]
            best = baseline.result()[1]
            for by, run_seed, future in rows:
                first, shrunk, spent = future.result()
                ratio = f"{shrunk / best:.2f}" if shrunk and best else "-"
                print(
                    f"{planted.game:<12} {planted.name:<42} {by:<8} {run_seed:>5}"
                    f" {first or '-':>6} {shrunk or '-':>6} {best or '-':>6} {ratio:>5}"
                    f" {spent:>6.1f}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
