"""
The exception hierarchy of cardrules.

Every error the library raises on purpose is a :class:`CardrulesError`. Each
subclass is also a :class:`ValueError`, so callers that catch builtins keep
working.

Every game words the same mistake the same way, naming the rule it breaks:

- an option out of range: ``Rules.players must be an int from 3 to 6 (BB-2), not 2``
  (``None or an int`` where ``None`` is allowed), a :class:`RulesError`;
- a seat out of range: ``seat must be an int from 0 to 2, not 7``, a :class:`RulesError`;
- a move that is not legal: ``illegal move Play(value=3, count=1) (BB-6): ...``, an
  :class:`IllegalMoveError` (``not a Biggenbende move`` for an object that is no move
  of the game), and a :class:`GameOverError` once the game is over;
- a broken state or view: the path of the field first, ``state.turn: must be an int
  from 0 to 2, not 7``, an :class:`InvalidStateError`.

>>> issubclass(IllegalMoveError, ValueError)
True
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "CardrulesError",
    "GameOverError",
    "IllegalMoveError",
    "IntegrityError",
    "InvalidStateError",
    "NotationError",
    "RulesError",
    "SerializationError",
    "WrongTypeError",
]


class CardrulesError(ValueError):
    """
    Base class of every error raised by cardrules.
    """


class IllegalMoveError(CardrulesError):
    """
    A move that is not legal in the given state.

    The message names the move, the rule (a rule ID such as ``BB-6``, an anchor on the
    game's docs page) and the
    reason. The same facts are kept as attributes.
    """

    def __init__(self, move: object, rule: str, reason: str, *, index: int | None = None) -> None:
        self.move = move
        """The rejected move."""
        self.rule = rule
        """The ID of the rule that forbids it, for example ``"BB-6"``."""
        self.reason = reason
        """Why the move is illegal, in words."""
        self.index = index
        """The 0-based index of the move in a replayed record, else ``None``."""
        # A move read from a client may be huge: quote a short prefix of it.
        shown = repr(move)
        shown = shown if len(shown) <= 80 else shown[:77] + "..."
        reason_shown = reason if len(reason) <= 300 else reason[:297] + "..."
        super().__init__(f"illegal move {shown} ({rule}): {reason_shown}")

    def __reduce__(self) -> Any:
        return (_rebuild, (type(self), self.move, self.rule, self.reason, self.index))


def _rebuild(
    cls: type[IllegalMoveError], move: object, rule: str, reason: str, index: int | None
) -> IllegalMoveError:
    err = cls.__new__(cls)
    IllegalMoveError.__init__(err, move, rule, reason, index=index)
    return err


class GameOverError(IllegalMoveError):
    """
    A move was applied to a game that is already over.
    """

    def __init__(self, move: object, rule: str = "game over", reason: str = "") -> None:
        super().__init__(move, rule, reason or "the game is over; no move is legal")


class RulesError(CardrulesError):
    """
    A ``Rules`` object, a player count or an explicit deal that is not allowed.
    """


class SerializationError(CardrulesError):
    """
    Text that cannot be loaded: not JSON, a wrong envelope, or wrong types.

    The message names the path of the bad field, for example ``$.data.hands[2]``.
    """


class IntegrityError(SerializationError):
    """
    A signed text whose signature is missing, wrong or made with another key, or a
    record whose start is not the deal it claims.

    >>> issubclass(IntegrityError, SerializationError)
    True
    """


class InvalidStateError(CardrulesError):
    """
    A state that breaks an invariant of its game (cards not conserved, an index
    out of range, ...), found when loading or checking it.
    """


class WrongTypeError(CardrulesError, TypeError):
    """
    A public function was given the wrong kind of object: a view where a state belongs,
    another game's state, ``None``, ...

    It is also a :class:`TypeError`. The message names what was expected and what came.

    >>> issubclass(WrongTypeError, TypeError)
    True
    """


class NotationError(SerializationError):
    """
    A position string that cannot be read; ``column`` is the 1-based column of the first
    bad character.

    >>> str(NotationError("expected a card", text="2C XX", column=4))
    "column 4: expected a card: '2C XX'"
    """

    def __init__(self, message: str, *, text: str, column: int) -> None:
        self.column = column
        """The 1-based column of the first bad character."""
        self.text = text
        """The text that was read (at most 200 characters are kept)."""
        shown = text if len(text) <= 60 else text[:57] + "..."
        super().__init__(f"column {column}: {message}: {shown!r}")
        self.text = text[:200]

    def __reduce__(self) -> Any:
        message = str(self).split(": ", 1)[1].rsplit(": ", 1)[0]
        return (_rebuild_notation, (message, self.text, self.column))


def _rebuild_notation(message: str, text: str, column: int) -> NotationError:
    return NotationError(message, text=text, column=column)
