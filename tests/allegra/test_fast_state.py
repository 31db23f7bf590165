"""
The hot path's positional state constructor ``_state`` builds exactly what ``State(...)``
builds (issue 14): the same fields in the same order, nothing ``State.__init__`` would
do skipped, and every state of a played game equal (and of equal hash) to its rebuild
through the public constructor.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.allegra import Rules, State, apply, check_state, legal_moves, new_game
from cardrules.allegra._state import _state
from cardrules.errors import InvalidStateError


def test_state_init_only_stores_its_fields() -> None:
    # ``_state`` skips ``State.__init__``: that is only the same while it has nothing
    # else to do (a validator, converter, on_setattr hook or post-init added to State
    # must be added to ``_state`` too, or ``_state`` dropped).
    for field in attrs.fields(State):
        assert field.validator is None, field.name
        assert field.converter is None, field.name
        assert field.on_setattr is None, field.name
    assert not hasattr(State, "__attrs_post_init__")
    assert not hasattr(State, "__attrs_pre_init__")
    assert not hasattr(State, "__attrs_init__")


def test_state_takes_the_fields_in_order() -> None:
    names = [field.name for field in attrs.fields(State)]
    values = [object() for _ in names]  # distinct markers: a swapped pair shows
    fast = _state(*values)  # type: ignore[arg-type]
    slow = State(*values)  # type: ignore[arg-type]
    assert type(fast) is State
    for name, value in zip(names, values, strict=True):
        assert getattr(fast, name) is value, name
        assert getattr(slow, name) is value, name
    assert fast == slow


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**64 - 1), st.integers(0, 2**32))
def test_every_played_state_equals_its_rebuild(players: int, seed: int, choices: int) -> None:
    rules = Rules(players=players, rounds=2, max_turns_per_round=40)
    choose = random.Random(choices).choice
    state = new_game(rules, seed=seed)
    while True:
        rebuilt = State(**{f.name: getattr(state, f.name) for f in attrs.fields(State)})
        assert rebuilt == state
        assert hash(rebuilt) == hash(state)
        assert repr(rebuilt) == repr(state)
        legal = legal_moves(state)
        if not legal:
            break
        state = apply(state, choose(legal))


_ODD_CARDS = [
    (field, odd)
    for field in ("cards", "deck", "discard", "removed")
    for odd in ([1], True, 12, "1", *([None] if field != "cards" else []))
]


@pytest.mark.parametrize(("field", "odd"), _ODD_CARDS)
def test_an_odd_card_is_refused_with_its_path(field: str, odd: object) -> None:
    # The card tally runs in C-speed passes first; an odd value (unhashable, a bool,
    # out of range, a None off the grid) must still give the message naming its place.
    state = new_game(Rules(players=2), seed=5)
    values = getattr(state, field) or (0,)
    forged = attrs.evolve(state, **{field: (odd, *values[1:])})  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match=rf"state\.{field}(\[0\])?:"):
        check_state(forged)
