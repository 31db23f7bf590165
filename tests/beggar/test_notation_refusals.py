"""
Beggar's view notation: what ``parse_view`` refuses, pinned by the column it points at
and the text it quotes (not the wording), and the views it must read back (issue 23:
mutants of ``parse_view`` that the other tests let live).
"""

from __future__ import annotations

import pytest

from cardrules.beggar import (
    Rules,
    Turn,
    apply,
    format_state,
    format_view,
    is_over,
    new_game,
    parse_state,
    parse_view,
    view,
)
from cardrules.errors import NotationError


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("x 0 25/26 JC 1 1@0 1/0 -", 1),  # the number of players
        ("9 0 25/26 JC 1 1@0 1/0 -", 1),  # ... out of range (BM-2)
        ("2 0 25//26 JC 1 1@0 1/0 -", 8),  # an empty stack size
        ("2 5 25/26 JC 1 1@0 1/0 -", 3),  # the seat, out of range
        ("2 0 53/0 JC 1 1@0 1/0 -", 5),  # a stack size above 52
        ("2 0 -1/26 JC 1 1@0 1/0 -", 5),  # ... or below 0
        ("2 0 25/25 JC 1 1@0 1/0 -", 5),  # BM-1: 50 cards and the pile 1 (check_view)
        ("2 0 51 JC 1 1@0 1/0 -", 7),  # one stack size for two seats
        ("2 0 17/17/17 JC 1 1@0 1/0 -", 11),  # three for two: at the third
        ("2 0 25/26 JC z 1@0 1/0 -", 14),  # the seat to move
        ("2 0 25/26 JC 1 1@x 1/0 -", 18),  # the seat owed
        ("2 0 25/26 JC 1 1@0 1/y -", 22),  # the tricks taken
        ("2 0 25/26 JC 1 1@0 1/0 won", 24),  # how the game ended
        ("2 0 25/26 JC - 1@0 1/0 -", 14),  # no seat to move in a game going on
        ("2 0 25/26 JC 1 1@0 1/0 normal", 14),  # a seat to move in an ended game
        ("2/100001 0 25/26 JC 1 1@0 1/0 -", 1),  # BM-10: a card limit above the ceiling
    ],
)
def test_a_bad_view_is_refused_at_its_column(text: str, column: int) -> None:
    with pytest.raises(NotationError) as info:
        parse_view(text)
    assert info.value.column == column
    assert info.value.text == text


@pytest.mark.parametrize(
    "text",
    [
        "2 0 25/26 JC 1 1@0 1/0 -",
        "3 0 x/0/52 - - - 484/69 normal",  # an empty stack not out; nobody to move
        "2 1 26/26 - 0 - 0/0 -",
    ],
)
def test_a_view_is_read_back_as_written(text: str) -> None:
    assert format_view(parse_view(text)) == text


def test_the_end_of_a_three_seat_game_reads_back() -> None:
    state = new_game(Rules(players=3), seed=0)
    while not is_over(state):
        state = apply(state, Turn())
    seen = view(state, 0)
    assert format_view(seen) == "3 0 x/0/52 - - - 484/69 normal"
    assert parse_view(format_view(seen)) == seen


_START = format_state(new_game(seed=4)).split(" ")
"""A two-seat start written out, one field per item: the cases below change one field."""


@pytest.mark.parametrize(
    ("fields", "column", "says"),
    [
        # BM-10: a card limit above the ceiling is refused by Rules, at the rules field.
        ({0: "2/100001"}, 1, "BM-10"),
        # Two stacks run together: the count is wrong, and the error points just after
        # the stacks field (not after the pile), naming the field.
        ({1: _START[1].replace("/", "")}, 111, "expected 2 stacks separated by '/', not 1"),
        # The fields after the counts, each refused at its own column with its own name.
        ({6: "won"}, 123, "expected how the game ended ("),
        ({7: "zz"}, 125, "expected the generator state as 16 lowercase hex digits"),
        ({8: "1/0"}, 145, "expected 3 parts (power/lam/key) separated by '/', not 2"),
        ({8: "0/0/-"}, 142, "expected the detector's power of two (>= 1), not 0"),
        ({8: "1/x/-"}, 144, "expected the detector's trick count"),
        # BM-9: a saved trick-start position short of a card, at the detector's field.
        ({8: _START[8][:-1]}, 142, "cycle_key: the saved position does not hold the 52 cards"),
        # BM-9: the detector's trick count must stay below its power of two.
        (
            {8: "1/1/" + _START[8].split("/", 2)[2]},
            142,
            "cycle_lam: must be below cycle_power (1)",
        ),
        # A "1" starts no rank but "10".
        ({2: "1H"}, 113, "expected a card rank (A, 2 .. 10, J, Q, K)"),
    ],
)
def test_a_bad_state_is_refused_at_its_column(
    fields: dict[int, str], column: int, says: str
) -> None:
    text = " ".join(fields.get(i, field) for i, field in enumerate(_START))
    with pytest.raises(NotationError) as info:
        parse_state(text)
    assert info.value.column == column
    assert says in str(info.value)


def test_a_view_with_too_few_stack_sizes_names_the_field() -> None:
    with pytest.raises(NotationError, match="expected 2 stack sizes separated by '/', not 1"):
        parse_view("2 0 51 JC 1 1@0 1/0 -")
