"""
Constants of the envelope and the helpers that keep messages short, for
:mod:`cardrules.serialize` and its private modules.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection
from typing import Final

from cardrules.errors import RulesError, SerializationError, WrongTypeError
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
_FORMAT_NAME: Final = "cardrules"
"""The envelope's ``format`` (``serialize.FORMAT``)."""
_ENVELOPE_KEYS: Final = frozenset(("format", "version", "game", "rules_version", "type", "data"))
_SIGNATURE: Final = "signature"
_TAG: Final = "type"

_MAX_SIZE: Final = 4 * 1024 * 1024
"""``serialize.MAX_SIZE``: the default size limit of ``loads``."""
_CHARS_PER_NODE: Final = 16
"""``loads`` reads at most one JSON object or array per this many characters of its
size limit (of at least :data:`_MAX_SIZE`): 262,144 under the default limit, many more
than any honest save holds, few enough that parsing any text under 4 MiB peaks well
under 100 MB (a Python dict costs 64 to 200 bytes; ``{},`` is three characters)."""

_MESSAGE_LIMIT: Final = 300
"""The longest message part taken over from a check or from cattrs (values are cut)."""


class _WrongTypeSerialization(WrongTypeError, SerializationError):
    """The wrong kind of object given to dumps, loads or from_data."""


class _WrongTypeRules(WrongTypeError, RulesError):
    """The wrong kind of object in a Record's field."""


def _clip(text: str, limit: int = _MESSAGE_LIMIT) -> str:
    """``text``, cut to ``limit`` characters: a forged value may be megabytes long."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _first_names(names: Collection[object]) -> str:
    """The five smallest of ``names``, cut, for a message (found in one pass: sorting
    them all cost seconds for 340,000)."""
    shown = ", ".join(_clip(name, 40) for name in heapq.nsmallest(5, map(str, names)))
    return shown + (", ..." if len(names) > 5 else "")
