"""The Biggenbende observation (issue 12): fixed shape, relative seats, nothing hidden."""

from __future__ import annotations

import pytest

from cardrules import biggenbende as bb
from cardrules.errors import RulesError
from tests._encodings import check_observation


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_fixed_shape_and_hidden_cards_stay_out(players: int) -> None:
    check_observation(bb.GAME, bb.Rules(players=players, rounds=1), range(2))
    assert bb.observation(bb.Rules(players=players)).shape == (62 + 20 * players,)


def test_the_viewer_comes_first() -> None:
    rules = bb.Rules(players=3)
    state = bb.new_game(rules, seed=4)
    state = bb.apply(state, bb.legal_moves(state)[0])  # seat 0 chose its face-up cards
    obs = bb.observation(rules)
    names = [name for name, _ in obs.layout]
    start = sum(k for _, k in obs.layout[: names.index("turn")])
    # BB-4: seat 1 moves next; relative to seat 1 that is position 0, to seat 0 position 1
    assert obs.encode(bb.view(state, 1))[start : start + 3] == [1.0, 0.0, 0.0]
    assert obs.encode(bb.view(state, 0))[start : start + 3] == [0.0, 1.0, 0.0]
    hand = sum(k for _, k in obs.layout[: names.index("hand")])
    assert obs.encode(bb.view(state, 2))[hand : hand + 13] == [float(c) for c in state.hands[2]]
    with pytest.raises(RulesError):
        bb.observation(object())  # type: ignore[arg-type]
