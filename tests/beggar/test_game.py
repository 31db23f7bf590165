"""The game object: views, redeals, state checks and serialisation."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import InvalidStateError, RulesError, beggar
from cardrules.beggar import Card, Rules, new_game, play_out
from cardrules.testing import check_game
from tests.beggar.helpers import deal, finish, turn

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


def test_game_object() -> None:
    game = cardrules.get_game("beggar")
    assert game is beggar.GAME
    assert (game.name, game.rules_version) == ("beggar", 1)
    assert game.move_types == (beggar.Turn,)


def test_check_game() -> None:
    check_game(beggar.GAME, max_examples=10)


def test_view_shows_sizes_pile_and_counts_but_no_stack() -> None:
    state = turn(deal("K+", "----"), 2)
    seen = beggar.view(state, 1)
    assert seen.seat == 1
    assert seen.stack_sizes == (47, 3)
    assert seen.pile == state.pile
    assert (seen.turn, seen.owed, seen.penalty_seat, seen.cards, seen.tricks) == (1, 2, 0, 2, 0)
    names = {field.name for field in attrs.fields(beggar.View)}
    assert not names & {"stacks", "cycle_key", "cycle_power", "cycle_lam", "rng"}
    with pytest.raises(RulesError, match="seat must be an int from 0 to 1, not 2"):
        beggar.view(state, 2)


@given(seed=SEEDS, redeal=SEEDS, players=st.integers(2, 4), moves=st.integers(0, 300))
def test_redeal_hidden_keeps_every_view(seed: int, redeal: int, players: int, moves: int) -> None:
    state = new_game(Rules(players=players), seed=seed)
    for _ in range(moves):
        if beggar.is_over(state):
            break
        state = turn(state)
    for seat in range(players):
        other = beggar.redeal_hidden(state, seat, seed=redeal)
        beggar.check_state(other)
        assert beggar.view(other, seat) == beggar.view(state, seat)
        assert other.cycle_key == ""


def test_redeal_hidden_then_play_on() -> None:
    state = beggar.redeal_hidden(turn(new_game(seed=4), 30), 0, seed=1)
    assert play_out(state).state == finish(state)


def _broken(**changes: Any) -> beggar.State:
    return attrs.evolve(turn(deal("K+", "----"), 2), **changes)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"cards": -1}, "cards: must be an int >= 0, not -1"),
        ({"turn": 2}, "turn: must be an int from 0 to 1, not 2"),
        ({"owed": 3}, r"owed: must be 2 after KC on the pile, not 3"),
        ({"penalty_seat": None}, "penalty_seat: must be an int from 0 to 1, not None"),
        ({"out": (False,)}, "out: must be a tuple of 2 bools"),
        ({"out": (True, False)}, r"out\[0\]: a seat that is out holds no cards"),
        ({"tricks": 3}, "tricks: 3 tricks but only 2 cards turned"),
        ({"ended": "won"}, "ended: must be None"),
        ({"cycle_power": 3}, "cycle_power: must be a power of two, not 3"),
        ({"cycle_lam": 1}, r"cycle_lam: must be below cycle_power \(1\), not 1"),
        ({"rules": "two"}, "rules: not a beggar Rules"),
        ({"rng": 5}, "rng: not an Rng"),
        ({"cycle_key": "0|--|x"}, "cycle_key: not a BM-9 position for 2 players"),
        ({"cycle_key": "2|--|--"}, "cycle_key: not a BM-9 position for 2 players"),
        ({"cycle_key": "0|--"}, "cycle_key: not a BM-9 position for 2 players"),
    ],
)
def test_check_state_names_the_bad_field(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        beggar.check_state(_broken(**changes))


def test_check_state_rejects_a_payment_paid_in_full_but_not_taken() -> None:
    # K - - with one more "-" moved from seat 1 to the pile: the king is paid, so BM-5
    # says seat 0 has taken the pile. Loading such a state must fail, not play on.
    state = turn(deal("K+", "----"), 3)
    paid = attrs.evolve(
        state,
        stacks=(state.stacks[0], state.stacks[1][1:]),
        pile=(*state.pile, state.stacks[1][0]),
        owed=0,
        cards=4,
    )
    with pytest.raises(InvalidStateError, match=r"pile: KC is paid in full.*\(BM-5\)"):
        beggar.check_state(paid)
    with pytest.raises(InvalidStateError, match="paid in full"):
        cardrules.loads(cardrules.dumps(paid))


def test_check_state_rejects_a_penalty_seat_that_is_out() -> None:
    # Seat 0 laid the king, then is made out with its cards given to seat 2: apply would
    # hand the pile to a seat that is out.
    state = turn(deal("K+", "----", "---"), 1)
    moved = attrs.evolve(
        state,
        stacks=((), state.stacks[1], state.stacks[2] + state.stacks[0]),
        out=(True, False, False),
    )
    with pytest.raises(InvalidStateError, match=r"penalty_seat: seat 0 is out .*\(BM-7\)"):
        beggar.check_state(moved)


def test_check_state_finds_duplicate_and_missing_cards() -> None:
    state = new_game(seed=1)
    stacks = (state.stacks[0], (state.stacks[0][3], *state.stacks[1][1:]))
    lost = state.stacks[1][0]
    with pytest.raises(InvalidStateError, match=r"stacks\[1\]\[0\]: duplicate card") as info:
        beggar.check_state(attrs.evolve(state, stacks=stacks))
    assert "(also at stacks[0][3])" in str(info.value)
    with pytest.raises(InvalidStateError, match=f"hold 51 cards, not 52 \\(missing: {lost}\\)"):
        beggar.check_state(attrs.evolve(state, stacks=(state.stacks[0], state.stacks[1][1:])))
    with pytest.raises(InvalidStateError, match=r"pile\[0\]: not a Card: 'QH'"):
        beggar.check_state(attrs.evolve(state, pile=("QH",)))  # type: ignore[arg-type]


def test_states_round_trip_through_json() -> None:
    dumps, loads = cardrules.dumps, cardrules.loads
    states = [
        new_game(seed=1),
        turn(deal("K+", "----"), 2),  # mid-payment
        finish(new_game(Rules(players=3), seed=2)),
        finish(new_game(Rules(max_cards=50), seed=2)),
        play_out(new_game(stacks=beggar.RECORD_GAMES[-1].stacks)).state,  # endless
    ]
    for state in states:
        assert loads(dumps(state)) == state
        assert loads(dumps(beggar.view(state, 1))) == beggar.view(state, 1)
    assert loads(dumps(beggar.Turn())) == beggar.Turn()


def test_a_loaded_state_with_a_missing_card_is_rejected() -> None:
    state = new_game(seed=1)
    text = cardrules.dumps(state)
    broken = attrs.evolve(state, stacks=(state.stacks[0][1:], state.stacks[1]))
    with pytest.raises(InvalidStateError, match="missing"):
        cardrules.loads(cardrules.dumps(broken))
    assert cardrules.loads(text) == state


def _tampered_view(**changes: Any) -> beggar.View:
    # Seat 1's view after K then one number card: seat 1 still owes 2 on seat 0's king.
    return attrs.evolve(beggar.view(turn(deal("K+", "----"), 2), 1), **changes)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seat": 2}, "seat: must be an int from 0 to 1, not 2"),
        ({"seat": -1}, "seat: must be an int from 0 to 1, not -1"),
        ({"seat": "1"}, "seat: must be an int from 0 to 1, not '1'"),
        ({"rules": "two"}, "rules: not a beggar Rules"),
        ({"stack_sizes": (47,)}, "stack_sizes: must be a tuple of 2 sizes"),
        ({"stack_sizes": [47, 3]}, "stack_sizes: must be a tuple of 2 sizes"),
        ({"stack_sizes": (-1, 51)}, r"stack_sizes\[0\]: must be an int from 0 to 52, not -1"),
        ({"stack_sizes": (47, None)}, r"stack_sizes\[1\]: must be an int from 0 to 52"),
        ({"stack_sizes": (48, 3)}, r"stack_sizes: the stacks hold 51 cards and the pile 2.*BM-1"),
        ({"pile": ("KC", "2C")}, r"pile\[0\]: not a Card: 'KC'"),
        ({"pile": (Card("K", "C"), Card("K", "C"))}, r"pile\[1\]: duplicate card KC"),
        ({"out": (False,)}, "out: must be a tuple of 2 bools"),
        ({"out": (False, 0)}, r"out\[1\]: must be a bool, not 0"),
        ({"out": (True, False)}, r"out\[0\]: a seat that is out holds no cards \(BM-7\)"),
        ({"cards": -1}, "cards: must be an int >= 0, not -1"),
        ({"tricks": -2}, "tricks: must be an int >= 0, not -2"),
        ({"tricks": 3}, "tricks: 3 tricks but only 2 cards turned"),
        ({"cards": 1}, "pile: 2 cards on the pile but 1 turned"),
        ({"owed": 3}, "owed: must be 2 after KC on the pile, not 3"),
        ({"penalty_seat": None}, "penalty_seat: must be an int from 0 to 1, not None"),
        ({"penalty_seat": 1}, "penalty_seat: the seat to move cannot owe"),
        ({"turn": None}, r"turn: must be an int from 0 to 1, not None \(the game goes on\)"),
        ({"turn": 2}, r"turn: must be an int from 0 to 1, not 2 \(the game goes on\)"),
        ({"ended": "won"}, "ended: must be None, 'normal', 'endless' or 'card_limit'"),
        ({"ended": "normal"}, "turn: must be None once the game has ended, not 1"),
        ({"ended": "normal", "turn": None}, "stack_sizes: a game ended normally"),
        ({"ended": "endless", "turn": None}, "pile: an endless game ends at the start of a"),
        ({"ended": "card_limit", "turn": None}, r"ended: 2 cards turned .*max_cards \(BM-10\)"),
        ({"rules": Rules(max_cards=2)}, "cards: 2 turned reaches max_cards"),
    ],
)
def test_check_view_names_the_bad_field(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        beggar.check_view(_tampered_view(**changes))


def test_check_view_rejects_a_payment_that_does_not_match_the_pile() -> None:
    # BM-5: after K - - - the king is paid in full, so a view still showing the pile is wrong.
    seen = _tampered_view()
    paid = attrs.evolve(
        seen,
        stack_sizes=(47, 1),
        pile=(*seen.pile, Card("2", "D"), Card("2", "H")),
        cards=4,
        owed=0,
    )
    with pytest.raises(InvalidStateError, match=r"pile: KC is paid in full.*\(BM-5\)"):
        beggar.check_view(paid)
    with pytest.raises(InvalidStateError, match=r"\$: not a beggar View: State"):
        beggar.check_view(turn(deal("K+", "----"), 2))  # type: ignore[arg-type]


@given(seed=SEEDS, players=st.integers(2, 4), moves=st.integers(0, 400))
def test_check_view_passes_every_real_view(seed: int, players: int, moves: int) -> None:
    state = new_game(Rules(players=players), seed=seed)
    for _ in range(moves):
        if beggar.is_over(state):
            break
        state = turn(state)
    for seat in range(players):
        beggar.check_view(beggar.view(state, seat))
    final = finish(state)
    for seat in range(players):
        beggar.check_view(beggar.view(final, seat))


def test_a_loaded_view_is_checked() -> None:
    seen = _tampered_view()
    doc = json.loads(cardrules.dumps(seen))
    assert cardrules.loads(json.dumps(doc)) == seen
    doc["data"]["stack_sizes"][1] += 1  # a card out of nowhere
    with pytest.raises(InvalidStateError, match=r"^\$\.data\.stack_sizes: .* not 52 \(BM-1\)"):
        cardrules.loads(json.dumps(doc))
    doc = json.loads(cardrules.dumps(seen))
    doc["data"]["seat"] = 7
    with pytest.raises(
        InvalidStateError, match=r"^\$\.data\.seat: must be an int from 0 to 1, not 7"
    ):
        cardrules.loads(json.dumps(doc), kind="view")


def test_card_is_json_friendly() -> None:
    # Format version 2: a card travels as its text, str(card).
    card = Card("10", "H")
    conv = cardrules.make_converter()
    assert conv.unstructure(card) == "10H"
    assert conv.structure("10H", Card) == card
