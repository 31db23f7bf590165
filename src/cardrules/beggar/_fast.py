"""
A fast run to the end: the rules of :func:`~cardrules.beggar.apply` on mutable deques.

:func:`play_out` copies a state into deques of card indices (positions in
:data:`~cardrules.beggar.DECK`), runs the same rules in one tight loop, and
builds the final state back. It must give exactly the state that stepping
with ``apply`` gives, detector fields included; the tests check this.
"""

from __future__ import annotations

import functools
import sys
from collections import deque
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import Any

from cardrules._checks import expect
from cardrules.beggar._state import (
    _DECK_SIZE,
    _SYMBOL,
    DECK,
    Card,
    Cycle,
    Ended,
    PlayOut,
    State,
    _card_limit,
)

__all__ = ["play_out"]

_INDEX: dict[tuple[str, str], int] = {(card.rank, card.suit): i for i, card in enumerate(DECK)}
# DECK's objects live as long as the module, so their ids are theirs alone.
_BY_ID: dict[int, int] = {id(card): i for i, card in enumerate(DECK)}
_RANK_SUIT = attrgetter("rank", "suit")
_RANK = attrgetter("rank")
_RANK_SYMBOL: dict[str, bytes] = {rank: symbol.encode("ascii") for rank, symbol in _SYMBOL.items()}
_DEMAND_OF: list[int] = [card.demand for card in DECK]
# bytes(stack).translate(_SYMBOLS) writes a stack of card indices in the notation.
_SYMBOLS: bytes = bytes([ord(_SYMBOL[card.rank]) for card in DECK] + [0] * (256 - len(DECK)))
_NO_SEAT = -1

# Everything the loop changes, in order: turn, owed, penalty seat (-1 for none),
# cards, tricks, how it ended, and the BM-9 detector (key, power, lam).
_Run = tuple[int, int, int, int, int, "Ended | None", bytes, int, int]


def _next_table(out: list[bool]) -> tuple[int, ...]:
    """For each seat, the next seat after it that is not out (itself if none)."""
    return _next_seats(tuple(out))


@functools.lru_cache(maxsize=64)
def _next_seats(out: tuple[bool, ...]) -> tuple[int, ...]:
    """:func:`_next_table` of each ``out`` row, remembered: a state has 2 to 4 seats, so
    there are only 28 rows (every BM-9 replay of ``check_state`` starts with one)."""
    n = len(out)
    table = []
    for seat in range(n):
        nxt = seat
        for step in range(1, n):
            other = (seat + step) % n
            if not out[other]:
                nxt = other
                break
        table.append(nxt)
    return tuple(table)


def _key(stacks: Sequence[Iterable[int]], lead: int, out: Sequence[bool]) -> bytes:
    """The BM-9 position, exactly as ``_play._position_key`` writes it (as bytes)."""
    parts = [b"%d" % lead]
    for seat, stack in enumerate(stacks):
        parts.append(b"*" if out[seat] else bytes(stack).translate(_SYMBOLS))
    return b"|".join(parts)


def _sizes(key: bytes) -> tuple[int, list[int]]:
    """The leader and stack sizes of a saved BM-9 key (``-1`` for no key)."""
    if not key:
        return _NO_SEAT, []
    lead, *stacks = key.split(b"|")
    return int(lead), [0 if stack == b"*" else len(stack) for stack in stacks]


def _run(
    stacks: list[deque[int]],
    pile: list[int],
    out: list[bool],
    start: _Run,
    limit: int,
    *,
    detect: bool = True,
    record: list[tuple[bytes, int, int]] | None = None,
    stop_tricks: int = sys.maxsize,
) -> _Run:
    """
    Play until the game ends (or ``stop_tricks`` tricks have been taken).

    ``stacks``, ``pile`` and ``out`` are changed in place. With ``record`` every
    trick-start position reached is appended with the counts at that moment. The run
    stops at the start of the trick after ``stop_tricks`` tricks have been taken.
    """
    turn, owed, penalty_seat, cards, tricks, ended, cycle_key, power, lam = start
    saved_lead, saved_sizes = _sizes(cycle_key)
    demand_of = _DEMAND_OF
    nxt = _next_table(out)
    lay = pile.append
    while True:
        stack = stacks[turn]
        if stack:
            if cards >= limit:
                ended = "card_limit"  # BM-10
                break
            card = stack.popleft()
            lay(card)
            cards += 1  # BM-8
            demand = demand_of[card]
            if demand:
                # BM-5: a penalty card; the next player owes its full amount.
                penalty_seat = turn
                owed = demand
                turn = nxt[turn]
                continue
            if not owed:
                turn = nxt[turn]  # BM-4
                continue
            owed -= 1
            if owed:
                continue  # BM-5: the payment goes on.
            # BM-5: paid in number cards: the penalty player takes the pile (below).
        else:
            # BM-7: the seat to move must turn a card and has none: it is out.
            out[turn] = True
            nxt = _next_table(out)
            if not owed:
                turn = nxt[turn]
                holders = [seat for seat, held in enumerate(stacks) if held]
                if len(holders) == 1:
                    # BM-7: the last player with cards takes the pile, if any, and wins.
                    turn = holders[0]
                    if pile:
                        stacks[turn].extend(pile)
                        pile.clear()
                        tricks += 1
                    ended = "normal"
                    break
                continue
            owed = 0  # BM-7: the penalty player takes the pile (below).
        # BM-6: the pile goes under the taker's stack in the order it was laid.
        turn = penalty_seat
        penalty_seat = _NO_SEAT
        stack = stacks[turn]
        stack.extend(pile)
        pile.clear()
        tricks += 1
        if len(stack) == _DECK_SIZE:
            ended = "normal"  # BM-7: only the taker has cards left.
            break
        if detect:
            # BM-9: Brent's algorithm over the positions at the start of a trick. The
            # key is only built when the leader and the stack sizes match the saved
            # position's, or when the position is to be saved.
            key = b""
            if turn == saved_lead and [*map(len, stacks)] == saved_sizes:
                key = _key(stacks, turn, out)
                if key == cycle_key:
                    ended = "endless"
                    break
            lam += 1
            if lam == power:
                cycle_key = key or _key(stacks, turn, out)
                saved_lead, saved_sizes = _sizes(cycle_key)
                power *= 2
                lam = 0
        if record is not None:
            record.append((_key(stacks, turn, out), cards, tricks))
        if tricks >= stop_tricks:
            break
    return (turn, owed, penalty_seat, cards, tricks, ended, cycle_key, power, lam)


def _indices(cards: tuple[Card, ...]) -> list[int]:
    """The DECK positions of ``cards``: by identity for DECK's own objects (the fast
    case: every dealt card is one), else by rank and suit."""
    try:
        return list(map(_BY_ID.__getitem__, map(id, cards)))
    except KeyError:
        return list(map(_INDEX.__getitem__, map(_RANK_SUIT, cards)))


def _load(state: State) -> tuple[list[deque[int]], list[int], list[bool], _Run, int]:
    stacks = [deque(_indices(stack)) for stack in state.stacks]
    pile = _indices(state.pile)
    penalty_seat = _NO_SEAT if state.penalty_seat is None else state.penalty_seat
    start: _Run = (
        state.turn,
        state.owed,
        penalty_seat,
        state.cards,
        state.tricks,
        state.ended,
        state.cycle_key.encode("ascii"),
        state.cycle_power,
        state.cycle_lam,
    )
    return stacks, pile, list(state.out), start, _card_limit(state.rules)


def _cycle(state: State, detected_at: int, length_tricks: int) -> Cycle:
    """
    Find where the cycle is entered (a second run from ``state``, recording).

    ``detected_at`` is the trick count at which the first run found a repeat of
    the position ``length_tricks`` tricks earlier.
    """
    stacks, pile, out, start, limit = _load(state)
    record: list[tuple[bytes, int, int]] = []
    if not pile:
        record.append((_key(stacks, state.turn, out), state.cards, state.tricks))
    _run(
        stacks,
        pile,
        out,
        start,
        limit,
        detect=False,
        record=record,
        stop_tricks=detected_at + length_tricks,
    )
    for i in range(len(record) - length_tricks):
        key, cards, tricks = record[i]
        if record[i + length_tricks][0] == key:
            return Cycle(
                start_cards=cards,
                start_tricks=tricks,
                length_cards=record[i + length_tricks][1] - cards,
                length_tricks=length_tricks,
            )
    raise AssertionError("BM-9: a detected cycle was not found again")  # pragma: no cover


def play_out(state: State) -> PlayOut:
    """
    Play the game to its end, fast; ``state`` is not changed.

    The final state is exactly the one that stepping with ``apply`` gives. For
    a game that ends endless inside this call (BM-9) the cycle is reported: the
    cards and tricks played before it is entered and its length in cards and
    tricks. (From a state in mid-game, the cycle's start is the first position
    seen from that state on.)

    Args:
        state: any state; one that is already over is returned as it is.

    Returns:
        A :class:`PlayOut`.

    >>> from cardrules import beggar
    >>> deal = ("K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--")
    >>> result = play_out(beggar.new_game(stacks=deal))
    >>> result.cards, result.tricks, result.winner
    (7157, 1007, 1)
    """
    expect(state, State, "a beggar State")
    cycle = None
    if state.ended is None:
        stacks, pile, out, start, limit = _load(state)
        turn, owed, penalty_seat, cards, tricks, ended, key, power, lam = _run(
            stacks, pile, out, start, limit
        )
        card_at = DECK.__getitem__
        final = State(
            state.rules,
            state.rng,
            tuple([tuple(map(card_at, stack)) for stack in stacks]),
            tuple(map(card_at, pile)),
            turn,
            owed,
            None if penalty_seat == _NO_SEAT else penalty_seat,
            tuple(out),
            cards,
            tricks,
            ended,
            key.decode("ascii"),
            power,
            lam,
        )
        if ended == "endless":
            cycle = _cycle(state, tricks, lam + 1)
    else:
        final = state
    sizes = [len(stack) for stack in final.stacks]
    winner = None
    if final.ended in ("normal", "card_limit"):
        best = max(sizes)
        if sizes.count(best) == 1:
            winner = sizes.index(best)
    return PlayOut(final, final.cards, final.tricks, winner, cycle)


# One DECK index per notation symbol: a run over symbols needs no card identities.
_STAND_IN: dict[str, int] = {
    _SYMBOL[card.rank]: index for index, card in reversed(list(enumerate(DECK)))
}
_FROM_SYMBOLS: bytes = bytes.maketrans(
    "".join(_STAND_IN).encode("ascii"), bytes(_STAND_IN.values())
)
_DECK_SYMBOLS: dict[bytes, int] = {symbol.encode("ascii"): 0 for symbol in _STAND_IN}
for _card in DECK:
    _DECK_SYMBOLS[_SYMBOL[_card.rank].encode("ascii")] += 1


def _positions(groups: Iterable[Any]) -> list[bytes] | None:
    """The DECK positions of the cards of each group (a stack, a pile), when every card
    is one of DECK's own objects, told by identity; else ``None``."""
    get = _BY_ID.__getitem__
    try:
        return [bytes(map(get, map(id, cards))) for cards in groups]
    except KeyError:
        return None


def _symbols(cards: tuple[Card, ...]) -> bytes:
    """``cards`` in the notation's symbols, from their ranks."""
    return b"".join(map(_RANK_SYMBOL.__getitem__, map(_RANK, cards)))


def _detector_problem(state: State, held: list[bytes] | None = None) -> tuple[str, str] | None:
    """
    What makes the BM-9 detector of ``state`` one that no play gives, as ``(field,
    what)``, or ``None``. The rest of ``state`` must be checked already.

    The detector's saved position cannot be checked against a history (a state keeps
    none), so it is checked against the rules instead: play from the saved position
    must reach the state's own position after exactly ``cycle_lam`` tricks (one more
    if the game ended endless, where it must be the saved position again), without
    finding a repeat sooner and within the cards turned so far. Then a repeat found
    later is a true cycle, so a forged detector can neither end a game that play wins
    nor make :func:`play_out` fail. Brent's algorithm saves after 1, 2, 4, ... tricks,
    so ``cycle_power - 1 + cycle_lam`` tricks at least have been taken.
    """
    key, power, lam = state.cycle_key, state.cycle_power, state.cycle_lam
    if not key:
        # A fresh detector (after redeal_hidden): it saves at the next trick.
        if power != 1 or lam != 0:
            return "cycle_key", "an empty key comes only with cycle_power 1 and cycle_lam 0"
        return None
    if power - 1 + lam > state.tricks:
        # Brent's algorithm saves after 1, 2, 4, ... tricks: power - 1 + lam tricks so far.
        return "cycle_power", f"{power} and cycle_lam {lam} need more than {state.tricks} tricks"
    # The state's own position and pile, in the notation's symbols (BM-3); ``held``,
    # when given, holds the DECK positions of each stack and of the pile (last).
    if held is None:
        written = [*map(_symbols, state.stacks), _symbols(state.pile)]
    else:
        written = [positions.translate(_SYMBOLS) for positions in held]
    parts = [b"%d" % state.turn]
    for stack, flag in zip(written[:-1], state.out, strict=True):
        parts.append(b"*" if flag else stack)
    try:
        _replay(
            key,
            power,
            lam,
            state.tricks,
            state.cards,
            state.ended,
            state.turn,
            state.owed,
            _NO_SEAT if state.penalty_seat is None else state.penalty_seat,
            state.out,
            b"|".join(parts),
            written[-1],
        )
    except _Refused as refused:
        return refused.args[0], refused.args[1]
    return None


class _Refused(Exception):
    """A detector that no play gives: ``(field, what)``."""


@functools.lru_cache(maxsize=256, typed=True)
def _replay(
    key: str,
    power: int,
    lam: int,
    tricks: int,
    cards: int,
    ended: Ended | None,
    turn: int,
    owed: int,
    penalty_seat: int,
    out: tuple[bool, ...],
    own: bytes,
    pile: bytes,
) -> None:
    """
    The replay of :func:`_detector_problem`, from everything of the state that it reads
    (``own``: the state's own BM-9 position; ``pile``: its pile in the notation's
    symbols); raises :class:`_Refused`.

    Only a detector that passes is remembered (an exception is never cached), and then
    the key holds 52 cards: the cache of the last 256 passes stays small whatever a
    client sends. Saving a state and loading it back, the common case, replays once.
    """
    saved = key.encode("ascii")
    lead_text, *parts = saved.split(b"|")
    lead = int(lead_text)
    held = b"".join(part for part in parts if part != b"*")
    if any(held.count(symbol) != count for symbol, count in _DECK_SYMBOLS.items()):
        raise _Refused("cycle_key", _NOT_A_DECK)
    if parts[lead] in (b"*", b""):
        raise _Refused("cycle_key", "the saved position's leader holds no card (BM-9)")
    now_out = [part == b"*" for part in parts]
    stacks = [
        deque(b"" if flag else part.translate(_FROM_SYMBOLS))
        for part, flag in zip(parts, now_out, strict=True)
    ]
    if ended == "normal" and lam == 0 and saved == own:
        return  # the game ended at the deal (BM-7): no card was turned
    laid: list[int] = []
    budget = cards - len(pile)
    run: _Run = (lead, 0, _NO_SEAT, 0, 0, None, saved, power, 0)
    if lam:
        run = _run(stacks, laid, now_out, run, budget, stop_tricks=lam)
        if run[5] is not None or run[4] != lam:
            raise _Refused("cycle_key", _NOT_REACHED)
    final = ended in ("normal", "endless")
    limit = budget if final else run[3] + len(pile)
    run = _run(stacks, laid, now_out, run, limit, stop_tricks=run[4] + 1)
    end_turn, end_owed, end_penalty_seat, _, end_tricks, end, _, _, _ = run
    expected = ended if final else "card_limit"
    if (
        end != expected
        or end_tricks != lam + final
        or end_tricks > tricks
        or end_turn != turn
        or end_owed != owed
        or end_penalty_seat != penalty_seat
        or now_out != list(out)
        or _key(stacks, end_turn, now_out) != own
        or bytes(laid).translate(_SYMBOLS) != pile
    ):
        raise _Refused("cycle_key", _NOT_REACHED)


_NOT_A_DECK = "the saved position does not hold the 52 cards of a deck (BM-9)"
_NOT_REACHED = "play from the saved position does not reach this one (BM-9)"
