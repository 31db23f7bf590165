"""
The observation of Beggar-my-neighbour (``observation``): a fixed-shape list of floats
from a ``View``, seats relative to the viewer (the viewer first, then the others in
seat order from its next).
"""

from __future__ import annotations

import struct
from functools import lru_cache
from operator import itemgetter
from typing import Any

from cardrules import _fastobs
from cardrules.beggar._state import RANKS, Rules, State, View
from cardrules.beggar._view import view as _view
from cardrules.errors import RulesError
from cardrules.game import Observation, ObservationSplit

__all__ = ["observation"]

_RANK_INDEX = {rank: k for k, rank in enumerate(RANKS)}


def _layout(n: int) -> tuple[tuple[str, int], ...]:
    return (
        ("stack_sizes", n),
        ("out", n),
        ("turn", n),
        ("penalty_seat", n),
        ("owed", 1),
        ("pile_size", 1),
        ("pile_top", len(RANKS)),
        ("pile_ranks", len(RANKS)),
        ("cards", 1),
        ("tricks", 1),
        ("over", 1),
    )


def _one_hot(index: int | None, size: int) -> list[float]:
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


def _encode(view: View) -> list[float]:
    n = view.rules.players
    order = [(view.seat + k) % n for k in range(n)]
    rel = {s: k for k, s in enumerate(order)}
    out = [float(view.stack_sizes[s]) for s in order]
    out += [1.0 if view.out[s] else 0.0 for s in order]
    out += _one_hot(None if view.turn is None else rel[view.turn], n)
    out += _one_hot(None if view.penalty_seat is None else rel[view.penalty_seat], n)
    out.append(float(view.owed))
    pile = view.pile
    out.append(float(len(pile)))
    out += _one_hot(_RANK_INDEX[pile[-1].rank] if pile else None, len(RANKS))
    ranks = [0.0] * len(RANKS)
    for card in pile:
        ranks[_RANK_INDEX[card.rank]] += 1.0
    out += ranks
    out += [float(view.cards), float(view.tricks), 0.0 if view.ended is None else 1.0]
    return out


def _from_state_factory(rules: Rules) -> _fastobs.Packed:
    # ``_encode(view(state, seat))`` without the View, as float32 bytes (tests/test_rl.py
    # compares the two on states in play order and in any order). Packing ints into
    # floats is the cost: the parts that stay put are packed once and kept, and the
    # pile's part is a buffer that follows the pile a card at a time.
    n = rules.players
    orders = [tuple((seat + k) % n for k in range(n)) for seat in range(n)]
    rels = [tuple((s - seat) % n for s in range(n)) for seat in range(n)]
    getters = [itemgetter(*order) for order in orders]  # the seats' items, viewer first
    ranks = len(RANKS)
    sizes = struct.Struct(f"{n}f").pack  # stack_sizes
    tail = struct.Struct("3f").pack  # cards, tricks, over
    join = bytearray().join

    # out, turn, penalty_seat and owed: by (out, turn, penalty_seat, owed), a dict a viewer
    # (a few of them come again and again).
    middles: list[dict[tuple[Any, ...], bytes]] = [{} for _ in range(n)]

    def middle(seat: int, key: tuple[Any, ...]) -> bytes:
        out_, turn, penalty, owed = key
        rel = rels[seat]
        numbers = [int(out_[s]) for s in orders[seat]]
        hot = [0] * (2 * n)
        if turn is not None:
            hot[rel[turn]] = 1
        if penalty is not None:
            hot[n + rel[penalty]] = 1
        numbers += hot
        numbers.append(owed)
        if len(middles[seat]) >= 4096:  # pragma: no cover - a few dozen keys are met
            middles[seat].clear()
        part = middles[seat][key] = struct.pack(f"{len(numbers)}f", *numbers)
        return part

    # pile_size, pile_top and pile_ranks: a buffer that shows the pile last met, with its
    # tally. A turn adds one card, which changes three of its numbers.
    pack_pile = struct.Struct(f"{1 + 2 * ranks}f").pack
    pack_into = struct.Struct("f").pack_into
    tops = [struct.pack(f"{ranks}f", *(k == rank for k in range(ranks))) for rank in range(ranks)]
    top_span = slice(4, 4 + 4 * ranks)
    tally_at = 4 * (1 + ranks)  # the offset of pile_ranks in the buffer
    rank_index = _RANK_INDEX
    pile_buffer = bytearray(pack_pile(0, *[0] * (2 * ranks)))
    shown: list[Any] = [(), [0] * ranks]  # the pile the buffer shows, and its tally

    def follow(pile: tuple[Any, ...]) -> None:
        shown_pile, tally = shown
        count = len(pile)
        if count == len(shown_pile) + 1 and pile[:-1] == shown_pile:  # one card more
            rank = rank_index[pile[-1].rank]
            tally[rank] += 1
            pack_into(pile_buffer, tally_at + 4 * rank, tally[rank])
            pack_into(pile_buffer, 0, count)
            pile_buffer[top_span] = tops[rank]
        else:
            tally = [0] * ranks
            for card in pile:
                tally[rank_index[card.rank]] += 1
            hot = [0] * ranks
            if pile:
                hot[rank_index[pile[-1].rank]] = 1
            pile_buffer[:] = pack_pile(count, *hot, *tally)
        shown[0], shown[1] = pile, tally

    def from_state(state: State, seat: int) -> bytearray:
        ended = state.ended
        key = (
            state.out,
            None if ended is not None else state.turn,  # to_move (BM-7)
            state.penalty_seat,
            state.owed,
        )
        part = middles[seat].get(key) or middle(seat, key)
        pile = state.pile
        if pile is not shown[0]:
            follow(pile)
        stacks, order = state.stacks, orders[seat]
        if n == 2:  # the default; spelt out, as unpacking a map costs more than the rest
            counts = sizes(len(stacks[order[0]]), len(stacks[order[1]]))
        else:
            counts = sizes(*map(len, getters[seat](stacks)))
        return join(
            (
                counts,
                part,
                pile_buffer,
                tail(state.cards, state.tricks, ended is not None),
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
    The fixed-shape encoding of a view under ``rules``: ``31 + 4 * players`` floats,
    named in ``layout`` (the Beggar-my-neighbour docs page describes each).

    Raises:
        RulesError: if ``rules`` is not a Beggar-my-neighbour ``Rules``.

    >>> from cardrules import beggar
    >>> obs = beggar.observation(beggar.Rules())
    >>> obs.shape, obs.encode(beggar.view(beggar.new_game(seed=1), 0))[:2]
    ((39,), [26.0, 26.0])
    """
    if type(rules) is not Rules:
        raise RulesError(f"expected a Beggar-my-neighbour Rules, not {rules!r}")
    return _observation(rules.players)


def _nothing(state: State, seat: int) -> list[float]:
    return []


SPLIT = ObservationSplit(
    lambda state: _view(state, 0),  # no seat looks into a stack (BM-3, BM-6)
    lambda rules: 0,
    _nothing,
    lambda state, seat: f"seat {seat}: nothing hidden",
)
"""Nothing is private: every seat sees the same."""
