"""
Allegra's apply steps: one function per kind of move, chosen by ``apply`` in ``_play``.

Hot path: each step checks its move against the phase (AL-4 to AL-8) and builds the new
state from flat tuples and the tables of ``_geometry`` with the positional
``_state`` (never with ``attrs.evolve`` or keyword arguments, which cost more than the
rest of a move).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from cardrules._rng import Rng, _shuffle
from cardrules.allegra._board import (
    AREA_PLACES,
    KNOCK_MIN_PLAYERS,
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
    Pass,
    Phase,
    Place,
    Reveal,
    Slot,
    State,
    Swap,
    Take,
    _between_turns,
    _state,
)
from cardrules.errors import IllegalMoveError


def _illegal(move: object, rule: str, reason: str) -> IllegalMoveError:
    return IllegalMoveError(move, rule, reason)


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
    return _between_turns(
        s.rules,
        s.rng,
        s.round,
        phase,
        seat,  # current
        left,  # reveals_left
        cards,
        face_up,
        s.deck,
        s.discard,
        removed,
        None,  # ender
        0,  # last_turns
        0,  # turns
        s.scores,
        s.cut_rounds,
        False,  # deck_public: AL-4, nothing is drawn during the setup
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
    return _state(
        rules,
        rng,
        s.round,
        "knock" if queue else "drawn",  # phase
        s.current,
        0,  # reveals_left
        s.cards,
        s.face_up,
        deck,
        discard,
        s.removed,
        drawn,
        queue,  # knock_queue
        (),  # knockers
        (),  # passers
        None,  # receiver
        None,  # placed
        None,  # hand
        s.ender,
        s.last_turns,
        s.turns,
        s.scores,
        s.cut_rounds,
        public,  # deck_public
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
    # (built with ``_state``: ``attrs.evolve`` costs more than the rest of a move).
    return _state(
        s.rules,
        s.rng,
        s.round,
        "knock" if queue else ("give" if knockers else "drawn"),  # phase
        s.current,
        0,  # reveals_left
        s.cards,
        s.face_up,
        s.deck,
        s.discard,
        s.removed,
        s.drawn,
        queue,  # knock_queue
        knockers,
        passers,
        None,  # receiver
        None,  # placed
        None,  # hand
        s.ender,
        s.last_turns,
        s.turns,
        s.scores,
        s.cut_rounds,
        s.deck_public,
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
    return _state(
        s.rules,
        s.rng,
        s.round,
        phase,
        s.current,
        0,  # reveals_left
        s.cards,
        s.face_up,
        s.deck,
        s.discard,
        s.removed,
        s.drawn,
        (),  # knock_queue
        s.knockers,
        s.passers,
        receiver,
        None,  # placed
        None,  # hand
        s.ender,
        s.last_turns,
        s.turns,
        s.scores,
        s.cut_rounds,
        s.deck_public,
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
    return _state(
        s.rules,
        s.rng,
        s.round,
        "exchange",  # phase
        s.current,
        0,  # reveals_left
        tuple(cards),  # cards
        tuple(face_up),  # face_up
        s.deck,
        s.discard,
        s.removed,
        None,  # drawn
        (),  # knock_queue
        s.knockers,
        s.passers,
        receiver,
        SLOTS[i],  # placed
        hand,
        s.ender,
        s.last_turns,
        s.turns,
        s.scores,
        s.cut_rounds,
        s.deck_public,
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
    cards[i] = discard[-1]
    face_up = s.face_up
    if not face_up[i]:  # the taken card goes face up: most places are up already
        face_up = (*face_up[:i], True, *face_up[i + 1 :])
    removed = s.removed
    hit = _triples(t, cards, face_up, (i,))
    if hit:
        up = list(face_up)
        removed = _remove(hit, cards, up, removed)
        face_up = tuple(up)
    return _next_state(s, tuple(cards), face_up, s.deck, (*discard[:-1], old), removed, s.rng)


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
