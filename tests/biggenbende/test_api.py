"""The public surface of cardrules.biggenbende: validation, checks, moves, serialisation."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import (
    GameOverError,
    IllegalMoveError,
    InvalidStateError,
    RulesError,
    SerializationError,
)
from cardrules import biggenbende as bb
from cardrules.biggenbende import ChooseFaceUp, PickUp, Play, TurnFaceDown
from tests.biggenbende._deals import NONE_ROW, J, forged, go, start


def test_all_is_sorted_and_complete() -> None:
    assert list(bb.__all__) == sorted(bb.__all__)
    for name in bb.__all__:
        assert hasattr(bb, name)
    public = {n for n in vars(bb) if not n.startswith("_") and n not in {"annotations"}}
    assert public - set(bb.__all__) == set()


def test_registered_game() -> None:
    game = cardrules.get_game("biggenbende")
    assert game is bb.GAME
    assert isinstance(game, cardrules.Game)
    assert game.rules_version == 1
    assert set(game.move_types) == {ChooseFaceUp, Play, PickUp, TurnFaceDown}


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"copies_per_value": 0}, "copies_per_value"),
        ({"copies_per_value": 65}, "copies_per_value"),
        ({"jokers": -1}, "jokers"),
        ({"rounds": 0}, "rounds"),
        ({"max_turns_per_round": -5}, "max_turns_per_round"),
        ({"max_turns_per_round": 2.5}, "max_turns_per_round"),
        ({"chips": True}, "chips"),
    ],
)
def test_rules_reject_bad_options(options: dict[str, object], match: str) -> None:
    with pytest.raises(RulesError, match=match):
        bb.Rules(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [-1, 2**64, 1.0, "3", None, True])
def test_new_game_rejects_bad_seeds(seed: object) -> None:
    with pytest.raises(RulesError, match="seed"):
        bb.new_game(bb.Rules(), seed=seed)  # type: ignore[arg-type]


def test_new_game_is_deterministic() -> None:
    assert bb.new_game(seed=5) == bb.new_game(bb.Rules(), seed=5)
    assert bb.new_game(seed=5) != bb.new_game(seed=6)
    assert hash(bb.new_game(seed=5)) == hash(bb.new_game(seed=5))
    with pytest.raises(RulesError):
        bb.new_game("rules", seed=1)  # type: ignore[arg-type]


_REST = tuple(
    v
    for v in range(13)
    for _ in range(bb.Rules().deck[v] - (1 if v in (2, 3, 4) else 3 if v == 12 else 0))
)


def _without(*cards: int) -> tuple[int, ...]:
    rest = list(_REST)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def _deal(**changes: Any) -> bb.Deal:
    base = bb.Deal(
        hands=((2,), (3,), (4,)),
        face_down=(NONE_ROW, NONE_ROW, (12, 12, 12)),
        draw=(),
        face_up=((), (), ()),
        removed=_REST,
    )
    return attrs.evolve(base, **changes)


def test_a_valid_explicit_deal() -> None:
    state = bb.new_game(bb.Rules(players=3), seed=1, deal=_deal())
    assert state.phase == "play"
    assert state.rng == cardrules.Rng(1)


@pytest.mark.parametrize(
    ("changes", "match"),
    [
        ({"hands": ((2,), (3,))}, r"deal\.hands: expected one entry per seat"),
        ({"hands": ((2,), (3,), (13,))}, r"deal\.hands\[2\]\[0\]: 13 is not a card value"),
        ({"hands": ((2,), (3,), (4, 4))}, r"not the deck of the rules \(BB-1\): 4: 7 given"),
        ({"face_down": ((1, 2), NONE_ROW, NONE_ROW)}, r"deal\.face_down\[0\]: expected three"),
        ({"discard": (5, 3), "removed": _without(5, 3)}, r"deal\.discard\[1\]: 3 cannot"),
        ({"discard": (8,), "removed": _without(8)}, r"deal\.discard\[0\]: an 8 burns"),
        ({"round": 6}, r"deal\.round"),
        ({"chips": (30, 30, 0)}, r"deal\.chips"),
        ({"chips": (-1, 0, 0)}, r"deal\.chips\[0\]"),
        ({"face_up": None}, r"needs at least 3 cards to choose"),
        # Mutation tests (issue 23) found the next two unwatched: the path of a discard
        # that is no list of cards, and why a seat choosing its face-up cards (BB-4)
        # needs one more card while the draw pile has cards (BB-7).
        ({"discard": "5"}, r"^deal\.discard: expected a sequence of card values"),
        (
            {"face_up": None, "draw": (5,), "removed": _without(5)},
            r"^deal\.hands\[0\]: needs at least 4 cards to choose from while the draw pile "
            r"has cards \(BB-4, BB-7\)$",
        ),
    ],
)
def test_explicit_deals_are_validated(changes: dict[str, object], match: str) -> None:
    deal = _deal(**changes)
    with pytest.raises(RulesError, match=match):
        bb.new_game(bb.Rules(players=3), seed=1, deal=deal)


def test_an_explicit_deal_needs_cards_for_every_seat() -> None:
    deal = _deal(
        hands=((2, 3), (), (4,)),
    )
    with pytest.raises(RulesError, match="seat 1 has no cards"):
        bb.new_game(bb.Rules(players=3), seed=1, deal=deal)
    with pytest.raises(RulesError, match="Deal"):
        bb.new_game(bb.Rules(players=3), seed=1, deal="deal")  # type: ignore[arg-type]


def test_illegal_moves_raise_and_change_nothing() -> None:
    state = start([(5, 7), (6,), (6,)], discard=(6,))
    copy = attrs.evolve(state)
    bad_value = forged(Play, value=13, count=1)  # only a forger can make these now
    bad_count = forged(Play, value=7, count=0)
    for move in (Play(5, 1), Play(7, 2), bad_value, bad_count, TurnFaceDown(0), PickUp()):
        with pytest.raises(IllegalMoveError):
            bb.apply(state, move)
    with pytest.raises(IllegalMoveError, match="not a Biggenbende move"):
        bb.apply(state, "play 7")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="BB-4"):
        bb.apply(state, ChooseFaceUp((5, 7, 7)))
    assert state == copy


def test_game_over_error() -> None:
    rows = (NONE_ROW, NONE_ROW, (12, 12, 12))
    state = start([(2,), (3,), (4,)], face_down=rows, rounds=1)
    state = go(state, Play(2, 1), Play(3, 1))
    assert bb.is_over(state)
    with pytest.raises(GameOverError):
        bb.apply(state, PickUp())


def test_moves_read_well_and_their_reprs_evaluate_back() -> None:
    moves = [ChooseFaceUp((J, 3, 3)), Play(11, 2), Play(J, 1), PickUp(), TurnFaceDown(1)]
    assert [str(m) for m in moves] == [
        "face up joker 3 3",
        "play 2 x 11",
        "play 1 x joker",
        "pick up the pile",
        "turn face-down card 1",
    ]
    namespace = vars(bb)
    for move in moves:
        assert eval(repr(move), namespace) == move


def test_check_state_names_the_broken_invariant() -> None:
    state = start([(5, 7), (6,), (6,)], discard=(6,), draw=())
    bb.check_state(state)
    broken = [
        (attrs.evolve(state, hands=((1,) * 13, *state.hands[1:])), "hands: the cards"),
        (attrs.evolve(state, supply=41), "supply"),
        (attrs.evolve(state, chips=(1, 0, 0)), "supply"),
        (attrs.evolve(state, turn=3), "turn"),
        (attrs.evolve(state, turn=None), "turn"),
        (attrs.evolve(state, direction=2), "direction"),
        (attrs.evolve(state, round=0), "round"),
        (attrs.evolve(state, starter=1), "starter"),
        (attrs.evolve(state, phase="bidding"), "phase"),  # type: ignore[arg-type]
        (attrs.evolve(state, places=(0,)), "places"),
        (attrs.evolve(state, face_down=state.face_down[:2]), "face_down"),
        (attrs.evolve(state, hands=((5, 7), *state.hands[1:])), r"hands\[0\]"),
        (attrs.evolve(state, moves=5000), "moves"),
        (attrs.evolve(state, cut_rounds=(1,)), r"cut_rounds\[0\]"),
        (attrs.evolve(state, discard=(6, 6, 6), removed=_less(state.removed, 6, 2)), "BB-12"),
        (attrs.evolve(state, discard=(6, 3), removed=_less(state.removed, 3, 1)), "BB-6"),
        (attrs.evolve(state, rules=attrs.evolve(state.rules, players=4)), "hands"),
    ]
    for bad, match in broken:
        with pytest.raises(InvalidStateError, match=match):
            bb.check_state(bad)
    with pytest.raises(InvalidStateError):
        bb.check_state("state")  # type: ignore[arg-type]


def _less(removed: tuple[int, ...], value: int, k: int) -> tuple[int, ...]:
    out = list(removed)
    out[value] -= k
    return tuple(out)


def test_check_state_of_the_choice() -> None:
    state = bb.new_game(bb.Rules(players=3), seed=4)
    chosen = bb.apply(state, bb.legal_moves(state)[0])
    bb.check_state(chosen)
    with pytest.raises(InvalidStateError, match="turn"):
        bb.check_state(attrs.evolve(chosen, turn=2))
    with pytest.raises(InvalidStateError, match="face_up"):
        bb.check_state(attrs.evolve(chosen, moves=0, turn=0))


def _view_at(where: str) -> bb.View:
    """Seat 1's view: mid-play without a draw pile, while choosing, or mid-play drawing."""
    if where == "play":
        return bb.view(start([(5, 7), (6,), (6,)], discard=(6,), draw=()), 1)
    state = bb.new_game(bb.Rules(players=3), seed=1)
    state = go(state, bb.legal_moves(state)[0])
    while where == "drawing" and state.phase == "choose":
        state = go(state, bb.legal_moves(state)[0])
    return bb.view(state, 1)


def _with(counts: tuple[int, ...], value: int, k: int) -> tuple[int, ...]:
    out = list(counts)
    out[value] += k
    return tuple(out)


_EMPTY = (0,) * 13
_PLAY = _view_at("play")
_DRAWING = _view_at("drawing")


@pytest.mark.parametrize(
    ("where", "changes", "message"),
    [
        ("play", {"seat": 3}, "seat: must be an int from 0 to 2, not 3"),
        ("play", {"seat": None}, "seat: must be an int from 0 to 2, not None"),
        ("play", {"rules": "three"}, "rules: expected a biggenbende.Rules, got str"),
        ("play", {"round": 0}, "round: must be an int from 1 to 5, not 0"),
        ("play", {"starter": 1}, r"starter: round 1 starts with seat 0 \(BB-5\), not 1"),
        ("play", {"phase": "bidding"}, "phase: expected 'choose', 'play' or 'over'"),
        ("play", {"direction": 2}, "direction: expected 1 or -1, got 2"),
        ("play", {"hand": _EMPTY[:12]}, "hand: expected 13 entries, got 12"),
        ("play", {"hand": [0] * 13}, "hand: expected a tuple, got list"),
        ("play", {"hand": _with(_EMPTY, 6, -1)}, r"hand\[6\]: must be an int >= 0, not -1"),
        ("play", {"hand": _with(_EMPTY, 7, 2)}, r"hand_counts\[1\]: the seat's own hand holds 2"),
        ("play", {"hand_counts": (2, 1)}, "hand_counts: expected 3 entries, got 2"),
        ("play", {"hand_counts": (2, 1, -1)}, r"hand_counts\[2\]: must be an int >= 0, not -1"),
        ("play", {"hand_counts": (3, 1, 1)}, r"draw_count: .* hold 81 cards, the deck has 80"),
        ("play", {"face_up": (_EMPTY, _EMPTY)}, "face_up: expected 3 entries, got 2"),
        ("play", {"face_down": ((True, True),) * 3}, r"face_down\[0\]: expected 3 entries"),
        ("play", {"face_down": ((1, 1, 1),) * 3}, r"face_down\[0\]\[0\]: expected a bool"),
        ("play", {"draw_count": -1}, "draw_count: must be an int >= 0, not -1"),
        ("play", {"draw_count": 1}, "draw_count: .* hold 81 cards"),
        ("play", {"discard": (13,)}, r"discard\[0\]: must be an int from 0 to 12, not 13"),
        ("play", {"removed": _with(_PLAY.removed, 6, 4)}, r"hand: 9 of 6 seen .*\(BB-1\)"),
        (
            "play",
            {"discard": (8,), "removed": _with(_with(_PLAY.removed, 8, -1), 6, 1)},
            r"discard\[0\]: an 8 burns the pile at once \(BB-13\)",
        ),
        ("play", {"chips": (1, 0, 0)}, r"supply: 40 in the supply \+ 1 held != 40 chips"),
        ("play", {"chips": (0, 0)}, "chips: expected 3 entries, got 2"),
        ("play", {"supply": -1}, "supply: must be an int >= 0, not -1"),
        ("play", {"places": (0,)}, r"places: seat 0 is out but holds cards \(BB-17\)"),
        ("play", {"places": (5,)}, r"places\[0\]: must be an int from 0 to 2, not 5"),
        ("play", {"moves": -1}, "moves: must be an int >= 0, not -1"),
        ("play", {"moves": 5000}, r"moves: 5000 moves reach the limit of 5000 \(BB-20\)"),
        ("play", {"cut_rounds": (1,)}, r"cut_rounds\[0\]: must be an int from 1 to 0, not 1"),
        ("play", {"turn": None}, "turn: must be an int from 0 to 2, not None"),
        ("play", {"phase": "over"}, "turn: expected None once over, got 0"),
        ("play", {"phase": "over", "turn": None}, r"phase: over after round 1 of 5 .*\(BB-19\)"),
        (
            "play",
            {"rules": bb.Rules(players=4)},
            "hand_counts: expected 4 entries, got 3",
        ),
        (
            "choose",
            {"face_up": ((0, 1, 1, 1, *_EMPTY[4:]), _EMPTY, _EMPTY), "hand_counts": (4, 7, 7)},
            r"face_up\[0\]: another seat's choice is hidden while choosing \(BB-4\)",
        ),
        ("choose", {"turn": 2}, "turn: after 1 choices seat 1 chooses"),
        (
            "choose",
            {"discard": (5,), "draw_count": 49},
            r"phase: the face-up choice \(BB-4\) comes before any play",
        ),
        (
            "choose",
            {"hand_counts": (2, 7, 7), "draw_count": 55},
            r"hand_counts\[0\]: 2 cards in hand and face up, 4 needed",
        ),
        (
            "drawing",
            {"hand_counts": (0, *_DRAWING.hand_counts[1:]), "draw_count": _DRAWING.draw_count + 4},
            r"hand_counts\[0\]: empty while the draw pile has cards \(BB-7, BB-8\)",
        ),
    ],
)
def test_check_view_names_the_broken_invariant(
    where: str, changes: dict[str, Any], message: str
) -> None:
    seen = _view_at(where)
    bb.check_view(seen)
    with pytest.raises(InvalidStateError, match=message):
        bb.check_view(attrs.evolve(seen, **changes))


def test_check_view_rejects_what_is_not_a_view() -> None:
    with pytest.raises(InvalidStateError, match=r"view: expected a biggenbende\.View, got State"):
        bb.check_view(bb.new_game(seed=1))  # type: ignore[arg-type]


def test_loads_rejects_a_view_that_breaks_an_invariant() -> None:
    seen = _view_at("choose")
    doc = json.loads(cardrules.dumps(seen))
    assert cardrules.loads(json.dumps(doc)) == seen
    doc["data"]["draw_count"] = -3
    with pytest.raises(InvalidStateError, match=r"^\$\.data\.draw_count: must be an int >= 0"):
        cardrules.loads(json.dumps(doc))
    doc = json.loads(cardrules.dumps(seen))
    doc["data"]["face_down"][2] = "10"  # a row is 3 symbols (format version 2)
    with pytest.raises(
        SerializationError,
        match=r"face-down row as text of 3 symbols, got 2: .*\$\.data\.face_down\[2\]",
    ):
        cardrules.loads(json.dumps(doc), game="biggenbende", kind="view")


def test_redeal_hidden_validates_its_arguments() -> None:
    state = bb.new_game(seed=1)
    with pytest.raises(RulesError):
        bb.redeal_hidden(state, 9, seed=1)
    with pytest.raises(RulesError):
        bb.redeal_hidden(state, 0, seed=-1)


def test_states_views_moves_and_records_round_trip_through_json() -> None:
    state = bb.new_game(bb.Rules(players=4), seed=21)
    moves = []
    for _ in range(300):
        move = bb.legal_moves(state)[-1]
        moves.append(move)
        state = bb.apply(state, move)
    assert cardrules.loads(cardrules.dumps(state)) == state
    assert cardrules.loads(cardrules.dumps(bb.view(state, 2))) == bb.view(state, 2)
    for move in {*moves, PickUp(), TurnFaceDown(2)}:
        assert cardrules.loads(cardrules.dumps(move)) == move
    record = cardrules.Record(game="biggenbende", rules=state.rules, seed=21, moves=tuple(moves))
    assert cardrules.replay(record) == state
    assert cardrules.loads(cardrules.dumps(record)) == record


def test_a_record_from_an_explicit_deal_replays() -> None:
    first = start([(2, 5), (3, 6), (5, 7)])
    record = cardrules.Record(
        game="biggenbende", rules=first.rules, start=first, moves=(Play(2, 1), Play(3, 1))
    )
    assert cardrules.replay(record) == go(first, Play(2, 1), Play(3, 1))
    assert cardrules.loads(cardrules.dumps(record)) == record


def test_loads_rejects_a_state_that_breaks_an_invariant() -> None:
    state = bb.new_game(bb.Rules(players=3), seed=2)
    text = cardrules.dumps(attrs.evolve(state, supply=7))
    with pytest.raises(InvalidStateError, match="supply"):
        cardrules.loads(text)
