"""
The invariants of Beggar-my-neighbour's states and views: ``check_state`` and
``check_view``, built on the check helpers every game shares.
"""

from __future__ import annotations

import re
from itertools import chain, compress
from operator import attrgetter

import attrs

from cardrules._checks import WrongStateType, bad, check_tuple, fast_then_detailed, must_be
from cardrules._rng import Rng
from cardrules.beggar._fast import (
    _BY_ID,
    _DEMAND_OF,
    _NO_SEAT,
    _SYMBOLS,
    _detector_problem,
    _positions,
    _Refused,
    _replay,
)
from cardrules.beggar._state import (
    _DECK_SIZE,
    _MAX_CARDS,
    _MAX_PLAYERS,
    _MIN_PLAYERS,
    DECK,
    Card,
    Rules,
    State,
    View,
    _card_limit,
    _short,
)
from cardrules.errors import RulesError

__all__ = ["check_state", "check_view"]

_ENDINGS = "None, 'normal', 'endless' or 'card_limit'"
_MAX_COUNT = 2 * _MAX_CARDS
"""No count of a game (cards, tricks, the BM-9 detector's) comes near this (BM-10)."""


def _check_payment(
    pile: tuple[Card, ...],
    owed: object,
    penalty_seat: object,
    out: tuple[bool, ...],
    turn: int | None,
    n: int,
) -> None:
    """
    BM-5, BM-7, the same in a state and a view: a payment is owed exactly while the pile
    holds a penalty card, it is that card's demand less the cards laid on it since, and
    the seat that laid it is in the game and is not the one to move (``turn``; ``None``
    once the game is over).
    """
    last = None
    for index, card in enumerate(pile):
        if card.demand:
            last = index
    if last is None:
        if owed != 0:
            raise bad("owed", f"{_short(owed)} owed but the pile holds no penalty card")
        if penalty_seat is not None:
            raise bad("penalty_seat", "must be None while the pile holds no penalty card")
        return
    expected = pile[last].demand - (len(pile) - 1 - last)
    if expected < 1:
        raise bad("pile", f"{pile[last]} is paid in full, so its pile must have been taken (BM-5)")
    if owed != expected:
        raise bad("owed", f"must be {expected} after {pile[last]} on the pile, not {_short(owed)}")
    if type(penalty_seat) is not int or not 0 <= penalty_seat < n:
        raise bad("penalty_seat", must_be("", penalty_seat, 0, n - 1))
    if out[penalty_seat]:
        raise bad("penalty_seat", f"seat {penalty_seat} is out and cannot take the pile (BM-7)")
    if penalty_seat == turn:
        raise bad("penalty_seat", "the seat to move cannot owe on its own penalty card")


_RANK_SUIT = attrgetter("rank", "suit")
_TUPLE = {tuple}
_COUNT_NAMES = ("turn", "owed", "cards", "tricks", "cycle_power", "cycle_lam")
_COUNTS = attrgetter(*_COUNT_NAMES)
_INT = {int}
_BOOL = {bool}


def _deck_positions(stacks: tuple[object, ...], pile: object) -> list[bytes] | None:
    """
    The fast check of BM-1 for the usual state, whose cards are the deck's own 52
    objects (every deal and every loaded card is one): the DECK positions of each stack
    and of the pile (last), when stacks and pile are tuples holding each of those
    objects once; else ``None`` (then :func:`_whole_deck` looks again). DECK's objects
    live as long as the module, so no other object has one of their ids.
    """
    if type(pile) is not tuple or set(map(type, stacks)) != _TUPLE:
        return None
    held = _positions((*stacks, pile))
    if held is None:
        return None
    joined = b"".join(held)
    if len(joined) != _DECK_SIZE or len(set(joined)) != _DECK_SIZE:
        return None
    return held


def _whole_deck(stacks: tuple[object, ...], pile: object) -> bool:
    """
    The fast check of BM-1 for any ``Card`` objects: stacks and pile are tuples holding
    52 different ``Card``s.

    Only C-level operations, no path strings: ``False`` sends the caller to
    :func:`_deck_problem`, which finds the first problem and words it.
    """
    if type(pile) is not tuple or set(map(type, stacks)) != _TUPLE:
        return False
    cards = list(chain(pile, *stacks))  # type: ignore[arg-type]
    # Exact Cards only (a subclass takes the detailed path); each is told by rank and suit.
    return (
        len(cards) == _DECK_SIZE
        and set(map(type, cards)) == {Card}
        and len(set(map(_RANK_SUIT, cards))) == _DECK_SIZE
    )


def _deck_problem(stacks: tuple[object, ...], pile: object) -> None:
    """BM-1, card by card: raise naming the first bad place of a card (stacks, then pile)."""
    seen: dict[Card, str] = {}
    places = [(f"stacks[{seat}]", stack) for seat, stack in enumerate(stacks)]
    places.append(("pile", pile))
    for path, cards in places:
        for index, card in enumerate(check_tuple(cards, path)):
            where = f"{path}[{index}]"
            if not isinstance(card, Card):
                raise bad(where, f"not a Card: {_short(card)}")
            if card in seen:
                raise bad(where, f"duplicate card {card} (also at {seen[card]})")
            seen[card] = where
    if len(seen) != _DECK_SIZE:
        missing = " ".join(str(card) for card in DECK if card not in seen)
        raise bad(
            "stacks",
            f"stacks and pile hold {len(seen)} cards, not {_DECK_SIZE} (missing: {missing})",
        )


def _check_rules(rules: object) -> None:
    """The rules of a state or view, validated afresh: a loaded value may be forged."""
    if not isinstance(rules, Rules):
        raise bad("rules", f"not a beggar Rules: {_short(rules)}")
    players, max_cards = rules.players, rules.max_cards
    # What the validators of Rules take (BM-2, BM-10), told at once; anything else
    # (a subclass too) is validated again, for its message.
    if (
        type(rules) is Rules
        and type(players) is int
        and _MIN_PLAYERS <= players <= _MAX_PLAYERS
        and (max_cards is None or (type(max_cards) is int and 1 <= max_cards <= _MAX_CARDS))
    ):
        return
    try:
        attrs.validate(rules)
    except RulesError as exc:
        raise bad("rules", str(exc)) from None


# ----------------------------------------------------------------- the fast path
# ``check_state`` first runs ``_state_ok``: the same invariants as the detailed checks,
# asked of the usual state in a few C-speed passes (issue 14: ``loads`` checks every
# state it reads). It only answers "certainly valid" (``True``) or "ask the detailed
# checks" (``False``), so it may be stricter than they are, never looser: every value
# must have exactly the type a real state holds and every card must be one of DECK's
# own objects. tests/beggar/test_fast_checks.py checks that both agree on played and
# forged states.

_DEMANDS = bytes(_DEMAND_OF) + bytes(256 - _DECK_SIZE)
"""``positions.translate(_DEMANDS)``: the demand of each card, by its DECK position."""
_ENDED = frozenset({"normal", "endless", "card_limit"})
_KEY_FORMS = {
    n: re.compile(rf"[0-{n - 1}](?:\|(?:\*|[-AKQJ]*)){{{n}}}")
    for n in range(_MIN_PLAYERS, _MAX_PLAYERS + 1)
}
"""Per player count, what the detailed check of ``cycle_key`` takes (when not empty): a
seat, then one part per seat, ``*`` or symbols of the notation only."""


def _state_ok(state: State) -> bool:
    """
    Whether ``state`` certainly passes :func:`_check_state_detailed`: the same
    invariants, for exactly typed fields and DECK's own card objects, in few passes;
    ``False`` whenever anything is off or unusual.
    """
    if type(state) is not State or type(state.rng) is not Rng:
        return False
    rules = state.rules
    if type(rules) is not Rules:
        return False
    n, max_cards = rules.players, rules.max_cards
    if type(n) is not int or not _MIN_PLAYERS <= n <= _MAX_PLAYERS:
        return False
    if max_cards is None:
        limit = _MAX_CARDS
    elif type(max_cards) is int and 1 <= max_cards <= _MAX_CARDS:
        limit = max_cards
    else:
        return False
    stacks, pile, out = state.stacks, state.pile, state.out
    if (
        type(stacks) is not tuple
        or len(stacks) != n
        or type(pile) is not tuple
        or set(map(type, stacks)) != _TUPLE
        or type(out) is not tuple
        or len(out) != n
        or set(map(type, out)) != _BOOL
    ):
        return False
    # BM-1: the 52 objects of DECK, once each, by identity.
    # (``get`` is called faster than ``__getitem__``; a card not found gives ``None``,
    # which ``bytes`` refuses.)
    try:
        positions = bytes(map(_BY_ID.get, map(id, chain(*stacks, pile))))  # type: ignore[arg-type]
    except TypeError:
        return False
    if len(positions) != _DECK_SIZE or len(set(positions)) != _DECK_SIZE:
        return False
    counts = _COUNTS(state)
    if set(map(type, counts)) != _INT or not 0 <= min(counts) <= max(counts) <= _MAX_COUNT:
        return False
    turn, owed, cards, tricks, power, lam = counts
    ended: object = state.ended  # any value, for all mypy knows
    if (
        turn >= n
        or any(compress(stacks, out))
        or tricks > cards
        or len(pile) > cards
        or cards > limit
        or (ended is not None and (type(ended) is not str or ended not in _ENDED))
    ):
        return False
    # BM-5: the payment owed and who takes the pile follow from the pile.
    on_pile = len(pile)
    demands = positions[_DECK_SIZE - on_pile :].translate(_DEMANDS).rstrip(b"\0")
    penalty_seat = state.penalty_seat
    if not demands:
        if owed != 0 or penalty_seat is not None:
            return False
    elif (
        owed < 1
        or owed != demands[-1] - (on_pile - len(demands))
        or type(penalty_seat) is not int
        or not 0 <= penalty_seat < n
        or out[penalty_seat]
        or (ended is None and penalty_seat == turn)
    ):
        return False
    if ended is None:
        if out[turn] or not stacks[turn] or cards >= limit:
            return False
    elif ended == "card_limit":
        if cards != limit or out[turn] or not stacks[turn]:
            return False
    elif ended == "normal":
        if len(stacks[turn]) != _DECK_SIZE:
            return False
    elif pile:  # endless
        return False
    # BM-9: the detector.
    key: object = state.cycle_key
    if type(key) is not str or power < 1 or power & (power - 1) or lam >= power:
        return False
    if not key:
        return bool(power == 1 and lam == 0)
    if _KEY_FORMS[n].fullmatch(key) is None or power - 1 + lam > tricks:
        return False
    # The replay of _detector_problem, with the very arguments the detailed checks
    # give it (so that both share its remembered passes): the state's own BM-9
    # position and its pile, in the notation's symbols.
    symbols = positions.translate(_SYMBOLS)
    parts = [b"%d" % turn]
    start = 0
    for stack, flag in zip(stacks, out, strict=True):
        end = start + len(stack)
        parts.append(b"*" if flag else symbols[start:end])
        start = end
    try:
        _replay(
            key, power, lam, tricks, cards, ended, turn, owed,
            _NO_SEAT if penalty_seat is None else penalty_seat,
            out, b"|".join(parts), symbols[start:],
        )  # fmt: skip
    except _Refused:
        return False
    return True


def check_state(state: State) -> None:
    """
    Check every invariant of a state; raise on the first broken one.

    Raises:
        InvalidStateError: naming the path of the bad field, for example
            ``"stacks[1][3]: duplicate card QH (also at stacks[0][5])"``.

    >>> from cardrules.beggar import new_game, view
    >>> check_state(new_game(seed=2))
    >>> import attrs
    >>> check_state(attrs.evolve(new_game(seed=2), cards=-1))
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: cards: must be an int >= 0, not -1
    """
    fast_then_detailed(_state_ok, _check_state_detailed, state)


def _check_state_detailed(state: State) -> None:
    """
    :func:`check_state` field by field, in order: the first broken invariant raises,
    with its path and rule. Every state the fast path (:func:`_state_ok`) does not pass
    comes here, so it alone words the messages.
    """
    if not isinstance(state, State):
        raise WrongStateType(f"$: not a beggar State: {type(state).__name__}")
    rules = state.rules
    if not isinstance(state.rng, Rng):
        raise bad("rng", f"not an Rng: {_short(state.rng)}")
    _check_rules(rules)
    n = rules.players
    # One stack per seat (BM-2); stacks and pile hold the 52 cards once each (BM-1).
    stacks = check_tuple(state.stacks, "stacks", n)
    held = _deck_positions(stacks, state.pile)
    if held is None and not _whole_deck(stacks, state.pile):
        _deck_problem(stacks, state.pile)
    counts = _COUNTS(state)
    if set(map(type, counts)) != _INT or not 0 <= min(counts) <= max(counts) <= _MAX_COUNT:
        for name, value in zip(_COUNT_NAMES, counts, strict=True):
            if type(value) is not int or value < 0:
                raise bad(name, must_be("", value, 0, None))
            if value > _MAX_COUNT:
                raise bad(name, must_be("", value, 0, _MAX_COUNT, rule="BM-10"))
    if state.turn >= n:
        raise bad("turn", must_be("", state.turn, 0, n - 1))
    out = state.out
    if not isinstance(out, tuple) or len(out) != n:
        raise bad("out", f"must be a tuple of {n} bools")
    if not set(map(type, out)) <= _BOOL:
        for seat, flag in enumerate(out):
            if type(flag) is not bool:
                raise bad(f"out[{seat}]", f"must be a bool, not {_short(flag)}")
    for seat in compress(range(n), out):
        if stacks[seat]:
            raise bad(f"out[{seat}]", "a seat that is out holds no cards (BM-7)")
    if state.tricks > state.cards:
        raise bad("tricks", f"{state.tricks} tricks but only {state.cards} cards turned")
    if len(state.pile) > state.cards:
        raise bad("pile", f"{len(state.pile)} cards on the pile but {state.cards} turned")
    # BM-5: the payment owed and who takes the pile follow from the pile.
    _check_payment(
        state.pile, state.owed, state.penalty_seat, state.out,
        state.turn if state.ended is None else None, n,
    )  # fmt: skip
    if state.ended not in (None, "normal", "endless", "card_limit"):
        raise bad(
            "ended",
            f"must be None, 'normal', 'endless' or 'card_limit', not {_short(state.ended)}",
        )
    limit = _card_limit(rules)
    if state.cards > limit:
        raise bad("cards", f"{state.cards} turned is more than the limit of {limit:,} (BM-10)")
    if state.ended is None:
        if state.out[state.turn] or not state.stacks[state.turn]:
            raise bad("turn", f"seat {state.turn} is to move but holds no card")
        if state.cards >= limit:
            raise bad("cards", f"{state.cards} turned reaches max_cards but the game goes on")
    elif state.ended == "card_limit":
        if state.cards != limit:
            raise bad("ended", f"{state.cards} cards turned do not reach max_cards (BM-10)")
        if state.out[state.turn] or not state.stacks[state.turn]:
            raise bad("turn", f"seat {state.turn} would turn next but holds no card")
    elif state.ended == "normal":
        if len(state.stacks[state.turn]) != _DECK_SIZE:
            raise bad("stacks", "a game ended normally, so the winner holds all the cards")
    elif state.ended == "endless" and state.pile:
        raise bad("pile", "an endless game ends at the start of a trick, with no pile")
    key = state.cycle_key
    if type(key) is not str:
        raise bad("cycle_key", f"must be a str, not {_short(key)}")
    if key:
        lead, *parts = key.split("|")
        if (
            lead not in [str(seat) for seat in range(n)]
            or len(parts) != n
            or any(part != "*" and part.strip("-AKQJ") for part in parts)
        ):
            raise bad("cycle_key", f"not a BM-9 position for {n} players: {_short(key)}")
    power = state.cycle_power
    if power < 1 or power & (power - 1):
        raise bad("cycle_power", f"must be a power of two, not {power}")
    if state.cycle_lam >= power:
        raise bad("cycle_lam", f"must be below cycle_power ({power}), not {state.cycle_lam}")
    # BM-9: the detector must be one that play from its saved position gives.
    problem = _detector_problem(state, held)
    if problem is not None:
        raise bad(*problem)


def check_view(view: View) -> None:
    """
    Check that a view is consistent in itself; raise on the first problem.

    Checked from the view alone: the rules; the seat and every seat index in range;
    one stack size and one ``out`` flag per seat; the stack sizes and the pile hold
    the 52 cards of the deck, no card twice on the pile (BM-1); a seat that is out
    holds no cards (BM-7); the counts are ints >= 0 with no more tricks or pile
    cards than cards turned (BM-8); the payment owed and the penalty seat match the
    last penalty card on the pile (BM-5); the seat to move holds a card, and is
    ``None`` exactly once the game has ended, in a way that fits the pile and the
    card limit (BM-7, BM-9, BM-10). The order of the stacks is hidden, so nothing
    about it can be checked.

    Raises:
        InvalidStateError: naming the path of the bad field, for example
            ``"stack_sizes: the stacks hold 51 cards and the pile 0, not 52 (BM-1)"``.

    >>> from cardrules.beggar import new_game, view
    >>> seen = view(new_game(seed=2), 1)
    >>> check_view(seen)
    >>> import attrs
    >>> check_view(attrs.evolve(seen, seat=2))
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: seat: must be an int from 0 to 1, not 2
    """
    if not isinstance(view, View):
        raise WrongStateType(f"$: not a beggar View: {type(view).__name__}")
    rules = view.rules
    _check_rules(rules)
    n = rules.players
    if type(view.seat) is not int or not 0 <= view.seat < n:
        raise bad("seat", must_be("", view.seat, 0, n - 1))
    sizes = view.stack_sizes
    if not isinstance(sizes, tuple) or len(sizes) != n:
        raise bad("stack_sizes", f"must be a tuple of {n} sizes (players={n})")
    for seat, size in enumerate(sizes):
        if type(size) is not int or not 0 <= size <= _DECK_SIZE:
            raise bad(f"stack_sizes[{seat}]", must_be("", size, 0, 52))
    pile = view.pile
    seen: dict[Card, int] = {}
    for index, card in enumerate(check_tuple(pile, "pile")):
        if not isinstance(card, Card):
            raise bad(f"pile[{index}]", f"not a Card: {_short(card)}")
        if card in seen:
            raise bad(f"pile[{index}]", f"duplicate card {card} (also at pile[{seen[card]}])")
        seen[card] = index
    held = sum(sizes)
    if held + len(pile) != _DECK_SIZE:
        raise bad(
            "stack_sizes",
            f"the stacks hold {held} cards and the pile {len(pile)}, not {_DECK_SIZE} (BM-1)",
        )
    out = view.out
    if not isinstance(out, tuple) or len(out) != n:
        raise bad("out", f"must be a tuple of {n} bools")
    for seat, flag in enumerate(out):
        if type(flag) is not bool:
            raise bad(f"out[{seat}]", f"must be a bool, not {_short(flag)}")
        if flag and sizes[seat]:
            raise bad(f"out[{seat}]", "a seat that is out holds no cards (BM-7)")
    for name in ("owed", "cards", "tricks"):
        value = getattr(view, name)
        if type(value) is not int or value < 0:
            raise bad(name, must_be("", value, 0, None))
        if value > _MAX_COUNT:
            raise bad(name, f"must be at most {_MAX_COUNT:,} (BM-10), not {_short(value)}")
    if view.tricks > view.cards:
        raise bad("tricks", f"{view.tricks} tricks but only {view.cards} cards turned")
    if len(pile) > view.cards:
        raise bad("pile", f"{len(pile)} cards on the pile but {view.cards} turned")
    ended = view.ended
    if ended not in (None, "normal", "endless", "card_limit"):
        raise bad(
            "ended", f"must be None, 'normal', 'endless' or 'card_limit', not {_short(ended)}"
        )
    turn = view.turn
    if ended is not None:
        if turn is not None:
            raise bad("turn", f"must be None once the game has ended, not {_short(turn)}")
    elif turn is None or type(turn) is not int or not 0 <= turn < n:
        raise bad("turn", must_be("", turn, 0, n - 1) + " (the game goes on)")
    elif out[turn] or not sizes[turn]:
        raise bad("turn", f"seat {turn} is to move but holds no card")
    # BM-5: a payment is owed exactly while the pile holds a penalty card.
    _check_payment(pile, view.owed, view.penalty_seat, out, turn, n)  # BM-5
    limit = _card_limit(rules)
    if view.cards > limit:
        raise bad("cards", f"{view.cards} turned is more than the limit of {limit:,} (BM-10)")
    if ended is None and view.cards >= limit:
        raise bad("cards", f"{view.cards} turned reaches max_cards but the game goes on")
    if ended == "normal" and _DECK_SIZE not in sizes:
        raise bad("stack_sizes", "a game ended normally, so the winner holds all the cards")
    if ended == "endless" and pile:
        raise bad("pile", "an endless game ends at the start of a trick, with no pile")
    if ended == "card_limit" and view.cards != limit:
        raise bad("ended", f"{view.cards} cards turned do not reach max_cards (BM-10)")
