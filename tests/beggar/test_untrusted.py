"""
Beggar-my-neighbour with untrusted input: bounds, the checked BM-9 detector, closed types.

A state loaded from JSON may have been edited. Every such input must either be refused
with a :class:`~cardrules.errors.CardrulesError`, or load into a state from which play
to the end passes ``check_state`` at every step and ``play_out`` agrees with stepping.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import beggar, biggenbende
from cardrules.beggar import Rules, State, Turn, apply, check_state, new_game, play_out
from cardrules.errors import CardrulesError, InvalidStateError, RulesError, WrongTypeError
from tests.beggar.helpers import finish
from tests.untrusted_inputs import assert_slotted_and_frozen, field_mutants, first_entries

CASELLA = ("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA")
"""An endless deal (BM-9)."""


def _states(state: State) -> Iterator[State]:
    """``state`` and every state after it, stepping with ``apply``."""
    yield state
    while not beggar.is_over(state):
        state = apply(state, Turn())
        yield state


def _play_checked(state: State) -> State:
    """Step to the end, checking every state; play_out must give the same end."""
    final = state
    for final in _states(state):
        check_state(final)
    assert play_out(state).state == final
    return final


# Bounds (BM-10) ------------------------------------------------------------------------


def test_bm10_max_cards_has_an_upper_bound() -> None:
    assert Rules(max_cards=100_000).max_cards == 100_000
    for value in (100_001, 10**30, 10**5000):
        with pytest.raises(RulesError, match=r"from 1 to 100,000 \(BM-10\)") as exc:
            Rules(max_cards=value)
        assert len(str(exc.value)) < 200  # a huge value is not repeated in full


def test_bm10_without_max_cards_a_game_still_ends_at_the_ceiling() -> None:
    # A mid-game state just below the ceiling: the next card ends the game (BM-10).
    state = new_game(seed=5)
    state = attrs.evolve(state, cycle_key="", cycle_power=1, cycle_lam=0)
    near = attrs.evolve(state, cards=99_999, tricks=0)
    check_state(near)
    after = apply(near, Turn())
    assert after.ended == "card_limit"
    check_state(after)
    assert play_out(near).state == after
    with pytest.raises(InvalidStateError, match="reaches max_cards"):
        check_state(attrs.evolve(near, cards=100_000))


def test_bm10_card_limit_only_at_the_limit() -> None:
    state = new_game(Rules(max_cards=300), seed=3)
    with pytest.raises(InvalidStateError, match="do not reach max_cards"):
        check_state(attrs.evolve(state, ended="card_limit"))


# The BM-9 detector is checked, not trusted -----------------------------------------------


def _trick_starts(state: State) -> list[State]:
    """The states at the start of each trick (pile empty, game going on)."""
    return [s for s in _states(state) if not s.pile and s.ended is None]


def test_bm9_the_detector_of_every_honest_state_passes() -> None:
    for players in (2, 3, 4):
        for seed in range(6):
            for state in _states(new_game(Rules(players=players), seed=seed)):
                check_state(state)
    for state in _states(new_game(stacks=CASELLA)):
        check_state(state)
    assert state.ended == "endless"


def test_bm9_after_redeal_hidden_every_state_passes() -> None:
    state = new_game(Rules(players=3), seed=11)
    for _ in range(40):
        state = apply(state, Turn())
    _play_checked(beggar.redeal_hidden(state, 0, seed=4))


def test_bm9_a_future_position_as_saved_key_is_refused() -> None:
    # A game that play wins: a key saved from a later trick would end it "endless".
    start = new_game(seed=1)
    assert play_out(start).state.ended == "normal"
    starts = _trick_starts(start)
    early, later = starts[1], starts[-2]
    forged = attrs.evolve(early, cycle_key=later.cycle_key)
    with pytest.raises(InvalidStateError, match=r"cycle_key: .*BM-9"):
        check_state(forged)
    text = cardrules.dumps(early).replace(early.cycle_key, later.cycle_key)
    with pytest.raises(CardrulesError):
        cardrules.loads(text)


def test_bm9_a_current_position_as_key_with_a_wrong_lam_is_refused() -> None:
    start = new_game(seed=2)
    state = _trick_starts(start)[6]
    key = beggar._play._position_key(state.stacks, state.turn, state.out)
    for lam in range(state.cycle_power):
        forged = attrs.evolve(state, cycle_key=key, cycle_lam=lam)
        if lam == 0:
            check_state(forged)  # saved just now: a detector play gives
            _play_checked(forged)
        else:
            with pytest.raises(InvalidStateError, match="cycle_key"):
                check_state(forged)


def test_bm9_a_power_that_would_delay_detection_is_refused() -> None:
    state = new_game(stacks=CASELLA)
    for power in (2**20, 2**62):
        with pytest.raises(InvalidStateError, match="cycle_power"):
            check_state(attrs.evolve(state, cycle_power=power))


def test_bm9_endless_only_where_play_repeats() -> None:
    final = finish(new_game(seed=7))
    assert final.ended == "normal"
    with pytest.raises(InvalidStateError):
        check_state(attrs.evolve(final, ended="endless"))
    endless = finish(new_game(stacks=CASELLA))
    with pytest.raises(InvalidStateError):
        check_state(attrs.evolve(endless, ended="normal"))
    with pytest.raises(InvalidStateError):
        check_state(attrs.evolve(endless, cycle_lam=endless.cycle_lam - 1))


# The mutation property test -------------------------------------------------------------

_VALUES: tuple[Any, ...] = (0, -1, 1, 52, 10**30, "", "x", None, True, [], {})


def _real_states() -> list[State]:
    start = new_game(seed=21)
    starts = _trick_starts(start)
    limited = new_game(Rules(players=4, max_cards=300), seed=21)
    return [
        start,
        starts[len(starts) // 2],
        apply(_trick_starts(new_game(Rules(players=3), seed=21))[5], Turn()),
        apply(_trick_starts(limited)[-1], Turn()),
        finish(limited),
        finish(new_game(stacks=CASELLA)),
    ]


def test_mutated_states_are_refused_or_play_on_soundly() -> None:
    refused = accepted = 0
    played: list[State] = []
    for state in _real_states():
        doc = json.loads(cardrules.dumps(state))
        for mutant in field_mutants(doc, _VALUES, first_entries):
            text = json.dumps(mutant)
            try:
                loaded = cardrules.loads(text)
            except CardrulesError:
                refused += 1
                continue
            accepted += 1
            assert isinstance(loaded, State)
            played.append(loaded)
    # Each distinct accepted state is played to its end, checked at every step.
    for loaded in set(played):
        _play_checked(loaded)
    assert refused > 1000
    assert accepted > 50


# Closed types ---------------------------------------------------------------------------


def _instances() -> list[Any]:
    state = new_game(seed=3)
    result = play_out(new_game(stacks=CASELLA))
    found: list[Any] = [
        state,
        beggar.view(state, 0),
        Turn(),
        Rules(),
        beggar.Card("A", "S"),
        result,
        result.cycle,
    ]
    before = state
    after = apply(before, Turn())
    found += beggar.events(before, Turn(), after, 0)
    return found


def test_every_class_is_slotted_and_frozen() -> None:
    for obj in _instances():
        assert_slotted_and_frozen(obj)


def test_wrong_kinds_of_object_raise_wrong_type_error() -> None:
    state = new_game(seed=3)
    wrong: list[Any] = [
        beggar.view(state, 0),
        None,
        biggenbende.new_game(seed=1),
        "state",
    ]
    calls: list[Callable[[Any], object]] = [
        beggar.legal_moves,
        beggar.to_move,
        beggar.is_over,
        beggar.outcome,
        beggar.players,
        play_out,
        lambda s: apply(s, Turn()),
        lambda s: beggar.view(s, 0),
        lambda s: beggar.redeal_hidden(s, 0, seed=1),
        lambda s: beggar.events(s, Turn(), state, 0),
        lambda s: beggar.events(state, Turn(), s, 0),
        lambda s: new_game(s, seed=1),
    ]
    for call in calls:
        for obj in wrong:
            with pytest.raises(WrongTypeError, match="expected a beggar"):
                call(obj)
    with pytest.raises(WrongTypeError, match="expected a beggar View"):
        beggar.GAME.render_view(state, "you")  # type: ignore[misc, arg-type]
    # A state given a wrong move is still an illegal move, not a wrong type (BM-4).
    with pytest.raises(cardrules.IllegalMoveError):
        apply(state, "turn")  # type: ignore[arg-type]


def test_messages_quote_only_a_short_prefix() -> None:
    state = new_game(seed=3)
    doc = json.loads(cardrules.dumps(state))
    doc["data"]["cycle_key"] = "0|" + "-" * 100_000
    with pytest.raises(CardrulesError) as exc:
        cardrules.loads(json.dumps(doc))
    assert len(str(exc.value)) < 300
    with pytest.raises(RulesError) as rules_exc:
        beggar.view(state, "x" * 10_000)  # type: ignore[arg-type]
    assert len(str(rules_exc.value)) < 200
