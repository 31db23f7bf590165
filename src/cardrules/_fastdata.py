"""
Quick structuring and unstructuring of the plain shapes of a game's data (issue 14).

The cattrs hooks of :mod:`cardrules._convert` check every field one call at a time and
collect detailed errors; that is most of the cost of ``loads`` and ``dumps``. For an
attrs class whose fields are all of a few plain shapes (strict ``int``, ``bool`` and
``str``, string ``Literal``\\ s, ``Rng``, classes written as their text
(``_format._as_text``, a Beggar card), tuples written as compact text
(``_format._packed``, a Biggenbende count tuple), optional values, homogeneous
tuples and other such classes), this module generates one Python function that reads
(or writes) the whole object at once:

- **reading** takes only data that the detailed hooks would take unchanged: a dict
  with exactly the field names, ints that are ``int`` (never ``bool``), lists where
  tuples belong, and so on; the object is built with the class itself, so its
  validators run. On anything else (a missing or extra key, a wrong type, a validator
  that refuses) it gives up, and the caller reads the data again with the detailed
  hooks, which raise their usual error with its path. So the quick path never accepts
  what the detailed path refuses, and never words an error itself.
- **writing** gives exactly what the converter gives: the same keys in the same order,
  lists for tuples, ``Rng`` as a decimal string.
- **writing JSON text** (``text_writer``) gives exactly the text the JSON encoder makes
  of that data (compact separators, ASCII), straight from the object, for ``dumps``;
  it tests the exact type of every value it writes and raises on anything else, and
  the caller then writes the data the usual way.
- **typed checks**: a game may register, for its ``check_state``, a variant of its fast
  path for states a quick reader made (``register_typed_check``), which skips the
  tests of types the reader has just made; ``loads`` falls back on ``check_state``
  whenever that variant is not sure.

**Why a generator of its own beside cattrs'** (``cattrs.gen.make_dict_structure_fn`` and
``make_dict_unstructure_fn``, which ``_convert`` uses for every class): measured on the
mid-game states of ``benchmarks/bench_perf.py`` in one run (issue 27, 2026-12-01), a
converter with this library's strict hooks and *no* detailed validation reads a state in
156 to 212 us, the quick reader in 42 us (3.7 to 5 times less); the converter writes
one as data in 70 to 98 us, the quick writer in 17 to 46 us. The round trip must stay
under 50 us, so cattrs' code cannot take the hot path: its hooks call one function per
field and per item (the strict ``int`` hook on every count), where this code tests
the types of a whole list in one pass in C and reads cards and compact text through
tables. cattrs' generated hooks remain the detailed path, which words every error.

Only the private converters of ``_setup`` use it, whose hooks are known: a type whose
hook is not the one this module expects (a tagged class, a union, a set) has no quick
form, and neither has any class that holds one.
tests/test_fastdata.py compares both directions with the detailed hooks.
"""

from __future__ import annotations

import threading
import types
import typing
from collections.abc import Callable
from json.encoder import encode_basestring_ascii as _json_str
from typing import Any, Final, Literal, Union

import attrs
import cattrs

from cardrules._format import _Packed, _packed_form, _text_form
from cardrules._rng import Rng

GIVE_UP: Final = object()
"""What a quick reader returns for data it does not take (read it the detailed way)."""

_NONE = type(None)
_INT_ONLY: Final = frozenset({int})
_NOTHING: Final = object()
"""What no field holds: the first "last written" value of a JSON text writer."""


class _Miss(Exception):
    """Raised inside a quick reader: the data is not of the plain shape."""


def _miss() -> typing.NoReturn:
    raise _Miss


_MEMO_SIZE: Final = 512
"""The most objects of one class a quick reader keeps to give again for equal data."""


def _is_frozen(cls: type) -> bool:
    """Whether ``cls`` is a frozen attrs class (its fields cannot be set)."""
    return getattr(cls.__setattr__, "__name__", "") == "_frozen_setattrs"


def _optional(tp: Any) -> Any:
    """``X`` for ``X | None`` (one type beside ``None``), else ``None``."""
    args = typing.get_args(tp)
    if typing.get_origin(tp) in (Union, types.UnionType) and _NONE in args and len(args) == 2:
        return args[0] if args[1] is _NONE else args[1]
    return None


class _TextTable(dict[str, Any]):
    """
    The values of one class written as text (``_format._as_text``), by their text:
    ``table[text]`` is one shared object for each text read before; a text not yet in
    the table is read by the converter's strict hook (which raises on anything else)
    and kept, up to :data:`_MEMO_SIZE` texts. Only ``str`` keys are kept, so only a
    ``str`` (JSON data holds no subclass of it) finds one.
    """

    def __init__(self, cls: type, read: Callable[[Any, type], Any]) -> None:
        super().__init__()
        self._cls = cls
        self._read = read

    def __missing__(self, text: Any) -> Any:
        value = self._read(text, self._cls)  # raises on anything but a good text
        if len(self) >= _MEMO_SIZE:
            self.clear()
        self[text] = value
        return value


_ROW_KEEP: Final = 1024
"""The longest compact text (and tuple) the tables below keep: a forged document may
hold megabytes of good symbols, and 512 of those must not stay in memory."""


class _RowTable(dict[str, Any]):
    """
    The tuples of one compact-text form (``_format._packed``), by their text:
    ``table[text]`` is one shared tuple for each text read before; a text not yet in
    the table is read by the form's strict reader (which raises on anything else) and
    kept, up to :data:`_MEMO_SIZE` texts of at most :data:`_ROW_KEEP` symbols. Only
    ``str`` keys are kept.
    """

    def __init__(self, form: _Packed) -> None:
        super().__init__()
        self._row = form.row

    def __missing__(self, text: Any) -> Any:
        value = self._row(text)  # raises on anything but a good text
        if len(text) <= _ROW_KEEP:
            if len(self) >= _MEMO_SIZE:
                self.clear()
            self[text] = value
        return value


class _RowTexts(dict[tuple[Any, ...], str]):
    """
    The texts of the tuples of one compact-text form, by the tuples' values:
    ``texts[row]`` is ``form.text(row)``, kept for tuples written before (hashing a
    tuple of small ints is much quicker than writing its text), up to
    :data:`_MEMO_SIZE` tuples of at most :data:`_ROW_KEEP` items. The rows of a form
    are all of one item type (ints and ``None``, or bools), so equal tuples have one
    text.
    """

    def __init__(self, form: _Packed) -> None:
        super().__init__()
        self._text = form.text

    def __missing__(self, row: tuple[Any, ...]) -> str:
        text = self._text(row)
        if len(row) <= _ROW_KEEP:
            if len(self) >= _MEMO_SIZE:
                self.clear()
            self[row] = text
        return text


class _TextWriter:
    """
    The texts of the values of one class written as text, by the values' identity:
    ``many(values)`` is ``[write(v) for v in values]``, in one pass in C for values
    written before. A value is learnt on its first write and held (so that its ``id``
    stays its own) with its text, up to :data:`_MEMO_SIZE` values; the class's values
    are immutable, so their text never changes.
    """

    def __init__(self, write: Callable[[Any], str]) -> None:
        self._write = write
        self._texts: dict[int, str] = {}
        self._quoted: dict[int, str] = {}
        self._held: dict[int, Any] = {}
        # Learning and forgetting change both dicts, in an order that keeps every id
        # in _texts held at every moment, under a lock: no thread sees a text by an
        # id whose object may be gone.
        self._lock = threading.Lock()

    def one(self, value: Any) -> str:
        text = self._texts.get(id(value))
        if text is None:
            text = self._write(value)
            with self._lock:
                if len(self._texts) >= _MEMO_SIZE:
                    self._texts.clear()
                    self._quoted.clear()
                    self._held.clear()
                self._held[id(value)] = value
                self._texts[id(value)] = text
        return text

    def many(self, values: Any) -> list[str]:
        try:
            return list(map(self._texts.__getitem__, map(id, values)))
        except KeyError:
            return [self.one(value) for value in values]

    def many_json(self, values: Any) -> list[str]:
        """``[json_str(write(v)) for v in values]``: the texts as JSON strings."""
        try:
            return list(map(self._quoted.__getitem__, map(id, values)))
        except KeyError:
            quoted = []
            for value in values:
                text = self._quoted.get(id(value))
                if text is None:
                    text = _json_str(self.one(value))
                    with self._lock:
                        if id(value) in self._held:  # (learnt, and not forgotten since)
                            self._quoted[id(value)] = text
                quoted.append(text)
            return quoted


class _Last:
    """Writes a value and keeps it, with its text, as the one last written."""

    __slots__ = ("_slot", "_write")

    def __init__(self, write: Callable[[Any], str], slot: list[tuple[Any, str]]) -> None:
        self._write = write
        self._slot = slot

    def __call__(self, value: Any) -> str:
        text = self._write(value)
        self._slot[0] = (value, text)
        return text


_TYPED_CHECKS: dict[Callable[[Any], None], Callable[[Any], bool]] = {}
"""A game's ``check_state`` -> its fast path for exactly typed states (see below)."""


def register_typed_check(check_state: Callable[[Any], None], ok: Callable[[Any], bool]) -> None:
    """
    Let ``ok(state)`` stand for the fast path of ``check_state`` on a state that a quick
    reader made: every field then holds exactly its declared type (an ``int`` never a
    ``bool``, a ``tuple`` never a list, the items of a tuple of ints all ``int``, a
    ``Literal``'s value one of its strings), so ``ok`` may skip the tests of types. It
    answers ``True`` only for a state ``check_state`` passes; on ``False`` (or if it
    raises) ``loads`` runs ``check_state`` itself, which words any error.
    """
    _TYPED_CHECKS[check_state] = ok


def typed_check(check_state: Callable[[Any], None]) -> Callable[[Any], bool] | None:
    """The typed fast path registered for ``check_state``, or ``None``."""
    return _TYPED_CHECKS.get(check_state)


def _name(ns: dict[str, Any], value: object) -> str:
    """Put ``value`` into the namespace of generated code under a new name."""
    name = f"_k{len(ns)}"
    ns[name] = value
    return name


class Quick:
    """
    The quick readers and writers of one converter, made on first use per class.

    ``scalar_hooks`` maps ``int``, ``bool`` and ``str`` to the strict hooks the
    converter must still have for them to be read inline; ``rng_hooks`` is the pair
    (structure, unstructure) of hooks expected for ``Rng``; ``sequence_hook`` tells
    whether a hook is one of ``_convert``'s sequence hooks; ``text_hooks`` is the
    pair of hooks expected for a class written as text (``_format._as_text``), read
    by a table lookup (:class:`_TextTable`) and written with ``str``.
    """

    def __init__(
        self,
        conv: cattrs.Converter,
        tagged: frozenset[type],
        scalar_hooks: dict[type, Callable[..., Any]],
        rng_hooks: tuple[Callable[..., Any], Callable[..., Any]],
        sequence_hook: Callable[[Any], bool],
        text_hooks: tuple[Callable[..., Any], Callable[..., Any]],
    ) -> None:
        self._conv = conv
        self._tagged = tagged
        self._scalar_hooks = scalar_hooks
        self._rng_hooks = rng_hooks
        self._sequence_hook = sequence_hook
        self._text_hooks = text_hooks
        self._tables: dict[type, _TextTable] = {}
        self._row_tables: dict[_Packed, _RowTable] = {}
        self._row_texts: dict[_Packed, _RowTexts] = {}
        self._text_writers: dict[type, _TextWriter] = {}
        self._readers: dict[type, Callable[[Any], Any] | None] = {}
        self._writers: dict[type, Callable[[Any], Any] | None] = {}
        self._bodies: dict[type, Callable[[Any], Any] | None] = {}
        self._writers_done: dict[type, Callable[[Any], Any] | None] = {}
        self._text_writers_of: dict[type, Callable[[Any], str] | None] = {}
        self._json_done: dict[type, Callable[[Any], str] | None] = {}
        # Small immutable classes of scalar fields: (the reader's memo, the fields
        # with the types their values may have), for reading them inline.
        self._inline: dict[type, tuple[dict[Any, Any], tuple[tuple[str, frozenset[type]], ...]]]
        self._inline = {}
        self._pair_counters: dict[type, Callable[[Any], int] | None] = {}
        self._flat: dict[type, tuple[str, ...]] = {}
        """Classes of scalar fields only (their names), written inline."""

    # ------------------------------------------------------------------ public

    def reader(self, cls: type) -> Callable[[Any], Any] | None:
        """``data -> object`` or :data:`GIVE_UP`; ``None`` if ``cls`` has no quick form."""
        try:
            return self._readers[cls]
        except KeyError:
            read = self._readers[cls] = self._make_reader(cls)
            return read

    def writer(self, cls: type) -> Callable[[Any], Any] | None:
        """``object -> data`` as the converter writes it; ``None`` if no quick form."""
        try:
            return self._writers[cls]
        except KeyError:
            write = self._writers[cls] = self._make_writer(cls)
            return write

    def text_writer(self, cls: type) -> Callable[[Any], str] | None:
        """
        ``object -> str``: the JSON text that ``json.dumps(writer(cls)(object),
        separators=(",", ":"))`` gives, written straight away (no data in between);
        ``None`` if ``cls`` has no quick form. It raises (anything) for an object it
        does not write plainly, for example a field of an unexpected type: the caller
        then writes the object the usual way, which gives that text or its error.
        """
        try:
            return self._text_writers_of[cls]
        except KeyError:
            write = None
            if self.writer(cls) is not None:
                write = self._json_body(cls)
            self._text_writers_of[cls] = write
            return write

    def pairs(self, cls: type) -> Callable[[Any], int] | None:
        """
        ``object -> int``: how many key-value pairs the data the quick reader of ``cls``
        read into ``object`` holds, in all its objects (every one is read whole, with
        exactly its class's keys); ``None`` if ``cls`` has no quick reader.
        """
        if cls not in self._pair_counters:
            counter = None
            if self.reader(cls) is not None:
                ns: dict[str, Any] = {}
                expr = self._pairs_expr(cls, "o", ns, 0)
                if expr is not None:
                    exec(f"def pairs(o):\n    return {expr}", ns)
                    counter = ns["pairs"]
            self._pair_counters[cls] = counter
        return self._pair_counters[cls]

    def _pairs_expr(self, tp: Any, var: str, ns: dict[str, Any], depth: int) -> str | None:
        """The pairs in the data of the value in ``var`` of type ``tp``: an expression
        (digits only when it is the same for every value)."""
        if self._is_rng(tp) or self._table(tp) is not None or self._rows(tp) is not None:
            return "0"
        if isinstance(tp, type) and attrs.has(tp):
            if tp in self._tagged or tp is Rng or self._bodies.get(tp) is None:
                return None
            fields = attrs.fields(tp)
            hints = typing.get_type_hints(tp, include_extras=True)
            terms = []
            constant = len(fields)
            for field in fields:
                term = self._pairs_expr(
                    hints.get(field.name, field.type), f"{var}.{field.name}", ns, depth
                )
                if term is None:
                    return None
                if term.isdigit():
                    constant += int(term)
                else:
                    terms.append(term)
            return " + ".join([str(constant), *terms]) if terms else str(constant)
        if (
            self._scalar(tp) is not None
            or self._literal(tp) is not None
            or self._is_rng(tp)
            or (self._item(tp) is not None and self._scalar(self._item(tp)[0]) is not None)  # type: ignore[index]
        ):
            return "0"
        inner_tp = _optional(tp)
        if inner_tp is not None:
            inner = self._pairs_expr(inner_tp, var, ns, depth)
            if inner is None:
                return None
            return "0" if inner == "0" else f"(0 if {var} is None else {inner})"
        seq = self._item(tp)
        if seq is None or depth > 3:
            return None
        item_var = f"_v{depth + 1}"
        inner = self._pairs_expr(seq[0], item_var, ns, depth + 1)
        if inner is None:
            return None
        if inner.isdigit():
            return "0" if inner == "0" else f"{inner} * len({var})"
        return f"sum([{inner} for {item_var} in {var}])"

    # ------------------------------------------------------------------ shapes

    def _scalar(self, tp: Any) -> frozenset[type] | None:
        """The exact types a value of ``tp`` may have, for a plain scalar ``tp``."""
        if tp in (int, bool, str):
            hook = self._scalar_hooks.get(tp)
            if hook is None or self._conv.get_structure_hook(tp) is not hook:
                return None
            return frozenset((tp,))
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin in (Union, types.UnionType) and _NONE in args:
            rest = [a for a in args if a is not _NONE]
            if len(rest) == 1:
                inner = self._scalar(rest[0])
                return None if inner is None else inner | {_NONE}
        return None

    def _literal(self, tp: Any) -> tuple[frozenset[str], bool] | None:
        """The strings of a ``Literal`` of strings (and whether ``None`` is allowed)."""
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        optional = False
        if origin in (Union, types.UnionType) and _NONE in args:
            rest = [a for a in args if a is not _NONE]
            if len(rest) != 1:
                return None
            tp, optional = rest[0], True
            origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin is not Literal or not args or not all(type(a) is str for a in args):
            return None
        return frozenset(args), optional

    def _hashable(self, tp: Any) -> bool:
        """Whether read values of ``tp`` are hashable and equal only when the same:
        plain scalars (of the one type, or ``None``), strings of a ``Literal`` and
        tuples of such."""
        if self._scalar(tp) is not None or self._literal(tp) is not None:
            return True
        seq = self._item(tp)
        return seq is not None and seq[1] is tuple and self._hashable(seq[0])

    def _plain_class(self, tp: Any) -> tuple[type, bool] | None:
        """An attrs class read by its generated hook (optionally ``None``)."""
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        optional = False
        if origin in (Union, types.UnionType) and _NONE in args:
            rest = [a for a in args if a is not _NONE]
            if len(rest) != 1:
                return None
            tp, optional = rest[0], True
        if not isinstance(tp, type) or not attrs.has(tp) or tp in self._tagged or tp is Rng:
            return None
        if _text_form(tp) is not None:
            return None  # written as text: self._table
        return tp, optional

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
        if not self._sequence_hook(self._conv.get_structure_hook(tp)):
            return None
        return item, make

    def _is_rng(self, tp: Any) -> bool:
        conv = self._conv
        structure, unstructure = self._rng_hooks
        return (
            tp is Rng
            and conv.get_structure_hook(Rng) is structure
            and conv.get_unstructure_hook(Rng) is unstructure
        )

    def _table(self, tp: Any) -> _TextTable | None:
        """The table of a class written as text by the expected hooks, else ``None``."""
        if _text_form(tp) is None:
            return None
        structure, unstructure = self._text_hooks
        conv = self._conv
        if (
            conv.get_structure_hook(tp) is not structure
            or conv.get_unstructure_hook(tp) is not unstructure
        ):
            return None
        table = self._tables.get(tp)
        if table is None:
            table = self._tables[tp] = _TextTable(tp, structure)
            self._text_writers[tp] = _TextWriter(unstructure)
        return table

    def _rows(self, tp: Any) -> _RowTable | None:
        """The table of a tuple written as compact text (``_format._packed``) by its
        form's own hooks, else ``None``."""
        form = _packed_form(tp)
        if form is None:
            return None
        conv = self._conv
        if (
            conv.get_structure_hook(tp) is not form.read
            or conv.get_unstructure_hook(tp) is not form.write
        ):
            return None
        table = self._row_tables.get(form)
        if table is None:
            table = self._row_tables[form] = _RowTable(form)
            self._row_texts[form] = _RowTexts(form)
        return table

    # ------------------------------------------------------------------ reading

    def _read_expr(self, tp: Any, var: str, ns: dict[str, Any], depth: int = 0) -> str | None:
        """
        An expression that reads the data in ``var`` as ``tp`` (calling ``_miss()`` on
        anything else), or ``None`` if ``tp`` has no quick form.
        """
        allowed = self._scalar(tp)
        if allowed is not None:
            if len(allowed) == 1:
                (only,) = allowed
                return f"({var} if type({var}) is {_name(ns, only)} else _miss())"
            return f"({var} if type({var}) in {_name(ns, allowed)} else _miss())"
        literal = self._literal(tp)
        if literal is not None:
            strings, optional = literal
            test = f"(type({var}) is str and {var} in {_name(ns, strings)})"
            if optional:
                test = f"({var} is None or {test})"
            return f"({var} if {test} else _miss())"
        if self._is_rng(tp):
            return f"{_name(ns, self._rng_hooks[0])}({var}, None)"
        table = self._table(tp)
        if table is not None:
            return f"{_name(ns, table)}[{var}]"
        rows = self._rows(tp)
        if rows is not None:
            return f"{_name(ns, rows)}[{var}]"
        plain = self._plain_class(tp)
        if plain is not None:
            cls, optional = plain
            reader = self._reader_body(cls)
            if reader is None:
                return None
            key = _name(ns, reader)
            call = f"{key}({var})"
            inline = self._inline.get(cls)
            if inline is not None:
                # A small immutable class read before (rules, say): look it up in the
                # reader's memo right here, by its exactly typed field values; the
                # reader itself reads anything else (and makes what is not yet known).
                memo, fields = inline
                tests = [f"type({var}) is dict", f"len({var}) == {len(fields)}"]
                for k, (name, kinds) in enumerate(fields):
                    tests.append(f"type(_t{k} := {var}[{name!r}]) in {_name(ns, kinds)}")
                values = "".join(f"_t{k}, " for k in range(len(fields)))
                tests.append(f"(_h := {_name(ns, memo)}.get(({values}))) is not None")
                call = f"(_h if {' and '.join(tests)} else {call})"
            return f"(None if {var} is None else {call})" if optional else call
        inner_tp = _optional(tp)
        if inner_tp is not None:
            inner = self._read_expr(inner_tp, var, ns, depth)
            return None if inner is None else f"(None if {var} is None else {inner})"
        seq = self._item(tp)
        if seq is None or depth > 3:
            return None
        item, make = seq
        made = _name(ns, make)
        allowed = self._scalar(item)
        if allowed is not None:
            # A list of plain scalars: one pass in C over the items' types.
            return (
                f"({made}({var}) if type({var}) is list and {{*map(type, {var})}} <= "
                f"{_name(ns, allowed)} else _miss())"
            )
        table = self._table(item)
        if table is not None:
            # A list of texts: one lookup each, in C.
            get = _name(ns, table.__getitem__)
            return f"({made}(map({get}, {var})) if type({var}) is list else _miss())"
        rows = self._rows(item)
        if rows is not None:
            # A list of compact texts: one lookup each, in C.
            get = _name(ns, rows.__getitem__)
            return f"({made}(map({get}, {var})) if type({var}) is list else _miss())"
        inner_var = f"_v{depth + 1}"
        inner = self._read_expr(item, inner_var, ns, depth + 1)
        if inner is None:
            return None
        return f"({made}([{inner} for {inner_var} in {var}]) if type({var}) is list else _miss())"

    def _reader_body(self, cls: type) -> Callable[[Any], Any] | None:
        """``data -> object`` for an attrs class, raising on anything not plain."""
        if cls in self._bodies:
            return self._bodies[cls]
        self._bodies[cls] = None  # a class that holds itself has no quick form
        fields = attrs.fields(cls)
        hints = typing.get_type_hints(cls, include_extras=True)
        if any(not f.init or f.name.startswith("_") or f.alias != f.name for f in fields):
            return None
        ns: dict[str, Any] = {"_miss": _miss, "_cls": cls, "_memo": {}}
        lines = [
            "def read(d):",
            f"    if type(d) is not dict or len(d) != {len(fields)}:",
            "        _miss()",
        ]
        args = []
        memo = _is_frozen(cls)
        kinds: list[tuple[str, frozenset[type]]] = []
        for k, field in enumerate(fields):
            tp = hints.get(field.name, field.type)
            expr = self._read_expr(tp, "_v0", ns)
            if expr is None:
                return None
            memo = memo and self._hashable(tp)
            allowed = self._scalar(tp)
            literal = self._literal(tp)
            if allowed is None and literal is not None:
                allowed = frozenset((str, _NONE) if literal[1] else (str,))
            if allowed is not None:
                kinds.append((field.name, allowed))
            lines.append(f"    _v0 = d[{field.name!r}]")
            lines.append(f"    a{k} = {expr}")
            args.append(f"{field.name}=a{k}" if field.kw_only else f"a{k}")
        made = f"_cls({', '.join(sorted(args, key=lambda arg: '=' in arg))})"
        if memo:
            # Equal field values (of the exact types checked above) give an equal
            # object: an immutable one is made once (cards, rules), so its validators
            # run once. The memo is bounded; only objects that were made are in it.
            key = "".join(f"a{k}, " for k in range(len(fields)))
            lines += [
                f"    key = ({key})",
                "    hit = _memo.get(key)",
                "    if hit is None:",
                f"        hit = {made}",
                f"        if len(_memo) >= {_MEMO_SIZE}:",
                "            _memo.clear()",
                "        _memo[key] = hit",
                "    return hit",
            ]
        else:
            lines.append(f"    return {made}")
        exec("\n".join(lines), ns)
        read: Callable[[Any], Any] = ns["read"]
        self._bodies[cls] = read
        if memo and len(kinds) == len(fields):
            self._inline[cls] = (ns["_memo"], tuple(kinds))
        return read

    def _make_reader(self, cls: type) -> Callable[[Any], Any] | None:
        if not attrs.has(cls) or cls in self._tagged or _text_form(cls) is not None:
            return None
        body = self._reader_body(cls)
        if body is None:
            return None

        def reader(data: Any) -> Any:
            try:
                return body(data)
            except Exception:  # not the plain shape, or a validator refused it
                return GIVE_UP

        return reader

    # ------------------------------------------------------------------ writing

    def _write_expr(self, tp: Any, var: str, ns: dict[str, Any], depth: int = 0) -> str | None:
        """An expression that writes the value in ``var`` of type ``tp`` as data."""
        if self._scalar(tp) is not None or self._literal(tp) is not None:
            return var  # the converter writes these unchanged
        if self._is_rng(tp):
            return f"{_name(ns, self._rng_hooks[1])}({var})"
        if self._table(tp) is not None:
            return f"{_name(ns, self._text_writers[tp].one)}({var})"
        if self._rows(tp) is not None:
            texts = self._row_texts[_packed_form(tp)]  # type: ignore[index]
            return f"{_name(ns, texts)}[{var}]"
        plain = self._plain_class(tp)
        if plain is not None:
            cls, optional = plain
            writer = self._writer_body(cls)
            if writer is None:
                return None
            if cls in self._flat:  # scalar fields only: the dict right here, no call
                items = ", ".join(f"{name!r}: {var}.{name}" for name in self._flat[cls])
                made = f"{{{items}}}"
                return f"(None if {var} is None else {made})" if optional else made
            key = _name(ns, writer)
            return f"(None if {var} is None else {key}({var}))" if optional else f"{key}({var})"
        inner_tp = _optional(tp)
        if inner_tp is not None:
            inner = self._write_expr(inner_tp, var, ns, depth)
            return None if inner is None else f"(None if {var} is None else {inner})"
        seq = self._item(tp)
        if seq is None or depth > 3:
            return None
        item, _ = seq
        if self._scalar(item) is not None:
            return f"list({var})"
        if self._table(item) is not None:
            return f"{_name(ns, self._text_writers[item].many)}({var})"
        if self._rows(item) is not None:
            texts = self._row_texts[_packed_form(item)]  # type: ignore[index]
            return f"list(map({_name(ns, texts.__getitem__)}, {var}))"
        inner_var = f"_v{depth + 1}"
        inner = self._write_expr(item, inner_var, ns, depth + 1)
        if inner is None:
            return None
        return f"[{inner} for {inner_var} in {var}]"

    def _writer_body(self, cls: type) -> Callable[[Any], Any] | None:
        if cls in self._writers_done:
            return self._writers_done[cls]
        self._writers_done[cls] = None
        fields = attrs.fields(cls)
        hints = typing.get_type_hints(cls, include_extras=True)
        if any(f.name.startswith("_") for f in fields):
            return None
        ns: dict[str, Any] = {}
        items = []
        flat = True
        for field in fields:
            tp = hints.get(field.name, field.type)
            flat = flat and (self._scalar(tp) is not None or self._literal(tp) is not None)
            if self._conv.get_unstructure_hook(tp) is None:  # pragma: no cover - defensive
                return None
            expr = self._write_expr(tp, f"o.{field.name}", ns)
            if expr is None:
                return None
            items.append(f"{field.name!r}: {expr}")
        exec(f"def write(o):\n    return {{{', '.join(items)}}}", ns)
        write: Callable[[Any], Any] = ns["write"]
        self._writers_done[cls] = write
        if flat:
            self._flat[cls] = tuple(field.name for field in fields)
        return write

    def _make_writer(self, cls: type) -> Callable[[Any], Any] | None:
        if not attrs.has(cls) or cls in self._tagged or _text_form(cls) is not None:
            return None
        return self._writer_body(cls)

    # ------------------------------------------------------------------ JSON text

    def _json_scalar(self, types_: frozenset[type], var: str) -> str:
        """The JSON text of a scalar of one of ``types_``, exactly as ``json`` writes
        it; anything of another type raises :class:`_Miss`."""
        parts = []
        if _NONE in types_:
            parts.append(f'"null" if {var} is None')
        if bool in types_:
            parts.append(f'"true" if {var} is True')
            parts.append(f'"false" if {var} is False')
        if int in types_:
            parts.append(f"repr({var}) if type({var}) is int")
        if str in types_:
            parts.append(f"_json_str({var}) if type({var}) is str")
        return "(" + " else ".join([*parts, "_miss()"]) + ")"

    def _json_expr(self, tp: Any, var: str, ns: dict[str, Any], depth: int = 0) -> str | None:
        """An expression giving the JSON text of the value in ``var`` of type ``tp``
        (what ``_write_expr`` gives, as ``json`` writes it)."""
        scalar = self._scalar(tp)
        if scalar is not None:
            return self._json_scalar(scalar, var)
        literal = self._literal(tp)
        if literal is not None:
            return self._json_scalar(frozenset({str, _NONE} if literal[1] else {str}), var)
        if self._is_rng(tp):
            return f"_json_str({_name(ns, self._rng_hooks[1])}({var}))"
        if self._table(tp) is not None:
            return f"_json_str({_name(ns, self._text_writers[tp].one)}({var}))"
        if self._rows(tp) is not None:
            texts = self._row_texts[_packed_form(tp)]  # type: ignore[index]
            return f"_json_str({_name(ns, texts)}[{var}])"
        plain = self._plain_class(tp)
        if plain is not None:
            cls, optional = plain
            body = self._json_body(cls)
            if body is None:
                return None
            made = f"{_name(ns, body)}({var})"
            fields = attrs.fields(cls)
            hints = typing.get_type_hints(cls, include_extras=True)
            if _is_frozen(cls) and all(self._hashable(hints.get(f.name, f.type)) for f in fields):
                # Immutable all through (a Rules): the last one written, by identity,
                # held with its text in one tuple (no id reused, no torn pair).
                slot: list[tuple[Any, str]] = [(_NOTHING, "")]
                last, learn = _name(ns, slot), _name(ns, _Last(body, slot))
                made = f"(_e[1] if {var} is (_e := {last}[0])[0] else {learn}({var}))"
            return f'("null" if {var} is None else {made})' if optional else made
        inner_tp = _optional(tp)
        if inner_tp is not None:
            inner = self._json_expr(inner_tp, var, ns, depth)
            return None if inner is None else f'("null" if {var} is None else {inner})'
        seq = self._item(tp)
        if seq is None or depth > 3:
            return None
        item, make = seq
        # The data writer takes any iterable here (list(...)); only the declared
        # container is written straight away.
        kind = f"type({var}) is {make.__name__}"
        item_scalar = self._scalar(item)
        if item_scalar == frozenset({int}):
            # Every item an int (never a bool): one test of their types.
            text = f'"[" + ",".join(map(repr, {var})) + "]"'
            return (
                f'(("[]" if not {var} else {text} if set(map(type, {var})) == _INT_ONLY '
                f"else _miss()) if {kind} else _miss())"
            )
        if self._table(item) is not None:
            many = _name(ns, self._text_writers[item].many_json)
            return f'("[" + ",".join({many}({var})) + "]" if {kind} else _miss())'
        if self._rows(item) is not None:
            texts = self._row_texts[_packed_form(item)]  # type: ignore[index]
            get = _name(ns, texts.__getitem__)
            return (
                f'("[" + ",".join(map(_json_str, map({get}, {var}))) + "]" if {kind} else _miss())'
            )
        inner_var = f"_v{depth + 1}"
        inner = (
            self._json_scalar(item_scalar, inner_var)
            if item_scalar is not None
            else self._json_expr(item, inner_var, ns, depth + 1)
        )
        if inner is None:
            return None
        return f'("[" + ",".join([{inner} for {inner_var} in {var}]) + "]" if {kind} else _miss())'

    def _json_body(self, cls: type) -> Callable[[Any], str] | None:
        if cls in self._json_done:
            return self._json_done[cls]
        self._json_done[cls] = None
        if self._writer_body(cls) is None:
            return None
        fields = attrs.fields(cls)
        hints = typing.get_type_hints(cls, include_extras=True)
        ns: dict[str, Any] = {"_json_str": _json_str, "_miss": _miss, "_INT_ONLY": _INT_ONLY}
        keys, values = [], []
        for field in fields:
            expr = self._json_expr(hints.get(field.name, field.type), f"o.{field.name}", ns)
            if expr is None:
                return None
            keys.append(_json_str(field.name).replace("%", "%%") + ":%s")
            values.append(expr)
        template = "{" + ",".join(keys) + "}"
        if values:
            code = f"def write(o):\n    return {template!r} % ({', '.join(values)},)"
        else:
            code = f"def write(o):\n    return {template!r}"
        exec(code, ns)
        write: Callable[[Any], str] = ns["write"]
        self._json_done[cls] = write
        return write
