"""
The action numbering of Beggar-my-neighbour (``actions``: one action, ``Turn()``) and
its returns, utility bounds and longest game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from cardrules import _fastobs
from cardrules.beggar._play import legal_moves
from cardrules.beggar._state import DECK, Rules, State, Turn, _card_limit
from cardrules.errors import CardrulesError, RulesError
from cardrules.game import ActionSpace

__all__ = ["actions", "max_moves", "returns", "utility_bounds"]

_TURN: Final = Turn()


def _encode(move: Turn) -> int:
    if type(move) is not Turn:
        raise CardrulesError(f"{move!r} is no Beggar-my-neighbour action")
    return 0


def _decode(action: int) -> Turn:
    if type(action) is not int or action != 0:
        raise CardrulesError(f"the only Beggar-my-neighbour action is 0, not {action!r}")
    return _TURN


_SPACE: Final = ActionSpace(size=1, encode=_encode, decode=_decode)


def actions(rules: Rules) -> ActionSpace[Turn]:
    """
    The action numbering: one action, ``0``, for the only move ``Turn()`` (BM-4).

    Raises:
        RulesError: if ``rules`` is not a Beggar-my-neighbour ``Rules``.

    >>> from cardrules import beggar
    >>> space = beggar.actions(beggar.Rules())
    >>> space.size, space.encode(beggar.Turn()), space.decode(0)
    (1, 0, Turn())
    """
    if type(rules) is not Rules:
        raise RulesError(f"expected a Beggar-my-neighbour Rules, not {rules!r}")
    return _SPACE


def returns(state: State) -> tuple[tuple[int, ...], ...]:
    """
    The game as one round: ``()`` while it goes on, then one tuple of the cards each
    seat holds at the end (the scores of the outcome, BM-7 to BM-10).

    >>> from cardrules import beggar
    >>> beggar.returns(beggar.new_game(seed=1))
    ()
    """
    if state.ended is None:
        return ()
    return (tuple(len(stack) for stack in state.stacks),)


def utility_bounds(rules: Rules) -> tuple[int, int]:
    """
    The fewest and most cards a seat can end with: 0 and the whole deck, 52.

    >>> from cardrules import beggar
    >>> beggar.utility_bounds(beggar.Rules())
    (0, 52)
    """
    return 0, len(DECK)


def max_moves(rules: Rules) -> int:
    """
    No game under ``rules`` lasts more moves than this: ``max_cards`` (each move turns
    one card, BM-10). Without an agreed limit (``None``) a game still ends at the
    ceiling of 100,000 turned cards (see the docs page's "Limits").

    >>> from cardrules import beggar
    >>> beggar.max_moves(beggar.Rules(max_cards=500))
    500
    """
    return _card_limit(rules)


_ONLY_ACTION: Final = b"\x01"


def _mask_maker(rules: Rules) -> Callable[[State], bytes | None]:
    # The action mask of a state (the adapters' fast path, see cardrules._fastobs): the
    # one action is legal until the game ends (BM-7, BM-9, BM-10); over, the plain path
    # gives the empty mask. Always the same bytes, which the adapters know by identity.
    # tests/test_rl.py compares the two on random states.

    def mask(state: State) -> bytes | None:
        return _ONLY_ACTION if state.ended is None else None

    return mask


_fastobs.register_mask(legal_moves, actions, _mask_maker)
