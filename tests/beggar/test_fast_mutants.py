"""
Beggar's fast run (``beggar/_fast.py``) where the rest of the tests do not reach: a
state whose cards are equal cards but not the deck's own objects, ``play_out`` given
no state, and the BM-9 detector of a state with no saved position (issue 23).
"""

from __future__ import annotations

import attrs
import pytest

from cardrules import beggar
from cardrules.beggar import Card
from cardrules.errors import InvalidStateError, WrongTypeError
from tests.refused import refused


def _copied(state: beggar.State) -> beggar.State:
    """``state`` with every card a new ``Card`` of the same rank and suit (BM-1)."""
    return attrs.evolve(
        state,
        stacks=tuple(tuple(Card(c.rank, c.suit) for c in stack) for stack in state.stacks),
        pile=tuple(Card(c.rank, c.suit) for c in state.pile),
    )


@pytest.mark.parametrize("turns", [0, 40])
def test_bm1_play_out_reads_equal_cards_as_the_same_cards(turns: int) -> None:
    state = beggar.new_game(seed=3)
    for _ in range(turns):
        state = beggar.apply(state, beggar.Turn())
    copied = _copied(state)
    cards = [c for stack in (*state.stacks, state.pile) for c in stack]
    copies = [c for stack in (*copied.stacks, copied.pile) for c in stack]
    assert copies == cards
    assert not any(a is b for a, b in zip(cards, copies, strict=True))
    beggar.check_state(copied)
    result = beggar.play_out(copied)
    assert result == beggar.play_out(state)
    assert (result.cards, result.tricks, result.winner) == (334, 43, 1)


def test_play_out_names_what_it_was_given_instead_of_a_state() -> None:
    with pytest.raises(WrongTypeError) as caught:
        beggar.play_out(beggar.new_game(seed=3).stacks)  # type: ignore[arg-type]
    assert str(caught.value) == "expected a beggar State, got tuple"


@pytest.mark.parametrize(("power", "lam"), [(2, 0), (2, 1), (1, 0)])
def test_bm9_a_detector_with_no_saved_position_has_saved_nothing(power: int, lam: int) -> None:
    # A fresh detector (redeal_hidden makes one) saves at the next trick: with no saved
    # position, cycle_power is 1 and cycle_lam 0 (Brent's algorithm, BM-9).
    state = attrs.evolve(beggar.new_game(seed=3), cycle_key="", cycle_power=power, cycle_lam=lam)
    if (power, lam) == (1, 0):
        beggar.check_state(state)
    else:
        with refused(InvalidStateError, "cycle_key"):
            beggar.check_state(state)
