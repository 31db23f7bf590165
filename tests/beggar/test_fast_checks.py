"""
The fast paths of Beggar's ``check_state``: the bulk BM-1 check and the remembered BM-9
replay must refuse exactly what the detailed checks refuse, with the same messages.
"""

from __future__ import annotations

import attrs
import pytest

import cardrules
from cardrules.beggar import DECK, Card, Rules, Turn, apply, check_state, new_game
from cardrules.beggar._checks import _deck_positions, _deck_problem, _whole_deck
from cardrules.beggar._fast import _detector_problem, _replay
from cardrules.errors import InvalidStateError


class _OtherCard(Card):
    """A Card subclass: never taken by the fast path (attrs equality is per class)."""


def _mid_game(seed: int = 3, turns: int = 60) -> cardrules.beggar.State:
    state = new_game(Rules(players=3), seed=seed)
    for _ in range(turns):
        state = apply(state, Turn())
    return state


def test_bm1_the_bulk_check_passes_only_what_the_detailed_check_passes() -> None:
    state = _mid_game()
    a, b = state.stacks[0][0], state.stacks[1][0]
    swapped = Card(a.rank, a.suit)
    cases = [
        (state.stacks, state.pile, True),
        ((state.stacks[0] + (b,), *state.stacks[1:]), state.pile, False),  # a duplicate
        ((state.stacks[0][1:], *state.stacks[1:]), state.pile, False),  # a card missing
        (((swapped, *state.stacks[0][1:]), *state.stacks[1:]), state.pile, True),  # equal copy
        (
            ((_OtherCard(a.rank, a.suit), *state.stacks[0][1:]), *state.stacks[1:]),
            state.pile,
            False,
        ),
        ((list(state.stacks[0]), *state.stacks[1:]), state.pile, False),  # not a tuple
        (state.stacks, list(state.pile), False),
        (((1, *state.stacks[0][1:]), *state.stacks[1:]), state.pile, False),
    ]
    for stacks, pile, fast in cases:
        assert _whole_deck(stacks, pile) is fast
        if fast:
            _deck_problem(stacks, pile)  # the detailed check agrees
        # By identity: only the deck's own 52 objects, once each (not an equal copy).
        held = _deck_positions(stacks, pile)
        assert (held is not None) == (fast and stacks is state.stacks)
        if held is not None:
            assert held == [bytes(DECK.index(c) for c in cards) for cards in (*stacks, pile)]


def test_bm1_bm9_the_identity_path_gives_what_the_rank_path_gives() -> None:
    # A state whose cards are equal copies, not the deck's own objects, takes the
    # detailed paths, with the same result; so does every forged detector.
    for seed in range(4):
        state = _mid_game(seed, turns=40 + 17 * seed)
        copies = attrs.evolve(
            state,
            stacks=tuple(tuple(Card(c.rank, c.suit) for c in s) for s in state.stacks),
            pile=tuple(Card(c.rank, c.suit) for c in state.pile),
        )
        assert _deck_positions(copies.stacks, copies.pile) is None
        held = _deck_positions(state.stacks, state.pile)
        assert held is not None
        check_state(state)
        check_state(copies)
        for lam in (0, 1, state.cycle_lam + 1):
            forged = attrs.evolve(state, cycle_lam=lam)
            same = attrs.evolve(copies, cycle_lam=lam)
            assert _detector_problem(forged, held) == _detector_problem(same)


def test_bm1_a_refused_deck_keeps_its_detailed_message() -> None:
    state = _mid_game()
    extra = state.stacks[1][0]
    forged = attrs.evolve(state, stacks=(state.stacks[0] + (extra,), *state.stacks[1:]))
    message = rf"^stacks\[1\]\[0\]: duplicate card {extra} \(also at stacks\[0\]\[\d+\]\)$"
    with pytest.raises(InvalidStateError, match=message):
        check_state(forged)
    assert _whole_deck(tuple(DECK[i : i + 13] for i in range(0, 52, 13)), ())


def test_bm9_a_remembered_replay_never_passes_a_forged_detector() -> None:
    state = _mid_game(turns=80)
    check_state(state)
    check_state(state)  # remembered now
    assert _replay.cache_info().hits >= 1
    assert state.cycle_lam > 0
    for lam in range(state.cycle_lam):
        with pytest.raises(InvalidStateError, match="cycle_key"):
            check_state(attrs.evolve(state, cycle_lam=lam))
    # The same detector and counts with another position are replayed afresh: refused.
    stacks = state.stacks
    assert not any(state.out)
    assert stacks[0] != stacks[1]
    with pytest.raises(InvalidStateError, match="cycle_key"):
        check_state(attrs.evolve(state, stacks=(stacks[1], stacks[0], *stacks[2:])))


def test_bm9_only_passes_are_remembered_and_the_memory_is_bounded() -> None:
    assert _replay.cache_info().maxsize == 256
    state = _mid_game(seed=5)
    forged = attrs.evolve(state, cycle_key="0|" + "-" * 100_000)
    _replay.cache_clear()
    for _ in range(3):
        with pytest.raises(InvalidStateError):
            check_state(forged)
    assert _replay.cache_info().currsize == 0
