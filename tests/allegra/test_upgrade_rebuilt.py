"""
The version-1 to version-2 step of Allegra's saved states (``_upgrade._rebuilt``):
``deck_public`` is whether the deck was rebuilt from the discard pile this round
(AL-11), told from the RNG by undoing the round's deal (AL-4). It answers ``True``
only when that is certain, and ``False``, never an exception, for data it cannot
judge: loading refuses such data afterwards, naming the field.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from cardrules import allegra as al
from cardrules._rng import _MASK
from cardrules.allegra._state import MAX_CARDS, MAX_COPIES
from cardrules.allegra._upgrade import _rebuilt, state_v1_to_v2
from tests.allegra.test_deck_knowledge import _lists

# 28 cards for two players, two of each value and three 4s and 5s (AL-11 asks for 26 at
# least): the deck left after the deal holds three cards, so a rebuild comes soon.
RULES = al.Rules(players=2, deck=(2, 2, 2, 2, 2, 3, 3, 2, 2, 2, 2, 2, 2))


@cache
def _later_round(rebuilt: bool) -> al.State:
    """The first position of random play from seed 1, in round 2 or later, outside the
    reveals, whose deck was rebuilt this round (AL-11) and still holds a card (an empty
    one could be the deal's, drawn out), or was not rebuilt."""
    rng = random.Random(1)
    state = al.new_game(RULES, seed=1)
    while not al.is_over(state):
        if (
            state.round >= 2
            and state.phase != "reveal"
            and state.deck_public is rebuilt
            and (len(state.deck) >= 1 or not rebuilt)
        ):
            return state
        state = al.apply(state, rng.choice(al.legal_moves(state)))
    raise AssertionError("no such position")  # pragma: no cover - seed 1 has both


def _v1(state: al.State) -> dict[str, Any]:
    """The state's data as version 1 wrote it: cards as lists, no ``deck_public``."""
    data = _lists(state)
    del data["deck_public"]
    return data


@pytest.mark.parametrize("rebuilt", [False, True])
def test_al11_the_step_tells_a_rebuilt_deck_from_the_rng(rebuilt: bool) -> None:
    state = _later_round(rebuilt)
    assert state.round >= 2
    data = _v1(state)
    assert _rebuilt(data) is rebuilt
    assert state_v1_to_v2(data)["deck_public"] is rebuilt
    data["rng"] = int(data["rng"])  # an int as well as its decimal text
    assert _rebuilt(data) is rebuilt


def test_al11_a_deck_longer_than_the_deal_left_was_rebuilt() -> None:
    data = _v1(_later_round(False))
    assert _rebuilt(data) is False
    data["deck"] = [*data["deck"], *data["deck"]]
    assert _rebuilt(data) is True


def _set(**fields: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.update(fields)


def _set_rules(**fields: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["rules"].update(fields)


def _set_count(count: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["rules"]["deck"].__setitem__(0, count)


UNJUDGED: list[tuple[str, Callable[[dict[str, Any]], None]]] = [
    ("the reveals (AL-4): the round has just been dealt", _set(phase="reveal")),
    ("the game is over", _set(phase="over")),
    ("round 1, dealt from the seed", _set(round=1)),
    ("a round that is no int", _set(round="3")),
    ("rules that are no object", _set(rules=[2, 3])),
    ("a player count that is no int", _set_rules(players="2")),
    ("a deck that is no list", _set(deck="1 2")),
    ("rules' counts that are no list", _set_rules(deck="many")),
    ("a count that is no int", _set_count("2")),
    ("a count below 0", _set_count(-1)),
    ("a count above MAX_COPIES", _set_count(MAX_COPIES + 1)),
    ("more cards than MAX_CARDS", _set_rules(deck=[MAX_COPIES] * (MAX_CARDS // MAX_COPIES + 1))),
    ("an rng that is no number", _set(rng="12a")),
    ("an rng of more than 20 digits", _set(rng="1" * 21)),
    ("an rng of 21 digits, leading zeros", lambda data: data.update(rng=data["rng"].zfill(21))),
    ("an rng below 0", _set(rng=-1)),
    ("an rng above the generator's range", _set(rng=_MASK + 1)),
    ("an rng that is a float", _set(rng=1.5)),
]


@pytest.mark.parametrize("mangle", [m for _, m in UNJUDGED], ids=[name for name, _ in UNJUDGED])
def test_al11_data_the_step_cannot_judge_is_not_called_rebuilt(
    mangle: Callable[[dict[str, Any]], None],
) -> None:
    data = _v1(_later_round(True))
    assert _rebuilt(data) is True
    mangle(data)
    assert _rebuilt(data) is False
    assert state_v1_to_v2(data)["deck_public"] is False


def test_al11_what_is_no_state_is_not_called_rebuilt() -> None:
    assert _rebuilt([1, 2]) is False
    assert state_v1_to_v2([1, 2]) == [1, 2]  # left for loading to refuse
