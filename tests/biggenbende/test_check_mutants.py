"""
Biggenbende's checks and play, where a seeded sample of mutants of
``biggenbende/_checks.py`` and ``biggenbende/_play.py`` lived (issue 23): each test here
fails on one of them. Refusals are pinned whole (path, message, rule); the positions are
those of seeded random games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from cardrules import biggenbende as bb
from cardrules.biggenbende._checks import _check_state_detailed, _state_ok
from cardrules.errors import IllegalMoveError, WrongTypeError
from tests.refused import forged, reached, refusal, refused


def _reach(rules: bb.Rules, seed: int, until: Callable[[bb.State], bool]) -> bb.State:
    """The first state of a seeded random game that ``until`` accepts
    (:func:`tests.refused.reached`)."""
    state: bb.State = reached("biggenbende", rules, seed, until)
    return state


_CHOOSING = _reach(bb.Rules(players=3), 1, lambda s: s.phase == "choose" and s.moves == 1)
"""BB-4: seat 0 has chosen its face-up cards, seat 1 is to choose."""
_OVER = _reach(bb.Rules(players=3, rounds=2), 1, lambda s: s.phase == "over")
_TURNING = _reach(
    bb.Rules(players=3),
    1,
    lambda s: s.phase == "play" and bb.TurnFaceDown(0) in bb.legal_moves(s),
)
"""BB-11: the seat to play has only its face-down cards left."""


def test_the_positions_are_the_ones_meant() -> None:
    assert (_CHOOSING.starter, _CHOOSING.turn, len(_CHOOSING.draw)) == (0, 1, 50)
    assert [sum(row) for row in _CHOOSING.face_up] == [3, 0, 0]
    assert [sum(row) for row in _CHOOSING.hands] == [4, 7, 7]
    assert (_OVER.round, _OVER.supply, _OVER.cut_rounds) == (2, 30, ())
    assert _TURNING.turn is not None
    assert _TURNING.face_down[_TURNING.turn] == (6, 1, 11)


def _moved(state: bb.State, field: str, seat: int, to: str, keep: int) -> bb.State:
    """``state`` with the cards of ``field[seat]`` beyond the first ``keep`` moved to the
    ``to`` row of that seat (or to the draw pile), every card still accounted for."""
    row = list(getattr(state, field)[seat])
    moved = []
    for value in range(13):
        while row[value] and sum(row) > keep:
            row[value] -= 1
            moved.append(value)
    out = forged(state, field, (seat,), tuple(row))
    if to == "draw":
        drawn: bb.State = forged(out, "draw", (), (*state.draw, *moved))
        return drawn
    other = list(getattr(state, to)[seat])
    for value in moved:
        other[value] += 1
    laid: bb.State = forged(out, to, (seat,), tuple(other))
    return laid


def test_bb4_bb7_a_chosen_seat_keeps_one_hand_card_while_the_draw_pile_has_cards() -> None:
    # BB-4, BB-7: a seat that has chosen needs only one hand card while the draw pile
    # has cards; the fast path and the detailed checks both pass it.
    one = _moved(_CHOOSING, "hands", 0, "draw", 1)
    assert sum(one.hands[0]) == 1
    bb.check_state(one)
    assert _state_ok(one)
    _check_state_detailed(one)


# (the check, the value forged, the whole message)
_WORDED: list[tuple[str, Any, str]] = [
    (
        "state",
        forged(_CHOOSING, "phase", (), "x"),
        "phase: expected 'choose', 'play' or 'over', got 'x'",
    ),
    (
        "state",
        forged(_CHOOSING, "cut_rounds", (), (0,)),
        "cut_rounds[0]: must be an int from 1 to 0, not 0",
    ),
    # BB-4: a seat that has chosen shows three face-up cards.
    (
        "state",
        _moved(_CHOOSING, "face_up", 0, "hands", 0),
        "face_up[0]: expected 3 face-up cards while choosing (BB-4)",
    ),
    # BB-19: a match is over after its last round, or once the supply is empty.
    (
        "state",
        forged(_OVER, "rules", (), attrs.evolve(_OVER.rules, rounds=3)),
        "phase: over after round 2 of 3 with chips left (BB-19)",
    ),
    (
        "view",
        forged(bb.view(_OVER, 0), "rules", (), attrs.evolve(_OVER.rules, rounds=3)),
        "phase: over after round 2 of 3 with chips left (BB-19)",
    ),
    # A view's face-down row is of flags.
    (
        "view",
        forged(bb.view(_CHOOSING, 1), "face_down", (0, 1), 1),
        "face_down[0][1]: expected a bool, got 1",
    ),
    # BB-4, BB-7: a seat still to choose holds three cards to choose from and one more
    # while the draw pile has cards (four of seat 2's cards moved to the draw pile).
    (
        "view",
        forged(
            forged(bb.view(_CHOOSING, 1), "hand_counts", (2,), 3),
            "draw_count",
            (),
            len(_CHOOSING.draw) + 4,
        ),
        "hand_counts[2]: 3 cards in hand and face up, 4 needed while choosing (BB-4, BB-7)",
    ),
]


@pytest.mark.parametrize(("kind", "value", "message"), _WORDED)
def test_a_forged_field_is_refused_word_for_word(kind: str, value: Any, message: str) -> None:
    assert refusal(bb.check_state if kind == "state" else bb.check_view, value) == message


def _turn_face_down(position: object) -> bb.TurnFaceDown:
    """A TurnFaceDown past its validator (a move read from untrusted input)."""
    move = object.__new__(bb.TurnFaceDown)
    object.__setattr__(move, "position", position)
    return move


@pytest.mark.parametrize("position", [3, -1, "x"])
def test_bb11_a_face_down_position_out_of_the_row_is_refused(position: object) -> None:
    # BB-11: the face-down row has the positions 0, 1 and 2 (-1 is no alias of 2).
    move = _turn_face_down(position)
    with refused(IllegalMoveError, rule="BB-11"):
        bb.apply(_TURNING, move)
    with pytest.raises(IllegalMoveError) as info:
        bb.apply(_TURNING, move)
    assert str(info.value) == (
        f"illegal move {move!r} (BB-11): no face-down card at position {position!r}"
    )


def test_bb4_a_choice_out_of_order_is_refused_word_for_word() -> None:
    move = object.__new__(bb.ChooseFaceUp)
    object.__setattr__(move, "values", (3, 2, 1))
    with pytest.raises(IllegalMoveError) as info:
        bb.apply(_CHOOSING, move)
    assert info.value.rule == "BB-4"
    assert str(info.value) == (
        "illegal move ChooseFaceUp(values=(3, 2, 1)) (BB-4): "
        "name three card values in increasing order"
    )


_NO_STATE: Any = None


@pytest.mark.parametrize(
    "call",
    [
        lambda: bb.apply(_NO_STATE, bb.PickUp()),
        lambda: bb.to_move(_NO_STATE),
        lambda: bb.is_over(_NO_STATE),
    ],
    ids=["apply", "to_move", "is_over"],
)
def test_a_value_that_is_no_state_is_refused_naming_what_was_expected(
    call: Callable[[], object],
) -> None:
    with pytest.raises(WrongTypeError) as info:
        call()
    assert str(info.value) == "expected a biggenbende State, got NoneType"
