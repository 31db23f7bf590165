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


# The estimate's weights, fitted (least squares) to the chips won in 2,000 rounds of
# GreedyBots, 3 to 6 players: cards in hand (all, and again while the draw pile has
# cards, BB-8, when a play from the hand is refilled), face up, face down; face-up
# jokers, 8s, high values (10 to 12) and low values (1 to 5).
_SEEN = (-0.066, -0.136, -0.234, 0.045, 0.115, 0.121, -0.053, 0.063)
# The same for the viewer's own seat, whose hand it sees ...
_OWN = (-0.010, -0.103, -0.268, 0.045, 0.112, 0.123, -0.053, 0.073)
# ... and what its hand holds: jokers, 8s, low values (1 to 4), high values (10 to 12),
# and how many values (BB-6: one value a play).
_HAND = (0.001, -0.009, -0.038, 0.034, -0.102)


def estimate(view: View) -> list[float]:
    """
    What every seat can expect from the round by what ``view`` shows, in chips
    (higher is better): a seat already out its chips (BB-18), any other a linear
    estimate fitted to rounds of :class:`~cardrules.bots.GreedyBot` play. Cards face
    down cost most, then face-up low cards; cards in hand cost little while the draw
    pile refills the hand (BB-8); face-up jokers, 8s and high cards are worth keeping
    for the end (BB-7). For the viewer's own seat, whose hand it sees, the values held
    count too: every distinct value is one more play (BB-6).
    :class:`~cardrules.bots.ISMCTSBot` scores a cut rollout with it.

    >>> from cardrules import biggenbende as bb
    >>> [round(x, 2) for x in estimate(bb.view(bb.new_game(bb.Rules(players=3), seed=1), 0))]
    [-1.03, -0.72, -0.72]
    """
    expect(view, View, "a biggenbende View")
    out = view.places
    drawing = view.draw_count > 0
    scores: list[float] = []
    for seat, (held, up, down) in enumerate(
        zip(view.hand_counts, view.face_up, view.face_down, strict=True)
    ):
        if seat in out:  # BB-18: first out 3 chips, second 2 (paid from the supply)
            scores.append(float(min(3 - out.index(seat), view.supply)))
            continue
        own = seat == view.seat
        w = _OWN if own else _SEEN
        score = (
            w[0] * held
            + w[1] * sum(up)
            + w[2] * sum(down)
            + w[3] * up[JOKER]
            + w[4] * up[_EIGHT]
            + w[5] * (up[10] + up[11] + up[12])
            + w[6] * (up[1] + up[2] + up[3] + up[4] + up[5])
        )
        if drawing:
            score += w[7] * held
        if own:
            hand = view.hand
            score += (
                _HAND[0] * hand[JOKER]
                + _HAND[1] * hand[_EIGHT]
                + _HAND[2] * (hand[1] + hand[2] + hand[3] + hand[4])
                + _HAND[3] * (hand[10] + hand[11] + hand[12])
                + _HAND[4] * sum(1 for k in hand if k)
            )
        scores.append(score)
    return scores
