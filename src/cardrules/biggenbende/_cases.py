"""
The named sub-cases of Biggenbende's rules (``GAME.rule_cases``): derived from an
event and the state before its move, never saved; the smaller rules the testing kit
shrinks a deal through (``GAME.smaller_rules``); and the first state it starts from
now and then (``GAME.known_starts``): a round's end, which seeded rounds reach late.

>>> from cardrules.biggenbende import Rules, new_game
>>> from cardrules.biggenbende._events import Skipped
>>> state = new_game(Rules(players=3), seed=1)
>>> [name for name, test in RULE_CASES if test(Skipped(0, 1), state)]
['BB-14/three-or-more-left']
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from cardrules.biggenbende._cards import counts, expand
from cardrules.biggenbende._deal import new_game
from cardrules.biggenbende._events import Burned, Reversed, Skipped
from cardrules.biggenbende._state import BURN, Deal, Rules, State
from cardrules.game import _valid_changes

__all__ = ["RULE_CASES", "known_starts", "smaller_rules"]


def _left(state: State) -> int:
    """The seats still playing the round (BB-17)."""
    return state.rules.players - len(state.places)


def _with_seats_left(kind: type, *, two: bool) -> Callable[[Any, State], bool]:
    """An event of ``kind`` with two seats left in the round (``two``) or more."""

    def test(event: Any, before: State) -> bool:
        left = _left(before)
        return isinstance(event, kind) and (left == 2 if two else left > 2)

    return test


def _play_count(event: Burned, before: State) -> int:
    """The cards of the burning play: what left the round less the pile before it."""
    return event.count - len(before.discard)


def _burn_in_one_play(event: Any, before: State) -> bool:
    return isinstance(event, Burned) and event.value != BURN and _play_count(event, before) >= 3


def _burn_across_plays(event: Any, before: State) -> bool:
    return isinstance(event, Burned) and event.value != BURN and _play_count(event, before) < 3


RULE_CASES: tuple[tuple[str, Callable[[Any, State], bool]], ...] = (
    ("BB-12/one-play", _burn_in_one_play),
    ("BB-12/across-plays", _burn_across_plays),
    ("BB-14/two-left", _with_seats_left(Skipped, two=True)),
    ("BB-14/three-or-more-left", _with_seats_left(Skipped, two=False)),
    ("BB-15/two-left", _with_seats_left(Reversed, two=True)),
    ("BB-15/three-or-more-left", _with_seats_left(Reversed, two=False)),
)
"""Three of a kind in one play or across plays (BB-12); a skip with two seats left in
the round, where the player plays again, or with more (BB-14); a reversal with two
seats left, where the stored direction flips all the same, or with more (BB-15)."""


def smaller_rules(rules: Rules) -> Iterator[Rules]:
    """
    Rules a little smaller than ``rules`` (``GAME.smaller_rules``): fewer players,
    rounds, cards and chips, an earlier cut; each valid, the likeliest to keep a bug
    first.

    >>> [r.players for r in smaller_rules(Rules(players=4))][:1]
    [3]
    >>> list(smaller_rules(Rules(players=3, copies_per_value=3, jokers=0, chips=0,
    ...     rounds=1, max_turns_per_round=1)))
    []
    """
    steps: list[dict[str, Any]] = []
    if rules.players > 3:
        steps.append({"players": rules.players - 1})
    if rules.rounds > 1:
        steps.append({"rounds": rules.rounds // 2})
    if rules.copies_per_value > 1:
        steps.append({"copies_per_value": rules.copies_per_value - 1})
    if rules.jokers > 0:
        steps.append({"jokers": rules.jokers // 2})
    if rules.max_turns_per_round is None:
        steps.append({"max_turns_per_round": 5000})
    elif rules.max_turns_per_round > 1:
        steps.append({"max_turns_per_round": rules.max_turns_per_round // 2})
    if rules.chips > 0:
        steps.append({"chips": rules.chips // 2})
    yield from _valid_changes(rules, steps)


_EMPTY_ROW = (None, None, None)


def _round_end(players: int) -> Deal:
    """
    The cards each seat holds in :func:`known_starts`' deal, every other card already
    burnt (``removed``); face-up rows given, no draw pile.
    """
    # Seat 1's cards: with three players an 11 to play with two seats left and a
    # face-down 8 to go out with by a burn.
    hand, down = ((4, 8, 11), (None, None, 8)) if players == 3 else ((4, 8), (None, None, 12))
    hands: list[tuple[int, ...]] = [(4,), hand, ()]
    face_down: list[tuple[int | None, ...]] = [_EMPTY_ROW, down, (1, None, None)]
    for _ in range(3, players):
        hands.append((10,))
        face_down.append((None, 3, None))
    return Deal(hands=tuple(hands), face_down=tuple(face_down), draw=(), face_up=((),) * players)


def known_starts(rules: Rules) -> tuple[State, ...]:
    """
    A round's end (``GAME.known_starts``): round 1 starts with every card but a few
    already burnt, so that the simplest play (each first legal move) reaches the rules
    of a round's end in its first moves, where seeded rounds take a hundred moves or
    more. Later rounds are dealt from seed 0. Seat 0 holds one 4: it goes out with it
    (BB-17), and the 4 still skips seat 1 (BB-14). Seat 2 holds only a face-down 1,
    which it turns onto the 4 and must take with the pile (BB-11). With three players
    seat 1 then plays a 4 with two seats left and the turn comes back to it
    (BB-14/two-left), burns the pile with an 8 (BB-13) and plays an 11 with two seats
    left (BB-15/two-left); seat 2 cannot beat it and picks up (BB-9), and seat 1 turns
    its face-down 8, burns the empty pile with it and goes out second by the burn,
    with no extra play, which ends the round (BB-17, BB-18). With more players seat 1
    holds a 4, an 8 and a face-down 12, and each other seat a 10 and a face-down 3:
    they play their 10s, seat 1 must pick up (BB-9), and the next seat to turn its 3
    goes out second; with six, the third 10 burns (BB-12) and that seat goes out at
    once.

    >>> start = known_starts(Rules(players=3))[0]
    >>> start.phase, sum(start.removed), sum(start.hands[0])
    ('play', 74, 1)
    """
    deal = _round_end(rules.players)
    face_down = (card for row in deal.face_down for card in row if card is not None)
    held = counts([*itertools.chain.from_iterable(deal.hands), *face_down])
    # Every deck that deals ten cards a seat (BB-4) holds these: it has two copies of
    # each value at least, and n - 1 copies with n > 3 seats, which need n - 3 each of
    # 3 and 10.
    removed = tuple(expand([d - h for d, h in zip(rules.deck, held, strict=True)]))
    return (new_game(rules, seed=0, deal=attrs.evolve(deal, removed=removed)),)
