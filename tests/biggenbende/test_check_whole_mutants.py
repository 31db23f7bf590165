"""
Biggenbende's checks where the first whole run of ``biggenbende/_checks.py`` under mutmut
left mutants living (issue 23): each test fails on one of them. The fast path
(``_state_ok``) must never pass what the detailed checks refuse; the detailed checks and
``check_view`` must refuse the forged positions below and pass the valid ones; and the
fast path's plans must be right when built afresh (a warm cache hid their mutants).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from cardrules import biggenbende as bb
from cardrules._checks import Bounded
from cardrules.biggenbende import _checks
from cardrules.biggenbende._checks import _check_state_detailed, _state_ok, discard_problem
from cardrules.errors import InvalidStateError
from tests.biggenbende._deals import start
from tests.biggenbende.test_check_mutants import _CHOOSING, _OVER, _reach
from tests.biggenbende.test_check_sample_mutants import _PLAYING
from tests.refused import forged, refused

_ROUND_TWO = _reach(
    bb.Rules(players=3, rounds=2, max_turns_per_round=10),
    1,
    lambda s: s.round == 2 and s.phase == "choose" and s.moves == 2,
)
"""BB-5, BB-4: round 1 was cut after 10 moves; in round 2 seat 1 starts, seats 1 and 2
have chosen and seat 0 is to choose."""


def test_the_positions_are_the_ones_meant() -> None:
    assert (_ROUND_TWO.starter, _ROUND_TWO.turn, _ROUND_TWO.cut_rounds) == (1, 0, (1,))
    assert [sum(row) for row in _ROUND_TWO.face_up] == [0, 3, 3]
    assert _PLAYING.discard == (1, 5, 6, 12)
    assert _PLAYING.hands[0][8] == 2
    assert (_OVER.round, _OVER.rules.rounds, _OVER.places, _OVER.cut_rounds) == (2, 2, (0, 2), ())
    assert _OVER.rules.max_turns_per_round == 5000


def _refused_both_ways(state: bb.State, path: str, rule: str | None, message: str) -> None:
    """``check_state`` refuses ``state`` (the fast path does not pass it), word for word."""
    assert not _state_ok(state)
    with refused(InvalidStateError, path, rule):
        bb.check_state(state)
    with pytest.raises(InvalidStateError) as info:
        _check_state_detailed(state)
    assert str(info.value) == message


def test_bb4_a_card_on_the_discard_pile_while_choosing_is_refused() -> None:
    # BB-4: the choice comes before any play, so the discard pile is empty. The top card
    # of the draw pile (a 10) is moved onto it: every card is still accounted for.
    draw = _CHOOSING.draw
    state = forged(forged(_CHOOSING, "draw", (), draw[:-1]), "discard", (), draw[-1:])
    _refused_both_ways(
        state, "phase", "BB-4", "phase: the face-up choice (BB-4) comes before any play"
    )


def test_bb13_an_8_on_the_discard_pile_is_refused_by_the_fast_path_too() -> None:
    # BB-13: an 8 burns the pile at once, so none lies on it. One of seat 0's two 8s is
    # moved on top of the pile.
    hand = list(_PLAYING.hands[0])
    hand[8] -= 1
    state = forged(forged(_PLAYING, "hands", (0,), tuple(hand)), "discard", (), (1, 5, 6, 12, 8))
    _refused_both_ways(
        state, "discard[4]", "BB-13", "discard[4]: an 8 burns the pile at once (BB-13)"
    )


def test_bb17_a_seat_out_is_an_int_not_a_bool() -> None:
    # BB-17: False equals seat 0, but no place is a bool; the fast path must not pass it.
    state = forged(_OVER, "places", (), (False, 2))
    _refused_both_ways(
        state, "places[0]", None, "places[0]: must be an int from 0 to 2, not False"
    )


def test_bb20_a_round_ended_by_two_players_out_was_not_cut_even_at_the_limit() -> None:
    # BB-17, BB-20: two players out end the round, so it was not cut, even when the moves
    # made equal the limit.
    state = forged(forged(_OVER, "cut_rounds", (), (2,)), "moves", (), 5000)
    _refused_both_ways(
        state,
        "cut_rounds",
        "BB-20",
        "cut_rounds: round 2 ended with two players out, not cut (BB-20)",
    )


def test_bb19_a_match_ended_early_by_an_empty_supply_passes_in_every_seat_s_view() -> None:
    # BB-19: the match ends before its last round once the supply is empty. Round 2 of
    # 3 ended with two players out and every chip held.
    state = forged(_OVER, "rules", (), bb.Rules(players=3, rounds=3))
    state = forged(forged(state, "chips", (0,), _OVER.chips[0] + _OVER.supply), "supply", (), 0)
    bb.check_state(state)
    _check_state_detailed(state)
    for seat in range(3):
        bb.check_view(bb.view(state, seat))


def test_bb4_bb5_in_a_later_round_the_choice_goes_round_from_that_round_s_starter() -> None:
    # BB-4, BB-5: seat 1 starts round 2; after two choices seats 1 and 2 have chosen and
    # seat 0 (the last to choose) shows no face-up card, in every seat's view.
    for seat in range(3):
        bb.check_view(bb.view(_ROUND_TWO, seat))
    # Seat 0 showing three face-up cards (taken from its hand) as if it had chosen.
    seen = bb.view(_ROUND_TWO, 0)
    hand, up = list(seen.hand), list(seen.face_up[0])
    for _ in range(3):
        value = next(v for v in range(13) if hand[v])
        hand[value] -= 1
        up[value] += 1
    chosen = forged(forged(seen, "hand", (), tuple(hand)), "face_up", (0,), tuple(up))
    chosen = forged(chosen, "hand_counts", (0,), sum(hand))
    with pytest.raises(InvalidStateError) as info:
        bb.check_view(chosen)
    assert str(info.value) == "face_up[0]: expected 0 face-up cards while choosing (BB-4)"


def test_bb4_without_a_draw_pile_a_seat_to_choose_needs_only_three_cards() -> None:
    # BB-4, BB-7: the message asks for three cards to choose from and no more, since no
    # hand card need be kept while the draw pile is empty.
    state = start([[1, 2, 3], [4, 5, 6], [7, 9, 10]], choose=True)
    hand, removed = list(state.hands[0]), list(state.removed)
    hand[1] -= 1
    removed[1] += 1
    state = forged(forged(state, "hands", (0,), tuple(hand)), "removed", (), tuple(removed))
    assert state.draw == ()
    _refused_both_ways(
        state, "hands[0]", "BB-4", "hands[0]: 2 cards, 3 needed to choose from (BB-4, BB-7)"
    )


def test_bb4_without_a_draw_pile_every_seat_s_view_passes_with_three_cards() -> None:
    # BB-4, BB-7: with the draw pile empty, three cards to choose from are enough, in
    # every seat's view as in the state.
    state = start([[1, 2, 3], [4, 5, 6], [7, 9, 10]], choose=True)
    assert (state.draw, state.moves) == ((), 0)
    for seat in range(3):
        bb.check_view(bb.view(state, seat))


def test_a_view_s_unknown_phase_is_named_in_its_refusal() -> None:
    with pytest.raises(InvalidStateError) as info:
        bb.check_view(forged(bb.view(_PLAYING, 0), "phase", (), "x"))
    assert str(info.value) == "phase: expected 'choose', 'play' or 'over', got 'x'"


@pytest.mark.parametrize(
    ("pile", "what"),
    [
        ((5, 5, 5), "three identical cards (5) burn the pile (BB-12)"),
        ((0, 0, 0), "three identical cards (joker) burn the pile (BB-12)"),
    ],
)
def test_bb12_three_identical_cards_are_named_in_the_problem(
    pile: tuple[int, ...], what: str
) -> None:
    assert discard_problem(pile) == (2, what)


_FRESH_RULES = [
    bb.Rules(players=4, copies_per_value=2, jokers=16, chips=6, rounds=3),
    bb.Rules(players=5, copies_per_value=5, jokers=3, chips=23, rounds=2, max_turns_per_round=77),
]


@pytest.mark.parametrize("rules", _FRESH_RULES, ids=["4p", "5p"])
def test_bb1_bb3_bb20_the_fast_path_builds_right_plans_with_cold_caches(
    rules: bb.Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The plans of valid rules are kept (``_PLANS``, ``_LAST``): emptied here, so the
    # plan is built and its rules validated during the test. A wrong plan (the deck's
    # lanes or size, the chips) makes the fast path refuse a valid state.
    state = _reach(rules, 3, lambda s: s.phase == "play" and s.moves > 8)
    last: Any = SimpleNamespace(fields=(object(),) * 6)
    monkeypatch.setattr(_checks, "_PLANS", Bounded(64))
    monkeypatch.setattr(_checks, "_LAST", [last])
    assert _state_ok(bb.new_game(rules, seed=3))
    assert _state_ok(state)
    assert len(_checks._PLANS) == 1
