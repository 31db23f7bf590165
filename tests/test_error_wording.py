"""
One wording of errors: the same mistake gets the same shape of message in every game,
with the rule ID where a rule of the game is broken.

- a ``Rules`` option out of range: ``Rules.players must be an int from 3 to 6 (BB-2), not 2``
  (``None or an int`` for an option that may be ``None``);
- a seat out of range for ``view``: ``seat must be an int from 0 to 2, not 7``;
- an object that is not a move of the game:
  ``illegal move <...> (BB-6): not a Biggenbende move``;
- a move after the end: ``illegal move ... (game over): the game is over; no move is legal``;
- a field of a loaded state out of range: ``$.data.turn: must be an int from 0 to 2, not 7``.
"""

from __future__ import annotations

import json
import re
from typing import Any

import attrs
import pytest

import cardrules
from cardrules.bots import RandomBot, play_game
from cardrules.errors import GameOverError, IllegalMoveError, InvalidStateError, RulesError
from cardrules.game import AnyGame

GAMES = ["allegra", "beggar", "biggenbende"]

_NAMES = {
    "allegra": "an Allegra",
    "beggar": "a Beggar-my-neighbour",
    "biggenbende": "a Biggenbende",
}
"""How each game's name reads in ``not a ... move``."""

_TURN = {"allegra": "current", "beggar": "turn", "biggenbende": "turn"}
"""The state field that holds the seat to move."""

_INT_RANGE = r"an int (?:from (-?[\d,]+) to (-?[\d,]+)|>= (-?[\d,]+))"


def _prefix(game: AnyGame) -> str:
    """The game's rule-ID prefix: ``BB`` for ``BB-1``."""
    return game.rule_ids[0].split("-")[0]


def _int_options(game: AnyGame) -> list[attrs.Attribute[Any]]:
    """The options of the game's ``Rules`` that are ints (or ``None``)."""
    defaults = game.Rules()
    return [
        field
        for field in attrs.fields(game.Rules)
        if type(getattr(defaults, field.name)) is int or getattr(defaults, field.name) is None
    ]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [1, 99, "4", True, None])
def test_a_player_count_out_of_range_is_worded_alike(name: str, players: object) -> None:
    game = cardrules.get_game(name)
    with pytest.raises(RulesError) as caught:
        game.Rules(players=players)
    pattern = (
        rf"Rules\.players must be an int from (\d) to (\d) \({_prefix(game)}-2\), "
        rf"not {re.escape(repr(players))}"
    )
    found = re.fullmatch(pattern, str(caught.value))
    assert found is not None, str(caught.value)
    low, high = map(int, found.groups())
    assert game.Rules(players=low).players == low  # the bounds said are the real ones
    assert game.Rules(players=high).players == high


@pytest.mark.parametrize("name", GAMES)
def test_every_int_option_out_of_range_names_its_rule(name: str) -> None:
    game = cardrules.get_game(name)
    options = _int_options(game)
    assert len(options) >= 2  # players and a limit at least
    for option in options:
        with pytest.raises(RulesError) as caught:
            game.Rules(**{option.name: -5})
        pattern = (
            rf"Rules\.{option.name} must be (?:None or )?{_INT_RANGE} "
            rf"\({_prefix(game)}-\d+\), not -5"
        )
        assert re.fullmatch(pattern, str(caught.value)), str(caught.value)
        assert f"{_prefix(game)}-" in str(caught.value)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [7, -1, "0"])
def test_a_seat_out_of_range_is_worded_alike(name: str, seat: object) -> None:
    game = cardrules.get_game(name)
    state = game.new_game(game.Rules(players=3), seed=1)
    with pytest.raises(RulesError) as caught:
        game.view(state, seat)  # type: ignore[arg-type]  # the mistake under test
    assert str(caught.value) == f"seat must be an int from 0 to 2, not {seat!r}"


@pytest.mark.parametrize("name", GAMES)
def test_an_object_that_is_no_move_is_worded_alike(name: str) -> None:
    game = cardrules.get_game(name)
    state = game.new_game(game.Rules(players=3), seed=1)
    with pytest.raises(IllegalMoveError) as caught:
        game.apply(state, "draw")
    text = str(caught.value)
    pattern = rf"illegal move 'draw' \(({_prefix(game)}-\d+)\): not {_NAMES[name]} move(?:; .+)?"
    found = re.fullmatch(pattern, text)
    assert found is not None, text
    assert caught.value.rule == found.group(1)
    assert caught.value.rule in game.rule_ids


@pytest.mark.parametrize("name", GAMES)
def test_a_move_after_the_end_is_worded_alike(name: str) -> None:
    game = cardrules.get_game(name)
    options = {"rounds": 1} if "rounds" in attrs.fields_dict(game.Rules) else {}
    rules = game.Rules(players=3, **options)
    state, moves = play_game(game, [RandomBot(seed=s) for s in range(3)], seed=2, rules=rules)
    assert game.is_over(state)
    with pytest.raises(GameOverError) as caught:
        game.apply(state, moves[-1])
    assert re.fullmatch(
        r"illegal move .+ \(game over\): the game is over; no move is legal", str(caught.value)
    )


@pytest.mark.parametrize("name", GAMES)
def test_a_loaded_seat_out_of_range_is_worded_alike(name: str) -> None:
    game = cardrules.get_game(name)
    state = game.new_game(game.Rules(players=3), seed=1)
    doc = json.loads(cardrules.dumps(state))
    doc["data"][_TURN[name]] = 7
    with pytest.raises(InvalidStateError) as caught:
        cardrules.loads(json.dumps(doc))
    assert str(caught.value) == f"$.data.{_TURN[name]}: must be an int from 0 to 2, not 7"
