"""
Beggar's refusals of forged states and views, pinned by the path of the bad field and the
rule ID the error cites (tests/refused.py), not by their wording (issue 23): one forged
field per case, in a state 40 random moves into a 3-player game.
"""

from __future__ import annotations

import cardrules
from tests.refused import Forgery, played, refusal_tests

GAME = cardrules.get_game("beggar")
STATE = played("beggar", 3, 40)

# (field, index path into it, forged value, the error's path, the rule it cites)
STATE_CASES: list[Forgery] = [
    ("cards", (), -41, "cards", None),
    ("cycle_lam", (), 0, "cycle_key", "BM-9"),
    ("turn", (), 2, "cycle_key", "BM-9"),
    ("cycle_lam", (), -2, "cycle_lam", None),
    ("cycle_lam", (), 2, "cycle_power", None),
    ("cycle_power", (), 3, "cycle_power", None),
    ("tricks", (), 3, "cycle_power", None),
    ("ended", (), 0, "ended", None),
    ("out", (0,), True, "out[0]", "BM-7"),
    ("owed", (), 1, "owed", None),
    ("penalty_seat", (), -1, "penalty_seat", None),
    ("turn", (), 0, "penalty_seat", None),
    ("tricks", (), -5, "tricks", None),
    ("turn", (), -2, "turn", None),
]
VIEW_CASES: list[Forgery] = [
    ("cards", (), -41, "cards", None),
    ("ended", (), 0, "ended", None),
    ("out", (0,), True, "out[0]", "BM-7"),
    ("owed", (), 1, "owed", None),
    ("penalty_seat", (), -1, "penalty_seat", None),
    ("turn", (), 0, "penalty_seat", None),
    ("seat", (), -1, "seat", None),
    ("stack_sizes", (0,), 26, "stack_sizes", "BM-1"),
    ("stack_sizes", (0,), -28, "stack_sizes[0]", None),
    ("tricks", (), -5, "tricks", None),
    ("turn", (), -2, "turn", None),
]


(
    test_the_played_state_and_its_view_pass,
    test_a_forged_state_is_refused_at_its_path_by_its_rule,
    test_a_forged_view_is_refused_at_its_path_by_its_rule,
) = refusal_tests(GAME, STATE, STATE_CASES, VIEW_CASES)
