"""
Public and private parts of what a seat sees, for the observers of the adapters.

A seat's view (``Game.view``) holds public information, which every seat sees alike,
and the seat's private information. OpenSpiel asks for either part alone
(``IIGObservationType``); this module splits them, game by game, keyed by the game's
``view`` function (a game rebuilt with other ``actions`` or ``observation`` hooks keeps
its split):

- ``public(state)``: the *public view*, the view of seat 0 with seat 0's private
  information blanked as another seat sees it. Its encoding is in seat 0's frame and
  the same whichever seat asks.
- ``private(state, seat)``: the seat's private information as numbers, and
  ``private_text(state, seat)`` as text; ``private_size(rules)`` numbers.

A game without a split gives no public-only or private-only observation (the
adapters say so); its single-seat and all-seat observations still work.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

__all__: list[str] = []


@attrs.frozen
class _Split:
    public: Callable[[Any], Any]
    private_size: Callable[[Any], int]
    private: Callable[[Any, int], list[float]]
    private_text: Callable[[Any, int], str]


def _biggenbende() -> tuple[Callable[..., Any], _Split]:
    from cardrules import biggenbende
    from cardrules.biggenbende._cards import EMPTY
    from cardrules.biggenbende._text import _cards

    view = biggenbende.view

    def public(state: Any) -> Any:
        seen = view(state, 0)
        if state.phase == "choose":  # BB-4, BB-21: every choice is hidden until laid
            return attrs.evolve(
                seen,
                hand=EMPTY,
                face_up=(EMPTY,) * len(state.hands),
                hand_counts=tuple(
                    sum(h) + sum(u) for h, u in zip(state.hands, state.face_up, strict=True)
                ),
            )
        return attrs.evolve(seen, hand=EMPTY)

    def private(state: Any, seat: int) -> list[float]:
        # The hand's counts, then the seat's own face-up choice while it is hidden.
        chosen = state.face_up[seat] if state.phase == "choose" else EMPTY
        return [float(n) for n in (*state.hands[seat], *chosen)]

    def private_text(state: Any, seat: int) -> str:
        text = f"seat {seat}: hand {_cards(state.hands[seat])}"
        if state.phase == "choose":
            text += f" | chosen face up {_cards(state.face_up[seat])}"
        return text

    return view, _Split(public, lambda rules: 2 * len(EMPTY), private, private_text)


def _allegra() -> tuple[Callable[..., Any], _Split]:
    from cardrules import allegra
    from cardrules.allegra._observe import _V

    view = allegra.view

    def public(state: Any) -> Any:
        return attrs.evolve(view(state, 0), hand=None)  # AL-14: the knocker's card in hand

    def private(state: Any, seat: int) -> list[float]:
        out = [0.0] * _V
        if state.hand is not None and state.receiver == seat:
            out[state.hand + 1] = 1.0  # as the observation's "hand" block
        return out

    def private_text(state: Any, seat: int) -> str:
        held = state.hand is not None and state.receiver == seat
        return f"seat {seat}: card in hand {state.hand if held else '-'}"

    return view, _Split(public, lambda rules: _V, private, private_text)


def _beggar() -> tuple[Callable[..., Any], _Split]:
    from cardrules import beggar

    view = beggar.view

    def nothing(state: Any, seat: int) -> list[float]:
        return []

    return view, _Split(
        lambda state: view(state, 0),  # no seat looks into a stack (BM-3, BM-6)
        lambda rules: 0,
        nothing,
        lambda state, seat: f"seat {seat}: nothing hidden",
    )


_SPLITS: dict[Callable[..., Any], _Split] | None = None


def split(game: Any) -> _Split | None:
    """The public/private split of ``game`` (by its ``view``), or ``None``."""
    global _SPLITS
    if _SPLITS is None:
        _SPLITS = dict(maker() for maker in (_biggenbende, _allegra, _beggar))
    return _SPLITS.get(game.view)
