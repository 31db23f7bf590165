"""
Allegra's rounds: the deal (AL-4, AL-5), a round started from a layout, and the end of
a turn and of a round (AL-9, AL-10, AL-12, AL-13).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules._rng import Rng, _check_seed, _shuffle
from cardrules.allegra._board import (
    DEAL_DISCARDS,
    ENDER_FACTOR,
    HIGH_CARD,
    LOW_CARD,
    SETUP_REVEALS,
    _has_face_down,
    _next_revealer,
    _pack,
    _triples,
)
from cardrules.allegra._geometry import GRID, SLOTS, TABLES, index
from cardrules.allegra._moves import is_place
from cardrules.allegra._state import (
    CARD_VALUES,
    Layout,
    Phase,
    Rules,
    State,
    _between_turns,
    _short,
    _state,
    _type_name,
    _WrongRulesType,
)
from cardrules.errors import RulesError

__all__ = ["new_game"]


def new_game(rules: Rules | None = None, *, seed: int, layout: Layout | None = None) -> State:
    """
    Deal a new game (AL-4).

    The deal: all cards of ``rules.deck``, in value order, are shuffled with
    ``Rng(seed)``; the first ``12 * players`` go to the grids (seat 0's first, each
    grid row-major), the next one starts the discard pile and the rest, in order, is
    the deck (its top first). Later rounds deal the same way from the game's RNG.

    Args:
        rules: the rules; ``Rules()`` by default.
        seed: an int in ``[0, 2**64)``.
        layout: an explicit first round instead of the shuffled one (keyword-only);
            later rounds are dealt from ``Rng(seed)``.

    Returns:
        The first state: the setup reveals of seat 0 (AL-4, AL-5; of the next seat
        with a face-down card in its area if a layout leaves seat 0's area none), or
        seat 0's first turn for a layout with ``reveals=False``.

    Raises:
        ~cardrules.RulesError: for a bad seed, rules or layout.

    >>> state = new_game(Rules(players=3), seed=1)
    >>> state.phase, state.current, len(state.cards), len(state.deck)
    ('reveal', 0, 36, 83)
    """
    if rules is None:
        rules = Rules()
    if not isinstance(rules, Rules):
        raise _WrongRulesType(f"rules: expected an allegra.Rules, got {_type_name(rules)}")
    _check_seed(seed)
    if layout is None:
        return _deal(rules, seed, 1, (), ())
    return _from_layout(rules, seed, layout)


def _deal(
    rules: Rules,
    rng: int,
    round_no: int,
    scores: tuple[tuple[int, ...], ...],
    cut_rounds: tuple[int, ...],
) -> State:
    n = rules.players
    shuffled, rng = _shuffle(rng, _pack(rules.deck))
    m = n * GRID
    cards = tuple(shuffled[:m])
    return _start_round(
        rules,
        rng,
        round_no,
        cards,
        (False,) * m,
        tuple(shuffled[m + DEAL_DISCARDS :]),
        tuple(shuffled[m : m + DEAL_DISCARDS]),
        scores,
        cut_rounds,
        reveals=True,
    )


def _start_round(
    rules: Rules,
    rng: int,
    round_no: int,
    cards: tuple[int | None, ...],
    face_up: tuple[bool, ...],
    deck: tuple[int, ...],
    discard: tuple[int, ...],
    scores: tuple[tuple[int, ...], ...],
    cut_rounds: tuple[int, ...],
    *,
    reveals: bool,
) -> State:
    n = rules.players
    start = (round_no - 1) % n  # AL-5
    seat: int | None = start
    if reveals:
        seat = _next_revealer(TABLES[n], cards, face_up, start, start, first=True)
    phase: Phase = "reveal" if reveals and seat is not None else "turn"
    return _between_turns(
        rules,
        Rng(rng),  # rng
        round_no,  # round
        phase,
        start if seat is None else seat,  # current
        SETUP_REVEALS if phase == "reveal" else 0,  # reveals_left
        cards,
        face_up,
        deck,
        discard,
        (),  # removed
        None,  # ender
        0,  # last_turns
        0,  # turns
        scores,
        cut_rounds,
        False,  # deck_public
    )


def _from_layout(rules: Rules, seed: int, layout: Layout) -> State:
    if not isinstance(layout, Layout):
        raise _WrongRulesType(f"layout: expected an allegra.Layout, got {_type_name(layout)}")
    n = rules.players
    grids = layout.grids
    if not isinstance(grids, tuple) or len(grids) != n:
        raise RulesError(f"layout.grids: {n} players need {n} grids of 12 cards")
    counts = [0] * len(CARD_VALUES)

    def count(where: str, cards: object) -> None:
        if not isinstance(cards, tuple):
            raise RulesError(f"{where} must be a tuple of card values")
        for k, v in enumerate(cards):
            if type(v) is not int or not LOW_CARD <= v <= HIGH_CARD:
                raise RulesError(
                    f"{where}[{k}]: {_short(v)} is not a card value ({LOW_CARD}..{HIGH_CARD})"
                )
            counts[v - LOW_CARD] += 1

    for seat, grid in enumerate(grids):
        count(f"layout.grids[{seat}]", grid)
        if len(grid) != GRID:
            raise RulesError(f"layout.grids[{seat}] holds {len(grid)} cards, not 12")
    count("layout.discard", layout.discard)
    count("layout.deck", layout.deck)
    if not layout.discard:
        raise RulesError("layout.discard must hold at least one card (AL-4)")
    for k, (have, want) in enumerate(zip(counts, rules.deck, strict=True)):
        if have != want:
            raise RulesError(
                f"layout: value {CARD_VALUES[k]} appears {have} times, Rules.deck has {want}"
            )
    face_up = [False] * (n * GRID)
    if not isinstance(layout.face_up, tuple):
        raise RulesError("layout.face_up must be a tuple of places")
    for k, slot in enumerate(layout.face_up):
        if not is_place(slot, n):
            raise RulesError(f"layout.face_up[{k}]: {_short(slot)} is not a place of this game")
        if face_up[index(slot)]:
            raise RulesError(f"layout.face_up[{k}]: {slot} is given twice")
        face_up[index(slot)] = True
    cards = tuple(v for grid in grids for v in grid)
    up = tuple(face_up)
    shown = _triples(TABLES[n], cards, up, range(n * GRID))
    if shown:
        names = ", ".join(str(SLOTS[i]) for i in sorted(shown))
        raise RulesError(f"layout.face_up shows a triple (AL-8): {names}")
    return _start_round(
        rules,
        seed,
        1,
        cards,
        up,
        tuple(layout.deck),
        tuple(layout.discard),
        (),
        (),
        reveals=bool(layout.reveals),
    )


# --------------------------------------------------------------------------- round end


def _next_state(
    s: State,
    cards: tuple[int | None, ...],
    face_up: tuple[bool, ...],
    deck: tuple[int, ...],
    discard: tuple[int, ...],
    removed: tuple[int, ...],
    rng: Rng,
) -> State:
    """The state after the turn of ``s.current`` ends (AL-9, AL-13)."""
    rules = s.rules
    n = rules.players
    seat = s.current
    turns = s.turns + 1
    ender = s.ender
    last = s.last_turns
    if ender is None:
        # AL-9: only the player whose turn ends can end the round. While no place is
        # removed every place holds a card, and a face-down card is a False in face_up.
        t = TABLES[n]
        if (
            False not in t.area_items[seat](face_up)
            if not removed
            else not _has_face_down(t.areas[seat], cards, face_up)
        ):
            ender = seat
            last = n - 1
    else:
        last -= 1
    if ender is not None and last == 0:
        return _finish_round(s, cards, deck, discard, removed, rng, ender, cut=False)
    if turns >= rules.max_turns_per_round:
        return _finish_round(s, cards, deck, discard, removed, rng, None, cut=True)  # AL-13
    # ``_between_turns`` written out: the one call less counts on the hot path.
    return _state(
        rules,
        rng,
        s.round,
        "turn",  # phase
        (seat + 1) % n,  # current
        0,  # reveals_left
        cards,
        face_up,
        deck,
        discard,
        removed,
        None,  # drawn
        (),  # knock_queue
        (),  # knockers
        (),  # passers
        None,  # receiver
        None,  # placed
        None,  # hand
        ender,
        last,  # last_turns
        turns,
        s.scores,
        s.cut_rounds,
        s.deck_public,
    )


def _round_scores(players: int, cards: Sequence[int | None], ender: int | None) -> tuple[int, ...]:
    """AL-10: every area's sum (shared columns count for both), the ender doubled if
    their score is positive and someone else's is lower or equal."""
    areas = TABLES[players].areas
    scores = [sum([v for i in a if (v := cards[i]) is not None]) for a in areas]
    if ender is not None:
        mine = scores[ender]
        if mine > 0 and any(scores[q] <= mine for q in range(players) if q != ender):
            scores[ender] = ENDER_FACTOR * mine
    return tuple(scores)


def _finish_round(
    s: State,
    cards: tuple[int | None, ...],
    deck: tuple[int, ...],
    discard: tuple[int, ...],
    removed: tuple[int, ...],
    rng: Rng,
    ender: int | None,
    *,
    cut: bool,
) -> State:
    rules = s.rules
    n = rules.players
    scores = (*s.scores, _round_scores(n, cards, ender))
    cut_rounds = (*s.cut_rounds, s.round) if cut else s.cut_rounds
    if s.round < rules.rounds:
        # AL-8: removed cards return; every card is shuffled for the next round.
        return _deal(rules, rng.state, s.round + 1, scores, cut_rounds)
    # AL-10: all face-down cards are turned up (no triples are removed then).
    return _between_turns(
        rules,
        rng,
        s.round,
        "over",  # phase
        s.current,
        0,  # reveals_left
        cards,
        tuple([c is not None for c in cards]),  # face_up
        deck,
        discard,
        removed,
        ender,
        0,  # last_turns
        s.turns + 1,  # turns
        scores,
        cut_rounds,
        False,  # deck_public
    )
