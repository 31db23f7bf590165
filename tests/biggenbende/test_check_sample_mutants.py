"""
Biggenbende's checks where seeded samples of mutants of ``biggenbende/_checks.py``
lived (issue 23: 150 of its mutants drawn with ``random.Random(2332)``, then 150 of the
rest with ``random.Random(2333)``): each test fails on one of them. Refusals are pinned whole
(path, message and rule); the positions are those of seeded random games, forged.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardrules import biggenbende as bb
from cardrules.biggenbende._checks import _check_state_detailed, _state_ok
from cardrules.errors import InvalidStateError, RulesError, WrongTypeError
from tests.biggenbende._deals import J, start
from tests.biggenbende.test_check_mutants import _CHOOSING, _OVER, _moved, _reach
from tests.refused import forged, refused

_CUT = _reach(
    bb.Rules(players=3, rounds=1, max_turns_per_round=30), 1, lambda s: s.phase == "over"
)
"""BB-20: the only round, cut after 30 moves with nobody out."""
_ALL_CHOSE = _reach(bb.Rules(players=3), 1, lambda s: s.phase == "play" and s.moves == 3)
"""BB-4: every seat has chosen; the starter plays first."""
_PLAYING = _reach(
    bb.Rules(players=3), 1, lambda s: s.phase == "play" and len(s.draw) > 5 and s.moves > 6
)
"""BB-7, BB-8: a play with cards left to draw."""


def test_the_positions_are_the_ones_meant() -> None:
    assert (_CUT.cut_rounds, _CUT.places, _CUT.moves) == ((1,), (), 30)
    assert (_ALL_CHOSE.turn, _ALL_CHOSE.discard, _ALL_CHOSE.direction) == (0, (), 1)
    assert _PLAYING.draw
    assert _OVER.places == (0, 2)
    assert _OVER.draw == ()


def _view_chosen_back(view: bb.View) -> bb.View:
    """The view of seat 0, which has chosen, with its face-up cards back in its hand."""
    up = view.face_up[0]
    hand = tuple(a + b for a, b in zip(view.hand, up, strict=True))
    out = forged(view, "face_up", (0,), (0,) * 13)
    out = forged(out, "hand", (), hand)
    back: bb.View = forged(out, "hand_counts", (0,), view.hand_counts[0] + sum(up))
    return back


# (the check, the value forged, the whole message)
_WORDED: list[tuple[str, Any, str]] = [
    # BB-20: a cut round ends after exactly the limit of moves.
    (
        "state",
        forged(_CUT, "moves", (), 29),
        "moves: round 1 was cut after 29 moves, not 30 (BB-20)",
    ),
    (
        "view",
        forged(bb.view(_CUT, 0), "moves", (), 29),
        "moves: round 1 was cut after 29 moves, not 30 (BB-20)",
    ),
    # BB-17: a round that was not cut ended with two players out.
    (
        "state",
        forged(_CUT, "cut_rounds", (), ()),
        "places: round 1 ended with 0 players out and was not cut (BB-17)",
    ),
    # BB-4, BB-7: while choosing, a seat that has chosen keeps a hand card while the
    # draw pile has cards; a seat still to choose has three cards and that one.
    (
        "state",
        _moved(_CHOOSING, "hands", 0, "draw", 0),
        "hands[0]: 0 cards, 1 needed while the draw pile has cards (BB-4, BB-7)",
    ),
    (
        "state",
        _moved(_CHOOSING, "hands", 1, "draw", 3),
        "hands[1]: 3 cards, 4 needed to choose from while the draw pile has cards (BB-4, BB-7)",
    ),
    # BB-7, BB-8: in play, no empty hand while the draw pile has cards.
    (
        "state",
        _moved(_PLAYING, "hands", 2, "draw", 0),
        "hands[2]: empty while the draw pile has cards (BB-7, BB-8)",
    ),
    # BB-17: the round ends when the second player goes out.
    (
        "state",
        forged(forged(_OVER, "phase", (), "play"), "turn", (), 1),
        "places: the round ends when the second player goes out (BB-17)",
    ),
    # BB-4: the choice ends once every seat has chosen.
    (
        "state",
        forged(_ALL_CHOSE, "phase", (), "choose"),
        "turn: after 3 choices seat 0 chooses",
    ),
    # BB-17, BB-20: a round ends at the second player out or at the turn limit.
    (
        "state",
        forged(_CUT, "moves", (), 31),
        "places: more places or moves than a round allows",
    ),
    (
        "state",
        forged(_OVER, "cut_rounds", (), (2,)),
        "cut_rounds: round 2 ended with two players out, not cut (BB-20)",
    ),
    # The generator and the direction (BB-15) of a state made by hand.
    (
        "state",
        forged(_CHOOSING, "rng", (), 5),
        "rng: expected an Rng, got int",
    ),
    (
        "state",
        forged(_PLAYING, "direction", (), 2),
        "direction: expected 1 or -1, got 2",
    ),
    # BB-2: the rules a state holds are checked as Rules(...) checks them.
    (
        "state",
        forged(_CHOOSING, "rules", (), forged(_CHOOSING.rules, "players", (), 2)),
        "rules: Rules.players must be an int from 3 to 6 (BB-2), not 2",
    ),
    # BB-1: a face-down card is a card value.
    (
        "state",
        forged(_PLAYING, "face_down", (0, 1), 13),
        "face_down[0][1]: must be an int from 0 to 12, not 13",
    ),
    # One face-up row per seat.
    (
        "state",
        forged(_PLAYING, "face_up", (), (*_PLAYING.face_up, (0,) * 13)),
        "face_up: expected 3 entries, got 4",
    ),
    # BB-4: the viewer has chosen, so it shows three face-up cards.
    (
        "view",
        _view_chosen_back(bb.view(_CHOOSING, 0)),
        "face_up[0]: expected 3 face-up cards while choosing (BB-4)",
    ),
]


@pytest.mark.parametrize(("kind", "value", "message"), _WORDED)
def test_a_forged_field_is_refused_word_for_word(kind: str, value: Any, message: str) -> None:
    check = bb.check_state if kind == "state" else bb.check_view
    with refused(InvalidStateError, message.split(": ")[0]):
        check(value)
    with pytest.raises(InvalidStateError) as info:
        check(value)
    assert str(info.value) == message
    if kind == "state":
        assert not _state_ok(value)  # the fast path asks the detailed checks


def test_bb4_every_seat_s_view_of_the_choice_passes_its_checks() -> None:
    # BB-4, BB-21: the seat that has chosen sees its three face-up cards and its four
    # hand cards; the others see their seven cards and no face-up card.
    for seat in range(3):
        bb.check_view(bb.view(_CHOOSING, seat))
    seen = bb.view(_CHOOSING, 0)
    assert (sum(seen.face_up[0]), sum(seen.hand), seen.hand_counts) == (3, 4, (4, 7, 7))


def test_a_value_that_is_no_state_is_refused_naming_its_type() -> None:
    with pytest.raises(WrongTypeError) as info:
        bb.check_state(5)  # type: ignore[arg-type]
    assert str(info.value) == "state: expected a biggenbende.State, got int"


def test_bb4_without_a_draw_pile_three_cards_are_enough_to_choose_from() -> None:
    # BB-4, BB-7: no hand card need be kept while the draw pile is empty.
    state = start([[1, 2, 3], [4, 5, 6], [7, 9, 10]], choose=True)
    assert (state.phase, state.draw) == ("choose", ())
    bb.check_state(state)
    _check_state_detailed(state)


def test_bb4_bb7_the_chosen_viewer_counts_its_face_up_cards_too() -> None:
    # Seat 0 has chosen and kept one hand card (three more in the draw pile): with its
    # three face-up cards it holds the four a chosen seat needs while drawing.
    one = _moved(_CHOOSING, "hands", 0, "draw", 1)
    bb.check_state(one)
    bb.check_view(bb.view(one, 0))


def test_bb6_any_value_goes_on_a_joker_in_a_dealt_pile() -> None:
    # BB-6: a 3 on a joker on a 5 is an order the pile can have.
    state = start([[5, 6, 7, 8], [5, 6, 7, 9], [5, 6, 7, 10]], discard=[5, J, 3], draw=[4])
    assert state.discard == (5, J, 3)
    bb.check_state(state)


def test_bb6_a_lower_card_on_a_higher_one_is_refused_even_over_a_joker() -> None:
    # BB-6: the card under the 3 is a 7, whatever lies under the 7.
    with pytest.raises(RulesError) as info:
        start([[5, 6, 7, 8], [5, 6, 7, 9], [5, 6, 7, 10]], discard=[J, 7, 3], draw=[4])
    assert str(info.value) == "deal.discard[2]: 3 cannot lie on 7 (BB-6)"
