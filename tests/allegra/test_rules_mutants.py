"""
Allegra's rules modules (``_apply``, ``_deal``, ``_moves``, ``_play``), where a seeded
sample of their mutants lived (issue 23): each test here fails on one of them, pinning
the refusal whole (error type, rule, message).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardrules.allegra import (
    CARD_VALUES,
    Layout,
    Rules,
    Take,
    apply,
    legal_moves,
    new_game,
    to_move,
)
from cardrules.allegra._geometry import SLOTS
from cardrules.errors import IllegalMoveError, RulesError, WrongTypeError
from tests.refused import forged, refused


def _turn() -> Any:
    """Seat 0's first turn of a 3-player game (seed 5, moves from random.Random(1))."""
    state = new_game(Rules(players=3), seed=5)
    choose = random.Random(1).choice
    while state.phase != "turn":
        state = apply(state, choose(legal_moves(state)))
    return state


def test_al6_a_take_from_an_empty_discard_pile_is_refused() -> None:
    # AL-6: a take swaps the top of the discard pile in; a forged state with an empty
    # pile (no game reaches one: AL-5 turns a card, every take puts one back) is refused
    # by the rule, not by an error from deeper inside.
    state = _turn()
    take = next(m for m in legal_moves(state) if type(m) is Take)
    with refused(IllegalMoveError, rule="AL-6"):
        apply(forged(state, "discard", (), ()), take)
    with pytest.raises(IllegalMoveError) as info:
        apply(forged(state, "discard", (), ()), take)
    assert str(info.value) == f"illegal move {take!r} (AL-6): the discard pile is empty"


_NOT_A_STATE: Any = None
_NOT_A_SLOT: Any = 5


def test_values_of_the_wrong_type_are_named_in_the_error() -> None:
    with pytest.raises(WrongTypeError) as info:
        to_move(_NOT_A_STATE)
    assert str(info.value) == "expected an allegra State, got NoneType"
    with pytest.raises(WrongTypeError) as info:
        Take(slot=_NOT_A_SLOT)
    assert str(info.value) == "Take.slot must be a Slot, not int"


def _layout(**changes: Any) -> Layout:
    """A 2-player layout with no three equal cards in any window, and ``changes``."""
    rules = Rules(players=2)
    grids = [CARD_VALUES[i % 13] for i in range(24)]
    rest = Counter(dict(zip(CARD_VALUES, rules.deck, strict=True)))
    rest.subtract(grids)
    pool = sorted(rest.elements())
    fields: dict[str, Any] = {
        "grids": (tuple(grids[:12]), tuple(grids[12:])),
        "discard": (pool[0],),
        "deck": tuple(pool[1:]),
        "face_up": SLOTS[:24],
    }
    fields.update(changes)
    return Layout(**fields)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"deck": (99,)}, "layout.deck[0]: 99 is not a card value (-1..11)"),
        ({"face_up": list(SLOTS[:24])}, "layout.face_up must be a tuple of places"),
    ],
    ids=["deck", "face_up"],
)
def test_al4_a_bad_layout_is_refused_word_for_word(changes: dict[str, Any], message: str) -> None:
    new_game(Rules(players=2), seed=1, layout=_layout())
    with pytest.raises(RulesError) as info:
        new_game(Rules(players=2), seed=1, layout=_layout(**changes))
    assert str(info.value) == message
