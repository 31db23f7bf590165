"""
``redeal_seen``: worlds that keep what a seat remembers from its history (BB-6, BB-9,
BB-11, BB-21), checked against a model of the known cards written from the states, not
the events, and against the true state, which every memory must fit.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import biggenbende as bb
from cardrules._rng import _below
from cardrules.biggenbende._cards import EMPTY, playable
from cardrules.biggenbende._recall import _remembered
from cardrules.biggenbende._view import _matches
from cardrules.errors import RulesError, WrongTypeError
from cardrules.rl import Trajectory

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


class _Memory:
    """What every seat knows of the other hands, followed from the states: the pile a
    seat takes (BB-9; with a face-down card it could not play, BB-11, the pile but not
    the card) is known to be in its hand, less what it plays from the hand (BB-7)."""

    def __init__(self, players: int) -> None:
        self.known = [[0] * 13 for _ in range(players)]

    def step(self, before: bb.State, move: bb.Move, after: bb.State) -> None:
        mover = before.turn
        if after.round != before.round:  # BB-4: a new deal
            self.known = [[0] * 13 for _ in self.known]
            return
        if before.phase != "play" or mover is None:
            return
        held = self.known[mover]
        if type(move) is bb.PickUp or (
            type(move) is bb.TurnFaceDown
            and not playable(before.face_down[mover][move.position], before.discard)  # type: ignore[arg-type]
        ):
            for card in before.discard:
                held[card] += 1
        elif type(move) is bb.Play and before.hands[mover] != EMPTY:
            held[move.value] = max(0, held[move.value] - move.count)

    def of(self, seat: int) -> tuple[tuple[int, ...], ...]:
        """What ``seat`` knows: the others' known cards (its own hand it sees)."""
        return tuple((0,) * 13 if s == seat else tuple(row) for s, row in enumerate(self.known))


def _play(players: int, seed: int, steps: int, pick: int) -> tuple[Trajectory, _Memory]:
    trajectory = Trajectory(bb.GAME, bb.new_game(bb.Rules(players=players), seed=seed))
    memory = _Memory(players)
    for _ in range(steps):
        moves = bb.legal_moves(trajectory.state)
        if not moves:
            break
        index, pick = _below(pick, len(moves))
        before = trajectory.state
        trajectory.apply(moves[index])
        memory.step(before, moves[index], trajectory.state)
    return trajectory, memory


@settings(deadline=None)
@given(
    players=st.integers(3, 6),
    seed=SEEDS,
    steps=st.integers(0, 900),
    pick=SEEDS,
    redeal=SEEDS,
)
def test_no_leak_redeal_seen_keeps_the_view_and_what_the_seat_remembers(
    players: int, seed: int, steps: int, pick: int, redeal: int
) -> None:
    trajectory, model = _play(players, seed, steps, pick)
    state = trajectory.state
    for seat in range(players):
        seen = trajectory.seen(seat)
        # Once the match is over nothing is hidden that a memory could keep.
        known = model.of(seat) if state.phase != "over" else ((0,) * 13,) * players
        # _remembered refuses a memory that the true state does not fit.
        memory = _remembered(state, seat, seen)
        assert memory.known == known
        world = bb.redeal_seen(state, seat, seen, seed=redeal)
        bb.check_state(world)
        assert bb.view(world, seat) == bb.view(state, seat)  # BB-21
        for s in range(players):
            hand = world.hands[s]
            assert all(w >= k for w, k in zip(hand, known[s], strict=True))
            rest = [v for v in range(13) for _ in range(hand[v] - known[s][v])]
            assert _matches(rest, memory.caps[s]) is not None  # the low cards are low
        # The same seed gives the same world; with nothing remembered, redeal_hidden's.
        assert bb.redeal_seen(state, seat, seen, seed=redeal) == world
        if memory.empty():
            assert world == bb.redeal_hidden(state, seat, seed=redeal)


# Whole matches: four seats in the quick run, every table in CI's slow run.
@pytest.mark.parametrize(
    "players", [pytest.param(n, marks=pytest.mark.slow) if n != 4 else n for n in (3, 4, 5, 6)]
)
def test_whole_matches_every_memory_fits_the_truth_and_its_worlds(players: int) -> None:
    # Every 7th position of two random matches, for every seat: the memory fits the
    # true state (_remembered refuses it otherwise), its worlds keep the view, hold the
    # known cards and the low cards, and some memories say something.
    said = 0
    for seed in range(2):
        trajectory = Trajectory(bb.GAME, bb.new_game(bb.Rules(players=players), seed=seed))
        pick, step = seed + 99, 0
        while moves := bb.legal_moves(trajectory.state):
            index, pick = _below(pick, len(moves))
            trajectory.apply(moves[index])
            step += 1
            if step % 7:
                continue
            state = trajectory.state
            for seat in range(players):
                seen = trajectory.seen(seat)
                memory = _remembered(state, seat, seen)
                said += not memory.empty()
                world = bb.redeal_seen(state, seat, seen, seed=step)
                assert bb.view(world, seat) == bb.view(state, seat)
                for s in range(players):
                    hand, known = world.hands[s], memory.known[s]
                    rest = [v for v in range(13) for _ in range(hand[v] - known[v])]
                    assert min(h - k for h, k in zip(hand, known, strict=True)) >= 0
                    assert _matches(rest, memory.caps[s]) is not None
    assert said > 20


def _after_a_pickup(seed: int = 4) -> tuple[Trajectory, tuple[int, ...]]:
    """A 3-player game played by first moves until seat 1 saw seat 0 take the pile."""
    trajectory = Trajectory(bb.GAME, bb.new_game(bb.Rules(players=3), seed=seed))
    pile: tuple[int, ...] = ()
    while not any(type(e) is bb.PileTaken and e.seat == 0 for e in trajectory.seen(1)):
        pile = trajectory.state.discard
        trajectory.apply(bb.legal_moves(trajectory.state)[0])
    return trajectory, pile


def test_a_taken_pile_stays_in_the_takers_hand_and_the_rest_is_shuffled() -> None:
    trajectory, pile = _after_a_pickup()
    state, seen = trajectory.state, trajectory.seen(1)
    assert len(pile) >= 3
    taken = [pile.count(v) for v in range(13)]
    remembering = [bb.redeal_seen(state, 1, seen, seed=k) for k in range(30)]
    forgetting = [bb.redeal_hidden(state, 1, seed=k) for k in range(30)]
    assert all(
        all(w.hands[0][v] >= taken[v] for v in range(13)) for w in remembering
    )  # BB-9: seat 1 saw these go into seat 0's hand
    assert not all(all(w.hands[0][v] >= taken[v] for v in range(13)) for w in forgetting)
    # What seat 1 cannot know is still redealt: hands, face-down cards, the draw pile.
    assert len({w.hands[0] for w in remembering}) > 1
    assert len({w.draw for w in remembering}) > 1
    # Seat 0 knows its own hand: its memory keeps nothing of it.
    assert bb.redeal_seen(state, 0, trajectory.seen(0), seed=3) == bb.redeal_hidden(
        state, 0, seed=3
    )


def test_a_play_from_the_hand_may_be_a_taken_card() -> None:
    state = bb.new_game(bb.Rules(players=3), seed=1)
    state = attrs.evolve(state, phase="play", turn=0)
    hand = [0] * 13
    hand[5], hand[6] = 2, 1
    state = attrs.evolve(state, hands=(state.hands[0], tuple(hand), state.hands[2]))
    seen: list[Any] = [
        bb.Played(1, 5, 2, "hand"),
        bb.Played(2, 6, 1, "hand"),
        bb.PileTaken(1, 3, blind=False),
    ]
    assert _remembered(state, 0, seen).known[1][5:7] == (2, 1)
    seen.append(bb.Played(1, 5, 1, "hand"))  # one of the fives, maybe a taken one
    assert _remembered(state, 0, seen).known[1][5:7] == (1, 1)
    seen.append(bb.Played(1, 6, 1, "face_up"))  # not from the hand: the six stays
    assert _remembered(state, 0, seen).known[1][5:7] == (1, 1)
    seen += [bb.Played(2, 7, 1, "hand"), bb.Burned(2, 8, 2)]  # BB-13: a burnt pile
    seen.append(bb.PileTaken(1, 0, blind=False))
    assert _remembered(state, 0, seen).known[1][5:8] == (1, 1, 0)


def test_a_list_history_is_read_afresh_every_time() -> None:
    trajectory, _ = _after_a_pickup()
    state = trajectory.state
    seen = list(trajectory.seen(1))
    assert not _remembered(state, 1, seen).empty()
    del seen[:]  # the same list, emptied: nothing is remembered now
    assert _remembered(state, 1, seen).empty()


def test_redeal_seen_refuses_a_history_that_does_not_fit() -> None:
    trajectory, _ = _after_a_pickup()
    state, seen = trajectory.state, trajectory.seen(1)
    with pytest.raises(RulesError, match="seat must be"):
        bb.redeal_seen(state, 7, seen, seed=1)
    with pytest.raises(RulesError, match="seed"):
        bb.redeal_seen(state, 1, seen, seed=-1)
    with pytest.raises(RulesError, match="tuple or list"):
        bb.redeal_seen(state, 1, iter(seen), seed=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"seen\[1\] is not a biggenbende move or event"):
        bb.redeal_seen(state, 1, (seen[0], "a played card"), seed=1)
    with pytest.raises(RulesError, match="ends in round 2"):
        bb.redeal_seen(state, 1, (*seen, bb.RoundStarted(2, 1)), seed=1)
    with pytest.raises(RulesError, match="does not fit the state"):
        bb.redeal_seen(state, 1, (*seen, bb.Played(9, 5, 1, "hand")), seed=1)
    # More of a value than the hand holds: the history is another game's.
    many = (*(bb.Played(1, 12, 1, "hand") for _ in range(6)), bb.PileTaken(2, 6, False))
    with pytest.raises(RulesError, match="does not fit the state"):
        bb.redeal_seen(state, 1, many, seed=1)
    with pytest.raises(WrongTypeError, match="expected a biggenbende"):
        bb.redeal_seen("a state", 1, seen, seed=1)  # type: ignore[arg-type]


def _forced_pickup(
    players: int = 4, first: int = 0
) -> tuple[Trajectory, int, int, tuple[int, ...]]:
    """A game played by first moves until a seat other than 0 had to take a pile with
    a valued top card while holding cards: the trajectory, the taker, the top card and
    the pile."""
    for seed in range(first, first + 50):
        trajectory = Trajectory(bb.GAME, bb.new_game(bb.Rules(players=players), seed=seed))
        while not bb.is_over(trajectory.state):
            state = trajectory.state
            move = bb.legal_moves(state)[0]
            taker = state.turn
            trajectory.apply(move)
            if (
                type(move) is bb.PickUp
                and taker not in (None, 0)
                and state.discard[-1] != bb.JOKER
                and sum(state.hands[taker]) >= 3
            ):
                assert taker is not None
                return trajectory, taker, state.discard[-1], state.discard
    raise AssertionError("no forced pick-up found")


def test_a_forced_pickup_shows_the_hand_was_low() -> None:
    # BB-6, BB-9: the taker could play no card, so every card it held was lower than
    # the top card and no joker; in every world the hand is the pile and such cards.
    trajectory, taker, top, pile = _forced_pickup()
    state, seen = trajectory.state, trajectory.seen(0)
    memory = _remembered(state, 0, seen)
    held = sum(state.hands[taker]) - len(pile)
    assert memory.caps[taker] == (top,) * held
    worlds = [bb.redeal_seen(state, 0, seen, seed=k) for k in range(30)]
    for world in worlds:
        assert bb.view(world, 0) == bb.view(state, 0)
        extra = [world.hands[taker][v] - pile.count(v) for v in range(13)]
        assert min(extra) >= 0
        assert sum(extra[top:]) == 0
        assert extra[bb.JOKER] == 0
    # Without the memory, some world gives the taker a high card or a joker besides.
    forgetting = [bb.redeal_hidden(state, 0, seed=k) for k in range(30)]
    assert any(
        w.hands[taker][v] > pile.count(v) for w in forgetting for v in (bb.JOKER, *range(top, 13))
    )


def _with_hand(state: bb.State, seat: int, **cards: int) -> bb.State:
    """``state`` with the hand of ``seat`` holding ``cards`` (``v7=1``: one 7)."""
    hand = [0] * 13
    for name, count in cards.items():
        hand[int(name[1:])] = count
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    return attrs.evolve(state, phase="play", turn=2, hands=tuple(hands))


def test_a_low_card_played_leaves_the_others_low() -> None:
    state = bb.new_game(bb.Rules(players=3), seed=1)
    # Seat 1 holds two cards when it must take a 7 (BB-9): both are below 7.
    seen: list[Any] = [bb.Played(2, 7, 1, "hand"), bb.PileTaken(1, 1, blind=False)]
    memory = _remembered(_with_hand(state, 1, v2=1, v3=1, v7=1), 0, seen)
    assert memory.caps[1] == (7, 7)
    assert memory.known[1][7] == 1
    # It plays a 2, one of them, and draws a card of any kind: one low card is left.
    seen += [bb.Played(1, 2, 1, "hand"), bb.Drew(1, 1, None)]
    memory = _remembered(_with_hand(state, 1, v3=1, v7=1, v9=1), 0, seen)
    assert memory.caps[1] == (7,)
    assert memory.known[1][7] == 1
    # It plays the 7 it took, or a 7 it drew: the low card stays low.
    seen += [bb.Played(1, 7, 1, "hand")]
    memory = _remembered(_with_hand(state, 1, v3=1, v9=1), 0, seen)
    assert memory.caps[1] == (7,)
    assert memory.known[1][7] == 0
    # A hand that is not as low as the pick-up showed: the history is another game's.
    with pytest.raises(RulesError, match="not as low as its pick-ups showed"):
        bb.redeal_seen(_with_hand(state, 1, v9=1, v10=1), 0, seen, seed=1)
    # A blind pick-up (BB-11): the turned card could not be played, so it is low too.
    blind: list[Any] = [
        bb.Played(2, 9, 1, "hand"),
        bb.FaceDownTurned(1, 0, None, playable=False),
        bb.PileTaken(1, 2, blind=True),
    ]
    memory = _remembered(_with_hand(state, 1, v4=1, v9=1), 0, blind)
    assert memory.caps[1] == (9,)
    assert memory.known[1][9] == 1


def test_the_game_offers_redeal_seen() -> None:
    assert bb.GAME.redeal_seen is bb.redeal_seen
