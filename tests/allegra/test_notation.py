"""
Allegra positions as text (issue 11): ``format_state``/``parse_state`` and
``format_view``/``parse_view`` are an exact pair, and ``smaller`` gives valid, smaller
positions.
"""

from __future__ import annotations

import pytest

from cardrules import allegra as al
from cardrules.allegra import GAME, Rules, Slot, State
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
    Rules(players=2),
    Rules(players=3),
    Rules(players=4),
    Rules(players=5),
    Rules(players=6),
    Rules(players=3, rounds=1, max_turns_per_round=12),
)


@pytest.mark.parametrize(("name", "state"), golden("allegra", "state"))
def test_golden_states_round_trip(name: str, state: State) -> None:
    assert_state_round_trip(GAME, state)


@pytest.mark.parametrize(("name", "view"), golden("allegra", "view"))
def test_golden_views_round_trip(name: str, view: al.View) -> None:
    assert_view_round_trip(GAME, view)


def test_random_states_and_their_views_round_trip() -> None:
    # 10,000 states in CI's deep profile, 2,000 in the quick default run.
    count = scaled(2_000, 10_000)
    phases = set()
    for index, state in enumerate(random_states(GAME, _RULES, count, step=3)):
        assert_state_round_trip(GAME, state)
        phases.add(state.phase)
        if index % 4 == 0:
            assert_view_round_trip(GAME, al.view(state, index % state.rules.players))
    # Every phase is written and read, the exchange steps of AL-7 included.
    assert phases == {"reveal", "turn", "knock", "give", "place", "exchange", "drawn", "over"}


# AL-8: seat 0 has a face-up 7 at p0.r0c0 and sees seat 1's face-up 7 at p1.r0c3 in
# its area; the deck's one card is a 7. A deck of 26 cards, the fewest for two players
# (AL-11), keeps the position short.
TRIPLE = (
    "2/0,3,2,2,2,1,2,2,4,2,2,2,2/1/1000 0000000000000001 1 turn 0 0 "
    "7,~9,~1,~2;~3,~4,~5,~6;~8,~10,~11,~0/~1,~2,~3,7;~5,~6,~7,~8;~9,~10,~11,~0 "
    "7 hidden 0 - - -/-/- -/-/- -/0/0 - -"
)


def test_a_hand_written_triple_reads_and_plays() -> None:
    state = al.parse_state(TRIPLE)
    assert al.format_state(state) == TRIPLE
    assert state.face_up[0]
    assert state.face_up[12 + 3]
    assert state.deck == (7,)
    state = al.apply(al.apply(state, al.Draw()), al.Swap(Slot(0, 0, 1)))
    # AL-8: the three 7s in seat 0's area row leave the round, across the shared column.
    assert state.removed == (7, 7, 7)
    text = al.format_state(state)
    assert text.split(" ")[6].startswith("x,x,~1,~2;")
    assert "~3,x;" in text
    assert text.split(" ")[10] == "7,7,7"


def test_canonical_view_text_round_trips() -> None:
    text = al.format_view(al.view(al.parse_state(TRIPLE), 1))
    assert text.split(" ")[6] == "7,#,#,#;#,#,#,#;#,#,#,#/#,#,#,7;#,#,#,#;#,#,#,#"
    assert text.split(" ")[7] == "1"
    assert al.format_view(al.parse_view(text)) == text


def test_typical_mistakes_point_at_the_column() -> None:
    assert_common_errors(al.parse_state, TRIPLE, card_field=6)
    view = al.format_view(al.view(al.parse_state(TRIPLE), 0))
    assert_common_errors(al.parse_view, view, card_field=6)
    grids = field_column(TRIPLE, 6)
    # A value out of range (AL-1), at the value after the face-down mark.
    bad = TRIPLE.replace("~9,", "~12,", 1)
    assert error_column(al.parse_state, bad) == grids + len("7,~")
    # A row of three places, just after that row.
    short = TRIPLE.replace("~8,~10,~11,~0/", "~8,~10,~11/", 1)
    assert error_column(al.parse_state, short) == grids + len("7,~9,~1,~2;~3,~4,~5,~6;~8,~10,~11")
    # AL-1: a card too many for the rules' deck, at the field that holds it.
    extra = replace_field(TRIPLE, 7, "7,7")
    assert error_column(al.parse_state, extra) in (1, grids, field_column(TRIPLE, 7))
    # A bad phase word, at its first wrong character.
    assert error_column(al.parse_state, replace_field(TRIPLE, 3, "turns")) == field_column(
        TRIPLE, 3
    ) + len("turn")
    # A bad slot in the exchange field.
    bad_slot = replace_field(TRIPLE, 13, "-/p9.r0c0/-")
    assert error_column(al.parse_state, bad_slot) == field_column(TRIPLE, 13) + 2
    # AL-2: seven players, at the rules field.
    assert error_column(al.parse_state, TRIPLE.replace("2/", "7/", 1)) == 1


def _size(state: State) -> tuple[int, ...]:
    return (sum(state.rules.deck), len(state.deck), len(state.discard), state.turns)


def test_smaller_gives_valid_smaller_states() -> None:
    states = list(random_states(GAME, _RULES, 300, step=29))
    assert assert_smaller(GAME, states, _size) > 300
    # Shrinking the deal of a standard game gets down to the AL-11 minimum.
    state = al.new_game(Rules(players=2), seed=3)
    while True:
        options = list(GAME.smaller(state))  # type: ignore[misc]
        if not options:
            break
        state = options[0]
    assert sum(state.rules.deck) == 2 * 12 + 2
    assert al.parse_state(al.format_state(state)) == state
