"""
The upgrade steps of Allegra's saves, on plain JSON data (``GAME.upgrades``).

Format version 2 adds what everyone knows about the deck after an AL-11 rebuild:
``State.deck_public`` and ``View.deck_cards``. A version-1 save keeps no trace of a
rebuild, so the steps set the safe value "nothing known" (``false`` and ``null``):
exactly what version 1 assumed. It is exact for every save made in the setup, at the
game end or in a round without a rebuild; for a save made after a rebuild, redealt
worlds may mix the deck with the face-down cards as they did in version 1, until the
next rebuild or round sets the field again. Records upgrade through their start
state; their moves are unchanged.
"""

from __future__ import annotations

from typing import Any

from cardrules.game import Upgrade

__all__ = ["UPGRADES", "state_v1_to_v2", "view_v1_to_v2"]


def state_v1_to_v2(data: Any) -> Any:
    """
    A version-1 state's data as version 2: ``deck_public`` is ``false``, nothing known.

    >>> state_v1_to_v2({"round": 1})
    {'round': 1, 'deck_public': False}
    """
    return {**data, "deck_public": False}


def view_v1_to_v2(data: Any) -> Any:
    """
    A version-1 view's data as version 2: ``deck_cards`` is ``null``, nothing known.

    >>> view_v1_to_v2({"seat": 0})
    {'seat': 0, 'deck_cards': None}
    """
    return {**data, "deck_cards": None}


UPGRADES: tuple[Upgrade, ...] = (
    Upgrade("state", 1, state_v1_to_v2),
    Upgrade("view", 1, view_v1_to_v2),
)
"""Allegra's format upgrades, version 1 to 2, for ``GAME.upgrades``."""
