"""Beggar-my-neighbour as text: what a turned card did, seen from one seat (BM-5, BM-7)."""

from __future__ import annotations

from cardrules import beggar
from cardrules.beggar._text import _played
from tests.beggar.helpers import deal, turn


def test_played_names_the_taker_and_the_seats_out() -> None:
    def played(state: beggar.State) -> str:
        after = beggar.apply(state, beggar.Turn())
        return _played(beggar.Turn(), beggar.view(state, 0), beggar.view(after, 0))

    # Seat 1's queen, its last card: seat 2 (empty) must pay, is out, and seat 1 takes,
    # not seat 0 whose king was the last penalty card before the move.
    assert (
        played(turn(deal("K+", "Q", ""), 1))
        == "turn; seat 2 is out; seat 1 takes the pile (2 cards)"
    )
    # The last player with cards takes the pile (BM-7).
    assert (
        played(turn(deal("-", "-", "+"), 2))
        == "turn; seat 0 is out; seat 2 takes the pile (3 cards)"
    )
    # A seat goes out and the turn passes on, with no pile taken.
    state = turn(deal("-+", "", "-"), 0)
    assert played(state) == f"turn {state.stacks[0][0]}; seat 1 is out"


def test_played_names_the_card_turned() -> None:
    before = beggar.new_game(seed=1)
    after = beggar.apply(before, beggar.Turn())
    text = _played(beggar.Turn(), beggar.view(before, 1), beggar.view(after, 1))
    assert text == f"turn {before.stacks[0][0]}"
