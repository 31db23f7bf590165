"""
The observation of Biggenbende (``observation``): a fixed-shape list of floats from a
``View``, seats relative to the viewer (the viewer first, then the others in seat order
from its next, whatever the direction). Counts are raw card or chip counts.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain, product
from operator import itemgetter
from typing import Any

from cardrules import _fastobs
from cardrules.biggenbende._cards import EMPTY
from cardrules.biggenbende._state import ROW_SIZE, VALUES, Rules, State, View
from cardrules.biggenbende._view import view as _view
from cardrules.errors import RulesError
from cardrules.game import Observation

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


def _from_state_factory(rules: Rules) -> _fastobs.FromState:
    # ``_encode(view(state, seat))`` without the View: one flat list, built by unpacking
    # tuples (tests/test_rl.py compares the two on random states).
    n = rules.players
    orders = [tuple((seat + k) % n for k in range(n)) for seat in range(n)]
    rels = [tuple((s - seat) % n for s in range(n)) for seat in range(n)]
    phase_hot = {
        phase: tuple(1 if k == i else 0 for k in range(len(_PHASES)))
        for i, phase in enumerate(_PHASES)
    }
    seat_hot = [tuple(1 if k == i else 0 for k in range(n)) for i in range(n)]
    no_seat = (0,) * n
    value_hot = [tuple(1 if k == i else 0 for k in range(VALUES)) for i in range(VALUES)]
    no_value = (0,) * VALUES
    zero_places = [0] * n
    getters = [itemgetter(*order) for order in orders]  # the seats' items, viewer first
    # Which positions of a face-down row still hold a card, for every possible row.
    present = {
        row: tuple(card is not None for card in row)
        for row in product((None, *range(VALUES)), repeat=ROW_SIZE)
    }.__getitem__

    piles: dict[tuple[int, ...], tuple[int, ...]] = {}

    def pile_part(discard: tuple[int, ...]) -> tuple[int, ...]:
        # discard_count, discard_top, discard_top_run and discard_cards of a discard
        # pile; piles are short and come again, so they are remembered (a bounded
        # number of them).
        part = piles.get(discard)
        if part is None:
            if discard:
                top = discard[-1]
                run = 0
                for card in reversed(discard):
                    if card != top:
                        break
                    run += 1
                tally = [0] * VALUES
                for card in discard:
                    tally[card] += 1
                part = (len(discard), *value_hot[top], run, *tally)
            else:
                part = (0, *no_value, 0, *no_value)
            if len(piles) >= 4096:
                piles.clear()
            piles[discard] = part
        return part

    def from_state(state: State, seat: int) -> tuple[None, list[Any]]:
        rel, get = rels[seat], getters[seat]
        hands = state.hands
        turn = state.turn
        if state.places:
            place = zero_places.copy()
            for k, s in enumerate(state.places):
                place[rel[s]] = k + 1
        else:
            place = zero_places
        if state.phase == "choose":  # BB-4, BB-21: others' choices stay hidden
            face_up = state.face_up
            counts = [sum(hands[s]) + (0 if s == seat else sum(face_up[s])) for s in orders[seat]]
            shown = chain.from_iterable(face_up[s] if s == seat else EMPTY for s in orders[seat])
        else:
            counts = map(sum, get(hands))  # type: ignore[assignment]
            shown = chain.from_iterable(get(state.face_up))
        return None, [
            *phase_hot[state.phase],
            *(no_seat if turn is None else seat_hot[rel[turn]]),
            state.direction,
            *hands[seat],
            *counts,
            *shown,
            *chain.from_iterable(map(present, get(state.face_down))),
            len(state.draw),
            *pile_part(state.discard),
            *state.removed,
            *place,
            state.round,
            state.moves,
            *get(state.chips),
            state.supply,
        ]

    return from_state


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
