"""
Biggenbende's saved format version 2 (issue 14): the count tuples, piles and face-down
rows travel as compact text, one symbol per item, and every version-1 document (the same
as JSON lists of ints) still loads, upgraded, to the same value.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import InvalidStateError, SerializationError
from cardrules import biggenbende as bb
from cardrules._convert import _setup
from cardrules._fastdata import _MEMO_SIZE, GIVE_UP
from cardrules.biggenbende._state import _Pile
from tests.data.golden import DATA

V1 = DATA / "biggenbende" / "v1"
V2 = DATA / "biggenbende" / "v2"
SYMBOLS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ#$%"


def _mid_game(players: int = 4, seed: int = 7, steps: int = 60) -> bb.State:
    state = bb.new_game(bb.Rules(players=players), seed=seed)
    for step in range(steps):
        if bb.is_over(state):
            break
        moves = bb.legal_moves(state)
        state = bb.apply(state, moves[(seed + step * 7) % len(moves)])
    return state


def _ints(text: str) -> list[Any]:
    """A compact text as version 1 wrote it: a list of numbers (``.`` is ``null``)."""
    return [None if symbol == "." else SYMBOLS.index(symbol) for symbol in text]


def _v1(data: dict[str, Any]) -> dict[str, Any]:
    """Today's state or view data with its texts as version 1 wrote them."""
    out = dict(data)
    for name in ("hands", "face_up"):
        if name in data:
            out[name] = [_ints(row) for row in data[name]]
    for name in ("hand", "draw", "discard", "removed"):
        if name in data:
            out[name] = _ints(data[name])
    if "hand" in data:  # a view: a face-down row is 1 where a card lies
        out["face_down"] = [[symbol == "1" for symbol in row] for row in data["face_down"]]
    else:
        out["face_down"] = [_ints(row) for row in data["face_down"]]
    return out


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


def test_biggenbende_writes_format_version_2_with_counts_as_text() -> None:
    state = _mid_game()
    assert bb.GAME.format_version == 2
    assert bb.GAME.rules_version == 1  # a format change, not a rules change
    data = json.loads(cardrules.dumps(state))["data"]
    assert data["hands"] == ["".join(SYMBOLS[n] for n in hand) for hand in state.hands]
    assert data["removed"] == "".join(SYMBOLS[n] for n in state.removed)
    assert data["draw"] == "".join(SYMBOLS[v] for v in state.draw)
    assert all(len(row) == 3 for row in data["face_down"])
    assert _ints("".join(data["face_down"])) == [v for row in state.face_down for v in row]
    seen = cardrules.to_data(bb.view(state, 1))
    assert seen["hand"] == data["hands"][1]
    assert seen["face_down"] == [
        "".join("1" if v else "0" for v in row) for row in bb.view(state, 1).face_down
    ]
    assert cardrules.to_data(bb.Play(5, 2)) == {"type": "Play", "value": 5, "count": 2}


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


def test_v1_states_views_and_events_upgrade() -> None:
    state = _mid_game(3, seed=2, steps=40)
    data = cardrules.to_data(state)
    assert cardrules.loads(_envelope("state", _v1(data), 1)) == state
    for seat in range(3):
        seen = bb.view(state, seat)
        old = _v1(cardrules.to_data(seen))
        assert cardrules.from_data(old, game="biggenbende", kind="view", version=1) == seen
    # The face-up rows shown once every seat has chosen (BB-4).
    shown = None
    state = bb.new_game(bb.Rules(players=3), seed=4)
    while shown is None:
        move = bb.legal_moves(state)[0]
        after = bb.apply(state, move)
        for event in bb.events(state, move, after, 0):
            if isinstance(event, bb.FaceUpShown):
                shown = event
        state = after
    text = cardrules.to_data(shown)
    assert all(type(row) is str and len(row) == 13 for row in text["face_up"])
    old = {**text, "face_up": [_ints(row) for row in text["face_up"]]}
    assert cardrules.loads(_envelope("event", old, 1), kind="event") == shown


def test_a_v1_record_with_a_start_upgrades_through_its_state() -> None:
    start = _mid_game()
    moves = bb.legal_moves(start)[:1]
    record = cardrules.Record(game="biggenbende", rules=start.rules, start=start, moves=moves)
    data = cardrules.to_data(record)
    old = {**data, "start": _v1(data["start"])}
    assert type(old["start"]["hands"][0]) is list
    loaded = cardrules.loads(_envelope("record", old, 1))
    assert loaded == record
    assert cardrules.replay(loaded) == cardrules.replay(record)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("hands", "000000000000", r"count tuple as text of 13 symbols, got 12"),
        ("hands", "00000000000000", r"count tuple as text of 13 symbols, got 14"),
        ("hands", "000000000000-", r"count tuple as text of the symbols .*got '-' at index 12"),
        ("hands", "00000000000 0", r"got ' ' at index 11"),
        (
            "hands",
            [0] * 13,
            r"expected a count tuple as text, for example '0003000010020', got list",
        ),
        ("hands", None, r"expected a count tuple as text, .*got NoneType"),
        ("face_down", "1.", r"face-down row as text of 3 symbols, got 2"),
        ("face_down", "1d0", r"face-down row as text of the symbols .*got 'd' at index 1"),
        ("draw", "3d", r"pile of card values as text of the symbols .*got 'd' at index 1"),
        ("draw", [3], r"expected a pile of card values as text, .*got list"),
        ("removed", "%" * 13, r"the cards are not conserved"),
    ],
)
def test_v2_reads_exactly_the_fields_symbols(field: str, value: Any, message: str) -> None:
    data = cardrules.to_data(_mid_game())
    if field in ("hands", "face_down"):
        data[field] = [value, *data[field][1:]]
        path = rf"\$\.data\.{field}\[0\]"
    else:
        data[field] = value
        path = rf"\$\.data\.{field}"
    with pytest.raises((SerializationError, InvalidStateError)) as info:
        cardrules.loads(_envelope("state", data, 2))
    text = str(info.value)
    assert re.search(message, text), text
    if info.type is SerializationError:
        assert re.search(path, text), text
        # The quick reader takes none of it: the detailed hooks word the error.
        assert _setup(bb.GAME).quick.reader(bb.State)(data) is GIVE_UP  # type: ignore[misc]


def test_counts_over_the_rules_are_an_invalid_state() -> None:
    data = cardrules.to_data(_mid_game())
    row = data["hands"][0]
    data["hands"][0] = "9" + row[1:]  # nine jokers more or less than the deck holds
    with pytest.raises(InvalidStateError, match=r"\$\.data\.hands"):
        cardrules.loads(_envelope("state", data, 2))


def test_a_bad_v1_list_is_left_for_loading_to_refuse_naming_its_path() -> None:
    data = _v1(cardrules.to_data(_mid_game()))
    data["hands"][2] = [0] * 12 + [65]  # no symbol: left as it is
    with pytest.raises(SerializationError) as info:
        cardrules.loads(_envelope("state", data, 1))
    message = str(info.value)
    assert "expected a count tuple as text, for example '0003000010020', got list" in message
    assert "@ $.data.hands[2]" in message
    assert message.endswith("(read as biggenbende format version 1, upgraded to 2)")
    data["hands"][2] = [0] * 12 + [True]  # true is no 1
    with pytest.raises(SerializationError, match=r"got list .*upgraded to 2"):
        cardrules.loads(_envelope("state", data, 1))


def test_the_quick_reader_shares_rows_and_keeps_its_table_bounded() -> None:
    quick = _setup(bb.GAME).quick
    read = quick.reader(bb.State)
    assert read is not None
    data = cardrules.to_data(_mid_game())
    first, again = read(data), read(json.loads(json.dumps(data)))
    assert first is not GIVE_UP
    assert first == again
    assert first.hands[0] is again.hands[0]  # one lookup per text, one shared tuple
    table = quick._rows(_Pile)
    assert table is not None
    for n in range(3 * _MEMO_SIZE):
        read({**data, "draw": "".join(SYMBOLS[int(d)] for d in str(n))})
        assert len(table) <= _MEMO_SIZE
    assert all(type(key) is str for key in table)


def test_the_schemas_of_version_1_are_kept() -> None:
    from cardrules.schema import load_schema

    old = load_schema("biggenbende", "state", version=1)
    assert old["$defs"]["State"]["properties"]["removed"]["type"] == "array"
    new = load_schema("biggenbende", "state")
    assert new["$defs"]["State"]["properties"]["removed"] == {
        "type": "string",
        "pattern": "^[0-9a-zA-Z#$%]{13}$",
        "description": new["$defs"]["State"]["properties"]["removed"]["description"],
    }


def test_golden_v2_files_hold_no_list_of_counts() -> None:
    for path in sorted(Path(V2).glob("*-state-*.json")):
        data = json.loads(path.read_text())["data"]
        assert all(type(row) is str for row in data["hands"]), path.name
        assert type(data["removed"]) is str, path.name


def test_a_state_made_by_hand_with_a_count_that_has_no_symbol_is_not_written() -> None:
    import attrs

    state = bb.new_game(seed=1)
    bad = attrs.evolve(state, hands=((65,) * 13, *state.hands[1:]))
    with pytest.raises(SerializationError, match=r"cannot write a count tuple holding 65"):
        cardrules.dumps(bad)
    with pytest.raises(SerializationError, match=r"cannot write a pile of card values holding"):
        cardrules.to_data(attrs.evolve(state, draw=5))  # type: ignore[arg-type]


def _symbol_mutants(data: dict[str, Any]) -> list[dict[str, Any]]:
    """``data`` with one symbol of one text changed, for every text field and symbol, at
    the first, a middle and the last place of each text (and a few symbols outside), or
    with the first and last symbols of one text swapped."""
    out = []
    for field in ("hands", "face_up", "face_down", "draw", "discard", "removed"):
        texts = data[field] if type(data[field]) is list else [data[field]]
        for t, text in enumerate(texts):
            for place in sorted({0, len(text) // 2, len(text) - 1}) if text else ():
                for symbol in (*SYMBOLS[:20], ".", "-", "%", " ", "é"):
                    if symbol == text[place]:
                        continue
                    changed = text[:place] + symbol + text[place + 1 :]
                    value: Any = changed
                    if type(data[field]) is list:
                        value = [*texts[:t], changed, *texts[t + 1 :]]
                    out.append({**data, field: value})
            # Two symbols swapped: the same cards, in another order or another place.
            if len(text) >= 2 and text[0] != text[-1]:
                swapped = text[-1] + text[1:-1] + text[0]
                if type(data[field]) is list:
                    out.append({**data, field: [*texts[:t], swapped, *texts[t + 1 :]]})
                else:
                    out.append({**data, field: swapped})
    return out


def test_a_changed_symbol_is_refused_or_loads_a_state_that_plays_on_soundly() -> None:
    # The texts are mutated symbol by symbol, as the mutation tests mutate every entry
    # of a list: every result is refused, or a sound state (check_state at every move).
    refused = accepted = 0
    for state in (_mid_game(3, seed=2, steps=25), _mid_game(4, seed=5, steps=80)):
        for mutant in _symbol_mutants(cardrules.to_data(state)):
            try:
                loaded = cardrules.loads(_envelope("state", mutant, 2))
            except (SerializationError, InvalidStateError):
                refused += 1
                continue
            accepted += 1
            for step in range(30):
                bb.check_state(loaded)
                moves = bb.legal_moves(loaded)
                if not moves:
                    break
                loaded = bb.apply(loaded, moves[step % len(moves)])
    assert refused > 500
    assert accepted > 0
