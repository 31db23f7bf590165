"""
How a value travels in saves as text: the markers a game puts on its classes and fields.

A class marked with :func:`_as_text` (a Beggar card) is written as its ``str``; a tuple
of small values annotated with :func:`_packed` (a row of counts) as compact text, one
symbol per item. The converters (``_convert``), the quick readers (``_fastdata``), the
upgrade steps of the games and the JSON Schemas (:mod:`cardrules.schema`) all read
these markers; none of them is public API.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

import attrs

from cardrules._checks import short as _short
from cardrules.errors import SerializationError

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
    read back with ``cls.from_str(text)``. The converters, the quick readers
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


# --------------------------------------------------------------------------- compact text

_NUMBER_SYMBOLS: Final = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ#$%"
"""The symbols of the numbers 0 to 64 in compact text, in order: ``0``-``9`` are 0-9,
``a``-``z`` 10-35, ``A``-``Z`` 36-61, then ``#`` 62, ``$`` 63 and ``%`` 64."""
_MINUS_ONE: Final = "-"
"""The symbol of the number -1 in compact text."""
_NOTHING: Final = "."
"""The symbol of ``None`` (JSON ``null``, no card) in compact text."""


def _symbol(value: object) -> str:
    """The one symbol of ``value`` in compact text (``False``/``True`` are ``0``/``1``)."""
    if value is None:
        return _NOTHING
    if type(value) is bool:
        return "1" if value else "0"
    if type(value) is int and value == -1:
        return _MINUS_ONE
    if type(value) is int and 0 <= value < len(_NUMBER_SYMBOLS):
        return _NUMBER_SYMBOLS[value]
    raise ValueError(f"no compact symbol for {value!r}")


def _char_class(symbols: str) -> str:
    """A regular-expression class of ``symbols``, in their order but ``-`` first, runs
    of digits and of letters as ranges, nothing escaped (valid in Python and ECMA 262).

    >>> _char_class("0123456789abc"), _char_class("-0123456789ab.")
    ('[0-9a-c]', '[-0-9ab.]')
    """
    runs: list[str] = []  # each a run of symbols that follow one another, or one symbol
    for symbol in sorted(symbols, key=lambda s: s != "-"):  # stable: "-" first
        last = runs[-1][-1] if runs else ""
        if (
            symbol.isalnum()
            and last.isalnum()
            and ord(symbol) == ord(last) + 1
            and (symbol.isdigit(), symbol.islower()) == (last.isdigit(), last.islower())
        ):
            runs[-1] += symbol
        else:
            runs.append(symbol)
    return "[" + "".join(run if len(run) < 3 else f"{run[0]}-{run[-1]}" for run in runs) + "]"


_MEMO_SIZE: Final = 512
"""The most entries a :class:`_Memo` keeps (it forgets them all when full)."""
_ROW_KEEP: Final = 1024
"""The longest key (a text or a tuple) a :class:`_Memo` of compact text keeps: a forged
document may hold megabytes of good symbols, and 512 of those must not stay in memory."""


class _Memo(dict[Any, Any]):
    """
    ``memo[key]`` is ``make(key)``, kept for keys seen before, up to :data:`_MEMO_SIZE`
    texts or tuples of at most ``keep`` items: the quick readers' tables of texts (cards,
    compact rows) and the writers of compact rows. ``make`` raises on a key it refuses,
    which is then not kept.
    """

    def __init__(self, make: Callable[[Any], Any], keep: int | None = None) -> None:
        super().__init__()
        self._make = make
        self._keep = keep

    def __missing__(self, key: Any) -> Any:
        value = self._make(key)
        if type(key) in (str, tuple) and (self._keep is None or len(key) <= self._keep):
            if len(self) >= _MEMO_SIZE:
                self.clear()
            self[key] = value
        return value


class _Packed:
    """
    The marker of a tuple of small values that travels in saves as compact text, for
    ``Annotated[tuple[int, ...], _packed(...)]`` on a field: one string, one symbol per
    item, from one fixed alphabet (:data:`_NUMBER_SYMBOLS`, ``-`` for -1, ``.`` for
    ``None``, ``0``/``1`` for ``False``/``True``). ``values`` are every value an item
    may hold (ints -1 to 64, ``None``, or ``False`` and ``True``); ``length`` fixes the
    number of items. The converters read the text
    strictly (:meth:`row`), ``_fastdata`` through a bounded table of decoded texts, and
    the JSON Schemas write a string of the form's pattern.

    ``read`` and ``write`` are the converters' hooks for every type marked with this
    form (the same objects each time, so that the quick readers can tell them);
    ``write`` keeps the texts of the rows it wrote (hashing a tuple of small ints is
    quicker than writing its text; equal rows have equal texts).

    >>> form = _packed(range(3), "a row of counts", "012", "Counts.", length=3)
    >>> form.text((2, 0, 1)), form.row("210"), form.pattern
    ('201', (2, 1, 0), '^[0-2]{3}$')
    """

    def __init__(
        self,
        values: Sequence[object],
        what: str,
        example: str,
        description: str,
        *,
        length: int | None = None,
    ) -> None:
        self.values = tuple(values)
        self.what = what
        self.example = example
        self.description = description
        self.length = length
        self.symbols = "".join(_symbol(v) for v in self.values)
        if len(set(self.symbols)) != len(self.values):
            raise ValueError(f"values with the same symbol: {self.values!r}")
        self.decode: dict[str, object] = dict(zip(self.symbols, self.values, strict=True))
        self.encode: dict[object, str] = dict(zip(self.values, self.symbols, strict=True))
        times = "*" if length is None else f"{{{length}}}"
        self.pattern = f"^{_char_class(self.symbols)}{times}$"
        self.types = frozenset(map(type, self.values))
        self.texts = _Memo(self.text, _ROW_KEEP)
        self.read = self._read
        self.write = self._write

    def __repr__(self) -> str:
        # Short and the same on every run: the API docs show it in field types,
        # ``Annotated[tuple[int, ...], compact text]``.
        return "compact text"

    def row(self, text: Any) -> tuple[Any, ...]:
        """The values of ``text``, strictly: exactly the symbols of this form, and the
        fixed length if any; else ``TypeError`` or ``ValueError`` saying what is wrong."""
        if type(text) is not str:
            raise TypeError(
                f"expected {self.what} as text, for example {self.example!r}, "
                f"got {type(text).__name__} {_short(text)}"
            )
        if self.length is not None and len(text) != self.length:
            raise ValueError(
                f"expected {self.what} as text of {self.length} symbols, "
                f"got {len(text)}: {_short(text)}"
            )
        decode = self.decode
        try:
            return tuple(map(decode.__getitem__, text))
        except KeyError:
            bad = next(i for i, symbol in enumerate(text) if symbol not in decode)
            raise ValueError(
                f"expected {self.what} as text of the symbols {self.symbols!r}, got "
                f"{_short(text[bad])} at index {bad} of {_short(text)}"
            ) from None

    def text(self, row: Any) -> str:
        """The text of the values ``row``; ``SerializationError`` for a value that has
        no symbol here (a state made by hand may hold anything)."""
        try:
            return "".join(map(self.encode.__getitem__, row))
        except (KeyError, TypeError):
            pass
        try:
            bad = next((v for v in row if not _hashable_in(v, self.encode)), row)
        except TypeError:  # not even iterable
            bad = row
        raise SerializationError(
            f"cannot write {self.what} holding {_short(bad)}: it holds only {_short(self.values)}"
        )

    def upgrade(self, data: Any) -> Any:
        """
        For upgrade steps: ``data``, a JSON list of this form's values (of their exact
        JSON types: ``true`` is no 1), as its text, whatever its length; anything else
        unchanged, for loading to refuse, naming its path.

        >>> form = _packed(range(3), "a row", "012", "A row.", length=3)
        >>> form.upgrade([2, 0]), form.upgrade([2, 3]), form.upgrade([True]), form.upgrade(5)
        ('20', [2, 3], [True], 5)
        """
        if type(data) is not list:
            return data
        types, encode = self.types, self.encode
        for item in data:
            if type(item) not in types or item not in encode:
                return data
        return self.text(data)

    def _read(self, data: Any, _: Any) -> tuple[Any, ...]:
        return self.row(data)

    def _write(self, row: Any) -> str:
        try:
            return self.texts[row]  # type: ignore[no-any-return]
        except TypeError:  # unhashable, or no len: text() words it
            return self.text(row)


def _hashable_in(value: object, table: dict[object, str]) -> bool:
    try:
        return value in table
    except TypeError:  # unhashable
        return False


_packed: Final = _Packed
"""The marker of compact text on a field (see :class:`_Packed`)."""


def _packed_form(tp: Any) -> _Packed | None:
    """The compact-text form of ``Annotated[tuple[...], _packed(...)]``, else ``None``."""
    if typing.get_origin(tp) is not typing.Annotated:
        return None
    for meta in tp.__metadata__:
        if isinstance(meta, _Packed):
            return meta
    return None
