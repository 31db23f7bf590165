"""
Allegra's ``apply`` (``allegra/_apply.py``): the refusal of a move in the wrong phase
worded in full for every phase, and a plain discard while the area has a face-down card
(AL-4, AL-6, AL-7; issue 23).
"""

from __future__ import annotations

import pytest

from cardrules import allegra as al
from cardrules.errors import IllegalMoveError
from tests.allegra.helpers import make_layout
from tests.allegra.test_greedy_mutants import EXCHANGE_STEPS, _exchange_game

_TWO = make_layout(al.Rules(players=2), ["0 1 2 3/4 5 6 7/8 9 10 11", "1 2 3 4/5 6 7 8/9 10 11 0"])
"""Two seats, every card face down, at seat 0's first turn (no reveals, AL-4)."""


def _phases() -> dict[str, al.State]:
    """A state in each phase: the reveals of a dealt game, then the AL-7 steps."""
    states = {"reveal": al.new_game(al.Rules(players=3), seed=1)}
    state = _exchange_game()
    for move in (*EXCHANGE_STEPS, None):
        states[state.phase] = state
        if move is not None:
            state = al.apply(state, move)
    two = al.apply(al.new_game(al.Rules(players=2), seed=1, layout=_TWO), al.Draw())
    states[two.phase] = two
    return states


WRONG_PHASE = {
    "reveal": "(AL-4): the setup reveals are being made",
    "turn": "(AL-6): a turn starts with a draw or a take",
    "knock": "(AL-7): the knock window is open: knock or pass",
    "give": "(AL-7): the drawer must ignore the knocks or give the card",
    "place": "(AL-7): the chosen knocker must place the card (exchange step 1)",
    "exchange": "(AL-7): the drawer must make exchange step 2",
    "drawn": "(AL-6): the drawer must swap or discard the drawn card",
}


def test_a_move_of_another_phase_is_refused_with_what_the_phase_waits_for() -> None:
    states = _phases()
    assert set(states) == set(WRONG_PHASE)
    for phase, state in states.items():
        assert state.phase == phase
        move: al.Move = al.Draw() if phase == "knock" else al.Pass()
        with pytest.raises(IllegalMoveError) as caught:
            al.apply(state, move)
        assert str(caught.value) == f"illegal move {move!r} {WRONG_PHASE[phase]}", phase


def test_al6a_a_plain_discard_is_refused_while_the_area_has_a_face_down_card() -> None:
    state = _phases()["drawn"]
    with pytest.raises(IllegalMoveError) as caught:
        al.apply(state, al.Discard())
    assert str(caught.value) == (
        "illegal move Discard(reveal=None) (AL-6): a face-down card of the area must be turned up"
    )
