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
from cardrules import biggenbende as bb
from cardrules.beggar import Turn
from cardrules.biggenbende._upgrade import event_v1_to_v2, state_v1_to_v2, view_v1_to_v2
from cardrules.errors import IllegalMoveError, RulesError, SerializationError
from tests.refused import refused


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


# --------------------------------------------------------------------------- a sample of
# the rules modules' mutants (issue 23)


@pytest.mark.parametrize("move", ["play 7", bb.ChooseFaceUp, Turn()])
def test_bb6_no_biggenbende_move_is_refused_as_such_while_choosing(move: Any) -> None:
    # BB-4 is the refusal of a Biggenbende move made too early; anything else is no move
    # of the game at all (BB-6), in the choosing phase as in play.
    state = bb.new_game(bb.Rules(players=3), seed=1)
    assert state.phase == "choose"
    with refused(IllegalMoveError, rule="BB-6"):
        bb.apply(state, move)
    with refused(IllegalMoveError, rule="BB-4"):
        bb.apply(state, bb.PickUp())


@pytest.mark.parametrize("limit", [0, 10_001, "5"])
def test_bb20_a_wrong_turn_limit_is_refused_saying_none_is_allowed(limit: Any) -> None:
    # BB-20: the limit is optional (None: no limit), and the refusal says so.
    assert bb.Rules(max_turns_per_round=None).max_turns_per_round is None
    with pytest.raises(RulesError) as info:
        bb.Rules(max_turns_per_round=limit)
    assert str(info.value).startswith(
        "Rules.max_turns_per_round must be None or an int from 1 to 10,000 (BB-20), not "
    )
