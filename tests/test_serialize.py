"""Serialisation: envelopes, round trips, strict loading with paths, records and replay."""

from __future__ import annotations

import enum
import json
import typing
from typing import Any

import attrs
import cattrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import (
    InvalidStateError,
    Record,
    SerializationError,
    beggar,
    dumps,
    loads,
    make_converter,
    replay,
)
from cardrules.game import AnyGame, GameSpec
from cardrules.testing import random_playthrough


def _mid_game(game: AnyGame, seed: int = 11, moves: int = 25) -> Any:
    rules = game.Rules()
    return random_playthrough(game, rules, seed=seed, choices=seed, max_moves=moves).final


def _envelope(game: AnyGame, kind: str = "state", data: Any = None) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(dumps(_mid_game(game)))
    doc["type"] = kind
    if data is not None:
        doc["data"] = data
    return doc


def _int_leaves(
    obj: Any, path: str = "$.data"
) -> list[tuple[str, list[Any] | dict[str, Any], Any]]:
    """Every (path, container, key) holding a plain int inside the JSON data."""
    out: list[tuple[str, Any, Any]] = []
    items = (
        obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
    )
    for key, value in items:
        sub = f"{path}.{key}" if isinstance(obj, dict) else f"{path}[{key}]"
        if type(value) is int:
            out.append((sub, obj, key))
        elif isinstance(value, (dict, list)):
            out.extend(_int_leaves(value, sub))
    return out


# --------------------------------------------------------------------------- round trips


def test_state_round_trips(game: AnyGame) -> None:
    state = _mid_game(game)
    text = dumps(state)
    assert loads(text) == state
    assert loads(text, game=game.name, kind="state") == state


def test_views_moves_and_records_round_trip(game: AnyGame) -> None:
    play = random_playthrough(game, game.Rules(), seed=3, choices=4, max_moves=40)
    for seat in range(game.players(play.final)):
        view = game.view(play.final, seat)
        assert loads(dumps(view), kind="view") == view
    for move in set(play.record.moves):
        assert loads(dumps(move), kind="move") == move
    assert loads(dumps(play.record), kind="record") == play.record


def test_envelope_fields(game: AnyGame) -> None:
    doc = json.loads(dumps(_mid_game(game)))
    assert list(doc) == ["format", "version", "game", "rules_version", "type", "data"]
    assert (doc["format"], doc["version"], doc["game"]) == ("cardrules", 1, game.name) or (
        # The envelope's version is the game's format version (issue 8.2).
        game.format_version > 1 and doc["version"] == game.format_version
    )
    assert doc["rules_version"] == game.rules_version
    assert doc["type"] == "state"


def test_big_integers_are_strings_so_javascript_reads_them_exactly(game: AnyGame) -> None:
    state = game.new_game(game.Rules(), seed=2**64 - 1)
    doc = json.loads(dumps(state))
    ints = [c[k] for _, c, k in _int_leaves(doc["data"])]
    assert all(abs(i) <= 2**53 for i in ints)
    assert str(state.rng.state) in dumps(state)
    record = Record(game=game.name, rules=game.Rules(), seed=2**64 - 1)
    assert json.loads(dumps(record))["data"]["seed"] == str(2**64 - 1)
    assert loads(dumps(record)) == record


def test_make_converter_embeds_in_another_format(game: AnyGame) -> None:
    @attrs.frozen
    class Saved:
        name: str
        state: Any

    conv = make_converter()
    state = _mid_game(game)
    raw = conv.unstructure(state)
    assert json.loads(json.dumps(raw)) == raw
    assert conv.structure(raw, game.State) == state


# --------------------------------------------------------------------------- bad envelopes


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON"),
        ("{not json", "not valid JSON"),
        ("[1, 2]", "expected a cardrules envelope"),
        ('{"format": "cardrules"}', "missing data, game, rules_version, type, version"),
        ('{"a": 1, "a": 2}', "duplicate key 'a'"),
        ("NaN", "NaN is not a number"),
        ("[" * 100_000 + "]" * 100_000, "not valid JSON"),
    ],
)
def test_malformed_text_is_rejected(text: str, message: str) -> None:
    with pytest.raises(SerializationError, match=message):
        loads(text)


def test_not_text_is_rejected() -> None:
    with pytest.raises(SerializationError, match="expected JSON text"):
        loads(42)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("format", "cardgames", r"\$\.format: expected 'cardrules'"),
        # A version one above the game's current format version (issue 8.2).
        ("version", "NEWER", r"\$\.version: format version {newer} of {game} is newer"),
        ("version", "1", r"\$\.version: expected a positive integer"),
        ("version", 0, r"\$\.version: expected a positive integer"),
        ("game", "poker", r"\$\.game: unknown game 'poker'"),
        ("rules_version", 99, r"\$\.rules_version: .* rules version 99"),
        ("type", "hand", r"\$\.type: expected one of state, view, record, move"),
    ],
)
def test_wrong_envelope_fields_are_rejected(
    game: AnyGame, key: str, value: object, message: str
) -> None:
    doc = _envelope(game)
    newer = game.format_version + 1
    doc[key] = newer if value == "NEWER" else value
    message = message.format(newer=newer, game=game.name) if value == "NEWER" else message
    with pytest.raises(SerializationError, match=message):
        loads(json.dumps(doc))


def test_unknown_envelope_key_is_rejected(game: AnyGame) -> None:
    doc = _envelope(game)
    doc["extra"] = 1
    with pytest.raises(SerializationError, match="unknown envelope keys extra"):
        loads(json.dumps(doc))


def test_expected_game_and_kind_are_enforced(game: AnyGame) -> None:
    text = dumps(_mid_game(game))
    other = next(name for name in cardrules.GAMES if name != game.name)
    with pytest.raises(SerializationError, match=f"expected a {other} document"):
        loads(text, game=other)
    with pytest.raises(SerializationError, match="expected a record, got a state"):
        loads(text, kind="record")


def test_a_state_of_another_game_is_rejected(game: AnyGame) -> None:
    doc = _envelope(game)
    doc["game"] = next(name for name in cardrules.GAMES if name != game.name)
    doc["rules_version"] = cardrules.GAMES[doc["game"]].rules_version
    with pytest.raises((SerializationError, InvalidStateError)):
        loads(json.dumps(doc))


def test_dumps_rejects_foreign_objects() -> None:
    with pytest.raises(SerializationError, match="cannot serialise dict"):
        dumps({"a": 1})


# --------------------------------------------------------------------------- bad data


@given(st.data())
@settings(max_examples=30)
def test_wrong_types_are_rejected_with_the_path(game: AnyGame, data: st.DataObject) -> None:
    doc = _envelope(game)
    leaves = _int_leaves(doc["data"])
    path, container, key = data.draw(st.sampled_from(leaves))
    container[key] = data.draw(st.sampled_from(["7", 7.5, True, [1], {"x": 1}]))
    with pytest.raises((SerializationError, InvalidStateError)) as info:
        loads(json.dumps(doc))
    if info.type is SerializationError:
        # The message names the field: its last path component at least.
        last = path.rsplit(".", 1)[-1].split("[", 1)[0]
        assert last in str(info.value)


def test_unknown_and_missing_fields_are_rejected(game: AnyGame) -> None:
    doc = _envelope(game)
    doc["data"]["surprise"] = 1
    with pytest.raises(SerializationError, match="surprise"):
        loads(json.dumps(doc))
    doc = _envelope(game)
    field = next(iter(doc["data"]))
    del doc["data"][field]
    with pytest.raises(SerializationError, match=field):
        loads(json.dumps(doc))


def test_rng_state_must_be_a_decimal_string_in_range(game: AnyGame) -> None:
    for bad, message in (("0x10", "decimal string"), (str(2**64), "2\\*\\*64"), (-1, "2\\*\\*64")):
        doc = _envelope(game)
        doc["data"]["rng"] = bad
        with pytest.raises(SerializationError, match=message):
            loads(json.dumps(doc))


def test_data_that_is_not_an_object_is_rejected(game: AnyGame) -> None:
    for kind in ("state", "view", "move", "record"):
        with pytest.raises(SerializationError):
            loads(json.dumps(_envelope(game, kind, data=[1, 2, 3])))


@pytest.mark.parametrize("seat", [99, -1])
def test_a_view_with_a_seat_out_of_range_is_rejected(game: AnyGame, seat: int) -> None:
    view = game.view(_mid_game(game), 0)
    doc = json.loads(dumps(view))
    assert loads(json.dumps(doc), kind="view") == view
    doc["data"]["seat"] = seat
    with pytest.raises(InvalidStateError, match=r"^\$\.data\.seat: .*" + str(seat)):
        loads(json.dumps(doc))


def test_a_crashing_view_check_is_still_invalid_input(
    game: AnyGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    def crash(view: Any) -> None:
        raise KeyError("boom")

    # loads finds the game by name: register a copy whose check_view crashes.
    assert isinstance(game, GameSpec)
    broken = attrs.evolve(game, check_view=crash)
    monkeypatch.setattr(cardrules.serialize, "GAMES", {**cardrules.GAMES, game.name: broken})
    text = dumps(game.view(_mid_game(game), 0))
    with pytest.raises(InvalidStateError, match=r"^\$\.data: inconsistent view$"):
        loads(text)


def test_unknown_move_tag_is_rejected(game: AnyGame) -> None:
    doc = _envelope(game, "move", data={"type": "Teleport"})
    with pytest.raises(SerializationError, match="unknown 'type' 'Teleport'"):
        loads(json.dumps(doc))


# --------------------------------------------------------------------------- records


def test_replay_gives_the_final_state(game: AnyGame) -> None:
    play = random_playthrough(game, game.Rules(), seed=8, choices=9, max_moves=60)
    assert replay(play.record) == play.final
    assert replay(loads(dumps(play.record))) == play.final


def test_replay_reports_the_first_illegal_move_by_number(game: AnyGame) -> None:
    play = random_playthrough(game, game.Rules(), seed=8, choices=9, max_moves=12)
    moves = list(play.record.moves)
    bad_at = 5
    legal = set(game.legal_moves(play.states[bad_at]))
    foreign = next((m for s in play.states for m in game.legal_moves(s) if m not in legal), None)
    if foreign is None:  # a game with a single kind of move everywhere (Beggar)
        moves = [*moves[:bad_at], object()]
    else:
        moves[bad_at] = foreign
    record = attrs.evolve(play.record, moves=tuple(moves))
    with pytest.raises(cardrules.IllegalMoveError, match=f"move {bad_at + 1}:") as info:
        replay(record)
    assert info.value.index == bad_at


def test_record_needs_exactly_one_start(game: AnyGame) -> None:
    start = game.new_game(game.Rules(), seed=1)
    with pytest.raises(cardrules.RulesError, match="exactly one of seed and start"):
        Record(game=game.name, rules=game.Rules())
    with pytest.raises(cardrules.RulesError, match="exactly one of seed and start"):
        Record(game=game.name, rules=game.Rules(), seed=1, start=start)
    doc = json.loads(dumps(Record(game=game.name, rules=game.Rules(), seed=1)))
    doc["data"]["seed"] = None
    with pytest.raises(SerializationError, match="exactly one of seed and start"):
        loads(json.dumps(doc))


def test_record_from_a_start_state_round_trips(game: AnyGame) -> None:
    start = _mid_game(game, moves=5)
    moves = game.legal_moves(start)[:1]
    record = Record(game=game.name, rules=start.rules, start=start, moves=moves)
    loaded = loads(dumps(record))
    assert loaded == record
    assert replay(loaded) == game.apply(start, moves[0])


def test_record_with_a_bad_seed_is_rejected(game: AnyGame) -> None:
    doc = json.loads(dumps(Record(game=game.name, rules=game.Rules(), seed=1)))
    for bad in ("-1", "abc", 1.5, str(2**64)):
        doc["data"]["seed"] = bad
        with pytest.raises(SerializationError, match=r"\$\.data\.seed"):
            loads(json.dumps(doc))


def test_record_with_a_bad_move_names_its_index(game: AnyGame) -> None:
    doc = json.loads(dumps(Record(game=game.name, rules=game.Rules(), seed=1)))
    doc["data"]["moves"] = [{"type": "Nothing"}]
    with pytest.raises(SerializationError, match=r"\$\.data\.moves\[0\]"):
        loads(json.dumps(doc))


def test_record_checks_what_it_is_given(game: AnyGame) -> None:
    other = next(g for name, g in cardrules.GAMES.items() if name != game.name)
    with pytest.raises(cardrules.RulesError, match="rules: not"):
        Record(game=game.name, rules=other.Rules(), seed=1)
    with pytest.raises(cardrules.RulesError, match="seed: must be an int"):
        Record(game=game.name, rules=game.Rules(), seed=2**64)
    with pytest.raises(cardrules.RulesError, match="start: not a"):
        Record(game=game.name, rules=game.Rules(), start=other.new_game(other.Rules(), seed=1))
    with pytest.raises(cardrules.CardrulesError, match="unknown game"):
        Record(game="poker", rules=game.Rules(), seed=1)


# A union of attrs classes inside a state is written with a tag too. No game has one yet,
# so a small stand-in game checks the mechanism a future game would rely on.


@attrs.frozen
class _Red:
    shade: int


@attrs.frozen
class _Blue:
    shade: int


@attrs.frozen
class _Paint:
    colour: _Red | _Blue
    spare: _Red | _Blue | None = None


def test_unions_of_attrs_classes_are_tagged_by_class_name() -> None:
    import cattrs

    from cardrules.game import GameSpec
    from cardrules.serialize import _configure_game

    base = cardrules.get_game("beggar")
    assert isinstance(base, GameSpec)
    fake = attrs.evolve(base, name="paint", State=_Paint, View=_Paint, move_types=())
    conv = cattrs.Converter(detailed_validation=True, forbid_extra_keys=True)
    _configure_game(conv, fake)
    paint = _Paint(colour=_Blue(3), spare=_Red(1))
    raw = conv.unstructure(paint)
    assert raw == {"colour": {"type": "_Blue", "shade": 3}, "spare": {"type": "_Red", "shade": 1}}
    assert conv.structure(raw, _Paint) == paint
    assert conv.structure({"colour": {"type": "_Red", "shade": 2}}, _Paint) == _Paint(_Red(2))
    with pytest.raises(cattrs.BaseValidationError):
        conv.structure({"colour": {"type": "_Green", "shade": 2}}, _Paint)
    with pytest.raises(cattrs.BaseValidationError):
        conv.structure({"colour": {"shade": 2}}, _Paint)


# --------------------------------------------------------------------------- every value (8.4)


def test_rules_alone_round_trip(game: AnyGame) -> None:
    rules = game.Rules()
    doc = json.loads(dumps(rules))
    assert (doc["type"], doc["game"]) == ("rules", game.name)
    assert loads(dumps(rules), kind="rules") == rules
    doc["data"]["players"] = 99
    with pytest.raises(SerializationError, match=r"players.*\$\.data"):
        loads(json.dumps(doc))


def test_an_outcome_is_saved_under_the_game_it_is_given(game: AnyGame) -> None:
    play = random_playthrough(game, game.Rules(), seed=8, choices=9, max_moves=10_000)
    outcome = game.outcome(play.final)
    assert outcome is not None
    with pytest.raises(SerializationError, match="without its game: pass game="):
        dumps(outcome)
    text = dumps(outcome, game=game.name)
    doc = json.loads(text)
    assert (doc["type"], doc["game"]) == ("outcome", game.name)
    assert doc["data"]["winners"] == sorted(outcome.winners)
    assert loads(text, kind="outcome") == outcome


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"winners": [5]}, InvalidStateError, r"\$\.data\.winners: seat 5 is not one of 2"),
        ({"winners": [0, 0]}, SerializationError, r"distinct .* @ \$\.data\.winners"),
        ({"winners": [True]}, SerializationError, r"\$\.data\.winners"),
        ({"cut_rounds": [0]}, InvalidStateError, r"\$\.data\.cut_rounds: round 0"),
        ({"scores": ["1", 2]}, SerializationError, r"\$\.data\.scores\[0\]"),
        ({"extra": 1}, SerializationError, "extra"),
    ],
)
def test_a_bad_outcome_is_rejected(change: dict[str, Any], error: type, message: str) -> None:
    outcome = cardrules.Outcome(scores=(1, 2), winners=frozenset({1}), reason="normal")
    doc = json.loads(dumps(outcome, game="beggar"))
    doc["data"].update(change)
    with pytest.raises(error, match=message):
        loads(json.dumps(doc))


def test_dumps_with_a_game_checks_the_object_belongs_to_it(game: AnyGame) -> None:
    state = _mid_game(game)
    assert dumps(state, game=game.name) == dumps(state)
    other = next(name for name in cardrules.GAMES if name != game.name)
    with pytest.raises(SerializationError, match=f"not a state, view, .* of {other}"):
        dumps(state, game=other)
    with pytest.raises(SerializationError, match="unknown game 'poker'"):
        dumps(state, game="poker")
    record = Record(game=game.name, rules=game.Rules(), seed=1)
    with pytest.raises(SerializationError, match=f"a {game.name} record as {other}"):
        dumps(record, game=other)


# Made-up events and values on a copy of Beggar: no game declares any yet.


@attrs.frozen
class _Drew:
    rule: str
    seat: int
    cards: int


@attrs.frozen
class _Burned:
    rule: str
    pile: tuple[int, ...]


class _Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


def _with_values(monkeypatch: pytest.MonkeyPatch) -> AnyGame:
    base = cardrules.get_game("beggar")
    assert isinstance(base, GameSpec)
    fake = attrs.evolve(
        base,
        event_types=(_Drew, _Burned),
        value_types=(beggar.Cycle, beggar.PlayOut, beggar.Card, _Level),
    )
    monkeypatch.setattr(cardrules.serialize, "GAMES", {**cardrules.GAMES, "beggar": fake})
    return fake


def test_events_round_trip_as_tagged_unions(monkeypatch: pytest.MonkeyPatch) -> None:
    _with_values(monkeypatch)
    for event in (_Drew("BM-3", 1, 4), _Burned("BM-6", (1, 2))):
        doc = json.loads(dumps(event))
        assert (doc["type"], doc["data"]["type"]) == ("event", type(event).__name__)
        assert loads(json.dumps(doc), kind="event") == event
    data = cardrules.to_data(_Drew("BM-3", 1, 4))
    assert data == {"type": "_Drew", "rule": "BM-3", "seat": 1, "cards": 4}
    assert cardrules.from_data(data, game="beggar", kind="event") == _Drew("BM-3", 1, 4)
    for bad, message in (
        ({**data, "type": "_Won"}, "unknown 'type' '_Won'"),
        ({**data, "cards": "4"}, r"\$\.cards"),
        ({**data, "more": 1}, "more"),
        ({"rule": "BM-3", "seat": 1, "cards": 4}, "unknown 'type' None"),
    ):
        with pytest.raises(SerializationError, match=message):
            cardrules.from_data(bad, game="beggar", kind="event")


def test_values_round_trip(monkeypatch: pytest.MonkeyPatch) -> None:
    _with_values(monkeypatch)
    state = beggar.new_game(beggar.Rules(), seed=3)
    played = beggar.play_out(state)
    cycle = beggar.Cycle(start_cards=10, start_tricks=2, length_cards=50, length_tricks=9)
    for value in (cycle, played, beggar.Card.from_str("10H"), _Level.HIGH):
        text = dumps(value)
        assert json.loads(text)["type"] == "value"
        assert loads(text, kind="value") == value
    assert cardrules.to_data(_Level.HIGH) == {"type": "_Level", "value": 2}
    # A class written as its text (a card) is tagged like any value that is no object.
    assert cardrules.to_data(beggar.Card.from_str("10H")) == {"type": "Card", "value": "10H"}
    with pytest.raises(SerializationError, match=r"expected a Card as text, .*10h"):
        cardrules.from_data({"type": "Card", "value": "10h"}, game="beggar", kind="value")
    assert cardrules.to_data(cycle)["type"] == "Cycle"
    # A state inside a value is checked like any state.
    doc = json.loads(dumps(played))
    doc["data"]["state"]["turn"] = 7
    with pytest.raises(InvalidStateError, match=r"^\$\.data\.state\.turn: "):
        loads(json.dumps(doc))
    with pytest.raises(SerializationError, match="expected the keys 'type' and 'value'"):
        cardrules.from_data({"type": "_Level", "level": 2}, game="beggar", kind="value")


def test_a_value_class_does_not_change_how_states_are_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Card is inside every Beggar state; declaring it a value must not tag it there.
    state = _mid_game(cardrules.get_game("beggar"))
    before = dumps(state)
    _with_values(monkeypatch)
    assert dumps(state) == before


# --------------------------------------------------------------------------- plain data (8.4)


def test_a_client_move_is_read_and_checked() -> None:
    from cardrules import biggenbende as bb

    move = cardrules.from_data(
        {"type": "Play", "value": 5, "count": 2}, game="biggenbende", kind="move"
    )
    assert move == bb.Play(value=5, count=2)
    assert cardrules.to_data(move) == {"type": "Play", "value": 5, "count": 2}
    for bad, message in (
        ({"type": "Play", "value": "5", "count": 2}, r"got str .* @ \$\.value"),
        ({"type": "Play", "value": 5}, r"count"),
        ({"type": "Play", "value": 5, "count": 2, "x": 0}, r"extra fields found \(x\) @ \$"),
        ({"type": "Teleport"}, "unknown 'type' 'Teleport'"),
        ([5, 2], "expected an object with a 'type' tag"),
    ):
        with pytest.raises(SerializationError, match=message):
            cardrules.from_data(bad, game="biggenbende", kind="move")


def test_to_data_and_from_data_round_trip_every_kind(game: AnyGame) -> None:
    play = random_playthrough(game, game.Rules(), seed=5, choices=6, max_moves=10_000)
    outcome = game.outcome(play.final)
    values: dict[str, Any] = {
        "state": play.states[len(play.states) // 2],
        "view": game.view(play.final, 0),
        "move": play.record.moves[0],
        "record": play.record,
        "rules": play.record.rules,
    }
    for kind, value in values.items():
        data = cardrules.to_data(value)
        assert data == json.loads(dumps(value))["data"]
        assert cardrules.from_data(data, game=game.name, kind=kind) == value  # type: ignore[arg-type]
    data = cardrules.to_data(outcome, game=game.name)
    assert cardrules.from_data(data, game=game.name, kind="outcome") == outcome


def test_from_data_checks_its_arguments_and_its_data(game: AnyGame) -> None:
    state = _mid_game(game)
    data = cardrules.to_data(state)
    with pytest.raises(SerializationError, match="unknown game 'poker'"):
        cardrules.from_data(data, game="poker", kind="state")
    with pytest.raises(SerializationError, match="kind: expected one of state"):
        cardrules.from_data(data, game=game.name, kind="hand")  # type: ignore[arg-type]
    with pytest.raises(SerializationError, match="version: expected a positive integer"):
        cardrules.from_data(data, game=game.name, kind="state", version=0)
    with pytest.raises(SerializationError, match=r"^\$: not JSON data: a tuple"):
        cardrules.from_data({**data, "rng": (1, 2)}, game=game.name, kind="state")
    with pytest.raises(SerializationError, match=r"^invalid data: .*@ \$\.rng"):
        cardrules.from_data({**data, "rng": 5.5}, game=game.name, kind="state")
    with pytest.raises(SerializationError, match=r"^\$: unknown record keys x"):
        cardrules.from_data({"x": 1}, game=game.name, kind="record")
    assert cardrules.from_data(data, game=game.name, kind="state") == state


def test_every_kind_is_written_with_its_own_type(game: AnyGame) -> None:
    assert set(cardrules.serialize._KINDS) == set(typing.get_args(cardrules.serialize.Kind))


def test_lists_of_plain_items_are_read_whole_and_exactly() -> None:
    # The quick path for lists of ints (and of lists of ints) gives the same objects,
    # and a single odd item still gets the detailed message with its index.
    conv = cardrules.make_converter()
    nested = tuple[tuple[int, ...], ...]
    assert conv.structure([[1, 2], [], [3]], nested) == ((1, 2), (), (3,))
    assert type(conv.structure([[1]], nested)[0]) is tuple
    assert conv.structure([1, None], tuple[int | None, ...]) == (1, None)
    assert conv.structure([True], list[bool]) == [True]
    for bad, path in (([[1, True]], "$[0][1]"), ([[1], "2"], "$[1]"), ([[1], [2.0]], "$[1][0]")):
        with pytest.raises(cattrs.IterableValidationError) as info:
            conv.structure(bad, nested)
        assert [m.rsplit(" @ ", 1)[1] for m in cattrs.transform_error(info.value)] == [path]


def test_a_hook_registered_after_configure_converter_is_not_bypassed() -> None:
    conv = cattrs.Converter()
    cardrules.serialize.configure_converter(conv)
    conv.register_structure_hook(int, lambda value, _: value * 10)
    assert conv.structure([1, 2], tuple[int, ...]) == (10, 20)
    assert conv.structure([[1]], tuple[tuple[int, ...], ...]) == ((10,),)


def test_dumps_and_loads_follow_the_registry_as_it_changes(toy: AnyGame) -> None:
    # dumps and loads find a loaded game without the registry's lock: a game forgotten
    # since must be unknown to them, and one registered again found again.
    from cardrules._registry import _REGISTRY

    state = toy.new_game(seed=3)
    text = cardrules.dumps(state)
    assert cardrules.loads(text) == state
    _REGISTRY._unregister(toy.name)
    try:
        with pytest.raises(SerializationError, match=r"^\$\.game: unknown game 'toy'"):
            cardrules.loads(text)
        with pytest.raises(SerializationError, match="cannot serialise"):
            cardrules.dumps(state)
    finally:
        cardrules.register_game(toy)
    assert cardrules.loads(text) == state
    assert cardrules.dumps(state) == text
