"""Allegra as text: areas with the shared column (AL-3), and what a draw showed (AL-7)."""

from __future__ import annotations

from cardrules import allegra


def test_every_area_shows_its_shared_column_and_hides_face_down_cards() -> None:
    state = allegra.new_game(allegra.Rules(players=3), seed=2)
    assert allegra.GAME.render_view is not None
    text = allegra.GAME.render_view(allegra.view(state, 1), "me")
    assert "seat 1 (me)" in text
    # AL-3: seat 2's area starts with column 3 of its left neighbour, seat 0.
    assert "p0.c3 | p2.c0 p2.c1 p2.c2 p2.c3" in text
    rows = [line for line in text.splitlines() if line.startswith("    r")]
    assert sum(line.count("?") for line in rows) == 3 * 15  # AL-14: nothing turned yet


def test_a_drawn_card_is_told_to_every_seat() -> None:
    state = allegra.new_game(allegra.Rules(players=3), seed=2)
    while state.phase != "turn":
        state = allegra.apply(state, allegra.legal_moves(state)[0])
    draw = allegra.Draw()
    assert draw in allegra.legal_moves(state)
    after = allegra.apply(state, draw)
    # AL-7: the others decide to knock on the drawn card, so every seat is told it.
    for seat in range(3):
        told = [allegra.render_event(e, seat) for e in allegra.events(state, draw, after, seat)]
        assert str(after.drawn) in told[0]
        assert "draw" in told[0]
