"""
Per-seat events: scripted situations, one per event type and rule, and the
properties that the events agree with the states and leak no face-down card.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import IllegalMoveError, RulesError, beggar
from cardrules.beggar import (
    CardTurned,
    GameEnded,
    PenaltyStarted,
    Rules,
    SeatOut,
    State,
    TrickTaken,
    Turn,
    apply,
    events,
    new_game,
    render_event,
)
from cardrules.game import Event as EventProtocol
from tests.beggar.helpers import deal, turn

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
CASELLA = beggar.RECORD_GAMES[-1].stacks


def moved(state: State, seat: int = 0) -> tuple[beggar.Event, ...]:
    """The events ``seat`` sees for the next turn in ``state``."""
    return events(state, Turn(), apply(state, Turn()), seat)


def test_bm4_a_number_card_turned() -> None:
    state = deal("-+", "--")
    card = state.stacks[0][0]
    assert moved(state) == (CardTurned(seat=0, card=card),)
    assert moved(state)[0].rule == "BM-4"
    assert [render_event(e, 0) for e in moved(state)] == [f"you turn {card}"]
    assert [render_event(e, 1) for e in moved(state)] == [f"seat 0 turns {card}"]


def test_bm5_a_penalty_card_demands_payment_from_the_next_seat() -> None:
    state = deal("K+", "----")
    king = state.stacks[0][0]
    assert moved(state) == (CardTurned(0, king), PenaltyStarted(0, king, payer=1, demand=3))
    assert moved(state)[1].rule == "BM-5"
    assert render_event(moved(state)[1], 1) == "you owe 3 cards to seat 0 for KC"
    assert render_event(moved(state)[1], 0) == "seat 1 owes 3 cards to you for KC"


def test_bm5_a_penalty_card_in_a_payment_passes_the_debt_on() -> None:
    # Seat 1 pays the king with a jack: seat 0 now owes 1 to seat 1.
    state = turn(deal("K+", "J---"), 1)
    jack = state.stacks[1][0]
    assert moved(state)[1:] == (PenaltyStarted(1, jack, payer=0, demand=1),)


def test_bm5_bm6_the_number_card_that_pays_the_debt_ends_the_trick() -> None:
    state = turn(deal("K+", "----"), 3)
    last = state.stacks[1][0]
    taken = TrickTaken(seat=0, cards=(*state.pile, last), ended_by=last)
    assert moved(state) == (CardTurned(1, last), taken)
    assert taken.rule == "BM-5"
    assert apply(state, Turn()).stacks[0][-len(taken.cards) :] == taken.cards  # BM-6
    assert render_event(taken, 0) == f"you take the pile (4 cards), ended by {last}"


def test_bm7_a_payer_with_no_cards_is_out_and_the_penalty_player_takes() -> None:
    state = deal("K+", "", "---")
    king = state.stacks[0][0]
    assert moved(state) == (
        CardTurned(0, king),
        PenaltyStarted(0, king, payer=1, demand=3),
        SeatOut(1),
        TrickTaken(0, (king,), ended_by=None),
    )
    assert SeatOut(1).rule == TrickTaken(0, (king,), None).rule == "BM-7"
    assert render_event(SeatOut(1), 1) == "you are out"


def test_bm7_the_last_player_with_cards_takes_the_pile_and_wins() -> None:
    state = deal("-", "", "+")
    card = state.stacks[0][0]
    assert moved(state, 2) == (
        CardTurned(0, card),
        SeatOut(1),
        TrickTaken(2, (card,), ended_by=None),
        GameEnded("normal"),
    )
    assert GameEnded("normal").rule == "BM-7"


def test_bm7_a_trick_that_leaves_the_loser_empty_ends_the_game() -> None:
    state = turn(deal("K+", "-"), 1)
    king, card = state.pile[0], state.stacks[1][0]
    assert moved(state) == (
        CardTurned(1, card),
        SeatOut(1),
        TrickTaken(0, (king, card), ended_by=None),
        GameEnded("normal"),
    )


def test_bm9_an_endless_game_ends_when_a_position_repeats() -> None:
    state = new_game(stacks=CASELLA)
    while True:
        after = apply(state, Turn())
        if after.ended is not None:
            break
        state = after
    found = events(state, Turn(), after, 0)
    assert found[-1] == GameEnded("endless")
    assert found[-1].rule == "BM-9"
    assert isinstance(found[-2], TrickTaken)  # BM-9 compares trick-start positions


def test_bm10_the_card_limit_ends_the_game() -> None:
    state = deal("-+", "--", max_cards=1)
    found = moved(state)
    assert found == (CardTurned(0, state.stacks[0][0]), GameEnded("card_limit"))
    assert found[-1].rule == "BM-10"
    assert render_event(found[-1], 0) == "the game is over: the card limit is reached"


def test_events_reject_a_bad_seat_a_bad_move_and_a_foreign_event() -> None:
    state = deal("K+", "----")
    after = apply(state, Turn())
    with pytest.raises(RulesError, match="seat must be an int from 0 to 1, not 2"):
        events(state, Turn(), after, 2)
    with pytest.raises(IllegalMoveError):
        events(state, "turn", after, 0)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="not a beggar event"):
        render_event("turn", 0)  # type: ignore[arg-type]


def test_events_of_a_finished_game_are_empty() -> None:
    state = deal("-+", "--", max_cards=1)
    over = apply(state, Turn())
    assert events(over, Turn(), over, 0) == ()


def test_game_object_wires_the_events_and_the_rule_ids() -> None:
    game = beggar.GAME
    assert game.events is events
    assert game.render_event is render_event
    assert game.event_types == (CardTurned, PenaltyStarted, SeatOut, TrickTaken, GameEnded)
    assert game.rule_ids == tuple(f"BM-{n}" for n in range(1, 11))
    assert beggar.Cycle in game.value_types
    assert beggar.PlayOut in game.value_types


def test_events_and_values_round_trip_through_the_converter() -> None:
    conv = cardrules.make_converter()
    state = deal("K+", "", "---")
    values: list[object] = [
        *moved(state),
        GameEnded("endless"),
        beggar.RECORD_GAMES[-1].cycle,
        beggar.play_out(new_game(seed=3)),
    ]
    for value in values:
        data = conv.unstructure(value)
        assert conv.structure(data, type(value)) == value
        assert "rule" not in data  # derived from the class, not stored


def test_event_classes_are_frozen_and_slotted() -> None:
    for cls in (*beggar.GAME.event_types, beggar.Cycle):
        assert attrs.has(cls)
        assert "__slots__" in cls.__dict__
        assert "__dict__" not in cls.__dict__
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        SeatOut(1).seat = 2  # type: ignore[misc]


def _played(seed: int, players: int, moves: int) -> State:
    state = new_game(Rules(players=players), seed=seed)
    for _ in range(moves):
        if beggar.is_over(state):
            break
        state = apply(state, Turn())
    return state


@given(seed=SEEDS, players=st.integers(2, 4), moves=st.integers(0, 600))
def test_events_agree_with_the_states_and_name_only_face_up_cards(
    seed: int, players: int, moves: int
) -> None:
    before = _played(seed, players, moves)
    if beggar.is_over(before):
        return
    after = apply(before, Turn())
    found = events(before, Turn(), after, 0)
    # Every seat sees the same events (nothing in the game is private to a seat).
    for seat in range(1, players):
        assert events(before, Turn(), after, seat) == found
    for event in found:
        assert isinstance(event, EventProtocol)
        assert event.rule in beggar.GAME.rule_ids
        for seat in range(players):
            assert render_event(event, seat)
    turned = [e for e in found if type(e) is CardTurned]
    assert len(turned) == 1
    assert turned[0].seat == before.turn
    card = turned[0].card
    tricks = [e for e in found if type(e) is TrickTaken]
    assert len(tricks) == after.tricks - before.tricks
    if tricks:
        assert tricks[0].cards == (*before.pile, card)
        assert tricks[0].seat == after.turn
    else:
        assert after.pile == (*before.pile, card)
    gone = {e.seat for e in found if type(e) is SeatOut}
    assert gone == {s for s in range(players) if after.out[s] and not before.out[s]}
    ended = [e for e in found if type(e) is GameEnded]
    assert ended == ([GameEnded(after.ended)] if after.ended is not None else [])
    # Nothing names a card still face down: only the pile and the card turned.
    named = {card, *before.pile}
    for event in found:
        cards = [getattr(event, name, None) for name in ("card", "ended_by")]
        cards += list(getattr(event, "cards", ()))
        assert {c for c in cards if c is not None} <= named


def _with_top(state: State, seat: int, card: beggar.Card) -> State:
    """``state`` with ``card`` swapped onto the top of ``seat``'s stack (sizes kept)."""
    stacks = [list(stack) for stack in state.stacks]
    for stack in stacks:
        if card in stack:
            index = stack.index(card)
            stack[index], stacks[seat][0] = stacks[seat][0], stack[index]
            break
    return attrs.evolve(state, stacks=tuple(tuple(stack) for stack in stacks))


@given(seed=SEEDS, redeal=SEEDS, players=st.integers(2, 4), moves=st.integers(0, 600))
def test_events_leak_nothing_beyond_the_views_and_the_card_turned(
    seed: int, redeal: int, players: int, moves: int
) -> None:
    # The no-leak property: in a world that ``seat`` cannot tell apart from the real one
    # (redeal_hidden), the same move shows ``seat`` the same events whenever its views
    # before and after are the same. The card turned is face up for everyone (BM-4), but
    # it may go under a stack in the same move (BM-6), so the view after does not always
    # show it: the second world also turns the same card.
    before = _played(seed, players, moves)
    if beggar.is_over(before):
        return
    after = apply(before, Turn())
    card = before.stacks[before.turn][0]
    compared = 0
    for seat in range(players):
        found = events(before, Turn(), after, seat)
        plain = beggar.redeal_hidden(before, seat, seed=redeal)
        same_card = _with_top(plain, before.turn, card)
        for world in (plain, same_card):
            assert beggar.view(world, seat) == beggar.view(before, seat)
            beggar.check_state(world)
            other = apply(world, Turn())
            if beggar.view(other, seat) != beggar.view(after, seat):
                continue
            if world is plain and other.tricks > world.tricks:
                continue  # a different card may have gone under a stack unseen
            assert events(world, Turn(), other, seat) == found
            compared += 1
    # The world that turns the same card differs only by the hidden BM-9 detector.
    assert compared >= players or after.tricks > before.tricks
