"""
Allegra's saved format version 3 (issue 14): the grids, the deck, the piles and the flags
per place travel as compact text, one symbol per item, and every version-1 and version-2
document still loads, upgraded, to the same value.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import cardrules
from cardrules import InvalidStateError, SerializationError
from cardrules import allegra as al
from cardrules._convert import _setup
from cardrules._fastdata import GIVE_UP
from tests.data.golden import DATA

V1, V2, V3 = (DATA / "allegra" / f"v{n}" for n in (1, 2, 3))
SYMBOLS = "-0123456789ab"  # the values -1 to 11
_CARD_FIELDS = ("cards", "deck", "discard", "removed", "deck_cards")


def _text(values: Any) -> str:
    return "".join("." if v is None else SYMBOLS[v + 1] for v in values)


def _values(text: str) -> list[Any]:
    return [None if symbol == "." else SYMBOLS.index(symbol) - 1 for symbol in text]


def _v2(data: dict[str, Any]) -> dict[str, Any]:
    """Today's state or view data with its texts as version 2 wrote them (lists)."""
    out = dict(data)
    for name in _CARD_FIELDS:
        if type(data.get(name)) is str:
            out[name] = _values(data[name])
    for name in ("face_up", "face_down"):
        if name in data:
            out[name] = [symbol == "1" for symbol in data[name]]
    return out


def _envelope(kind: str, data: Any, version: int) -> str:
    return json.dumps(
        {
            "format": "cardrules",
            "version": version,
            "game": "allegra",
            "rules_version": 1,
            "type": kind,
            "data": data,
        }
    )


def _playing(players: int = 4, seed: int = 3, steps: int = 80, deck: Any = None) -> al.State:
    rules = al.Rules(players=players) if deck is None else al.Rules(players=players, deck=deck)
    state = al.new_game(rules, seed=seed)
    for step in range(steps):
        if al.is_over(state):
            break
        moves = al.legal_moves(state)
        state = al.apply(state, moves[(seed + 5 * step) % len(moves)])
    return state


def test_allegra_writes_format_version_3_with_cards_as_text() -> None:
    state = _playing()
    assert al.GAME.format_version == 3
    assert al.GAME.rules_version == 1
    data = json.loads(cardrules.dumps(state))["data"]
    assert data["cards"] == _text(state.cards)
    assert data["deck"] == _text(state.deck)
    assert data["face_up"] == "".join("1" if up else "0" for up in state.face_up)
    assert data["rules"]["deck"] == list(state.rules.deck)  # rules are as before
    seen = cardrules.to_data(al.view(state, 2))
    assert seen["cards"] == _text(al.view(state, 2).cards)
    assert set(seen["face_down"]) <= {"0", "1"}


@pytest.mark.parametrize("old", [V1, V2], ids=["v1", "v2"])
def test_every_older_golden_file_upgrades_to_its_v3_twin(old: Any) -> None:
    # Same seeds and moves: an older file, upgraded and written again, is its v3 twin
    # byte for byte (a version-1 file through both steps).
    names = sorted(p.name for p in old.glob("*.json") if p.stem != "manifest")
    assert len(names) > 100
    for name in names:
        text, new = (old / name).read_text(), (V3 / name).read_text()
        assert json.loads(new)["version"] == 3
        loaded = cardrules.loads(text)
        assert loaded == cardrules.loads(new), name
        assert cardrules.dumps(loaded, indent=1) + "\n" == new, name


def test_v2_states_views_events_and_records_upgrade() -> None:
    # A small deck is rebuilt often (AL-11): DeckRebuilt and deck_cards are seen.
    total = 12 * 2 + 6  # a deck of 5 cards after the deal
    deck = tuple(total // 13 + (k < total % 13) for k in range(13))
    state = al.new_game(al.Rules(players=2, deck=deck), seed=1)
    rebuilt = None
    step = 0
    while rebuilt is None or not state.deck_public:
        if al.is_over(state):
            state = al.new_game(state.rules, seed=step)
        moves = al.legal_moves(state)
        move = moves[step * 7 % len(moves)]
        after = al.apply(state, move)
        for event in al.events(state, move, after, 0):
            if isinstance(event, al.DeckRebuilt):
                rebuilt = event
        state, step = after, step + 1
        assert step < 5000
    assert rebuilt is not None
    data = cardrules.to_data(state)
    assert cardrules.loads(_envelope("state", _v2(data), 2)) == state
    for seat in range(2):
        seen = al.view(state, seat)
        assert seen.deck_cards is not None
        old = _v2(cardrules.to_data(seen))
        assert type(old["deck_cards"]) is list
        assert cardrules.from_data(old, game="allegra", kind="view", version=2) == seen
    event = cardrules.to_data(rebuilt)
    assert type(event["cards"]) is str
    old_event = {**event, "cards": _values(event["cards"])}
    assert cardrules.loads(_envelope("event", old_event, 2), kind="event") == rebuilt
    record = cardrules.Record(game="allegra", rules=state.rules, start=state, moves=())
    old_record = cardrules.to_data(record)
    old_record["start"] = _v2(old_record["start"])
    assert cardrules.loads(_envelope("record", old_record, 2)) == record


@pytest.mark.parametrize(
    ("field", "change", "message"),
    [
        ("cards", lambda t: "c" + t[1:], r"grids as text of the symbols .*got 'c' at index 0"),
        ("cards", lambda t: list(t), r"expected the cards of the grids as text, .*got list"),
        ("deck", lambda t: t + ".", r"pile of card values as text of the symbols .*got '\.'"),
        ("deck", lambda t: None, r"expected a pile of card values as text, .*got NoneType"),
        ("face_up", lambda t: "2" + t[1:], r"flag per place as text of the symbols '01'"),
        ("face_up", lambda t: [True] * len(t), r"expected a flag per place as text, .*got list"),
        ("discard", lambda t: 5, r"expected a pile of card values as text, .*got int 5"),
    ],
)
def test_v3_reads_exactly_the_fields_symbols(field: str, change: Any, message: str) -> None:
    data = cardrules.to_data(_playing())
    data[field] = change(data[field])
    with pytest.raises(SerializationError) as info:
        cardrules.loads(_envelope("state", data, 3))
    text = str(info.value)
    assert re.search(message, text), text
    assert f"@ $.data.{field}" in text
    assert _setup(al.GAME).quick.reader(al.State)(data) is GIVE_UP  # type: ignore[misc]


def test_a_wrong_number_of_places_is_an_invalid_state() -> None:
    data = cardrules.to_data(_playing())
    data["cards"] = data["cards"][:-1]
    data["face_up"] = data["face_up"][:-1]
    with pytest.raises(InvalidStateError, match=r"\$\.data"):
        cardrules.loads(_envelope("state", data, 3))


def test_a_bad_v2_list_is_left_for_loading_to_refuse_naming_its_path() -> None:
    data = _v2(cardrules.to_data(_playing()))
    data["deck"] = [*data["deck"][:-1], 12]  # no card 12: left as it is
    with pytest.raises(SerializationError) as info:
        cardrules.loads(_envelope("state", data, 2))
    message = str(info.value)
    assert "expected a pile of card values as text, for example '5-0b3', got list" in message
    assert "@ $.data.deck" in message
    assert message.endswith("(read as allegra format version 2, upgraded to 3)")


def test_the_schemas_of_versions_1_and_2_are_kept() -> None:
    from cardrules.schema import load_schema

    for version in (1, 2):
        old = load_schema("allegra", "state", version=version)
        assert old["$defs"]["State"]["properties"]["cards"]["type"] == "array"
    cards = load_schema("allegra", "state")["$defs"]["State"]["properties"]["cards"]
    assert cards["type"] == "string"
    assert cards["pattern"] == "^[-0-9ab.]*$"


def test_a_changed_symbol_is_refused_or_loads_a_state_that_plays_on_soundly() -> None:
    # Every text mutated symbol by symbol at its first, middle and last place: refused,
    # or a sound state (check_state at every move).
    refused = accepted = 0
    alphabet = (*SYMBOLS, ".", "0", "1", "c", "%", " ")
    for state in (_playing(3, seed=1, steps=30), _playing(4, seed=3, steps=80)):
        data = cardrules.to_data(state)
        for field in ("cards", "face_up", "deck", "discard", "removed"):
            text = data[field]
            for place in sorted({0, len(text) // 2, len(text) - 1}) if text else ():
                for symbol in alphabet:
                    if symbol == text[place]:
                        continue
                    mutant = {**data, field: text[:place] + symbol + text[place + 1 :]}
                    try:
                        loaded = cardrules.loads(_envelope("state", mutant, 3))
                    except (SerializationError, InvalidStateError):
                        refused += 1
                        continue
                    accepted += 1
                    for step in range(30):
                        al.check_state(loaded)
                        moves = al.legal_moves(loaded)
                        if not moves:
                            break
                        loaded = al.apply(loaded, moves[step % len(moves)])
    assert refused > 300
    assert accepted > 0
