"""
The upgrade steps of Allegra's saves, on plain JSON data (``GAME.upgrades``).

Format version 2 adds what everyone knows about the deck after an AL-11 rebuild:
``State.deck_public`` and ``View.deck_cards``. A version-1 save keeps no record of a
rebuild, but a state's RNG tells it from round 2 on: a round's deal (AL-4) leaves the
RNG right after the shuffle of every card, and only a rebuild moves it on within the
round. So ``deck_public`` is ``true`` when the state is in round 2 or later and its
deck is not what is left of that deal. Otherwise, and for every view, the steps set
the safe value "nothing known" (``false``, ``null``): what version 1 assumed. It is
exact in the setup, at the game end and in a round without a rebuild. A save of round
1 after a rebuild (a round 1 may start from a layout, with an RNG that tells nothing)
samples worlds as version 1 did until its next round. A state made by
``redeal_hidden`` (its RNG is the redeal's) is no save of play and may upgrade to
``true`` from round 2 on. Records upgrade through their start state; their moves are
unchanged.
"""

from __future__ import annotations

from typing import Any

from cardrules._rng import _GAMMA, _MASK, _shuffle
from cardrules.allegra._state import MAX_CARDS, MAX_COPIES
from cardrules.game import Upgrade

__all__ = ["UPGRADES", "state_v1_to_v2", "view_v1_to_v2"]

_GRID = 12
"""AL-3: the cards of a grid, as version 1 deals them."""


def _rebuilt(data: Any) -> bool:
    """
    Whether the version-1 state ``data`` certainly had its deck rebuilt (AL-11) in
    this round: it is in round 2 or later, so its round was dealt by shuffling every
    card of ``Rules.deck`` in value order (AL-4); undoing the steps of that shuffle on
    the RNG gives the deal, and a deck that is not what the deal left minus the cards
    drawn from its top was rebuilt. ``False`` when that cannot be told, and for data
    that is not a well-formed state: loading refuses it afterwards, naming the field,
    and a forged deck must not make the step itself slow.
    """
    if not isinstance(data, dict):
        return False
    rules, rng, deck = data.get("rules"), data.get("rng"), data.get("deck")
    if (
        data.get("phase") in ("reveal", "over")
        or type(data.get("round")) is not int
        or data["round"] < 2
        or not isinstance(rules, dict)
        or type(rules.get("players")) is not int
        or not isinstance(deck, list)
    ):
        return False
    counts = rules.get("deck")
    if (
        not isinstance(counts, list)
        or any(type(c) is not int or not 0 <= c <= MAX_COPIES for c in counts)
        or sum(counts) > MAX_CARDS
    ):
        return False
    if type(rng) is str and rng.isascii() and rng.isdigit() and len(rng) <= 20:
        rng = int(rng)
    if type(rng) is not int or not 0 <= rng <= _MASK:
        return False
    pack = [value for value, count in enumerate(counts, -1) for _ in range(count)]
    dealt, after = _shuffle((rng - (len(pack) - 1) * _GAMMA) & _MASK, pack)
    if after != rng:  # the deal's shuffle drew more often (a rejected draw): unknown
        return False
    left = dealt[rules["players"] * _GRID + 1 :]
    return len(deck) > len(left) or left[len(left) - len(deck) :] != deck


def state_v1_to_v2(data: Any) -> Any:
    """
    A version-1 state's data as version 2, with ``deck_public`` derived where the RNG
    tells it, else ``false`` (nothing known).

    >>> from cardrules import dumps, allegra
    >>> import json
    >>> data = json.loads(dumps(allegra.new_game(seed=1)))["data"]
    >>> del data["deck_public"]
    >>> state_v1_to_v2(data)["deck_public"]
    False
    """
    if not isinstance(data, dict):
        return data  # not a state: loading refuses it, naming what it is
    return {**data, "deck_public": _rebuilt(data)}


def view_v1_to_v2(data: Any) -> Any:
    """
    A version-1 view's data as version 2: ``deck_cards`` is ``null``, nothing known.

    >>> view_v1_to_v2({"seat": 0})
    {'seat': 0, 'deck_cards': None}
    """
    if not isinstance(data, dict):
        return data  # not a view: loading refuses it, naming what it is
    return {**data, "deck_cards": None}


UPGRADES: tuple[Upgrade, ...] = (
    Upgrade("state", 1, state_v1_to_v2),
    Upgrade("view", 1, view_v1_to_v2),
)
"""Allegra's format upgrades, version 1 to 2, for ``GAME.upgrades``."""
