"""
The registry: entry points of the ``cardrules.games`` group loaded lazily,
``register_game``, and clear errors for broken entry points that leave the other games
working.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable
from importlib.metadata import EntryPoint
from typing import Any

import attrs
import pytest

import cardrules
import toygame
from cardrules import _registry
from cardrules.game import AnyGame

GROUP = "cardrules.games"
BUILTIN = {
    "allegra": "cardrules.allegra:GAME",
    "beggar": "cardrules.beggar:GAME",
    "biggenbende": "cardrules.biggenbende:GAME",
}


def _point(name: str, value: str) -> EntryPoint:
    return EntryPoint(name=name, value=value, group=GROUP)


@attrs.define
class _CountingPoint:
    """An entry point that counts how often it is loaded."""

    name: str
    value: str
    target: Any
    loads: int = 0

    def load(self) -> Any:
        self.loads += 1
        return self.target


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Replace the registry by a fresh one that finds the given entry points."""

    def install(*points: Any, builtin: bool = True) -> None:
        found = [_point(n, v) for n, v in BUILTIN.items()] if builtin else []
        registry = _registry._Registry(lambda: [*found, *points])
        monkeypatch.setattr(_registry, "_REGISTRY", registry)

    return install


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


# --------------------------------------------------------------------------- laziness


def test_import_cardrules_imports_no_game() -> None:
    out = _run(
        """
        import sys
        import cardrules
        games = ("cardrules.allegra", "cardrules.beggar", "cardrules.biggenbende")
        print(sorted(m for m in sys.modules if m.startswith(games)))
        cardrules.get_game("beggar")
        print(sorted(m.split(".")[1] for m in sys.modules if m in games))
        from cardrules import biggenbende as bb
        print(bb.GAME.name, cardrules.allegra.GAME.name, sorted(cardrules.GAMES))
        """
    )
    assert out.splitlines() == [
        "[]",
        "['beggar']",
        "biggenbende allegra ['allegra', 'beggar', 'biggenbende']",
    ]


def test_the_builtin_games_are_installed_entry_points() -> None:
    from importlib.metadata import entry_points

    found = {point.name: point.value for point in entry_points(group=GROUP)}
    assert {name: found.get(name) for name in BUILTIN} == BUILTIN


def test_an_entry_point_is_loaded_on_first_use_only(installed: Callable[..., None]) -> None:
    point = _CountingPoint("toy", "toygame:GAME", toygame.GAME)
    installed(point)
    assert cardrules.get_game("beggar").name == "beggar"
    assert point.loads == 0
    assert cardrules.get_game("toy") is toygame.GAME
    assert "toy" in cardrules.GAMES
    assert list(cardrules.GAMES)[-1] == "toy"  # cardrules' own games come first
    assert point.loads == 1


def test_a_real_entry_point_of_the_toy_game(installed: Callable[..., None]) -> None:
    installed(_point("toy", "toygame:GAME"))
    assert cardrules.GAMES["toy"] is toygame.GAME
    assert sorted(cardrules.GAMES) == ["allegra", "beggar", "biggenbende", "toy"]


def test_without_metadata_the_builtin_games_are_found_in_the_package(
    installed: Callable[..., None],
) -> None:
    installed(builtin=False)
    assert sorted(cardrules.GAMES) == sorted(BUILTIN)
    from cardrules import allegra

    assert cardrules.get_game("allegra") is allegra.GAME


# --------------------------------------------------------------------------- broken entry points


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (
            "tests.no_such_module:GAME",
            "ModuleNotFoundError: No module named 'tests.no_such_module'",
        ),
        ("toygame:NO_GAME", "AttributeError"),
        ("toygame:Rules", "does not satisfy the cardrules.Game protocol"),
        ("toygame:DECK", "tuple object does not satisfy the cardrules.Game protocol"),
    ],
)
def test_a_broken_entry_point_is_named_and_the_others_keep_working(
    installed: Callable[..., None], value: str, problem: str
) -> None:
    installed(_point("toy", value))
    with pytest.raises(cardrules.CardrulesError) as info:
        cardrules.get_game("toy")
    message = str(info.value)
    assert f"entry point 'toy = {value}' (group cardrules.games) is broken" in message
    assert problem in message
    assert sorted(cardrules.GAMES) == sorted(BUILTIN)
    assert "toy" not in cardrules.GAMES
    with pytest.raises(KeyError):
        cardrules.GAMES["toy"]
    assert cardrules.get_game("allegra").name == "allegra"
    beggar = cardrules.get_game("beggar")
    state = beggar.new_game(beggar.Rules(), seed=1)
    assert cardrules.loads(cardrules.dumps(state)) == state
    # The same error again, not "unknown game".
    with pytest.raises(cardrules.CardrulesError, match="is broken"):
        cardrules.get_game("toy")


def test_an_entry_point_whose_game_has_another_name(installed: Callable[..., None]) -> None:
    installed(_point("eights", "toygame:GAME"))
    with pytest.raises(cardrules.CardrulesError, match="gives a game named 'toy', not 'eights'"):
        cardrules.get_game("eights")
    assert "toy" not in cardrules.GAMES


def test_two_entry_points_of_one_name_clash(installed: Callable[..., None]) -> None:
    installed(_point("beggar", "toygame:GAME"))
    with pytest.raises(cardrules.CardrulesError) as info:
        cardrules.get_game("beggar")
    message = str(info.value)
    assert "game name clash" in message
    assert "'beggar = cardrules.beggar:GAME'" in message
    assert "'beggar = toygame:GAME'" in message
    assert sorted(cardrules.GAMES) == ["allegra", "biggenbende"]


def test_the_same_entry_point_twice_is_no_clash(installed: Callable[..., None]) -> None:
    installed(_point("beggar", "cardrules.beggar:GAME"))
    assert cardrules.get_game("beggar").name == "beggar"


# --------------------------------------------------------------------------- register_game


def test_register_game(installed: Callable[..., None]) -> None:
    installed()
    assert "toy" not in cardrules.GAMES
    with pytest.raises(cardrules.CardrulesError, match="unknown game 'toy'"):
        cardrules.get_game("toy")
    assert cardrules.register_game(toygame.GAME) is toygame.GAME
    assert cardrules.get_game("toy") is toygame.GAME
    assert cardrules.register_game(toygame.GAME) is toygame.GAME  # again: no change


def test_register_game_refuses_a_clash_unless_replacing(installed: Callable[..., None]) -> None:
    installed(_point("toy", "toygame:GAME"))
    other = attrs.evolve(toygame.GAME, rules_version=2)
    with pytest.raises(cardrules.CardrulesError) as info:
        cardrules.register_game(other)
    assert "a game named 'toy' is already registered" in str(info.value)
    assert "replace=True" in str(info.value)
    assert cardrules.get_game("toy") is toygame.GAME
    assert cardrules.register_game(other, replace=True) is other
    assert cardrules.get_game("toy") is other


def test_register_game_names_the_broken_entry_point_it_clashes_with(
    installed: Callable[..., None],
) -> None:
    installed(_point("toy", "toygame:NO_GAME"))
    with pytest.raises(cardrules.CardrulesError, match="'toy = toygame:NO_GAME'"):
        cardrules.register_game(toygame.GAME)
    cardrules.register_game(toygame.GAME, replace=True)  # a working game replaces it
    assert cardrules.get_game("toy") is toygame.GAME


@pytest.mark.parametrize(
    ("game", "problem"),
    [
        (object(), "does not satisfy the cardrules.Game protocol"),
        (attrs.evolve(toygame.GAME, name="Toy Eights"), "is not lower case letters"),
        (attrs.evolve(toygame.GAME, name=""), "is not lower case letters"),
    ],
)
def test_register_game_refuses_what_is_not_a_game(
    installed: Callable[..., None], game: Any, problem: str
) -> None:
    installed()
    with pytest.raises(cardrules.CardrulesError, match=problem):
        cardrules.register_game(game)
    assert sorted(cardrules.GAMES) == sorted(BUILTIN)


def test_games_is_a_read_only_mapping(installed: Callable[..., None]) -> None:
    installed()
    games: Any = cardrules.GAMES
    with pytest.raises(TypeError):
        games["toy"] = toygame.GAME
    assert len(cardrules.GAMES) == 3
    assert dict(cardrules.GAMES) == {name: cardrules.get_game(name) for name in BUILTIN}
    assert 3 not in games


def test_the_toy_fixture_registers_from_outside(toy: AnyGame) -> None:
    assert cardrules.get_game("toy") is toy


def test_only_subpackages_are_imported_as_attributes() -> None:
    assert cardrules.bots.__name__ == "cardrules.bots"  # type: ignore[attr-defined]
    assert not hasattr(cardrules, "no_such_module")
    assert getattr(cardrules, "GameSpec.__init__", None) is None  # not a module name
    with pytest.raises(AttributeError, match="has no attribute '_private'"):
        cardrules._private  # type: ignore[attr-defined]  # noqa: B018
