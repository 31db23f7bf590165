"""
The action numbering of Biggenbende (``actions``) and its returns, utility bounds and
longest match (``returns``, ``utility_bounds``, ``max_moves``).

Actions, in blocks, each block in a fixed order (the Biggenbende docs page lists them):

1. ``ChooseFaceUp(values)``: every sorted triple of values that the deck holds (BB-4),
   in lexicographic order;
2. ``Play(value, count)``: jokers first, then values 1..12, each with counts 1 up to the
   copies of that value in the deck (BB-1, BB-6);
3. ``PickUp()`` (BB-9);
4. ``TurnFaceDown(0)``, ``TurnFaceDown(1)``, ``TurnFaceDown(2)`` (BB-11).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import getitem

from cardrules import _fastobs
from cardrules.biggenbende._cards import EMPTY
from cardrules.biggenbende._play import legal_moves
from cardrules.biggenbende._state import (
    JOKER,
    MAX_TURNS,
    PLACE_CHIPS,
    ROW_SIZE,
    VALUES,
    ChooseFaceUp,
    Move,
    PickUp,
    Play,
    Rules,
    State,
    TurnFaceDown,
)
from cardrules.errors import CardrulesError, RulesError
from cardrules.game import ActionSpace

__all__ = ["actions", "max_moves", "returns", "utility_bounds"]


def _moves(deck: tuple[int, ...]) -> tuple[Move, ...]:
    out: list[Move] = []
    for a in range(VALUES):
        for b in range(a, VALUES):
            for c in range(b, VALUES):
                triple = (a, b, c)
                if all(triple.count(v) <= deck[v] for v in triple):
                    out.append(ChooseFaceUp(triple))
    for value in (JOKER, *range(1, VALUES)):
        out += [Play(value, count) for count in range(1, deck[value] + 1)]
    out.append(PickUp())
    out += [TurnFaceDown(p) for p in range(ROW_SIZE)]
    return tuple(out)


@lru_cache(maxsize=64)
def _space(deck: tuple[int, ...]) -> ActionSpace[Move]:
    table = _moves(deck)
    numbers = {move: k for k, move in enumerate(table)}

    def encode(move: Move) -> int:
        try:
            return numbers[move]
        except (KeyError, TypeError):
            raise CardrulesError(f"{move!r} is no Biggenbende action under these rules") from None

    def decode(action: int) -> Move:
        if type(action) is not int or not 0 <= action < len(table):
            raise CardrulesError(f"action must be an int in 0..{len(table) - 1}, not {action!r}")
        return table[action]

    return ActionSpace(size=len(table), encode=encode, decode=decode)


def actions(rules: Rules) -> ActionSpace[Move]:
    """
    The fixed numbering of every move that ``legal_moves`` can return under ``rules``
    (see the module docstring for the order). Only the deck counts matter: the
    standard deck gives ``455 + 8 + 12 * 6 + 1 + 3 = 539`` actions.

    Raises:
        RulesError: if ``rules`` is not a Biggenbende ``Rules``.

    >>> from cardrules import biggenbende as bb
    >>> space = bb.actions(bb.Rules())
    >>> space.size, space.encode(bb.Play(bb.JOKER, 1)), space.decode(538)
    (539, 455, TurnFaceDown(position=2))
    """
    if type(rules) is not Rules:
        raise RulesError(f"expected a Biggenbende Rules, not {rules!r}")
    return _space(rules.deck)


def returns(state: State) -> tuple[tuple[int, ...], ...]:
    """
    The chips every seat has won, as one tuple (BB-18).

    The state keeps the chips each seat holds, not a record per round, so every
    round played so far is summed into one entry: ``(state.chips,)``. The total over
    the entries is always the chips held. For the chips won in each round, follow
    the game: :func:`cardrules.rl.returns_by_round` takes its states (and
    :func:`cardrules.rl.record_returns` a saved game).

    >>> from cardrules import biggenbende as bb
    >>> bb.returns(bb.new_game(bb.Rules(players=3), seed=1))
    ((0, 0, 0),)
    """
    return (state.chips,)


def utility_bounds(rules: Rules) -> tuple[int, int]:
    """
    The lowest and highest chips a seat can end a match with (BB-18, BB-19): 0, and
    at most 3 a round over ``rules.rounds`` rounds, nor more than the supply.

    >>> from cardrules import biggenbende as bb
    >>> bb.utility_bounds(bb.Rules())
    (0, 15)
    """
    return 0, min(rules.chips, PLACE_CHIPS[0] * rules.rounds)


def max_moves(rules: Rules) -> int:
    """
    No match under ``rules`` lasts more moves than this: ``rounds`` times
    ``max_turns_per_round`` (BB-20 counts every move of a round). Without an agreed
    limit (``None``) a round is still cut at 10,000 moves (see the docs page's
    "Limits").

    >>> from cardrules import biggenbende as bb
    >>> bb.max_moves(bb.Rules())
    25000
    """
    limit = rules.max_turns_per_round
    return rules.rounds * (MAX_TURNS if limit is None else limit)


def _mask_maker(rules: Rules) -> Callable[[State], bytes | None]:
    # The action mask of a state in the play phase with cards in the hand or face up,
    # straight from the counts (the adapters' fast path, see cardrules._fastobs): the
    # block of a value is its counts 1..held set, the rest clear (BB-6: values from the
    # top up, jokers always; BB-9: a pick-up when nothing can be played). Every other
    # state (choosing, face down, over) goes the plain way. tests/test_rl.py compares
    # the two on random states.
    deck = rules.deck
    table = _space(deck).size
    choose = sum(1 for move in _moves(deck) if type(move) is ChooseFaceUp)
    head = bytes(choose)
    # blocks[v][c]: the block of value v with counts 1..c legal.
    blocks = [
        [bytes([1] * c + [0] * (deck[v] - c)) for c in range(deck[v] + 1)] for v in range(VALUES)
    ]
    jokers = blocks[JOKER]
    # below[t]: the clear blocks of the values 1..t-1, under a top t; upper[t]: the
    # blocks of the values t.. (t = 1 for an empty pile or a joker on top).
    below = [b"".join(bytes(deck[v]) for v in range(1, t)) for t in range(VALUES)]
    upper = [blocks[max(t, 1) :] for t in range(VALUES)]
    plays_end = b"\0" + bytes(ROW_SIZE)  # PickUp clear, no face-down turns
    pick_up = bytes(choose + sum(deck)) + b"\1" + bytes(ROW_SIZE)
    join = b"".join
    if len(pick_up) != table:  # pragma: no cover - the blocks are the table's
        raise AssertionError("the mask blocks do not match the action table")

    def mask(state: State) -> bytes | None:
        if state.phase != "play":
            return None
        seat: int = state.turn  # type: ignore[assignment]
        source = state.hands[seat]
        if source == EMPTY:
            source = state.face_up[seat]
            if source == EMPTY:
                return None
        discard = state.discard
        top = (discard[-1] or 1) if discard else 1
        rest = source[top:]
        if not (source[JOKER] or any(rest)):
            return pick_up
        return join(
            (head, jokers[source[JOKER]], below[top], *map(getitem, upper[top], rest), plays_end)
        )

    return mask


_fastobs.register_mask(legal_moves, actions, _mask_maker)
