"""
How many hypothesis examples it takes to reach each rule ID, with uniform and with
biased play (issue 11).

For each game both policies draw the same derandomised examples (the same rules, deal
seeds and choice seeds) from ``playthroughs(game, rules=..., policy=...)``; the tables
give, per rule ID, the 1-based example at which a move first fired it. A third column,
``default``, gives the same for ``playthroughs(game)`` as it is (uniform play, the
rules, their options and the game's known first states drawn by default), and each
named sub-case of a rule (``BB-14/two-left``) has a row. The goal: within 200 examples
per game, biased play reaches every rule ID that play can reach from a seed, and the
default strategy every rule ID and sub-case that a move can fire (BM-9 from a known
deal included). The structural rule IDs, which no move fires, are listed with the
reason. A second table shows the rarest combinations of rules that one move fired (a
burn that ends a player's cards, a triple during the deal, a cut in the last turns, ...).

Run: ``python benchmarks/bench_coverage.py [--examples 200] [GAME ...]``; the exit
status is 1 when the goal is missed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings

import cardrules
from cardrules._policy import _cases_named, _fired, _rule_cases, _told
from cardrules.game import AnyGame
from cardrules.testing import Playthrough, Policy, playthroughs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.test_coverage import FROM_A_KNOWN_DEAL, UNREACHABLE, coverage_rules

POLICIES: tuple[Policy, ...] = ("uniform", "biased")


def first_reached(
    game: AnyGame, policy: Policy, examples: int, *, default: bool = False
) -> tuple[dict[str, int], dict[frozenset[str], int], Counter[frozenset[str]], float]:
    """
    Per rule and per combination of rules fired by one move, the first example that
    fired it; how many moves fired each combination; the seconds taken.
    """
    rules = None if default else coverage_rules(game)
    cases = _rule_cases(game)
    rules_seen: dict[str, int] = {}
    combos: dict[frozenset[str], int] = {}
    counts: Counter[frozenset[str]] = Counter()
    seen = 0

    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(playthroughs(game, rules=rules, policy=policy))
    def run(play: Playthrough) -> None:
        nonlocal seen
        seen += 1
        for i, named in enumerate(_fired(game, play)):
            if cases:
                told = _told(game, play.states[i], play.record.moves[i], play.states[i + 1])
                for case in _cases_named(cases, play.states[i], told):
                    rules_seen.setdefault(case, seen)
            counts[named] += 1
            combos.setdefault(named, seen)
            for rule in named:
                rules_seen.setdefault(rule, seen)

    start = time.perf_counter()
    run()
    return rules_seen, combos, counts, time.perf_counter() - start


def _cell(value: int | None) -> str:
    return "-" if value is None else str(value)


def report(game: AnyGame, examples: int) -> bool:
    """Print the tables of one game; whether biased play met the goal."""
    results = {policy: first_reached(game, policy, examples) for policy in POLICIES}
    default = first_reached(game, "uniform", examples, default=True)
    unreachable = UNREACHABLE.get(game.name, {})
    known_deal = FROM_A_KNOWN_DEAL.get(game.name, {})
    print(f"\n## {game.name}: {examples} examples per policy")
    for policy in POLICIES:
        print(f"{policy}: {results[policy][3]:.1f} s")
    print(f"default: {default[3]:.1f} s")
    print(
        "\nuniform, biased: over the rules of the CI check; default: playthroughs(game) "
        "as it is, rules, options and known starts drawn"
    )
    print(f"\n{'rule':<26}  {'uniform':>7}  {'biased':>6}  {'default':>7}")
    met = True
    ids = [*game.rule_ids, *(name for name, _ in _rule_cases(game))]
    for rule in sorted(ids, key=lambda r: (ids.index(r.partition("/")[0]), r)):
        cells = [results[p][0].get(rule) for p in POLICIES]
        reached_by_default = default[0].get(rule)
        line = (
            f"{rule:<26}  {_cell(cells[0]):>7}  {_cell(cells[1]):>6}"
            f"  {_cell(reached_by_default):>7}"
        )
        if rule in unreachable:
            line += f"  no move fires it: {unreachable[rule]}"
        elif reached_by_default is None:
            line += "  MISSED by default"
            met = False
        elif rule in known_deal:
            line += f"  from a known deal: {known_deal[rule]}"
        elif cells[1] is None:
            line += "  MISSED"
            met = False
        print(line)
    # The rarest combinations under uniform play, and how soon each policy found them.
    uniform_counts = results["uniform"][2]
    every = set(results["uniform"][1]) | set(results["biased"][1])
    rarest = sorted(every, key=lambda c: (uniform_counts[c], sorted(c)))[:12]
    print(f"\n{'rules fired by one move':<48}  {'uniform':>7}  {'biased':>6}  moves u/b")
    for combo in rarest:
        name = " + ".join(sorted(combo, key=game.rule_ids.index)) or "(none)"
        cells = [results[p][1].get(combo) for p in POLICIES]
        moves = f"{uniform_counts[combo]}/{results['biased'][2][combo]}"
        print(f"{name:<48}  {_cell(cells[0]):>7}  {_cell(cells[1]):>6}  {moves}")
    return met


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1] if __doc__ else "")
    parser.add_argument("--examples", type=int, default=200)
    parser.add_argument("games", nargs="*", default=sorted(cardrules.GAMES))
    args = parser.parse_args(argv)
    met = [report(cardrules.get_game(name), args.examples) for name in args.games]
    print("\ngoal met" if all(met) else "\ngoal MISSED")
    return 0 if all(met) else 1


if __name__ == "__main__":
    raise SystemExit(main())
