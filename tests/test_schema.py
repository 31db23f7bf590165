"""
The JSON Schemas of the format: checked in, current, and true to what ``dumps`` writes.

Golden saves of every format version validate against the schema of their version;
random states, views, moves and records validate against the current schema; and the
schema rejects what ``loads`` rejects for its structure (a wrong tag, an unknown key, a
string for an integer).
"""

from __future__ import annotations

import copy
import functools
import importlib.resources
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

import cardrules
from cardrules import SerializationError, beggar, biggenbende, dumps, loads
from cardrules.game import AnyGame, GameSpec, Kind
from cardrules.schema import (
    DRAFT,
    json_schema,
    kinds,
    load_schema,
    main,
    schema_text,
    write_schemas,
)
from cardrules.testing import Playthrough, playthroughs, random_playthrough
from tests.data.golden import DATA

SCHEMAS = Path(str(importlib.resources.files("cardrules") / "schemas"))
DOCS = Path(__file__).parent.parent / "docs" / "reference" / "format.md"
REGENERATE = (
    "python -m cardrules.schema --write src/cardrules/schemas --docs docs/reference/format.md"
)

_GOLDEN = sorted(
    path
    for path in DATA.glob("*/v*/*.json")
    if path.name != "manifest.json" and (path.parent / "manifest.json").exists()
)


@functools.cache
def _validator(game: str, kind: str, version: int | None = None) -> Draft202012Validator:
    # One validator a schema: the 881 golden files share a few dozen schemas.
    return Draft202012Validator(load_schema(game, kind, version=version))  # type: ignore[arg-type]


def _errors(doc: Any, game: str, kind: str) -> list[str]:
    return [error.message for error in _validator(game, kind).iter_errors(doc)]


def _stale(game: AnyGame, root: Path) -> list[str]:
    """What differs between ``root``'s files of ``game``'s current version and the classes."""
    folder = root / game.name / f"v{game.format_version}"
    problems = []
    for kind in kinds(game):
        path = folder / f"{kind}.json"
        if not path.exists():
            problems.append(f"{path} is missing")
        elif path.read_text(encoding="utf-8") != schema_text(json_schema(game, kind)):
            problems.append(f"{path} differs from the classes")
    extra = sorted({p.stem for p in folder.glob("*.json")} - set(kinds(game)))
    problems.extend(f"{folder / kind}.json is not a kind of {game.name}" for kind in extra)
    return problems


# --------------------------------------------------------------------------- checked in


def test_checked_in_schemas_match_the_classes(game: AnyGame) -> None:
    problems = _stale(game, SCHEMAS)
    assert not problems, (
        f"the {game.name} schemas of format version {game.format_version} do not match its "
        f"classes ({'; '.join(problems)}). If the saved format changed, bump the game's "
        f"format_version (with an upgrade step) so that the old schemas stay as they are, "
        f"then regenerate the current ones: {REGENERATE}"
    )


def test_a_changed_class_makes_the_schemas_stale() -> None:
    game = cardrules.get_game("beggar")
    assert isinstance(game, GameSpec)

    @attrs.frozen
    class Shout:
        """A made-up second move."""

        loud: bool

    changed = attrs.evolve(game, move_types=(beggar.Turn, Shout))
    assert json_schema(changed, "move") != json_schema(game, "move")
    assert _stale(changed, SCHEMAS) == [
        f"{SCHEMAS}/beggar/v2/move.json differs from the classes",
        f"{SCHEMAS}/beggar/v2/record.json differs from the classes",
    ]
    newer = attrs.evolve(game, format_version=3)
    assert f"{SCHEMAS}/beggar/v3/state.json is missing" in _stale(newer, SCHEMAS)


def test_write_schemas_writes_the_checked_in_files(tmp_path: Path) -> None:
    assert main(["--write", str(tmp_path)]) == 0
    written = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.json"))
    assert written == sorted(
        Path(name, f"v{game.format_version}", f"{kind}.json")
        for name, game in cardrules.GAMES.items()
        for kind in kinds(game)
    )
    for game in cardrules.GAMES.values():
        assert not _stale(game, tmp_path)


def test_write_schemas_removes_a_kind_that_is_gone_and_keeps_old_versions(
    tmp_path: Path,
) -> None:
    (tmp_path / "beggar" / "v2").mkdir(parents=True)
    gone = tmp_path / "beggar" / "v2" / "dropped.json"
    gone.write_text("{}")
    old = tmp_path / "beggar" / "v0" / "state.json"
    old.parent.mkdir()
    old.write_text("{}")
    write_schemas(tmp_path)
    assert not gone.exists()
    assert old.read_text() == "{}"


def test_the_docs_tables_match_the_classes(tmp_path: Path) -> None:
    copy_ = tmp_path / "format.md"
    copy_.write_text(DOCS.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["--docs", str(copy_)]) == 0
    assert copy_.read_text(encoding="utf-8") == DOCS.read_text(encoding="utf-8"), (
        f"the field tables of {DOCS.name} are out of date: {REGENERATE}"
    )


def test_every_checked_in_schema_is_a_valid_draft_2020_12_schema() -> None:
    files = sorted(SCHEMAS.glob("*/v*/*.json"))
    assert len(files) >= 6 * len(cardrules.GAMES)
    for path in files:
        schema = json.loads(path.read_text(encoding="utf-8"))
        assert schema["$schema"] == DRAFT
        Draft202012Validator.check_schema(schema)
        game, version, kind = path.parts[-3], path.parts[-2], path.stem
        assert schema["properties"]["game"]["const"] == game
        assert schema["properties"]["type"]["const"] == kind
        assert f"v{schema['properties']['version']['const']}" == version


def test_every_golden_format_version_has_its_schemas() -> None:
    versions = {(path.parent.parent.name, path.parent.name) for path in _GOLDEN}
    assert versions
    for game, version in versions:
        assert (SCHEMAS / game / version / "state.json").exists(), (game, version)


# --------------------------------------------------------------------------- valid documents


@pytest.mark.parametrize("path", _GOLDEN, ids=lambda p: "/".join(p.parts[-3:]))
def test_golden_files_validate_against_the_schema_of_their_version(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    version = int(path.parent.name.removeprefix("v"))
    assert doc["version"] == version
    errors = [e.message for e in _validator(doc["game"], doc["type"], version).iter_errors(doc)]
    assert not errors, errors[:3]


def _documents(game: AnyGame, play: Playthrough) -> Iterator[tuple[Kind, str]]:
    """Every kind of document a playthrough gives, as ``dumps`` writes it."""
    yield "record", dumps(play.record)
    state = play.states[len(play.states) // 2]
    yield "state", dumps(state)
    yield "state", dumps(play.final)
    for seat in range(game.players(state)):
        yield "view", dumps(game.view(state, seat))
    for move in game.legal_moves(state)[:10]:
        yield "move", dumps(move)
    first = play.states[0]
    yield "record", dumps(cardrules.Record(game=game.name, rules=first.rules, start=first))


@given(data=st.data())
def test_random_documents_validate(game: AnyGame, data: st.DataObject) -> None:
    play = data.draw(playthroughs(game, max_moves=150))
    for kind, text in _documents(game, play):
        doc = json.loads(text)
        assert doc["type"] == kind
        errors = _errors(doc, game.name, kind)
        assert not errors, (kind, errors[:3])


@pytest.mark.parametrize("kind", ["rules", "outcome"])
def test_rules_and_outcomes_validate(game: AnyGame, kind: Kind) -> None:
    play = random_playthrough(game, game.Rules(), seed=3, choices=4)
    obj = game.Rules(players=3) if kind == "rules" else game.outcome(play.final)
    assert obj is not None
    doc = json.loads(dumps(obj, game=game.name))
    assert doc["type"] == kind
    assert not _errors(doc, game.name, kind)


def test_a_move_sent_by_a_client_validates() -> None:
    doc = {
        "format": "cardrules",
        "version": biggenbende.GAME.format_version,
        "game": "biggenbende",
        "rules_version": 1,
        "type": "move",
        "data": {"type": "Play", "value": 5, "count": 2},
    }
    assert not _errors(doc, "biggenbende", "move")
    assert loads(json.dumps(doc)) == biggenbende.Play(5, 2)


# --------------------------------------------------------------------------- invalid documents


def _state_doc(game: AnyGame) -> dict[str, Any]:
    play = random_playthrough(game, game.Rules(), seed=5, choices=6, max_moves=40)
    doc: dict[str, Any] = json.loads(dumps(play.final))
    return doc


def _leaves(obj: Any) -> Iterator[tuple[Any, Any, Any]]:
    """Every ``(container, key, value)`` of a scalar inside JSON data."""
    items = obj.items() if isinstance(obj, dict) else enumerate(obj)
    for key, value in items:
        if isinstance(value, (dict, list)):
            yield from _leaves(value)
        else:
            yield obj, key, value


def test_a_string_where_an_integer_belongs_is_rejected(game: AnyGame) -> None:
    doc = _state_doc(game)
    count = 0
    for container, key, value in list(_leaves(doc["data"])):
        if type(value) is not int:
            continue
        count += 1
        container[key] = str(value)
        assert _errors(doc, game.name, "state"), f"{key}: {value!r} as a string"
        with pytest.raises(SerializationError):
            loads(json.dumps(doc))
        container[key] = value
    assert count > 5
    assert not _errors(doc, game.name, "state")


def test_an_unknown_key_is_rejected_anywhere(game: AnyGame) -> None:
    doc = _state_doc(game)
    objects = [doc, doc["data"], doc["data"]["rules"]]
    for obj in objects:
        obj["extra"] = 1
        assert _errors(doc, game.name, "state")
        with pytest.raises(SerializationError):
            loads(json.dumps(doc))
        del obj["extra"]
    assert not _errors(doc, game.name, "state")


def test_a_missing_field_is_rejected(game: AnyGame) -> None:
    doc = _state_doc(game)
    for key in list(doc["data"]):
        broken = copy.deepcopy(doc)
        del broken["data"][key]
        assert _errors(broken, game.name, "state"), key


def test_a_wrong_move_tag_is_rejected(game: AnyGame) -> None:
    state = game.new_game(game.Rules(), seed=1)
    doc = json.loads(dumps(game.legal_moves(state)[0]))
    for tag in ("NoSuchMove", None, doc["data"]["type"].lower()):
        broken = copy.deepcopy(doc)
        broken["data"]["type"] = tag
        assert _errors(broken, game.name, "move"), tag
        with pytest.raises(SerializationError):
            loads(json.dumps(broken))
    del doc["data"]["type"]
    assert _errors(doc, game.name, "move")


def test_the_envelope_is_checked(game: AnyGame) -> None:
    doc = _state_doc(game)
    for key, value in (
        ("format", "other"),
        ("version", 99),
        ("game", "chess"),
        ("type", "view"),
        ("rules_version", "1"),
    ):
        broken = {**doc, key: value}
        assert _errors(broken, game.name, "state"), key
        with pytest.raises(SerializationError):
            loads(json.dumps(broken))


def test_big_integers_are_decimal_strings(game: AnyGame) -> None:
    doc = _state_doc(game)
    assert isinstance(doc["data"]["rng"], str)
    doc["data"]["rng"] = "-1"
    assert _errors(doc, game.name, "state")
    record = json.loads(dumps(cardrules.Record(game=game.name, rules=game.Rules(), seed=2**63)))
    assert record["data"]["seed"] == str(2**63)
    assert not _errors(record, game.name, "record")
    record["data"]["seed"] = 7
    assert _errors(record, game.name, "record")


def test_a_record_needs_exactly_one_of_seed_and_start(game: AnyGame) -> None:
    state = game.new_game(game.Rules(), seed=1)
    doc = json.loads(dumps(cardrules.Record(game=game.name, rules=game.Rules(), start=state)))
    assert not _errors(doc, game.name, "record")
    both = copy.deepcopy(doc)
    both["data"]["seed"] = "1"
    neither = copy.deepcopy(doc)
    neither["data"]["start"] = None
    for broken in (both, neither):
        assert _errors(broken, game.name, "record")
        with pytest.raises(SerializationError):
            loads(json.dumps(broken))


# --------------------------------------------------------------------------- the generator


def test_events_and_values_get_tagged_schemas() -> None:
    game = cardrules.get_game("beggar")
    assert isinstance(game, GameSpec)

    @attrs.frozen
    class Burn:
        """A made-up event."""

        rule: str
        seat: int

    changed = attrs.evolve(game, event_types=(Burn,), value_types=(beggar.Cycle,))
    assert kinds(changed)[-2:] == ("event", "value")
    event = json_schema(changed, "event")
    assert event["properties"]["data"] == {"$ref": "#/$defs/Event"}
    assert event["$defs"]["Burn"]["properties"]["type"] == {"const": "Burn"}
    assert event["$defs"]["Burn"]["required"] == ["type", "rule", "seat"]
    value = json_schema(changed, "value")
    assert value["$defs"]["Cycle"]["properties"]["type"] == {"const": "Cycle"}
    check = Draft202012Validator(value)
    data = {"type": "Cycle", "start_cards": 1, "start_tricks": 0, "length_cards": 4}
    doc = {**json.loads(dumps(beggar.Turn())), "type": "value"}
    assert not check.is_valid({**doc, "data": data})
    assert check.is_valid({**doc, "data": {**data, "length_tricks": 1}})


def test_a_game_without_events_has_no_event_schema() -> None:
    spec = cardrules.get_game("beggar")
    assert isinstance(spec, GameSpec)
    quiet = attrs.evolve(spec, events=None, event_types=(), render_event=None)
    with pytest.raises(cardrules.CardrulesError, match="no 'event' documents"):
        json_schema(quiet, "event")
    with pytest.raises(cardrules.CardrulesError, match="no schema"):
        load_schema("beggar", "state", version=99)


def test_an_unknown_field_type_is_refused() -> None:
    game = cardrules.get_game("beggar")
    assert isinstance(game, GameSpec)

    @attrs.frozen
    class Rules:
        """Rules with a float."""

        players: float = 2.0

    with pytest.raises(TypeError, match="no JSON Schema for the type"):
        json_schema(attrs.evolve(game, Rules=Rules), "rules")


def test_the_command_prints_one_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["allegra", "view"]) == 0
    assert json.loads(capsys.readouterr().out) == json_schema("allegra", "view")
    with pytest.raises(SystemExit):
        main(["allegra"])
    with pytest.raises(SystemExit):
        main(["beggar", "nonsense"])


def test_a_signed_save_validates(game: AnyGame) -> None:
    # dumps(obj, key=...) adds the HMAC as "signature"; the schema allows it, and only it.
    state = game.new_game(game.Rules(), seed=4)
    doc = json.loads(cardrules.dumps(state, key=b"server secret"))
    assert not _errors(doc, game.name, "state")
    doc["signature"] = "not hex"
    assert _errors(doc, game.name, "state")


def test_a_class_written_as_text_is_a_string_of_its_pattern() -> None:
    # Beggar's cards travel as their text (format version 2): "QH", "10S".
    schema = json_schema("beggar", "state")
    card = schema["$defs"]["Card"]
    assert card["type"] == "string"
    assert "properties" not in card
    texts = {str(c) for c in beggar.DECK}
    assert all(re.fullmatch(card["pattern"], text) for text in texts)
    for bad in ("qh", "TH", "1S", "11S", "QX", " QH", "Q", "10"):
        assert not re.search(card["pattern"], bad), bad
    state = beggar.new_game(seed=4)
    Draft202012Validator(schema).validate(json.loads(cardrules.dumps(state)))
    doc = json.loads(cardrules.dumps(state))
    doc["data"]["stacks"][0][0] = "TH"
    assert list(Draft202012Validator(schema).iter_errors(doc))
    assert "A string matching `^(?:A|[2-9]|10|J|Q|K)[CDHS]$`." in DOCS.read_text(encoding="utf-8")
