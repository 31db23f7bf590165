"""
Beggar's ``check_state`` and ``check_view`` refusals that the pins of
tests/test_check_refusal_pins.py leave open, word for word: bad values other than
``None`` quoted in the message, counts at and just above ``_MAX_COUNT`` (BM-10), a game
ended at its card limit whose seat to turn next is out or owed to (BM-7, BM-5), and a
saved BM-9 position with a symbol the notation has not (issue 23).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import attrs
import pytest

from cardrules import beggar
from cardrules.beggar._checks import _MAX_COUNT
from cardrules.errors import InvalidStateError, RulesError
from tests.refused import refused


def _refusal(check: Callable[[Any], None], value: Any) -> str:
    with pytest.raises(InvalidStateError) as caught:
        check(value)
    return str(caught.value)


@cache
def _mid_game() -> beggar.State:
    """Two seats, 40 cards turned from seed 3: seat 1 pays 3 on a king (BM-5)."""
    state = beggar.new_game(seed=3)
    for _ in range(40):
        state = beggar.apply(state, beggar.Turn())
    assert (state.turn, state.owed, state.penalty_seat, state.cards) == (1, 3, 0, 40)
    return state


def _ended(players: int, max_cards: int, seed: int) -> beggar.State:
    state = beggar.new_game(beggar.Rules(players=players, max_cards=max_cards), seed=seed)
    while not beggar.is_over(state):
        state = beggar.apply(state, beggar.Turn())
    assert state.ended == "card_limit"  # BM-10
    return state


STATE_REFUSALS: list[tuple[dict[str, Any], str]] = [
    ({"rng": 5}, "rng: not an Rng: 5"),
    ({"rules": 5}, "rules: not a beggar Rules: 5"),
    ({"out": (1, False)}, "out[0]: must be a bool, not 1"),
    ({"out": (False, 0)}, "out[1]: must be a bool, not 0"),
    ({"cycle_key": 5}, "cycle_key: must be a str, not 5"),
    # BM-10: a count of exactly _MAX_COUNT is an int in range; one more is not.
    ({"turn": _MAX_COUNT}, "turn: must be an int from 0 to 1, not 200000"),
    ({"turn": _MAX_COUNT + 1}, "turn: must be an int from 0 to 200,000 (BM-10), not 200001"),
    ({"turn": _MAX_COUNT, "cards": -1}, "cards: must be an int >= 0, not -1"),
    ({"cards": _MAX_COUNT}, "cards: 200000 turned is more than the limit of 100,000 (BM-10)"),
    ({"cards": _MAX_COUNT + 1}, "cards: must be an int from 0 to 200,000 (BM-10), not 200001"),
]


@pytest.mark.parametrize(("fields", "message"), STATE_REFUSALS)
def test_bm10_check_state_words_each_refusal(fields: dict[str, Any], message: str) -> None:
    assert _MAX_COUNT == 200_000
    assert _refusal(beggar.check_state, attrs.evolve(_mid_game(), **fields)) == message


VIEW_REFUSALS: list[tuple[dict[str, Any], str]] = [
    ({"owed": _MAX_COUNT}, "owed: must be 3 after KD on the pile, not 200000"),
    ({"owed": _MAX_COUNT + 1}, "owed: must be at most 200,000 (BM-10), not 200001"),
]


@pytest.mark.parametrize(("fields", "message"), VIEW_REFUSALS)
def test_bm10_check_view_words_each_refusal(fields: dict[str, Any], message: str) -> None:
    seen = beggar.view(_mid_game(), 0)
    assert _refusal(beggar.check_view, attrs.evolve(seen, **fields)) == message


def test_bm7_a_game_ended_at_its_limit_names_an_out_seat_to_turn_next() -> None:
    state = _ended(3, 200, seed=1)
    assert state.out == (False, True, False)
    forged = attrs.evolve(state, turn=1)
    assert _refusal(beggar.check_state, forged) == (
        "turn: seat 1 would turn next but holds no card"
    )


def test_bm5_a_game_ended_at_its_limit_is_judged_by_replay_not_by_its_turn() -> None:
    # Ended mid-payment: seat 1 would pay seat 0's penalty card next. Made seat 0's turn,
    # the payment itself is as play leaves it once the game is over (no seat moves), and
    # only the replay of the BM-9 detector finds that play does not reach it.
    state = _ended(2, 60, seed=0)
    assert (state.turn, state.penalty_seat, state.owed) == (1, 0, 1)
    forged = attrs.evolve(state, turn=0)
    assert _refusal(beggar.check_state, forged) == (
        "cycle_key: play from the saved position does not reach this one (BM-9)"
    )


def test_bm9_a_saved_position_with_a_symbol_of_no_card_is_no_position() -> None:
    state = _mid_game()
    key = state.cycle_key.replace("-", "X", 1)
    assert key.startswith("1|X")
    message = _refusal(beggar.check_state, attrs.evolve(state, cycle_key=key))
    assert message.startswith("cycle_key: not a BM-9 position for 2 players: '1|X----K")


def test_bm10_forged_rules_with_a_card_limit_of_no_int_are_refused() -> None:
    rules = beggar.Rules(players=2)
    object.__setattr__(rules, "max_cards", "x")  # past the validators of Rules
    with refused(InvalidStateError, "rules", "BM-10"):
        beggar.check_state(attrs.evolve(_mid_game(), rules=rules))
    with refused(InvalidStateError, "rules", "BM-10"):
        beggar.check_view(attrs.evolve(beggar.view(_mid_game(), 0), rules=rules))


def _fresh_detector(state: beggar.State) -> beggar.State:
    """``state`` with the BM-9 detector ``redeal_hidden`` leaves: nothing saved yet."""
    return attrs.evolve(state, cycle_key="", cycle_power=1, cycle_lam=0)


def test_bm5_with_a_fresh_detector_the_seat_to_move_cannot_owe_itself() -> None:
    state = _fresh_detector(_mid_game())
    beggar.check_state(state)
    # Seat 0 laid the king (BM-5): the seat to move pays it, so it is not seat 0.
    with refused(InvalidStateError, "penalty_seat"):
        beggar.check_state(attrs.evolve(state, turn=0))


def test_bm7_with_a_fresh_detector_an_out_seat_cannot_take_the_pile() -> None:
    # Three seats from seed 1, up to the first penalty card laid as a seat's last card.
    state = beggar.new_game(beggar.Rules(players=3), seed=1)
    while state.penalty_seat is None or state.stacks[state.penalty_seat]:
        state = beggar.apply(state, beggar.Turn())
    assert (state.penalty_seat, state.turn, state.out) == (1, 2, (False, False, False))
    state = _fresh_detector(state)
    beggar.check_state(state)
    # Seat 1 holds no card but takes the pile if the payment fails: it is not out (BM-7).
    with refused(InvalidStateError, "penalty_seat", "BM-7"):
        beggar.check_state(attrs.evolve(state, out=(False, True, False)))


def test_bm4_a_penalty_seat_one_past_the_last_seat_is_out_of_range() -> None:
    forged = attrs.evolve(_mid_game(), penalty_seat=2)
    assert _refusal(beggar.check_state, forged) == (
        "penalty_seat: must be an int from 0 to 1, not 2"
    )


def test_bm2_forged_rules_with_a_player_count_of_no_int_are_refused() -> None:
    rules = beggar.Rules(players=2)
    object.__setattr__(rules, "players", "x")  # past the validators of Rules
    with refused(InvalidStateError, "rules", "BM-2"):
        beggar.check_state(attrs.evolve(_mid_game(), rules=rules))


def test_bm2_stacks_in_a_list_are_refused() -> None:
    stacks: Any = list(_mid_game().stacks)
    assert _refusal(beggar.check_state, attrs.evolve(_mid_game(), stacks=stacks)) == (
        "stacks: expected a tuple, got list"
    )


def test_bm5_with_a_fresh_detector_the_payment_owed_follows_from_the_pile() -> None:
    # 40 cards in, seat 1 pays 3 on a king: 2 owed is wrong even with nothing saved.
    forged = attrs.evolve(_fresh_detector(_mid_game()), owed=2)
    with refused(InvalidStateError, "owed"):
        beggar.check_state(forged)


def _one_seat_holds_all(state: beggar.State) -> beggar.State:
    """``state`` with seat 1's cards under seat 0's, and nothing saved by BM-9."""
    first, second = state.stacks
    return _fresh_detector(attrs.evolve(state, stacks=(first + second, ())))


def test_bm7_with_a_fresh_detector_the_seat_to_move_holds_a_card() -> None:
    state = _one_seat_holds_all(beggar.new_game(seed=3))
    beggar.check_state(state)  # seat 0 to move
    with refused(InvalidStateError, "turn"):
        beggar.check_state(attrs.evolve(state, turn=1))
    seen = attrs.evolve(beggar.view(beggar.new_game(seed=3), 0), stack_sizes=(52, 0))
    beggar.check_view(seen)
    with refused(InvalidStateError, "turn"):
        beggar.check_view(attrs.evolve(seen, turn=1))


def test_bm10_with_a_fresh_detector_the_seat_to_turn_next_at_the_limit_holds_a_card() -> None:
    # The game of _mid_game cut at its 40 cards (BM-10): seat 1 would turn next.
    state = _one_seat_holds_all(_mid_game())
    ended = attrs.evolve(state, rules=beggar.Rules(players=2, max_cards=40), ended="card_limit")
    assert _refusal(beggar.check_state, ended) == (
        "turn: seat 1 would turn next but holds no card"
    )


def _no_wild_cards(_rules: object, _field: object, value: bool) -> None:
    if value:
        raise RulesError("wild: this house plays no wild cards")


@attrs.frozen
class _HouseRules(beggar.Rules):
    """A Rules subclass with a validated field of its own."""

    wild: bool = attrs.field(default=False, kw_only=True, validator=_no_wild_cards)


def test_bm2_rules_of_a_subclass_are_validated_afresh_with_its_own_validators() -> None:
    rules = _HouseRules(players=2)
    beggar.check_state(attrs.evolve(_mid_game(), rules=rules))
    object.__setattr__(rules, "wild", True)  # past its validator
    assert _refusal(beggar.check_state, attrs.evolve(_mid_game(), rules=rules)) == (
        "rules: wild: this house plays no wild cards"
    )
