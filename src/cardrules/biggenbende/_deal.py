"""
Dealing Biggenbende: ``new_game``, the seeded deal of every round (BB-4, BB-5) and
the explicit :class:`~cardrules.biggenbende.Deal`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from cardrules._checks import WrongRulesType, must_be
from cardrules._rng import Rng, _check_seed, _shuffle
from cardrules.biggenbende._cards import EMPTY, NO_FACE_DOWN, counts, expand
from cardrules.biggenbende._checks import check_state, discard_problem
from cardrules.biggenbende._state import (
    HAND_SIZE,
    ROW_SIZE,
    VALUES,
    Deal,
    Rules,
    State,
    card_name,
    short,
)
from cardrules.errors import RulesError

__all__ = ["deal_round", "new_game"]


@lru_cache(maxsize=64)
def _deck_cards(rules: Rules) -> tuple[int, ...]:
    return tuple(expand(rules.deck))


def deal_round(
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
    row, size = ROW_SIZE, HAND_SIZE
    face_down = tuple(tuple(cards[row * s : row * s + row]) for s in range(n))
    base = row * n
    hands = tuple(counts(cards[base + size * s : base + size * s + size]) for s in range(n))
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
        face_up=(EMPTY,) * n,
        face_down=face_down,
        draw=tuple(cards[(row + size) * n :]),
        discard=(),
        removed=EMPTY,
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
    if not isinstance(rules, Rules):  # a RulesError, as the tests pin, and a TypeError
        raise WrongRulesType(f"rules must be a biggenbende.Rules, not {short(rules)}")
    _check_seed(seed)
    if deal is None:
        return deal_round(rules, seed, 1, (0,) * rules.players, rules.chips, ())
    return _from_deal(rules, seed, deal)


def _card(value: object, path: str) -> int:
    if type(value) is not int or not 0 <= value < VALUES:
        raise RulesError(f"{path}: {short(value)} is not a card value (0 = joker, 1..12)")
    return value


def _cards(values: object, path: str) -> list[int]:
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise RulesError(f"{path}: expected a sequence of card values, not {short(values)}")
    return [_card(v, f"{path}[{i}]") for i, v in enumerate(values)]


def _per_seat(rows: object, path: str, n: int) -> list[object]:
    if isinstance(rows, str) or not isinstance(rows, Sequence) or len(rows) != n:
        raise RulesError(f"{path}: expected one entry per seat ({n}), not {short(rows)}")
    return list(rows)


def _from_deal(rules: Rules, seed: int, deal: Deal) -> State:
    if not isinstance(deal, Deal):
        raise RulesError(f"deal must be a biggenbende.Deal, not {short(deal)}")
    n = rules.players
    hands = [
        _cards(h, f"deal.hands[{s}]") for s, h in enumerate(_per_seat(deal.hands, "deal.hands", n))
    ]
    face_down: list[tuple[int | None, ...]] = []
    for s, row in enumerate(_per_seat(deal.face_down, "deal.face_down", n)):
        path = f"deal.face_down[{s}]"
        if isinstance(row, str) or not isinstance(row, Sequence) or len(row) != ROW_SIZE:
            raise RulesError(f"{path}: expected three entries (a value or None), not {short(row)}")
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
        raise RulesError("deal.round: " + must_be("", deal.round, 1, rules.rounds))
    if deal.chips is None:
        chips: tuple[int, ...] = (0,) * n
    else:
        held = _per_seat(deal.chips, "deal.chips", n)
        for s, c in enumerate(held):
            if type(c) is not int or c < 0:
                raise RulesError(f"deal.chips[{s}]: " + must_be("", c, 0, None))
        chips = tuple(held)  # type: ignore[arg-type]
        if sum(chips) > rules.chips:
            raise RulesError(f"deal.chips: {sum(chips)} chips held, the supply has {rules.chips}")
    everything = [*draw, *discard, *removed]
    for s in range(n):
        everything += hands[s] + face_up[s] + [c for c in face_down[s] if c is not None]
    given = counts(everything)
    if given != rules.deck:
        wrong = [
            f"{card_name(v)}: {given[v]} given, {rules.deck[v]} in the deck"
            for v in range(VALUES)
            if given[v] != rules.deck[v]
        ]
        raise RulesError(
            "deal: the cards are not the deck of the rules (BB-1): " + "; ".join(wrong)
        )
    problem = discard_problem(tuple(discard))
    if problem:
        raise RulesError(f"deal.discard[{problem[0]}]: {problem[1]}")
    if choosing:
        if discard:
            raise RulesError(
                "deal.discard: must be empty while the face-up cards are chosen (BB-4)"
            )
        # BB-4, BB-7: three cards to choose, and one more to keep in hand while the draw
        # pile has cards (a hand is empty only once the draw pile is).
        need = ROW_SIZE + 1 if draw else ROW_SIZE
        for s in range(n):
            if len(hands[s]) < need:
                raise RulesError(
                    f"deal.hands[{s}]: needs at least {need} cards to choose from "
                    + ("while the draw pile has cards (BB-4, BB-7)" if draw else "(BB-4)")
                )
    else:
        for s in range(n):
            if not hands[s] and not face_up[s] and face_down[s] == NO_FACE_DOWN:
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
        hands=tuple(counts(h) for h in hands),
        face_up=tuple(counts(u) for u in face_up),
        face_down=tuple(face_down),
        draw=tuple(draw),
        discard=tuple(discard),
        removed=counts(removed),
        places=(),
        moves=0,
        chips=chips,
        supply=rules.chips - sum(chips),
        cut_rounds=(),
    )
    check_state(state)
    return state
