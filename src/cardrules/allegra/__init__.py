"""
Allegra: a Golf relative for 2 to 6 players with shared columns (rules AL-1..AL-14 of the
Allegra docs page).

- **AL-1** 120 cards valued -1..11 (``Rules.deck`` holds the counts).
- **AL-2** 2 to 6 players.
- **AL-3** Each seat owns a 3x4 grid; its *area* is 3x5: column 3 of the left neighbour
  (seat + 1) and its own four columns. Places are named by :class:`Slot` in the owner's
  grid; :func:`area` lists a seat's 15 places.
- **AL-4** Deal 12 face-down cards each, one card to the discard pile, the rest is the
  deck; each player turns up two face-down cards of their area (:class:`Reveal`).
- **AL-5** Round r starts with seat (r-1) mod n.
- **AL-6** A turn: :class:`Draw` then :class:`Swap` or :class:`Discard` (turning up a
  face-down card), or :class:`Take` the top discard onto a place.
- **AL-7** With 3+ players the others may :class:`Knock` or :class:`Pass` after a draw;
  the drawer may :class:`Ignore` them or :class:`Give` the card, and an exchange follows
  (:class:`Place`, :class:`Exchange`, then the knocker's card in hand fills the gap).
- **AL-8** Three or more equal face-up cards adjacent in an area row, or filling an area
  column, leave the round, all lines at once; removed places stay empty.
- **AL-9** A player whose area has no face-down card at the end of their turn ends the
  round; everyone else has one more turn.
- **AL-10** Scores are area sums (shared columns count for both); the ender is doubled if
  positive and not strictly lowest.
- **AL-11** An empty deck is rebuilt from the discard pile but its top card.
- **AL-12** Three rounds; the lowest total wins.
- **AL-13** A round is cut after ``Rules.max_turns_per_round`` turns.
- **AL-14** Views hide face-down cards, the deck order and others' cards in hand.

>>> from cardrules import Rng, allegra
>>> state = allegra.new_game(allegra.Rules(players=3), seed=2)
>>> rng = Rng(5)
>>> while not allegra.is_over(state):
...     moves = allegra.legal_moves(state)
...     pick, rng = rng.below(len(moves))
...     state = allegra.apply(state, moves[pick])
>>> state.scores
((69, 57, 124), (80, 39, 87), (43, 86, 134))
>>> allegra.outcome(state)
Outcome(scores=(192, 182, 345), winners=frozenset({1}), reason='normal', cut_rounds=())
"""

from __future__ import annotations

from cardrules.allegra._actions import actions, max_moves, returns, utility_bounds
from cardrules.allegra._cases import RULE_CASES as _RULE_CASES
from cardrules.allegra._cases import known_starts as _known_starts
from cardrules.allegra._cases import smaller_rules as _smaller_rules
from cardrules.allegra._checks import check_state, check_view
from cardrules.allegra._deal import new_game
from cardrules.allegra._event_types import EVENT_TYPES as _EVENT_TYPES
from cardrules.allegra._event_types import RULE_IDS as _RULE_IDS
from cardrules.allegra._event_types import (
    DeckRebuilt,
    Discarded,
    Drew,
    Event,
    Exchanged,
    GameOver,
    Given,
    Ignored,
    Knocked,
    Passed,
    Placed,
    Revealed,
    RoundCut,
    RoundEnding,
    RoundScored,
    RoundStarted,
    Swapped,
    Took,
    TripleRemoved,
)
from cardrules.allegra._events import events, render_event
from cardrules.allegra._geometry import area, areas_of
from cardrules.allegra._greedy import heuristic as _heuristic
from cardrules.allegra._notation import format_state, format_view, parse_state, parse_view
from cardrules.allegra._notation import smaller as _smaller
from cardrules.allegra._observe import SPLIT as _SPLIT
from cardrules.allegra._observe import observation
from cardrules.allegra._play import apply, is_over, legal_moves, outcome, players, to_move
from cardrules.allegra._state import (
    CARD_VALUES,
    DEFAULT_DECK,
    MAX_CARDS,
    MAX_COPIES,
    MAX_ROUNDS,
    MAX_TURNS_PER_ROUND,
    Discard,
    Draw,
    Exchange,
    Give,
    Ignore,
    Knock,
    Layout,
    Move,
    Pass,
    Phase,
    Place,
    Reveal,
    Rules,
    Slot,
    State,
    Swap,
    Take,
    View,
)
from cardrules.allegra._svg import render_svg as _render_svg
from cardrules.allegra._text import RULES_TEXT as _RULES_TEXT
from cardrules.allegra._text import render_move as _render_move
from cardrules.allegra._text import render_view as _render_view
from cardrules.allegra._upgrade import UPGRADES as _UPGRADES
from cardrules.allegra._view import redeal_hidden, view
from cardrules.game import GameSpec as _GameSpec
from cardrules.game import Notation as _Notation

__all__ = [
    "CARD_VALUES",
    "DEFAULT_DECK",
    "GAME",
    "MAX_CARDS",
    "MAX_COPIES",
    "MAX_ROUNDS",
    "MAX_TURNS_PER_ROUND",
    "DeckRebuilt",
    "Discard",
    "Discarded",
    "Draw",
    "Drew",
    "Event",
    "Exchange",
    "Exchanged",
    "GameOver",
    "Give",
    "Given",
    "Ignore",
    "Ignored",
    "Knock",
    "Knocked",
    "Layout",
    "Move",
    "Pass",
    "Passed",
    "Phase",
    "Place",
    "Placed",
    "Reveal",
    "Revealed",
    "RoundCut",
    "RoundEnding",
    "RoundScored",
    "RoundStarted",
    "Rules",
    "Slot",
    "State",
    "Swap",
    "Swapped",
    "Take",
    "Took",
    "TripleRemoved",
    "View",
    "actions",
    "apply",
    "area",
    "areas_of",
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
    "render_event",
    "returns",
    "to_move",
    "utility_bounds",
    "view",
]

GAME = _GameSpec(
    name="allegra",
    rules_version=1,
    Rules=Rules,
    State=State,
    View=View,
    move_types=(Reveal, Draw, Take, Swap, Discard, Knock, Pass, Ignore, Give, Place, Exchange),
    new_game=new_game,
    legal_moves=legal_moves,
    apply=apply,
    to_move=to_move,
    is_over=is_over,
    outcome=outcome,
    players=players,
    view=view,
    check_state=check_state,
    check_view=check_view,
    redeal_hidden=redeal_hidden,
    render_view=_render_view,
    render_move=_render_move,
    rules_text=_RULES_TEXT,
    milestones=(RoundScored, GameOver),
    heuristic=_heuristic,
    events=events,
    render_event=render_event,
    render_svg=_render_svg,
    event_types=_EVENT_TYPES,
    rule_ids=_RULE_IDS,
    rule_cases=_RULE_CASES,
    format_version=3,
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
    lower_score_wins=True,
)
"""The Allegra :class:`~cardrules.Game` object (registry name ``"allegra"``)."""
