"""
Biggenbende's invariants: ``check_state`` and ``check_view``.

Both raise :class:`~cardrules.InvalidStateError` with the path of the broken field;
a loaded value may be forged, so nothing is assumed about its types. The check
helpers that every game shares come from the core.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import cast

import attrs

from cardrules._checks import Bounded, WrongStateType, bad, check_int, check_tuple
from cardrules._rng import Rng
from cardrules.biggenbende._cards import EMPTY, cards_left
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
from cardrules.errors import RulesError

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
