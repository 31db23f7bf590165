"""
Constants of the envelope and the helpers that keep messages short, for
:mod:`cardrules.serialize` and its private modules.
"""

from __future__ import annotations

from typing import Final

from cardrules._checks import short
from cardrules.errors import (
    RulesError,
    SerializationError,
    WrongTypeError,
)
from cardrules.game import Kind

_KINDS: Final[tuple[Kind, ...]] = (
    "state",
    "view",
    "record",
    "move",
    "rules",
    "outcome",
    "event",
    "value",
)
_ENVELOPE_KEYS: Final = frozenset(("format", "version", "game", "rules_version", "type", "data"))
_SIGNATURE: Final = "signature"
_TAG: Final = "type"
_short = short  # the one short quote of a bad value, from the core

_MESSAGE_LIMIT: Final = 300
"""The longest message part taken over from a check or from cattrs (values are cut)."""


class _WrongTypeSerialization(WrongTypeError, SerializationError):
    """The wrong kind of object given to dumps, loads or from_data."""


class _WrongTypeRules(WrongTypeError, RulesError):
    """The wrong kind of object in a Record's field."""


def _clip(text: str, limit: int = _MESSAGE_LIMIT) -> str:
    """``text``, cut to ``limit`` characters: a forged value may be megabytes long."""
    return text if len(text) <= limit else text[: limit - 3] + "..."
