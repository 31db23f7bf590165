"""The Allegra action numbering, returns and bounds (issue 12)."""

from __future__ import annotations

import pytest

from cardrules import allegra as al
from cardrules.allegra import Slot
from cardrules.errors import CardrulesError, RulesError
from tests._encodings import check_actions, check_bounds

SIZES = {2: 535, 3: 1232, 4: 2217, 5: 3490, 6: 5051}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_legal_move_has_one_number(players: int) -> None:
    rules = al.Rules(players=players, rounds=1, max_turns_per_round=60)
    met = check_actions(al.GAME, rules, range(6))
    assert met > 30
    assert al.actions(rules).size == SIZES[players]


def test_the_numbering_is_pinned() -> None:
    space = al.actions(al.Rules(players=2))
    p = 24  # places
    assert space.encode(al.Reveal(Slot(0, 0, 0))) == 0
    assert space.encode(al.Draw()) == p
    assert space.encode(al.Take(Slot(1, 2, 3))) == p + 1 + 23
    assert space.encode(al.Swap(Slot(0, 0, 0))) == 2 * p + 1
    assert space.encode(al.Discard()) == 3 * p + 1
    assert space.encode(al.Discard(Slot(0, 0, 1))) == 3 * p + 3
    assert space.encode(al.Knock()) == 4 * p + 2
    assert space.encode(al.Give(1)) == 4 * p + 6
    assert space.encode(al.Place(Slot(0, 0, 0))) == 4 * p + 7
    assert space.encode(al.Exchange(Slot(0, 0, 0), Slot(0, 0, 3))) == 5 * p + 7


def test_exchanges_follow_the_geometry() -> None:
    # AL-3, AL-7: with 3 players a place of seat 0's own columns 0..2 lies only in
    # seat 0's area, so an exchange never puts a card there after taking one there
    space = al.actions(al.Rules(players=3))
    with pytest.raises(CardrulesError):
        space.encode(al.Exchange(Slot(0, 0, 0), Slot(0, 1, 1)))
    assert space.encode(al.Exchange(Slot(0, 0, 0), Slot(1, 1, 1))) > 0
    with pytest.raises(CardrulesError):
        space.encode(al.Reveal(Slot(3, 0, 0)))  # no seat 3 in a 3-player game
    with pytest.raises(CardrulesError):
        space.decode(-1)
    with pytest.raises(RulesError):
        al.actions(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_bounds_hold_in_random_play(players: int) -> None:
    # AL-13: a short turn limit makes the length bound bite
    check_bounds(al.GAME, al.Rules(players=players, max_turns_per_round=8), range(3))
    check_bounds(al.GAME, al.Rules(players=players, rounds=1), range(2))


def test_bounds_follow_the_rules() -> None:
    rules = al.Rules(players=2, rounds=1, max_turns_per_round=10)
    assert al.max_moves(rules) == 2 * 2 + 10 * 5
    assert al.max_moves(al.Rules(max_turns_per_round=1000)) == 3 * (4 * 2 + 1000 * 7)
    deck = (0,) * 5 + (48,) + (0,) * 7  # only 4s: AL-10 sums of 15 fours, doubled
    assert al.utility_bounds(al.Rules(players=2, rounds=2, deck=deck)) == (0, 2 * 120)
