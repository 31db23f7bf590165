"""
The observation of Biggenbende (``observation``): a fixed-shape list of floats from a
``View``, seats relative to the viewer (the viewer first, then the others in seat order
from its next, whatever the direction). Counts are raw card or chip counts.
"""

from __future__ import annotations

import struct
from functools import lru_cache
from itertools import product
from operator import itemgetter
from typing import Any

import attrs

from cardrules import _fastobs
from cardrules.biggenbende._cards import EMPTY
from cardrules.biggenbende._state import ROW_SIZE, VALUES, Rules, State, View
from cardrules.biggenbende._text import _cards
from cardrules.biggenbende._view import view as _view
from cardrules.errors import RulesError
from cardrules.game import Observation, ObservationSplit

__all__ = ["observation"]

_PHASES = ("choose", "play", "over")


def _layout(n: int) -> tuple[tuple[str, int], ...]:
    return (
        ("phase", len(_PHASES)),
        ("turn", n),
        ("direction", 1),
        ("hand", VALUES),
        ("hand_counts", n),
        ("face_up", n * VALUES),
        ("face_down", n * ROW_SIZE),
        ("draw_count", 1),
        ("discard_count", 1),
        ("discard_top", VALUES),
        ("discard_top_run", 1),
        ("discard_cards", VALUES),
        ("removed", VALUES),
        ("places", n),
        ("round", 1),
        ("moves", 1),
        ("chips", n),
        ("supply", 1),
    )


def _one_hot(index: int | None, size: int) -> list[float]:
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


def _encode(view: View) -> list[float]:
    n = view.rules.players
    seat = view.seat
    order = [(seat + k) % n for k in range(n)]
    rel = {s: k for k, s in enumerate(order)}
    out = _one_hot(_PHASES.index(view.phase), len(_PHASES))
    out += _one_hot(None if view.turn is None else rel[view.turn], n)
    out.append(float(view.direction))
    out += [float(c) for c in view.hand]
    out += [float(view.hand_counts[s]) for s in order]
    for s in order:
        out += [float(c) for c in view.face_up[s]]
    for s in order:
        out += [1.0 if c else 0.0 for c in view.face_down[s]]
    out.append(float(view.draw_count))
    discard = view.discard
    out.append(float(len(discard)))
    out += _one_hot(discard[-1] if discard else None, VALUES)
    run = 0
    for card in reversed(discard):
        if card != discard[-1]:
            break
        run += 1
    out.append(float(run))
    pile = [0.0] * VALUES
    for card in discard:
        pile[card] += 1.0
    out += pile
    out += [float(c) for c in view.removed]
    place = [0.0] * n  # 1 for the first out, 2 for the second, ...
    for k, s in enumerate(view.places):
        place[rel[s]] = float(k + 1)
    out += place
    out += [float(view.round), float(view.moves)]
    out += [float(view.chips[s]) for s in order]
    out.append(float(view.supply))
    return out


def _from_state_factory(rules: Rules) -> _fastobs.Packed:
    # ``_encode(view(state, seat))`` without the View, as float32 bytes: the encoding is
    # cut into parts that are packed once and kept while the state's tuples they come
    # from stay the same objects (most do from one move to the next), then joined
    # (tests/test_rl.py compares the two on random states). Every cache that compares
    # a tuple by identity keeps it, so its id cannot be reused.
    n = rules.players
    orders = [tuple((seat + k) % n for k in range(n)) for seat in range(n)]
    rels = [tuple((s - seat) % n for s in range(n)) for seat in range(n)]
    getters = [itemgetter(*order) for order in orders]  # the seats' items, viewer first
    one = struct.Struct("f").pack
    seats = struct.Struct(f"{n}f").pack
    values = struct.Struct(f"{VALUES}f").pack
    hand_counts = struct.Struct(f"{VALUES + n}f").pack  # hand, hand_counts
    join = bytearray().join
    # Which positions of a face-down row still hold a card, for every possible row.
    present = {
        row: struct.pack(f"{ROW_SIZE}f", *(card is not None for card in row))
        for row in product((None, *range(VALUES)), repeat=ROW_SIZE)
    }
    # phase, turn and direction, by (phase, turn, direction) for each viewer.
    heads: list[dict[tuple[str, int | None, int], bytes]] = [{} for _ in range(n)]

    def head(seat: int, key: tuple[str, int | None, int]) -> bytes:
        phase, turn, direction = key
        hot = [0] * (len(_PHASES) + n)
        hot[_PHASES.index(phase)] = 1
        if turn is not None:
            hot[len(_PHASES) + rels[seat][turn]] = 1
        part = heads[seat][key] = struct.pack(f"{len(hot) + 1}f", *hot, direction)
        return part

    # face_up and face_down of every seat in seat order, kept in two buffers that
    # follow the state (packed again only for the seats whose tuple changed); a viewer
    # sees each turned so that its own seat comes first: two slices of each.
    up_size, down_size = 4 * VALUES, 4 * ROW_SIZE
    ups, downs = bytearray(n * up_size), bytearray(n * down_size)
    up_view, down_view = memoryview(ups), memoryview(downs)
    up_slices = [(up_view[seat * up_size :], up_view[: seat * up_size]) for seat in range(n)]
    down_slices = [
        (down_view[seat * down_size :], down_view[: seat * down_size]) for seat in range(n)
    ]
    boards = [up_slices[seat] + down_slices[seat] for seat in range(n)]
    shown: list[Any] = [None, None]  # the face_up and face_down tuples in the buffers
    hidden = values(*EMPTY)

    def follow(face_up: Any, face_down: Any) -> None:
        old_up, old_down = shown
        for s in range(n):
            if old_up is None or face_up[s] is not old_up[s]:
                ups[s * up_size : (s + 1) * up_size] = values(*face_up[s])
            if old_down is None or face_down[s] is not old_down[s]:
                downs[s * down_size : (s + 1) * down_size] = present[face_down[s]]
        shown[0], shown[1] = face_up, face_down

    # discard_count, discard_top, discard_top_run and discard_cards: the pile last met,
    # its part and its tally (a play adds cards on top: the tally follows).
    pile_numbers = struct.Struct(f"{2 * VALUES + 2}f").pack
    value_hot = [tuple(1 if k == i else 0 for k in range(VALUES)) for i in range(VALUES)]
    last_pile: list[Any] = [(), pile_numbers(0, *EMPTY, 0, *EMPTY), [0] * VALUES]

    piles: dict[tuple[int, ...], tuple[bytes, list[int]]] = {}  # by pile: part, tally

    def pile_part(discard: tuple[int, ...]) -> None:
        # A pile not met lately (piles come again: they are short, and are remembered by
        # value, a bounded number of them).
        old = last_pile[0]
        if len(discard) > len(old) and discard[: len(old)] == old:
            tally = last_pile[2].copy()
            for card in discard[len(old) :]:
                tally[card] += 1
        else:
            tally = [0] * VALUES
            for card in discard:
                tally[card] += 1
        if discard:
            top = discard[-1]
            run = 0
            for card in reversed(discard):
                if card != top:
                    break
                run += 1
            part = pile_numbers(len(discard), *value_hot[top], run, *tally)
        else:
            part = pile_numbers(0, *EMPTY, 0, *EMPTY)
        if len(piles) >= 4096:
            piles.clear()
        piles[discard] = (part, tally)
        last_pile[0], last_pile[1], last_pile[2] = discard, part, tally

    last_removed: list[Any] = [None, b""]  # removed and its part
    # places and round; chips and supply: a one-entry cache a viewer for each.
    placings: list[tuple[Any, ...]] = [(None, None, b"")] * n
    holdings: list[tuple[Any, ...]] = [(None, None, b"")] * n

    def placing(state: State, seat: int) -> tuple[Any, ...]:
        place = [0] * n  # 1 for the first out, 2 for the second, ...
        rel = rels[seat]
        for k, s in enumerate(state.places):
            place[rel[s]] = k + 1
        entry = placings[seat] = (state.places, state.round, seats(*place) + one(state.round))
        return entry

    def holding(state: State, seat: int) -> tuple[Any, ...]:
        part = seats(*getters[seat](state.chips)) + one(state.supply)
        entry = holdings[seat] = (state.chips, state.supply, part)
        return entry

    # hand_counts: every hand's size, in seat order, by the hand tuple last summed (a
    # move changes one or two hands; the others stay the same objects).
    summed: list[Any] = [None] * n
    sizes = [0] * n

    def from_state(state: State, seat: int) -> bytearray:
        hands = state.hands
        phase = state.phase
        key = (phase, state.turn, state.direction)
        top = heads[seat].get(key) or head(seat, key)
        face_up = state.face_up
        if shown[0] is not face_up or shown[1] is not state.face_down:
            follow(face_up, state.face_down)
        if phase == "choose":  # BB-4, BB-21: others' choices stay hidden
            hand = hand_counts(
                *hands[seat],
                *[sum(hands[s]) + (0 if s == seat else sum(face_up[s])) for s in orders[seat]],
            )
            board: tuple[bytes | memoryview, ...] = (
                values(*face_up[seat]) + hidden * (n - 1),
                *down_slices[seat],
            )
        else:
            for s, counted in enumerate(hands):
                if counted is not summed[s]:
                    summed[s], sizes[s] = counted, sum(counted)
            hand = hand_counts(*hands[seat], *getters[seat](sizes))
            board = boards[seat]
        discard = state.discard
        if last_pile[0] is not discard:
            known = piles.get(discard)
            if known is None:
                pile_part(discard)
            else:
                last_pile[0], last_pile[1], last_pile[2] = discard, known[0], known[1]
        if last_removed[0] is not state.removed:
            last_removed[0], last_removed[1] = state.removed, values(*state.removed)
        placed = placings[seat]
        if placed[0] is not state.places or placed[1] != state.round:
            placed = placing(state, seat)
        held = holdings[seat]
        if held[0] is not state.chips or held[1] != state.supply:
            held = holding(state, seat)
        return join(
            (
                top,
                hand,
                *board,
                one(len(state.draw)),
                last_pile[1],
                last_removed[1],
                placed[2],
                one(state.moves),
                held[2],
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
    The fixed-shape encoding of a view under ``rules``: one flat vector whose parts are
    named in ``layout`` (the Biggenbende docs page describes each). Only the player count
    changes the shape: ``62 + 20 * players`` floats, 122 for 3 players.

    Raises:
        RulesError: if ``rules`` is not a Biggenbende ``Rules``.

    >>> from cardrules import biggenbende as bb
    >>> obs = bb.observation(bb.Rules(players=3))
    >>> obs.shape, obs.layout[0]
    ((122,), ('phase', 3))
    >>> len(obs.encode(bb.view(bb.new_game(bb.Rules(players=3), seed=1), 0)))
    122
    """
    if type(rules) is not Rules:
        raise RulesError(f"expected a Biggenbende Rules, not {rules!r}")
    return _observation(rules.players)


def _public(state: State) -> View:
    # What every seat sees alike: seat 0's view without its hand. While seats choose,
    # every choice is hidden until laid (BB-4, BB-21).
    seen = _view(state, 0)
    if state.phase == "choose":
        return attrs.evolve(
            seen,
            hand=EMPTY,
            face_up=(EMPTY,) * len(state.hands),
            hand_counts=tuple(
                sum(h) + sum(u) for h, u in zip(state.hands, state.face_up, strict=True)
            ),
        )
    return attrs.evolve(seen, hand=EMPTY)


def _private(state: State, seat: int) -> list[float]:
    # The hand's counts, then the seat's own face-up choice while it is hidden.
    chosen = state.face_up[seat] if state.phase == "choose" else EMPTY
    return [float(n) for n in (*state.hands[seat], *chosen)]


def _private_text(state: State, seat: int) -> str:
    text = f"seat {seat}: hand {_cards(state.hands[seat])}"
    if state.phase == "choose":
        text += f" | chosen face up {_cards(state.face_up[seat])}"
    return text


SPLIT = ObservationSplit(_public, lambda rules: 2 * len(EMPTY), _private, _private_text)
"""The hand (and a hidden face-up choice) is private; the rest of the view public."""
