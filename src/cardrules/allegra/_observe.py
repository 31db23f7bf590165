"""
The observation of Allegra (``observation``): a fixed-shape list of floats from a
``View``, seats relative to the viewer (the viewer first, then the others in seat order
from its next). Places follow the same order: the viewer's grid first, row-major.
"""

from __future__ import annotations

import struct
from functools import lru_cache
from itertools import compress
from operator import is_not
from typing import Any

import attrs

from cardrules import _fastobs
from cardrules.allegra._geometry import GRID
from cardrules.allegra._state import CARD_VALUES, Rules, State, View
from cardrules.allegra._view import view as _view
from cardrules.errors import RulesError
from cardrules.game import Observation, ObservationSplit

__all__ = ["observation"]

_PHASES = ("reveal", "turn", "knock", "give", "place", "exchange", "drawn", "over")
_V = len(CARD_VALUES)
_PLACE = _V + 2  # a face-up value, face down, removed
_PILES_KEPT = 1024  # discard parts an encoder keeps by the pile
_MIDDLES_KEPT = 1024  # middle parts an encoder keeps a viewer


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


def _packed(numbers: list[int]) -> bytes:
    return struct.pack(f"{len(numbers)}f", *numbers)


def _hot(index: int | None, size: int) -> list[int]:
    out = [0] * size
    if index is not None:
        out[index] = 1
    return out


def _tally(cards: tuple[int, ...]) -> list[int]:
    out = [0] * _V
    for card in cards:
        out[card + 1] += 1
    return out


def _from_state_factory(rules: Rules) -> _fastobs.Packed:
    # ``_encode(view(state, seat))`` without the View, as float32 bytes: the encoding is
    # cut into parts that are packed once and remembered while the state's tuples they
    # come from stay the same objects (most do from one move to the next), then joined
    # (tests/test_rl.py compares the two on random states). Every one-entry cache keeps
    # the tuples it compares by identity, so their ids cannot be reused.
    n = rules.players
    places = n * GRID
    rels = [tuple((s - seat) % n for s in range(n)) for seat in range(n)]
    orders = [tuple((seat + k) % n for k in range(n)) for seat in range(n)]

    # places: one cell of _PLACE numbers a place, in seat order, kept in a buffer that
    # follows the state's cards (each viewer sees it turned so that its grid comes
    # first: two slices of it).
    cell_size = 4 * _PLACE
    # The cell of a card face up, and face down (None: a removed place, either way).
    up_cells = {
        card: _packed(_hot(_V + 1 if card is None else card + 1, _PLACE))
        for card in (None, *CARD_VALUES)
    }
    down_cells = {card: _packed(_hot(_V + 1 if card is None else _V, _PLACE)) for card in up_cells}
    board = bytearray(places * cell_size)
    board_view = memoryview(board)
    firsts = [board_view[seat * GRID * cell_size :] for seat in range(n)]
    seconds = [board_view[: seat * GRID * cell_size] for seat in range(n)]
    shown_cards: Any = None  # the cards and face_up the board shows
    shown_up: Any = None
    indices = range(places)

    spans = [slice(i * cell_size, (i + 1) * cell_size) for i in indices]

    # phase, current and reveals_left, by (phase, current, reveals_left), a dict a viewer.
    heads: list[dict[tuple[str, int, int], bytes]] = [{} for _ in range(n)]

    def head(seat: int, key: tuple[str, int, int]) -> bytes:
        phase, current, reveals_left = key
        numbers = _hot(_PHASES.index(phase), len(_PHASES))
        numbers += _hot(rels[seat][current], n)
        numbers.append(reveals_left)
        part = heads[seat][key] = _packed(numbers)
        return part

    one = struct.Struct("f").pack
    hidden_deck = _packed([0] * (1 + _V))  # deck_known, deck_cards
    no_discard = _packed([0] * (1 + 2 * _V))  # discard_count, discard_top, discard_cards
    drawns = {
        card: _packed(_hot(None if card is None else card + 1, _V))
        for card in (None, *CARD_VALUES)
    }
    placeds = [_packed(_hot(None, places))] + [_packed(_hot(i, places)) for i in range(places)]
    no_hand = _packed([0] * (_V + 1))  # hand, hand_count
    hands = {card: _packed([*_hot(card + 1, _V), 1]) for card in CARD_VALUES}
    unseen_hand = _packed([0] * _V + [1])
    # knock_queue, knockers, passers and receiver, by those fields, a dict a viewer.
    knocks: list[dict[tuple[Any, ...], bytes]] = [{} for _ in range(n)]

    def knock(seat: int, key: tuple[Any, ...]) -> bytes:
        rel = rels[seat]
        numbers: list[int] = []
        for seats in key[:3]:
            hot = [0] * n
            for s in seats:
                hot[rel[s]] = 1
            numbers += hot
        numbers += _hot(None if key[3] is None else rel[key[3]], n)
        if len(knocks[seat]) >= 4096:
            knocks[seat].clear()
        part = knocks[seat][key] = _packed(numbers)
        return part

    join = bytearray().join
    # discard_count, discard_top and discard_cards: a buffer that follows the discard
    # pile last met, kept with the pile under its top card and the pile's tally. A move
    # mostly replaces the top card or adds one: one slice of the pile tells which, and
    # then only the numbers that changed are packed again.
    discard_buffer = bytearray(no_discard)
    pile: tuple[int, ...] = ()
    pile_under: tuple[int, ...] = ()
    pile_tally = [0] * _V
    pack_discard = struct.Struct(f"{1 + 2 * _V}f").pack
    pack_one_into = struct.Struct("f").pack_into
    top_hots = {card: _hot(card + 1, _V) for card in CARD_VALUES}
    tops = {card: _packed(hot) for card, hot in top_hots.items()}
    top_span = slice(4, 4 + 4 * _V)
    tally_at = 4 * (1 + _V)  # the offset of discard_cards in the buffer

    # The parts of the piles met (the pile is short: a few cards are common), and the
    # pile the encoding shows now.
    discard_parts: dict[tuple[int, ...], bytes] = {}
    shown_pile: Any = None
    pile_bytes = no_discard

    def discard_part(discard: tuple[int, ...]) -> None:
        nonlocal pile, pile_under, pile_tally
        if not discard:
            discard_buffer[:] = no_discard
            pile, pile_under, pile_tally = discard, (), [0] * _V
            return
        tally = pile_tally
        under, top = discard[:-1], discard[-1] + 1
        if len(discard) == len(pile) and under == pile_under:  # the top replaced
            gone = pile[-1] + 1
            tally[gone] -= 1
            pack_one_into(discard_buffer, tally_at + 4 * gone, tally[gone])
            tally[top] += 1
            pack_one_into(discard_buffer, tally_at + 4 * top, tally[top])
            discard_buffer[top_span] = tops[discard[-1]]
        elif under == pile:  # one more card
            tally[top] += 1
            pack_one_into(discard_buffer, tally_at + 4 * top, tally[top])
            pack_one_into(discard_buffer, 0, len(discard))
            discard_buffer[top_span] = tops[discard[-1]]
        else:
            tally = pile_tally = _tally(discard)
            discard_buffer[:] = pack_discard(len(discard), *top_hots[discard[-1]], *tally)
        pile, pile_under = discard, under

    # deck_count, deck_known and deck_cards: by the deck and whether it is public.
    shown_deck: Any = None
    shown_public: Any = None
    deck_bytes = b""

    def deck_part(deck: tuple[int, ...], public: bool) -> None:
        nonlocal shown_deck, shown_public, deck_bytes
        deck_bytes = one(len(deck)) + (_packed([1, *_tally(deck)]) if public else hidden_deck)
        shown_deck, shown_public = deck, public

    # removed: kept while the state's tuple stays the same (it changes with a triple,
    # AL-8), and by value (a bounded dict) for the tuples met before.
    removeds: dict[tuple[int, ...], bytes] = {}
    shown_removed: Any = None
    removed_bytes = b""

    # drawn, knock_queue, knockers, passers, receiver, placed, hand and hand_count: one
    # entry a viewer, checked by identity (a mismatch only looks again), and a dict a
    # viewer by those fields (the knock window brings the same few back again and again).
    middles: list[tuple[Any, ...]] = [(None,) * 8] * n
    mids: list[dict[tuple[Any, ...], tuple[Any, ...]]] = [{} for _ in range(n)]

    def removed_part(removed: tuple[int, ...]) -> bytes:
        if len(removeds) >= 256:
            removeds.clear()
        part = removeds[removed] = _packed(_tally(removed))
        return part

    def middle(state: State, seat: int) -> tuple[Any, ...]:
        placed, hand = state.placed, state.hand
        receiver = state.receiver
        key = (
            state.drawn,
            state.knock_queue,
            state.knockers,
            state.passers,
            receiver,
            placed,
            hand,
        )
        entry = mids[seat].get(key)
        if entry is not None:
            middles[seat] = entry
            return entry
        knock_key = key[1:5]
        if hand is None:
            hand_part = no_hand
        elif receiver == seat:
            hand_part = hands[hand]
        else:
            hand_part = unseen_hand
        part = b"".join(
            (
                drawns[state.drawn],
                knocks[seat].get(knock_key) or knock(seat, knock_key),
                placeds[
                    0
                    if placed is None
                    else 1 + rels[seat][placed.owner] * GRID + placed.row * 4 + placed.col
                ],
                hand_part,
            )
        )
        entry = middles[seat] = (*key, part)
        if len(mids[seat]) >= _MIDDLES_KEPT:
            mids[seat].clear()
        mids[seat][key] = entry
        return entry

    # ender by viewer; last_turns, turns and round; totals by viewer (kept while the
    # scores are the same tuple).
    enders = [
        {
            ender: _packed(_hot(None if ender is None else rels[seat][ender], n))
            for ender in (None, *range(n))
        }
        for seat in range(n)
    ]
    pack_counts = struct.Struct("3f").pack
    shown_scores: Any = None
    totals_bytes = [b""] * n

    def totals_parts(scores: tuple[tuple[int, ...], ...]) -> None:
        nonlocal shown_scores, totals_bytes
        totals = [sum(column) for column in zip(*scores, strict=True)] if scores else [0] * n
        totals_bytes = [_packed([totals[s] for s in orders[seat]]) for seat in range(n)]
        shown_scores = scores

    def from_state(state: State, seat: int) -> bytearray:
        nonlocal shown_cards, shown_up, shown_pile, pile_bytes, shown_removed, removed_bytes
        top = heads[seat].get((state.phase, state.current, state.reveals_left))
        if top is None:
            top = head(seat, (state.phase, state.current, state.reveals_left))
        cards, face_up = state.cards, state.face_up
        if shown_cards is not cards or shown_up is not face_up:
            # The board packs again only the places whose card or side changed. The
            # cards are small ints or None and the sides bools, objects Python shares:
            # an item that is the same object did not change (a new object of the same
            # value packs the same cell again), and identity is the cheapest comparison.
            if shown_cards is None:
                changed: Any = indices
            else:
                changed = ()
                if cards is not shown_cards:
                    changed = compress(indices, map(is_not, cards, shown_cards))
                if face_up is not shown_up and face_up != shown_up:  # often a new, equal tuple
                    changed = list(changed)
                    # Mostly the card that changed was turned up too: the rest is the same.
                    k = changed[0] if len(changed) == 1 else -1
                    if not (
                        k >= 0
                        and face_up[:k] == shown_up[:k]
                        and face_up[k + 1 :] == shown_up[k + 1 :]
                    ):
                        changed += compress(indices, map(is_not, face_up, shown_up))
            for i in changed:
                board[spans[i]] = (up_cells if face_up[i] else down_cells)[cards[i]]
            shown_cards, shown_up = cards, face_up
        deck = state.deck
        if shown_deck is not deck or shown_public is not state.deck_public:
            deck_part(deck, state.deck_public)
        discard = state.discard
        if shown_pile is not discard:  # a pile met before, or else the buffer follows it
            part = discard_parts.get(discard)
            if part is None:
                discard_part(discard)
                part = bytes(discard_buffer)
                if len(discard_parts) >= _PILES_KEPT:
                    discard_parts.clear()
                discard_parts[discard] = part
            shown_pile, pile_bytes = discard, part
        removed = state.removed
        if shown_removed is not removed:
            removed_bytes = removeds.get(removed) or removed_part(removed)
            shown_removed = removed
        mid = middles[seat]
        if (
            mid[0] is not state.drawn
            or mid[1] is not state.knock_queue
            or mid[2] is not state.knockers
            or mid[3] is not state.passers
            or mid[4] is not state.receiver
            or mid[5] is not state.placed
            or mid[6] is not state.hand
        ):
            mid = middle(state, seat)
        scores = state.scores
        if shown_scores is not scores:
            totals_parts(scores)
        return join(
            (
                top,
                firsts[seat],
                seconds[seat],
                deck_bytes,
                pile_bytes,
                removed_bytes,
                mid[7],
                enders[seat][state.ender],
                pack_counts(state.last_turns, state.turns, state.round),
                totals_bytes[seat],
            )
        )

    return _fastobs.Packed(from_state)


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


def _public(state: State) -> View:
    return attrs.evolve(_view(state, 0), hand=None)  # AL-14: the knocker's card in hand


def _private(state: State, seat: int) -> list[float]:
    out = [0.0] * _V
    if state.hand is not None and state.receiver == seat:
        out[state.hand + 1] = 1.0  # as the observation's "hand" block
    return out


def _private_text(state: State, seat: int) -> str:
    held = state.hand is not None and state.receiver == seat
    return f"seat {seat}: card in hand {state.hand if held else '-'}"


SPLIT = ObservationSplit(_public, lambda rules: _V, _private, _private_text)
"""The card a knocker holds is private to the seat receiving it; the rest is public."""
