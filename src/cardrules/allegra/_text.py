"""
Allegra as text: a seat's view with every area, a move, and what a played move showed.

Places are named in their owner's grid (``p1.r0c3``, see :class:`Slot`); an area
is drawn with its shared column (the left neighbour's column 3, AL-3) left of ``|``.
"""

from __future__ import annotations

from cardrules import _fastobs
from cardrules._render import counted
from cardrules.allegra._geometry import GRID
from cardrules.allegra._state import (
    Move,
    State,
    View,
)
from cardrules.allegra._view import view as _view

__all__ = ["render_move", "render_view"]


def _cell(view: View, place: int) -> str:
    card = view.cards[place]
    if card is not None:
        return f"{card:>3}"
    return "  ?" if view.face_down[place] else "  ."


def _mover(view: View | State) -> int | None:
    if view.phase == "over":
        return None
    if view.phase == "knock" and view.knock_queue:
        return view.knock_queue[0]
    if view.phase == "place" and view.receiver is not None:
        return view.receiver
    return view.current


def _doing(view: View | State) -> str:
    """Who is to do what (during a knock the drawer is ``current``, not the mover)."""
    drawer = view.current
    knocker = view.knock_queue[0] if view.knock_queue else None
    return {
        "reveal": f"seat {drawer} turns up a card ({view.reveals_left} to go)",
        "turn": f"seat {drawer} draws or takes the discard",
        "knock": f"seat {drawer} drew {view.drawn}; seat {knocker} knocks or passes",
        "give": f"seat {drawer} gives the {view.drawn} to a knocker or ignores the knocks",
        "place": f"seat {view.receiver} places the card given by seat {drawer}",
        "exchange": f"seat {drawer} takes a card from seat {view.receiver}'s area",
        "drawn": f"seat {drawer} swaps in or discards the drawn {view.drawn}",
        "over": "the game is over",
    }.get(view.phase, f"seat {drawer} to play ({view.phase})")


def render_view(view: View, label: str) -> str:
    """
    The view as text: the round, the piles, the knocks and every seat's area.

    ``label`` marks the view's own seat (``seat 0 (you)``). In an area ``?`` is a
    face-down card and ``.`` a removed place (AL-8); the column left of ``|`` is the
    left neighbour's column 3, shared by both areas (AL-3).

    >>> from cardrules import allegra
    >>> state = allegra.new_game(allegra.Rules(players=2), seed=3)
    >>> print("\\n".join(render_view(allegra.view(state, 0), "you").splitlines()[3:5]))
    > seat 0 (you)
             p1.c3 | p0.c0 p0.c1 p0.c2 p0.c3
    """
    n = view.rules.players
    mover = _mover(view)
    before, after = _around(view, view.deck_count)
    hand = f"\nyour card in hand: {view.hand}" if view.hand is not None else ""
    cells = [_cell(view, place) for place in range(len(view.cards))]
    totals = [sum(r[s] for r in view.scores) for s in range(n)] if view.scores else None
    lines = [f"{before}{hand}\n{after}"]
    for seat in range(n):
        you = f" ({label})" if seat == view.seat else ""
        mark = ">" if seat == mover else " "
        score = f", total so far {totals[seat]}" if totals is not None else ""
        lines.append(f"{mark} seat {seat}{you}{score}\n{_area(seat, n, cells)}")
    return "\n".join(lines)


def _around(at: View | State, deck_count: int) -> tuple[str, str]:
    """
    The lines above the areas, the same in every seat's view of a position: those
    before the line of a knocker's card in hand, and those after it.
    """
    discard = at.discard
    top = discard[-1] if discard else None
    head = [
        f"round {at.round} of {at.rules.rounds}, turn {at.turns}; {_doing(at)}",
        f"deck {counted(deck_count, 'card')}; "
        f"discard pile {counted(len(discard), 'card')}, top "
        + ("-" if top is None else str(top))
        + (f"; drawn card {at.drawn}" if at.drawn is not None else ""),
    ]
    if at.knockers or at.passers:
        knocks = ", ".join(f"seat {k}" for k in at.knockers) or "nobody"
        head.append(f"knocked: {knocks}")
    if at.receiver is not None:
        head.append(f"the card went to seat {at.receiver}")
    tail = []
    if at.ender is not None:
        tail.append(f"seat {at.ender} ended the round; {counted(at.last_turns, 'turn')} left")
    tail.append("areas (? face down, . removed; the column left of | is shared):")
    return "\n".join(head), "\n".join(tail)


def _area(seat: int, n: int, cells: list[str]) -> str:
    """``seat``'s area (and the shared column left of it), from every place's cell."""
    left = (seat + 1) % n
    rows = [f"         p{left}.c3 | " + " ".join(f"p{seat}.c{c}" for c in range(4))]
    for row in range(3):
        shared = cells[left * GRID + row * 4 + 3]
        start = seat * GRID + row * 4
        own = " ".join(f"{cells[start + c]:>5}" for c in range(4))
        rows.append(f"    r{row}    {shared:>4} | {own}")
    return "\n".join(rows)


def _texts(state: State) -> list[str]:
    # Every seat's render_view(view(state, seat), "you"), straight from the state (for
    # the adapters, registered below): the seats' views differ only in the label and a
    # knocker's card in hand, so every area is drawn once for all.
    # Must stay byte for byte render_view's (tests/test_openspiel_speed.py checks it).
    n = state.rules.players
    mover = _mover(state)
    before, after = _around(state, len(state.deck))
    holder = state.receiver if state.hand is not None else None
    with_hand = f"{before}\nyour card in hand: {state.hand}\n{after}"
    without = f"{before}\n{after}"
    cells = [
        f"{card:>3}" if up and card is not None else ("  ." if card is None else "  ?")
        for card, up in zip(state.cards, state.face_up, strict=True)
    ]
    totals = [sum(r[s] for r in state.scores) for s in range(n)] if state.scores else None
    plain: list[str] = []
    yours: list[str] = []
    for seat in range(n):
        mark = ">" if seat == mover else " "
        score = f", total so far {totals[seat]}" if totals is not None else ""
        area = _area(seat, n, cells)
        plain.append(f"{mark} seat {seat}{score}\n{area}")
        yours.append(f"{mark} seat {seat} (you){score}\n{area}")
    texts = []
    for seat in range(n):
        blocks = plain.copy()
        blocks[seat] = yours[seat]
        texts.append((with_hand if seat == holder else without) + "\n" + "\n".join(blocks))
    return texts


_fastobs.register_texts(_view, render_view, _texts)


def render_move(move: Move) -> str:
    """
    A move as short text: its notation, places named in their owner's grid.

    >>> from cardrules import allegra
    >>> render_move(allegra.Swap(allegra.Slot(1, 0, 3)))
    'swap the drawn card onto p1.r0c3'
    """
    return str(move)


RULES_TEXT = """\
Allegra, 2 to 6 players (AL-2): 120 cards valued -1 to 11 (AL-1). Three rounds; the
lowest total score wins (AL-12).

- Each player owns a grid of 3 rows x 4 columns, dealt face down. Your area is 3 x 5:
  your own four columns and, on their left, the last column of your left neighbour's
  grid (the next seat), which you share with them (AL-3). pN.rRcC names seat N's
  grid, row R, column C.
- At the deal everyone turns up two face-down cards of their area (AL-4).
- On your turn, either draw the top card of the deck, then lay it on a place of your
  area (its old card is discarded) or discard it and turn up a face-down card of your
  area; or take the top discard and lay it on a place of your area (AL-6).
- Knocking (3 or more players): after you draw, every other player may knock (ask for
  the card) or pass (not ask). If someone knocked you may ignore the knocks, or give
  the card to a knocker: they lay it in their area and take that place's old card in
  hand; you move a card of their area into yours (that place's old card is
  discarded); they lay their card in hand on the place you emptied (AL-7).
- Three or more equal face-up cards side by side in an area row, or filling an area
  column, leave the round (AL-8).
- Whoever has no face-down card left at the end of their turn ends the round: the
  others have one more turn each (AL-9). Your round score is the sum of your area, the
  shared column included; the ender's positive score is doubled unless it is the
  lowest alone (AL-10)."""
"""Allegra's rules for a person at the table (``GAME.rules_text``)."""
