"""
The upgrade steps of Beggar-my-neighbour's saves, on plain JSON data (``GAME.upgrades``).

Format version 2 writes a card as its text, ``str(card)``: ``"QH"`` where version 1
wrote ``{"rank": "Q", "suit": "H"}``. Nothing else changed, and no game did: the same
rules, seed and moves give the same game (``rules_version`` is still 1).

The steps rewrite every card of a version-1 document: a state's stacks and pile, a
view's pile, the cards of the events ``CardTurned``, ``PenaltyStarted`` and
``TrickTaken``, and the state inside a ``PlayOut`` value; a record upgrades through its
start state. Only a card object that version 1 read (exactly the keys ``rank`` and
``suit``, a rank of BM-1 and a suit) becomes text; anything else is left as it is, so
that loading refuses it afterwards, naming its path.
"""

from __future__ import annotations

from typing import Any

from cardrules.beggar._state import RANKS, SUITS
from cardrules.game import Upgrade

__all__ = ["UPGRADES", "event_v1_to_v2", "state_v1_to_v2", "value_v1_to_v2", "view_v1_to_v2"]

_RANKS = frozenset(RANKS)
_SUITS = frozenset(SUITS)
_CARD_KEYS = frozenset(("rank", "suit"))


def _card(data: Any) -> Any:
    """A version-1 card object as its text; anything else unchanged."""
    if type(data) is dict and data.keys() == _CARD_KEYS:
        rank, suit = data["rank"], data["suit"]
        if type(rank) is str and rank in _RANKS and type(suit) is str and suit in _SUITS:
            return rank + suit
    return data


def _cards(data: Any) -> Any:
    """A list of version-1 cards as texts; anything else unchanged."""
    return [_card(item) for item in data] if type(data) is list else data


def state_v1_to_v2(data: Any) -> Any:
    """
    A version-1 state's data as version 2: its stacks and pile as card texts.

    >>> state_v1_to_v2({"stacks": [[{"rank": "10", "suit": "S"}], []], "pile": []})
    {'stacks': [['10S'], []], 'pile': []}
    """
    if type(data) is not dict:
        return data  # not a state: loading refuses it, naming what it is
    out = dict(data)
    stacks = data.get("stacks")
    if type(stacks) is list:
        out["stacks"] = [_cards(stack) for stack in stacks]
    if "pile" in data:
        out["pile"] = _cards(data["pile"])
    return out


def view_v1_to_v2(data: Any) -> Any:
    """
    A version-1 view's data as version 2: its pile as card texts.

    >>> view_v1_to_v2({"seat": 0, "pile": [{"rank": "Q", "suit": "H"}]})
    {'seat': 0, 'pile': ['QH']}
    """
    if type(data) is not dict or "pile" not in data:
        return data
    return {**data, "pile": _cards(data["pile"])}


def event_v1_to_v2(data: Any) -> Any:
    """
    A version-1 event's data as version 2: the card of ``CardTurned`` and
    ``PenaltyStarted``, the cards and ``ended_by`` of ``TrickTaken``, as texts.

    >>> event_v1_to_v2({"type": "CardTurned", "seat": 1, "card": {"rank": "A", "suit": "C"}})
    {'type': 'CardTurned', 'seat': 1, 'card': 'AC'}
    """
    if type(data) is not dict:
        return data
    out = dict(data)
    kind = data.get("type")
    if kind in ("CardTurned", "PenaltyStarted") and "card" in data:
        out["card"] = _card(data["card"])
    elif kind == "TrickTaken":
        if "cards" in data:
            out["cards"] = _cards(data["cards"])
        if data.get("ended_by") is not None:
            out["ended_by"] = _card(data["ended_by"])
    return out


def value_v1_to_v2(data: Any) -> Any:
    """
    A version-1 value's data as version 2: the final state of a ``PlayOut`` with card
    texts (a ``Cycle`` holds no card).

    >>> value_v1_to_v2({"type": "PlayOut", "state": {"pile": [{"rank": "2", "suit": "D"}]}})
    {'type': 'PlayOut', 'state': {'pile': ['2D']}}
    """
    if type(data) is not dict or data.get("type") != "PlayOut" or "state" not in data:
        return data
    return {**data, "state": state_v1_to_v2(data["state"])}


UPGRADES: tuple[Upgrade, ...] = (
    Upgrade("state", 1, state_v1_to_v2),
    Upgrade("view", 1, view_v1_to_v2),
    Upgrade("event", 1, event_v1_to_v2),
    Upgrade("value", 1, value_v1_to_v2),
)
"""Beggar's format upgrades, version 1 to 2, for ``GAME.upgrades``."""
