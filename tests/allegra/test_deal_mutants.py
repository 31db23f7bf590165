"""
Allegra's deal from an explicit layout: refusals pinned word for word where mutation
testing found only their type checked (issue 23).
"""

from __future__ import annotations

import attrs
import pytest

from cardrules import allegra as al
from cardrules.errors import RulesError
from tests.allegra.helpers import make_layout

_RULES = al.Rules(players=2)
_OTHER = "0 1 2 3/4 5 6 7/8 9 10 11"


def _refusal(layout: al.Layout) -> str:
    with pytest.raises(RulesError) as info:
        al.new_game(_RULES, seed=0, layout=layout)
    return str(info.value)


def test_al8_a_layout_showing_a_triple_names_its_places() -> None:
    layout = make_layout(_RULES, ["5* 5* 5* 0/1 2 3 4/6 7 8 9", _OTHER])
    assert _refusal(layout) == ("layout.face_up shows a triple (AL-8): p0.r0c0, p0.r0c1, p0.r0c2")


def test_al3_a_grid_of_eleven_cards_is_refused() -> None:
    layout = make_layout(_RULES, ["5 5 5 0/1 2 3 4/6 7 8 9", _OTHER])
    short = attrs.evolve(
        layout,
        grids=(layout.grids[0][:11], layout.grids[1]),
        deck=(layout.grids[0][11], *layout.deck),
    )
    assert _refusal(short) == "layout.grids[0] holds 11 cards, not 12"
