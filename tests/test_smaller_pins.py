"""
Biggenbende's and Allegra's ``smaller`` pinned: in positions of seeded random games, the
smaller positions offered, in order, written in the notation (issue 23: mutants of the
shrinkers lived; Beggar's are pinned by hand in tests/beggar/test_smaller_pins.py).

The property tests check that every offer is valid and smaller; these pin the offers
themselves (BB-12: cards set aside go with the removed ones; AL-8 likewise), so a change
is a visible decision: write them again with ``python -m tests.test_smaller_pins`` and
review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardrules import allegra, biggenbende
from tests._random_play import random_play

_DATA = Path(__file__).parent / "data" / "smaller"
_GAMES: dict[str, ModuleType] = {"allegra": allegra, "biggenbende": biggenbende}


def _positions(game: str) -> list[Any]:
    """Three positions of one seeded random game of three seats: early, middle, late."""
    mod = _GAMES[game]
    seen = random_play(mod, mod.Rules(players=3), seed=1, moves=300)
    return [seen[9], seen[len(seen) // 2], seen[-2]]


def _generate(game: str) -> list[list[Any]]:
    """Per position: its text and the texts of what ``smaller`` offers."""
    mod = _GAMES[game]
    write = mod.format_state
    return [
        [write(state), [write(small) for small in mod.GAME.smaller(state)]]
        for state in _positions(game)
    ]


def _cases() -> list[Any]:
    return [
        pytest.param(game, text, offers, id=f"{game}-{n}")
        for game in sorted(_GAMES)
        if (_DATA / f"{game}.json").exists()  # not yet while written the first time
        for n, (text, offers) in enumerate(json.loads((_DATA / f"{game}.json").read_text()))
    ]


@pytest.mark.parametrize(("game", "text", "offers"), _cases())
def test_smaller_offers_these_positions(game: str, text: str, offers: list[str]) -> None:
    mod = _GAMES[game]
    state = mod.parse_state(text)
    assert mod.format_state(state) == text
    assert [mod.format_state(small) for small in mod.GAME.smaller(state)] == offers


if __name__ == "__main__":  # write the cases again (review the diff)
    _DATA.mkdir(exist_ok=True)
    for name in sorted(_GAMES):
        cases = _generate(name)
        (_DATA / f"{name}.json").write_text(json.dumps(cases, indent=0) + "\n")
        print(name, [len(offers) for _, offers in cases])
