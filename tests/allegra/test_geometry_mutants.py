"""
Allegra's geometry (AL-3) and board, where a whole-module mutation run found refusals
checked only by their type and an exchange test no position of the other tests reaches
(issue 23): each test here fails on a mutant that the other tests let live.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardrules.allegra import Slot, area, areas_of
from cardrules.allegra._board import _can_exchange
from cardrules.allegra._geometry import TABLES
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


def test_al7_a_knocker_card_on_a_shared_place_can_go_to_the_drawer_other_place() -> None:
    # Two players: p1.r0c3 (index 15) lies in both areas (AL-3), first in seat 0's. The
    # drawer (seat 0) has cards on exactly two places, 15 and p0.r0c0 (index 0); the
    # knocker (seat 1) has its only card on 15, which step 2 can move to place 0.
    tables = TABLES[2]
    cards: list[int | None] = [None] * 24
    cards[15], cards[0] = 5, 7
    assert tables.areas[0][0] == 15
    assert _can_exchange(tables.areas[1], tables.areas[0], cards) is True
    # With the knocker's only card on the drawer's only card place, nothing can move.
    cards[0] = None
    assert _can_exchange(tables.areas[1], tables.areas[0], cards) is False
