"""The registry of games: ``GAMES`` and ``get_game``."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import MappingProxyType

from cardrules.errors import CardrulesError, WrongTypeError
from cardrules.game import AnyGame

# The modules whose ``GAME`` object is registered, in registry order.
_GAME_MODULES: tuple[str, ...] = (
    "cardrules.beggar",
    "cardrules.biggenbende",
    "cardrules.allegra",
)


def _load() -> Mapping[str, AnyGame]:
    games: dict[str, AnyGame] = {}
    for module_name in _GAME_MODULES:
        game: AnyGame = importlib.import_module(module_name).GAME
        games[game.name] = game
    return MappingProxyType(games)


GAMES: Mapping[str, AnyGame] = _load()
"""Every registered game by name (read-only)."""


def get_game(name: str) -> AnyGame:
    """
    The registered game called ``name``.

    Raises:
        WrongTypeError: ``name`` is not a ``str``.
        CardrulesError: for an unknown name; the message lists the known ones.

    >>> get_game("beggar").name
    'beggar'
    """
    if not isinstance(name, str):
        raise WrongTypeError(f"expected a game name (str), got {type(name).__name__}")
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        shown = repr(name) if len(name) <= 40 else repr(name[:37] + "...")
        raise CardrulesError(f"unknown game {shown}; known games: {known}") from None
