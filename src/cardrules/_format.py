"""
Constants of the envelope and the helpers that keep messages short, for
:mod:`cardrules.serialize` and its private modules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs

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


_T = TypeVar("_T", bound=type)


@attrs.frozen
class _TextForm:
    """How the values of a class marked with :func:`_as_text` are written: as text."""

    pattern: str
    """A regular expression (JSON Schema ``pattern``) that every text matches."""
    example: str
    """One text, for messages: ``"QH"``."""
    description: str
    """What the text says, for the schema and the format docs."""


_TEXT_FORM: Final = "_cardrules_text_form_"


def _as_text(pattern: str, example: str, description: str) -> Callable[[_T], _T]:
    """
    Mark a class (decorator) whose values travel in saves as their text: ``str(value)``,
    read back with ``cls.from_str(text)``. The converters, the quick readers and writers
    of ``_fastdata`` and the JSON Schemas all write it so; reading takes exactly the
    texts ``from_str`` takes and ``str`` writes back unchanged (``"QH"``, not ``"qh"``).

    Values of the class must be immutable: the quick reader gives one object per text.
    """

    def mark(cls: _T) -> _T:
        setattr(cls, _TEXT_FORM, _TextForm(pattern, example, description))
        return cls

    return mark


def _text_form(tp: Any) -> _TextForm | None:
    """The text form of ``tp`` marked with :func:`_as_text` (not inherited), or ``None``."""
    if not isinstance(tp, type):
        return None
    form = vars(tp).get(_TEXT_FORM)
    return form if isinstance(form, _TextForm) else None
