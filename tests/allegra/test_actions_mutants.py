"""
Allegra's action numbering and bounds, pinned where mutation testing found them loose
(issue 23): the score bounds of a few decks, and the refusal of rules of another type.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules import allegra as al
from cardrules.allegra._actions import _mask_maker
from cardrules.errors import RulesError


def _only(value: int, count: int = 48) -> tuple[int, ...]:
    """A deck of ``count`` cards of one value (AL-1: the counts of -1..11)."""
    deck = [0] * 13
    deck[value + 1] = count
    return tuple(deck)


def test_al10_al12_the_default_decks_bounds() -> None:
    # AL-10: an area of 15 places scores from 15 * -1 to 15 * 11, doubled for the
    # ender; AL-12: three rounds
    assert al.utility_bounds(al.Rules()) == (3 * 15 * -1, 3 * 2 * 15 * 11)
    assert al.utility_bounds(al.Rules(rounds=1)) == (-15, 330)


def test_al10_a_deck_of_minus_ones_cannot_score_above_nothing() -> None:
    # every place holds a -1 at worst; a negative score is never doubled, so no seat
    # ends above 0 and none below 15 * -1 a round
    assert al.utility_bounds(al.Rules(players=2, rounds=2, deck=_only(-1))) == (-30, 0)


def test_al10_a_deck_of_zeros_scores_nothing() -> None:
    assert al.utility_bounds(al.Rules(players=2, rounds=3, deck=_only(0))) == (0, 0)


def test_al10_a_deck_of_low_and_high_cards() -> None:
    deck = list(_only(-1, 24))
    deck[12] = 24  # and 24 elevens
    assert al.utility_bounds(al.Rules(players=2, rounds=1, deck=tuple(deck))) == (-15, 330)


def test_actions_refuses_rules_of_another_type_naming_them() -> None:
    with pytest.raises(RulesError, match=r"not 7$"):
        al.actions(7)  # type: ignore[arg-type]


def _plain_mask(state: al.State, space: Any) -> bytes:
    """The action mask by definition: a 1 at the number of every legal move."""
    ones = bytearray(space.size)
    for move in al.legal_moves(state):
        ones[space.encode(move)] = 1
    return bytes(ones)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_mask_maker_gives_the_mask_of_the_legal_moves(players: int) -> None:
    # one maker over several games, so that its kept masks are met again: each must be
    # the mask of the legal moves of the state in hand (AL-4 to AL-8: reveals, turns,
    # knock windows, exchanges, and places removed by triples with a deck of few values)
    phases: set[str] = set()
    removed = 0
    for deck in (None, (0, 0, 0, 0, 0, 0, 30, 30, 30, 0, 0, 0, 0)):
        rules = al.Rules(players=players, rounds=1, max_turns_per_round=60)
        if deck is not None:
            rules = al.Rules(players=players, deck=deck, rounds=1, max_turns_per_round=60)
        mask = _mask_maker(rules)
        space = al.actions(rules)
        for seed in range(6 if deck is None else 20):
            state = al.new_game(rules, seed=seed)
            choose = random.Random(seed).choice
            while state.phase != "over":
                assert mask(state) == _plain_mask(state, space), state.phase
                phases.add(state.phase)
                removed += bool(state.removed)
                state = al.apply(state, choose(al.legal_moves(state)))
            assert mask(state) is None
    assert removed > 0
    expected = {"reveal", "turn", "drawn", "give", "place", "exchange", "knock"}
    assert phases == (
        expected if players >= 3 else expected - {"knock", "give", "place", "exchange"}
    )
