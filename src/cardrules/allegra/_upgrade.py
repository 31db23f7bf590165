"""
The upgrade steps of Allegra's saves, on plain JSON data (``GAME.upgrades``).

Format version 3 writes the tuples of cards as compact text, one symbol per card (see
the format reference): ``-`` for -1, ``0``-``9``, ``a`` and ``b`` for 10 and 11, and
``.`` for no card: a state's and a view's ``cards`` (``"5-0b.3..."`` where version 2
wrote ``[5, -1, 0, 11, null, 3, ...]``), ``deck``, ``discard`` and ``removed``, a
view's ``deck_cards`` and the cards of the event ``DeckRebuilt``; the flags per place
(a state's ``face_up``, a view's ``face_down``) as ``1`` and ``0``. Nothing else
changed, and no game did (``rules_version`` is still 1); moves and rules are written
as before. Only a list of values that version 3 can write becomes text; anything else
is left as it is, so that loading refuses it afterwards, naming its path.

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

from cardrules._forms import _Packed, _packed_form
from cardrules._rng import _GAMMA, _MASK, _shuffle
from cardrules.allegra._state import MAX_CARDS, MAX_COPIES, _Cards, _Flags, _Places
from cardrules.game import Upgrade

__all__ = [
    "UPGRADES",
    "event_v2_to_v3",
    "state_v1_to_v2",
    "state_v2_to_v3",
    "view_v1_to_v2",
    "view_v2_to_v3",
]

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


def _form(tp: Any) -> _Packed:
    form = _packed_form(tp)
    assert form is not None
    return form


_PLACES = _form(_Places)
_CARDS = _form(_Cards)
_FLAGS = _form(_Flags)


def _fields(data: Any, changes: dict[str, Any]) -> Any:
    """``data`` with each field of ``changes`` that it holds rewritten by its function."""
    if not isinstance(data, dict):
        return data  # not an object: loading refuses it, naming what it is
    out = dict(data)
    for name, change in changes.items():
        if name in out:
            out[name] = change(out[name])
    return out


_STATE = {
    "cards": _PLACES.upgrade,
    "face_up": _FLAGS.upgrade,
    "deck": _CARDS.upgrade,
    "discard": _CARDS.upgrade,
    "removed": _CARDS.upgrade,
}
_VIEW = {
    "cards": _PLACES.upgrade,
    "face_down": _FLAGS.upgrade,
    "discard": _CARDS.upgrade,
    "removed": _CARDS.upgrade,
    "deck_cards": _CARDS.upgrade,  # null stays null
}


def state_v2_to_v3(data: Any) -> Any:
    """
    A version-2 state's data as version 3: its cards and flags as text.

    >>> state_v2_to_v3({"cards": [5, -1, None, 11], "face_up": [True, False], "deck": []})
    {'cards': '5-.b', 'face_up': '10', 'deck': ''}
    """
    return _fields(data, _STATE)


def view_v2_to_v3(data: Any) -> Any:
    """
    A version-2 view's data as version 3: its cards and flags as text.

    >>> view_v2_to_v3({"face_down": [False, True], "deck_cards": None, "discard": [10]})
    {'face_down': '01', 'deck_cards': None, 'discard': 'a'}
    """
    return _fields(data, _VIEW)


def event_v2_to_v3(data: Any) -> Any:
    """
    A version-2 event's data as version 3: the cards of ``DeckRebuilt`` as text.

    >>> event_v2_to_v3({"type": "DeckRebuilt", "cards": [-1, 3, 3]})
    {'type': 'DeckRebuilt', 'cards': '-33'}
    """
    if not isinstance(data, dict) or data.get("type") != "DeckRebuilt":
        return data
    return _fields(data, {"cards": _CARDS.upgrade})


UPGRADES: tuple[Upgrade, ...] = (
    Upgrade("state", 1, state_v1_to_v2),
    Upgrade("view", 1, view_v1_to_v2),
    Upgrade("state", 2, state_v2_to_v3),
    Upgrade("view", 2, view_v2_to_v3),
    Upgrade("event", 2, event_v2_to_v3),
)
"""Allegra's format upgrades, version 1 to 2 and 2 to 3, for ``GAME.upgrades``."""
