"""
Rule coverage in CI: biased random play reaches every rule ID that play can reach.

Each game is played by the suite's own strategy (``playthroughs(..., policy="biased")``)
for a fixed number of derandomised examples, and :func:`cardrules.testing.rule_coverage`
over those games must reach every rule ID of the game but the ones listed in
``UNREACHABLE`` with the reason. ``benchmarks/bench_coverage.py`` measures how many
examples each rule takes with uniform and with biased play.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings

import cardrules
from cardrules import Record, beggar
from cardrules.game import AnyGame
from cardrules.testing import Playthrough, playthroughs, rule_coverage

UNREACHABLE: dict[str, dict[str, str]] = {
    "beggar": {
        "BM-1": "the deck: fixed before the first move",
        "BM-2": "the player count: Rules checks it",
        "BM-3": "the deal: new_game does it, before any move",
        "BM-6": "where a taken pile goes: the trick's event names how it was won (BM-5, BM-7)",
        "BM-8": "counting cards and tricks: counters of the state, told by no event",
    },
    "biggenbende": {
        "BB-1": "the deck: fixed before the first move",
        "BB-2": "the player count: Rules checks it",
        "BB-3": "the chip supply: the round score (BB-18) pays from it",
        "BB-6": "when a play is legal: a play's event names its source (BB-7, BB-10, BB-11)",
        "BB-21": "what players see: the views, told by no event",
    },
    "allegra": {
        "AL-1": "the deck: fixed before the first move",
        "AL-2": "the player count: Rules checks it",
        "AL-3": "grids and areas: the geometry every move uses, told by no event",
        "AL-6": "a turn: its events name its two kinds, AL-6a and AL-6b",
        "AL-14": "what players see: the views, told by no event",
    },
}
"""Per game, the rule IDs that no move can fire, and why: structural rules."""

FROM_A_KNOWN_DEAL: dict[str, dict[str, str]] = {
    "beggar": {
        "BM-9": "an endless game: no seeded deal in reach of a test run is one; the "
        "Casella deal (beggar.RECORD_GAMES) is",
    },
}
"""Per game, rule IDs that play reaches only from a known explicit deal, and which."""

EXAMPLES = {"beggar": 20, "biggenbende": 25, "allegra": 25}
"""How many biased games per game the CI check plays, shared out over the rules of
:func:`coverage_rules`."""


def coverage_rules(game: AnyGame) -> list[Any]:
    """
    The ``Rules`` the coverage runs draw from: every player count, and variants that
    make the limits and the rebuilt deck come within reach of a short run.
    """
    rules: list[Any] = []
    for players in range(1, 9):
        try:
            rules.append(game.Rules(players=players))
        except cardrules.RulesError:
            continue
    if game.name == "beggar":
        rules.append(game.Rules(players=2, max_cards=150))  # BM-10
    elif game.name == "biggenbende":
        rules.append(game.Rules(players=3, max_turns_per_round=60))  # BB-20
    elif game.name == "allegra":
        rules.append(game.Rules(players=3, max_turns_per_round=15))  # AL-13
        # AL-11: 34 cards leave a deck of 9 after the deal, soon drawn.
        short = (1, 2, 3, 3, 3, 4, 4, 4, 3, 3, 2, 1, 1)
        rules.append(game.Rules(players=2, deck=short))
    return rules


def biased_games(game: AnyGame, examples: int) -> list[Playthrough]:
    """About ``examples`` games drawn by the biased strategy, derandomised: the same
    number under each of :func:`coverage_rules`."""
    return list(_biased_games(game.name, examples))


@functools.cache
def _biased_games(name: str, examples: int) -> tuple[Playthrough, ...]:
    game = cardrules.get_game(name)
    plays: list[Playthrough] = []
    # Each variant of the rules gets its share. Drawn by one strategy over all of them,
    # which variants came up depended on what the test run had imported before:
    # hypothesis draws some values from the constants of the modules loaded, even when
    # derandomised. Run alone, this file then drew Allegra's short deck too rarely to
    # reach AL-11, while the whole suite reached it.
    variants = coverage_rules(game)
    each = -(-examples // len(variants))
    for rules in variants:

        @settings(
            max_examples=each,
            derandomize=True,
            database=None,
            deadline=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(playthroughs(game, rules=[rules], policy="biased"))
        def collect(play: Playthrough) -> None:
            plays.append(play)

        collect()
    return tuple(plays)


def _known_deal_records(name: str) -> list[Record]:
    if name != "beggar":
        return []
    start = beggar.new_game(stacks=beggar.RECORD_GAMES[-1].stacks)
    state, moves = start, []
    while not beggar.is_over(state):
        move = beggar.legal_moves(state)[0]
        state = beggar.apply(state, move)
        moves.append(move)
    return [Record(game="beggar", rules=start.rules, start=start, moves=tuple(moves))]


@pytest.mark.slow  # about 30 CPU s for Allegra and Biggenbende: CI's slow run
def test_biased_play_covers_every_reachable_rule(game: AnyGame) -> None:
    plays = biased_games(game, EXAMPLES[game.name])
    report = rule_coverage(game, [*plays, *_known_deal_records(game.name)])
    unreachable = UNREACHABLE[game.name]
    assert set(unreachable) <= set(game.rule_ids)
    # Exact both ways: every rule that play can reach was reached, and the structural
    # ones really are never named by an event.
    assert set(report.never) == set(unreachable), report.table()
    assert report.games == len(plays) + len(_known_deal_records(game.name))
    # The game's named sub-cases of rules (``BB-14/two-left``) are reached too.
    cases = {name for name, _ in getattr(game, "rule_cases", ())}
    assert set(report.reached) == (set(game.rule_ids) - set(unreachable)) | cases


@pytest.mark.slow  # about 30 CPU s for Allegra and Biggenbende: CI's slow run
def test_known_deals_are_needed_for_their_rules(game: AnyGame) -> None:
    # BM-9: seeded play alone does not reach it, which is why the known deal is there.
    plays = biased_games(game, EXAMPLES[game.name])
    report = rule_coverage(game, plays)
    assert set(report.never) == set(UNREACHABLE[game.name]) | set(
        FROM_A_KNOWN_DEAL.get(game.name, {})
    )
