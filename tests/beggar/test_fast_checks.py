"""
The fast paths of Beggar's ``check_state``: the bulk BM-1 check and the remembered BM-9
replay must refuse exactly what the detailed checks refuse, with the same messages.
"""

from __future__ import annotations

import functools
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import beggar, testing
from cardrules.beggar import (
    DECK,
    Card,
    Rules,
    Turn,
    _checks,
    apply,
    check_state,
    new_game,
    play_out,
)
from cardrules.beggar._checks import (
    _check_state_detailed,
    _deck_positions,
    _deck_problem,
    _state_ok,
    _whole_deck,
)
from cardrules.beggar._fast import _detector_problem, _replay
from cardrules.errors import InvalidStateError
from tests._depth import scaled
from tests.check_agreement import assert_agree, mutants, played_states, small_changes

GAME = cardrules.get_game("beggar")


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


# --------------------------------------------------------------- the whole fast path
# ``check_state`` first asks ``_state_ok`` (issue 14), which may only pass what the
# detailed checks pass; tests/check_agreement.py holds the shared forgeries.

AGREE_RULES = [Rules(), Rules(players=3), Rules(players=4, max_cards=300)]
"""Normal ends (BM-7), 2 to 4 seats, seats out, and games cut at the card limit (BM-10)."""


@functools.cache
def _played() -> list[cardrules.beggar.State]:
    states = played_states(beggar, AGREE_RULES, games=3, every=37)
    # An endless game (BM-9), in mid-play and at its end.
    endless = new_game(stacks=beggar.RECORD_GAMES[-1].stacks)
    for _ in range(500):
        endless = apply(endless, Turn())
    states += [endless, play_out(endless).state]
    return states


def _move_card(state: cardrules.beggar.State, rng: random.Random) -> cardrules.beggar.State:
    """A near-valid forgery: one card moved from a stack or the pile to another place,
    or two cards swapped; the 52 cards stay DECK's own (BM-1), other invariants may
    break (the BM-9 replay, the payment of BM-5, a seat out holding cards)."""
    groups = [list(stack) for stack in state.stacks] + [list(state.pile)]
    full = [i for i, group in enumerate(groups) if group]
    source = rng.choice(full)
    card = groups[source].pop(rng.randrange(len(groups[source])))
    target = rng.randrange(len(groups))
    if rng.random() < 0.5:
        groups[target].insert(rng.randrange(len(groups[target]) + 1), card)
    else:
        groups[source].append(card)
        if groups[target]:
            k = rng.randrange(len(groups[target]))
            groups[target][k], groups[source][-1] = groups[source][-1], groups[target][k]
    return attrs.evolve(
        state, stacks=tuple(tuple(group) for group in groups[:-1]), pile=tuple(groups[-1])
    )


def test_the_fast_path_passes_every_played_state() -> None:
    states = _played()
    assert {s.ended for s in states} == {None, "normal", "endless", "card_limit"}
    assert any(any(s.out) and s.ended is None for s in states)
    for state in states:
        _check_state_detailed(state)
        assert _state_ok(state) is True
        # Loaded back, its cards are DECK's own objects again.
        assert _state_ok(cardrules.loads(cardrules.dumps(state))) is True


def test_equal_copies_of_cards_take_the_detailed_path() -> None:
    state = _played()[5]
    copies = attrs.evolve(
        state, stacks=tuple(tuple(Card(c.rank, c.suit) for c in s) for s in state.stacks)
    )
    assert _state_ok(copies) is False
    check_state(copies)  # the detailed checks pass it


def test_forged_states_get_the_detailed_answer() -> None:
    rng = random.Random(14)
    states = _played()
    passed = refused = 0
    for state in states:
        for forged in mutants(state, states, rng, 40, _move_card):
            if assert_agree(_checks, forged):
                passed += 1
            else:
                refused += 1
    assert passed > 50
    assert refused > 1000


def test_small_changes_get_the_detailed_answer() -> None:
    passed = refused = 0
    for state in _played()[::2]:
        for changed in small_changes(state):
            if assert_agree(_checks, changed):
                passed += 1
            else:
                refused += 1
    assert passed > 5
    assert refused > 200


def test_forged_detectors_get_the_detailed_answer() -> None:
    # BM-9: every nearby cycle_power and cycle_lam, keys of other states and odd keys.
    states = [s for s in _played() if s.cycle_key]
    keys = [s.cycle_key for s in states[:6]]
    keys += ["", "0", "0|", "|--", "2|" + "-" * 26 + "|" + "-" * 26, "0|*|*", " 0|-|-"]
    passed = refused = 0
    for state in states[::3]:
        power, lam = state.cycle_power, state.cycle_lam
        for p in {1, 2, power // 2, power, power * 2, 3}:
            for lam_ in {0, 1, lam - 1, lam, lam + 1, p - 1, p}:
                if assert_agree(_checks, attrs.evolve(state, cycle_power=p, cycle_lam=lam_)):
                    passed += 1
                else:
                    refused += 1
        for key in keys:
            refused += not assert_agree(_checks, attrs.evolve(state, cycle_key=key))
    assert passed >= len(states[::3])
    assert refused > 100


@settings(max_examples=scaled(15, 40), deadline=None)
@given(testing.states(GAME, rules=AGREE_RULES, max_moves=600), st.randoms(use_true_random=False))
def test_forged_played_states_get_the_detailed_answer(
    state: cardrules.beggar.State, rng: random.Random
) -> None:
    assert assert_agree(_checks, state)
    for forged in mutants(state, _played()[:20], rng, 20, _move_card):
        assert_agree(_checks, forged)
