"""
The mask maker of Biggenbende's action numbering (``_actions._mask_maker``), the fast
path the RL adapters take for a state's legal actions (cardrules._fastobs), checked
here against the plain path, ``legal_moves`` encoded, in random play and in named
positions (issue 23: without these only tests/test_rl.py, which needs numpy, reached it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from cardrules import biggenbende as bb
from cardrules._fastobs import lookup_mask
from cardrules.biggenbende._actions import _mask_maker
from cardrules.errors import RulesError
from tests._encodings import playthrough
from tests.biggenbende._deals import NONE_ROW, J, go, start

GAME = bb.GAME


def _plain(state: bb.State) -> bytes:
    """The mask of the legal moves, the plain way: one byte per action, 1 where legal."""
    space = bb.actions(state.rules)
    legal = {space.encode(move) for move in bb.legal_moves(state)}
    return bytes(1 if k in legal else 0 for k in range(space.size))


def _masked(mask: Callable[[bb.State], bytes | None], state: bb.State) -> bool:
    """Whether ``mask`` gives ``state`` a mask, which then is the plain one."""
    made = mask(state)
    if made is None:
        return False
    assert type(made) is bytes
    assert made == _plain(state), state
    return True


RULES = [
    bb.Rules(players=3, rounds=1),
    bb.Rules(players=4, rounds=1),
    # no jokers, three copies a value; more than nine of a value and many jokers
    bb.Rules(players=3, copies_per_value=3, jokers=0, rounds=1),
    bb.Rules(players=5, copies_per_value=12, jokers=13, rounds=1),
]


def _states(rules: bb.Rules, seeds: range) -> Iterator[bb.State]:
    for seed in seeds:
        for state, _ in playthrough(GAME, rules, seed):
            yield state


def test_the_mask_maker_is_registered_for_the_game() -> None:
    assert lookup_mask(bb.legal_moves, bb.actions) is _mask_maker


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_bb6_bb9_the_fast_masks_are_the_legal_moves_encoded(rules: bb.Rules) -> None:
    # BB-6 (values from the top up, jokers always), BB-9 (a pick-up when nothing
    # plays): every play-phase state with cards in hand or face up gets its mask
    # straight from the counts, the same bytes as the legal moves encoded; the rest
    # (choosing, face down, over) are left to the plain path.
    mask = _mask_maker(rules)
    made = plain = 0
    for state in _states(rules, range(2)):
        if _masked(mask, state):
            made += 1
        else:
            plain += 1
            seat = state.turn
            assert (
                state.phase != "play"
                or seat is None
                or (state.hands[seat] == (0,) * 13 and state.face_up[seat] == (0,) * 13)
            )
    assert made > 100
    assert plain > 2


def test_bb6_the_mask_of_a_hand_under_each_top_card() -> None:
    # Seat 0 holds a joker, a 3, two 7s and a 12: under each top (nothing, a joker,
    # a 2 .. a 12; an 8 burns at once, BB-13) the plays of the values from the top
    # up and the joker are marked.
    hand = [J, 3, 7, 7, 12]
    for top in (None, J, 2, 3, 4, 7, 11, 12):
        discard = [] if top is None else [top]
        state = start([hand, [5, 5, 5], [6, 9, 10]], discard=discard, draw=[1])
        assert _masked(_mask_maker(state.rules), state)


def test_bb9_nothing_to_play_marks_only_the_pick_up() -> None:
    # Seat 0 holds a 3 and a 5 under a 12 (no joker): the mask is the pick-up alone.
    state = start([[3, 5], [5, 5, 5], [6, 9, 10]], discard=[12], draw=[1])
    mask = _mask_maker(state.rules)(state)
    space = bb.actions(state.rules)
    assert mask is not None
    assert [k for k, bit in enumerate(mask) if bit] == [space.encode(bb.PickUp())]


def test_bb7_a_seat_that_plays_from_its_face_up_cards_gets_their_mask() -> None:
    # An empty hand and an empty draw pile (BB-7): the face-up cards are played.
    state = start(
        [[], [5, 5, 5], [6, 9, 10]],
        face_up=[[J, 4, 9], [], []],
        face_down=[(2, 2, 2), NONE_ROW, NONE_ROW],
        discard=[4],
    )
    assert _masked(_mask_maker(state.rules), state)
    space = bb.actions(state.rules)
    mask = _mask_maker(state.rules)(state)
    assert mask is not None
    assert {k for k, bit in enumerate(mask) if bit} == {
        space.encode(bb.Play(J, 1)),
        space.encode(bb.Play(4, 1)),
        space.encode(bb.Play(9, 1)),
    }


def test_bb11_face_down_and_choosing_go_the_plain_way() -> None:
    # BB-4 (choosing) and BB-11 (only face-down cards left): no fast mask.
    choosing = start([[1, 2, 3, 4, 5, 6, 7], [1, 2, 3, 4, 5, 6, 7], [1, 2, 3]], choose=True)
    assert choosing.phase == "choose"
    assert _mask_maker(choosing.rules)(choosing) is None
    blind = start([[], [5, 5], [6, 9]], face_down=[(2, 2, 2), NONE_ROW, NONE_ROW])
    assert blind.phase == "play"
    assert _mask_maker(blind.rules)(blind) is None
    # once the 2 is turned and played, seat 1's hand is masked again
    after = go(blind, bb.TurnFaceDown(0))
    assert (after.phase, after.turn, after.discard) == ("play", 1, (2,))
    assert _masked(_mask_maker(after.rules), after)


def test_the_numbering_of_what_is_no_biggenbende_rules_is_refused_naming_it() -> None:
    # The refusal has no field path nor rule: it names the value given instead.
    with pytest.raises(RulesError, match=r"a Biggenbende Rules, not 'rules'$"):
        bb.actions("rules")  # type: ignore[arg-type]
