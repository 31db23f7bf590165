"""
Allegra's play: the seat to move, the legal moves, applying a move, the outcome.

The hot path (``legal_moves`` and ``apply``) works on flat tuples and the geometry
tables of ``_geometry``: move objects are built once, a triple search looks only at
the windows through the places an action changed (the state before every action shows
no triple, AL-8), and new states are built directly, never with ``attrs.evolve``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from cardrules._checks import expect
from cardrules._rng import Rng, _shuffle
from cardrules.allegra._board import (
    AREA_PLACES,
    KNOCK_MIN_PLAYERS,
    MAX_PLAYERS,
    SETUP_REVEALS,
    _can_exchange,
    _has_card,
    _has_face_down,
    _next_revealer,
    _remove,
    _triples,
)
from cardrules.allegra._deal import _next_state
from cardrules.allegra._geometry import GRID, SLOTS, TABLES, index
from cardrules.allegra._state import (
    Discard,
    Draw,
    Exchange,
    Give,
    Ignore,
    Knock,
    Move,
    Pass,
    Phase,
    Place,
    Reveal,
    Slot,
    State,
    Swap,
    Take,
)
from cardrules.errors import GameOverError, IllegalMoveError
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


def _illegal(move: object, rule: str, reason: str) -> IllegalMoveError:
    return IllegalMoveError(move, rule, reason)


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


def _slot_index(move: Any, slot: object, n: int) -> int:
    if type(slot) is not Slot or slot.owner >= n:
        raise _illegal(move, "AL-3", f"{slot} is not a place of a {n}-player game")
    return slot.owner * GRID + slot.row * 4 + slot.col


def _wrong_phase(move: object, s: State) -> IllegalMoveError:
    waits = {
        "reveal": ("AL-4", "the setup reveals are being made"),
        "turn": ("AL-6", "a turn starts with a draw or a take"),
        "knock": ("AL-7", "the knock window is open: knock or pass"),
        "give": ("AL-7", "the drawer must ignore the knocks or give the card"),
        "place": ("AL-7", "the chosen knocker must place the card (exchange step 1)"),
        "exchange": ("AL-7", "the drawer must make exchange step 2"),
        "drawn": ("AL-6", "the drawer must swap or discard the drawn card"),
    }
    rule, reason = waits[s.phase]
    return _illegal(move, rule, reason)


def _ap_reveal(s: State, move: Reveal) -> State:
    if s.phase != "reveal":
        raise _wrong_phase(move, s)
    t = TABLES[s.rules.players]
    i = _slot_index(move, move.slot, t.players)
    seat = s.current
    if i not in t.area_sets[seat]:
        raise _illegal(move, "AL-4", f"{move.slot} is not in the area of seat {seat}")
    cards = s.cards
    if cards[i] is None or s.face_up[i]:
        raise _illegal(move, "AL-4", f"{move.slot} holds no face-down card")
    up = list(s.face_up)
    up[i] = True
    removed = s.removed
    hit = _triples(t, cards, up, (i,))  # AL-4: AL-8 applies from the first reveal
    if hit:
        lcards = list(cards)
        removed = _remove(hit, lcards, up, removed)
        cards = tuple(lcards)
    face_up = tuple(up)
    left = s.reveals_left - 1
    phase: Phase = "reveal"
    if left == 0 or not _has_face_down(t.areas[seat], cards, face_up):
        start = (s.round - 1) % t.players
        nxt = _next_revealer(t, cards, face_up, start, seat, first=False)
        if nxt is None:
            phase, seat, left = "turn", start, 0
        else:
            seat, left = nxt, SETUP_REVEALS
    return State(
        rules=s.rules,
        rng=s.rng,
        round=s.round,
        phase=phase,
        current=seat,
        reveals_left=left,
        cards=cards,
        face_up=face_up,
        deck=s.deck,
        discard=s.discard,
        removed=removed,
        drawn=None,
        knock_queue=(),
        knockers=(),
        passers=(),
        receiver=None,
        placed=None,
        hand=None,
        ender=None,
        last_turns=0,
        turns=0,
        scores=s.scores,
        cut_rounds=s.cut_rounds,
        deck_public=False,  # AL-4: nothing is drawn during the setup
    )


def _ap_draw(s: State, move: Draw) -> State:
    if s.phase != "turn":
        raise _wrong_phase(move, s)
    rules = s.rules
    n = rules.players
    deck, discard, rng = s.deck, s.discard, s.rng
    public = s.deck_public
    if not deck:
        # AL-11: the discard pile but its top card becomes the new deck; which cards
        # it holds is public from now on in this round, their order is not (AL-14).
        rest, state = _shuffle(rng.state, discard[:-1])
        deck, discard, rng = tuple(rest), discard[-1:], Rng(state)
        public = True
    drawn = deck[0]
    deck = deck[1:]
    queue: tuple[int, ...] = ()
    if n >= KNOCK_MIN_PLAYERS:
        # AL-7: every other seat whose area holds a card, in order from the drawer's next.
        t = TABLES[n]
        queue = t.others[s.current]
        if len(s.removed) >= AREA_PLACES:  # fewer removed places cannot empty a 15-place area
            cards = s.cards
            queue = tuple([q for q in queue if _has_card(t.areas[q], cards)])
    return State(
        rules=rules,
        rng=rng,
        round=s.round,
        phase="knock" if queue else "drawn",
        current=s.current,
        reveals_left=0,
        cards=s.cards,
        face_up=s.face_up,
        deck=deck,
        discard=discard,
        removed=s.removed,
        drawn=drawn,
        knock_queue=queue,
        knockers=(),
        passers=(),
        receiver=None,
        placed=None,
        hand=None,
        ender=s.ender,
        last_turns=s.last_turns,
        turns=s.turns,
        scores=s.scores,
        cut_rounds=s.cut_rounds,
        deck_public=public,
    )


def _ap_knock(s: State, move: Knock | Pass) -> State:
    if s.phase != "knock":
        raise _wrong_phase(move, s)
    seat = s.knock_queue[0]
    queue = s.knock_queue[1:]
    knockers, passers = s.knockers, s.passers
    if type(move) is Knock:
        knockers = (*knockers, seat)
    else:
        passers = (*passers, seat)
    # AL-7: one answer of the knock window; the rest of the state stays as it was
    # (built directly: ``attrs.evolve`` costs more than the rest of a move).
    return State(
        rules=s.rules,
        rng=s.rng,
        round=s.round,
        phase="knock" if queue else ("give" if knockers else "drawn"),
        current=s.current,
        reveals_left=0,
        cards=s.cards,
        face_up=s.face_up,
        deck=s.deck,
        discard=s.discard,
        removed=s.removed,
        drawn=s.drawn,
        knock_queue=queue,
        knockers=knockers,
        passers=passers,
        receiver=None,
        placed=None,
        hand=None,
        ender=s.ender,
        last_turns=s.last_turns,
        turns=s.turns,
        scores=s.scores,
        cut_rounds=s.cut_rounds,
        deck_public=s.deck_public,
    )


def _ap_give(s: State, move: Ignore | Give) -> State:
    if s.phase != "give":
        raise _wrong_phase(move, s)
    receiver: int | None = None
    phase: Phase = "drawn"
    if type(move) is Give:
        k = move.knocker
        if k not in s.knockers:
            raise _illegal(move, "AL-7", f"seat {k} did not knock")
        if s.removed:
            areas = TABLES[s.rules.players].areas
            if not _can_exchange(areas[k], areas[s.current], s.cards):
                raise _illegal(move, "AL-7", f"no exchange is possible with seat {k}")
        receiver, phase = k, "place"
    return State(
        rules=s.rules,
        rng=s.rng,
        round=s.round,
        phase=phase,
        current=s.current,
        reveals_left=0,
        cards=s.cards,
        face_up=s.face_up,
        deck=s.deck,
        discard=s.discard,
        removed=s.removed,
        drawn=s.drawn,
        knock_queue=(),
        knockers=s.knockers,
        passers=s.passers,
        receiver=receiver,
        placed=None,
        hand=None,
        ender=s.ender,
        last_turns=s.last_turns,
        turns=s.turns,
        scores=s.scores,
        cut_rounds=s.cut_rounds,
        deck_public=s.deck_public,
    )


def _ap_place(s: State, move: Place) -> State:
    if s.phase != "place":
        raise _wrong_phase(move, s)
    t = TABLES[s.rules.players]
    i = _slot_index(move, move.slot, t.players)
    receiver: int = s.receiver  # type: ignore[assignment]
    if i not in t.area_sets[receiver] or s.cards[i] is None:
        raise _illegal(move, "AL-7", f"{move.slot} is no card place of seat {receiver}'s area")
    cards = list(s.cards)
    face_up = list(s.face_up)
    hand = cards[i]
    cards[i] = s.drawn
    face_up[i] = True
    return State(
        rules=s.rules,
        rng=s.rng,
        round=s.round,
        phase="exchange",
        current=s.current,
        reveals_left=0,
        cards=tuple(cards),
        face_up=tuple(face_up),
        deck=s.deck,
        discard=s.discard,
        removed=s.removed,
        drawn=None,
        knock_queue=(),
        knockers=s.knockers,
        passers=s.passers,
        receiver=receiver,
        placed=SLOTS[i],
        hand=hand,
        ender=s.ender,
        last_turns=s.last_turns,
        turns=s.turns,
        scores=s.scores,
        cut_rounds=s.cut_rounds,
        deck_public=s.deck_public,
    )


def _ap_exchange(s: State, move: Exchange) -> State:
    if s.phase != "exchange":
        raise _wrong_phase(move, s)
    t = TABLES[s.rules.players]
    n = t.players
    a = _slot_index(move, move.take, n)
    b = _slot_index(move, move.put, n)
    receiver: int = s.receiver  # type: ignore[assignment]
    cards = list(s.cards)
    if a not in t.area_sets[receiver] or cards[a] is None:
        raise _illegal(move, "AL-7", f"{move.take} is no card of seat {receiver}'s area")
    old = cards[b]
    if b not in t.area_sets[s.current] or old is None:
        raise _illegal(move, "AL-7", f"{move.put} is no card place of the drawer's area")
    if a == b:
        raise _illegal(move, "AL-7", "the card must go to another place than it came from")
    face_up = list(s.face_up)
    discard = (*s.discard, old)  # step 2: the old card is discarded face up
    cards[b] = cards[a]
    face_up[b] = True
    cards[a] = s.hand  # step 3: the knocker's card in hand goes face up on the gap
    face_up[a] = True
    removed = s.removed
    # AL-7: the exchange is one action: triples are looked for once, after step 3.
    placed: Slot = s.placed  # type: ignore[assignment]
    hit = _triples(t, cards, face_up, (index(placed), a, b))
    if hit:
        removed = _remove(hit, cards, face_up, removed)
    return _next_state(s, tuple(cards), tuple(face_up), s.deck, discard, removed, s.rng)


def _ap_swap(s: State, move: Swap) -> State:
    if s.phase != "drawn":
        raise _wrong_phase(move, s)
    t = TABLES[s.rules.players]
    i = _slot_index(move, move.slot, t.players)
    cards = list(s.cards)
    old = cards[i]
    if old is None or i not in t.area_sets[s.current]:
        raise _illegal(move, "AL-6", f"{move.slot} is no card place of the drawer's area")
    face_up = list(s.face_up)
    cards[i] = s.drawn
    face_up[i] = True
    removed = s.removed
    hit = _triples(t, cards, face_up, (i,))
    if hit:
        removed = _remove(hit, cards, face_up, removed)
    return _next_state(s, tuple(cards), tuple(face_up), s.deck, (*s.discard, old), removed, s.rng)


def _ap_discard(s: State, move: Discard) -> State:
    if s.phase != "drawn":
        raise _wrong_phase(move, s)
    t = TABLES[s.rules.players]
    area = t.areas[s.current]
    cards = s.cards
    face_up = s.face_up
    removed = s.removed
    slot = move.reveal
    if slot is None:
        if _has_face_down(area, cards, face_up):
            raise _illegal(move, "AL-6", "a face-down card of the area must be turned up")
    else:
        i = _slot_index(move, slot, t.players)
        if i not in t.area_sets[s.current] or cards[i] is None or face_up[i]:
            raise _illegal(move, "AL-6", f"{slot} is no face-down card of the drawer's area")
        up = list(face_up)
        up[i] = True
        hit = _triples(t, cards, up, (i,))
        if hit:
            lcards = list(cards)
            removed = _remove(hit, lcards, up, removed)
            cards = tuple(lcards)
        face_up = tuple(up)
    discard = (*s.discard, cast(int, s.drawn))
    return _next_state(s, cards, face_up, s.deck, discard, removed, s.rng)


def _ap_take(s: State, move: Take) -> State:
    if s.phase != "turn":
        raise _wrong_phase(move, s)
    t = TABLES[s.rules.players]
    i = _slot_index(move, move.slot, t.players)
    cards = list(s.cards)
    old = cards[i]
    if old is None or i not in t.area_sets[s.current]:
        raise _illegal(move, "AL-6", f"{move.slot} is no card place of the taker's area")
    discard = s.discard
    if not discard:
        raise _illegal(move, "AL-6", "the discard pile is empty")
    face_up = list(s.face_up)
    cards[i] = discard[-1]
    face_up[i] = True
    removed = s.removed
    hit = _triples(t, cards, face_up, (i,))
    if hit:
        removed = _remove(hit, cards, face_up, removed)
    return _next_state(
        s, tuple(cards), tuple(face_up), s.deck, (*discard[:-1], old), removed, s.rng
    )


_APPLY: dict[type, Callable[[State, Any], State]] = {
    Reveal: _ap_reveal,
    Draw: _ap_draw,
    Knock: _ap_knock,
    Pass: _ap_knock,
    Ignore: _ap_give,
    Give: _ap_give,
    Place: _ap_place,
    Exchange: _ap_exchange,
    Swap: _ap_swap,
    Discard: _ap_discard,
    Take: _ap_take,
}


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
