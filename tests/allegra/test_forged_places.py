"""
A ``Slot`` built around its own checks (a forged state in memory) holds no place of the
game (AL-3): the checks refuse it rather than take it for another place.

``Slot`` checks its fields when built, and ``loads`` refuses such a place in a save;
these are the paths that skip both: ``check_state``, ``check_view`` and an explicit
deal's ``Layout.face_up``.
"""

from __future__ import annotations

import attrs
import pytest

from cardrules import InvalidStateError, RulesError
from cardrules import allegra as al
from cardrules.allegra import Rules, Slot
from cardrules.allegra._moves import is_place
from tests.allegra.test_json import exchange_state
from tests.refused import refused


def _forged(owner: object, row: object, col: object) -> Slot:
    """A ``Slot`` with any fields, as a forger builds it past the checks."""
    slot = object.__new__(Slot)
    for name, value in (("owner", owner), ("row", row), ("col", col)):
        object.__setattr__(slot, name, value)
    return slot


# Each names a place index (owner * 12 + row * 4 + col) that a real place has too:
# p1.r1c1 is index 17, the place the receiver put the given card on in exchange_state.
ALIASES = [(1, 0, 5), (1, 2, -3), (0, 4, 1), (2, -2, 5), (True, 1, 1), (1, 1, 1.0)]


@pytest.mark.parametrize("fields", ALIASES)
def test_al3_a_forged_placed_slot_is_no_place_in_a_state(fields: tuple[object, ...]) -> None:
    state = exchange_state()
    assert state.placed == Slot(1, 1, 1)
    al.check_state(state)
    forged = attrs.evolve(state, placed=_forged(*fields))
    with refused(InvalidStateError, "state.placed"):
        al.check_state(forged)


@pytest.mark.parametrize("fields", ALIASES)
def test_al3_a_forged_placed_slot_is_no_place_in_a_view(fields: tuple[object, ...]) -> None:
    view = al.view(exchange_state(), 2)
    al.check_view(view)
    forged = attrs.evolve(view, placed=_forged(*fields))
    with refused(InvalidStateError, "view.placed"):
        al.check_view(forged)


def test_al3_a_forged_face_up_slot_is_no_place_of_a_layout() -> None:
    rules = Rules(players=2)
    cards = [v for v, count in zip(al.CARD_VALUES, rules.deck, strict=True) for _ in range(count)]
    grids = (tuple(cards[:12]), tuple(cards[12:24]))
    layout = al.Layout(grids=grids, discard=(cards[24],), deck=tuple(cards[25:]))
    al.new_game(rules, seed=0, layout=attrs.evolve(layout, face_up=(Slot(1, 0, 0),)))
    with pytest.raises(RulesError, match=r"^layout\.face_up\[0\]: .* is not a place"):
        al.new_game(rules, seed=0, layout=attrs.evolve(layout, face_up=(_forged(0, 3, 0),)))


@pytest.mark.parametrize(
    ("fields", "players", "expected"),
    [
        ((0, 0, 0), 2, True),
        ((1, 2, 3), 2, True),  # the last place of two grids
        ((5, 2, 3), 6, True),
        ((2, 0, 0), 2, False),  # a seat too many
        ((-1, 0, 0), 2, False),
        ((0, 3, 0), 2, False),  # a row too many
        ((0, -1, 0), 2, False),
        ((0, 0, 4), 2, False),  # a column too many
        ((0, 0, -1), 2, False),
        ((True, 0, 0), 2, False),  # an int's subclass is not an int here
        ((0, False, 0), 2, False),
        ((0, 0, 1.0), 2, False),
    ],
)
def test_al3_a_place_is_a_slot_of_ints_in_range(
    fields: tuple[object, object, object], players: int, expected: bool
) -> None:
    assert is_place(_forged(*fields), players) is expected
    assert not is_place(fields, players)  # a tuple is no Slot
