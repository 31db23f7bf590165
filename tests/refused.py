"""
Pin *which* refusal an error is, not its wording: the path of the bad field and the rule
ID it cites. The wording of messages may change (and is checked elsewhere); the path and
the rule are what a caller, a log reader and the mutation tests rely on.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import attrs
import pytest

import cardrules
from cardrules.errors import CardrulesError, IllegalMoveError, InvalidStateError


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


def reached(game_name: str, rules: Any, seed: int, until: Callable[[Any], bool]) -> Any:
    """The first state of a seed-``seed`` game under ``rules``, played by random moves
    (``random.Random(seed)``), that ``until`` accepts."""
    game = cardrules.get_game(game_name)
    state = game.new_game(rules, seed=seed)
    choose = random.Random(seed).choice
    while not until(state):
        state = game.apply(state, choose(game.legal_moves(state)))
    return state


def refusal(check: Callable[[Any], None], value: Any) -> str:
    """The message with which ``check`` refuses ``value`` (``InvalidStateError``)."""
    with pytest.raises(InvalidStateError) as info:
        check(value)
    return str(info.value)


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


Forgery = tuple[str, tuple[int, ...], Any, str, str | None]
"""A forged field: (field, index path into it, forged value, the error's path, its rule)."""

_FORGERY = ("field", "path", "new", "where", "rule")


def refusal_tests(
    game: Any, state: Any, state_cases: Sequence[Forgery], view_cases: Sequence[Forgery]
) -> tuple[Callable[..., None], Callable[..., None], Callable[..., None]]:
    """
    A game's tests of forged states and views: that ``state`` and seat 0's view pass, and
    that each forgery is refused at its path by its rule. Each game's ``test_refusals``
    binds them to test names, with its own cases.
    """

    def passes() -> None:
        game.check_state(state)
        game.check_view(game.view(state, 0))

    @pytest.mark.parametrize(_FORGERY, state_cases)
    def state_refused(
        field: str, path: tuple[int, ...], new: Any, where: str, rule: str | None
    ) -> None:
        with refused(InvalidStateError, where, rule):
            game.check_state(forged(state, field, path, new))

    @pytest.mark.parametrize(_FORGERY, view_cases)
    def view_refused(
        field: str, path: tuple[int, ...], new: Any, where: str, rule: str | None
    ) -> None:
        with refused(InvalidStateError, where, rule):
            game.check_view(forged(game.view(state, 0), field, path, new))

    return passes, state_refused, view_refused


def move_refusal_test(
    game: Any, state: Any, move_cases: Sequence[tuple[Any, str]]
) -> Callable[..., None]:
    """The test that each illegal move in ``state`` is refused by its rule."""

    @pytest.mark.parametrize(("move", "rule"), move_cases)
    def move_refused(move: Any, rule: str) -> None:
        assert move not in game.legal_moves(state)
        with refused(IllegalMoveError, rule=rule):
            game.apply(state, move)

    test: Callable[..., None] = move_refused
    return test
