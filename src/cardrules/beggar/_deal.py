"""
Dealing Beggar-my-neighbour (BM-3): shuffled from a seed, or from given stacks,
as Cards or in the notation of the literature.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules._checks import expect
from cardrules._rng import Rng, _check_seed, _shuffle
from cardrules.beggar._play import _next_seat, _position_key
from cardrules.beggar._state import (
    _DECK_SIZE,
    _FIRST_SEAT,
    _NUMBER_SYMBOL,
    _SYMBOL,
    DECK,
    Card,
    Ended,
    Rules,
    State,
    _short,
)
from cardrules.errors import RulesError

__all__ = ["new_game", "notation"]

_DEFAULT_RULES = Rules()
_NOTATION_RANKS = (_NUMBER_SYMBOL, "A", "K", "Q", "J")
_RANK_NAMES = {
    _NUMBER_SYMBOL: "number cards",
    "A": "aces",
    "K": "kings",
    "Q": "queens",
    "J": "jacks",
}
# The concrete cards each notation character stands for, in the documented order:
# the k-th "-" (reading the stacks in order, each top first) is the k-th number card
# of DECK (2C, 2D, 2H, 2S, 3C, ... 10S); the k-th "A" is the k-th ace (AC, AD, AH, AS),
# and the same for K, Q and J.
_NOTATION_CARDS: dict[str, tuple[Card, ...]] = {
    _NUMBER_SYMBOL: tuple(card for card in DECK if card.demand == 0),
    **{rank: tuple(card for card in DECK if card.rank == rank) for rank in "AKQJ"},
}


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
            raise RulesError(f"stacks[{seat}]: not a sequence of Cards: {_short(sequence)}")
        stack = tuple(sequence)
        for index, card in enumerate(stack):
            where = f"stacks[{seat}][{index}]"
            if not isinstance(card, Card):
                raise RulesError(f"{where}: not a Card: {_short(card)}")
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
    turn = _FIRST_SEAT  # BM-4: seat 0 turns first.
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
    expect(rules, Rules, "a beggar Rules")
    if (seed is None) == (stacks is None):
        raise RulesError("give exactly one of seed=... and stacks=...")
    if stacks is None:
        deck, after = _shuffle(_check_seed(seed), DECK)
        n = rules.players
        # BM-3: d[i] goes to seat i mod n, each stack top first.
        return _start(rules, tuple(tuple(deck[seat::n]) for seat in range(n)), Rng(after))
    if isinstance(stacks, str) or not isinstance(stacks, Sequence):
        raise RulesError(
            f"stacks must be a sequence of stacks, one per seat, not {_short(stacks)}"
        )
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
