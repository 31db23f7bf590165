"""
The named sub-cases of Allegra's rules (``GAME.rule_cases``): derived from an event
and the state before its move, never saved; the smaller rules the testing kit shrinks
a deal through (``GAME.smaller_rules``) and the deal it starts from now and then
(``GAME.known_starts``).

>>> from cardrules.allegra._event_types import Ignored
>>> [name for name, test in RULE_CASES if test(Ignored(seat=1), None)]
['AL-7/ignored']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from cardrules.allegra._deal import new_game
from cardrules.allegra._event_types import Exchanged, Ignored
from cardrules.allegra._moves import Slot
from cardrules.allegra._state import CARD_VALUES, Layout, Rules, State
from cardrules.game import _valid_changes

__all__ = ["RULE_CASES", "known_starts", "smaller_rules"]


def _kind(kind: type) -> Callable[[Any, Any], bool]:
    def test(event: Any, before: Any) -> bool:
        return isinstance(event, kind)

    return test


RULE_CASES: tuple[tuple[str, Callable[[Any, Any], bool]], ...] = (
    ("AL-7/exchange", _kind(Exchanged)),
    ("AL-7/ignored", _kind(Ignored)),
)
"""Knocks answered by an exchange, or ignored by the drawer, who keeps the card (AL-7)."""


def _fewer_cards(deck: tuple[int, ...], need: int) -> tuple[int, ...] | None:
    """The deck with about half as many cards above ``need``, in the same proportions."""
    total = sum(deck)
    if total <= need:
        return None
    target = max(need, (total + need) // 2)
    smaller = [count * target // total for count in deck]
    # Rounding down may leave too few: give the missing cards back to the largest counts.
    for k in sorted(range(len(deck)), key=lambda k: -deck[k])[: target - sum(smaller)]:
        smaller[k] += 1
    return tuple(smaller)


def smaller_rules(rules: Rules) -> Iterator[Rules]:
    """
    Rules a little smaller than ``rules`` (``GAME.smaller_rules``): fewer players,
    rounds and cards, an earlier cut; each valid, the likeliest to keep a bug first.

    >>> [(r.players, r.rounds, sum(r.deck)) for r in smaller_rules(Rules(players=3))][:3]
    [(2, 3, 120), (3, 1, 120), (3, 3, 79)]
    """
    need = 12 * rules.players + 2
    steps: list[dict[str, Any]] = []
    if rules.players > 2:
        steps.append({"players": rules.players - 1})
    if rules.rounds > 1:
        steps.append({"rounds": rules.rounds // 2})
    deck = _fewer_cards(rules.deck, need)
    if deck is not None:
        steps.append({"deck": deck})
    if rules.max_turns_per_round > 1:
        steps.append({"max_turns_per_round": rules.max_turns_per_round // 2})
    yield from _valid_changes(rules, steps)


_Place = tuple[int, int, int]
"""``(seat, row, col)`` of a grid place."""
_FACE_UP = Slot(1, 0, 1)
"""The place of ``known_starts`` whose card starts face up: seat 1's ``p1.r0c1``."""


def _first_places(players: int) -> list[_Place | None]:
    """
    The grid places and the discard (``None``) in the order ``known_starts`` fills
    them: first the seven that the shortest triples of simple play use, then every
    area row's places, row by row and seat by seat (AL-3).

    The first legal moves reveal an area's places from the left. Seat 0's area row 0
    is ``p1.r0c3 | p0.r0c0 p0.r0c1 ...`` and seat 1's ``pL.r0c3 | p1.r0c0 p1.r0c1
    ...``, where ``L`` is seat 1's left neighbour (seat 0 with two players). With
    ``p1.r0c1`` face up, the first legal moves make a triple at the fourth move: seat
    0 reveals ``p1.r0c3`` and ``p0.r0c0``, seat 1 ``pL.r0c3`` and ``p1.r0c0``, beside
    ``p1.r0c1``. That holds for every player count, so that a failing example whose
    player count shrinks keeps its moves. Seat 0 and seat 1 make a triple at the third
    move too: seat 0 reveals ``p0.r0c0`` and ``p0.r0c1`` and seat 1 the shared
    ``p1.r0c3``, or seat 0 ``p1.r0c3`` and seat 1 ``p1.r0c2``, beside ``p1.r0c1``.
    Seat 0's two reveals alone cannot make one: none of those lines lies in its area
    with the face-up card.

    >>> _first_places(2)[:8]
    [(1, 0, 1), (1, 0, 0), (0, 0, 3), (1, 0, 3), (0, 0, 0), (0, 0, 1), (1, 0, 2), None]
    """
    seat_1_left = 2 % players
    places: list[_Place | None] = [(1, 0, 1), (1, 0, 0), (seat_1_left, 0, 3)]
    places += [(1, 0, 3), (0, 0, 0), (0, 0, 1), (1, 0, 2), None]
    for row in range(3):
        for seat in range(players):
            left = (seat + 1) % players
            for place in ((left, row, 3), *((seat, row, col) for col in range(4))):
                if place not in places:
                    places.append(place)
    return places


def known_starts(rules: Rules) -> tuple[State, ...]:
    """
    First states worth playing that a seed hardly ever deals (``GAME.known_starts``):
    the commonest values of ``rules.deck`` laid side by side where the simplest games
    reveal cards, one of them already face up (``p1.r0c1``), so that a triple (AL-8)
    comes at the fourth move of the first legal moves, whatever the player count, and
    at the third of other simple play (see ``_first_places``): a failing example about
    triples shrinks to one of those. No triple comes sooner. The cards are dealt most
    plentiful value first (the lower value first among equals): the places in that
    order, then the deck, top first. Later rounds are dealt from seed 0.

    >>> start = known_starts(Rules(players=2))[0]
    >>> start.cards[12:16], start.face_up[12:16]
    ((5, 5, 5, 5), (False, True, False, False))
    """
    order = sorted(range(len(rules.deck)), key=lambda k: (-rules.deck[k], k))
    cards = [CARD_VALUES[k] for k in order for _ in range(rules.deck[k])]
    places = _first_places(rules.players)
    dealt = dict(zip(places, cards, strict=False))
    grids = tuple(
        tuple(dealt[seat, row, col] for row in range(3) for col in range(4))
        for seat in range(rules.players)
    )
    deck = tuple(cards[len(places) :])
    layout = Layout(grids=grids, discard=(dealt[None],), deck=deck, face_up=(_FACE_UP,))
    return (new_game(rules, seed=0, layout=layout),)
