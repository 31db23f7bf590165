"""
rl.Trajectory.copy shares the lists of what every seat saw until one of the two grows
them (issue 26: OpenSpiel clones a state many times a move); each must still tell its
own history, whichever of the two plays or reads first.
"""

from __future__ import annotations

import pytest

import cardrules

pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from cardrules import rl


def _fresh(game: cardrules.game.AnyGame, seed: int, moves: list[object]) -> rl.Trajectory:
    trajectory = rl.Trajectory(game, game.new_game(game.Rules(players=3, rounds=1), seed=seed))
    for move in moves:
        trajectory.apply(move)
    return trajectory


@pytest.mark.parametrize("reads_first", ["original", "copy"])
def test_a_copy_and_its_original_keep_their_own_histories(reads_first: str) -> None:
    game = cardrules.get_game("biggenbende")
    original = _fresh(game, 5, [])
    played: list[object] = []
    for _ in range(12):
        move = game.legal_moves(original.state)[0]
        original.apply(move)
        played.append(move)
    for seat in range(3):  # rendered and counted up to here, then shared by the copy
        rl.information_state(game, seat, original)
    copy = original.copy()
    first_moves, second_moves = list(played), list(played)
    for trajectory, moves, pick in ((original, first_moves, 0), (copy, second_moves, -1)):
        for _ in range(6):
            move = game.legal_moves(trajectory.state)[pick]
            trajectory.apply(move)
            moves.append(move)
    order = (original, copy) if reads_first == "original" else (copy, original)
    for trajectory in order:
        moves = first_moves if trajectory is original else second_moves
        expected = _fresh(game, 5, moves)
        for seat in range(3):
            got = rl.information_state(game, seat, trajectory)
            want = rl.information_state(game, seat, expected)
            assert got.text == want.text
            assert got.tensor.tolist() == want.tensor.tolist()
            assert trajectory.seen(seat) == expected.seen(seat)
    assert first_moves != second_moves
