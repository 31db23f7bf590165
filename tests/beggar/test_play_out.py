"""``play_out`` gives exactly the final state of stepping with ``apply``."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from cardrules import beggar
from cardrules.beggar import Rules, new_game, play_out
from tests.beggar.helpers import finish, turn

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
RULES = st.builds(
    Rules,
    players=st.integers(2, 4),
    max_cards=st.none() | st.integers(1, 400),
)


@given(rules=RULES, seed=SEEDS)
def test_play_out_equals_stepping_with_apply(rules: Rules, seed: int) -> None:
    state = new_game(rules, seed=seed)
    result = play_out(state)
    final = finish(state)
    assert result.state == final
    assert (result.cards, result.tricks) == (final.cards, final.tricks)
    result_outcome = beggar.outcome(final)
    assert result_outcome is not None
    if len(result_outcome.winners) == 1:
        assert result.winner in result_outcome.winners
    else:
        assert result.winner is None
    beggar.check_state(result.state)


@given(rules=RULES, seed=SEEDS, fraction=st.floats(0, 1))
def test_play_out_from_mid_game(rules: Rules, seed: int, fraction: float) -> None:
    start = new_game(rules, seed=seed)
    moves = int(finish(start).cards * fraction)
    state = turn(start, moves)
    before = attrs.evolve(state)
    assert play_out(state).state == finish(start)
    assert state == before


def test_play_out_many_seeds_each_player_count() -> None:
    for players in (2, 3, 4):
        for seed in range(60):
            state = new_game(Rules(players=players), seed=seed)
            assert play_out(state).state == finish(state)


def test_play_out_of_a_finished_game_is_that_game() -> None:
    final = finish(new_game(seed=9))
    result = play_out(final)
    assert result.state is final
    assert result.cycle is None
