"""
Beggar-my-neighbour as a picture: the seats around the table, each with its face-down
stack, and the face-up pile in the middle, top card last.

A state and a view draw alike, since no seat may look into any stack (BM-3): the
state's picture only adds, in each stack's title, the card on top.
"""

from __future__ import annotations

from cardrules._svg import Canvas, plural, table_canvas
from cardrules.beggar._state import Card, State, View

__all__ = ["render_svg"]

_W = 420
_SUIT = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
_SUIT_NAME = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_RANK_NAME = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
_SEAT_BOX = (130, 78)
# Where each seat sits, clockwise from the bottom (play passes to the left).
_PLACES = {
    2: ((145, 262), (145, 50)),
    3: ((145, 262), (8, 156), (282, 156)),
    4: ((145, 262), (8, 156), (145, 50), (282, 156)),
}


def _name(card: Card) -> str:
    rank = _RANK_NAME.get(card.rank, card.rank)
    text = f"{rank} of {_SUIT_NAME[card.suit]}"
    if card.is_penalty:
        text += f" (a penalty card: {plural(card.demand, 'card')} to pay, BM-5)"
    return text


def _card(canvas: Canvas, x: float, y: float, card: Card, *, mark: bool, where: str) -> None:
    red = card.suit in "DH"
    canvas.card(
        x,
        y,
        card.rank + _SUIT[card.suit],
        f"{_name(card)}, face up {where}",
        color="#c92a2a" if red else "#1f2933",
        face="#fff9db" if card.is_penalty else "#ffffff",
        corner=card.rank,
        mark=mark,
        data=str(card),
    )


def render_svg(obj: State | View, *, last_move: object = None, mover: int | None = None) -> str:
    """
    A state or a view as an SVG picture of the table.

    >>> from cardrules import beggar
    >>> svg = render_svg(beggar.view(beggar.new_game(seed=1), 0))
    >>> "seat 0 (you)" in svg, "26 cards" in svg
    (True, True)
    """
    is_state = isinstance(obj, State)
    if is_state:
        assert isinstance(obj, State)
        sizes = tuple(len(stack) for stack in obj.stacks)
        turn: int | None = None if obj.ended is not None else obj.turn
        you = None
    else:
        assert isinstance(obj, View)
        sizes = obj.stack_sizes
        turn = obj.turn
        you = obj.seat
    players = len(sizes)
    marked = last_move is not None
    height = 372 if marked else 344  # room for the last move's band
    canvas = table_canvas(
        _W,
        height,
        "Beggar-my-neighbour",
        you,
        players,
        f"cards turned {obj.cards} \u00b7 tricks {obj.tricks}",
        f"{plural(obj.cards, 'card')} turned, {plural(obj.tricks, 'trick')} taken (BM-8)",
    )
    if turn is None:
        status = f"the game is over ({str(obj.ended).replace('_', ' ')})"
    else:
        status = f"seat {turn} to turn a card"
        if obj.owed:
            status += f", owing {obj.owed} to seat {obj.penalty_seat} (BM-5)"
    canvas.text(8, 38, status, title=status)

    box_w, box_h = _SEAT_BOX
    for seat, (x, y) in enumerate(_PLACES[players]):
        size = sizes[seat]
        to_move = seat == turn
        out = obj.out[seat]
        canvas.box(
            x,
            y,
            box_w,
            box_h,
            f"seat {seat}'s place at the table",
            fill="#ebfbee" if to_move else "#ffffff",
            stroke="#2b8a3e" if to_move else "#c9d1d9",
            width=2 if to_move else 1,
        )
        owes = f"owes {obj.owed}" if to_move and obj.owed else ""
        canvas.seat_label(
            x + 6,
            y + 17,
            f"seat {seat}",
            "out" if out else "",
            to_move=to_move,
            you=seat == you,
            note=owes,
        )
        if size:
            top = ""
            if is_state:
                assert isinstance(obj, State)
                top = f", top card {_name(obj.stacks[seat][0])}"
            canvas.back(
                x + 8,
                y + 24,
                f"seat {seat}'s face-down stack: {plural(size, 'card')}{top}",
                depth=min(3, (size + 7) // 8),
                mark=mover == seat and last_move is not None,
            )
        else:
            canvas.slot(x + 8, y + 24, f"seat {seat}'s stack: empty")
        canvas.text(x + 58, y + 44, plural(size, "card"), bold=True)
        if seat == obj.penalty_seat and obj.owed:
            canvas.text(
                x + 58,
                y + 62,
                "takes the pile",
                size=10,
                muted=True,
                title=f"seat {seat} laid the last penalty card and takes the pile "
                "if it is not paid (BM-5)",
            )

    # The pile, in the middle: its last cards, the top one last (rightmost).
    pile = obj.pile
    shown = pile[-6:]
    step = 22
    px, py = _W / 2 - (34 + step * (max(len(shown), 1) - 1)) / 2, 160
    canvas.text(
        _W / 2,
        py - 6,
        f"pile: {plural(len(pile), 'card')}",
        bold=True,
        anchor="middle",
        title=f"the face-up pile, {plural(len(pile), 'card')}; the top card is the last drawn",
    )
    if not pile:
        canvas.slot(px, py, "the pile: empty")
    for i, card in enumerate(shown):
        place = len(pile) - len(shown) + i + 1
        on_top = i == len(shown) - 1
        where = "on top of the pile" if on_top else f"in the pile, card {place} of {len(pile)}"
        _card(canvas, px + i * step, py, card, mark=on_top and marked, where=where)
    if len(pile) > len(shown):
        canvas.text(px, py + 62, f"+{len(pile) - len(shown)} below", size=10, muted=True)

    if last_move is not None:
        who = "a seat" if mover is None else f"seat {mover}"
        if pile:
            top_card = pile[-1]
            text = f"last move: {who} turned the {top_card.rank}{_SUIT[top_card.suit]}"
        else:
            text = f"last move: {who} turned a card and the pile was taken"
        canvas.banner(height - 12, text)
    return canvas.render()
