"""
The upgrade steps of Biggenbende's saves, on plain JSON data (``GAME.upgrades``).

Format version 2 writes the tuples of cards as compact text, one symbol per count or
card (see the format reference): a count tuple (a hand, a face-up row, the removed
cards) is 13 symbols, ``"0003000010020"`` where version 1 wrote
``[0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 0, 2, 0]``; a pile (``draw``, ``discard``) is one
symbol per card, bottom first; a face-down row is 3 symbols, ``.`` for a card gone
(in a view ``1`` where a card lies, ``0`` where it is gone). Nothing else changed, and
no game did: the same rules, seed and moves give the same game (``rules_version`` is
still 1); moves and rules are written as before.

The steps rewrite those fields of a version-1 state and view, and the face-up rows of
the event ``FaceUpShown``; a record upgrades through its start state. Only a list of
values that version 2 can write (ints of the right range, ``null`` where a card may be
gone, ``true`` and ``false`` in a view's face-down rows) becomes text; anything else
is left as it is, so that loading refuses it afterwards, naming its path.
"""

from __future__ import annotations

from typing import Any

from cardrules._forms import _Packed, _packed_form
from cardrules.biggenbende._state import _Counts, _Held, _Pile, _Row
from cardrules.game import Upgrade

__all__ = ["UPGRADES", "event_v1_to_v2", "state_v1_to_v2", "view_v1_to_v2"]


def _form(tp: Any) -> _Packed:
    form = _packed_form(tp)
    assert form is not None
    return form


_COUNTS = _form(_Counts)
_PILE = _form(_Pile)
_ROW = _form(_Row)
_HELD = _form(_Held)


def _rows(form: _Packed, data: Any) -> Any:
    """A list of version-1 rows, each as text where it can be; anything else unchanged."""
    return [form.upgrade(row) for row in data] if type(data) is list else data


def _fields(data: Any, changes: dict[str, Any]) -> Any:
    """``data`` with each field of ``changes`` that it holds rewritten by its function."""
    if type(data) is not dict:
        return data  # not an object: loading refuses it, naming what it is
    out = dict(data)
    for name, change in changes.items():
        if name in out:
            out[name] = change(out[name])
    return out


_STATE = {
    "hands": lambda data: _rows(_COUNTS, data),
    "face_up": lambda data: _rows(_COUNTS, data),
    "face_down": lambda data: _rows(_ROW, data),
    "draw": _PILE.upgrade,
    "discard": _PILE.upgrade,
    "removed": _COUNTS.upgrade,
}
_VIEW = {
    "hand": _COUNTS.upgrade,
    "face_up": lambda data: _rows(_COUNTS, data),
    "face_down": lambda data: _rows(_HELD, data),
    "discard": _PILE.upgrade,
    "removed": _COUNTS.upgrade,
}


def state_v1_to_v2(data: Any) -> Any:
    """
    A version-1 state's data as version 2: its count tuples, piles and face-down rows
    as text.

    >>> state_v1_to_v2({"face_down": [[3, None, 12]], "draw": [0, 10], "discard": []})
    {'face_down': ['3.c'], 'draw': '0a', 'discard': ''}
    """
    return _fields(data, _STATE)


def view_v1_to_v2(data: Any) -> Any:
    """
    A version-1 view's data as version 2: its count tuples, discard pile and
    face-down rows as text.

    >>> view_v1_to_v2({"hand": [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 12], "face_down": [[True, False, True]]})
    {'hand': '010000000000c', 'face_down': ['101']}
    """  # noqa: E501
    return _fields(data, _VIEW)


def event_v1_to_v2(data: Any) -> Any:
    """
    A version-1 event's data as version 2: the face-up rows of ``FaceUpShown`` as text.

    >>> event_v1_to_v2({"type": "FaceUpShown", "face_up": [[1] + [0] * 12]})
    {'type': 'FaceUpShown', 'face_up': ['1000000000000']}
    """
    if type(data) is not dict or data.get("type") != "FaceUpShown":
        return data
    return _fields(data, {"face_up": lambda rows: _rows(_COUNTS, rows)})


UPGRADES: tuple[Upgrade, ...] = (
    Upgrade("state", 1, state_v1_to_v2),
    Upgrade("view", 1, view_v1_to_v2),
    Upgrade("event", 1, event_v1_to_v2),
)
"""Biggenbende's format upgrades, version 1 to 2, for ``GAME.upgrades``."""
