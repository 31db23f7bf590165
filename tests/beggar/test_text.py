"""Beggar-my-neighbour as text: what a turned card did, told to one seat (BM-5, BM-7)."""

from __future__ import annotations

from cardrules import beggar
from tests.beggar.helpers import deal, turn


def _told(before: beggar.State, after: beggar.State, seat: int) -> str:
    events = beggar.events(before, beggar.Turn(), after, seat)
    return "; ".join(beggar.render_event(e, seat) for e in events)


def test_played_names_the_taker_and_the_seats_out() -> None:
    def played(state: beggar.State) -> str:
        return _told(state, beggar.apply(state, beggar.Turn()), 0)

    # Seat 1's queen, its last card: seat 2 (empty) must pay, is out, and seat 1 takes,
    # not seat 0 whose king was the last penalty card before the move.
    assert (
        played(turn(deal("K+", "Q", ""), 1))
        == "seat 1 turns QS; seat 2 owes 2 cards to seat 1 for QS; seat 2 is out; "
        "seat 1 takes the pile (2 cards)"
    )
    # The last player with cards takes the pile (BM-7).
    assert (
        played(turn(deal("-", "-", "+"), 2))
        == "seat 2 turns 2H; you are out; seat 2 takes the pile (3 cards); "
        "the game is over: one player holds every card"
    )
    # A seat goes out and the turn passes on, with no pile taken.
    state = turn(deal("-+", "", "-"), 0)
    assert played(state) == f"you turn {state.stacks[0][0]}; seat 1 is out"


def test_played_names_the_card_turned() -> None:
    before = beggar.new_game(seed=1)
    after = beggar.apply(before, beggar.Turn())
    assert _told(before, after, 1) == f"seat 0 turns {before.stacks[0][0]}"
