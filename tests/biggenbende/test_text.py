"""Biggenbende as text: the view drawing and what a move showed, per seat (BB-4, BB-21)."""

from __future__ import annotations

from cardrules import biggenbende as bb


def test_the_view_names_the_seat_and_hides_other_hands() -> None:
    state = bb.new_game(bb.Rules(players=3), seed=1)
    assert bb.GAME.render_view is not None
    text = bb.GAME.render_view(bb.view(state, 2), "me")
    lines = text.splitlines()
    assert "  seat 2 (me): hand " in lines[-1]
    assert lines[-3].startswith("> seat 0: hand 7 cards | face up - ")  # BB-21: a count


def _told(before: bb.State, move: bb.Move, after: bb.State, seat: int) -> str:
    return "; ".join(bb.render_event(e, seat) for e in bb.events(before, move, after, seat))


def test_a_face_up_choice_is_hidden_from_the_others_until_all_have_chosen() -> None:
    state = bb.new_game(bb.Rules(players=3), seed=1)
    move = bb.legal_moves(state)[0]
    after = bb.apply(state, move)
    # BB-4: seat 1 learns only that seat 0 chose; seat 0 sees its own choice.
    assert _told(state, move, after, 1) == "seat 0 chooses 3 cards to lay face up"
    assert _told(state, move, after, 0).startswith("you lay ")
    for _ in range(2):
        state, move = after, bb.legal_moves(after)[0]
        after = bb.apply(state, move)
    told = _told(state, move, after, 1)
    assert "; face up now: seat 0 " in told
