"""
Biggenbende's heuristic for :class:`~cardrules.bots.GreedyBot`: shed the low cards,
keep the strong ones for later.

Play the lowest legal value, every card of it (a play that burns the pile by BB-12
gets a bonus); play an 8 (BB-13), and after that a joker (BB-6), only when nothing
else is legal, one at a time. At the deal lay the strongest cards face up (jokers,
8s, then the highest values), since the face-up cards are played last (BB-4, BB-7).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules._checks import expect
from cardrules.biggenbende._state import JOKER, ChooseFaceUp, Move, Play, View

__all__ = ["ROLLOUT_DEPTH", "estimate", "heuristic"]

ROLLOUT_DEPTH: int | tuple[int] = 16
"""Where :class:`~cardrules.bots.ISMCTSBot` cuts a rollout to score it by
:func:`estimate`: sixteen moves."""

_EIGHT = 8  # BB-13: an 8 clears the pile


def _strength(value: int) -> int:
    """How useful a card is late in a round: jokers and 8s best, then high values."""
    if value == JOKER:
        return 20
    if value == _EIGHT:
        return 16
    return value


def heuristic(view: View, moves: Sequence[Move]) -> list[float]:
    """
    A score per move, higher is better; :class:`~cardrules.bots.GreedyBot` plays a best one.

    >>> from cardrules import biggenbende as bb
    >>> view = bb.view(bb.new_game(bb.Rules(players=3), seed=1), 0)
    >>> heuristic(view, [bb.Play(3, 1), bb.Play(9, 2), bb.Play(bb.JOKER, 1)])
    [-29.0, -88.0, -1001.0]
    """
    expect(view, View, "a biggenbende View")
    discard = view.discard
    top = discard[-1] if discard else None
    # The run of equal cards on top of the pile (BB-12: a joker breaks it).
    run = 0
    for card in reversed(discard):
        if card != top:
            break
        run += 1
    scores: list[float] = []
    for move in moves:
        if isinstance(move, ChooseFaceUp):
            # BB-4: the face-up cards are played late, when a strong card saves a
            # pick-up; the low cards stay in hand to be shed early.
            scores.append(float(sum(_strength(v) for v in move.values)))
        elif isinstance(move, Play):
            value = move.value
            count = move.count
            if value == JOKER:
                # BB-6: a joker goes on anything; keep it for when nothing else does.
                scores.append(-1000.0 - count)
            elif value == _EIGHT:
                # BB-13: an 8 clears the pile; one is enough, keep the rest.
                scores.append(-500.0 - count)
            else:
                score = -10.0 * value + count
                if value == top and run + count >= 3:
                    score += 5.0  # BB-12: a burn, and another play
                scores.append(score)
        else:  # PickUp (forced, BB-9) or TurnFaceDown (blind, BB-11): all alike
            scores.append(0.0)
    return scores


def estimate(view: View) -> list[float]:
    """
    What every seat can expect from the round by what ``view`` shows, in chips
    (higher is better): fewer cards left is better, a fifth of a chip a card, about
    what going out first (BB-18) is worth against a hand of ten.
    :class:`~cardrules.bots.ISMCTSBot` scores a cut rollout with it.

    >>> from cardrules import biggenbende as bb
    >>> estimate(bb.view(bb.new_game(bb.Rules(players=3), seed=1), 0))
    [-2.0, -2.0, -2.0]
    """
    expect(view, View, "a biggenbende View")
    return [
        -(held + sum(up) + sum(1 for c in down if c)) / 5.0
        for held, up, down in zip(view.hand_counts, view.face_up, view.face_down, strict=True)
    ]
