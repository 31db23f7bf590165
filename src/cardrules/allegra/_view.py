"""
What one seat sees of an Allegra game (AL-14), and worlds consistent with it.
"""

from __future__ import annotations

import attrs

from cardrules._checks import expect, must_be
from cardrules._rng import Rng, _check_seed, _shuffle
from cardrules.allegra._state import State, View
from cardrules.errors import RulesError

__all__ = ["redeal_hidden", "view"]


def view(state: State, seat: int) -> View:
    """
    What ``seat`` may know (AL-14).

    Face-up cards, the discard pile, removed cards, the drawn card, knocks and passes
    and the counts of deck and hand are public; face-down cards and the deck order are
    hidden from everyone; a knocker's card in hand is seen by that knocker only. After
    an AL-11 rebuild the cards of the deck are public (``deck_cards``, ascending), their
    order is not.

    Raises:
        ~cardrules.errors.WrongTypeError: if ``state`` is not an Allegra ``State``.
        ~cardrules.RulesError: for a seat out of range.

    >>> from cardrules.allegra import Rules, new_game
    >>> v = view(new_game(Rules(players=3), seed=1), 2)
    >>> v.seat, v.cards[0], v.deck_count
    (2, None, 83)
    """
    n = expect(state, State, "an allegra State").rules.players
    if type(seat) is not int or not 0 <= seat < n:
        raise RulesError(must_be("seat", seat, 0, n - 1))
    cards, face_up = state.cards, state.face_up
    return View(
        rules=state.rules,
        seat=seat,
        round=state.round,
        phase=state.phase,
        current=state.current,
        reveals_left=state.reveals_left,
        cards=tuple([c if up else None for c, up in zip(cards, face_up, strict=True)]),
        face_down=tuple([c is not None and not up for c, up in zip(cards, face_up, strict=True)]),
        deck_count=len(state.deck),
        discard=state.discard,
        removed=state.removed,
        drawn=state.drawn,
        knock_queue=state.knock_queue,
        knockers=state.knockers,
        passers=state.passers,
        receiver=state.receiver,
        placed=state.placed,
        hand=state.hand if seat == state.receiver else None,
        hand_count=0 if state.hand is None else 1,
        ender=state.ender,
        last_turns=state.last_turns,
        turns=state.turns,
        scores=state.scores,
        cut_rounds=state.cut_rounds,
        deck_cards=tuple(sorted(state.deck)) if state.deck_public else None,
    )


def redeal_hidden(state: State, seat: int, *, seed: int) -> State:
    """
    A state that differs from ``state`` only in what ``seat`` cannot see.

    Every face-down card, the deck and (unless ``seat`` holds it) a knocker's card in
    hand are shuffled together with ``Rng(seed)`` and dealt back keeping the counts;
    the RNG becomes the generator after that shuffle. When the cards of the deck are
    public (``State.deck_public``, after an AL-11 rebuild) they stay in the deck: the
    face-down cards and a hidden hand are shuffled among themselves, then the deck's
    order with the generator after that shuffle.

    Raises:
        ~cardrules.errors.WrongTypeError: if ``state`` is not an Allegra ``State``.
        ~cardrules.RulesError: for a seat or seed out of range.

    >>> from cardrules.allegra import Rules, new_game
    >>> state = new_game(Rules(players=3), seed=1)
    >>> other = redeal_hidden(state, 0, seed=9)
    >>> view(other, 0) == view(state, 0), other.cards == state.cards
    (True, False)
    """
    view(state, seat)  # validates the seat
    _check_seed(seed)
    cards = list(state.cards)
    down = [i for i, c in enumerate(cards) if c is not None and not state.face_up[i]]
    hide_hand = state.hand is not None and state.receiver != seat
    pool: list[int] = [cards[i] for i in down]  # type: ignore[misc]
    public = state.deck_public
    if not public:
        pool.extend(state.deck)
    if hide_hand:
        pool.append(state.hand)  # type: ignore[arg-type]
    shuffled, rng = _shuffle(Rng(seed).state, pool)
    for k, i in enumerate(down):
        cards[i] = shuffled[k]
    nd = len(down)
    if public:
        # AL-11, AL-14: everyone knows which cards the deck holds, not their order.
        order, rng = _shuffle(rng, state.deck)
        deck = tuple(order)
    else:
        deck = tuple(shuffled[nd : nd + len(state.deck)])
    hand = shuffled[-1] if hide_hand else state.hand
    return attrs.evolve(state, rng=Rng(rng), cards=tuple(cards), deck=deck, hand=hand)
