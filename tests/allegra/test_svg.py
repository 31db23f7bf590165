"""Allegra's picture: every column 3 drawn in the two areas that share it (AL-3)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from cardrules import allegra
from cardrules.svg import render_svg

SVG = "{http://www.w3.org/2000/svg}"


def _titles(svg: str) -> list[str]:
    return [g[0].text or "" for g in ET.fromstring(svg).iter(f"{SVG}g")]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_shared_columns_read_as_shared(players: int) -> None:
    state = allegra.new_game(allegra.Rules(players=players), seed=2)
    titles = _titles(render_svg(allegra.view(state, 0)))
    for owner in range(players):
        for row in range(3):
            # A place of a column 3 is drawn in both areas; any other place once.
            assert sum(t.startswith(f"p{owner}.r{row}c3:") for t in titles) == 2
            assert sum(t.startswith(f"p{owner}.r{row}c0:") for t in titles) == 1
        right = (owner - 1) % players
        band = (
            f"column 3 of seat {owner}'s grid: shared by the areas of seat {owner} "
            f"and seat {right} (AL-3)"
        )
        assert titles.count(band) == 2


def test_a_move_marks_its_place_in_both_areas() -> None:
    state = allegra.new_game(allegra.Rules(players=2), seed=2)
    move = allegra.Reveal(allegra.Slot(0, 1, 3))
    assert move in allegra.legal_moves(state)
    after = allegra.apply(state, move)
    svg = render_svg(after, last_move=move, mover=0)
    root = ET.fromstring(svg)
    marked = [
        g[0].text or ""
        for g in root.iter(f"{SVG}g")
        if any(r.get("stroke") == "#e8590c" for r in g.iter(f"{SVG}rect"))
        and (g[0].text or "").startswith("p")
    ]
    assert len(marked) == 2
    assert all(t.startswith("p0.r1c3: ") for t in marked)
    assert "last move: seat 0: reveal p0.r1c3" in svg


def test_a_view_draws_face_down_cards_as_plain_backs() -> None:
    state = allegra.new_game(allegra.Rules(players=3), seed=5)
    view = allegra.view(state, 2)
    titles = _titles(render_svg(view))
    assert not [t for t in titles if "whole table knows" in t]
    down = sum(view.face_down)
    # Every face-down place once, and the column 3 places a second time.
    assert sum(t.endswith(": face down") for t in titles) == down + sum(
        view.face_down[o * 12 + r * 4 + 3] for o in range(3) for r in range(3)
    )


def test_no_face_down_value_reaches_a_view_s_picture() -> None:
    """Every face-down place of a view is a bare back: no text on it, and the values
    shown as cards are exactly the view's face-up values (twice on a column 3)."""
    for seed in range(5):
        state = allegra.new_game(allegra.Rules(players=4), seed=seed)
        for _ in range(25 + seed):
            state = allegra.apply(state, allegra.legal_moves(state)[seed % 2 - 1])
        for seat in range(4):
            view = allegra.view(state, seat)
            root = ET.fromstring(render_svg(view))
            places = [g for g in root.iter(f"{SVG}g") if (g[0].text or "").startswith("p")]
            for group in places:
                if (group[0].text or "").endswith(": face down"):
                    assert not list(group.iter(f"{SVG}text"))
            shown = sorted(int(g.get("data-card", "")) for g in places if g.get("data-card"))
            up = [c for c in view.cards if c is not None]
            shared = [
                c
                for o in range(4)
                for r in range(3)
                if (c := view.cards[o * 12 + r * 4 + 3]) is not None
            ]
            assert shown == sorted(up + shared)
            # The whole table writes them: the test would see a leak.
            table = ET.fromstring(render_svg(state))
            assert any(
                list(g.iter(f"{SVG}text"))
                for g in table.iter(f"{SVG}g")
                if "the whole table knows" in (g[0].text or "")
            )
