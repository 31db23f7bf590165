"""The public surface: sorted, complete, documented ``__all__`` in every public module."""

from __future__ import annotations

import importlib
import inspect
import types

import pytest

import cardrules

PUBLIC_MODULES = [
    "cardrules",
    "cardrules.errors",
    "cardrules.game",
    "cardrules.serialize",
    "cardrules.testing",
    "cardrules.bots",
    "cardrules.cli",
    *(f"cardrules.{name}" for name in sorted(cardrules.GAMES)),
]


def _module(name: str) -> types.ModuleType:
    return importlib.import_module(name)


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_all_is_sorted_and_every_name_exists(name: str) -> None:
    module = _module(name)
    exported = list(module.__all__)
    # Plain code-point order, or ruff's isort-style order (CONSTANTS, Classes, functions).
    isort_style = sorted(exported, key=lambda n: (not n.isupper(), not n[:1].isupper(), n))
    assert exported in (sorted(exported), isort_style), f"{name}.__all__ is not sorted"
    assert len(set(exported)) == len(exported)
    missing = [n for n in exported if not hasattr(module, n)]
    assert not missing, f"{name}.__all__ names what it lacks: {missing}"


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_every_public_definition_is_exported(name: str) -> None:
    # A class or function defined in the module (or its private submodules) without a
    # leading underscore must be in __all__: everything else is _private.
    module = _module(name)
    defined = {
        attr
        for attr, value in vars(module).items()
        if not attr.startswith("_")
        and (inspect.isclass(value) or inspect.isfunction(value))
        and getattr(value, "__module__", "").startswith(name)
    }
    assert defined <= set(module.__all__), (
        f"{name}: not in __all__: {defined - set(module.__all__)}"
    )


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_every_exported_class_and_function_is_documented(name: str) -> None:
    module = _module(name)
    assert module.__doc__
    assert module.__doc__.strip()
    for attr in module.__all__:
        value = getattr(module, attr)
        if inspect.isclass(value) or inspect.isfunction(value):
            assert inspect.getdoc(value), f"{name}.{attr} has no docstring"


def test_games_satisfy_the_protocol_and_are_registered() -> None:
    assert set(cardrules.GAMES) == {"allegra", "beggar", "biggenbende"}
    for name, game in cardrules.GAMES.items():
        assert isinstance(game, cardrules.Game)
        assert game.name == name
        assert cardrules.get_game(name) is game
        module = importlib.import_module(f"cardrules.{name}")
        assert module.GAME is game
        for attr in (
            "Rules",
            "State",
            "View",
            "new_game",
            "legal_moves",
            "apply",
            "to_move",
            "is_over",
            "outcome",
            "view",
            "players",
            "check_state",
            "check_view",
            "redeal_hidden",
        ):
            assert getattr(module, attr) is getattr(game, attr), f"{name}.{attr}"


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(cardrules.CardrulesError, match="unknown game 'poker'; known games: "):
        cardrules.get_game("poker")


def test_errors_are_value_errors() -> None:
    for cls in (
        cardrules.CardrulesError,
        cardrules.IllegalMoveError,
        cardrules.GameOverError,
        cardrules.RulesError,
        cardrules.SerializationError,
        cardrules.InvalidStateError,
    ):
        assert issubclass(cls, cardrules.CardrulesError)
        assert issubclass(cls, ValueError)
    assert issubclass(cardrules.GameOverError, cardrules.IllegalMoveError)


def test_illegal_move_error_names_move_rule_and_reason() -> None:
    err = cardrules.IllegalMoveError("Play(5)", "BB-6", "5 is lower than the 7 on top")
    assert str(err) == "illegal move 'Play(5)' (BB-6): 5 is lower than the 7 on top"
    assert (err.move, err.rule, err.reason, err.index) == (
        "Play(5)",
        "BB-6",
        "5 is lower than the 7 on top",
        None,
    )


def test_seeds_out_of_range_are_rejected(game: cardrules.AnyGame) -> None:
    for seed in (-1, 2**64, 1.5, "3"):
        with pytest.raises(cardrules.RulesError):
            game.new_game(game.Rules(), seed=seed)


def test_view_of_a_seat_out_of_range_is_rejected(game: cardrules.AnyGame) -> None:
    state = game.new_game(game.Rules(), seed=1)
    for seat in (-1, game.players(state)):
        with pytest.raises(cardrules.RulesError):
            game.view(state, seat)
