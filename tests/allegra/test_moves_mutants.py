"""
Allegra's moves: the refusals of a place or a knocker out of range pinned word for word
(issue 23: the mutants that changed only their wording lived). The validators are made
when the module is imported, so mutmut runs these mutants only in a fresh process
(``MUTANT_UNDER_TEST``); see mutation-equivalents.md.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardrules import allegra as al
from cardrules.errors import IllegalMoveError, RulesError


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: al.Slot(6, 0, 0), "Slot.owner must be an int from 0 to 5, not 6"),
        (lambda: al.Slot(0, 3, 0), "Slot.row must be an int from 0 to 2, not 3"),
        (lambda: al.Slot(0, 0, -1), "Slot.col must be an int from 0 to 3, not -1"),
        (
            lambda: al.Slot(0, "1", 0),  # type: ignore[arg-type]
            "Slot.row must be an int from 0 to 2, not '1'",
        ),
        (lambda: al.Give(9), "Give.knocker must be an int from 0 to 5, not 9"),
    ],
)
def test_al3_al7_a_place_or_knocker_out_of_range_is_refused_word_for_word(
    make: Callable[[], object], message: str
) -> None:
    with pytest.raises(RulesError) as info:
        make()
    assert str(info.value) == message


def test_the_moves_read_as_words() -> None:
    assert str(al.Discard()) == "discard"
    assert str(al.Discard(al.Slot(1, 2, 3))) == "discard, reveal p1.r2c3"
    assert str(al.Ignore()) == "ignore the knocks"
    assert str(al.Knock()) == "knock"
    assert str(al.Pass()) == "pass"


@pytest.mark.parametrize(
    "text",
    [
        "x0.r2c1",
        "p0xr2c1",
        "p0.x2c1",
        "p0.r2x1",
        "pa.r2c1",
        "p0.rac1",
        "p0.r2ca",
        "p0.r2c",
        "p0.r2c10",
    ],
)
def test_al3_a_slot_of_another_form_is_refused_word_for_word(text: str) -> None:
    with pytest.raises(RulesError) as info:
        al.Slot.from_str(text)
    assert str(info.value) == f"not a slot: {text!r} (expected the form 'p1.r0c3')"


def test_a_slot_read_from_a_value_of_another_type_names_the_type() -> None:
    class Local:
        pass

    with pytest.raises(RulesError) as info:
        al.Slot.from_str(7)  # type: ignore[arg-type]
    assert str(info.value) == "not a slot: expected a str, got int"
    with pytest.raises(RulesError) as info:
        al.Slot.from_str(Local())  # type: ignore[arg-type]
    assert str(info.value) == (
        "not a slot: expected a str, got "
        "test_a_slot_read_from_a_value_of_another_type_names_the_type.<locals>.Local"
    )


def test_al6_an_unknown_move_is_refused_word_for_word() -> None:
    with pytest.raises(IllegalMoveError) as info:
        al.apply(al.new_game(al.Rules(players=2), seed=0), "draw")  # type: ignore[arg-type]
    assert info.value.rule == "AL-6"
    assert str(info.value) == "illegal move 'draw' (AL-6): not an Allegra move"
