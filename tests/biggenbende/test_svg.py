"""Biggenbende's picture: three rows a seat, the piles, and a face-up choice kept hidden."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cardrules import biggenbende as bb
from cardrules.svg import render_svg

SVG = "{http://www.w3.org/2000/svg}"


def _titles(svg: str) -> list[str]:
    return [g[0].text or "" for g in ET.fromstring(svg).iter(f"{SVG}g")]


def _chosen(seats: int) -> tuple[bb.State, bb.ChooseFaceUp]:
    state = bb.new_game(bb.Rules(players=3), seed=1)
    chosen = []
    for _ in range(seats):
        move = bb.legal_moves(state)[0]
        assert isinstance(move, bb.ChooseFaceUp)
        chosen.append(move)
        state = bb.apply(state, move)
    return state, chosen[-1]


def test_each_seat_has_its_three_rows() -> None:
    state, _ = _chosen(3)  # every seat has chosen: play begins
    view = bb.view(state, 1)
    titles = _titles(render_svg(view))
    for seat in range(3):
        down = [t for t in titles if t.startswith(f"seat {seat}'s face-down place")]
        assert len(down) == 3
        up = [t for t in titles if t.endswith(f"face up on seat {seat}'s face-down row")]
        assert len(up) == sum(view.face_up[seat])
    own = [t for t in titles if t.endswith("in seat 1's hand")]
    assert len(own) == sum(1 for n in view.hand if n)  # one card a value, with a count
    for seat in (0, 2):
        hidden = [t for t in titles if t.startswith(f"seat {seat}'s hand:")]
        assert hidden
        assert all(t.endswith("hidden") for t in hidden)


def test_a_face_up_choice_stays_hidden_from_the_others_until_all_have_chosen() -> None:
    state, move = _chosen(1)
    other = render_svg(state, seat=1, last_move=move, mover=0)
    assert "seat 0 chose three face-up cards" in other
    assert str(move) not in other
    own = render_svg(state, seat=0, last_move=move, mover=0)
    assert f"last move: seat 0: {move}" in own


def test_the_whole_table_writes_face_down_values_on_the_backs() -> None:
    state, _ = _chosen(3)
    table = _titles(render_svg(state))
    known = [t for t in table if "the whole table knows" in t]
    assert len(known) == 9
    assert not [t for t in _titles(render_svg(state, seat=0)) if "the whole table knows" in t]


def test_no_hidden_value_reaches_a_view_s_picture() -> None:
    """In a view, face-down places are bare backs, other hands are backs with a count,
    and the cards shown are exactly the view's: its own hand, every face-up row and the
    top of the discard pile."""
    state, _ = _chosen(3)
    for _ in range(12):
        state = bb.apply(state, bb.legal_moves(state)[-1])
    for seat in range(3):
        view = bb.view(state, seat)
        root = ET.fromstring(render_svg(view))
        groups = list(root.iter(f"{SVG}g"))
        for group in groups:
            title = group[0].text or ""
            if "face-down place" in title:
                assert not list(group.iter(f"{SVG}text"))
            if title.startswith("seat ") and "'s hand:" in title:
                texts = ["".join(t.itertext()) for t in group.iter(f"{SVG}text")]
                assert texts in ([], [str(view.hand_counts[int(title.split()[1][0])])])
        shown = sorted(int(g.get("data-card", "")) for g in groups if g.get("data-card"))
        hand = [v for v, n in enumerate(view.hand) if n]  # one card a value, with a count
        ups = [v for row in view.face_up for v, n in enumerate(row) for _ in range(n)]
        assert shown == sorted(hand + ups + list(view.discard[-7:]))
