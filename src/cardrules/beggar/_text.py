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


RULES_TEXT = """\
Beggar-my-neighbour, 2 to 4 players (BM-2), a 52-card deck (BM-1). Nobody decides
anything: the only move is to turn your top card.

- The deck is dealt one card at a time from seat 0; each stack stays face down (BM-3).
- Seat 0 turns first: each player turns the top card of their stack onto the pile. A
  number card (2 to 10) passes the turn on (BM-4).
- A, K, Q, J are penalty cards: the next player must pay 4, 3, 2, 1 cards, turned one at
  a time. A penalty card among them passes the debt on to the next player; a payment of
  number cards only gives the whole pile to whoever laid the last penalty card, who leads
  next (BM-5). The pile goes under the taker's stack, in the order it was laid (BM-6).
- A player who must turn a card and has none is out; the last player with cards wins (BM-7).
- A position that repeats means the game never ends: it stops as endless (BM-9); an
  agreed card limit may stop it too, and then the most cards win (BM-10)."""
"""Beggar-my-neighbour's rules for a person at the table (``GAME.rules_text``)."""
