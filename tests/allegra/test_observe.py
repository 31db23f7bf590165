"""The Allegra observation (issue 12): fixed shape, relative seats, nothing hidden."""

from __future__ import annotations

import pytest

from cardrules import allegra as al
from cardrules.errors import RulesError
from tests._encodings import check_observation


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_fixed_shape_and_hidden_cards_stay_out(players: int) -> None:
    rules = al.Rules(players=players, rounds=2, max_turns_per_round=40)
    check_observation(al.GAME, rules, range(2))
    assert al.observation(rules).shape == (94 + 199 * players,)


def test_the_viewer_grid_comes_first() -> None:
    rules = al.Rules(players=3)
    state = al.new_game(rules, seed=2)
    while state.phase == "reveal":
        state = al.apply(state, al.legal_moves(state)[0])
    obs = al.observation(rules)
    names = [name for name, _ in obs.layout]
    start = sum(k for _, k in obs.layout[: names.index("places")])
    for seat in range(3):
        flat = obs.encode(al.view(state, seat))
        # AL-14: a place shows its face-up value, else face down (index 13)
        for k in range(12):
            i = seat * 12 + k
            cell = flat[start + k * 15 : start + (k + 1) * 15]
            if state.face_up[i]:
                assert cell.index(1.0) == state.cards[i] + 1  # type: ignore[operator]
            else:
                assert cell[13] == 1.0
                assert sum(cell) == 1.0
    with pytest.raises(RulesError):
        al.observation(3)  # type: ignore[arg-type]
