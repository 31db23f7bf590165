"""
The bulk checks of Biggenbende's ``check_state``: they pass only what the detailed,
per-path checks pass, and a refused state keeps the detailed message. Its fast path
(``_state_ok``, issue 14) passes every played state and, on played and forged states,
only what the detailed checks pass; ``check_state`` then answers as they do.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import biggenbende as bb
from cardrules import testing
from cardrules.biggenbende import _checks
from cardrules.biggenbende._cards import EMPTY
from cardrules.biggenbende._checks import _check_state_detailed, _ints_in, _state_ok
from cardrules.errors import InvalidStateError
from tests._depth import scaled
from tests.check_agreement import assert_agree, mutants, played_states, small_changes


def test_the_bulk_int_check_takes_exact_ints_in_range_only() -> None:
    assert _ints_in(())
    assert _ints_in((0, 3, 12), 12)
    assert _ints_in((0, 10**40))
    assert not _ints_in((0, 13), 12)
    assert not _ints_in((0, -1))
    assert not _ints_in((0, True))  # a bool is no count (BB-1)
    assert not _ints_in((0, 1.0))
    assert not _ints_in((0, None), 12)


def test_a_bad_count_keeps_its_detailed_path_and_message() -> None:
    state = bb.new_game(bb.Rules(players=3), seed=2)
    for field in ("hands", "face_up"):
        rows: list[tuple[int, ...]] = list(getattr(state, field))
        row = list(rows[1])
        row[3] = -1
        rows[1] = tuple(row)
        changes: dict[str, Any] = {field: tuple(rows)}
        with pytest.raises(InvalidStateError, match=rf"^{field}\[1\]\[3\]: must be an int >= 0"):
            bb.check_state(attrs.evolve(state, **changes))
    down: list[tuple[Any, ...]] = list(state.face_down)
    down[2] = (down[2][0], False, down[2][2])
    with pytest.raises(
        InvalidStateError, match=r"^face_down\[2\]\[1\]: must be an int from 0 to 12"
    ):
        bb.check_state(attrs.evolve(state, face_down=tuple(down)))
    with pytest.raises(
        InvalidStateError, match=r"^draw\[0\]: must be an int from 0 to 12, not 13"
    ):
        bb.check_state(attrs.evolve(state, draw=(13, *state.draw[1:])))


# The fast path of check_state (issue 14) ---------------------------------------------

RULES = [
    bb.Rules(players=3, rounds=2, max_turns_per_round=60),
    bb.Rules(players=4, copies_per_value=2, jokers=16, chips=6, rounds=3),
    bb.Rules(players=6, copies_per_value=5, jokers=0, rounds=1, max_turns_per_round=None),
]
"""Cut rounds (BB-20), a match ended by the supply (BB-19), 3 to 6 seats, no jokers."""


GAME = cardrules.get_game("biggenbende")


@functools.cache
def _played() -> list[bb.State]:
    return played_states(bb, RULES, games=2, every=3)


def _move_a_card(state: bb.State, rng: random.Random) -> bb.State:
    """A near-valid forgery: one card moved from a count row (a hand, a face-up row or
    the removed cards) to another, or from the draw or discard pile into a hand; the
    cards stay conserved (BB-1), but other invariants may break."""
    n = state.rules.players
    if rng.random() < 0.1:
        # A whole hand onto the draw pile: an empty hand while the draw pile has cards
        # (BB-7), or a seat without cards that is not out (BB-17).
        seat = rng.randrange(n)
        cards = [v for v, c in enumerate(state.hands[seat]) for _ in range(c)]
        hands = (*state.hands[:seat], EMPTY, *state.hands[seat + 1 :])
        return attrs.evolve(state, hands=hands, draw=(*cards, *state.draw))
    rows = {("hands", s): state.hands[s] for s in range(n)}
    rows |= {("face_up", s): state.face_up[s] for s in range(n)}
    rows[("removed", -1)] = state.removed
    to = rng.choice(sorted(rows))
    full = [key for key, row in rows.items() if any(row)]
    piles = [name for name in ("draw", "discard") if getattr(state, name)]
    if piles and (not full or rng.random() < 0.3):
        name = rng.choice(piles)
        pile: tuple[int, ...] = getattr(state, name)
        k = rng.randrange(len(pile))
        value = pile[k]
        changes: dict[str, Any] = {name: pile[:k] + pile[k + 1 :]}
    else:
        source = rng.choice(full)
        value = rng.choice([v for v, c in enumerate(rows[source]) if c])
        rows[source] = tuple(c - (v == value) for v, c in enumerate(rows[source]))
        changes = {}
    rows[to] = tuple(c + (v == value) for v, c in enumerate(rows[to]))
    changes["hands"] = tuple(rows[("hands", s)] for s in range(n))
    changes["face_up"] = tuple(rows[("face_up", s)] for s in range(n))
    changes["removed"] = rows[("removed", -1)]
    return attrs.evolve(state, **changes)


def test_the_fast_path_passes_every_played_state() -> None:
    # So the usual state never pays for the detailed checks (each also passes them).
    states = _played()
    assert {s.phase for s in states} == {"choose", "play", "over"}
    for state in states:
        assert _state_ok(state) is True
        _check_state_detailed(state)


def test_forged_states_get_the_detailed_answer() -> None:
    rng = random.Random(14)
    states = _played()
    passed = refused = 0
    for state in states[::2]:
        for forged in mutants(state, states, rng, 25, _move_a_card):
            if assert_agree(_checks, forged):
                passed += 1
            else:
                refused += 1
    # Both answers occur: the forgeries test what the fast path passes, not only what
    # it refuses.
    assert passed > 50
    assert refused > 1000


def test_small_changes_get_the_detailed_answer() -> None:
    passed = 0
    # Every other played state in CI's deep profile, every fourth in the quick run.
    for state in _played()[:: scaled(4, 2)]:
        for changed in small_changes(state):
            passed += assert_agree(_checks, changed)
    assert passed > 20


@settings(max_examples=scaled(20, 60))
@given(testing.states(GAME, rules=RULES, max_moves=400), st.randoms(use_true_random=False))
def test_forged_played_states_get_the_detailed_answer(state: bb.State, rng: random.Random) -> None:
    assert assert_agree(_checks, state)
    for forged in mutants(state, _played()[:40], rng, 20, _move_a_card):
        assert_agree(_checks, forged)


def _carried(state: bb.State, value: int, less: int) -> bb.State:
    """``state`` with 256 more cards of ``value`` in two hands and one less of ``less``."""
    hands = [list(h) for h in state.hands]
    hands[0][value] += 200
    hands[1][value] += 56
    seat = next(s for s, h in enumerate(hands) if h[less])
    hands[seat][less] -= 1
    return attrs.evolve(state, hands=tuple(map(tuple, hands)))


@pytest.mark.parametrize(("value", "less"), [(3, 4), (12, 0)])
def test_counts_that_carry_into_the_next_value_are_refused(value: int, less: int) -> None:
    # Read as one number (the fast path's card count, modulo 256**13 - 1), 256 more
    # cards of a value are one more of the next (of the joker, after 12): only the
    # total of the cards tells these counts from the deck's.
    state = bb.new_game(bb.Rules(players=3), seed=3)
    while not (state.phase == "play" and all(h[less] for h in state.hands[:1])):
        state = bb.apply(state, bb.legal_moves(state)[0])
    forged = _carried(state, value, less)
    assert _checks._state_ok(forged) is False
    with pytest.raises(InvalidStateError, match="the cards are not conserved"):
        bb.check_state(forged)
