"""
Refusals of Allegra's round checks (``_checks_round``) pinned word for word where
mutation testing found only their type or path checked (issue 23): which reason a
refusal gives is part of what it tells a caller.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest

from cardrules import allegra as al
from cardrules.errors import InvalidStateError
from tests.allegra.helpers import reach
from tests.refused import forged, refusal, refused

_TURN3 = reach(al.Rules(players=3), 0, lambda s: s.phase == "turn")
_DRAWN2 = reach(al.Rules(players=2), 0, lambda s: s.phase == "drawn")
_OVER2 = reach(al.Rules(players=2, rounds=1), 0, lambda s: s.phase == "over")


@pytest.mark.parametrize("field", ["passers", "knockers"])
def test_al7_three_players_cannot_answer_outside_a_knock_window(field: str) -> None:
    # AL-7: with three players knocking is possible, but only after a draw
    state = forged(_TURN3, field, (), (1,))
    with refused(InvalidStateError, "state.knock_queue", "AL-7"):
        al.check_state(state)
    why = "no seat can knock or pass: no knock window is open (AL-7)"
    assert refusal(al.check_state, state) == f"state.knock_queue: {why}"
    assert refusal(al.check_view, al.view(state, 0)) == f"view.knock_queue: {why}"


@pytest.mark.parametrize("field", ["passers", "knockers"])
def test_al7_two_players_never_knock(field: str) -> None:
    # AL-7: knocking needs three or more players, even right after a draw
    state = forged(_DRAWN2, field, (), (1,))
    why = "no seat can knock or pass: knocking needs 3 or more players (AL-7)"
    assert refusal(al.check_state, state) == f"state.knock_queue: {why}"
    assert refusal(al.check_view, al.view(state, 0)) == f"view.knock_queue: {why}"


def test_al12_a_finished_game_needs_no_discard_pile() -> None:
    # the discard pile must hold a card until the game ends (AL-12), not after: a
    # finished game with its discard pile under the deck passes
    ended = attrs.evolve(_OVER2, discard=(), deck=_OVER2.deck + _OVER2.discard)
    al.check_state(ended)
    al.check_view(al.view(ended, 1))
    going = attrs.evolve(_DRAWN2, discard=(), deck=_DRAWN2.deck + _DRAWN2.discard)
    assert refusal(al.check_state, going) == "state.discard: the discard pile is empty"


_ROUND2 = reach(al.Rules(players=2, rounds=2), 0, lambda s: s.round == 2 and s.phase == "turn")
_OVER_OF_2 = reach(al.Rules(players=2, rounds=2), 0, lambda s: s.phase == "over")


@pytest.mark.parametrize("row", [(165, 165), (-15, -15), (-15, 330)])
def test_al10_round_scores_at_their_bounds_pass(row: tuple[int, int]) -> None:
    # AL-10: an area of 15 places scores from 15 * -1 to 15 * 11; only a score above
    # 165 needs the ender's doubling, so two seats may both score 165
    state = attrs.evolve(_ROUND2, scores=(row,))
    al.check_state(state)
    al.check_view(al.view(state, 0))


def test_al10_two_doubled_scores_in_one_round_are_refused() -> None:
    state = attrs.evolve(_ROUND2, scores=((166, 166),))
    why = "only the round's ender is doubled (AL-10)"
    assert refusal(al.check_state, state) == f"state.scores[0]: {why}"


def test_al13_a_cut_round_doubles_nobody_word_for_word() -> None:
    state = attrs.evolve(_ROUND2, scores=((166, 0),), cut_rounds=(1,))
    with refused(InvalidStateError, "state.scores[0]", "AL-13"):
        al.check_state(state)
    why = "a round score lies in -15..165 in a cut round (AL-13) (AL-10)"
    assert refusal(al.check_state, state) == f"state.scores[0]: {why}"
    assert refusal(al.check_view, al.view(state, 0)) == f"view.scores[0]: {why}"


def test_al12_a_game_over_before_its_last_round_is_refused_word_for_word() -> None:
    state = forged(forged(_OVER_OF_2, "round", (), 1), "scores", (), _OVER_OF_2.scores[:1])
    why = "the game ends after round 2 (AL-12)"
    assert refusal(al.check_state, state) == f"state.round: {why}"
    assert refusal(al.check_view, al.view(state, 0)) == f"view.round: {why}"


_SMALL = al.Rules(players=2, deck=(10, 10, 10, 8, *(0,) * 9), rounds=2, max_turns_per_round=40)
"""38 cards: a dealt deck of 38 - 2 * 12 - 1 = 13 cards (AL-4)."""


def _round2(seed: int, until: Callable[[al.State], bool], *, take: bool = True) -> al.State:
    """The first state of round 2 of a seeded ``_SMALL`` game that ``until`` accepts;
    with ``take=False`` no turn of round 2 takes the discard: every turn draws."""
    state = al.new_game(_SMALL, seed=seed)
    choose = random.Random(seed).choice
    while not (state.round == 2 and until(state)):
        moves = list(al.legal_moves(state))
        if not take and state.round == 2:
            moves = [m for m in moves if not isinstance(m, al.Take)] or moves
        state = al.apply(state, choose(moves))
    return state


def test_al4_a_dealt_deck_short_of_a_card_in_the_setup_is_refused_word_for_word() -> None:
    setup = _round2(0, lambda s: s.phase == "reveal")
    assert len(setup.deck) == 13
    short = attrs.evolve(setup, deck=setup.deck[1:], discard=(*setup.discard, setup.deck[0]))
    why = "holds 12 cards in the setup, not the 13 dealt (AL-4)"
    assert refusal(al.check_state, short) == f"state.deck: {why}"
    assert refusal(al.check_view, al.view(short, 0)) == f"view.deck: {why}"


def test_al6a_al11_the_draw_of_the_turn_in_progress_counts() -> None:
    # every turn of round 2 drew from the deck, this one too: 3 turns and a drawn card
    # leave 13 - 4 = 9 cards, no rebuild needed (AL-11)
    drawn = _round2(1, lambda s: s.phase == "drawn" and s.turns >= 3, take=False)
    assert (drawn.turns, len(drawn.deck), drawn.deck_public) == (3, 9, False)
    al.check_state(drawn)
    al.check_view(al.view(drawn, 0))


def test_al11_a_deck_of_13_is_not_emptied_by_13_draws() -> None:
    # a rebuild (which makes the deck public) needs a draw from the emptied deck
    turn = _round2(1, lambda s: s.phase == "turn" and s.turns >= 2)
    why = (
        "the deck is public, but at most 13 draws cannot empty a deck of 13 dealt cards: "
        "it was not rebuilt (AL-11)"
    )
    early = attrs.evolve(turn, turns=13, deck_public=True)
    assert refusal(al.check_state, early) == f"state.deck_public: {why}"
    al.check_state(attrs.evolve(turn, turns=14, deck_public=True))


def test_al9_the_ender_ends_on_its_right_neighbours_turn_word_for_word() -> None:
    # three seats: the seat before the ender (not the one after) moved last
    over = reach(al.Rules(players=3, rounds=1), 0, lambda s: s.phase == "over" and s.ender == 0)
    assert over.current == 2
    wrong = forged(over, "current", (), 1)
    why = "seat 0 ended the last round: it ended on seat 2's last turn (AL-9)"
    assert refusal(al.check_state, wrong) == f"state.current: {why}"
    assert refusal(al.check_view, al.view(wrong, 0)) == f"view.current: {why}"
