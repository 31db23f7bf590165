"""
Allegra as a picture: the deck, the discard pile and the drawn card in the middle, then
every seat's area of 3 rows by 5 columns (AL-3).

An area's first column is its left neighbour's column 3, so every column 3 lies in two
areas: it is drawn in both, on a violet band, headed with its owner's name (``p1.c3``),
and a card on it is marked in both places when a move touches it. A view shows a
face-down card as a back; the state's picture writes on the back the value that only the
whole table knows.
"""

from __future__ import annotations

from typing import Any, cast

import attrs

from cardrules._svg import plural, table_canvas, words
from cardrules.allegra._geometry import GRID
from cardrules.allegra._moves import Slot
from cardrules.allegra._state import State, View
from cardrules.allegra._text import _doing, _mover

__all__ = ["render_svg"]

_W = 420
_CW, _CH = 30, 40
_STEP = 33
_GAP = 6  # between the shared column and the area's own columns
_BLOCK_W, _BLOCK_H = 198, 176
_TOP = 140
_SHARED = "#e5dbff"


def _colour(value: int) -> str:
    """The face of a card of ``value``: blue, green, yellow, red from low to high."""
    if value <= 0:
        return "#a5d8ff"
    if value <= 4:
        return "#b2f2bb"
    if value <= 8:
        return "#ffec99"
    return "#ffc9c9"


def _slots(move: object) -> set[int]:
    """The places a move names (its ``Slot`` fields), as place indices."""
    if not attrs.has(type(move)):
        return set()
    found = set()
    for field in attrs.fields(cast(Any, type(move))):
        slot = getattr(move, field.name)
        if isinstance(slot, Slot):
            found.add(slot.owner * GRID + slot.row * 4 + slot.col)
    return found


def render_svg(obj: State | View, *, last_move: object = None, mover: int | None = None) -> str:
    """
    A state or a view as an SVG picture of the table.

    >>> from cardrules import allegra
    >>> state = allegra.new_game(allegra.Rules(players=2), seed=3)
    >>> svg = render_svg(allegra.view(state, 0))
    >>> "seat 0 (you)" in svg, "shared by the areas of seat 1 and seat 0" in svg
    (True, True)
    """
    rules = obj.rules
    n = rules.players
    is_state = isinstance(obj, State)
    if is_state:
        assert isinstance(obj, State)
        deck_count = len(obj.deck)
        you = None
        seen = obj.hand
        hand_count = 0 if obj.hand is None else 1
        up = obj.face_up
        cards = obj.cards
    else:
        assert isinstance(obj, View)
        deck_count = obj.deck_count
        you = obj.seat
        seen = obj.hand
        hand_count = obj.hand_count
        up = tuple(c is not None for c in obj.cards)
        cards = obj.cards
    marked = last_move is not None
    touched = _slots(last_move) if marked else set()
    to_move = None if obj.phase == "over" else _mover(obj)
    rows = (n + 1) // 2
    height = _TOP + rows * _BLOCK_H - 24 + (26 if marked else 0)  # the last area, the band
    canvas = table_canvas(
        _W,
        height,
        "Allegra",
        you,
        n,
        f"round {obj.round} of {rules.rounds} \u00b7 turn {obj.turns}",
        f"round {obj.round} of {rules.rounds}, {plural(obj.turns, 'turn')} played in it (AL-13)",
    )
    status = _doing(obj)
    canvas.text(8, 38, status, title=status)
    knocks = []
    if obj.knockers:
        knocks.append("knocked: " + words([f"seat {s}" for s in obj.knockers]))
    if obj.passers:
        knocks.append("passed: " + words([f"seat {s}" for s in obj.passers]))
    if obj.ender is not None:
        knocks.append(
            f"seat {obj.ender} ended the round; {plural(obj.last_turns, 'turn')} left (AL-9)"
        )
    if knocks:
        canvas.text(8, 54, "; ".join(knocks), size=11, muted=True, title="; ".join(knocks))

    # The middle: deck, discard pile (top card last), the drawn card, a card in hand.
    y = 76
    canvas.text(8, y - 10, "deck", size=11, bold=True)
    if deck_count:
        canvas.back(
            10,
            y,
            f"the deck: {plural(deck_count, 'card')}, face down",
            w=_CW,
            h=_CH,
            depth=min(3, (deck_count + 19) // 20),
            note=str(deck_count),
        )
    else:
        canvas.slot(10, y, "the deck: empty", w=_CW, h=_CH)
    discard = obj.discard
    canvas.text(70, y - 6, f"discard: {plural(len(discard), 'card')}", size=11, bold=True)
    if not discard:
        canvas.slot(70, y, "the discard pile: empty", w=_CW, h=_CH)
    shown = discard[-5:]
    for i, value in enumerate(shown):
        top = i == len(shown) - 1
        where = "on top of the discard pile" if top else "in the discard pile"
        canvas.card(
            70 + i * 20,
            y,
            str(value),
            f"{value}, face up {where}",
            w=_CW,
            h=_CH,
            face=_colour(value),
            data=str(value),
        )
    if obj.drawn is not None:
        canvas.text(200, y - 6, "drawn card", size=11, bold=True)
        canvas.card(
            200,
            y,
            str(obj.drawn),
            f"{obj.drawn}: the card drawn from the deck, seen by all (AL-6)",
            w=_CW,
            h=_CH,
            face=_colour(obj.drawn),
            mark=True,
            data=str(obj.drawn),
        )
    if hand_count:
        receiver = obj.receiver
        canvas.text(280, y - 6, f"seat {receiver}'s hand", size=11, bold=True)
        if seen is not None:
            canvas.card(
                280,
                y,
                str(seen),
                f"{seen}: in seat {receiver}'s hand (AL-7)",
                w=_CW,
                h=_CH,
                face=_colour(seen),
                data=str(seen),
            )
        else:
            canvas.back(280, y, f"a card in seat {receiver}'s hand, hidden (AL-14)", w=_CW, h=_CH)

    totals = [sum(r[s] for r in obj.scores) for s in range(n)] if obj.scores else None
    for seat in range(n):
        left = (seat + 1) % n
        bx = 6 + (seat % 2) * (_BLOCK_W + 10)
        by = _TOP + (seat // 2) * _BLOCK_H
        moving = seat == to_move
        canvas.box(
            bx,
            by - 22,
            _BLOCK_W,
            _BLOCK_H - 8,
            f"seat {seat}'s area: its own grid and, on the "
            f"left, column 3 of seat {left}'s grid (AL-3)",
            fill="#ebfbee" if moving else "#ffffff",
            stroke="#2b8a3e" if moving else "#c9d1d9",
            width=2 if moving else 1,
        )
        detail = "" if totals is None else f"total {totals[seat]}"
        note = ""
        if seat in obj.knockers:
            note = "knocked"
        canvas.seat_label(
            bx + 6, by - 6, f"seat {seat}", detail, to_move=moving, you=seat == you, note=note
        )
        # The columns: the shared one (the left neighbour's column 3), then the own four.
        columns = [(left, 3)] + [(seat, c) for c in range(4)]
        for a, (owner, col) in enumerate(columns):
            x = bx + 6 + a * _STEP + (_GAP if a else 0)
            shared = col == 3
            if shared:
                # Column 3 of seat o lies in o's area and in that of o's right neighbour.
                other = (owner - 1) % n
                canvas.box(
                    x - 2,
                    by + 2,
                    _CW + 4,
                    3 * (_CH + 4) + 10,
                    f"column 3 of seat {owner}'s grid: shared by the areas of seat {owner} "
                    f"and seat {other} (AL-3)",
                    fill=_SHARED,
                    stroke="#9775fa",
                    dash=True,
                    radius=4,
                    cls="shared",
                )
            head = f"p{owner}.c{col}" if owner != seat else f"c{col}"
            canvas.text(
                x + _CW / 2, by + 12, head, size=8, anchor="middle", muted=not shared, bold=shared
            )
            for row in range(3):
                place = owner * GRID + row * 4 + col
                name = f"p{owner}.r{row}c{col}"
                cy = by + 16 + row * (_CH + 4)
                hit = place in touched
                held = cards[place]
                if held is not None and up[place]:
                    canvas.card(
                        x,
                        cy,
                        str(held),
                        f"{name}: {held}, face up",
                        w=_CW,
                        h=_CH,
                        face=_colour(held),
                        mark=hit,
                        data=str(held),
                    )
                elif held is not None:  # face down, on the whole table
                    canvas.back(
                        x,
                        cy,
                        f"{name}: face down (the whole table knows: {held})",
                        w=_CW,
                        h=_CH,
                        note=str(held),
                        mark=hit,
                    )
                elif isinstance(obj, View) and obj.face_down[place]:
                    canvas.back(x, cy, f"{name}: face down", w=_CW, h=_CH, mark=hit)
                else:
                    canvas.slot(x, cy, f"{name}: removed (AL-8)", w=_CW, h=_CH, mark=hit)

    if marked:
        who = "a seat" if mover is None else f"seat {mover}"
        canvas.banner(height - 12, f"last move: {who}: {last_move}")
    return canvas.render()
