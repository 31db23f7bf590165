"""
The way down of :func:`cardrules.serialize.loads`, one step after another; no step
calls back one before it, and imports go down only (``serialize`` → ``_load`` →
``_upgrade`` → ``_convert`` → ``_fastdata`` → ``_format``; the text forms that
games mark their classes with, ``_forms``, lie below them all)::

    1 text      _parse: _check_text, json.loads   size and nodes; JSON, no repeated key
    2 envelope  _verify, _check_envelope          signature; format, version, game, type
    3 upgrade   _upgrade._upgrade                 the game's steps, one version at a time
    4 structure _from_data                        quick reader (_fastdata), else cattrs
    5 checks    _check, _check_parts              the game's invariants, paths from ``$``

``_quick_read`` takes steps 1, 2, 4 and 5 in one stride for today's state, view or
rules as ``dumps`` writes them, and gives up (``GIVE_UP``) on anything else, which then
takes the steps one by one and words every error. ``dumps`` goes the same way up.
"""

from __future__ import annotations

import hashlib
import heapq
import hmac
import json
import re
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
import cattrs
import cattrs.v

from cardrules import _registry
from cardrules._checks import short as _short
from cardrules._convert import _Setup, _setup
from cardrules._fastdata import _TYPED_CHECKS, GIVE_UP, _structure_big_int
from cardrules._format import (
    _CHARS_PER_NODE,
    _ENVELOPE_KEYS,
    _FORMAT_NAME,
    _KINDS,
    _MAX_SIZE,
    _MESSAGE_LIMIT,
    _SIGNATURE,
    _clip,
    _first_names,
    _WrongTypeSerialization,
)
from cardrules._upgrade import _upgrade
from cardrules.errors import (
    CardrulesError,
    IntegrityError,
    InvalidStateError,
    SerializationError,
    WrongTypeError,
)
from cardrules.game import AnyGame, Kind, Outcome


def _reject_constant(name: str) -> Any:
    raise SerializationError(f"not valid JSON: {name} is not a number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):  # some key came twice: name the first one repeated
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise SerializationError(f"not valid cardrules JSON: duplicate key {key!r}")
            seen.add(key)
    return out


def _check_text(text: object, max_size: int) -> None:
    """The first step of ``loads``: JSON text (``str`` or ``bytes``) of at most
    ``max_size`` characters holding at most one object or array per
    :data:`_CHARS_PER_NODE` characters of the limit, so that parsing it stays small."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise _WrongTypeSerialization(
            f"expected JSON text (str or bytes), got {type(text).__name__}"
        )
    if len(text) > max_size:
        raise SerializationError(
            f"text of {len(text)} characters is over the size limit of {max_size}; "
            "pass max_size= to read more"
        )
    limit = max(max_size, _MAX_SIZE) // _CHARS_PER_NODE
    if len(text) > 2 * limit:  # (shorter text cannot hold more: "[]" is two characters)
        brace, bracket = ("{", "[") if isinstance(text, str) else (b"{", b"[")
        nodes = text.count(brace) + text.count(bracket)  # type: ignore[arg-type]
        if nodes > limit:
            raise SerializationError(
                f"text of {len(text)} characters holds {nodes} JSON objects and arrays "
                f"(counting any '{{' and '[' in strings), over the limit of {limit}, one per "
                f"{_CHARS_PER_NODE} characters of the size limit; pass max_size= to read more"
            )


def _parse(text: str | bytes, max_size: int) -> Any:
    _check_text(text, max_size)
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


def _structure(conv: cattrs.Converter, data: Any, tp: Any, path: str) -> Any:
    return _pick(lambda d: conv.structure(d, tp), data, path)


def _pick(pick: Callable[[Any], Any], data: Any, path: str) -> Any:
    """``pick(data)``, with anything it raises worded as bad input at ``path``."""
    try:
        return pick(data)
    except SerializationError as exc:  # (none of cardrules' hooks raises one)
        raise SerializationError(_clip(str(exc), 2 * _MESSAGE_LIMIT)) from None
    except CardrulesError as exc:
        # A validator of the game's own classes (for example Rules) refused a value.
        raise SerializationError(f"{path}: {_clip(str(exc))}") from None
    except RecursionError:
        raise SerializationError(f"{path}: nested too deeply") from None
    except Exception as exc:
        # Anything a hook or a class's own checks raised is still bad input.
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
        return f"extra fields found ({_first_names(exc.extra_fields)})"
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


def _plain(game: AnyGame, kind: object) -> type | None:
    """The class of a state, view or rules (read quickly where it can be), else ``None``."""
    if kind == "state":
        return game.State
    if kind == "view":
        return game.View
    return game.Rules if kind == "rules" else None


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


def _check(game: AnyGame, kind: object, value: Any, path: str, typed: bool = False) -> None:
    """
    The game's check of a state or view (nothing for another kind). ``typed``: a quick
    reader made it, every field of exactly its declared type, so the game's typed fast
    path (if it registered one) may pass it; if that is not sure, ``check_state`` runs.
    """
    if kind == "state":
        ok = _TYPED_CHECKS.get(game.check_state) if typed else None
        try:
            sure = ok is not None and ok(value) is True
        except Exception:  # not sure: check_state finds and words it
            sure = False
        if not sure:
            _run_check(game.check_state, value, path, "state")
    elif kind == "view":
        _run_check(game.check_view, value, path, "view")


def _check_parts(game: AnyGame, value: Any, path: str) -> None:
    """Check the states and views held in the fields of a value (a play-out, say)."""
    if not attrs.has(type(value)):
        return
    for field in attrs.fields(type(value)):
        part = getattr(value, field.name)
        if isinstance(part, game.State):
            _check(game, "state", part, f"{path}.{field.name}")
        elif isinstance(part, game.View):
            _check(game, "view", part, f"{path}.{field.name}")


def _load_record(setup: _Setup, data: Any, path: str) -> dict[str, Any]:
    """The fields of a ``Record`` (``serialize`` makes it: this module does not import
    the public class), each read and checked."""
    conv, game = setup.conv, setup.game
    if not isinstance(data, dict):
        raise SerializationError(f"{path}: expected a record object, got {_short(data)}")
    keys = {"rules", "seed", "moves", "start"}
    extra = data.keys() - keys
    if extra:
        raise SerializationError(f"{path}: unknown record keys {_first_names(extra)}")
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
        _check(game, "state", start, f"{path}.start")
        if start.rules != rules:
            raise InvalidStateError(f"{path}.start: its rules differ from the record's rules")
    if (seed is None) == (start is None):
        raise SerializationError(f"{path}: a record needs exactly one of seed and start")
    return {"game": game.name, "rules": rules, "seed": seed, "moves": tuple(moves), "start": start}


def _from_data(setup: _Setup, kind: Kind, data: Any, path: str) -> Any:
    """Today's object of ``kind`` from today's data, checked (a record: its fields)."""
    game = setup.game
    cls = _plain(game, kind)
    if cls is not None:
        # The quick reader of its plain shape first (_fastdata); data it does not take
        # is read by the detailed hooks, which word every error.
        read = setup.quick.reader(cls)
        value = GIVE_UP if read is None else read(data)
        if value is GIVE_UP:
            value = _structure(setup.conv, data, cls, path)
        _check(game, kind, value, path)
        return value
    if kind == "move":
        return _pick(setup.moves, data, path)
    if kind == "record":
        return _load_record(setup, data, path)
    if kind == "outcome":
        outcome = _structure(setup.conv, data, Outcome, path)
        seats = len(outcome.scores)
        for seat in sorted(outcome.winners):
            if not 0 <= seat < seats:
                raise InvalidStateError(f"{path}.winners: seat {seat} is not one of {seats} seats")
        for number in outcome.cut_rounds:
            if number < 1:
                raise InvalidStateError(f"{path}.cut_rounds: round {number} is not 1 or more")
        return outcome
    value = _pick(setup.events if kind == "event" else setup.values, data, path)
    _check_parts(game, value, path)
    return value


def _read(game: AnyGame, kind: Kind, version: int, data: Any, path: str) -> Any:
    """
    The object of ``kind`` in ``data`` at format ``version``, upgraded and checked (a
    record: the fields of a ``Record``, which ``serialize`` makes).
    """
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


def _find(games: Mapping[str, AnyGame], name: object) -> AnyGame | None:
    """The game of ``name`` in ``games`` (``serialize.GAMES``, the live registry unless a
    test put another there), or ``None``: a game registered while the program runs is
    found."""
    if type(name) is str and games is _registry.GAMES:
        game = _registry._REGISTRY.loaded(name)  # a game the registry has loaded: lock-free
        if game is not None:
            return game
    return games.get(name) if isinstance(name, str) else None


def _names(games: Mapping[str, AnyGame]) -> str:
    """The games' names, for a message."""
    return ", ".join(sorted(games))


def _check_envelope(
    doc: Any, games: Mapping[str, AnyGame], want: object = None, want_kind: object = None
) -> tuple[AnyGame, int, Kind, Any]:
    """The game (found in ``games``), format version, kind and data of an envelope,
    checked, and if given the game's name ``want`` and the kind ``want_kind``."""
    if not isinstance(doc, dict):
        raise SerializationError(f"$: expected a cardrules envelope object, got {_short(doc)}")
    if doc.keys() != _ENVELOPE_KEYS:  # (the usual six keys need no more looking at)
        missing = sorted(_ENVELOPE_KEYS - doc.keys())
        if missing:
            raise SerializationError(f"$: not a cardrules envelope; missing {', '.join(missing)}")
        extra = heapq.nsmallest(5, doc.keys() - _ENVELOPE_KEYS - {_SIGNATURE})
        if extra:
            shown = ", ".join(_short(k) if not k.isidentifier() else _clip(k, 40) for k in extra)
            raise SerializationError(f"$: unknown envelope keys {shown}")
    if doc["format"] != _FORMAT_NAME:
        raise SerializationError(
            f"$.format: expected {_FORMAT_NAME!r}, got {_short(doc['format'])}"
        )
    version = doc["version"]
    if type(version) is not int or version < 1:
        raise SerializationError(f"$.version: expected a positive integer, got {_short(version)}")
    name = doc["game"]
    game = _find(games, name)
    if game is None:
        raise SerializationError(
            f"$.game: unknown game {_short(name)}; known games: {_names(games)}"
        )
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
    if want is not None and not isinstance(want, str):
        raise WrongTypeError(f"game: expected a game name (str), got {type(want).__name__}")
    if want is not None and game.name != want:
        raise SerializationError(f"$.game: expected a {want} document, got {game.name}")
    if want_kind is not None and kind != want_kind:
        raise SerializationError(f"$.type: expected a {want_kind}, got a {kind}")
    return game, version, kind, doc["data"]


_PLAIN_DECODER: Final = json.JSONDecoder(parse_constant=_reject_constant)
"""A decoder without the duplicate-key hook (a Python call per JSON object): for
``_quick_read``, which tells duplicates apart another way."""


def _quick_read(
    text: object,
    max_size: int,
    game: object,
    kind: object,
    games: Mapping[str, AnyGame],
) -> Any:
    """
    What ``loads`` gives for today's state, view or rules as ``dumps`` writes them, or
    ``GIVE_UP`` for anything else (which ``loads`` reads the full way, wording any error).

    It parses without the duplicate-key hook and rules duplicates out by counting: JSON
    has one ``:`` per key-value pair outside strings, and the quick reader reads every
    object whole, with exactly its class's keys. When the text holds exactly as many
    ``:`` as the pairs read, no key was repeated (and no string holds a ``:``).
    """
    if type(text) is not str or len(text) > max_size or text[:1] != "{":
        return GIVE_UP
    try:
        doc, end = _PLAIN_DECODER.raw_decode(text)  # (dumps writes no whitespace)
        if end != len(text):
            return GIVE_UP
        found, version, found_kind, data = _check_envelope(doc, games, game, kind)
    except Exception:  # any problem: the full way finds it again and words it
        return GIVE_UP
    if version != found.format_version:
        return GIVE_UP  # (the steps of _upgrade first)
    cls = _plain(found, found_kind)
    read = None if cls is None else _setup(found).quick.reader(cls)
    pairs = [0]
    obj = GIVE_UP if read is None else read(data, pairs)
    if obj is GIVE_UP or text.count(":") != len(_ENVELOPE_KEYS) + pairs[0]:
        return GIVE_UP
    # The text holds no repeated key: the full way would have read this same object.
    _check(found, found_kind, obj, "$.data", typed=True)
    return obj
