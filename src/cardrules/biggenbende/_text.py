"""
Biggenbende as text: a seat's view, a move, and what a played move showed.

Cards are written by value, ``joker`` for the joker (BB-1); a count tuple is written
as its cards, jokers first, in the order the moves use.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from cardrules import _fastobs
from cardrules._checks import expect
from cardrules._render import counted
from cardrules.biggenbende._cards import EMPTY
from cardrules.biggenbende._state import (
    JOKER,
    ChooseFaceUp,
    Move,
    PickUp,
    Play,
    State,
    TurnFaceDown,
    View,
)
from cardrules.biggenbende._view import view as _view

__all__ = ["render_move", "render_view"]


def _card(value: int) -> str:
    return "joker" if value == JOKER else str(value)


def _cards(counts: Sequence[int]) -> str:
    """A count tuple (index = value, 0 the joker) as cards in the moves' order: jokers first."""
    return _tuple_cards(tuple(counts))


@functools.lru_cache(maxsize=4096)
def _tuple_cards(counts: tuple[int, ...]) -> str:
    # Kept: the adapters draw every seat's view of every position, and the same hands
    # and face-up cards come back in each.
    cards = [_card(v) for v in range(len(counts)) for _ in range(counts[v])]
    return " ".join(cards) if cards else "-"


@functools.lru_cache(maxsize=256)
def _down(row: tuple[bool, ...]) -> str:
    # A seat's face-down places: ``#`` a card, ``.`` gone.
    return "".join("#" if d else "." for d in row)


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
    players = len(view.hand_counts)
    lines = [_head(view, view.draw_count)]
    for seat in range(players):
        you = f" ({label})" if seat == view.seat else ""
        mark = ">" if seat == view.turn else " "
        down = _down(tuple(view.face_down[seat]))
        if seat == view.seat:
            hand = f"hand {_cards(view.hand)}"
        else:
            hand = f"hand {counted(view.hand_counts[seat], 'card')}"
        lines.append(
            f"{mark} seat {seat}{you}: {hand} | face up {_cards(view.face_up[seat])} "
            f"| face down {down}"
        )
    return "\n".join(lines)


def _head(at: View | State, draw_count: int) -> str:
    """The lines before the seats, the same in every seat's view of a position."""
    turn = "the match is over" if at.turn is None else f"seat {at.turn} to move"
    way = "clockwise" if at.direction == 1 else "counter-clockwise"
    lines = [
        f"round {at.round} of {at.rules.rounds}, started by seat {at.starter}; "
        f"{turn}; play goes {way}",
        "chips: "
        + ", ".join(f"seat {s} {c}" for s, c in enumerate(at.chips))
        + f"; supply {at.supply}",
    ]
    discard = at.discard
    shown = " ".join(_card(v) for v in discard[-12:])
    more = "... " if len(discard) > 12 else ""
    lines.append(
        f"discard pile: {counted(len(discard), 'card')}"
        + (f", top last: {more}{shown}" if discard else "")
    )
    lines.append(
        f"draw pile: {counted(draw_count, 'card')}; removed: {counted(sum(at.removed), 'card')}"
    )
    if at.places:
        lines.append("out, in order: " + ", ".join(f"seat {s}" for s in at.places))
    return "\n".join(lines)


def _texts(state: State) -> list[str]:
    # Every seat's render_view(view(state, seat), "you"), straight from the state (for
    # the adapters, registered below): the lines before the seats are the same for every
    # seat, and each seat's line is drawn twice, as its own and as the others see it.
    # Must stay byte for byte render_view's (tests/test_openspiel_speed.py checks it).
    players = len(state.hands)
    head = _head(state, len(state.draw))
    choosing = state.phase == "choose"  # BB-4, BB-21: others' choices stay hidden
    hidden = _tuple_cards(EMPTY)
    own: list[str] = []
    other: list[str] = []
    for seat, (hand, up, row) in enumerate(
        zip(state.hands, state.face_up, state.face_down, strict=True)
    ):
        mark = ">" if seat == state.turn else " "
        down = _down(tuple([c is not None for c in row]))
        up_text = _tuple_cards(up)
        own.append(
            f"{mark} seat {seat} (you): hand {_tuple_cards(hand)} | face up {up_text} "
            f"| face down {down}"
        )
        count = sum(hand) + sum(up) if choosing else sum(hand)
        seen = hidden if choosing else up_text
        other.append(
            f"{mark} seat {seat}: hand {counted(count, 'card')} | face up {seen} "
            f"| face down {down}"
        )
    texts = []
    for seat in range(players):
        seats = other.copy()
        seats[seat] = own[seat]
        texts.append(head + "\n" + "\n".join(seats))
    return texts


_fastobs.register_texts(_view, render_view, _texts)


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


RULES_TEXT = """\
Biggenbende, 3 to 6 players (BB-2): 80 cards, six of each value 1 to 12 and eight
jokers (BB-1); a supply of 40 chips (BB-3). Get rid of all your cards first.

- Each round you get 3 face-down cards and 7 in hand, and lay 3 of those face up; the
  choices stay hidden until everyone has chosen (BB-4). Round r starts with seat
  (r - 1) mod n and play goes clockwise (BB-5).
- A play is one or more cards of one value, or jokers, equal to or higher than the top
  card of the discard pile; jokers go on anything and anything on a joker (BB-6).
- Play from your hand, and draw a card after each play from it (BB-7, BB-8); with the
  hand empty, from your face-up cards (BB-10); then turn a face-down card at a time and
  play it blind if you can (BB-11).
- With no legal play you must pick up the whole pile (BB-9).
- Three equal cards on top (BB-12) or any 8 (BB-13) remove the pile, and you play again
  (BB-16). 4s make the next player miss a turn (BB-14); 11s reverse the direction (BB-15).
- A player with no cards left is out; the round ends when the second player goes out
  (BB-17). It pays 3 chips to the first out, 2 to the second, 1 to the others, 0 to
  those with the most cards left (BB-18).
- The match lasts five rounds or until the supply runs out; the most chips win (BB-19)."""
"""Biggenbende's rules for a person at the table (``GAME.rules_text``)."""
