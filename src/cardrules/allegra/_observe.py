"""
The observation of Allegra (``observation``): a fixed-shape list of floats from a
``View``, seats relative to the viewer (the viewer first, then the others in seat order
from its next). Places follow the same order: the viewer's grid first, row-major.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from operator import add, ne
from typing import Any

from cardrules import _fastobs
from cardrules.allegra._geometry import GRID
from cardrules.allegra._state import CARD_VALUES, Rules, State, View
from cardrules.allegra._view import view as _view
from cardrules.errors import RulesError
from cardrules.game import Observation

__all__ = ["observation"]

_PHASES = ("reveal", "turn", "knock", "give", "place", "exchange", "drawn", "over")
_V = len(CARD_VALUES)
_PLACE = _V + 2  # a face-up value, face down, removed


def _layout(n: int) -> tuple[tuple[str, int], ...]:
    places = n * GRID
    return (
        ("phase", len(_PHASES)),
        ("current", n),
        ("reveals_left", 1),
        ("places", places * _PLACE),
        ("deck_count", 1),
        ("deck_known", 1),
        ("deck_cards", _V),
        ("discard_count", 1),
        ("discard_top", _V),
        ("discard_cards", _V),
        ("removed", _V),
        ("drawn", _V),
        ("knock_queue", n),
        ("knockers", n),
        ("passers", n),
        ("receiver", n),
        ("placed", places),
        ("hand", _V),
        ("hand_count", 1),
        ("ender", n),
        ("last_turns", 1),
        ("turns", 1),
        ("round", 1),
        ("totals", n),
    )


def _one_hot(index: int | None, size: int) -> list[float]:
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


def _counts(cards: tuple[int, ...]) -> list[float]:
    out = [0.0] * _V
    for card in cards:
        out[card + 1] += 1.0
    return out


def _encode(view: View) -> list[float]:
    n = view.rules.players
    seat = view.seat
    order = [(seat + k) % n for k in range(n)]
    rel = {s: k for k, s in enumerate(order)}

    def seat_hot(s: int | None) -> list[float]:
        return _one_hot(None if s is None else rel[s], n)

    def seats_in(seats: tuple[int, ...]) -> list[float]:
        out = [0.0] * n
        for s in seats:
            out[rel[s]] = 1.0
        return out

    out = _one_hot(_PHASES.index(view.phase), len(_PHASES))
    out += seat_hot(view.current)
    out.append(float(view.reveals_left))
    cards, down = view.cards, view.face_down
    for owner in order:
        for i in range(owner * GRID, owner * GRID + GRID):
            card = cards[i]
            cell = _one_hot(None if card is None else card + 1, _PLACE)
            if down[i]:
                cell[_V] = 1.0
            elif card is None:
                cell[_V + 1] = 1.0
            out += cell
    out.append(float(view.deck_count))
    known = view.deck_cards
    out.append(0.0 if known is None else 1.0)
    out += _counts(known or ())
    discard = view.discard
    out.append(float(len(discard)))
    out += _one_hot(discard[-1] + 1 if discard else None, _V)
    out += _counts(discard)
    out += _counts(view.removed)
    out += _one_hot(None if view.drawn is None else view.drawn + 1, _V)
    out += seats_in(view.knock_queue)
    out += seats_in(view.knockers)
    out += seats_in(view.passers)
    out += seat_hot(view.receiver)
    placed = view.placed
    out += _one_hot(
        None if placed is None else rel[placed.owner] * GRID + placed.row * 4 + placed.col,
        n * GRID,
    )
    out += _one_hot(None if view.hand is None else view.hand + 1, _V)
    out.append(float(view.hand_count))
    out += seat_hot(view.ender)
    out += [float(view.last_turns), float(view.turns), float(view.round)]
    out += [float(sum(r[s] for r in view.scores)) for s in order]
    return out


def _from_state_factory(rules: Rules) -> _fastobs.FromState:
    # ``_encode(view(state, seat))`` without the View, as the positions and values of
    # its non-zero entries: most of the encoding is one-hot places (tests/test_rl.py
    # compares the two on random states).
    n = rules.players
    at: dict[str, int] = {}
    start = 0
    for name, length in _layout(n):
        at[name] = start
        start += length
    rels = [tuple((s - seat) % n for s in range(n)) for seat in range(n)]
    orders = [tuple((seat + k) % n for k in range(n)) for seat in range(n)]
    places = n * GRID
    # Where each place's cell starts, for each viewer (its own grid first).
    place_bases = [
        tuple(at["places"] + (i - seat * GRID) % places * _PLACE for i in range(places))
        for seat in range(n)
    ]
    # A place's one-hot index in its cell, by (card, face up): the value, face down or
    # removed.
    cell_index = {
        (card, up): _V + 1 if card is None else card + 1 if up else _V
        for card in (None, *CARD_VALUES)
        for up in (False, True)
    }
    cell_of = cell_index.__getitem__
    place_ones = [1] * places
    phase_at = {phase: at["phase"] + k for k, phase in enumerate(_PHASES)}
    current, reveals_left = at["current"], at["reveals_left"]
    deck_count, deck_known, deck_cards = at["deck_count"], at["deck_known"], at["deck_cards"]
    discard_count, discard_top = at["discard_count"], at["discard_top"]
    discard_cards, removed, drawn = at["discard_cards"], at["removed"], at["drawn"]
    knock_queue, knockers, passers = at["knock_queue"], at["knockers"], at["passers"]
    receiver, placed_at, hand = at["receiver"], at["placed"], at["hand"]
    hand_count, ender, last_turns = at["hand_count"], at["ender"], at["last_turns"]
    turns, round_at, totals_at = at["turns"], at["round"], at["totals"]
    # One-entry caches by identity (the state's tuples are shared while unchanged; an
    # entry keeps its tuples, so their ids cannot be reused).
    last_cells: list[Any] = [None]
    last_places: list[Any] = [None] * n
    last_scores: list[Any] = [None]
    indices = range(places)

    def cells_of(cards: tuple[int | None, ...], face_up: tuple[bool, ...]) -> list[int]:
        # Each place's index in its cell; worked out again only where a card changed.
        entry = last_cells[0]
        if entry is None or len(entry[2]) != len(cards):
            cells = list(map(cell_of, zip(cards, face_up, strict=True)))
        elif entry[0] is cards and entry[1] is face_up:
            return entry[2]  # type: ignore[no-any-return]
        else:
            old_cards, old_up, cells = entry
            cells = cells.copy()
            for i in compress(indices, map(ne, cards, old_cards)):
                cells[i] = cell_of((cards[i], face_up[i]))
            for i in compress(indices, map(ne, face_up, old_up)):
                cells[i] = cell_of((cards[i], face_up[i]))
        last_cells[0] = (cards, face_up, cells)
        return cells

    last_counts: dict[int, Any] = {}

    def counts(pos: list[int], val: list[int], base: int, cards: tuple[int, ...]) -> None:
        # The count of each value in ``cards`` at ``base`` (cached while ``cards`` is).
        entry = last_counts.get(base)
        if entry is None or entry[0] is not cards:
            tally: dict[int, int] = {}
            for card in cards:
                tally[card] = tally.get(card, 0) + 1
            entry = (cards, [base + card + 1 for card in tally], list(tally.values()))
            last_counts[base] = entry
        pos += entry[1]
        val += entry[2]

    def from_state(state: State, seat: int) -> tuple[list[int], list[int]]:
        rel = rels[seat]
        pos = [phase_at[state.phase], current + rel[state.current]]
        val = [1, 1]
        cells = cells_of(state.cards, state.face_up)
        last = last_places[seat]
        if last is not None and last[0] is cells:
            pos += last[1]
        else:
            one_hot = list(map(add, place_bases[seat], cells))
            last_places[seat] = (cells, one_hot)
            pos += one_hot
        val += place_ones
        pos += (reveals_left, deck_count, last_turns, turns, round_at)
        val += (state.reveals_left, len(state.deck), state.last_turns, state.turns, state.round)
        if state.deck_public:
            pos.append(deck_known)
            val.append(1)
            counts(pos, val, deck_cards, state.deck)
        discard = state.discard
        if discard:
            pos.append(discard_count)
            val.append(len(discard))
            pos.append(discard_top + discard[-1] + 1)
            val.append(1)
            counts(pos, val, discard_cards, discard)
        counts(pos, val, removed, state.removed)
        if state.drawn is not None:
            pos.append(drawn + state.drawn + 1)
            val.append(1)
        for base, seats in (
            (knock_queue, state.knock_queue),
            (knockers, state.knockers),
            (passers, state.passers),
        ):
            for s in seats:
                pos.append(base + rel[s])
                val.append(1)
        if state.receiver is not None:
            pos.append(receiver + rel[state.receiver])
            val.append(1)
            if state.hand is not None and state.receiver == seat:
                pos.append(hand + state.hand + 1)
                val.append(1)
        placed = state.placed
        if placed is not None:
            pos.append(placed_at + rel[placed.owner] * GRID + placed.row * 4 + placed.col)
            val.append(1)
        if state.hand is not None:
            pos.append(hand_count)
            val.append(1)
        if state.ender is not None:
            pos.append(ender + rel[state.ender])
            val.append(1)
        scores = state.scores
        if scores:
            entry = last_scores[0]
            if entry is None or entry[0] is not scores:
                entry = (scores, [sum(column) for column in zip(*scores, strict=True)])
                last_scores[0] = entry
            totals = entry[1]
            pos += range(totals_at, totals_at + n)
            val += [totals[s] for s in orders[seat]]
        return pos, val

    return from_state


_fastobs.register(_encode, _view, _from_state_factory)


@lru_cache(maxsize=8)
def _observation(players: int) -> Observation[View]:
    layout = _layout(players)
    return Observation(shape=(sum(k for _, k in layout),), encode=_encode, layout=layout)


def observation(rules: Rules) -> Observation[View]:
    """
    The fixed-shape encoding of a view under ``rules``: ``94 + 199 * players`` floats,
    named in ``layout`` (the Allegra docs page describes each). Only the player count
    changes the shape.

    Raises:
        RulesError: if ``rules`` is not an Allegra ``Rules``.

    >>> from cardrules import allegra
    >>> obs = allegra.observation(allegra.Rules(players=2))
    >>> obs.shape, obs.layout[3]
    ((492,), ('places', 360))
    """
    if type(rules) is not Rules:
        raise RulesError(f"expected an Allegra Rules, not {rules!r}")
    return _observation(rules.players)
