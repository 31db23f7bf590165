"""
Beggar's notation under mutation (issue 23): a field of too many parts is refused at the
separator too many, with the text quoted (passing no text to ``parts`` lived, as if it
never read it); a bad row of cards, a stack too many and a row of the longest length
read are refused where and as they should be; and a forged position is written as it
stands (the survivors of the module's first whole run).
"""

from __future__ import annotations

import attrs
import pytest

from cardrules import beggar as bg
from cardrules.errors import NotationError

_START = bg.new_game(bg.Rules(players=2), seed=0)


@pytest.mark.parametrize(
    ("parse", "text", "field"),
    [
        (bg.parse_state, bg.format_state(_START), 1),  # the stacks
        (bg.parse_view, bg.format_view(bg.view(_START, 0)), 2),  # the stack sizes
        (bg.parse_state, bg.format_state(_START), 0),  # the rules (players/max_cards)
        (bg.parse_view, bg.format_view(bg.view(_START, 0)), 0),
    ],
    ids=["state", "view", "state-rules", "view-rules"],
)
def test_a_field_of_more_than_1024_parts_is_refused_at_the_separator_too_many(
    parse: object, text: str, field: int
) -> None:
    fields = text.split(" ")
    fields[field] = "/".join(["1"] * 1100)
    bad = " ".join(fields)
    where = len(" ".join(fields[:field]))
    for _ in range(1024):
        where = bad.index("/", where + 1)
    with pytest.raises(NotationError) as info:
        parse(bad)  # type: ignore[operator]
    assert info.value.text == bad[:200]
    assert str(info.value).startswith(
        f"column {where + 1}: at most 1,024 parts separated by '/' in a field: "
    )


# The whole module under mutmut (issue 23): the survivors of a narrow selection.

_TEXT = bg.format_state(_START)
_FIELDS = _TEXT.split(" ")


def _with(field: int, value: str) -> str:
    """The start's state text with one field replaced."""
    return " ".join([*_FIELDS[:field], value, *_FIELDS[field + 1 :]])


def _column(field: int) -> int:
    """The 1-based column where a field of the start's state text begins."""
    return len(" ".join(_FIELDS[:field])) + 2 if field else 1


def _refused_at(text: str, column: int, message: str) -> None:
    with pytest.raises(NotationError) as info:
        bg.parse_state(text)
    assert info.value.column == column
    assert info.value.text == text[:200]
    assert str(info.value).startswith(f"column {column}: {message}: ")


@pytest.mark.parametrize(
    ("pile", "at", "message"),
    [
        # A 10 after the first card: "10" is looked for where the card starts.
        ("10C2X", 4, "expected a card suit (C, D, H, S)"),
        # A one-character rank is one character wide.
        ("2CX", 2, "expected a card rank (A, 2 .. 10, J, Q, K)"),
        # The index moves on by the rank's width, from where the card started.
        ("10C2CX", 5, "expected a card rank (A, 2 .. 10, J, Q, K)"),
    ],
)
def test_bm1_a_bad_row_is_refused_at_its_first_bad_character(
    pile: str, at: int, message: str
) -> None:
    _refused_at(_with(2, pile), _column(2) + at, message)


def test_bm1_a_row_of_exactly_three_characters_a_card_is_read_before_it_is_refused() -> None:
    # 156 characters (three a card for the whole deck) is the longest row read: it is
    # read, and the check of the state refuses it, not the length limit.
    _refused_at(
        _with(2, "2C" * 78), _column(2), "pile[0]: duplicate card 2C (also at stacks[1][9])"
    )


def test_bm2_a_stack_too_many_is_counted_even_when_a_seat_before_it_is_out() -> None:
    # The cards of the first n stacks are read first, an "x" (BM-7) is not read as cards.
    text = _with(1, "x/" + _FIELDS[1])
    extra = _column(1) + 2 + _FIELDS[1].index("/") + 1
    _refused_at(text, extra, "expected 2 stacks separated by '/', not 3")


def test_bm1_a_bad_card_before_a_stack_too_many_is_refused_in_the_text_read() -> None:
    _refused_at(_with(1, "2X/" + _FIELDS[1]), _column(1) + 1, "expected a card suit (C, D, H, S)")


# What is written of a forged position: ``format_state``/``format_view`` write what they
# are given (the testing kit notes failing positions in the notation), without checking it.


@pytest.mark.parametrize(
    ("owed", "penalty_seat", "written"),
    [(3, None, "3@-"), (0, 1, "0@1"), (0, None, "-"), (2, 0, "2@0")],
)
def test_bm5_the_payment_is_written_as_it_stands_even_in_a_forged_position(
    owed: int, penalty_seat: int | None, written: str
) -> None:
    state = attrs.evolve(_START, owed=owed, penalty_seat=penalty_seat)
    assert bg.format_state(state).split(" ")[4] == written
    seen = attrs.evolve(bg.view(_START, 0), owed=owed, penalty_seat=penalty_seat)
    assert bg.format_view(seen).split(" ")[5] == written


def test_bm7_a_position_whose_out_flags_miss_a_seat_is_not_written() -> None:
    # Written, it would read back as a different position (a seat's stack dropped).
    with pytest.raises(ValueError, match="zip"):
        bg.format_state(attrs.evolve(_START, out=(False,)))
    with pytest.raises(ValueError, match="zip"):
        bg.format_view(attrs.evolve(bg.view(_START, 0), out=(False,)))
