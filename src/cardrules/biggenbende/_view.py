"""
What one seat may know: ``view`` (BB-21), and ``redeal_hidden``, a world that seat
cannot tell apart from the true one.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs

from cardrules._checks import expect, must_be
from cardrules._rng import Rng, _check_seed, _shuffle
from cardrules.biggenbende._cards import EMPTY, counts, expand
from cardrules.biggenbende._state import JOKER, State, View
from cardrules.errors import RulesError

__all__ = ["checked_seat", "redeal_hidden", "view"]


def checked_seat(state: State, seat: object) -> int:
    """``seat`` itself if it is a seat of ``state``'s match, else a ``RulesError``."""
    if type(state) is not State:
        expect(state, State, "a biggenbende State")
    n = state.rules.players
    if type(seat) is not int or not 0 <= seat < n:
        raise RulesError(must_be("seat", seat, 0, n - 1))
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
    seat = checked_seat(state, seat)
    if state.phase == "choose":  # BB-4, BB-21: others' choices stay hidden
        face_up = tuple(u if s == seat else EMPTY for s, u in enumerate(state.face_up))
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
    seat = checked_seat(state, seat)
    _check_seed(seed)
    return _redeal(state, seat, seed)


def _redeal(
    state: State,
    seat: int,
    seed: int,
    known: Sequence[Sequence[int]] | None = None,
    bounds: Sequence[Sequence[int]] | None = None,
) -> State:
    """
    ``state`` with everything ``seat`` cannot see reshuffled with ``Rng(seed)``
    (:func:`redeal_hidden`); with ``known``, every other hand keeps those cards (count
    tuples, per seat), and with ``bounds``, that many more of its cards are each lower
    than its bound and no joker (per seat, lowest first): they take the first cards of
    the shuffle that are low enough, lowest bound first over every seat. The caller
    has checked that the true hands hold them. With neither, this is the plain redeal.
    """
    choosing = state.phase == "choose"
    others = [s for s in range(state.rules.players) if s != seat]
    pool = list(state.draw)
    for row in state.face_down:
        pool += [c for c in row if c is not None]
    for s in others:
        hand = state.hands[s]
        if known is not None:
            hand = tuple(h - k for h, k in zip(hand, known[s], strict=True))
        pool += expand(hand)
        if choosing:
            pool += expand(state.face_up[s])
    cards, rng = _shuffle(seed, pool)
    low: list[list[int]] = [[] for _ in state.hands]
    if bounds is not None:
        wanted = sorted((bound, s) for s in others for bound in bounds[s])
        picked = _matches(cards, [bound for bound, _ in wanted])
        if picked is None:  # the caller found a match in the true hands: never here
            raise RulesError("the low cards of the hands cannot be dealt")
        for (_, s), k in zip(wanted, picked, strict=True):
            low[s].append(cards[k])
        taken = set(picked)
        cards = [c for k, c in enumerate(cards) if k not in taken]
    deck: Iterator[int] = iter(cards)

    def take(k: int) -> tuple[int, ...]:
        return counts(next(deck) for _ in range(k))

    hands = list(state.hands)
    face_up = list(state.face_up)
    for s in others:
        if known is None and not low[s]:
            hands[s] = take(sum(hands[s]))
        else:
            held = (0,) * len(hands[s]) if known is None else known[s]
            free = sum(hands[s]) - sum(held) - len(low[s])
            drawn = counts([*low[s], *(next(deck) for _ in range(free))])
            hands[s] = tuple(k + d for k, d in zip(held, drawn, strict=True))
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


def _matches(cards: Sequence[int], bounds: Sequence[int]) -> list[int] | None:
    """The index in ``cards`` of a card for every bound, lowest bound first, each the
    first card left that is lower than the bound and no joker; ``None`` if a bound
    finds none. (The bounds are nested sets of values, so taking them lowest first
    finds a match whenever there is one.)"""
    used = [False] * len(cards)
    picked = []
    for bound in bounds:
        for k, card in enumerate(cards):
            if not used[k] and card != JOKER and card < bound:
                used[k] = True
                picked.append(k)
                break
        else:
            return None
    return picked
