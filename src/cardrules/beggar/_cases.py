"""
What Beggar-my-neighbour gives the testing kit: the smaller rules it shrinks a deal
through (``GAME.smaller_rules``) and the deals it starts from now and then
(``GAME.known_starts``): Casella's endless deal (BM-9), which no seed in reach of a
test run deals, and the published record games; with three or four players, the
quickest exit (BM-7); and the deal from a deck in a drawn order
(``GAME.arranged_deal``).

>>> from cardrules.beggar._state import Rules
>>> [r.players for r in smaller_rules(Rules(players=4))]
[3]
>>> len(known_starts(Rules(players=3)))
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import attrs

from cardrules.beggar._deal import new_game
from cardrules.beggar._records import RECORD_GAMES
from cardrules.beggar._state import DECK, Card, Rules, State

__all__ = ["arranged_deal", "known_starts", "smaller_rules"]

_RECORDS = 2
"""How many record games ``known_starts`` offers after the endless deal."""

_QUICKEST_EXIT = {
    3: ("AAAAKKKKQQQQJJJJ--", "-" * 17, "-" * 17),
    4: ("AAAAKKKKQQQQJ", "-" * 13, "JJJ" + "-" * 10, "-" * 13),
}
"""Per player count above two, stacks (BM-3's notation, seat 0 first) in which seat 0
leads penalty card after penalty card and seat 1, holding only number cards, pays each
in full (BM-5) until it must pay with no card left and is out (BM-7) while the others
play on: after 22 cards with three players, 17 with four. Seeded deals put a seat out
later: after 97 and 66 cards in the median of seeds 0-1999, 31 and 21 at the earliest."""


def smaller_rules(rules: Rules) -> Iterator[Rules]:
    """
    Rules a little smaller than ``rules``: one player fewer (BM-2), an earlier agreed
    card limit (BM-10). The deck is fixed (BM-1).

    >>> [r.max_cards for r in smaller_rules(Rules(max_cards=100))]
    [50]
    """
    if rules.players > 2:
        yield attrs.evolve(rules, players=rules.players - 1)
    if rules.max_cards is not None and rules.max_cards > 1:
        yield attrs.evolve(rules, max_cards=rules.max_cards // 2)


def known_starts(rules: Rules) -> tuple[State, ...]:
    """
    Deals of :data:`~cardrules.beggar.RECORD_GAMES` under ``rules`` with two players:
    Casella's endless deal first (a cycle found after 897 cards), then the two
    shortest record games (4,791 and 5,790 cards; the longer ones would outgrow the
    choices hypothesis draws for one example, one per card). With three or four
    players, the quickest exit: seat 1 pays every penalty card seat 0 leads and is
    out (BM-7) after 22 or 17 cards, with the others still playing.

    >>> start = known_starts(Rules())[0]
    >>> start.stacks[0][:4] == new_game(stacks=RECORD_GAMES[-1].stacks).stacks[0][:4]
    True
    """
    if rules.players != 2:
        return (new_game(rules, stacks=_QUICKEST_EXIT[rules.players]),)
    endless = [g for g in RECORD_GAMES if g.cycle is not None]
    ending = sorted((g for g in RECORD_GAMES if g.cycle is None), key=lambda g: g.cards or 0)
    return tuple(new_game(rules, stacks=g.stacks) for g in (*endless, *ending[:_RECORDS]))


def arranged_deal(rules: Rules, arrange: Callable[[Sequence[Card]], Sequence[Card]]) -> State:
    """
    The first state under ``rules`` with :data:`~cardrules.beggar.DECK` in the order
    ``arrange(DECK)`` gives, dealt as a seed's shuffle is (BM-3): card ``i`` to seat ``i
    mod n``, each stack top first. A Beggar game is its deal, so the testing kit deals
    through this (``GAME.arranged_deal``): a failing deal then shrinks two cards at a
    time towards :data:`~cardrules.beggar.DECK` in its order, where the seed next to a
    failing one deals an unrelated game.

    >>> state = arranged_deal(Rules(players=3), lambda deck: deck)
    >>> [str(stack[0]) for stack in state.stacks]
    ['AC', 'AD', 'AH']
    """
    deck = tuple(arrange(DECK))
    n = rules.players
    return new_game(rules, stacks=[deck[seat::n] for seat in range(n)])
