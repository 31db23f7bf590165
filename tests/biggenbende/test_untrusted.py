"""
Biggenbende with untrusted input: bounds, checked states, closed types.

A state loaded from JSON may have been edited. Every such input must either be refused
with a :class:`~cardrules.errors.CardrulesError`, or load into a state from which random
play to the end passes ``check_state`` at every step.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import beggar
from cardrules import biggenbende as bb
from cardrules._rng import _below
from cardrules.errors import CardrulesError, RulesError, WrongTypeError
from tests.untrusted_inputs import assert_slotted_and_frozen, field_mutants, first_and_last


def _random_play(state: bb.State, seed: int, check: bool = True) -> tuple[bb.State, int]:
    """Play uniformly random legal moves to the end; the final state and the moves."""
    pick = seed ^ 0x9E3779B97F4A7C15
    moves = 0
    while True:
        if check:
            bb.check_state(state)
        options = bb.legal_moves(state)
        if not options:
            return state, moves
        index, pick = _below(pick, len(options))
        state = bb.apply(state, options[index])
        moves += 1


# Bounds (BB-3, BB-19, BB-20) ------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "good", "bad"),
    [
        ("chips", 1000, 1001),
        ("rounds", 20, 21),
        ("max_turns_per_round", 10_000, 10_001),
    ],
)
def test_every_option_has_an_upper_bound(option: str, good: int, bad: int) -> None:
    assert getattr(bb.Rules(**{option: good}), option) == good
    for value in (bad, 10**30, 10**4000):
        with pytest.raises(RulesError, match=option) as exc:
            bb.Rules(**{option: value})
        assert len(str(exc.value)) < 200  # a huge value is not repeated in full


def test_bb20_without_a_limit_a_round_is_cut_at_the_ceiling() -> None:
    rules = bb.Rules(players=3, rounds=1, max_turns_per_round=None)
    state = bb.new_game(rules, seed=4)
    for _ in range(3):  # the face-up choices (BB-4)
        state = bb.apply(state, bb.legal_moves(state)[0])
    near = attrs.evolve(state, moves=9_999)
    bb.check_state(near)
    after = bb.apply(near, bb.legal_moves(near)[0])
    assert bb.is_over(after)
    assert after.cut_rounds == (1,)
    bb.check_state(after)


def test_the_largest_match_random_play_ends_within_its_bound() -> None:
    rules = bb.Rules(
        players=3, copies_per_value=64, jokers=64, chips=1000, rounds=20, max_turns_per_round=None
    )
    final, moves = _random_play(bb.new_game(rules, seed=1), 1, check=False)
    assert bb.is_over(final)
    # Bounded by the rules (BB-20's ceiling in every round); how long it takes is
    # measured by benchmarks/bench_untrusted.py.
    assert moves <= bb.max_moves(rules) == 20 * 10_000


# The mutation property test -------------------------------------------------------------

_VALUES: tuple[Any, ...] = (0, -1, 1, 13, 10**30, "x", None, True, [], {})


def _real_states() -> list[bb.State]:
    out = []
    for rules, seed, steps in (
        (bb.Rules(players=3, rounds=1, max_turns_per_round=150), 2, (0, 2, 40)),
        (bb.Rules(players=4, rounds=2, max_turns_per_round=40), 3, (39, 45)),
    ):
        state = bb.new_game(rules, seed=seed)
        pick = seed
        for step in range(max(steps) + 1):
            if step in steps:
                out.append(state)
            options = bb.legal_moves(state)
            if not options:
                break
            index, pick = _below(pick, len(options))
            state = bb.apply(state, options[index])
        out.append(_random_play(state, seed, check=False)[0])
    return out


def test_mutated_states_are_refused_or_play_on_soundly() -> None:
    refused = accepted = 0
    played: set[bb.State] = set()
    for state in _real_states():
        doc = json.loads(cardrules.dumps(state))
        for mutant in field_mutants(doc, _VALUES, first_and_last):
            text = json.dumps(mutant)
            try:
                loaded = cardrules.loads(text)
            except CardrulesError:
                refused += 1
                continue
            accepted += 1
            assert isinstance(loaded, bb.State)
            played.add(loaded)
    for seed, loaded in enumerate(played):
        _random_play(loaded, seed)
    assert refused > 1000
    assert accepted > 50


@pytest.mark.parametrize(
    "data",
    [
        {"type": "Play", "value": 5, "count": -2},
        {"type": "Play", "value": 13, "count": 1},
        {"type": "Play", "value": 5, "count": 10**6},
        {"type": "TurnFaceDown", "position": 3},
        {"type": "ChooseFaceUp", "values": [1, 2]},
        {"type": "ChooseFaceUp", "values": [1, 2, 99]},
    ],
)
def test_moves_are_range_checked_on_load(data: dict[str, Any]) -> None:
    doc = json.loads(cardrules.dumps(bb.PickUp()))
    doc["data"] = data
    with pytest.raises(cardrules.SerializationError, match="must be"):
        cardrules.loads(json.dumps(doc))


# Closed types ---------------------------------------------------------------------------


def _instances() -> list[Any]:
    state = bb.new_game(bb.Rules(players=3), seed=1)
    after = bb.apply(state, bb.legal_moves(state)[0])
    return [
        state,
        bb.view(state, 0),
        bb.Rules(),
        bb.Play(5, 1),
        bb.PickUp(),
        bb.TurnFaceDown(1),
        bb.ChooseFaceUp((1, 2, 3)),
        bb.Deal(hands=(), face_down=(), draw=()),
        *bb.events(state, bb.legal_moves(state)[0], after, 0),
    ]


def test_every_class_is_slotted_and_frozen() -> None:
    for obj in _instances():
        assert_slotted_and_frozen(obj)


def test_wrong_kinds_of_object_raise_wrong_type_error() -> None:
    state = bb.new_game(bb.Rules(players=3), seed=1)
    move = bb.legal_moves(state)[0]
    wrong: list[Any] = [bb.view(state, 0), None, beggar.new_game(seed=1), "state"]
    calls: list[Callable[[Any], object]] = [
        bb.legal_moves,
        bb.to_move,
        bb.is_over,
        bb.outcome,
        bb.players,
        lambda s: bb.apply(s, move),
        lambda s: bb.view(s, 0),
        lambda s: bb.redeal_hidden(s, 0, seed=1),
        lambda s: bb.redeal_seen(s, 0, (), seed=1),
        lambda s: bb.events(s, move, state, 0),
        lambda s: bb.events(state, move, s, 0),
    ]
    for call in calls:
        for obj in wrong:
            with pytest.raises(WrongTypeError, match="expected a biggenbende"):
                call(obj)
    others: list[Any] = [state, None, "view"]
    for obj in others:
        with pytest.raises(WrongTypeError, match="expected a biggenbende View"):
            bb.GAME.render_view(obj, "you")  # type: ignore[misc]
        with pytest.raises(WrongTypeError, match="expected a biggenbende event"):
            bb.render_event(obj, 0)
        with pytest.raises(WrongTypeError, match="expected a biggenbende move"):
            bb.GAME.render_move(obj)  # type: ignore[misc]
    # A state given a wrong move is still an illegal move, not a wrong type.
    with pytest.raises(cardrules.IllegalMoveError):
        bb.apply(state, "play 7")  # type: ignore[arg-type]
