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


def known_starts(rules: Rules) -> tuple[State, ...]:
    """
    First states worth playing that a seed hardly ever deals (``GAME.known_starts``):
    the deck in value order, so that equal cards lie side by side in the grids and
    triples (AL-8) come within a few reveals. Later rounds are dealt from seed 0.

    >>> start = known_starts(Rules(players=2))[0]
    >>> start.cards[:4]
    (-1, -1, -1, -1)
    """
    cards = [
        value for value, count in zip(CARD_VALUES, rules.deck, strict=True) for _ in range(count)
    ]
    grid = 12 * rules.players
    grids = tuple(tuple(cards[i : i + 12]) for i in range(0, grid, 12))
    layout = Layout(grids=grids, discard=(cards[grid],), deck=tuple(cards[grid + 1 :]))
    return (new_game(rules, seed=0, layout=layout),)
