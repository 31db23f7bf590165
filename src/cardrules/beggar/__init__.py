"""
Beggar-my-neighbour: a game with no decisions, for exact replay and records.

The rules, BM-1 to BM-10 (see the Beggar-my-neighbour docs page):

- BM-1: a 52-card deck; A, K, Q, J are penalty cards demanding 4, 3, 2, 1 cards.
- BM-2: 2 to 4 players.
- BM-3: the shuffled deck is dealt one card at a time from seat 0; or the game
  starts from given stacks, also in the notation of the literature.
- BM-4: seat 0 turns first; a number card with no payment owed passes the turn.
- BM-5: after a penalty card the next player pays up to its demand; a new
  penalty card passes the debt on; a payment of number cards only gives the
  pile to the player who laid the last penalty card, who leads next.
- BM-6: the taken pile goes under the taker's stack in the order it was laid.
- BM-7: a player is out when they must turn a card and have none; when one
  player alone has cards, they take the pile and win.
- BM-8: ``cards`` counts turned cards and ``tricks`` taken piles.
- BM-9: a repeated trick-start position ends the game as endless.
- BM-10: ``Rules.max_cards`` ends the game after that many turned cards.

Beyond the common game API: ``new_game(rules, stacks=...)`` deals given stacks
(``Card`` lists or the notation), ``play_out`` runs a game to its end fast and
reports an endless game's cycle, ``notation`` writes stacks in the notation, and
``RECORD_GAMES`` holds the published record deals.

>>> from cardrules import beggar
>>> state = beggar.new_game(seed=42)
>>> while not beggar.is_over(state):
...     state = beggar.apply(state, beggar.legal_moves(state)[0])
>>> beggar.outcome(state).reason
'normal'
"""

from __future__ import annotations

from cardrules.beggar._actions import actions, max_moves, returns, utility_bounds
from cardrules.beggar._cases import arranged_deal as _arranged_deal
from cardrules.beggar._cases import known_starts as _known_starts
from cardrules.beggar._cases import smaller_rules as _smaller_rules
from cardrules.beggar._checks import check_state, check_view
from cardrules.beggar._cli import COMMAND as _COMMAND
from cardrules.beggar._deal import new_game, notation
from cardrules.beggar._events import (
    _EVENT_TYPES,
    CardTurned,
    Event,
    GameEnded,
    PenaltyStarted,
    SeatOut,
    TrickTaken,
    events,
    render_event,
)
from cardrules.beggar._fast import play_out
from cardrules.beggar._notation import format_state, format_view, parse_state, parse_view
from cardrules.beggar._notation import smaller as _smaller
from cardrules.beggar._observe import SPLIT as _SPLIT
from cardrules.beggar._observe import observation
from cardrules.beggar._play import apply, is_over, legal_moves, outcome, players, to_move
from cardrules.beggar._records import RECORD_GAMES, RecordGame
from cardrules.beggar._state import (
    _RULE_IDS,
    DECK,
    RANKS,
    SUITS,
    Card,
    Cycle,
    Move,
    PlayOut,
    Rules,
    State,
    Turn,
    View,
)
from cardrules.beggar._svg import render_svg as _render_svg
from cardrules.beggar._text import RULES_TEXT as _RULES_TEXT
from cardrules.beggar._text import render_move as _render_move
from cardrules.beggar._text import render_view as _render_view
from cardrules.beggar._upgrade import UPGRADES as _UPGRADES
from cardrules.beggar._view import redeal_hidden, view
from cardrules.game import GameSpec as _GameSpec
from cardrules.game import Notation as _Notation

__all__ = [
    "DECK",
    "GAME",
    "RANKS",
    "RECORD_GAMES",
    "SUITS",
    "Card",
    "CardTurned",
    "Cycle",
    "Event",
    "GameEnded",
    "Move",
    "PenaltyStarted",
    "PlayOut",
    "RecordGame",
    "Rules",
    "SeatOut",
    "State",
    "TrickTaken",
    "Turn",
    "View",
    "actions",
    "apply",
    "check_state",
    "check_view",
    "events",
    "format_state",
    "format_view",
    "is_over",
    "legal_moves",
    "max_moves",
    "new_game",
    "notation",
    "observation",
    "outcome",
    "parse_state",
    "parse_view",
    "play_out",
    "players",
    "redeal_hidden",
    "render_event",
    "returns",
    "to_move",
    "utility_bounds",
    "view",
]

GAME = _GameSpec(
    name="beggar",
    rules_version=1,
    format_version=2,
    upgrades=_UPGRADES,
    Rules=Rules,
    State=State,
    View=View,
    move_types=(Turn,),
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
    events=events,
    render_event=render_event,
    render_svg=_render_svg,
    event_types=_EVENT_TYPES,
    rule_ids=_RULE_IDS,
    value_types=(Cycle, PlayOut),
    render_view=_render_view,
    render_move=_render_move,
    rules_text=_RULES_TEXT,
    milestones=(TrickTaken, SeatOut, GameEnded),
    commands=(_COMMAND,),
    notation=_Notation(
        format_state=format_state,
        parse_state=parse_state,
        format_view=format_view,
        parse_view=parse_view,
    ),
    smaller=_smaller,
    smaller_rules=_smaller_rules,
    known_starts=_known_starts,
    arranged_deal=_arranged_deal,
    actions=actions,
    observation=observation,
    observation_split=_SPLIT,
    returns=returns,
    utility_bounds=utility_bounds,
    max_moves=max_moves,
)
"""The :class:`cardrules.Game` object of Beggar-my-neighbour."""
