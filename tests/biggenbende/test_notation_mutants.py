"""
Biggenbende's position notation (``_notation``): refusals whose column a whole-module
mutation run found unread (issue 23). A list field is refused, before it is split,
at its separator one too many (more parts than any position writes), and a bad seat in
the places field at its own character. The shrinker's offers are valid, smaller states.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardrules import biggenbende as bb
from cardrules._position import MAX_PARTS
from cardrules.biggenbende._checks import check_state
from cardrules.biggenbende._notation import smaller
from cardrules.errors import NotationError
from tests._encodings import playthrough
from tests.biggenbende._deals import start
from tests.biggenbende.test_notation import BURN
from tests.notation_cases import error_column, field_column, replace_field

VIEW = bb.format_view(bb.view(bb.parse_state(BURN), 1))


def _too_many(piece: str, sep: str) -> str:
    """A field of ``MAX_PARTS + 1`` pieces: one separator too many."""
    return sep.join([piece] * (MAX_PARTS + 1))


def _refused_at(parse: Callable[[str], object], text: str) -> tuple[int, str]:
    with pytest.raises(NotationError) as refusal:
        parse(text)
    message = str(refusal.value)
    return refusal.value.column, message


@pytest.mark.parametrize(
    ("kind", "index", "piece", "sep"),
    [
        ("state", 6, "5", "/"),  # the hands, one per seat
        ("state", 7, "5", "/"),  # the face-up rows
        ("state", 8, "x", "/"),  # the face-down rows
        ("state", 8, "x", ","),  # one face-down row's places
        ("state", 9, "5", ","),  # the draw pile
        ("state", 14, "0", "/"),  # the chips
        ("state", 16, "1", ","),  # the rounds cut (BB-20)
        ("view", 8, "5", "/"),  # the face-up rows
        ("view", 7, "0", "/"),  # the hand counts
        ("view", 9, "#", "/"),  # the face-down rows
        ("view", 11, "5", ","),  # the discard pile
        ("view", 15, "0", "/"),  # the chips
        ("view", 17, "1", ","),  # the rounds cut (BB-20)
    ],
)
def test_a_field_of_too_many_parts_is_refused_at_the_separator_too_many(
    kind: str, index: int, piece: str, sep: str
) -> None:
    text, parse = (BURN, bb.parse_state) if kind == "state" else (VIEW, bb.parse_view)
    bad = replace_field(text, index, _too_many(piece, sep))
    column, message = _refused_at(parse, bad)
    # the separator after MAX_PARTS parts of one character each
    assert column == field_column(bad, index) + 2 * MAX_PARTS - 1
    assert message.startswith(f"column {column}: at most 1,024 parts separated by {sep!r}")


def test_face_down_rows_too_few_are_refused_just_after_the_field() -> None:
    # BB-4: a face-down row per seat; two rows for three seats.
    two = "9,10,11/12,x,x"
    bad = replace_field(BURN, 8, two)
    assert error_column(bb.parse_state, bad) == field_column(bad, 8) + len(two)


@pytest.mark.parametrize("kind", ["state", "view"])
def test_a_seat_out_of_range_in_the_places_is_refused_at_its_character(kind: str) -> None:
    # BB-17: the places list the seats out, one character each; 3 seats: 0 to 2.
    text, parse = (BURN, bb.parse_state) if kind == "state" else (VIEW, bb.parse_view)
    index = 12 if kind == "state" else 13
    assert text.split(" ")[index] == "-"
    bad = replace_field(text, index, "015")
    assert error_column(parse, bad) == field_column(bad, index) + 2


def _played(seeds: range, step: int) -> list[bb.State]:
    """Every ``step``-th state of seeded random rounds of 3 seats, the last of each too."""
    out = []
    for seed in seeds:
        for k, (state, moves) in enumerate(playthrough(bb.GAME, bb.Rules(players=3), seed)):
            if k % step == 0 or not moves:
                out.append(state)
    return out


STATES = _played(range(2), 7)


def test_the_shrinker_offers_only_valid_states_other_than_the_one_given() -> None:
    # BB-1: the cards set aside go to the removed cards; every offer passes check_state.
    offered = 0
    for state in STATES:
        for small in smaller(state):
            assert small != state
            check_state(small)
            offered += 1
    assert offered > 100


def test_the_shrinker_leaves_out_what_check_state_refuses() -> None:
    # BB-4, BB-7: while the draw pile has cards, a seat choosing needs four cards in
    # hand (three to lay face up, one to keep). With exactly four, a hand a card
    # smaller is refused; only the offers that set the draw pile aside remain.
    state = start([[5, 6, 7, 8], [5, 6, 7, 9], [5, 6, 7, 10]], draw=[4, 4], choose=True)
    offers = list(smaller(state))
    assert offers
    for small in offers:
        check_state(small)
        assert small.hands == state.hands
        assert len(small.draw) < len(state.draw)


def test_the_shrinker_keeps_the_last_card_of_a_hand() -> None:
    # A hand loses one card at a time, and only a hand of two or more: no offer
    # empties a hand that was not empty.
    met = 0
    for state in STATES:
        for small in smaller(state):
            for before, after in zip(state.hands, small.hands, strict=True):
                if sum(before):
                    assert sum(after), (state, small)
        met += any(sum(hand) == 1 for hand in state.hands) and state.phase == "play"
    assert met > 0


def test_the_shrinker_restarts_the_move_counter_only_in_the_play_phase() -> None:
    # BB-20 counts every move of a round; once a round is over (or while the seats
    # choose, BB-4) the counter is kept.
    ends = [state for state in STATES if state.phase == "over"]
    assert ends
    assert all(state.moves > 0 for state in ends)
    for state in ends:
        assert all(small.moves == state.moves for small in smaller(state))
    playing = [state for state in STATES if state.phase == "play" and state.moves > 0]
    assert any(small.moves == 0 for small in smaller(playing[0]))
