"""
The data module of Biggenbende (``_state``): the range checks of ``Rules`` and the
pictures a notebook shows (issue 23).

``_int_in`` builds the range checks of ``Rules``' fields once, at import; the test
below builds them again at run time from each field's bounds and rule, and checks the
two agree on every bound, so a change to ``_int_in`` is seen whether it runs at import
or now.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardrules import biggenbende as bb
from cardrules.biggenbende._state import MAX_CHIPS, MAX_COPIES, MAX_ROUNDS, _int_in
from cardrules.errors import RulesError
from cardrules.svg import render_svg
from tests.refused import refused

# Each int option of Rules with its range and rule (the docs page's "Limits").
RANGES = [
    ("players", 3, 6, "BB-2"),
    ("copies_per_value", 1, MAX_COPIES, "BB-1"),
    ("jokers", 0, MAX_COPIES, "BB-1"),
    ("chips", 0, MAX_CHIPS, "BB-3"),
    ("rounds", 1, MAX_ROUNDS, "BB-19"),
]


def _answer(check: Any, attr: Any, value: object) -> str | None:
    """The message ``check`` refuses ``value`` with, or ``None`` if it accepts it."""
    try:
        check(None, attr, value)
    except RulesError as error:
        return str(error)
    return None


@pytest.mark.parametrize(("name", "low", "high", "rule"), RANGES)
def test_rules_range_checks_refuse_exactly_outside_their_bounds(
    name: str, low: int, high: int, rule: str
) -> None:
    attr = getattr(attrs.fields(bb.Rules), name)
    built = attr.validator  # built at import
    fresh = _int_in(low, high, rule)  # built now
    for good in (low, high):
        assert _answer(fresh, attr, good) is None
        assert _answer(built, attr, good) is None
    wrong: tuple[object, ...] = (low - 1, high + 1, True, float(low), str(low), None)
    for value in wrong:
        message = _answer(fresh, attr, value)
        assert message is not None, value
        assert message == _answer(built, attr, value)
        assert message.startswith(f"Rules.{name} must be an int from {low} to {high:,} ({rule})")
        with refused(RulesError, rule=rule):
            bb.Rules(**{name: value})  # type: ignore[arg-type]


def test_bb20_the_turn_limit_is_optional_and_ranged() -> None:
    assert bb.Rules(max_turns_per_round=None).max_turns_per_round is None
    assert bb.Rules(max_turns_per_round=1).max_turns_per_round == 1
    assert bb.Rules(max_turns_per_round=10_000).max_turns_per_round == 10_000
    for value in (0, 10_001, True, 5.0, "5"):
        with refused(RulesError, rule="BB-20"):
            bb.Rules(max_turns_per_round=value)  # type: ignore[arg-type]
    with pytest.raises(RulesError) as refusal:
        bb.Rules(max_turns_per_round=0)
    assert str(refusal.value) == (
        "Rules.max_turns_per_round must be None or an int from 1 to 10,000 (BB-20), not 0"
    )


def test_bb4_a_deck_too_small_to_deal_is_refused() -> None:
    # BB-4: three face-down and seven dealt cards a seat; 6 seats need 60 cards.
    assert bb.Rules(players=6, copies_per_value=4, jokers=12).deck[0] == 12  # 60 cards
    with pytest.raises(RulesError) as refusal:
        bb.Rules(players=6, copies_per_value=4, jokers=11)
    assert (
        str(refusal.value) == "a deck of 59 cards cannot deal 10 cards to each of 6 players (BB-4)"
    )


def test_a_notebook_shows_a_state_and_a_view_as_their_pictures() -> None:
    state = bb.new_game(bb.Rules(players=3), seed=1)
    assert state._repr_svg_() == render_svg(state, game="biggenbende")
    seen = bb.view(state, 1)
    assert seen._repr_svg_() == render_svg(seen, game="biggenbende")
    assert seen._repr_svg_().startswith("<svg")


MOVES_REFUSED: list[tuple[Any, str]] = [
    # BB-1: a card value is 0 (joker) to 12
    (lambda: bb.Play(13, 1), "value must be a card value, 0 (joker) to 12 (BB-1), not 13"),
    (lambda: bb.Play(-1, 1), "value must be a card value, 0 (joker) to 12 (BB-1), not -1"),
    (lambda: bb.Play(True, 1), "value must be a card value, 0 (joker) to 12 (BB-1), not True"),
    (lambda: bb.Play("3", 1), "value must be a card value, 0 (joker) to 12 (BB-1), not '3'"),  # type: ignore[arg-type]
    # a count is 1 to the most copies a deck can hold
    (lambda: bb.Play(3, 0), "count must be an int from 1 to 64, not 0"),
    (lambda: bb.Play(3, 65), "count must be an int from 1 to 64, not 65"),
    (lambda: bb.Play(3, True), "count must be an int from 1 to 64, not True"),
    # BB-11: a face-down position is 0, 1 or 2
    (lambda: bb.TurnFaceDown(3), "position must be 0, 1 or 2 (BB-11), not 3"),
    (lambda: bb.TurnFaceDown(-1), "position must be 0, 1 or 2 (BB-11), not -1"),
    (lambda: bb.TurnFaceDown(False), "position must be 0, 1 or 2 (BB-11), not False"),
    # BB-4: three card values chosen
    (
        lambda: bb.ChooseFaceUp((1, 2)),
        "values must be three card values, 0 (joker) to 12 (BB-4), not (1, 2)",
    ),
    (
        lambda: bb.ChooseFaceUp([1, 2, 3]),  # type: ignore[arg-type]
        "values must be three card values, 0 (joker) to 12 (BB-4), not [1, 2, 3]",
    ),
    (
        lambda: bb.ChooseFaceUp((1, 2, 13)),
        "values must be three card values, 0 (joker) to 12 (BB-4), not (1, 2, 13)",
    ),
    (
        lambda: bb.ChooseFaceUp((1, True, 3)),
        "values must be three card values, 0 (joker) to 12 (BB-4), not (1, True, 3)",
    ),
]


@pytest.mark.parametrize(("make", "message"), MOVES_REFUSED)
def test_a_move_is_refused_at_once_naming_its_field(make: Any, message: str) -> None:
    # A move object never holds a field out of range (a value, a count, a position).
    with pytest.raises(RulesError) as refusal:
        make()
    assert str(refusal.value) == message


def test_a_move_takes_every_field_in_range() -> None:
    assert [bb.Play(v, 1).value for v in (0, 12)] == [0, 12]
    assert [bb.Play(1, c).count for c in (1, 64)] == [1, 64]
    assert [bb.TurnFaceDown(p).position for p in (0, 1, 2)] == [0, 1, 2]
    assert bb.ChooseFaceUp((0, 0, 12)).values == (0, 0, 12)
