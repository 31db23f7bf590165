"""
Allegra's heuristic for :class:`~cardrules.bots.GreedyBot`: lower the area's sum.

A face-down card counts as the mean of the unseen cards. Take the discard (AL-6b)
when it lowers the sum more than a draw is expected to; swap a drawn card in where
it lowers the sum most (the highest card, or a place that completes a triple, AL-8),
else discard it and turn up a card; knock (AL-7) only for a card of 1 or less that
is lower than our lowest visible card; give the card to a knocker when taking their
lowest card for our highest gains clearly more.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from cardrules.allegra._geometry import TABLES, Window, index
from cardrules.allegra._state import (
    CARD_VALUES,
    Discard,
    Draw,
    Exchange,
    Give,
    Ignore,
    Knock,
    Move,
    Pass,
    Place,
    Swap,
    Take,
    View,
)

__all__ = ["ROLLOUT_DEPTH", "estimate", "heuristic"]

ROLLOUT_DEPTH: int | tuple[int] = (3,)
"""Where :class:`~cardrules.bots.ISMCTSBot` cuts a rollout to score it by
:func:`estimate`: three moves a seat (with six players, a cut after six moves lost to
greedy bots where three a seat beat them clearly)."""

_DRAW_FLOOR = 0.5  # what discarding a drawn card and revealing one is worth

# Per (players, seat): for every place of the seat's area, the lines of AL-8 through
# it that lie in that area (its rows' windows of three and its columns).
_LINES: dict[tuple[int, int], dict[int, tuple[Window, ...]]] = {}


def _lines(players: int, seat: int) -> dict[int, tuple[Window, ...]]:
    key = (players, seat)
    lines = _LINES.get(key)
    if lines is None:
        tables = TABLES[players]
        inside = tables.area_sets[seat]
        lines = {
            i: tuple(w for w in tables.windows_at[i] if inside.issuperset(w))
            for i in tables.areas[seat]
        }
        _LINES[key] = lines
    return lines


class _Mind:
    """What one view tells a greedy player: its area, the lines and the odds."""

    def __init__(self, view: View) -> None:
        self.view = view
        tables = TABLES[view.rules.players]
        self.tables = tables
        # AL-3: area column 0 is the left neighbour's column 3, then the own columns.
        self.area = tables.areas[view.seat]
        self.cards = view.cards
        self.face_down = view.face_down
        self.lines = _lines(view.rules.players, view.seat)
        self._best: tuple[list[tuple[float, int]], dict[int, list[int]]] | None = None
        self._gains: dict[tuple[int, int], float] = {}
        self._total = 0  # how many cards nobody has seen, once the odds are known

    @functools.cached_property
    def odds(self) -> list[tuple[int, float]]:
        """Each value nobody has seen and its chance, for a face-down card or a draw."""
        view = self.view
        # The cards nobody has seen: the deck minus every visible card (AL-14).
        unseen = list(view.rules.deck)
        visible = [c for c in self.cards if c is not None]
        visible += list(view.discard) + list(view.removed)
        if view.drawn is not None:
            visible.append(view.drawn)
        if view.hand is not None:
            visible.append(view.hand)
        for value in visible:
            unseen[value + 1] = max(0, unseen[value + 1] - 1)
        total = sum(unseen)
        self._total = total
        return [(v, c / total) for v, c in zip(CARD_VALUES, unseen, strict=True) if c]

    @functools.cached_property
    def hidden(self) -> float:
        """What a face-down card is worth: the mean of the unseen cards (found lazily,
        since a knock or a pass rarely needs it)."""
        odds = self.odds
        return sum(v * p for v, p in odds) if self._total else 5.0

    def worth(self, place: int) -> float | None:
        """A place's value to the score: face up its card, face down the odds."""
        card = self.cards[place]
        if card is not None:
            return float(card)
        return self.hidden if self.face_down[place] else None

    def gain(self, place: int, value: int) -> float:
        """How much laying ``value`` face up on ``place`` lowers the area's sum."""
        key = (place, value)  # an exchange asks for the same few gains many times
        known = self._gains.get(key)
        if known is None:
            known = self._gains[key] = self._gain(place, value)
        return known

    def _gain(self, place: int, value: int) -> float:
        old = self.worth(place)
        if old is None:
            return -100.0  # a removed place (AL-8); not a legal target anyway
        gained = old - value
        removed: set[int] = set()
        for window in self.lines.get(place, ()):
            if all(i == place or self.cards[i] == value for i in window):
                removed.update(window)
        # AL-8: a triple leaves the area, taking its value with it.
        return gained + value * len(removed)

    def best_gain(self, value: int) -> float:
        """``max(gain(i, value))`` over the area's places, the same float, from the
        worths in order and the few places where ``value`` would complete a line;
        ``-inf`` when the area holds no card (AL-9), where a drawn card can only be
        discarded."""
        best = self._best
        if best is None:
            best = self._best = self._triples()
        ranked, completes = best
        special = completes.get(value, ())
        gained = -math.inf
        for worth, place in ranked:  # the highest worth of a place with no line
            if place not in special:
                gained = worth - value
                break
        for place in special:
            gained = max(gained, self.gain(place, value))
        return gained

    def _triples(self) -> tuple[list[tuple[float, int]], dict[int, list[int]]]:
        """The places' worths, highest first, and per value the places where laying it
        would complete a line (the only places where :meth:`gain` adds a removal)."""
        cards = self.cards
        ranked: list[tuple[float, int]] = []
        completes: dict[int, list[int]] = {}
        for place in self.area:
            worth = self.worth(place)
            if worth is None:
                continue
            ranked.append((worth, place))
            for window in self.lines.get(place, ()):
                others = {cards[i] for i in window if i != place}
                if len(others) == 1:
                    (value,) = others
                    if value is not None and place not in completes.get(value, ()):
                        completes.setdefault(value, []).append(place)
        ranked.sort(reverse=True)
        return ranked, completes

    def draw_worth(self) -> float:
        """The expected gain of drawing: swap the drawn card in, or discard it."""
        return sum(p * max(self.best_gain(v), _DRAW_FLOOR) for v, p in self.odds)

    def lowest_visible(self, seat: int) -> float:
        """The lowest face-up card of ``seat``'s area, else the odds of a hidden card."""
        known = [c for c in (self.cards[i] for i in self.tables.areas[seat]) if c is not None]
        return float(min(known)) if known else self.hidden


def heuristic(view: View, moves: Sequence[Move]) -> list[float]:
    """
    A score per move, higher is better; :class:`~cardrules.bots.GreedyBot` plays a best one.

    >>> from cardrules import allegra
    >>> state = allegra.new_game(allegra.Rules(players=2), seed=3)
    >>> heuristic(allegra.view(state, 0), allegra.legal_moves(state)[:2])
    [0.0, 0.0]
    """
    mind = _Mind(view)
    top = view.discard[-1] if view.discard else None
    drawn = view.drawn
    scores: list[float] = []
    for move in moves:
        if isinstance(move, Take) and top is not None:
            # AL-6b: a low discard that lowers the sum beats an unknown card.
            scores.append(mind.gain(index(move.slot), top))
        elif isinstance(move, Draw):
            scores.append(mind.draw_worth())
        elif isinstance(move, Swap) and drawn is not None:
            # AL-6a: swap out the highest card (a face-down card counts as the odds).
            scores.append(mind.gain(index(move.slot), drawn))
        elif isinstance(move, Discard):
            scores.append(_DRAW_FLOOR if move.reveal is not None else 0.0)
        elif isinstance(move, Knock) and drawn is not None:
            # AL-7: the drawer will take one of our cards, likely the lowest;
            # knock only for a card clearly lower than that.
            scores.append(
                1.0 if drawn <= 1 and drawn < mind.lowest_visible(view.seat) - 1 else -1.0
            )
        elif isinstance(move, Pass):
            scores.append(0.0)
        elif isinstance(move, Ignore) and drawn is not None:
            scores.append(max(mind.best_gain(drawn), _DRAW_FLOOR))
        elif isinstance(move, Give) and drawn is not None:
            # The exchange lets us take the knocker's lowest card (or the given one)
            # for our highest; the knocker gains too, so ask for a clear profit.
            low = min(float(drawn), mind.lowest_visible(move.knocker))
            highest = max(w for i in mind.area if (w := mind.worth(i)) is not None)
            scores.append(highest - low - 2.0)
        elif isinstance(move, Place):
            # AL-7 step 1: the old card returns to our area; aim for a triple or
            # a face-down place (one more card known).
            place = index(move.slot)
            value = view.hand if view.hand is not None else drawn
            bonus = mind.gain(place, value) if value is not None else 0.0
            scores.append(bonus + (1.0 if mind.face_down[place] else 0.0))
        elif isinstance(move, Exchange):
            take = mind.worth(index(move.take))
            put = mind.worth(index(move.put))
            card = mind.cards[index(move.take)]
            if take is None or put is None:
                scores.append(-100.0)
            elif card is not None:
                scores.append(mind.gain(index(move.put), card))
            else:
                scores.append(put - take)
        else:  # Reveal at the deal (AL-4) and anything unforeseen: all alike
            scores.append(0.0)
    return scores


def estimate(view: View) -> list[float]:
    """
    The round score every seat can expect by what ``view`` shows (AL-10, lower is
    better): the sum of each area, a face-down card counted as the mean of the unseen
    cards. :class:`~cardrules.bots.ISMCTSBot` scores a cut rollout with it.

    >>> from cardrules import allegra
    >>> state = allegra.new_game(allegra.Rules(players=2), seed=3)
    >>> [round(x, 2) for x in estimate(allegra.view(state, 0))]
    [75.25, 75.25]
    """
    mind = _Mind(view)
    worth = mind.worth
    return [sum(w for i in area if (w := worth(i)) is not None) for area in mind.tables.areas]
