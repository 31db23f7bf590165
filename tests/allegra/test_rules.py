"""
Scripted situations, one or more per rule AL-1 .. AL-14 of the Allegra docs page.

Layouts are written one string per seat: rows split by ``/``, ``*`` marks a face-up
card (see ``helpers.make_layout``). Places print as ``p<owner>.r<row>c<col>``.
"""

from __future__ import annotations

import collections

import attrs
import pytest

from cardrules import GameOverError, IllegalMoveError, InvalidStateError, RulesError
from cardrules import allegra as al
from cardrules._rng import _below
from cardrules.allegra import (
    DEFAULT_DECK,
    Discard,
    Draw,
    Exchange,
    Give,
    Ignore,
    Knock,
    Pass,
    Place,
    Reveal,
    Rules,
    Swap,
    Take,
)
from tests.allegra.helpers import FILL, S, card, is_up, make_layout, play, remove_places, start

R2 = Rules(players=2)
R3 = Rules(players=3)
R4 = Rules(players=4)


def random_play(state: al.State, seed: int, until: object = None) -> al.State:
    """Play uniformly random legal moves until ``until(state)`` or the end."""
    rng = seed
    while not al.is_over(state):
        if until is not None and until(state):  # type: ignore[operator]
            break
        moves = al.legal_moves(state)
        k, rng = _below(rng, len(moves))
        state = al.apply(state, moves[k])
    return state


def places(slots: str) -> set[int]:
    out = set()
    for text in slots.split():
        s = S(text)
        out.add(s.owner * 12 + s.row * 4 + s.col)
    return out


def removed_places(state: al.State) -> set[int]:
    return {i for i, c in enumerate(state.cards) if c is None}


# --------------------------------------------------------------------------- AL-1, AL-2


def test_al1_deck_counts() -> None:
    assert Rules().deck == DEFAULT_DECK
    assert sum(DEFAULT_DECK) == 120
    assert dict(zip(al.CARD_VALUES, DEFAULT_DECK, strict=True))[5] == 12
    state = al.new_game(R4, seed=11)
    every = [c for c in state.cards if c is not None] + list(state.deck) + list(state.discard)
    counts = collections.Counter(every)
    assert [counts[v] for v in al.CARD_VALUES] == list(DEFAULT_DECK)


def test_al1_bad_deck_is_rejected() -> None:
    with pytest.raises(RulesError, match="13 counts"):
        Rules(deck=(1, 2, 3))
    with pytest.raises(RulesError, match="13 counts"):
        Rules(deck=(10,) * 12 + (-1,))


@pytest.mark.parametrize("players", [0, 1, 7, True, "4", 2.0])
def test_al2_player_count_out_of_range(players: object) -> None:
    with pytest.raises(RulesError, match="2 to 6"):
        Rules(players=players)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_al2_two_to_six_players(players: int) -> None:
    state = al.new_game(Rules(players=players), seed=1)
    assert al.players(state) == players
    assert len(state.cards) == 12 * players


# --------------------------------------------------------------------------- AL-3


def test_al3_areas_follow_the_diagram() -> None:
    rows = {seat: [str(s) for s in al.area(seat, 4)[:5]] for seat in range(4)}
    assert rows[0] == ["p1.r0c3", "p0.r0c0", "p0.r0c1", "p0.r0c2", "p0.r0c3"]
    assert rows[1] == ["p2.r0c3", "p1.r0c0", "p1.r0c1", "p1.r0c2", "p1.r0c3"]
    assert rows[3] == ["p0.r0c3", "p3.r0c0", "p3.r0c1", "p3.r0c2", "p3.r0c3"]
    assert len(al.area(2, 4)) == len(set(al.area(2, 4))) == 15
    assert [str(s) for s in al.area(0, 4)[10:]] == [
        "p1.r2c3",
        "p0.r2c0",
        "p0.r2c1",
        "p0.r2c2",
        "p0.r2c3",
    ]
    # A shared card has one name and lies in two areas.
    assert al.areas_of(S("p2.r1c3"), 4) == (1, 2)
    assert al.areas_of(S("p2.r1c2"), 4) == (2,)


def test_al3_two_players_both_shared_columns_belong_to_both() -> None:
    a0 = {str(s) for s in al.area(0, 2)}
    a1 = {str(s) for s in al.area(1, 2)}
    assert a0 & a1 == {f"p{o}.r{r}c3" for o in (0, 1) for r in range(3)}
    assert [str(s) for s in al.area(1, 2)[:5]] == [
        "p0.r0c3",
        "p1.r0c0",
        "p1.r0c1",
        "p1.r0c2",
        "p1.r0c3",
    ]
    assert al.areas_of(S("p0.r0c3"), 2) == (0, 1)
    assert al.areas_of(S("p1.r2c3"), 2) == (0, 1)


def test_al3_area_arguments_are_checked() -> None:
    with pytest.raises(RulesError):
        al.area(4, 4)
    with pytest.raises(RulesError):
        al.area(0, 7)
    with pytest.raises(RulesError):
        al.areas_of(S("p3.r0c0"), 3)
    with pytest.raises(RulesError):
        al.Slot(0, 3, 0)
    with pytest.raises(RulesError):
        al.Slot.from_str("p0r0c0")


# --------------------------------------------------------------------------- AL-4


def test_al4_deal() -> None:
    state = al.new_game(R3, seed=5)
    assert state.phase == "reveal"
    assert not any(state.face_up)
    assert len(state.discard) == 1
    assert len(state.deck) == 120 - 36 - 1
    assert state.round == 1
    assert state.scores == ()


def test_al4_each_player_reveals_two_in_turn_order() -> None:
    state = al.new_game(R3, seed=5)
    order = []
    while state.phase == "reveal":
        order.append(al.to_move(state))
        state = al.apply(state, al.legal_moves(state)[0])
    assert order == [0, 0, 1, 1, 2, 2]
    assert state.phase == "turn"
    assert al.to_move(state) == 0
    assert state.turns == 0  # AL-13: setup reveals are not turns


def test_al4_reveals_in_the_area_and_face_down_only() -> None:
    state = al.new_game(R3, seed=5)
    moves = al.legal_moves(state)
    assert Reveal(S("p1.r0c3")) in moves  # the shared column counts as part of the area
    assert len(moves) == 15
    with pytest.raises(IllegalMoveError, match="AL-4"):
        al.apply(state, Reveal(S("p2.r0c0")))
    state = al.apply(state, Reveal(S("p0.r0c0")))
    assert Reveal(S("p0.r0c0")) not in al.legal_moves(state)
    with pytest.raises(IllegalMoveError, match="no face-down card"):
        al.apply(state, Reveal(S("p0.r0c0")))
    with pytest.raises(IllegalMoveError, match="AL-4"):
        al.apply(state, Draw())


def test_al4_triples_apply_from_the_first_reveal() -> None:
    state = start(
        R2,
        "4 4 1 2 / 3 5 6 7 / 8 9 10 11",
        "1 2 3 4* / 5 6 7 8 / 9 10 11 0",
        reveals=True,
    )
    state = play(state, Reveal(S("p0.r0c0")))
    assert state.removed == ()
    state = play(state, Reveal(S("p0.r0c1")))
    assert state.removed == (4, 4, 4)
    assert removed_places(state) == places("p1.r0c3 p0.r0c0 p0.r0c1")
    assert state.phase == "reveal"
    assert al.to_move(state) == 1


# --------------------------------------------------------------------------- AL-5


@pytest.mark.parametrize("players", [2, 3, 5])
def test_al5_round_r_starts_with_seat_r_minus_1(players: int) -> None:
    state = al.new_game(Rules(players=players), seed=21)
    assert al.to_move(state) == 0
    state = random_play(state, 3, until=lambda s: s.round == 2)
    assert (state.round, state.phase, al.to_move(state)) == (2, "reveal", 1 % players)
    state = random_play(state, 4, until=lambda s: s.round == 3)
    assert (state.round, state.phase, al.to_move(state)) == (3, "reveal", 2 % players)


# --------------------------------------------------------------------------- AL-6


def test_al6_draw_and_swap() -> None:
    state = start(R2, FILL, FILL, deck=(11,))
    state = play(state, Draw())
    assert state.phase == "drawn"
    assert state.drawn == 11
    assert len(al.legal_moves(state)) == 15 + 15  # 15 swaps, 15 discards with a reveal
    state = play(state, Swap(S("p0.r0c0")))
    assert (card(state, "p0.r0c0"), is_up(state, "p0.r0c0")) == (11, True)
    assert state.discard[-1] == 1  # the old card, face up on the pile
    assert (state.phase, al.to_move(state), state.turns) == ("turn", 1, 1)


def test_al6_draw_discard_and_reveal() -> None:
    state = start(R2, FILL, FILL, deck=(11,))
    state = play(state, Draw())
    with pytest.raises(IllegalMoveError, match="face-down card of the area must be turned up"):
        al.apply(state, Discard())
    state = play(state, Discard(S("p1.r1c3")))  # a face-down card of the shared column
    assert state.discard[-1] == 11
    assert (card(state, "p1.r1c3"), is_up(state, "p1.r1c3")) == (8, True)


def test_al6_take_the_discard_onto_a_shared_place() -> None:
    state = start(R2, FILL, FILL, discard=(9, 5))
    assert al.legal_moves(state)[0] == Draw()
    state = play(state, Take(S("p1.r0c3")))
    assert (card(state, "p1.r0c3"), is_up(state, "p1.r0c3")) == (5, True)
    assert state.discard == (9, 4)


def test_al6_swapping_a_face_up_card_for_an_equal_one() -> None:
    state = start(R2, "11* 2 3 4 / 5 6 7 8 / 9 10 1 0", FILL, deck=(11,))
    state = play(state, Draw(), Swap(S("p0.r0c0")))
    assert card(state, "p0.r0c0") == 11
    assert state.discard[-1] == 11


def test_al6_an_empty_area_can_only_draw_and_discard() -> None:
    state = start(R2, FILL, FILL, deck=(7,))
    state = remove_places(state, al.area(0, 2))
    assert al.legal_moves(state) == (Draw(),)
    with pytest.raises(IllegalMoveError, match="AL-6"):
        al.apply(state, Take(S("p0.r0c0")))
    state = play(state, Draw())
    assert al.legal_moves(state) == (Discard(),)
    state = play(state, Discard())
    assert state.discard[-1] == 7
    assert state.ender == 0  # AL-9: an area with no card ends the round


def test_al6_wrong_moves_for_the_phase() -> None:
    state = start(R2, FILL, FILL)
    with pytest.raises(IllegalMoveError, match="AL-6"):
        al.apply(state, Swap(S("p0.r0c0")))
    with pytest.raises(IllegalMoveError, match="a turn starts with a draw or a take"):
        al.apply(state, Knock())
    with pytest.raises(IllegalMoveError, match="not an Allegra move"):
        al.apply(state, "draw")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="AL-6"):
        al.apply(state, Take(S("p1.r0c0")))  # not in seat 0's area


# --------------------------------------------------------------------------- AL-7


def test_al7_no_knocking_with_two_players() -> None:
    state = play(start(R2, FILL, FILL), Draw())
    assert state.phase == "drawn"
    assert Knock() not in al.legal_moves(state)


def test_al7_knock_window_in_turn_order_each_seat_once() -> None:
    state = play(start(R4, FILL, FILL, FILL, FILL, deck=(6,)), Draw())
    assert state.phase == "knock"
    assert al.legal_moves(state) == (Knock(), Pass())
    seen = []
    for move in (Knock(), Pass(), Knock()):  # a knock does not close the window
        seen.append(al.to_move(state))
        state = play(state, move)
    assert seen == [1, 2, 3]
    assert state.knockers == (1, 3)
    assert state.passers == (2,)
    assert state.phase == "give"
    assert al.to_move(state) == 0
    assert al.legal_moves(state) == (Ignore(), Give(1), Give(3))
    with pytest.raises(IllegalMoveError, match="did not knock"):
        al.apply(state, Give(2))
    with pytest.raises(IllegalMoveError, match="AL-7"):
        al.apply(state, Knock())
    ignored = play(state, Ignore())
    assert ignored.phase == "drawn"
    assert al.to_move(ignored) == 0


def test_al7_nobody_knocks() -> None:
    state = play(start(R3, FILL, FILL, FILL), Draw(), Pass(), Pass())
    assert state.phase == "drawn"
    assert al.to_move(state) == 0


def test_al7_knock_exchange_between_neighbours_from_the_shared_column() -> None:
    state = start(
        R4,
        FILL,  # p0.r0c0 is a face-down 1
        "1 2 3 9 / 5 6 4 8 / 7 10 11 0",  # p1.r0c3 is a face-down 9, p1.r1c1 a 6
        FILL,
        FILL,
        deck=(11,),
    )
    state = play(state, Draw(), Knock(), Pass(), Pass(), Give(1))
    assert (state.phase, al.to_move(state)) == ("place", 1)
    # Step 1: the knocker lays the card in their area and takes the old card in hand.
    state = play(state, Place(S("p1.r1c1")))
    assert (card(state, "p1.r1c1"), is_up(state, "p1.r1c1")) == (11, True)
    assert state.hand == 6
    assert (state.phase, al.to_move(state)) == ("exchange", 0)
    # AL-14: only the knocker sees the card in hand.
    assert al.view(state, 1).hand == 6
    assert [al.view(state, seat).hand for seat in (0, 2, 3)] == [None, None, None]
    assert al.view(state, 2).hand_count == 1
    # Step 2 needs another place than the one the card came from.
    with pytest.raises(IllegalMoveError, match="another place"):
        al.apply(state, Exchange(S("p1.r0c3"), S("p1.r0c3")))
    with pytest.raises(IllegalMoveError, match="no card of seat 1's area"):
        al.apply(state, Exchange(S("p2.r0c0"), S("p0.r0c0")))
    with pytest.raises(IllegalMoveError, match="drawer's area"):
        al.apply(state, Exchange(S("p1.r0c0"), S("p2.r0c0")))
    # The drawer takes the shared face-down 9; it lands face up in the drawer's area.
    state = play(state, Exchange(S("p1.r0c3"), S("p0.r0c0")))
    assert (card(state, "p0.r0c0"), is_up(state, "p0.r0c0")) == (9, True)
    assert state.discard[-1] == 1  # the drawer's old card, discarded face up
    # Step 3: the knocker's card in hand fills the gap, face up.
    assert (card(state, "p1.r0c3"), is_up(state, "p1.r0c3")) == (6, True)
    assert state.hand is None
    assert (state.phase, al.to_move(state), state.turns) == ("turn", 1, 1)


def test_al7_the_exchange_is_one_action_for_triples() -> None:
    rules = R4
    layout_grids = (FILL, FILL, "11* 11* 4 1 / 2 3 5 6 / 7 8 9 10", FILL)
    state = start(rules, *layout_grids, deck=(11,))
    state = play(state, Draw(), Pass(), Knock(), Pass(), Give(2), Place(S("p2.r0c2")))
    # A triple shows after step 1, but nothing leaves before step 3.
    assert [card(state, f"p2.r0c{c}") for c in range(3)] == [11, 11, 11]
    assert state.removed == ()
    # The drawer takes the placed 11: after step 3 the row shows 11 11 4: no triple.
    broken = play(state, Exchange(S("p2.r0c2"), S("p0.r0c0")))
    assert broken.removed == ()
    assert card(broken, "p2.r0c2") == 4
    assert card(broken, "p0.r0c0") == 11
    # Taking another card leaves the triple standing: it is removed after step 3.
    kept = play(state, Exchange(S("p2.r1c0"), S("p0.r0c0")))
    assert kept.removed == (11, 11, 11)
    assert removed_places(kept) == places("p2.r0c0 p2.r0c1 p2.r0c2")
    assert (card(kept, "p2.r1c0"), card(kept, "p0.r0c0")) == (4, 2)


def test_al7_knock_window_skips_seats_whose_area_holds_no_card() -> None:
    state = start(R4, FILL, FILL, FILL, FILL, discard=(3,))
    state = remove_places(state, al.area(2, 4))
    state = play(state, Draw())
    assert state.knock_queue == (1, 3)
    state = play(state, Pass(), Pass(), Swap(S("p0.r0c0")), Take(S("p1.r0c0")))
    # Seat 2 has an empty area: it can only draw (AL-6) and then discard.
    assert al.to_move(state) == 2
    assert al.legal_moves(state) == (Draw(),)
    state = play(state, Draw())
    assert state.knock_queue == (3, 0, 1)
    state = play(state, Knock(), Pass(), Pass())
    # No exchange is possible when the drawer's area holds no card.
    assert al.legal_moves(state) == (Ignore(),)
    state = play(state, Ignore(), Discard())
    assert state.ender == 2


def test_al7_give_only_when_an_exchange_is_possible() -> None:
    state = start(R4, FILL, FILL, FILL, FILL)
    # Seat 0's area keeps only p1.r0c3, which is also seat 1's only card: step 2 could
    # not move it to another place of seat 0's area.
    keep = S("p1.r0c3")
    gone = {s for s in (*al.area(0, 4), *al.area(1, 4)) if s != keep}
    state = remove_places(state, sorted(gone, key=str))
    state = play(state, Draw(), Knock(), Knock(), Pass())
    assert al.legal_moves(state) == (Ignore(), Give(2))
    with pytest.raises(IllegalMoveError, match="no exchange is possible"):
        al.apply(state, Give(1))


# --------------------------------------------------------------------------- AL-8


def test_al8_row_triple_uses_left_neighbours_column() -> None:
    state = start(
        R4,
        "7* 9 1 2 / 3 4 5 6 / 8 10 11 0",
        "1 2 3 7* / 5 6 7 8 / 9 10 11 0",
        FILL,
        FILL,
        deck=(7,),
    )
    state = play(state, Draw(), Pass(), Pass(), Pass(), Swap(S("p0.r0c1")))
    assert state.removed == (7, 7, 7)
    assert removed_places(state) == places("p1.r0c3 p0.r0c0 p0.r0c1")
    assert state.discard[-1] == 9


def test_al8_column_triple_in_a_shared_column_leaves_both_areas() -> None:
    state = start(R4, FILL, "1 2 3 5* / 4 6 7 5* / 8 9 10 2", FILL, FILL, deck=(5,))
    state = play(state, Draw(), Pass(), Pass(), Pass(), Swap(S("p1.r2c3")))
    gone = places("p1.r0c3 p1.r1c3 p1.r2c3")
    assert removed_places(state) == gone
    assert state.removed == (5, 5, 5)
    for seat in (0, 1):
        shown = al.view(state, seat)
        area = [s.owner * 12 + s.row * 4 + s.col for s in al.area(seat, 4)]
        assert {i for i in area if shown.cards[i] is None and not shown.face_down[i]} == gone


@pytest.mark.parametrize(
    ("grid0", "count"),
    [("1 2 3 5 / 4* 9 4* 6 / 7 8 10 11", 4), ("1 2 3 5 / 4* 9 4* 4* / 7 8 10 11", 5)],
)
def test_al8_run_of_four_or_five_leaves_whole(grid0: str, count: int) -> None:
    state = start(R2, grid0, "1 2 3 0 / 5 6 7 4* / 8 9 10 11", deck=(4,))
    state = play(state, Draw(), Swap(S("p0.r1c1")))
    assert state.removed == (4,) * count
    expected = "p1.r1c3 p0.r1c0 p0.r1c1 p0.r1c2" + (" p0.r1c3" if count == 5 else "")
    assert removed_places(state) == places(expected)


def test_al8_all_lines_are_removed_together() -> None:
    state = start(R2, "1 6* 3 5 / 6* 9 6* 2 / 7 6* 10 11", FILL, deck=(6,))
    state = play(state, Draw(), Swap(S("p0.r1c1")))
    assert removed_places(state) == places("p0.r1c0 p0.r1c1 p0.r1c2 p0.r0c1 p0.r2c1")
    assert state.removed == (6,) * 5


def test_al8_removed_places_stay_empty_and_break_rows() -> None:
    state = start(
        R2,
        "1 8* 2 4 / 3* 9 3* 5 / 6 8* 7 10",
        "1 2 4 5 / 6 7 9 3* / 10 11 0 2",
        deck=(8, 3),
    )
    state = play(state, Draw(), Swap(S("p0.r1c1")))  # the column of 8s leaves
    assert removed_places(state) == places("p0.r0c1 p0.r1c1 p0.r2c1")
    state = play(state, Take(S("p1.r0c0")))
    state = play(state, Draw())
    assert Swap(S("p0.r1c1")) not in al.legal_moves(state)
    with pytest.raises(IllegalMoveError, match="no card place"):
        al.apply(state, Swap(S("p0.r1c1")))
    # The row now reads 3 3 _ 3 3: the empty place breaks it.
    state = play(state, Swap(S("p0.r1c3")))
    assert len(state.removed) == 3
    assert [card(state, s) for s in ("p1.r1c3", "p0.r1c0", "p0.r1c2", "p0.r1c3")] == [3] * 4


def test_al8_runs_never_continue_into_the_next_area_row() -> None:
    state = start(
        R4,
        "1 3 2* 9 / 4 5 6 7 / 8 10 11 0",
        FILL,
        FILL,
        "2* 5 1 3 / 4 6 7 8 / 9 10 11 0",
        deck=(2,),
    )
    # On the table p0.r0c2, p0.r0c3 and p3.r0c0 lie side by side, but seat 0's area
    # row ends at p0.r0c3 and seat 3's row starts there: no run of three.
    state = play(state, Draw(), Pass(), Pass(), Pass(), Swap(S("p0.r0c3")))
    assert state.removed == ()


def test_al8_a_move_may_remove_cards_outside_the_movers_area() -> None:
    state = start(R4, FILL, FILL, FILL, "1 2 3 4 / 5 6 7 8 / 10* 10* 9 0", deck=(10,))
    state = play(state, Draw(), Pass(), Pass(), Pass(), Swap(S("p0.r2c3")))
    assert removed_places(state) == places("p0.r2c3 p3.r2c0 p3.r2c1")
    assert not {S("p3.r2c0"), S("p3.r2c1")} & set(al.area(0, 4))


# --------------------------------------------------------------------------- AL-9

ENDING = "1* 2* 1* 9 / 3* 4* 3* 4* / 1* 2* 1* 2*"  # all face up but p0.r0c3
NEIGHBOUR = "1 2 3 5* / 4 6 8 6* / 9 10 11 7*"  # column 3 face up


def test_al9_the_ender_and_one_more_turn_each() -> None:
    state = start(R3, ENDING, NEIGHBOUR, FILL, discard=(1, 9, 0))
    state = play(state, Take(S("p0.r0c3")))
    assert (state.ender, state.last_turns, al.to_move(state)) == (0, 2, 1)
    state = play(state, Take(S("p1.r0c0")))
    assert (state.ender, state.last_turns, al.to_move(state)) == (0, 1, 2)
    state = play(state, Take(S("p2.r0c0")))
    assert state.round == 2
    assert len(state.scores) == 1
    assert (state.phase, al.to_move(state), state.ender) == ("reveal", 1, None)


def test_al9_only_the_player_whose_turn_it_is_ends_the_round() -> None:
    state = start(R2, ENDING, NEIGHBOUR, discard=(9, 0), deck=(8,))
    state = play(state, Take(S("p0.r1c0")))  # seat 0 still has p0.r0c3 face down
    assert state.ender is None
    # Seat 1 completes seat 0's area through the shared column: nobody ends yet.
    state = play(state, Draw(), Swap(S("p0.r0c3")))
    assert not any(not state.face_up[s.owner * 12 + s.row * 4 + s.col] for s in al.area(0, 2))
    assert state.ender is None
    # Seat 0 ends the round at the end of its own next turn.
    state = play(state, Take(S("p0.r1c0")))
    assert (state.ender, state.last_turns) == (0, 1)
    state = play(state, Take(S("p1.r0c0")))
    assert (state.round, len(state.scores)) == (2, 1)


# --------------------------------------------------------------------------- AL-10, AL-12

# A deck with plenty of every value, so that scores can be chosen freely.
BIG = Rules(players=2, rounds=1, deck=(20,) * 13)


def _score_game(x: int, col3: str, grid1: str, drawn: int) -> al.State:
    """Seat 0's area is face up but for ``x`` at p0.r2c2; seat 0 draws ``drawn``,
    discards it and turns up ``x``, ending the round; seat 1 takes the discard onto
    p1.r0c0 in its last turn."""
    a, b, c = col3.split()
    g = grid1.split()
    grid1 = f"{g[0]} {g[1]} {g[2]} {a}* / {g[3]} {g[4]} {g[5]} {b}* / {g[6]} {g[7]} {g[8]} {c}*"
    state = start(BIG, f"-1* 0* -1* 0* / 0* -1* 0* -1* / -1* 0* {x} 0*", grid1, deck=(drawn,))
    state = play(state, Draw(), Discard(S("p0.r2c2")))
    assert state.ender == 0
    return play(state, Take(S("p1.r0c0")))


def test_al10_shared_columns_count_for_both_and_a_tie_doubles_the_ender() -> None:
    # Seat 0: its grid -5 + 5 and seat 1's column 3 (3 + 4 + 3) = 10.
    # Seat 1: seat 0's column 3 (0 - 1 + 0), its grid 1 + 0 * 8 and column 3 = 10.
    state = _score_game(5, "3 4 3", "7 0 0 0 0 0 0 0 0", drawn=1)
    assert al.is_over(state)
    assert state.scores == ((20, 10),)
    # AL-10: all cards turned up at the end, and no triples removed then.
    assert all(state.face_up)
    assert state.removed == ()
    result = al.outcome(state)
    assert result is not None
    assert result.scores == (20, 10)
    assert result.winners == frozenset({1})
    assert result.reason == "normal"


def test_al10_a_strictly_lowest_ender_is_not_doubled() -> None:
    state = _score_game(5, "3 4 3", "7 0 0 0 0 0 0 0 0", drawn=2)
    assert state.scores == ((10, 11),)


def test_al10_a_negative_score_is_never_doubled() -> None:
    state = _score_game(1, "-1 0 -1", "7 -1 -1 -1 -1 0 -1 -1 0", drawn=0)
    # Seat 1: seat 0's column 3 (-1) and its grid (0 - 1 - 1 - 1) + (-1 - 1 + 0 + 0)
    # + (-1 - 1 + 0 - 1) = -9: lower than the ender's -6, which stays -6.
    assert state.scores == ((-6, -9),)


def test_al12_lowest_total_wins_and_ties_all_win() -> None:
    state = _score_game(1, "-1 0 -1", "7 -1 -1 -1 0 0 0 0 0", drawn=0)
    result = al.outcome(state)
    assert result is not None
    assert result.scores == (-6, -6)
    assert result.winners == frozenset({0, 1})


def test_al12_three_rounds_then_the_game_ends() -> None:
    state = al.new_game(R3, seed=8)
    assert al.outcome(state) is None
    state = random_play(state, 99)
    assert al.is_over(state)
    assert state.round == 3
    assert len(state.scores) == 3
    result = al.outcome(state)
    assert result is not None
    totals = tuple(sum(r[seat] for r in state.scores) for seat in range(3))
    assert result.scores == totals
    assert result.winners == frozenset(s for s in range(3) if totals[s] == min(totals))
    assert al.legal_moves(state) == ()
    assert al.to_move(state) is None
    with pytest.raises(GameOverError):
        al.apply(state, Draw())


# --------------------------------------------------------------------------- AL-11


def test_al11_an_empty_deck_is_rebuilt_from_the_discard_pile() -> None:
    state = start(R2, FILL, FILL, discard=(5,), fill="discard")
    assert state.deck == ()
    old = state.discard
    state = play(state, Draw())
    assert state.discard == (5,)
    assert state.drawn is not None
    assert collections.Counter((*state.deck, state.drawn)) == collections.Counter(old[:-1])
    assert state.deck != tuple(sorted(state.deck))  # shuffled with the game's RNG


def test_al11_a_deck_needs_twelve_cards_a_player_and_two() -> None:
    small = (2,) * 12 + (0,)  # 24 cards
    with pytest.raises(RulesError, match="at least 26"):
        Rules(players=2, deck=small)
    Rules(players=2, deck=(2,) * 12 + (2,))


# --------------------------------------------------------------------------- AL-13


def test_al13_a_cut_round_has_no_ender() -> None:
    rules = Rules(players=2, rounds=1, max_turns_per_round=1, deck=(20,) * 13)
    state = start(
        rules, "-1* 0* -1* 0* / 0* -1* 0* -1* / -1* 0* 5 0*", "7 0 0 3* / 0 0 0 4* / 0 0 0 3*"
    )
    # Seat 0 would end the round (and be doubled at 10 against 16), but the limit
    # cuts the round at its first turn: scored with no ender.
    state = play(state, Draw(), Discard(S("p0.r2c2")))
    assert al.is_over(state)
    assert state.scores == ((10, 16),)
    result = al.outcome(state)
    assert result is not None
    assert (result.reason, result.cut_rounds) == ("turn_limit", (1,))


def test_al13_knock_moves_and_reveals_are_not_turns() -> None:
    rules = Rules(players=3, max_turns_per_round=2)
    state = al.new_game(rules, seed=2)
    while state.phase == "reveal":
        state = al.apply(state, al.legal_moves(state)[0])
    state = play(state, Draw(), Knock(), Pass(), Give(1))
    state = play(state, al.legal_moves(state)[0])  # exchange step 1
    state = play(state, al.legal_moves(state)[0])  # step 2 ends the turn
    assert (state.turns, state.round) == (1, 1)
    state = play(state, al.legal_moves(state)[1])  # a take: the second turn
    assert (state.round, state.cut_rounds) == (2, (1,))


def test_al13_every_round_cut() -> None:
    state = random_play(al.new_game(Rules(players=2, max_turns_per_round=3), seed=4), 1)
    result = al.outcome(state)
    assert result is not None
    assert result.cut_rounds == (1, 2, 3)
    assert result.reason == "turn_limit"


# --------------------------------------------------------------------------- AL-14


def test_al14_views_hide_face_down_cards_and_the_deck() -> None:
    state = al.new_game(R3, seed=3)
    state = play(state, Reveal(S("p0.r0c0")))
    seen = al.view(state, 2)
    assert seen.seat == 2
    assert seen.cards[0] == card(state, "p0.r0c0")
    assert all(c is None for c in seen.cards[1:])
    assert seen.face_down[1:] == (True,) * 35
    assert seen.deck_count == len(state.deck)
    assert not hasattr(seen, "deck")
    assert not hasattr(seen, "rng")
    while state.phase == "reveal":
        state = play(state, al.legal_moves(state)[0])
    state = play(state, Draw())
    assert al.view(state, 1).drawn == state.drawn  # the drawn card is public
    with pytest.raises(RulesError):
        al.view(state, 3)


# --------------------------------------------------------------------------- entry points


def test_new_game_checks_seed_and_rules() -> None:
    for seed in (-1, 2**64, 1.5, "3", None):
        with pytest.raises(RulesError, match="seed"):
            al.new_game(R2, seed=seed)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"allegra\.Rules"):
        al.new_game(object(), seed=1)  # type: ignore[arg-type]
    assert al.new_game(seed=0).rules == Rules()
    assert al.new_game(R2, seed=7) == al.new_game(R2, seed=7)
    assert al.new_game(R2, seed=7) != al.new_game(R2, seed=8)


def test_layouts_are_validated() -> None:
    good = make_layout(R2, (FILL, FILL))
    al.new_game(R2, seed=0, layout=good)
    with pytest.raises(RulesError, match="2 grids"):
        al.new_game(R2, seed=0, layout=al.Layout(grids=good.grids[:1], discard=(0,), deck=()))
    with pytest.raises(RulesError, match="value -1 appears 0 times"):
        al.new_game(R2, seed=0, layout=al.Layout(grids=good.grids, discard=(0,), deck=()))
    with pytest.raises(RulesError, match="not a card value"):
        al.new_game(R2, seed=0, layout=al.Layout(grids=good.grids, discard=(12,), deck=good.deck))
    with pytest.raises(RulesError, match="shows a triple"):
        start(R2, "4* 4* 4* 1 / 2 3 5 6 / 7 8 9 10", FILL)
    with pytest.raises(RulesError, match="at least one card"):
        al.new_game(
            R2,
            seed=0,
            layout=al.Layout(grids=good.grids, discard=(), deck=(*good.deck, *good.discard)),
        )


def test_moves_print_readably() -> None:
    assert str(Exchange(S("p2.r0c0"), S("p1.r1c1"))) == "exchange p2.r0c0 -> p1.r1c1"
    assert str(Discard(S("p0.r0c1"))) == "discard, reveal p0.r0c1"
    assert str(Give(2)) == "give the card to seat 2"
    assert [str(m) for m in al.legal_moves(start(R2, FILL, FILL))[:2]] == [
        "draw",
        "take the discard onto p1.r0c3",
    ]


def test_public_names_are_sorted_and_exist() -> None:
    # isort-style order, as in the package root: CONSTANTS, Classes, functions.
    def key(name: str) -> tuple[int, str]:
        return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)

    assert al.__all__ == sorted(al.__all__, key=key)
    for name in al.__all__:
        assert hasattr(al, name), name
    assert al.GAME.name == "allegra"
    assert al.GAME.rules_version == 1


# --------------------------------------------------------------------------- check_state

# Tampered states (as ``cardrules.loads`` could receive them) that break a rule must be
# rejected by ``check_state``; each test is named after the rule the tampering breaks.


def _reach(rules: Rules, until: object, seed: int = 0) -> al.State:
    state = random_play(al.new_game(rules, seed=seed), seed, until)
    assert until(state)  # type: ignore[operator]
    al.check_state(state)
    return state


def _rejected(state: al.State, match: str) -> None:
    with pytest.raises(InvalidStateError, match=match):
        al.check_state(state)


def test_al7_check_state_rejects_a_knock_window_out_of_turn_order() -> None:
    state = _reach(R4, lambda s: s.phase == "knock" and len(s.knock_queue) == 3)
    drawer = state.current
    assert state.knock_queue == tuple((drawer + k) % 4 for k in (1, 2, 3))
    # the last seat of the window answering first would act out of its order
    _rejected(attrs.evolve(state, knock_queue=state.knock_queue[::-1]), r"state\.knock_queue")
    # a seat dropped from the window would never be asked
    _rejected(attrs.evolve(state, knock_queue=state.knock_queue[:2]), r"state\.knock_queue")
    # a seat that answered before its turn
    first, second, third = state.knock_queue
    _rejected(attrs.evolve(state, knock_queue=(first, second), knockers=(third,)), r"state\.knock")
    # after the window every asked seat has answered, knocks and passes in turn order
    after = _reach(R4, lambda s: s.phase == "drawn" and len(s.passers) == 3)
    _rejected(attrs.evolve(after, passers=after.passers[:2]), r"state\.knock")
    _rejected(attrs.evolve(after, passers=after.passers[::-1]), r"state\.knock")


def test_al7_check_state_rejects_knocking_with_two_players() -> None:
    state = _reach(R2, lambda s: s.phase == "drawn")
    other = 1 - state.current
    _rejected(attrs.evolve(state, phase="knock", knock_queue=(other,)), r"AL-7")
    _rejected(attrs.evolve(state, phase="give", knockers=(other,)), r"AL-7")


def test_al7_check_state_rejects_knock_answers_outside_a_window() -> None:
    state = _reach(R4, lambda s: s.phase == "turn" and s.turns > 2)
    nxt = (state.current + 1) % 4
    _rejected(attrs.evolve(state, knockers=(nxt,)), r"state\.knock")


def test_al7_check_state_rejects_an_exchange_that_cannot_be_made() -> None:
    # A receiver whose area holds no card: the exchange could never be made (the
    # game would wait for a Place that does not exist).
    state = _reach(R3, lambda s: s.phase == "place")
    assert state.receiver is not None
    emptied = remove_places_raw(state, list(al.area(state.receiver, 3)))
    assert al.legal_moves(emptied) == ()
    _rejected(emptied, r"AL-7")


def remove_places_raw(state: al.State, slots: list[al.Slot]) -> al.State:
    """Like ``helpers.remove_places`` but without checking the result."""
    cards = list(state.cards)
    face_up = list(state.face_up)
    removed = list(state.removed)
    for slot in slots:
        i = slot.owner * 12 + slot.row * 4 + slot.col
        if cards[i] is not None:
            removed.append(cards[i])  # type: ignore[arg-type]
        cards[i] = None
        face_up[i] = False
    return attrs.evolve(state, cards=tuple(cards), face_up=tuple(face_up), removed=tuple(removed))


def test_al7_check_state_rejects_a_placed_card_lying_face_down() -> None:
    state = _reach(R4, lambda s: s.phase == "exchange")
    assert state.placed is not None
    i = state.placed.owner * 12 + state.placed.row * 4 + state.placed.col
    up = tuple(False if k == i else u for k, u in enumerate(state.face_up))
    _rejected(attrs.evolve(state, face_up=up), r"state\.placed")


def test_al9_check_state_rejects_last_turns_that_do_not_match_the_ender() -> None:
    state = _reach(R4, lambda s: s.ender is not None and s.phase == "turn" and s.last_turns == 2)
    assert state.current == (state.ender + 2) % 4  # type: ignore[operator]
    _rejected(attrs.evolve(state, last_turns=3), r"state\.last_turns")
    _rejected(attrs.evolve(state, last_turns=1), r"state\.last_turns")


def test_al9_check_state_rejects_an_ender_whose_area_has_a_face_down_card() -> None:
    state = _reach(R4, lambda s: s.ender is not None and s.phase == "turn")
    ender = state.ender
    assert ender is not None
    i = next(k for k in range(ender * 12, ender * 12 + 12) if state.cards[k] is not None)
    up = tuple(False if k == i else u for k, u in enumerate(state.face_up))
    _rejected(attrs.evolve(state, face_up=up), r"state\.ender.*AL-9")


def test_al10_check_state_rejects_a_finished_game_with_a_face_down_card() -> None:
    state = _reach(R3, al.is_over)
    i = next(k for k, c in enumerate(state.cards) if c is not None)
    up = tuple(False if k == i else u for k, u in enumerate(state.face_up))
    _rejected(attrs.evolve(state, face_up=up), r"state\.face_up")


def test_al12_check_state_rejects_a_game_over_before_the_last_round() -> None:
    state = _reach(R3, al.is_over)
    _rejected(attrs.evolve(state, round=2, scores=state.scores[:2]), r"state\.round")


def test_al13_check_state_rejects_turns_during_the_setup_and_repeated_cut_rounds() -> None:
    setup = al.new_game(R3, seed=1)
    _rejected(attrs.evolve(setup, turns=4), r"state\.turns")
    over = _reach(Rules(players=2, max_turns_per_round=3), al.is_over)
    assert over.cut_rounds == (1, 2, 3)
    _rejected(attrs.evolve(over, cut_rounds=(1, 1, 2)), r"state\.cut_rounds")
    _rejected(attrs.evolve(over, cut_rounds=(2, 1)), r"state\.cut_rounds")


def test_al8_check_state_rejects_a_triple_showing_during_an_exchange() -> None:
    # Mid-exchange a line through the card K just placed may wait for step 3; any other
    # triple would have been removed by an earlier action.
    grids = ("5* 5 5* 4 / 1 6 7 8 / 9 10 11 0", FILL, FILL)
    state = start(R3, *grids, deck=(11,))
    state = play(state, Draw(), Knock(), Pass(), Give(1), Place(S("p1.r1c1")))
    assert state.phase == "exchange"
    up = list(state.face_up)
    up[1] = True  # p0.r0c1: 5 5 5 in seat 0's row 0, away from the placed card
    _rejected(attrs.evolve(state, face_up=tuple(up)), r"state\.cards: a triple .*AL-8")
