"""
Crazy Eights by the rules of OpenSpiel's ``crazy_eights``, with its default options
(no special cards, no reshuffle): the same game on cardrules and on OpenSpiel, move for
move, so that their speeds can be compared like for like.

The rules:

- CE-1: a deck of 52 cards, ranks 2 to ace and suits C, D, H, S. A card is an int
  ``4 * rank + suit`` (rank 0 is the 2, 6 the 8, 12 the ace; suit 0 is clubs): the
  number OpenSpiel gives it.
- CE-2: 2 to 5 players (``Rules.players``, default 5). A random seat deals; each seat
  gets 5 cards (7 with two players), one at a time, starting at the dealer's left
  (seat ``dealer + 1``). The rest is the stock, face down and in no order: every card
  dealt or drawn is drawn at random from all those left (with the game's ``Rng``).
- CE-3: a card of the stock is turned up to start the discard pile; an 8 is put back
  and another turned. The suit to follow is the top card's.
- CE-4: the dealer's left starts and play goes round by seat number. A seat plays a
  card of the suit to follow or of the top card's rank, or an 8 at any time.
- CE-5: after an 8 the same seat names the suit to follow, as a move of its own,
  unless that 8 ended the game.
- CE-6: instead of playing, a seat may draw a card from the stock, whether it can play
  or not, and then play or draw again, up to ``Rules.max_draw_cards`` cards (default
  5) in one turn. Drawing the last card of the stock counts as the last draw allowed.
- CE-7: a seat that drew as many cards as allowed, or that faces an empty stock, may
  pass. The stock is never made again from the discard pile.
- CE-8: the game ends when a seat plays its last card, when ``Rules.max_turns`` cards
  (default 100) have been played, or at the ``players + 1``-th pass in a row made with
  an empty stock.
- CE-9: each seat then scores minus the penalty of the cards it holds: 50 for an 8, 10
  for a jack, queen, king or ace, and for the other cards the card's number plus 2
  (OpenSpiel's formula). The seats with the highest score win.
- CE-10: a seat sees its own hand, the number of cards in every hand and in the stock,
  the discard pile, the suit to follow, the dealer, the seat to move, the draws of the
  turn and the passes counted; a drawn card is seen by its drawer only.

>>> state = new_game(Rules(players=4), seed=4)
>>> while not is_over(state):
...     state = apply(state, legal_moves(state)[0])
>>> outcome(state).reason
'normal'
"""

from __future__ import annotations

from cardrules import GameSpec
from crazy_eights._play import (
    DRAW_ACTION,
    NAME_ACTION,
    PASS_ACTION,
    action_of,
    apply,
    check_state,
    check_view,
    is_over,
    legal_moves,
    move_of,
    new_game,
    outcome,
    players,
    redeal_hidden,
    to_move,
    view,
)
from crazy_eights._state import (
    CARDS,
    DECK,
    EIGHT,
    RANK_NAMES,
    SUIT_NAMES,
    Draw,
    Move,
    Name,
    Pass,
    Play,
    Rules,
    State,
    View,
    card_name,
)

__all__ = [
    "CARDS",
    "DECK",
    "DRAW_ACTION",
    "EIGHT",
    "GAME",
    "NAME_ACTION",
    "PASS_ACTION",
    "RANK_NAMES",
    "SUIT_NAMES",
    "Draw",
    "Move",
    "Name",
    "Pass",
    "Play",
    "Rules",
    "State",
    "View",
    "action_of",
    "apply",
    "card_name",
    "check_state",
    "check_view",
    "is_over",
    "legal_moves",
    "move_of",
    "new_game",
    "outcome",
    "players",
    "redeal_hidden",
    "render_move",
    "to_move",
    "view",
]


def render_move(move: Move) -> str:
    """
    A move as short text.

    >>> render_move(Name(1))
    'name D'
    """
    return str(move)


GAME: GameSpec[State, Move, View, Rules] = GameSpec(
    name="crazy_eights",
    rules_version=1,
    Rules=Rules,
    State=State,
    View=View,
    move_types=(Play, Draw, Pass, Name),
    new_game=new_game,
    legal_moves=legal_moves,
    apply=apply,
    to_move=to_move,
    is_over=is_over,
    outcome=outcome,
    view=view,
    players=players,
    check_state=check_state,
    check_view=check_view,
    redeal_hidden=redeal_hidden,
    rule_ids=tuple(f"CE-{n}" for n in range(1, 11)),
    render_move=render_move,
)
"""The game, ready for ``cardrules.register_game`` or an entry point."""
