"""
Allegra's places and moves: :class:`Slot` and the move classes (public through
:mod:`cardrules.allegra`), with the validators the state module shares.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from cardrules._checks import must_be, short
from cardrules.errors import InvalidStateError, RulesError, WrongTypeError

_short = short  # the one short quote of a bad value, from the core

__all__ = [
    "Discard",
    "Draw",
    "Exchange",
    "Give",
    "Ignore",
    "Knock",
    "Move",
    "Pass",
    "Place",
    "Reveal",
    "Slot",
    "Swap",
    "Take",
]


class _WrongRulesType(WrongTypeError, RulesError):
    """The wrong kind of object where rules, a layout or a place belong: a
    :class:`~cardrules.errors.WrongTypeError` that stays the ``RulesError`` it was."""


class _WrongStateType(WrongTypeError, InvalidStateError):
    """The wrong kind of object given to ``check_state`` or ``check_view``: a
    :class:`~cardrules.errors.WrongTypeError` that stays the ``InvalidStateError`` it was."""


def _type_name(obj: object) -> str:
    kind = type(obj)
    return kind.__name__ if kind.__module__ == "builtins" else kind.__qualname__


def _int_in(name: str, low: int, high: int) -> Callable[[Any, Any, Any], None]:
    def check(_inst: object, _attr: object, value: object) -> None:
        if type(value) is not int or not low <= value <= high:
            raise RulesError(must_be(name, value, low, high))

    return check


def _is(cls: type, name: str) -> Callable[[Any, Any, Any], None]:
    """A validator: the field holds a ``cls`` (else ``WrongTypeError``)."""

    def check(_inst: object, _attr: object, value: object) -> None:
        if not isinstance(value, cls):
            raise WrongTypeError(f"{name} must be a {cls.__name__}, not {_type_name(value)}")

    return check


# --------------------------------------------------------------------------- places


@attrs.frozen
class Slot:
    """
    A card place, named in its owner's grid (AL-3): a shared card has one name.

    >>> Slot(owner=1, row=0, col=3)
    Slot(owner=1, row=0, col=3)
    >>> str(Slot(1, 0, 3))
    'p1.r0c3'
    >>> Slot.from_str("p1.r0c3")
    Slot(owner=1, row=0, col=3)
    """

    owner: int = attrs.field(validator=_int_in("Slot.owner", 0, 5))
    """The seat whose grid holds the place."""
    row: int = attrs.field(validator=_int_in("Slot.row", 0, 2))
    """The grid row, ``0 .. 2``."""
    col: int = attrs.field(validator=_int_in("Slot.col", 0, 3))
    """The grid column, ``0 .. 3``; column 3 is shared with the right neighbour's area."""

    def __str__(self) -> str:
        return f"p{self.owner}.r{self.row}c{self.col}"

    @classmethod
    def from_str(cls, text: str) -> Slot:
        """
        Parse the form ``str`` gives, ``"p<owner>.r<row>c<col>"``.

        Raises:
            ~cardrules.RulesError: for text of another form
                (a :class:`~cardrules.errors.WrongTypeError` too for what is no ``str``).

        >>> Slot.from_str("p0.r2c1") == Slot(0, 2, 1)
        True
        """
        if not isinstance(text, str):
            raise _WrongRulesType(f"not a slot: expected a str, got {_type_name(text)}")
        if (
            len(text) == 7
            and text[0] == "p"
            and text[2:4] == ".r"
            and text[5] == "c"
            and text[1].isdigit()
            and text[4].isdigit()
            and text[6].isdigit()
        ):
            return cls(int(text[1]), int(text[4]), int(text[6]))
        raise RulesError(f"not a slot: {_short(text)} (expected the form 'p1.r0c3')")


def is_place(slot: object, players: int) -> bool:
    """
    Whether ``slot`` is a place of a game of ``players`` (AL-3): a ``Slot`` whose
    fields are ints in range. ``Slot`` checks them when built, but one built around its
    checks (a forged state) may hold anything, and ``index`` would take it for another
    place. It lives here, not in the compiled ``_geometry``: compiled code would raise
    ``TypeError`` reading a forged field instead of answering.

    >>> is_place(Slot(2, 2, 3), 3), is_place(Slot(3, 0, 0), 3), is_place((0, 0, 0), 3)
    (True, False, False)
    """
    if not isinstance(slot, Slot):
        return False
    owner, row, col = slot.owner, slot.row, slot.col
    return (
        type(owner) is int
        and type(row) is int
        and type(col) is int
        and 0 <= owner < players
        and 0 <= row < 3
        and 0 <= col < 4
    )


# --------------------------------------------------------------------------- moves


@attrs.frozen
class Reveal:
    """
    Turn up one face-down card of your area during the deal (AL-4).

    >>> str(Reveal(Slot(0, 1, 2)))
    'reveal p0.r1c2'
    """

    slot: Slot = attrs.field(validator=_is(Slot, "Reveal.slot"))
    """The face-down card to turn up."""

    def __str__(self) -> str:
        return f"reveal {self.slot}"


@attrs.frozen
class Draw:
    """
    Draw the top card of the deck (AL-6a).

    >>> str(Draw())
    'draw'
    """

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Take:
    """
    Take the top discard and swap it with a card of your area (AL-6b).

    >>> str(Take(Slot(0, 0, 0)))
    'take the discard onto p0.r0c0'
    """

    slot: Slot = attrs.field(validator=_is(Slot, "Take.slot"))
    """The place in your area that receives the card; its old card is discarded."""

    def __str__(self) -> str:
        return f"take the discard onto {self.slot}"


@attrs.frozen
class Swap:
    """
    Put the drawn card on a place of your area; its old card is discarded (AL-6a).

    >>> str(Swap(Slot(1, 2, 3)))
    'swap the drawn card onto p1.r2c3'
    """

    slot: Slot = attrs.field(validator=_is(Slot, "Swap.slot"))
    """The place in your area that receives the drawn card."""

    def __str__(self) -> str:
        return f"swap the drawn card onto {self.slot}"


@attrs.frozen
class Discard:
    """
    Discard the drawn card and turn up a face-down card of your area (AL-6a).

    ``reveal`` is ``None`` only when your area holds no face-down card.

    >>> str(Discard(Slot(0, 0, 1)))
    'discard, reveal p0.r0c1'
    >>> str(Discard())
    'discard'
    """

    reveal: Slot | None = attrs.field(
        default=None, validator=attrs.validators.optional(_is(Slot, "Discard.reveal"))
    )
    """The face-down card to turn up, or ``None``."""

    def __str__(self) -> str:
        return "discard" if self.reveal is None else f"discard, reveal {self.reveal}"


@attrs.frozen
class Knock:
    """
    Ask for the card just drawn by another player (AL-7).

    >>> str(Knock())
    'knock'
    """

    def __str__(self) -> str:
        return "knock"


@attrs.frozen
class Pass:
    """
    Do not knock (AL-7).

    >>> str(Pass())
    'pass'
    """

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Ignore:
    """
    The drawer ignores all knocks and keeps the drawn card (AL-7).

    >>> str(Ignore())
    'ignore the knocks'
    """

    def __str__(self) -> str:
        return "ignore the knocks"


@attrs.frozen
class Give:
    """
    The drawer gives the drawn card to a knocker (AL-7), starting the exchange.

    >>> str(Give(2))
    'give the card to seat 2'
    """

    knocker: int = attrs.field(validator=_int_in("Give.knocker", 0, 5))
    """The knocking seat that receives the card."""

    def __str__(self) -> str:
        return f"give the card to seat {self.knocker}"


@attrs.frozen
class Place:
    """
    Exchange step 1 (AL-7): the knocker lays the given card on a place of their area
    and takes that place's old card in hand.

    >>> str(Place(Slot(2, 0, 3)))
    'place the card on p2.r0c3'
    """

    slot: Slot = attrs.field(validator=_is(Slot, "Place.slot"))
    """The place in the knocker's area."""

    def __str__(self) -> str:
        return f"place the card on {self.slot}"


@attrs.frozen
class Exchange:
    """
    Exchange step 2 (AL-7): the drawer moves a card of the knocker's area onto a place
    of their own area, discarding that place's old card. Step 3 (the knocker's card in
    hand goes face up onto ``take``) follows by itself.

    >>> str(Exchange(Slot(2, 0, 0), Slot(1, 1, 1)))
    'exchange p2.r0c0 -> p1.r1c1'
    """

    take: Slot = attrs.field(validator=_is(Slot, "Exchange.take"))
    """The place in the knocker's area the card is taken from."""
    put: Slot = attrs.field(validator=_is(Slot, "Exchange.put"))
    """The place in the drawer's area it goes to (not ``take``)."""

    def __str__(self) -> str:
        return f"exchange {self.take} -> {self.put}"


Move = Reveal | Draw | Take | Swap | Discard | Knock | Pass | Ignore | Give | Place | Exchange
"""Any Allegra move."""
