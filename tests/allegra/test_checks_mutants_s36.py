"""
Allegra's ``check_state`` and ``check_view`` where the whole-module mutation run of
``allegra/_checks.py`` (issue 23, session 36) found mutants that no test noticed: each
test here fails on some of them and passes on the real code. Refusals are pinned by
path and rule ID (``tests/refused.py``).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from cardrules._checks import Bounded
from cardrules.allegra import (
    Rules,
    Slot,
    State,
    _checks,
    check_state,
    check_view,
    view,
)
from cardrules.allegra._board import _any_triple
from cardrules.allegra._geometry import GRID, TABLES
from cardrules.errors import InvalidStateError
from tests.allegra.helpers import S, reach
from tests.allegra.test_check_mutants import (
    _EXCHANGE,
    _GIVE,
    _OVER,
    _REVEAL,
    _SECOND,
    _SMALL,
    _rules_with,
)
from tests.refused import refusal, refused

# ------------------------------------------------- the fast path's whole-grid triple test


def _as_bytes(cards: list[int | None]) -> bytes:
    return bytes(0x7F if c is None else c & 0xFF for c in cards)


@pytest.mark.parametrize("players", sorted(TABLES))
def test_al8_a_board_built_afresh_finds_exactly_the_windows_triples(players: int) -> None:
    # AL-3, AL-8: ``_BOARDS`` is built at import; a board built here (the same
    # constructor) must find a triple in every window of the table alone (rows, across
    # the shared column, columns), none where a card of it lies face down, none among
    # face-down or removed places whatever their cards, and agree with ``_any_triple``
    # on seeded random grids.
    board = _checks._Board(players)
    t = TABLES[players]
    m = players * GRID
    assert board.places == m
    base = [(i % 5) + 3 * (i % 2) for i in range(m)]  # no three equal in a window
    assert not _any_triple(t, base, [True] * m)
    assert not board.shows_triple(_as_bytes(base), bytes([1] * m))  # type: ignore[arg-type]
    for window in t.windows:
        cards: list[int | None] = list(base)
        for i in window:
            cards[i] = -1
        up = [True] * m
        assert board.shows_triple(_as_bytes(cards), bytes(up)), window
        for hidden in window:
            up = [i != hidden for i in range(m)]
            assert not board.shows_triple(_as_bytes(cards), bytes(up)), (window, hidden)
    # Face-down places (and removed ones, 0x7f) never make a triple, whatever lies there.
    for value in (-1, 0, 11, None):
        same: list[int | None] = [value] * m
        assert not board.shows_triple(_as_bytes(same), bytes(m))
    rng = random.Random(36)
    agreed = {True: 0, False: 0}
    for _ in range(150):
        grid: list[int | None] = [rng.choice((None, 0, 1, 2, 3, -1, 11)) for _ in range(m)]
        face_up = [c is not None and rng.random() < 0.6 for c in grid]
        found = board.shows_triple(_as_bytes(grid), bytes(face_up))
        assert found == _any_triple(t, grid, face_up)
        agreed[found] += 1
    assert min(agreed.values()) > 10  # both answers met


# ------------------------------------------------------------- refusals, path and wording


def _evolve(value: Any, **changes: Any) -> Any:
    """``value`` (a state or view) with ``changes``, forged past the field types."""
    return attrs.evolve(value, **changes)


_REMOVED = reach(_SMALL, 0, lambda s: None in s.cards and s.phase == "turn")
_ENDED = reach(Rules(players=3, rounds=1, max_turns_per_round=200), 0, lambda s: s.phase == "over")


def test_the_positions_are_the_ones_meant() -> None:
    assert _REMOVED.cards[:5] == (1, 2, -1, 0, None)  # removed places 4, 5 and 19
    assert _REMOVED.face_up[4] is False
    assert (_REVEAL.phase, _REVEAL.current) == ("reveal", 0)
    assert (_OVER.phase, _OVER.ender, _OVER.deck) == ("over", None, ())
    assert (_ENDED.phase, _ENDED.ender, _ENDED.last_turns) == ("over", 0, 0)
    assert (_GIVE.round, len(_GIVE.deck)) == (1, 70)
    assert (_EXCHANGE.current, _EXCHANGE.receiver, _EXCHANGE.hand) == (1, 0, 1)


def test_al1_the_first_card_refused_is_named_past_removed_places() -> None:
    # AL-1: a grid with removed places (None, skipped) and a -1 and an 11 (card values)
    # before the first value that is no card: that one is named, not a removed place,
    # not the first card, not a -1 or an 11.
    cards = list(_REMOVED.cards)
    cards[0:4] = [1, -1, 11, 0]
    cards[6] = -2
    with refused(InvalidStateError, "state.cards[6]"):
        check_state(_evolve(_REMOVED, cards=tuple(cards)))
    assert refusal(check_state, _evolve(_REMOVED, cards=tuple(cards))) == (
        "state.cards[6]: -2 is not a card value (-1..11)"
    )


def test_al7_the_receivers_own_hand_is_a_card_value() -> None:
    seen = view(_EXCHANGE, 0)  # the receiver's own view
    assert refusal(check_view, _evolve(seen, hand=99)) == (
        "view.hand: 99 is not a card value (-1..11)"
    )


def test_al7_a_wrong_hand_count_is_named() -> None:
    seen = view(_EXCHANGE, 2)
    with refused(InvalidStateError, "view.hand_count", "AL-7"):
        check_view(_evolve(seen, hand_count=2))
    assert refusal(check_view, _evolve(seen, hand_count=2)) == (
        "view.hand_count: must be 1: a card is in hand only during the exchange (AL-7), not 2"
    )


def test_al11_a_shown_deck_card_that_is_no_card_value_is_named() -> None:
    seen = view(_GIVE, 0)
    shown = (*sorted(_GIVE.deck)[:-1], 99)
    assert refusal(check_view, _evolve(seen, deck_cards=shown)) == (
        "view.deck_cards[69]: 99 is not a card value (-1..11)"
    )


def test_al11_no_deck_is_shown_once_the_game_is_over() -> None:
    seen = view(_OVER, 0)
    assert seen.deck_count == 0
    with refused(InvalidStateError, "view.deck_cards", "AL-11"):
        check_view(_evolve(seen, deck_cards=()))


def test_al3_a_placed_slot_off_the_table_is_named_in_a_view() -> None:
    slot = object.__new__(Slot)
    for name, value in (("owner", 9), ("row", 0), ("col", 0)):
        object.__setattr__(slot, name, value)
    seen = _evolve(view(_EXCHANGE, 2), placed=slot)
    assert refusal(check_view, seen) == (
        "view.placed: Slot(owner=9, row=0, col=0) is not a place of this game"
    )


def test_al7_mid_exchange_the_drawers_area_must_hold_a_card() -> None:
    # AL-7: mid-exchange (step 2 made) the drawer's area still takes the knocker's card;
    # a view where that area is all removed places has no exchange to finish.
    seen = view(_EXCHANGE, 2)
    area = TABLES[4].areas[_EXCHANGE.current]
    cards, down = list(seen.cards), list(seen.face_down)
    gone = []
    for i in area:
        if _EXCHANGE.cards[i] is not None:
            gone.append(_EXCHANGE.cards[i])
        cards[i], down[i] = None, False
    shown = _evolve(
        seen, cards=tuple(cards), face_down=tuple(down), removed=(*seen.removed, *gone)
    )
    with refused(InvalidStateError, "view.receiver", "AL-7"):
        check_view(shown)


def test_al4_three_reveals_are_too_many_in_a_view() -> None:
    with refused(InvalidStateError, "view.reveals_left", "AL-4"):
        check_view(_evolve(view(_REVEAL, 0), reveals_left=3))


def test_al9_last_turns_out_of_range_names_the_value() -> None:
    assert refusal(check_view, _evolve(view(_SECOND, 0), last_turns=7)) == (
        "view.last_turns: must be an int from 0 to 2, not 7"
    )


def test_al9_no_last_turns_are_left_once_the_game_is_over() -> None:
    # AL-9: seat 0 ended the last round; once the game is over no last turns remain.
    with refused(InvalidStateError, "view.last_turns", "AL-9"):
        check_view(_evolve(view(_ENDED, 0), last_turns=1))


def test_al1_a_none_in_the_deck_is_named_when_the_zeros_match_the_removed_places() -> None:
    # AL-1, AL-8: 3 removed places (None in the grids) and, forged, exactly 3 cards of
    # value 0 and a None on top of the deck: the None is named as no card value, not
    # counted as a removed place nor its cards miscounted (a wrong count would cite AL-1
    # with the path "state").
    def no_zero(values: tuple[int | None, ...]) -> tuple[int | None, ...]:
        return tuple(1 if v == 0 else v for v in values)

    assert _REMOVED.cards.count(None) == 3
    forged = _evolve(
        _REMOVED,
        cards=no_zero(_REMOVED.cards),
        discard=no_zero(_REMOVED.discard),
        deck=(None, 0, 0, 0, *no_zero(_REMOVED.deck)),
    )
    assert refusal(check_state, forged) == "state.deck[0]: None is not a card value (-1..11)"


def test_a_face_up_flag_that_is_no_bool_is_named_by_its_place() -> None:
    face_up: list[object] = list(_SECOND.face_up)
    face_up[5] = 1
    assert refusal(check_state, _evolve(_SECOND, face_up=tuple(face_up))) == (
        "state.face_up[5]: 1 is not a bool"
    )


def test_al13_a_negative_turn_count_is_named_in_a_view() -> None:
    assert refusal(check_view, _evolve(view(_SECOND, 0), turns=-1)) == (
        "view.turns: must be an int >= 0, not -1"
    )


def test_al7_the_given_card_lies_in_the_receivers_area_in_a_state() -> None:
    # AL-7 step 2: the receiver (seat 0) lays the card in its own area, not the drawer's.
    forged = _evolve(_EXCHANGE, placed=S("p1.r0c0"))  # face up, a card, seat 1's area
    assert refusal(check_state, forged) == "state.placed: must lie in the receiver's area"


def test_al11_no_deck_is_public_once_the_game_is_over() -> None:
    with refused(InvalidStateError, "state.deck_public", "AL-11"):
        check_state(_evolve(_OVER, deck_public=True))


def test_al7_mid_exchange_the_drawers_area_must_hold_a_card_in_a_state() -> None:
    # AL-7: as in the view above: the drawer's (seat 1's) area all removed places.
    area = TABLES[4].areas[_EXCHANGE.current]
    cards, face_up = list(_EXCHANGE.cards), list(_EXCHANGE.face_up)
    gone = [c for i, c in enumerate(cards) if i in area and c is not None]
    for i in area:
        cards[i], face_up[i] = None, False
    forged = _evolve(
        _EXCHANGE,
        cards=tuple(cards),
        face_up=tuple(face_up),
        removed=(*_EXCHANGE.removed, *gone),
    )
    with refused(InvalidStateError, "state.receiver", "AL-7"):
        check_state(forged)


def test_al4_three_reveals_are_too_many_in_a_state() -> None:
    with refused(InvalidStateError, "state.reveals_left", "AL-4"):
        check_state(_evolve(_REVEAL, reveals_left=3))


@pytest.mark.parametrize(
    ("field", "value", "rule"), [("rounds", 2.0, "AL-12"), ("max_turns_per_round", 40.0, "AL-13")]
)
def test_rules_fields_equal_to_valid_ones_but_floats_are_refused(
    field: str, value: float, rule: str
) -> None:
    # AL-12, AL-13: each field is an int; 2.0 == 2 (and hashes alike), so the valid
    # rules met just before must not let it through.
    check_state(_SECOND)
    with refused(InvalidStateError, "state.rules", rule):
        check_state(_evolve(_SECOND, rules=_rules_with(**{field: value})))
    check_view(view(_SECOND, 0))
    with refused(InvalidStateError, "view.rules", rule):
        check_view(_evolve(view(_SECOND, 0), rules=_rules_with(**{field: value})))


@pytest.mark.parametrize("state", [_SECOND, _GIVE, _EXCHANGE], ids=["second", "give", "exchange"])
def test_the_fast_path_packs_cards_with_a_cold_memo(
    state: State, monkeypatch: pytest.MonkeyPatch
) -> None:
    # ``_PACKERS`` keeps one packing per number of values, made by the first state of
    # that size: with it emptied, the first state and the next are both passed.
    monkeypatch.setattr(_checks, "_PACKERS", Bounded(64))
    ok = state.phase != "exchange" or not _any_triple(
        TABLES[state.rules.players], state.cards, state.face_up
    )
    assert _checks._state_ok(state) is ok
    assert _checks._state_ok(state) is ok


# ---------------------------------------- the fast path refuses what the detailed checks do

_THIRD = reach(
    Rules(players=3, deck=(10, 10, 10, 8, *(0,) * 9), rounds=3, max_turns_per_round=40),
    0,
    lambda s: s.round == 3 and s.phase == "turn",
)

_SIX = reach(
    Rules(players=6, rounds=1, max_turns_per_round=100),
    0,
    lambda s: s.phase == "give" and len(s.knockers) + len(s.passers) >= 4,
)


def test_the_six_seat_window_is_the_one_meant() -> None:
    assert (_SIX.current, _SIX.knockers, _SIX.passers) == (5, (0, 2), (1, 3, 4))


_ENDING = reach(Rules(players=3, rounds=1, max_turns_per_round=200), 0, lambda s: s.ender == 0)


def test_al9_the_fast_path_passes_a_round_that_seat_0_ended() -> None:
    # AL-9: seat 0 ended the round, seat 1 is to play with 2 last turns left: valid, and
    # the fast path passes it (seat 0 is a seat like any other).
    assert (_ENDING.phase, _ENDING.current, _ENDING.last_turns) == ("turn", 1, 2)
    check_state(_ENDING)
    assert _checks._state_ok(_ENDING) is True


@pytest.mark.parametrize(
    ("forged", "path", "rule"),
    [
        # AL-7: each seat answers once: seat 0 both knocked and passed.
        (_evolve(_GIVE, knockers=(2, 0), passers=(3, 0)), "state.knock_queue", "AL-7"),
        # AL-7: the knocks in turn order from the drawer's next seat (2, 3, 0).
        (_evolve(_GIVE, knockers=(0, 2)), "state.knockers", "AL-7"),
        # AL-7: the passes in turn order too (from seat 5: 0, 1, 2, 3, 4).
        (_evolve(_SIX, passers=(3, 1, 4)), "state.knockers", "AL-7"),
        # AL-9: the last turns left count from the seat to play to the ender: 2, not 1.
        (_evolve(_ENDING, last_turns=1), "state.last_turns", "AL-9"),
        # AL-10, AL-13: round 2 was cut, so nobody's score in it is doubled (round 1's
        # scores are below 165, so only round 2's row tells).
        (
            _evolve(_THIRD, scores=((10, 20, 30), (200, 20, 30)), cut_rounds=(2,)),
            "state.scores[1]",
            "AL-13",
        ),
    ],
    ids=[
        "seat-answers-twice",
        "knocks-out-of-order",
        "passes-out-of-order",
        "last-turns",
        "doubled-cut",
    ],
)
def test_the_fast_path_passes_no_state_the_checks_refuse(
    forged: State, path: str, rule: str
) -> None:
    assert _checks._state_ok(forged) is False
    with refused(InvalidStateError, path, rule):
        check_state(forged)


def test_al13_a_negative_turn_count_is_named_in_a_state() -> None:
    assert refusal(check_state, _evolve(_SECOND, turns=-1)) == (
        "state.turns: must be an int >= 0, not -1"
    )
