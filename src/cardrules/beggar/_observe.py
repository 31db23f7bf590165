"""
The observation of Beggar-my-neighbour (``observation``): a fixed-shape list of floats
from a ``View``, seats relative to the viewer (the viewer first, then the others in
seat order from its next).
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import Any

from cardrules import _fastobs
from cardrules.beggar._state import RANKS, Rules, State, View
from cardrules.beggar._view import view as _view
from cardrules.errors import RulesError
from cardrules.game import Observation

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


def _from_state_factory(rules: Rules) -> _fastobs.FromState:
    # ``_encode(view(state, seat))`` without the View: one flat list (tests/test_rl.py
    # compares the two on random states).
    n = rules.players
    orders = [tuple((seat + k) % n for k in range(n)) for seat in range(n)]
    rels = [tuple((s - seat) % n for s in range(n)) for seat in range(n)]
    seat_hot = [tuple(1 if k == i else 0 for k in range(n)) for i in range(n)]
    no_seat = (0,) * n
    getters = [itemgetter(*order) for order in orders]  # the seats' items, viewer first
    rank_hot = {rank: tuple(1 if r == rank else 0 for r in RANKS) for rank in RANKS}
    no_rank = (0,) * len(RANKS)
    rank_index = _RANK_INDEX

    def from_state(state: State, seat: int) -> tuple[None, list[Any]]:
        rel = rels[seat]
        stacks, out_, pile = state.stacks, state.out, state.pile
        ended = state.ended
        turn = None if ended is not None else state.turn  # to_move (BM-7)
        penalty = state.penalty_seat
        get = getters[seat]
        out: list[Any] = list(map(len, get(stacks)))
        out += get(out_)
        out += no_seat if turn is None else seat_hot[rel[turn]]
        out += no_seat if penalty is None else seat_hot[rel[penalty]]
        out.append(state.owed)
        out.append(len(pile))
        if pile:
            out += rank_hot[pile[-1].rank]
            ranks = [0] * len(RANKS)
            for card in pile:
                ranks[rank_index[card.rank]] += 1
            out += ranks
        else:
            out += no_rank
            out += no_rank
        out += (state.cards, state.tricks, ended is not None)
        return None, out

    return from_state


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
