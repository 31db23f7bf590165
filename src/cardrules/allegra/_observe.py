"""
The observation of Allegra (``observation``): a fixed-shape list of floats from a
``View``, seats relative to the viewer (the viewer first, then the others in seat order
from its next). Places follow the same order: the viewer's grid first, row-major.
"""

from __future__ import annotations

from functools import lru_cache

from cardrules.allegra._geometry import GRID
from cardrules.allegra._state import CARD_VALUES, Rules, View
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
