"""
The pure functions of Beggar-my-neighbour: dealing, the one move, the end.

Every function here takes and returns immutable values. The hot path of
:func:`apply` works on tuples and the module-level tables below; the much
faster mutable run to the end lives in :mod:`cardrules.beggar._fast`.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardrules._rng import Rng, _check_seed, _shuffle
from cardrules.beggar._state import (
    _DEMAND,
    DECK,
    Card,
    Ended,
    Rules,
    State,
    Turn,
    View,
)
from cardrules.errors import GameOverError, IllegalMoveError, InvalidStateError, RulesError
from cardrules.game import Outcome

__all__ = [
    "apply",
    "check_state",
    "check_view",
    "is_over",
    "legal_moves",
    "new_game",
    "notation",
    "outcome",
    "players",
    "redeal_hidden",
    "to_move",
    "view",
]

_DEFAULT_RULES = Rules()
_TURN = Turn()
_DECK_SIZE = 52

# The notation of the literature (BM-3): "-" a number card, else the rank.
_SYMBOL: dict[str, str] = {rank: ("-" if d == 0 else rank) for rank, d in _DEMAND.items()}
_NOTATION_RANKS = ("-", "A", "K", "Q", "J")
_RANK_NAMES = {"-": "number cards", "A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}
# The concrete cards each notation character stands for, in the documented order:
# the k-th "-" (reading the stacks in order, each top first) is the k-th number card
# of DECK (2C, 2D, 2H, 2S, 3C, ... 10S); the k-th "A" is the k-th ace (AC, AD, AH, AS),
# and the same for K, Q and J.
_NOTATION_CARDS: dict[str, tuple[Card, ...]] = {
    "-": tuple(card for card in DECK if card.demand == 0),
    **{rank: tuple(card for card in DECK if card.rank == rank) for rank in "AKQJ"},
}


def _position_key(stacks: Sequence[Sequence[Card]], lead: int, out: Sequence[bool]) -> str:
    """
    The BM-9 position at the start of a trick: who leads, then every stack in
    the notation (number cards equal), ``*`` for a seat that is out.
    """
    parts = [str(lead)]
    for seat, stack in enumerate(stacks):
        parts.append("*" if out[seat] else "".join([_SYMBOL[card.rank] for card in stack]))
    return "|".join(parts)


def _same_sizes(key: str, lead: int, stacks: Sequence[Sequence[Card]]) -> bool:
    """Whether a BM-9 key has this leader and these stack sizes (a quick pre-check)."""
    lead_text, *parts = key.split("|")
    if lead_text != str(lead):
        return False
    return [0 if part == "*" else len(part) for part in parts] == [*map(len, stacks)]


def _next_seat(seat: int, out: tuple[bool, ...]) -> int:
    """The next seat after ``seat`` that is not out (``seat`` itself if none)."""
    n = len(out)
    for step in range(1, n):
        other = (seat + step) % n
        if not out[other]:
            return other
    return seat


def _stacks_from_notation(strings: Sequence[str]) -> tuple[tuple[Card, ...], ...]:
    counts = dict.fromkeys(_NOTATION_RANKS, 0)
    for seat, text in enumerate(strings):
        for index, char in enumerate(text):
            if char not in counts:
                raise RulesError(
                    f"stacks[{seat}][{index}]: bad character {char!r}"
                    " (write '-' for a number card, or A, K, Q, J)"
                )
            counts[char] += 1
    total = sum(counts.values())
    if total != _DECK_SIZE:
        raise RulesError(f"the stacks hold {total} cards; a deck has {_DECK_SIZE} (BM-1)")
    for char, count in counts.items():
        expected = len(_NOTATION_CARDS[char])
        if count != expected:
            raise RulesError(
                f"the stacks hold {count} {_RANK_NAMES[char]} ({char!r}); a deck has {expected}"
            )
    taken = dict.fromkeys(_NOTATION_RANKS, 0)
    stacks = []
    for text in strings:
        stack = []
        for char in text:
            stack.append(_NOTATION_CARDS[char][taken[char]])
            taken[char] += 1
        stacks.append(tuple(stack))
    return tuple(stacks)


def _stacks_from_cards(sequences: Sequence[object]) -> tuple[tuple[Card, ...], ...]:
    seen: dict[Card, str] = {}
    stacks = []
    for seat, sequence in enumerate(sequences):
        if isinstance(sequence, str):
            raise RulesError(
                f"stacks[{seat}]: give every stack as notation strings, or every stack as Cards"
            )
        if not isinstance(sequence, Sequence):
            raise RulesError(f"stacks[{seat}]: not a sequence of Cards: {sequence!r}")
        stack = tuple(sequence)
        for index, card in enumerate(stack):
            where = f"stacks[{seat}][{index}]"
            if not isinstance(card, Card):
                raise RulesError(f"{where}: not a Card: {card!r}")
            if card in seen:
                raise RulesError(f"{where}: duplicate card {card} (also at {seen[card]})")
            seen[card] = where
        stacks.append(stack)
    if len(seen) != _DECK_SIZE:
        missing = " ".join(str(card) for card in DECK if card not in seen)
        raise RulesError(
            f"the stacks hold {len(seen)} cards; a deck has {_DECK_SIZE} (missing: {missing})"
        )
    return tuple(stacks)


def _start(rules: Rules, stacks: tuple[tuple[Card, ...], ...], rng: Rng) -> State:
    out = (False,) * rules.players
    turn = 0  # BM-4: seat 0 turns first.
    ended: Ended | None = None
    while not stacks[turn]:
        # BM-7: a given stack may be empty: that seat is out when it must turn.
        out = (*out[:turn], True, *out[turn + 1 :])
        turn = _next_seat(turn, out)
        holders = [seat for seat, stack in enumerate(stacks) if stack]
        if len(holders) == 1:
            turn = holders[0]
            ended = "normal"
            break
    return State(
        rules=rules,
        rng=rng,
        stacks=stacks,
        pile=(),
        turn=turn,
        owed=0,
        penalty_seat=None,
        out=out,
        cards=0,
        tricks=0,
        ended=ended,
        # BM-9: the first trick-start position is the first one saved.
        cycle_key=_position_key(stacks, turn, out),
        cycle_power=1,
        cycle_lam=0,
    )


def new_game(
    rules: Rules = _DEFAULT_RULES,
    *,
    seed: int | None = None,
    stacks: Sequence[str] | Sequence[Sequence[Card]] | None = None,
) -> State:
    """
    Deal a new game: shuffled from ``seed``, or from explicit ``stacks`` (BM-3).

    Exactly one of ``seed`` and ``stacks`` must be given. With ``seed`` the 52
    cards of :data:`DECK` are shuffled by ``Rng(seed)`` into ``d[0..51]`` and
    ``d[i]`` goes to seat ``i mod n``, each stack top first. ``stacks`` gives one
    stack per seat, top card first, either all as lists of :class:`Card` or all
    in the notation of the literature: ``-`` a number card and ``A K Q J`` the
    penalty cards. The k-th ``-`` (reading stack 0 top to bottom, then stack 1,
    ...) becomes the k-th number card of :data:`DECK` (``2C 2D 2H 2S 3C ...
    10S``) and the k-th ``A`` the k-th ace (``AC AD AH AS``); the same for K, Q
    and J. Either way the stacks must hold exactly the 52 cards.

    Args:
        rules: the player count and options.
        seed: an int in ``[0, 2**64)``.
        stacks: the stacks, one per seat, top first.

    Returns:
        The state before the first card: seat 0 to move (BM-4), or, if given
        stacks leave it empty, the next seat with cards (BM-7).

    Raises:
        RulesError: for a bad seed, both or neither of ``seed`` and ``stacks``,
            the wrong number of stacks, or stacks that are not the 52 cards.

    >>> state = new_game(stacks=("K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--"))
    >>> " ".join(str(card) for card in state.stacks[0][:4])
    'KC 2C KD KH'
    >>> new_game(Rules(players=4), seed=7).stacks[3][0] in DECK
    True
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a beggar Rules, not {rules!r}")
    if (seed is None) == (stacks is None):
        raise RulesError("give exactly one of seed=... and stacks=...")
    if stacks is None:
        deck, after = _shuffle(_check_seed(seed), DECK)
        n = rules.players
        # BM-3: d[i] goes to seat i mod n, each stack top first.
        return _start(rules, tuple(tuple(deck[seat::n]) for seat in range(n)), Rng(after))
    if isinstance(stacks, str) or not isinstance(stacks, Sequence):
        raise RulesError(f"stacks must be a sequence of stacks, one per seat, not {stacks!r}")
    if len(stacks) != rules.players:
        raise RulesError(
            f"{len(stacks)} stacks given for players={rules.players}; give one per seat"
        )
    if all(isinstance(stack, str) for stack in stacks):
        return _start(rules, _stacks_from_notation([str(stack) for stack in stacks]), Rng(0))
    return _start(rules, _stacks_from_cards(stacks), Rng(0))


def notation(stacks: Sequence[Sequence[Card]]) -> tuple[str, ...]:
    """
    Write stacks in the notation of the literature (BM-3): ``-`` for a number card.

    >>> notation(new_game(stacks=("-" * 26, "AAAAKKKKQQQQJJJJ" + "-" * 10)).stacks)
    ('--------------------------', 'AAAAKKKKQQQQJJJJ----------')
    """
    return tuple("".join([_SYMBOL[card.rank] for card in stack]) for stack in stacks)


def legal_moves(state: State) -> tuple[Turn, ...]:
    """
    The legal moves: ``(Turn(),)`` for the seat to move, ``()`` once over.

    >>> legal_moves(new_game(seed=3))
    (Turn(),)
    """
    return () if state.ended is not None else (_TURN,)


def to_move(state: State) -> int | None:
    """
    The seat to turn the next card, ``None`` once the game is over.

    >>> to_move(new_game(seed=3))
    0
    """
    return None if state.ended is not None else state.turn


def is_over(state: State) -> bool:
    """
    Whether the game has ended (BM-7, BM-9 or BM-10).

    >>> is_over(new_game(seed=3))
    False
    """
    return state.ended is not None


def players(state: State) -> int:
    """
    The number of seats.

    >>> players(new_game(Rules(players=3), seed=3))
    3
    """
    return state.rules.players


def apply(state: State, move: Turn) -> State:
    """
    Turn the top card of the seat to move and settle what follows (BM-4 to BM-10).

    Everything that happens without a new card turned is settled here too: the
    pile taken at the end of a payment (BM-5, BM-6), players going out and the
    end of the game (BM-7), the counts (BM-8), the endless-game detector (BM-9)
    and the card limit (BM-10). So the seat to move always has a card.

    Args:
        state: a game that is not over.
        move: :class:`Turn`.

    Returns:
        The next state; ``state`` is unchanged.

    Raises:
        GameOverError: if the game is over.
        IllegalMoveError: if ``move`` is not a :class:`Turn`.

    >>> state = apply(new_game(stacks=("K" + "-" * 25, "-" * 11 + "AAAAKKKQQQQJJJJ")), Turn())
    >>> state.turn, state.owed, [str(card) for card in state.pile]
    (1, 3, ['KC'])
    """
    if state.ended is not None:
        raise GameOverError(move)
    if type(move) is not Turn:
        raise IllegalMoveError(move, "BM-4", "the only move is Turn(): turn the top card")
    seat = state.turn
    stacks = list(state.stacks)
    stack = stacks[seat]
    card = stack[0]
    stacks[seat] = stack[1:]
    pile: tuple[Card, ...] = (*state.pile, card)
    cards = state.cards + 1  # BM-8
    tricks = state.tricks
    owed = state.owed
    penalty_seat = state.penalty_seat
    out = state.out
    cycle_key = state.cycle_key
    power = state.cycle_power
    lam = state.cycle_lam
    ended: Ended | None = None
    took = False
    demand = _DEMAND[card.rank]
    if demand:
        # BM-5: a penalty card stops any payment; the next player owes its amount.
        penalty_seat = seat
        owed = demand
        turn = _next_seat(seat, out) if True in out else (seat + 1) % len(out)
    elif owed:
        owed -= 1
        if owed:
            turn = seat  # BM-5: the payment goes on.
        else:
            # BM-5, BM-6: paid in number cards: the penalty player takes the pile,
            # first card laid just under their old cards, and leads.
            assert penalty_seat is not None
            turn = penalty_seat
            stacks[turn] += pile
            pile = ()
            tricks += 1
            penalty_seat = None
            took = True
    else:
        turn = _next_seat(seat, out) if True in out else (seat + 1) % len(out)  # BM-4
    while True:
        if took:
            # BM-7: only the taker has cards: the game ends at once.
            if len(stacks[turn]) == _DECK_SIZE:
                ended = "normal"
                break
            # BM-9: Brent's algorithm over the positions at the start of a trick. The
            # key is only built when the leader and the stack sizes match the saved
            # position's, or when the position is to be saved.
            key = ""
            if _same_sizes(cycle_key, turn, stacks):
                key = _position_key(stacks, turn, out)
                if key == cycle_key:
                    ended = "endless"
                    break
            lam += 1
            if lam == power:
                cycle_key = key or _position_key(stacks, turn, out)
                power *= 2
                lam = 0
            break
        if stacks[turn]:
            break
        # BM-7: the seat to move must turn a card and has none: it is out.
        out = (*out[:turn], True, *out[turn + 1 :])
        if owed:
            # ... and the player who laid the last penalty card takes the pile.
            assert penalty_seat is not None
            turn = penalty_seat
            stacks[turn] += pile
            pile = ()
            tricks += 1
            owed = 0
            penalty_seat = None
            took = True
            continue
        turn = _next_seat(turn, out)
        holders = [s for s, held in enumerate(stacks) if held]
        if len(holders) == 1:
            # BM-7: the last player with cards takes the pile, if any, and wins.
            turn = holders[0]
            if pile:
                stacks[turn] += pile
                pile = ()
                tricks += 1
            ended = "normal"
            break
    max_cards = state.rules.max_cards
    if ended is None and max_cards is not None and cards >= max_cards:
        ended = "card_limit"  # BM-10
    return State(
        state.rules,
        state.rng,
        tuple(stacks),
        pile,
        turn,
        owed,
        penalty_seat,
        out,
        cards,
        tricks,
        ended,
        cycle_key,
        power,
        lam,
    )


def outcome(state: State) -> Outcome | None:
    """
    The outcome once over: scores are the cards each seat holds.

    A normal end (BM-7) has one winner holding all 52 cards; an endless game
    (BM-9) has no winner; at the card limit (BM-10) the seats holding the most
    cards win (cards left on the pile count for nobody).

    >>> state = new_game(stacks=("-" * 26, "-" * 10 + "AAAAKKKKQQQQJJJJ"))
    >>> while not is_over(state):
    ...     state = apply(state, Turn())
    >>> outcome(state)
    Outcome(scores=(0, 52), winners=frozenset({1}), reason='normal', cut_rounds=())
    """
    if state.ended is None:
        return None
    scores = tuple(len(stack) for stack in state.stacks)
    if state.ended == "endless":
        winners: frozenset[int] = frozenset()
    else:
        best = max(scores)
        winners = frozenset(seat for seat, score in enumerate(scores) if score == best)
    return Outcome(scores=scores, winners=winners, reason=state.ended)


def _check_seat(state: State, seat: object) -> int:
    if type(seat) is not int or not 0 <= seat < state.rules.players:
        raise RulesError(f"seat must be an int from 0 to {state.rules.players - 1}, not {seat!r}")
    return seat


def view(state: State, seat: int) -> View:
    """
    What ``seat`` may know: stack sizes, the face-up pile, the counts and the turn.

    Raises:
        RulesError: for a seat out of range.

    >>> view(new_game(seed=5), 0).pile
    ()
    """
    return View(
        seat=_check_seat(state, seat),
        rules=state.rules,
        stack_sizes=tuple(len(stack) for stack in state.stacks),
        pile=state.pile,
        turn=to_move(state),
        owed=state.owed,
        penalty_seat=state.penalty_seat,
        out=state.out,
        cards=state.cards,
        tricks=state.tricks,
        ended=state.ended,
    )


def redeal_hidden(state: State, seat: int, *, seed: int) -> State:
    """
    Shuffle what ``seat`` cannot see: the cards of all the face-down stacks.

    No seat sees into any stack, so every stack card is mixed (the stack sizes
    are kept); the hidden RNG becomes the one that mixed them, and the hidden
    BM-9 detector starts afresh.

    >>> state = new_game(seed=5)
    >>> view(redeal_hidden(state, 0, seed=9), 0) == view(state, 0)
    True
    """
    _check_seat(state, seat)
    pooled = [card for stack in state.stacks for card in stack]
    mixed, after = _shuffle(_check_seed(seed), pooled)
    stacks = []
    start = 0
    for stack in state.stacks:
        stacks.append(tuple(mixed[start : start + len(stack)]))
        start += len(stack)
    # An empty key matches no position: the detector saves the next one it sees.
    return State(
        state.rules,
        Rng(after),
        tuple(stacks),
        state.pile,
        state.turn,
        state.owed,
        state.penalty_seat,
        state.out,
        state.cards,
        state.tricks,
        state.ended,
        "",
        1,
        0,
    )


def _fail(path: str, what: str) -> InvalidStateError:
    return InvalidStateError(f"{path}: {what}")


def _is_int(value: object) -> bool:
    return type(value) is int


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
            raise _fail("owed", f"{owed} owed but the pile holds no penalty card")
        if penalty_seat is not None:
            raise _fail("penalty_seat", "must be None while the pile holds no penalty card")
        return
    expected = pile[last].demand - (len(pile) - 1 - last)
    if expected < 1:
        raise _fail(
            "pile", f"{pile[last]} is paid in full, so its pile must have been taken (BM-5)"
        )
    if owed != expected:
        raise _fail("owed", f"must be {expected} after {pile[last]} on the pile, not {owed}")
    if type(penalty_seat) is not int or not 0 <= penalty_seat < n:
        raise _fail("penalty_seat", f"must be a seat from 0 to {n - 1}, not {penalty_seat!r}")
    if out[penalty_seat]:
        raise _fail("penalty_seat", f"seat {penalty_seat} is out and cannot take the pile (BM-7)")
    if penalty_seat == turn:
        raise _fail("penalty_seat", "the seat to move cannot owe on its own penalty card")


def check_state(state: State) -> None:
    """
    Check every invariant of a state; raise on the first broken one.

    Raises:
        InvalidStateError: naming the path of the bad field, for example
            ``"stacks[1][3]: duplicate card QH (also at stacks[0][5])"``.

    >>> check_state(new_game(seed=2))
    >>> import attrs
    >>> check_state(attrs.evolve(new_game(seed=2), cards=-1))
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: cards: must be an int >= 0, not -1
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"$: not a beggar State: {state!r}")
    rules = state.rules
    if not isinstance(state.rng, Rng):
        raise _fail("rng", f"not an Rng: {state.rng!r}")
    if not isinstance(rules, Rules):
        raise _fail("rules", f"not a beggar Rules: {rules!r}")
    try:
        attrs.validate(rules)
    except RulesError as exc:
        raise _fail("rules", str(exc)) from None
    n = rules.players
    if not isinstance(state.stacks, tuple) or len(state.stacks) != n:
        raise _fail("stacks", f"must be a tuple of {n} stacks (players={n})")
    seen: dict[Card, str] = {}
    places = [(f"stacks[{seat}]", stack) for seat, stack in enumerate(state.stacks)]
    places.append(("pile", state.pile))
    for path, cards in places:
        if not isinstance(cards, tuple):
            raise _fail(path, "must be a tuple of Cards")
        for index, card in enumerate(cards):
            where = f"{path}[{index}]"
            if not isinstance(card, Card):
                raise _fail(where, f"not a Card: {card!r}")
            if card in seen:
                raise _fail(where, f"duplicate card {card} (also at {seen[card]})")
            seen[card] = where
    if len(seen) != _DECK_SIZE:
        missing = " ".join(str(card) for card in DECK if card not in seen)
        raise _fail(
            "stacks",
            f"stacks and pile hold {len(seen)} cards, not {_DECK_SIZE} (missing: {missing})",
        )
    for name in ("turn", "owed", "cards", "tricks", "cycle_power", "cycle_lam"):
        value = getattr(state, name)
        if not _is_int(value) or value < 0:
            raise _fail(name, f"must be an int >= 0, not {value!r}")
    if state.turn >= n:
        raise _fail("turn", f"seat {state.turn} out of range for {n} players")
    if not isinstance(state.out, tuple) or len(state.out) != n:
        raise _fail("out", f"must be a tuple of {n} bools")
    for seat, flag in enumerate(state.out):
        if type(flag) is not bool:
            raise _fail(f"out[{seat}]", f"must be a bool, not {flag!r}")
        if flag and state.stacks[seat]:
            raise _fail(f"out[{seat}]", "a seat that is out holds no cards (BM-7)")
    if state.tricks > state.cards:
        raise _fail("tricks", f"{state.tricks} tricks but only {state.cards} cards turned")
    if len(state.pile) > state.cards:
        raise _fail("pile", f"{len(state.pile)} cards on the pile but {state.cards} turned")
    # BM-5: the payment owed and who takes the pile follow from the pile.
    _check_payment(
        state.pile, state.owed, state.penalty_seat, state.out,
        state.turn if state.ended is None else None, n,
    )  # fmt: skip
    if state.ended not in (None, "normal", "endless", "card_limit"):
        raise _fail(
            "ended", f"must be None, 'normal', 'endless' or 'card_limit', not {state.ended!r}"
        )
    if state.ended is None:
        if state.out[state.turn] or not state.stacks[state.turn]:
            raise _fail("turn", f"seat {state.turn} is to move but holds no card")
        if rules.max_cards is not None and state.cards >= rules.max_cards:
            raise _fail("cards", f"{state.cards} turned reaches max_cards but the game goes on")
    elif state.ended == "normal":
        if len(state.stacks[state.turn]) != _DECK_SIZE:
            raise _fail("stacks", "a game ended normally, so the winner holds all the cards")
    elif state.ended == "endless" and state.pile:
        raise _fail("pile", "an endless game ends at the start of a trick, with no pile")
    key = state.cycle_key
    if type(key) is not str:
        raise _fail("cycle_key", f"must be a str, not {key!r}")
    if key:
        lead, *parts = key.split("|")
        if (
            lead not in [str(seat) for seat in range(n)]
            or len(parts) != n
            or any(part != "*" and part.strip("-AKQJ") for part in parts)
        ):
            raise _fail("cycle_key", f"not a BM-9 position for {n} players: {key!r}")
    power = state.cycle_power
    if power < 1 or power & (power - 1):
        raise _fail("cycle_power", f"must be a power of two, not {power}")
    if state.cycle_lam >= power:
        raise _fail("cycle_lam", f"must be below cycle_power ({power}), not {state.cycle_lam}")


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

    >>> seen = view(new_game(seed=2), 1)
    >>> check_view(seen)
    >>> import attrs
    >>> check_view(attrs.evolve(seen, seat=2))
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: seat: must be a seat from 0 to 1, not 2
    """
    if not isinstance(view, View):
        raise InvalidStateError(f"$: not a beggar View: {type(view).__name__}")
    rules = view.rules
    if not isinstance(rules, Rules):
        raise _fail("rules", f"not a beggar Rules: {rules!r}")
    try:
        attrs.validate(rules)
    except RulesError as exc:
        raise _fail("rules", str(exc)) from None
    n = rules.players
    if not _is_int(view.seat) or not 0 <= view.seat < n:
        raise _fail("seat", f"must be a seat from 0 to {n - 1}, not {view.seat!r}")
    sizes = view.stack_sizes
    if not isinstance(sizes, tuple) or len(sizes) != n:
        raise _fail("stack_sizes", f"must be a tuple of {n} sizes (players={n})")
    for seat, size in enumerate(sizes):
        if not _is_int(size) or not 0 <= size <= _DECK_SIZE:
            raise _fail(f"stack_sizes[{seat}]", f"must be an int from 0 to 52, not {size!r}")
    pile = view.pile
    if not isinstance(pile, tuple):
        raise _fail("pile", "must be a tuple of Cards")
    seen: dict[Card, int] = {}
    for index, card in enumerate(pile):
        if not isinstance(card, Card):
            raise _fail(f"pile[{index}]", f"not a Card: {card!r}")
        if card in seen:
            raise _fail(f"pile[{index}]", f"duplicate card {card} (also at pile[{seen[card]}])")
        seen[card] = index
    held = sum(sizes)
    if held + len(pile) != _DECK_SIZE:
        raise _fail(
            "stack_sizes",
            f"the stacks hold {held} cards and the pile {len(pile)}, not {_DECK_SIZE} (BM-1)",
        )
    out = view.out
    if not isinstance(out, tuple) or len(out) != n:
        raise _fail("out", f"must be a tuple of {n} bools")
    for seat, flag in enumerate(out):
        if type(flag) is not bool:
            raise _fail(f"out[{seat}]", f"must be a bool, not {flag!r}")
        if flag and sizes[seat]:
            raise _fail(f"out[{seat}]", "a seat that is out holds no cards (BM-7)")
    for name in ("owed", "cards", "tricks"):
        value = getattr(view, name)
        if not _is_int(value) or value < 0:
            raise _fail(name, f"must be an int >= 0, not {value!r}")
    if view.tricks > view.cards:
        raise _fail("tricks", f"{view.tricks} tricks but only {view.cards} cards turned")
    if len(pile) > view.cards:
        raise _fail("pile", f"{len(pile)} cards on the pile but {view.cards} turned")
    ended = view.ended
    if ended not in (None, "normal", "endless", "card_limit"):
        raise _fail("ended", f"must be None, 'normal', 'endless' or 'card_limit', not {ended!r}")
    turn = view.turn
    if ended is not None:
        if turn is not None:
            raise _fail("turn", f"must be None once the game has ended, not {turn!r}")
    elif turn is None or not _is_int(turn) or not 0 <= turn < n:
        raise _fail("turn", f"must be a seat from 0 to {n - 1} while the game goes on")
    elif out[turn] or not sizes[turn]:
        raise _fail("turn", f"seat {turn} is to move but holds no card")
    # BM-5: a payment is owed exactly while the pile holds a penalty card.
    _check_payment(pile, view.owed, view.penalty_seat, out, turn, n)  # BM-5
    max_cards = rules.max_cards
    if ended is None and max_cards is not None and view.cards >= max_cards:
        raise _fail("cards", f"{view.cards} turned reaches max_cards but the game goes on")
    if ended == "normal" and _DECK_SIZE not in sizes:
        raise _fail("stack_sizes", "a game ended normally, so the winner holds all the cards")
    if ended == "endless" and pile:
        raise _fail("pile", "an endless game ends at the start of a trick, with no pile")
    if ended == "card_limit" and (max_cards is None or view.cards < max_cards):
        raise _fail("ended", f"{view.cards} cards turned do not reach max_cards (BM-10)")
