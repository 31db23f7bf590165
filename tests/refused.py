"""
Pin *which* refusal an error is, not its wording: the path of the bad field and the rule
ID it cites. The wording of messages may change (and is checked elsewhere); the path and
the rule are what a caller, a log reader and the mutation tests rely on.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import attrs
import pytest

import cardrules
from cardrules.errors import CardrulesError, IllegalMoveError


@contextmanager
def refused(
    kind: type[CardrulesError], path: str | None = None, rule: str | None = None
) -> Iterator[None]:
    """
    Expect ``kind`` raised in the block, whose message starts with ``path:`` (an
    :class:`~cardrules.errors.InvalidStateError` or a serialisation error) and cites
    ``rule`` (``"BM-5"``; for an :class:`~cardrules.errors.IllegalMoveError`, its
    ``rule`` attribute).

    >>> from cardrules.errors import InvalidStateError
    >>> with refused(InvalidStateError, "turn", "BM-4"):
    ...     raise InvalidStateError("turn: seat 5 out of range (BM-4)")
    """
    with pytest.raises(kind) as caught:
        yield
    text = str(caught.value)
    if path is not None:
        assert text.startswith(f"{path}: "), f"expected the path {path!r} in {text!r}"
    if rule is not None:
        if isinstance(caught.value, IllegalMoveError):
            assert caught.value.rule == rule, f"expected rule {rule}, not {caught.value.rule}"
        else:
            cited = re.search(rf"(?<![\w-]){re.escape(rule)}(?![\w-])", text)
            assert cited, f"expected the rule {rule} in {text!r}"


def played(game_name: str, players: int, moves: int) -> Any:
    """The state after ``moves`` random moves (``random.Random(1)``) of a seed-5 game."""
    game = cardrules.get_game(game_name)
    state = game.new_game(game.Rules(players=players), seed=5)
    choose = random.Random(1).choice
    for _ in range(moves):
        state = game.apply(state, choose(game.legal_moves(state)))
    return state


def forged(value: Any, field: str, path: tuple[int, ...], new: object) -> Any:
    """``value`` (a state or view) with the entry at ``path`` of ``field`` set to ``new``,
    past the validators: ``forged(state, "hands", (0, 3), -1)`` sets ``hands[0][3]``."""

    def put(old: Any, rest: tuple[int, ...]) -> Any:
        if not rest:
            return new
        items = list(old)
        items[rest[0]] = put(items[rest[0]], rest[1:])
        return tuple(items)

    copy = attrs.evolve(value)
    object.__setattr__(copy, field, put(getattr(value, field), path))
    return copy
