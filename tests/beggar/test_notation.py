"""
Beggar-my-neighbour positions as text (issue 11): ``format_state``/``parse_state`` and
``format_view``/``parse_view`` are an exact pair, and ``smaller`` gives valid, smaller
positions.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardrules import beggar
from cardrules.beggar import GAME, Rules, State, Turn
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

_RULES = (Rules(), Rules(players=3), Rules(players=4), Rules(players=3, max_cards=150))


@pytest.mark.parametrize(("name", "state"), golden("beggar", "state"))
def test_golden_states_round_trip(name: str, state: State) -> None:
    assert_state_round_trip(GAME, state)


@pytest.mark.parametrize(("name", "view"), golden("beggar", "view"))
def test_golden_views_round_trip(name: str, view: beggar.View) -> None:
    assert_view_round_trip(GAME, view)


def test_random_states_and_their_views_round_trip() -> None:
    # 10,000 states in CI's deep profile, 2,000 in the quick default run.
    count = scaled(2_000, 10_000)
    seats = 0
    for index, state in enumerate(random_states(GAME, _RULES, count, step=23)):
        assert_state_round_trip(GAME, state)
        if index % 4 == 0:
            seats += 1
            assert_view_round_trip(GAME, beggar.view(state, index % state.rules.players))
    assert seats == count // 4


def test_canonical_text_round_trips() -> None:
    # BM-5: seat 0 laid a king; seat 1 owes three cards.
    start = beggar.format_state(beggar.new_game(Rules(players=3, max_cards=99), seed=8))
    assert beggar.format_state(beggar.parse_state(start)) == start
    view = "3/99 2 17/17/17 KD 1 3@0 1/0 -"
    assert beggar.format_view(beggar.parse_view(view)) == view
    assert beggar.parse_view(view).owed == 3


def test_fields_read_as_documented() -> None:
    state = beggar.new_game(stacks=("-" * 26, "AAAAKKKKQQQQJJJJ" + "-" * 10))
    state = beggar.apply(beggar.apply(state, Turn()), Turn())
    rules, stacks, pile, turn, owed, counts, ended, rng, cycle = beggar.format_state(state).split(
        " "
    )
    assert (rules, pile, turn, owed, counts, ended) == ("2", "2CAC", "0", "4@1", "2/0", "-")
    assert stacks.startswith("2D2H")
    assert stacks.split("/")[1].startswith("AD")
    assert rng == "0000000000000000"
    assert cycle.startswith("1/0/0|")


def test_out_seats_and_the_end_are_written() -> None:
    final = beggar.play_out(beggar.new_game(Rules(players=3), seed=2)).state
    text = assert_state_round_trip(GAME, final)
    stacks = text.split(" ")[1].split("/")
    # BM-7: a seat is out once it had to turn with no card; the other loser holds none.
    assert "x" in stacks
    assert sorted(stacks, key=len)[:2] in (["x", "x"], ["x", "-"])
    assert text.split(" ")[6] == "normal"
    assert beggar.format_view(beggar.view(final, 0)).split(" ")[4] == "-"


def test_typical_mistakes_point_at_the_column() -> None:
    state = beggar.new_game(seed=3)
    text = beggar.format_state(state)
    assert_common_errors(beggar.parse_state, text, card_field=1)
    assert_common_errors(beggar.parse_view, beggar.format_view(beggar.view(state, 0)), 3)
    # A bad suit: the column of the suit letter.
    stacks = text.split(" ")[1]
    bad = replace_field(text, 1, stacks[:2] + "X" + stacks[3:])
    assert not stacks.startswith("10")
    assert error_column(beggar.parse_state, bad) == field_column(text, 1) + 2
    # A wrong count: three stacks for two players, at the extra stack.
    extra = replace_field(text, 1, "/".join([*stacks.split("/")[:1], "-", *stacks.split("/")[1:]]))
    assert error_column(beggar.parse_state, extra) > field_column(text, 1)
    # BM-1: a card missing from the deck is a broken rule, at the stacks field.
    short = replace_field(text, 1, stacks[len(str(state.stacks[0][0])) :])
    assert error_column(beggar.parse_state, short) == field_column(text, 1)
    # Rules out of range (BM-2), at the rules field.
    assert error_column(beggar.parse_state, replace_field(text, 0, "5")) == 1
    # Leading zeros are not canonical.
    assert (
        error_column(beggar.parse_state, replace_field(text, 3, "00")) == field_column(text, 3) + 1
    )


def _size(state: State) -> tuple[int, ...]:
    return (
        state.rules.players,
        len(state.pile),
        state.cards,
        state.tricks,
        len(state.cycle_key),
        state.cycle_lam,
    )


def test_smaller_gives_valid_smaller_states() -> None:
    states: list[Any] = list(random_states(GAME, _RULES, 400, step=97))
    given = assert_smaller(GAME, states, _size)
    assert given > 400
    # BM-2: a 4-player game shrinks to 3 players, never below 2.
    four = beggar.new_game(Rules(players=4), seed=1)
    assert {small.rules.players for small in beggar.GAME.smaller(four)} == {3, 4}  # type: ignore[misc]
    two = beggar.new_game(seed=1)
    assert all(small.rules.players == 2 for small in beggar.GAME.smaller(two))  # type: ignore[misc]
    # The payment in progress is gone with the pile (BM-5).
    deal = ("A" + "-" * 25, "AAAKKKKQQQQJJJJ" + "-" * 11)
    paying = beggar.apply(beggar.new_game(stacks=deal), Turn())
    cleared = [s for s in beggar.GAME.smaller(paying) if not s.pile]  # type: ignore[misc]
    assert cleared
    assert cleared[0].owed == 0
    assert len(cleared[0].stacks[1]) == 27
    assert attrs.evolve(cleared[0]) == cleared[0]
