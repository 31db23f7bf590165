"""
Biggenbende as text: a seat's view, a move, and what a played move showed.

Cards are written by value, ``joker`` for the joker (BB-1); a count tuple is written
as its cards, jokers first, in the order the moves use.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules._checks import expect
from cardrules._render import counted
from cardrules.biggenbende._state import (
    JOKER,
    ChooseFaceUp,
    Move,
    PickUp,
    Play,
    TurnFaceDown,
    View,
)

__all__ = ["render_move", "render_view"]


def _card(value: int) -> str:
    return "joker" if value == JOKER else str(value)


def _cards(counts: Sequence[int]) -> str:
    """A count tuple (index = value, 0 the joker) as cards in the moves' order: jokers first."""
    cards = [_card(v) for v in range(len(counts)) for _ in range(counts[v])]
    return " ".join(cards) if cards else "-"


def render_view(view: View, label: str) -> str:
    """
    The view as text: the round, the chips, the piles and every seat's cards.

    ``label`` marks the view's own seat (``seat 1 (you)``). Other seats' hands are
    counts; face-down cards are ``#`` (a card) or ``.`` (gone).

    >>> from cardrules import biggenbende as bb
    >>> text = render_view(bb.view(bb.new_game(bb.Rules(players=3), seed=1), 1), "you")
    >>> print(text.splitlines()[-2])
      seat 1 (you): hand joker joker 2 2 5 5 7 | face up - | face down ###
    """
    expect(view, View, "a biggenbende View")
    rules = view.rules
    players = len(view.hand_counts)
    turn = "the match is over" if view.turn is None else f"seat {view.turn} to move"
    way = "clockwise" if view.direction == 1 else "counter-clockwise"
    lines = [
        f"round {view.round} of {rules.rounds}, started by seat {view.starter}; "
        f"{turn}; play goes {way}",
        "chips: "
        + ", ".join(f"seat {s} {c}" for s, c in enumerate(view.chips))
        + f"; supply {view.supply}",
    ]
    discard = view.discard
    shown = " ".join(_card(v) for v in discard[-12:])
    more = "... " if len(discard) > 12 else ""
    lines.append(
        f"discard pile: {counted(len(discard), 'card')}"
        + (f", top last: {more}{shown}" if discard else "")
    )
    lines.append(
        f"draw pile: {counted(view.draw_count, 'card')}; "
        f"removed: {counted(sum(view.removed), 'card')}"
    )
    if view.places:
        lines.append("out, in order: " + ", ".join(f"seat {s}" for s in view.places))
    for seat in range(players):
        you = f" ({label})" if seat == view.seat else ""
        mark = ">" if seat == view.turn else " "
        down = "".join("#" if d else "." for d in view.face_down[seat])
        if seat == view.seat:
            hand = f"hand {_cards(view.hand)}"
        else:
            hand = f"hand {counted(view.hand_counts[seat], 'card')}"
        lines.append(
            f"{mark} seat {seat}{you}: {hand} | face up {_cards(view.face_up[seat])} "
            f"| face down {down}"
        )
    return "\n".join(lines)


def render_move(move: Move) -> str:
    """
    A move as short text: its notation.

    >>> from cardrules import biggenbende as bb
    >>> render_move(bb.Play(7, 2)), render_move(bb.ChooseFaceUp((0, 7, 12)))
    ('play 2 x 7', 'face up joker 7 12')
    """
    given: object = move  # a caller may pass anything
    if not isinstance(given, (ChooseFaceUp, Play, PickUp, TurnFaceDown)):
        expect(given, PickUp, "a biggenbende move")
    return str(move)
