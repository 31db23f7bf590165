"""
Toy Eights: a small Crazy Eights for 2 to 4 players, written only against the public
API of cardrules, to prove that a game plugs in from outside.

The rules:

- TOY-1: 32 cards, ranks 1 to 8 in the suits C, D, H and S.
- TOY-2: 2 to 4 players (``Rules.players``, default 2). The deck is shuffled with
  ``Rng(seed)``; each seat in turn gets ``Rules.hand_size`` cards (default 5), the next
  card starts the discard pile face up, and the rest is the stock.
- TOY-3: seat 0 starts and play goes round by seat number. A player plays a card of
  the suit to follow or of the top card's rank.
- TOY-4: an 8 can always be played; its player names the suit to follow.
- TOY-5: a player who cannot play draws the top card of the stock, and the turn passes.
  When the stock is empty, the discard pile but its top card is shuffled with the
  game's generator into a new stock.
- TOY-6: a player who can neither play nor draw passes.
- TOY-7: a player who plays their last card wins; the scores are the cards left in
  each hand.
- TOY-8: a seat sees its own hand, the number of cards in every hand, the top card,
  the suit to follow and the sizes of the stock and the discard pile; a drawn card is
  shown to its drawer only.

>>> import cardrules
>>> state = new_game(Rules(players=3), seed=4)
>>> while not is_over(state):
...     state = apply(state, legal_moves(state)[0])
>>> outcome(state).reason
'normal'
"""

from __future__ import annotations

from cardrules import GameSpec
from toygame._play import (
    apply,
    check_state,
    check_view,
    is_over,
    legal_moves,
    new_game,
    outcome,
    players,
    redeal_hidden,
    to_move,
    view,
)
from toygame._state import (
    DECK,
    SUITS,
    Card,
    Draw,
    Drew,
    Ended,
    Move,
    Pass,
    Passed,
    Play,
    Played,
    Reshuffled,
    Rules,
    State,
    View,
)
from toygame._text import Event, events, heuristic, render_event, render_move, render_view

__all__ = [
    "DECK",
    "GAME",
    "SUITS",
    "Card",
    "Draw",
    "Drew",
    "Ended",
    "Event",
    "Move",
    "Pass",
    "Passed",
    "Play",
    "Played",
    "Reshuffled",
    "Rules",
    "State",
    "View",
    "apply",
    "check_state",
    "check_view",
    "events",
    "heuristic",
    "is_over",
    "legal_moves",
    "new_game",
    "outcome",
    "players",
    "redeal_hidden",
    "render_event",
    "render_move",
    "render_view",
    "to_move",
    "view",
]

GAME: GameSpec[State, Move, View, Rules] = GameSpec(
    name="toy",
    rules_version=1,
    Rules=Rules,
    State=State,
    View=View,
    move_types=(Play, Draw, Pass),
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
    # The optional members: everything the core needs to know of the game.
    value_types=(Card,),
    rule_ids=tuple(f"TOY-{n}" for n in range(1, 9)),
    render_view=render_view,
    render_move=render_move,
    events=events,
    render_event=render_event,
    event_types=(Played, Drew, Reshuffled, Passed, Ended),
    heuristic=heuristic,
)
"""The toy game, ready for ``cardrules.register_game`` or an entry point."""
