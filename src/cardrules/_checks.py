"""
Check helpers that every game's ``check_state`` and ``check_view`` share (one copy).

Each raises :class:`~cardrules.InvalidStateError` with the path of the bad field
(``state.hands[2]``) and what is wrong with it; a loaded value may be forged, so
nothing is assumed about its type.

>>> check_int(3, "state.current", 0, 3)
3
>>> check_int(True, "state.current", 0, 3)
Traceback (most recent call last):
...
cardrules.errors.InvalidStateError: state.current: must be an int from 0 to 3, not True

Every game words the same mistake the same way (:func:`must_be`): a value out of its
range is ``<what> must be an int from <low> to <high> (<rule ID>), not <value>``, as
``Rules.players must be an int from 3 to 6 (BB-2), not 2``; in a state or view the
field's path leads, ``state.turn: must be an int from 0 to 2, not 5``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from cardrules.errors import InvalidStateError, RulesError, WrongTypeError

__all__ = [
    "Bounded",
    "WrongRulesType",
    "WrongStateType",
    "bad",
    "check_int",
    "check_seat",
    "check_tuple",
    "expect",
    "fast_then_detailed",
    "must_be",
    "short",
]

_T = TypeVar("_T")
_K = TypeVar("_K")
_V = TypeVar("_V")


class Bounded(dict[_K, _V]):
    """
    A cache that forgets everything once it holds ``limit`` entries: a cache keyed by
    values from outside (loaded rules, decks) must not grow for ever. Reading is a plain
    ``dict`` read; :meth:`keep` stores.

    >>> seen: Bounded[int, str] = Bounded(2)
    >>> seen.keep(1, "a"), seen.keep(2, "b"), seen.keep(3, "c")
    ('a', 'b', 'c')
    >>> dict(seen)
    {3: 'c'}
    """

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: _K, value: _V) -> _V:
        """Store ``value`` under ``key`` (first forgetting all, when full); return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


def short(value: object, limit: int = 40) -> str:
    """
    ``repr(value)``, cut to about ``limit`` characters: error messages quote no more of
    a (possibly forged, possibly huge) value than this. The one helper every game and
    the serialiser use, cheap whatever the size of the value: a huge int is shown by its
    size, a JSON list or object of many items by its length, and a long string, tuple
    or list is cut before its repr is made.

    >>> short("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    >>> short(7 ** 5000)
    '<an int of 14037 bits>'
    >>> short(list(range(100)))
    'a list of 100 items'
    >>> short(tuple(range(100)))
    '(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11...'
    """
    if type(value) is int and value.bit_length() > 128:
        return f"<an int of {value.bit_length()} bits>"
    if isinstance(value, (list, dict)) and len(value) > 12:
        return f"a {type(value).__name__} of {len(value)} items"
    if isinstance(value, (str, bytes, tuple)) and len(value) > limit:
        value = value[:limit]  # the same prefix, without the repr of all of it
    try:
        text = repr(value)
    except Exception:  # RecursionError, or a repr that fails: shown by its type only
        return f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class WrongStateType(WrongTypeError, InvalidStateError):
    """The wrong kind of object given to ``check_state`` or ``check_view``: a
    :class:`~cardrules.errors.WrongTypeError` (a ``TypeError``) that is also the
    ``InvalidStateError`` a check raises."""


class WrongRulesType(WrongTypeError, RulesError):
    """The wrong kind of object where a game's ``Rules`` belong: a
    :class:`~cardrules.errors.WrongTypeError` that is also a ``RulesError``."""


def must_be(
    what: str,
    value: object,
    low: int,
    high: int | None,
    *,
    rule: str | None = None,
    optional: bool = False,
) -> str:
    """
    The one wording of a value out of its range, in every game: ``what`` must be an
    int from ``low`` to ``high`` (no upper bound for ``None``), or ``None`` too when
    ``optional``, by ``rule``.

    >>> must_be("Rules.players", 2, 3, 6, rule="BB-2")
    'Rules.players must be an int from 3 to 6 (BB-2), not 2'
    >>> must_be("Rules.max_cards", 0, 1, 10**6, rule="BM-10", optional=True)
    'Rules.max_cards must be None or an int from 1 to 1,000,000 (BM-10), not 0'
    >>> must_be("", -1, 0, None)
    'must be an int >= 0, not -1'
    >>> must_be("seat", "x", 0, None)
    "seat must be an int >= 0, not 'x'"
    """
    kind = "None or an int" if optional else "an int"
    bound = f"from {low:,} to {high:,}" if high is not None else f">= {low:,}"
    by = f" ({rule})" if rule else ""
    head = f"{what} must be" if what else "must be"  # no what: after a path and ":"
    return f"{head} {kind} {bound}{by}, not {short(value)}"


def bad(path: str, what: str) -> InvalidStateError:
    """
    The error for the field at ``path``: ``raise bad("state.deck", "is empty")``.

    >>> str(bad("state.deck", "is empty"))
    'state.deck: is empty'
    """
    return InvalidStateError(f"{path}: {what}")


def check_int(value: object, path: str, low: int, high: int | None = None) -> int:
    """
    ``value`` itself if it is an int (not a bool) in ``low .. high`` (no upper bound
    for ``high=None``).

    >>> check_int(7, "state.turn", 0)
    7
    """
    if type(value) is not int or value < low or (high is not None and value > high):
        raise bad(path, must_be("", value, low, high))
    return value


def check_seat(value: object, path: str, players: int) -> int:
    """
    ``value`` itself if it is a seat of a ``players``-player game.

    >>> check_seat(5, "view.seat", 4)
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: view.seat: must be an int from 0 to 3, not 5
    """
    if type(value) is not int or not 0 <= value < players:
        raise bad(path, must_be("", value, 0, players - 1))
    return value


def check_tuple(value: object, path: str, length: int | None = None) -> tuple[object, ...]:
    """
    ``value`` itself if it is a tuple (of ``length`` entries, when given).

    >>> check_tuple((1, 2), "state.hands", 3)
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: state.hands: expected 3 entries, got 2
    """
    if type(value) is not tuple:
        raise bad(path, f"expected a tuple, got {type(value).__name__}")
    if length is not None and len(value) != length:
        raise bad(path, f"expected {length} entries, got {len(value)}")
    return value


def expect(obj: Any, cls: type[_T], what: str) -> _T:
    """
    ``obj`` itself if it is a ``cls``; else :class:`~cardrules.errors.WrongTypeError`
    (also a ``TypeError``) naming ``what`` was expected and what came instead.

    Public functions call it first on what they are given, so that a view passed as a
    state, another game's state or ``None`` fails clearly instead of deep inside.

    >>> expect(None, int, "a beggar State")
    Traceback (most recent call last):
    ...
    cardrules.errors.WrongTypeError: expected a beggar State, got NoneType
    """
    if isinstance(obj, cls):
        return obj
    kind = type(obj)
    name = (
        kind.__name__
        if kind.__module__ == "builtins"
        else f"{kind.__module__}.{kind.__qualname__}"
    )
    raise WrongTypeError(f"expected {what}, got {name}")


def fast_then_detailed(
    fast: Callable[[Any], bool], detailed: Callable[[Any], None], state: Any
) -> None:
    """
    The shape of every game's ``check_state``: ``fast(state)`` answers "certainly
    valid" (``True``) or is not sure (``False``, or it raised on something odd), and then
    ``detailed(state)`` checks field by field and words the first problem.
    """
    try:
        if fast(state):
            return
    except Exception:  # anything odd (never met in the tests): the detailed checks say
        pass
    detailed(state)
