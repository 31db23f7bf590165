"""
Static typing of the Game protocol, checked by ``mypy --strict`` (which CI runs on tests).

``Game`` is generic in the game's state, move, view and rules types: a type checker
knows what ``new_game`` returns and rejects a move of another type. The ``type: ignore``
comments below are load-bearing: mypy's strict mode reports an unused ignore, so if the
protocol stopped rejecting these calls, the type check would fail.
"""

from __future__ import annotations

from typing import assert_type

import pytest

from cardrules import allegra, beggar
from cardrules import biggenbende as bb
from cardrules.errors import IllegalMoveError, WrongTypeError


def test_a_game_object_knows_its_types() -> None:
    state = bb.GAME.new_game(bb.Rules(players=3), seed=1)
    assert_type(state, bb.State)
    moves = bb.GAME.legal_moves(state)
    assert_type(moves, tuple[bb.Move, ...])
    view = bb.GAME.view(state, 0)
    assert_type(view, bb.View)
    after = bb.GAME.apply(state, moves[0])
    assert_type(after, bb.State)
    assert isinstance(after, bb.State)


def test_a_move_or_state_of_the_wrong_type_is_a_type_error() -> None:
    state = bb.GAME.new_game(bb.Rules(players=3), seed=1)
    # At run time too, each is refused with a library error.
    with pytest.raises(IllegalMoveError):
        bb.GAME.apply(state, "not a move")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        bb.GAME.apply(state, beggar.Turn())  # type: ignore[arg-type]
    other = allegra.GAME.new_game(allegra.Rules(players=2), seed=1)
    with pytest.raises(WrongTypeError):
        bb.GAME.legal_moves(other)  # type: ignore[arg-type]
