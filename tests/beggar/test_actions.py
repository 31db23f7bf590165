"""The Beggar-my-neighbour action numbering, returns and bounds (issue 12)."""

from __future__ import annotations

import pytest

from cardrules import beggar
from cardrules.errors import CardrulesError, RulesError
from tests._encodings import check_actions, check_bounds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_one_action(players: int) -> None:
    rules = beggar.Rules(players=players, max_cards=400)
    assert check_actions(beggar.GAME, rules, range(2)) == 1
    space = beggar.actions(rules)
    assert (space.size, space.encode(beggar.Turn()), space.decode(0)) == (1, 0, beggar.Turn())
    with pytest.raises(CardrulesError):
        space.decode(1)
    with pytest.raises(CardrulesError):
        space.encode("turn")  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        beggar.actions(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bounds_hold_in_random_play(players: int) -> None:
    # BM-10: the card limit bounds the length; scores are cards held (BM-7)
    check_bounds(beggar.GAME, beggar.Rules(players=players, max_cards=150), range(5))
    check_bounds(beggar.GAME, beggar.Rules(players=players), range(2))


def test_returns_and_bounds() -> None:
    assert beggar.returns(beggar.new_game(seed=3)) == ()
    assert beggar.utility_bounds(beggar.Rules(players=3)) == (0, 52)
    assert beggar.max_moves(beggar.Rules(max_cards=77)) == 77
    assert beggar.max_moves(beggar.Rules()) == 100_000  # the ceiling without max_cards
