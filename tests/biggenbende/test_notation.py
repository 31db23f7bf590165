"""
Biggenbende positions as text (issue 11): ``format_state``/``parse_state`` and
``format_view``/``parse_view`` are an exact pair, and ``smaller`` gives valid, smaller
positions.
"""

from __future__ import annotations

import pytest

from cardrules import biggenbende as bb
from cardrules.biggenbende import GAME, Rules, State
from tests._depth import scaled
from tests.notation_cases import (
    assert_common_errors,
    assert_smaller,
    assert_state_round_trip,
    assert_view_round_trip,
    error_column,
    field_column,
    golden,
    random_states,
    replace_field,
)

_RULES = (
    Rules(players=3),
    Rules(players=4),
    Rules(players=5),
    Rules(players=6),
    Rules(players=3, copies_per_value=3, jokers=0, chips=9, rounds=3, max_turns_per_round=40),
    Rules(players=4, max_turns_per_round=None, rounds=1),
)


@pytest.mark.parametrize(("name", "state"), golden("biggenbende", "state"))
def test_golden_states_round_trip(name: str, state: State) -> None:
    assert_state_round_trip(GAME, state)


@pytest.mark.parametrize(("name", "view"), golden("biggenbende", "view"))
def test_golden_views_round_trip(name: str, view: bb.View) -> None:
    assert_view_round_trip(GAME, view)


def test_random_states_and_their_views_round_trip() -> None:
    # 10,000 states in CI's deep profile, 2,000 in the quick default run.
    count = scaled(2_000, 10_000)
    phases = set()
    for index, state in enumerate(random_states(GAME, _RULES, count, step=5)):
        assert_state_round_trip(GAME, state)
        phases.add(state.phase)
        if index % 4 == 0:
            assert_view_round_trip(GAME, bb.view(state, index % state.rules.players))
    assert phases == {"choose", "play", "over"}


# BB-12: three 5s on the discard pile burn it; here two lie there and seat 0 holds the
# third. The position is written by hand, field by field, as the docs page shows it.
BURN = (
    "3/3/2/9/1/- 0000000000000007 1 play 0 > J,5/1,2/3,4 6/7/8 9,10,11/12,x,x/J,x,x - 5,5 "
    "1,1,2,2,3,3,4,4,6,6,7,7,8,8,9,9,10,10,11,11,12,12 - 0 0/0/0 9 -"
)


def test_a_hand_written_position_reads_and_plays() -> None:
    state = bb.parse_state(BURN)
    assert bb.format_state(state) == BURN
    assert state.hands[0] == (1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0)
    assert state.face_down[1] == (12, None, None)
    after = bb.apply(state, bb.Play(5, 1))
    # BB-12: the run of three 5s removes the pile, and the same seat plays again.
    assert after.discard == ()
    assert after.removed[5] == 3
    assert after.turn == 0


def test_canonical_view_text_round_trips() -> None:
    text = bb.format_view(bb.view(bb.parse_state(BURN), 1))
    assert text == (
        "3/3/2/9/1/- 1 1 play 0 > 1,2 2/2/2 6/7/8 #,#,#/#,x,x/#,x,x 0 5,5 "
        + BURN.split(" ")[11]
        + " - 0 0/0/0 9 -"
    )
    assert bb.format_view(bb.parse_view(text)) == text


def test_typical_mistakes_point_at_the_column() -> None:
    assert_common_errors(bb.parse_state, BURN, card_field=6)
    view = bb.format_view(bb.view(bb.parse_state(BURN), 1))
    assert_common_errors(bb.parse_view, view, card_field=6)
    # A value out of range, at its first character.
    bad = replace_field(BURN, 6, "J,13/1,2/3,4")
    assert error_column(bb.parse_state, bad) == field_column(BURN, 6) + 2
    # Two hands for three players: just after the field.
    short = replace_field(BURN, 6, "J,5/1,2")
    assert error_column(bb.parse_state, short) == field_column(BURN, 6) + len("J,5/1,2")
    # A face-down row of two places, at the end of that row.
    row = replace_field(BURN, 8, "9,10/12,x,x/J,x,x")
    assert error_column(bb.parse_state, row) == field_column(BURN, 8) + len("9,10")
    # BB-1: a card too many breaks the deck, at the hands field.
    extra = replace_field(BURN, 6, "J,5,5/1,2/3,4")
    assert error_column(bb.parse_state, extra) == field_column(BURN, 6)
    # A bad direction word, at its first character.
    assert error_column(bb.parse_state, replace_field(BURN, 5, "^")) == field_column(BURN, 5)
    # BB-2: two players are too few, at the rules field.
    assert error_column(bb.parse_state, replace_field(BURN, 0, "2/3/2/9/1/-")) == 1


def _size(state: State) -> tuple[int, ...]:
    return (
        len(state.draw),
        len(state.discard),
        *(sum(hand) for hand in state.hands),
        state.moves,
    )


def test_smaller_gives_valid_smaller_states() -> None:
    states = list(random_states(GAME, _RULES, 300, step=41))
    assert assert_smaller(GAME, states, _size) > 300
    # Shrinking repeatedly ends: every step makes the position strictly smaller.
    state = states[5]
    for _ in range(500):
        options = list(GAME.smaller(state))  # type: ignore[misc]
        if not options:
            break
        state = options[0]
    else:
        raise AssertionError("smaller never ran out")
    assert not state.draw
