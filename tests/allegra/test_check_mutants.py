"""
Allegra's ``check_state`` and ``check_view``, where a seeded sample of mutants of
``allegra/_checks.py`` lived (issue 23): each test here fails on one of them. Refusals
are pinned whole (path, message, rule); the positions are those of seeded random games.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardrules.allegra import (
    Rules,
    Slot,
    check_state,
    check_view,
    new_game,
    view,
)
from cardrules.allegra._checks import _state_ok
from cardrules.allegra._geometry import TABLES, index
from cardrules.errors import InvalidStateError
from tests.allegra.helpers import reach, rules_with
from tests.refused import forged, refusal, refused

_SMALL = Rules(players=3, deck=(10, 10, 10, 8, *(0,) * 9), rounds=2, max_turns_per_round=40)
"""A small deck: it runs empty (AL-11) and rounds are cut (AL-13)."""
_FOUR = Rules(players=4, rounds=2, max_turns_per_round=40)
"""Four seats: knocks (AL-7), with every step of the exchange."""


_REVEAL = new_game(Rules(players=3), seed=5)
_EMPTY = reach(_SMALL, 0, lambda s: s.phase == "drawn" and not s.deck)
_SECOND = reach(_SMALL, 0, lambda s: s.round == 2 and s.phase == "turn")
_OVER = reach(_SMALL, 0, lambda s: s.phase == "over")
_GIVE = reach(_FOUR, 0, lambda s: s.phase == "give")
_PLACE = reach(_FOUR, 0, lambda s: s.phase == "place")
_EXCHANGE = reach(_FOUR, 0, lambda s: s.phase == "exchange")


def _slot(owner: int, row: int, col: int) -> Slot:
    """A Slot past its validators (a forged, loaded value)."""
    slot = object.__new__(Slot)
    for name, value in (("owner", owner), ("row", row), ("col", col)):
        object.__setattr__(slot, name, value)
    return slot


def test_the_positions_are_the_ones_meant() -> None:
    # The tests below rely on these phases, seats and fields.
    assert (_REVEAL.phase, _REVEAL.current, _REVEAL.reveals_left) == ("reveal", 0, 2)
    assert (_EMPTY.phase, _EMPTY.deck) == ("drawn", ())
    assert (_SECOND.round, _SECOND.cut_rounds) == (2, (1,))
    assert (_OVER.ender, _OVER.last_turns, _OVER.cut_rounds) == (None, 0, (1, 2))
    assert (_GIVE.current, _GIVE.knockers, _GIVE.passers) == (1, (2, 0), (3,))
    assert (_PLACE.current, _PLACE.receiver, _PLACE.knockers) == (1, 0, (2, 0))
    assert (_EXCHANGE.current, _EXCHANGE.receiver) == (1, 0)
    assert _EXCHANGE.placed == Slot(owner=0, row=1, col=1)


# ------------------------------------------------------------------ positions that pass


def test_al11_a_view_of_an_empty_deck_passes() -> None:
    # AL-11: the deck runs empty before a draw rebuilds it; a view counts 0 cards then.
    for seat in range(3):
        seen = view(_EMPTY, seat)
        assert seen.deck_count == 0
        check_view(seen)
    assert refusal(check_view, forged(view(_EMPTY, 0), "deck_count", (), -1)) == (
        "view.deck_count: must be an int >= 0, not -1"
    )


def test_al7_every_view_of_a_card_to_place_passes() -> None:
    # AL-7 step 1: the receiver (a knocker) is named while the card waits to be placed.
    for seat in range(4):
        check_view(view(_PLACE, seat))
    check_state(_PLACE)


# ------------------------------------------------------------- refusals, word for word


def _rules_with_a_list_deck() -> Rules:
    rules = object.__new__(Rules)
    for field in attrs.fields(Rules):
        object.__setattr__(rules, field.name, getattr(_GIVE.rules, field.name))
    object.__setattr__(rules, "deck", list(_GIVE.rules.deck))
    return rules


_DECK = (
    "Rules.deck must be a tuple of 13 counts from 0 to 48 for the values -1..11 (AL-1), "
    "not a list of 13 items"
)

# (the check, the value forged, the whole message)
_WORDED: list[tuple[str, Any, str]] = [
    # AL-1: forged rules are validated afresh (a deck that is a list, unhashable).
    ("state", forged(_GIVE, "rules", (), _rules_with_a_list_deck()), f"state.rules: {_DECK}"),
    (
        "view",
        forged(view(_GIVE, 0), "rules", (), _rules_with_a_list_deck()),
        f"view.rules: {_DECK}",
    ),
    # AL-4: one or two reveals left in the setup.
    (
        "state",
        forged(_REVEAL, "reveals_left", (), 0),
        "state.reveals_left: must be 1 or 2 during the setup (AL-4)",
    ),
    # AL-7: the knock window: in the give step someone knocked; the receiver knocked.
    (
        "state",
        forged(forged(_GIVE, "knockers", (), ()), "passers", (), TABLES[4].others[1]),
        "state.knockers: the drawer answers knocks only when someone knocked",
    ),
    (
        "state",
        forged(_PLACE, "receiver", (), 3),
        "state.receiver: the card goes to a seat that knocked (AL-7)",
    ),
    (
        "view",
        forged(view(_PLACE, 1), "receiver", (), 3),
        "view.receiver: the card goes to a seat that knocked (AL-7)",
    ),
    (
        "state",
        forged(_EXCHANGE, "placed", (), _slot(4, 0, 0)),
        "state.placed: Slot(owner=4, row=0, col=0) is not a place of this game",
    ),
    # AL-9: last turns only while a round is ending, never once the game is over.
    (
        "state",
        forged(forged(_OVER, "ender", (), 0), "last_turns", (), 1),
        "state.last_turns: must be 0 unless the round is ending (AL-9)",
    ),
    # AL-10: every card face up at the end.
    (
        "state",
        forged(_OVER, "face_up", (0,), False),
        "state.face_up: every card lies face up once the game is over (AL-10)",
    ),
    # AL-11: the deck's cards are shown only after a rebuild, never in the setup.
    (
        "view",
        forged(view(_REVEAL, 0), "deck_cards", (), tuple(sorted(_REVEAL.deck))),
        "view.deck_cards: must be None in the setup and at the game end: only a draw "
        "rebuilds the deck (AL-11)",
    ),
    # AL-13: each cut round once, in order (the fast path must not pass a repeat).
    (
        "state",
        forged(_SECOND, "cut_rounds", (), (1, 1)),
        "state.cut_rounds: must list each cut round once, in order (AL-13)",
    ),
    (
        "state",
        forged(_OVER, "cut_rounds", (), (1, 1)),
        "state.cut_rounds: must list each cut round once, in order (AL-13)",
    ),
]


@pytest.mark.parametrize(("kind", "value", "message"), _WORDED)
def test_a_forged_field_is_refused_word_for_word(kind: str, value: Any, message: str) -> None:
    assert refusal(check_state if kind == "state" else check_view, value) == message


def test_al4_the_revealing_seat_needs_a_face_down_card() -> None:
    # AL-4: in the setup the seat to reveal has a face-down card in its area.
    area = TABLES[3].areas[_REVEAL.current]
    face_up = tuple(up or i in area for i, up in enumerate(_REVEAL.face_up))
    assert refusal(check_state, forged(_REVEAL, "face_up", (), face_up)) == (
        "state.current: the revealing seat has no face-down card (AL-4)"
    )
    seen = view(_REVEAL, _REVEAL.current)
    cards = tuple(_REVEAL.cards[i] if i in area else c for i, c in enumerate(seen.cards))
    down = tuple(d and i not in area for i, d in enumerate(seen.face_down))
    shown = forged(forged(seen, "cards", (), cards), "face_down", (), down)
    assert refusal(check_view, shown) == (
        "view.current: the revealing seat has no face-down card (AL-4)"
    )


def test_al7_the_card_given_lies_face_up_in_the_view() -> None:
    # AL-7 step 2: the card placed lies face up in the receiver's area.
    here = index(_EXCHANGE.placed)  # type: ignore[arg-type]  # an exchange: a place
    seen = forged(forged(view(_EXCHANGE, 2), "cards", (here,), None), "face_down", (here,), True)
    assert refusal(check_view, seen) == "view.placed: the given card lies face up there (AL-7)"


def test_al7_an_exchange_needs_a_card_in_the_drawers_area() -> None:
    # AL-7: the receiver's card goes to a place of the drawer's area that holds a card;
    # a view where that area is all removed places (its cards among the removed) has
    # no exchange to make.
    seen = view(_PLACE, 2)
    area = TABLES[4].areas[_PLACE.current]
    cards = list(seen.cards)
    down = list(seen.face_down)
    gone = []
    for i in area:
        if _PLACE.cards[i] is not None:
            gone.append(_PLACE.cards[i])
        cards[i], down[i] = None, False
    shown = forged(forged(seen, "cards", (), tuple(cards)), "face_down", (), tuple(down))
    shown = forged(shown, "removed", (), (*seen.removed, *gone))
    with refused(InvalidStateError, "view.receiver", "AL-7"):
        check_view(shown)
    assert refusal(check_view, shown) == (
        "view.receiver: no exchange is possible with the receiver (AL-7)"
    )


def test_al10_the_fast_path_passes_a_doubled_enders_score() -> None:
    # AL-10: only the ender's round score is doubled, so it may pass 165 (15 places of
    # 11) up to 330; the fast path passes such a round as the detailed checks do, and
    # refuses with them a second score above 165 or a score above 330.
    rules = Rules(players=2, rounds=2, max_turns_per_round=200)
    state = reach(rules, 0, lambda s: s.round == 2 and s.phase == "turn")
    assert (state.cut_rounds, state.scores) == ((), ((54, 132),))  # round 1 had an ender
    for top in (170, 330):
        doubled = forged(state, "scores", (), ((top, 20),))
        check_state(doubled)
        assert _state_ok(doubled)
    for scores, message in [
        (((170, 166),), "state.scores[0]: only the round's ender is doubled (AL-10)"),
        (((331, 20),), "state.scores[0]: a round score lies in -15..330 (AL-10)"),
    ]:
        wrong = forged(state, "scores", (), scores)
        assert not _state_ok(wrong)
        assert refusal(check_state, wrong) == message


# A second seeded sample (60 more mutants, ``random.Random(2333)``) found these.


def _rules_with(**fields: object) -> Rules:
    """``_SECOND``'s rules with ``fields`` set past the validators."""
    return rules_with(_SECOND.rules, **fields)


def test_al2_rules_equal_to_valid_ones_but_of_another_type_are_refused() -> None:
    # AL-2: players is an int; 3.0 == 3 (and hashes alike), so valid rules met before
    # must not let it through.
    check_state(_SECOND)
    assert refusal(check_state, forged(_SECOND, "rules", (), _rules_with(players=3.0))) == (
        "state.rules: Rules.players must be an int from 2 to 6 (AL-2), not 3.0"
    )


def test_a_face_up_row_of_the_wrong_length_is_refused() -> None:
    # One flag per place: the fast path must not pass one more flag than places.
    longer = forged(_SECOND, "face_up", (), (*_SECOND.face_up, False))
    assert not _state_ok(longer)
    assert refusal(check_state, longer) == "state.face_up: must be a tuple of 36 flags"


def test_al11_a_deck_shown_before_it_could_be_rebuilt_is_refused() -> None:
    # AL-11: the deck's cards are known only after a rebuild, which needs the dealt deck
    # drawn empty first.
    seen = forged(view(_SECOND, 0), "deck_cards", (), tuple(sorted(_SECOND.deck)))
    assert refusal(check_view, seen) == (
        "view.deck_cards: the deck is public, but at most 0 draws cannot empty a deck of 1 "
        "dealt cards: it was not rebuilt (AL-11)"
    )


def test_al8_mid_exchange_a_triple_away_from_the_placed_card_is_refused() -> None:
    # AL-8: mid-exchange only a line through the card just placed may be pending; three
    # equal face-up cards elsewhere (p0.r0c0..c2; the card placed is at p0.r1c1) are not.
    cards, face_up = list(_EXCHANGE.cards), list(_EXCHANGE.face_up)
    value = cards[0]
    others = [i for i in range(3, 48) if cards[i] == value and i != 5][:2]
    for place, other in zip((1, 2), others, strict=True):
        cards[place], cards[other] = cards[other], cards[place]
    for place in (0, 1, 2):
        face_up[place] = True
    shown = forged(forged(_EXCHANGE, "cards", (), tuple(cards)), "face_up", (), tuple(face_up))
    assert refusal(check_state, shown) == (
        "state.cards: a triple is showing (AL-8): p0.r0c0, p0.r0c1, p0.r0c2"
    )
