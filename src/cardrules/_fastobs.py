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
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

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
