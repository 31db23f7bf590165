"""
Biggenbende's invariants: ``check_state`` and ``check_view``.

Both raise :class:`~cardrules.InvalidStateError` with the path of the broken field;
a loaded value may be forged, so nothing is assumed about its types. The check
helpers that every game shares come from the core.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from operator import is_, le, lt, ne
from typing import cast

import attrs

from cardrules import _fastdata
from cardrules._checks import (
    Bounded,
    WrongStateType,
    bad,
    check_int,
    check_tuple,
    fast_then_detailed,
)
from cardrules._rng import Rng
from cardrules.biggenbende._cards import EMPTY, NO_FACE_DOWN, cards_left
from cardrules.biggenbende._state import (
    BURN,
    JOKER,
    MAX_TURNS,
    OUT_TO_END,
    ROW_SIZE,
    VALUES,
    Rules,
    State,
    View,
    card_name,
    short,
)
from cardrules.errors import InvalidStateError, RulesError

__all__ = ["check_state", "check_view", "discard_problem"]

_RULES_FIELDS = tuple(field.name for field in attrs.fields(Rules))


def discard_problem(discard: tuple[int, ...]) -> tuple[int, str] | None:
    """
    What is wrong with a discard pile's order, as ``(index, what)``, or ``None``.

    A pile that play builds holds no 8 (BB-13), no value on a higher value but on a
    joker (BB-6), and no three identical cards in a row anywhere: three identical
    cards burn the pile as soon as they lie on top, and later cards only go on top
    (BB-12).
    """
    for i, card in enumerate(discard):
        if card == BURN:
            return i, "an 8 burns the pile at once (BB-13)"
        if i and card != JOKER and discard[i - 1] != JOKER and card < discard[i - 1]:
            return i, f"{card} cannot lie on {discard[i - 1]} (BB-6)"
        if i >= 2 and card == discard[i - 1] == discard[i - 2]:
            return i, f"three identical cards ({card_name(card)}) burn the pile (BB-12)"
    return None


def _ints_in(values: Sequence[object], high: int | None = None) -> bool:
    """
    Whether every value is an int (not a bool) ``>= 0`` and, with ``high``, at most
    ``high``: the bulk check, C-level only; ``False`` sends the caller to its detailed,
    per-path check, which words the first problem.
    """
    if not values:
        return True
    if set(map(type, values)) != {int}:
        return False
    ints = cast("Sequence[int]", values)  # every one an int: checked just now
    return min(ints) >= 0 and (high is None or max(ints) <= high)


_TUPLE = {tuple}
_ROW_OF_COUNTS = {VALUES}
_ROW_OF_CARDS = {ROW_SIZE}


def _check_counts(value: object, path: str) -> tuple[int, ...]:
    items = check_tuple(value, path, VALUES)
    if not _ints_in(items):  # fast path first
        for v, c in enumerate(items):
            check_int(c, f"{path}[{v}]", 0)
    return items  # type: ignore[return-value]


def _count_rows(value: object, path: str, n: int) -> list[tuple[int, ...]]:
    """``n`` count tuples (hands or face-up rows), checked in bulk first."""
    if (
        type(value) is tuple
        and len(value) == n
        and set(map(type, value)) == _TUPLE
        and set(map(len, value)) == _ROW_OF_COUNTS
        and _ints_in(list(chain.from_iterable(value)))
    ):
        return list(value)
    return [
        _check_counts(row, f"{path}[{s}]") for s, row in enumerate(check_tuple(value, path, n))
    ]


def _face_down_rows(value: object, n: int) -> list[tuple[int | None, ...]]:
    """``n`` face-down rows of a state: ``ROW_SIZE`` cards or ``None``s, checked in bulk first."""
    if (
        type(value) is tuple
        and len(value) == n
        and set(map(type, value)) == _TUPLE
        and set(map(len, value)) == _ROW_OF_CARDS
        and _ints_in([c for c in chain.from_iterable(value) if c is not None], VALUES - 1)
    ):
        return list(value)
    face_down: list[tuple[int | None, ...]] = []
    for s, row in enumerate(check_tuple(value, "face_down", n)):
        items = check_tuple(row, f"face_down[{s}]", ROW_SIZE)
        for p, c in enumerate(items):
            if c is not None:
                check_int(c, f"face_down[{s}][{p}]", 0, VALUES - 1)
        face_down.append(items)  # type: ignore[arg-type]
    return face_down


def _check_pile(value: object, path: str) -> tuple[int, ...]:
    items = check_tuple(value, path)
    if not _ints_in(items, VALUES - 1):  # fast path first
        for i, c in enumerate(items):
            check_int(c, f"{path}[{i}]", 0, VALUES - 1)
    return items  # type: ignore[return-value]


_GOOD_RULES: Bounded[tuple[object, ...], None] = Bounded(64)
"""The field values of Rules that passed their validators lately (ints or ``None``)."""
_INT_OR_NONE = frozenset((int, type(None)))


def _check_rules(rules: object) -> Rules:
    """The rules of a state or view, validated afresh (a loaded value may be forged)."""
    if not isinstance(rules, Rules):
        raise bad("rules", f"expected a biggenbende.Rules, got {type(rules).__name__}")
    key = tuple([getattr(rules, name) for name in _RULES_FIELDS])
    # Every field an int or None, exactly (so no ``True`` for a ``1``): then rules
    # equal to rules that passed lately pass again, validating is a pure function.
    plain = set(map(type, key)) <= _INT_OR_NONE
    if plain and key in _GOOD_RULES:
        return rules
    try:
        Rules(*key)
    except RulesError as exc:
        raise bad("rules", str(exc)) from None
    if plain:
        _GOOD_RULES.keep(key, None)
    return rules


def _check_chips(obj: State | View, rules: Rules) -> int:
    """
    Chips per seat and the supply add up to ``rules.chips`` (BB-3, BB-18); the same in
    a state and a view.

    Returns:
        The supply.
    """
    chips = check_tuple(obj.chips, "chips", rules.players)
    for s, c in enumerate(chips):
        check_int(c, f"chips[{s}]", 0)
    supply = check_int(obj.supply, "supply", 0)
    held = sum(chips)  # type: ignore[arg-type]
    if supply + held != rules.chips:
        raise bad("supply", f"{supply} in the supply + {held} held != {rules.chips} chips (BB-3)")
    return supply


def _check_progress(
    obj: State | View,
    rules: Rules,
    rnd: int,
    phase: str,
    supply: int,
    left: Sequence[int],
    discard: tuple[int, ...],
) -> int | None:
    """
    The round's progress, the same in a state and a view: places (BB-17), the move
    counter and cut rounds (BB-20), the end of the match (BB-19) and the seat to move.

    Args:
        obj: the state or view.
        rules: its (checked) rules.
        rnd: its (checked) round.
        phase: its (checked) phase.
        supply: its (checked) chip supply.
        left: the cards each seat still holds, hand, face up and face down.
        discard: its (checked) discard pile.

    Returns:
        The moves made in the round, or ``None`` once the match is over.
    """
    n = rules.players
    places = check_tuple(obj.places, "places")
    for i, place in enumerate(places):
        check_int(place, f"places[{i}]", 0, n - 1)
    if len(set(places)) != len(places):
        raise bad("places", f"a seat is out twice: {short(places)}")
    for s in range(n):
        if (s in places) != (left[s] == 0):
            what = "is out but holds cards" if s in places else "holds no cards but is not out"
            raise bad("places", f"seat {s} {what} (BB-17)")
    # BB-20: without an agreed limit, a round is still cut at MAX_TURNS moves.
    limit = rules.max_turns_per_round or MAX_TURNS
    moves = check_int(obj.moves, "moves", 0)
    cut_rounds = check_tuple(obj.cut_rounds, "cut_rounds")
    last = rnd if phase == "over" else rnd - 1
    previous = 0
    for i, r in enumerate(cut_rounds):
        previous = check_int(r, f"cut_rounds[{i}]", previous + 1, last)
    if phase == "over":
        if obj.turn is not None:
            raise bad("turn", f"expected None once over, got {short(obj.turn)}")
        if rnd != rules.rounds and supply != 0:
            raise bad("phase", f"over after round {rnd} of {rules.rounds} with chips left (BB-19)")
        if len(places) > OUT_TO_END or moves > limit:
            raise bad("places", "more places or moves than a round allows")
        # The last round ended: at the second player out (BB-17), or cut by the limit
        # after exactly that many moves (BB-20), never both.
        if rnd in cut_rounds:
            if len(places) == OUT_TO_END:
                raise bad("cut_rounds", f"round {rnd} ended with two players out, not cut (BB-20)")
            if moves != limit:
                raise bad(
                    "moves", f"round {rnd} was cut after {short(moves)} moves, not {limit} (BB-20)"
                )
        elif len(places) != OUT_TO_END:
            raise bad(
                "places",
                f"round {rnd} ended with {len(places)} players out and was not cut (BB-17)",
            )
        return None
    if len(places) >= OUT_TO_END:
        raise bad("places", "the round ends when the second player goes out (BB-17)")
    if moves >= limit:
        raise bad("moves", f"{short(moves)} moves reach the limit of {limit} (BB-20)")
    turn = check_int(obj.turn, "turn", 0, n - 1)
    if turn in places:
        raise bad("turn", f"seat {turn} is out of the round (BB-17)")
    if phase == "choose":
        if obj.direction != 1 or discard or places:
            raise bad("phase", "the face-up choice (BB-4) comes before any play")
        if moves >= n or turn != (obj.starter + moves) % n:
            raise bad("turn", f"after {moves} choices seat {(obj.starter + moves) % n} chooses")
    return moves


# ----------------------------------------------------------------- the fast path
# ``check_state`` first runs ``_state_ok``: the same invariants as the detailed checks,
# asked of the usual, well-formed state in a few C-speed passes (issue 14: ``loads``
# checks every state it reads). It only answers "certainly valid" (``True``) or "ask
# the detailed checks" (``False``), so it may be stricter than they are, never looser:
# every value must have exactly the type a real state holds (a ``bool`` for a ``1``, a
# tuple subclass or any odd object goes to the detailed checks, which word the error).
# tests/biggenbende/test_fast_checks.py checks that both agree on played and forged states.

_INT = frozenset((int,))
_PHASES = frozenset(("choose", "play", "over"))
_LANES = 256**VALUES - 1
"""The modulus that adds count rows read as numbers value by value (see ``_state_ok``)."""
_UNIT: dict[object, int] = {None: 0, **{v: 256**v for v in range(VALUES)}}
"""What one card of each value (and a turned face-down place, ``None``) adds to them."""


class _Plan:
    """What the fast checks need of one (valid) ``Rules``."""

    __slots__ = ("chips", "fields", "lanes", "limit", "players", "rounds", "size")

    def __init__(self, rules: Rules, fields: tuple[object, ...]) -> None:
        self.fields = fields
        self.players = rules.players
        self.lanes = int.from_bytes(bytes(rules.deck), "little")
        self.size = sum(rules.deck)
        self.chips = rules.chips
        self.rounds = rules.rounds
        self.limit = rules.max_turns_per_round or MAX_TURNS  # BB-20


_PLANS: Bounded[tuple[object, ...], _Plan] = Bounded(64)
"""The plans of Rules that passed their validators lately, by their (exact-typed) fields."""
_DEFAULT = Rules()
_LAST = [_Plan(_DEFAULT, tuple([getattr(_DEFAULT, name) for name in _RULES_FIELDS]))]
"""The plan asked for last: found by the identity of its rules' fields, without hashing."""


def _plan(rules: object) -> _Plan | None:
    """The plan of valid ``rules`` (of exactly the types a Rules holds), else ``None``."""
    if type(rules) is not Rules:
        return None
    fields = (
        rules.players,
        rules.copies_per_value,
        rules.jokers,
        rules.chips,
        rules.rounds,
        rules.max_turns_per_round,
    )
    last = _LAST[0]
    if all(map(is_, fields, last.fields)):
        return last  # the very objects of valid rules' fields
    if not set(map(type, fields)) <= _INT_OR_NONE:
        return None  # then equal fields (``True == 1``) need not be valid fields
    plan = _PLANS.get(fields)
    if plan is None:
        try:
            _check_rules(rules)
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
    rnd, starter, direction = state.round, state.starter, state.direction
    phase: object = state.phase
    if type(rnd) is not int or not 1 <= rnd <= plan.rounds:
        return False
    if type(starter) is not int or starter != (rnd - 1) % n:  # BB-5
        return False
    if type(phase) is not str or phase not in _PHASES:
        return False
    if type(direction) is not int or direction not in (1, -1):
        return False
    # BB-1: count rows of 13 ints >= 0, piles and face-down rows of cards 0..12, and
    # as many of each value as the deck holds.
    hands, face_up, face_down = state.hands, state.face_up, state.face_down
    draw, discard, removed = state.draw, state.discard, state.removed
    if (
        type(hands) is not tuple
        or type(face_up) is not tuple
        or type(face_down) is not tuple
        or type(draw) is not tuple
        or type(discard) is not tuple
        or len(hands) != n
        or len(face_up) != n
        or len(face_down) != n
    ):
        return False
    rows = (removed, *hands, *face_up)
    if not typed and set(map(type, chain(rows, face_down))) != _TUPLE:
        return False
    if set(map(len, rows)) != _ROW_OF_COUNTS or set(map(len, face_down)) != _ROW_OF_CARDS:
        return False
    counted = list(chain.from_iterable(rows))
    if not typed and set(map(type, counted)) != _INT:
        return False
    try:
        counts = bytes(counted)  # a ValueError for a count beyond 0..255
    except ValueError:
        return False
    cards = [*draw, *discard, *chain.from_iterable(face_down)]
    kinds = (_INT if None not in cards else _INT_OR_NONE) if typed else set(map(type, cards))
    gone = 0
    if kinds != _INT:
        if not kinds <= _INT_OR_NONE or None in draw or None in discard:
            return False
        gone = cards.count(None)  # face-down cards turned (BB-11)
    try:
        units = sum(map(_UNIT.__getitem__, cards))  # a KeyError for no card value
    except KeyError:
        return False
    # In one sum: byte v of a count row counts the value v, so the rows read as one
    # little-endian number, taken modulo 256**13 - 1 (256**13 is 1 then), add up value
    # by value, and ``units`` adds 256**c for each card c: with T[v] the cards of value
    # v, the sum of T[v] * 256**v. It is that of the deck's D[v], and the totals agree,
    # only if T == D: the differences d = T - D are then d[v] = 256 * c[v] - c[v - 1]
    # (indices mod 13) for ints c of sum 0 (sum(d) is 255 * sum(c)); at the least
    # c[j], 256 * c[j] = d[j] + c[j - 1] >= -64 + c[j] (T >= 0, and a deck holds at
    # most 64 cards of a value, MAX_COPIES), so c[j] >= 0: every c is 0, so is d.
    if sum(counts) + len(cards) - gone != plan.size:
        return False
    if (int.from_bytes(counts, "little") + units) % _LANES != plan.lanes:
        return False
    # BB-6, BB-12, BB-13: no 8; without jokers an ordered pile is non-decreasing, and
    # three equal cards in a row would be equal two apart.
    if discard:
        if BURN in discard:
            return False
        if JOKER in discard:
            if discard_problem(discard) is not None:
                return False
        elif not all(map(le, discard, discard[1:])) or not all(map(ne, discard, discard[2:])):
            return False
    # BB-3, BB-18: chips conserved.
    chips, supply = state.chips, state.supply
    if (
        type(chips) is not tuple
        or len(chips) != n
        or (not typed and set(map(type, chips)) != _INT)
    ):
        return False
    if min(chips) < 0 or type(supply) is not int or supply < 0:
        return False
    if supply + sum(chips) != plan.chips:
        return False
    # BB-17: the seats out are those without cards, each once.
    places = state.places
    if type(places) is not tuple:
        return False
    if not typed and places and set(map(type, places)) != _INT:
        return False
    if EMPTY in hands and EMPTY in face_up and NO_FACE_DOWN in face_down:  # maybe one is out
        out = [
            s
            for s in range(n)
            if hands[s] == EMPTY and face_up[s] == EMPTY and face_down[s] == NO_FACE_DOWN
        ]
        if sorted(places) != out:
            return False
    elif places:
        return False
    # BB-20: the move counter and the cut rounds.
    moves, cut_rounds, turn = state.moves, state.cut_rounds, state.turn
    limit = plan.limit
    if type(moves) is not int or moves < 0 or type(cut_rounds) is not tuple:
        return False
    over = phase == "over"
    if cut_rounds and (
        set(map(type, cut_rounds)) != _INT
        or cut_rounds[0] < 1
        or cut_rounds[-1] > (rnd if over else rnd - 1)
        or not all(map(lt, cut_rounds, cut_rounds[1:]))
    ):
        return False
    if over:
        # BB-17, BB-19, BB-20: the match ended after its last round or without chips;
        # that round ended with two players out, or was cut after exactly ``limit``
        # moves.
        if turn is not None or (rnd != plan.rounds and supply != 0):
            return False
        if rnd in cut_rounds:
            return len(places) < OUT_TO_END and moves == limit
        return len(places) == OUT_TO_END and moves <= limit
    if len(places) >= OUT_TO_END or moves >= limit:
        return False
    if type(turn) is not int or not 0 <= turn < n or turn in places:
        return False
    if phase == "choose":
        # BB-4: the choice comes first; the seats choose in turn from the starter, with
        # three cards to choose from, each keeping a hand card while the draw pile has
        # cards (BB-7).
        if direction != 1 or discard or places or moves >= n:
            return False
        if turn != (starter + moves) % n:
            return False
        extra = 1 if draw else 0
        for i in range(n):
            s = (starter + i) % n
            chosen = i < moves
            if sum(face_up[s]) != (ROW_SIZE if chosen else 0):
                return False
            if sum(hands[s]) < (0 if chosen else ROW_SIZE) + extra:
                return False
        return True
    # BB-7: no empty hand while the draw pile has cards.
    return not draw or EMPTY not in hands


def check_state(state: State) -> None:
    """
    Raise :class:`~cardrules.InvalidStateError` if ``state`` breaks an invariant.

    Checked: the rules; every field's type and range; the deck all accounted for
    across hands, face-up rows, face-down rows, draw pile, discard pile and removed
    cards; the discard pile's order (BB-6, BB-12, BB-13: no run of three identical
    cards anywhere); chips conserved (``supply + sum(chips) == rules.chips``); the
    seat to move in the round; the choice phase (BB-4: three cards for each seat
    still to choose); no empty hand while the draw pile has cards (BB-7); a finished
    match's last round ended by two players out (BB-17) or by the turn limit (BB-20).

    >>> import attrs
    >>> from cardrules import biggenbende as bb
    >>> state = bb.new_game(bb.Rules(players=3), seed=1)
    >>> bb.check_state(state)
    >>> bb.check_state(attrs.evolve(state, supply=39))
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: supply: 39 in the supply + 0 held != 40 chips (BB-3)
    """
    fast_then_detailed(_state_ok, _check_state_detailed, state)


def _check_state_detailed(state: State) -> None:
    """
    :func:`check_state` field by field, in order: the first broken invariant raises,
    with its path and rule. Every state the fast path (:func:`_state_ok`) does not pass
    comes here, so it alone words the messages.
    """
    if not isinstance(state, State):
        raise WrongStateType(f"state: expected a biggenbende.State, got {type(state).__name__}")
    rules = _check_rules(state.rules)
    if not isinstance(state.rng, Rng):
        raise bad("rng", f"expected an Rng, got {type(state.rng).__name__}")
    n = rules.players
    rnd = check_int(state.round, "round", 1, rules.rounds)
    if state.starter != (rnd - 1) % n:
        raise bad(
            "starter",
            f"round {rnd} starts with seat {(rnd - 1) % n} (BB-5), not {short(state.starter)}",
        )
    phase = state.phase
    if phase not in ("choose", "play", "over"):
        raise bad("phase", f"expected 'choose', 'play' or 'over', got {short(phase)}")
    if state.direction not in (1, -1) or type(state.direction) is not int:
        raise bad("direction", f"expected 1 or -1, got {short(state.direction)}")
    hands = _count_rows(state.hands, "hands", n)
    face_up = _count_rows(state.face_up, "face_up", n)
    face_down = _face_down_rows(state.face_down, n)
    draw = _check_pile(state.draw, "draw")
    discard = _check_pile(state.discard, "discard")
    removed = _check_counts(state.removed, "removed")
    # Card conservation (BB-1).
    total = list(map(sum, zip(removed, *hands, *face_up, strict=True)))
    for card in (*draw, *discard):
        total[card] += 1
    for row in face_down:
        for c in row:
            if c is not None:
                total[c] += 1
    deck = rules.deck
    for v in range(VALUES):
        if total[v] != deck[v]:
            raise bad(
                "hands",
                f"the cards are not conserved: {total[v]} of {card_name(v)} across hands, rows "
                f"and piles, the deck has {deck[v]}",
            )
    problem = discard_problem(discard)
    if problem:
        raise bad(f"discard[{problem[0]}]", problem[1])
    supply = _check_chips(state, rules)  # BB-3, BB-18
    # Places, the move counter and the seat to move.
    left = cards_left(tuple(hands), tuple(face_up), tuple(face_down))
    moves = _check_progress(state, rules, rnd, phase, supply, left, discard)
    if moves is None:
        return
    if phase == "choose":
        for i in range(n):
            s = (state.starter + i) % n
            want = ROW_SIZE if i < moves else 0
            if sum(face_up[s]) != want:
                raise bad(f"face_up[{s}]", f"expected {want} face-up cards while choosing (BB-4)")
            # BB-4, BB-7: a seat still to choose has three cards to choose from, and every
            # seat keeps a hand card while the draw pile has cards.
            need = (0 if i < moves else ROW_SIZE) + (1 if draw else 0)
            if sum(hands[s]) < need:
                raise bad(
                    f"hands[{s}]",
                    f"{sum(hands[s])} cards, {need} needed "
                    + ("to choose from " if i >= moves else "")
                    + ("while the draw pile has cards " if draw else "")
                    + "(BB-4, BB-7)",
                )
    elif draw:
        for s in range(n):
            if hands[s] == EMPTY:
                raise bad(f"hands[{s}]", "empty while the draw pile has cards (BB-7, BB-8)")


def check_view(view: View) -> None:
    """
    Raise :class:`~cardrules.InvalidStateError` if ``view`` is inconsistent in itself.

    Checked from the view alone: the rules; the seat, the seat to move, the round's
    starter (BB-5), the phase and the direction; one entry per seat in every
    per-seat tuple, count tuples of 13 counts >= 0 and face-down rows of three
    flags; the seat's own hand matching its hand count; the cards seen (hand,
    face-up rows, discard pile, removed cards) never more of a value than the deck
    holds, and with the counted hidden cards (other hands, face-down rows, draw
    pile) exactly the deck (BB-1); the discard pile's order (BB-6, BB-12, BB-13);
    chips conserved (BB-3); the seats out exactly those with no cards left (BB-17);
    the choice phase (BB-4: other seats' face-up rows still hidden, enough cards to
    choose from); no empty hand while the draw pile has cards (BB-7); the move
    counter and cut rounds against the turn limit (BB-20); a finished match as in
    :func:`check_state` (BB-17, BB-19). What the seat cannot see (other hands,
    face-down cards, the draw pile's order) cannot be checked.

    >>> import attrs
    >>> from cardrules import biggenbende as bb
    >>> seen = bb.view(bb.new_game(bb.Rules(players=3), seed=1), 1)
    >>> bb.check_view(seen)
    >>> bb.check_view(attrs.evolve(seen, hand_counts=(7, 7)))
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: hand_counts: expected 3 entries, got 2
    """
    if not isinstance(view, View):
        raise WrongStateType(f"view: expected a biggenbende.View, got {type(view).__name__}")
    rules = _check_rules(view.rules)
    n = rules.players
    seat = check_int(view.seat, "seat", 0, n - 1)
    rnd = check_int(view.round, "round", 1, rules.rounds)
    if view.starter != (rnd - 1) % n or type(view.starter) is not int:
        raise bad(
            "starter",
            f"round {rnd} starts with seat {(rnd - 1) % n} (BB-5), not {short(view.starter)}",
        )
    phase = view.phase
    if phase not in ("choose", "play", "over"):
        raise bad("phase", f"expected 'choose', 'play' or 'over', got {short(phase)}")
    if view.direction not in (1, -1) or type(view.direction) is not int:
        raise bad("direction", f"expected 1 or -1, got {short(view.direction)}")
    hand = _check_counts(view.hand, "hand")
    hand_counts = [
        check_int(c, f"hand_counts[{s}]", 0)
        for s, c in enumerate(check_tuple(view.hand_counts, "hand_counts", n))
    ]
    if hand_counts[seat] != sum(hand):
        raise bad(
            f"hand_counts[{seat}]",
            f"the seat's own hand holds {sum(hand)} cards, not {hand_counts[seat]}",
        )
    face_up = [
        _check_counts(u, f"face_up[{s}]")
        for s, u in enumerate(check_tuple(view.face_up, "face_up", n))
    ]
    face_down = []
    for s, row in enumerate(check_tuple(view.face_down, "face_down", n)):
        items = check_tuple(row, f"face_down[{s}]", ROW_SIZE)
        for p, flag in enumerate(items):
            if type(flag) is not bool:
                raise bad(f"face_down[{s}][{p}]", f"expected a bool, got {short(flag)}")
        face_down.append(sum(items))  # type: ignore[arg-type]
    draw_count = check_int(view.draw_count, "draw_count", 0)
    discard = _check_pile(view.discard, "discard")
    removed = _check_counts(view.removed, "removed")
    # BB-1: the cards seen hold no value more often than the deck, and with the hidden
    # cards counted they are the whole deck. While choosing (BB-4) another seat's
    # hidden face-up choice is counted in its hand count.
    deck = rules.deck
    seen = list(map(sum, zip(hand, removed, *face_up, strict=True)))
    for card in discard:
        seen[card] += 1
    for v in range(VALUES):
        if seen[v] > deck[v]:
            raise bad(
                "hand",
                f"{seen[v]} of {card_name(v)} seen in the hand, face-up rows and piles, "
                f"the deck has {deck[v]} (BB-1)",
            )
    size = sum(deck)
    total = (
        sum(hand_counts) + sum(map(sum, face_up)) + sum(face_down) + draw_count
        + len(discard) + sum(removed)
    )  # fmt: skip
    if total != size:
        raise bad(
            "draw_count",
            f"hands, face-up and face-down rows, draw and discard piles and removed cards "
            f"hold {total} cards, the deck has {size} (BB-1)",
        )
    problem = discard_problem(discard)
    if problem:
        raise bad(f"discard[{problem[0]}]", problem[1])
    supply = _check_chips(view, rules)  # BB-3, BB-18
    # Places, the move counter and the seat to move.
    left = [hand_counts[s] + sum(face_up[s]) + face_down[s] for s in range(n)]
    moves = _check_progress(view, rules, rnd, phase, supply, left, discard)
    if moves is None:
        return
    if phase == "choose":
        chosen = (seat - view.starter) % n < moves
        want = ROW_SIZE if chosen else 0
        if sum(face_up[seat]) != want:
            raise bad(f"face_up[{seat}]", f"expected {want} face-up cards while choosing (BB-4)")
        need = ROW_SIZE + (1 if draw_count else 0)
        for s in range(n):
            # BB-4, BB-21: the others' choices stay hidden until every seat has chosen.
            if s != seat and face_up[s] != EMPTY:
                raise bad(f"face_up[{s}]", "another seat's choice is hidden while choosing (BB-4)")
            # BB-4, BB-7: three cards to choose from (or chosen), and a hand card kept
            # while the draw pile has cards.
            have = hand_counts[s] + (sum(face_up[s]) if s == seat else 0)
            if have < need:
                raise bad(
                    f"hand_counts[{s}]",
                    f"{have} cards in hand and face up, {need} needed while choosing (BB-4, BB-7)",
                )
    elif draw_count:
        for s in range(n):
            if hand_counts[s] == 0:
                raise bad(f"hand_counts[{s}]", "empty while the draw pile has cards (BB-7, BB-8)")


def _typed_state_ok(state: State) -> bool:
    """:func:`_state_ok` of a state a quick reader made (see ``_fastdata``)."""
    return _state_ok(state, True)


_fastdata.register_typed_check(check_state, _typed_state_ok)
