"""Beggar-my-neighbour's picture: the stacks and the pile as at a table."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cardrules import beggar
from cardrules.svg import render_svg

SVG = "{http://www.w3.org/2000/svg}"


def _titles(svg: str, cls: str) -> list[str]:
    root = ET.fromstring(svg)
    return [g[0].text or "" for g in root.iter(f"{SVG}g") if g.get("class", "").startswith(cls)]


def _after(turns: int, players: int = 2) -> beggar.State:
    state = beggar.new_game(beggar.Rules(players=players), seed=4)
    for _ in range(turns):
        state = beggar.apply(state, beggar.Turn())
    return state


def test_the_pile_shows_its_last_cards_top_last() -> None:
    state = _after(5)
    assert state.pile  # seed 4: no trick in the first five cards
    svg = render_svg(state, last_move=beggar.Turn(), mover=0)
    faces = _titles(svg, "card up")
    assert len(faces) == len(state.pile[-6:])
    assert faces[-1].endswith("face up on top of the pile")
    top = state.pile[-1]
    assert f'data-card="{top}"' in svg
    assert f"turned the {top.rank}" in svg


def test_every_seat_has_a_labelled_stack_with_its_count() -> None:
    state = _after(3, players=4)
    svg = render_svg(state)
    stacks = _titles(svg, "card down")
    assert len(stacks) == 4
    for seat, stack in enumerate(state.stacks):
        assert stacks[seat].startswith(f"seat {seat}'s face-down stack: {len(stack)} cards")
    seats = _titles(svg, "seat")
    assert [t.split(",")[0].split(":")[0] for t in seats] == [f"seat {s}" for s in range(4)]
    turn = beggar.to_move(state)
    assert [("to move" in t) for t in seats] == [s == turn for s in range(4)]


def test_only_the_whole_table_names_a_stack_s_top_card() -> None:
    state = _after(2)
    top = state.stacks[0][0]
    assert ", top card" in render_svg(state)
    assert ", top card" not in render_svg(state, seat=0)
    assert f'data-card="{top}"' not in render_svg(state, seat=0)
