"""
The pure functions of Allegra: dealing, legal moves, applying moves, views, checks.

The hot path (``legal_moves`` and ``apply``) works on flat tuples and the geometry
tables of ``_geometry``: move objects are built once, a triple search looks only at
the windows through the places an action changed (the state before every action shows
no triple, AL-8), and new states are built directly, never with ``attrs.evolve``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

import attrs

from cardrules._rng import Rng, _check_seed, _shuffle
from cardrules.allegra._geometry import GRID, SLOTS, TABLES, Tables, index
from cardrules.allegra._state import (
    CARD_VALUES,
    Discard,
    Draw,
    Exchange,
    Give,
    Ignore,
    Knock,
    Layout,
    Move,
    Pass,
    Phase,
    Place,
    Reveal,
    Rules,
    Slot,
    State,
    Swap,
    Take,
    View,
)
from cardrules.errors import (
    GameOverError,
    IllegalMoveError,
    InvalidStateError,
    RulesError,
)
from cardrules.game import Outcome

__all__ = [
    "apply",
    "check_state",
    "check_view",
    "is_over",
    "legal_moves",
    "new_game",
    "outcome",
    "players",
    "redeal_hidden",
    "to_move",
    "view",
]


# --------------------------------------------------------------------------- move tables

_REVEAL = tuple(Reveal(s) for s in SLOTS)
_TAKE = tuple(Take(s) for s in SLOTS)
_SWAP = tuple(Swap(s) for s in SLOTS)
_DISCARD = tuple(Discard(s) for s in SLOTS)
_PLACE = tuple(Place(s) for s in SLOTS)
_GIVE = tuple(Give(k) for k in range(6))
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
_PACKS: dict[tuple[int, ...], tuple[int, ...]] = {}


def _pack(deck: tuple[int, ...]) -> tuple[int, ...]:
    """Every card of ``Rules.deck`` in value order: the order the shuffle starts from."""
    pack = _PACKS.get(deck)
    if pack is None:
        pack = tuple(v for v, count in zip(CARD_VALUES, deck, strict=True) for _ in range(count))
        _PACKS[deck] = pack
    return pack


def _illegal(move: object, rule: str, reason: str) -> IllegalMoveError:
    return IllegalMoveError(move, rule, reason)


# --------------------------------------------------------------------------- dealing


def new_game(rules: Rules | None = None, *, seed: int, layout: Layout | None = None) -> State:
    """
    Deal a new game (AL-4).

    The deal: all cards of ``rules.deck``, in value order, are shuffled with
    ``Rng(seed)``; the first ``12 * players`` go to the grids (seat 0's first, each
    grid row-major), the next one starts the discard pile and the rest, in order, is
    the deck (its top first). Later rounds deal the same way from the game's RNG.

    Args:
        rules: the rules; ``Rules()`` by default.
        seed: an int in ``[0, 2**64)``.
        layout: an explicit first round instead of the shuffled one (keyword-only);
            later rounds are dealt from ``Rng(seed)``.

    Returns:
        The first state: the setup reveals of seat 0 (AL-4, AL-5; of the next seat
        with a face-down card in its area if a layout leaves seat 0's area none), or
        seat 0's first turn for a layout with ``reveals=False``.

    Raises:
        ~cardrules.RulesError: for a bad seed, rules or layout.

    >>> state = new_game(Rules(players=3), seed=1)
    >>> state.phase, state.current, len(state.cards), len(state.deck)
    ('reveal', 0, 36, 83)
    """
    if rules is None:
        rules = Rules()
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be an allegra.Rules, not {rules!r}")
    _check_seed(seed)
    if layout is None:
        return _deal(rules, seed, 1, (), ())
    return _from_layout(rules, seed, layout)


def _deal(
    rules: Rules,
    rng: int,
    round_no: int,
    scores: tuple[tuple[int, ...], ...],
    cut_rounds: tuple[int, ...],
) -> State:
    n = rules.players
    shuffled, rng = _shuffle(rng, _pack(rules.deck))
    m = n * GRID
    cards = tuple(shuffled[:m])
    return _start_round(
        rules,
        rng,
        round_no,
        cards,
        (False,) * m,
        tuple(shuffled[m + 1 :]),
        (shuffled[m],),
        scores,
        cut_rounds,
        reveals=True,
    )


def _start_round(
    rules: Rules,
    rng: int,
    round_no: int,
    cards: tuple[int | None, ...],
    face_up: tuple[bool, ...],
    deck: tuple[int, ...],
    discard: tuple[int, ...],
    scores: tuple[tuple[int, ...], ...],
    cut_rounds: tuple[int, ...],
    *,
    reveals: bool,
) -> State:
    n = rules.players
    start = (round_no - 1) % n  # AL-5
    seat: int | None = start
    if reveals:
        seat = _next_revealer(TABLES[n], cards, face_up, start, start, first=True)
    phase: Phase = "reveal" if reveals and seat is not None else "turn"
    return State(
        rules=rules,
        rng=Rng(rng),
        round=round_no,
        phase=phase,
        current=start if seat is None else seat,
        reveals_left=2 if phase == "reveal" else 0,
        cards=cards,
        face_up=face_up,
        deck=deck,
        discard=discard,
        removed=(),
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
        scores=scores,
        cut_rounds=cut_rounds,
    )


def _from_layout(rules: Rules, seed: int, layout: Layout) -> State:
    if not isinstance(layout, Layout):
        raise RulesError(f"layout must be an allegra.Layout, not {layout!r}")
    n = rules.players
    grids = layout.grids
    if not isinstance(grids, tuple) or len(grids) != n:
        raise RulesError(f"layout.grids: {n} players need {n} grids of 12 cards")
    counts = [0] * len(CARD_VALUES)

    def count(where: str, cards: object) -> None:
        if not isinstance(cards, tuple):
            raise RulesError(f"{where} must be a tuple of card values")
        for k, v in enumerate(cards):
            if type(v) is not int or not -1 <= v <= 11:
                raise RulesError(f"{where}[{k}]: {v!r} is not a card value (-1..11)")
            counts[v + 1] += 1

    for seat, grid in enumerate(grids):
        count(f"layout.grids[{seat}]", grid)
        if len(grid) != GRID:
            raise RulesError(f"layout.grids[{seat}] holds {len(grid)} cards, not 12")
    count("layout.discard", layout.discard)
    count("layout.deck", layout.deck)
    if not layout.discard:
        raise RulesError("layout.discard must hold at least one card (AL-4)")
    for k, (have, want) in enumerate(zip(counts, rules.deck, strict=True)):
        if have != want:
            raise RulesError(
                f"layout: value {CARD_VALUES[k]} appears {have} times, Rules.deck has {want}"
            )
    face_up = [False] * (n * GRID)
    for k, slot in enumerate(layout.face_up):
        if not isinstance(slot, Slot) or slot.owner >= n:
            raise RulesError(f"layout.face_up[{k}]: {slot!r} is not a place of this game")
        if face_up[index(slot)]:
            raise RulesError(f"layout.face_up[{k}]: {slot} is given twice")
        face_up[index(slot)] = True
    cards = tuple(v for grid in grids for v in grid)
    up = tuple(face_up)
    shown = _triples(TABLES[n], cards, up, range(n * GRID))
    if shown:
        names = ", ".join(str(SLOTS[i]) for i in sorted(shown))
        raise RulesError(f"layout.face_up shows a triple (AL-8): {names}")
    return _start_round(
        rules,
        seed,
        1,
        cards,
        up,
        tuple(layout.deck),
        tuple(layout.discard),
        (),
        (),
        reveals=bool(layout.reveals),
    )


def _has_face_down(
    area: Sequence[int], cards: Sequence[int | None], face_up: Sequence[bool]
) -> bool:
    for i in area:  # noqa: SIM110 - a plain loop is faster than any() here
        if not face_up[i] and cards[i] is not None:
            return True
    return False


def _has_card(area: Sequence[int], cards: Sequence[int | None]) -> bool:
    for i in area:  # noqa: SIM110 - a plain loop is faster than any() here
        if cards[i] is not None:
            return True
    return False


def _next_revealer(
    t: Tables,
    cards: Sequence[int | None],
    face_up: Sequence[bool],
    start: int,
    seat: int,
    *,
    first: bool,
) -> int | None:
    """AL-4: the next seat from ``seat`` (itself if ``first``) that has a face-down card
    in its area, before the turn order comes back to ``start``; ``None`` when done."""
    n = t.players
    if not first:
        seat = (seat + 1) % n
        if seat == start:
            return None
    while True:
        if _has_face_down(t.areas[seat], cards, face_up):
            return seat
        seat = (seat + 1) % n
        if seat == start:
            return None


# --------------------------------------------------------------------------- triples


def _triples(
    t: Tables,
    cards: Sequence[int | None],
    face_up: Sequence[bool],
    changed: Iterable[int],
) -> set[int] | None:
    """AL-8: the places of every triple through the ``changed`` places (or ``None``)."""
    hit: set[int] | None = None
    windows_at = t.windows_at
    for i in changed:
        for w in windows_at[i]:
            a, b, c = w
            if face_up[a] and face_up[b] and face_up[c]:
                x = cards[a]
                if cards[b] == x and cards[c] == x:
                    if hit is None:
                        hit = set(w)
                    else:
                        hit.update(w)
    return hit


def _remove(
    hit: set[int], cards: list[int | None], face_up: list[bool], removed: tuple[int, ...]
) -> tuple[int, ...]:
    """AL-8: take the found cards out of the round, all together, in place order."""
    out = list(removed)
    for i in sorted(hit):
        out.append(cards[i])  # type: ignore[arg-type]
        cards[i] = None
        face_up[i] = False
    return tuple(out)


# --------------------------------------------------------------------------- queries


def to_move(state: State) -> int | None:
    """
    The seat that decides next, ``None`` once the game is over.

    During the knock window (AL-7) it is the next seat to knock or pass, during
    exchange step 1 the chosen knocker; otherwise the seat whose turn it is.

    >>> to_move(new_game(Rules(players=3), seed=1))
    0
    """
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

    >>> is_over(new_game(seed=1))
    False
    """
    return state.phase == "over"


def players(state: State) -> int:
    """
    The number of seats.

    >>> players(new_game(Rules(players=5), seed=1))
    5
    """
    return state.rules.players


def outcome(state: State) -> Outcome | None:
    """
    The outcome once the game is over (AL-12), else ``None``.

    ``scores`` are the total points of every seat over all rounds; the lowest total
    wins (ties all win); ``reason`` is ``"turn_limit"`` when a round was cut (AL-13),
    else ``"normal"``.

    >>> outcome(new_game(seed=1)) is None
    True
    """
    if state.phase != "over":
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


def _can_exchange(
    knocker_area: Sequence[int], drawer_area: Sequence[int], cards: Sequence[int | None]
) -> bool:
    """AL-7: whether step 2 can be made: a card of the knocker's area can go to a place
    of the drawer's area other than the one it came from."""
    puts = [i for i in drawer_area if cards[i] is not None]
    if not puts:
        return False
    if len(puts) >= 2:
        return _has_card(knocker_area, cards)
    return any(cards[i] is not None and i != puts[0] for i in knocker_area)


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

    >>> state = new_game(Rules(players=2), seed=3)
    >>> len(legal_moves(state)), str(legal_moves(state)[0])
    (15, 'reveal p1.r0c3')
    """
    return _LEGAL[state.phase](state)


# --------------------------------------------------------------------------- apply


def _slot_index(move: Any, slot: object, n: int) -> int:
    if type(slot) is not Slot or slot.owner >= n:
        raise _illegal(move, "AL-3", f"{slot!r} is not a place of a {n}-player game")
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


def _next_state(
    s: State,
    cards: tuple[int | None, ...],
    face_up: tuple[bool, ...],
    deck: tuple[int, ...],
    discard: tuple[int, ...],
    removed: tuple[int, ...],
    rng: Rng,
) -> State:
    """The state after the turn of ``s.current`` ends (AL-9, AL-13)."""
    rules = s.rules
    n = rules.players
    seat = s.current
    turns = s.turns + 1
    ender = s.ender
    last = s.last_turns
    if ender is None:
        # AL-9: only the player whose turn ends can end the round.
        if not _has_face_down(TABLES[n].areas[seat], cards, face_up):
            ender = seat
            last = n - 1
    else:
        last -= 1
    if ender is not None and last == 0:
        return _finish_round(s, cards, deck, discard, removed, rng, ender, cut=False)
    limit = rules.max_turns_per_round
    if limit is not None and turns >= limit:
        return _finish_round(s, cards, deck, discard, removed, rng, None, cut=True)  # AL-13
    return State(
        rules=rules,
        rng=rng,
        round=s.round,
        phase="turn",
        current=(seat + 1) % n,
        reveals_left=0,
        cards=cards,
        face_up=face_up,
        deck=deck,
        discard=discard,
        removed=removed,
        drawn=None,
        knock_queue=(),
        knockers=(),
        passers=(),
        receiver=None,
        placed=None,
        hand=None,
        ender=ender,
        last_turns=last,
        turns=turns,
        scores=s.scores,
        cut_rounds=s.cut_rounds,
    )


def _round_scores(players: int, cards: Sequence[int | None], ender: int | None) -> tuple[int, ...]:
    """AL-10: every area's sum (shared columns count for both), the ender doubled if
    their score is positive and someone else's is lower or equal."""
    areas = TABLES[players].areas
    scores = [sum([v for i in a if (v := cards[i]) is not None]) for a in areas]
    if ender is not None:
        mine = scores[ender]
        if mine > 0 and any(scores[q] <= mine for q in range(players) if q != ender):
            scores[ender] = 2 * mine
    return tuple(scores)


def _finish_round(
    s: State,
    cards: tuple[int | None, ...],
    deck: tuple[int, ...],
    discard: tuple[int, ...],
    removed: tuple[int, ...],
    rng: Rng,
    ender: int | None,
    *,
    cut: bool,
) -> State:
    rules = s.rules
    n = rules.players
    scores = (*s.scores, _round_scores(n, cards, ender))
    cut_rounds = (*s.cut_rounds, s.round) if cut else s.cut_rounds
    if s.round < rules.rounds:
        # AL-8: removed cards return; every card is shuffled for the next round.
        return _deal(rules, rng.state, s.round + 1, scores, cut_rounds)
    # AL-10: all face-down cards are turned up (no triples are removed then).
    return State(
        rules=rules,
        rng=rng,
        round=s.round,
        phase="over",
        current=s.current,
        reveals_left=0,
        cards=cards,
        face_up=tuple([c is not None for c in cards]),
        deck=deck,
        discard=discard,
        removed=removed,
        drawn=None,
        knock_queue=(),
        knockers=(),
        passers=(),
        receiver=None,
        placed=None,
        hand=None,
        ender=ender,
        last_turns=0,
        turns=s.turns + 1,
        scores=scores,
        cut_rounds=cut_rounds,
    )


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
            seat, left = nxt, 2
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
    )


def _ap_draw(s: State, move: Draw) -> State:
    if s.phase != "turn":
        raise _wrong_phase(move, s)
    rules = s.rules
    n = rules.players
    deck, discard, rng = s.deck, s.discard, s.rng
    if not deck:
        # AL-11: the discard pile but its top card becomes the new deck.
        rest, state = _shuffle(rng.state, discard[:-1])
        deck, discard, rng = tuple(rest), discard[-1:], Rng(state)
    drawn = deck[0]
    deck = deck[1:]
    queue: tuple[int, ...] = ()
    if n >= 3:
        # AL-7: every other seat whose area holds a card, in order from the drawer's next.
        t = TABLES[n]
        queue = t.others[s.current]
        if len(s.removed) >= 15:  # fewer removed places cannot empty a 15-place area
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
    # AL-7: one answer of the knock window; the rest of the state stays as it was.
    return attrs.evolve(
        s,
        phase="knock" if queue else ("give" if knockers else "drawn"),
        knock_queue=queue,
        knockers=knockers,
        passers=passers,
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
    return attrs.evolve(s, phase=phase, knock_queue=(), receiver=receiver)


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
    return attrs.evolve(
        s,
        phase="exchange",
        cards=tuple(cards),
        face_up=tuple(face_up),
        drawn=None,
        placed=SLOTS[i],
        hand=hand,
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
        ~cardrules.GameOverError: if the game is over.
        ~cardrules.IllegalMoveError: if ``move`` is not in ``legal_moves(state)``; the error
            names the rule (for example ``AL-7``) and the reason.

    >>> state = new_game(Rules(players=2), seed=3)
    >>> str(apply(state, Reveal(Slot(0, 0, 0))).face_up[0])
    'True'
    """
    if state.phase == "over":
        raise GameOverError(move)
    handler = _APPLY.get(type(move))
    if handler is None:
        raise _illegal(move, "AL-6", "not an Allegra move")
    return handler(state, move)


# --------------------------------------------------------------------------- views


def view(state: State, seat: int) -> View:
    """
    What ``seat`` may know (AL-14).

    Face-up cards, the discard pile, removed cards, the drawn card, knocks and passes
    and the counts of deck and hand are public; face-down cards and the deck order are
    hidden from everyone; a knocker's card in hand is seen by that knocker only.

    Raises:
        ~cardrules.RulesError: for a seat out of range.

    >>> v = view(new_game(Rules(players=3), seed=1), 2)
    >>> v.seat, v.cards[0], v.deck_count
    (2, None, 83)
    """
    n = state.rules.players
    if type(seat) is not int or not 0 <= seat < n:
        raise RulesError(f"seat must be an int from 0 to {n - 1}, not {seat!r}")
    cards, face_up = state.cards, state.face_up
    return View(
        rules=state.rules,
        seat=seat,
        round=state.round,
        phase=state.phase,
        current=state.current,
        reveals_left=state.reveals_left,
        cards=tuple([c if up else None for c, up in zip(cards, face_up, strict=True)]),
        face_down=tuple([c is not None and not up for c, up in zip(cards, face_up, strict=True)]),
        deck_count=len(state.deck),
        discard=state.discard,
        removed=state.removed,
        drawn=state.drawn,
        knock_queue=state.knock_queue,
        knockers=state.knockers,
        passers=state.passers,
        receiver=state.receiver,
        placed=state.placed,
        hand=state.hand if seat == state.receiver else None,
        hand_count=0 if state.hand is None else 1,
        ender=state.ender,
        last_turns=state.last_turns,
        turns=state.turns,
        scores=state.scores,
        cut_rounds=state.cut_rounds,
    )


def redeal_hidden(state: State, seat: int, *, seed: int) -> State:
    """
    A state that differs from ``state`` only in what ``seat`` cannot see.

    Every face-down card, the deck and (unless ``seat`` holds it) a knocker's card in
    hand are shuffled together with ``Rng(seed)`` and dealt back keeping the counts;
    the RNG becomes the generator after that shuffle.

    Raises:
        ~cardrules.RulesError: for a seat or seed out of range.

    >>> state = new_game(Rules(players=3), seed=1)
    >>> other = redeal_hidden(state, 0, seed=9)
    >>> view(other, 0) == view(state, 0), other.cards == state.cards
    (True, False)
    """
    view(state, seat)  # validates the seat
    _check_seed(seed)
    cards = list(state.cards)
    down = [i for i, c in enumerate(cards) if c is not None and not state.face_up[i]]
    hide_hand = state.hand is not None and state.receiver != seat
    pool: list[int] = [cards[i] for i in down]  # type: ignore[misc]
    pool.extend(state.deck)
    if hide_hand:
        pool.append(state.hand)  # type: ignore[arg-type]
    shuffled, rng = _shuffle(Rng(seed).state, pool)
    for k, i in enumerate(down):
        cards[i] = shuffled[k]
    nd = len(down)
    deck = tuple(shuffled[nd : nd + len(state.deck)])
    hand = shuffled[-1] if hide_hand else state.hand
    return attrs.evolve(state, rng=Rng(rng), cards=tuple(cards), deck=deck, hand=hand)


# --------------------------------------------------------------------------- checks


def _bad(path: str, what: str) -> InvalidStateError:
    return InvalidStateError(f"{path}: {what}")


def _check_seat(path: str, value: object, n: int) -> None:
    if type(value) is not int or not 0 <= value < n:
        raise _bad(path, f"{value!r} is not a seat of a {n}-player game")


def _check_rules(rules: object, where: str) -> Rules:
    """The rules of a state or view, validated afresh (a loaded value may be forged)."""
    if not isinstance(rules, Rules):
        raise _bad(f"{where}.rules", "not an allegra.Rules")
    try:
        # Rebuilding runs the field validators and the AL-11 deck-size check alike.
        Rules(**attrs.asdict(rules, recurse=False))
    except RulesError as exc:
        raise _bad(f"{where}.rules", str(exc)) from None
    return rules


def _check_rounds(obj: State | View, where: str, rules: Rules, phase: str) -> None:
    """
    The parts a state and a view share: the discard pile exists until the end, the
    round and the finished rounds' scores and cuts (AL-12, AL-13), the seat to move.

    Args:
        obj: the state or view; ``where`` names it in messages (``"state"``).
        rules: its (checked) rules.
        phase: its (checked) phase.
    """
    n = rules.players
    if phase != "over" and not obj.discard:
        raise _bad(f"{where}.discard", "the discard pile is empty")
    if type(obj.round) is not int or not 1 <= obj.round <= rules.rounds:
        raise _bad(f"{where}.round", f"{obj.round!r} is not a round of 1..{rules.rounds}")
    finished = obj.round if phase == "over" else obj.round - 1
    if not isinstance(obj.scores, tuple) or len(obj.scores) != finished:
        raise _bad(f"{where}.scores", f"must hold the scores of {finished} finished rounds")
    for r, row in enumerate(obj.scores):
        if not isinstance(row, tuple) or len(row) != n or any(type(x) is not int for x in row):
            raise _bad(f"{where}.scores[{r}]", f"must be a tuple of {n} ints")
    if not isinstance(obj.cut_rounds, tuple) or any(
        type(r) is not int or not 1 <= r <= finished for r in obj.cut_rounds
    ):
        raise _bad(f"{where}.cut_rounds", "must hold finished round numbers")
    if list(obj.cut_rounds) != sorted(set(obj.cut_rounds)):
        raise _bad(f"{where}.cut_rounds", "must list each cut round once, in order (AL-13)")
    if phase == "over" and obj.round != rules.rounds:
        raise _bad(f"{where}.round", f"the game ends after round {rules.rounds} (AL-12)")
    _check_seat(f"{where}.current", obj.current, n)


def _check_knock_window(
    obj: State | View, where: str, n: int, phase: str, cards: Sequence[int | None], t: Tables
) -> None:
    """
    The knock window (AL-7), the same in a state and a view: each other seat whose area
    holds a card is asked once, in turn order from the drawer's next, and only after a
    draw with 3 or more players.

    Args:
        obj: the state or view; ``where`` names it in messages (``"state"``).
        n: the number of players.
        phase: its (checked) phase.
        cards: the card on each place (anything but ``None`` where a card lies).
        t: the precomputed tables of this player count.
    """
    current = obj.current
    asked = obj.knock_queue + obj.knockers + obj.passers
    if len(set(asked)) != len(asked):
        raise _bad(f"{where}.knock_queue", "a seat is asked twice in the knock window (AL-7)")
    if (phase == "knock") != bool(obj.knock_queue):
        raise _bad(f"{where}.knock_queue", "must be non-empty exactly in the knock window")
    if phase == "give" and not obj.knockers:
        raise _bad(f"{where}.knockers", "the drawer answers knocks only when someone knocked")
    # AL-7: a knock window follows every draw with 3 or more players; it asks each other
    # seat whose area holds a card once, in turn order from the drawer's next.
    if n < 3 or phase not in ("knock", "give", "place", "exchange", "drawn"):
        if asked:
            why = "knocking needs 3 or more players" if n < 3 else "no knock window is open"
            raise _bad(f"{where}.knock_queue", f"no seat can knock or pass: {why} (AL-7)")
    else:
        order = [q for q in t.others[current] if _has_card(t.areas[q], cards)]
        done = len(order) - len(obj.knock_queue)
        rank = {q: k for k, q in enumerate(order)}
        if done < 0 or tuple(order[done:]) != obj.knock_queue:
            raise _bad(
                f"{where}.knock_queue",
                f"must be the seats still to answer of {tuple(order)}, in turn order (AL-7)",
            )
        if (
            set(obj.knockers + obj.passers) != set(order[:done])
            or [rank[q] for q in obj.knockers] != sorted(rank[q] for q in obj.knockers)
            or [rank[q] for q in obj.passers] != sorted(rank[q] for q in obj.passers)
        ):
            raise _bad(
                f"{where}.knockers",
                f"the knocks and passes must be the answers of {tuple(order[:done])}, "
                "each seat once, in turn order (AL-7)",
            )


def check_state(state: State) -> None:
    """
    Raise :class:`~cardrules.InvalidStateError` if ``state`` breaks an invariant.

    Checked: the rules; lengths and indices; every card of ``Rules.deck`` accounted
    for across grids, deck, discard pile, removed cards, the drawn card and a
    knocker's hand (AL-1); no card face up on a removed place; as many removed cards
    as removed places (AL-8); what each phase needs (the seat to move, the drawn card,
    the exchange); the knock window (AL-7: only with 3 or more players, the seats
    still to answer and the knocks and passes made are exactly the other seats whose
    area holds a card, each once, in turn order from the drawer's next; the receiver
    knocked, an exchange with it is possible and the given card lies face up); no
    face-down card in the ender's area and the last turns left matching the ender and
    the seat to play (AL-9); a finished game after its last round with every card
    face up (AL-10, AL-12); no turn counted during the setup and each cut round
    listed once (AL-13); no triple showing after a completed action, and
    mid-exchange only one through the card just placed (AL-8).

    >>> check_state(new_game(seed=4))
    """
    if not isinstance(state, State):
        raise _bad("state", f"not an allegra.State: {type(state).__name__}")
    rules = _check_rules(state.rules, "state")
    if not isinstance(state.rng, Rng):
        raise _bad("state.rng", "not an Rng")
    n = rules.players
    t = TABLES[n]
    m = n * GRID
    cards, face_up = state.cards, state.face_up
    if not isinstance(cards, tuple) or len(cards) != m:
        raise _bad("state.cards", f"must be a tuple of {m} places")
    if not isinstance(face_up, tuple) or len(face_up) != m:
        raise _bad("state.face_up", f"must be a tuple of {m} flags")
    counts = [0] * len(CARD_VALUES)

    def count(path: str, value: object) -> None:
        if type(value) is not int or not -1 <= value <= 11:
            raise _bad(path, f"{value!r} is not a card value (-1..11)")
        counts[value + 1] += 1

    empty = 0
    for i in range(m):
        c, up = cards[i], face_up[i]
        if type(up) is not bool:
            raise _bad(f"state.face_up[{i}]", f"{up!r} is not a bool")
        if c is None:
            empty += 1
            if up:
                raise _bad(f"state.face_up[{i}]", f"the removed place {SLOTS[i]} is face up")
        else:
            count(f"state.cards[{i}]", c)
    for name in ("deck", "discard", "removed"):
        pile = getattr(state, name)
        if not isinstance(pile, tuple):
            raise _bad(f"state.{name}", "must be a tuple")
        for k, c in enumerate(pile):
            count(f"state.{name}[{k}]", c)
    if len(state.removed) != empty:
        raise _bad(
            "state.removed",
            f"{len(state.removed)} removed cards but {empty} removed places (AL-8)",
        )
    phase = state.phase
    if phase not in _LEGAL:
        raise _bad("state.phase", f"unknown phase {phase!r}")
    drawn_phases = ("knock", "give", "place", "drawn")
    if (state.drawn is not None) != (phase in drawn_phases):
        raise _bad("state.drawn", f"must be {'a card' if phase in drawn_phases else 'None'}")
    if state.drawn is not None:
        count("state.drawn", state.drawn)
    if (state.hand is not None) != (phase == "exchange"):
        raise _bad("state.hand", "a card only during the exchange (AL-7)")
    if state.hand is not None:
        count("state.hand", state.hand)
    if counts != list(rules.deck):
        wrong = "; ".join(
            f"value {CARD_VALUES[k]}: {have} held, Rules.deck has {want}"
            for k, (have, want) in enumerate(zip(counts, rules.deck, strict=True))
            if have != want
        )
        raise _bad(
            "state",
            "the cards across grids, deck, discard pile, removed cards, drawn card and "
            f"hand are not those of Rules.deck (AL-1): {wrong}",
        )
    _check_rounds(state, "state", rules, phase)
    for name in ("knock_queue", "knockers", "passers"):
        for k, q in enumerate(getattr(state, name)):
            _check_seat(f"state.{name}[{k}]", q, n)
            if q == state.current:
                raise _bad(f"state.{name}[{k}]", "the drawer cannot knock (AL-7)")
    _check_knock_window(state, "state", n, phase, cards, t)
    if phase in ("place", "exchange"):
        if state.receiver not in state.knockers:
            raise _bad("state.receiver", "the card goes to a seat that knocked (AL-7)")
    elif state.receiver is not None:
        raise _bad("state.receiver", "must be None outside the exchange")
    if (state.placed is not None) != (phase == "exchange"):
        raise _bad("state.placed", "a place only during exchange step 2")
    if state.placed is not None:
        p = state.placed
        if not isinstance(p, Slot) or p.owner >= n:
            raise _bad("state.placed", f"{p!r} is not a place of this game")
        if index(p) not in t.area_sets[state.receiver]:  # type: ignore[index]
            raise _bad("state.placed", "must lie in the receiver's area")
        if cards[index(p)] is None or not face_up[index(p)]:
            raise _bad("state.placed", "the given card lies face up there (AL-7)")
    if phase in ("place", "exchange") and not _can_exchange(
        t.areas[state.receiver],  # type: ignore[index]
        t.areas[state.current],
        cards,
    ):
        raise _bad("state.receiver", "no exchange is possible with the receiver (AL-7)")
    left = state.reveals_left
    if phase == "reveal":
        if left not in (1, 2):
            raise _bad("state.reveals_left", "must be 1 or 2 during the setup (AL-4)")
        if not _has_face_down(t.areas[state.current], cards, face_up):
            raise _bad("state.current", "the revealing seat has no face-down card (AL-4)")
    elif left != 0:
        raise _bad("state.reveals_left", "must be 0 outside the setup")
    if state.ender is not None:
        _check_seat("state.ender", state.ender, n)
    if type(state.last_turns) is not int or not 0 <= state.last_turns < n:
        raise _bad("state.last_turns", f"must be an int from 0 to {n - 1}")
    if (state.ender is None or phase == "over") and state.last_turns != 0:
        raise _bad("state.last_turns", "must be 0 unless the round is ending (AL-9)")
    if state.ender is not None and phase != "over" and state.last_turns == 0:
        raise _bad("state.last_turns", "the round is ending: some last turns remain (AL-9)")
    if state.ender is not None and phase == "reveal":
        raise _bad("state.ender", "nobody can end the round during the setup (AL-9)")
    if state.ender is not None and _has_face_down(t.areas[state.ender], cards, face_up):
        # Cards only ever turn face up, so the ender's area stays without face-down cards.
        raise _bad("state.ender", f"seat {state.ender}'s area has a face-down card (AL-9)")
    if (
        state.ender is not None
        and phase != "over"
        and state.last_turns != (state.ender - state.current) % n
    ):
        raise _bad(
            "state.last_turns",
            f"seat {state.ender} ended the round and seat {state.current} is to play: "
            f"{(state.ender - state.current) % n} turns remain, not {state.last_turns} (AL-9)",
        )
    if phase == "over" and any(
        c is not None and not up for c, up in zip(cards, face_up, strict=True)
    ):
        raise _bad("state.face_up", "every card lies face up once the game is over (AL-10)")
    limit = rules.max_turns_per_round
    if type(state.turns) is not int or state.turns < 0:
        raise _bad("state.turns", "must be an int >= 0")
    if limit is not None and phase != "over" and state.turns >= limit:
        raise _bad("state.turns", f"the round should have been cut at {limit} turns (AL-13)")
    if phase == "reveal" and state.turns != 0:
        raise _bad("state.turns", "no turn is played during the setup reveals (AL-13)")
    if phase not in ("exchange", "over"):
        shown = _triples(t, cards, face_up, range(m))
        if shown:
            names = ", ".join(str(SLOTS[i]) for i in sorted(shown))
            raise _bad("state.cards", f"a triple is showing (AL-8): {names}")
    elif phase == "exchange":
        # Mid-exchange only a line through the card just placed can be pending.
        here = index(state.placed)  # type: ignore[arg-type]
        for w in t.windows:
            a, b, c = w
            if (
                here not in w
                and face_up[a]
                and face_up[b]
                and face_up[c]
                and cards[a] == cards[b] == cards[c]
            ):
                names = ", ".join(str(SLOTS[i]) for i in w)
                raise _bad("state.cards", f"a triple is showing (AL-8): {names}")


def check_view(view: View) -> None:
    """
    Raise :class:`~cardrules.InvalidStateError` if ``view`` is inconsistent in itself.

    Checked from the view alone: the rules; the seat and every seat index in range;
    one entry per place in ``cards`` and ``face_down`` (``12 * players``), card
    values in ``-1..11`` and no place both face up and face down; as many removed
    cards as removed places (AL-8); the cards seen (face up, discard pile, removed,
    drawn, the hand if shown) never more of a value than ``Rules.deck`` holds, and
    with the counted hidden cards (face-down cards, the deck, a hand not shown)
    exactly ``Rules.deck`` (AL-1); the hand shown only to the receiver and counted
    only during the exchange (AL-7, AL-14); and, as :func:`check_state` checks
    them, what each phase needs, the knock window (AL-7), the setup reveals (AL-4),
    the end of the round (AL-9), the rounds, scores and turn limit (AL-12, AL-13) and
    no triple showing (AL-8). Face-down values, the deck order and a hand the seat
    does not hold cannot be checked.

    >>> import attrs
    >>> seen = view(new_game(Rules(players=3), seed=1), 2)
    >>> check_view(seen)
    >>> check_view(attrs.evolve(seen, deck_count=-1))
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: view.deck_count: must be an int >= 0, not -1
    """
    if not isinstance(view, View):
        raise _bad("view", f"not an allegra.View: {type(view).__name__}")
    rules = _check_rules(view.rules, "view")
    n = rules.players
    t = TABLES[n]
    m = n * GRID
    _check_seat("view.seat", view.seat, n)
    shown, down = view.cards, view.face_down
    if not isinstance(shown, tuple) or len(shown) != m:
        raise _bad("view.cards", f"must be a tuple of {m} places")
    if not isinstance(down, tuple) or len(down) != m:
        raise _bad("view.face_down", f"must be a tuple of {m} flags")
    counts = [0] * len(CARD_VALUES)

    def count(path: str, value: object) -> None:
        if type(value) is not int or not -1 <= value <= 11:
            raise _bad(path, f"{value!r} is not a card value (-1..11)")
        counts[value + 1] += 1

    # Stand-ins for the state's cards and face_up: a face-down card is some card (its
    # value is hidden, 0 stands for it) lying face down, so the state's helpers apply.
    cards: list[int | None] = []
    face_up: list[bool] = []
    hidden = 0
    for i in range(m):
        c, d = shown[i], down[i]
        if type(d) is not bool:
            raise _bad(f"view.face_down[{i}]", f"{d!r} is not a bool")
        if c is not None:
            count(f"view.cards[{i}]", c)
            if d:
                raise _bad(f"view.face_down[{i}]", f"{SLOTS[i]} is both face up and face down")
        hidden += d
        cards.append(0 if d else c)
        face_up.append(c is not None)
    empty = cards.count(None)
    for name in ("discard", "removed"):
        pile = getattr(view, name)
        if not isinstance(pile, tuple):
            raise _bad(f"view.{name}", "must be a tuple")
        for k, c in enumerate(pile):
            count(f"view.{name}[{k}]", c)
    if len(view.removed) != empty:
        raise _bad(
            "view.removed",
            f"{len(view.removed)} removed cards but {empty} removed places (AL-8)",
        )
    deck_count = view.deck_count
    if type(deck_count) is not int or deck_count < 0:
        raise _bad("view.deck_count", f"must be an int >= 0, not {deck_count!r}")
    phase = view.phase
    if phase not in _LEGAL:
        raise _bad("view.phase", f"unknown phase {phase!r}")
    drawn_phases = ("knock", "give", "place", "drawn")
    if (view.drawn is not None) != (phase in drawn_phases):
        raise _bad("view.drawn", f"must be {'a card' if phase in drawn_phases else 'None'}")
    if view.drawn is not None:
        count("view.drawn", view.drawn)
    # AL-7, AL-14: the receiver holds one card in hand during the exchange, seen by the
    # receiver only.
    hand_count = view.hand_count
    if hand_count != (1 if phase == "exchange" else 0) or type(hand_count) is not int:
        raise _bad(
            "view.hand_count",
            f"must be {1 if phase == 'exchange' else 0}: a card is in hand only during the "
            f"exchange (AL-7), not {hand_count!r}",
        )
    own_hand = phase == "exchange" and view.seat == view.receiver
    if (view.hand is not None) != own_hand:
        raise _bad(
            "view.hand",
            "must be the card in hand in the receiver's own view during the exchange, "
            "else None (AL-7, AL-14)",
        )
    if view.hand is not None:
        count("view.hand", view.hand)
    for k, (have, most) in enumerate(zip(counts, rules.deck, strict=True)):
        if have > most:
            raise _bad(
                "view",
                f"{have} cards of value {CARD_VALUES[k]} seen, Rules.deck has {most} (AL-1)",
            )
    total = sum(counts) + hidden + deck_count + (hand_count if view.hand is None else 0)
    if total != sum(rules.deck):
        raise _bad(
            "view.deck_count",
            f"the grids, deck, discard pile, removed cards, drawn card and hand hold {total} "
            f"cards, Rules.deck has {sum(rules.deck)} (AL-1)",
        )
    _check_rounds(view, "view", rules, phase)
    current: int = view.current
    for name in ("knock_queue", "knockers", "passers"):
        seats = getattr(view, name)
        if not isinstance(seats, tuple):
            raise _bad(f"view.{name}", "must be a tuple of seats")
        for k, q in enumerate(seats):
            _check_seat(f"view.{name}[{k}]", q, n)
            if q == current:
                raise _bad(f"view.{name}[{k}]", "the drawer cannot knock (AL-7)")
    _check_knock_window(view, "view", n, phase, cards, t)
    receiver = view.receiver
    if phase in ("place", "exchange"):
        if receiver not in view.knockers:
            raise _bad("view.receiver", "the card goes to a seat that knocked (AL-7)")
    elif receiver is not None:
        raise _bad("view.receiver", "must be None outside the exchange")
    placed = view.placed
    if (placed is not None) != (phase == "exchange"):
        raise _bad("view.placed", "a place only during exchange step 2")
    if placed is not None:
        if not isinstance(placed, Slot) or placed.owner >= n:
            raise _bad("view.placed", f"{placed!r} is not a place of this game")
        if index(placed) not in t.area_sets[receiver]:  # type: ignore[index]
            raise _bad("view.placed", "must lie in the receiver's area")
        if not face_up[index(placed)]:
            raise _bad("view.placed", "the given card lies face up there (AL-7)")
    if phase in ("place", "exchange") and not _can_exchange(
        t.areas[receiver],  # type: ignore[index]
        t.areas[current],
        cards,
    ):
        raise _bad("view.receiver", "no exchange is possible with the receiver (AL-7)")
    left = view.reveals_left
    if phase == "reveal":
        if left not in (1, 2) or type(left) is not int:
            raise _bad("view.reveals_left", "must be 1 or 2 during the setup (AL-4)")
        if not _has_face_down(t.areas[current], cards, face_up):
            raise _bad("view.current", "the revealing seat has no face-down card (AL-4)")
    elif left != 0 or type(left) is not int:
        raise _bad("view.reveals_left", "must be 0 outside the setup")
    ender = view.ender
    if ender is not None:
        _check_seat("view.ender", ender, n)
    last_turns = view.last_turns
    if type(last_turns) is not int or not 0 <= last_turns < n:
        raise _bad("view.last_turns", f"must be an int from 0 to {n - 1}")
    if (ender is None or phase == "over") and last_turns != 0:
        raise _bad("view.last_turns", "must be 0 unless the round is ending (AL-9)")
    if ender is not None:
        if phase != "over" and last_turns == 0:
            raise _bad("view.last_turns", "the round is ending: some last turns remain (AL-9)")
        if phase == "reveal":
            raise _bad("view.ender", "nobody can end the round during the setup (AL-9)")
        if _has_face_down(t.areas[ender], cards, face_up):
            raise _bad("view.ender", f"seat {ender}'s area has a face-down card (AL-9)")
        if phase != "over" and last_turns != (ender - current) % n:
            raise _bad(
                "view.last_turns",
                f"seat {ender} ended the round and seat {current} is to play: "
                f"{(ender - current) % n} turns remain, not {last_turns} (AL-9)",
            )
    if phase == "over" and hidden:
        raise _bad("view.face_down", "every card lies face up once the game is over (AL-10)")
    limit = rules.max_turns_per_round
    if type(view.turns) is not int or view.turns < 0:
        raise _bad("view.turns", "must be an int >= 0")
    if limit is not None and phase != "over" and view.turns >= limit:
        raise _bad("view.turns", f"the round should have been cut at {limit} turns (AL-13)")
    if phase == "reveal" and view.turns != 0:
        raise _bad("view.turns", "no turn is played during the setup reveals (AL-13)")
    if phase not in ("exchange", "over"):
        triple = _triples(t, cards, face_up, range(m))
        if triple:
            names = ", ".join(str(SLOTS[i]) for i in sorted(triple))
            raise _bad("view.cards", f"a triple is showing (AL-8): {names}")
    elif phase == "exchange":
        # Mid-exchange only a line through the card just placed can be pending.
        here = index(placed)  # type: ignore[arg-type]
        for w in t.windows:
            a, b, c = w
            if (
                here not in w
                and face_up[a]
                and face_up[b]
                and face_up[c]
                and cards[a] == cards[b] == cards[c]
            ):
                names = ", ".join(str(SLOTS[i]) for i in w)
                raise _bad("view.cards", f"a triple is showing (AL-8): {names}")
