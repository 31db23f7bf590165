"""
GreedyBot's Allegra heuristic and the estimate ISMCTSBot cuts its rollouts with, pinned:
named positions from explicit layouts, and every score of whole greedy rounds. A change
in either is a visible decision (update the figures here on purpose), never an accident
(issue 23).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter, defaultdict
from typing import Any

import pytest

from cardrules import allegra as al
from cardrules.allegra._greedy import estimate, heuristic
from cardrules.bots import GreedyBot
from tests.allegra.helpers import S


def _first_turn(top: int, high: int, first: int = 5) -> al.State:
    """
    Two seats at seat 0's first turn: ``high`` face up on p0.r0c0, ``top`` the
    discard, ``first`` the deck's top card; the other cards middling, no triple.
    """
    rules = al.Rules(players=2)
    rest = Counter(dict(zip(al.CARD_VALUES, rules.deck, strict=True)))
    rest.subtract([top, high, first])
    pool = sorted(rest.elements(), key=lambda v: (abs(v - 5), v))
    layout = al.Layout(
        grids=((high, *pool[:11]), tuple(pool[11:23])),
        discard=(top,),
        deck=(first, *pool[23:]),
        face_up=(S("p0.r0c0"),),
        reveals=False,
    )
    return al.new_game(rules, seed=1, layout=layout)


def _scores(state: al.State) -> dict[al.Move, float]:
    moves = al.legal_moves(state)
    seat = al.to_move(state)
    assert seat is not None
    return dict(zip(moves, heuristic(al.view(state, seat), moves), strict=True))


def _choice(state: al.State) -> al.Move:
    seat = al.to_move(state)
    assert seat is not None
    move: al.Move = GreedyBot(al.GAME, seed=0).choose(al.view(state, seat), al.legal_moves(state))
    return move


def test_al6b_a_low_discard_is_taken_onto_the_highest_card() -> None:
    state = _first_turn(top=-1, high=11)
    scores = _scores(state)
    # An 11 swapped for a -1 lowers the sum by 12; a face-down card by the mean of the
    # unseen cards, 5 here, and 1 more; a draw by what each card would gain.
    assert scores[al.Take(S("p0.r0c0"))] == 12.0
    assert scores[al.Take(S("p0.r0c1"))] == 6.0
    assert scores[al.Take(S("p1.r0c3"))] == 6.0  # AL-3: the left neighbour's column 3
    assert round(scores[al.Draw()], 6) == 6.021186
    assert _choice(state) == al.Take(S("p0.r0c0"))


def test_al6b_a_high_discard_is_left_for_a_draw() -> None:
    state = _first_turn(top=11, high=2)
    scores = _scores(state)
    assert scores[al.Take(S("p0.r0c0"))] == -9.0
    assert round(scores[al.Draw()], 6) == 1.704683
    assert _choice(state) == al.Draw()


def test_al6a_a_low_drawn_card_replaces_the_highest() -> None:
    state = al.apply(_first_turn(top=11, high=10, first=0), al.Draw())
    scores = _scores(state)
    assert scores[al.Swap(S("p0.r0c0"))] == 10.0
    assert _choice(state) == al.Swap(S("p0.r0c0"))


def test_al6a_a_high_drawn_card_is_discarded_and_a_card_turned() -> None:
    state = al.apply(_first_turn(top=11, high=3, first=11), al.Draw())
    scores = _scores(state)
    assert scores[al.Swap(S("p0.r0c0"))] == -8.0
    reveals = {m: s for m, s in scores.items() if isinstance(m, al.Discard)}
    assert set(reveals.values()) == {0.5}
    move = _choice(state)
    assert isinstance(move, al.Discard)
    assert move.reveal is not None


def _round(players: int, seed: int) -> tuple[list[Any], Counter[str]]:
    """
    One round of GreedyBots, except that a seat asked to give to a knocker always gives
    (so that placing and exchanging, AL-7, are scored too): per decision, the move, the
    heuristic's scores of every legal move and the mover's estimate.
    """
    state = al.new_game(al.Rules(players=players, rounds=1), seed=seed)
    bots = [GreedyBot(al.GAME, seed=s) for s in range(players)]
    kinds: Counter[str] = Counter()
    record: list[Any] = []
    while not al.is_over(state):
        seat = al.to_move(state)
        assert seat is not None
        moves = al.legal_moves(state)
        seen = al.view(state, seat)
        scores = heuristic(seen, moves)
        give = [m for m in moves if isinstance(m, al.Give)]
        move = give[0] if give else bots[seat].choose(seen, moves)
        kinds.update({type(m).__name__ for m in moves})
        record.append(
            [repr(move), [round(x, 6) for x in scores], [round(x, 6) for x in estimate(seen)]]
        )
        state = al.apply(state, move)
    return record, kinds


def _by_kind(record: list[Any]) -> dict[str, float]:
    """The sum of the chosen moves' scores, per kind of move: a readable first clue."""
    sums: defaultdict[str, float] = defaultdict(float)
    for move, scores, _ in record:
        sums[move.split("(")[0]] += max(scores)
    return {k: round(v, 3) for k, v in sorted(sums.items())}


@pytest.mark.parametrize(
    ("players", "seed", "decisions", "by_kind", "digest"),
    [
        (
            2,
            7,
            62,
            {"Discard": 5.5, "Draw": 74.98, "Reveal": 0.0, "Swap": 70.816, "Take": 11.094},
            "0db6e6303ce86769a17ea255bde8877b57c5646c3dedd1f62826ae942add543c",
        ),
        (
            3,
            4,
            143,
            {
                "Discard": 6.0, "Draw": 80.619, "Exchange": 9.0, "Give": 9.0, "Knock": 2.0,
                "Pass": 0.0, "Place": 9.0, "Reveal": 0.0, "Swap": 81.546, "Take": 46.0,
            },
            "1cce3f10a563be48010ff07d2757a4cbc48a2fb147d9f87b6c67f04975d549c8",
        ),
        (
            4,
            2,
            220,
            {
                "Discard": 11.0, "Draw": 100.21, "Exchange": 9.288, "Give": 9.288,
                "Knock": 2.0, "Pass": 0.0, "Place": 11.288, "Reveal": 0.0, "Swap": 64.311,
                "Take": 14.728,
            },
            "ea0e22497fc32ae1ea5a9318ee62f9eb561124ac77a1e6a31a5f9606059fb524",
        ),
    ],
)  # fmt: skip
def test_every_score_of_a_greedy_round_is_pinned(
    players: int, seed: int, decisions: int, by_kind: dict[str, float], digest: str
) -> None:
    record, kinds = _round(players, seed)
    assert len(record) == decisions
    if players > 2:  # every kind of move was scored
        assert len(kinds) == 11
    assert _by_kind(record) == by_kind
    assert hashlib.sha256(json.dumps(record).encode()).hexdigest() == digest


def test_al7_a_seat_with_nothing_face_up_knocks_for_a_drawn_zero() -> None:
    # Three seats; seat 0 draws a 0. Seat 1 has no card face up, so its lowest card
    # counts as the mean of the unseen cards: a 0 is clearly lower, worth a knock.
    rules = al.Rules(players=3)
    rest = Counter(dict(zip(al.CARD_VALUES, rules.deck, strict=True)))
    rest.subtract([11, 10, 0])
    pool = sorted(rest.elements(), key=lambda v: (abs(v - 5), v))
    layout = al.Layout(
        grids=((10, *pool[:11]), tuple(pool[11:23]), tuple(pool[23:35])),
        discard=(11,),
        deck=(0, *pool[35:]),
        face_up=(S("p0.r0c0"),),
        reveals=False,
    )
    state = al.apply(al.new_game(rules, seed=1, layout=layout), al.Draw())
    assert al.to_move(state) == 1
    assert _scores(state) == {al.Knock(): 1.0, al.Pass(): 0.0}
    assert _choice(state) == al.Knock()


def test_al6a_with_nothing_face_down_a_high_drawn_card_is_just_discarded() -> None:
    # Seat 0's whole area face up (its twelve cards distinct, the neighbour's shared
    # column too) and an 11 drawn: every swap loses, and the plain discard, which turns
    # nothing up (AL-6a: the area has no face-down card), scores 0, not the reveal's 0.5.
    rules = al.Rules(players=2)
    mine = (3, 0, 7, 2, 8, 1, 9, 4, 6, 10, -1, 5)
    rest = Counter(dict(zip(al.CARD_VALUES, rules.deck, strict=True)))
    rest.subtract([11, 11, *mine])
    pool = sorted(rest.elements(), key=lambda v: (abs(v - 5), v))
    shown = [f"p0.r{r}c{c}" for r in range(3) for c in range(4)] + [f"p1.r{r}c3" for r in range(3)]
    layout = al.Layout(
        grids=(mine, tuple(pool[:12])),
        discard=(11,),
        deck=(11, *pool[12:]),
        face_up=tuple(S(name) for name in shown),
        reveals=False,
    )
    state = al.apply(al.new_game(rules, seed=1, layout=layout), al.Draw())
    scores = _scores(state)
    assert scores[al.Discard()] == 0.0
    assert max(s for m, s in scores.items() if isinstance(m, al.Swap)) < 0.0
    assert _choice(state) == al.Discard()
