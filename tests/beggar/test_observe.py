"""The Beggar-my-neighbour observation (issue 12): fixed shape, nothing hidden."""

from __future__ import annotations

import pytest

from cardrules import beggar
from cardrules.errors import RulesError
from tests._encodings import check_observation


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fixed_shape_and_hidden_cards_stay_out(players: int) -> None:
    rules = beggar.Rules(players=players, max_cards=300)
    check_observation(beggar.GAME, rules, range(2))
    assert beggar.observation(rules).shape == (31 + 4 * players,)


def test_the_viewer_comes_first() -> None:
    rules = beggar.Rules(players=3)
    state = beggar.apply(beggar.new_game(rules, seed=1), beggar.Turn())
    obs = beggar.observation(rules)
    # BM-4: seat 0 turned a card; relative to seat 1, seat 0 comes last
    assert obs.encode(beggar.view(state, 1))[:3] == [
        float(len(state.stacks[1])),
        float(len(state.stacks[2])),
        float(len(state.stacks[0])),
    ]
    assert obs.encode(beggar.view(state, 0))[0] == float(len(state.stacks[0]))
    with pytest.raises(RulesError):
        beggar.observation(None)  # type: ignore[arg-type]
