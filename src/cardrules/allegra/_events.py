"""
What one seat saw happen in an Allegra move: ``events`` and ``render_event``.

A seat is told only what it may know (AL-14): the drawn card is public (AL-6a), but the
card a knocker takes in hand from a face-down place is told to that knocker only
(AL-7), and an AL-11 rebuild tells which cards went into the new deck, never their
order.
"""

from __future__ import annotations

from cardrules import _fastobs
from cardrules._checks import expect
from cardrules.allegra._board import _triples
from cardrules.allegra._event_types import EVENT_TYPES as _EVENT_TYPES
from cardrules.allegra._event_types import (
    DeckRebuilt,
    Discarded,
    Drew,
    Event,
    Exchanged,
    GameOver,
    Given,
    Ignored,
    Knocked,
    Passed,
    Placed,
    Revealed,
    RoundCut,
    RoundEnding,
    RoundScored,
    RoundStarted,
    Swapped,
    Took,
    TripleRemoved,
)
from cardrules.allegra._geometry import SLOTS, TABLES, index
from cardrules.allegra._play import apply
from cardrules.allegra._state import (
    Discard,
    Draw,
    Exchange,
    Give,
    Ignore,
    Knock,
    Move,
    Pass,
    Place,
    Reveal,
    State,
    Swap,
    Take,
    _short,
    _type_name,
)
from cardrules.allegra._view import view
from cardrules.errors import InvalidStateError, RulesError, WrongTypeError

__all__ = ["events", "render_event"]


def _triple(before: State, move: Move) -> TripleRemoved | None:
    """AL-8: the triple an action removed, found on the board as the action left it
    (the state after may already be the next round's deal)."""
    t = TABLES[before.rules.players]
    cards = list(before.cards)
    up = list(before.face_up)
    kind = type(move)
    changed: tuple[int, ...]
    if kind is Reveal or kind is Discard:
        slot = move.slot if kind is Reveal else move.reveal  # type: ignore[union-attr]
        if slot is None:
            return None
        changed = (index(slot),)
    elif kind is Swap or kind is Take:
        i = index(move.slot)  # type: ignore[union-attr]
        cards[i] = before.drawn if kind is Swap else before.discard[-1]
        changed = (i,)
    elif kind is Exchange:
        a, b = index(move.take), index(move.put)  # type: ignore[union-attr]
        cards[b] = cards[a]
        up[b] = True
        cards[a] = before.hand
        changed = (index(before.placed), a, b)  # type: ignore[arg-type]
    else:
        return None
    for i in changed:
        up[i] = True
    hit = _triples(t, cards, up, changed)
    if not hit:
        return None
    order = sorted(hit)
    return TripleRemoved(
        slots=tuple(SLOTS[i] for i in order),
        cards=tuple(cards[i] for i in order),  # type: ignore[misc]
    )


def _round_end(before: State, after: State) -> list[Event]:
    """AL-9, AL-10, AL-12, AL-13: what the end of a turn told everyone."""
    out: list[Event] = []
    ended = after.round != before.round or (after.phase == "over" and before.phase != "over")
    if not ended:
        if after.ender is not None and before.ender is None:
            out.append(RoundEnding(after.ender))
        return out
    cut = before.round in after.cut_rounds
    if cut:
        out.append(RoundCut(before.round, before.turns + 1))
    scores = after.scores[before.round - 1]
    ender = None if cut else before.ender
    doubled = False
    if ender is not None:
        # AL-10: a doubled score is twice a positive raw score that another seat's
        # score is lower than or equal to; an undoubled positive score is strictly lowest.
        mine = scores[ender]
        doubled = mine > 0 and any(
            scores[q] <= mine // 2 for q in range(len(scores)) if q != ender
        )
    out.append(RoundScored(before.round, scores, ender, doubled))
    if after.phase == "over":
        totals = tuple(sum(r[seat] for r in after.scores) for seat in range(len(scores)))
        best = min(totals)
        out.append(GameOver(totals, tuple(s for s, v in enumerate(totals) if v == best)))
    else:
        starter = (after.round - 1) % len(scores)  # AL-5
        out.append(RoundStarted(after.round, starter, after.discard[-1]))
    return out


def events(before: State, move: Move, after: State, seat: int) -> tuple[Event, ...]:
    """
    What ``seat`` saw happen when ``move`` took ``before`` to ``after``.

    The main event of the move comes first (a :class:`DeckRebuilt` before the
    :class:`Drew` it made possible), then a :class:`TripleRemoved`, then the end of the
    round: :class:`RoundEnding`, or :class:`RoundCut`, :class:`RoundScored` and
    :class:`RoundStarted` or :class:`GameOver`. Nothing ``seat`` may not know is told
    (AL-14): the events follow from the seat's views before and after the move.

    Raises:
        ~cardrules.errors.WrongTypeError: if ``before`` or ``after`` is not an Allegra
            ``State``.
        ~cardrules.RulesError: for a seat out of range.
        ~cardrules.IllegalMoveError: if ``move`` is not legal in ``before``.
        ~cardrules.InvalidStateError: if ``seat`` sees ``after`` otherwise than the
            state ``move`` leads to.

    >>> from cardrules.allegra import Rules, new_game, apply, Reveal, Slot
    >>> state = new_game(Rules(players=2), seed=3)
    >>> after = apply(state, Reveal(Slot(0, 0, 0)))
    >>> events(state, Reveal(Slot(0, 0, 0)), after, 1)
    (Revealed(seat=0, slot=Slot(owner=0, row=0, col=0), card=7),)
    """
    expect(before, State, "an allegra State (before)")
    expect(after, State, "an allegra State (after)")
    # Only what the move does is told: a move that is not legal, or an ``after`` that
    # the seat sees otherwise than the state the move leads to, would tell garbage (or
    # fail deep inside). What the seat cannot see of ``after`` may differ (a redeal).
    if view(after, seat) != view(apply(before, move), seat):
        raise InvalidStateError("after: not what the seat sees after the move from before")
    return _told(before, move, after, seat)


def _told(before: State, move: Move, after: State, seat: int) -> tuple[Event, ...]:
    # ``events`` without its checks, for ``after`` known to be ``apply(before, move)``
    # (registered below for the trajectories of cardrules.rl, which make it so).
    mover = before.current
    out: list[Event] = []
    kind = type(move)
    if kind is Reveal:
        i = index(move.slot)  # type: ignore[union-attr]
        out.append(Revealed(mover, SLOTS[i], before.cards[i]))  # type: ignore[arg-type]
    elif kind is Draw:
        deck = before.deck
        if not deck:
            out.append(DeckRebuilt(tuple(sorted(before.discard[:-1]))))
        out.append(Drew(mover, after.drawn))  # type: ignore[arg-type]
    elif kind is Take:
        i = index(move.slot)  # type: ignore[union-attr]
        out.append(Took(mover, SLOTS[i], before.discard[-1], before.cards[i]))  # type: ignore[arg-type]
    elif kind is Swap:
        i = index(move.slot)  # type: ignore[union-attr]
        out.append(Swapped(mover, SLOTS[i], before.drawn, before.cards[i]))  # type: ignore[arg-type]
    elif kind is Discard:
        slot = move.reveal  # type: ignore[union-attr]
        shown = None if slot is None else before.cards[index(slot)]
        out.append(Discarded(mover, before.drawn, slot, shown))  # type: ignore[arg-type]
    elif kind is Knock:
        out.append(Knocked(before.knock_queue[0]))
    elif kind is Pass:
        out.append(Passed(before.knock_queue[0]))
    elif kind is Ignore:
        out.append(Ignored(mover))
    elif kind is Give:
        out.append(Given(mover, move.knocker, before.drawn))  # type: ignore[union-attr, arg-type]
    elif kind is Place:
        i = index(move.slot)  # type: ignore[union-attr]
        # AL-7, AL-14: the card taken in hand is the knocker's secret unless it lay face up.
        known = seat == before.receiver or before.face_up[i]
        taken = before.cards[i] if known else None
        out.append(Placed(before.receiver, SLOTS[i], before.drawn, taken))  # type: ignore[arg-type]
    elif kind is Exchange:
        a, b = index(move.take), index(move.put)  # type: ignore[union-attr]
        out.append(
            Exchanged(
                mover,
                before.receiver,  # type: ignore[arg-type]
                SLOTS[a],
                SLOTS[b],
                before.cards[a],  # type: ignore[arg-type]
                before.cards[b],  # type: ignore[arg-type]
                before.hand,  # type: ignore[arg-type]
            )
        )
    triple = _triple(before, move)
    if triple is not None:
        out.append(triple)
    out.extend(_round_end(before, after))
    return tuple(out)


def _told_every(before: State, move: Move, after: State) -> tuple[tuple[Event, ...], ...]:
    # ``_told`` of every seat, in seat order (registered below for the trajectories of
    # cardrules.rl). Only a Place tells one seat more than the others (AL-7, AL-14: the
    # knocker sees the card it takes in hand): otherwise every seat shares one tuple.
    players = before.rules.players
    receiver = before.receiver
    if type(move) is Place and receiver is not None and players > 1:
        mine = _told(before, move, after, receiver)
        theirs = _told(before, move, after, (receiver + 1) % players)
        return tuple(mine if seat == receiver else theirs for seat in range(players))
    return (_told(before, move, after, 0),) * players


_fastobs.register_events(events, apply, _told)
_fastobs.register_every(events, apply, _told_every)


def render_event(event: Event, seat: int) -> str:
    """
    One line of text for ``event``, told to ``seat`` (``"you"`` for that seat).

    >>> render_event(Drew(seat=1, card=4), 1)
    'you draw 4'
    >>> render_event(Drew(seat=1, card=4), 0)
    'seat 1 draws 4'
    """
    if not isinstance(event, _EVENT_TYPES):
        raise WrongTypeError(f"expected an allegra event, got {_type_name(event)}")
    if type(seat) is not int:
        raise RulesError(f"seat must be an int, not {_short(seat)}")
    text: str = event.text(seat)
    return text
