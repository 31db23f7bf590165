"""
GreedyBot's Biggenbende heuristic and the estimate ISMCTSBot cuts its rollouts with,
pinned in named positions built from explicit deals: a change in either is a visible
decision (update the figures here on purpose), never an accident (issue 23).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import cardrules
from cardrules import biggenbende as bb
from cardrules.biggenbende._greedy import estimate, heuristic
from cardrules.bots import GreedyBot
from cardrules.errors import WrongTypeError
from tests.biggenbende._deals import J, start

GAME = cardrules.get_game("biggenbende")


def _choice(state: bb.State, seat: int = 0) -> bb.Move:
    move: bb.Move = GreedyBot(GAME, seed=0).choose(bb.view(state, seat), bb.legal_moves(state))
    return move


def _threes_on_threes(discard: list[int]) -> bb.State:
    """Seat 0 holds a joker, two 3s, a 5 and two 8s; a 6 is left to draw."""
    return start([[J, 3, 3, 5, 8, 8], [4, 4, 9], [2, 7, 7]], discard=discard, draw=[6])


def test_bb12_completing_three_equal_cards_earns_the_burn_bonus() -> None:
    # Two 3s on top: one more 3 burns (BB-12), so both 3-plays get +5; the pair
    # sheds more and is played.
    state = _threes_on_threes([2, 3, 3])
    assert bb.legal_moves(state) == (
        bb.Play(J, 1),
        bb.Play(3, 1),
        bb.Play(3, 2),
        bb.Play(5, 1),
        bb.Play(8, 1),
        bb.Play(8, 2),
    )
    assert heuristic(bb.view(state, 0), bb.legal_moves(state)) == [
        -1001.0, -24.0, -23.0, -49.0, -501.0, -502.0,
    ]  # fmt: skip
    assert _choice(state) == bb.Play(3, 2)


def test_bb12_a_joker_breaks_the_run_on_top_of_the_pile() -> None:
    # 3, 3, joker, 3: the run on top is one 3, so a single 3 burns nothing; the pair
    # still makes three and gets the bonus.
    state = _threes_on_threes([3, 3, J, 3])
    assert heuristic(bb.view(state, 0), bb.legal_moves(state)) == [
        -1001.0, -29.0, -23.0, -49.0, -501.0, -502.0,
    ]  # fmt: skip
    assert _choice(state) == bb.Play(3, 2)


def test_bb13_bb6_an_eight_then_a_joker_only_when_nothing_else_goes() -> None:
    # On a 7 only the 8s (BB-13) and the joker (BB-6) are legal: one 8, keeping the rest.
    state = start([[J, 8, 8, 3], [4, 4, 9], [2, 5, 5]], discard=[7], draw=[6])
    moves = bb.legal_moves(state)
    assert moves == (bb.Play(J, 1), bb.Play(8, 1), bb.Play(8, 2))
    assert heuristic(bb.view(state, 0), moves) == [-1001.0, -501.0, -502.0]
    assert _choice(state) == bb.Play(8, 1)
    # With the 8s gone the joker is the only play left.
    state = start([[J, J, 3], [4, 4, 9], [2, 5, 5]], discard=[7], draw=[6])
    assert heuristic(bb.view(state, 0), bb.legal_moves(state)) == [-1001.0, -1002.0]
    assert _choice(state) == bb.Play(J, 1)


def test_bb4_the_strongest_cards_are_laid_face_up() -> None:
    # Joker 20, 8 16, then the value itself: joker, 8 and queen (12) make 48.
    state = start(
        [[J, 8, 12, 1, 2, 5, 11], [4, 4, 9, 1, 1, 1, 1], [2, 7, 7, 3, 3, 3, 3]], choose=True
    )
    moves = bb.legal_moves(state)
    scores = heuristic(bb.view(state, 0), moves)
    by_move = dict(zip(moves, scores, strict=True))
    assert by_move[bb.ChooseFaceUp((J, 8, 12))] == 48.0
    assert by_move[bb.ChooseFaceUp((J, 8, 11))] == 47.0
    assert by_move[bb.ChooseFaceUp((J, 11, 12))] == 43.0
    assert by_move[bb.ChooseFaceUp((1, 2, 5))] == 8.0
    assert max(scores) == 48.0
    assert _choice(state) == bb.ChooseFaceUp((J, 8, 12))


def test_bb11_bb9_blind_turns_and_pick_ups_all_score_alike() -> None:
    state = start([[], [4, 4, 9], [2, 7, 7]], discard=[5])
    moves = bb.legal_moves(state)
    assert moves == tuple(bb.TurnFaceDown(i) for i in range(3))
    assert heuristic(bb.view(state, 0), moves) == [0.0, 0.0, 0.0]
    state = start([[3], [4, 4, 9], [2, 7, 7]], discard=[5], draw=[1])
    assert heuristic(bb.view(state, 0), bb.legal_moves(state)) == [0.0]


def test_the_heuristic_refuses_what_is_not_a_view() -> None:
    state = _threes_on_threes([2])
    with pytest.raises(WrongTypeError, match=r"\ba biggenbende View\b"):
        heuristic(state, bb.legal_moves(state))  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"\ba biggenbende View\b"):
        estimate(state)  # type: ignore[arg-type]


def _table() -> bb.State:
    """Face-up rows dealt: seat 0 a queen, a 10 and an ace; seat 1 a joker, an 8 and a
    jack; seat 2 a 2, a 3 and a 4."""
    return start(
        [[J, 3, 3, 5, 8, 8], [4, 4, 9], [2, 7, 7]],
        face_up=[[12, 10, 1], [J, 8, 11], [2, 3, 4]],
        discard=[2, 3, 3],
        draw=[6],
    )


@pytest.mark.parametrize(
    ("seat", "expected"),
    [
        (0, [-1.043, -0.838, -1.278]),
        (1, [-0.939, -0.924, -1.278]),
        (2, [-0.939, -0.838, -1.325]),
    ],
)
def test_the_estimate_of_a_dealt_table_from_each_seat(seat: int, expected: list[float]) -> None:
    assert [round(x, 6) for x in estimate(bb.view(_table(), seat))] == expected


_P = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


def _every_value_counted(**fields: Any) -> bb.View:
    """
    A view (its fields set directly) whose hand and face-up rows hold a different number
    of every value, so that each weight of the estimate, and each value it reads, shows.
    """
    values: dict[str, Any] = {
        "hand": tuple(range(1, 14)),
        "hand_counts": (91, 40, 50),
        "face_up": (_P, _P[::-1], tuple(p + 1 for p in _P)),
        "face_down": ((True, False, True), (False, False, False), (True, True, True)),
        "draw_count": 1,
    }
    return attrs.evolve(bb.view(_table(), 0), **(values | fields))


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({}, [-6.025, -35.535, -20.873]),
        ({"draw_count": 0}, [-12.668, -38.055, -24.023]),  # BB-8: nothing refills a hand
        ({"seat": 1}, [-19.252, -25.768, -20.873]),
    ],
)
def test_the_estimate_weighs_every_value_held_and_face_up(
    fields: dict[str, Any], expected: list[float]
) -> None:
    assert [round(x, 6) for x in estimate(_every_value_counted(**fields))] == expected


@pytest.mark.parametrize(
    ("places", "supply", "out_scores"),
    [
        ((1,), 2, {1: 2.0}),
        ((2, 1), 10, {2: 3.0, 1: 2.0}),
        ((2, 1), 1, {2: 1.0, 1: 1.0}),
    ],
)
def test_bb18_a_seat_out_expects_its_chips_as_far_as_the_supply_goes(
    places: tuple[int, ...], supply: int, out_scores: dict[int, float]
) -> None:
    scores = estimate(_every_value_counted(places=places, supply=supply))
    assert round(scores[0], 6) == -6.025
    for seat, chips in out_scores.items():
        assert scores[seat] == chips


def test_the_estimate_refuses_a_view_whose_seats_do_not_match() -> None:
    # One score per seat or none: a view with a seat missing from one of its
    # per-seat fields is not scored for the seats it happens to list.
    with pytest.raises(ValueError, match="zip"):
        estimate(_every_value_counted(hand_counts=(91, 40)))
