"""
Biggenbende's refusals of forged states and views, pinned by the path of the bad field and the
rule ID the error cites (tests/refused.py), not by their wording (issue 23): one forged
field per case, in a state 30 random moves into a 3-player game.
"""

from __future__ import annotations

from typing import Any

import cardrules
from cardrules.biggenbende import ChooseFaceUp, PickUp, Play
from tests.refused import Forgery, move_refusal_test, played, refusal_tests

GAME = cardrules.get_game("biggenbende")
STATE = played("biggenbende", 3, 30)

# (field, index path into it, forged value, the error's path, the rule it cites)
STATE_CASES: list[Forgery] = [
    ("chips", (0,), -1, "chips[0]", None),
    ("direction", (), 0, "direction", None),
    ("discard", (0,), -3, "discard[0]", None),
    ("draw", (0,), -3, "draw[0]", None),
    ("face_down", (0, 0), -3, "face_down[0][0]", None),
    ("face_up", (0, 0), -2, "face_up[0][0]", None),
    ("discard", (0,), 1, "hands", None),
    ("draw", (0,), 1, "hands", None),
    ("face_down", (0, 0), 1, "hands", None),
    ("face_up", (0, 0), 0, "hands", None),
    ("hands", (0, 0), 1, "hands", None),
    ("removed", (0,), 0, "hands", None),
    ("hands", (0, 0), -1, "hands[0][0]", None),
    ("moves", (), -31, "moves", None),
    ("removed", (0,), -2, "removed[0]", None),
    ("round", (), 0, "round", None),
    ("round", (), 2, "starter", "BB-5"),
    ("starter", (), -1, "starter", "BB-5"),
    ("supply", (), -41, "supply", None),
    ("chips", (0,), 1, "supply", "BB-3"),
    ("supply", (), 39, "supply", "BB-3"),
    ("turn", (), -1, "turn", None),
]
VIEW_CASES: list[Forgery] = [
    ("chips", (0,), -1, "chips[0]", None),
    ("direction", (), 0, "direction", None),
    ("discard", (0,), -3, "discard[0]", None),
    ("discard", (0,), 3, "discard[1]", "BB-6"),
    ("draw_count", (), -28, "draw_count", None),
    ("draw_count", (), 26, "draw_count", "BB-1"),
    ("face_down", (0, 0), False, "draw_count", "BB-1"),
    ("face_up", (0, 0), 0, "draw_count", "BB-1"),
    ("hand_counts", (1,), 7, "draw_count", "BB-1"),
    ("removed", (0,), 0, "draw_count", "BB-1"),
    ("face_up", (0, 0), -2, "face_up[0][0]", None),
    ("face_up", (0, 0), 99, "hand", "BB-1"),
    ("removed", (0,), 99, "hand", "BB-1"),
    ("hand", (0,), -1, "hand[0]", None),
    ("hand", (0,), 1, "hand_counts[0]", None),
    ("hand_counts", (0,), 7, "hand_counts[0]", None),
    ("moves", (), -31, "moves", None),
    ("removed", (0,), -2, "removed[0]", None),
    ("round", (), 0, "round", None),
    ("seat", (), -1, "seat", None),
    ("round", (), 2, "starter", "BB-5"),
    ("starter", (), -1, "starter", "BB-5"),
    ("supply", (), -41, "supply", None),
    ("chips", (0,), 1, "supply", "BB-3"),
    ("supply", (), 39, "supply", "BB-3"),
    ("turn", (), -1, "turn", None),
]

# Moves met elsewhere in the game, illegal here, and the rule each breaks.
MOVE_CASES: list[tuple[Any, str]] = [
    (ChooseFaceUp(values=(0, 1, 3)), "BB-4"),
    (PickUp(), "BB-9"),
    (Play(value=1, count=1), "BB-7"),
]


(
    test_the_played_state_and_its_view_pass,
    test_a_forged_state_is_refused_at_its_path_by_its_rule,
    test_a_forged_view_is_refused_at_its_path_by_its_rule,
) = refusal_tests(GAME, STATE, STATE_CASES, VIEW_CASES)
test_an_illegal_move_is_refused_by_its_rule = move_refusal_test(GAME, STATE, MOVE_CASES)
