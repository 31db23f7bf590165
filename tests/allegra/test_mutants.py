"""
Allegra, where mutation testing found inputs unwatched (issue 23): each test here fails
on a mutant that the other tests let live.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardrules.allegra._upgrade import event_v2_to_v3, view_v1_to_v2


@pytest.mark.parametrize(
    "data",
    [[-1, 3], "DeckRebuilt", None, {"type": "Knocked", "cards": [-1, 3]}],
)
def test_a_v2_event_that_is_no_deck_rebuilt_is_left_as_it_is(data: Any) -> None:
    assert event_v2_to_v3(data) == data
    assert event_v2_to_v3({"type": "DeckRebuilt", "cards": [-1, 3]}) == {
        "type": "DeckRebuilt",
        "cards": "-3",
    }


@pytest.mark.parametrize("data", [[1], "view", None])
def test_a_v1_view_that_is_no_object_is_left_for_loading_to_refuse(data: Any) -> None:
    assert view_v1_to_v2(data) == data
    assert view_v1_to_v2({"seat": 0}) == {"seat": 0, "deck_cards": None}
