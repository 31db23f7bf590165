"""
The play of Biggenbende: ``legal_moves``, ``apply`` and the queries on a state.

The hot path (``legal_moves`` and ``apply``) works on count tuples and module-level
tables of precomputed move objects, and builds each new ``State`` directly.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from cardrules._checks import expect
from cardrules.biggenbende._cards import (
    EMPTY,
    NO_FACE_DOWN,
    add,
    cards_left,
    counts,
    next_seat,
    playable,
    put,
)
from cardrules.biggenbende._deal import deal_round
from cardrules.biggenbende._state import (
    BURN,
    BURN_RUN,
    JOKER,
    MAX_COPIES,
    MAX_TURNS,
    MOST_CARDS_CHIPS,
    OUT_TO_END,
    PLACE_CHIPS,
    REST_CHIPS,
    REVERSE,
    ROW_SIZE,
    SKIP,
    VALUES,
    ChooseFaceUp,
    Move,
    Phase,
    PickUp,
    Play,
    State,
    TurnFaceDown,
    card_name,
    new_state,
    short,
)
from cardrules.errors import GameOverError, IllegalMoveError
from cardrules.game import Outcome

__all__ = [
    "apply",
    "is_over",
    "legal_moves",
    "outcome",
    "players",
    "to_move",
]

# Precomputed moves: _PLAYS[v][c - 1] is Play(v, c); _PLAY_PREFIX[v][c] is every
# Play(v, 1..c), the plays of value v from a source holding c such cards.
_PLAYS: Final = tuple(tuple(Play(v, c) for c in range(1, MAX_COPIES + 1)) for v in range(VALUES))
_PLAY_PREFIX: Final = tuple(tuple(row[:c] for c in range(MAX_COPIES + 1)) for row in _PLAYS)
# _RUNS[v][c]: c cards of value v, as laid on the discard pile.
_RUNS: Final = tuple(tuple((v,) * c for c in range(MAX_COPIES + 1)) for v in range(VALUES))
_A_STATE: Final = "a biggenbende State"
_PICK_UP: Final = PickUp()
_PICK_UP_ONLY: Final = (_PICK_UP,)
_TURNS: Final = tuple(TurnFaceDown(p) for p in range(ROW_SIZE))
# The face-down moves by a bit mask of the positions that still hold a card.
_TURNS_BY_MASK: Final = tuple(
    tuple(_TURNS[p] for p in range(ROW_SIZE) if mask >> p & 1) for mask in range(1 << ROW_SIZE)
)


def _plays(source: tuple[int, ...], top: int) -> tuple[Move, ...]:
    """Every play from ``source`` on ``top`` (``JOKER`` also for an empty pile)."""
    moves: list[Move] = []
    prefix = _PLAY_PREFIX
    if source[JOKER]:
        moves += prefix[JOKER][source[JOKER]]  # BB-6: jokers go on anything
    for value in range(top or 1, VALUES):  # BB-6: >= the top; any value on a joker
        c = source[value]
        if c:
            moves += prefix[value][c]
    return tuple(moves) if moves else _PICK_UP_ONLY  # BB-9: pick up only when forced


# Every face-up choice, made once: _CHOOSE[a, b, c] for a <= b <= c.
_CHOOSE: Final = {
    (a, b, c): ChooseFaceUp((a, b, c))
    for a in range(VALUES)
    for b in range(a, VALUES)
    for c in range(b, VALUES)
}


@lru_cache(maxsize=4096)
def _choices(hand: tuple[int, ...]) -> tuple[Move, ...]:
    """BB-4: each distinct multiset of three values from the hand, in sorted order."""
    present = [v for v in range(VALUES) if hand[v]]
    choose = _CHOOSE
    out: list[Move] = []
    for i, a in enumerate(present):
        twice = hand[a] >= 2
        for j in range(i, len(present)):
            b = present[j]
            # The multiplicities, smallest value first: a == b needs two of a, and
            # a == b == c three; a < b == c needs two of b.
            if b == a:
                if not twice:
                    continue
                both = hand[a] >= 3
            else:
                both = hand[b] >= 2
            for c in present[j:]:
                if c == b and not both:
                    continue
                out.append(choose[a, b, c])
    return tuple(out)


# --------------------------------------------------------------------------- moves


def legal_moves(state: State) -> tuple[Move, ...]:
    """
    Every legal move of the seat to move, each once, in a stable order; ``()``
    once the match is over.

    Plays are listed by value (jokers first) then count; a :class:`PickUp` is the
    only move when no play is legal (BB-9); a player with no hand and no face-up
    cards has one :class:`TurnFaceDown` per remaining position (BB-11).

    >>> from cardrules import biggenbende as bb
    >>> state = bb.new_game(bb.Rules(players=3), seed=0)
    >>> bb.legal_moves(state)[:2]
    (ChooseFaceUp(values=(0, 2, 3)), ChooseFaceUp(values=(0, 2, 6)))
    """
    if type(state) is not State:
        expect(state, State, _A_STATE)
    phase = state.phase
    if phase != "play":
        if phase == "over":
            return ()
        return _choices(state.hands[state.turn])  # type: ignore[index]
    seat: int = state.turn  # type: ignore[assignment]
    source = state.hands[seat]
    if source == EMPTY:  # BB-7: the hand first, then the face-up cards, then face down
        source = state.face_up[seat]
        if source == EMPTY:
            row = state.face_down[seat]
            return _TURNS_BY_MASK[
                (row[0] is not None) | (row[1] is not None) << 1 | (row[2] is not None) << 2
            ]
    discard = state.discard
    return _plays(source, discard[-1] if discard else JOKER)


def apply(state: State, move: Move) -> State:
    """
    The state after ``move``; ``state`` is unchanged.

    Raises:
        IllegalMoveError: for a move that is not legal (its ``rule`` names the
            rule that forbids it).
        GameOverError: once the match is over.

    >>> from cardrules import biggenbende as bb
    >>> state = bb.new_game(bb.Rules(players=3), seed=42)
    >>> state = bb.apply(state, bb.legal_moves(state)[0])
    >>> bb.to_move(state), sum(state.hands[0]), sum(state.face_up[0])
    (1, 4, 3)
    """
    if type(state) is not State:
        expect(state, State, _A_STATE)
    phase = state.phase
    if phase != "play":
        if phase == "over":
            raise GameOverError(move)
        return _apply_choice(state, move)
    kind = type(move)
    seat: int = state.turn  # type: ignore[assignment]
    hands = state.hands
    hand = hands[seat]
    if kind is Play:
        value = move.value  # type: ignore[union-attr]
        count = move.count  # type: ignore[union-attr]
        from_hand = hand != EMPTY  # BB-7: from the hand while it has cards
        if from_hand:
            source = hand
        else:
            source = state.face_up[seat]
            if source == EMPTY:
                raise IllegalMoveError(
                    move, "BB-11", "no hand and no face-up cards: turn a face-down card"
                )
        if (
            type(value) is not int
            or type(count) is not int
            or not 0 <= value < VALUES
            or count < 1
            or source[value] < count
        ):
            raise _not_held(move, value, count, from_hand, source)
        discard = state.discard
        if value and discard:
            top = discard[-1]
            if top and value < top:
                raise IllegalMoveError(
                    move, "BB-6", f"{value} is lower than the top card of the pile, {top}"
                )
        left = list(source)
        left[value] -= count
        draw = state.draw
        face_up = state.face_up
        if from_hand:
            if draw:  # BB-8: draw one card after a play from the hand
                left[draw[-1]] += 1
                draw = draw[:-1]
            hands = put(hands, seat, tuple(left))
        else:
            face_up = put(face_up, seat, tuple(left))
        return _played(state, seat, value, count, hands, face_up, state.face_down, draw)
    if kind is TurnFaceDown:
        face_up = state.face_up
        if hand != EMPTY or face_up[seat] != EMPTY:
            raise IllegalMoveError(
                move, "BB-7", "face-down cards come only after the hand and the face-up cards"
            )
        position = move.position  # type: ignore[union-attr]
        row = state.face_down[seat]
        if type(position) is not int or not 0 <= position < ROW_SIZE or row[position] is None:
            raise IllegalMoveError(
                move, "BB-11", f"no face-down card at position {short(position)}"
            )
        card: int = row[position]  # type: ignore[assignment]
        face_down = put(state.face_down, seat, (*row[:position], None, *row[position + 1 :]))
        discard = state.discard
        if playable(card, discard):  # BB-11: a legal card is played at once
            return _played(state, seat, card, 1, hands, face_up, face_down, state.draw)
        # BB-11: not legal: the card and the pile go to the hand, the turn passes.
        hands = put(hands, seat, add(add(hand, discard), (card,)))
        return _passed(state, seat, hands, face_down)
    if kind is PickUp:
        source = hand if hand != EMPTY else state.face_up[seat]
        if source == EMPTY:
            raise IllegalMoveError(
                move, "BB-11", "no hand and no face-up cards: turn a face-down card"
            )
        discard = state.discard
        # Not ``is not _PICK_UP_ONLY``: compiled with mypyc, a tuple of fixed length is a
        # value, boxed into a new tuple object at each use, so its identity is not kept.
        if _plays(source, discard[-1] if discard else JOKER)[0] is not _PICK_UP:
            raise IllegalMoveError(
                move, "BB-9", "a play is legal, and the pile is taken only when none is"
            )
        hands = put(hands, seat, add(hand, discard))  # BB-9: no draw follows
        return _passed(state, seat, hands, state.face_down)
    if kind is ChooseFaceUp:
        raise IllegalMoveError(move, "BB-4", "the face-up cards are chosen before play only")
    raise IllegalMoveError(move, "BB-6", "not a Biggenbende move")


def _not_held(
    move: Move, value: object, count: object, from_hand: bool, source: tuple[int, ...]
) -> IllegalMoveError:
    """The error for a play whose cards the source does not hold (off the hot path)."""
    if type(value) is not int or not 0 <= value < VALUES:
        return IllegalMoveError(
            move, "BB-6", f"{short(value)} is not a card value (0 = joker, 1..12)"
        )
    if type(count) is not int or count < 1:
        return IllegalMoveError(move, "BB-6", f"a play has at least one card, not {short(count)}")
    where = "the hand holds" if from_hand else "the face-up cards (the hand is empty) hold"
    held = f"{source[value]} x {card_name(value)}"
    return IllegalMoveError(move, "BB-7", f"{where} {held}, fewer than {count}")


def _apply_choice(state: State, move: Move) -> State:
    """BB-4: the seat to move lays three of its cards face up, hidden until all chose."""
    if type(move) is not ChooseFaceUp:
        if type(move) not in (Play, PickUp, TurnFaceDown):  # as in play (BB-6)
            raise IllegalMoveError(move, "BB-6", "not a Biggenbende move")
        raise IllegalMoveError(
            move, "BB-4", "each player first chooses three cards to lay face up"
        )
    # Read untyped: compiled (mypyc), a typed read of a forged move's field raises
    # TypeError before the check below can refuse it (BB-4).
    values: object = getattr(move, "values")  # noqa: B009
    if (
        type(values) is not tuple
        or len(values) != ROW_SIZE
        or any(type(v) is not int or not 0 <= v < VALUES for v in values)
        or list(values) != sorted(values)
    ):
        raise IllegalMoveError(move, "BB-4", "name three card values in increasing order")
    seat: int = state.turn  # type: ignore[assignment]
    left = list(state.hands[seat])
    for v in values:
        left[v] -= 1
    if min(left) < 0:
        raise IllegalMoveError(move, "BB-4", "the hand does not hold those cards")
    n = state.rules.players
    done = state.moves + 1 == n  # every seat chose: play starts with the round's starter
    return _step(
        state,
        "play" if done else "choose",
        state.starter if done else (seat + 1) % n,
        state.direction,
        put(state.hands, seat, tuple(left)),
        put(state.face_up, seat, counts(values)),
        state.face_down,
        state.draw,
        state.discard,
        state.removed,
        state.places,
    )


def _played(
    state: State,
    seat: int,
    value: int,
    count: int,
    hands: tuple[tuple[int, ...], ...],
    face_up: tuple[tuple[int, ...], ...],
    face_down: tuple[tuple[int | None, ...], ...],
    draw: tuple[int, ...],
) -> State:
    """The effects of a play once its cards (and any draw) have moved."""
    n = state.rules.players
    discard = state.discard + _RUNS[value][count]
    direction = state.direction
    if value == REVERSE:  # BB-15, BB-16: once per play, also with a burn
        direction = -direction
    removed = state.removed
    # BB-13: 8s burn; BB-12: three (BURN_RUN) identical cards on top (a joker breaks a run).
    burnt = value == BURN or (
        len(discard) >= BURN_RUN and discard[-1] == discard[-2] == discard[-3]
    )
    if burnt:
        removed = add(removed, discard)
        discard = ()
    places = state.places
    if hands[seat] == EMPTY and face_up[seat] == EMPTY and face_down[seat] == NO_FACE_DOWN:
        places = (*places, seat)  # BB-17: out, and never an extra play
        if len(places) == OUT_TO_END:  # BB-17: the round ends at the second player out
            return _end_round(
                state, hands, face_up, face_down, draw, discard, removed, places,
                direction, state.moves + 1, cut=False,
            )  # fmt: skip
        turn = next_seat(seat, direction, n, places)
        if value == SKIP and not burnt:  # BB-14: still skips the next player
            turn = next_seat(turn, direction, n, places)
    elif burnt:
        turn = seat  # BB-12, BB-13, BB-16: play again; a skip of 4s is void
    else:
        turn = next_seat(seat, direction, n, places)
        if value == SKIP:  # BB-14: one play skips one player in the round
            turn = next_seat(turn, direction, n, places)
    return _step(
        state, "play", turn, direction, hands, face_up, face_down, draw, discard, removed,
        places,
    )  # fmt: skip


def _passed(
    state: State,
    seat: int,
    hands: tuple[tuple[int, ...], ...],
    face_down: tuple[tuple[int | None, ...], ...],
) -> State:
    """The pile went to the hand (BB-9, BB-11): the turn passes to the next player."""
    turn = next_seat(seat, state.direction, state.rules.players, state.places)
    return _step(
        state, "play", turn, state.direction, hands, state.face_up, face_down, state.draw,
        (), state.removed, state.places,
    )  # fmt: skip


def _step(
    state: State,
    phase: Phase,
    turn: int,
    direction: int,
    hands: tuple[tuple[int, ...], ...],
    face_up: tuple[tuple[int, ...], ...],
    face_down: tuple[tuple[int | None, ...], ...],
    draw: tuple[int, ...],
    discard: tuple[int, ...],
    removed: tuple[int, ...],
    places: tuple[int, ...],
) -> State:
    """The state after one more move of the round, or the end of a cut round (BB-20)."""
    moves = state.moves + 1
    limit = state.rules.max_turns_per_round
    if moves >= (MAX_TURNS if limit is None else limit):  # BB-20: every move counts
        return _end_round(
            state, hands, face_up, face_down, draw, discard, removed, places, direction,
            moves, cut=True,
        )  # fmt: skip
    return new_state(
        state.rules, state.rng, state.round, state.starter, phase, turn, direction, hands,
        face_up, face_down, draw, discard, removed, places, moves, state.chips, state.supply,
        state.cut_rounds,
    )  # fmt: skip


def _end_round(
    state: State,
    hands: tuple[tuple[int, ...], ...],
    face_up: tuple[tuple[int, ...], ...],
    face_down: tuple[tuple[int | None, ...], ...],
    draw: tuple[int, ...],
    discard: tuple[int, ...],
    removed: tuple[int, ...],
    places: tuple[int, ...],
    direction: int,
    moves: int,
    *,
    cut: bool,
) -> State:
    """BB-18 to BB-20: pay the round, then deal the next one or end the match."""
    rules = state.rules
    n = rules.players
    left = cards_left(hands, face_up, face_down)
    # BB-18: first out 3, second 2; the rest 1, or 0 for all tied for most cards.
    # BB-20: in a cut round the places nobody reached stay unpaid.
    rest = [s for s in ((state.starter + i) % n for i in range(n)) if s not in places]
    most = max(left[s] for s in rest)
    owed = [(seat, pay) for seat, pay in zip(places, PLACE_CHIPS, strict=False)]
    owed += [(s, MOST_CARDS_CHIPS if left[s] == most else REST_CHIPS) for s in rest]
    chips = list(state.chips)
    supply = state.supply
    for seat, pay in owed:  # BB-18: a short supply pays what is left, in this order
        paid = min(pay, supply)
        chips[seat] += paid
        supply -= paid
    cut_rounds = (*state.cut_rounds, state.round) if cut else state.cut_rounds
    if state.round >= rules.rounds or supply == 0:  # BB-19
        return new_state(
            rules, state.rng, state.round, state.starter, "over", None, direction, hands,
            face_up, face_down, draw, discard, removed, places, moves, tuple(chips),
            supply, cut_rounds,
        )  # fmt: skip
    return deal_round(rules, state.rng.state, state.round + 1, tuple(chips), supply, cut_rounds)


# --------------------------------------------------------------------------- queries


def to_move(state: State) -> int | None:
    """
    The seat that decides next, ``None`` once the match is over.

    >>> from cardrules import biggenbende as bb
    >>> bb.to_move(bb.new_game(bb.Rules(players=5), seed=3))
    0
    """
    if type(state) is not State:
        expect(state, State, _A_STATE)
    return state.turn


def is_over(state: State) -> bool:
    """
    Whether the match has ended (BB-19).

    >>> from cardrules import biggenbende as bb
    >>> bb.is_over(bb.new_game(seed=3))
    False
    """
    if type(state) is not State:
        expect(state, State, _A_STATE)
    return state.phase == "over"


def players(state: State) -> int:
    """
    The number of seats.

    >>> from cardrules import biggenbende as bb
    >>> bb.players(bb.new_game(bb.Rules(players=6), seed=3))
    6
    """
    if type(state) is not State:
        expect(state, State, _A_STATE)
    return state.rules.players


def outcome(state: State) -> Outcome | None:
    """
    The result once the match is over, else ``None``: chips per seat, the seats
    with the most chips (BB-19), and whether the turn limit cut a round (BB-20).

    >>> from cardrules import biggenbende as bb
    >>> bb.outcome(bb.new_game(seed=3)) is None
    True
    """
    if type(state) is not State:
        expect(state, State, _A_STATE)
    if state.phase != "over":
        return None
    best = max(state.chips)
    return Outcome(
        scores=state.chips,
        winners=frozenset(s for s, c in enumerate(state.chips) if c == best),
        reason="turn_limit" if state.cut_rounds else "normal",
        cut_rounds=state.cut_rounds,
    )
