"""
The named sub-cases of Biggenbende's rules (``GAME.rule_cases``): derived from an
event and the state before its move, never saved.

>>> from cardrules.biggenbende import Rules, new_game
>>> from cardrules.biggenbende._events import Skipped
>>> state = new_game(Rules(players=3), seed=1)
>>> [name for name, test in RULE_CASES if test(Skipped(0, 1), state)]
['BB-14/three-or-more-left']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardrules.biggenbende._events import Burned, Skipped
from cardrules.biggenbende._state import BURN, State

__all__ = ["RULE_CASES"]


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
