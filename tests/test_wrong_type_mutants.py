"""
Every game's public functions refuse a value of the wrong type by naming what they were
given (issue 23): mutants that hand ``expect`` a ``None`` instead of the value lived,
because the other tests give these functions ``None`` itself, whose message is the same
either way. Here they are given an ``int``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cardrules import allegra, beggar, biggenbende
from cardrules.biggenbende._greedy import estimate, heuristic
from cardrules.errors import WrongTypeError

_CALLS: list[tuple[str, Callable[[Any], object], str]] = []
for _name, _game, _what in [
    ("beggar", beggar, "a beggar State"),
    ("biggenbende", biggenbende, "a biggenbende State"),
    ("allegra", allegra, "an allegra State"),
]:
    _CALLS += [
        (f"{_name}.legal_moves", _game.legal_moves, _what),
        (f"{_name}.to_move", _game.to_move, _what),
        (f"{_name}.is_over", _game.is_over, _what),
        (f"{_name}.players", _game.players, _what),
        (f"{_name}.outcome", _game.outcome, _what),
    ]
_CALLS += [
    ("beggar.apply", lambda value: beggar.apply(value, beggar.Turn()), "a beggar State"),
    (
        "biggenbende.apply",
        lambda value: biggenbende.apply(value, biggenbende.PickUp()),
        "a biggenbende State",
    ),
    (
        "allegra.apply",
        lambda value: allegra.apply(value, allegra.Reveal(allegra.Slot(0, 0, 0))),
        "an allegra State",
    ),
    ("beggar.new_game", beggar.new_game, "a beggar Rules"),
    ("biggenbende.heuristic", lambda value: heuristic(value, ()), "a biggenbende View"),
    ("biggenbende.estimate", estimate, "a biggenbende View"),
]


@pytest.mark.parametrize(("call", "what"), [c[1:] for c in _CALLS], ids=[c[0] for c in _CALLS])
def test_a_value_of_another_type_is_refused_naming_its_type(
    call: Callable[[Any], object], what: str
) -> None:
    with pytest.raises(WrongTypeError) as info:
        call(7)
    assert str(info.value) == f"expected {what}, got int"
