"""
Numbers for learning agents: observations, action masks, information states,
returns and bounds, for every game that has the hooks.

It builds on the game's own hooks (:attr:`Game.actions <cardrules.Game.actions>`,
:attr:`~cardrules.Game.observation`, :attr:`~cardrules.Game.returns`,
:attr:`~cardrules.Game.utility_bounds`, :attr:`~cardrules.Game.max_moves`) and
turns them into numpy arrays. numpy comes from the ``rl`` extra
(``pip install 'cardrules[rl]'``); the rest of cardrules does not need it.

A perfect-recall information state of a seat is its current view plus everything it
saw happen so far: its own moves and the per-seat events of
:attr:`Game.events <cardrules.Game.events>`. A :class:`Trajectory` follows a game
and keeps that history for every seat.

>>> import cardrules
>>> from cardrules import rl
>>> game = cardrules.get_game("beggar")
>>> if game.actions is not None:
...     state = game.new_game(game.Rules(players=2), seed=1)
...     print(rl.action_mask(game, state).dtype)
... else:
...     print("bool")
bool
"""

from __future__ import annotations

from cardrules.rl._history import InformationState, Trajectory, information_state

# The adapters (pettingzoo, openspiel) share these private helpers.
from cardrules.rl._numbers import _legal_actions as _legal_actions
from cardrules.rl._numbers import _observer as _observer
from cardrules.rl._numbers import _state_masks as _state_masks
from cardrules.rl._numbers import (
    action_mask,
    action_space,
    max_moves,
    observation,
    observation_spec,
    record_returns,
    returns_by_round,
    round_returns,
    total_returns,
    utility_bounds,
    utility_sign,
)

__all__ = [
    "InformationState",
    "Trajectory",
    "action_mask",
    "action_space",
    "information_state",
    "max_moves",
    "observation",
    "observation_spec",
    "record_returns",
    "returns_by_round",
    "round_returns",
    "total_returns",
    "utility_bounds",
    "utility_sign",
]
