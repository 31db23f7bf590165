"""Helpers for scripted Biggenbende situations built from explicit deals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from cardrules import biggenbende as bb

_M = TypeVar("_M")

J = bb.JOKER

# Default face-down rows, one per seat: values the scripted tests rarely play.
DEFAULT_FACE_DOWN: tuple[tuple[int | None, ...], ...] = (
    (12, 12, 12),
    (10, 10, 10),
    (9, 9, 9),
    (6, 6, 6),
    (11, 11, 11),
    (1, 1, 1),
)
NONE_ROW: tuple[None, None, None] = (None, None, None)


def start(
    hands: Sequence[Sequence[int]],
    *,
    face_up: Sequence[Sequence[int]] | None = None,
    face_down: Sequence[Sequence[int | None]] | None = None,
    draw: Sequence[int] = (),
    discard: Sequence[int] = (),
    round: int = 1,
    chips: Sequence[int] | None = None,
    choose: bool = False,
    **options: Any,
) -> bb.State:
    """
    A state from an explicit deal; every card not given lies in the removed cards.

    Without ``choose`` the round starts at the first play with ``face_up`` (empty
    rows by default).
    """
    n = len(hands)
    rules = bb.Rules(players=n, **options)
    rows = tuple(tuple(r) for r in (face_down or DEFAULT_FACE_DOWN[:n]))
    ups = None if choose else tuple(tuple(u) for u in (face_up or ((),) * n))
    used = [0] * 13
    everything = [*draw, *discard]
    for s in range(n):
        everything += list(hands[s]) + [c for c in rows[s] if c is not None]
        if ups is not None:
            everything += list(ups[s])
    for card in everything:
        used[card] += 1
    removed = [v for v in range(13) for _ in range(rules.deck[v] - used[v])]
    deal = bb.Deal(
        hands=tuple(tuple(h) for h in hands),
        face_down=rows,
        draw=tuple(draw),
        face_up=ups,
        discard=tuple(discard),
        removed=tuple(removed),
        round=round,
        chips=None if chips is None else tuple(chips),
    )
    return bb.new_game(rules, seed=0, deal=deal)


def go(state: bb.State, *moves: bb.Move) -> bb.State:
    """Apply ``moves`` in order."""
    for move in moves:
        state = bb.apply(state, move)
    return state


def counts(*cards: int) -> tuple[int, ...]:
    """The count tuple of ``cards``."""
    out = [0] * 13
    for card in cards:
        out[card] += 1
    return tuple(out)


def total(state: bb.State, seat: int) -> int:
    """Cards a seat holds: hand, face up and face down."""
    row = state.face_down[seat]
    return sum(state.hands[seat]) + sum(state.face_up[seat]) + sum(c is not None for c in row)


def forged(cls: type[_M], **fields: object) -> _M:
    """
    A move object with fields its validators refuse, as only a forger can make one: to
    check that ``apply`` still refuses such a move cleanly.
    """
    move = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(move, name, value)
    return move
