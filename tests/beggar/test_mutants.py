"""
Beggar's checks, where mutation testing found them unwatched (issue 23): each test here
fails on a mutant that the other tests let live. Every refusal is pinned by its path and
rule ID (tests/refused.py), not by its wording.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardrules.beggar import (
    Rules,
    State,
    Turn,
    apply,
    check_state,
    check_view,
    new_game,
    redeal_hidden,
    view,
)
from cardrules.beggar._checks import _state_ok
from cardrules.beggar._upgrade import (
    event_v1_to_v2,
    state_v1_to_v2,
    value_v1_to_v2,
    view_v1_to_v2,
)
from cardrules.errors import InvalidStateError, WrongTypeError
from tests.refused import forged, refused


def _redealt() -> State:
    """A game at its start whose BM-9 detector ``redeal_hidden`` has emptied."""
    state = redeal_hidden(new_game(Rules(players=3), seed=4), 0, seed=11)
    assert state.cycle_key == ""
    assert state.pile == ()
    return state


def test_bm5_owed_without_a_penalty_card_is_refused_after_a_redeal() -> None:
    # The fast path must not pass it either: with an empty BM-9 key nothing else
    # replays the pile (the ``or`` of its owed test turned ``and`` passed this state).
    state = attrs.evolve(_redealt(), owed=2)
    assert _state_ok(state) is False
    with refused(InvalidStateError, "owed"):
        check_state(state)


def test_bm5_a_penalty_seat_without_a_penalty_card_is_refused_after_a_redeal() -> None:
    state = attrs.evolve(_redealt(), penalty_seat=1)
    assert _state_ok(state) is False
    with refused(InvalidStateError, "penalty_seat"):
        check_state(state)


def test_bm5_the_redealt_state_itself_passes_the_fast_path() -> None:
    assert _state_ok(_redealt()) is True
    check_state(_redealt())


def _forged(**fields: object) -> Rules:
    """A ``Rules`` whose fields were set behind its validators' back."""
    rules = Rules(players=2)
    for name, value in fields.items():
        object.__setattr__(rules, name, value)
    return rules


@pytest.mark.parametrize(
    ("fields", "rule"),
    [
        ({"max_cards": 10**6}, "BM-10"),
        ({"max_cards": 0}, "BM-10"),
        ({"players": 5}, "BM-2"),
        ({"players": 1}, "BM-2"),
    ],
)
def test_bm2_bm10_forged_rules_are_refused_in_a_state_and_a_view(
    fields: dict[str, object], rule: str
) -> None:
    rules = _forged(**fields)
    state = attrs.evolve(new_game(Rules(players=2), seed=2), rules=rules)
    with refused(InvalidStateError, "rules", rule):
        check_state(state)
    seen = attrs.evolve(view(new_game(Rules(players=2), seed=2), 0), rules=rules)
    with refused(InvalidStateError, "rules", rule):
        check_view(seen)


@pytest.mark.parametrize("turn", [-1, -2, 2, True, "0"])
def test_bm4_a_view_with_the_turn_out_of_range_is_refused(turn: Any) -> None:
    seen = view(new_game(Rules(players=2), seed=2), 0)
    with refused(InvalidStateError, "turn"):
        check_view(attrs.evolve(seen, turn=turn))


@pytest.mark.parametrize("seat", [-1, 2, None])
def test_bm4_a_view_for_a_seat_out_of_range_is_refused(seat: Any) -> None:
    seen = view(new_game(Rules(players=2), seed=2), 0)
    with refused(InvalidStateError, "seat"):
        check_view(attrs.evolve(seen, seat=seat))


_ACE = {"rank": "A", "suit": "C"}


@pytest.mark.parametrize(
    "data",
    [
        {"type": "CardTurned", "seat": 1},  # no card: loading names what is missing
        {"type": "PenaltyStarted"},
        {"type": "Cycle", "card": _ACE},  # only those two events hold a "card"
        [_ACE],
        "CardTurned",
    ],
)
def test_a_v1_event_without_its_card_is_left_for_loading_to_refuse(data: Any) -> None:
    assert event_v1_to_v2(data) == data


@pytest.mark.parametrize(
    "data",
    [
        {"type": "PlayOut"},  # no state: loading names what is missing
        {"type": "Cycle", "state": {"pile": [_ACE]}},  # only a PlayOut holds a state
        "the state",
        ["state"],
    ],
)
def test_a_v1_value_that_is_no_play_out_with_a_state_is_left_as_it_is(data: Any) -> None:
    assert value_v1_to_v2(data) == data
    if isinstance(data, dict) and data["type"] == "PlayOut":
        return
    assert value_v1_to_v2({"type": "PlayOut", "state": {"pile": [_ACE]}}) == {
        "type": "PlayOut",
        "state": {"pile": ["AC"]},
    }


@pytest.mark.parametrize("data", [{"seat": 0}, "pile", ["pile"], None])
def test_a_v1_view_without_a_pile_is_left_for_loading_to_refuse(data: Any) -> None:
    assert view_v1_to_v2(data) == data


@pytest.mark.parametrize("cards", ["AC", 5, {"rank": "A"}, None])
def test_v1_stacks_and_pile_that_are_no_lists_are_left_for_loading_to_refuse(
    cards: Any,
) -> None:
    data = {"stacks": [cards, [_ACE]], "pile": cards}
    assert state_v1_to_v2(data) == {"stacks": [cards, ["AC"]], "pile": cards}


def test_bm1_a_view_pile_that_is_no_tuple_or_holds_a_card_twice_is_refused() -> None:
    state = new_game(Rules(players=2), seed=2)
    with refused(InvalidStateError, "pile"):
        check_view(attrs.evolve(view(state, 0), pile=[]))  # type: ignore[arg-type]
    seen = view(apply(apply(state, Turn()), Turn()), 0)
    card = seen.pile[0]
    sizes = (seen.stack_sizes[0] + 1, seen.stack_sizes[1])
    with pytest.raises(InvalidStateError) as info:
        check_view(attrs.evolve(seen, pile=(card, card), stack_sizes=sizes))
    # The second copy's path, and the first's: both places of the card.
    assert str(info.value).startswith("pile[1]: ")
    assert "pile[0]" in str(info.value)


@pytest.mark.parametrize("name", ["owed", "cards", "tricks"])
def test_bm10_a_view_count_past_any_game_is_refused_at_its_field(name: str) -> None:
    seen = view(new_game(Rules(players=2), seed=2), 0)
    with refused(InvalidStateError, name, "BM-10"):
        check_view(forged(seen, name, (), 2 * 100_000 + 1))


@pytest.mark.parametrize(
    ("field", "path", "value", "where"),
    [
        ("stacks", (), [], "stacks"),  # no tuple
        ("stacks", (), ((), (), ()), "stacks"),  # three stacks for two seats (BM-2)
        ("stacks", (0,), [], "stacks[0]"),  # a stack that is no tuple
        ("pile", (), [], "pile"),
        ("rng", (), 5, "rng"),
    ],
)
def test_a_state_of_the_wrong_shape_is_refused_at_its_field(
    field: str, path: tuple[int, ...], value: object, where: str
) -> None:
    state = new_game(Rules(players=2), seed=2)
    with refused(InvalidStateError, where):
        check_state(forged(state, field, path, value))


def test_what_is_no_state_is_refused_at_the_root() -> None:
    seen = view(new_game(Rules(players=2), seed=2), 0)
    with pytest.raises(WrongTypeError) as info:
        check_state(seen)  # type: ignore[arg-type]
    assert str(info.value).startswith("$: ")
    assert "View" in str(info.value)
