"""
Allegra's action numbering and bounds, pinned where mutation testing found them loose
(issue 23): the score bounds of a few decks, and the refusal of rules of another type.
"""

from __future__ import annotations

import pytest

from cardrules import allegra as al
from cardrules.errors import RulesError


def _only(value: int, count: int = 48) -> tuple[int, ...]:
    """A deck of ``count`` cards of one value (AL-1: the counts of -1..11)."""
    deck = [0] * 13
    deck[value + 1] = count
    return tuple(deck)


def test_al10_al12_the_default_decks_bounds() -> None:
    # AL-10: an area of 15 places scores from 15 * -1 to 15 * 11, doubled for the
    # ender; AL-12: three rounds
    assert al.utility_bounds(al.Rules()) == (3 * 15 * -1, 3 * 2 * 15 * 11)
    assert al.utility_bounds(al.Rules(rounds=1)) == (-15, 330)


def test_al10_a_deck_of_minus_ones_cannot_score_above_nothing() -> None:
    # every place holds a -1 at worst; a negative score is never doubled, so no seat
    # ends above 0 and none below 15 * -1 a round
    assert al.utility_bounds(al.Rules(players=2, rounds=2, deck=_only(-1))) == (-30, 0)


def test_al10_a_deck_of_zeros_scores_nothing() -> None:
    assert al.utility_bounds(al.Rules(players=2, rounds=3, deck=_only(0))) == (0, 0)


def test_al10_a_deck_of_low_and_high_cards() -> None:
    deck = list(_only(-1, 24))
    deck[12] = 24  # and 24 elevens
    assert al.utility_bounds(al.Rules(players=2, rounds=1, deck=tuple(deck))) == (-15, 330)


def test_actions_refuses_rules_of_another_type_naming_them() -> None:
    with pytest.raises(RulesError, match=r"not 7$"):
        al.actions(7)  # type: ignore[arg-type]
