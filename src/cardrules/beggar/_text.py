"""
Beggar-my-neighbour as text: a seat's view, a move, and what a turned card did.
"""

from __future__ import annotations

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
    return str(move)


def _played(move: Turn, before: View, after: View) -> str:
    """
    The card turned, the seats that went out and who took the pile (BM-5, BM-7), from
    one seat's views ``before`` and ``after`` the move.
    """
    text = str(move)
    if len(after.pile) == len(before.pile) + 1:
        text = f"{text} {after.pile[-1]}"
    gone = [s for s, out in enumerate(after.out) if out and not before.out[s]]
    for seat in gone:
        text += f"; seat {seat} is out"
    if after.tricks > before.tricks:
        # The taker is the one seat whose stack grew: the penalty player of BM-5, the
        # player who laid the last penalty card when the payer ran out, or the last
        # player with cards (BM-7).
        sizes = zip(before.stack_sizes, after.stack_sizes, strict=True)
        grew = [s for s, (old, new) in enumerate(sizes) if new > old]
        who = f"seat {grew[0]}" if len(grew) == 1 else "the last penalty player"
        text += f"; {who} takes the pile ({counted(len(before.pile) + 1, 'card')})"
    return text
