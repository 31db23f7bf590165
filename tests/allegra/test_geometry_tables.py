"""
Allegra's precomputed geometry (AL-3, AL-8) against a second model written from the
rules' words: areas of 3 rows x 5 columns whose column 0 is the left neighbour's
column 3, windows of three places side by side in an area row or down a grid column.

The tables are built once, at import, where a mutation tester cannot switch a mutant
on (issue 23): a change to how they are built fails here, for every player count.
"""

from __future__ import annotations

import pytest

from cardrules.allegra._geometry import GRID, TABLES

Window = tuple[int, int, int]


def _place(owner: int, row: int, col: int) -> int:
    return owner * GRID + row * 4 + col


def _area_rows(seat: int, players: int) -> list[list[int]]:
    # AL-3: the left neighbour is seat + 1 (play passes to the left); its column 3 is
    # area column 0, then the seat's own columns 0..3.
    left = (seat + 1) % players
    return [
        [_place(left, row, 3)] + [_place(seat, row, col) for col in range(4)] for row in range(3)
    ]


def _windows(players: int) -> list[Window]:
    # AL-8: three side by side in one area row (runs never wrap into the next row or
    # area), or filling an area column, which is a grid column.
    found: list[Window] = []
    for seat in range(players):
        for line in _area_rows(seat, players):
            found.extend((line[k], line[k + 1], line[k + 2]) for k in range(3))
    for owner in range(players):
        for col in range(4):
            found.append((_place(owner, 0, col), _place(owner, 1, col), _place(owner, 2, col)))
    return found


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_tables_are_the_areas_and_windows_of_the_rules(players: int) -> None:
    tables = TABLES[players]
    places = list(range(players * GRID))
    assert tables.players == players
    areas = [[p for line in _area_rows(seat, players) for p in line] for seat in range(players)]
    assert [list(a) for a in tables.areas] == areas
    assert [set(s) for s in tables.area_sets] == [set(a) for a in areas]
    assert [list(getter(places)) for getter in tables.area_items] == areas
    windows = _windows(players)
    assert sorted(tables.windows) == sorted(windows)
    assert len(set(windows)) == len(windows) == 13 * players  # 9 in rows, 4 in columns a seat
    first, second, third = (list(getter(places)) for getter in tables.window_items)
    assert list(zip(first, second, third, strict=True)) == list(tables.windows)
    for place in places:
        assert sorted(tables.windows_at[place]) == sorted(w for w in windows if place in w)
        # One seat's area holds a place, two for a column-3 place (its owner's and the
        # right neighbour's).
        holders = [seat for seat in range(players) if place in areas[seat]]
        assert list(tables.area_seats[place]) == holders
        assert len(holders) == (2 if place % 4 == 3 else 1)
    assert [list(o) for o in tables.others] == [
        [(seat + k) % players for k in range(1, players)] for seat in range(players)
    ]


def test_there_are_tables_for_every_player_count_and_no_other() -> None:
    assert sorted(TABLES) == [2, 3, 4, 5, 6]  # AL-2
