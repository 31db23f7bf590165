"""
Allegra's geometry (AL-3), where a whole-module mutation run found its refusals checked
only by their type (issue 23): each test here fails on a mutant that the other tests let
live, and pins the refusal's whole message.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardrules.allegra import Slot, area, areas_of
from cardrules.errors import CardrulesError, RulesError, WrongTypeError


@pytest.mark.parametrize(
    ("call", "kind", "message"),
    [
        (lambda: area(5, 4), RulesError, "seat must be an int from 0 to 3, not 5"),
        (
            lambda: areas_of(7, 4),  # type: ignore[arg-type]
            WrongTypeError,
            "slot: expected an allegra.Slot, got int",
        ),
        (
            lambda: areas_of(Slot(4, 0, 0), 4),
            RulesError,
            "p4.r0c0 is not a place of a 4-player game",
        ),
    ],
    ids=["area-seat", "areas_of-no-slot", "areas_of-no-place"],
)
def test_al3_a_place_or_seat_out_of_the_game_is_refused_naming_it(
    call: Callable[[], object], kind: type[CardrulesError], message: str
) -> None:
    with pytest.raises(kind) as info:
        call()
    assert str(info.value) == message
