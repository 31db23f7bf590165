"""Biggenbende as text: the view drawing and what a move showed, per seat (BB-4, BB-21)."""

from __future__ import annotations

from cardrules import biggenbende as bb
from cardrules.biggenbende._text import _played


def test_the_view_names_the_seat_and_hides_other_hands() -> None:
    state = bb.new_game(bb.Rules(players=3), seed=1)
    assert bb.GAME.render_view is not None
    text = bb.GAME.render_view(bb.view(state, 2), "me")
    lines = text.splitlines()
    assert "  seat 2 (me): hand " in lines[-1]
    assert lines[-3].startswith("> seat 0: hand 7 cards | face up - ")  # BB-21: a count


def test_a_face_up_choice_is_hidden_from_the_others_until_all_have_chosen() -> None:
    state = bb.new_game(bb.Rules(players=3), seed=1)
    move = bb.legal_moves(state)[0]
    after = bb.apply(state, move)
    # BB-4: seat 1 learns only that seat 0 chose; seat 0 sees its own choice.
    assert _played(move, bb.view(state, 1), bb.view(after, 1)) == "chooses 3 cards to lay face up"
    assert _played(move, bb.view(state, 0), bb.view(after, 0)) == str(move)
    for _ in range(2):
        state, move = after, bb.legal_moves(after)[0]
        after = bb.apply(state, move)
    told = _played(move, bb.view(state, 1), bb.view(after, 1))
    assert told == f"{move}; every face-up card is shown now"
