"""
JSON serialisation of every public value of a game, inside a versioned envelope.

The data is what cattrs converters write (:func:`make_converter`), so programs that
embed cardrules objects in their own cattrs-based formats get the same encoding.
:func:`dumps` writes an envelope::

    {"format": "cardrules", "version": 2, "game": "beggar", "rules_version": 1,
     "type": "state", "data": {...}}

``version`` is the game's format version (older ones are upgraded on reading, newer
ones refused) and ``type`` one of the :data:`Kind` names. Moves, events and values are
tagged (``{"type": "Play", "value": 5, "count": 2}``); the RNG state and seeds are
decimal strings, which JavaScript reads exactly. :func:`loads` checks everything it
reads and names the path of a bad field from ``$``, the envelope (``$.data.hands[2]``);
:func:`to_data` and :func:`from_data` do the same for one value without the envelope.
A game registered while the program runs is handled like the built-in ones.

>>> import cardrules
>>> from cardrules import beggar
>>> state = beggar.new_game(beggar.Rules(players=2), seed=5)
>>> cardrules.loads(cardrules.dumps(state)) == state
True
"""

from __future__ import annotations

import copy
import json
from typing import Any, Final

import attrs
import cattrs

from cardrules._checks import short as _short
from cardrules._convert import _BY_TYPE as _BY_TYPE
from cardrules._convert import _BY_TYPE_LIMIT as _BY_TYPE_LIMIT
from cardrules._convert import _SETUPS as _SETUPS
from cardrules._convert import _SETUPS_LIMIT as _SETUPS_LIMIT
from cardrules._convert import _configure_base, _kind_of, _Setup, _unstructure
from cardrules._convert import _configure_game as _configure_game
from cardrules._convert import _setup as _setup
from cardrules._fastdata import GIVE_UP
from cardrules._format import (
    _CHARS_PER_NODE,
    _FORMAT_NAME,
    _MAX_SIZE,
    _SIGNATURE,
    _WrongTypeRules,
    _WrongTypeSerialization,
)
from cardrules._format import _KINDS as _KINDS
from cardrules._load import (
    _check_envelope,
    _check_key,
    _find,
    _names,
    _newer,
    _quick_read,
    _read,
    _signature,
    _verify,
)
from cardrules._load import _parse as _parse
from cardrules._registry import GAMES as GAMES
from cardrules._upgrade import _json_problem
from cardrules.errors import (
    CardrulesError,
    IllegalMoveError,
    IntegrityError,
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

FORMAT: Final = _FORMAT_NAME
"""The ``format`` key of every envelope."""

FORMAT_VERSION: Final = 1
"""
The version of the envelope's layout (its six keys ``format``, ``version``, ``game``,
``rules_version``, ``type`` and ``data``), unchanged since cardrules 0.1. The
envelope's ``version`` is the game's own format version (``Game.format_version``).
"""

MAX_SIZE: Final = _MAX_SIZE
"""
The default size limit of :func:`loads`: 4 MiB (characters of a ``str``, bytes of a
``bytes``); the longest honest game saves in well under 1 MiB. Text may also hold at
most one JSON object or array per 16 characters of the limit, so that parsing it stays
well under 100 MB.
"""

_QUICK_LIMIT: Final = _MAX_SIZE // _CHARS_PER_NODE
"""The longest text ``loads`` tries the quick way first (a state saves in a few KB;
text this short holds at most half the objects and arrays that ``_parse`` allows)."""

_ENCODER: Final = json.JSONEncoder(separators=(",", ":"), allow_nan=False, check_circular=False)
"""``json.dumps(obj, separators=(",", ":"), allow_nan=False)``, made once, without the
check for circular references (``dumps`` encodes fresh data, a tree)."""


def _game(name: object, serial: bool = False) -> AnyGame:
    """The registered game of ``name``; ``serial``: for ``dumps``, ``to_data`` or
    ``from_data``, which raise only ``SerializationError``."""
    if not isinstance(name, str):
        wrong, field = (_WrongTypeSerialization, "game: ") if serial else (WrongTypeError, "")
        raise wrong(f"{field}expected a game name (str), got {type(name).__name__}")
    game = _find(GAMES, name)  # (this module's GAMES: a test may put its own there)
    if game is None:
        unknown = SerializationError if serial else CardrulesError
        raise unknown(f"unknown game {_short(name)}; known games: {_names(GAMES)}")
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

    def _repr_html_(self) -> str:
        """What a notebook shows: the game to step through (:func:`cardrules.svg.record_html`)."""
        from cardrules.svg import record_html

        return record_html(self)


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
    state = _start(record, game)
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


def _start(record: Record, game: AnyGame) -> Any:
    """The state ``record``'s first move is made in: its ``start``, or its seed's deal."""
    if record.start is not None:
        return record.start
    return game.new_game(record.rules, seed=record.seed)


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


# --------------------------------------------------------------------------- dumps


def _classify(obj: object, game: str | None) -> tuple[_Setup, Kind]:
    if game is None:
        # A type found before (never a Record's or an Outcome's: those are told apart
        # below before anything is remembered), while its game is still registered.
        hit = _BY_TYPE.get(type(obj))
        if hit is not None and _find(GAMES, hit[0].game.name) is hit[0].game:
            return hit
    if isinstance(obj, Record):
        if game is not None and obj.game != game:
            raise SerializationError(f"cannot serialise a {obj.game} record as {game}")
        return _setup(_game(obj.game)), "record"
    if game is not None:
        found = _game(game, serial=True)
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
    '{"format":"cardrules","version":2,"game":"beggar","rules_version":1,"type":"move","data":{"type":"Turn"}}'
    >>> outcome = Outcome(scores=(0, 52), winners=frozenset({1}), reason="normal")
    >>> dumps(outcome, game="beggar")[-90:]
    '"type":"outcome","data":{"scores":[0,52],"winners":[1],"reason":"normal","cut_rounds":[]}}'
    """
    setup, kind = _classify(obj, game)
    envelope = _envelope(setup.game, kind, _unstructure(setup, kind, obj))
    if key is not None:
        envelope[_SIGNATURE] = _signature(envelope, _check_key(key))
    if indent is None:
        return _ENCODER.encode(envelope)
    return json.dumps(envelope, indent=indent, separators=(",", ": "), allow_nan=False)


def _envelope(game: AnyGame, kind: Kind, data: Any) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": game.format_version,
        "game": game.name,
        "rules_version": game.rules_version,
        "type": kind,
        "data": data,
    }


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
    $.version: format version 9 of beggar is newer than this cardrules reads (2); upgrade cardrules
    """
    if type(max_size) is not int or max_size < 0:
        raise WrongTypeError(f"max_size: expected an int >= 0, got {_short(max_size)}")
    if key is None and type(text) is str and len(text) <= _QUICK_LIMIT:
        # (No text this short holds more objects and arrays than _parse allows.)
        quick = _quick_read(text, max_size, game, kind, GAMES)
        if quick is not GIVE_UP:
            return quick
    doc = _parse(text, max_size)
    if key is not None:
        _verify(doc, _check_key(key))
    found, version, found_kind, data = _check_envelope(doc, GAMES, game, kind)
    return _made(found_kind, _read(found, found_kind, version, data, "$.data"))


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
    found = _game(game, serial=True)
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
    return _made(kind, _read(found, kind, version, data, "$"))


def _made(kind: Kind, value: Any) -> Any:
    """What ``loads`` gives for the value read: a :class:`Record` of a record's fields
    (each read and checked already)."""
    return Record(**value) if kind == "record" else value
