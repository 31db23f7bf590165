"""
Beggar's refusals of forged states and views, pinned by the path of the bad field and the
rule ID the error cites (tests/refused.py), not by their wording (issue 23): one forged
field per case, in a state 40 random moves into a 3-player game.
"""

from __future__ import annotations

from typing import Any

import pytest

import cardrules
from cardrules.errors import InvalidStateError
from tests.refused import forged, played, refused

GAME = cardrules.get_game("beggar")
STATE = played("beggar", 3, 40)

# (field, index path into it, forged value, the error's path, the rule it cites)
STATE_CASES: list[tuple[str, tuple[int, ...], Any, str, str | None]] = [
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
VIEW_CASES: list[tuple[str, tuple[int, ...], Any, str, str | None]] = [
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


def test_the_played_state_and_its_view_pass() -> None:
    GAME.check_state(STATE)
    GAME.check_view(GAME.view(STATE, 0))


@pytest.mark.parametrize(("field", "path", "new", "where", "rule"), STATE_CASES)
def test_a_forged_state_is_refused_at_its_path_by_its_rule(
    field: str, path: tuple[int, ...], new: Any, where: str, rule: str | None
) -> None:
    with refused(InvalidStateError, where, rule):
        GAME.check_state(forged(STATE, field, path, new))


@pytest.mark.parametrize(("field", "path", "new", "where", "rule"), VIEW_CASES)
def test_a_forged_view_is_refused_at_its_path_by_its_rule(
    field: str, path: tuple[int, ...], new: Any, where: str, rule: str | None
) -> None:
    with refused(InvalidStateError, where, rule):
        GAME.check_view(forged(GAME.view(STATE, 0), field, path, new))
