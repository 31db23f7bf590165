"""
Allegra's invariants: ``check_state`` and ``check_view``.

A loaded state or view may be forged, so nothing is assumed about the types of its
fields; every error names the broken field and, where one applies, the rule.
"""

from __future__ import annotations

import struct
from collections import Counter
from collections.abc import Callable
from itertools import chain, compress, repeat
from operator import is_, itemgetter, lt
from typing import get_args

import attrs

from cardrules import _fastdata
from cardrules._checks import Bounded, bad, check_tuple, fast_then_detailed, must_be
from cardrules._rng import Rng
from cardrules.allegra._board import (
    ENDER_FACTOR,
    HIGH_CARD,
    KNOCK_MIN_PLAYERS,
    LOW_CARD,
    SETUP_REVEALS,
    _any_triple,
    _can_exchange,
    _has_card,
    _has_face_down,
    _triples,
)
from cardrules.allegra._checks_round import (
    _HIGHEST_RAW,
    _LOWEST_SCORE,
    _check_dealt_deck,
    _check_game_end,
    _check_knock_window,
    _check_rounds,
    check_seat,
)
from cardrules.allegra._geometry import GRID, SLOTS, TABLES, index
from cardrules.allegra._moves import is_place
from cardrules.allegra._state import (
    CARD_VALUES,
    Phase,
    Rules,
    Slot,
    State,
    View,
    _short,
    _type_name,
    _WrongStateType,
)
from cardrules.errors import InvalidStateError, RulesError

__all__ = ["check_state", "check_view"]

_PHASES: frozenset[str] = frozenset(get_args(Phase))
"""Every phase a state or view can be in."""

_BOOL = frozenset((bool,))
_TUPLE = frozenset((tuple,))
_INT = frozenset((int,))
_VALUES = frozenset(CARD_VALUES)
_INT_OR_NONE = frozenset((int, type(None)))
_VALUES_OR_NONE = _VALUES | {None}


def _tally(
    path: str, values: tuple[object, ...], counts: list[int], *, skip_none: bool = False
) -> None:
    """Add the card values ``values`` (``None`` skipped if ``skip_none``) to ``counts``,
    refusing anything but a card value (AL-1); C-speed loops for the usual case."""
    kept = [v for v in values if v is not None] if skip_none else values
    if not set(map(type, kept)) <= _INT or not set(kept) <= _VALUES:
        for k, value in enumerate(values):
            if value is None and skip_none:
                continue
            if type(value) is not int or not LOW_CARD <= value <= HIGH_CARD:
                raise bad(
                    f"{path}[{k}]",
                    f"{_short(value)} is not a card value ({LOW_CARD}..{HIGH_CARD})",
                )
    for value, number in Counter(kept).items():
        counts[value - LOW_CARD] += number  # type: ignore[operator]


def _quick_counts(
    cards: tuple[object, ...], empty: int, deck: object, discard: object, removed: object
) -> list[int] | None:
    """
    How many cards of each value the grids (with ``empty`` removed places), deck,
    discard pile and removed cards hold, in C-speed passes; ``None`` if any of them
    is not a tuple of card values (then ``_tally`` part by part finds which).
    """
    if type(deck) is not tuple or type(discard) is not tuple or type(removed) is not tuple:
        return None
    every = [*cards, *deck, *discard, *removed]
    if not set(map(type, every)) <= _INT_OR_NONE:  # first: no hashing of odd values,
        return None  # and no ``True`` counted as a 1
    held = Counter(every)
    if held.get(None, 0) != empty or not held.keys() <= _VALUES_OR_NONE:
        return None  # ``None`` only on the removed places of ``cards``
    return list(map(held.get, CARD_VALUES, repeat(0)))


_GOOD_RULES: Bounded[tuple[object, ...], None] = Bounded(64)
"""The field values of Rules that passed their validators lately (all ints, exactly)."""


def _check_rules(rules: object, where: str) -> Rules:
    """The rules of a state or view, validated afresh (a loaded value may be forged)."""
    if not isinstance(rules, Rules):
        raise bad(f"{where}.rules", f"not an allegra.Rules: {_type_name(rules)}")
    players, deck, rounds, limit = (
        rules.players,
        rules.deck,
        rules.rounds,
        rules.max_turns_per_round,
    )
    # Rules whose fields are exactly (by type, so no ``True`` for a ``1``) those of
    # rules that passed lately pass again: validating is a pure function of them.
    key = (players, deck, rounds, limit)
    if (
        type(players) is int
        and type(rounds) is int
        and type(limit) is int
        and type(deck) is tuple
        and set(map(type, deck)) <= _INT
        and key in _GOOD_RULES
    ):
        return rules
    try:
        # Rebuilding runs the field validators and the AL-11 deck-size check alike.
        Rules(**attrs.asdict(rules, recurse=False))
    except RulesError as exc:
        raise bad(f"{where}.rules", str(exc)) from None
    if type(deck) is tuple and set(map(type, deck)) <= _INT:
        _GOOD_RULES.keep(key, None)
    return rules


# ----------------------------------------------------------------- the fast path
# ``check_state`` first runs ``_state_ok``: the same invariants as the detailed checks,
# asked of the usual, well-formed state in a few C-speed passes (issue 14: ``loads``
# checks every state it reads). It only answers "certainly valid" (``True``) or "ask
# the detailed checks" (``False``), so it may be stricter than they are, never looser:
# every value must have exactly the type a real state holds (a ``bool`` for a ``1``, a
# tuple subclass or any odd object goes to the detailed checks, which word the error).
# tests/allegra/test_fast_checks.py checks that both agree on played and forged states.


class _Board:
    """
    The constants of the fast checks for one player count: places are bytes of one
    big int (place ``i`` is byte ``i``, little-endian), so that a shift by ``8 * d``
    bits lines every place up with the place ``d`` after it.
    """

    __slots__ = (
        "col_starts",
        "cross_starts",
        "full",
        "highs",
        "ones",
        "places",
        "row_starts",
        "unseen",
    )

    def __init__(self, players: int) -> None:
        m = players * GRID
        self.places = m
        self.full = (1 << (8 * m)) - 1
        self.ones = int.from_bytes(b"\x01" * m, "little")
        self.highs = self.ones * 0x80
        # A face-down or removed place shows a byte of its own (0x80 + its index), so
        # it never equals a card (-1..11 are the bytes 0xff and 0x00..0x0b) nor
        # another hidden place.
        self.unseen = int.from_bytes(bytes(0x80 + i for i in range(m)), "little")

        def not_at(starts: frozenset[int]) -> int:
            """0x01 in every byte that does not start a window of this kind, else 0."""
            return int.from_bytes(bytes(i not in starts for i in range(m)), "little")

        # AL-3, AL-8 (the windows of ``Tables``): in an area row the windows at own
        # columns 0 and 1 (i, i+1, i+2) and the one across the shared column
        # (i+15 mod m, i, i+1) at own column 0: the left neighbour's column 3 is the
        # place 15 after own column 0, cyclically; in a grid column, (i, i+4, i+8).
        self.row_starts = not_at(frozenset(i for i in range(m) if i % 4 in (0, 1)))
        self.cross_starts = not_at(frozenset(i for i in range(m) if i % 4 == 0))
        self.col_starts = not_at(frozenset(i for i in range(m) if i % GRID < 4))

    def shows_triple(self, cards: bytes, face_up: bytes) -> bool:
        """
        AL-8: whether three face-up cards of one value fill a window, given each
        place's card as a signed byte (anything on a removed place) and its face-up
        flag as a byte 0 or 1: the whole grid at once, with the zero-byte test
        ``(z - 0x0101..) & ~z & 0x8080..`` (no borrow but from a zero byte, so exact).
        """
        up = int.from_bytes(face_up, "little") * 0xFF
        shown = (int.from_bytes(cards, "little") & up) | (self.unseen & ~up)
        next1 = shown >> 8
        cyclic15 = (shown >> 120) | ((shown << (8 * (self.places - 15))) & self.full)
        ones, highs = self.ones, self.highs
        for z in (
            (shown ^ next1) | (shown ^ (shown >> 16)) | self.row_starts,
            (shown ^ cyclic15) | (shown ^ next1) | self.cross_starts,
            (shown ^ (shown >> 32)) | (shown ^ (shown >> 64)) | self.col_starts,
        ):
            if (z - ones) & ~z & highs:
                return True
        return False


_BOARDS = {n: _Board(n) for n in TABLES}
_CODES = tuple(v & 0xFF for v in CARD_VALUES)
"""The byte of each card value as a signed char (-1 is 0xff), in ``Rules.deck`` order."""
_REMOVED_BYTE: dict[int | None, int] = {None: 0x7F}
"""What a removed place (``None``) becomes among the card bytes: no card's byte."""
_PACKERS: Bounded[int, Callable[..., bytes]] = Bounded(64)
"""For each number of values, the packing of as many signed bytes."""
_SECOND = itemgetter(-2)
"""The second highest of a round's sorted scores (every game has two seats or more)."""
_HOLDS_DRAWN = frozenset(("knock", "give", "place", "drawn"))
_KNOCKING = frozenset(("knock", "give", "place", "exchange", "drawn"))


class _Plan:
    """What the fast checks need of one (valid) ``Rules``."""

    __slots__ = (
        "board", "deck", "fields", "players", "rounds", "seats", "size", "tables", "turns"
    )  # fmt: skip

    def __init__(self, rules: Rules, fields: tuple[object, ...]) -> None:
        self.fields = fields
        self.players = rules.players
        self.seats = {rules.players}
        self.tables = TABLES[rules.players]
        self.board = _BOARDS[rules.players]
        self.deck = list(rules.deck)
        self.size = sum(rules.deck)
        self.rounds = rules.rounds
        self.turns = rules.max_turns_per_round


_PLANS: Bounded[tuple[object, ...], _Plan] = Bounded(64)
"""The plans of Rules that passed their validators lately, by their (exact-typed) fields."""
_DEFAULT = Rules()
_LAST = [_Plan(_DEFAULT, tuple([getattr(_DEFAULT, f.name) for f in attrs.fields(Rules)]))]
"""The plan asked for last: found by the identity of its rules' fields, without hashing."""


def _plan(rules: object) -> _Plan | None:
    """The plan of valid ``rules`` (of exactly the types a Rules holds), else ``None``."""
    if type(rules) is not Rules:
        return None
    players, deck, rounds, limit = fields = (
        rules.players, rules.deck, rules.rounds, rules.max_turns_per_round
    )  # fmt: skip
    last = _LAST[0]
    if all(map(is_, fields, last.fields)):
        return last  # the very objects of valid rules' fields
    if (
        type(players) is not int
        or type(rounds) is not int
        or type(limit) is not int
        or type(deck) is not tuple
        or not set(map(type, deck)) <= _INT
    ):
        return None  # then equal fields (``True == 1``) need not be valid fields
    plan = _PLANS.get(fields)
    if plan is None:
        try:
            _check_rules(rules, "state")
        except InvalidStateError:
            return None
        plan = _PLANS.keep(fields, _Plan(rules, fields))
    _LAST[0] = plan
    return plan


def _state_ok(state: State, typed: bool = False) -> bool:
    """
    Whether ``state`` certainly passes :func:`_check_state_detailed`: the same
    invariants, for exactly typed fields, in few passes; ``False`` whenever anything
    is off or unusual. See :func:`check_state` for what is checked. ``typed``: the
    state comes from a quick reader (``_fastdata``), so every field holds exactly its
    declared type and the tests of the items' types over whole tuples are skipped.
    """
    if type(state) is not State:
        return False
    plan = _plan(state.rules)
    if plan is None or type(state.rng) is not Rng:
        return False
    n = plan.players
    t = plan.tables
    cards, face_up = state.cards, state.face_up
    m = plan.board.places
    if type(cards) is not tuple or type(face_up) is not tuple:
        return False
    if len(cards) != m or len(face_up) != m or (not typed and set(map(type, face_up)) != _BOOL):
        return False
    deck, discard, removed = state.deck, state.discard, state.removed
    if type(deck) is not tuple or type(discard) is not tuple or type(removed) is not tuple:
        return False
    piles = deck + discard + removed
    if not typed and piles and set(map(type, piles)) != _INT:
        return False
    kinds = (_INT if None not in cards else _INT_OR_NONE) if typed else set(map(type, cards))
    up = bytes(face_up)
    every: list[int]
    if kinds == _INT:
        empty = 0
        every = [*cards, *piles]  # type: ignore[list-item]  # every one an int: checked
    elif kinds <= _INT_OR_NONE:
        empty = cards.count(None)
        # AL-8: a removed place lies face down.
        if True in compress(face_up, map(is_, cards, repeat(None))):
            return False
        every = [*map(_REMOVED_BYTE.get, cards, cards), *piles]  # type: ignore[list-item]
    else:
        return False
    if len(removed) != empty:
        return False
    phase: object = state.phase
    if type(phase) is not str or phase not in _PHASES:
        return False
    drawn, hand = state.drawn, state.hand
    if phase in _HOLDS_DRAWN:
        if type(drawn) is not int:
            return False
        every.append(drawn)
    elif drawn is not None:
        return False
    if phase == "exchange":
        if type(hand) is not int:
            return False
        every.append(hand)
    elif hand is not None:
        return False
    # AL-1: as many cards as the deck holds, each a card value (-1..11, a signed byte;
    # a value beyond them is no card's byte, so is not counted), as many of each value
    # as Rules.deck holds.
    size = len(every)
    if size - empty != plan.size:
        return False
    pack = _PACKERS.get(size) or _PACKERS.keep(size, struct.Struct(f"{size}b").pack)
    try:
        held = pack(*every)
    except struct.error:  # an int beyond -128..127
        return False
    if list(map(held.count, _CODES)) != plan.deck:
        return False
    # The rounds, scores and cuts (AL-10, AL-12, AL-13), as ``_check_rounds``.
    over = phase == "over"
    rnd = state.round
    if not discard and not over:
        return False
    if type(rnd) is not int or not 1 <= rnd <= plan.rounds or (over and rnd != plan.rounds):
        return False
    finished = rnd if over else rnd - 1
    scores, cut_rounds = state.scores, state.cut_rounds
    if type(scores) is not tuple or len(scores) != finished or type(cut_rounds) is not tuple:
        return False
    if cut_rounds and (
        set(map(type, cut_rounds)) != _INT
        or cut_rounds[0] < 1
        or cut_rounds[-1] > finished
        or not all(map(lt, cut_rounds, cut_rounds[1:]))
    ):
        return False
    if scores:
        if (not typed and set(map(type, scores)) != _TUPLE) or set(map(len, scores)) != plan.seats:
            return False
        flat = list(chain.from_iterable(scores))
        if (not typed and set(map(type, flat)) != _INT) or min(flat) < _LOWEST_SCORE:
            return False
        highest = max(flat)
        # Only the ender's score is doubled (no second score of a round above the
        # highest raw one), and nobody's in a cut round.
        if highest > _HIGHEST_RAW and (
            highest > ENDER_FACTOR * _HIGHEST_RAW
            or max(map(_SECOND, map(sorted, scores))) > _HIGHEST_RAW
            or (cut_rounds and max(max(scores[r - 1]) for r in cut_rounds) > _HIGHEST_RAW)
        ):
            return False
    current = state.current
    if type(current) is not int or not 0 <= current < n:
        return False
    public = state.deck_public
    if type(public) is not bool or (public and phase in ("reveal", "over")):
        return False
    # The knock window (AL-7), as ``_check_knock_window``.
    queue, knockers, passers = state.knock_queue, state.knockers, state.passers
    if type(queue) is not tuple or type(knockers) is not tuple or type(passers) is not tuple:
        return False
    asked = queue + knockers + passers
    if (phase == "knock") != bool(queue) or (phase == "give" and not knockers):
        return False
    if n < KNOCK_MIN_PLAYERS or phase not in _KNOCKING:
        if asked:
            return False
    else:
        # Seats, each asked once; never the drawer, as ``order`` holds the others.
        if asked and (
            (not typed and set(map(type, asked)) != _INT)
            or min(asked) < 0
            or max(asked) >= n
            or len(set(asked)) != len(asked)
        ):
            return False
        order = t.others[current]
        if empty:
            order = tuple(q for q in order if _has_card(t.areas[q], cards))
        done = len(order) - len(queue)
        if done < 0 or order[done:] != queue:
            return False
        if knockers or passers:
            rank = {q: k for k, q in enumerate(order)}
            if (
                set(knockers + passers) != set(order[:done])
                or not all(
                    map(lt, map(rank.__getitem__, knockers), map(rank.__getitem__, knockers[1:]))
                )
                or not all(
                    map(lt, map(rank.__getitem__, passers), map(rank.__getitem__, passers[1:]))
                )
            ):
                return False
        elif done:
            return False
    receiver, placed = state.receiver, state.placed
    if phase in ("place", "exchange"):
        if type(receiver) is not int or receiver not in knockers:
            return False
        if not _can_exchange(t.areas[receiver], t.areas[current], cards):
            return False
    elif receiver is not None:
        return False
    if phase == "exchange":
        if type(placed) is not Slot or not is_place(placed, n):
            return False
        here = index(placed)
        area = t.area_sets[receiver]  # type: ignore[index]  # a seat: checked above
        if here not in area or cards[here] is None or not face_up[here]:
            return False
    elif placed is not None:
        return False
    # The setup (AL-4), the end of the round (AL-9) and the turn limit (AL-13).
    left = state.reveals_left
    if type(left) is not int:
        return False
    if phase == "reveal":
        if not 1 <= left <= SETUP_REVEALS or not _has_face_down(t.areas[current], cards, face_up):
            return False
    elif left != 0:
        return False
    ender, last_turns, turns = state.ender, state.last_turns, state.turns
    if type(last_turns) is not int or not 0 <= last_turns < n:
        return False
    if type(turns) is not int or turns < 0 or (not over and turns >= plan.turns):
        return False
    if phase == "reveal" and turns != 0:
        return False
    if (ender is None or over) and last_turns != 0:
        return False
    if ender is not None:
        if (
            type(ender) is not int
            or not 0 <= ender < n
            or phase == "reveal"
            or turns == 0
            or _has_face_down(t.areas[ender], cards, face_up)
        ):
            return False
        # The ender's turn was the last but ``last_turns`` more (AL-9).
        if not over and (last_turns == 0 or last_turns != (ender - current) % n):
            return False
    # AL-10: every card face up at the end (a removed place lies face down, see above).
    if over and up.count(0) != empty:
        return False
    try:
        if over:
            _check_game_end(state, "state", state.rules, cards)
            return True
        if rnd >= 2:
            _check_dealt_deck("state", state.rules, phase, turns, len(deck), public, "deck_public")
    except InvalidStateError:
        return False
    # AL-8: no triple showing; mid-exchange one through the card just placed may be
    # pending (then the detailed checks look closer).
    return not plan.board.shows_triple(held[:m], up)


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
    mid-exchange only one through the card just placed (AL-8); ``deck_public`` a bool,
    ``False`` in the setup and once the game is over (AL-11: only a draw rebuilds).

    Hidden fields are checked against what can be derived without the RNG. From round
    2 on a round is dealt (AL-4): its deck starts with every card but ``12 * players +
    1``, so it holds them all in the setup; a deck not rebuilt (``deck_public`` false)
    lost at most one card per draw; and a rebuilt one (``deck_public`` true) was first
    drawn empty (AL-11). Every round score lies in -15..330 (-15..165 in a cut round,
    only the ender's doubled, AL-10); a round ender has played a turn (AL-9). A
    finished game's last round is cut exactly when it has no ender, after exactly
    ``max_turns_per_round`` turns (AL-13), and else ended on the turn of the ender's
    right neighbour (AL-9); its score is the one the final cards give (AL-10).

    Raises:
        ~cardrules.errors.WrongTypeError: (an ``InvalidStateError`` too) if ``state``
            is not an Allegra ``State``.

    >>> from cardrules.allegra import new_game
    >>> check_state(new_game(seed=4))
    """
    fast_then_detailed(_state_ok, _check_state_detailed, state)


def _check_state_detailed(state: State) -> None:
    """
    :func:`check_state` field by field, in order: the first broken invariant raises,
    with its path and rule. Every state the fast path (:func:`_state_ok`) does not pass
    comes here, so it alone words the messages.
    """
    if not isinstance(state, State):
        raise _WrongStateType(f"state: not an allegra.State: {_type_name(state)}")
    rules = _check_rules(state.rules, "state")
    if not isinstance(state.rng, Rng):
        raise bad("state.rng", "not an Rng")
    n = rules.players
    t = TABLES[n]
    m = n * GRID
    cards, face_up = state.cards, state.face_up
    if not isinstance(cards, tuple) or len(cards) != m:
        raise bad("state.cards", f"must be a tuple of {m} places")
    if not isinstance(face_up, tuple) or len(face_up) != m:
        raise bad("state.face_up", f"must be a tuple of {m} flags")
    counts = [0] * len(CARD_VALUES)

    def count(path: str, value: object) -> None:
        if type(value) is not int or not LOW_CARD <= value <= HIGH_CARD:
            raise bad(path, f"{_short(value)} is not a card value ({LOW_CARD}..{HIGH_CARD})")
        counts[value - LOW_CARD] += 1

    if not set(map(type, face_up)) <= _BOOL:
        k = next(i for i, up in enumerate(face_up) if type(up) is not bool)
        raise bad(f"state.face_up[{k}]", f"{_short(face_up[k])} is not a bool")
    empty = cards.count(None)
    if empty:
        for i in range(m):
            if cards[i] is None and face_up[i]:
                raise bad(f"state.face_up[{i}]", f"the removed place {SLOTS[i]} is face up")
    quick = _quick_counts(cards, empty, state.deck, state.discard, state.removed)
    if quick is not None:
        counts = quick
    else:  # something is wrong: find it, in order, for the message
        _tally("state.cards", cards, counts, skip_none=bool(empty))
        for name in ("deck", "discard", "removed"):
            _tally(f"state.{name}", check_tuple(getattr(state, name), f"state.{name}"), counts)
    if len(state.removed) != empty:
        raise bad(
            "state.removed",
            f"{len(state.removed)} removed cards but {empty} removed places (AL-8)",
        )
    phase = state.phase
    if phase not in _PHASES:
        raise bad("state.phase", f"unknown phase {_short(phase)}")
    drawn_phases = ("knock", "give", "place", "drawn")
    if (state.drawn is not None) != (phase in drawn_phases):
        raise bad("state.drawn", f"must be {'a card' if phase in drawn_phases else 'None'}")
    if state.drawn is not None:
        count("state.drawn", state.drawn)
    if (state.hand is not None) != (phase == "exchange"):
        raise bad("state.hand", "a card only during the exchange (AL-7)")
    if state.hand is not None:
        count("state.hand", state.hand)
    if counts != list(rules.deck):
        wrong = "; ".join(
            f"value {CARD_VALUES[k]}: {have} held, Rules.deck has {want}"
            for k, (have, want) in enumerate(zip(counts, rules.deck, strict=True))
            if have != want
        )
        raise bad(
            "state",
            "the cards across grids, deck, discard pile, removed cards, drawn card and "
            f"hand are not those of Rules.deck (AL-1): {wrong}",
        )
    _check_rounds(state, "state", rules, phase)
    if type(state.deck_public) is not bool:
        raise bad("state.deck_public", f"{_short(state.deck_public)} is not a bool")
    if state.deck_public and phase in ("reveal", "over"):
        raise bad(
            "state.deck_public",
            "must be False in the setup and at the game end: only a draw rebuilds the deck "
            "(AL-11)",
        )
    for name in ("knock_queue", "knockers", "passers"):
        for k, q in enumerate(check_tuple(getattr(state, name), f"state.{name}")):
            check_seat(q, f"state.{name}[{k}]", n)
            if q == state.current:
                raise bad(f"state.{name}[{k}]", "the drawer cannot knock (AL-7)")
    _check_knock_window(state, "state", n, phase, cards, t)
    if phase in ("place", "exchange"):
        if state.receiver not in state.knockers:
            raise bad("state.receiver", "the card goes to a seat that knocked (AL-7)")
    elif state.receiver is not None:
        raise bad("state.receiver", "must be None outside the exchange")
    if (state.placed is not None) != (phase == "exchange"):
        raise bad("state.placed", "a place only during exchange step 2")
    if state.placed is not None:
        p = state.placed
        if not is_place(p, n):
            raise bad("state.placed", f"{_short(p)} is not a place of this game")
        if index(p) not in t.area_sets[state.receiver]:  # type: ignore[index]
            raise bad("state.placed", "must lie in the receiver's area")
        if cards[index(p)] is None or not face_up[index(p)]:
            raise bad("state.placed", "the given card lies face up there (AL-7)")
    if phase in ("place", "exchange") and not _can_exchange(
        t.areas[state.receiver],  # type: ignore[index]
        t.areas[state.current],
        cards,
    ):
        raise bad("state.receiver", "no exchange is possible with the receiver (AL-7)")
    left = state.reveals_left
    if phase == "reveal":
        if left not in range(1, SETUP_REVEALS + 1):
            raise bad("state.reveals_left", "must be 1 or 2 during the setup (AL-4)")
        if not _has_face_down(t.areas[state.current], cards, face_up):
            raise bad("state.current", "the revealing seat has no face-down card (AL-4)")
    elif left != 0:
        raise bad("state.reveals_left", "must be 0 outside the setup")
    if state.ender is not None:
        check_seat(state.ender, "state.ender", n)
    if type(state.last_turns) is not int or not 0 <= state.last_turns < n:
        raise bad("state.last_turns", must_be("", state.last_turns, 0, n - 1))
    if (state.ender is None or phase == "over") and state.last_turns != 0:
        raise bad("state.last_turns", "must be 0 unless the round is ending (AL-9)")
    if state.ender is not None and phase != "over" and state.last_turns == 0:
        raise bad("state.last_turns", "the round is ending: some last turns remain (AL-9)")
    if state.ender is not None and phase == "reveal":
        raise bad("state.ender", "nobody can end the round during the setup (AL-9)")
    if state.ender is not None and _has_face_down(t.areas[state.ender], cards, face_up):
        # Cards only ever turn face up, so the ender's area stays without face-down cards.
        raise bad("state.ender", f"seat {state.ender}'s area has a face-down card (AL-9)")
    if (
        state.ender is not None
        and phase != "over"
        and state.last_turns != (state.ender - state.current) % n
    ):
        raise bad(
            "state.last_turns",
            f"seat {state.ender} ended the round and seat {state.current} is to play: "
            f"{(state.ender - state.current) % n} turns remain, not {state.last_turns} (AL-9)",
        )
    if phase == "over" and any(
        c is not None and not up for c, up in zip(cards, face_up, strict=True)
    ):
        raise bad("state.face_up", "every card lies face up once the game is over (AL-10)")
    limit = rules.max_turns_per_round
    if type(state.turns) is not int or state.turns < 0:
        raise bad("state.turns", must_be("", state.turns, 0, None))
    if phase != "over" and state.turns >= limit:
        raise bad("state.turns", f"the round should have been cut at {limit} turns (AL-13)")
    if phase == "reveal" and state.turns != 0:
        raise bad("state.turns", "no turn is played during the setup reveals (AL-13)")
    if state.ender is not None and state.turns == 0:
        raise bad("state.ender", "a round ends at the end of a turn: no turn was played (AL-9)")
    if phase == "over":
        _check_game_end(state, "state", rules, cards)
    elif state.round >= 2:
        public, have = state.deck_public, len(state.deck)
        _check_dealt_deck("state", rules, phase, state.turns, have, public, "deck_public")
    if phase not in ("exchange", "over") and _any_triple(t, cards, face_up):
        shown = _triples(t, cards, face_up, range(m))
        if shown:
            names = ", ".join(str(SLOTS[i]) for i in sorted(shown))
            raise bad("state.cards", f"a triple is showing (AL-8): {names}")
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
                raise bad("state.cards", f"a triple is showing (AL-8): {names}")


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
    no triple showing (AL-8); the deck's cards, when shown, as many as the deck holds,
    ascending and only during a round (AL-11); and, as :func:`check_state` derives
    them, the deck's size and whether its cards are shown from round 2 on, the score
    ranges and a finished game's last round. Face-down values, the deck order and a
    hand the seat does not hold cannot be checked.

    >>> from cardrules.allegra import new_game, view
    >>> import attrs
    >>> seen = view(new_game(Rules(players=3), seed=1), 2)
    >>> check_view(seen)
    >>> check_view(attrs.evolve(seen, deck_count=-1))
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: view.deck_count: must be an int >= 0, not -1
    """
    if not isinstance(view, View):
        raise _WrongStateType(f"view: not an allegra.View: {_type_name(view)}")
    rules = _check_rules(view.rules, "view")
    n = rules.players
    t = TABLES[n]
    m = n * GRID
    check_seat(view.seat, "view.seat", n)
    shown, down = view.cards, view.face_down
    if not isinstance(shown, tuple) or len(shown) != m:
        raise bad("view.cards", f"must be a tuple of {m} places")
    if not isinstance(down, tuple) or len(down) != m:
        raise bad("view.face_down", f"must be a tuple of {m} flags")
    counts = [0] * len(CARD_VALUES)

    def count(path: str, value: object) -> None:
        if type(value) is not int or not LOW_CARD <= value <= HIGH_CARD:
            raise bad(path, f"{_short(value)} is not a card value ({LOW_CARD}..{HIGH_CARD})")
        counts[value - LOW_CARD] += 1

    # Stand-ins for the state's cards and face_up: a face-down card is some card (its
    # value is hidden, 0 stands for it) lying face down, so the state's helpers apply.
    cards: list[int | None] = []
    face_up: list[bool] = []
    hidden = 0
    for i in range(m):
        c, d = shown[i], down[i]
        if type(d) is not bool:
            raise bad(f"view.face_down[{i}]", f"{_short(d)} is not a bool")
        if c is not None:
            count(f"view.cards[{i}]", c)
            if d:
                raise bad(f"view.face_down[{i}]", f"{SLOTS[i]} is both face up and face down")
        hidden += d
        cards.append(0 if d else c)
        face_up.append(c is not None)
    empty = cards.count(None)
    for name in ("discard", "removed"):
        pile = check_tuple(getattr(view, name), f"view.{name}")
        for k, card in enumerate(pile):
            count(f"view.{name}[{k}]", card)
    if len(view.removed) != empty:
        raise bad(
            "view.removed",
            f"{len(view.removed)} removed cards but {empty} removed places (AL-8)",
        )
    deck_count = view.deck_count
    if type(deck_count) is not int or deck_count < 0:
        raise bad("view.deck_count", must_be("", deck_count, 0, None))
    phase = view.phase
    if phase not in _PHASES:
        raise bad("view.phase", f"unknown phase {_short(phase)}")
    drawn_phases = ("knock", "give", "place", "drawn")
    if (view.drawn is not None) != (phase in drawn_phases):
        raise bad("view.drawn", f"must be {'a card' if phase in drawn_phases else 'None'}")
    if view.drawn is not None:
        count("view.drawn", view.drawn)
    # AL-7, AL-14: the receiver holds one card in hand during the exchange, seen by the
    # receiver only.
    hand_count = view.hand_count
    if hand_count != (1 if phase == "exchange" else 0) or type(hand_count) is not int:
        raise bad(
            "view.hand_count",
            f"must be {1 if phase == 'exchange' else 0}: a card is in hand only during the "
            f"exchange (AL-7), not {_short(hand_count)}",
        )
    own_hand = phase == "exchange" and view.seat == view.receiver
    if (view.hand is not None) != own_hand:
        raise bad(
            "view.hand",
            "must be the card in hand in the receiver's own view during the exchange, "
            "else None (AL-7, AL-14)",
        )
    if view.hand is not None:
        count("view.hand", view.hand)
    total = sum(counts) + hidden + deck_count + (hand_count if view.hand is None else 0)
    deck_cards = view.deck_cards
    if deck_cards is not None:
        # AL-11: after a rebuild the deck's cards are known, in ascending order; they
        # are counted among the cards seen, and in the total as the deck.
        for k, card in enumerate(check_tuple(deck_cards, "view.deck_cards", deck_count)):
            count(f"view.deck_cards[{k}]", card)
        if list(deck_cards) != sorted(deck_cards):
            raise bad("view.deck_cards", "must list the deck's cards in ascending order")
        if phase in ("reveal", "over"):
            raise bad(
                "view.deck_cards",
                "must be None in the setup and at the game end: only a draw rebuilds the "
                "deck (AL-11)",
            )
    for k, (have, most) in enumerate(zip(counts, rules.deck, strict=True)):
        if have > most:
            raise bad(
                "view",
                f"{have} cards of value {CARD_VALUES[k]} seen, Rules.deck has {most} (AL-1)",
            )
    if total != sum(rules.deck):
        raise bad(
            "view.deck_count",
            f"the grids, deck, discard pile, removed cards, drawn card and hand hold {total} "
            f"cards, Rules.deck has {sum(rules.deck)} (AL-1)",
        )
    _check_rounds(view, "view", rules, phase)
    current: int = view.current
    for name in ("knock_queue", "knockers", "passers"):
        seats = check_tuple(getattr(view, name), f"view.{name}")
        for k, q in enumerate(seats):
            check_seat(q, f"view.{name}[{k}]", n)
            if q == current:
                raise bad(f"view.{name}[{k}]", "the drawer cannot knock (AL-7)")
    _check_knock_window(view, "view", n, phase, cards, t)
    receiver = view.receiver
    if phase in ("place", "exchange"):
        if receiver not in view.knockers:
            raise bad("view.receiver", "the card goes to a seat that knocked (AL-7)")
    elif receiver is not None:
        raise bad("view.receiver", "must be None outside the exchange")
    placed = view.placed
    if (placed is not None) != (phase == "exchange"):
        raise bad("view.placed", "a place only during exchange step 2")
    if placed is not None:
        if not is_place(placed, n):
            raise bad("view.placed", f"{_short(placed)} is not a place of this game")
        if index(placed) not in t.area_sets[receiver]:  # type: ignore[index]
            raise bad("view.placed", "must lie in the receiver's area")
        if not face_up[index(placed)]:
            raise bad("view.placed", "the given card lies face up there (AL-7)")
    if phase in ("place", "exchange") and not _can_exchange(
        t.areas[receiver],  # type: ignore[index]
        t.areas[current],
        cards,
    ):
        raise bad("view.receiver", "no exchange is possible with the receiver (AL-7)")
    left = view.reveals_left
    if phase == "reveal":
        if left not in range(1, SETUP_REVEALS + 1) or type(left) is not int:
            raise bad("view.reveals_left", "must be 1 or 2 during the setup (AL-4)")
        if not _has_face_down(t.areas[current], cards, face_up):
            raise bad("view.current", "the revealing seat has no face-down card (AL-4)")
    elif left != 0 or type(left) is not int:
        raise bad("view.reveals_left", "must be 0 outside the setup")
    ender = view.ender
    if ender is not None:
        check_seat(ender, "view.ender", n)
    last_turns = view.last_turns
    if type(last_turns) is not int or not 0 <= last_turns < n:
        raise bad("view.last_turns", must_be("", last_turns, 0, n - 1))
    if (ender is None or phase == "over") and last_turns != 0:
        raise bad("view.last_turns", "must be 0 unless the round is ending (AL-9)")
    if ender is not None:
        if phase != "over" and last_turns == 0:
            raise bad("view.last_turns", "the round is ending: some last turns remain (AL-9)")
        if phase == "reveal":
            raise bad("view.ender", "nobody can end the round during the setup (AL-9)")
        if _has_face_down(t.areas[ender], cards, face_up):
            raise bad("view.ender", f"seat {ender}'s area has a face-down card (AL-9)")
        if phase != "over" and last_turns != (ender - current) % n:
            raise bad(
                "view.last_turns",
                f"seat {ender} ended the round and seat {current} is to play: "
                f"{(ender - current) % n} turns remain, not {last_turns} (AL-9)",
            )
    if phase == "over" and hidden:
        raise bad("view.face_down", "every card lies face up once the game is over (AL-10)")
    limit = rules.max_turns_per_round
    if type(view.turns) is not int or view.turns < 0:
        raise bad("view.turns", must_be("", view.turns, 0, None))
    if phase != "over" and view.turns >= limit:
        raise bad("view.turns", f"the round should have been cut at {limit} turns (AL-13)")
    if phase == "reveal" and view.turns != 0:
        raise bad("view.turns", "no turn is played during the setup reveals (AL-13)")
    if ender is not None and view.turns == 0:
        raise bad("view.ender", "a round ends at the end of a turn: no turn was played (AL-9)")
    if phase == "over":
        _check_game_end(view, "view", rules, cards)
    elif view.round >= 2:
        shown_deck = deck_cards is not None
        _check_dealt_deck("view", rules, phase, view.turns, deck_count, shown_deck, "deck_cards")
    if phase not in ("exchange", "over"):
        triple = _triples(t, cards, face_up, range(m))
        if triple:
            names = ", ".join(str(SLOTS[i]) for i in sorted(triple))
            raise bad("view.cards", f"a triple is showing (AL-8): {names}")
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
                raise bad("view.cards", f"a triple is showing (AL-8): {names}")


def _typed_state_ok(state: State) -> bool:
    """:func:`_state_ok` of a state a quick reader made (see ``_fastdata``)."""
    return _state_ok(state, True)


_fastdata.register_typed_check(check_state, _typed_state_ok)
