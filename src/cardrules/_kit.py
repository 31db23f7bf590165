"""
The testing kit's shared types: :class:`Playthrough`, :data:`Policy` and the short
reprs they use.

Private: :mod:`cardrules.testing` is the public front and re-exports them. The kit's
modules form one way down: ``testing`` imports ``_machine``, ``_conformance``,
``_policy``, ``_options`` and this module; each of those imports only modules below it
(this one, ``_policy``), never ``testing``. This module needs no hypothesis.
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias

import attrs

from cardrules.serialize import Record

__all__ = ["Playthrough", "Policy"]

_REPR_LIMIT = 600
"""How much of a long repr a note or a playthrough shows."""


def _abbreviated(text: str, limit: int = _REPR_LIMIT) -> str:
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


Policy: TypeAlias = Literal["uniform", "biased"]
"""
How :func:`playthroughs`, :func:`states` and :func:`random_playthrough` pick moves.

``"uniform"``: every legal move alike. ``"biased"``: at each decision a few legal moves
(up to 8) are tried, and a move is more likely the less often the rules and kinds of
event it fires (told to any seat) fired so far in the game: it knows no game, yet
burns, skips, knocks, triples, rebuilt decks and other rare rules come up early.
"""


@attrs.frozen
class Playthrough:
    """
    One game played by random legal moves: its record and every state on the way.

    ``states[0]`` is the first state and ``states[i + 1]`` the state after
    ``record.moves[i]``.
    """

    record: Record = attrs.field(repr=lambda record: _abbreviated(repr(record)))
    """The whole game as data (rules, seed, moves). Its repr is cut after a few
    thousand characters."""
    states: tuple[Any, ...] = attrs.field(repr=lambda states: f"<{len(states)} states>")
    """Every state, the first and the last included. Its repr gives only their number:
    a failing example's notes show the first and last positions."""

    @property
    def final(self) -> Any:
        """The last state."""
        return self.states[-1]

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # Hypothesis pretty-prints attrs classes field by field: keep the states short.
        printer.text(repr(self))


# The public home of the class is the front module that re-exports it.
Playthrough.__module__ = "cardrules.testing"
