"""
The version-1 to version-2 step of Allegra's saved states (``_upgrade._rebuilt``) on
data at the edges of what it judges: rules' counts of exactly 0 and ``MAX_COPIES``, a
deck of exactly ``MAX_CARDS`` cards, an RNG of exactly 0 and ``_MASK``, a deal whose
shuffle rejected a draw, and a deck just longer than the deal left (AL-4, AL-11).
test_upgrade_rebuilt.py holds the step's answers inside those edges (issue 23).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules import allegra as al
from cardrules._rng import _GAMMA, _MASK, _mix, _shuffle
from cardrules.allegra._state import MAX_CARDS, MAX_COPIES
from cardrules.allegra._upgrade import _rebuilt, state_v1_to_v2
from tests.allegra.test_upgrade_rebuilt import RULES, _later_round, _v1


def _round_two(rules: al.Rules) -> al.State:
    """The first turn of round 2 in random play from seed 1 (no rebuild yet)."""
    rng = random.Random(1)
    state = al.new_game(rules, seed=1)
    while state.round < 2 or state.phase == "reveal":
        state = al.apply(state, rng.choice(al.legal_moves(state)))
    assert state.phase == "turn"
    assert not state.deck_public
    return state


EDGES = {
    "a count of 0": (0, 3, 3, 2, 3, 3, 3, 2, 2, 2, 2, 2, 1),
    "a count of MAX_COPIES": (MAX_COPIES, *(2,) * 12),
    "MAX_CARDS cards": (*(MAX_COPIES,) * 7, MAX_CARDS - 7 * MAX_COPIES, *(0,) * 5),
}


@pytest.mark.parametrize("deck", EDGES.values(), ids=EDGES.keys())
def test_al11_rules_at_their_limits_are_judged(deck: tuple[int, ...]) -> None:
    rules = al.Rules(players=2, deck=deck)  # AL-1, AL-11: rules Allegra plays
    assert min(deck) == 0 or max(deck) == MAX_COPIES or sum(deck) == MAX_CARDS
    data = _v1(_round_two(rules))
    # Round 2 as dealt: the deck is what the deal left, so it was not rebuilt.
    assert _rebuilt(data) is False
    assert state_v1_to_v2(data)["deck_public"] is False
    # One card more than the deal left: only a rebuild (AL-11) makes such a deck.
    data["deck"] = [*data["deck"], data["deck"][0]]
    assert _rebuilt(data) is True
    assert state_v1_to_v2(data)["deck_public"] is True


def _longer_than_dealt(rng: int) -> dict[str, Any]:
    """Round-2 data of RULES with ``rng``, its deck one card longer than any deal of
    two grids and a discard leaves (AL-4): rebuilt, if the deal can be undone."""
    data = _v1(_later_round(False))
    data["rng"] = str(rng)
    data["deck"] = [5] * (sum(RULES.deck) - 2 * 12)
    return data


@pytest.mark.parametrize("rng", [0, 1, _MASK - 1, _MASK])
def test_al11_an_rng_at_either_end_of_its_range_is_judged(rng: int) -> None:
    data = _longer_than_dealt(rng)
    assert _rebuilt(data) is True
    data["rng"] = rng  # as an int too
    assert _rebuilt(data) is True


def test_al11_a_deal_whose_shuffle_rejected_a_draw_is_not_called_rebuilt() -> None:
    # The generator's output _MASK lies in the top, incomplete block of any bound that
    # is no power of two, so the draw that meets it is drawn again. The state whose
    # output it is, made the first draw of the deal's shuffle of RULES' 28 cards: the
    # RNG then moved on one step more than undoing 27 draws assumes, and the deal
    # cannot be told from it (a deck of any length is then not called rebuilt).
    rejected = 0xCF9A04AFFA6BADC0
    assert _mix(rejected) == _MASK
    cards = sum(RULES.deck)
    assert cards & (cards - 1)  # no power of two
    rng = (rejected + (cards - 2) * _GAMMA) & _MASK
    start = (rng - (cards - 1) * _GAMMA) & _MASK
    assert _shuffle(start, range(cards))[1] == (rng + _GAMMA) & _MASK
    assert _rebuilt(_longer_than_dealt(rng)) is False
    assert _rebuilt(_longer_than_dealt((rng + _GAMMA) & _MASK)) is True


def test_al11_the_deal_leaves_the_cards_after_the_grids_and_the_discard() -> None:
    # AL-4 deals 12 cards to each grid, then one to the discard: the deck is the rest.
    # A deck holding the discard's card too is one card longer than the deal left.
    data = _v1(_later_round(False))
    pack = [value for value, count in enumerate(RULES.deck, -1) for _ in range(count)]
    rng = int(data["rng"])
    dealt, after = _shuffle((rng - (len(pack) - 1) * _GAMMA) & _MASK, pack)
    assert after == rng
    left = dealt[2 * 12 + 1 :]
    for deck, rebuilt in [
        (left, False),
        (left[1:], False),
        (dealt[2 * 12 :], True),
        (dealt[2 * 12 - 1 :], True),
        (dealt[2 * 12 - 2 :], True),
    ]:
        data["deck"] = deck
        assert _rebuilt(data) is rebuilt, deck
