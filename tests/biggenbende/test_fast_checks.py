"""
The bulk checks of Biggenbende's ``check_state``: they pass only what the detailed,
per-path checks pass, and a refused state keeps the detailed message.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardrules import biggenbende as bb
from cardrules.biggenbende._checks import _ints_in
from cardrules.errors import InvalidStateError


def test_the_bulk_int_check_takes_exact_ints_in_range_only() -> None:
    assert _ints_in(())
    assert _ints_in((0, 3, 12), 12)
    assert _ints_in((0, 10**40))
    assert not _ints_in((0, 13), 12)
    assert not _ints_in((0, -1))
    assert not _ints_in((0, True))  # a bool is no count (BB-1)
    assert not _ints_in((0, 1.0))
    assert not _ints_in((0, None), 12)


def test_a_bad_count_keeps_its_detailed_path_and_message() -> None:
    state = bb.new_game(bb.Rules(players=3), seed=2)
    for field in ("hands", "face_up"):
        rows: list[tuple[int, ...]] = list(getattr(state, field))
        row = list(rows[1])
        row[3] = -1
        rows[1] = tuple(row)
        changes: dict[str, Any] = {field: tuple(rows)}
        with pytest.raises(InvalidStateError, match=rf"^{field}\[1\]\[3\]: expected an int >= 0"):
            bb.check_state(attrs.evolve(state, **changes))
    down: list[tuple[Any, ...]] = list(state.face_down)
    down[2] = (down[2][0], False, down[2][2])
    with pytest.raises(InvalidStateError, match=r"^face_down\[2\]\[1\]: expected an int 0\.\.12"):
        bb.check_state(attrs.evolve(state, face_down=tuple(down)))
    with pytest.raises(InvalidStateError, match=r"^draw\[0\]: expected an int 0\.\.12, got 13"):
        bb.check_state(attrs.evolve(state, draw=(13, *state.draw[1:])))
