"""
``new_state``: Biggenbende's ``State`` built from every field in order, for the hot
path; re-exported by ``_state``. A module of its own, without attrs classes, so that
the compiled build (``hatch_build.py``) can compile it.
"""

from __future__ import annotations

from typing import Any, Final

from cardrules._rng import Rng
from cardrules.biggenbende._state import Phase, Rules, State

# The hot path builds each new State here: a slotted frozen class's generated __init__
# sets every field through ``object.__setattr__``; setting the slots directly through
# their descriptors is faster, and gives the same State (no validators to skip).
_MEMBER: Final[dict[str, Any]] = dict(vars(State))
_SET_RULES = _MEMBER["rules"].__set__
_SET_RNG = _MEMBER["rng"].__set__
_SET_ROUND = _MEMBER["round"].__set__
_SET_STARTER = _MEMBER["starter"].__set__
_SET_PHASE = _MEMBER["phase"].__set__
_SET_TURN = _MEMBER["turn"].__set__
_SET_DIRECTION = _MEMBER["direction"].__set__
_SET_HANDS = _MEMBER["hands"].__set__
_SET_FACE_UP = _MEMBER["face_up"].__set__
_SET_FACE_DOWN = _MEMBER["face_down"].__set__
_SET_DRAW = _MEMBER["draw"].__set__
_SET_DISCARD = _MEMBER["discard"].__set__
_SET_REMOVED = _MEMBER["removed"].__set__
_SET_PLACES = _MEMBER["places"].__set__
_SET_MOVES = _MEMBER["moves"].__set__
_SET_CHIPS = _MEMBER["chips"].__set__
_SET_SUPPLY = _MEMBER["supply"].__set__
_SET_CUT_ROUNDS = _MEMBER["cut_rounds"].__set__
_NEW = object.__new__


def new_state(
    rules: Rules,
    rng: Rng,
    round: int,
    starter: int,
    phase: Phase,
    turn: int | None,
    direction: int,
    hands: tuple[tuple[int, ...], ...],
    face_up: tuple[tuple[int, ...], ...],
    face_down: tuple[tuple[int | None, ...], ...],
    draw: tuple[int, ...],
    discard: tuple[int, ...],
    removed: tuple[int, ...],
    places: tuple[int, ...],
    moves: int,
    chips: tuple[int, ...],
    supply: int,
    cut_rounds: tuple[int, ...],
) -> State:
    """``State(...)`` with every field given in order, made faster (the hot path)."""
    state: State = _NEW(State)
    _SET_RULES(state, rules)
    _SET_RNG(state, rng)
    _SET_ROUND(state, round)
    _SET_STARTER(state, starter)
    _SET_PHASE(state, phase)
    _SET_TURN(state, turn)
    _SET_DIRECTION(state, direction)
    _SET_HANDS(state, hands)
    _SET_FACE_UP(state, face_up)
    _SET_FACE_DOWN(state, face_down)
    _SET_DRAW(state, draw)
    _SET_DISCARD(state, discard)
    _SET_REMOVED(state, removed)
    _SET_PLACES(state, places)
    _SET_MOVES(state, moves)
    _SET_CHIPS(state, chips)
    _SET_SUPPLY(state, supply)
    _SET_CUT_ROUNDS(state, cut_rounds)
    return state
