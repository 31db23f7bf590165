"""
The portable seeded generator of cardrules.

The algorithm is SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state that
advances by the golden-ratio increment, mixed into each output. It is defined
with plain integer arithmetic modulo ``2**64``, so the same seed gives the same
numbers on every platform and Python version. The generator is an immutable
value: every draw returns the drawn value together with the next generator.

Bounded draws are unbiased (rejection of the top partial block), and
:meth:`Rng.shuffle` is the Fisher-Yates shuffle drawing ``below(i + 1)`` for
``i`` from the last index down to 1. Changing any output for a given seed is a
breaking change: the golden vectors in the tests pin them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs

from cardrules.errors import RulesError

__all__ = ["Rng"]

_T = TypeVar("_T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_TWO64 = 1 << 64


def _check_state(_inst: object, _attr: object, value: int) -> None:
    if type(value) is not int or not 0 <= value < _TWO64:
        raise RulesError(f"an Rng state must be an int in [0, 2**64), not {value!r}")


def _check_seed(seed: object) -> int:
    """The seed of a new game: an int in ``[0, 2**64)``, else ``RulesError``."""
    if type(seed) is not int or not 0 <= seed < _TWO64:
        raise RulesError(f"seed must be an int in [0, 2**64), not {seed!r}")
    return seed


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31)


@attrs.frozen
class Rng:
    """
    An immutable SplitMix64 generator; ``Rng(seed)`` starts it from a seed.

    >>> value, rng = Rng(0).next()
    >>> hex(value)
    '0xe220a8397b1dcdaf'
    >>> rng
    Rng(state=11400714819323198485)
    >>> Rng(7).shuffle("abcde")[0]
    ('e', 'b', 'd', 'a', 'c')
    """

    state: int = attrs.field(validator=_check_state)
    """The whole state: an int in ``[0, 2**64)``."""

    def next(self) -> tuple[int, Rng]:
        """
        Draw a 64-bit value.

        Returns:
            The value in ``[0, 2**64)`` and the advanced generator.
        """
        state = (self.state + _GAMMA) & _MASK
        return _mix(state), Rng(state)

    def below(self, bound: int) -> tuple[int, Rng]:
        """
        Draw an int uniformly from ``range(bound)``, without bias.

        Args:
            bound: the exclusive upper bound, ``1 <= bound <= 2**64``.

        Returns:
            The value and the advanced generator.

        Raises:
            RulesError: if ``bound`` is out of range.

        >>> Rng(42).below(6)[0]
        1
        """
        if not 1 <= bound <= _TWO64:
            raise RulesError(f"bound must be in [1, 2**64], not {bound!r}")
        value, state = _below(self.state, bound)
        return value, Rng(state)

    def shuffle(self, items: Sequence[_T]) -> tuple[tuple[_T, ...], Rng]:
        """
        Shuffle a sequence (Fisher-Yates); the input is not changed.

        Returns:
            The shuffled items as a tuple and the advanced generator.

        >>> Rng(1).shuffle(range(5))[0]
        (2, 1, 4, 3, 0)
        """
        out, state = _shuffle(self.state, items)
        return tuple(out), Rng(state)


def _next(state: int) -> tuple[int, int]:
    """Hot-path form of :meth:`Rng.next` on a bare state int: ``(value, state)``."""
    state = (state + _GAMMA) & _MASK
    return _mix(state), state


def _below(state: int, bound: int) -> tuple[int, int]:
    """Hot-path form of :meth:`Rng.below` on a bare state int: ``(value, state)``."""
    # Reject the values of the top, incomplete block of ``bound`` values.
    limit = _TWO64 - (_TWO64 % bound)
    while True:
        state = (state + _GAMMA) & _MASK
        value = _mix(state)
        if value < limit:
            return value % bound, state


def _shuffle(state: int, items: Sequence[_T]) -> tuple[list[_T], int]:
    """Hot-path form of :meth:`Rng.shuffle`: ``(shuffled list, state)``."""
    out = list(items)
    # ``_below(state, i + 1)`` and ``_mix`` inlined: a deal shuffles every card, and
    # the two calls per card were most of the cost of dealing.
    mask, gamma, mix1, mix2, two64 = _MASK, _GAMMA, _MIX1, _MIX2, _TWO64
    for i in range(len(out) - 1, 0, -1):
        bound = i + 1
        limit = two64 - (two64 % bound)
        while True:
            state = (state + gamma) & mask
            z = ((state ^ (state >> 30)) * mix1) & mask
            z = ((z ^ (z >> 27)) * mix2) & mask
            z ^= z >> 31
            if z < limit:
                break
        j = z % bound
        out[i], out[j] = out[j], out[i]
    return out, state
