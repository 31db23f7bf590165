"""
Biggenbende (Richard Borg's *Pig Pile*): the shedding game of the rules BB-1 to
BB-21 on the Biggenbende docs page.

80 cards: six of each value 1..12 and eight jokers (BB-1); 3 to 6 players (BB-2); a
supply of 40 chips (BB-3). Each round every player gets three face-down cards and
seven in hand, and lays three of those face up, the choices hidden until all have
chosen (BB-4). Round r starts with seat (r - 1) mod n, clockwise (BB-5).

A play is one or more cards of one value (or jokers) on the discard pile, equal to
or higher than its top card; jokers go on anything and anything on a joker (BB-6).
Cards come from the hand, then the face-up cards, then one face-down card at a time
played blind (BB-7, BB-10, BB-11); a play from the hand is followed by a draw (BB-8).
A player with no legal play must pick up the pile (BB-9). Three identical cards on
top (BB-12) or any 8 (BB-13) remove the pile and the player plays again (BB-16); 4s
skip the next player (BB-14); 11s reverse the direction (BB-15). Players go out in
order and the round ends when the second one does (BB-17); it pays 3, 2, then 1
chip, 0 to those with the most cards left (BB-18). The match lasts five rounds or
until the supply runs out (BB-19); a round is cut after ``max_turns_per_round``
moves (BB-20). :func:`view` shows what a seat may know (BB-21), and :func:`events`
what a seat saw happen in a move, as data (:data:`Event`) or as text
(:func:`render_event`).

Cards are values: ``JOKER == 0`` and 1..12. Sets of cards are *count tuples*
indexed by value; piles are tuples of values with the top card last.

>>> from cardrules import biggenbende as bb
>>> state = bb.new_game(bb.Rules(players=4), seed=7)
>>> while not bb.is_over(state):
...     state = bb.apply(state, bb.legal_moves(state)[0])
>>> bb.outcome(state).reason
'normal'
"""

from __future__ import annotations

from cardrules.biggenbende._actions import actions, max_moves, returns, utility_bounds
from cardrules.biggenbende._cases import RULE_CASES as _RULE_CASES
from cardrules.biggenbende._cases import known_starts as _known_starts
from cardrules.biggenbende._cases import smaller_rules as _smaller_rules
from cardrules.biggenbende._checks import check_state, check_view
from cardrules.biggenbende._deal import new_game
from cardrules.biggenbende._events import (
    EVENT_TYPES as _EVENT_TYPES,
)
from cardrules.biggenbende._events import (
    Burned,
    Drew,
    Event,
    FaceDownTurned,
    FaceUpChosen,
    FaceUpShown,
    MatchEnded,
    PileTaken,
    Played,
    PlaysAgain,
    Reversed,
    RoundCut,
    RoundEnded,
    RoundStarted,
    Skipped,
    WentOut,
    events,
    render_event,
)
from cardrules.biggenbende._greedy import heuristic as _heuristic
from cardrules.biggenbende._notation import format_state, format_view, parse_state, parse_view
from cardrules.biggenbende._notation import smaller as _smaller
from cardrules.biggenbende._observe import SPLIT as _SPLIT
from cardrules.biggenbende._observe import observation
from cardrules.biggenbende._play import (
    apply,
    is_over,
    legal_moves,
    outcome,
    players,
    to_move,
)
from cardrules.biggenbende._recall import redeal_seen
from cardrules.biggenbende._state import (
    JOKER,
    ChooseFaceUp,
    Deal,
    Move,
    PickUp,
    Play,
    Rules,
    State,
    TurnFaceDown,
    View,
)
from cardrules.biggenbende._state import (
    RULE_IDS as _RULE_IDS,
)
from cardrules.biggenbende._svg import render_svg as _render_svg
from cardrules.biggenbende._text import RULES_TEXT as _RULES_TEXT
from cardrules.biggenbende._text import render_move as _render_move
from cardrules.biggenbende._text import render_view as _render_view
from cardrules.biggenbende._upgrade import UPGRADES as _UPGRADES
from cardrules.biggenbende._view import redeal_hidden, view
from cardrules.game import GameSpec as _GameSpec
from cardrules.game import Notation as _Notation

__all__ = [
    "Burned",
    "ChooseFaceUp",
    "Deal",
    "Drew",
    "Event",
    "FaceDownTurned",
    "FaceUpChosen",
    "FaceUpShown",
    "GAME",
    "JOKER",
    "MatchEnded",
    "Move",
    "PickUp",
    "PileTaken",
    "Play",
    "Played",
    "PlaysAgain",
    "Reversed",
    "RoundCut",
    "RoundEnded",
    "RoundStarted",
    "Rules",
    "Skipped",
    "State",
    "TurnFaceDown",
    "View",
    "WentOut",
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
    "observation",
    "outcome",
    "parse_state",
    "parse_view",
    "players",
    "redeal_hidden",
    "redeal_seen",
    "render_event",
    "returns",
    "to_move",
    "utility_bounds",
    "view",
]

GAME = _GameSpec(
    name="biggenbende",
    rules_version=1,
    Rules=Rules,
    State=State,
    View=View,
    move_types=(ChooseFaceUp, Play, PickUp, TurnFaceDown),
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
    redeal_seen=redeal_seen,
    render_view=_render_view,
    render_move=_render_move,
    rules_text=_RULES_TEXT,
    milestones=(RoundEnded, MatchEnded),
    heuristic=_heuristic,
    rule_ids=_RULE_IDS,
    rule_cases=_RULE_CASES,
    events=events,
    render_event=render_event,
    render_svg=_render_svg,
    event_types=_EVENT_TYPES,
    format_version=2,
    upgrades=_UPGRADES,
    notation=_Notation(
        format_state=format_state,
        parse_state=parse_state,
        format_view=format_view,
        parse_view=parse_view,
    ),
    smaller=_smaller,
    smaller_rules=_smaller_rules,
    known_starts=_known_starts,
    actions=actions,
    observation=observation,
    observation_split=_SPLIT,
    returns=returns,
    utility_bounds=utility_bounds,
    max_moves=max_moves,
)
"""The Biggenbende :class:`~cardrules.Game` object, as registered."""
