"""
The version-1 to version-2 upgrade steps of Biggenbende's saves (``_upgrade``) on data
that is not what version 1 wrote: it is left as it is, for loading to refuse naming its
path (the module's docstring), never rewritten or crashed on (issue 23).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import cardrules
from cardrules import SerializationError
from cardrules import biggenbende as bb
from cardrules.biggenbende._upgrade import event_v1_to_v2, state_v1_to_v2, view_v1_to_v2


def _envelope(kind: str, data: Any) -> str:
    return json.dumps(
        {
            "format": "cardrules",
            "version": 1,
            "game": "biggenbende",
            "rules_version": 1,
            "type": kind,
            "data": data,
        }
    )


@pytest.mark.parametrize("value", [None, 7, "0000000000000", {"0": 1}])
def test_rows_that_are_no_list_are_left_as_they_are(value: Any) -> None:
    # The per-seat fields (hands, face-up rows, face-down rows) become text row by
    # row only when they are a list; anything else stays for loading to refuse.
    data = {"hands": value, "face_up": value, "face_down": value}
    assert state_v1_to_v2(data) == data
    assert view_v1_to_v2({"face_up": value, "face_down": value}) == {
        "face_up": value,
        "face_down": value,
    }


def test_a_v1_state_whose_hands_are_no_list_is_refused_naming_the_field() -> None:
    data = cardrules.to_data(bb.new_game(bb.Rules(players=3), seed=1))
    data = {**data, "hands": None, "face_up": [[0] * 13] * 3, "face_down": [[1, 2, 3]] * 3}
    with pytest.raises(SerializationError) as info:
        cardrules.loads(_envelope("state", data))
    assert "@ $.data.hands" in str(info.value)


@pytest.mark.parametrize(
    "data",
    [
        [{"type": "FaceUpShown", "face_up": [[1] + [0] * 12]}],
        "FaceUpShown",
        None,
        {"type": "Played", "face_up": [[1] + [0] * 12]},
        {"face_up": [[1] + [0] * 12]},
    ],
)
def test_only_the_face_up_rows_of_face_up_shown_are_upgraded(data: Any) -> None:
    # Version 2 changed only FaceUpShown among the events (BB-4: the rows shown once
    # every seat has chosen); any other data is returned as it is.
    assert event_v1_to_v2(data) == data


def test_face_up_shown_rows_become_text() -> None:
    old = {"type": "FaceUpShown", "face_up": [[1] + [0] * 12, [0] * 12 + [3]]}
    assert event_v1_to_v2(old) == {
        "type": "FaceUpShown",
        "face_up": ["1000000000000", "0000000000003"],
    }
