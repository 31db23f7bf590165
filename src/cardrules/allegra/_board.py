"""
Board helpers that dealing, play, views and checks share, and the named rule constants.

The helpers work on the flat place tuples of ``State`` (see ``_state``) and the
geometry tables of ``_geometry``; they are on the hot path, so they are plain loops.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardrules._checks import Bounded
from cardrules.allegra._geometry import Tables
from cardrules.allegra._state import CARD_VALUES

LOW_CARD = CARD_VALUES[0]
"""AL-1: the lowest card value, ``-1``."""
HIGH_CARD = CARD_VALUES[-1]
"""AL-1: the highest card value, ``11``."""
MAX_PLAYERS = 6
"""AL-2: at most 6 seats."""
AREA_PLACES = 15
"""AL-3: an area has 3 rows of 5 places."""
SETUP_REVEALS = 2
"""AL-4: each seat turns up two face-down cards of its area at the deal."""
DEAL_DISCARDS = 1
"""AL-4: the deal lays one card on the discard pile."""
KNOCK_MIN_PLAYERS = 3
"""AL-7: knocking needs three or more players."""
ENDER_FACTOR = 2
"""AL-10: the ender's positive score is doubled unless strictly lowest."""

_PACKS_KEPT = 64
"""The most packs ``_pack`` keeps: a cache keyed by ``Rules.deck`` must not grow for ever."""
_PACKS: Bounded[tuple[int, ...], tuple[int, ...]] = Bounded(_PACKS_KEPT)


def _pack(deck: tuple[int, ...]) -> tuple[int, ...]:
    """Every card of ``Rules.deck`` in value order: the order the shuffle starts from."""
    pack = _PACKS.get(deck)
    if pack is None:
        pack = _PACKS.keep(
            deck,
            tuple(v for v, count in zip(CARD_VALUES, deck, strict=True) for _ in range(count)),
        )
    return pack


def _has_face_down(
    area: Sequence[int], cards: Sequence[int | None], face_up: Sequence[bool]
) -> bool:
    for i in area:  # noqa: SIM110 - a plain loop is faster than any() here
        if not face_up[i] and cards[i] is not None:
            return True
    return False


def _has_card(area: Sequence[int], cards: Sequence[int | None]) -> bool:
    for i in area:  # noqa: SIM110 - a plain loop is faster than any() here
        if cards[i] is not None:
            return True
    return False


def _next_revealer(
    t: Tables,
    cards: Sequence[int | None],
    face_up: Sequence[bool],
    start: int,
    seat: int,
    *,
    first: bool,
) -> int | None:
    """AL-4: the next seat from ``seat`` (itself if ``first``) that has a face-down card
    in its area, before the turn order comes back to ``start``; ``None`` when done."""
    n = t.players
    if not first:
        seat = (seat + 1) % n
        if seat == start:
            return None
    while True:
        if _has_face_down(t.areas[seat], cards, face_up):
            return seat
        seat = (seat + 1) % n
        if seat == start:
            return None


def _can_exchange(
    knocker_area: Sequence[int], drawer_area: Sequence[int], cards: Sequence[int | None]
) -> bool:
    """AL-7: whether step 2 can be made: a card of the knocker's area can go to a place
    of the drawer's area other than the one it came from."""
    puts = [i for i in drawer_area if cards[i] is not None]
    if not puts:
        return False
    if len(puts) >= 2:
        return _has_card(knocker_area, cards)
    return any(cards[i] is not None and i != puts[0] for i in knocker_area)


def _triples(
    t: Tables,
    cards: Sequence[int | None],
    face_up: Sequence[bool],
    changed: Iterable[int],
) -> set[int] | None:
    """AL-8: the places of every triple through the ``changed`` places (or ``None``)."""
    hit: set[int] | None = None
    windows_at = t.windows_at
    for i in changed:
        for w in windows_at[i]:
            a, b, c = w
            if face_up[a] and face_up[b] and face_up[c]:
                x = cards[a]
                if cards[b] == x and cards[c] == x:
                    if hit is None:
                        hit = set(w)
                    else:
                        hit.update(w)
    return hit


_TRIPLES = frozenset((v, v, v) for v in CARD_VALUES)
"""The three cards of every triple (AL-8), for ``_any_triple``."""


def _any_triple(t: Tables, cards: Sequence[int | None], face_up: Sequence[bool]) -> bool:
    """
    AL-8: whether any window shows a triple: three face-up cards of one value. The
    whole-grid form of ``_triples`` for the checks, in C-speed passes over the windows
    (the cards must be card values or ``None``).
    """
    shown = [c if up else None for c, up in zip(cards, face_up, strict=True)]
    get_a, get_b, get_c = t.window_items
    return not _TRIPLES.isdisjoint(zip(get_a(shown), get_b(shown), get_c(shown), strict=True))


def _remove(
    hit: set[int], cards: list[int | None], face_up: list[bool], removed: tuple[int, ...]
) -> tuple[int, ...]:
    """AL-8: take the found cards out of the round, all together, in place order."""
    out = list(removed)
    for i in sorted(hit):
        out.append(cards[i])  # type: ignore[arg-type]
        cards[i] = None
        face_up[i] = False
    return tuple(out)
