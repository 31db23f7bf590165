"""
The positional constructors of Allegra's ``State`` for the hot path (``_state`` and
``_between_turns``), re-exported by ``_state``. A module of its own, without attrs
classes, so that the compiled build (``hatch_build.py``) can compile it.
"""

from __future__ import annotations

import attrs

from cardrules._rng import Rng
from cardrules.allegra._state import Phase, Rules, Slot, State

# ``State`` has no validator, converter or ``__attrs_post_init__``: its ``__init__`` only
# stores the 24 fields. Called with 23 keyword arguments it costs about as much as the
# rest of a move, most of it in matching the keywords, so the hot path builds states
# with ``_state`` below: positional, and storing each field through its slot directly.
# tests/allegra/test_fast_state.py checks that it gives exactly what ``State(...)``
# gives and that ``State`` still has nothing ``_state`` would skip.
_new = object.__new__
(
    _s_rules,
    _s_rng,
    _s_round,
    _s_phase,
    _s_current,
    _s_reveals_left,
    _s_cards,
    _s_face_up,
    _s_deck,
    _s_discard,
    _s_removed,
    _s_drawn,
    _s_knock_queue,
    _s_knockers,
    _s_passers,
    _s_receiver,
    _s_placed,
    _s_hand,
    _s_ender,
    _s_last_turns,
    _s_turns,
    _s_scores,
    _s_cut_rounds,
    _s_deck_public,
) = (State.__dict__[field.name].__set__ for field in attrs.fields(State))


def _state(
    rules: Rules,
    rng: Rng,
    round: int,
    phase: Phase,
    current: int,
    reveals_left: int,
    cards: tuple[int | None, ...],
    face_up: tuple[bool, ...],
    deck: tuple[int, ...],
    discard: tuple[int, ...],
    removed: tuple[int, ...],
    drawn: int | None,
    knock_queue: tuple[int, ...],
    knockers: tuple[int, ...],
    passers: tuple[int, ...],
    receiver: int | None,
    placed: Slot | None,
    hand: int | None,
    ender: int | None,
    last_turns: int,
    turns: int,
    scores: tuple[tuple[int, ...], ...],
    cut_rounds: tuple[int, ...],
    deck_public: bool,
) -> State:
    """``State(...)`` with every field given by position, in field order: the same
    object, built without the cost of 24 keyword arguments (for the hot path)."""
    state: State = _new(State)
    _s_rules(state, rules)
    _s_rng(state, rng)
    _s_round(state, round)
    _s_phase(state, phase)
    _s_current(state, current)
    _s_reveals_left(state, reveals_left)
    _s_cards(state, cards)
    _s_face_up(state, face_up)
    _s_deck(state, deck)
    _s_discard(state, discard)
    _s_removed(state, removed)
    _s_drawn(state, drawn)
    _s_knock_queue(state, knock_queue)
    _s_knockers(state, knockers)
    _s_passers(state, passers)
    _s_receiver(state, receiver)
    _s_placed(state, placed)
    _s_hand(state, hand)
    _s_ender(state, ender)
    _s_last_turns(state, last_turns)
    _s_turns(state, turns)
    _s_scores(state, scores)
    _s_cut_rounds(state, cut_rounds)
    _s_deck_public(state, deck_public)
    return state


def _between_turns(
    rules: Rules,
    rng: Rng,
    round: int,
    phase: Phase,
    current: int,
    reveals_left: int,
    cards: tuple[int | None, ...],
    face_up: tuple[bool, ...],
    deck: tuple[int, ...],
    discard: tuple[int, ...],
    removed: tuple[int, ...],
    ender: int | None,
    last_turns: int,
    turns: int,
    scores: tuple[tuple[int, ...], ...],
    cut_rounds: tuple[int, ...],
    deck_public: bool,
) -> State:
    """:func:`_state` with no turn in progress: no drawn card, no knock (queue,
    knockers, passers, receiver, placed card or card in hand)."""
    return _state(
        rules, rng, round, phase, current, reveals_left, cards, face_up, deck, discard,
        removed, None, (), (), (), None, None, None, ender, last_turns, turns, scores,
        cut_rounds, deck_public,
    )  # fmt: skip
