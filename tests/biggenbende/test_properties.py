"""Properties of Biggenbende under random play: a stateful test, no leaks, termination."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from cardrules import biggenbende as bb
from cardrules._rng import _below

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


def _cards(state: bb.State) -> tuple[int, ...]:
    """Every card of the round, counted by value."""
    out = list(state.removed)
    for card in (*state.draw, *state.discard):
        out[card] += 1
    for s in range(state.rules.players):
        for v in range(13):
            out[v] += state.hands[s][v] + state.face_up[s][v]
        for down in state.face_down[s]:
            if down is not None:
                out[down] += 1
    return tuple(out)


def _random_moves(state: bb.State, steps: int, pick: int) -> bb.State:
    for _ in range(steps):
        moves = bb.legal_moves(state)
        if not moves:
            break
        index, pick = _below(pick, len(moves))
        state = bb.apply(state, moves[index])
    return state


class RandomMatch(RuleBasedStateMachine):
    """Random matches, checking the invariants of issue 3 after every move."""

    state: bb.State

    @initialize(
        players=st.integers(3, 6),
        seed=SEEDS,
        limit=st.sampled_from([5000, 5000, 80, None]),
    )
    def deal(self, players: int, seed: int, limit: int | None) -> None:
        self.state = bb.new_game(bb.Rules(players=players, max_turns_per_round=limit), seed=seed)

    def _step(self, move: bb.Move) -> None:
        before = self.state
        seat = bb.to_move(before)
        assert seat is not None
        if isinstance(move, bb.TurnFaceDown):
            # Face-down cards only when hand and face-up cards are empty (BB-7, BB-11).
            assert sum(before.hands[seat]) == 0
            assert sum(before.face_up[seat]) == 0
        after = bb.apply(before, move)
        if after.round == before.round and after.face_down[seat] != before.face_down[seat]:
            assert isinstance(move, bb.TurnFaceDown)
        for other in range(before.rules.players):
            if other != seat and after.round == before.round:
                assert after.face_down[other] == before.face_down[other]
        self.state = after
        self._check()

    def _check(self) -> None:
        state = self.state
        rules = state.rules
        assert _cards(state) == rules.deck  # card conservation
        assert 0 <= sum(state.chips) <= rules.chips  # chips never exceed the supply
        assert state.supply + sum(state.chips) == rules.chips
        top = state.discard[-3:]
        assert not (len(top) == 3 and top[0] == top[1] == top[2])  # BB-12
        if not bb.is_over(state):
            seat = bb.to_move(state)
            assert seat is not None
            assert seat not in state.places  # the seat to move is in the round
            moves = bb.legal_moves(state)
            assert len(set(moves)) == len(moves)
            if bb.PickUp() in moves:
                assert moves == (bb.PickUp(),)  # BB-9: only when forced
            if any(isinstance(m, bb.TurnFaceDown) for m in moves):
                assert sum(state.hands[seat]) == sum(state.face_up[seat]) == 0  # BB-7
        bb.check_state(state)

    @precondition(lambda self: not bb.is_over(self.state))
    @rule(data=st.data())
    def one_move(self, data: st.DataObject) -> None:
        moves = bb.legal_moves(self.state)
        self._step(data.draw(st.sampled_from(moves)))

    @precondition(lambda self: not bb.is_over(self.state))
    @rule(steps=st.integers(1, 500), pick=SEEDS)
    def many_moves(self, steps: int, pick: int) -> None:
        for _ in range(steps):
            moves = bb.legal_moves(self.state)
            if not moves:
                break
            index, pick = _below(pick, len(moves))
            self._step(moves[index])

    @rule(redeal=SEEDS)
    def look(self, redeal: int) -> None:
        # Always possible, also once the match is over: views see no hidden change.
        for seat in range(self.state.rules.players):
            other = bb.redeal_hidden(self.state, seat, seed=redeal)
            assert bb.view(other, seat) == bb.view(self.state, seat)

    @invariant()
    def over_means_no_moves(self) -> None:
        over = bb.is_over(self.state)
        assert over == (bb.legal_moves(self.state) == ())
        assert over == (bb.outcome(self.state) is not None)


RandomMatch.TestCase.settings = settings(settings(), stateful_step_count=30)
TestRandomMatch = RandomMatch.TestCase


@given(
    players=st.integers(3, 6),
    seed=SEEDS,
    steps=st.integers(0, 1500),
    pick=SEEDS,
    redeal=st.integers(0, 2**64 - 1),
)
def test_no_leak_redeal_hidden_keeps_every_view(
    players: int, seed: int, steps: int, pick: int, redeal: int
) -> None:
    state = _random_moves(bb.new_game(bb.Rules(players=players), seed=seed), steps, pick)
    for seat in range(players):
        other = bb.redeal_hidden(state, seat, seed=redeal)
        bb.check_state(other)
        assert bb.view(other, seat) == bb.view(state, seat)
        assert other.hands[seat] == state.hands[seat]
        assert len(other.draw) == len(state.draw)


def test_no_leak_the_choices_stay_hidden_while_dealing() -> None:
    state = bb.new_game(bb.Rules(players=4), seed=8)
    state = bb.apply(state, bb.legal_moves(state)[0])
    for k in range(20):
        other = bb.redeal_hidden(state, 1, seed=k)
        assert bb.view(other, 1) == bb.view(state, 1)
        assert sum(other.face_up[0]) == 3
        assert sum(other.hands[0]) == 4
    # What the seat cannot see does change.
    assert any(
        bb.redeal_hidden(state, 1, seed=k).face_up[0] != state.face_up[0] for k in range(20)
    )


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_play_ends_every_match(players: int) -> None:
    for seed in range(3):
        state = bb.new_game(bb.Rules(players=players), seed=seed)
        for count in range(100_000):
            moves = bb.legal_moves(state)
            if not moves:
                break
            state = bb.apply(state, moves[(seed * 7919 + count * 104729) % len(moves)])
            if count % 50 == 0:
                bb.check_state(state)
        assert bb.is_over(state)
        bb.check_state(state)
        result = bb.outcome(state)
        assert result is not None
        assert len(result.scores) == players


@given(players=st.integers(3, 6), seed=SEEDS, pick=SEEDS)
@settings(max_examples=10)
def test_check_state_passes_along_random_play(players: int, seed: int, pick: int) -> None:
    state = bb.new_game(bb.Rules(players=players, max_turns_per_round=150), seed=seed)
    while not bb.is_over(state):
        moves = bb.legal_moves(state)
        index, pick = _below(pick, len(moves))
        state = bb.apply(state, moves[index])
        bb.check_state(state)
