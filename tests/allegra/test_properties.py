"""
Properties of random Allegra play: a stateful machine (card conservation, AL-8 after
every completed action, removed places stay empty), the no-leak property (AL-14) and
random games ending.
"""

from __future__ import annotations

import collections
import functools
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from cardrules import allegra as al
from cardrules._rng import _below
from cardrules.allegra import CARD_VALUES, Draw, Give, Knock, Pass, Place, Rules, State
from tests.allegra.helpers import FILL, S, play, start

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


def card_count(state: State) -> list[int]:
    """How many cards of each value the state holds, wherever they are."""
    every = [c for c in state.cards if c is not None]
    every += [*state.deck, *state.discard, *state.removed]
    every += [c for c in (state.drawn, state.hand) if c is not None]
    counts = collections.Counter(every)
    return [counts[v] for v in CARD_VALUES]


def shown_triples(state: State) -> set[int]:
    """The places of every triple showing in ``state`` (seen from its public view)."""
    return triples(al.view(state, 0).cards, state.rules.players)


@functools.cache
def area_rows(seat: int, players: int) -> list[list[int]]:
    """The place indices of a seat's area, as 3 rows of 5."""
    places = [s.owner * 12 + s.row * 4 + s.col for s in al.area(seat, players)]
    return [places[r * 5 : r * 5 + 5] for r in range(3)]


def triples(cards: Sequence[int | None], players: int) -> set[int]:
    """An independent AL-8 oracle over face-up values (``None``: face down or empty):
    runs of three or more equal cards in a 5-wide area row, or a full area column."""
    found: set[int] = set()
    for seat in range(players):
        grid = area_rows(seat, players)
        for row in grid:
            k = 0
            while k < 5:
                end = k
                while (
                    end + 1 < 5
                    and cards[row[k]] is not None
                    and cards[row[end + 1]] == cards[row[k]]
                ):
                    end += 1
                if end - k >= 2:
                    found.update(row[k : end + 1])
                k = end + 1
        for col in range(5):
            line = [grid[r][col] for r in range(3)]
            values = {cards[i] for i in line}
            if len(values) == 1 and None not in values:
                found.update(line)
    return found


def empties(state: State) -> set[int]:
    return {i for i, c in enumerate(state.cards) if c is None}


def check_step(before: State, state: State) -> int:
    """Check one applied move; return how many places it removed."""
    al.check_state(state)
    # AL-1: every card is somewhere.
    assert card_count(state) == list(state.rules.deck)
    # AL-8: no triple shows after a completed action (the exchange is one action).
    if state.phase not in ("exchange", "over"):
        assert not shown_triples(state)
    empty = empties(state)
    assert len(empty) == len(state.removed)
    # A seat never acts twice in one knock window (AL-7).
    asked = (*state.knock_queue, *state.knockers, *state.passers)
    assert len(asked) == len(set(asked))
    if state.round != before.round or state.phase == "over":
        return 0
    # AL-8: removed places stay empty for the rest of the round.
    gone = empties(before)
    assert gone <= empty
    # Exactly the places of every line showing before the removal left: put the
    # removed cards back (they are listed in place order) and ask the oracle.
    new = sorted(empty - gone)
    values = state.removed[len(before.removed) :]
    assert len(values) == len(new)
    board = list(al.view(state, 0).cards)
    for i, v in zip(new, values, strict=True):
        board[i] = v
    if state.phase == "exchange":
        assert not new  # nothing leaves before exchange step 3
    else:
        assert triples(board, state.rules.players) == set(new)
    return len(new)


class AllegraMachine(RuleBasedStateMachine):
    """Random games, checked after every move."""

    state: State

    @initialize(
        players=st.integers(2, 6),
        seed=SEEDS,
        limit=st.sampled_from([1000, 1000, 40, 3]),
    )
    def deal(self, players: int, seed: int, limit: int) -> None:
        self.state = al.new_game(Rules(players=players, max_turns_per_round=limit), seed=seed)

    @rule(picks=st.lists(st.integers(0, 2**32), min_size=1, max_size=60))
    def play(self, picks: list[int]) -> None:
        for pick in picks:
            moves = al.legal_moves(self.state)
            if not moves:
                break
            before = self.state
            self.state = al.apply(before, moves[pick % len(moves)])
            check_step(before, self.state)

    @invariant()
    def to_move_matches(self) -> None:
        if hasattr(self, "state"):
            assert (al.to_move(self.state) is None) == al.is_over(self.state)


AllegraMachine.TestCase.settings = settings(
    AllegraMachine.TestCase.settings, stateful_step_count=25, deadline=None
)
TestAllegraMachine = AllegraMachine.TestCase


@st.composite
def mid_game_states(draw: st.DrawFn) -> State:
    players = draw(st.integers(2, 6))
    state = al.new_game(Rules(players=players), seed=draw(SEEDS))
    rng = draw(SEEDS)
    for _ in range(draw(st.integers(0, 400))):
        moves = al.legal_moves(state)
        if not moves:
            break
        k, rng = _below(rng, len(moves))
        state = al.apply(state, moves[k])
    return state


@given(mid_game_states(), st.integers(0, 2**64 - 1))
def test_al14_no_leak(state: State, seed: int) -> None:
    for seat in range(al.players(state)):
        other = al.redeal_hidden(state, seat, seed=seed)
        al.check_state(other)
        assert al.view(other, seat) == al.view(state, seat)
        if al.to_move(state) == seat:
            # What a seat may do depends only on what it sees.
            assert al.legal_moves(other) == al.legal_moves(state)


def test_al14_redeal_shuffles_only_what_nobody_sees() -> None:
    state = al.new_game(Rules(players=3), seed=1)
    others = [al.redeal_hidden(state, 0, seed=k) for k in range(5)]
    assert len({(o.cards, o.deck) for o in others}) == 5
    for other in others:
        assert card_count(other) == card_count(state)
        assert other.face_up == state.face_up
        assert other.discard == state.discard
        assert len(other.deck) == len(state.deck)


def test_the_triple_oracle_sees_a_pending_exchange_triple() -> None:
    # Mid-exchange (AL-7) a triple may show; the oracle must see it.
    grids = (FILL, FILL, "11* 11* 4 1 / 2 3 5 6 / 7 8 9 10", FILL)
    state = start(Rules(players=4), *grids, deck=(11,))
    state = play(state, Draw(), Pass(), Knock(), Pass(), Give(2), Place(S("p2.r0c2")))
    assert shown_triples(state) == {24, 25, 26}


@settings(max_examples=10)
@given(st.integers(2, 6), st.integers(0, 10**6))
def test_random_games_end(players: int, seed: int) -> None:
    state = al.new_game(Rules(players=players), seed=seed)
    rng = seed
    moves_made = 0
    while not al.is_over(state):
        moves = al.legal_moves(state)
        k, rng = _below(rng, len(moves))
        state = al.apply(state, moves[k])
        moves_made += 1
        assert moves_made < 20_000
    assert len(state.scores) == 3
    assert al.outcome(state) is not None


def test_random_games_end_and_follow_the_rules_for_fixed_seeds() -> None:
    removed = exchanges = 0
    for players in range(2, 7):
        for seed in range(5):
            state = al.new_game(Rules(players=players), seed=seed)
            rng = seed
            while not al.is_over(state):
                moves = al.legal_moves(state)
                k, rng = _below(rng, len(moves))
                before = state
                state = al.apply(state, moves[k])
                removed += check_step(before, state)
                exchanges += before.phase == "exchange"
            assert len(state.scores) == 3
    # The sample reaches what it is meant to check.
    assert removed > 50
    assert exchanges > 20


def test_al14_no_leak_during_an_exchange() -> None:
    grids = (FILL, "1 2 3 9 / 5 6 4 8 / 7 10 11 0", FILL, FILL)
    state = start(Rules(players=4), *grids, deck=(11,))
    state = play(state, Draw(), Knock(), Pass(), Pass(), Give(1), Place(S("p1.r1c1")))
    assert state.hand == 6
    hands = set()
    for seat in range(4):
        for k in range(20):
            other = al.redeal_hidden(state, seat, seed=k)
            al.check_state(other)
            assert al.view(other, seat) == al.view(state, seat)
            if seat == 1:
                assert other.hand == 6  # the knocker knows its card in hand
            else:
                hands.add(other.hand)
    assert len(hands) > 1  # for everyone else it is just a hidden card
