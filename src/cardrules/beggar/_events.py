"""
What one seat saw happen in a move of Beggar-my-neighbour, as data and as text.

A move turns one card face up (BM-4) and settles what follows: a payment demanded
(BM-5), seats going out (BM-7), the pile taken (BM-5 to BM-7) and the end of the
game (BM-7, BM-9, BM-10). Every seat sees all of it, since the only thing hidden in
the game is the order of the face-down stacks (BM-3, BM-6); an event names only
cards that are, or were during the move, face up: the card turned and the pile.

Every event is a frozen attrs class with JSON-friendly fields and a ``rule``
attribute naming the rule that produced it.
"""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs

from cardrules import _fastobs
from cardrules._checks import expect
from cardrules.beggar._play import _next_seat, apply
from cardrules.beggar._state import Card, Ended, State, Turn, _short
from cardrules.beggar._view import _seat_argument
from cardrules.errors import IllegalMoveError, RulesError

__all__ = [
    "CardTurned",
    "Event",
    "GameEnded",
    "PenaltyStarted",
    "SeatOut",
    "TrickTaken",
    "events",
    "render_event",
]

_END_RULES: dict[str, str] = {"normal": "BM-7", "endless": "BM-9", "card_limit": "BM-10"}
"""The rule behind each way a game ends."""


@attrs.frozen
class CardTurned:
    """
    ``seat`` turned ``card`` face up onto the pile (BM-4).

    >>> event = CardTurned(seat=0, card=Card("K", "C"))
    >>> event.rule, render_event(event, 0), render_event(event, 1)
    ('BM-4', 'you turn KC', 'seat 0 turns KC')
    """

    rule: ClassVar[str] = "BM-4"
    """The rule that produced the event."""
    seat: int
    """The seat that turned the card."""
    card: Card
    """The card turned, now face up."""


@attrs.frozen
class PenaltyStarted:
    """
    ``seat`` turned the penalty ``card``, so ``payer`` owes ``demand`` cards (BM-5).

    A penalty card turned during a payment stops that payment; the debt passes on.

    >>> event = PenaltyStarted(seat=0, card=Card("K", "C"), payer=1, demand=3)
    >>> event.rule, render_event(event, 1)
    ('BM-5', 'you owe 3 cards to seat 0 for KC')
    """

    rule: ClassVar[str] = "BM-5"
    """The rule that produced the event."""
    seat: int
    """The seat that turned the penalty card; it takes the pile if the debt is paid."""
    card: Card
    """The penalty card."""
    payer: int
    """The next seat still in the game, which now owes the cards."""
    demand: int
    """The cards owed: 4, 3, 2 or 1 for A, K, Q, J (BM-1)."""


@attrs.frozen
class SeatOut:
    """
    ``seat`` had to turn a card and had none: it is out of the game (BM-7).

    >>> SeatOut(seat=2).rule, render_event(SeatOut(seat=2), 0)
    ('BM-7', 'seat 2 is out')
    """

    rule: ClassVar[str] = "BM-7"
    """The rule that produced the event."""
    seat: int
    """The seat that is out."""


@attrs.frozen
class TrickTaken:
    """
    ``seat`` took the pile, ``cards`` in the order laid, under its stack (BM-6).

    ``ended_by`` is the number card that paid the last of a debt (BM-5). It is
    ``None`` when the trick ended because a seat ran out of cards (BM-7): the payer,
    so the player who laid the last penalty card takes the pile, or every seat but
    one, so the last player with cards takes it.

    >>> event = TrickTaken(seat=0, cards=(Card("K", "C"), Card("2", "D")), ended_by=None)
    >>> event.rule, render_event(event, 1)
    ('BM-7', 'seat 0 takes the pile (2 cards)')
    """

    seat: int
    """The seat that took the pile; it leads next."""
    cards: tuple[Card, ...]
    """The pile taken, in the order it was laid (the first card laid first)."""
    ended_by: Card | None
    """The card that paid the debt in full (BM-5), or ``None`` (BM-7)."""

    @property
    def rule(self) -> str:
        """``"BM-5"`` for a trick won by a paid debt, else ``"BM-7"``."""
        return "BM-7" if self.ended_by is None else "BM-5"


@attrs.frozen
class GameEnded:
    """
    The game is over: ``"normal"`` (BM-7), ``"endless"`` (BM-9) or ``"card_limit"``
    (BM-10).

    >>> GameEnded(reason="endless").rule
    'BM-9'
    """

    reason: Ended
    """How the game ended, as :attr:`~cardrules.Outcome.reason` gives it."""

    @property
    def rule(self) -> str:
        """The rule that ended the game: BM-7, BM-9 or BM-10."""
        return _END_RULES[self.reason]


Event: TypeAlias = CardTurned | PenaltyStarted | SeatOut | TrickTaken | GameEnded
"""Every event of the game."""

_EVENT_TYPES: tuple[type[Event], ...] = (
    CardTurned,
    PenaltyStarted,
    SeatOut,
    TrickTaken,
    GameEnded,
)
"""The event classes, in the order a move can produce them."""


def events(before: State, move: Turn, after: State, seat: int) -> tuple[Event, ...]:
    """
    What ``seat`` saw happen when ``move`` took ``before`` to ``after``.

    In order: the card turned (BM-4); the payment it demands, if it is a penalty
    card (BM-5); the seats that went out (BM-7); the pile taken, if any (BM-5 to
    BM-7); the end of the game (BM-7, BM-9, BM-10). Every seat sees the same
    events; no event names a card that stays face down.

    Args:
        before: the state the move was made in.
        move: the move, :class:`Turn`.
        after: ``apply(before, move)``.
        seat: the seat told.

    Returns:
        The events, ``()`` if ``before`` was already over.

    Raises:
        RulesError: for a seat out of range.
        IllegalMoveError: if ``move`` is not a :class:`Turn`.

    >>> from cardrules.beggar import apply, new_game
    >>> before = new_game(stacks=("K" + "-" * 25, "-" * 11 + "AAAAKKKQQQQJJJJ"))
    >>> for event in events(before, Turn(), apply(before, Turn()), 1):
    ...     print(render_event(event, 1))
    seat 0 turns KC
    you owe 3 cards to seat 0 for KC
    """
    _seat_argument(before, seat)
    expect(after, State, "a beggar State")
    if type(move) is not Turn:
        raise IllegalMoveError(
            move, "BM-4", "not a Beggar-my-neighbour move; the only move is Turn(), the top card"
        )
    if before.ended is not None:
        return ()
    mover = before.turn
    # BM-4: the top card of the mover's stack is turned face up; from now on every
    # seat has seen it, even if it goes under a stack again in the same move.
    card = before.stacks[mover][0]
    found: list[Event] = [CardTurned(mover, card)]
    if card.demand:
        payer = _next_seat(mover, before.out)
        found.append(PenaltyStarted(mover, card, payer, card.demand))
    # BM-7: seats go out as the turn passes round from the mover.
    n = len(before.out)
    for step in range(1, n + 1):
        other = (mover + step) % n
        if after.out[other] and not before.out[other]:
            found.append(SeatOut(other))
    if after.tricks > before.tricks:
        # The taker leads next, and is the winner if the trick ended the game.
        paid = before.owed == 1 and not card.demand
        found.append(TrickTaken(after.turn, (*before.pile, card), card if paid else None))
    if after.ended is not None:
        found.append(GameEnded(after.ended))
    return tuple(found)


def _who(seat: int, told: int) -> str:
    return "you" if seat == told else f"seat {seat}"


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


_END_TEXT: dict[str, str] = {
    "normal": "the game is over: one player holds every card",
    "endless": "the game is over: a trick-start position repeated, so it would never end",
    "card_limit": "the game is over: the card limit is reached",
}


def render_event(event: Event, seat: int) -> str:
    """
    One line of text for ``event``, told to ``seat`` ("you" for that seat).

    Raises:
        RulesError: if ``event`` is not a Beggar-my-neighbour event.

    >>> render_event(TrickTaken(1, (Card("J", "S"), Card("3", "H")), Card("3", "H")), 1)
    'you take the pile (2 cards), ended by 3H'
    >>> render_event(GameEnded("normal"), 0)
    'the game is over: one player holds every card'
    """
    if type(event) is CardTurned:
        verb = "turn" if event.seat == seat else "turns"
        return f"{_who(event.seat, seat)} {verb} {event.card}"
    if type(event) is PenaltyStarted:
        owe = "owe" if event.payer == seat else "owes"
        to = _who(event.seat, seat)
        return f"{_who(event.payer, seat)} {owe} {_cards(event.demand)} to {to} for {event.card}"
    if type(event) is SeatOut:
        return "you are out" if event.seat == seat else f"seat {event.seat} is out"
    if type(event) is TrickTaken:
        take = "take" if event.seat == seat else "takes"
        text = f"{_who(event.seat, seat)} {take} the pile ({_cards(len(event.cards))})"
        return text if event.ended_by is None else f"{text}, ended by {event.ended_by}"
    if type(event) is GameEnded:
        return _END_TEXT[event.reason]
    raise RulesError(f"not a beggar event: {_short(event)}")


def _told_every(before: State, move: Turn, after: State) -> tuple[tuple[Event, ...], ...]:
    # ``events`` of every seat, in seat order (registered below for the trajectories of
    # cardrules.rl): every seat sees the same, so one tuple serves them all.
    return (events(before, move, after, 0),) * before.rules.players


_fastobs.register_every(events, apply, _told_every)
