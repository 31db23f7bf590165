"""
The named sub-cases of Biggenbende's rules (``GAME.rule_cases``): derived from an
event and the state before its move, never saved; and the smaller rules the testing
kit shrinks a deal through (``GAME.smaller_rules``).

>>> from cardrules.biggenbende import Rules, new_game
>>> from cardrules.biggenbende._events import Skipped
>>> state = new_game(Rules(players=3), seed=1)
>>> [name for name, test in RULE_CASES if test(Skipped(0, 1), state)]
['BB-14/three-or-more-left']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from cardrules.biggenbende._events import Burned, Skipped
from cardrules.biggenbende._state import BURN, Rules, State
from cardrules.game import _valid_changes

__all__ = ["RULE_CASES", "smaller_rules"]


def _left(state: State) -> int:
    """The seats still playing the round (BB-17)."""
    return state.rules.players - len(state.places)


def _skip_two_left(event: Any, before: State) -> bool:
    return isinstance(event, Skipped) and _left(before) == 2


def _skip_more_left(event: Any, before: State) -> bool:
    return isinstance(event, Skipped) and _left(before) > 2


def _play_count(event: Burned, before: State) -> int:
    """The cards of the burning play: what left the round less the pile before it."""
    return event.count - len(before.discard)


def _burn_in_one_play(event: Any, before: State) -> bool:
    return isinstance(event, Burned) and event.value != BURN and _play_count(event, before) >= 3


def _burn_across_plays(event: Any, before: State) -> bool:
    return isinstance(event, Burned) and event.value != BURN and _play_count(event, before) < 3


RULE_CASES: tuple[tuple[str, Callable[[Any, State], bool]], ...] = (
    ("BB-12/one-play", _burn_in_one_play),
    ("BB-12/across-plays", _burn_across_plays),
    ("BB-14/two-left", _skip_two_left),
    ("BB-14/three-or-more-left", _skip_more_left),
)
"""Three of a kind in one play or across plays (BB-12); a skip with two seats left in
the round, where the player plays again, or with more (BB-14)."""


def smaller_rules(rules: Rules) -> Iterator[Rules]:
    """
    Rules a little smaller than ``rules`` (``GAME.smaller_rules``): fewer players,
    rounds, cards and chips, an earlier cut; each valid, the likeliest to keep a bug
    first.

    >>> [r.players for r in smaller_rules(Rules(players=4))][:1]
    [3]
    >>> list(smaller_rules(Rules(players=3, copies_per_value=3, jokers=0, chips=0,
    ...     rounds=1, max_turns_per_round=1)))
    []
    """
    steps: list[dict[str, Any]] = []
    if rules.players > 3:
        steps.append({"players": rules.players - 1})
    if rules.rounds > 1:
        steps.append({"rounds": rules.rounds // 2})
    if rules.copies_per_value > 1:
        steps.append({"copies_per_value": rules.copies_per_value - 1})
    if rules.jokers > 0:
        steps.append({"jokers": rules.jokers // 2})
    if rules.max_turns_per_round is None:
        steps.append({"max_turns_per_round": 5000})
    elif rules.max_turns_per_round > 1:
        steps.append({"max_turns_per_round": rules.max_turns_per_round // 2})
    if rules.chips > 0:
        steps.append({"chips": rules.chips // 2})
    yield from _valid_changes(rules, steps)
