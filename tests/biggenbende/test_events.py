"""Per-seat events: one scripted test per event type (named after its rule), and no leaks."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from cardrules import Event, RulesError
from cardrules import biggenbende as bb
from cardrules._rng import _below
from cardrules.biggenbende import (
    Burned,
    ChooseFaceUp,
    Drew,
    FaceDownTurned,
    FaceUpChosen,
    FaceUpShown,
    MatchEnded,
    PickUp,
    PileTaken,
    Play,
    Played,
    PlaysAgain,
    Reversed,
    RoundCut,
    RoundEnded,
    RoundStarted,
    Skipped,
    TurnFaceDown,
    WentOut,
)
from cardrules.serialize import make_converter
from tests.biggenbende._deals import NONE_ROW, J, counts, go, start

FOUR_ROWS = ((12, 12, 12), (10, 10, 10), (9, 9, 9), (1, 1, 1))


def told(state: bb.State, move: bb.Move, seat: int) -> tuple[bb.Event, ...]:
    """The events of ``move`` in ``state`` as told to ``seat``."""
    return bb.events(state, move, bb.apply(state, move), seat)


def text(state: bb.State, move: bb.Move, seat: int) -> list[str]:
    """The same, as text."""
    return [bb.render_event(e, seat) for e in told(state, move, seat)]


# --------------------------------------------------------------------------- scripted


def test_bb4_a_choice_is_hidden_from_the_others_until_every_seat_chose() -> None:
    state = start([(5, 5, 5, 7, 7, J, 1), (2,) * 3 + (3,) * 4, (4,) * 6 + (8,)], choose=True)
    move = ChooseFaceUp((J, 5, 7))
    assert told(state, move, 0) == (FaceUpChosen(0, (J, 5, 7)),)
    assert told(state, move, 1) == (FaceUpChosen(0, None),)  # BB-4, BB-21: hidden
    assert told(state, move, 1)[0].rule == "BB-4"
    assert text(state, move, 0) == ["you lay joker 5 7 face up"]
    assert text(state, move, 2) == ["seat 0 chooses 3 cards to lay face up"]
    state = go(state, move, ChooseFaceUp((2, 2, 3)))
    last = ChooseFaceUp((4, 4, 8))
    rows = (counts(J, 5, 7), counts(2, 2, 3), counts(4, 4, 8))
    for seat in range(3):  # the last choice shows every row to every seat
        assert told(state, last, seat) == (FaceUpChosen(2, (4, 4, 8)), FaceUpShown(rows))
    assert text(state, last, 1)[1] == "face up now: seat 0 joker 5 7, seat 1 2 2 3, seat 2 4 4 8"


def test_bb7_a_play_from_the_hand() -> None:
    state = start([(7, 7, 9), (8,), (8,)])
    events = told(state, Play(7, 2), 1)
    assert events == (Played(0, 7, 2, "hand"),)
    assert events[0].rule == "BB-7"
    assert text(state, Play(7, 2), 0) == ["you play 2 x 7 from the hand"]
    assert text(state, Play(7, 2), 1) == ["seat 0 plays 2 x 7 from the hand"]


def test_bb8_the_drawn_card_is_shown_to_the_drawer_only() -> None:
    state = start([(4, 7), (5, 9), (2, 6)], draw=(3, 11))
    assert told(state, Play(4, 1), 0)[1] == Drew(0, 1, (11,))
    for seat in (1, 2):
        assert told(state, Play(4, 1), seat)[1] == Drew(0, 1, None)
    assert told(state, Play(4, 1), 0)[1].rule == "BB-8"
    assert text(state, Play(4, 1), 0)[1] == "you draw 11"
    assert text(state, Play(4, 1), 1)[1] == "seat 0 draws 1 card"
    # No draw pile, no draw.
    empty = start([(4, 7), (5, 9), (2, 6)])
    assert not any(isinstance(e, Drew) for e in told(empty, Play(4, 1), 0))


def test_bb9_a_pick_up_of_the_pile() -> None:
    state = start([(3, 5), (6,), (6,)], discard=(2, 6, 7))
    events = told(state, PickUp(), 2)
    assert events == (PileTaken(0, 3, blind=False),)
    assert events[0].rule == "BB-9"
    assert text(state, PickUp(), 2) == ["seat 0 picks up the pile (3 cards)"]


def test_bb10_a_play_from_the_face_up_cards() -> None:
    state = start([(), (6,), (6,)], face_up=[(7, 9, 9), (), ()], discard=(5,))
    events = told(state, Play(9, 2), 1)
    assert events == (Played(0, 9, 2, "face_up"),)
    assert events[0].rule == "BB-10"
    assert text(state, Play(9, 2), 1) == ["seat 0 plays 2 x 9 from the face-up cards"]


def test_bb11_a_face_down_card_that_can_be_played_is_shown_to_all() -> None:
    rows = ((2, 9, J), (10, 10, 10), (11, 11, 11))
    state = start([(), (6,), (7,)], face_down=rows, discard=(5,))
    for seat in range(3):
        events = told(state, TurnFaceDown(1), seat)
        assert events == (FaceDownTurned(0, 1, 9, True), Played(0, 9, 1, "face_down"))
        assert [e.rule for e in events] == ["BB-11", "BB-11"]
    assert text(state, TurnFaceDown(1), 1) == [
        "seat 0 turns face-down card 1: 9",
        "seat 0 plays 1 x 9 from face down",
    ]


def test_bb11_a_face_down_card_that_cannot_be_played_is_shown_to_its_owner_only() -> None:
    rows = ((2, 9, J), (10, 10, 10), (11, 11, 11))
    state = start([(), (6,), (7,)], face_down=rows, discard=(5,))
    assert told(state, TurnFaceDown(0), 0) == (
        FaceDownTurned(0, 0, 2, False),
        PileTaken(0, 2, blind=True),
    )
    assert told(state, TurnFaceDown(0), 1) == (
        FaceDownTurned(0, 0, None, False),
        PileTaken(0, 2, blind=True),
    )
    assert told(state, TurnFaceDown(0), 1)[1].rule == "BB-11"
    assert text(state, TurnFaceDown(0), 0) == [
        "you turn face-down card 0: 2, not playable",
        "you take the turned card and the pile (2 cards)",
    ]
    assert text(state, TurnFaceDown(0), 2)[0] == "seat 0 turns face-down card 0: not playable"


def test_bb12_three_of_a_kind_burns_the_pile() -> None:
    state = start([(7, 7, 7, 2), (6,), (6,)], discard=(5,))
    events = told(state, Play(7, 3), 1)
    assert events == (Played(0, 7, 3, "hand"), Burned(0, 7, 4), PlaysAgain(0))
    assert [e.rule for e in events] == ["BB-7", "BB-12", "BB-16"]
    assert text(state, Play(7, 3), 1)[1:] == [
        "three 7s burn the pile: 4 cards removed",
        "seat 0 plays again",
    ]
    # Across plays, whoever made them; three jokers burn too.
    across = start([(6,), (6, 2), (6,)], discard=(5, 6, 6))
    assert Burned(0, 6, 4) in told(across, Play(6, 1), 0)
    jokers = start([(J, J, J, 2), (6,), (6,)], discard=(9,))
    assert text(jokers, Play(J, 3), 0)[1] == "three jokers burn the pile: 4 cards removed"


def test_bb12_burns_can_chain() -> None:
    state = start([(7, 7, 7, 9, 9, 9, 2), (6,), (6,)], discard=(5,))
    first = told(state, Play(7, 3), 2)
    state = go(state, Play(7, 3))
    second = told(state, Play(9, 3), 2)
    assert first[1:] == (Burned(0, 7, 4), PlaysAgain(0))
    assert second[1:] == (Burned(0, 9, 3), PlaysAgain(0))
    state = go(state, Play(9, 3))
    assert told(state, Play(2, 1), 2) == (Played(0, 2, 1, "hand"),)


def test_bb13_an_eight_burns_the_pile() -> None:
    state = start([(8, 8, 3), (6,), (6,)], discard=(5,))
    events = told(state, Play(8, 1), 1)
    assert events == (Played(0, 8, 1, "hand"), Burned(0, 8, 2), PlaysAgain(0))
    assert events[1].rule == "BB-13"
    assert text(state, Play(8, 1), 0)[1:] == [
        "an 8 burns the pile: 2 cards removed",
        "you play again",
    ]
    # Three 8s burn as 8s.
    assert told(start([(8, 8, 8, 3), (6,), (6,)]), Play(8, 3), 0)[1].rule == "BB-13"


def test_bb14_a_skip_names_the_skipped_seat() -> None:
    state = start([(4, 4, 9), (5,), (5,), (5,)], face_down=FOUR_ROWS)
    events = told(state, Play(4, 2), 1)
    assert events == (Played(0, 4, 2, "hand"), Skipped(0, 1))
    assert events[1].rule == "BB-14"
    assert text(state, Play(4, 2), 1)[1] == "you miss a turn (4s of seat 0)"
    assert text(state, Play(4, 2), 0)[1] == "seat 1 misses a turn (your 4s)"
    assert text(state, Play(4, 2), 3)[1] == "seat 1 misses a turn (4s of seat 0)"


def test_bb14_seats_out_never_take_the_skip() -> None:
    rows = ((12, 12, 12), NONE_ROW, (9, 9, 9), (11, 11, 11))
    state = start([(2, 4), (3,), (4, 5), (5,)], face_down=rows)
    state = go(state, Play(2, 1), Play(3, 1), Play(4, 1))
    assert told(state, Play(4, 1), 3)[-1] == Skipped(0, 2)  # seat 1 is out


def test_bb14_with_two_players_left_the_other_one_is_skipped() -> None:
    rows = ((12, 12, 12), NONE_ROW, (9, 9, 9))
    state = start([(2, 7), (3,), (4, 3, 5)], face_down=rows)
    state = go(state, Play(2, 1), Play(3, 1))
    assert told(state, Play(4, 1), 0)[-1] == Skipped(2, 0)


def test_bb14_going_out_with_fours_still_skips() -> None:
    rows = (NONE_ROW, (10, 10, 10), (9, 9, 9), (11, 11, 11))
    state = start([(4,), (5,), (5,), (5,)], face_down=rows)
    events = told(state, Play(4, 1), 2)
    assert events == (Played(0, 4, 1, "hand"), WentOut(0, 1), Skipped(0, 1))


def test_bb15_a_reversal() -> None:
    state = start([(11, 11, 2), (5,), (5,), (J,)], face_down=FOUR_ROWS)
    events = told(state, Play(11, 2), 3)
    assert events == (Played(0, 11, 2, "hand"), Reversed(0, -1))
    assert events[1].rule == "BB-15"
    assert text(state, Play(11, 2), 3)[1] == "play goes counter-clockwise now (11s of seat 0)"
    back = go(state, Play(11, 1))
    assert text(back, Play(J, 1), 3) == ["you play 1 x joker from the hand"]


def test_bb16_a_burn_voids_the_skip_and_keeps_the_reversal() -> None:
    state = start([(4, 4, 4, 7), (5,), (5,), (5,)], face_down=FOUR_ROWS)
    assert told(state, Play(4, 3), 1) == (
        Played(0, 4, 3, "hand"),
        Burned(0, 4, 3),
        PlaysAgain(0),
    )
    state = start([(11, 11, 11, 2), (5,), (5,), (5,)], face_down=FOUR_ROWS)
    assert told(state, Play(11, 3), 1)[1:] == (Burned(0, 11, 3), Reversed(0, -1), PlaysAgain(0))


def test_bb16_the_draw_comes_before_the_extra_play() -> None:
    state = start([(8,), (5,), (5,)], draw=(3, 6))
    assert told(state, Play(8, 1), 0) == (
        Played(0, 8, 1, "hand"),
        Drew(0, 1, (6,)),
        Burned(0, 8, 1),
        PlaysAgain(0),
    )


def test_bb17_going_out_and_the_round_ends_at_the_second() -> None:
    rows = (NONE_ROW, NONE_ROW, (12, 12, 12))
    state = start([(2,), (3,), (4, 5)], face_down=rows)
    assert told(state, Play(2, 1), 1) == (Played(0, 2, 1, "hand"), WentOut(0, 1))
    assert told(state, Play(2, 1), 1)[1].rule == "BB-17"
    assert text(state, Play(2, 1), 0)[1] == "you are out, 1st"
    state = go(state, Play(2, 1))
    events = told(state, Play(3, 1), 2)
    assert events == (
        Played(1, 3, 1, "hand"),
        WentOut(1, 2),
        RoundEnded(1, (0, 1), (0, 0, 5), (3, 2, 0), 35),
        RoundStarted(2, 1),
    )
    assert text(state, Play(3, 1), 2)[-2:] == [
        "round 1 is over, chips won: seat 0 +3, seat 1 +2, seat 2 +0",
        "round 2 is dealt, seat 1 starts",
    ]
    assert events[-1].rule == "BB-5"


def test_bb17_going_out_by_a_burn_gives_no_extra_play() -> None:
    rows = ((None, None, 8), (10, 10, 10), (9, 9, 9))
    state = start([(), (5,), (5,)], face_down=rows, discard=(3,))
    assert told(state, TurnFaceDown(2), 1) == (
        FaceDownTurned(0, 2, 8, True),
        Played(0, 8, 1, "face_down"),
        Burned(0, 8, 2),
        WentOut(0, 1),
    )


def test_bb18_round_end_pays_three_two_one_and_zero_for_most_cards() -> None:
    rows = (NONE_ROW, NONE_ROW, (12, 12, 12), (11, 11, 11))
    state = start([(2,), (3,), (5, 6), (5,)], face_down=rows)
    state = go(state, Play(2, 1))
    ended = told(state, Play(3, 1), 3)[2]
    assert ended == RoundEnded(1, (0, 1), (0, 0, 5, 4), (3, 2, 0, 1), 34)
    assert ended.rule == "BB-18"


def test_bb19_the_match_ends() -> None:
    rows = ((12, 12, 12), NONE_ROW, NONE_ROW)
    state = start([(4,), (2,), (3,)], face_down=rows, round=5, chips=(8, 5, 6))
    state = go(state, Play(2, 1))
    events = told(state, Play(3, 1), 0)
    assert events[-2:] == (
        RoundEnded(5, (1, 2), (4, 0, 0), (0, 3, 2), 16),
        MatchEnded((8, 8, 8), (0, 1, 2), ()),
    )
    assert events[-1].rule == "BB-19"
    assert text(state, Play(3, 1), 0)[-1] == "the match is over: seats 0, 1 and 2 win with 8 chips"


def test_bb20_a_round_cut_by_the_move_limit() -> None:
    state = start([(2, 5), (3, 6), (5, 7)], max_turns_per_round=4)
    state = go(state, Play(2, 1), Play(3, 1), Play(5, 1))
    events = told(state, Play(5, 1), 1)
    assert events == (
        Played(0, 5, 1, "hand"),
        RoundCut(1, 4),
        RoundEnded(1, (), (3, 4, 4), (1, 0, 0), 39),
        RoundStarted(2, 1),
    )
    assert events[1].rule == "BB-20"
    assert text(state, Play(5, 1), 1)[1] == "round 1 is cut after 4 moves"


def test_bb20_a_cut_in_the_choice_shows_no_hidden_choice() -> None:
    state = bb.new_game(bb.Rules(players=3, max_turns_per_round=1), seed=0)
    move = bb.legal_moves(state)[0]
    events = told(state, move, 1)
    assert events[0] == FaceUpChosen(0, None)
    assert not any(isinstance(e, FaceUpShown) for e in events)
    assert isinstance(events[1], RoundCut)


# --------------------------------------------------------------------------- the API


def test_rule_ids_are_bb1_to_bb21_in_order() -> None:
    assert bb.GAME.rule_ids == tuple(f"BB-{n}" for n in range(1, 22))


def test_game_carries_events_render_event_and_event_types() -> None:
    assert bb.GAME.events is bb.events
    assert bb.GAME.render_event is bb.render_event
    assert set(bb.GAME.event_types) == {
        Burned, Drew, FaceDownTurned, FaceUpChosen, FaceUpShown, MatchEnded, PileTaken,
        Played, PlaysAgain, Reversed, RoundCut, RoundEnded, RoundStarted, Skipped, WentOut,
    }  # fmt: skip


def test_events_reject_a_seat_out_of_range() -> None:
    state = start([(7,), (8,), (8,)])
    with pytest.raises(RulesError, match="seat"):
        told(state, Play(7, 1), 3)


EXAMPLES: list[Any] = [
    FaceUpChosen(0, (J, 5, 7)),
    FaceUpChosen(1, None),
    FaceUpShown((counts(1, 2, 3), counts(J, J, 4))),
    FaceDownTurned(0, 2, None, False),
    Played(2, J, 3, "face_down"),
    Drew(1, 1, (7,)),
    Drew(1, 1, None),
    PileTaken(0, 4, blind=True),
    Burned(1, 8, 5),
    PlaysAgain(1),
    Skipped(0, 1),
    Reversed(3, -1),
    WentOut(2, 2),
    RoundCut(3, 5000),
    RoundEnded(1, (0, 1), (0, 0, 5), (3, 2, 0), 35),
    MatchEnded((8, 8, 7), (0, 1), (2,)),
    RoundStarted(2, 1),
]


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda e: type(e).__name__)
def test_events_are_frozen_slotted_json_data_naming_a_rule(event: Any) -> None:
    seen: object = event
    assert isinstance(seen, Event)  # the core's protocol: a rule ID
    assert event.rule in bb.GAME.rule_ids
    assert type(event) in bb.GAME.event_types
    assert not hasattr(event, "__dict__")  # slotted
    field = attrs.fields(type(event))[0].name
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(event, field, 1)
    conv = make_converter()
    data = json.loads(json.dumps(conv.unstructure(event)))
    assert conv.structure(data, type(event)) == event
    assert str(event) == bb.render_event(event, None)
    assert eval(repr(event), vars(bb)) == event


# --------------------------------------------------------------------------- no leaks


Events = Callable[[bb.State, bb.Move, bb.State, int], tuple[Any, ...]]


def _leaks(events: Events, rules: bb.Rules, seed: int) -> tuple[set[str], str | None]:
    """
    Play one match by random legal moves; at every move, for every seat, compare
    the events told to that seat with those of a world redealt by ``redeal_hidden``,
    after the same move (when still legal) and after a random legal move of that
    world (another seat's hidden choice, BB-4), whenever the seat's views after the
    moves are equal (its views before are equal by ``redeal_hidden``).

    Returns:
        The event types compared, and the first difference found (``None``: no leak).
    """
    state = bb.new_game(rules, seed=seed)
    pick = seed ^ 0x9E3779B97F4A7C15
    compared: set[str] = set()
    while not bb.is_over(state):
        moves = bb.legal_moves(state)
        index, pick = _below(pick, len(moves))
        move = moves[index]
        after = bb.apply(state, move)
        for seat in range(rules.players):
            other = bb.redeal_hidden(state, seat, seed=pick ^ seat)
            assert bb.view(other, seat) == bb.view(state, seat)
            legal = bb.legal_moves(other)
            index, pick = _below(pick, len(legal))
            for other_move in dict.fromkeys((move, legal[index])):
                if other_move not in legal:
                    continue
                other_after = bb.apply(other, other_move)
                if bb.view(other_after, seat) != bb.view(after, seat):
                    continue
                mine = events(state, move, after, seat)
                theirs = events(other, other_move, other_after, seat)
                compared.update(type(e).__name__ for e in mine)
                if mine != theirs:
                    return compared, f"seat {seat}, {move} / {other_move}: {mine} != {theirs}"
        state = after
    return compared, None


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_events_leak_nothing_a_seat_cannot_see(players: int) -> None:
    rules = bb.Rules(players=players, rounds=2)
    compared, leak = _leaks(bb.events, rules, seed=players)
    assert leak is None
    # The events that hide something were compared (BB-4, BB-8, BB-11), and others.
    hiding = {"FaceUpChosen", "Drew", "FaceDownTurned"}
    assert compared >= hiding | {"Played", "PileTaken", "Burned", "PlaysAgain", "Skipped"}


def _tell_every_draw(before: bb.State, move: bb.Move, after: bb.State, seat: int) -> Any:
    """A leaky variant: every seat is told the card drawn (BB-8 forbids it)."""
    return tuple(
        Drew(e.seat, e.count, before.draw[-1:]) if isinstance(e, Drew) else e
        for e in bb.events(before, move, after, seat)
    )


def _tell_every_choice(before: bb.State, move: bb.Move, after: bb.State, seat: int) -> Any:
    """A leaky variant: every seat is told every face-up choice at once (BB-4 forbids it)."""
    return tuple(
        FaceUpChosen(e.seat, move.values) if isinstance(e, FaceUpChosen) else e  # type: ignore[union-attr]
        for e in bb.events(before, move, after, seat)
    )


@pytest.mark.parametrize("leaky", [_tell_every_draw, _tell_every_choice])
def test_the_no_leak_check_catches_a_leak(leaky: Events) -> None:
    _, leak = _leaks(leaky, bb.Rules(players=4, rounds=1), seed=1)
    assert leak is not None
