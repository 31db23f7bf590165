"""
Areas, shared columns and the lines of AL-3/AL-8, precomputed per player count.

Places are indexed ``owner * 12 + row * 4 + col`` (see ``_state``). Every table here
is built once at import for 2 to 6 players; the hot path only indexes into them.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from cardrules._checks import must_be
from cardrules.allegra._state import Slot, _type_name, _WrongRulesType
from cardrules.errors import RulesError

__all__ = ["area", "areas_of"]

GRID = 12
"""Places per grid (3 rows x 4 columns)."""

SLOTS: tuple[Slot, ...] = tuple(
    Slot(owner, row, col) for owner in range(6) for row in range(3) for col in range(4)
)
"""The ``Slot`` of every place index, for up to 6 players."""

Window = tuple[int, int, int]


def index(slot: Slot) -> int:
    """The place index of ``slot``."""
    return slot.owner * GRID + slot.row * 4 + slot.col


class Tables:
    """The precomputed geometry of one player count."""

    __slots__ = (
        "area_items",
        "area_seats",
        "area_sets",
        "areas",
        "others",
        "players",
        "window_items",
        "windows",
        "windows_at",
    )

    def __init__(self, players: int) -> None:
        n = players
        self.players = n
        # AL-3: area column 0 is the left neighbour's (seat p+1) column 3, then p's own.
        areas = []
        rows: list[tuple[int, ...]] = []
        for seat in range(n):
            left = (seat + 1) % n
            cells: list[int] = []
            for row in range(3):
                line = (left * GRID + row * 4 + 3, *(seat * GRID + row * 4 + c for c in range(4)))
                rows.append(line)
                cells.extend(line)
            areas.append(tuple(cells))
        self.areas: tuple[tuple[int, ...], ...] = tuple(areas)
        """Per seat, its 15 places in area order (row-major, area column 0 first)."""
        self.area_sets: tuple[frozenset[int], ...] = tuple(frozenset(a) for a in areas)
        """Per seat, its places as a set."""
        self.area_items: tuple[itemgetter[Any], ...] = tuple(itemgetter(*a) for a in areas)
        """Per seat, a getter of its places' entries (of ``cards`` or ``face_up``)."""
        # AL-8: windows of three adjacent places in an area row (a longer run is the
        # union of its windows) and the area columns, which are the grid columns.
        windows: list[Window] = []
        for line in rows:
            windows.extend((line[k], line[k + 1], line[k + 2]) for k in range(3))
        for owner in range(n):
            for col in range(4):
                base = owner * GRID + col
                windows.append((base, base + 4, base + 8))
        self.windows: tuple[Window, ...] = tuple(windows)
        """Every window of three places that a triple can fill."""
        self.window_items: tuple[itemgetter[Any], itemgetter[Any], itemgetter[Any]] = (
            itemgetter(*(w[0] for w in windows)),
            itemgetter(*(w[1] for w in windows)),
            itemgetter(*(w[2] for w in windows)),
        )
        """The first, second and third places of every window, each as one getter."""
        self.windows_at: tuple[tuple[Window, ...], ...] = tuple(
            tuple(w for w in windows if i in w) for i in range(n * GRID)
        )
        """Per place, the windows through it."""
        self.area_seats: tuple[tuple[int, ...], ...] = tuple(
            tuple(seat for seat in range(n) if i in self.area_sets[seat]) for i in range(n * GRID)
        )
        """Per place, the seats whose area holds it (one, or two for column 3)."""
        self.others: tuple[tuple[int, ...], ...] = tuple(
            tuple((seat + k) % n for k in range(1, n)) for seat in range(n)
        )
        """Per seat, the other seats in turn order from its next."""


TABLES: dict[int, Tables] = {n: Tables(n) for n in range(2, 7)}
"""The tables for every allowed player count."""


def _check(players: object) -> int:
    if type(players) is not int or players not in TABLES:
        raise RulesError(must_be("players", players, 2, 6, rule="AL-2"))
    return players


def area(seat: int, players: int) -> tuple[Slot, ...]:
    """
    The 15 places of a seat's area (AL-3), in area order.

    Area order is row-major over the 3 x 5 area; area column 0 is column 3 of the left
    neighbour (seat ``seat + 1``), area columns 1..4 are the seat's own columns 0..3.

    Args:
        seat: the seat, ``0 .. players - 1``.
        players: the number of players, 2 to 6.

    Returns:
        The places as :class:`Slot` objects, each named in its owner's grid.

    Raises:
        ~cardrules.RulesError: for a player count or seat out of range.

    >>> [str(s) for s in area(3, 4)[:5]]
    ['p0.r0c3', 'p3.r0c0', 'p3.r0c1', 'p3.r0c2', 'p3.r0c3']
    """
    n = _check(players)
    if type(seat) is not int or not 0 <= seat < n:
        raise RulesError(must_be("seat", seat, 0, n - 1))
    return tuple(SLOTS[i] for i in TABLES[n].areas[seat])


def areas_of(slot: Slot, players: int) -> tuple[int, ...]:
    """
    The seats whose area holds ``slot``: its owner, and the right neighbour
    (seat ``owner - 1``) too for column 3 (AL-3).

    Raises:
        ~cardrules.RulesError: for a player count out of range or a slot whose owner is no seat.

    >>> areas_of(Slot(0, 1, 3), 4)
    (0, 3)
    >>> areas_of(Slot(0, 1, 1), 4)
    (0,)
    """
    n = _check(players)
    if not isinstance(slot, Slot):
        raise _WrongRulesType(f"slot: expected an allegra.Slot, got {_type_name(slot)}")
    if slot.owner >= n:
        raise RulesError(f"{slot} is not a place of a {n}-player game")
    return TABLES[n].area_seats[index(slot)]
