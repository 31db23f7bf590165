"""
JSON serialisation of every public value of a game, inside a versioned envelope.

Everything goes through cattrs converters (:func:`make_converter`), so programs
that embed cardrules objects in their own cattrs-based formats get the same
encoding. The text written by :func:`dumps` is an envelope::

    {"format": "cardrules", "version": 1, "game": "beggar", "rules_version": 1,
     "type": "state", "data": {...}}

- ``version`` is the game's format version (``Game.format_version``); ``type`` is
  one of ``state``, ``view``, ``record``, ``move``, ``rules``, ``outcome``,
  ``event`` and ``value`` (see :data:`Kind`).
- Moves, events and values are tagged unions: ``{"type": "Play", "value": 5, "count": 2}``.
- The RNG state and record seeds, which may exceed ``2**53``, are written as
  decimal strings so that JavaScript clients read them exactly.
- :func:`loads` reads every earlier format version of a game through the game's
  upgrade steps (``Game.upgrades``), and refuses a newer one.
- :func:`loads` checks everything it reads: malformed JSON, a wrong or missing
  envelope, an unknown game, another ``rules_version``, wrong field types and
  unknown fields raise :class:`~cardrules.SerializationError` naming the path of the
  bad field; a state (or a record's start) that breaks an invariant of its game, or
  a view that is inconsistent in itself, raises :class:`~cardrules.InvalidStateError`.
- :func:`to_data` and :func:`from_data` do the same for one value as plain JSON
  data, without the envelope.
- :func:`loads` reads at most :data:`MAX_SIZE` (4 MiB) unless given ``max_size=``,
  and quotes at most a short prefix of a bad value in its messages. Every path in a
  message starts at ``$``, the envelope: ``$.data.hands[2]``.
- ``dumps(obj, key=key)`` signs the text with HMAC-SHA256: a seventh envelope key,
  ``signature``, holds the hex digest of the canonical text of the other six, and
  ``loads(text, key=key)`` refuses text that is unsigned, altered or signed with
  another key (:class:`~cardrules.IntegrityError`).

Each game's converter is set up on first use, so a game registered while the
program runs is handled like the built-in ones.

>>> import cardrules
>>> from cardrules import beggar
>>> state = beggar.new_game(beggar.Rules(players=2), seed=5)
>>> cardrules.loads(cardrules.dumps(state)) == state
True
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import math
import re
import sys
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any, Final, Union

import attrs
import cattrs
import cattrs.v
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from cardrules._registry import GAMES
from cardrules._rng import Rng
from cardrules.errors import (
    CardrulesError,
    IllegalMoveError,
    IntegrityError,
    InvalidStateError,
    RulesError,
    SerializationError,
    WrongTypeError,
)
from cardrules.game import AnyGame, Kind, Outcome

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_SIZE",
    "Kind",
    "Record",
    "configure_converter",
    "dumps",
    "from_data",
    "loads",
    "make_converter",
    "replay",
    "to_data",
    "verify_start",
]

FORMAT: Final = "cardrules"
"""The ``format`` key of every envelope."""

FORMAT_VERSION: Final = 1
"""
The version of the envelope's layout: its six keys ``format``, ``version``, ``game``,
``rules_version``, ``type`` and ``data``. It has not changed since cardrules 0.1.

The envelope's ``version`` key is not this number but the format version of the game
inside (``Game.format_version``), which each game raises on its own.
"""

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

MAX_SIZE: Final = 4 * 1024 * 1024
"""
The default size limit of :func:`loads`: 4 MiB (4,194,304 characters of a ``str``, or
bytes of a ``bytes``). Larger text is refused before it is parsed; pass ``max_size=`` to
read more. The longest honest game of any built-in game saves in well under 1 MiB.
"""

_MESSAGE_LIMIT: Final = 300
"""The longest message part taken over from a check or from cattrs (values are cut)."""


class _WrongTypeSerialization(WrongTypeError, SerializationError):
    """The wrong kind of object given to dumps, loads or from_data."""


class _WrongTypeRules(WrongTypeError, RulesError):
    """The wrong kind of object in a Record's field."""


def _clip(text: str, limit: int = _MESSAGE_LIMIT) -> str:
    """``text``, cut to ``limit`` characters: a forged value may be megabytes long."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _lookup(name: object) -> AnyGame | None:
    # Through this module's GAMES, the live registry, so that a game registered while
    # the program runs is found.
    return GAMES.get(name) if isinstance(name, str) else None


def _known() -> str:
    return ", ".join(sorted(GAMES))


def _game(name: object) -> AnyGame:
    if not isinstance(name, str):
        raise WrongTypeError(f"expected a game name (str), got {type(name).__name__}")
    game = _lookup(name)
    if game is None:
        raise CardrulesError(f"unknown game {_short(name)}; known games: {_known()}")
    return game


@attrs.frozen
class Record:
    """
    A whole game as data: the rules, how it started, and every move in order.

    A game dealt from a seed has ``seed`` set and ``start`` ``None``; a game from an
    explicit deal keeps its first state in ``start`` (``seed`` is then ``None``).
    :func:`replay` plays it back, checking every move.

    Raises:
        CardrulesError: for an unknown game; ``RulesError`` for rules or a start state
            of another game, a seed out of range, moves that are not a tuple, or not
            exactly one of ``seed`` and ``start``.

    >>> from cardrules import beggar
    >>> record = Record(game="beggar", rules=beggar.Rules(), seed=3)
    >>> record = record.with_move(beggar.Turn())
    >>> len(record.moves)
    1
    """

    game: str
    """The registry name of the game."""
    rules: Any
    """The game's ``Rules``."""
    seed: int | None = None
    """The seed given to ``new_game``, or ``None`` when ``start`` is given."""
    moves: tuple[Any, ...] = ()
    """Every move applied, in order."""
    start: Any = None
    """The first state, for a game that did not start from a seed."""

    def __attrs_post_init__(self) -> None:
        game = _game(self.game)
        if not isinstance(self.rules, game.Rules):
            raise _WrongTypeRules(
                f"rules: not {self.game} Rules: expected a {self.game} Rules, got "
                f"{type(self.rules).__name__}"
            )
        if self.seed is not None and type(self.seed) is not int:
            raise _WrongTypeRules(
                f"seed: must be an int in [0, 2**64), not {type(self.seed).__name__}"
            )
        if self.seed is not None and not 0 <= self.seed < 2**64:
            raise RulesError(f"seed: must be an int in [0, 2**64), not {_short(self.seed)}")
        if self.start is not None and not isinstance(self.start, game.State):
            raise _WrongTypeRules(
                f"start: not a {self.game} State: expected a {self.game} State, got "
                f"{type(self.start).__name__}"
            )
        if not isinstance(self.moves, tuple):
            raise _WrongTypeRules(f"moves: must be a tuple, not {type(self.moves).__name__}")

        if (self.seed is None) == (self.start is None):
            raise RulesError("a record needs exactly one of seed and start")

    def with_move(self, move: Any) -> Record:
        """
        This record with one more move at the end.

        >>> from cardrules import beggar
        >>> Record(game="beggar", rules=beggar.Rules(), seed=1).with_move(beggar.Turn()).moves
        (Turn(),)
        """
        return attrs.evolve(self, moves=(*self.moves, move))


def replay(record: Record, *, seed: int | None = None) -> Any:
    """
    Play a record back, checking every move, and return the final state.

    Args:
        record: the record.
        seed: if given, the record must start from the deal of this seed under its
            rules (see :func:`verify_start`): a server that kept the seed to itself
            checks that a record sent back to it was not dealt anew.

    Raises:
        WrongTypeError: ``record`` is not a :class:`Record`.
        IntegrityError: ``seed`` is given and the record does not start from its deal.
        IllegalMoveError: for the first move that breaks a rule; its message gives
            the move's number (1-based) and its ``index`` attribute the 0-based index.

    >>> from cardrules import beggar
    >>> record = Record(game="beggar", rules=beggar.Rules(), seed=3, moves=(beggar.Turn(),) * 4)
    >>> replay(record).cards
    4
    """
    if not isinstance(record, Record):
        raise WrongTypeError(f"expected a Record, got {type(record).__name__}")
    if seed is not None:
        verify_start(record, seed)
    game = _game(record.game)
    if record.start is not None:
        state = record.start
    else:
        state = game.new_game(record.rules, seed=record.seed)
    apply = game.apply
    move_types = tuple(game.move_types)
    for index, move in enumerate(record.moves):
        if not isinstance(move, move_types):
            reason = f"move {index + 1}: not a {game.name} move: {type(move).__name__}"
            raise IllegalMoveError(move, "move", reason, index=index)
        try:
            state = apply(state, move)
        except IllegalMoveError as exc:
            reason = f"move {index + 1}: {exc.reason}"
            raise IllegalMoveError(move, exc.rule, reason, index=index) from exc
    return state


def verify_start(record: Record, seed: int) -> None:
    """
    Check that ``record`` starts from the deal of ``seed`` under its rules.

    A seeded record starts there when its seed is ``seed``; a record with an explicit
    ``start`` when that state equals ``new_game(record.rules, seed=seed)``, its RNG
    included. A record that a client sent back may have been edited (a better deal, a
    swapped seed): a server that kept the seed checks it with this, or with
    ``replay(record, seed=seed)``.

    Raises:
        WrongTypeError: ``record`` is not a :class:`Record` or ``seed`` not an int.
        IntegrityError: the record starts elsewhere.

    >>> from cardrules import beggar
    >>> rules = beggar.Rules()
    >>> record = Record(game="beggar", rules=rules, start=beggar.new_game(rules, seed=4))
    >>> verify_start(record, 4)
    >>> try:
    ...     verify_start(record, 5)
    ... except IntegrityError as exc:
    ...     print(exc)
    the record does not start from the deal of seed 5
    """
    if not isinstance(record, Record):
        raise WrongTypeError(f"expected a Record, got {type(record).__name__}")
    if type(seed) is not int:
        raise WrongTypeError(f"expected an int seed, got {type(seed).__name__}")
    if record.seed is not None:
        same = record.seed == seed
    else:
        game = _game(record.game)
        same = record.start == game.new_game(record.rules, seed=seed)
    if not same:
        raise IntegrityError(f"the record does not start from the deal of seed {_short(seed)}")


# --------------------------------------------------------------------------- converter


def _fail(expected: str, value: object) -> typing.NoReturn:
    raise TypeError(f"expected {expected}, got {type(value).__name__} {_short(value)}")


def _short(value: object) -> str:
    # Never the repr of a whole long value: it may be megabytes.
    if isinstance(value, str) and len(value) > 40:
        value = value[:40]
    elif isinstance(value, (list, dict)) and len(value) > 12:
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        text = repr(value)
    except RecursionError:
        return f"a nested {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


def _structure_int(value: object, _: type) -> int:
    # Strict: JSON true/false, floats and strings are not ints.
    if type(value) is not int:
        _fail("an integer", value)
    return value


def _structure_str(value: object, _: type) -> str:
    if type(value) is not str:
        _fail("a string", value)
    return value


def _structure_bool(value: object, _: type) -> bool:
    if type(value) is not bool:
        _fail("true or false", value)
    return value


def _structure_big_int(value: object) -> int:
    # Big ints travel as decimal strings (JavaScript numbers lose bits above 2**53).
    if type(value) is int:
        return value
    if type(value) is str and value.isascii() and value.isdigit() and len(value) <= 40:
        return int(value)
    _fail("a decimal string", value)


def _structure_rng(value: object, _: type) -> Rng:
    return Rng(_structure_big_int(value))


def _is_frozenset(tp: Any) -> bool:
    return tp is frozenset or typing.get_origin(tp) is frozenset


def _frozenset_hooks(conv: cattrs.Converter) -> None:
    # A set travels as a JSON list, sorted so that the same set always gives the same
    # text (the winners of an Outcome, for example); a repeated item is refused.
    def unstructure(value: frozenset[Any]) -> list[Any]:
        items = [conv.unstructure(item) for item in value]
        try:
            return sorted(items)
        except TypeError:
            return items

    def structure_factory(tp: Any) -> Callable[[Any, Any], frozenset[Any]]:
        args = typing.get_args(tp)
        item_type = args[0] if args else Any

        def structure(data: Any, _: Any) -> frozenset[Any]:
            if not isinstance(data, list):
                _fail("a list", data)
            items = [conv.structure(item, item_type) for item in data]
            out = frozenset(items)
            if len(out) != len(items):
                raise ValueError(f"expected distinct items, got {_short(data)}")
            return out

        return structure

    conv.register_unstructure_hook_func(_is_frozenset, unstructure)
    conv.register_structure_hook_factory(_is_frozenset, structure_factory)


def _is_attrs_union(tp: Any) -> bool:
    """A union of two or more attrs classes (``None`` allowed beside them)."""
    if typing.get_origin(tp) not in (Union, types.UnionType):
        return False
    members = [a for a in typing.get_args(tp) if a is not type(None)]
    return len(members) >= 2 and all(attrs.has(a) for a in members)


def _field_types(cls: type) -> Iterator[Any]:
    hints = typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))
    for field in attrs.fields(cls):
        yield hints.get(field.name, field.type)


def _walk(tp: Any, seen: set[Any], unions: set[Any]) -> None:
    """Collect the unions of attrs classes reachable from ``tp``."""
    if tp in seen:
        return
    seen.add(tp)
    if _is_attrs_union(tp):
        unions.add(tp)
    if isinstance(tp, type) and attrs.has(tp):
        for sub in _field_types(tp):
            _walk(sub, seen, unions)
    for arg in typing.get_args(tp):
        if not isinstance(arg, (str, int, bool)):
            _walk(arg, seen, unions)


def _tagged(conv: cattrs.Converter, cls: type) -> None:
    """Write ``cls`` with a ``type`` tag (its class name) and require it when reading."""
    name = cls.__name__
    base_un: Callable[[Any], dict[str, Any]] = make_dict_unstructure_fn(cls, conv)
    base_st: Callable[[Any, type], Any] = make_dict_structure_fn(
        cls, conv, _cattrs_forbid_extra_keys=True
    )

    def unstructure(obj: Any) -> dict[str, Any]:
        return {_TAG: name, **base_un(obj)}

    def structure(data: Any, _: type) -> Any:
        if not isinstance(data, dict):
            _fail(f"an object tagged {name!r}", data)
        if data.get(_TAG) != name:
            raise ValueError(f"expected {_TAG!r} to be {name!r}, got {data.get(_TAG)!r}")
        rest = {k: v for k, v in data.items() if k != _TAG}
        return base_st(rest, cls)

    conv.register_unstructure_hook(cls, unstructure)
    conv.register_structure_hook(cls, structure)


def _tagged_union(
    conv: cattrs.Converter,
    members: tuple[type, ...],
    tagged: frozenset[type] | None = None,
) -> Callable[[Any], Any]:
    """
    A structure function for one of ``members``, chosen by the tag.

    ``tagged`` are the members the converter itself writes with their tag (all of them
    when ``None``); the others carry the tag only at the top (see ``_add_tag``).
    """
    by_name = {cls.__name__: cls for cls in members}

    def structure(data: Any) -> Any:
        if not isinstance(data, dict):
            _fail("an object with a 'type' tag", data)
        tag = data.get(_TAG)
        cls = by_name.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise ValueError(f"unknown {_TAG!r} {tag!r}; expected one of {sorted(by_name)}")
        if tagged is None or cls in tagged:
            return conv.structure(data, cls)
        rest = {k: v for k, v in data.items() if k != _TAG}
        if attrs.has(cls):
            return conv.structure(rest, cls)
        if rest.keys() != {"value"}:
            raise ValueError(f"expected the keys 'type' and 'value', got {sorted(data)}")
        return conv.structure(rest["value"], cls)

    return structure


def _add_tag(conv: cattrs.Converter, tagged: frozenset[type], obj: Any) -> Any:
    """``obj`` unstructured with its class name in a ``type`` key at the top."""
    cls = type(obj)
    raw = conv.unstructure(obj)
    if cls in tagged:
        return raw
    if attrs.has(cls):
        if _TAG in raw:
            raise SerializationError(f"cannot tag {cls.__name__}: it has a field named 'type'")
        return {_TAG: cls.__name__, **raw}
    return {_TAG: cls.__name__, "value": raw}


def _is_sequence(tp: Any) -> bool:
    return tp is tuple or tp is list or typing.get_origin(tp) in (tuple, list)


def _sequence_hooks(conv: cattrs.Converter) -> None:
    # Only a JSON list is a sequence: cattrs would also read a string (or a dict) as
    # one, item by item, so a long string where a list belongs would cost one error
    # per character.
    def factory(tp: Any) -> Callable[[Any, Any], Any]:
        args = typing.get_args(tp)
        if typing.get_origin(tp) is list or (len(args) == 2 and args[1] is Ellipsis):
            item_types: Any = None
            item_type = args[0]
        elif not args:
            item_types, item_type = None, Any
        else:
            item_types, item_type = args, None
        make = list if typing.get_origin(tp) is list or tp is list else tuple
        hooks: list[Callable[[Any, Any], Any]] = []  # the item's hook, found on first use

        def structure(data: Any, _: Any) -> Any:
            if type(data) is not list:
                _fail("a list", data)
            if item_types is not None and len(data) != len(item_types):
                raise ValueError(f"expected a list of {len(item_types)} items, got {len(data)}")
            if item_types is None:
                if not hooks:
                    hooks.append(conv.get_structure_hook(item_type))
                hook = hooks[0]
                try:
                    return make([hook(item, item_type) for item in data])
                except Exception:  # found again below, with its index
                    pass
            out = []
            for index, item in enumerate(data):
                want = item_type if item_types is None else item_types[index]
                try:
                    out.append(conv.structure(item, want))
                except Exception as exc:
                    # Fail at the first bad item: a long list of bad items costs one
                    # error, not one per item.
                    exc.__notes__ = [
                        *getattr(exc, "__notes__", []),
                        IterableValidationNote(f"Structuring {tp} @ index {index}", index, want),
                    ]
                    raise IterableValidationError(f"While structuring {tp}", [exc], tp) from None
            return make(out)

        return structure

    conv.register_structure_hook_factory(_is_sequence, factory)


def _configure_base(conv: cattrs.Converter) -> None:
    _sequence_hooks(conv)
    conv.register_structure_hook(int, _structure_int)
    conv.register_structure_hook(str, _structure_str)
    conv.register_structure_hook(bool, _structure_bool)
    conv.register_unstructure_hook(Rng, lambda rng: str(rng.state))
    conv.register_structure_hook(Rng, _structure_rng)
    _frozenset_hooks(conv)


def configure_converter(conv: cattrs.Converter) -> None:
    """
    Install every cardrules hook on an existing converter.

    Strict scalars (no int from a string or a bool), the RNG as a decimal
    string, sets as sorted lists, and tagged moves and unions for every game
    registered when it is called.

    >>> import cattrs
    >>> from cardrules import Rng
    >>> conv = cattrs.Converter()
    >>> configure_converter(conv)
    >>> conv.unstructure(Rng(2**63))
    '9223372036854775808'
    """
    _configure_base(conv)
    for game in GAMES.values():
        _configure_game(conv, game)


def _configure_game(conv: cattrs.Converter, game: AnyGame) -> frozenset[type]:
    """Tag ``game``'s moves and unions on ``conv``; return the classes it tags."""
    seen: set[Any] = set()
    unions: set[Any] = set()
    roots = (game.Rules, game.State, game.View, *game.move_types)
    for tp in (*roots, *game.event_types, *game.value_types):
        _walk(tp, seen, unions)
    tagged: set[type] = set(game.move_types)
    for union in unions:
        tagged.update(a for a in typing.get_args(union) if a is not type(None))
    for cls in tagged:
        _tagged(conv, cls)
    for union in unions:
        members = tuple(a for a in typing.get_args(union) if a is not type(None))
        optional = type(None) in typing.get_args(union)
        pick = _tagged_union(conv, members)

        def structure(
            data: Any, _: type, pick: Callable[[Any], Any] = pick, optional: bool = optional
        ) -> Any:
            if data is None and optional:
                return None
            return pick(data)

        conv.register_structure_hook(union, structure)
    return frozenset(tagged)


def make_converter() -> cattrs.Converter:
    """
    A new cattrs converter with every hook cardrules uses, to embed in your own.

    Detailed validation is on, so errors carry the path of the bad field. It knows
    the games registered when it is made.

    >>> from cardrules import beggar
    >>> conv = make_converter()
    >>> conv.unstructure(beggar.Turn())
    {'type': 'Turn'}
    """
    conv = cattrs.Converter(detailed_validation=True, forbid_extra_keys=True)
    configure_converter(conv)
    return conv


@attrs.frozen(eq=False)
class _Setup:
    """One game's converter and lookups, made on the game's first use."""

    game: AnyGame
    conv: cattrs.Converter
    tagged: frozenset[type]
    """The classes the converter writes with their tag (moves, members of unions)."""
    moves: Callable[[Any], Any]
    events: Callable[[Any], Any]
    values: Callable[[Any], Any]
    steps: dict[tuple[str, int], Callable[[Any], Any]]
    """The upgrade steps by kind and the version they read."""
    problem: str | None
    """What is wrong with the game's upgrade steps, if anything."""


# Set up games by name; a different object registered under the name is set up anew.
_SETUPS: dict[str, _Setup] = {}
# What dumps found each type to be, checked against the registry on every use.
_BY_TYPE: dict[type, tuple[_Setup, Kind]] = {}
_BY_TYPE_LIMIT: Final = 1024
_SETUPS_LIMIT: Final = 256


def _setup(game: AnyGame) -> _Setup:
    setup = _SETUPS.get(game.name)
    if setup is None or setup.game is not game:
        setup = _make_setup(game)
        if len(_SETUPS) >= _SETUPS_LIMIT:
            _SETUPS.clear()  # keyed by registered games only, but bounded still
        _SETUPS[game.name] = setup
    return setup


def _make_setup(game: AnyGame) -> _Setup:
    conv = cattrs.Converter(detailed_validation=True, forbid_extra_keys=True)
    _configure_base(conv)
    tagged = _configure_game(conv, game)
    steps, problem = _index_steps(game)
    return _Setup(
        game=game,
        conv=conv,
        tagged=tagged,
        moves=_tagged_union(conv, tuple(game.move_types)),
        events=_tagged_union(conv, tuple(game.event_types), tagged),
        values=_tagged_union(conv, tuple(game.value_types), tagged),
        steps=steps,
        problem=problem,
    )


def _index_steps(game: AnyGame) -> tuple[dict[tuple[str, int], Callable[[Any], Any]], str | None]:
    steps: dict[tuple[str, int], Callable[[Any], Any]] = {}
    current = game.format_version
    for upgrade in game.upgrades:
        kind = getattr(upgrade, "kind", None)
        version = getattr(upgrade, "version", None)
        step = getattr(upgrade, "step", None)
        if kind not in _KINDS:
            return steps, f"an upgrade step of unknown kind {_short(kind)}"
        if type(version) is not int or not 1 <= version < current:
            return steps, (
                f"a {kind} upgrade step from version {_short(version)}, not one of "
                f"1 to {current - 1} (the format version is {current})"
            )
        if not callable(step):
            return steps, f"the {kind} upgrade step from version {version} is not callable"
        if (kind, version) in steps:
            return steps, f"two {kind} upgrade steps from version {version}"
        steps[(kind, version)] = step
    return steps, None


# --------------------------------------------------------------------------- upgrades


def _json_problem(value: Any) -> str | None:
    """What in ``value`` is not plain JSON data, or ``None``."""
    active: set[int] = set()

    def visit(item: Any) -> str | None:
        kind = type(item)
        if item is None or kind is str or kind is int or kind is bool:
            return None
        if kind is float:
            return None if math.isfinite(item) else f"the number {item!r}"
        if kind is not list and kind is not dict:
            return f"a {kind.__name__} {_short(item)}"
        if id(item) in active:
            return f"a {kind.__name__} that contains itself"
        active.add(id(item))
        if kind is dict:
            for key, sub in item.items():
                if type(key) is not str:
                    return f"the key {_short(key)}, not a string"
                found = visit(sub)
                if found:
                    return found
        else:
            for sub in item:
                found = visit(sub)
                if found:
                    return found
        active.discard(id(item))
        return None

    try:
        return visit(value)
    except RecursionError:
        return "data nested too deeply"


def _upgrade(setup: _Setup, kind: Kind, version: int, data: Any, path: str) -> Any:
    """``data`` of ``kind`` at format ``version``, upgraded to the game's current one."""
    if setup.problem is not None:
        raise SerializationError(
            f"{path}: cannot read {setup.game.name} format version {version}: "
            f"the game's upgrades are broken: {setup.problem}"
        )
    for at in range(version, setup.game.format_version):
        data = _step(setup, kind, at, data, path)
    return data


def _step(setup: _Setup, kind: str, version: int, data: Any, path: str) -> Any:
    step = setup.steps.get((kind, version))
    if step is not None:
        return _run_step(setup, kind, version, step, data, path)
    if kind != "record" or not isinstance(data, dict):
        return data  # no change to this kind at this version
    # A record is made of the game's parts: upgrade each with its own kind's step.
    out = dict(data)
    if "rules" in out:
        out["rules"] = _step(setup, "rules", version, out["rules"], f"{path}.rules")
    if out.get("start") is not None:
        out["start"] = _step(setup, "state", version, out["start"], f"{path}.start")
    moves = out.get("moves")
    if isinstance(moves, list):
        out["moves"] = [
            _step(setup, "move", version, move, f"{path}.moves[{i}]")
            for i, move in enumerate(moves)
        ]
    return out


def _run_step(
    setup: _Setup, kind: str, version: int, step: Callable[[Any], Any], data: Any, path: str
) -> Any:
    what = (
        f"{path}: the {setup.game.name} {kind} upgrade from format version {version} "
        f"to {version + 1}"
    )
    try:
        result = step(data)
    except Exception as exc:
        raise SerializationError(f"{what} failed: {type(exc).__name__}: {exc}") from exc
    problem = _json_problem(result)
    if problem is not None:
        raise SerializationError(f"{what} returned {problem}, not JSON data")
    return result


# --------------------------------------------------------------------------- dumps


def _kind_of(game: AnyGame, obj: object) -> Kind | None:
    if isinstance(obj, game.State):
        return "state"
    if isinstance(obj, game.View):
        return "view"
    if isinstance(obj, game.move_types):
        return "move"
    if isinstance(obj, game.Rules):
        return "rules"
    if isinstance(obj, game.event_types):
        return "event"
    if isinstance(obj, game.value_types):
        return "value"
    return None


def _classify(obj: object, game: str | None) -> tuple[_Setup, Kind]:
    if isinstance(obj, Record):
        if game is not None and obj.game != game:
            raise SerializationError(f"cannot serialise a {obj.game} record as {game}")
        return _setup(_game(obj.game)), "record"
    if game is not None:
        if not isinstance(game, str):
            raise _WrongTypeSerialization(
                f"game: expected a game name (str), got {type(game).__name__}"
            )
        found = _lookup(game)
        if found is None:
            raise SerializationError(f"unknown game {_short(game)}; known games: {_known()}")
        kind: Kind | None = "outcome" if isinstance(obj, Outcome) else _kind_of(found, obj)
        if kind is None:
            raise _WrongTypeSerialization(
                f"cannot serialise {type(obj).__name__}: not a state, view, move, "
                f"rules, event or value of {game}"
            )
        return _setup(found), kind
    if isinstance(obj, Outcome):
        raise SerializationError(
            "cannot serialise an Outcome without its game: pass game=, for example "
            "dumps(outcome, game=name)"
        )
    hit = _BY_TYPE.get(type(obj))
    if hit is not None and _lookup(hit[0].game.name) is hit[0].game:
        return hit
    for candidate in GAMES.values():
        kind = _kind_of(candidate, obj)
        if kind is not None:
            hit = _setup(candidate), kind
            if len(_BY_TYPE) >= _BY_TYPE_LIMIT:
                _BY_TYPE.clear()  # only ever the games' own classes, but bounded still
            _BY_TYPE[type(obj)] = hit
            return hit
    raise _WrongTypeSerialization(
        f"cannot serialise {type(obj).__name__}: expected a state, view, move, rules, event "
        "or value of a registered game, an Outcome or a Record"
    )


def _unstructure(setup: _Setup, kind: Kind, obj: Any) -> Any:
    conv = setup.conv
    if kind == "record":
        return {
            "rules": conv.unstructure(obj.rules),
            "seed": None if obj.seed is None else str(obj.seed),
            "moves": [conv.unstructure(m) for m in obj.moves],
            "start": None if obj.start is None else conv.unstructure(obj.start),
        }
    if kind == "event" or kind == "value":
        return _add_tag(conv, setup.tagged, obj)
    return conv.unstructure(obj)


def dumps(
    obj: object,
    *,
    game: str | None = None,
    indent: int | None = None,
    key: bytes | None = None,
) -> str:
    """
    Serialise a public value of a game to JSON text with an envelope.

    The envelope's ``version`` is the game's current format version.

    Args:
        obj: a state, view, move, ``Rules``, event or value (a class in the game's
            ``value_types``) of a registered game, a :class:`Record`, or an
            :class:`~cardrules.Outcome`; the game is found from its type.
        game: the game's name. Needed for an ``Outcome``, which belongs to no game;
            for anything else it is checked.
        indent: passed to :func:`json.dumps` for readable output.
        key: if given, sign the text: the envelope gets a seventh key, ``signature``,
            the HMAC-SHA256 (hex) with this key of the canonical text of the other six
            (``json.dumps(envelope, sort_keys=True, separators=(",", ":"),
            ensure_ascii=True)``). ``loads(text, key=key)`` verifies it.

    Raises:
        WrongTypeError: for an object that is none of these (also a
            ``SerializationError``), or a ``key`` that is not ``bytes``.
        SerializationError: for an ``Outcome`` without ``game``.

    >>> from cardrules import Outcome, beggar
    >>> dumps(beggar.Turn())
    '{"format":"cardrules","version":1,"game":"beggar","rules_version":1,"type":"move","data":{"type":"Turn"}}'
    >>> outcome = Outcome(scores=(0, 52), winners=frozenset({1}), reason="normal")
    >>> dumps(outcome, game="beggar")[-90:]
    '"type":"outcome","data":{"scores":[0,52],"winners":[1],"reason":"normal","cut_rounds":[]}}'
    """
    setup, kind = _classify(obj, game)
    envelope = {
        "format": FORMAT,
        "version": setup.game.format_version,
        "game": setup.game.name,
        "rules_version": setup.game.rules_version,
        "type": kind,
        "data": _unstructure(setup, kind, obj),
    }
    if key is not None:
        envelope[_SIGNATURE] = _signature(envelope, _check_key(key))
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(envelope, indent=indent, separators=separators, allow_nan=False)


def to_data(obj: object, *, game: str | None = None) -> Any:
    """
    One value as plain JSON data: what :func:`dumps` puts under ``data``.

    For a program that builds its own messages (a server sending a move, say).
    :func:`from_data` reads it back with every check of :func:`loads`.

    Args:
        obj: anything :func:`dumps` takes.
        game: as for :func:`dumps`.

    Raises:
        SerializationError: as for :func:`dumps`.

    >>> from cardrules import beggar
    >>> to_data(beggar.Rules(players=3))
    {'players': 3, 'max_cards': None}
    """
    setup, kind = _classify(obj, game)
    return _unstructure(setup, kind, obj)


# --------------------------------------------------------------------------- loads


def _reject_constant(name: str) -> Any:
    raise SerializationError(f"not valid JSON: {name} is not a number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise SerializationError(f"not valid cardrules JSON: duplicate key {key!r}")
        out[key] = value
    return out


def _parse(text: str | bytes, max_size: int) -> Any:
    if not isinstance(text, (str, bytes, bytearray)):
        raise _WrongTypeSerialization(
            f"expected JSON text (str or bytes), got {type(text).__name__}"
        )
    if len(text) > max_size:
        raise SerializationError(
            f"text of {len(text)} characters is over the size limit of {max_size}; "
            "pass max_size= to read more"
        )
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)
    except SerializationError:
        raise
    except (ValueError, RecursionError) as exc:
        raise SerializationError(f"not valid JSON: {_clip(str(exc))}") from None


def _newer(name: str, version: int, current: int) -> str:
    return (
        f"format version {version} of {name} is newer than this cardrules reads "
        f"({current}); upgrade cardrules"
    )


def _check_envelope(doc: Any) -> tuple[AnyGame, int, Kind, Any]:
    if not isinstance(doc, dict):
        raise SerializationError(f"$: expected a cardrules envelope object, got {_short(doc)}")
    missing = sorted(_ENVELOPE_KEYS - doc.keys())
    if missing:
        raise SerializationError(f"$: not a cardrules envelope; missing {', '.join(missing)}")
    extra = sorted(doc.keys() - _ENVELOPE_KEYS - {_SIGNATURE})
    if extra:
        shown = ", ".join(_short(k) if not k.isidentifier() else _clip(k, 40) for k in extra[:5])
        raise SerializationError(f"$: unknown envelope keys {shown}")
    if doc["format"] != FORMAT:
        raise SerializationError(f"$.format: expected {FORMAT!r}, got {_short(doc['format'])}")
    version = doc["version"]
    if type(version) is not int or version < 1:
        raise SerializationError(f"$.version: expected a positive integer, got {_short(version)}")
    name = doc["game"]
    game = _lookup(name)
    if game is None:
        raise SerializationError(f"$.game: unknown game {_short(name)}; known games: {_known()}")
    if version > game.format_version:
        raise SerializationError(f"$.version: {_newer(name, version, game.format_version)}")
    rules_version = doc["rules_version"]
    plays = game.rules_version
    if type(rules_version) is not int or rules_version < 1:
        raise SerializationError(
            f"$.rules_version: expected a positive integer, got {_short(rules_version)}"
        )
    if rules_version > plays:
        raise SerializationError(
            f"$.rules_version: {name} rules version {rules_version} is newer than the rules "
            f"this cardrules plays ({plays}); upgrade cardrules"
        )
    if rules_version < plays:
        # cardrules keeps no old rules: what was played under them cannot be replayed.
        raise SerializationError(
            f"$.rules_version: {name} rules version {rules_version} is older than the rules "
            f"this cardrules plays ({plays}); cardrules keeps no old rules, so read it with "
            "the cardrules release that wrote it"
        )
    kind = doc["type"]
    if kind not in _KINDS:
        raise SerializationError(
            f"$.type: expected one of {', '.join(_KINDS)}, got {_short(kind)}"
        )
    return game, version, kind, doc["data"]


def _structure(conv: cattrs.Converter, data: Any, tp: Any, path: str) -> Any:
    try:
        return conv.structure(data, tp)
    except CardrulesError as exc:
        # A validator of the game's own classes (for example Rules) refused a value.
        raise SerializationError(f"{path}: {_clip(str(exc))}") from None
    except RecursionError:
        raise SerializationError(f"{path}: nested too deeply") from None
    except Exception as exc:
        # Anything a hook or a class's own checks raised is still bad input.
        raise SerializationError(_describe(exc, path)) from None


def _pick(pick: Callable[[Any], Any], data: Any, path: str) -> Any:
    try:
        return pick(data)
    except SerializationError as exc:
        raise SerializationError(_clip(str(exc), 2 * _MESSAGE_LIMIT)) from None
    except CardrulesError as exc:
        raise SerializationError(f"{path}: {_clip(str(exc))}") from None
    except RecursionError:
        raise SerializationError(f"{path}: nested too deeply") from None
    except Exception as exc:
        raise SerializationError(_describe(exc, path)) from None


def _type_label(tp: Any) -> str:
    if isinstance(tp, type) and attrs.has(tp):
        return f"an object ({tp.__name__})"
    origin = typing.get_origin(tp)
    if origin in (tuple, list) or tp in (tuple, list):
        return "a list"
    if origin is dict or tp is dict:
        return "an object"
    name = getattr(tp, "__name__", None)
    return f"a {name}" if isinstance(name, str) else "another value"


def _format_exception(exc: BaseException, tp: type | None) -> str:
    """
    cattrs' wording, but keep the precise message our own hooks and validators give,
    and never show Python's own texts (``'int' object has no attribute 'keys'``).
    """
    if isinstance(exc, CardrulesError):
        return _clip(str(exc))
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        names = ", ".join(_clip(name, 40) for name in sorted(map(str, exc.extra_fields))[:5])
        more = ", ..." if len(exc.extra_fields) > 5 else ""
        return f"extra fields found ({names}{more})"
    if isinstance(exc, (TypeError, ValueError)):
        text = str(exc)
        if text.startswith(("expected ", "unknown ")):
            return _clip(text)
    if isinstance(exc, KeyError):
        return "required field missing"
    text = cattrs.v.format_exception(exc, tp)
    if text.startswith(("invalid value for type", "required field")):
        return text
    return f"expected {_type_label(tp)}"


def _describe(exc: BaseException, path: str) -> str:
    try:
        messages = cattrs.transform_error(exc, path=path, format_exception=_format_exception)
    except Exception:  # pragma: no cover - transform_error is best effort
        messages = [f"{_format_exception(exc, None)} @ {path}"]
    messages = [_clip(message) for message in messages]
    # Lead with the first few problems; a tampered state usually has one.
    shown = "; ".join(messages[:3])
    more = f" (and {len(messages) - 3} more)" if len(messages) > 3 else ""
    return f"invalid data: {shown}{more}"


def _check(game: AnyGame, state: Any, path: str) -> None:
    _run_check(game.check_state, state, path, "state")


def _check_view(game: AnyGame, view: Any, path: str) -> None:
    _run_check(game.check_view, view, path, "view")


_FIELD_PATH: Final = re.compile(r"[A-Za-z_]\w*")


def _check_path(message: str, path: str, obj: object) -> str:
    """
    A check's message with its path rooted at ``path``: ``state.hands[2]: ...`` and
    ``hands[2]: ...`` (a field of ``obj``) both become ``$.data.hands[2]: ...``.
    """
    for root in ("state", "view"):
        if message.startswith((f"{root}.", f"{root}[", f"{root}:")):
            return path + message[len(root) :]
    head = _FIELD_PATH.match(message)
    if head is not None and attrs.has(type(obj)):
        rest = message[head.end() :]
        cls: Any = type(obj)
        names = {field.name for field in attrs.fields(cls)}
        if rest.startswith((".", "[", ":")) and head.group() in names:
            return f"{path}.{message}"
    return f"{path}: {message}"


def _run_check(check: Callable[[Any], None], obj: Any, path: str, what: str) -> None:
    try:
        check(obj)
    except InvalidStateError as exc:
        raise InvalidStateError(_check_path(_clip(str(exc)), path, obj)) from None
    except RecursionError:
        raise InvalidStateError(f"{path}: nested too deeply") from None
    except Exception:
        # A check must not crash on odd input; if it does, it is still invalid input.
        raise InvalidStateError(f"{path}: inconsistent {what}") from None


def _check_outcome(outcome: Outcome, path: str) -> None:
    seats = len(outcome.scores)
    for seat in sorted(outcome.winners):
        if not 0 <= seat < seats:
            raise InvalidStateError(f"{path}.winners: seat {seat} is not one of {seats} seats")
    for number in outcome.cut_rounds:
        if number < 1:
            raise InvalidStateError(f"{path}.cut_rounds: round {number} is not 1 or more")


def _check_parts(game: AnyGame, value: Any, path: str) -> None:
    """Check the states and views held in the fields of a value (a play-out, say)."""
    if not attrs.has(type(value)):
        return
    for field in attrs.fields(type(value)):
        part = getattr(value, field.name)
        if isinstance(part, game.State):
            _check(game, part, f"{path}.{field.name}")
        elif isinstance(part, game.View):
            _check_view(game, part, f"{path}.{field.name}")


def _load_record(setup: _Setup, data: Any, path: str) -> Record:
    conv, game = setup.conv, setup.game
    if not isinstance(data, dict):
        raise SerializationError(f"{path}: expected a record object, got {_short(data)}")
    keys = {"rules", "seed", "moves", "start"}
    extra = sorted(data.keys() - keys)
    if extra:
        raise SerializationError(f"{path}: unknown record keys {', '.join(extra)}")
    if "rules" not in data or "moves" not in data:
        raise SerializationError(f"{path}: a record needs rules and moves")
    rules = _structure(conv, data["rules"], game.Rules, f"{path}.rules")
    raw_seed = data.get("seed")
    seed: int | None = None
    if raw_seed is not None:
        try:
            seed = _structure_big_int(raw_seed)
        except TypeError as exc:
            raise SerializationError(f"{path}.seed: {exc}") from None
        if not 0 <= seed < 2**64:
            raise SerializationError(f"{path}.seed: must be in [0, 2**64)")
    raw_moves = data["moves"]
    if not isinstance(raw_moves, list):
        raise SerializationError(f"{path}.moves: expected a list, got {_short(raw_moves)}")
    pick = setup.moves
    moves = [_pick(pick, raw, f"{path}.moves[{i}]") for i, raw in enumerate(raw_moves)]
    start = None
    if data.get("start") is not None:
        start = _structure(conv, data["start"], game.State, f"{path}.start")
        _check(game, start, f"{path}.start")
        if start.rules != rules:
            raise InvalidStateError(f"{path}.start: its rules differ from the record's rules")
    if (seed is None) == (start is None):
        raise SerializationError(f"{path}: a record needs exactly one of seed and start")
    try:
        return Record(game=game.name, rules=rules, seed=seed, moves=tuple(moves), start=start)
    except CardrulesError as exc:  # pragma: no cover - every field was checked above
        raise SerializationError(f"{path}: {exc}") from None


def _from_data(setup: _Setup, kind: Kind, data: Any, path: str) -> Any:
    """Today's object of ``kind`` from today's data, checked."""
    game = setup.game
    if kind == "state":
        state = _structure(setup.conv, data, game.State, path)
        _check(game, state, path)
        return state
    if kind == "view":
        view = _structure(setup.conv, data, game.View, path)
        _check_view(game, view, path)
        return view
    if kind == "move":
        return _pick(setup.moves, data, path)
    if kind == "record":
        return _load_record(setup, data, path)
    if kind == "rules":
        return _structure(setup.conv, data, game.Rules, path)
    if kind == "outcome":
        outcome = _structure(setup.conv, data, Outcome, path)
        _check_outcome(outcome, path)
        return outcome
    value = _pick(setup.events if kind == "event" else setup.values, data, path)
    _check_parts(game, value, path)
    return value


def _read(game: AnyGame, kind: Kind, version: int, data: Any, path: str) -> Any:
    setup = _setup(game)
    current = game.format_version
    if version == current:
        return _from_data(setup, kind, data, path)
    data = _upgrade(setup, kind, version, data, path)
    try:
        return _from_data(setup, kind, data, path)
    except (SerializationError, InvalidStateError) as exc:
        note = f" (read as {game.name} format version {version}, upgraded to {current})"
        raise type(exc)(f"{exc}{note}") from None


def _check_key(key: object) -> bytes:
    if not isinstance(key, (bytes, bytearray)):
        raise WrongTypeError(f"key: expected bytes, got {type(key).__name__}")
    if not key:
        raise IntegrityError("key: must not be empty")
    return bytes(key)


def _signature(doc: dict[str, Any], key: bytes) -> str:
    """HMAC-SHA256, in hex, of the canonical text of ``doc`` without its signature."""
    body = {k: v for k, v in doc.items() if k != _SIGNATURE}
    text = json.dumps(
        body, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False
    )
    return hmac.new(key, text.encode("ascii"), hashlib.sha256).hexdigest()


def _verify(doc: Any, key: bytes) -> None:
    if not isinstance(doc, dict):
        return  # not an envelope: _check_envelope says so
    found = doc.get(_SIGNATURE)
    if found is None:
        raise IntegrityError("$.signature: the text is not signed; a key was given")
    if type(found) is not str:
        raise IntegrityError(f"$.signature: expected a hex string, got {_short(found)}")
    try:
        expected = _signature(doc, key)
    except (ValueError, TypeError):
        raise IntegrityError("$.signature: the text does not match its signature") from None
    if not hmac.compare_digest(found.encode("utf-8", "replace"), expected.encode("ascii")):
        raise IntegrityError(
            "$.signature: the text does not match its signature (altered, or signed "
            "with another key)"
        )


def loads(
    text: str | bytes,
    *,
    game: str | None = None,
    kind: Kind | None = None,
    key: bytes | None = None,
    max_size: int = MAX_SIZE,
) -> Any:
    """
    Read what :func:`dumps` wrote, now or in any earlier format version, checking it.

    A document of an earlier format version of its game is upgraded, one version at a
    time, through the game's upgrade steps for its kind (``Game.upgrades``); a record
    is upgraded through its parts (rules, start state, moves) unless the game has a
    step for whole records. A newer format version is refused.

    A document made under another ``rules_version`` than the game plays is refused,
    older ones too: cardrules keeps no old rules, so a record made under them cannot be
    replayed. Read it with the cardrules release that wrote it.

    Args:
        text: the JSON text.
        game: if given, the envelope must be of this game.
        kind: if given, the envelope must hold this (``"state"``, ``"view"``,
            ``"record"``, ``"move"``, ``"rules"``, ``"outcome"``, ``"event"`` or
            ``"value"``).
        key: if given, the text must be signed with this key (``dumps(..., key=key)``);
            it is verified before anything else is read. Without it a signature is
            not checked.
        max_size: the longest text read, in characters of a ``str`` or bytes of a
            ``bytes``; longer text is refused before it is parsed. Default
            :data:`MAX_SIZE` (4 MiB).

    Returns:
        The state, view, move, :class:`Record`, ``Rules``, :class:`~cardrules.Outcome`,
        event or value, as today's classes.

    Raises:
        WrongTypeError: ``text`` is not a ``str`` or ``bytes`` (also a
            ``SerializationError``), or ``key`` not ``bytes``.
        IntegrityError: ``key`` is given and the text is unsigned, altered or signed
            with another key.
        SerializationError: text over ``max_size``, malformed JSON, a wrong envelope,
            a newer format version,
            another rules version, wrong types or unknown fields (the message names the
            path of the bad field), or an upgrade step that failed (the message names
            the game, kind and version).
        InvalidStateError: a state or view that breaks an invariant of its game (the
            game's ``check_state`` or ``check_view``).

    >>> text = ('{"format": "cardrules", "version": 9, "game": "beggar", '
    ...         '"rules_version": 1, "type": "move", "data": {"type": "Turn"}}')
    >>> try:
    ...     loads(text)
    ... except SerializationError as exc:
    ...     print(exc)
    $.version: format version 9 of beggar is newer than this cardrules reads (1); upgrade cardrules
    """
    if type(max_size) is not int or max_size < 0:
        raise WrongTypeError(f"max_size: expected an int >= 0, got {_short(max_size)}")
    doc = _parse(text, max_size)
    if key is not None:
        _verify(doc, _check_key(key))
    found, version, found_kind, data = _check_envelope(doc)
    if game is not None and not isinstance(game, str):
        raise WrongTypeError(f"game: expected a game name (str), got {type(game).__name__}")
    if game is not None and found.name != game:
        raise SerializationError(f"$.game: expected a {game} document, got {found.name}")
    if kind is not None and found_kind != kind:
        raise SerializationError(f"$.type: expected a {kind}, got a {found_kind}")
    return _read(found, found_kind, version, data, "$.data")


def from_data(data: Any, *, game: str, kind: Kind, version: int | None = None) -> Any:
    """
    One value from plain JSON data (what :func:`to_data` gives), with every check of
    :func:`loads`.

    Args:
        data: JSON data: dicts with string keys, lists, strings, numbers, booleans and
            ``None``.
        game: the game's name.
        kind: what the data holds, as for :func:`loads`.
        version: the game's format version the data was written in; older data is
            upgraded. Default: the current one.

    Raises:
        SerializationError: as for :func:`loads`; paths start at ``$``, the data.
        InvalidStateError: as for :func:`loads`.

    >>> from_data({"type": "Turn"}, game="beggar", kind="move")
    Turn()
    >>> try:
    ...     from_data({"type": "Turn", "cards": 2}, game="beggar", kind="move")
    ... except SerializationError as exc:
    ...     print(exc)
    invalid data: extra fields found (cards) @ $
    """
    if not isinstance(game, str):
        raise _WrongTypeSerialization(
            f"game: expected a game name (str), got {type(game).__name__}"
        )
    found = _lookup(game)
    if found is None:
        raise SerializationError(f"unknown game {_short(game)}; known games: {_known()}")
    if kind not in _KINDS:
        raise SerializationError(f"kind: expected one of {', '.join(_KINDS)}, got {_short(kind)}")
    current = found.format_version
    if version is None:
        version = current
    elif type(version) is not int or version < 1:
        raise SerializationError(f"version: expected a positive integer, got {_short(version)}")
    elif version > current:
        raise SerializationError(f"version: {_newer(found.name, version, current)}")
    problem = _json_problem(data)
    if problem is not None:
        raise SerializationError(f"$: not JSON data: {problem}")
    if version != current:
        data = copy.deepcopy(data)  # the upgrade steps may change what they are given
    return _read(found, kind, version, data, "$")
