"""
GreedyBot's Allegra heuristic where the whole greedy rounds of test_greedy_choices.py
do not reach: the lines through each place found afresh (AL-3, AL-8), a knock exchange
that completes a triple (AL-7), removed places (AL-8) and an area that holds no card
(AL-9). The mutants of ``allegra/_greedy.py`` that lived through those rounds fail here
(issue 23).
"""

from __future__ import annotations

import math
from collections import Counter

import attrs
import pytest

from cardrules import allegra as al
from cardrules.allegra import _greedy
from cardrules.allegra._geometry import TABLES, index
from cardrules.allegra._greedy import estimate, heuristic
from cardrules.bots import GreedyBot
from tests.allegra.helpers import S, make_layout


def _area_lines(players: int, seat: int) -> dict[int, set[frozenset[int]]]:
    """
    AL-3 and AL-8 from the rules' words: the seat's area is 3 rows of 5 places (the
    left neighbour's column 3, then the seat's own columns 0 to 3); its lines are the
    windows of three in each row and its five columns. Per place, the lines through it.
    """
    left = (seat + 1) % players
    columns = [(left, 3), *((seat, c) for c in range(4))]
    grid = [[index(al.Slot(owner, r, c)) for owner, c in columns] for r in range(3)]
    lines = [frozenset(row[s : s + 3]) for row in grid for s in range(3)]
    lines += [frozenset(grid[r][c] for r in range(3)) for c in range(5)]
    return {i: {w for w in lines if i in w} for row in grid for i in row}


@pytest.mark.parametrize(("players", "seat"), [(2, 0), (2, 1), (3, 2), (6, 5)])
def test_al8_the_lines_through_each_place_are_found_afresh(
    monkeypatch: pytest.MonkeyPatch, players: int, seat: int
) -> None:
    # The memo of lines starts empty, so the lines are worked out here, not read back.
    monkeypatch.setattr(_greedy, "_LINES", {})
    lines = _greedy._lines(players, seat)
    found = {i: {frozenset(w) for w in ws} for i, ws in lines.items()}
    assert found == _area_lines(players, seat)
    assert list(_greedy._LINES.items()) == [((players, seat), lines)]
    assert _greedy._lines(players, seat) is lines  # kept, and found again


def _exchange_game() -> al.State:
    """
    Three seats at seat 0's first turn. Seat 0 shows two 7s on p0.r0c0 and p0.r0c1 (its
    area row 0, after the left neighbour's p1.r0c3); seat 1 shows a 7 on p1.r1c0; the
    deck's top card is a 5.
    """
    rules = al.Rules(players=3)
    layout = make_layout(
        rules,
        [
            "7* 7* 2 3 / 4 5 6 8 / 9 10 1 0",
            "3 4 5 6 / 7* 8 9 10 / 2 1 0 4",
            "5 6 8 9 / 10 1 2 3 / 4 6 8 9",
        ],
        discard=(11,),
        deck=(5,),
    )
    return al.new_game(rules, seed=1, layout=layout)


EXCHANGE_STEPS = (al.Draw(), al.Knock(), al.Pass(), al.Give(1), al.Place(S("p1.r2c2")))
"""From :func:`_exchange_game`: seat 0 draws the 5, seat 1 knocks, seat 2 passes, seat 0
gives the 5 to seat 1, who lays it on p1.r2c2 (AL-7)."""


def _exchange_position() -> al.State:
    """:func:`_exchange_game` after :data:`EXCHANGE_STEPS`: seat 0 now exchanges (AL-7
    step 2)."""
    state = _exchange_game()
    for move in EXCHANGE_STEPS:
        state = al.apply(state, move)
    assert state.phase == "exchange"
    assert al.to_move(state) == 0
    return state


def test_al7_an_exchange_that_completes_a_triple_is_chosen() -> None:
    state = _exchange_position()
    seen = al.view(state, 0)
    moves = al.legal_moves(state)
    scores = dict(zip(moves, heuristic(seen, moves), strict=True))
    # A face-down card counts as the mean of the cards seat 0 has not seen (AL-14: the
    # face-up cards, the discard pile; the card in seat 1's hand stays unseen).
    unseen = Counter(dict(zip(al.CARD_VALUES, state.rules.deck, strict=True)))
    unseen.subtract([c for c in seen.cards if c is not None] + list(seen.discard))
    hidden = sum(v * k for v, k in unseen.items()) / unseen.total()
    assert round(hidden, 6) == 4.895652
    # The 7 taken from p1.r1c0 onto p0.r0c2, or onto the shared p1.r0c3, completes a
    # triple (AL-8): the face-down card there leaves for a 7, and the three 7s leave too.
    completing = {al.Exchange(S("p1.r1c0"), S(put)) for put in ("p0.r0c2", "p1.r0c3")}
    for move in completing:
        assert scores[move] == pytest.approx(hidden - 7 + 3 * 7)
    # Onto p0.r0c3, with no line to complete, it only swaps a face-down card for a 7.
    assert scores[al.Exchange(S("p1.r1c0"), S("p0.r0c3"))] == pytest.approx(hidden - 7)
    assert max(scores.values()) == scores[next(iter(completing))]
    move = GreedyBot(al.GAME, seed=0).choose(seen, moves)
    assert move in completing


def _no_card_left(state: al.State, seat: int) -> al.State:
    """``state`` with every place of ``seat``'s area removed (AL-8), as triples can."""
    area = TABLES[state.rules.players].areas[seat]
    cards = list(state.cards)
    face_up = list(state.face_up)
    gone = tuple(v for i in area if (v := cards[i]) is not None)
    for i in area:
        cards[i] = None
        face_up[i] = False
    return attrs.evolve(
        state, cards=tuple(cards), face_up=tuple(face_up), removed=state.removed + gone
    )


def _first_turn_without_cards() -> al.State:
    """Three seats at seat 0's first turn, seat 0's whole area removed (a valid state)."""
    rules = al.Rules(players=3)
    layout = make_layout(
        rules,
        [
            "7 7 2 3 / 4 5 6 8 / 9 10 1 0",
            "3 4 5 6 / 7* 8 9 10 / 2 1 0 4",
            "5 6 8 9 / 10 1 2 3 / 4 6 8 9",
        ],
        discard=(11,),
        deck=(5,),
    )
    state = _no_card_left(al.new_game(rules, seed=1, layout=layout), 0)
    al.check_state(state)  # AL-9: a seat whose area others emptied still takes its turn
    return state


def test_al9_with_no_card_in_the_area_a_draw_is_only_worth_its_discard() -> None:
    state = _first_turn_without_cards()
    # AL-6b: no take with no card in the area; a drawn card can only be discarded.
    assert al.legal_moves(state) == (al.Draw(),)
    (draw,) = heuristic(al.view(state, 0), [al.Draw()])
    assert draw == pytest.approx(0.5)
    assert estimate(al.view(state, 0))[0] == 0.0
    # After the draw, seat 1 knocks and seat 2 passes: seat 0 cannot give (no place of
    # its own takes the exchanged card, AL-7), so it ignores the knock.
    for move in (al.Draw(), al.Knock(), al.Pass()):
        state = al.apply(state, move)
    assert al.legal_moves(state) == (al.Ignore(),)
    assert heuristic(al.view(state, 0), [al.Ignore()]) == [0.5]


def test_al9_with_no_card_in_the_area_no_drawn_card_gains() -> None:
    mind = _greedy._Mind(al.view(_first_turn_without_cards(), 0))
    assert [mind.best_gain(v) for v in (-1, 5, 11)] == [-math.inf] * 3


def test_al8_a_move_onto_a_removed_place_scores_minus_100() -> None:
    # Seat 1's area holds p1.c3, which seat 0's removed area shares (AL-3): a move
    # onto a removed place, which no legal move is, scores -100, so it is never chosen.
    seen = al.view(_first_turn_without_cards(), 1)
    removed, kept = S("p1.r0c3"), S("p1.r0c0")
    moves: list[al.Move] = [al.Take(removed)]
    moves += [al.Exchange(removed, kept), al.Exchange(kept, removed)]
    assert heuristic(seen, moves) == [-100.0, -100.0, -100.0]
