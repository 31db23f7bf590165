"""
What a seat remembers that its view does not show, and worlds that keep it:
``redeal_seen``.

A :class:`~cardrules.biggenbende.View` is a snapshot: it shows the discard pile,
but not who took it. A seat that saw another seat pick the pile up (BB-9, BB-11)
knows those cards are in that hand until it sees them played from the hand (BB-7).
:func:`redeal_hidden` forgets that; :func:`redeal_seen` keeps it.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardrules._rng import Rng, _check_seed, _shuffle
from cardrules.biggenbende._cards import counts, expand
from cardrules.biggenbende._events import (
    EVENT_TYPES,
    PileTaken,
    Played,
    RoundEnded,
    RoundStarted,
)
from cardrules.biggenbende._events import Burned as _Burned
from cardrules.biggenbende._state import ChooseFaceUp, PickUp, Play, State, TurnFaceDown, short
from cardrules.biggenbende._view import checked_seat, redeal_hidden
from cardrules.errors import RulesError

__all__ = ["redeal_seen"]

_MOVE_TYPES = (ChooseFaceUp, Play, PickUp, TurnFaceDown)

_Known = tuple[tuple[int, ...], ...]

# The last history read, by identity (a sampler passes the same tuple for every world
# of one decision; a tuple of immutable events cannot change, and holding it keeps its
# id from being reused): (seen, seat, players, values, its known cards).
_last: list[tuple[object, int, int, int, _Known]] = []


def _remembered(state: State, seat: int, seen: Sequence[object]) -> _Known:
    """
    The cards ``seat`` knows to be in each hand of ``state``, as count tuples (its
    own hand counts none: it sees it), by what it saw: ``seen`` is its history in
    order, its own moves and the events told to it, as
    :meth:`cardrules.rl.Trajectory.seen` gives it.

    A seat knows the discard pile's cards (BB-21): those it saw played since the
    pile was last removed or taken, or since ``seen`` began. A seat that takes the
    pile (BB-9, BB-11) holds them; a card it plays from the hand (BB-7) may be one
    of them, so that many fewer of the value are known. A new round forgets all
    (BB-4). A face-down card that could not be played goes into the hand unseen by
    the others (BB-11), so it is not known.

    Raises:
        RulesError: for a seat out of range, a ``seen`` that is not a list or tuple
            of the game's moves and events, or a history that does not fit
            ``state`` (it ends in another round, or names more cards in a hand than
            the hand holds).

    """
    seat = checked_seat(state, seat)
    players = state.rules.players
    values = len(state.hands[0])
    if state.phase == "over":  # nothing is hidden that a memory could keep
        return ((0,) * values,) * players
    if _last:
        last_seen, last_seat, last_players, last_values, known = _last[0]
        if (
            last_seen is seen
            and last_seat == seat
            and (last_players, last_values)
            == (
                players,
                values,
            )
        ):
            _fits(state, seat, known)
            return known
    known = _read(state, seat, seen, players, values)
    _fits(state, seat, known)
    if type(seen) is tuple:  # a list may change: never kept
        _last[:] = [(seen, seat, players, values, known)]
    return known


def _read(state: State, seat: int, seen: object, players: int, values: int) -> _Known:
    """The known cards of every hand by ``seen`` (see :func:`_remembered`)."""
    if not isinstance(seen, tuple | list):
        raise RulesError(f"seen must be a tuple or list of moves and events, not {short(seen)}")
    # Only the current round counts: start after its last boundary.
    start = 0
    for index in range(len(seen) - 1, -1, -1):
        item = seen[index]
        if type(item) is RoundStarted or type(item) is RoundEnded:
            if type(item) is RoundEnded or item.round != state.round:
                raise RulesError(
                    f"seen ends in round {item.round}, but the state is in round {state.round}"
                )
            start = index + 1
            break
    known = [[0] * values for _ in range(players)]
    pile = [0] * values
    for index in range(start, len(seen)):
        item = seen[index]
        kind = type(item)
        if kind is Played:
            mover, value, count = item.seat, item.value, item.count
            if not (_seat_ok(mover, players) and _count_ok(value, values)):
                raise RulesError(f"seen[{index}] does not fit the state: {short(item)}")
            pile[value] += count
            if item.source == "hand":
                held = known[mover]
                held[value] = max(0, held[value] - count)
        elif kind is _Burned:
            pile = [0] * values
        elif kind is PileTaken:
            taker = item.seat
            if not _seat_ok(taker, players):
                raise RulesError(f"seen[{index}] does not fit the state: {short(item)}")
            held = known[taker]
            for value in range(values):
                held[value] += pile[value]
            pile = [0] * values
        elif not isinstance(item, EVENT_TYPES) and not isinstance(item, _MOVE_TYPES):
            raise RulesError(f"seen[{index}] is not a biggenbende move or event: {short(item)}")
    known[seat] = [0] * values
    return tuple(tuple(row) for row in known)


def _seat_ok(seat: object, players: int) -> bool:
    return type(seat) is int and 0 <= seat < players


def _count_ok(value: object, values: int) -> bool:
    return type(value) is int and 0 <= value < values


def _fits(state: State, seat: int, known: _Known) -> None:
    """A ``RulesError`` unless every hand holds the cards known to be in it."""
    if state.phase == "choose" and any(map(any, known)):
        raise RulesError("seen names cards in a hand, but the round's deal is being chosen")
    for s, (held, hand) in enumerate(zip(known, state.hands, strict=True)):
        if any(k > h for k, h in zip(held, hand, strict=True)):
            raise RulesError(
                f"seen does not fit the state: seat {s} was seen to take cards "
                "that its hand does not hold"
            )


def redeal_seen(state: State, seat: int, seen: Sequence[object], *, seed: int) -> State:
    """
    A world as :func:`redeal_hidden` gives, which also keeps what ``seat``
    remembers from ``seen`` (its history: its own moves and the events told to it,
    in order, as :meth:`cardrules.rl.Trajectory.seen` gives it): the cards it saw
    another seat take with the pile stay in that hand until it saw them played
    (see :func:`_remembered`). Everything else hidden is reshuffled with
    ``Rng(seed)``. The world has the same view for ``seat``; with nothing
    remembered it is exactly ``redeal_hidden(state, seat, seed=seed)``.

    Raises:
        RulesError: for a seat out of range, a bad seed, or a ``seen`` that does
            not fit ``state``: not a list or tuple of the game's moves and events,
            ending in another round, or naming more cards in a hand than it holds.

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
    known = _remembered(state, seat, seen)
    if not any(map(any, known)):  # nothing remembered: the same world as redeal_hidden
        return redeal_hidden(state, seat, seed=seed)
    others = [s for s in range(state.rules.players) if s != seat]
    pool = list(state.draw)
    for row in state.face_down:
        pool += [c for c in row if c is not None]
    for s in others:
        pool += expand(tuple(h - k for h, k in zip(state.hands[s], known[s], strict=True)))
    cards, rng = _shuffle(seed, pool)
    deck = iter(cards)
    hands = list(state.hands)
    for s in others:
        free = counts(next(deck) for _ in range(sum(hands[s]) - sum(known[s])))
        hands[s] = tuple(k + f for k, f in zip(known[s], free, strict=True))
    face_down = tuple(
        tuple(None if c is None else next(deck) for c in row) for row in state.face_down
    )
    return attrs.evolve(
        state, rng=Rng(rng), hands=tuple(hands), face_down=face_down, draw=tuple(deck)
    )
