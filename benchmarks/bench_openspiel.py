"""
OpenSpiel's ``random_sim_test`` with serialisation on, for every game at its fewest and
most players, with the adapter's memo of a state's queries and without it, in the same
run (issue 26: at most 10 s for 10 simulations on a quiet machine).

Run: ``python benchmarks/bench_openspiel.py [simulations] [--no-baseline]``.

OpenSpiel asks one state the same things many times (the player to move about 25 times
a move, every seat's observation and information state tensors several times each);
``cardrules.openspiel`` keeps each answer for the game state it was worked out for.
``without memo`` replaces the memo by one that forgets at once, which is the adapter as
it worked before. Times are CPU seconds of this process (``time.process_time``);
``ratio`` is without over with (higher is better). The simulations are seeded by
OpenSpiel, so both runs play the same games.
"""

from __future__ import annotations

import sys
import time
from typing import Any


def _cases(pyspiel: Any) -> list[tuple[str, dict[str, int]]]:
    return [
        ("cardrules_beggar", {"players": 2}),
        ("cardrules_beggar", {"players": 4}),
        ("cardrules_allegra", {"players": 2}),
        ("cardrules_allegra", {"players": 6}),
        ("cardrules_biggenbende", {"players": 3}),
        ("cardrules_biggenbende", {"players": 4}),
        ("cardrules_biggenbende", {"players": 6}),
    ]


def _time(pyspiel: Any, name: str, params: dict[str, int], sims: int) -> float:
    game = pyspiel.load_game(name, params)
    start = time.process_time()
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)
    return time.process_time() - start


class _Forgetful:
    """A memo that keeps nothing: the adapter without its memo."""

    __slots__ = ()

    def of(self, state: Any) -> dict[Any, Any]:
        return {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Forgetful:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Forgetful, ())


def main() -> None:
    import pyspiel  # type: ignore[import-not-found]

    import cardrules.openspiel as adapter

    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    sims = int(args[0]) if args else 10
    baseline = "--no-baseline" not in sys.argv
    print(f"random_sim_test, {sims} simulations, serialize=True (CPU seconds)")
    print(f"{'game':<24}{'players':>8}{'with memo':>11}{'without':>10}{'ratio':>8}")
    memo = adapter._Memo
    for name, params in _cases(pyspiel):
        with_memo = _time(pyspiel, name, params, sims)
        without = ratio = "-"
        if baseline:
            adapter._Memo = _Forgetful  # type: ignore[assignment,misc]
            try:
                seconds = _time(pyspiel, name, params, sims)
            finally:
                adapter._Memo = memo  # type: ignore[misc]
            without, ratio = f"{seconds:.1f}", f"{seconds / with_memo:.2f}"
        print(f"{name:<24}{params['players']:>8}{with_memo:>11.1f}{without:>10}{ratio:>8}")


if __name__ == "__main__":
    main()
