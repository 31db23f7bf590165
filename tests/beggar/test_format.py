"""
Beggar-my-neighbour's saved format version 2 (issue 14): a card is written as its text,
``str(card)``, and every version-1 document (cards as ``{"rank": ..., "suit": ...}``)
still loads, upgraded, to the same value.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import InvalidStateError, SerializationError, beggar
from cardrules.beggar import DECK, Card, Turn, apply, events, new_game, play_out, view
from tests.data.golden import DATA

V1 = DATA / "beggar" / "v1"
V2 = DATA / "beggar" / "v2"


def _v1_cards(data: Any) -> Any:
    """Today's data with every card text written as version 1 wrote it."""
    if type(data) is str and data in {str(card) for card in DECK}:
        return {"rank": data[:-1], "suit": data[-1]}
    if type(data) is list:
        return [_v1_cards(item) for item in data]
    if type(data) is dict:
        return {key: _v1_cards(value) for key, value in data.items()}
    return data


def _envelope(kind: str, data: Any, version: int) -> str:
    return json.dumps(
        {
            "format": "cardrules",
            "version": version,
            "game": "beggar",
            "rules_version": 1,
            "type": kind,
            "data": data,
        }
    )


def _mid_game(players: int = 3, seed: int = 8, turns: int = 60) -> beggar.State:
    state = new_game(beggar.Rules(players=players), seed=seed)
    for _ in range(turns):
        state = apply(state, Turn())
    return state


def test_beggar_writes_format_version_2_with_cards_as_text() -> None:
    state = _mid_game()
    doc = json.loads(cardrules.dumps(state))
    assert doc["version"] == beggar.GAME.format_version == 2
    assert beggar.GAME.rules_version == 1  # a format change, not a rules change
    cards = [*(card for stack in doc["data"]["stacks"] for card in stack), *doc["data"]["pile"]]
    assert sorted(cards) == sorted(str(card) for card in DECK)
    assert cardrules.to_data(view(state, 1))["pile"] == [str(card) for card in state.pile]


@pytest.mark.parametrize("name", sorted(p.name for p in V1.glob("*.json") if p.stem != "manifest"))
def test_every_v1_golden_file_upgrades_to_its_v2_twin(name: str) -> None:
    # The v2 golden files were written from the same seeds and moves: a v1 file, upgraded
    # and written again, is its v2 twin byte for byte.
    old, new = (V1 / name).read_text(), (V2 / name).read_text()
    assert json.loads(old)["version"] == 1
    assert json.loads(new)["version"] == 2
    loaded = cardrules.loads(old)
    assert loaded == cardrules.loads(new)
    assert cardrules.dumps(loaded, indent=1) + "\n" == new
    assert json.loads(old)["data"] == _v1_cards(json.loads(new)["data"])


def test_v1_events_and_values_upgrade() -> None:
    before = _mid_game(2, seed=5, turns=0)
    seen: dict[str, Any] = {}
    state = before
    while not beggar.is_over(state) and len(seen) < 5:
        after = apply(state, Turn())
        for event in events(state, Turn(), after, 0):
            seen.setdefault(type(event).__name__, event)
        state = after
    assert {"CardTurned", "PenaltyStarted", "TrickTaken"} <= set(seen)
    for event in seen.values():
        data = cardrules.to_data(event)
        old = _v1_cards(data)
        assert old != data or type(event).__name__ in ("SeatOut", "GameEnded")
        assert cardrules.loads(_envelope("event", old, 1), kind="event") == event
        assert cardrules.from_data(old, game="beggar", kind="event", version=1) == event
    played = play_out(_mid_game(2, seed=5, turns=10))
    old = _v1_cards(cardrules.to_data(played))
    assert old["state"]["pile"] or old["state"]["stacks"][0][0]["rank"]
    assert cardrules.loads(_envelope("value", old, 1), kind="value") == played
    cycle = beggar.Cycle(start_cards=34, start_tricks=4, length_cards=440, length_tricks=62)
    assert cardrules.loads(_envelope("value", cardrules.to_data(cycle), 1)) == cycle


def test_a_v1_record_with_a_start_upgrades_through_its_state() -> None:
    start = _mid_game()
    record = cardrules.Record(game="beggar", rules=start.rules, start=start, moves=(Turn(),) * 5)
    old = _v1_cards(cardrules.to_data(record))
    assert type(old["start"]["pile"][0]) is dict
    loaded = cardrules.loads(_envelope("record", old, 1))
    assert loaded == record
    assert cardrules.replay(loaded) == cardrules.replay(record)


@pytest.mark.parametrize(
    ("card", "found"),
    [
        ({"rank": "X", "suit": "H"}, "dict"),
        ({"rank": "Q", "suit": "H", "joker": True}, "dict"),
        ({"rank": "Q"}, "dict"),
        ({"rank": "1", "suit": "0S"}, "dict"),  # not "10S": version 1 refused it too
        ({"rank": "Q", "suit": "h"}, "dict"),
        (5, "int"),
        ("qh", "str"),
    ],
)
def test_a_bad_v1_card_is_still_refused_naming_its_path(card: Any, found: str) -> None:
    data = _v1_cards(cardrules.to_data(_mid_game()))
    data["stacks"][1][2] = card
    with pytest.raises(SerializationError) as info:
        cardrules.loads(_envelope("state", data, 1))
    message = str(info.value)
    assert f"expected a Card as text, for example 'QH', got {found}" in message
    assert "@ $.data.stacks[1][2]" in message
    assert message.endswith("(read as beggar format version 1, upgraded to 2)")


def test_a_v1_document_holding_a_card_text_is_checked_as_version_2() -> None:
    # Version 1 never wrote one; the step leaves a text as it is, and reading it then
    # takes only one of the 52 card texts, with every check of a state.
    data = _v1_cards(cardrules.to_data(_mid_game()))
    data["stacks"][1][2] = str(Card.from_str(data["stacks"][0][0]["rank"] + "C"))
    with pytest.raises(InvalidStateError, match=r"duplicate card .* upgraded to 2"):
        cardrules.loads(_envelope("state", data, 1))


@pytest.mark.parametrize(
    "text", ["qh", "Qh", "TH", "1S", "0S", "10", "Q", "QHH", " QH", "QH ", "Q H", "11S", ""]
)
def test_v2_reads_exactly_the_52_card_texts(text: str) -> None:
    data = cardrules.to_data(_mid_game())
    data["pile"] = [*data["pile"][:-1], text] if data["pile"] else [text]
    with pytest.raises(SerializationError) as info:
        cardrules.loads(_envelope("state", data, 2))
    assert "expected a Card as text, for example 'QH', got str" in str(info.value)
    assert "@ $.data.pile[" in str(info.value)


@pytest.mark.parametrize("value", [5, None, True, ["QH"], {"rank": "Q", "suit": "H"}])
def test_v2_refuses_a_card_of_another_json_type(value: Any) -> None:
    data = cardrules.to_data(_mid_game())
    data["stacks"][0][0] = value
    with pytest.raises(SerializationError, match=r"expected a Card as text, .*\$\.data\.stacks"):
        cardrules.loads(_envelope("state", data, 2))


def test_a_duplicate_card_text_is_an_invalid_state() -> None:
    data = cardrules.to_data(_mid_game())
    data["stacks"][0][0] = data["stacks"][1][0]
    with pytest.raises(InvalidStateError, match=r"^\$\.data\.stacks\[1\]\[0\]: duplicate card"):
        cardrules.loads(_envelope("state", data, 2))


def test_every_card_text_reads_back_as_the_decks_own_card() -> None:
    for card in DECK:
        assert Card.from_str(str(card)) is card
    seen = view(new_game(seed=1), 0)
    assert cardrules.from_data(cardrules.to_data(seen), game="beggar", kind="view") == seen
    loaded = cardrules.loads(cardrules.dumps(_mid_game()))
    assert all(card in DECK for stack in loaded.stacks for card in stack)
    assert {id(card) for stack in loaded.stacks for card in stack} <= {id(c) for c in DECK}


def test_the_schemas_of_version_1_are_kept() -> None:
    from cardrules.schema import load_schema

    old = load_schema("beggar", "state", version=1)
    assert old["$defs"]["Card"]["type"] == "object"
    new = load_schema("beggar", "state")
    assert new["$defs"]["Card"]["type"] == "string"


def test_golden_v2_files_hold_no_card_object() -> None:
    for path in sorted(Path(V2).glob("*.json")):
        assert '"rank"' not in path.read_text(), path.name
