"""
Private: fast observations straight from a state, for the RL adapters (issue 12).

A game's public observation is ``Observation.encode(view)``: plain, checked against its
documented layout. Building a ``View`` and then a list of floats at every step of a
rollout costs more than the step itself, so a game may also register here a *state
encoder* for its ``encode`` function: given the rules, it makes a function
``from_state(state, seat)`` whose numbers are exactly those of
``encode(view(state, seat))``. :mod:`cardrules.rl` uses it only when the game's
``observation`` hook still gives that ``encode`` and its ``view`` is still the
registered one (a game rebuilt with other hooks falls back to the plain path).

``from_state`` returns ``(positions, values)``: with ``positions`` ``None``, ``values``
is the whole flat encoding; otherwise the encoding is zero except
``encoding[positions[k]] = values[k]`` (each position at most once). Values may be ints,
bools or floats; the caller turns them into float32. A factory may instead return a
:class:`Packed` encoder, which gives the whole encoding already packed as native
float32 numbers (``struct`` format ``"f"``): a new ``bytearray`` at every call, which
the caller hands out as it is (no copy). Such an encoder may keep buffers from one
call to the next: the caller runs it in one thread at a time. No numpy here: the core
keeps its three dependencies.

A game may likewise register a *mask maker* for its ``legal_moves`` and ``actions``
functions: given the rules, it makes a function ``mask(state)`` that gives the action
mask of the state's legal moves as ``bytes`` (one byte ``0`` or ``1`` a number of the
action space), exactly the numbers of ``actions(rules).encode`` of every move of
``legal_moves(state)``, or ``None`` for a state it leaves to that plain path. The
adapters then take a legal move from its number with ``decode``.

A game may register a *texts function* for its ``view`` and ``render_view`` functions:
``texts(state)`` gives every seat's ``render_view(view(state, seat), "you")``, in seat
order, byte for byte (the OpenSpiel adapter asks every seat's text of every position,
and most of the text is the same for all seats). And it may register *unchecked events*
for its ``events`` function: ``unchecked(before, move, after, seat)`` gives exactly
``events(before, move, after, seat)`` when ``after`` is ``apply(before, move)``, without
checking that it is (a trajectory of a game with that ``apply``, which made ``after``
so, uses it). It may also register *every seat's events* for that ``events`` function
and ``apply``: ``every(before, move, after)`` gives, in seat order, exactly
``events(before, move, after, seat)`` of every seat, on the same condition (most of
what a move tells is the same for every seat: worked out once, not once a seat).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeAlias, TypeVar

__all__: list[str] = []

FromState: TypeAlias = Callable[[Any, int], tuple[Sequence[int] | None, Sequence[float]]]
"""``from_state(state, seat) -> (positions or None, values)``."""


class Packed:
    """A state encoder giving float32 bytes: ``encode(state, seat) -> bytearray``."""

    __slots__ = ("encode",)

    def __init__(self, encode: Callable[[Any, int], bytearray]) -> None:
        self.encode = encode


Factory: TypeAlias = Callable[[Any], FromState | Packed]
"""``factory(rules) -> from_state`` (or a :class:`Packed` encoder) for the rules' shape."""

_REGISTRY: dict[Callable[..., Any], tuple[Callable[..., Any], Factory]] = {}


def register(encode: Callable[..., Any], view: Callable[..., Any], factory: Factory) -> None:
    """Let ``factory(rules)`` stand for ``encode(view(state, seat))``."""
    _REGISTRY[encode] = (view, factory)


def lookup(encode: Callable[..., Any], view: Callable[..., Any]) -> Factory | None:
    """The factory registered for ``encode`` and ``view``, or ``None``."""
    entry = _REGISTRY.get(encode)
    if entry is None or entry[0] is not view:
        return None
    return entry[1]


MaskMaker: TypeAlias = Callable[[Any], Callable[[Any], bytes | None]]
"""``maker(rules) -> mask``, ``mask(state) -> bytes or None`` (see the module's description)."""

_MASKS: dict[Callable[..., Any], tuple[Callable[..., Any], MaskMaker]] = {}


def register_mask(
    legal_moves: Callable[..., Any], actions: Callable[..., Any], maker: MaskMaker
) -> None:
    """Let ``maker(rules)`` give the masks of ``legal_moves`` numbered by ``actions``."""
    _MASKS[legal_moves] = (actions, maker)


_T = TypeVar("_T")


def _found(table: dict[Any, tuple[Any, _T]], key: object, partner: object) -> _T | None:
    # The shortcut registered for ``key`` when it was registered with this ``partner``
    # (the game's other function it relies on), else None: every registry here.
    entry = None if key is None else table.get(key)
    if entry is None or entry[0] is not partner:
        return None
    return entry[1]


def lookup_mask(legal_moves: Callable[..., Any], actions: Callable[..., Any]) -> MaskMaker | None:
    """The mask maker registered for ``legal_moves`` and ``actions``, or ``None``."""
    return _found(_MASKS, legal_moves, actions)


Texts: TypeAlias = Callable[[Any], Sequence[str]]
"""``texts(state) -> every seat's render_view(view(state, seat), "you")``."""

_TEXTS: dict[Callable[..., Any], tuple[Callable[..., Any], Texts]] = {}


def register_texts(
    view: Callable[..., Any], render_view: Callable[..., Any], texts: Texts
) -> None:
    """Let ``texts(state)`` stand for every seat's ``render_view(view(state, seat), "you")``."""
    _TEXTS[view] = (render_view, texts)


def lookup_texts(view: Callable[..., Any], render_view: Callable[..., Any] | None) -> Texts | None:
    """The texts function registered for ``view`` and ``render_view``, or ``None``."""
    return _found(_TEXTS, view, render_view)


_EVENTS: dict[Callable[..., Any], tuple[Callable[..., Any], Callable[..., Any]]] = {}


def register_events(
    events: Callable[..., Any], apply: Callable[..., Any], unchecked: Callable[..., Any]
) -> None:
    """Let ``unchecked`` stand for ``events`` where ``after`` is ``apply(before, move)``."""
    _EVENTS[events] = (apply, unchecked)


def lookup_events(
    events: Callable[..., Any] | None, apply: Callable[..., Any]
) -> Callable[..., Any] | None:
    """
    ``events`` without its check (see the module's description) for a game whose
    ``apply`` is the registered one, or else ``events`` itself.
    """
    found = _found(_EVENTS, events, apply)
    return events if found is None else found


_EVERY: dict[Callable[..., Any], tuple[Callable[..., Any], Callable[..., Any]]] = {}


def register_every(
    events: Callable[..., Any], apply: Callable[..., Any], every: Callable[..., Any]
) -> None:
    """Let ``every`` give ``events`` of every seat where ``after`` is ``apply(before, move)``."""
    _EVERY[events] = (apply, every)


def lookup_every(
    events: Callable[..., Any] | None, apply: Callable[..., Any]
) -> Callable[..., Any] | None:
    """
    Every seat's ``events`` at once (see the module's description) for a game whose
    ``apply`` is the registered one, or ``None``.
    """
    return _found(_EVERY, events, apply)
