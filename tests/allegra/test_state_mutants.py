"""
Allegra's ``Rules`` refusals pinned word for word where mutation testing found only
their type checked (issue 23): the field, its range, the rule and the value given.
"""

from __future__ import annotations

import pytest

from cardrules import allegra as al
from cardrules.errors import RulesError


def _message(**fields: object) -> str:
    with pytest.raises(RulesError) as info:
        al.Rules(**fields)  # type: ignore[arg-type]
    return str(info.value)


@pytest.mark.parametrize("value", [0, 21, "3"])
def test_al12_rounds_out_of_range(value: object) -> None:
    assert _message(rounds=value) == (
        f"Rules.rounds must be an int from 1 to 20 (AL-12), not {value!r}"
    )


@pytest.mark.parametrize("value", [0, 1001])
def test_al13_a_turn_limit_out_of_range(value: int) -> None:
    assert _message(max_turns_per_round=value) == (
        f"Rules.max_turns_per_round must be an int from 1 to 1,000 (AL-13), not {value}"
    )


def test_al13_a_round_without_a_turn_limit_says_why() -> None:
    assert _message(max_turns_per_round=None) == (
        "Rules.max_turns_per_round must be an int from 1 to 1,000 (AL-13), not None"
        " (a round without a limit could go on for ever)"
    )
