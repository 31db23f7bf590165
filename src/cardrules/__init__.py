"""
cardrules: exact, immutable, seeded rules engines for three card games.

>>> import cardrules
>>> sorted(cardrules.GAMES)
['allegra', 'beggar', 'biggenbende']
"""

from __future__ import annotations

# The registry imports the game packages, which import the core above.
from cardrules._registry import GAMES, get_game
from cardrules._rng import Rng
from cardrules.errors import (
    CardrulesError,
    GameOverError,
    IllegalMoveError,
    IntegrityError,
    InvalidStateError,
    RulesError,
    SerializationError,
    WrongTypeError,
)
from cardrules.game import AnyGame, Command, Event, Game, GameSpec, Outcome, Seat, Upgrade
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

__all__ = [
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
    "Outcome",
    "Record",
    "Rng",
    "RulesError",
    "Seat",
    "SerializationError",
    "Upgrade",
    "WrongTypeError",
    "__version__",
    "dumps",
    "from_data",
    "get_game",
    "loads",
    "make_converter",
    "replay",
    "to_data",
    "verify_start",
]
