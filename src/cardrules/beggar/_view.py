"""
What one seat of Beggar-my-neighbour may know, and the worlds it cannot tell apart.

No seat may look into any stack, its own included (BM-3, BM-6): a view holds the
stack sizes, the face-up pile, the counts, whose turn it is and what is owed.
"""

from __future__ import annotations

from cardrules._checks import expect, must_be
from cardrules._rng import Rng, _check_seed, _shuffle
from cardrules.beggar._play import to_move
from cardrules.beggar._state import State, View
from cardrules.errors import RulesError

__all__ = ["redeal_hidden", "view"]


def _seat_argument(state: State, seat: object) -> int:
    if type(state) is not State:
        expect(state, State, "a beggar State")
    if type(seat) is not int or not 0 <= seat < state.rules.players:
        raise RulesError(must_be("seat", seat, 0, state.rules.players - 1))
    return seat


def view(state: State, seat: int) -> View:
    """
    What ``seat`` may know: stack sizes, the face-up pile, the counts and the turn.

    Raises:
        RulesError: for a seat out of range.

    >>> from cardrules.beggar import new_game
    >>> view(new_game(seed=5), 0).pile
    ()
    """
    return View(
        seat=_seat_argument(state, seat),
        rules=state.rules,
        stack_sizes=tuple(len(stack) for stack in state.stacks),
        pile=state.pile,
        turn=to_move(state),
        owed=state.owed,
        penalty_seat=state.penalty_seat,
        out=state.out,
        cards=state.cards,
        tricks=state.tricks,
        ended=state.ended,
    )


def redeal_hidden(state: State, seat: int, *, seed: int) -> State:
    """
    Shuffle what ``seat`` cannot see: the cards of all the face-down stacks.

    No seat sees into any stack, so every stack card is mixed (the stack sizes
    are kept); the hidden RNG becomes the one that mixed them, and the hidden
    BM-9 detector starts afresh.

    >>> from cardrules.beggar import new_game
    >>> state = new_game(seed=5)
    >>> view(redeal_hidden(state, 0, seed=9), 0) == view(state, 0)
    True
    """
    _seat_argument(state, seat)
    pooled = [card for stack in state.stacks for card in stack]
    mixed, after = _shuffle(_check_seed(seed), pooled)
    stacks = []
    start = 0
    for stack in state.stacks:
        stacks.append(tuple(mixed[start : start + len(stack)]))
        start += len(stack)
    # An empty key matches no position: the detector saves the next one it sees.
    return State(
        state.rules,
        Rng(after),
        tuple(stacks),
        state.pile,
        state.turn,
        state.owed,
        state.penalty_seat,
        state.out,
        state.cards,
        state.tricks,
        state.ended,
        "",
        1,
        0,
    )
