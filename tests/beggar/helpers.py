"""
Small deals for the Beggar-my-neighbour tests.

Every deal must be exactly the 52 cards, so a stack may end in ``+``: "then the
rest of the deck", number cards first, then jacks, queens, kings and aces. A
scripted situation only needs the top cards of each stack.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.beggar import Card, Rules, State, Turn, apply, is_over, new_game, notation

FULL = {"-": 36, "J": 4, "Q": 4, "K": 4, "A": 4}
"""How many of each notation character a deck holds."""


def fill(*stacks: str) -> tuple[str, ...]:
    """
    Complete the stacks to the 52 cards: the one ending in ``+`` takes the rest.

    >>> fill("K-", "--+")[1][:6]
    '------'
    """
    used = {char: sum(stack.count(char) for stack in stacks) for char in FULL}
    rest = "".join(char * (FULL[char] - used[char]) for char in "-JQKA")
    return tuple(stack[:-1] + rest if stack.endswith("+") else stack for stack in stacks)


def deal(*stacks: str, max_cards: int | None = None) -> State:
    """A new game from notation stacks (completed by :func:`fill`), one per seat."""
    rules = Rules(players=len(stacks), max_cards=max_cards)
    return new_game(rules, stacks=fill(*stacks))


def turn(state: State, times: int = 1) -> State:
    """Apply :class:`Turn` ``times`` times."""
    for _ in range(times):
        state = apply(state, Turn())
    return state


def finish(state: State) -> State:
    """Step with ``apply`` to the end."""
    while not is_over(state):
        state = apply(state, Turn())
    return state


def marks(cards: Sequence[Card]) -> str:
    """A stack or pile in notation."""
    return notation([cards])[0]


def sizes(state: State) -> tuple[int, ...]:
    """The stack sizes."""
    return tuple(len(stack) for stack in state.stacks)
