"""
Allegra's ``legal_moves`` and ``apply`` (``allegra/_play.py``) where the rest of the
tests do not reach: the exchange moves of AL-7 step 2 made afresh (their memos start
warm in every test run) and the refusal of a move after the game's end (issue 23).
"""

from __future__ import annotations

import pytest

from cardrules import GameOverError
from cardrules import allegra as al
from cardrules.allegra import _play
from tests.allegra.test_greedy_mutants import _exchange_position


def _area(seat: int, players: int) -> list[al.Slot]:
    """AL-3: the left neighbour's column 3, then the seat's own four columns."""
    left = (seat + 1) % players
    columns = [(left, 3), *((seat, c) for c in range(4))]
    return [al.Slot(owner, r, c) for r in range(3) for owner, c in columns]


def test_al7_the_exchange_moves_are_made_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_play, "_EXCHANGE", {})
    monkeypatch.setattr(_play, "_EXCHANGE_LISTS", {})
    state = _exchange_position()  # seat 0 gave its drawn card to seat 1
    moves = al.legal_moves(state)
    # Step 2: any card of the knocker's area onto a place of the drawer's own area other
    # than the one it came from (the shared p1.c3 lies in both areas).
    expected = {
        al.Exchange(take, put) for take in _area(1, 3) for put in _area(0, 3) if take != put
    }
    assert len(moves) == len(expected) == 15 * 15 - 3
    assert set(moves) == expected
    assert all(type(m.take) is al.Slot and type(m.put) is al.Slot for m in expected)
    assert all(isinstance(m, al.Exchange) for m in moves)
    # The moves are kept: asked again, the same objects in the same order.
    again = al.legal_moves(state)
    assert again == moves
    assert all(a is b for a, b in zip(again, moves, strict=True))


def test_game_over_names_the_move_refused() -> None:
    state = al.new_game(al.Rules(players=2, rounds=1), seed=3)
    while not al.is_over(state):
        state = al.apply(state, al.legal_moves(state)[0])
    with pytest.raises(GameOverError) as caught:
        al.apply(state, al.Draw())
    assert caught.value.move == al.Draw()
    assert str(caught.value) == (
        "illegal move Draw() (game over): the game is over; no move is legal"
    )
