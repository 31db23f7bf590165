"""
Allegra's play: the seat to move, the legal moves, applying a move, the outcome.

The hot path (``legal_moves`` and ``apply``) works on flat tuples and the geometry
tables of ``_geometry``: move objects are built once, a triple search looks only at
the windows through the places an action changed (the state before every action shows
no triple, AL-8), and new states are built with the positional ``_state``, never with
``attrs.evolve`` or keyword arguments.
"""

from __future__ import annotations

from collections.abc import Callable

from cardrules._checks import expect
from cardrules.allegra._apply import _APPLY, _illegal
from cardrules.allegra._board import MAX_PLAYERS, _can_exchange
from cardrules.allegra._geometry import SLOTS, TABLES
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
    Slot,  # noqa: F401 (the doctest of apply uses it)
    State,
    Swap,
    Take,
)
from cardrules.errors import GameOverError
from cardrules.game import Outcome

__all__ = [
    "apply",
    "is_over",
    "legal_moves",
    "outcome",
    "players",
    "to_move",
]


# --------------------------------------------------------------------------- move tables

_REVEAL = tuple(Reveal(s) for s in SLOTS)
_TAKE = tuple(Take(s) for s in SLOTS)
_SWAP = tuple(Swap(s) for s in SLOTS)
_DISCARD = tuple(Discard(s) for s in SLOTS)
_PLACE = tuple(Place(s) for s in SLOTS)
_GIVE = tuple(Give(k) for k in range(MAX_PLAYERS))
_DRAW = Draw()
_DISCARD_ONLY = Discard()
_IGNORE = Ignore()
_KNOCK_MOVES: tuple[Move, ...] = (Knock(), Pass())
_EXCHANGE: dict[tuple[int, int], Exchange] = {}
# Exchange move lists by (places of the knocker's area, places of the drawer's area).
_EXCHANGE_LISTS: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Move, ...]] = {}
# Full move lists for areas with no removed place, per player count and seat.
_TURN_FULL: dict[int, tuple[tuple[Move, ...], ...]] = {
    n: tuple((_DRAW, *(_TAKE[i] for i in t.areas[seat])) for seat in range(n))
    for n, t in TABLES.items()
}
_SWAP_FULL = {
    n: tuple(tuple(_SWAP[i] for i in t.areas[seat]) for seat in range(n))
    for n, t in TABLES.items()
}
_PLACE_FULL = {
    n: tuple(tuple(_PLACE[i] for i in t.areas[seat]) for seat in range(n))
    for n, t in TABLES.items()
}


_A_STATE = "an allegra State"
"""What the public functions expect (``WrongTypeError`` names it for anything else)."""


# --------------------------------------------------------------------------- queries


def to_move(state: State) -> int | None:
    """
    The seat that decides next, ``None`` once the game is over.

    During the knock window (AL-7) it is the next seat to knock or pass, during
    exchange step 1 the chosen knocker; otherwise the seat whose turn it is.

    >>> from cardrules.allegra import Rules, new_game
    >>> to_move(new_game(Rules(players=3), seed=1))
    0
    """
    if state.__class__ is not State:  # fast for the exact class; subclasses pass expect
        expect(state, State, _A_STATE)
    phase = state.phase
    if phase == "knock":
        return state.knock_queue[0]
    if phase == "place":
        return state.receiver
    if phase == "over":
        return None
    return state.current


def is_over(state: State) -> bool:
    """
    Whether the game has ended (AL-12).

    >>> from cardrules.allegra import Rules, new_game
    >>> is_over(new_game(seed=1))
    False
    """
    if state.__class__ is not State:  # fast for the exact class; subclasses pass expect
        expect(state, State, _A_STATE)
    return state.phase == "over"


def players(state: State) -> int:
    """
    The number of seats.

    >>> from cardrules.allegra import Rules, new_game
    >>> players(new_game(Rules(players=5), seed=1))
    5
    """
    return expect(state, State, _A_STATE).rules.players


def outcome(state: State) -> Outcome | None:
    """
    The outcome once the game is over (AL-12), else ``None``.

    ``scores`` are the total points of every seat over all rounds; the lowest total
    wins (ties all win); ``reason`` is ``"turn_limit"`` when a round was cut (AL-13),
    else ``"normal"``.

    >>> from cardrules.allegra import Rules, new_game
    >>> outcome(new_game(seed=1)) is None
    True
    """
    if expect(state, State, _A_STATE).phase != "over":
        return None
    n = state.rules.players
    totals = tuple(sum(r[seat] for r in state.scores) for seat in range(n))
    best = min(totals)
    return Outcome(
        scores=totals,
        winners=frozenset(seat for seat in range(n) if totals[seat] == best),
        reason="turn_limit" if state.cut_rounds else "normal",
        cut_rounds=state.cut_rounds,
    )


# --------------------------------------------------------------------------- legal moves


def _lm_reveal(s: State) -> tuple[Move, ...]:
    # AL-4: any face-down card of the area, the shared column included.
    cards, face_up = s.cards, s.face_up
    return tuple(
        [
            _REVEAL[i]
            for i in TABLES[s.rules.players].areas[s.current]
            if not face_up[i] and cards[i] is not None
        ]
    )


def _lm_turn(s: State) -> tuple[Move, ...]:
    # AL-6: draw, or take the discard onto any card of the area (none when it is empty).
    n = s.rules.players
    if not s.removed:
        return _TURN_FULL[n][s.current]
    cards = s.cards
    return (_DRAW, *[_TAKE[i] for i in TABLES[n].areas[s.current] if cards[i] is not None])


def _lm_knock(s: State) -> tuple[Move, ...]:
    # AL-7: each seat of the window answers once.
    return _KNOCK_MOVES


def _lm_give(s: State) -> tuple[Move, ...]:
    # AL-7: ignore, or give to a knocker with whom an exchange is possible (always so
    # while no place is removed: both areas then hold 15 cards).
    if not s.removed:
        return (_IGNORE, *[_GIVE[k] for k in s.knockers])
    t = TABLES[s.rules.players]
    areas, cards, drawer = t.areas, s.cards, s.current
    return (
        _IGNORE,
        *[_GIVE[k] for k in s.knockers if _can_exchange(areas[k], areas[drawer], cards)],
    )


def _lm_place(s: State) -> tuple[Move, ...]:
    # AL-7 step 1: any card place of the knocker's area.
    n = s.rules.players
    receiver: int = s.receiver  # type: ignore[assignment]
    if not s.removed:
        return _PLACE_FULL[n][receiver]
    cards = s.cards
    return tuple([_PLACE[i] for i in TABLES[n].areas[receiver] if cards[i] is not None])


def _lm_exchange(s: State) -> tuple[Move, ...]:
    # AL-7 step 2: a card of the knocker's area to another place of the drawer's area.
    t = TABLES[s.rules.players]
    cards = s.cards
    takes = tuple([i for i in t.areas[s.receiver] if cards[i] is not None])  # type: ignore[index]
    puts = tuple([i for i in t.areas[s.current] if cards[i] is not None])
    key = (takes, puts)
    moves = _EXCHANGE_LISTS.get(key)
    if moves is None:
        out: list[Move] = []
        for a in takes:
            for b in puts:
                if a != b:
                    move = _EXCHANGE.get((a, b))
                    if move is None:
                        move = _EXCHANGE[(a, b)] = Exchange(SLOTS[a], SLOTS[b])
                    out.append(move)
        moves = tuple(out)
        if len(_EXCHANGE_LISTS) > 4096:
            _EXCHANGE_LISTS.clear()
        _EXCHANGE_LISTS[key] = moves
    return moves


def _lm_drawn(s: State) -> tuple[Move, ...]:
    # AL-6a: swap onto any card of the area, or discard and turn up a face-down card
    # (a plain discard only when the area has none).
    n = s.rules.players
    area = TABLES[n].areas[s.current]
    cards, face_up = s.cards, s.face_up
    if not s.removed:
        swaps = _SWAP_FULL[n][s.current]
        flips = [_DISCARD[i] for i in area if not face_up[i]]
    else:
        swaps = tuple([_SWAP[i] for i in area if cards[i] is not None])
        flips = [_DISCARD[i] for i in area if not face_up[i] and cards[i] is not None]
    if not flips:
        return (*swaps, _DISCARD_ONLY)
    return swaps + tuple(flips)


def _lm_over(s: State) -> tuple[Move, ...]:
    return ()


_LEGAL: dict[str, Callable[[State], tuple[Move, ...]]] = {
    "reveal": _lm_reveal,
    "turn": _lm_turn,
    "knock": _lm_knock,
    "give": _lm_give,
    "place": _lm_place,
    "exchange": _lm_exchange,
    "drawn": _lm_drawn,
    "over": _lm_over,
}


def legal_moves(state: State) -> tuple[Move, ...]:
    """
    Every legal move of the seat to move, in a fixed order; ``()`` once over.

    Places come in area order (:func:`~cardrules.allegra.area`). At the start of a
    turn: ``Draw`` then every ``Take``; after a draw: every ``Swap`` then every
    ``Discard``; in the knock window ``Knock``, ``Pass``; then ``Ignore`` and a
    ``Give`` per knocker (in knocking order) with whom an exchange is possible.

    >>> from cardrules.allegra import Rules, new_game
    >>> state = new_game(Rules(players=2), seed=3)
    >>> len(legal_moves(state)), str(legal_moves(state)[0])
    (15, 'reveal p1.r0c3')
    """
    if state.__class__ is not State:  # fast for the exact class; subclasses pass expect
        expect(state, State, _A_STATE)
    return _LEGAL[state.phase](state)


# --------------------------------------------------------------------------- apply


def apply(state: State, move: Move) -> State:
    """
    The state after ``move``; ``state`` is not changed.

    Raises:
        ~cardrules.errors.WrongTypeError: if ``state`` is not an Allegra ``State``.
        ~cardrules.GameOverError: if the game is over.
        ~cardrules.IllegalMoveError: if ``move`` is not in ``legal_moves(state)``; the error
            names the rule (for example ``AL-7``) and the reason.

    >>> from cardrules.allegra import Rules, new_game
    >>> state = new_game(Rules(players=2), seed=3)
    >>> str(apply(state, Reveal(Slot(0, 0, 0))).face_up[0])
    'True'
    """
    if state.__class__ is not State:  # fast for the exact class; subclasses pass expect
        expect(state, State, _A_STATE)
    if state.phase == "over":
        raise GameOverError(move)
    handler = _APPLY.get(type(move))
    if handler is None:
        raise _illegal(move, "AL-6", "not an Allegra move")
    return handler(state, move)
