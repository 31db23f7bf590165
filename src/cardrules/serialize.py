"""
JSON serialisation of states, views, moves and records, inside a versioned envelope.

Everything goes through one cattrs converter (:func:`make_converter`), so programs
that embed cardrules objects in their own cattrs-based formats get the same
encoding. The text written by :func:`dumps` is an envelope::

    {"format": "cardrules", "version": 1, "game": "beggar", "rules_version": 1,
     "type": "state", "data": {...}}

- Moves are tagged unions: ``{"type": "Play", "value": 5, "count": 2}``.
- The RNG state and record seeds, which may exceed ``2**53``, are written as
  decimal strings so that JavaScript clients read them exactly.
- :func:`loads` checks everything it reads: malformed JSON, a wrong or missing
  envelope, a newer format version, an unknown game or ``rules_version``, wrong
  field types and unknown fields raise :class:`~cardrules.SerializationError`
  naming the path of the bad field; a state (or a record's start) that breaks an
  invariant of its game, or a view that is inconsistent in itself, raises
  :class:`~cardrules.InvalidStateError`.

>>> import cardrules
>>> from cardrules import beggar
>>> state = beggar.new_game(beggar.Rules(players=2), seed=5)
>>> cardrules.loads(cardrules.dumps(state)) == state
True
"""

from __future__ import annotations

import json
import sys
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any, Final, Literal, Union

import attrs
import cattrs
import cattrs.v
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from cardrules._registry import GAMES, get_game
from cardrules._rng import Rng
from cardrules.errors import (
    CardrulesError,
    IllegalMoveError,
    InvalidStateError,
    RulesError,
    SerializationError,
)
from cardrules.game import AnyGame

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "Kind",
    "Record",
    "configure_converter",
    "dumps",
    "loads",
    "make_converter",
    "replay",
]

FORMAT: Final = "cardrules"
"""The ``format`` key of every envelope."""

FORMAT_VERSION: Final = 1
"""The envelope version this library writes; it reads this one and older."""

Kind = Literal["state", "view", "record", "move"]
"""What an envelope holds (its ``type`` key)."""

_KINDS: Final = ("state", "view", "record", "move")
_ENVELOPE_KEYS: Final = frozenset(("format", "version", "game", "rules_version", "type", "data"))
_TAG: Final = "type"


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
        game = get_game(self.game)
        if not isinstance(self.rules, game.Rules):
            raise RulesError(f"rules: not {self.game} Rules: {self.rules!r}")
        if self.seed is not None and (type(self.seed) is not int or not 0 <= self.seed < 2**64):
            raise RulesError(f"seed: must be an int in [0, 2**64), not {self.seed!r}")
        if self.start is not None and not isinstance(self.start, game.State):
            raise RulesError(f"start: not a {self.game} State: {type(self.start).__name__}")
        if not isinstance(self.moves, tuple):
            raise RulesError(f"moves: must be a tuple, not {type(self.moves).__name__}")
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


def replay(record: Record) -> Any:
    """
    Play a record back, checking every move, and return the final state.

    Raises:
        IllegalMoveError: for the first move that breaks a rule; its message gives
            the move's number (1-based) and its ``index`` attribute the 0-based index.

    >>> from cardrules import beggar
    >>> record = Record(game="beggar", rules=beggar.Rules(), seed=3, moves=(beggar.Turn(),) * 4)
    >>> replay(record).cards
    4
    """
    game = get_game(record.game)
    if record.start is not None:
        state = record.start
    else:
        state = game.new_game(record.rules, seed=record.seed)
    apply = game.apply
    for index, move in enumerate(record.moves):
        try:
            state = apply(state, move)
        except IllegalMoveError as exc:
            reason = f"move {index + 1}: {exc.reason}"
            raise IllegalMoveError(move, exc.rule, reason, index=index) from exc
    return state


# --------------------------------------------------------------------------- converter


def _fail(expected: str, value: object) -> typing.NoReturn:
    raise TypeError(f"expected {expected}, got {type(value).__name__} {_short(value)}")


def _short(value: object) -> str:
    text = repr(value)
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


def _tagged_union(conv: cattrs.Converter, members: tuple[type, ...]) -> Callable[[Any], Any]:
    """A structure function for one of ``members``, chosen by the tag."""
    by_name = {cls.__name__: cls for cls in members}

    def structure(data: Any) -> Any:
        if not isinstance(data, dict):
            _fail("an object with a 'type' tag", data)
        tag = data.get(_TAG)
        cls = by_name.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise ValueError(f"unknown {_TAG!r} {tag!r}; expected one of {sorted(by_name)}")
        return conv.structure(data, cls)

    return structure


def configure_converter(conv: cattrs.Converter) -> None:
    """
    Install every cardrules hook on an existing converter.

    Strict scalars (no int from a string or a bool), the RNG as a decimal
    string, and tagged moves and unions for every registered game.

    >>> import cattrs
    >>> from cardrules import Rng
    >>> conv = cattrs.Converter()
    >>> configure_converter(conv)
    >>> conv.unstructure(Rng(2**63))
    '9223372036854775808'
    """
    conv.register_structure_hook(int, _structure_int)
    conv.register_structure_hook(str, _structure_str)
    conv.register_structure_hook(bool, _structure_bool)
    conv.register_unstructure_hook(Rng, lambda rng: str(rng.state))
    conv.register_structure_hook(Rng, _structure_rng)
    for game in GAMES.values():
        _configure_game(conv, game)


def _configure_game(conv: cattrs.Converter, game: AnyGame) -> None:
    seen: set[Any] = set()
    unions: set[Any] = set()
    for tp in (game.Rules, game.State, game.View, *game.move_types):
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


def make_converter() -> cattrs.Converter:
    """
    A new cattrs converter with every hook cardrules uses, to embed in your own.

    Detailed validation is on, so errors carry the path of the bad field.

    >>> from cardrules import beggar
    >>> conv = make_converter()
    >>> conv.unstructure(beggar.Turn())
    {'type': 'Turn'}
    """
    conv = cattrs.Converter(detailed_validation=True, forbid_extra_keys=True)
    configure_converter(conv)
    return conv


_CONVERTER: cattrs.Converter | None = None


def _converter() -> cattrs.Converter:
    global _CONVERTER
    if _CONVERTER is None:
        _CONVERTER = make_converter()
    return _CONVERTER


# --------------------------------------------------------------------------- dumps


def _classify(obj: object) -> tuple[AnyGame, Kind]:
    if isinstance(obj, Record):
        return get_game(obj.game), "record"
    for game in GAMES.values():
        if isinstance(obj, game.State):
            return game, "state"
        if isinstance(obj, game.View):
            return game, "view"
        if isinstance(obj, game.move_types):
            return game, "move"
    raise SerializationError(
        f"cannot serialise {type(obj).__name__}: expected a state, view, move or Record"
    )


def _unstructure_record(conv: cattrs.Converter, record: Record) -> dict[str, Any]:
    return {
        "rules": conv.unstructure(record.rules),
        "seed": None if record.seed is None else str(record.seed),
        "moves": [conv.unstructure(m) for m in record.moves],
        "start": None if record.start is None else conv.unstructure(record.start),
    }


def dumps(obj: object, *, indent: int | None = None) -> str:
    """
    Serialise a state, view, move or :class:`Record` to JSON text with an envelope.

    Args:
        obj: what to write; its game is found from its type.
        indent: passed to :func:`json.dumps` for readable output.

    Raises:
        SerializationError: for an object that is none of these.

    >>> from cardrules import beggar
    >>> dumps(beggar.Turn())
    '{"format":"cardrules","version":1,"game":"beggar","rules_version":1,"type":"move","data":{"type":"Turn"}}'
    """
    game, kind = _classify(obj)
    conv = _converter()
    if isinstance(obj, Record):
        data: Any = _unstructure_record(conv, obj)
    else:
        data = conv.unstructure(obj)
    envelope = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": game.name,
        "rules_version": game.rules_version,
        "type": kind,
        "data": data,
    }
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(envelope, indent=indent, separators=separators, allow_nan=False)


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


def _parse(text: str | bytes) -> Any:
    if not isinstance(text, (str, bytes, bytearray)):
        raise SerializationError(f"expected JSON text, got {type(text).__name__}")
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)
    except SerializationError:
        raise
    except (ValueError, RecursionError) as exc:
        raise SerializationError(f"not valid JSON: {exc}") from None


def _check_envelope(doc: Any) -> tuple[AnyGame, Kind, Any]:
    if not isinstance(doc, dict):
        raise SerializationError(f"$: expected a cardrules envelope object, got {_short(doc)}")
    missing = sorted(_ENVELOPE_KEYS - doc.keys())
    if missing:
        raise SerializationError(f"$: not a cardrules envelope; missing {', '.join(missing)}")
    extra = sorted(doc.keys() - _ENVELOPE_KEYS)
    if extra:
        raise SerializationError(f"$: unknown envelope keys {', '.join(extra)}")
    if doc["format"] != FORMAT:
        raise SerializationError(f"$.format: expected {FORMAT!r}, got {_short(doc['format'])}")
    version = doc["version"]
    if type(version) is not int or version < 1:
        raise SerializationError(f"$.version: expected a positive integer, got {_short(version)}")
    if version > FORMAT_VERSION:
        raise SerializationError(
            f"$.version: format version {version} is newer than this cardrules reads "
            f"({FORMAT_VERSION}); upgrade cardrules"
        )
    name = doc["game"]
    if type(name) is not str or name not in GAMES:
        raise SerializationError(
            f"$.game: unknown game {_short(name)}; known games: {', '.join(sorted(GAMES))}"
        )
    game = GAMES[name]
    rules_version = doc["rules_version"]
    if rules_version != game.rules_version or type(rules_version) is not int:
        raise SerializationError(
            f"$.rules_version: {name} rules version {_short(rules_version)} is not the "
            f"version this cardrules plays ({game.rules_version})"
        )
    kind = doc["type"]
    if kind not in _KINDS:
        raise SerializationError(
            f"$.type: expected one of {', '.join(_KINDS)}, got {_short(kind)}"
        )
    return game, kind, doc["data"]


def _structure(conv: cattrs.Converter, data: Any, tp: Any, path: str) -> Any:
    try:
        return conv.structure(data, tp)
    except CardrulesError as exc:
        # A validator of the game's own classes (for example Rules) refused a value.
        raise SerializationError(f"{path}: {exc}") from None
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise SerializationError(_describe(exc, path)) from None
    except RecursionError:
        raise SerializationError(f"{path}: nested too deeply") from None


def _format_exception(exc: BaseException, tp: type | None) -> str:
    """cattrs' wording, but keep the precise message our own hooks and validators give."""
    if isinstance(exc, (TypeError, ValueError)) and not isinstance(
        exc, cattrs.ForbiddenExtraKeysError
    ):
        text = str(exc)
        if text.startswith(("expected ", "unknown ")) or isinstance(exc, CardrulesError):
            return text
    return cattrs.v.format_exception(exc, tp)


def _describe(exc: BaseException, path: str) -> str:
    try:
        messages = cattrs.transform_error(exc, path=path, format_exception=_format_exception)
    except Exception:  # pragma: no cover - transform_error is best effort
        messages = [f"{exc} @ {path}"]
    # Lead with the first few problems; a tampered state usually has one.
    shown = "; ".join(messages[:3])
    more = f" (and {len(messages) - 3} more)" if len(messages) > 3 else ""
    return f"invalid data: {shown}{more}"


def _check(game: AnyGame, state: Any, path: str) -> None:
    _run_check(game.check_state, state, path, "state")


def _check_view(game: AnyGame, view: Any, path: str) -> None:
    _run_check(game.check_view, view, path, "view")


def _run_check(check: Callable[[Any], None], obj: Any, path: str, what: str) -> None:
    try:
        check(obj)
    except InvalidStateError as exc:
        raise InvalidStateError(f"{path}: {exc}") from None
    except Exception as exc:
        # A check must not crash on odd input; if it does, it is still invalid input.
        raise InvalidStateError(
            f"{path}: inconsistent {what} ({type(exc).__name__}: {exc})"
        ) from None


def _load_record(conv: cattrs.Converter, game: AnyGame, data: Any) -> Record:
    if not isinstance(data, dict):
        raise SerializationError(f"$.data: expected a record object, got {_short(data)}")
    keys = {"rules", "seed", "moves", "start"}
    extra = sorted(data.keys() - keys)
    if extra:
        raise SerializationError(f"$.data: unknown record keys {', '.join(extra)}")
    if "rules" not in data or "moves" not in data:
        raise SerializationError("$.data: a record needs rules and moves")
    rules = _structure(conv, data["rules"], game.Rules, "$.data.rules")
    raw_seed = data.get("seed")
    seed: int | None = None
    if raw_seed is not None:
        try:
            seed = _structure_big_int(raw_seed)
        except TypeError as exc:
            raise SerializationError(f"$.data.seed: {exc}") from None
        if not 0 <= seed < 2**64:
            raise SerializationError("$.data.seed: must be in [0, 2**64)")
    raw_moves = data["moves"]
    if not isinstance(raw_moves, list):
        raise SerializationError(f"$.data.moves: expected a list, got {_short(raw_moves)}")
    pick = _tagged_union(conv, game.move_types)
    moves = []
    for i, raw in enumerate(raw_moves):
        path = f"$.data.moves[{i}]"
        try:
            moves.append(pick(raw))
        except SerializationError:
            raise
        except (cattrs.BaseValidationError, ValueError, TypeError) as exc:
            raise SerializationError(_describe(exc, path)) from None
    start = None
    if data.get("start") is not None:
        start = _structure(conv, data["start"], game.State, "$.data.start")
        _check(game, start, "$.data.start")
        if start.rules != rules:
            raise InvalidStateError("$.data.start: its rules differ from the record's rules")
    if (seed is None) == (start is None):
        raise SerializationError("$.data: a record needs exactly one of seed and start")
    try:
        return Record(game=game.name, rules=rules, seed=seed, moves=tuple(moves), start=start)
    except CardrulesError as exc:  # pragma: no cover - every field was checked above
        raise SerializationError(f"$.data: {exc}") from None


def loads(text: str | bytes, *, game: str | None = None, kind: Kind | None = None) -> Any:
    """
    Read what :func:`dumps` wrote, checking it thoroughly.

    Args:
        text: the JSON text.
        game: if given, the envelope must be of this game.
        kind: if given, the envelope must hold this (``"state"``, ``"view"``,
            ``"record"`` or ``"move"``).

    Returns:
        The state, view, move or :class:`Record`.

    Raises:
        SerializationError: malformed JSON, a wrong envelope, a newer version, wrong
            types or unknown fields; the message names the path of the bad field.
        InvalidStateError: a state or view that breaks an invariant of its game (the
            game's ``check_state`` or ``check_view``).

    >>> text = ('{"format": "cardrules", "version": 9, "game": "beggar", '
    ...         '"rules_version": 1, "type": "move", "data": {"type": "Turn"}}')
    >>> try:
    ...     loads(text)
    ... except SerializationError as exc:
    ...     print(exc)
    $.version: format version 9 is newer than this cardrules reads (1); upgrade cardrules
    """
    found, found_kind, data = _check_envelope(_parse(text))
    if game is not None and found.name != game:
        raise SerializationError(f"$.game: expected a {game} document, got {found.name}")
    if kind is not None and found_kind != kind:
        raise SerializationError(f"$.type: expected a {kind}, got a {found_kind}")
    conv = _converter()
    if found_kind == "state":
        state = _structure(conv, data, found.State, "$.data")
        _check(found, state, "$.data")
        return state
    if found_kind == "view":
        view = _structure(conv, data, found.View, "$.data")
        _check_view(found, view, "$.data")
        return view
    if found_kind == "move":
        try:
            return _tagged_union(conv, found.move_types)(data)
        except (cattrs.BaseValidationError, ValueError, TypeError) as exc:
            raise SerializationError(_describe(exc, "$.data")) from None
    return _load_record(conv, found, data)
