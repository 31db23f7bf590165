"""
Per-seat events (``allegra.events``): one scripted situation per event type, named
after its rule, and a property over random play that a seat is told nothing it cannot
see (AL-14).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import allegra as al
from cardrules._rng import _below
from cardrules.allegra import (
    DeckRebuilt,
    Discard,
    Discarded,
    Draw,
    Drew,
    Exchange,
    Exchanged,
    GameOver,
    Give,
    Given,
    Ignore,
    Ignored,
    Knock,
    Knocked,
    Pass,
    Passed,
    Place,
    Placed,
    Reveal,
    Revealed,
    RoundCut,
    RoundEnding,
    RoundScored,
    RoundStarted,
    Rules,
    Swap,
    Swapped,
    Take,
    Took,
    TripleRemoved,
)
from tests.allegra.helpers import FILL, S, play, start

R2 = Rules(players=2)
R3 = Rules(players=3)
R4 = Rules(players=4)


def told(state: al.State, move: al.Move, seat: int) -> tuple[al.Event, ...]:
    """The events ``seat`` is told when ``move`` is played in ``state``."""
    return al.events(state, move, al.apply(state, move), seat)


def told_all(state: al.State, move: al.Move) -> tuple[al.Event, ...]:
    """The events, the same for every seat (nothing private happened)."""
    seen = {told(state, move, seat) for seat in range(state.rules.players)}
    assert len(seen) == 1, seen
    return seen.pop()


def test_al4_a_setup_reveal_is_told_to_everyone() -> None:
    state = start(R2, FILL, FILL, reveals=True)
    assert told_all(state, Reveal(S("p0.r1c2"))) == (Revealed(0, S("p0.r1c2"), 7),)
    assert al.render_event(Revealed(0, S("p0.r1c2"), 7), 0) == "you reveal p0.r1c2: 7"
    assert al.render_event(Revealed(0, S("p0.r1c2"), 7), 1) == "seat 0 reveals p0.r1c2: 7"


def test_al8_a_triple_at_the_setup_is_told_after_the_reveal() -> None:
    state = start(
        R2, "4 4 1 2 / 3 5 6 7 / 8 9 10 11", "1 2 3 4* / 5 6 7 8 / 9 10 11 0", reveals=True
    )
    state = play(state, Reveal(S("p0.r0c0")))
    assert told_all(state, Reveal(S("p0.r0c1"))) == (
        Revealed(0, S("p0.r0c1"), 4),
        TripleRemoved((S("p0.r0c0"), S("p0.r0c1"), S("p1.r0c3")), (4, 4, 4)),
    )


def test_al6a_a_draw_is_seen_by_everyone() -> None:
    state = start(R2, FILL, FILL, deck=(11,))
    assert told_all(state, Draw()) == (Drew(0, 11),)
    assert al.render_event(Drew(0, 11), 0) == "you draw 11"


def test_al6a_a_swap_tells_the_card_and_the_discard() -> None:
    state = play(start(R2, FILL, FILL, deck=(11,)), Draw())
    assert told_all(state, Swap(S("p0.r0c0"))) == (Swapped(0, S("p0.r0c0"), 11, 1),)


def test_al6a_a_discard_tells_the_card_turned_up() -> None:
    state = play(start(R2, FILL, FILL, deck=(11,)), Draw())
    assert told_all(state, Discard(S("p1.r1c3"))) == (Discarded(0, 11, S("p1.r1c3"), 8),)
    assert (
        al.render_event(Discarded(0, 11, S("p1.r1c3"), 8), 0)
        == "you discard 11 and reveal p1.r1c3: 8"
    )


def test_al6b_a_take_tells_the_card_taken_and_the_card_discarded() -> None:
    state = start(R2, FILL, FILL, discard=(9, 5))
    assert told_all(state, Take(S("p1.r0c3"))) == (Took(0, S("p1.r0c3"), 5, 4),)


def test_al7_knocks_passes_and_ignoring_are_public() -> None:
    state = play(start(R3, FILL, FILL, FILL, deck=(11,)), Draw())
    assert told_all(state, Knock()) == (Knocked(1),)
    state = play(state, Knock())
    assert told_all(state, Pass()) == (Passed(2),)
    state = play(state, Pass())
    assert told_all(state, Ignore()) == (Ignored(0),)
    assert told_all(state, Give(1)) == (Given(0, 1, 11),)


def test_al7_the_card_taken_in_hand_is_told_to_the_knocker_only() -> None:
    state = start(R4, FILL, "1 2 3 9 / 5 6 4 8 / 7 10 11 0", FILL, FILL, deck=(11,))
    state = play(state, Draw(), Knock(), Pass(), Pass(), Give(1))
    place = Place(S("p1.r1c1"))  # a face-down 6
    assert told(state, place, 1) == (Placed(1, S("p1.r1c1"), 11, 6),)
    for seat in (0, 2, 3):
        assert told(state, place, seat) == (Placed(1, S("p1.r1c1"), 11, None),)
    assert "a face-down card" in al.render_event(told(state, place, 2)[0], 2)
    # Steps 2 and 3 show every card face up: the exchange is public.
    state = play(state, place)
    assert told_all(state, Exchange(S("p1.r0c3"), S("p0.r0c0"))) == (
        Exchanged(0, 1, S("p1.r0c3"), S("p0.r0c0"), 9, 1, 6),
    )


def test_al7_a_face_up_card_taken_in_hand_is_told_to_everyone() -> None:
    state = start(R3, FILL, "1 2 3 9 / 5 6* 4 8 / 7 10 11 0", FILL, deck=(11,))
    state = play(state, Draw(), Knock(), Pass(), Give(1))
    assert told_all(state, Place(S("p1.r1c1"))) == (Placed(1, S("p1.r1c1"), 11, 6),)


def test_al8_a_triple_after_an_exchange_is_told() -> None:
    state = start(R4, FILL, FILL, "11* 11* 4 1 / 2 3 5 6 / 7 8 9 10", FILL, deck=(11,))
    state = play(state, Draw(), Pass(), Knock(), Pass(), Give(2), Place(S("p2.r0c2")))
    out = told_all(state, Exchange(S("p2.r1c0"), S("p0.r0c0")))
    assert out[1] == TripleRemoved((S("p2.r0c0"), S("p2.r0c1"), S("p2.r0c2")), (11, 11, 11))


def test_al11_a_rebuild_tells_which_cards_not_their_order() -> None:
    state = start(R2, FILL, FILL, discard=(5,), fill="discard")
    after = al.apply(state, Draw())
    rebuilt, drew = al.events(state, Draw(), after, 1)
    assert rebuilt == DeckRebuilt(tuple(sorted(state.discard[:-1])))
    assert drew == Drew(0, after.drawn)  # type: ignore[arg-type]


ENDING = "1* 2* 1* 9 / 3* 4* 3* 4* / 1* 2* 1* 2*"  # all face up but p0.r0c3
NEIGHBOUR = "1 2 3 5* / 4 6 8 6* / 9 10 11 7*"  # column 3 face up


def test_al9_al10_al5_the_ender_the_last_turns_and_the_scores() -> None:
    state = start(R3, ENDING, NEIGHBOUR, FILL, discard=(1, 9, 0))
    assert told_all(state, Take(S("p0.r0c3"))) == (
        Took(0, S("p0.r0c3"), 0, 9),
        RoundEnding(0),
    )
    state = play(state, Take(S("p0.r0c3")), Take(S("p1.r0c0")))
    after = al.apply(state, Take(S("p2.r0c0")))
    assert after.scores == ((42, 92, 72),)
    assert told_all(state, Take(S("p2.r0c0"))) == (
        Took(2, S("p2.r0c0"), 1, 1),
        RoundScored(1, (42, 92, 72), 0, False),  # strictly lowest: not doubled
        RoundStarted(2, 1, after.discard[-1]),
    )


def test_al10_al12_the_doubled_ender_and_the_game_end() -> None:
    rules = Rules(players=2, rounds=1, deck=(20,) * 13)
    state = start(
        rules, "-1* 0* -1* 0* / 0* -1* 0* -1* / -1* 0* 5 0*", "-1 -1 0 0* / 0 -1 0 1* / 0 -1 0 0*"
    )
    state = play(state, Draw(), Discard(S("p0.r2c2")), Draw())
    # Seat 0 ended the round with 1 against -4: positive and not lowest, so doubled.
    assert told_all(state, Discard(S("p1.r2c2"))) == (
        Discarded(1, -1, S("p1.r2c2"), 0),
        RoundScored(1, (2, -4), 0, True),
        GameOver((2, -4), (1,)),
    )
    assert al.render_event(RoundScored(1, (2, -4), 0, True), 0) == (
        "round 1 is over (ended by you, doubled), scores: you 2, seat 1 -4"
    )


def test_al13_al12_a_cut_round_and_the_game_end() -> None:
    rules = Rules(players=2, rounds=1, max_turns_per_round=1, deck=(20,) * 13)
    state = start(
        rules, "-1* 0* -1* 0* / 0* -1* 0* -1* / -1* 0* 5 0*", "7 0 0 3* / 0 0 0 4* / 0 0 0 3*"
    )
    state = play(state, Draw())
    assert told_all(state, Discard(S("p0.r2c2"))) == (
        Discarded(0, state.drawn, S("p0.r2c2"), 5),  # type: ignore[arg-type]
        RoundCut(1, 1),
        RoundScored(1, (10, 16), None, False),
        GameOver((10, 16), (0,)),
    )
    assert al.render_event(GameOver((10, 16), (0,)), 0) == (
        "the game is over: totals you 10, seat 1 16; won by you"
    )


def test_events_print_for_nobody_in_particular() -> None:
    assert str(GameOver((10, 16), (0,))) == (
        "the game is over: totals seat 0 10, seat 1 16; won by seat 0"
    )
    assert (
        str(RoundStarted(2, 1, 7)) == "round 2 is dealt: seat 1 starts, the discard pile shows 7"
    )
    assert al.render_event(RoundStarted(2, 1, 7), 1).startswith("round 2 is dealt: you start,")


def test_rule_ids_list_every_allegra_rule_in_order() -> None:
    ids = al.GAME.rule_ids
    assert ids[0] == "AL-1"
    assert ids[-1] == "AL-14"
    assert ids.index("AL-6") < ids.index("AL-6a") < ids.index("AL-6b") < ids.index("AL-7")
    assert len(ids) == len(set(ids)) == 16
    assert {t.rule for t in al.GAME.event_types} <= set(ids)


# --------------------------------------------------------------------------- AL-14


def _walk(players: int, seed: int) -> list[tuple[al.State, al.Move]]:
    """The positions and moves of a seeded random game."""
    state = al.new_game(Rules(players=players, rounds=2), seed=seed)
    out = []
    rng = seed
    while not al.is_over(state):
        moves = al.legal_moves(state)
        k, rng = _below(rng, len(moves))
        out.append((state, moves[k]))
        state = al.apply(state, moves[k])
    return out


@settings(max_examples=12, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**32), st.integers(0, 2**32))
def test_al14_events_leak_nothing_a_seat_cannot_see(players: int, seed: int, other: int) -> None:
    """Whenever a redealt world leaves a seat's views before and after the same move
    the same, the seat is told the same events."""
    compared = 0
    for state, move in _walk(players, seed)[::3]:
        after = al.apply(state, move)
        seat = (other + compared) % players
        redealt = al.redeal_hidden(state, seat, seed=other)
        if move not in al.legal_moves(redealt):
            continue
        redealt_after = al.apply(redealt, move)
        if al.view(redealt_after, seat) != al.view(after, seat):
            continue
        compared += 1
        assert al.events(redealt, move, redealt_after, seat) == al.events(
            state, move, after, seat
        ), (state, move, seat)
    assert compared > 0


@pytest.mark.parametrize("players", [3, 4])
def test_al14_events_of_random_play_are_well_formed(players: int) -> None:
    types = set(al.GAME.event_types)
    seen: set[type] = set()
    for state, move in [step for seed in (7, 8, 9) for step in _walk(players, seed)]:
        after = al.apply(state, move)
        for seat in range(players):
            for event in al.events(state, move, after, seat):
                assert type(event) in types
                assert event.rule in al.GAME.rule_ids
                assert al.render_event(event, seat)
                seen.add(type(event))
    assert {Drew, Swapped, Discarded, Took, Knocked, Passed, RoundScored} <= seen
