"""
The reading helpers every game's position notation shares (one copy).

A position is one line of fields separated by single spaces; a field may be split
into parts by ``/`` or ``,``. Every helper works on a :data:`Span`, a piece of the
text together with the 1-based column of its first character, so that an error
points at the first bad character with :class:`~cardrules.errors.NotationError`.

>>> spans = fields("2 ab-", ("players", "cards"))
>>> spans
[('2', 1), ('ab-', 3)]
>>> integer(spans[1], "2 ab-", "a count")
Traceback (most recent call last):
...
cardrules.errors.NotationError: column 3: expected a count: '2 ab-'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from cardrules._checks import expect
from cardrules._rng import Rng
from cardrules.errors import InvalidStateError, NotationError, RulesError

__all__ = [
    "EMPTY",
    "MAX_LENGTH",
    "Span",
    "checked",
    "counted",
    "fail",
    "fields",
    "integer",
    "join",
    "optional",
    "parts",
    "passes",
    "rng",
    "rng_text",
    "word",
]

_T = TypeVar("_T")

Span = tuple[str, int]
"""A piece of a position and the 1-based column of its first character."""

EMPTY = "-"
"""The text of an empty list and of a missing value."""

_INT = re.compile(r"-?(0|[1-9][0-9]*)")
_HEX = re.compile(r"[0-9a-f]{16}")
MAX_LENGTH = 16_384
"""The longest position text read: the longest any game writes under its largest rules
is about 4,000 characters (Biggenbende with 832 cards); a longer text is refused at once."""
_MAX_DIGITS = 40
"""The longest number a position may hold; every count of every game is far shorter."""
MAX_PARTS = 1024
"""The most parts one field splits into: the longest list any game writes is a pile of
Biggenbende's largest deck (832 cards). A field with more is refused before it is
split, so that a text near :data:`MAX_LENGTH` costs no more than a real position."""


def fail(message: str, text: str, column: int) -> NotationError:
    """The error for the bad character at ``column`` (1-based) of ``text``."""
    return NotationError(message, text=text, column=column)


def fields(text: object, names: Sequence[str]) -> list[Span]:
    """
    Split a position into exactly ``len(names)`` fields separated by single spaces.

    Raises:
        WrongTypeError: if ``text`` is not a str.
        NotationError: for a text longer than :data:`MAX_LENGTH`, an empty field, a
            missing field or text after the last.
    """
    line = expect(text, str, "a position")
    if len(line) > MAX_LENGTH:
        # Refused before it is split: a megabyte of text costs no more than a line.
        raise fail(
            f"a position is at most {MAX_LENGTH:,} characters, not {len(line):,}",
            line[: MAX_LENGTH + 1],
            MAX_LENGTH + 1,
        )
    spans: list[Span] = []
    column = 1
    for piece in line.split(" "):
        if not piece:
            raise fail("expected a field (fields are separated by one space)", line, column)
        spans.append((piece, column))
        column += len(piece) + 1
    if len(spans) > len(names):
        raise fail(f"unexpected text after the {len(names)} fields", line, spans[len(names)][1])
    if len(spans) < len(names):
        raise fail(f"missing field {len(spans) + 1} ({names[len(spans)]})", line, len(line) + 1)
    return spans


def parts(span: Span, sep: str, text: str, count: int | None = None, what: str = "") -> list[Span]:
    """
    Split ``span`` at every ``sep``; with ``count``, exactly that many parts of ``what``.

    Raises:
        NotationError: at the first extra part, or just after the span if parts are missing;
            at the separator after :data:`MAX_PARTS` parts.
    """
    piece, column = span
    if piece.count(sep) >= MAX_PARTS:
        # Refused before it is split: point at the first separator too many.
        where = -len(sep)
        for _ in range(MAX_PARTS):
            where = piece.index(sep, where + len(sep))
        raise fail(
            f"at most {MAX_PARTS:,} parts separated by {sep!r} in a field", text, column + where
        )
    out: list[Span] = []
    for part in piece.split(sep):
        out.append((part, column))
        column += len(part) + len(sep)
    if count is not None:
        counted(out, span, text, count, what, sep)
    return out


def counted(
    items: Sequence[Span], span: Span, text: str, count: int, what: str, sep: str = "/"
) -> None:
    """
    Raise unless ``items`` (the parts of ``span``) are exactly ``count``: the error points
    at the first extra part, or just after the span if parts are missing.
    """
    if len(items) != count:
        where = items[count][1] if len(items) > count else span[1] + len(span[0])
        raise fail(f"expected {count} {what} separated by {sep!r}, not {len(items)}", text, where)


def integer(span: Span, text: str, what: str, low: int = 0, high: int | None = None) -> int:
    """
    The int written in ``span`` (decimal, no leading zeros), in ``low .. high``.

    Raises:
        NotationError: at the first bad character, or at the span for a value out of range.
    """
    piece, column = span
    if not _INT.fullmatch(piece) or piece == "-0" or (piece[:1] == "-" and low >= 0):
        start = 1 if piece[:1] == "-" and low < 0 else 0
        end = start
        while end < len(piece) and piece[end].isdigit():
            end += 1
        bad = start + 1 if end - start > 1 and piece[start] == "0" else end
        if piece == "-0":
            bad = 1
        raise fail(f"expected {what}", text, column + bad)
    digits = len(piece) - (piece[:1] == "-")
    if digits > _MAX_DIGITS:
        # Python's int() refuses more than 4,300 digits with a ValueError: no value
        # of any position is that long, so refuse it here without converting.
        raise fail(f"expected {what}, not a number of {digits:,} digits", text, column)
    value = int(piece)
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise fail(f"expected {what} ({bound}), not {value}", text, column)
    return value


def optional(span: Span, read: Callable[[Span], _T]) -> _T | None:
    """``None`` for ``-``, else what ``read`` reads from ``span``."""
    return None if span[0] == EMPTY else read(span)


def _common_prefix(one: str, other: str) -> int:
    size = 0
    while size < min(len(one), len(other)) and one[size] == other[size]:
        size += 1
    return size


def word(span: Span, text: str, choices: Mapping[str, _T], what: str) -> _T:
    """The value of the word in ``span``, one of ``choices``."""
    if span[0] not in choices:
        names = ", ".join(repr(name) for name in choices)
        good = max(_common_prefix(span[0], name) for name in choices)
        raise fail(f"expected {what} ({names})", text, span[1] + good)
    return choices[span[0]]


def rng(span: Span, text: str) -> Rng:
    """The generator whose state is written as 16 lowercase hex digits."""
    if not _HEX.fullmatch(span[0]):
        bad = next(
            (i for i, c in enumerate(span[0]) if c not in "0123456789abcdef"),
            min(len(span[0]), 16),
        )
        raise fail("expected the generator state as 16 lowercase hex digits", text, span[1] + bad)
    return Rng(int(span[0], 16))


def rng_text(generator: Rng) -> str:
    """The generator's state as 16 lowercase hex digits."""
    return f"{generator.state:016x}"


def join(items: Sequence[str], sep: str = ",") -> str:
    """``items`` joined by ``sep``, or ``-`` for none."""
    return sep.join(items) if items else EMPTY


def checked(text: str, columns: Mapping[str, int], build: Callable[[], _T]) -> _T:
    """
    Run ``build`` (which makes and checks the value); turn a rules or state error into a
    :class:`~cardrules.errors.NotationError` at the column of the field it names.

    ``columns`` maps a field name (the first part of an error's path, such as ``hands``
    in ``state.hands[2]``) to the column of the field that holds it.
    """
    try:
        return build()
    except RulesError as exc:
        raise fail(str(exc), text, columns.get("rules", 1)) from None
    except InvalidStateError as exc:
        message = str(exc)
        path = message.split(":", 1)[0]
        names = re.split(r"[.\[]", path)
        if names and names[0] in ("state", "view", "$") and len(names) > 1:
            names = names[1:]
        column = columns.get(names[0] if names else "", 1)
        raise fail(message, text, column) from None


def passes(check: Callable[[_T], object], value: _T) -> bool:
    """
    Whether ``check(value)`` accepts ``value``: for shrinking, which keeps only the
    smaller positions that a check accepts.

    >>> def positive(n: int) -> None:
    ...     if n <= 0:
    ...         raise ValueError(n)
    >>> passes(positive, 1), passes(positive, 0)
    (True, False)
    """
    try:
        check(value)
    except ValueError:
        return False
    return True
