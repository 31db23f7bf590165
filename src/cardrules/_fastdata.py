"""
The quick path of ``loads``: per attrs class, one generated function that reads a whole
object from JSON data, counting its key-value pairs (so that ``_load._quick_read`` can
rule out repeated keys); the strict hooks that ``_convert`` registers on every
converter; and the games' fast checks of what a quick reader made
(``register_typed_check``).

**Why a reader of its own beside cattrs'.** ``_convert`` makes every hook with
``cattrs.gen`` (the detailed path, which words every error), and ``dumps`` and
``to_data`` write with them. Measured on the mid-game states of
``benchmarks/bench_perf.py`` in one run (issue 27, 2026-12-03, least of 300 batches),
cattrs' hooks read a state in 17.9 to 22.4 us, the quick reader in 4.8 to 5.8 us, and
parsing without the duplicate-key hook saves 3 us more. A round trip takes 31 to 37 us
the quick way; read by cattrs it would take 47 to 55 us, over the 50 us it may take.
cattrs calls one hook per field and per item (the strict ``int`` hook on every count);
this code tests the types of a whole list in one pass in C, reads cards and compact
text through tables, and makes each equal immutable object once.

A reader takes only data the detailed hooks take unchanged (a dict with exactly the
field names, ints that are ``int``, lists where tuples belong...), and the class itself
makes the object, so its validators run. On anything else it returns :data:`GIVE_UP`
and the caller reads the data the detailed way, which words the error: the quick path
never accepts what the detailed path refuses. Only the hooks defined here (strict
scalars, RNG, text, sequences) and ``_forms``' compact-text forms are bypassed: a type
with any other hook has no quick form, nor has a class that holds one.
tests/test_fastdata.py compares every way with the detailed one.
"""

from __future__ import annotations

import operator
import types
import typing
import weakref
from collections.abc import Callable
from typing import Any, Final, Literal, Union

import attrs
import cattrs

from cardrules._checks import short as _short
from cardrules._forms import _MEMO_SIZE as _MEMO_SIZE  # (the tests bound the tables by it)
from cardrules._forms import _ROW_KEEP, _Memo, _packed_form, _text_form
from cardrules._rng import Rng

GIVE_UP: Final = object()
"""What a quick reader returns for data it does not take (read it the detailed way)."""

_NONE = type(None)


class _Miss(Exception):
    """Raised inside a generated function: the value is not of the plain shape."""


def _miss() -> typing.NoReturn:
    raise _Miss


def _is_frozen(cls: type) -> bool:
    return getattr(cls.__setattr__, "__name__", "") == "_frozen_setattrs"


def _optional(tp: Any) -> Any:
    """``X`` for ``X | None`` (one type beside ``None``), else ``None``."""
    args = typing.get_args(tp)
    if typing.get_origin(tp) in (Union, types.UnionType) and _NONE in args and len(args) == 2:
        return args[0] if args[1] is _NONE else args[1]
    return None


class _TextWriter:
    """The texts of immutable values by identity, ``many`` in one pass in C; each value is
    kept with its text, so that its ``id`` stays its own (no lock: one entry is one
    store), up to :data:`_MEMO_SIZE` of them."""

    def __init__(self, write: Callable[[Any], str]) -> None:
        self._write = write
        self._known: dict[int, tuple[Any, str]] = {}

    def one(self, value: Any) -> str:
        known = self._known.get(id(value))
        if known is None:
            known = (value, self._write(value))
            if len(self._known) >= _MEMO_SIZE:
                self._known.clear()
            self._known[id(value)] = known
        return known[1]

    def many(self, values: Any) -> list[str]:
        try:
            return list(map(_TEXT_OF, map(self._known.__getitem__, map(id, values))))
        except KeyError:
            return [self.one(value) for value in values]


_TEXT_OF: Final = operator.itemgetter(1)


# ------------------------------------------------------------------ the hooks it knows
# The converters' own hooks (``_convert`` registers them): the quick path bypasses a
# hook only when the converter still has exactly these.


def _fail(expected: str, value: object) -> typing.NoReturn:
    raise TypeError(f"expected {expected}, got {type(value).__name__} {_short(value)}")


def _strict(tp: type, expected: str) -> Callable[[object, type], Any]:
    """The structure hook that takes exactly a ``tp`` (JSON true is no int, and so on)."""

    def structure(value: object, _: type) -> Any:
        if type(value) is not tp:
            _fail(expected, value)
        return value

    return structure


_structure_int: Final = _strict(int, "an integer")
_structure_str: Final = _strict(str, "a string")
_structure_bool: Final = _strict(bool, "true or false")


def _structure_big_int(value: object) -> int:
    # Big ints travel as decimal strings (JavaScript numbers lose bits above 2**53).
    if type(value) is str and value.isascii() and value.isdigit() and len(value) <= 40:
        return int(value)
    if type(value) is int:
        return value
    _fail("a decimal string", value)


def _structure_rng(value: object, _: type) -> Rng:
    return Rng(_structure_big_int(value))


def _unstructure_rng(rng: Rng) -> str:
    return str(rng.state)


def _structure_text(value: object, cls: type) -> Any:
    """A value of a class marked ``_as_text`` from exactly a text that ``cls.from_str``
    takes and ``str`` writes back unchanged (``"QH"``, not ``"qh"``)."""
    if type(value) is str:
        try:
            obj = cls.from_str(value)  # type: ignore[attr-defined]
        except Exception:  # any refusal gives the message below
            obj = None
        if type(obj) is cls and str(obj) == value:
            return obj
    form = _text_form(cls)
    example = "" if form is None else f", for example {form.example!r}"
    _fail(f"a {cls.__name__} as text{example}", value)


_TEXTS: Final = _TextWriter(str)
_unstructure_text: Final = _TEXTS.one
"""The unstructure hook of a class marked ``_as_text``: its text, kept for the last
values written (a Beggar card: a dict lookup, not its ``__str__``)."""


_STRICT: Final = {int: _structure_int, bool: _structure_bool, str: _structure_str}


def _plain_items(conv: cattrs.Converter, tp: Any) -> frozenset[type] | None:
    """The exact types of the values that ``tp``'s strict hook returns unchanged (``int``
    and ``None`` for ``int | None``), or ``None`` for other types or other hooks."""
    inner = _optional(tp)
    base = tp if inner is None else inner
    if base not in (int, bool, str) or conv.get_structure_hook(base) is not _STRICT[base]:
        return None
    return frozenset((base,) if inner is None else (base, _NONE))


# The structure hooks made by _sequence_hooks (the quick readers bypass only these).
_SEQUENCE_HOOKS: weakref.WeakSet[Callable[..., Any]] = weakref.WeakSet()


_TYPED_CHECKS: dict[Callable[[Any], None], Callable[[Any], bool]] = {}
"""A game's ``check_state`` -> its fast path for exactly typed states (see below)."""


def register_typed_check(check_state: Callable[[Any], None], ok: Callable[[Any], bool]) -> None:
    """
    Let ``ok(state)`` stand for the fast path of ``check_state`` on a state that a quick
    reader made: every field then holds exactly its declared type (an ``int`` never a
    ``bool``, a ``tuple`` never a list, a ``Literal``'s value one of its strings), so
    ``ok`` may skip the tests of types. It answers ``True`` only for a state
    ``check_state`` passes; on anything else ``loads`` runs ``check_state`` itself.
    """
    _TYPED_CHECKS[check_state] = ok


def _name(ns: dict[str, Any], value: object) -> str:
    """Put ``value`` into the namespace of generated code under a new name."""
    name = f"_k{len(ns)}"
    ns[name] = value
    return name


def _define(code: str, ns: dict[str, Any]) -> Any:
    """The function ``f`` that ``code`` defines in ``ns``."""
    exec(code, ns)
    return ns["f"]


class Quick:
    """The quick readers of one converter, made on first use per class
    (``tagged``: the classes written with a tag, which have no quick form)."""

    def __init__(self, conv: cattrs.Converter, tagged: frozenset[type]) -> None:
        self._conv = conv
        self._tagged = tagged
        self._tables: dict[Any, _Memo] = {}
        self._readers: dict[type, Callable[..., Any] | None] = {}
        self._bodies: dict[type, Callable[[Any, list[int]], Any] | None] = {}

    # ------------------------------------------------------------------ public

    def reader(self, cls: type) -> Callable[..., Any] | None:
        """``(data, pairs=None) -> object`` or :data:`GIVE_UP` (``None``: no quick form);
        the key-value pairs of every object read are added to ``pairs[0]``."""
        if cls not in self._readers:
            body = self._reader_body(cls) if self._plain_class(cls) else None
            self._readers[cls] = None if body is None else _give_up_on_error(body)
        return self._readers[cls]

    # ------------------------------------------------------------------ shapes

    def _value(self, tp: Any) -> tuple[frozenset[type], frozenset[str] | None] | None:
        """The types (and the strings of a ``Literal`` of strings, ``None`` maybe beside)
        of a value written unchanged."""
        scalar = _plain_items(self._conv, tp)
        if scalar is not None:
            return scalar, None
        inner = _optional(tp)
        args = typing.get_args(tp if inner is None else inner)
        if typing.get_origin(tp if inner is None else inner) is not Literal or not args:
            return None
        if not all(type(a) is str for a in args):
            return None
        return frozenset((str,) if inner is None else (str, _NONE)), frozenset(args)

    def _hashable(self, tp: Any) -> bool:
        """Whether read values of ``tp`` are hashable and equal only when the same:
        plain scalars, strings of a ``Literal`` and tuples of such."""
        if self._value(tp) is not None:
            return True
        seq = self._item(tp)
        return seq is not None and seq[1] is tuple and self._hashable(seq[0])

    def _plain_class(self, tp: Any) -> bool:
        """Whether ``tp`` is an attrs class written by its generated hook."""
        return (
            isinstance(tp, type)
            and attrs.has(tp)
            and tp not in self._tagged
            and tp is not Rng
            and _text_form(tp) is None
        )

    def _item(self, tp: Any) -> tuple[Any, type] | None:
        """``(item type, tuple or list)`` of a homogeneous sequence read by our hooks."""
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        make: type
        if origin is list and len(args) == 1:
            item, make = args[0], list
        elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            item, make = args[0], tuple
        else:
            return None
        if self._conv.get_structure_hook(tp) not in _SEQUENCE_HOOKS:
            return None
        return item, make

    def _own(self, tp: Any, read: object, write: object) -> bool:
        """Whether the converter still has exactly these hooks for ``tp``."""
        conv = self._conv
        return conv.get_structure_hook(tp) is read and conv.get_unstructure_hook(tp) is write

    def _is_rng(self, tp: Any) -> bool:
        return tp is Rng and self._own(Rng, _structure_rng, _unstructure_rng)

    def _table(self, tp: Any) -> _Memo | None:
        """The values read, by text, of a class written as text or of a tuple written as
        compact text (``_forms``), by their own hooks."""
        form = _packed_form(tp)
        if form is not None and self._own(tp, form.read, form.write):
            key, make, keep = form, form.row, _ROW_KEEP
        elif _text_form(tp) is not None and self._own(tp, _structure_text, _unstructure_text):
            key, make, keep = tp, lambda text: _structure_text(text, tp), None
        else:
            return None
        if key not in self._tables:
            self._tables[key] = _Memo(make, keep)
        return self._tables[key]

    _rows = _table  # (a name of the tables of compact rows, for the tests)

    def _fields(self, cls: type) -> list[tuple[attrs.Attribute[Any], Any]]:
        hints = typing.get_type_hints(cls, include_extras=True)
        return [(field, hints.get(field.name, field.type)) for field in attrs.fields(cls)]

    # ------------------------------------------------------------------ reading

    def _read_expr(self, tp: Any, var: str, ns: dict[str, Any], depth: int = 0) -> str | None:
        """An expression that reads the data in ``var`` as ``tp`` (calling ``_miss()`` on
        anything else), or ``None`` if ``tp`` has no quick form."""
        value = self._value(tp)
        if value is not None:
            allowed, strings = value
            if len(allowed) == 1:
                test = f"type({var}) is {_name(ns, next(iter(allowed)))}"
            else:
                test = f"type({var}) in {_name(ns, allowed)}"
            if strings is not None:
                test = f"{test} and ({var} is None or {var} in {_name(ns, strings)})"
            return f"({var} if {test} else _miss())"
        if self._is_rng(tp):
            return f"{_name(ns, _structure_rng)}({var}, None)"
        table = self._table(tp)
        if table is not None:
            return f"{_name(ns, table)}[{var}]"
        if self._plain_class(tp):
            reader = self._reader_body(tp)
            if reader is None:
                return None
            return f"{_name(ns, reader)}({var}, n)"
        inner_tp = _optional(tp)
        if inner_tp is not None:
            inner = self._read_expr(inner_tp, var, ns, depth)
            return None if inner is None else f"(None if {var} is None else {inner})"
        seq = self._item(tp)
        if seq is None or depth > 3:
            return None
        item, make = seq
        made, is_list = _name(ns, make), f"type({var}) is list"
        item_types = _plain_items(self._conv, item)
        if item_types is not None:  # plain scalars: one pass in C over the items' types
            test = f"{is_list} and {{*map(type, {var})}} <= {_name(ns, item_types)}"
            return f"({made}({var}) if {test} else _miss())"
        table = self._table(item)
        if table is not None:  # texts: one lookup each, in C
            return (
                f"({made}(map({_name(ns, table.__getitem__)}, {var})) if {is_list} else _miss())"
            )
        inner_var = f"_v{depth + 1}"
        inner = self._read_expr(item, inner_var, ns, depth + 1)
        if inner is None:
            return None
        return f"({made}([{inner} for {inner_var} in {var}]) if {is_list} else _miss())"

    def _reader_body(self, cls: type) -> Callable[[Any, list[int]], Any] | None:
        """``(data, pairs) -> object`` for an attrs class, raising on anything not plain."""
        if cls in self._bodies:
            return self._bodies[cls]
        self._bodies[cls] = None  # a class that holds itself has no quick form
        fields = self._fields(cls)
        if any(not f.init or f.name.startswith("_") or f.alias != f.name for f, _ in fields):
            return None
        ns: dict[str, Any] = {"_miss": _miss, "_cls": cls, "_memo": {}}
        lines = [
            "def f(d, n):",  # n: [pairs so far]
            f"    if type(d) is not dict or len(d) != {len(fields)}:\n        _miss()",
            f"    n[0] += {len(fields)}",
        ]
        args = []
        memo = _is_frozen(cls)
        for k, (field, tp) in enumerate(fields):
            expr = self._read_expr(tp, "_v0", ns)
            if expr is None:
                return None
            memo = memo and self._hashable(tp)
            lines.append(f"    _v0 = d[{field.name!r}]\n    a{k} = {expr}")
            args.append(f"{field.name}=a{k}" if field.kw_only else f"a{k}")
        made = f"_cls({', '.join(sorted(args, key=lambda arg: '=' in arg))})"
        if memo:
            # Equal field values (of the exact types checked above) give an equal
            # object: an immutable one is made once (cards, rules), so its validators
            # run once. The memo is bounded; only objects that were made are in it.
            key = "".join(f"a{k}, " for k in range(len(fields)))
            lines.append(
                f"    key = ({key})\n    hit = _memo.get(key)\n    if hit is None:\n"
                f"        hit = {made}\n        if len(_memo) >= {_MEMO_SIZE}:\n"
                "            _memo.clear()\n        _memo[key] = hit\n    return hit"
            )
        else:
            lines.append(f"    return {made}")
        read: Callable[[Any, list[int]], Any] = _define("\n".join(lines), ns)
        self._bodies[cls] = read
        return read


def _give_up_on_error(body: Callable[[Any, list[int]], Any]) -> Callable[..., Any]:
    def reader(data: Any, pairs: list[int] | None = None) -> Any:
        try:
            return body(data, [0] if pairs is None else pairs)
        except Exception:  # not the plain shape, or a validator refused it
            return GIVE_UP

    return reader
