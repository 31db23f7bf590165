"""
Biggenbende's explicit deals (``new_game(rules, seed=..., deal=Deal(...))``), where a
whole-module mutation run found refusals checked only by their type (issue 23): each
refusal is pinned whole, its path and its rule ID, and an accepted deal is the round
it describes.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardrules import biggenbende as bb
from cardrules.errors import RulesError

R = bb.Rules(players=3)


def base(**fields: Any) -> bb.Deal:
    """A valid deal of the 3-player deck at the first play, changed by ``fields``;
    every card not given lies in the removed cards."""
    given: dict[str, Any] = {
        "hands": ((5, 6, 7, 8), (5, 6, 7, 9), (5, 6, 7, 10)),
        "face_down": ((12, 12, 12), (10, 10, 10), (9, 9, 9)),
        "draw": (4, 4),
        "face_up": ((1,), (2,), (3,)),
        "discard": (),
        "round": 1,
        "chips": None,
    }
    given.update(fields)
    used = [0] * 13
    cards = [*given["draw"], *given["discard"]]
    for seat in range(3):
        cards += [*given["hands"][seat], *(c for c in given["face_down"][seat] if c is not None)]
        if given["face_up"] is not None:
            cards += given["face_up"][seat]
    for card in cards:
        used[card] += 1
    removed = tuple(v for v in range(13) for _ in range(R.deck[v] - used[v]))
    return bb.Deal(removed=removed, **given)


def _counts(cards: Any) -> tuple[int, ...]:
    return tuple(list(cards).count(value) for value in range(13))


REFUSED: list[tuple[str, Any, str]] = [
    (
        "not a deal",
        5,
        "deal must be a biggenbende.Deal, not 5",
    ),
    (
        "hands two seats",
        attrs.evolve(base(), hands=((5,), (6,))),
        "deal.hands: expected one entry per seat (3), not ((5,), (6,))",
    ),
    (
        "hands string",
        attrs.evolve(base(), hands=((5,), "ab", (6,))),  # type: ignore[arg-type]
        "deal.hands[1]: expected a sequence of card values, not 'ab'",
    ),
    (
        "hand card 13",
        attrs.evolve(base(), hands=((5, 13), (6,), (7,))),
        "deal.hands[0][1]: 13 is not a card value (0 = joker, 1..12)",
    ),
    (
        "face_down two entries",
        attrs.evolve(base(), face_down=((1, 2, 3), (1, 2), (1, 2, 3))),
        "deal.face_down[1]: expected three entries (a value or None), not (1, 2)",
    ),
    (
        "face_down string",
        attrs.evolve(base(), face_down=((1, 2, 3), (1, 2, 3), "abc")),  # type: ignore[arg-type]
        "deal.face_down[2]: expected three entries (a value or None), not 'abc'",
    ),
    (
        "face_down card -1",
        attrs.evolve(base(), face_down=((1, 2, 3), (1, -1, 3), (1, 2, 3))),
        "deal.face_down[1][1]: -1 is not a card value (0 = joker, 1..12)",
    ),
    (
        "face_up two seats",
        attrs.evolve(base(), face_up=((1,), (2,))),
        "deal.face_up: expected one entry per seat (3), not ((1,), (2,))",
    ),
    (
        "face_up card",
        attrs.evolve(base(), face_up=((1,), (2, 99), (3,))),
        "deal.face_up[1][1]: 99 is not a card value (0 = joker, 1..12)",
    ),
    (
        "draw card",
        attrs.evolve(base(), draw=(4, True)),
        "deal.draw[1]: True is not a card value (0 = joker, 1..12)",
    ),
    (
        "draw string",
        attrs.evolve(base(), draw="44"),  # type: ignore[arg-type]
        "deal.draw: expected a sequence of card values, not '44'",
    ),
    (
        "discard card",
        attrs.evolve(base(), discard=(1.5,)),  # type: ignore[arg-type]
        "deal.discard[0]: 1.5 is not a card value (0 = joker, 1..12)",
    ),
    (
        "removed card",
        attrs.evolve(base(), removed=(None,)),  # type: ignore[arg-type]
        "deal.removed[0]: None is not a card value (0 = joker, 1..12)",
    ),
    (
        "round 0",
        attrs.evolve(base(), round=0),
        "deal.round: must be an int from 1 to 5, not 0",
    ),
    (
        "round 6",
        attrs.evolve(base(), round=6),
        "deal.round: must be an int from 1 to 5, not 6",
    ),
    (
        "chips two",
        attrs.evolve(base(), chips=(1, 2)),
        "deal.chips: expected one entry per seat (3), not (1, 2)",
    ),
    (
        "chips negative",
        attrs.evolve(base(), chips=(1, -2, 0)),
        "deal.chips[1]: must be an int >= 0, not -2",
    ),
    (
        "chips too many",
        attrs.evolve(base(), chips=(20, 20, 1)),
        "deal.chips: 41 chips held, the supply has 40",
    ),
    (
        "not the deck",
        attrs.evolve(base(), removed=base().removed[1:]),
        "deal: the cards are not the deck of the rules (BB-1): joker: 7 given, 8 in the deck",
    ),
    (
        "not the deck, two values",
        attrs.evolve(base(), removed=(1, *base().removed[1:])),
        "deal: the cards are not the deck of the rules (BB-1): joker: 7 given, 8 in the deck;"
        " 1: 7 given, 6 in the deck",
    ),
    (
        "face_down two seats",
        attrs.evolve(base(), face_down=((1, 2, 3), (1, 2, 3))),
        "deal.face_down: expected one entry per seat (3), not ((1, 2, 3), (1, 2, 3))",
    ),
    (
        "hands no sequence",
        attrs.evolve(base(), hands=5),  # type: ignore[arg-type]
        "deal.hands: expected one entry per seat (3), not 5",
    ),
    (
        "discard problem",
        base(discard=(4, 4, 4, 4)),
        "deal.discard[2]: three identical cards (4) burn the pile (BB-12)",
    ),
    (
        "choosing with discard",
        base(face_up=None, discard=(11,), hands=((5, 6, 7, 8), (5, 6, 7, 9), (5, 6, 7, 10))),
        "deal.discard: must be empty while the face-up cards are chosen (BB-4)",
    ),
    (
        "choosing small hand, draw",
        base(face_up=None, hands=((5, 6, 7, 8), (5, 6, 7), (5, 6, 7, 10))),
        "deal.hands[1]: needs at least 4 cards to choose from"
        " while the draw pile has cards (BB-4, BB-7)",
    ),
    (
        "choosing small hand, no draw",
        base(face_up=None, draw=(), hands=((5, 6, 7, 8), (5, 6), (5, 6, 7, 10))),
        "deal.hands[1]: needs at least 3 cards to choose from (BB-4)",
    ),
    (
        "seat without cards",
        base(
            hands=((5, 6, 7, 8), (), (5, 6, 7, 10)),
            face_up=((1,), (), (3,)),
            face_down=((12, 12, 12), (None, None, None), (9, 9, 9)),
            draw=(),
        ),
        "deal: seat 1 has no cards; every seat starts the round with cards",
    ),
    (
        "empty hand with draw",
        base(hands=((5, 6, 7, 8), (), (5, 6, 7, 10))),
        "deal.hands[1]: empty while the draw pile has cards (BB-7, BB-8)",
    ),
]


@pytest.mark.parametrize(("name", "deal", "message"), REFUSED, ids=[r[0] for r in REFUSED])
def test_a_wrong_deal_is_refused_naming_where_and_why(name: str, deal: Any, message: str) -> None:
    with pytest.raises(RulesError) as refused:
        bb.new_game(R, seed=0, deal=deal)
    assert str(refused.value) == message


def test_a_deal_is_the_round_it_describes() -> None:
    deal = base(round=2, chips=(3, 0, 5), discard=(11,))
    state = bb.new_game(R, seed=7, deal=deal)
    assert (state.round, state.starter, state.turn, state.phase) == (2, 1, 1, "play")  # BB-5
    assert state.hands == tuple(_counts(h) for h in deal.hands)
    assert state.face_up == tuple(_counts(u) for u in deal.face_up or ())
    assert state.face_down == deal.face_down
    assert (state.draw, state.discard) == (deal.draw, deal.discard)
    assert state.removed == _counts(deal.removed)
    assert (state.chips, state.supply) == ((3, 0, 5), R.chips - 8)
    assert (state.places, state.moves, state.cut_rounds, state.direction) == ((), 0, (), 1)
    assert state == bb.new_game(R, seed=7, deal=deal)


def test_a_deal_without_face_up_cards_starts_with_the_choice() -> None:
    state = bb.new_game(R, seed=0, deal=base(face_up=None))
    assert state.phase == "choose"  # BB-4
    assert state.face_up == ((0,) * 13,) * 3
    assert state.chips == (0, 0, 0)
    assert state.supply == R.chips


def test_bb3_a_deal_may_hold_every_chip_of_the_supply() -> None:
    # BB-3: the chips held may add up to the whole supply, which is then empty.
    state = bb.new_game(R, seed=0, deal=base(chips=(20, 15, 5)))
    assert (state.chips, state.supply) == ((20, 15, 5), 0)


def test_a_match_is_started_only_under_biggenbende_rules() -> None:
    # The refusal names what was given (a RulesError, and a TypeError too).
    with pytest.raises(RulesError) as refusal:
        bb.new_game("rules", seed=0)  # type: ignore[arg-type]
    assert isinstance(refusal.value, TypeError)
    assert str(refusal.value) == "rules must be a biggenbende.Rules, not 'rules'"
