"""Builders for scripted Allegra situations (explicit layouts, AL-4)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

import attrs

from cardrules import allegra as al
from cardrules.allegra import CARD_VALUES, Layout, Rules, Slot, State
from tests.refused import reached


def S(text: str) -> Slot:  # noqa: N802 - short like a constructor
    """``S("p0.r1c2")``: a slot from its printed form."""
    return Slot.from_str(text)


def make_layout(
    rules: Rules,
    grids: Sequence[str],
    *,
    discard: Sequence[int] = (0,),
    deck: Sequence[int] = (),
    fill: Literal["deck", "discard"] = "deck",
    reveals: bool = False,
) -> Layout:
    """
    A layout from one string per seat: rows split by ``/``, cards by spaces, and a
    ``*`` after a card to lay it face up. ``deck`` is the top of the deck; every card of
    ``rules.deck`` not named goes, in value order, under it (or under ``discard``'s
    cards, ``fill="discard"``).
    """
    values: list[tuple[int, ...]] = []
    up: list[Slot] = []
    for seat, text in enumerate(grids):
        rows = text.split("/")
        assert len(rows) == 3, text
        grid: list[int] = []
        for r, row in enumerate(rows):
            cells = row.split()
            assert len(cells) == 4, row
            for c, cell in enumerate(cells):
                if cell.endswith("*"):
                    up.append(Slot(seat, r, c))
                    cell = cell[:-1]
                grid.append(int(cell))
        values.append(tuple(grid))
    left = list(rules.deck)
    for v in (*(v for g in values for v in g), *discard, *deck):
        left[v + 1] -= 1
        assert left[v + 1] >= 0, f"too many cards of value {v}"
    rest = tuple(v for v, k in zip(CARD_VALUES, left, strict=True) for _ in range(k))
    if fill == "deck":
        return Layout(
            grids=tuple(values),
            discard=tuple(discard),
            deck=(*deck, *rest),
            face_up=tuple(up),
            reveals=reveals,
        )
    return Layout(
        grids=tuple(values),
        discard=(*rest, *discard),
        deck=tuple(deck),
        face_up=tuple(up),
        reveals=reveals,
    )


def start(rules: Rules, *grids: str, **kwargs: object) -> State:
    """``new_game`` from :func:`make_layout` (seed 0 for later rounds)."""
    return al.new_game(rules, seed=0, layout=make_layout(rules, grids, **kwargs))  # type: ignore[arg-type]


def play(state: State, *moves: al.Move) -> State:
    """Apply the moves in order, checking every state on the way."""
    for move in moves:
        assert move in al.legal_moves(state), f"{move} not legal in phase {state.phase}"
        state = al.apply(state, move)
        al.check_state(state)
    return state


def remove_places(state: State, slots: Sequence[Slot]) -> State:
    """The state with those places removed (their cards counted as removed, AL-8)."""
    cards = list(state.cards)
    face_up = list(state.face_up)
    removed = list(state.removed)
    for slot in slots:
        i = slot.owner * 12 + slot.row * 4 + slot.col
        removed.append(cards[i])  # type: ignore[arg-type]
        cards[i] = None
        face_up[i] = False
    out = attrs.evolve(state, cards=tuple(cards), face_up=tuple(face_up), removed=tuple(removed))
    al.check_state(out)
    return out


def card(state: State, slot: str) -> int | None:
    """The card on a place (``None`` if removed)."""
    s = S(slot)
    return state.cards[s.owner * 12 + s.row * 4 + s.col]


def is_up(state: State, slot: str) -> bool:
    """Whether the card on a place lies face up."""
    s = S(slot)
    return state.face_up[s.owner * 12 + s.row * 4 + s.col]


FILL = "1 2 3 4 / 5 6 7 8 / 9 10 11 0"
"""A face-down grid with every value once but -1."""


def reach(rules: Rules, seed: int, until: Callable[[State], bool]) -> State:
    """The first state of a seeded random Allegra game that ``until`` accepts
    (:func:`tests.refused.reached`)."""
    state: State = reached("allegra", rules, seed, until)
    return state


def rules_with(base: Rules, **fields: object) -> Rules:
    """``base`` with ``fields`` set past the validators (a forged ``Rules``)."""
    rules = object.__new__(Rules)
    for field in attrs.fields(Rules):
        object.__setattr__(rules, field.name, getattr(base, field.name))
    for name, value in fields.items():
        object.__setattr__(rules, name, value)
    return rules
