"""
Beggar's rules modules (``_actions``, ``_deal``, ``_play``, ``_state``), where a whole-module
mutation run found refusals checked only by their type (issue 23): each test here fails on
a mutant that the other tests let live, and pins the refusal's whole message.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardrules import beggar
from cardrules.beggar import DECK, Card, Rules
from cardrules.errors import CardrulesError, GameOverError, IllegalMoveError, RulesError
from tests.refused import refused


@pytest.mark.parametrize(
    ("call", "kind", "message"),
    [
        (
            lambda: beggar.actions(Rules()).encode(7),  # type: ignore[arg-type]
            CardrulesError,
            "7 is no Beggar-my-neighbour action",
        ),
        (
            lambda: beggar.actions(Rules()).decode(1),
            CardrulesError,
            "the only Beggar-my-neighbour action is 0, not 1",
        ),
        (
            lambda: beggar.actions(7),  # type: ignore[arg-type]
            RulesError,
            "expected a Beggar-my-neighbour Rules, not 7",
        ),
    ],
    ids=["encode", "decode", "actions"],
)
def test_bm4_the_action_numbering_refuses_what_is_no_action(
    call: Callable[[], object], kind: type[Exception], message: str
) -> None:
    with pytest.raises(kind) as info:
        call()
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("stacks", "message"),
    [
        (
            ["AKQJ", "x"],
            "stacks[1][0]: bad character 'x' (write '-' for a number card, or A, K, Q, J)",
        ),
        ([list(DECK[:20]), 5], "stacks[1]: not a sequence of Cards: 5"),
        (
            [list(DECK[:20]), list(DECK[21:50])],
            f"the stacks hold 49 cards; a deck has 52 (missing: {DECK[20]} {DECK[50]} {DECK[51]})",
        ),
    ],
    ids=["bad-character", "no-sequence", "missing-cards"],
)
def test_bm1_a_given_deal_is_refused_naming_what_is_wrong(stacks: object, message: str) -> None:
    with pytest.raises(RulesError) as info:
        beggar.new_game(Rules(players=2), stacks=stacks)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_bm1_a_card_text_with_a_bad_suit_names_the_suit() -> None:
    # Not a card of the deck, so it reaches the rank/suit split: rank "10", suit "Z".
    with pytest.raises(RulesError) as info:
        Card.from_str("10Z")
    assert str(info.value) == "a card's suit must be one of C, D, H, S, not 'Z'"


def test_bm1_a_card_text_that_is_no_string_is_refused_as_no_card() -> None:
    # An unhashable value must not reach the lookup of the deck's own cards.
    with pytest.raises(RulesError) as info:
        Card.from_str(["QH"])  # type: ignore[arg-type]
    assert str(info.value) == "not a card: ['QH'] (write rank then suit, for example 'QH')"


def test_bm7_a_move_after_the_end_is_refused_naming_the_move() -> None:
    state = beggar.new_game(Rules(players=2), seed=1)
    while not beggar.is_over(state):
        state = beggar.apply(state, beggar.Turn())
    move = beggar.Turn()
    with pytest.raises(GameOverError) as info:
        beggar.apply(state, move)
    assert info.value.move is move
    assert str(info.value) == "illegal move Turn() (game over): the game is over; no move is legal"


def test_bm4_a_move_that_is_no_turn_is_refused_naming_it() -> None:
    with refused(IllegalMoveError, rule="BM-4"):
        beggar.apply(beggar.new_game(seed=1), 5)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError) as info:
        beggar.apply(beggar.new_game(seed=1), 5)  # type: ignore[arg-type]
    assert info.value.move == 5
    assert info.value.reason == (
        "not a Beggar-my-neighbour move; the only move is Turn(), the top card"
    )


@pytest.mark.parametrize(
    ("rules", "options", "message"),
    [
        (7, {"seed": 1}, "expected a beggar Rules, got int"),
        (
            Rules(players=2),
            {"seed": 1, "stacks": ["-"]},
            "give exactly one of seed=... and stacks=...",
        ),
        (
            Rules(players=2),
            {"stacks": 5},
            "stacks must be a sequence of stacks, one per seat, not 5",
        ),
        (
            Rules(players=2),
            {"stacks": "AK"},
            "stacks must be a sequence of stacks, one per seat, not 'AK'",
        ),
    ],
    ids=["no-rules", "seed-and-stacks", "no-sequence", "one-string"],
)
def test_bm3_a_deal_asked_for_wrongly_is_refused_naming_why(
    rules: object, options: dict[str, object], message: str
) -> None:
    with pytest.raises(CardrulesError) as info:
        beggar.new_game(rules, **options)  # type: ignore[arg-type]
    assert str(info.value) == message
