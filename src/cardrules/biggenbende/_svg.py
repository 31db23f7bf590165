"""
Biggenbende as a picture: the piles in the middle, then every seat with its three rows
as at the table, the face-up cards lying on the face-down ones (BB-4), and its hand.

A view shows its own hand by value and every other hand as backs with a count; a
face-down card is a back in every picture (the state's picture writes on the back the
value that only the whole table knows).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules._svg import CARD_W, Canvas, fan, plural, table_canvas
from cardrules.biggenbende._state import (
    BURN,
    JOKER,
    REVERSE,
    SKIP,
    ChooseFaceUp,
    Play,
    State,
    TurnFaceDown,
    View,
)

__all__ = ["render_svg"]

_W = 480
_PANEL = 106
_TOP = 132
_HAND_X = 140
_PLACE = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def _label(value: int) -> str:
    return "\u2605" if value == JOKER else str(value)


def _name(value: int) -> str:
    if value == JOKER:
        return "a joker (BB-1)"
    effect = {
        SKIP: " (skips the next player, BB-14)",
        BURN: " (removes the pile, BB-13)",
        REVERSE: " (reverses the direction, BB-15)",
    }.get(value, "")
    return f"a {value}{effect}"


def _colour(value: int) -> tuple[str, str]:
    """The ink and the face of a card of ``value``."""
    if value == JOKER:
        return "#7048e8", "#f3f0ff"
    if value == BURN:
        return "#d9480f", "#fff4e6"
    if value in (SKIP, REVERSE):
        return "#1864ab", "#e7f5ff"
    return "#1f2933", "#ffffff"


def _card(
    canvas: Canvas,
    x: float,
    y: float,
    value: int,
    where: str,
    *,
    mark: bool = False,
    copies: int = 1,
) -> None:
    ink, face = _colour(value)
    title = f"{_name(value)}, face up {where}"
    if copies > 1:
        title = f"{copies} x {title}"
    canvas.card(
        x,
        y,
        _label(value),
        title,
        color=ink,
        face=face,
        corner="JK" if value == JOKER else str(value),
        badge=f"\u00d7{copies}" if copies > 1 else None,
        mark=mark,
        data=str(value),
    )


def _groups(counts: Sequence[int]) -> list[tuple[int, int]]:
    """``(value, copies)`` for every value held, jokers first."""
    return [(value, n) for value, n in enumerate(counts) if n]


def render_svg(obj: State | View, *, last_move: object = None, mover: int | None = None) -> str:
    """
    A state or a view as an SVG picture of the table.

    >>> from cardrules import biggenbende as bb
    >>> svg = render_svg(bb.view(bb.new_game(bb.Rules(players=3), seed=1), 2))
    >>> "seat 2 (you)" in svg, "draw pile: 50 cards" in svg
    (True, True)
    """
    is_state = isinstance(obj, State)
    rules = obj.rules
    players = rules.players
    if is_state:
        assert isinstance(obj, State)
        hands: tuple[Sequence[int] | None, ...] = obj.hands
        counts = tuple(sum(hand) for hand in obj.hands)
        draw_count = len(obj.draw)
        supply = rules.chips - sum(obj.chips)
        you = None
    else:
        assert isinstance(obj, View)
        hands = tuple(obj.hand if s == obj.seat else None for s in range(players))
        counts = obj.hand_counts
        draw_count = obj.draw_count
        supply = obj.supply
        you = obj.seat
    turn = obj.turn
    marked = last_move is not None
    height = _TOP + _PANEL * players + (28 if marked else 4)
    canvas = table_canvas(
        _W,
        height,
        "Biggenbende",
        you,
        players,
        f"round {obj.round} of {rules.rounds} \u00b7 supply {plural(supply, 'chip')}",
        f"round {obj.round} of {rules.rounds}, started by seat {obj.starter}; "
        f"{plural(supply, 'chip')} left in the supply",
    )
    way = "clockwise \u21bb" if obj.direction == 1 else "counter-clockwise \u21ba"
    if turn is None:
        status = "the match is over"
    elif obj.phase == "choose":
        status = f"seat {turn} chooses three face-up cards (BB-4)"
    else:
        status = f"seat {turn} to move \u00b7 play goes {way}"
    canvas.text(8, 38, status, title=status)

    # The middle of the table: draw pile, discard pile (top card last), removed cards.
    y = 62
    canvas.text(8, y - 8, f"draw pile: {plural(draw_count, 'card')}", size=11, bold=True)
    if draw_count:
        canvas.back(
            14,
            y,
            f"the draw pile: {plural(draw_count, 'card')}, face down",
            depth=min(3, (draw_count + 9) // 10),
            note=str(draw_count),
        )
    else:
        canvas.slot(14, y, "the draw pile: empty")
    discard = obj.discard
    canvas.text(
        150,
        y - 8,
        f"discard pile: {plural(len(discard), 'card')}",
        size=11,
        bold=True,
        title=f"the discard pile, {plural(len(discard), 'card')}, top card on the right",
    )
    shown = discard[-7:]
    played = 0
    if isinstance(last_move, Play):
        played = last_move.count
    if not discard:
        canvas.slot(150, y, "the discard pile: empty")
    for i, value in enumerate(shown):
        depth = len(shown) - i  # 1 for the top card
        where = (
            "on top of the discard pile"
            if depth == 1
            else (f"in the discard pile, {depth - 1} below the top")
        )
        _card(
            canvas,
            150 + i * 24,
            y,
            value,
            where,
            mark=depth <= played
            and value == (last_move.value if isinstance(last_move, Play) else -1),
        )
    removed = sum(obj.removed)
    canvas.text(
        _W - 8,
        y - 8,
        f"removed: {plural(removed, 'card')}",
        size=11,
        muted=True,
        anchor="end",
        title=f"{plural(removed, 'card')} out of the round (burnt, BB-12, BB-13)",
    )

    for seat in range(players):
        top = _TOP + _PANEL * seat
        to_move = seat == turn
        canvas.box(
            4,
            top,
            _W - 8,
            _PANEL - 6,
            f"seat {seat}'s place at the table",
            fill="#ebfbee" if to_move else "#ffffff",
            stroke="#2b8a3e" if to_move else "#c9d1d9",
            width=2 if to_move else 1,
        )
        detail = plural(obj.chips[seat], "chip")
        if seat in obj.places:
            detail += f" \u00b7 out {_PLACE[obj.places.index(seat)]}"
        canvas.seat_label(12, top + 17, f"seat {seat}", detail, to_move=to_move, you=seat == you)
        canvas.text(12, top + 30, "face down / face up", size=9, muted=True)
        canvas.text(
            _HAND_X, top + 30, f"hand \u00b7 {plural(counts[seat], 'card')}", size=9, muted=True
        )
        mine = marked and mover == seat
        # Row 1: the face-down cards, three places that keep their numbers (BB-11).
        for pos in range(3):
            x = 12 + pos * (CARD_W + 4)
            here = f"seat {seat}'s face-down place {pos}"
            hit = mine and isinstance(last_move, TurnFaceDown) and last_move.position == pos
            if is_state:
                assert isinstance(obj, State)
                down = obj.face_down[seat][pos]
                if down is None:
                    canvas.slot(x, top + 36, f"{here}: empty", mark=hit)
                else:
                    canvas.back(
                        x,
                        top + 36,
                        f"{here}: a card face down (the whole table knows: {_name(down)})",
                        note=_label(down),
                        note_y=13,
                        mark=hit,
                    )
            elif obj.face_down[seat][pos]:
                canvas.back(x, top + 36, f"{here}: a card face down", mark=hit)
            else:
                canvas.slot(x, top + 36, f"{here}: empty", mark=hit)
        # Row 2: the face-up cards, lying on the face-down ones.
        ups = [v for v, n in _groups(obj.face_up[seat]) for _ in range(n)]
        step = fan(len(ups), 3 * CARD_W + 8, step=CARD_W + 4)
        chose = mine and isinstance(last_move, ChooseFaceUp)
        for i, value in enumerate(ups):
            _card(
                canvas,
                12 + i * step,
                top + 54,
                value,
                f"on seat {seat}'s face-down row",
                mark=chose,
            )
        # Row 3: the hand, by value (own hand, or every hand on the whole table).
        hand = hands[seat]
        room = _W - 16 - _HAND_X
        if hand is not None:
            groups = _groups(hand)
            step = fan(len(groups), room, step=CARD_W + 4)
            for i, (value, n) in enumerate(groups):
                _card(
                    canvas, _HAND_X + i * step, top + 44, value, f"in seat {seat}'s hand", copies=n
                )
        elif counts[seat]:
            backs = min(counts[seat], 8)
            step = fan(backs, min(room, 200), step=14)
            for i in range(backs):
                last = i == backs - 1
                canvas.back(
                    _HAND_X + i * step,
                    top + 44,
                    f"seat {seat}'s hand: {plural(counts[seat], 'card')}, hidden",
                    note=str(counts[seat]) if last else None,
                )
        else:
            canvas.text(_HAND_X, top + 70, "no cards in hand", size=10, muted=True)

    if marked:
        canvas.banner(height - 12, f"last move: {_told(obj, last_move, mover)}")
    return canvas.render()


def _told(obj: State | View, move: object, mover: int | None) -> str:
    """The last move as the picture's reader may know it (a face-up choice is hidden
    from the other seats until every seat has chosen, BB-4)."""
    who = "a seat" if mover is None else f"seat {mover}"
    hidden = isinstance(obj, View) and obj.seat != mover and obj.phase == "choose"
    if isinstance(move, ChooseFaceUp) and hidden:
        return f"{who} chose three face-up cards"
    return f"{who}: {move}"
