"""
cardrules: exact, immutable, seeded rules engines for card games, behind one protocol.

Three games are built in; any other package can add its own (see
:func:`register_game`). ``import cardrules`` imports no game: each is loaded when it
is first used, and ``cardrules.beggar`` and the other game packages are imported when
first reached as attributes.

>>> import cardrules
>>> sorted(cardrules.GAMES)[:3]
['allegra', 'beggar', 'biggenbende']
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import types
from typing import TYPE_CHECKING

# The registry finds the games lazily, on first use; it imports none of them here.
from cardrules._registry import GAMES, get_game, register_game
from cardrules._rng import Rng
from cardrules.errors import (
    CardrulesError,
    GameOverError,
    IllegalMoveError,
    IntegrityError,
    InvalidStateError,
    NotationError,
    RulesError,
    SerializationError,
    WrongTypeError,
)
from cardrules.game import (
    ActionSpace,
    AnyGame,
    Command,
    Event,
    Game,
    GameSpec,
    Notation,
    Observation,
    ObservationSplit,
    Outcome,
    Seat,
    Upgrade,
)
from cardrules.serialize import (
    Record,
    dumps,
    from_data,
    loads,
    make_converter,
    replay,
    to_data,
    verify_start,
)

__version__ = "0.2.0"


def _compiled() -> bool:
    # The compiled build installs mypyc's library of the compiled modules next to the
    # package (hatch_build.py names it "cardrules__mypyc"); found without importing it.
    where = [os.path.dirname(os.path.dirname(os.path.abspath(__file__)))]
    spec = importlib.machinery.PathFinder.find_spec("cardrules__mypyc", where)
    return spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)


__compiled__: bool = _compiled()
"""
Whether this install is the compiled build: ``True`` when the rules modules run as C
extensions made by mypyc (installed with ``CARDRULES_COMPILE=1 pip install cardrules``,
see the how-to *Install the compiled build*), ``False`` for the pure-Python build, the
default. Both play every game the same way.

>>> import cardrules
>>> cardrules.__compiled__ in (True, False)
True
"""

__all__ = [
    "ActionSpace",
    "AnyGame",
    "CardrulesError",
    "Command",
    "Event",
    "GAMES",
    "Game",
    "GameOverError",
    "GameSpec",
    "IllegalMoveError",
    "IntegrityError",
    "InvalidStateError",
    "Notation",
    "NotationError",
    "Observation",
    "ObservationSplit",
    "Outcome",
    "Record",
    "Rng",
    "RulesError",
    "Seat",
    "SerializationError",
    "Upgrade",
    "WrongTypeError",
    "__compiled__",
    "__version__",
    "dumps",
    "from_data",
    "get_game",
    "loads",
    "make_converter",
    "register_game",
    "replay",
    "to_data",
    "verify_start",
]

if not TYPE_CHECKING:  # hidden from type checkers: they see the subpackages themselves

    def __getattr__(name: str) -> types.ModuleType:
        # A subpackage (a built-in game such as ``cardrules.allegra``) is imported the
        # first time it is reached as an attribute, so ``import cardrules`` stays light.
        if (
            name.isidentifier()
            and not name.startswith("_")
            and importlib.util.find_spec(f"{__name__}.{name}") is not None
        ):
            return importlib.import_module(f"{__name__}.{name}")
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
