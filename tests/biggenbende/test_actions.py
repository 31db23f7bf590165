"""The Biggenbende action numbering, returns and bounds (issue 12)."""

from __future__ import annotations

import pytest

from cardrules import biggenbende as bb
from cardrules.errors import CardrulesError, RulesError
from tests._encodings import check_actions, check_bounds


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_legal_move_has_one_number(players: int) -> None:
    met = check_actions(bb.GAME, bb.Rules(players=players), range(3))
    assert met > 40


def test_the_numbering_is_pinned() -> None:
    # BB-4 choices, BB-6 plays (jokers first), BB-9 pick up, BB-11 face-down turns
    space = bb.actions(bb.Rules())
    assert space.size == 455 + 8 + 12 * 6 + 1 + 3
    assert space.encode(bb.ChooseFaceUp((0, 0, 0))) == 0
    assert space.encode(bb.ChooseFaceUp((12, 12, 12))) == 454
    assert space.encode(bb.Play(bb.JOKER, 8)) == 462
    assert space.encode(bb.Play(1, 1)) == 463
    assert space.encode(bb.Play(12, 6)) == 534
    assert space.encode(bb.PickUp()) == 535
    assert space.decode(536) == bb.TurnFaceDown(0)


def test_the_deck_sizes_the_numbering() -> None:
    small = bb.actions(bb.Rules(players=3, copies_per_value=3, jokers=0))
    # no joker plays; triples need at most 3 copies, and no triple has a joker
    assert small.size == 364 + 12 * 3 + 1 + 3
    with pytest.raises(CardrulesError):
        small.encode(bb.Play(bb.JOKER, 1))
    with pytest.raises(CardrulesError):
        small.decode(small.size)
    with pytest.raises(RulesError):
        bb.actions("rules")  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [3, 6])
def test_bounds_hold_in_random_play(players: int) -> None:
    # BB-20: a short turn limit makes the length bound bite
    check_bounds(bb.GAME, bb.Rules(players=players, max_turns_per_round=40), range(4))
    check_bounds(bb.GAME, bb.Rules(players=players, rounds=2), range(2))


def test_bounds_follow_the_rules() -> None:
    assert bb.utility_bounds(bb.Rules(chips=7)) == (0, 7)  # BB-19: the supply runs out
    assert bb.max_moves(bb.Rules(rounds=2, max_turns_per_round=10)) == 20
    assert bb.max_moves(bb.Rules(max_turns_per_round=None)) == 5 * 10_000  # BB-20 ceiling
