"""One scripted test (or more) per rule BB-1 .. BB-21, from explicit deals."""

from __future__ import annotations

import itertools

import attrs
import pytest

from cardrules import IllegalMoveError, InvalidStateError, Rng, RulesError
from cardrules import biggenbende as bb
from cardrules.biggenbende import ChooseFaceUp, PickUp, Play, TurnFaceDown
from tests.biggenbende._deals import NONE_ROW, J, counts, forged, go, start, total


def _rule(excinfo: pytest.ExceptionInfo[IllegalMoveError]) -> str:
    return excinfo.value.rule


# --------------------------------------------------------------------------- BB-1..BB-5


def test_bb1_eighty_cards_six_of_each_value_and_eight_jokers() -> None:
    rules = bb.Rules()
    assert rules.deck == (8,) + (6,) * 12
    assert sum(rules.deck) == 80
    state = bb.new_game(rules, seed=3)
    everything = [0] * 13
    for s in range(rules.players):
        for v in range(13):
            everything[v] += state.hands[s][v]
        for c in state.face_down[s]:
            assert c is not None
            everything[c] += 1
    for c in state.draw:
        everything[c] += 1
    assert tuple(everything) == rules.deck
    small = bb.Rules(players=3, copies_per_value=2, jokers=6)
    assert sum(small.deck) == 30
    with pytest.raises(RulesError, match="cannot deal 10 cards"):
        bb.Rules(players=3, copies_per_value=2, jokers=5)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bb2_three_to_six_players(players: int) -> None:
    state = bb.new_game(bb.Rules(players=players), seed=1)
    assert bb.players(state) == players
    assert len(state.hands) == players


@pytest.mark.parametrize("players", [0, 1, 2, 7, True, "4", 4.0])
def test_bb2_other_player_counts_are_rejected(players: object) -> None:
    with pytest.raises(RulesError, match="players"):
        bb.Rules(players=players)  # type: ignore[arg-type]


def test_bb3_a_supply_of_forty_chips() -> None:
    state = bb.new_game(bb.Rules(players=4), seed=2)
    assert state.supply == 40
    assert state.chips == (0, 0, 0, 0)
    assert bb.new_game(bb.Rules(chips=12), seed=2).supply == 12
    with pytest.raises(RulesError, match="chips"):
        bb.Rules(chips=-1)


def test_bb4_the_documented_deal() -> None:
    rules = bb.Rules(players=4)
    state = bb.new_game(rules, seed=11)
    deck = [v for v in range(13) for _ in range(rules.deck[v])]
    cards, rng = Rng(11).shuffle(deck)
    assert state.face_down == tuple(tuple(cards[3 * s : 3 * s + 3]) for s in range(4))
    assert state.hands == tuple(counts(*cards[12 + 7 * s : 19 + 7 * s]) for s in range(4))
    assert state.draw == cards[40:]
    assert state.rng == rng
    assert state.phase == "choose"
    assert bb.to_move(state) == 0


def test_bb4_each_distinct_choice_is_listed_once() -> None:
    hand = (5, 5, 5, 7, 7, J, 1)
    state = start([hand, (2,) * 3 + (3,) * 4, (4,) * 6 + (8,)], choose=True)
    expected = sorted(set(itertools.combinations(sorted(hand), 3)))
    moves = bb.legal_moves(state)
    assert moves == tuple(ChooseFaceUp(values) for values in expected)
    assert len(moves) == len(set(moves)) == 11


def test_bb4_choices_are_made_in_turn_and_hidden_until_all_chose() -> None:
    state = start([(5, 5, 5, 7, 7, J, 1), (2,) * 3 + (3,) * 4, (4,) * 6 + (8,)], choose=True)
    state = go(state, ChooseFaceUp((J, 5, 7)))
    assert state.hands[0] == counts(1, 5, 5, 7)
    assert state.face_up[0] == counts(J, 5, 7)
    assert bb.to_move(state) == 1
    assert bb.view(state, 1).face_up[0] == counts()  # hidden from seat 1
    assert bb.view(state, 1).hand_counts[0] == 7
    assert bb.view(state, 0).face_up[0] == counts(J, 5, 7)  # the seat sees its own
    with pytest.raises(IllegalMoveError) as exc:
        bb.apply(state, forged(ChooseFaceUp, values=(2, 2, 2, 2)))
    assert _rule(exc) == "BB-4"
    with pytest.raises(IllegalMoveError):
        bb.apply(state, ChooseFaceUp((3, 2, 2)))  # not sorted: not a listed move
    with pytest.raises(IllegalMoveError):
        bb.apply(state, Play(2, 1))
    state = go(state, ChooseFaceUp((2, 2, 3)), ChooseFaceUp((4, 4, 8)))
    assert state.phase == "play"
    assert bb.to_move(state) == 0
    assert bb.view(state, 1).face_up[0] == counts(J, 5, 7)  # shown once all chose
    assert bb.view(state, 1).face_up[2] == counts(4, 4, 8)
    assert state.moves == 3


def test_bb5_round_r_starts_with_seat_r_minus_1_clockwise() -> None:
    assert bb.to_move(bb.new_game(bb.Rules(players=5), seed=4)) == 0
    state = start([(5,), (6,), (7,), (8,)], round=3)
    assert state.starter == bb.to_move(state) == 2
    assert state.direction == 1
    # Round 1 ends at once; round 2 starts with seat 1, clockwise.
    state = start([(2,), (3,), (4, 5)], face_down=(NONE_ROW, NONE_ROW, (12, 12, 12)))
    state = go(state, Play(2, 1), Play(3, 1))
    assert state.round == 2
    assert state.starter == bb.to_move(state) == 1
    assert state.direction == 1
    assert state.phase == "choose"


# --------------------------------------------------------------------------- BB-6..BB-11


def test_bb6_a_play_is_equal_or_higher_jokers_go_anywhere() -> None:
    state = start([(5, 7, 3, J), (2,), (6,)], discard=(6,))
    assert bb.legal_moves(state) == (Play(J, 1), Play(7, 1))
    with pytest.raises(IllegalMoveError) as exc:
        bb.apply(state, Play(5, 1))
    assert _rule(exc) == "BB-6"
    state = go(state, Play(J, 1))
    assert state.discard == (6, J)
    assert bb.legal_moves(state) == (Play(2, 1),)  # anything on a joker
    state = start([(6,), (2, 3), (6,)])
    assert bb.legal_moves(state) == (Play(6, 1),)  # anything on an empty pile


def test_bb6_one_value_per_play_jokers_never_combine() -> None:
    state = start([(J, J, 7, 7), (2,), (6,)], discard=(5,))
    assert bb.legal_moves(state) == (Play(J, 1), Play(J, 2), Play(7, 1), Play(7, 2))
    state = go(state, Play(7, 2))
    assert state.discard == (5, 7, 7)


def test_bb7_hand_then_face_up_then_face_down() -> None:
    state = start([(3,), (5,), (5,)], face_up=((9, 9, J), (), ()))
    assert bb.legal_moves(state) == (Play(3, 1),)  # the hand first
    with pytest.raises(IllegalMoveError) as exc:
        bb.apply(state, Play(9, 1))
    assert _rule(exc) == "BB-7"
    with pytest.raises(IllegalMoveError) as exc:
        bb.apply(state, TurnFaceDown(0))
    assert _rule(exc) == "BB-7"
    state = go(state, Play(3, 1), Play(5, 1), Play(5, 1))
    # Seat 0's hand is empty: the face-up cards, one value per play.
    assert bb.legal_moves(state) == (Play(J, 1), Play(9, 1), Play(9, 2))
    state = go(state, Play(9, 2))
    assert state.face_up[0] == counts(J)
    # Seat 1 has neither hand nor face-up cards: one face-down card by position.
    assert bb.legal_moves(state) == (TurnFaceDown(0), TurnFaceDown(1), TurnFaceDown(2))


def test_bb7_the_source_is_decided_afresh_for_an_extra_play() -> None:
    state = start([(8,), (5,), (5,)], face_up=((7, 2), (), ()), discard=(4,))
    state = go(state, Play(8, 1))
    assert bb.to_move(state) == 0
    assert bb.legal_moves(state) == (Play(2, 1), Play(7, 1))  # now the face-up cards
    state = go(state, Play(2, 1), Play(5, 1), Play(5, 1))
    assert bb.legal_moves(state) == (Play(7, 1),)


def test_bb8_draw_one_card_after_a_play_from_the_hand() -> None:
    state = start([(5, 5), (6,), (6,)], draw=(2, 11))
    state = go(state, Play(5, 1))
    assert state.hands[0] == counts(5, 11)  # the top card, the last of the tuple
    assert state.draw == (2,)
    state = go(state, Play(6, 1))
    assert state.hands[1] == counts(2)
    assert state.draw == ()
    state = go(state, Play(6, 1))
    assert state.hands[2] == counts()  # nothing left to draw


def test_bb9_the_pile_is_picked_up_only_when_forced() -> None:
    state = start([(3,), (9,), (2,)], discard=(5,), draw=(2,))
    assert bb.legal_moves(state) == (PickUp(),)
    with pytest.raises(IllegalMoveError) as exc:
        bb.apply(state, Play(3, 1))
    assert _rule(exc) == "BB-6"
    state = go(state, PickUp())
    assert state.hands[0] == counts(3, 5)
    assert state.discard == ()
    assert state.draw == (2,)  # no draw after a pick-up
    assert bb.to_move(state) == 1
    state = go(state, Play(9, 1))
    assert bb.legal_moves(state) == (PickUp(),)
    state2 = start([(3,), (9,), (2,)], discard=(5,), draw=(2,))
    state2 = go(state2, PickUp())
    with pytest.raises(IllegalMoveError) as exc:
        bb.apply(state2, PickUp())  # seat 1 can play its 9
    assert _rule(exc) == "BB-9"


def test_bb10_face_up_cards_when_the_hand_is_empty() -> None:
    state = start([(), (J,), (J,)], face_up=((2,), (), ()), discard=(5,))
    assert bb.legal_moves(state) == (PickUp(),)  # no legal face-up play
    state = go(state, PickUp())
    assert state.hands[0] == counts(5)
    assert state.face_up[0] == counts(2)
    state = go(state, Play(J, 1), Play(J, 1))
    assert bb.legal_moves(state) == (Play(5, 1),)  # the hand again, not the face-up 2
    state = start([(), (J,), (J,)], face_up=((3, 7, 7), (), ()), discard=(5,))
    assert bb.legal_moves(state) == (Play(7, 1), Play(7, 2))


def test_bb11_a_face_down_card_is_played_blind() -> None:
    rows = ((2, 9, J), (10, 10, 10), (11, 11, 11))
    state = start([(), (6,), (7,)], face_down=rows, discard=(5,))
    assert bb.legal_moves(state) == (TurnFaceDown(0), TurnFaceDown(1), TurnFaceDown(2))
    with pytest.raises(IllegalMoveError) as exc:
        bb.apply(state, PickUp())
    assert _rule(exc) == "BB-11"
    # Not a legal play: the card and the pile go to the hand, the turn passes.
    lost = go(state, TurnFaceDown(0))
    assert lost.face_down[0] == (None, 9, J)
    assert lost.hands[0] == counts(2, 5)
    assert lost.discard == ()
    assert bb.to_move(lost) == 1
    # A legal card is played at once.
    won = go(state, TurnFaceDown(1))
    assert won.discard == (5, 9)
    assert bb.to_move(won) == 1
    # A joker always is; positions keep their numbers.
    won = go(state, TurnFaceDown(2), Play(6, 1), Play(7, 1))
    assert won.discard == (5, J, 6, 7)
    assert bb.legal_moves(won) == (TurnFaceDown(0), TurnFaceDown(1))
    with pytest.raises(IllegalMoveError) as exc:
        bb.apply(won, TurnFaceDown(2))
    assert _rule(exc) == "BB-11"


def test_bb11_a_face_down_card_has_all_its_effects() -> None:
    rows = ((8, 3, None), (10, 10, 10), (11, 11, 11))
    state = start([(), (6,), (7,)], face_down=rows, discard=(9,))
    state = go(state, TurnFaceDown(0))  # an 8 on a 9 is not legal (BB-13)
    assert state.hands[0] == counts(8, 9)
    state = start([(), (6,), (7,)], face_down=rows, discard=(5,))
    state = go(state, TurnFaceDown(0))  # the 8 burns: play again
    assert state.discard == ()
    assert bb.to_move(state) == 0
    assert bb.legal_moves(state) == (TurnFaceDown(1),)


# --------------------------------------------------------------------------- BB-12..BB-16


def test_bb12_three_equal_cards_burn_the_pile() -> None:
    state = start([(7, 7, 7, 3), (6,), (6,)], discard=(5,))
    before = state.removed
    state = go(state, Play(7, 3))
    assert state.discard == ()
    assert state.removed[7] - before[7] == 3
    assert state.removed[5] - before[5] == 1
    assert bb.to_move(state) == 0  # the same player plays again, on the empty pile
    assert bb.legal_moves(state) == (Play(3, 1),)


def test_bb12_three_equal_cards_across_plays_burn_whoever_made_them() -> None:
    state = start([(6, 2), (6, 2), (6, 2)], discard=(5,))
    state = go(state, Play(6, 1), Play(6, 1))
    assert state.discard == (5, 6, 6)
    state = go(state, Play(6, 1))
    assert state.discard == ()
    assert bb.to_move(state) == 2
    state = start([(J, 2), (4,), (4,)], discard=(3, J, J))
    state = go(state, Play(J, 1))  # three jokers are three identical cards
    assert state.discard == ()
    assert bb.to_move(state) == 0


def test_bb12_a_joker_breaks_a_run_of_equal_values() -> None:
    state = start([(5, 2), (7,), (7,)], discard=(5, 5, J))
    state = go(state, Play(5, 1))
    assert state.discard == (5, 5, J, 5)
    assert bb.to_move(state) == 1


def test_bb12_burns_can_chain() -> None:
    state = start([(7, 7, 7, 9, 9, 9, 2), (6,), (6,)], discard=(5,))
    state = go(state, Play(7, 3), Play(9, 3))
    assert state.discard == ()
    assert bb.to_move(state) == 0
    state = go(state, Play(2, 1))
    assert bb.to_move(state) == 1


def test_bb13_eights_burn_the_pile_and_are_otherwise_ordinary() -> None:
    state = start([(8, 8, 3), (6,), (6,)], discard=(9,))
    assert bb.legal_moves(state) == (PickUp(),)  # an 8 is legal only by BB-6
    state = start([(8, 8, 3), (6,), (6,)], discard=(5,))
    before = state.removed
    state = go(state, Play(8, 1))
    assert state.discard == ()
    assert state.removed[8] - before[8] == 1
    assert state.removed[5] - before[5] == 1
    assert bb.to_move(state) == 0
    assert bb.legal_moves(state) == (Play(3, 1), Play(8, 1))


def test_bb14_fours_skip_one_player_however_many() -> None:
    rows = ((12, 12, 12), (10, 10, 10), (9, 9, 9), (11, 11, 11))
    state = start([(4, 4, 9), (5,), (5,), (5,)], face_down=rows)
    state = go(state, Play(4, 2))
    assert bb.to_move(state) == 2


def test_bb14_seats_out_are_passed_over_and_never_take_the_skip() -> None:
    rows = ((12, 12, 12), NONE_ROW, (9, 9, 9), (11, 11, 11))
    state = start([(2, 4), (3,), (4, 5), (5,)], face_down=rows)
    state = go(state, Play(2, 1), Play(3, 1))
    assert state.places == (1,)
    state = go(state, Play(4, 1))  # seat 2 skips seat 3
    assert bb.to_move(state) == 0
    state = go(state, Play(4, 1))  # seat 0: seat 1 is out, seat 2 takes the skip
    assert bb.to_move(state) == 3


def test_bb14_with_two_players_left_the_turn_comes_straight_back() -> None:
    rows = ((12, 12, 12), NONE_ROW, (9, 9, 9))
    state = start([(2, 7), (3,), (4, 3, 5)], face_down=rows)
    state = go(state, Play(2, 1), Play(3, 1), Play(4, 1))
    assert bb.to_move(state) == 2  # a new turn: beat the own 4
    assert state.discard == (2, 3, 4)
    assert bb.legal_moves(state) == (Play(5, 1),)


def test_bb14_going_out_with_fours_still_skips() -> None:
    rows = (NONE_ROW, (10, 10, 10), (9, 9, 9), (11, 11, 11))
    state = start([(4,), (5,), (5,), (5,)], face_down=rows)
    state = go(state, Play(4, 1))
    assert state.places == (0,)
    assert bb.to_move(state) == 2


def test_bb15_elevens_reverse_the_direction_once_per_play() -> None:
    rows = ((12, 12, 12), (10, 10, 10), (9, 9, 9), (1, 1, 1))
    state = start([(11, 11, 2), (5,), (5,), (J,)], face_down=rows)
    one = go(state, Play(11, 1))
    assert one.direction == -1
    assert bb.to_move(one) == 3
    two = go(state, Play(11, 2))
    assert two.direction == -1
    assert bb.to_move(two) == 3
    back = go(one, Play(J, 1))
    assert bb.to_move(back) == 2


def test_bb15_the_direction_flips_also_with_two_players_left() -> None:
    rows = ((12, 12, 12), NONE_ROW, (9, 9, 9))
    state = start([(2, 12), (3,), (11, 5)], face_down=rows)
    state = go(state, Play(2, 1), Play(3, 1), Play(11, 1))
    assert state.direction == -1
    assert bb.to_move(state) == 0


def test_bb16_a_burn_voids_the_skip_of_its_fours() -> None:
    rows = ((12, 12, 12), (10, 10, 10), (9, 9, 9), (1, 1, 1))
    state = start([(4, 4, 4, 7), (5,), (5,), (5,)], face_down=rows)
    state = go(state, Play(4, 3))
    assert bb.to_move(state) == 0  # the burn gives another play; no skip
    state = go(state, Play(7, 1))
    assert bb.to_move(state) == 1
    state = start([(4, 7), (5,), (5,), (5,)], face_down=rows, discard=(4, 4))
    state = go(state, Play(4, 1))
    assert state.discard == ()
    assert bb.to_move(state) == 0


def test_bb16_a_reversal_with_a_burn_takes_effect() -> None:
    rows = ((12, 12, 12), (10, 10, 10), (9, 9, 9), (1, 1, 1))
    state = start([(11, 11, 11, 2), (5,), (5,), (5,)], face_down=rows)
    state = go(state, Play(11, 3))
    assert state.discard == ()
    assert state.direction == -1
    assert bb.to_move(state) == 0
    state = go(state, Play(2, 1))
    assert bb.to_move(state) == 3


def test_bb16_the_draw_comes_before_the_extra_play() -> None:
    state = start([(8,), (5,), (5,)], draw=(3, 6))
    state = go(state, Play(8, 1))
    assert state.hands[0] == counts(6)
    assert bb.to_move(state) == 0
    assert bb.legal_moves(state) == (Play(6, 1),)


# --------------------------------------------------------------------------- BB-17..BB-21


def test_bb17_players_go_out_in_order_and_the_round_ends_at_the_second() -> None:
    rows = (NONE_ROW, NONE_ROW, (12, 12, 12))
    state = start([(2,), (3,), (4, 5)], face_down=rows)
    state = go(state, Play(2, 1))
    assert state.places == (0,)
    assert bb.to_move(state) == 1
    state = go(state, Play(3, 1))
    assert state.round == 2  # round 1 ended at once
    assert state.chips == (3, 2, 0)


def test_bb17_going_out_by_a_burn_gives_no_extra_play() -> None:
    rows = ((None, None, 8), (10, 10, 10), (9, 9, 9))
    state = start([(), (5,), (5,)], face_down=rows, discard=(3,))
    state = go(state, TurnFaceDown(2))
    assert state.places == (0,)
    assert state.discard == ()
    assert bb.to_move(state) == 1


def test_bb18_round_score_three_two_one_and_zero_for_most_cards() -> None:
    rows = (NONE_ROW, NONE_ROW, (12, 12, 12), (11, 11, 11))
    state = start([(2,), (3,), (5, 6), (5,)], face_down=rows)
    state = go(state, Play(2, 1), Play(3, 1))
    assert state.chips == (3, 2, 0, 1)  # seat 2 holds 5 cards, seat 3 holds 4
    assert state.supply == 34


def test_bb18_all_tied_for_most_cards_get_nothing() -> None:
    rows = (NONE_ROW, NONE_ROW, (12, 12, 12), (11, 11, 11), NONE_ROW)
    state = start([(2,), (3,), (5,), (5,), (7, 7)], face_down=rows)
    assert [total(state, s) for s in range(5)] == [1, 1, 4, 4, 2]
    state = go(state, Play(2, 1), Play(3, 1))
    assert state.chips == (3, 2, 0, 0, 1)


def test_bb18_with_three_players_the_one_left_gets_nothing() -> None:
    rows = (NONE_ROW, NONE_ROW, (None, None, 12))
    state = start([(2,), (3,), (4,)], face_down=rows)
    state = go(state, Play(2, 1), Play(3, 1))
    assert state.chips == (3, 2, 0)


def test_bb18_a_short_supply_pays_in_order_then_nobody() -> None:
    # Round 2: seat 1 starts; the rest are paid clockwise from seat 1: 3, 4, then 0.
    rows = (NONE_ROW,) * 5
    hands = [(5, 6, 7, 9, 9), (2,), (3,), (5, 6), (5, 6)]
    state = start(hands, face_down=rows, round=2, chips=(10, 10, 10, 4, 0))
    assert state.supply == 6
    state = go(state, Play(2, 1), Play(3, 1))
    assert state.chips == (10, 13, 12, 5, 0)
    assert state.supply == 0
    assert bb.is_over(state)  # BB-19: the supply ran out


def test_bb18_a_supply_too_short_for_the_winner() -> None:
    rows = (NONE_ROW, NONE_ROW, (12, 12, 12))
    state = start([(2,), (3,), (4,)], face_down=rows, chips=(20, 18, 0))
    state = go(state, Play(2, 1), Play(3, 1))
    assert state.chips == (22, 18, 0)


def test_bb19_the_match_ends_after_five_rounds_ties_all_win() -> None:
    rows = ((12, 12, 12), NONE_ROW, NONE_ROW)
    state = start([(4,), (2,), (3,)], face_down=rows, round=5, chips=(8, 5, 6))
    state = go(state, Play(2, 1), Play(3, 1))  # round 5: seat 1 starts
    assert bb.is_over(state)
    assert bb.legal_moves(state) == ()
    assert bb.to_move(state) is None
    result = bb.outcome(state)
    assert result is not None
    assert result.scores == (8, 8, 8)
    assert result.winners == frozenset({0, 1, 2})
    assert result.reason == "normal"
    with pytest.raises(IllegalMoveError):
        bb.apply(state, Play(4, 1))


def test_bb19_the_match_ends_when_the_supply_runs_out() -> None:
    rows = ((12, 12, 12), NONE_ROW, NONE_ROW)
    state = start([(2,), (3,), (4,)], face_down=rows, round=2, chips=(20, 15, 0))
    state = go(state, Play(3, 1), Play(4, 1))  # round 2: seat 1 starts
    assert state.round == 2
    assert bb.is_over(state)
    result = bb.outcome(state)
    assert result is not None
    assert result.scores == (20, 18, 2)
    assert result.winners == frozenset({0})


def test_bb19_a_whole_match_of_five_rounds() -> None:
    state = bb.new_game(bb.Rules(players=4), seed=5)
    rounds = {state.round}
    while not bb.is_over(state):
        state = bb.apply(state, bb.legal_moves(state)[-1])
        rounds.add(state.round)
    assert rounds == {1, 2, 3, 4, 5}
    result = bb.outcome(state)
    assert result is not None
    assert sum(result.scores) + state.supply == 40
    assert result.winners == {s for s in range(4) if result.scores[s] == max(result.scores)}


def test_bb20_a_round_is_cut_after_the_move_limit() -> None:
    state = start([(2, 5), (3, 6), (5, 7)], max_turns_per_round=4)
    state = go(state, Play(2, 1), Play(3, 1), Play(5, 1))
    assert state.moves == 3
    state = go(state, Play(5, 1))
    assert state.round == 2
    assert state.cut_rounds == (1,)
    # Nobody out: 1 chip each, 0 for all tied for most cards (seats 1 and 2: 4 cards).
    assert state.chips == (1, 0, 0)


def test_bb20_a_round_ending_normally_on_the_limit_is_scored_normally() -> None:
    rows = (NONE_ROW, NONE_ROW, (12, 12, 12))
    state = start([(2,), (3,), (4,)], face_down=rows, max_turns_per_round=2)
    state = go(state, Play(2, 1), Play(3, 1))
    assert state.cut_rounds == ()
    assert state.chips == (3, 2, 0)


def test_bb20_a_cut_pays_the_first_out_and_the_outcome_says_so() -> None:
    rows = (NONE_ROW, (10, 10, 10), (12, 12, 12))
    state = start([(2,), (3, 7), (4, 5, 5)], face_down=rows, max_turns_per_round=2, rounds=1)
    state = go(state, Play(2, 1), Play(3, 1))
    assert bb.is_over(state)
    result = bb.outcome(state)
    assert result is not None
    assert result.scores == (3, 1, 0)  # second place unpaid; seat 2 has most cards
    assert result.reason == "turn_limit"
    assert result.cut_rounds == (1,)


def test_bb20_every_move_counts_choices_included() -> None:
    state = bb.new_game(bb.Rules(players=3, rounds=1, max_turns_per_round=1), seed=0)
    state = bb.apply(state, bb.legal_moves(state)[0])
    assert bb.is_over(state)
    result = bb.outcome(state)
    assert result is not None
    assert result.scores == (0, 0, 0)  # all tied for most cards
    assert result.winners == frozenset({0, 1, 2})
    assert result.reason == "turn_limit"
    unlimited = bb.Rules(max_turns_per_round=None)
    assert unlimited.max_turns_per_round is None
    with pytest.raises(RulesError):
        bb.Rules(max_turns_per_round=0)


def test_bb21_what_a_player_sees() -> None:
    rows = ((12, 12, None), (10, 10, 10), (9, 9, 9))
    state = start(
        [(5, 7), (6, 6, 2), (3,)], face_up=((J,), (), (4, 4)), face_down=rows, discard=(2,)
    )
    state = go(state, Play(5, 1))
    seen = bb.view(state, 1)
    assert seen.seat == 1
    assert seen.hand == counts(2, 6, 6)
    assert seen.hand_counts == (1, 3, 1)
    assert seen.face_up == (counts(J), counts(), counts(4, 4))
    assert seen.face_down == ((True, True, False), (True, True, True), (True, True, True))
    assert seen.discard == (2, 5)
    assert seen.removed == state.removed
    assert seen.draw_count == 0
    assert seen.turn == 1
    assert seen.chips == (0, 0, 0)
    assert seen.supply == 40
    for seat in range(3):
        for k in range(3):
            assert bb.view(bb.redeal_hidden(state, seat, seed=k), seat) == bb.view(state, seat)
    with pytest.raises(RulesError):
        bb.view(state, 3)


# --------------------------------------------------------------------------- regressions
# Deviations found by the lockstep reference (tests/biggenbende/test_reference.py) and by
# review: states the rules never reach must be rejected, and no deal may lead to one.


def test_bb4_an_explicit_choice_leaves_a_hand_card_while_the_draw_pile_has_cards() -> None:
    # BB-4 and BB-7: with a draw pile, a hand of three would be empty after the choice,
    # and its owner would play face-up cards while the draw pile still has cards.
    with pytest.raises(RulesError, match=r"deal.hands\[0\].*4 cards"):
        start([(1, 2, 3), (4, 5, 6, 7), (9, 10, 11, 12)], draw=(11, 12), choose=True)
    state = start([(1, 2, 3, 5), (4, 5, 6, 7), (9, 10, 11, 12)], draw=(11, 12), choose=True)
    state = go(state, ChooseFaceUp((1, 2, 3)), ChooseFaceUp((4, 5, 6)), ChooseFaceUp((9, 10, 11)))
    bb.check_state(state)
    assert bb.legal_moves(state) == (Play(5, 1),)  # from the hand, not the face-up cards
    # Without a draw pile three cards are enough (the face-up cards are played next).
    state = start([(1, 2, 3), (4, 5, 6), (9, 10, 11)], choose=True)
    state = go(state, ChooseFaceUp((1, 2, 3)), ChooseFaceUp((4, 5, 6)), ChooseFaceUp((9, 10, 11)))
    bb.check_state(state)
    assert bb.legal_moves(state) == (Play(1, 1), Play(2, 1), Play(3, 1))


def test_bb4_a_choice_state_where_the_chooser_cannot_choose_is_rejected() -> None:
    # A seat still to choose needs three cards (and one more while the draw pile has
    # cards); a seat that chose keeps a hand card while the draw pile has cards (BB-7).
    state = start([(1, 2, 3, 4, 5), (1, 2, 3, 4), (6, 7, 9, 10)], draw=(11,), choose=True)
    bb.check_state(state)
    short = attrs.evolve(
        state, hands=(counts(1, 2), counts(1, 2, 3, 3, 4, 4, 5), *state.hands[2:])
    )
    with pytest.raises(InvalidStateError, match=r"hands\[0\].*BB-4"):
        bb.check_state(short)
    three = attrs.evolve(
        state, hands=(counts(1, 2, 3), counts(1, 2, 3, 4, 4, 5), *state.hands[2:])
    )
    with pytest.raises(InvalidStateError, match=r"hands\[0\]"):
        bb.check_state(three)
    chosen = go(state, ChooseFaceUp((1, 2, 3)))
    bb.check_state(chosen)
    emptied = attrs.evolve(
        chosen,
        hands=(counts(), counts(1, 2, 3, 4, 4, 5), *chosen.hands[2:]),
    )
    with pytest.raises(InvalidStateError, match=r"hands\[0\]"):
        bb.check_state(emptied)


def test_bb12_no_three_identical_cards_anywhere_in_the_pile() -> None:
    # Three equal cards burn as soon as they lie on top, so no pile ever holds a run of
    # three, even under later cards.
    state = start([(5, 7), (9,), (9,)], discard=(2, 6, 6))
    bb.check_state(state)
    removed = list(state.removed)
    removed[6] -= 1
    removed[7] -= 1
    inside = attrs.evolve(state, discard=(2, 6, 6, 6, 7), removed=tuple(removed))
    with pytest.raises(InvalidStateError, match=r"discard\[3\]: .*\(BB-12\)"):
        bb.check_state(inside)
    with pytest.raises(RulesError, match=r"deal.discard\[2\]: .*\(BB-12\)"):
        start([(5,), (9,), (9,)], discard=(J, J, J, 3))
    # The path of any pile problem names the card: discard[1], not "discard: 1]".
    low = attrs.evolve(state, discard=(6, 2, 6), removed=state.removed)
    with pytest.raises(InvalidStateError, match=r"^discard\[1\]: 2 cannot lie on 6 \(BB-6\)$"):
        bb.check_state(low)


def test_bb17_bb20_a_finished_round_was_either_completed_or_cut() -> None:
    rows = (NONE_ROW, NONE_ROW, (12, 12, 12))
    done = go(start([(2,), (3,), (4,)], face_down=rows, rounds=1), Play(2, 1), Play(3, 1))
    assert bb.is_over(done)
    bb.check_state(done)
    with pytest.raises(InvalidStateError, match="cut_rounds"):
        bb.check_state(attrs.evolve(done, cut_rounds=(1,)))  # two out: scored normally
    cut = go(start([(2, 5), (3, 6), (5, 7)], max_turns_per_round=1, rounds=1), Play(2, 1))
    assert bb.is_over(cut)
    assert cut.cut_rounds == (1,)
    bb.check_state(cut)
    with pytest.raises(InvalidStateError, match="BB-17"):
        bb.check_state(attrs.evolve(cut, cut_rounds=()))  # neither two out nor cut
    with pytest.raises(InvalidStateError, match="BB-20"):
        bb.check_state(attrs.evolve(cut, moves=0))  # a cut round used up its moves
    no_limit = attrs.evolve(cut.rules, max_turns_per_round=None)
    with pytest.raises(InvalidStateError, match="BB-20"):
        bb.check_state(attrs.evolve(cut, rules=no_limit))  # no limit, no cut


def test_bb6_bb7_a_malformed_play_says_what_is_wrong() -> None:
    state = start([(5, 7), (9,), (9,)])
    for move, rule, reason in [
        (forged(Play, value=13, count=1), "BB-6", "not a card value"),
        (forged(Play, value="7", count=1), "BB-6", "not a card value"),
        (forged(Play, value=7, count=0), "BB-6", "at least one card"),
        (Play(7, 2), "BB-7", "the hand holds 1 x 7, fewer than 2"),
        (Play(3, 1), "BB-7", "the hand holds 0 x 3, fewer than 1"),
    ]:
        with pytest.raises(IllegalMoveError) as exc:
            bb.apply(state, move)
        assert (exc.value.rule, exc.value.move) == (rule, move)
        assert reason in exc.value.reason
