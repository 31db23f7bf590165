"""
Biggenbende's play (``_play``): refusals a whole-module mutation run found read only by
their type (issue 23). Each is pinned whole: the move, the rule ID and the reason.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardrules import biggenbende as bb
from cardrules.errors import GameOverError, IllegalMoveError
from tests.biggenbende._deals import NONE_ROW, J, start
from tests.biggenbende.test_check_mutants import _CHOOSING, _OVER


def _choice(values: Any) -> bb.ChooseFaceUp:
    """A ChooseFaceUp past its validator (a move read from untrusted input)."""
    move = object.__new__(bb.ChooseFaceUp)
    object.__setattr__(move, "values", values)
    return move


def _play(value: Any, count: Any) -> bb.Play:
    """A Play past its validators."""
    move = object.__new__(bb.Play)
    object.__setattr__(move, "value", value)
    object.__setattr__(move, "count", count)
    return move


def _refusal(state: bb.State, move: Any) -> tuple[str | None, str]:
    with pytest.raises(IllegalMoveError) as info:
        bb.apply(state, move)
    return info.value.rule, str(info.value)


def test_the_position_is_the_one_meant() -> None:
    # BB-4: seat 0 has chosen; seat 1 holds two jokers, two 2s, two 5s and a 7.
    assert (_CHOOSING.phase, _CHOOSING.turn) == ("choose", 1)
    assert _CHOOSING.hands[1] == (2, 0, 2, 0, 0, 2, 0, 1, 0, 0, 0, 0, 0)
    assert bb.apply(_CHOOSING, bb.ChooseFaceUp((0, 2, 5))).turn == 2


CHOICE_REFUSED: list[tuple[Any, str, str]] = [
    ("play 7", "BB-6", "illegal move 'play 7' (BB-6): not a Biggenbende move"),
    (
        bb.PickUp(),
        "BB-4",
        "illegal move PickUp() (BB-4): each player first chooses three cards to lay face up",
    ),
    (
        _choice([0, 2, 5]),  # a list, not a tuple
        "BB-4",
        "illegal move ChooseFaceUp(values=[0, 2, 5]) (BB-4): "
        "name three card values in increasing order",
    ),
    (
        _choice((2, 5)),  # two values
        "BB-4",
        "illegal move ChooseFaceUp(values=(2, 5)) (BB-4): "
        "name three card values in increasing order",
    ),
    (
        _choice((2, 5, 13)),  # no card value
        "BB-4",
        "illegal move ChooseFaceUp(values=(2, 5, 13)) (BB-4): "
        "name three card values in increasing order",
    ),
    (
        bb.ChooseFaceUp((5, 5, 5)),  # seat 1 holds two 5s
        "BB-4",
        "illegal move ChooseFaceUp(values=(5, 5, 5)) (BB-4): the hand does not hold those cards",
    ),
]


@pytest.mark.parametrize(("move", "rule", "message"), CHOICE_REFUSED)
def test_bb4_a_wrong_choice_is_refused_word_for_word(move: Any, rule: str, message: str) -> None:
    assert _refusal(_CHOOSING, move) == (rule, message)


_HAND = start([[3, 5], [5, 5, 5], [6, 9, 10]], discard=[2], draw=[1])
"""Seat 0 holds a 3 and a 5 (no joker)."""
_FACE_UP = start(
    [[], [5, 5, 5], [6, 9, 10]],
    face_up=[[J, 4, 9], [], []],
    face_down=[(2, 2, 2), NONE_ROW, NONE_ROW],
    discard=[4],
)
"""BB-7: seat 0's hand is empty; it plays from its face-up joker, 4 and 9."""

PLAY_REFUSED: list[tuple[bb.State, Any, str, str]] = [
    # BB-6: a joker goes on anything, but only one held (BB-7).
    (
        _HAND,
        bb.Play(J, 1),
        "BB-7",
        "illegal move Play(value=0, count=1) (BB-7): the hand holds 0 x joker, fewer than 1",
    ),
    (
        _HAND,
        _play(13, 1),
        "BB-6",
        "illegal move Play(value=13, count=1) (BB-6): 13 is not a card value (0 = joker, 1..12)",
    ),
    (
        _HAND,
        _play(5, 0),
        "BB-6",
        "illegal move Play(value=5, count=0) (BB-6): a play has at least one card, not 0",
    ),
    (
        _FACE_UP,
        bb.Play(9, 2),
        "BB-7",
        "illegal move Play(value=9, count=2) (BB-7): "
        "the face-up cards (the hand is empty) hold 1 x 9, fewer than 2",
    ),
]


_BLIND = start([[], [5, 5], [6, 9]], face_down=[(2, None, 2), NONE_ROW, NONE_ROW])
"""BB-11: seat 0 has only two face-down cards left, at positions 0 and 2."""

PLAY_REFUSED += [
    # BB-7: the face-down cards come last.
    (
        _HAND,
        bb.TurnFaceDown(0),
        "BB-7",
        "illegal move TurnFaceDown(position=0) (BB-7): "
        "face-down cards come only after the hand and the face-up cards",
    ),
    # BB-9: the pile is taken only when no play is legal (a 3 and a 5 on a 2).
    (
        _HAND,
        bb.PickUp(),
        "BB-9",
        "illegal move PickUp() (BB-9): a play is legal, and the pile is taken only when none is",
    ),
    # BB-4: the choice is over once play has begun.
    (
        _HAND,
        bb.ChooseFaceUp((3, 5, 5)),
        "BB-4",
        "illegal move ChooseFaceUp(values=(3, 5, 5)) (BB-4): "
        "the face-up cards are chosen before play only",
    ),
    (_HAND, "play 7", "BB-6", "illegal move 'play 7' (BB-6): not a Biggenbende move"),
    # BB-11: with only face-down cards, a face-down card is turned.
    (
        _BLIND,
        bb.Play(2, 1),
        "BB-11",
        "illegal move Play(value=2, count=1) (BB-11): "
        "no hand and no face-up cards: turn a face-down card",
    ),
    (
        _BLIND,
        bb.PickUp(),
        "BB-11",
        "illegal move PickUp() (BB-11): no hand and no face-up cards: turn a face-down card",
    ),
    (
        _BLIND,
        bb.TurnFaceDown(1),
        "BB-11",
        "illegal move TurnFaceDown(position=1) (BB-11): no face-down card at position 1",
    ),
]


@pytest.mark.parametrize(("state", "move", "rule", "message"), PLAY_REFUSED)
def test_bb6_bb7_a_play_of_cards_not_held_is_refused_word_for_word(
    state: bb.State, move: Any, rule: str, message: str
) -> None:
    assert _refusal(state, move) == (rule, message)


def test_bb19_a_move_after_the_match_is_refused_naming_it() -> None:
    with pytest.raises(GameOverError) as info:
        bb.apply(_OVER, bb.PickUp())
    assert str(info.value) == (
        "illegal move PickUp() (game over): the game is over; no move is legal"
    )
