"""The toy game's text, what each seat saw happen, and its heuristic for ``GreedyBot``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toygame._play import is_over
from toygame._state import (
    EIGHT,
    Drew,
    Ended,
    Move,
    Pass,
    Passed,
    Play,
    Played,
    Reshuffled,
    State,
    View,
)

Event = Played | Drew | Reshuffled | Passed | Ended
"""Any event of the toy game."""


def render_move(move: Move) -> str:
    """
    A move as short text.

    >>> from toygame._state import Card
    >>> render_move(Play(Card(8, "S"), "H"))
    'play 8S, name H'
    """
    return str(move)


def render_view(view: View, label: str) -> str:
    """The view as text; ``label`` names the view's own seat (``"you"``)."""
    lines = [
        f"top card {view.top}, suit to follow {view.suit}",
        f"stock {view.stock_size} cards, discard pile {view.discard_size} cards",
    ]
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            cards = " ".join(str(card) for card in view.hand) or "no cards"
            lines.append(f"seat {seat} ({label}): {cards}")
        else:
            lines.append(f"seat {seat}: {size} cards")
    return "\n".join(lines)


def events(before: State, move: Move, after: State, seat: int) -> tuple[Event, ...]:
    """
    What ``seat`` saw happen when ``move`` took ``before`` to ``after``: a drawn card
    is told to the drawer only (TOY-8).
    """
    mover = before.current
    found: list[Event] = []
    if isinstance(move, Play):
        found.append(Played(mover, move.card, move.suit))
    elif isinstance(move, Pass):
        found.append(Passed(mover))
    else:
        if not before.stock:
            found.append(Reshuffled(len(before.discard) - 1))
        if seat == mover:  # TOY-8: the drawer alone learns the card
            (drawn,) = set(after.hands[mover]) - set(before.hands[mover])
            found.append(Drew(mover, drawn))
        else:  # nothing hidden in ``after`` is looked at for the others
            found.append(Drew(mover, None))
    if is_over(after):
        found.append(Ended(mover))
    return tuple(found)


def render_event(event: Any, seat: int) -> str:
    """
    One line for ``event``, told to ``seat``.

    >>> from toygame._state import Card
    >>> render_event(Drew(1, Card(3, "H")), 1)
    'you drew 3H'
    >>> render_event(Drew(1, None), 0)
    'seat 1 drew a card'
    """
    who = "you" if getattr(event, "seat", None) == seat else f"seat {getattr(event, 'seat', '')}"
    if isinstance(event, Played):
        named = f" and named {event.suit}" if event.suit else ""
        return f"{who} played {event.card}{named}"
    if isinstance(event, Drew):
        return f"{who} drew {event.card or 'a card'}"
    if isinstance(event, Passed):
        return f"{who} passed"
    return str(event)


def heuristic(view: View, moves: Sequence[Move]) -> list[float]:
    """
    Scores for ``GreedyBot``: shed high cards, keep 8s for later, and with an 8 name
    the suit the hand holds most of.
    """
    held = {suit: sum(card.suit == suit for card in view.hand) for suit in "CDHS"}
    scores = []
    for move in moves:
        if isinstance(move, Play) and move.card.rank != EIGHT:
            scores.append(10.0 + move.card.rank)
        elif isinstance(move, Play):
            scores.append(1.0 + held.get(move.suit or "", 0) / 10)
        else:
            scores.append(0.0)
    return scores
