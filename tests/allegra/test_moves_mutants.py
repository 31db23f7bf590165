"""
Allegra's moves: the refusals of a place or a knocker out of range pinned word for word
(issue 23: the mutants that changed only their wording lived). The validators are made
when the module is imported, so mutmut runs these mutants only in a fresh process
(``MUTANT_UNDER_TEST``); see mutation-equivalents.md.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardrules import allegra as al
from cardrules.errors import RulesError


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: al.Slot(6, 0, 0), "Slot.owner must be an int from 0 to 5, not 6"),
        (lambda: al.Slot(0, 3, 0), "Slot.row must be an int from 0 to 2, not 3"),
        (lambda: al.Slot(0, 0, -1), "Slot.col must be an int from 0 to 3, not -1"),
        (
            lambda: al.Slot(0, "1", 0),  # type: ignore[arg-type]
            "Slot.row must be an int from 0 to 2, not '1'",
        ),
        (lambda: al.Give(9), "Give.knocker must be an int from 0 to 5, not 9"),
    ],
)
def test_al3_al7_a_place_or_knocker_out_of_range_is_refused_word_for_word(
    make: Callable[[], object], message: str
) -> None:
    with pytest.raises(RulesError) as info:
        make()
    assert str(info.value) == message
