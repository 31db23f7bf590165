"""
The action numbering of Allegra (``actions``) and its returns, utility bounds and
longest game (``returns``, ``utility_bounds``, ``max_moves``).

With ``P = 12 * players`` places (index ``owner * 12 + row * 4 + col``), the actions
come in blocks, each in place order:

1. ``Reveal(place)``: P;  2. ``Draw()``: 1;  3. ``Take(place)``: P;
4. ``Swap(place)``: P;  5. ``Discard()``: 1, then ``Discard(place)``: P;
6. ``Knock()``, ``Pass()``, ``Ignore()``: 3;  7. ``Give(knocker)``: ``players``;
8. ``Place(place)``: P;
9. ``Exchange(take, put)``: only the pairs the geometry allows (AL-3, AL-7): ``take`` in
   the area of some seat ``k`` and ``put`` another place in the area of a seat other than
   ``k``, ordered by ``take`` then ``put``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import repeat
from operator import is_, itemgetter
from typing import Any, Final

from cardrules import _fastobs
from cardrules.allegra._geometry import GRID, SLOTS, TABLES
from cardrules.allegra._play import legal_moves
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
    Rules,
    State,
    Swap,
    Take,
)
from cardrules.errors import CardrulesError, RulesError
from cardrules.game import ActionSpace

__all__ = ["actions", "max_moves", "returns", "utility_bounds"]

SETUP_REVEALS_PER_SEAT: Final = 2
"""AL-4: reveals each seat makes at the deal."""


def _exchange_pairs(players: int) -> tuple[tuple[int, int], ...]:
    """AL-7: (take, put) with take in a seat k's area, put != take in another seat's."""
    t = TABLES[players]
    pairs: set[tuple[int, int]] = set()
    for k in range(players):
        for d in range(players):
            if d != k:
                pairs.update((a, b) for a in t.areas[k] for b in t.areas[d] if a != b)
    return tuple(sorted(pairs))


@lru_cache(maxsize=8)
def _table(players: int) -> tuple[Move, ...]:
    slots = SLOTS[: players * GRID]
    out: list[Move] = [Reveal(s) for s in slots]
    out.append(Draw())
    out += [Take(s) for s in slots]
    out += [Swap(s) for s in slots]
    out.append(Discard())
    out += [Discard(s) for s in slots]
    out += [Knock(), Pass(), Ignore()]
    out += [Give(k) for k in range(players)]
    out += [Place(s) for s in slots]
    out += [Exchange(SLOTS[a], SLOTS[b]) for a, b in _exchange_pairs(players)]
    return tuple(out)


@lru_cache(maxsize=8)
def _space(players: int) -> ActionSpace[Move]:
    table = _table(players)
    numbers = {move: k for k, move in enumerate(table)}

    def encode(move: Move) -> int:
        try:
            return numbers[move]
        except (KeyError, TypeError):
            raise CardrulesError(
                f"{move!r} is no Allegra action of a {players}-player game"
            ) from None

    def decode(action: int) -> Move:
        if type(action) is not int or not 0 <= action < len(table):
            raise CardrulesError(f"action must be an int in 0..{len(table) - 1}, not {action!r}")
        return table[action]

    return ActionSpace(size=len(table), encode=encode, decode=decode)


def actions(rules: Rules) -> ActionSpace[Move]:
    """
    The fixed numbering of every move that ``legal_moves`` can return under ``rules``
    (see the module docstring for the blocks); only the player count matters. Sizes:
    2 players 535, 3: 1,232, 4: 2,217, 5: 3,490, 6: 5,051 actions, of which the
    exchanges are 408, 1,044, 1,968, 3,180 and 4,680.

    Raises:
        RulesError: if ``rules`` is not an Allegra ``Rules``.

    >>> from cardrules import allegra
    >>> space = allegra.actions(allegra.Rules(players=2))
    >>> space.size, space.encode(allegra.Draw()), space.decode(0)
    (535, 24, Reveal(slot=Slot(owner=0, row=0, col=0)))
    """
    if type(rules) is not Rules:
        raise RulesError(f"expected an Allegra Rules, not {rules!r}")
    return _space(rules.players)


def returns(state: State) -> tuple[tuple[int, ...], ...]:
    """
    The points of every seat in each finished round (AL-10): ``state.scores``. Lower is
    better in Allegra (AL-12).

    >>> from cardrules import allegra
    >>> allegra.returns(allegra.new_game(allegra.Rules(players=2), seed=1))
    ()
    """
    return state.scores


def utility_bounds(rules: Rules) -> tuple[int, int]:
    """
    The lowest and highest total a seat can end with (AL-10, AL-12): each round its
    area of 15 places scores between 15 times the lowest and 15 times the highest value
    in the deck, a positive score of the ender at most doubled.

    >>> from cardrules import allegra
    >>> allegra.utility_bounds(allegra.Rules())
    (-45, 990)
    """
    values = [v for v, c in zip(range(-1, 12), rules.deck, strict=True) if c]
    low = min(0, 15 * min(values)) if values else 0
    high = max(0, 2 * 15 * max(values)) if values else 0
    return rules.rounds * low, rules.rounds * high


def max_moves(rules: Rules) -> int:
    """
    No game under ``rules`` lasts more moves than this: per round the setup reveals
    (AL-4, two per seat) and ``max_turns_per_round`` turns (AL-13) of at most
    ``players + 3`` moves each (a draw, every other seat's knock or pass, a give, a
    place and an exchange, AL-6, AL-7); every round has a turn limit (see the docs
    page's "Limits").

    >>> from cardrules import allegra
    >>> allegra.max_moves(allegra.Rules(players=2))
    15012
    """
    limit = rules.max_turns_per_round
    n = rules.players
    return rules.rounds * (SETUP_REVEALS_PER_SEAT * n + limit * (n + 3))


_MASKS_KEPT = 512
"""The most masks a mask maker keeps a phase (then it starts that phase afresh)."""


def _mask_maker(rules: Rules) -> Callable[[State], bytes | None]:
    # The action mask of a state from the few fields its legal moves depend on (the
    # adapters' fast path, see cardrules._fastobs): a mask is made once by the plain
    # path (the numbers of legal_moves) and kept under a key that fixes those moves, so
    # it is always exactly the plain path's. The keys follow legal_moves phase by phase:
    # the seat(s) that act, the sides of the cards of the mover's area (a reveal, the
    # discard after a draw), and which places of the areas concerned are removed (AL-8;
    # while no card is removed, legal_moves takes every place of an area to hold one,
    # and so do the keys). Over, it leaves the empty mask to the plain path.
    # tests/test_rl.py compares the two on random states of every phase and player count.
    n = rules.players
    space = _space(n)
    size, encode = space.size, space.encode
    area_items = [itemgetter(*area) for area in TABLES[n].areas]
    nones = tuple(repeat(None, n * GRID))
    # The masks kept, a dict a phase: the phases with many keys (the sides of an area)
    # start afresh when full without losing the few masks of the others.
    kept: dict[str, dict[Any, bytes]] = {
        phase: {} for phase in ("reveal", "turn", "drawn", "knock", "give", "place", "exchange")
    }
    whole_turns: list[bytes | None] = [None] * n  # a seat's turn with no card removed
    # The numbers of the moves legal_moves hands out (the same objects again), by
    # identity; each entry keeps its move, so no id in it is reused.
    numbers: dict[int, tuple[Move, int]] = {}

    def plain(state: State, key: Any) -> bytes:
        ones = bytearray(size)
        for move in legal_moves(state):
            known = numbers.get(id(move))
            if known is None or known[0] is not move:
                if len(numbers) >= 2 * size:
                    numbers.clear()
                known = numbers[id(move)] = (move, encode(move))
            ones[known[1]] = 1
        masks = kept[state.phase]
        if len(masks) >= _MASKS_KEPT:
            masks.clear()
        mask = masks[key] = bytes(ones)
        return mask

    def holes(seat: int, cards: tuple[int | None, ...]) -> tuple[bool, ...] | None:
        # Which places of the seat's area are removed (None when none is).
        held = area_items[seat](cards)
        return tuple(map(is_, held, nones)) if None in held else None

    def mask(state: State) -> bytes | None:
        phase = state.phase
        if phase == "turn":  # AL-6: draw, or take onto any card of the area
            current = state.current
            if not state.removed:
                made = whole_turns[current]
                if made is None:
                    made = whole_turns[current] = plain(state, (phase, current))
                return made
            key: Any = (phase, current, holes(current, state.cards))
        elif phase == "knock":  # AL-7: knock or pass, whoever asks
            return kept[phase].get(phase) or plain(state, phase)
        elif phase == "drawn":  # AL-6a: swap onto a card, discard and reveal a face-down one
            current = state.current
            key = (
                phase,
                current,
                area_items[current](state.face_up),
                holes(current, state.cards) if state.removed else None,
            )
        elif phase == "reveal":  # AL-4: a face-down card of the area
            current = state.current
            key = (phase, current, area_items[current](state.face_up), holes(current, state.cards))
        elif phase == "give":  # AL-7: ignore, or give to a knocker an exchange can follow
            current, knockers = state.current, state.knockers
            key = (phase, current, knockers)
            if state.removed:  # which places of the areas of the drawer and each knocker
                cards = state.cards
                key += (holes(current, cards), *[holes(k, cards) for k in knockers])
        elif phase == "place":  # AL-7 step 1: a card place of the receiver's area
            receiver: int = state.receiver  # type: ignore[assignment]
            key = (phase, receiver, holes(receiver, state.cards) if state.removed else None)
        elif phase == "exchange":  # AL-7 step 2: from the receiver's area to the drawer's
            receiver = state.receiver  # type: ignore[assignment]
            current, cards = state.current, state.cards
            key = (phase, receiver, current, holes(receiver, cards), holes(current, cards))
        else:  # over: no legal move; the plain path gives the empty mask
            return None
        made = kept[phase].get(key)
        if made is None:
            made = plain(state, key)
        return made

    return mask


_fastobs.register_mask(legal_moves, actions, _mask_maker)
