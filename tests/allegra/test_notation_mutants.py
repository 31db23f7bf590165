"""
Allegra's notation pinned where mutation testing found it loose (issue 23): a deck made
public by a rebuild (AL-11), which the seeded positions of the other notation tests never
reach, and the bound of a score the reader takes before the checks see it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cardrules import allegra as al
from cardrules.errors import NotationError

_RULES = al.Rules(players=2, deck=(10, 10, 10, 10, *(0,) * 9), rounds=1, max_turns_per_round=40)
"""40 cards: a dealt deck of 40 - 2 * 12 - 1 = 15 cards (AL-4)."""


def _rebuilt() -> al.State:
    """The first state with a public deck (AL-11): every turn draws and discards, so the
    deck runs empty and the next draw rebuilds it from the discard pile."""
    state = al.new_game(_RULES, seed=0)
    choose = random.Random(0).choice
    while not state.deck_public:
        moves = al.legal_moves(state)
        kinds = (al.Draw, al.Pass, al.Ignore)
        plain = [m for m in moves if isinstance(m, kinds) or m == al.Discard()]
        state = al.apply(state, plain[0] if plain else choose(moves))
    return state


_PUBLIC = _rebuilt()
_DECK = "14=-1,-1,-1,-1,0,0,0,1,1,2,2,2,2,2"
"""The view's deck field: the count, and the public cards in value order."""


def test_al11_the_position_is_the_one_meant() -> None:
    assert (_PUBLIC.phase, _PUBLIC.turns, len(_PUBLIC.deck)) == ("drawn", 15, 14)


def test_al11_a_public_deck_is_written_and_read_back_in_a_state() -> None:
    text = al.format_state(_PUBLIC)
    assert " public " in text
    assert " hidden " not in text
    assert al.parse_state(text) == _PUBLIC
    hidden = al.format_state(al.new_game(_RULES, seed=0))
    assert " hidden " in hidden
    assert " public " not in hidden


def test_al11_a_public_deck_is_written_and_read_back_in_a_view() -> None:
    seen = al.view(_PUBLIC, 0)
    assert seen.deck_cards == (-1, -1, -1, -1, 0, 0, 0, 1, 1, 2, 2, 2, 2, 2)
    text = al.format_view(seen)
    assert f" {_DECK} " in text
    back = al.parse_view(text)
    assert back == seen
    assert back.deck_cards == seen.deck_cards


def test_al11_a_bad_card_of_a_public_deck_is_refused_at_its_column() -> None:
    text = al.format_view(al.view(_PUBLIC, 0)).replace(_DECK, _DECK.replace("-1,0", "-1,x"))
    with pytest.raises(NotationError) as info:
        al.parse_view(text)
    assert str(info.value).startswith(f"column {text.index(',x') + 2}: expected a card: ")


_ROUND2 = al.new_game(al.Rules(players=2, rounds=2), seed=0)
while _ROUND2.round < 2:
    _ROUND2 = al.apply(_ROUND2, random.Random(_ROUND2.turns).choice(al.legal_moves(_ROUND2)))


@pytest.mark.parametrize(
    ("score", "why"),
    [
        ("-100", "state.scores[0]: a round score lies in -15..330 (AL-10)"),
        ("-1000000000", "state.scores[0]: a round score lies in -15..330 (AL-10)"),
        ("-1000000001", "expected a score (>= -1000000000), not -1000000001"),
    ],
)
def test_al10_a_score_below_the_readers_bound_is_refused_by_the_reader(
    score: str, why: str
) -> None:
    # the reader takes any score down to -10**9 and leaves its range to the checks
    first = _ROUND2.scores[0]
    old = f"{first[0]},{first[1]}"
    text = al.format_state(_ROUND2)
    assert text.count(old) == 1
    with pytest.raises(NotationError) as info:
        al.parse_state(text.replace(old, f"{score},{first[1]}"))
    assert str(info.value).split(": ", 1)[1].startswith(why + ": ")


_START = al.format_state(al.new_game(al.Rules(players=3), seed=0)).split(" ")
"""The fields of a state's text: 6 the grids, 7 the deck, 9 the discard pile, 10 the
removed cards, 12 the knock window's seat lists, 15 the scores, 16 the cut rounds."""


def _refusal(field: int, new: str) -> tuple[str, int]:
    """The text with field number ``field`` replaced by ``new``, and the 0-based offset
    in it where that field starts."""
    fields = list(_START)
    fields[field] = new
    return " ".join(fields), len(" ".join(fields[:field])) + 1


def _refused(text: str) -> str:
    with pytest.raises(NotationError) as info:
        al.parse_state(text)
    return str(info.value).rsplit(": ", 1)[0]


@pytest.mark.parametrize(
    ("field", "sep", "item"),
    [
        (6, "/", "1"),  # grids
        (6, ";", "1"),  # rows of one grid
        (6, ",", "1"),  # places of one row
        (7, ",", "1"),  # the deck
        (9, ",", "1"),  # the discard pile
        (10, ",", "1"),  # the removed cards
        (15, "/", "1,1,1"),  # rows of scores
        (15, ",", "1"),  # the scores of one round
        (16, ",", "1"),  # the cut rounds
    ],
)
def test_a_field_of_more_than_1024_parts_is_refused_at_the_separator_too_many(
    field: int, sep: str, item: str
) -> None:
    text, start = _refusal(field, sep.join([item] * 1100))
    where = start
    for _ in range(1024):
        where = text.index(sep, where + 1)
    column = where + 1
    why = f"at most 1,024 parts separated by {sep!r} in a field"
    assert _refused(text) == f"column {column}: {why}"


def test_al3_a_grid_of_two_rows_is_refused_just_after_it() -> None:
    row = ",".join(["1"] * 4)
    grids = [f"{row};{row};{row}"] * 3
    grids[1] = f"{row};{row}"
    text, start = _refusal(6, "/".join(grids))
    after = start + len("/".join(grids[:2])) + 1
    why = "expected 3 rows in a grid separated by ';', not 2"
    assert _refused(text) == f"column {after}: {why}"


def test_al2_two_grids_of_a_three_player_game_are_refused_after_the_field() -> None:
    grid = ";".join([",".join(["1"] * 4)] * 3)
    text, start = _refusal(6, f"{grid}/{grid}")
    why = "expected 3 grids separated by '/', not 2"
    assert _refused(text) == f"column {start + 2 * len(grid) + 2}: {why}"


@pytest.mark.parametrize(
    ("seats", "why"),
    [
        ("0x", "expected a seat"),
        ("10x", "expected a seat"),
        ("3", "expected a seat (0..2), not 3"),
    ],
)
def test_al7_a_bad_seat_of_the_knock_window_is_refused_at_its_column(seats: str, why: str) -> None:
    bad = next(i for i, c in enumerate(seats) if c not in "012")
    for k in range(3):
        lists = ["-", "-", "-"]
        lists[k] = seats
        new = "/".join(lists)
        text, start = _refusal(12, new)
        column = start + new.index(seats) + bad + 1
        assert _refused(text) == f"column {column}: {why}"


def test_the_deck_counts_of_the_rules_of_more_than_1024_parts_are_refused() -> None:
    fields = list(_START)
    fields[0] = "3/" + ",".join(["1"] * 1100) + "/3/1000"
    text = " ".join(fields)
    where = -1
    for _ in range(1024):
        where = text.index(",", where + 1)
    why = "at most 1,024 parts separated by ',' in a field"
    assert _refused(text) == f"column {where + 1}: {why}"


_TURN = al.new_game(al.Rules(players=2), seed=0)
while _TURN.phase != "turn":
    _TURN = al.apply(_TURN, random.Random(0).choice(al.legal_moves(_TURN)))
_OVER = al.new_game(al.Rules(players=2, rounds=1), seed=0)
while _OVER.phase != "over":
    _OVER = al.apply(_OVER, random.Random(_OVER.turns).choice(al.legal_moves(_OVER)))


def _checked_at(parse: Callable[[str], object], text: str, field: int, new: str) -> str:
    """The refusal of ``text`` with field ``field`` replaced by ``new``, its column given
    as an offset from the start of that field."""
    fields = text.split(" ")
    fields[field] = new
    start = len(" ".join(fields[:field])) + 1
    with pytest.raises(NotationError) as info:
        parse(" ".join(fields))
    column, why = str(info.value).rsplit(": ", 1)[0].split(": ", 1)
    return f"{int(column.removeprefix('column ')) - start - 1}: {why}"


def test_al8_a_showing_triple_is_refused_at_the_grids() -> None:
    # the checks' refusal of state.cards and view.cards points at the grids' field:
    # a 10 and a face-down 5 swapped between the seats give seat 0 three 5s in column 3
    state = al.format_state(_TURN)
    assert state.split(" ")[6] == (
        "~6,~9,~2,~5;~1,~1,~10,~5;~2,~9,6,10/~-1,~6,~0,~6;5,~7,~10,~4;~1,~1,~5,4"
    )
    grids = "~6,~9,~2,5;~1,~1,~10,5;~2,~9,6,5/~-1,~6,~0,~6;5,~7,~10,~4;~1,~1,~10,4"
    why = "a triple is showing (AL-8): p0.r0c3, p0.r1c3, p0.r2c3"
    assert _checked_at(al.parse_state, state, 6, grids) == f"0: state.cards: {why}"
    seen = al.format_view(al.view(_TURN, 0))
    grids = "#,#,#,5;#,#,#,5;#,#,6,5/#,#,#,#;5,#,#,#;#,#,#,4"
    assert _checked_at(al.parse_view, seen, 6, grids) == f"0: view.cards: {why}"


def test_al10_a_face_down_card_at_the_end_is_refused_at_the_grids() -> None:
    # seat 1's first place (outside the ender's area, AL-9) turned face down
    why = "every card lies face up once the game is over (AL-10)"
    state = al.format_state(_OVER)
    assert _OVER.ender == 0
    grids = state.split(" ")[6]
    down = grids.replace("/", "/~", 1)
    assert _checked_at(al.parse_state, state, 6, down) == f"0: state.face_up: {why}"
    seen = al.format_view(al.view(_OVER, 0))
    grids = seen.split(" ")[6]
    cut = grids.index("/") + 1
    hidden = grids[:cut] + "#" + grids[grids.index(",", cut) :]
    assert _checked_at(al.parse_view, seen, 6, hidden) == f"0: view.face_down: {why}"


def test_al11_deck_cards_in_the_setup_are_refused_at_the_deck() -> None:
    start = al.new_game(al.Rules(players=2), seed=0)
    seen = al.format_view(al.view(start, 0))
    deck = f"{len(start.deck)}=" + ",".join(map(str, sorted(start.deck)))
    why = (
        "view.deck_cards: must be None in the setup and at the game end: only a draw "
        "rebuilds the deck (AL-11)"
    )
    assert _checked_at(al.parse_view, seen, 7, deck) == f"0: {why}"


def test_al7_a_placed_card_outside_an_exchange_is_refused_at_the_exchange() -> None:
    state = al.format_state(_TURN)
    why = "state.placed: a place only during exchange step 2"
    assert _checked_at(al.parse_state, state, 13, "-/p0.r0c0/-") == f"0: {why}"
