"""
Allegra, where mutation testing found inputs unwatched (issue 23): each test here fails
on a mutant that the other tests let live.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardrules.allegra import (
    CARD_VALUES,
    Discard,
    Layout,
    Place,
    Rules,
    Slot,
    State,
    apply,
    check_state,
    check_view,
    legal_moves,
    new_game,
    view,
)
from cardrules.allegra._geometry import SLOTS, TABLES, area
from cardrules.allegra._upgrade import event_v2_to_v3, view_v1_to_v2
from cardrules.errors import IllegalMoveError, InvalidStateError, RulesError
from tests.refused import forged, refused


@pytest.mark.parametrize(
    "data",
    [[-1, 3], "DeckRebuilt", None, {"type": "Knocked", "cards": [-1, 3]}],
)
def test_a_v2_event_that_is_no_deck_rebuilt_is_left_as_it_is(data: Any) -> None:
    assert event_v2_to_v3(data) == data
    assert event_v2_to_v3({"type": "DeckRebuilt", "cards": [-1, 3]}) == {
        "type": "DeckRebuilt",
        "cards": "-3",
    }


@pytest.mark.parametrize("data", [[1], "view", None])
def test_a_v1_view_that_is_no_object_is_left_for_loading_to_refuse(data: Any) -> None:
    assert view_v1_to_v2(data) == data
    assert view_v1_to_v2({"seat": 0}) == {"seat": 0, "deck_cards": None}


# ------------------------------------------------------ the checks' refusals, word for word
# A sample of mutants of Allegra's checks (issue 23) changed these messages, or dropped
# their paths, and no test noticed: each refusal here is pinned whole. A 3-player game:
# at its start (the AL-4 setup, phase "reveal"), and at its first drawn card.


def _game_at(phase: str) -> State:
    state = new_game(Rules(players=3), seed=5)
    choose = random.Random(1).choice
    while state.phase != phase:
        state = apply(state, choose(legal_moves(state)))
    return state


_START = _game_at("reveal")
_DRAWN = _game_at("drawn")

# (a state, or the view of its seat to move; the state; its forged fields as
# {field: (index path, value)}; the whole message)
_WORDED: list[tuple[str, State, dict[str, tuple[tuple[int, ...], Any]], str]] = [
    # AL-1: a card value out of range, and the deck's counts not met.
    ("state", _START, {"cards": ((0,), -7)}, "state.cards[0]: -7 is not a card value (-1..11)"),
    (
        "state",
        _START,
        {"cards": ((0,), 5)},
        "state: the cards across grids, deck, discard pile, removed cards, drawn card and "
        "hand are not those of Rules.deck (AL-1): value 5: 13 held, Rules.deck has 12; "
        "value 6: 10 held, Rules.deck has 11",
    ),
    # AL-8: a removed place holds no card, face up or down.
    (
        "state",
        _START,
        {"cards": ((0,), None), "face_up": ((0,), True)},
        "state.face_up[0]: the removed place p0.r0c0 is face up",
    ),
    # AL-11: only a draw rebuilds the deck, so it is never public in the setup.
    (
        "state",
        _START,
        {"deck_public": ((), True)},
        "state.deck_public: must be False in the setup and at the game end: only a draw "
        "rebuilds the deck (AL-11)",
    ),
    # AL-7: the knock queue is a tuple of seats; a receiver only during the exchange.
    ("state", _START, {"knockers": ((), [0])}, "state.knockers: expected a tuple, got list"),
    ("state", _START, {"receiver": ((), 1)}, "state.receiver: must be None outside the exchange"),
    ("view", _START, {"receiver": ((), 1)}, "view.receiver: must be None outside the exchange"),
    # AL-9: nobody ends a round in the setup.
    (
        "state",
        _START,
        {"ender": ((), 0), "last_turns": ((), 1)},
        "state.ender: nobody can end the round during the setup (AL-9)",
    ),
    (
        "view",
        _START,
        {"ender": ((), 0), "last_turns": ((), 1)},
        "view.ender: nobody can end the round during the setup (AL-9)",
    ),
    # AL-7: a drawn card is held from the draw until it is discarded or given.
    ("state", _DRAWN, {"drawn": ((), None)}, "state.drawn: must be a card"),
    ("view", _DRAWN, {"drawn": ((), None)}, "view.drawn: must be a card"),
]


@pytest.mark.parametrize(("kind", "state", "changes", "message"), _WORDED)
def test_the_checks_refuse_forged_fields_word_for_word(
    kind: str, state: State, changes: dict[str, tuple[tuple[int, ...], Any]], message: str
) -> None:
    value: Any = state if kind == "state" else view(state, state.current)
    for field, (path, new) in changes.items():
        value = forged(value, field, path, new)
    with pytest.raises(InvalidStateError) as info:
        (check_state if kind == "state" else check_view)(value)
    assert str(info.value) == message


def test_al8_a_showing_triple_is_refused_naming_its_places() -> None:
    # Three equal face-up cards in a row of an area are removed at once (AL-8): a state
    # showing them is refused, and the message names the three places.
    state = _game_at("turn")
    cards, face_up = list(state.cards), list(state.face_up)
    value = cards[0]
    others = [i for i in range(3, 36) if cards[i] == value][:2]
    for place, other in zip((1, 2), others, strict=True):
        cards[place], cards[other] = cards[other], cards[place]
    for place in (0, 1, 2):
        face_up[place] = True
    shown = forged(forged(state, "cards", (), tuple(cards)), "face_up", (), tuple(face_up))
    with pytest.raises(InvalidStateError) as info:
        check_state(shown)
    assert str(info.value) == "state.cards: a triple is showing (AL-8): p0.r0c0, p0.r0c1, p0.r0c2"


def test_al6_a_discard_reveals_only_a_face_down_card_of_the_drawers_area() -> None:
    # AL-6: the drawer who discards turns up a face-down card of their own area, never
    # one of another area, and never a place that is face up.
    state = _game_at("drawn")
    inside = TABLES[3].area_sets[state.current]
    for i in range(36):
        slot = SLOTS[i]
        legal = i in inside and state.cards[i] is not None and not state.face_up[i]
        assert (Discard(reveal=slot) in legal_moves(state)) is legal
        if not legal:
            with refused(IllegalMoveError, rule="AL-6"):
                apply(state, Discard(reveal=slot))


@pytest.mark.parametrize(
    ("phase", "move", "rule"),
    [("place", Place(slot=Slot(owner=5, row=0, col=0)), "AL-3"), ("turn", "x", "AL-6")],
)
def test_an_illegal_move_error_carries_the_move(phase: str, move: Any, rule: str) -> None:
    # IllegalMoveError.move is the move refused (a place of no seat, AL-3; no move of
    # the game at all, AL-6), as its message shows it.
    with pytest.raises(IllegalMoveError) as info:
        apply(_game_at(phase), move)
    assert info.value.move is move
    assert info.value.rule == rule
    assert f"illegal move {move!r} ({rule})" in str(info.value)


def test_al2_al12_rules_and_geometry_refusals_are_worded_whole() -> None:
    # AL-2: 2 to 6 players, for the geometry helpers too; AL-12: 1 to 20 rounds.
    with pytest.raises(RulesError) as info:
        area(0, 7)
    assert str(info.value) == "players must be an int from 2 to 6 (AL-2), not 7"
    with pytest.raises(RulesError) as info:
        Rules(rounds=0)
    assert str(info.value) == "Rules.rounds must be an int from 1 to 20 (AL-12), not 0"


def test_al4_a_layout_with_every_card_face_up_starts_at_the_first_turn() -> None:
    # AL-4: the setup reveals are made by the seats with a face-down card in their area;
    # when a layout leaves none anywhere, the round starts at seat 0's first turn (a
    # search for a revealer that never came back to seat 0 would never end).
    rules = Rules(players=2)
    grids = [CARD_VALUES[i % 13] for i in range(24)]  # no three equal in any window
    rest = Counter(dict(zip(CARD_VALUES, rules.deck, strict=True)))
    rest.subtract(grids)
    pool = sorted(rest.elements())
    layout = Layout(
        grids=(tuple(grids[:12]), tuple(grids[12:])),
        discard=(pool[0],),
        deck=tuple(pool[1:]),
        face_up=SLOTS[:24],
    )
    state = new_game(rules, seed=1, layout=layout)
    assert (state.phase, state.current, state.reveals_left) == ("turn", 0, 0)
    assert all(state.face_up)
