"""
Count tuples and seats: the small helpers that dealing, play, views and checks share.

A set of cards is a count tuple (13 ints, index = value, ``JOKER == 0``); a pile is a
tuple of values, bottom first, top last; a face-down row holds a value or ``None`` at
each of its three positions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, TypeVar

from cardrules.biggenbende._state import JOKER, VALUES

__all__ = [
    "EMPTY",
    "NO_FACE_DOWN",
    "add",
    "cards_left",
    "counts",
    "expand",
    "next_seat",
    "playable",
    "put",
]

_T = TypeVar("_T")

EMPTY: Final = (0,) * VALUES
"""The count tuple of no cards."""
NO_FACE_DOWN: Final = (None, None, None)
"""A face-down row whose cards are all gone."""


def counts(cards: Iterable[int]) -> tuple[int, ...]:
    """The count tuple of ``cards``."""
    out = [0] * VALUES
    for card in cards:
        out[card] += 1
    return tuple(out)


def expand(counted: Sequence[int]) -> list[int]:
    """The cards of a count tuple, in increasing value (jokers first)."""
    return [v for v in range(VALUES) for _ in range(counted[v])]


def add(counted: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    """The count tuple ``counted`` with ``cards`` added."""
    out = list(counted)
    for card in cards:
        out[card] += 1
    return tuple(out)


def put(row: tuple[_T, ...], seat: int, item: _T) -> tuple[_T, ...]:
    """``row`` with ``item`` at index ``seat``."""
    return (*row[:seat], item, *row[seat + 1 :])


def next_seat(seat: int, direction: int, players: int, places: tuple[int, ...]) -> int:
    """The next seat in ``direction`` still in the round."""
    seat = (seat + direction) % players
    while seat in places:
        seat = (seat + direction) % players
    return seat


def cards_left(
    state_hands: tuple[tuple[int, ...], ...],
    face_up: tuple[tuple[int, ...], ...],
    face_down: tuple[tuple[int | None, ...], ...],
) -> list[int]:
    """The cards each seat still holds: hand, face up and face down (BB-17, BB-18)."""
    return [
        sum(h) + sum(u) + len(d) - d.count(None)
        for h, u, d in zip(state_hands, face_up, face_down, strict=True)
    ]


def playable(value: int, discard: tuple[int, ...]) -> bool:
    """BB-6: jokers always; anything on an empty pile or a joker; else >= the top."""
    if value == JOKER or not discard:
        return True
    top = discard[-1]
    return top == JOKER or value >= top
