"""
The cattrs side of :mod:`cardrules.serialize`: tagged unions, sequence and set hooks
(with the strict scalar, RNG and text hooks of ``_fastdata``), and each game's
converter, made on first use (:func:`_setup`).
"""

from __future__ import annotations

import heapq
import sys
import types
import typing
from collections.abc import Callable
from typing import Any, Final, Union

import attrs
import cattrs
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from cardrules._checks import short as _short
from cardrules._fastdata import (
    _SEQUENCE_HOOKS,
    _TEXTS,
    Quick,
    _fail,
    _plain_items,
    _structure_bool,
    _structure_int,
    _structure_rng,
    _structure_str,
    _structure_text,
    _unstructure_rng,
    _unstructure_text,
)
from cardrules._format import _KINDS, _TAG
from cardrules._forms import _Packed, _packed_form, _text_form
from cardrules._rng import Rng
from cardrules.errors import SerializationError
from cardrules.game import AnyGame, Kind


def _is_text(tp: Any) -> bool:
    return _text_form(tp) is not None


def _is_texts(tp: Any) -> bool:
    """``tuple[T, ...]`` or ``list[T]`` of a class ``T`` marked ``_as_text``."""
    args = typing.get_args(tp)
    if typing.get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _is_text(args[0])
    return typing.get_origin(tp) is list and len(args) == 1 and _is_text(args[0])


def _is_packed(tp: Any) -> bool:
    return _packed_form(tp) is not None


def _form(tp: Any) -> _Packed:
    """The compact-text form of ``tp`` (it has one); its hooks are the form's own ``read``
    and ``write``, the same objects each time, so that ``_fastdata`` can tell them."""
    return typing.cast(_Packed, _packed_form(tp))


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


def _walk(tp: Any, seen: set[Any], unions: set[Any]) -> None:
    """Collect the unions of attrs classes reachable from ``tp``."""
    if tp in seen:
        return
    seen.add(tp)
    if typing.get_origin(tp) in (Union, types.UnionType):
        # A union of two or more attrs classes (None allowed beside), none written as text.
        members = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(members) >= 2 and all(attrs.has(a) and not _is_text(a) for a in members):
            unions.add(tp)
    if isinstance(tp, type) and attrs.has(tp) and not _is_text(tp):
        hints = typing.get_type_hints(tp, vars(sys.modules[tp.__module__]))
        for field in attrs.fields(tp):
            _walk(hints.get(field.name, field.type), seen, unions)
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
    optional: bool = False,
) -> Callable[..., Any]:
    """
    A structure function (``pick(data)``, or a hook) for one of ``members``, chosen by
    the tag, or ``None`` for ``null`` if ``optional``.

    ``tagged`` are the members the converter itself writes with their tag (all of them
    when ``None``); the others carry the tag only at the top (see ``_add_tag``).
    """
    by_name = {cls.__name__: cls for cls in members}

    def structure(data: Any, _: Any = None) -> Any:
        if data is None and optional:
            return None
        if not isinstance(data, dict):
            _fail("an object with a 'type' tag", data)
        tag = data.get(_TAG)
        cls = by_name.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise ValueError(f"unknown {_TAG!r} {tag!r}; expected one of {sorted(by_name)}")
        if tagged is None or cls in tagged:
            return conv.structure(data, cls)
        rest = {k: v for k, v in data.items() if k != _TAG}
        if attrs.has(cls) and not _is_text(cls):
            return conv.structure(rest, cls)
        if rest.keys() != {"value"}:
            # (at most five names: an object of 340,000 keys must not cost their sorting)
            got = repr(heapq.nsmallest(5, data))[:-1] + (", ...]" if len(data) > 5 else "]")
            raise ValueError(f"expected the keys 'type' and 'value', got {got}")
        return conv.structure(rest["value"], cls)

    return structure


def _add_tag(conv: cattrs.Converter, tagged: frozenset[type], obj: Any) -> Any:
    """``obj`` unstructured with its class name in a ``type`` key at the top."""
    cls = type(obj)
    raw = conv.unstructure(obj)
    if cls in tagged:
        return raw
    if attrs.has(cls) and not _is_text(cls):
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
        # The item's hook and its plain item types, found on first use: a list of
        # items the hook returns unchanged is taken whole, in one pass in C.
        found: list[tuple[Callable[[Any, Any], Any], frozenset[type] | None]] = []

        def structure(data: Any, _: Any) -> Any:
            if type(data) is not list:
                _fail("a list", data)
            if item_types is not None and len(data) != len(item_types):
                raise ValueError(f"expected a list of {len(item_types)} items, got {len(data)}")
            if item_types is None:
                if not found:
                    found.append(
                        (conv.get_structure_hook(item_type), _plain_items(conv, item_type))
                    )
                hook, plain = found[0]
                if plain is not None and {*map(type, data)} <= plain:
                    return make(data)
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

        _SEQUENCE_HOOKS.add(structure)
        return structure

    conv.register_structure_hook_factory(_is_sequence, factory)


def _configure_base(conv: cattrs.Converter) -> None:
    _sequence_hooks(conv)
    conv.register_structure_hook(int, _structure_int)
    conv.register_structure_hook(str, _structure_str)
    conv.register_structure_hook(bool, _structure_bool)
    conv.register_unstructure_hook(Rng, _unstructure_rng)
    conv.register_structure_hook(Rng, _structure_rng)
    conv.register_structure_hook_func(_is_text, _structure_text)
    conv.register_unstructure_hook_func(_is_text, _unstructure_text)
    conv.register_unstructure_hook_func(_is_texts, _TEXTS.many)
    # Before cattrs's own hooks of Annotated types (the latest registered come first).
    conv.register_structure_hook_factory(_is_packed, lambda tp: _form(tp).read)
    conv.register_unstructure_hook_factory(_is_packed, lambda tp: _form(tp).write)
    _frozenset_hooks(conv)


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
        conv.register_structure_hook(union, _tagged_union(conv, members, optional=optional))
    return frozenset(tagged)


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
    quick: Quick
    """The quick readers of the plain classes (states, views, rules)."""


# Set up games by name; a different object registered under the name is set up anew.
_SETUPS: dict[str, _Setup] = {}
# What dumps found each type to be, checked against the registry on every use.
_BY_TYPE: dict[type, tuple[_Setup, Kind]] = {}
_BY_TYPE_LIMIT: Final = 1024
_SETUPS_LIMIT: Final = 256


def _setup(game: AnyGame) -> _Setup:
    setup = _SETUPS.get(game.name)
    if setup is None or setup.game is not game:
        conv = cattrs.Converter(detailed_validation=True, forbid_extra_keys=True)
        _configure_base(conv)
        tagged = _configure_game(conv, game)
        steps, problem = _index_steps(game)
        setup = _Setup(
            game=game,
            conv=conv,
            tagged=tagged,
            moves=_tagged_union(conv, tuple(game.move_types)),
            events=_tagged_union(conv, tuple(game.event_types), tagged),
            values=_tagged_union(conv, tuple(game.value_types), tagged),
            steps=steps,
            problem=problem,
            quick=Quick(conv, tagged),
        )
        if len(_SETUPS) >= _SETUPS_LIMIT:
            _SETUPS.clear()  # keyed by registered games only, but bounded still
        _SETUPS[game.name] = setup
    return setup


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
