"""
What a seat remembers that its view does not show, and worlds that keep it:
``redeal_seen``.

A :class:`~cardrules.biggenbende.View` is a snapshot: it shows the discard pile,
but not who took it, nor what a forced pick-up told about a hand. A seat that saw
another seat pick the pile up (BB-9, BB-11) knows those cards are in that hand until
it sees them played from the hand (BB-7), and that the cards that hand held then
were all lower than the pile's top card, and no jokers (BB-6: else it could have
played). :func:`redeal_hidden` forgets that; :func:`redeal_seen` keeps it.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardrules._rng import _check_seed
from cardrules.biggenbende._cards import expand
from cardrules.biggenbende._events import (
    EVENT_TYPES,
    Drew,
    FaceUpChosen,
    FaceUpShown,
    PileTaken,
    Played,
    RoundEnded,
    RoundStarted,
)
from cardrules.biggenbende._events import Burned as _Burned
from cardrules.biggenbende._state import (
    JOKER,
    ChooseFaceUp,
    PickUp,
    Play,
    State,
    TurnFaceDown,
    short,
)
from cardrules.biggenbende._view import _matches, _redeal, checked_seat
from cardrules.errors import RulesError

__all__ = ["redeal_seen"]

_MOVE_TYPES = (ChooseFaceUp, Play, PickUp, TurnFaceDown)

_Known = tuple[tuple[int, ...], ...]
"""Per seat, the cards known to be in its hand, a count tuple."""
_Caps = tuple[tuple[int, ...], ...]
"""Per seat, one bound per hand card known to be low: that card is a value ``1 ..
bound - 1`` (no joker). Sorted, lowest first."""


@attrs.frozen
class _Memory:
    """What a seat remembers of the other hands (its own counts nothing: it sees it)."""

    known: _Known
    caps: _Caps

    def empty(self) -> bool:
        return not any(map(any, self.known)) and not any(self.caps)


# The last history read, by identity (a sampler passes the same tuple for every world
# of one decision; a tuple of immutable events cannot change, and holding it keeps its
# id from being reused): (seen, seat, the state's round and hand sizes, the memory).
_last: list[tuple[object, int, object, _Memory]] = []


def _remembered(state: State, seat: int, seen: Sequence[object]) -> _Memory:
    """
    What ``seat`` remembers of the other hands of ``state`` by what it saw: ``seen``
    is its history in order, its own moves and the events told to it, as
    :meth:`cardrules.rl.Trajectory.seen` gives it (see :func:`redeal_seen`).

    Raises:
        RulesError: for a seat out of range, a ``seen`` that is not a list or tuple
            of the game's moves and events, or a history that does not fit
            ``state``.
    """
    seat = checked_seat(state, seat)
    players = state.rules.players
    values = len(state.hands[0])
    if state.phase == "over":  # nothing is hidden that a memory could keep
        return _Memory(((0,) * values,) * players, ((),) * players)
    key = (state.round, state.phase, tuple(map(sum, state.hands)))
    if _last:
        last_seen, last_seat, last_key, memory = _last[0]
        if last_seen is seen and last_seat == seat and last_key == key:
            _fits(state, memory)
            return memory
    memory = _read(state, seat, seen, players, values)
    _fits(state, memory)
    if type(seen) is tuple:  # a list may change: never kept
        _last[:] = [(seen, seat, key, memory)]
    return memory


def _read(state: State, seat: int, seen: object, players: int, values: int) -> _Memory:
    """The memory of ``seat`` by ``seen`` (see :func:`_remembered`)."""
    if not isinstance(seen, tuple | list):
        raise RulesError(f"seen must be a tuple or list of moves and events, not {short(seen)}")
    for index, item in enumerate(seen):
        if not isinstance(item, EVENT_TYPES) and not isinstance(item, _MOVE_TYPES):
            raise RulesError(f"seen[{index}] is not a biggenbende move or event: {short(item)}")
    nothing = _Memory(((0,) * values,) * players, ((),) * players)
    # Only the current round's play counts: from its face-up cards shown (BB-4), or
    # from where ``seen`` began when that is later.
    start = 0
    for index in range(len(seen) - 1, -1, -1):
        item = seen[index]
        if type(item) is FaceUpShown:
            start = index + 1
            break
        if type(item) is RoundStarted or type(item) is RoundEnded:
            if type(item) is RoundEnded or item.round != state.round:
                raise RulesError(
                    f"seen ends in round {item.round}, but the state is in round {state.round}"
                )
            return nothing  # the round's deal is still being chosen
        if type(item) is FaceUpChosen:
            return nothing
    if state.phase != "play":  # the match's first deal, still being chosen
        if any(type(item) is Played for item in seen[start:]):
            raise RulesError("seen tells of the play, but the round's deal is being chosen")
        return nothing
    # The seats and values of the events read below are the state's.
    for index in range(start, len(seen)):
        item = seen[index]
        kind = type(item)
        if (kind is Played or kind is Drew or kind is PileTaken) and not (
            _seat_ok(item.seat, players) and (kind is not Played or _value_ok(item.value, values))
        ):
            raise RulesError(f"seen[{index}] does not fit the state: {short(item)}")
    # The hand sizes where the memory starts: the state's, less what came in since.
    size = [sum(hand) for hand in state.hands]
    for index in range(start, len(seen)):
        item = seen[index]
        kind = type(item)
        if kind is Drew or kind is PileTaken:
            size[item.seat] -= item.count
        elif kind is Played and item.source == "hand":
            size[item.seat] += item.count
    if min(size) < 0:
        raise RulesError("seen does not fit the state: it takes more cards than a hand holds")
    known = [[0] * values for _ in range(players)]
    # Every hand card not known: its bound (``values``: any card, a joker too).
    slots = [[values] * n for n in size]
    pile = [0] * values
    top: int | None = None  # the pile's top card, if seen
    for index in range(start, len(seen)):
        item = seen[index]
        kind = type(item)
        if kind is Played:
            mover, value, count = item.seat, item.value, item.count
            pile[value] += count
            top = value
            if item.source == "hand":
                held = known[mover]
                from_known = min(held[value], count)
                held[value] -= from_known
                # The rest came from cards not known: the lowest-bound ones that can
                # be this value go (so the bounds left are never tighter than true).
                for _ in range(count - from_known):
                    row = slots[mover]
                    fit = [k for k, bound in enumerate(row) if _admits(bound, value, values)]
                    if not fit:
                        raise RulesError(
                            f"seen[{index}] does not fit the state: seat {mover} plays a "
                            "card its hand cannot hold"
                        )
                    del row[min(fit, key=row.__getitem__)]
        elif kind is Drew:
            slots[item.seat] += [values] * item.count
        elif kind is _Burned:
            pile, top = [0] * values, None
        elif kind is PileTaken:
            taker = item.seat
            held = known[taker]
            row = slots[taker]
            # Cards taken that were on the pile before ``seen`` began: not known.
            unseen = item.count - sum(pile) - (1 if item.blind else 0)
            if unseen < 0:
                raise RulesError(f"seen[{index}] does not fit the state: {short(item)}")
            if top is not None and top != JOKER:
                # BB-6, BB-9, BB-11: the hand (and a turned card) could not be played,
                # so every card of it is lower than the top card, and no joker.
                row[:] = [min(bound, top) for bound in row]
                if item.blind:
                    row.append(top)
            elif item.blind:
                row.append(values)
            row += [values] * unseen
            for value in range(values):
                held[value] += pile[value]
            pile, top = [0] * values, None
    known[seat] = [0] * values
    slots[seat] = []
    return _Memory(
        tuple(tuple(row) for row in known),
        tuple(tuple(sorted(b for b in row if b < values)) for row in slots),
    )


def _admits(bound: int, value: int, values: int) -> bool:
    """Whether a hand card of this bound can be ``value``."""
    return bound >= values or (value != JOKER and value < bound)


def _seat_ok(seat: object, players: int) -> bool:
    return type(seat) is int and 0 <= seat < players


def _value_ok(value: object, values: int) -> bool:
    return type(value) is int and 0 <= value < values


def _fits(state: State, memory: _Memory) -> None:
    """A ``RulesError`` unless every hand of ``state`` holds what the memory says."""
    for s, (held, bounds, hand) in enumerate(
        zip(memory.known, memory.caps, state.hands, strict=True)
    ):
        if any(k > h for k, h in zip(held, hand, strict=True)):
            raise RulesError(
                f"seen does not fit the state: seat {s} was seen to take cards "
                "that its hand does not hold"
            )
        rest = expand(tuple(h - k for h, k in zip(hand, held, strict=True)))
        if len(bounds) > len(rest) or _matches(rest, bounds) is None:
            raise RulesError(
                f"seen does not fit the state: the hand of seat {s} is not as low as "
                "its pick-ups showed"
            )


def redeal_seen(state: State, seat: int, seen: Sequence[object], *, seed: int) -> State:
    """
    A world as :func:`redeal_hidden` gives, which also keeps what ``seat``
    remembers from ``seen`` (its history: its own moves and the events told to it,
    in order, as :meth:`cardrules.rl.Trajectory.seen` gives it).

    A seat knows the discard pile's cards (BB-21): those it saw played since the
    pile was last removed or taken, or since ``seen`` began. What it remembers of
    the current round's play (BB-4 deals afresh):

    - the cards it saw another seat take with the pile (BB-9, BB-11) stay in that
      hand; a card that seat plays from the hand (BB-7) may be one of them, so that
      many fewer of the value are kept;
    - a seat that had to take the pile could play no card of its hand (BB-6), so
      every card it held then was lower than the pile's top card, and no joker; a
      face-down card it turned and could not play (BB-11), which goes into the hand
      unseen, too. Those cards stay that low until played; when a play from the hand
      may be one of several, the lowest-bound card that can be it is taken as played,
      so what is kept never says more than the seat knows.

    Everything else hidden is reshuffled with ``Rng(seed)``; the hand cards known to
    be low take the first cards of the shuffle that are low enough, lowest bound
    first, and the rest is dealt as :func:`redeal_hidden` deals. The world has the
    same view for ``seat``; with nothing remembered it is exactly
    ``redeal_hidden(state, seat, seed=seed)``.

    Raises:
        RulesError: for a seat out of range, a bad seed, or a ``seen`` that does
            not fit ``state``: not a list or tuple of the game's moves and events,
            ending in another round, or naming cards or low cards in a hand that
            the hand does not hold.

    >>> from cardrules import biggenbende as bb
    >>> from cardrules.rl import Trajectory
    >>> trajectory = Trajectory(bb.GAME, bb.new_game(bb.Rules(players=3), seed=4))
    >>> while not any(type(e) is bb.PileTaken and e.seat == 0 for e in trajectory.seen(1)):
    ...     pile = trajectory.state.discard
    ...     trajectory.apply(bb.legal_moves(trajectory.state)[0])
    >>> state, seen = trajectory.state, trajectory.seen(1)
    >>> pile  # seat 1 saw seat 0 take these
    (9, 10, 10, 0, 5, 9, 10, 11, 11, 12)
    >>> worlds = [bb.redeal_seen(state, 1, seen, seed=s) for s in range(20)]
    >>> all(bb.view(world, 1) == bb.view(state, 1) for world in worlds)
    True
    >>> all(world.hands[0][v] >= pile.count(v) for world in worlds for v in pile)
    True
    """
    seat = checked_seat(state, seat)
    _check_seed(seed)
    memory = _remembered(state, seat, seen)
    if memory.empty():  # nothing remembered: the same world as redeal_hidden
        return _redeal(state, seat, seed)
    return _redeal(state, seat, seed, memory.known, memory.caps)
