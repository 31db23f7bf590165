"""
Allegra's deal (``allegra/_deal.py``) where a whole-module mutation run found gaps: the
refusals of a layout's fields pinned word for word, the first revealer of a layout whose
starting seat has nothing to reveal (AL-4, AL-5), and an ender who scores exactly 1
(AL-10) (issue 23).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardrules import allegra as al
from cardrules.allegra._deal import _round_scores
from cardrules.errors import RulesError, WrongTypeError
from tests.allegra.helpers import S, make_layout

_RULES = al.Rules(players=2)
_OTHER = "0 1 2 3/4 5 6 7/8 9 10 11"
_LAYOUT = make_layout(_RULES, ["5 5 5 0/1 2 3 4/6 7 8 9", _OTHER])


def _refusal(**fields: Any) -> str:
    with pytest.raises(RulesError) as info:
        al.new_game(_RULES, seed=0, layout=attrs.evolve(_LAYOUT, **fields))
    return str(info.value)


def test_al4_the_rules_and_the_layout_of_the_wrong_type_are_named() -> None:
    with pytest.raises(WrongTypeError) as info:
        al.new_game(5, seed=0)  # type: ignore[arg-type]
    assert str(info.value) == "rules: expected an allegra.Rules, got int"
    with pytest.raises(WrongTypeError) as info:
        al.new_game(_RULES, seed=0, layout=(1, 2))  # type: ignore[arg-type]
    assert str(info.value) == "layout: expected an allegra.Layout, got tuple"


def test_al4_a_layout_s_fields_are_refused_by_name() -> None:
    grids = (list(_LAYOUT.grids[0]), _LAYOUT.grids[1])
    assert _refusal(grids=grids) == "layout.grids[0] must be a tuple of card values"
    discard = list(_LAYOUT.discard)
    assert _refusal(discard=discard) == "layout.discard must be a tuple of card values"
    moved = (*_LAYOUT.deck, *_LAYOUT.discard)
    assert _refusal(discard=(), deck=moved) == (
        "layout.discard must hold at least one card (AL-4)"
    )
    outside = al.Slot(2, 0, 0)  # a third seat's place in a two-seat game
    assert _refusal(face_up=(outside,)) == (
        "layout.face_up[0]: Slot(owner=2, row=0, col=0) is not a place of this game"
    )
    twice = (S("p0.r1c1"), S("p0.r1c1"))
    assert _refusal(face_up=twice) == "layout.face_up[1]: p0.r1c1 is given twice"


def test_al4_the_first_revealer_is_the_next_seat_with_a_card_to_reveal() -> None:
    # Round 1 starts with seat 0 (AL-5), whose whole area lies face up (its twelve
    # cards distinct, the neighbour's shared column too, no triple): it has nothing to
    # reveal, so seat 1 makes the first reveals (AL-4).
    mine = "3* 0* 7* 2*/8* 1* 9* 4*/6* 10* -1* 5*"
    layout = make_layout(_RULES, [mine, "1 1 1 11*/2 2 2 11*/3 3 3 10*"], reveals=True)
    state = al.new_game(_RULES, seed=0, layout=layout)
    assert (state.phase, state.current, state.reveals_left) == ("reveal", 1, 2)
    assert al.to_move(state) == 1


def test_al10_an_ender_who_scores_1_is_doubled_when_another_scores_no_more() -> None:
    cards = [0] * 24
    cards[0] = 1  # p0.r0c0: only in seat 0's area (AL-3)
    assert _round_scores(2, cards, ender=0) == (2, 0)
    assert _round_scores(2, cards, ender=None) == (1, 0)
    cards[4] = 1  # p0.r1c0: seat 0 scores 2 and is still doubled
    assert _round_scores(2, cards, ender=0) == (4, 0)
    cards[12] = 5  # p1.r0c0: seat 1 scores more, so seat 0 is not doubled
    assert _round_scores(2, cards, ender=0) == (2, 5)


def test_al4_with_every_card_face_up_the_reveals_are_skipped() -> None:
    # Every card of both grids face up, no triple in any area row or column (AL-8):
    # nobody has a card to reveal, so the first turn begins at once, seat 0's (AL-5).
    grids = [
        "3* 0* 7* 2*/8* 1* 9* 4*/6* 10* -1* 5*",
        "0* 1* 3* 11*/2* 3* 6* 11*/7* 8* 0* 10*",
    ]
    state = al.new_game(_RULES, seed=0, layout=make_layout(_RULES, grids, reveals=True))
    assert (state.phase, state.current, state.reveals_left) == ("turn", 0, 0)
    assert al.Draw() in al.legal_moves(state)
