"""
Allegra's ``check_state`` and ``check_view`` refusals across fields that a seeded
sample of ``allegra/_checks.py``'s mutants (``random.Random(2337)``, 200) found checked
by type only: pinned here by path and whole message (AL-7, AL-8, AL-9, AL-10; issue 23).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from cardrules import allegra as al
from cardrules.allegra._geometry import SLOTS, index
from cardrules.errors import InvalidStateError
from tests.allegra.helpers import S
from tests.allegra.test_greedy_mutants import (
    EXCHANGE_STEPS,
    _exchange_game,
    _exchange_position,
    _no_card_left,
)


def _refusal(check: Callable[[Any], None], value: Any) -> str:
    with pytest.raises(InvalidStateError) as caught:
        check(value)
    return str(caught.value)


def _set(values: tuple[Any, ...], place: str, value: Any) -> tuple[Any, ...]:
    out = list(values)
    out[index(S(place))] = value
    return tuple(out)


def test_al7_the_given_card_lies_face_up_on_its_place() -> None:
    state = _exchange_position()  # seat 1 laid the given 5 on p1.r2c2
    forged = attrs.evolve(state, face_up=_set(state.face_up, "p1.r2c2", False))
    assert _refusal(al.check_state, forged) == (
        "state.placed: the given card lies face up there (AL-7)"
    )


def test_al7_the_given_card_lies_in_the_receiver_s_area() -> None:
    seen = al.view(_exchange_position(), 0)
    assert _refusal(al.check_view, attrs.evolve(seen, placed=S("p0.r0c0"))) == (
        "view.placed: must lie in the receiver's area"
    )


def test_al4_no_setup_reveals_are_left_outside_the_setup() -> None:
    seen = al.view(_exchange_game(), 0)
    assert _refusal(al.check_view, attrs.evolve(seen, reveals_left=1)) == (
        "view.reveals_left: must be 0 outside the setup"
    )


def test_al9_nobody_ends_the_round_during_the_setup() -> None:
    seen = al.view(al.new_game(al.Rules(players=3), seed=1), 0)
    assert seen.phase == "reveal"
    assert _refusal(al.check_view, attrs.evolve(seen, ender=1, last_turns=1)) == (
        "view.ender: nobody can end the round during the setup (AL-9)"
    )


@pytest.mark.parametrize(
    "position", [_exchange_game, _exchange_position], ids=["at-the-turn", "mid-exchange"]
)
def test_al8_a_view_showing_a_triple_names_its_places(position: Callable[[], al.State]) -> None:
    # 7s face up on p0.r0c0 and p0.r0c1; a 7 shown on p0.r0c2 makes a triple. Mid-exchange
    # (AL-7: triples are looked for after step 3, the given 5 now on p1.r2c2) only a line
    # through the card just placed may show, so one elsewhere is refused too.
    seen = al.view(position(), 0)
    forged = attrs.evolve(
        seen,
        cards=_set(seen.cards, "p0.r0c2", 7),
        face_down=_set(seen.face_down, "p0.r0c2", False),
    )
    assert _refusal(al.check_view, forged) == (
        "view.cards: a triple is showing (AL-8): p0.r0c0, p0.r0c1, p0.r0c2"
    )


def test_al10_every_card_lies_face_up_once_the_game_is_over() -> None:
    state = al.new_game(al.Rules(players=2, rounds=1), seed=3)
    while not al.is_over(state):
        state = al.apply(state, al.legal_moves(state)[0])
    seen = al.view(state, 0)
    place = next(str(SLOTS[i]) for i, c in enumerate(seen.cards) if c is not None)
    forged = attrs.evolve(
        seen,
        cards=_set(seen.cards, place, None),
        face_down=_set(seen.face_down, place, True),
    )
    assert _refusal(al.check_view, forged) == (
        "view.face_down: every card lies face up once the game is over (AL-10)"
    )


STATE_REFUSALS: list[tuple[dict[str, Any], str]] = [
    ({"reveals_left": 1}, "state.reveals_left: must be 0 outside the setup"),
    ({"rules": 5}, "state.rules: not an allegra.Rules: int"),
    # AL-9: three seats leave at most two last turns.
    ({"last_turns": 3}, "state.last_turns: must be an int from 0 to 2, not 3"),
]


@pytest.mark.parametrize(("fields", "message"), STATE_REFUSALS)
def test_check_state_words_each_refusal(fields: dict[str, Any], message: str) -> None:
    assert _refusal(al.check_state, attrs.evolve(_exchange_game(), **fields)) == message


def test_check_view_names_rules_of_the_wrong_type() -> None:
    seen = al.view(_exchange_game(), 0)
    rules: Any = 5
    assert _refusal(al.check_view, attrs.evolve(seen, rules=rules)) == (
        "view.rules: not an allegra.Rules: int"
    )


def test_al8_a_state_showing_a_triple_names_its_places() -> None:
    state = _exchange_game()  # 7s face up on p0.r0c0 and p0.r0c1, a 2 on p0.r0c2
    deck = list(state.deck)
    deck[deck.index(7)] = 2  # the 2 and a 7 of the deck change places
    forged = attrs.evolve(
        state,
        cards=_set(state.cards, "p0.r0c2", 7),
        face_up=_set(state.face_up, "p0.r0c2", True),
        deck=tuple(deck),
    )
    message = _refusal(al.check_state, forged)
    assert message.endswith("a triple is showing (AL-8): p0.r0c0, p0.r0c1, p0.r0c2"), message


def test_al1_a_card_too_many_and_one_too_few_are_counted_over_every_pile() -> None:
    state = _exchange_game()  # a 2 on p0.r0c2; a 7 made of it
    forged = attrs.evolve(state, cards=_set(state.cards, "p0.r0c2", 7))
    assert _refusal(al.check_state, forged) == (
        "state: the cards across grids, deck, discard pile, removed cards, drawn card and "
        "hand are not those of Rules.deck (AL-1): value 2: 9 held, Rules.deck has 10; "
        "value 7: 11 held, Rules.deck has 10"
    )


def test_al7_the_card_is_given_only_to_a_knocker_an_exchange_is_possible_with() -> None:
    # Seat 0 gave its drawn card to seat 1, who is to place it; with seat 0's area
    # emptied (AL-8), no card of seat 1's area could go anywhere in step 2.
    state = _exchange_game()
    for move in EXCHANGE_STEPS[:4]:
        state = al.apply(state, move)
    assert (state.phase, state.current, state.receiver) == ("place", 0, 1)
    forged = _no_card_left(state, 0)
    assert _refusal(al.check_state, forged) == (
        "state.receiver: no exchange is possible with the receiver (AL-7)"
    )
    assert _refusal(al.check_view, al.view(forged, 1)) == (
        "view.receiver: no exchange is possible with the receiver (AL-7)"
    )
