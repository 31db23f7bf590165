"""
The checks every game's position notation must pass, shared by the per-game tests
``tests/<game>/test_notation.py`` (issue 11: positions as text).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.errors import NotationError
from cardrules.game import AnyGame
from cardrules.testing import random_playthrough

DATA = Path(__file__).parent / "data"


def golden(game: str, kind: str) -> list[tuple[str, Any]]:
    """Every saved ``kind`` ("state" or "view") of ``game``'s golden data, loaded."""
    found = []
    for path in sorted(DATA.glob(f"{game}/v*/*-{kind}-*.json")):
        found.append((f"{path.parent.name}/{path.name}", cardrules.loads(path.read_text())))
    assert found, f"no golden {kind}s of {game}"
    return found


def random_states(game: AnyGame, rules: Sequence[Any], count: int, step: int = 1) -> Iterator[Any]:
    """``count`` states of seeded random playthroughs, every ``step``-th of each game."""
    made = 0
    seed = 0
    while True:
        play = random_playthrough(game, rules[seed % len(rules)], seed=seed, choices=seed + 7)
        seed += 1
        for state in play.states[::step]:
            yield state
            made += 1
            if made == count:
                return


def assert_state_round_trip(game: AnyGame, state: Any) -> str:
    """``parse(format(state)) == state``, with the same JSON, and the text is canonical."""
    notation = game.notation
    assert notation is not None
    text = notation.format_state(state)
    back = notation.parse_state(text)
    assert back == state, text
    assert cardrules.dumps(back, game=game.name) == cardrules.dumps(state, game=game.name)
    assert notation.format_state(back) == text
    assert "  " not in text
    assert text == text.strip()
    assert "\n" not in text
    return text


def assert_view_round_trip(game: AnyGame, view: Any) -> str:
    """``parse(format(view)) == view``, with the same JSON, and the text is canonical."""
    notation = game.notation
    assert notation is not None
    text = notation.format_view(view)
    back = notation.parse_view(text)
    assert back == view, text
    assert cardrules.dumps(back, game=game.name) == cardrules.dumps(view, game=game.name)
    assert notation.format_view(back) == text
    return text


def error_column(parse: Callable[[str], Any], text: str) -> int:
    """The column of the :class:`NotationError` that reading ``text`` raises."""
    with pytest.raises(NotationError) as caught:
        parse(text)
    error = caught.value
    assert error.text == text[:200]
    assert str(error).startswith(f"column {error.column}: ")
    return error.column


def field_column(text: str, index: int) -> int:
    """The 1-based column where the space-separated field ``index`` starts."""
    return sum(len(field) + 1 for field in text.split(" ")[:index]) + 1


def replace_field(text: str, index: int, new: str) -> str:
    """``text`` with its field ``index`` replaced by ``new``."""
    fields = text.split(" ")
    fields[index] = new
    return " ".join(fields)


def assert_common_errors(parse: Callable[[str], Any], text: str, card_field: int) -> None:
    """
    Typical mistakes point at the right column: trailing garbage, a missing field, a
    doubled space, a non-str, and a bad card at the start of the field ``card_field``.
    """
    assert error_column(parse, text + " junk") == len(text) + 2
    fields = text.split(" ")
    assert error_column(parse, " ".join(fields[:-1])) == len(" ".join(fields[:-1])) + 1
    assert error_column(parse, text.replace(" ", "  ", 1)) == len(fields[0]) + 2
    bad = replace_field(text, card_field, "Z" + fields[card_field])
    assert error_column(parse, bad) == field_column(text, card_field)
    with pytest.raises(TypeError):
        parse(b"x")  # type: ignore[arg-type]


def assert_smaller(
    game: AnyGame, states: Sequence[Any], size: Callable[[Any], Sequence[int]]
) -> int:
    """
    Every state ``smaller`` gives is valid, differs from its source, and is no larger in
    any part of ``size`` and smaller in one. Returns how many were given.
    """
    smaller = game.smaller
    assert smaller is not None
    given = 0
    for state in states:
        before = size(state)
        for small in smaller(state):
            game.check_state(small)
            after = size(small)
            assert small != state
            assert all(a <= b for a, b in zip(after, before, strict=True)), (after, before)
            assert after != before, (after, before)
            given += 1
    return given
