"""
Beggar-my-neighbour as text: a seat's view, a move, and what a turned card did.
"""

from __future__ import annotations

from cardrules._checks import expect
from cardrules._render import counted
from cardrules.beggar._state import Turn, View

__all__ = ["render_move", "render_view"]


def render_view(view: View, label: str) -> str:
    """
    The view as text: the counts, the pile (top last) and every seat's stack size.

    ``label`` marks the view's own seat (``seat 0 (you)``).

    >>> from cardrules import beggar
    >>> print(render_view(beggar.view(beggar.new_game(seed=1), 0), "you"))
    cards turned 0, tricks 0; seat 0 to turn
    pile: 0 cards
    > seat 0 (you): 26 cards
      seat 1: 26 cards
    """
    expect(view, View, "a beggar View")
    players = len(view.stack_sizes)
    if view.turn is None:
        state = f"the game is over ({str(view.ended).replace('_', ' ')})"
    else:
        state = f"seat {view.turn} to turn"
        if view.owed:
            state += f", owing {view.owed} to seat {view.penalty_seat}"
    lines = [f"cards turned {view.cards}, tricks {view.tricks}; {state}"]
    pile = view.pile
    shown = " ".join(str(c) for c in pile[-16:])
    more = "... " if len(pile) > 16 else ""
    lines.append(
        f"pile: {counted(len(pile), 'card')}" + (f", top last: {more}{shown}" if pile else "")
    )
    for seat in range(players):
        you = f" ({label})" if seat == view.seat else ""
        mark = ">" if seat == view.turn else " "
        out = ", out" if view.out[seat] else ""
        lines.append(f"{mark} seat {seat}{you}: {counted(view.stack_sizes[seat], 'card')}{out}")
    return "\n".join(lines)


def render_move(move: Turn) -> str:
    """
    The only move as short text.

    >>> render_move(Turn())
    'turn'
    """
    return str(expect(move, Turn, "a beggar Turn"))
