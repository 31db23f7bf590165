"""
The pure functions of Biggenbende: deal, legal moves, apply, views and checks.

The hot path (``legal_moves`` and ``apply``) works on count tuples and module-level
tables of precomputed move objects, and builds each new ``State`` directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Final, TypeVar

import attrs

from cardrules._rng import Rng, _check_seed, _shuffle
from cardrules.biggenbende._state import (
    JOKER,
    MAX_COPIES,
    VALUES,
    ChooseFaceUp,
    Deal,
    Move,
    Phase,
    PickUp,
    Play,
    Rules,
    State,
    TurnFaceDown,
    View,
    card_name,
)
from cardrules.errors import (
    GameOverError,
    IllegalMoveError,
    InvalidStateError,
    RulesError,
)
from cardrules.game import Outcome

__all__ = [
    "apply",
    "check_state",
    "check_view",
    "is_over",
    "legal_moves",
    "new_game",
    "outcome",
    "players",
    "redeal_hidden",
    "to_move",
    "view",
]

_T = TypeVar("_T")

_EMPTY: Final = (0,) * VALUES
_NO_FACE_DOWN: Final = (None, None, None)

# Precomputed moves: _PLAYS[v][c] is Play(v, c); _PLAY_PREFIX[v][c] is every
# Play(v, 1..c), the plays of value v from a source holding c such cards.
_PLAYS: Final = tuple(tuple(Play(v, c) for c in range(MAX_COPIES + 1)) for v in range(VALUES))
_PLAY_PREFIX: Final = tuple(tuple(row[1 : c + 1] for c in range(MAX_COPIES + 1)) for row in _PLAYS)
# _RUNS[v][c]: c cards of value v, as laid on the discard pile.
_RUNS: Final = tuple(tuple((v,) * c for c in range(MAX_COPIES + 1)) for v in range(VALUES))
_PICK_UP: Final = PickUp()
_PICK_UP_ONLY: Final = (_PICK_UP,)
_TURNS: Final = tuple(TurnFaceDown(p) for p in range(3))
# The face-down moves by a bit mask of the positions that still hold a card.
_TURNS_BY_MASK: Final = tuple(
    tuple(_TURNS[p] for p in range(3) if mask >> p & 1) for mask in range(8)
)


# --------------------------------------------------------------------------- helpers


def _counts(cards: Iterable[int]) -> tuple[int, ...]:
    out = [0] * VALUES
    for card in cards:
        out[card] += 1
    return tuple(out)


def _expand(counts: Sequence[int]) -> list[int]:
    return [v for v in range(VALUES) for _ in range(counts[v])]


def _add(counts: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    out = list(counts)
    for card in cards:
        out[card] += 1
    return tuple(out)


def _put(row: tuple[_T, ...], seat: int, item: _T) -> tuple[_T, ...]:
    return (*row[:seat], item, *row[seat + 1 :])


def _next_seat(seat: int, direction: int, players: int, places: tuple[int, ...]) -> int:
    """The next seat in ``direction`` still in the round."""
    seat = (seat + direction) % players
    while seat in places:
        seat = (seat + direction) % players
    return seat


def _cards_left(
    state_hands: tuple[tuple[int, ...], ...],
    face_up: tuple[tuple[int, ...], ...],
    face_down: tuple[tuple[int | None, ...], ...],
) -> list[int]:
    return [
        sum(h) + sum(u) + sum(c is not None for c in d)
        for h, u, d in zip(state_hands, face_up, face_down, strict=True)
    ]


def _playable(value: int, discard: tuple[int, ...]) -> bool:
    """BB-6: jokers always; anything on an empty pile or a joker; else >= the top."""
    if value == JOKER or not discard:
        return True
    top = discard[-1]
    return top == JOKER or value >= top


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


@lru_cache(maxsize=4096)
def _choices(hand: tuple[int, ...]) -> tuple[Move, ...]:
    """BB-4: each distinct multiset of three values from the hand, in sorted order."""
    present = [v for v in range(VALUES) if hand[v]]
    out: list[Move] = []
    for i, a in enumerate(present):
        for j in range(i, len(present)):
            b = present[j]
            for c in present[j:]:
                need = _counts((a, b, c))
                if all(hand[v] >= need[v] for v in (a, b, c)):
                    out.append(ChooseFaceUp((a, b, c)))
    return tuple(out)


@lru_cache(maxsize=64)
def _deck_cards(rules: Rules) -> tuple[int, ...]:
    return tuple(_expand(rules.deck))


# --------------------------------------------------------------------------- new game


def _deal(
    rules: Rules,
    rng: int,
    round_: int,
    chips: tuple[int, ...],
    supply: int,
    cut_rounds: tuple[int, ...],
) -> State:
    """BB-4: shuffle the deck and deal round ``round_``; the choices come next."""
    cards, rng = _shuffle(rng, _deck_cards(rules))
    n = rules.players
    # The documented deal: cards[3s : 3s+3] are seat s's face-down row (positions
    # 0..2), cards[3n + 7s : 3n + 7s + 7] its seven cards, the rest the draw pile
    # with cards[-1] on top.
    face_down = tuple(tuple(cards[3 * s : 3 * s + 3]) for s in range(n))
    base = 3 * n
    hands = tuple(_counts(cards[base + 7 * s : base + 7 * s + 7]) for s in range(n))
    starter = (round_ - 1) % n  # BB-5
    return State(
        rules=rules,
        rng=Rng(rng),
        round=round_,
        starter=starter,
        phase="choose",
        turn=starter,
        direction=1,
        hands=hands,
        face_up=(_EMPTY,) * n,
        face_down=face_down,
        draw=tuple(cards[10 * n :]),
        discard=(),
        removed=_EMPTY,
        places=(),
        moves=0,
        chips=chips,
        supply=supply,
        cut_rounds=cut_rounds,
    )


def new_game(rules: Rules | None = None, *, seed: int, deal: Deal | None = None) -> State:
    """
    Start a match: deal round 1 from ``seed``, or start from an explicit ``deal``.

    Args:
        rules: the options; ``Rules()`` by default.
        seed: an int in ``[0, 2**64)``; it shuffles every dealt round (with
            ``deal``, the rounds after the given one).
        deal: an explicit :class:`Deal` for the first round played, whose cards
            must be exactly the deck of ``rules``.

    Raises:
        RulesError: for bad rules, a bad seed, or a deal that is not valid (the
            message names the field and the rule).

    >>> from cardrules import biggenbende as bb
    >>> state = bb.new_game(bb.Rules(players=3), seed=42)
    >>> bb.to_move(state), state.phase, sum(state.hands[0])
    (0, 'choose', 7)
    """
    if rules is None:
        rules = Rules()
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a biggenbende.Rules, not {rules!r}")
    _check_seed(seed)
    if deal is None:
        return _deal(rules, seed, 1, (0,) * rules.players, rules.chips, ())
    return _from_deal(rules, seed, deal)


def _card(value: object, path: str) -> int:
    if type(value) is not int or not 0 <= value < VALUES:
        raise RulesError(f"{path}: {value!r} is not a card value (0 = joker, 1..12)")
    return value


def _cards(values: object, path: str) -> list[int]:
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise RulesError(f"{path}: expected a sequence of card values, not {values!r}")
    return [_card(v, f"{path}[{i}]") for i, v in enumerate(values)]


def _per_seat(rows: object, path: str, n: int) -> list[object]:
    if isinstance(rows, str) or not isinstance(rows, Sequence) or len(rows) != n:
        raise RulesError(f"{path}: expected one entry per seat ({n}), not {rows!r}")
    return list(rows)


def _from_deal(rules: Rules, seed: int, deal: Deal) -> State:
    if not isinstance(deal, Deal):
        raise RulesError(f"deal must be a biggenbende.Deal, not {deal!r}")
    n = rules.players
    hands = [
        _cards(h, f"deal.hands[{s}]") for s, h in enumerate(_per_seat(deal.hands, "deal.hands", n))
    ]
    face_down: list[tuple[int | None, ...]] = []
    for s, row in enumerate(_per_seat(deal.face_down, "deal.face_down", n)):
        path = f"deal.face_down[{s}]"
        if isinstance(row, str) or not isinstance(row, Sequence) or len(row) != 3:
            raise RulesError(f"{path}: expected three entries (a value or None), not {row!r}")
        face_down.append(
            tuple(None if c is None else _card(c, f"{path}[{p}]") for p, c in enumerate(row))
        )
    choosing = deal.face_up is None
    face_up = (
        [[] for _ in range(n)]
        if deal.face_up is None
        else [
            _cards(u, f"deal.face_up[{s}]")
            for s, u in enumerate(_per_seat(deal.face_up, "deal.face_up", n))
        ]
    )
    draw = _cards(deal.draw, "deal.draw")
    discard = _cards(deal.discard, "deal.discard")
    removed = _cards(deal.removed, "deal.removed")
    if type(deal.round) is not int or not 1 <= deal.round <= rules.rounds:
        raise RulesError(f"deal.round: must be 1..{rules.rounds}, not {deal.round!r}")
    if deal.chips is None:
        chips: tuple[int, ...] = (0,) * n
    else:
        held = _per_seat(deal.chips, "deal.chips", n)
        for s, c in enumerate(held):
            if type(c) is not int or c < 0:
                raise RulesError(f"deal.chips[{s}]: must be an int >= 0, not {c!r}")
        chips = tuple(held)  # type: ignore[arg-type]
        if sum(chips) > rules.chips:
            raise RulesError(f"deal.chips: {sum(chips)} chips held, the supply has {rules.chips}")
    everything = [*draw, *discard, *removed]
    for s in range(n):
        everything += hands[s] + face_up[s] + [c for c in face_down[s] if c is not None]
    given = _counts(everything)
    if given != rules.deck:
        wrong = [
            f"{card_name(v)}: {given[v]} given, {rules.deck[v]} in the deck"
            for v in range(VALUES)
            if given[v] != rules.deck[v]
        ]
        raise RulesError(
            "deal: the cards are not the deck of the rules (BB-1): " + "; ".join(wrong)
        )
    problem = _discard_problem(tuple(discard))
    if problem:
        raise RulesError(f"deal.discard[{problem[0]}]: {problem[1]}")
    if choosing:
        if discard:
            raise RulesError(
                "deal.discard: must be empty while the face-up cards are chosen (BB-4)"
            )
        # BB-4, BB-7: three cards to choose, and one more to keep in hand while the draw
        # pile has cards (a hand is empty only once the draw pile is).
        need = 4 if draw else 3
        for s in range(n):
            if len(hands[s]) < need:
                raise RulesError(
                    f"deal.hands[{s}]: needs at least {need} cards to choose from "
                    + ("while the draw pile has cards (BB-4, BB-7)" if draw else "(BB-4)")
                )
    else:
        for s in range(n):
            if not hands[s] and not face_up[s] and face_down[s] == _NO_FACE_DOWN:
                raise RulesError(
                    f"deal: seat {s} has no cards; every seat starts the round with cards"
                )
            if draw and not hands[s]:
                raise RulesError(
                    f"deal.hands[{s}]: empty while the draw pile has cards (BB-7, BB-8)"
                )
    starter = (deal.round - 1) % n  # BB-5
    state = State(
        rules=rules,
        rng=Rng(seed),
        round=deal.round,
        starter=starter,
        phase="choose" if choosing else "play",
        turn=starter,
        direction=1,
        hands=tuple(_counts(h) for h in hands),
        face_up=tuple(_counts(u) for u in face_up),
        face_down=tuple(face_down),
        draw=tuple(draw),
        discard=tuple(discard),
        removed=_counts(removed),
        places=(),
        moves=0,
        chips=chips,
        supply=rules.chips - sum(chips),
        cut_rounds=(),
    )
    check_state(state)
    return state


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
    phase = state.phase
    if phase != "play":
        if phase == "over":
            return ()
        return _choices(state.hands[state.turn])  # type: ignore[index]
    seat: int = state.turn  # type: ignore[assignment]
    source = state.hands[seat]
    if source == _EMPTY:  # BB-7: the hand first, then the face-up cards, then face down
        source = state.face_up[seat]
        if source == _EMPTY:
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
        from_hand = hand != _EMPTY  # BB-7: from the hand while it has cards
        if from_hand:
            source = hand
        else:
            source = state.face_up[seat]
            if source == _EMPTY:
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
            hands = _put(hands, seat, tuple(left))
        else:
            face_up = _put(face_up, seat, tuple(left))
        return _played(state, seat, value, count, hands, face_up, state.face_down, draw)
    if kind is TurnFaceDown:
        face_up = state.face_up
        if hand != _EMPTY or face_up[seat] != _EMPTY:
            raise IllegalMoveError(
                move, "BB-7", "face-down cards come only after the hand and the face-up cards"
            )
        position = move.position  # type: ignore[union-attr]
        row = state.face_down[seat]
        if type(position) is not int or not 0 <= position < 3 or row[position] is None:
            raise IllegalMoveError(move, "BB-11", f"no face-down card at position {position!r}")
        card: int = row[position]  # type: ignore[assignment]
        face_down = _put(state.face_down, seat, (*row[:position], None, *row[position + 1 :]))
        discard = state.discard
        if _playable(card, discard):  # BB-11: a legal card is played at once
            return _played(state, seat, card, 1, hands, face_up, face_down, state.draw)
        # BB-11: not legal: the card and the pile go to the hand, the turn passes.
        hands = _put(hands, seat, _add(_add(hand, discard), (card,)))
        return _passed(state, seat, hands, face_down)
    if kind is PickUp:
        source = hand if hand != _EMPTY else state.face_up[seat]
        if source == _EMPTY:
            raise IllegalMoveError(
                move, "BB-11", "no hand and no face-up cards: turn a face-down card"
            )
        discard = state.discard
        if _plays(source, discard[-1] if discard else JOKER) is not _PICK_UP_ONLY:
            raise IllegalMoveError(
                move, "BB-9", "a play is legal, and the pile is taken only when none is"
            )
        hands = _put(hands, seat, _add(hand, discard))  # BB-9: no draw follows
        return _passed(state, seat, hands, state.face_down)
    if kind is ChooseFaceUp:
        raise IllegalMoveError(move, "BB-4", "the face-up cards are chosen before play only")
    raise IllegalMoveError(move, "BB-6", f"{move!r} is not a Biggenbende move")


def _not_held(
    move: Move, value: object, count: object, from_hand: bool, source: tuple[int, ...]
) -> IllegalMoveError:
    """The error for a play whose cards the source does not hold (off the hot path)."""
    if type(value) is not int or not 0 <= value < VALUES:
        return IllegalMoveError(move, "BB-6", f"{value!r} is not a card value (0 = joker, 1..12)")
    if type(count) is not int or count < 1:
        return IllegalMoveError(move, "BB-6", f"a play has at least one card, not {count!r}")
    where = "the hand holds" if from_hand else "the face-up cards (the hand is empty) hold"
    held = f"{source[value]} x {card_name(value)}"
    return IllegalMoveError(move, "BB-7", f"{where} {held}, fewer than {count}")


def _apply_choice(state: State, move: Move) -> State:
    """BB-4: the seat to move lays three of its cards face up, hidden until all chose."""
    if type(move) is not ChooseFaceUp:
        raise IllegalMoveError(
            move, "BB-4", "each player first chooses three cards to lay face up"
        )
    values = move.values
    if (
        type(values) is not tuple
        or len(values) != 3
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
        _put(state.hands, seat, tuple(left)),
        _put(state.face_up, seat, _counts(values)),
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
    if value == 11:  # BB-15, BB-16: once per play, also with a burn
        direction = -direction
    removed = state.removed
    # BB-13: 8s burn; BB-12: three identical cards on top (a joker breaks a run).
    burnt = value == 8 or (len(discard) >= 3 and discard[-1] == discard[-2] == discard[-3])
    if burnt:
        removed = _add(removed, discard)
        discard = ()
    places = state.places
    if hands[seat] == _EMPTY and face_up[seat] == _EMPTY and face_down[seat] == _NO_FACE_DOWN:
        places = (*places, seat)  # BB-17: out, and never an extra play
        if len(places) == 2:  # BB-17: the round ends at the second player out
            return _end_round(
                state, hands, face_up, face_down, draw, discard, removed, places,
                direction, state.moves + 1, cut=False,
            )  # fmt: skip
        turn = _next_seat(seat, direction, n, places)
        if value == 4 and not burnt:  # BB-14: still skips the next player
            turn = _next_seat(turn, direction, n, places)
    elif burnt:
        turn = seat  # BB-12, BB-13, BB-16: play again; a skip of 4s is void
    else:
        turn = _next_seat(seat, direction, n, places)
        if value == 4:  # BB-14: one play skips one player in the round
            turn = _next_seat(turn, direction, n, places)
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
    turn = _next_seat(seat, state.direction, state.rules.players, state.places)
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
    if limit is not None and moves >= limit:  # BB-20: every move counts
        return _end_round(
            state, hands, face_up, face_down, draw, discard, removed, places, direction,
            moves, cut=True,
        )  # fmt: skip
    return State(
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
    left = _cards_left(hands, face_up, face_down)
    # BB-18: first out 3, second 2; the rest 1, or 0 for all tied for most cards.
    # BB-20: in a cut round the places nobody reached stay unpaid.
    rest = [s for s in ((state.starter + i) % n for i in range(n)) if s not in places]
    most = max(left[s] for s in rest)
    owed = [(seat, pay) for seat, pay in zip(places, (3, 2), strict=False)]
    owed += [(s, 0 if left[s] == most else 1) for s in rest]
    chips = list(state.chips)
    supply = state.supply
    for seat, pay in owed:  # BB-18: a short supply pays what is left, in this order
        paid = min(pay, supply)
        chips[seat] += paid
        supply -= paid
    cut_rounds = (*state.cut_rounds, state.round) if cut else state.cut_rounds
    if state.round >= rules.rounds or supply == 0:  # BB-19
        return State(
            rules, state.rng, state.round, state.starter, "over", None, direction, hands,
            face_up, face_down, draw, discard, removed, places, moves, tuple(chips),
            supply, cut_rounds,
        )  # fmt: skip
    return _deal(rules, state.rng.state, state.round + 1, tuple(chips), supply, cut_rounds)


# --------------------------------------------------------------------------- queries


def to_move(state: State) -> int | None:
    """
    The seat that decides next, ``None`` once the match is over.

    >>> from cardrules import biggenbende as bb
    >>> bb.to_move(bb.new_game(bb.Rules(players=5), seed=3))
    0
    """
    return state.turn


def is_over(state: State) -> bool:
    """
    Whether the match has ended (BB-19).

    >>> from cardrules import biggenbende as bb
    >>> bb.is_over(bb.new_game(seed=3))
    False
    """
    return state.phase == "over"


def players(state: State) -> int:
    """
    The number of seats.

    >>> from cardrules import biggenbende as bb
    >>> bb.players(bb.new_game(bb.Rules(players=6), seed=3))
    6
    """
    return state.rules.players


def outcome(state: State) -> Outcome | None:
    """
    The result once the match is over, else ``None``: chips per seat, the seats
    with the most chips (BB-19), and whether the turn limit cut a round (BB-20).

    >>> from cardrules import biggenbende as bb
    >>> bb.outcome(bb.new_game(seed=3)) is None
    True
    """
    if state.phase != "over":
        return None
    best = max(state.chips)
    return Outcome(
        scores=state.chips,
        winners=frozenset(s for s, c in enumerate(state.chips) if c == best),
        reason="turn_limit" if state.cut_rounds else "normal",
        cut_rounds=state.cut_rounds,
    )


def _seat(state: State, seat: object) -> int:
    n = state.rules.players
    if type(seat) is not int or not 0 <= seat < n:
        raise RulesError(f"seat must be an int in 0..{n - 1}, not {seat!r}")
    return seat


def view(state: State, seat: int) -> View:
    """
    What ``seat`` may know (BB-21).

    Raises:
        RulesError: for a seat out of range.

    >>> from cardrules import biggenbende as bb
    >>> state = bb.new_game(bb.Rules(players=3), seed=42)
    >>> view = bb.view(state, 0)
    >>> view.face_down, view.draw_count
    (((True, True, True), (True, True, True), (True, True, True)), 50)
    """
    seat = _seat(state, seat)
    if state.phase == "choose":  # BB-4, BB-21: others' choices stay hidden
        face_up = tuple(u if s == seat else _EMPTY for s, u in enumerate(state.face_up))
        hand_counts = tuple(
            sum(h) + (0 if s == seat else sum(u))
            for s, (h, u) in enumerate(zip(state.hands, state.face_up, strict=True))
        )
    else:
        face_up = state.face_up
        hand_counts = tuple(sum(h) for h in state.hands)
    return View(
        seat=seat,
        rules=state.rules,
        round=state.round,
        starter=state.starter,
        phase=state.phase,
        turn=state.turn,
        direction=state.direction,
        hand=state.hands[seat],
        hand_counts=hand_counts,
        face_up=face_up,
        face_down=tuple(tuple(c is not None for c in row) for row in state.face_down),
        draw_count=len(state.draw),
        discard=state.discard,
        removed=state.removed,
        places=state.places,
        moves=state.moves,
        chips=state.chips,
        supply=state.supply,
        cut_rounds=state.cut_rounds,
    )


def redeal_hidden(state: State, seat: int, *, seed: int) -> State:
    """
    A state that differs from ``state`` only in what ``seat`` cannot see: the other
    hands (and, while choosing, the others' seven cards and choices), every
    face-down card, the draw pile's order and the RNG, reshuffled with ``Rng(seed)``.

    Raises:
        RulesError: for a seat out of range or a bad seed.

    >>> from cardrules import biggenbende as bb
    >>> state = bb.new_game(bb.Rules(players=3), seed=42)
    >>> other = bb.redeal_hidden(state, 1, seed=9)
    >>> bb.view(other, 1) == bb.view(state, 1), other.hands[1] == state.hands[1]
    (True, True)
    """
    seat = _seat(state, seat)
    _check_seed(seed)
    choosing = state.phase == "choose"
    others = [s for s in range(state.rules.players) if s != seat]
    pool = list(state.draw)
    for row in state.face_down:
        pool += [c for c in row if c is not None]
    for s in others:
        pool += _expand(state.hands[s])
        if choosing:
            pool += _expand(state.face_up[s])
    cards, rng = _shuffle(seed, pool)
    deck: Iterator[int] = iter(cards)

    def take(k: int) -> tuple[int, ...]:
        return _counts(next(deck) for _ in range(k))

    hands = list(state.hands)
    face_up = list(state.face_up)
    for s in others:
        hands[s] = take(sum(hands[s]))
        if choosing:
            face_up[s] = take(sum(face_up[s]))
    face_down = tuple(
        tuple(None if c is None else next(deck) for c in row) for row in state.face_down
    )
    draw = tuple(deck)
    return attrs.evolve(
        state,
        rng=Rng(rng),
        hands=tuple(hands),
        face_up=tuple(face_up),
        face_down=face_down,
        draw=draw,
    )


# --------------------------------------------------------------------------- checks


def _discard_problem(discard: tuple[int, ...]) -> tuple[int, str] | None:
    """
    What is wrong with a discard pile's order, as ``(index, what)``, or ``None``.

    A pile that play builds holds no 8 (BB-13), no value on a higher value but on a
    joker (BB-6), and no three identical cards in a row anywhere: three identical
    cards burn the pile as soon as they lie on top, and later cards only go on top
    (BB-12).
    """
    for i, card in enumerate(discard):
        if card == 8:
            return i, "an 8 burns the pile at once (BB-13)"
        if i and card != JOKER and discard[i - 1] != JOKER and card < discard[i - 1]:
            return i, f"{card} cannot lie on {discard[i - 1]} (BB-6)"
        if i >= 2 and card == discard[i - 1] == discard[i - 2]:
            return i, f"three identical cards ({card_name(card)}) burn the pile (BB-12)"
    return None


def _bad(path: str, what: str) -> InvalidStateError:
    return InvalidStateError(f"{path}: {what}")


def _check_int(value: object, path: str, low: int, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise _bad(path, f"expected an int {bound}, got {value!r}")
    return value


def _check_tuple(value: object, path: str, length: int | None = None) -> tuple[object, ...]:
    if type(value) is not tuple:
        raise _bad(path, f"expected a tuple, got {type(value).__name__}")
    if length is not None and len(value) != length:
        raise _bad(path, f"expected {length} entries, got {len(value)}")
    return value


def _check_counts(value: object, path: str) -> tuple[int, ...]:
    items = _check_tuple(value, path, VALUES)
    if not all(type(c) is int and c >= 0 for c in items):  # fast path first
        for v, c in enumerate(items):
            _check_int(c, f"{path}[{v}]", 0)
    return items  # type: ignore[return-value]


def _check_pile(value: object, path: str) -> tuple[int, ...]:
    items = _check_tuple(value, path)
    if not all(type(c) is int and 0 <= c < VALUES for c in items):  # fast path first
        for i, c in enumerate(items):
            _check_int(c, f"{path}[{i}]", 0, VALUES - 1)
    return items  # type: ignore[return-value]


def _check_rules(rules: object) -> Rules:
    """The rules of a state or view, validated afresh (a loaded value may be forged)."""
    if not isinstance(rules, Rules):
        raise _bad("rules", f"expected a biggenbende.Rules, got {type(rules).__name__}")
    try:
        Rules(**attrs.asdict(rules))
    except RulesError as exc:
        raise _bad("rules", str(exc)) from None
    return rules


def _check_chips(obj: State | View, rules: Rules) -> int:
    """
    Chips per seat and the supply add up to ``rules.chips`` (BB-3, BB-18); the same in
    a state and a view.

    Returns:
        The supply.
    """
    chips = _check_tuple(obj.chips, "chips", rules.players)
    for s, c in enumerate(chips):
        _check_int(c, f"chips[{s}]", 0)
    supply = _check_int(obj.supply, "supply", 0)
    held = sum(chips)  # type: ignore[arg-type]
    if supply + held != rules.chips:
        raise _bad("supply", f"{supply} in the supply + {held} held != {rules.chips} chips (BB-3)")
    return supply


def _check_progress(
    obj: State | View,
    rules: Rules,
    rnd: int,
    phase: str,
    supply: int,
    left: Sequence[int],
    discard: tuple[int, ...],
) -> int | None:
    """
    The round's progress, the same in a state and a view: places (BB-17), the move
    counter and cut rounds (BB-20), the end of the match (BB-19) and the seat to move.

    Args:
        obj: the state or view.
        rules: its (checked) rules.
        rnd: its (checked) round.
        phase: its (checked) phase.
        supply: its (checked) chip supply.
        left: the cards each seat still holds, hand, face up and face down.
        discard: its (checked) discard pile.

    Returns:
        The moves made in the round, or ``None`` once the match is over.
    """
    n = rules.players
    places = _check_tuple(obj.places, "places")
    for i, place in enumerate(places):
        _check_int(place, f"places[{i}]", 0, n - 1)
    if len(set(places)) != len(places):
        raise _bad("places", f"a seat is out twice: {places!r}")
    for s in range(n):
        if (s in places) != (left[s] == 0):
            what = "is out but holds cards" if s in places else "holds no cards but is not out"
            raise _bad("places", f"seat {s} {what} (BB-17)")
    moves = _check_int(obj.moves, "moves", 0)
    limit = rules.max_turns_per_round
    cut_rounds = _check_tuple(obj.cut_rounds, "cut_rounds")
    if cut_rounds and limit is None:
        raise _bad("cut_rounds", "no round is cut without a turn limit (BB-20)")
    last = rnd if phase == "over" else rnd - 1
    previous = 0
    for i, r in enumerate(cut_rounds):
        previous = _check_int(r, f"cut_rounds[{i}]", previous + 1, last)
    if phase == "over":
        if obj.turn is not None:
            raise _bad("turn", f"expected None once over, got {obj.turn!r}")
        if rnd != rules.rounds and supply != 0:
            raise _bad(
                "phase", f"over after round {rnd} of {rules.rounds} with chips left (BB-19)"
            )
        if len(places) > 2 or (limit is not None and moves > limit):
            raise _bad("places", "more places or moves than a round allows")
        # The last round ended: at the second player out (BB-17), or cut by the limit
        # after exactly that many moves (BB-20), never both.
        if rnd in cut_rounds:
            if len(places) == 2:
                raise _bad(
                    "cut_rounds", f"round {rnd} ended with two players out, not cut (BB-20)"
                )
            if moves != limit:
                raise _bad(
                    "moves", f"round {rnd} was cut after {moves} moves, not {limit} (BB-20)"
                )
        elif len(places) != 2:
            raise _bad(
                "places",
                f"round {rnd} ended with {len(places)} players out and was not cut (BB-17)",
            )
        return None
    if len(places) > 1:
        raise _bad("places", "the round ends when the second player goes out (BB-17)")
    if limit is not None and moves >= limit:
        raise _bad("moves", f"{moves} moves reach the limit of {limit} (BB-20)")
    turn = _check_int(obj.turn, "turn", 0, n - 1)
    if turn in places:
        raise _bad("turn", f"seat {turn} is out of the round (BB-17)")
    if phase == "choose":
        if obj.direction != 1 or discard or places:
            raise _bad("phase", "the face-up choice (BB-4) comes before any play")
        if moves >= n or turn != (obj.starter + moves) % n:
            raise _bad("turn", f"after {moves} choices seat {(obj.starter + moves) % n} chooses")
    return moves


def check_state(state: State) -> None:
    """
    Raise :class:`~cardrules.InvalidStateError` if ``state`` breaks an invariant.

    Checked: the rules; every field's type and range; the deck all accounted for
    across hands, face-up rows, face-down rows, draw pile, discard pile and removed
    cards; the discard pile's order (BB-6, BB-12, BB-13: no run of three identical
    cards anywhere); chips conserved (``supply + sum(chips) == rules.chips``); the
    seat to move in the round; the choice phase (BB-4: three cards for each seat
    still to choose); no empty hand while the draw pile has cards (BB-7); a finished
    match's last round ended by two players out (BB-17) or by the turn limit (BB-20).

    >>> import attrs
    >>> from cardrules import biggenbende as bb
    >>> state = bb.new_game(bb.Rules(players=3), seed=1)
    >>> bb.check_state(state)
    >>> bb.check_state(attrs.evolve(state, supply=39))
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: supply: 39 in the supply + 0 held != 40 chips (BB-3)
    """
    if not isinstance(state, State):
        raise _bad("state", f"expected a biggenbende.State, got {type(state).__name__}")
    rules = _check_rules(state.rules)
    if not isinstance(state.rng, Rng):
        raise _bad("rng", f"expected an Rng, got {type(state.rng).__name__}")
    n = rules.players
    rnd = _check_int(state.round, "round", 1, rules.rounds)
    if state.starter != (rnd - 1) % n:
        raise _bad(
            "starter",
            f"round {rnd} starts with seat {(rnd - 1) % n} (BB-5), not {state.starter!r}",
        )
    phase = state.phase
    if phase not in ("choose", "play", "over"):
        raise _bad("phase", f"expected 'choose', 'play' or 'over', got {phase!r}")
    if state.direction not in (1, -1) or type(state.direction) is not int:
        raise _bad("direction", f"expected 1 or -1, got {state.direction!r}")
    hands = [
        _check_counts(h, f"hands[{s}]")
        for s, h in enumerate(_check_tuple(state.hands, "hands", n))
    ]
    face_up = [
        _check_counts(u, f"face_up[{s}]")
        for s, u in enumerate(_check_tuple(state.face_up, "face_up", n))
    ]
    face_down: list[tuple[int | None, ...]] = []
    for s, row in enumerate(_check_tuple(state.face_down, "face_down", n)):
        items = _check_tuple(row, f"face_down[{s}]", 3)
        for p, c in enumerate(items):
            if c is not None:
                _check_int(c, f"face_down[{s}][{p}]", 0, VALUES - 1)
        face_down.append(items)  # type: ignore[arg-type]
    draw = _check_pile(state.draw, "draw")
    discard = _check_pile(state.discard, "discard")
    removed = _check_counts(state.removed, "removed")
    # Card conservation (BB-1).
    total = list(map(sum, zip(removed, *hands, *face_up, strict=True)))
    for card in (*draw, *discard):
        total[card] += 1
    for row in face_down:
        for c in row:
            if c is not None:
                total[c] += 1
    deck = rules.deck
    for v in range(VALUES):
        if total[v] != deck[v]:
            raise _bad(
                "hands",
                f"the cards are not conserved: {total[v]} of {card_name(v)} across hands, rows "
                f"and piles, the deck has {deck[v]}",
            )
    problem = _discard_problem(discard)
    if problem:
        raise _bad(f"discard[{problem[0]}]", problem[1])
    supply = _check_chips(state, rules)  # BB-3, BB-18
    # Places, the move counter and the seat to move.
    left = _cards_left(tuple(hands), tuple(face_up), tuple(face_down))
    moves = _check_progress(state, rules, rnd, phase, supply, left, discard)
    if moves is None:
        return
    if phase == "choose":
        for i in range(n):
            s = (state.starter + i) % n
            want = 3 if i < moves else 0
            if sum(face_up[s]) != want:
                raise _bad(f"face_up[{s}]", f"expected {want} face-up cards while choosing (BB-4)")
            # BB-4, BB-7: a seat still to choose has three cards to choose from, and every
            # seat keeps a hand card while the draw pile has cards.
            need = (0 if i < moves else 3) + (1 if draw else 0)
            if sum(hands[s]) < need:
                raise _bad(
                    f"hands[{s}]",
                    f"{sum(hands[s])} cards, {need} needed "
                    + ("to choose from " if i >= moves else "")
                    + ("while the draw pile has cards " if draw else "")
                    + "(BB-4, BB-7)",
                )
    elif draw:
        for s in range(n):
            if hands[s] == _EMPTY:
                raise _bad(f"hands[{s}]", "empty while the draw pile has cards (BB-7, BB-8)")


def check_view(view: View) -> None:
    """
    Raise :class:`~cardrules.InvalidStateError` if ``view`` is inconsistent in itself.

    Checked from the view alone: the rules; the seat, the seat to move, the round's
    starter (BB-5), the phase and the direction; one entry per seat in every
    per-seat tuple, count tuples of 13 counts >= 0 and face-down rows of three
    flags; the seat's own hand matching its hand count; the cards seen (hand,
    face-up rows, discard pile, removed cards) never more of a value than the deck
    holds, and with the counted hidden cards (other hands, face-down rows, draw
    pile) exactly the deck (BB-1); the discard pile's order (BB-6, BB-12, BB-13);
    chips conserved (BB-3); the seats out exactly those with no cards left (BB-17);
    the choice phase (BB-4: other seats' face-up rows still hidden, enough cards to
    choose from); no empty hand while the draw pile has cards (BB-7); the move
    counter and cut rounds against the turn limit (BB-20); a finished match as in
    :func:`check_state` (BB-17, BB-19). What the seat cannot see (other hands,
    face-down cards, the draw pile's order) cannot be checked.

    >>> import attrs
    >>> from cardrules import biggenbende as bb
    >>> seen = bb.view(bb.new_game(bb.Rules(players=3), seed=1), 1)
    >>> bb.check_view(seen)
    >>> bb.check_view(attrs.evolve(seen, hand_counts=(7, 7)))
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: hand_counts: expected 3 entries, got 2
    """
    if not isinstance(view, View):
        raise _bad("view", f"expected a biggenbende.View, got {type(view).__name__}")
    rules = _check_rules(view.rules)
    n = rules.players
    seat = _check_int(view.seat, "seat", 0, n - 1)
    rnd = _check_int(view.round, "round", 1, rules.rounds)
    if view.starter != (rnd - 1) % n or type(view.starter) is not int:
        raise _bad(
            "starter",
            f"round {rnd} starts with seat {(rnd - 1) % n} (BB-5), not {view.starter!r}",
        )
    phase = view.phase
    if phase not in ("choose", "play", "over"):
        raise _bad("phase", f"expected 'choose', 'play' or 'over', got {phase!r}")
    if view.direction not in (1, -1) or type(view.direction) is not int:
        raise _bad("direction", f"expected 1 or -1, got {view.direction!r}")
    hand = _check_counts(view.hand, "hand")
    hand_counts = [
        _check_int(c, f"hand_counts[{s}]", 0)
        for s, c in enumerate(_check_tuple(view.hand_counts, "hand_counts", n))
    ]
    if hand_counts[seat] != sum(hand):
        raise _bad(
            f"hand_counts[{seat}]",
            f"the seat's own hand holds {sum(hand)} cards, not {hand_counts[seat]}",
        )
    face_up = [
        _check_counts(u, f"face_up[{s}]")
        for s, u in enumerate(_check_tuple(view.face_up, "face_up", n))
    ]
    face_down = []
    for s, row in enumerate(_check_tuple(view.face_down, "face_down", n)):
        items = _check_tuple(row, f"face_down[{s}]", 3)
        for p, flag in enumerate(items):
            if type(flag) is not bool:
                raise _bad(f"face_down[{s}][{p}]", f"expected a bool, got {flag!r}")
        face_down.append(sum(items))  # type: ignore[arg-type]
    draw_count = _check_int(view.draw_count, "draw_count", 0)
    discard = _check_pile(view.discard, "discard")
    removed = _check_counts(view.removed, "removed")
    # BB-1: the cards seen hold no value more often than the deck, and with the hidden
    # cards counted they are the whole deck. While choosing (BB-4) another seat's
    # hidden face-up choice is counted in its hand count.
    deck = rules.deck
    seen = list(map(sum, zip(hand, removed, *face_up, strict=True)))
    for card in discard:
        seen[card] += 1
    for v in range(VALUES):
        if seen[v] > deck[v]:
            raise _bad(
                "hand",
                f"{seen[v]} of {card_name(v)} seen in the hand, face-up rows and piles, "
                f"the deck has {deck[v]} (BB-1)",
            )
    size = sum(deck)
    total = (
        sum(hand_counts) + sum(map(sum, face_up)) + sum(face_down) + draw_count
        + len(discard) + sum(removed)
    )  # fmt: skip
    if total != size:
        raise _bad(
            "draw_count",
            f"hands, face-up and face-down rows, draw and discard piles and removed cards "
            f"hold {total} cards, the deck has {size} (BB-1)",
        )
    problem = _discard_problem(discard)
    if problem:
        raise _bad(f"discard[{problem[0]}]", problem[1])
    supply = _check_chips(view, rules)  # BB-3, BB-18
    # Places, the move counter and the seat to move.
    left = [hand_counts[s] + sum(face_up[s]) + face_down[s] for s in range(n)]
    moves = _check_progress(view, rules, rnd, phase, supply, left, discard)
    if moves is None:
        return
    if phase == "choose":
        chosen = (seat - view.starter) % n < moves
        if sum(face_up[seat]) != (3 if chosen else 0):
            raise _bad(
                f"face_up[{seat}]",
                f"expected {3 if chosen else 0} face-up cards while choosing (BB-4)",
            )
        need = 3 + (1 if draw_count else 0)
        for s in range(n):
            # BB-4, BB-21: the others' choices stay hidden until every seat has chosen.
            if s != seat and face_up[s] != _EMPTY:
                raise _bad(
                    f"face_up[{s}]", "another seat's choice is hidden while choosing (BB-4)"
                )
            # BB-4, BB-7: three cards to choose from (or chosen), and a hand card kept
            # while the draw pile has cards.
            have = hand_counts[s] + (sum(face_up[s]) if s == seat else 0)
            if have < need:
                raise _bad(
                    f"hand_counts[{s}]",
                    f"{have} cards in hand and face up, {need} needed while choosing (BB-4, BB-7)",
                )
    elif draw_count:
        for s in range(n):
            if hand_counts[s] == 0:
                raise _bad(f"hand_counts[{s}]", "empty while the draw pile has cards (BB-7, BB-8)")
