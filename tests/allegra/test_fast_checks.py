"""
The fast path of Allegra's ``check_state`` (``_state_ok``, issue 14): it passes every
played state (but one mid-exchange with a triple pending, which the detailed checks
look at), and on played and forged states only what the detailed checks pass, so that
``check_state`` answers as they do; its whole-grid triple test (AL-8) finds exactly
the triples ``_any_triple`` finds.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import allegra as al
from cardrules import testing
from cardrules.allegra import _checks
from cardrules.allegra._board import _any_triple
from cardrules.allegra._checks import _BOARDS, _check_state_detailed, _state_ok
from cardrules.allegra._geometry import GRID, TABLES
from tests._depth import scaled
from tests.check_agreement import assert_agree, mutants, played_states, small_changes

GAME = cardrules.get_game("allegra")

RULES = [
    al.Rules(players=2, rounds=2, max_turns_per_round=80),
    al.Rules(players=3, deck=(10, 10, 10, 8, *(0,) * 9), rounds=2, max_turns_per_round=40),
    al.Rules(players=4, rounds=2, max_turns_per_round=30),
    al.Rules(players=6, rounds=1, max_turns_per_round=15),
]
"""Rounds ended (AL-9) and cut (AL-13), knocking (AL-7, 3 seats or more), a small deck
with many triples (AL-8) and rebuilds (AL-11), 2 to 6 seats."""


@functools.cache
def _played() -> list[al.State]:
    return played_states(al, RULES, games=2, every=2)


def _pending_triple(state: al.State) -> bool:
    """Mid-exchange, a triple may show until step 3 (AL-8): the fast path leaves that
    state to the detailed checks."""
    t = TABLES[state.rules.players]
    return state.phase == "exchange" and _any_triple(t, state.cards, state.face_up)


def _swap_cards(state: al.State, rng: random.Random) -> al.State:
    """A near-valid forgery: two cards swapped between places, deck, discard pile, the
    drawn card and the hand, or a face-up flag turned; the cards stay those of the
    deck (AL-1), but other invariants may break."""
    spots = [("cards", i) for i, c in enumerate(state.cards) if c is not None]
    spots += [(name, i) for name in ("deck", "discard") for i in range(len(getattr(state, name)))]
    spots += [(name, -1) for name in ("drawn", "hand") if getattr(state, name) is not None]
    roll = rng.random()
    if roll < 0.2:
        # A card from one pile to another: the count of removed cards (AL-8), the
        # deck's size (AL-4, AL-11) and an empty discard pile may break.
        names = [name for name in ("deck", "discard", "removed") if getattr(state, name)]
        if names:
            a = rng.choice(names)
            b = rng.choice([name for name in ("deck", "discard", "removed") if name != a])
            pile, other = getattr(state, a), getattr(state, b)
            k = rng.randrange(len(pile))
            return attrs.evolve(state, **{a: pile[:k] + pile[k + 1 :], b: (*other, pile[k])})
    if roll < 0.4:
        i = rng.randrange(len(state.face_up))
        face_up = (*state.face_up[:i], not state.face_up[i], *state.face_up[i + 1 :])
        return attrs.evolve(state, face_up=face_up)
    fields: dict[str, list[Any]] = {
        n: list(getattr(state, n)) for n in ("cards", "deck", "discard")
    }
    single: dict[str, Any] = {name: getattr(state, name) for name in ("drawn", "hand")}
    (a, i), (b, j) = rng.sample(spots, 2)

    def get(name: str, k: int) -> Any:
        return single[name] if k < 0 else fields[name][k]

    def put(name: str, k: int, value: Any) -> None:
        if k < 0:
            single[name] = value
        else:
            fields[name][k] = value

    x, y = get(a, i), get(b, j)
    put(a, i, y)
    put(b, j, x)
    changes: dict[str, Any] = {k: tuple(v) for k, v in fields.items()} | single
    return attrs.evolve(state, **changes)


def test_the_fast_path_passes_every_played_state() -> None:
    states = _played()
    assert {s.phase for s in states} >= {"reveal", "turn", "knock", "give", "drawn", "over"}
    left = 0
    for state in states:
        _check_state_detailed(state)
        if _pending_triple(state):
            left += 1
        else:
            assert _state_ok(state) is True
    assert left < len(states) // 20


def test_forged_states_get_the_detailed_answer() -> None:
    rng = random.Random(14)
    states = _played()
    passed = refused = 0
    for state in states[::3]:
        for forged in mutants(state, states, rng, 25, _swap_cards):
            if assert_agree(_checks, forged):
                passed += 1
            else:
                refused += 1
    assert passed > 50
    assert refused > 1000


def test_small_changes_get_the_detailed_answer() -> None:
    passed = 0
    # Every other played state in CI's deep profile, every fourth in the quick run.
    for state in _played()[:: scaled(4, 2)]:
        for changed in small_changes(state):
            passed += assert_agree(_checks, changed)
    assert passed > 20


def test_forged_round_scores_get_the_detailed_answer() -> None:
    # AL-10, AL-13: a round score in -15..330, -15..165 in a cut round, and only the
    # ender's above 165.
    state = next(s for s in _played() if s.round == 2 and s.phase == "turn")
    n = state.rules.players
    rows = [(200, 200, *(0,) * (n - 2)), (-16, *(0,) * (n - 1)), (331, *(0,) * (n - 1))]
    for row in rows:
        assert not assert_agree(_checks, attrs.evolve(state, scores=(row,)))
    doubled = (200, *(0,) * (n - 1))
    assert assert_agree(_checks, attrs.evolve(state, scores=(doubled,)))
    assert not assert_agree(_checks, attrs.evolve(state, scores=(doubled,), cut_rounds=(1,)))


@settings(max_examples=scaled(20, 60))
@given(testing.states(GAME, rules=RULES, max_moves=300), st.randoms(use_true_random=False))
def test_forged_played_states_get_the_detailed_answer(state: al.State, rng: random.Random) -> None:
    assert assert_agree(_checks, state)
    for forged in mutants(state, _played()[:40], rng, 20, _swap_cards):
        assert_agree(_checks, forged)


@given(st.integers(2, 6), st.data())
def test_the_whole_grid_triple_test_finds_what_any_triple_finds(
    players: int, data: st.DataObject
) -> None:
    m = players * GRID
    values = st.one_of(st.none(), st.integers(-1, 1), st.integers(-1, 11))
    cards = data.draw(st.lists(values, min_size=m, max_size=m))
    flags = data.draw(st.lists(st.booleans(), min_size=m, max_size=m))
    face_up = [c is not None and up for c, up in zip(cards, flags, strict=True)]
    as_bytes = bytes(0x7F if c is None else c & 0xFF for c in cards)
    found = _BOARDS[players].shows_triple(as_bytes, bytes(face_up))
    assert found == _any_triple(TABLES[players], cards, face_up)


def test_every_window_alone_is_found() -> None:
    # One triple at a time, in each window of every table, on a grid of no other
    # triple: the whole-grid test misses no kind of window (rows, across the shared
    # column, columns) and sees none where the cards differ or one lies face down.
    for players, t in TABLES.items():
        board = _BOARDS[players]
        m = players * GRID
        base = [(i % 5) + 3 * (i % 2) for i in range(m)]  # no three equal in a window
        assert not _any_triple(t, base, [True] * m)
        for window in t.windows:
            cards = list(base)
            for i in window:
                cards[i] = -1
            up = [True] * m
            assert board.shows_triple(bytes(c & 0xFF for c in cards), bytes(up)), window
            up[window[1]] = False
            assert not board.shows_triple(bytes(c & 0xFF for c in cards), bytes(up)), window
