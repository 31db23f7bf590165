"""
This game and OpenSpiel's ``crazy_eights``, played in lockstep: the proof that they are
the same game.

:func:`play_in_lockstep` deals a game here, hands OpenSpiel the same deal through its
chance nodes (the dealer, each card dealt, the card turned up), then plays both with the
same moves, feeding OpenSpiel the card that each draw took here. Before every move it
compares the seat to move and the legal moves, in order, with OpenSpiel's legal action
ids; after every draw, the stock with OpenSpiel's chance outcomes; at the end, the scores
with OpenSpiel's returns. Needs ``pyspiel`` (``pip install open_spiel``).

>>> import random
>>> from crazy_eights import Rules
>>> outcome = play_in_lockstep(Rules(players=4), seed=3, choose=random.Random(3).choice)
>>> outcome.reason in ("normal", "turn_limit", "blocked")
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from cardrules import Outcome
from crazy_eights._play import (
    NAME_ACTION,
    action_of,
    apply,
    is_over,
    legal_moves,
    new_game,
    outcome,
)
from crazy_eights._state import Draw, Move, Rules, State

__all__ = ["Disagreement", "openspiel_game", "play_in_lockstep"]

_DEALER_ACTION = 52
"""OpenSpiel's first chance node: ``52 + seat`` makes ``seat`` the dealer."""


class Disagreement(AssertionError):
    """The two engines differ: the message says where and how."""


def openspiel_game(rules: Rules) -> Any:
    """
    ``pyspiel.load_game("crazy_eights", ...)`` with the options of ``rules``.

    >>> openspiel_game(Rules(players=4)).num_players()
    4
    """
    pyspiel = importlib.import_module("pyspiel")  # open_spiel: untyped
    options = {
        "players": rules.players,
        "max_draw_cards": rules.max_draw_cards,
        "max_turns": rules.max_turns,
    }
    game = pyspiel.load_game("crazy_eights", options)
    if game.num_distinct_actions() != NAME_ACTION + 4:
        raise Disagreement(f"OpenSpiel's crazy_eights has {game.num_distinct_actions()} actions")
    return game


def _deal(state: State, theirs: Any) -> None:
    """Give OpenSpiel's initial state the deal of ``state``, through its chance nodes."""
    rules = state.rules
    n = rules.players
    theirs.apply_action(_DEALER_ACTION + state.dealer)
    for i in range(n * rules.hand_size):  # CE-2: one card at a time from the dealer's left
        theirs.apply_action(state.hands[(state.dealer + 1 + i) % n][i // n])
    theirs.apply_action(state.discard[0])  # CE-3: the card turned up


def play_in_lockstep(
    rules: Rules,
    *,
    seed: int,
    choose: Callable[[Sequence[Move]], Move],
    game: Any = None,
) -> Outcome:
    """
    Play the game of ``seed`` here and on OpenSpiel with the moves ``choose`` picks from
    the legal ones; raise :class:`Disagreement` at the first difference. ``game`` is
    OpenSpiel's game for ``rules`` (made with :func:`openspiel_game` when ``None``).
    """
    game = openspiel_game(rules) if game is None else game
    state = new_game(rules, seed=seed)
    theirs = game.new_initial_state()
    _deal(state, theirs)
    done = 0
    while not is_over(state):
        where = f"seed {seed}, move {done}"
        if theirs.is_terminal() or theirs.current_player() != state.current:
            raise Disagreement(f"{where}: OpenSpiel's seat to move is {theirs.current_player()}")
        moves = legal_moves(state)
        ours = [action_of(move) for move in moves]
        if theirs.legal_actions() != ours:
            raise Disagreement(f"{where}: legal {ours} here, {theirs.legal_actions()} there")
        move = choose(moves)
        after = apply(state, move)
        theirs.apply_action(action_of(move))
        if isinstance(move, Draw):
            stock = sorted(action for action, _ in theirs.chance_outcomes())
            if stock != list(state.stock):
                raise Disagreement(f"{where}: the stock is {stock} there")
            seat = state.current
            (card,) = set(after.hands[seat]) - set(state.hands[seat])
            theirs.apply_action(card)
        state = after
        done += 1
    result = outcome(state)
    assert result is not None
    if not theirs.is_terminal() or theirs.returns() != [float(s) for s in result.scores]:
        raise Disagreement(f"seed {seed}: scores {result.scores} here, {theirs.returns()} there")
    return result
