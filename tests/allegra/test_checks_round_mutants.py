"""
Refusals of Allegra's round checks (``_checks_round``) pinned word for word where
mutation testing found only their type or path checked (issue 23): which reason a
refusal gives is part of what it tells a caller.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from cardrules import allegra as al
from cardrules.errors import InvalidStateError
from tests.refused import forged, refused


def _reach(rules: al.Rules, seed: int, until: Callable[[al.State], bool]) -> al.State:
    """The first state of a seeded random game that ``until`` accepts."""
    state = al.new_game(rules, seed=seed)
    choose = random.Random(seed).choice
    while not until(state):
        state = al.apply(state, choose(al.legal_moves(state)))
    return state


_TURN3 = _reach(al.Rules(players=3), 0, lambda s: s.phase == "turn")
_DRAWN2 = _reach(al.Rules(players=2), 0, lambda s: s.phase == "drawn")
_OVER2 = _reach(al.Rules(players=2, rounds=1), 0, lambda s: s.phase == "over")


def _message(check: Callable[[Any], None], value: Any) -> str:
    with pytest.raises(InvalidStateError) as info:
        check(value)
    return str(info.value)


@pytest.mark.parametrize("field", ["passers", "knockers"])
def test_al7_three_players_cannot_answer_outside_a_knock_window(field: str) -> None:
    # AL-7: with three players knocking is possible, but only after a draw
    state = forged(_TURN3, field, (), (1,))
    with refused(InvalidStateError, "state.knock_queue", "AL-7"):
        al.check_state(state)
    why = "no seat can knock or pass: no knock window is open (AL-7)"
    assert _message(al.check_state, state) == f"state.knock_queue: {why}"
    assert _message(al.check_view, al.view(state, 0)) == f"view.knock_queue: {why}"


@pytest.mark.parametrize("field", ["passers", "knockers"])
def test_al7_two_players_never_knock(field: str) -> None:
    # AL-7: knocking needs three or more players, even right after a draw
    state = forged(_DRAWN2, field, (), (1,))
    why = "no seat can knock or pass: knocking needs 3 or more players (AL-7)"
    assert _message(al.check_state, state) == f"state.knock_queue: {why}"
    assert _message(al.check_view, al.view(state, 0)) == f"view.knock_queue: {why}"


def test_al12_a_finished_game_needs_no_discard_pile() -> None:
    # the discard pile must hold a card until the game ends (AL-12), not after: a
    # finished game with its discard pile under the deck passes
    ended = attrs.evolve(_OVER2, discard=(), deck=_OVER2.deck + _OVER2.discard)
    al.check_state(ended)
    al.check_view(al.view(ended, 1))
    going = attrs.evolve(_DRAWN2, discard=(), deck=_DRAWN2.deck + _DRAWN2.discard)
    assert _message(al.check_state, going) == "state.discard: the discard pile is empty"
