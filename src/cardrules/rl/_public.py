"""
Public and private parts of what a seat sees, for the observers of the adapters.

A seat's view (``Game.view``) holds public information, which every seat sees alike,
and the seat's private information. OpenSpiel asks for either part alone
(``IIGObservationType``); each game says how its view splits in its
``GameSpec.observation_split`` (:class:`cardrules.game.ObservationSplit`):

- ``public(state)``: the *public view*, the view of seat 0 with seat 0's private
  information blanked as another seat sees it. Its encoding is in seat 0's frame and
  the same whichever seat asks.
- ``private(state, seat)``: the seat's private information as numbers, and
  ``private_text(state, seat)`` as text; ``private_size(rules)`` numbers.

A game without a split gives no public-only or private-only observation (the
adapters say so); its single-seat and all-seat observations still work.
"""

from __future__ import annotations

from typing import Any

from cardrules.game import ObservationSplit

__all__: list[str] = []


def split(game: Any) -> ObservationSplit | None:
    """The public/private split of ``game``, or ``None``."""
    found = getattr(game, "observation_split", None)
    return found if isinstance(found, ObservationSplit) else None
