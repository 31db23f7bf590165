"""
The rules of Beggar-my-neighbour: the one move, whose turn it is, and the end.

Every function here takes and returns immutable values. The hot path of
:func:`apply` works on tuples and the module-level tables of
:mod:`cardrules.beggar._state`; the much faster mutable run to the end lives in
:mod:`cardrules.beggar._fast`.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules._checks import expect
from cardrules.beggar._state import (
    _DECK_SIZE,
    _DEMAND,
    _MAX_CARDS,
    _SYMBOL,
    Card,
    Ended,
    State,
    Turn,
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

_TURN = Turn()
_ONLY_TURN = (_TURN,)  # one tuple for every legal_moves: callers may cache by identity
_A_STATE = "a beggar State"


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


def legal_moves(state: State) -> tuple[Turn, ...]:
    """
    The legal moves: ``(Turn(),)`` for the seat to move, ``()`` once over.

    >>> from cardrules.beggar import new_game
    >>> legal_moves(new_game(seed=3))
    (Turn(),)
    """
    if type(state) is not State:
        expect(state, State, _A_STATE)
    return () if state.ended is not None else _ONLY_TURN


def to_move(state: State) -> int | None:
    """
    The seat to turn the next card, ``None`` once the game is over.

    >>> from cardrules.beggar import new_game
    >>> to_move(new_game(seed=3))
    0
    """
    if type(state) is not State:
        expect(state, State, _A_STATE)
    return None if state.ended is not None else state.turn


def is_over(state: State) -> bool:
    """
    Whether the game has ended (BM-7, BM-9 or BM-10).

    >>> from cardrules.beggar import new_game
    >>> is_over(new_game(seed=3))
    False
    """
    if type(state) is not State:
        expect(state, State, _A_STATE)
    return state.ended is not None


def players(state: State) -> int:
    """
    The number of seats.

    >>> from cardrules.beggar import Rules, new_game
    >>> players(new_game(Rules(players=3), seed=3))
    3
    """
    if type(state) is not State:
        expect(state, State, _A_STATE)
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

    >>> from cardrules.beggar import new_game
    >>> state = apply(new_game(stacks=("K" + "-" * 25, "-" * 11 + "AAAAKKKQQQQJJJJ")), Turn())
    >>> state.turn, state.owed, [str(card) for card in state.pile]
    (1, 3, ['KC'])
    """
    if type(state) is not State:
        expect(state, State, _A_STATE)
    if state.ended is not None:
        raise GameOverError(move)
    if type(move) is not Turn:
        raise IllegalMoveError(
            move, "BM-4", "not a Beggar-my-neighbour move; the only move is Turn(), the top card"
        )
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
    if ended is None and cards >= (_MAX_CARDS if max_cards is None else max_cards):
        ended = "card_limit"  # BM-10, or the ceiling of the docs page's "Limits"
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

    >>> from cardrules.beggar import new_game
    >>> state = new_game(stacks=("-" * 26, "-" * 10 + "AAAAKKKKQQQQJJJJ"))
    >>> while not is_over(state):
    ...     state = apply(state, Turn())
    >>> outcome(state)
    Outcome(scores=(0, 52), winners=frozenset({1}), reason='normal', cut_rounds=())
    """
    if type(state) is not State:
        expect(state, State, _A_STATE)
    if state.ended is None:
        return None
    scores = tuple(len(stack) for stack in state.stacks)
    if state.ended == "endless":
        winners: frozenset[int] = frozenset()
    else:
        best = max(scores)
        winners = frozenset(seat for seat, score in enumerate(scores) if score == best)
    return Outcome(scores=scores, winners=winners, reason=state.ended)
