"""
Biggenbende, where mutation testing found refusals unwatched (issue 23): each test here
fails on a mutant that the other tests let live, pinning the path of the refusal rather
than its wording.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import cardrules
from cardrules.biggenbende._upgrade import event_v1_to_v2, state_v1_to_v2, view_v1_to_v2
from cardrules.errors import SerializationError


def _envelope(kind: str, data: Any, version: int) -> str:
    return json.dumps(
        {
            "format": "cardrules",
            "version": version,
            "game": "biggenbende",
            "rules_version": 1,
            "type": kind,
            "data": data,
        }
    )


@pytest.mark.parametrize("data", [[1], "FaceUpShown", 3, None])
def test_a_v1_event_that_is_no_object_is_left_for_loading_to_refuse_at_its_path(
    data: Any,
) -> None:
    assert event_v1_to_v2(data) == data
    with pytest.raises(SerializationError) as info:
        cardrules.loads(_envelope("event", data, 1), kind="event")
    # Refused at the path of the data itself, by loading: not by the upgrade step.
    assert re.search(r" @ \$\.data(?: \(|$)", str(info.value)), str(info.value)


@pytest.mark.parametrize("value", ["0003", 5, {"a": 1}, None])
@pytest.mark.parametrize("field", ["hands", "face_up", "face_down"])
def test_a_v1_state_field_that_is_no_list_is_left_for_loading_to_refuse(
    field: str, value: Any
) -> None:
    assert state_v1_to_v2({field: value}) == {field: value}


@pytest.mark.parametrize("field", ["face_up", "face_down"])
def test_a_v1_view_field_that_is_no_list_is_left_for_loading_to_refuse(field: str) -> None:
    assert view_v1_to_v2({field: "101"}) == {field: "101"}
    assert event_v1_to_v2({"type": "FaceUpShown", "face_up": "1"}) == {
        "type": "FaceUpShown",
        "face_up": "1",
    }
