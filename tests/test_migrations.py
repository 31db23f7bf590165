"""
Format versions and migrations (issue 8.2): the envelope's ``version`` is the game's
format version, and ``loads`` reads every earlier one through the game's upgrade steps.

The made-up games here are Beggar-my-neighbour with a made-up history of its format, so
that these tests do not depend on any real game's migrations:

- format 1 called the state's ``turn`` ``next_seat``, had no ``max_cards`` in its rules,
  and called the move ``Flip``;
- format 2 kept the state's cycle detector as one list ``cycle`` (key, power, lam) and
  called the view's ``turn`` ``seat_to_play``;
- format 3 is today's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import (
    InvalidStateError,
    Record,
    SerializationError,
    Upgrade,
    beggar,
    dumps,
    loads,
    replay,
)
from cardrules.game import AnyGame, GameSpec
from cardrules.testing import random_playthrough
from tests.data.golden import DATA, PLAYER_COUNTS

BASE = beggar.GAME


def _rename(data: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    return {new if key == old else key: value for key, value in data.items()}


def _state_1(data: Any) -> Any:
    return _rename(data, "next_seat", "turn")


def _state_2(data: Any) -> Any:
    key, power, lam = data["cycle"]
    out = {k: v for k, v in data.items() if k != "cycle"}
    return {**out, "cycle_key": key, "cycle_power": power, "cycle_lam": lam}


def _rules_1(data: Any) -> Any:
    return {**data, "max_cards": None}


def _move_1(data: Any) -> Any:
    return {**data, "type": "Turn"} if data.get("type") == "Flip" else data


def _view_2(data: Any) -> Any:
    return _rename(data, "seat_to_play", "turn")


STEPS = (
    Upgrade("state", 1, _state_1),
    Upgrade("state", 2, _state_2),
    Upgrade("rules", 1, _rules_1),
    Upgrade("move", 1, _move_1),
    Upgrade("view", 2, _view_2),
)


def _register(monkeypatch: pytest.MonkeyPatch, game: AnyGame) -> None:
    """Register ``game`` under its name, as ``cardrules.register_game`` would."""
    games = {**cardrules.GAMES, game.name: game}
    monkeypatch.setattr(cardrules.serialize, "GAMES", games)


def _made_up(monkeypatch: pytest.MonkeyPatch, *steps: Upgrade, version: int = 3) -> AnyGame:
    assert isinstance(BASE, GameSpec)
    game = attrs.evolve(BASE, format_version=version, upgrades=steps or STEPS)
    _register(monkeypatch, game)
    return game


def _mid_game() -> beggar.State:
    play = random_playthrough(BASE, beggar.Rules(max_cards=400), seed=4, choices=4, max_moves=30)
    state: beggar.State = play.final
    return state


def _envelope(kind: str, data: Any, version: int, game: str = "beggar") -> str:
    return json.dumps(
        {
            "format": "cardrules",
            "version": version,
            "game": game,
            "rules_version": cardrules.get_game(game).rules_version,
            "type": kind,
            "data": data,
        }
    )


def _rules_v1(rules: beggar.Rules) -> dict[str, Any]:
    data: dict[str, Any] = cardrules.to_data(rules)
    assert data.pop("max_cards") is None  # format 1 had no card limit
    return data


def _state_v2(state: beggar.State) -> dict[str, Any]:
    data: dict[str, Any] = cardrules.to_data(state)
    data["cycle"] = [data.pop("cycle_key"), data.pop("cycle_power"), data.pop("cycle_lam")]
    return data


def _state_v1(state: beggar.State) -> dict[str, Any]:
    data = _rename(_state_v2(state), "turn", "next_seat")
    data["rules"] = _rules_v1(state.rules)
    return data


def _fresh() -> beggar.State:
    # Default rules, which format 1 could hold (it had no card limit).
    state: beggar.State = random_playthrough(
        BASE, beggar.Rules(), seed=4, choices=4, max_moves=30
    ).final
    return state


# --------------------------------------------------------------------------- versions


def test_dumps_writes_the_games_current_format_version(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _mid_game()
    assert json.loads(dumps(state))["version"] == BASE.format_version == 2
    _made_up(monkeypatch)
    assert json.loads(dumps(state))["version"] == 3
    assert json.loads(dumps(beggar.Turn()))["version"] == 3
    assert loads(dumps(state)) == state


def test_the_envelope_layout_version_is_unchanged() -> None:
    # FORMAT_VERSION is the layout of the envelope (its six keys), kept at 1; the
    # envelope's version key is the game's format version.
    assert cardrules.serialize.FORMAT_VERSION == 1
    assert cardrules.serialize.FORMAT == "cardrules"


def test_a_state_is_upgraded_through_every_step(monkeypatch: pytest.MonkeyPatch) -> None:
    _made_up(monkeypatch)
    state = _fresh()
    assert loads(_envelope("state", _state_v1(state), 1)) == state
    assert loads(_envelope("state", _state_v2(state), 2)) == state
    assert loads(_envelope("state", cardrules.to_data(state), 3)) == state


def test_each_kind_has_its_own_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    _made_up(monkeypatch)
    state = _fresh()
    # Rules: one step at 1. Moves: one step at 1 (a tag renamed).
    assert loads(_envelope("rules", {"players": 3}, 1)) == beggar.Rules(players=3)
    assert loads(_envelope("rules", {"players": 3, "max_cards": 9}, 2)) == beggar.Rules(
        players=3, max_cards=9
    )
    assert loads(_envelope("move", {"type": "Flip"}, 1)) == beggar.Turn()
    # Views: no step at 1 (passes unchanged), one at 2.
    view = beggar.view(state, 1)
    old = _rename(cardrules.to_data(view), "turn", "seat_to_play")
    assert loads(_envelope("view", old, 1)) == view
    assert loads(_envelope("view", old, 2)) == view
    # A kind with no step at all passes every version unchanged.
    outcome = cardrules.Outcome(scores=(52, 0), winners=frozenset({0}), reason="normal")
    assert loads(_envelope("outcome", cardrules.to_data(outcome, game="beggar"), 1)) == outcome


def test_a_step_is_not_applied_to_data_already_past_it(monkeypatch: pytest.MonkeyPatch) -> None:
    _made_up(monkeypatch)
    # At version 2 the rules already have max_cards: the version-1 step would reset it.
    assert loads(_envelope("rules", {"players": 2, "max_cards": 300}, 2)).max_cards == 300
    with pytest.raises(SerializationError, match="unknown 'type' 'Flip'"):
        loads(_envelope("move", {"type": "Flip"}, 2))


def test_a_record_is_upgraded_through_its_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    _made_up(monkeypatch)
    start = _fresh()
    moves = (beggar.Turn(),) * 6
    record = Record(game="beggar", rules=start.rules, start=start, moves=moves)
    data = {
        "rules": _rules_v1(start.rules),
        "seed": None,
        "moves": [{"type": "Flip"}] * 6,
        "start": _state_v1(start),
    }
    loaded = loads(_envelope("record", data, 1))
    assert loaded == record
    assert replay(loaded) == replay(record)
    seeded = {"rules": {"players": 2}, "seed": "7", "moves": [{"type": "Flip"}], "start": None}
    assert loads(_envelope("record", seeded, 1)) == Record(
        game="beggar", rules=beggar.Rules(), seed=7, moves=(beggar.Turn(),)
    )


def test_an_explicit_record_step_replaces_the_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    def whole(data: Any) -> Any:
        return {**data, "rules": _rules_1(data["rules"]), "moves": [{"type": "Turn"}] * 2}

    def never(data: Any) -> Any:
        raise AssertionError("a part's step ran although the game upgrades whole records")

    _made_up(monkeypatch, Upgrade("record", 1, whole), Upgrade("move", 1, never), version=2)
    data: dict[str, Any] = {"rules": {"players": 2}, "seed": "1", "moves": [], "start": None}
    assert loads(_envelope("record", data, 1)).moves == (beggar.Turn(),) * 2
    # The move step is still the one for moves alone.
    with pytest.raises(SerializationError, match="move upgrade from format version 1 to 2"):
        loads(_envelope("move", {"type": "Flip"}, 1))


def test_a_newer_format_version_is_refused_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    _made_up(monkeypatch)
    with pytest.raises(SerializationError) as info:
        loads(_envelope("state", cardrules.to_data(_fresh()), 4))
    assert str(info.value) == (
        "$.version: format version 4 of beggar is newer than this cardrules reads (3); "
        "upgrade cardrules"
    )


@pytest.mark.parametrize("kind", ["state", "view", "record", "move", "rules", "outcome"])
def test_a_made_up_future_version_is_refused_for_every_game_and_kind(
    game: AnyGame, kind: str
) -> None:
    future = game.format_version + 1
    text = _envelope(kind, {}, future, game=game.name)
    with pytest.raises(SerializationError, match=f"format version {future} of {game.name} is"):
        loads(text)
    with pytest.raises(SerializationError, match=f"format version {future} of {game.name} is"):
        cardrules.from_data({}, game=game.name, kind=kind, version=future)  # type: ignore[arg-type]


def test_an_older_rules_version_is_refused_not_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    # cardrules keeps no old rules: a record made under them is refused with a reason.
    assert isinstance(BASE, GameSpec)
    _register(monkeypatch, attrs.evolve(BASE, rules_version=2))
    record = Record(game="beggar", rules=beggar.Rules(), seed=3)
    doc = json.loads(dumps(record))
    assert loads(json.dumps(doc)) == record
    doc["rules_version"] = 1
    with pytest.raises(
        SerializationError, match=r"rules version 1 is older .* keeps no old rules"
    ):
        loads(json.dumps(doc))
    doc["rules_version"] = 3
    with pytest.raises(SerializationError, match=r"rules version 3 is newer .* upgrade cardrules"):
        loads(json.dumps(doc))


# --------------------------------------------------------------------------- broken steps


def _raises(data: Any) -> Any:
    return data["no such field"]


@pytest.mark.parametrize(
    ("step", "message"),
    [
        (_raises, r"failed: KeyError: 'no such field'"),
        (lambda data: {"cards": {1, 2}}, r"returned a set \{1, 2\}, not JSON data"),
        (lambda data: float("nan"), r"returned the number nan, not JSON data"),
        (lambda data: {1: "a"}, r"returned the key 1, not a string, not JSON data"),
        (lambda data: (data,), r"returned a tuple"),
    ],
)
def test_a_broken_step_gives_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, step: Any, message: str
) -> None:
    _made_up(monkeypatch, Upgrade("state", 1, step), version=2)
    with pytest.raises(SerializationError) as info:
        loads(_envelope("state", _state_v1(_fresh()), 1))
    assert str(info.value).startswith(
        "$.data: the beggar state upgrade from format version 1 to 2 "
    )
    assert info.match(message)


def test_a_step_returning_data_that_contains_itself_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def loop(data: Any) -> Any:
        data["self"] = data
        return data

    _made_up(monkeypatch, Upgrade("move", 1, loop), version=2)
    with pytest.raises(SerializationError, match=r"move upgrade .* a dict that contains itself"):
        loads(_envelope("move", {"type": "Turn"}, 1))


def test_a_step_in_a_record_names_the_part(monkeypatch: pytest.MonkeyPatch) -> None:
    _made_up(monkeypatch, Upgrade("move", 1, _raises), version=2)
    data = {"rules": {"players": 2}, "seed": "1", "moves": [{"type": "Turn"}], "start": None}
    with pytest.raises(
        SerializationError, match=r"^\$\.data\.moves\[0\]: the beggar move upgrade"
    ):
        loads(_envelope("record", data, 1))


def test_wrong_data_after_an_upgrade_says_it_was_upgraded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _made_up(monkeypatch, Upgrade("state", 1, lambda data: {**data, "surprise": 1}), version=2)
    state = _fresh()
    with pytest.raises(SerializationError, match="surprise") as info:
        loads(_envelope("state", cardrules.to_data(state), 1))
    assert str(info.value).endswith("(read as beggar format version 1, upgraded to 2)")
    # Data of today's version gets no such note.
    with pytest.raises(SerializationError) as info:
        loads(_envelope("state", {**cardrules.to_data(state), "surprise": 1}, 2))
    assert "upgraded" not in str(info.value)


def test_an_invalid_state_after_an_upgrade_stays_invalid_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _made_up(monkeypatch, Upgrade("state", 1, lambda data: {**data, "turn": 7}), version=2)
    with pytest.raises(InvalidStateError, match="upgraded to 2"):
        loads(_envelope("state", cardrules.to_data(_fresh()), 1))


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        ((Upgrade("state", 1, _state_1), Upgrade("state", 1, _state_1)), "two state upgrade"),
        ((Upgrade("state", 3, _state_1),), "not one of 1 to 2"),
        ((Upgrade("state", 0, _state_1),), "not one of 1 to 2"),
        ((Upgrade("hand", 1, _state_1),), "unknown kind 'hand'"),  # type: ignore[arg-type]
        ((Upgrade("state", 1, "rename"),), "not callable"),  # type: ignore[arg-type]
    ],
)
def test_broken_upgrade_declarations_are_reported(
    monkeypatch: pytest.MonkeyPatch, steps: tuple[Upgrade, ...], message: str
) -> None:
    _made_up(monkeypatch, *steps, version=3)
    # Today's data never needs the steps, so it still loads.
    state = _fresh()
    assert loads(dumps(state)) == state
    with pytest.raises(SerializationError, match=f"upgrades are broken: .*{message}"):
        loads(_envelope("state", _state_v1(state), 1))


def test_from_data_upgrades_a_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    _made_up(monkeypatch)
    state = _fresh()
    data = _state_v1(state)
    before = json.dumps(data)
    assert cardrules.from_data(data, game="beggar", kind="state", version=1) == state
    assert json.dumps(data) == before


# --------------------------------------------------------------------------- registry


def test_a_game_registered_at_run_time_is_served(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(BASE, GameSpec)
    other = attrs.evolve(BASE, name="beggar_variant", format_version=2)
    _register(monkeypatch, other)
    state = _mid_game()
    doc = json.loads(dumps(state, game="beggar_variant"))
    assert (doc["game"], doc["version"]) == ("beggar_variant", 2)
    assert loads(json.dumps(doc), game="beggar_variant") == state
    record = Record(game="beggar_variant", rules=beggar.Rules(), seed=5, moves=(beggar.Turn(),))
    loaded = loads(dumps(record))
    assert loaded == record
    same = Record(game="beggar", rules=beggar.Rules(), seed=5, moves=(beggar.Turn(),))
    assert replay(loaded) == replay(same)


def test_a_game_registered_again_is_set_up_again(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _mid_game()
    assert json.loads(dumps(state))["version"] == 2  # sets up the real game
    _made_up(monkeypatch, STEPS[0], version=3)
    assert json.loads(dumps(state))["version"] == 3
    monkeypatch.undo()
    assert json.loads(dumps(state))["version"] == 2


# --------------------------------------------------------------------------- golden v1


_MANIFESTS = sorted(DATA.glob("*/v1/manifest.json"))


def _golden(name: str) -> list[tuple[Path, dict[str, Any]]]:
    folder = DATA / name / "v1"
    files = json.loads((folder / "manifest.json").read_text())["files"]
    return [(folder / path, expect) for path, expect in sorted(files.items())]


@pytest.mark.parametrize("name", sorted(PLAYER_COUNTS))
def test_every_v1_golden_file_upgrades_to_todays_format(name: str) -> None:
    game = cardrules.get_game(name)
    kinds = set()
    for path, expect in _golden(name):
        text = path.read_text()
        assert json.loads(text)["version"] == 1
        obj = loads(text, kind=expect["kind"])
        kinds.add(expect["kind"])
        again = dumps(obj, indent=1) + "\n"
        assert json.loads(again)["version"] == game.format_version
        assert loads(again) == obj
        if game.format_version == 1:
            # Nothing to upgrade: today's text is the saved text, byte for byte.
            assert again == text, path.name
    assert kinds == {"state", "view", "move", "record"}


@pytest.mark.parametrize("name", sorted(PLAYER_COUNTS))
def test_v1_rules_and_outcomes_upgrade_too(name: str) -> None:
    game = cardrules.get_game(name)
    for path, expect in _golden(name):
        if expect["kind"] != "record":
            continue
        data = json.loads(path.read_text())["data"]
        rules = loads(_envelope("rules", data["rules"], 1, game=name), kind="rules")
        assert rules == loads(path.read_text()).rules
        if "outcome" in expect:
            outcome = loads(_envelope("outcome", expect["outcome"], 1, game=name))
            assert outcome == game.outcome(replay(loads(path.read_text())))


def test_golden_data_has_every_game() -> None:
    assert {m.parent.parent.name for m in _MANIFESTS} == set(PLAYER_COUNTS)
