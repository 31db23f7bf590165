"""Allegra states, views, moves and records through ``cardrules.dumps`` / ``loads``."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import InvalidStateError
from cardrules import allegra as al
from cardrules.allegra import Draw, Give, Knock, Pass, Place, Rules
from cardrules.serialize import Record, replay
from tests.allegra.helpers import FILL, S, play, start


def exchange_state() -> al.State:
    grids = (FILL, "1 2 3 9 / 5 6 4 8 / 7 10 11 0", FILL, FILL)
    state = start(Rules(players=4), *grids, deck=(11,))
    return play(state, Draw(), Knock(), Pass(), Pass(), Give(1), Place(S("p1.r1c1")))


def test_states_views_and_moves_round_trip() -> None:
    state = exchange_state()
    assert cardrules.loads(cardrules.dumps(state)) == state
    for seat in range(4):
        seen = al.view(state, seat)
        assert cardrules.loads(cardrules.dumps(seen)) == seen
    for move in al.legal_moves(state)[:5]:
        text = cardrules.dumps(move)
        assert json.loads(text)["data"]["type"] == "Exchange"
        assert cardrules.loads(text) == move


def test_loads_rejects_a_state_that_breaks_allegra_invariants() -> None:
    doc = json.loads(cardrules.dumps(exchange_state()))
    cards = doc["data"]["cards"]  # one symbol per place (format version 3)
    doc["data"]["cards"] = "5" + cards[1:]  # one card too many of value 5
    with pytest.raises(InvalidStateError, match=r"value 1: 8 held.*; value 5: 13 held"):
        cardrules.loads(json.dumps(doc))
    doc = json.loads(cardrules.dumps(exchange_state()))
    doc["data"]["cards"] = "." + cards[1:]  # a removed place without a removed card
    with pytest.raises(InvalidStateError, match=r"\$\.data\.removed"):
        cardrules.loads(json.dumps(doc))
    doc = json.loads(cardrules.dumps(exchange_state()))
    doc["data"]["receiver"] = 2  # the card was given to a seat that did not knock
    with pytest.raises(InvalidStateError, match=r"\$\.data\.receiver"):
        cardrules.loads(json.dumps(doc))


def test_al7_loads_rejects_a_knock_window_that_lets_a_seat_act_out_of_order() -> None:
    state = play(start(Rules(players=4), FILL, FILL, FILL, FILL, deck=(11,)), Draw())
    assert state.knock_queue == (1, 2, 3)
    doc = json.loads(cardrules.dumps(state))
    doc["data"]["knock_queue"] = [3, 2, 1]  # seat 3 would answer before seats 1 and 2
    with pytest.raises(InvalidStateError, match=r"\$\.data\.knock_queue.*AL-7"):
        cardrules.loads(json.dumps(doc))
    doc = json.loads(cardrules.dumps(state))
    doc["data"]["knock_queue"] = [2, 3]  # seat 1 would never be asked
    with pytest.raises(InvalidStateError, match=r"\$\.data\.knock.*AL-7"):
        cardrules.loads(json.dumps(doc))
    two = play(start(Rules(players=2), FILL, FILL, deck=(11,)), Draw())
    doc = json.loads(cardrules.dumps(two))
    doc["data"]["phase"], doc["data"]["knock_queue"] = "knock", [1]  # no knocks with 2
    with pytest.raises(InvalidStateError, match=r"3 or more players \(AL-7\)"):
        cardrules.loads(json.dumps(doc))


def _view_at(where: str) -> al.View:
    """Mid-exchange (seat 1 received the card and sees its hand; seat 3 does not) or
    the setup reveals of a fresh three-player game (seat 2)."""
    if where == "reveal":
        return al.view(al.new_game(Rules(players=3), seed=1), 2)
    return al.view(exchange_state(), 1 if where == "receiver" else 3)


def _triple(seen: al.View) -> dict[str, Any]:
    # p0.r0c0..c2 turned face up as three 5s: as many cards, but a triple shows (AL-8).
    cards = (5, 5, 5, *seen.cards[3:])
    return {"cards": cards, "face_down": (False,) * 3 + seen.face_down[3:]}


_REVEAL = _view_at("reveal")
_RECEIVER = _view_at("receiver")


@pytest.mark.parametrize(
    ("where", "changes", "message"),
    [
        ("receiver", {"seat": 4}, r"view\.seat: must be an int from 0 to 3, not 4"),
        ("receiver", {"seat": -1}, r"view\.seat: must be an int from 0 to 3, not -1"),
        ("receiver", {"rules": "four"}, r"view\.rules: not an allegra\.Rules"),
        ("receiver", {"cards": _RECEIVER.cards[:47]}, r"view\.cards: must be a tuple of 48"),
        ("receiver", {"face_down": ()}, r"view\.face_down: must be a tuple of 48 flags"),
        (
            "receiver",
            {"cards": (12, *_RECEIVER.cards[1:])},
            r"view\.cards\[0\]: 12 is not a card value \(-1\.\.11\)",
        ),
        (
            "receiver",
            {"face_down": (1, *_RECEIVER.face_down[1:])},
            r"view\.face_down\[0\]: 1 is not a bool",
        ),
        (
            "receiver",
            {"face_down": (True,) * 48},
            r"view\.face_down\[\d+\]: p\d\.r\dc\d is both face up and face down",
        ),
        ("receiver", {"removed": (5,)}, r"view\.removed: 1 removed cards but 0 removed places"),
        ("receiver", {"discard": (12,)}, r"view\.discard\[0\]: 12 is not a card value"),
        ("receiver", {"discard": (11,) * 7}, r"view: \d+ cards of value 11 seen, .* 6 \(AL-1\)"),
        ("receiver", {"deck_count": -1}, r"view\.deck_count: must be an int >= 0, not -1"),
        (
            "receiver",
            {"deck_count": _RECEIVER.deck_count + 1},
            r"view\.deck_count: .* hold 121 cards, Rules\.deck has 120 \(AL-1\)",
        ),
        ("receiver", {"phase": "bidding"}, r"view\.phase: unknown phase 'bidding'"),
        ("receiver", {"drawn": 3}, r"view\.drawn: must be None"),
        ("receiver", {"hand_count": 0}, r"view\.hand_count: must be 1"),
        ("receiver", {"hand_count": True}, r"view\.hand_count: must be 1"),
        ("receiver", {"hand": None}, r"view\.hand: must be the card in hand .*AL-14"),
        ("receiver", {"seat": 2}, r"view\.hand: must be the card in hand"),
        ("receiver", {"round": 0}, r"view\.round: 0 is not a round of 1\.\.3"),
        ("receiver", {"scores": ((1, 2, 3, 4),)}, r"view\.scores: must hold the scores of 0"),
        ("receiver", {"cut_rounds": (1,)}, r"view\.cut_rounds: must hold finished round"),
        ("receiver", {"current": 9}, r"view\.current: must be an int from 0 to 3, not 9"),
        ("receiver", {"knockers": (0, 1)}, r"view\.knockers\[0\]: the drawer cannot knock"),
        ("receiver", {"knock_queue": (2,)}, r"view\.knock_queue: a seat is asked twice"),
        ("receiver", {"passers": (3, 2)}, r"view\.knockers: the knocks and passes .*\(AL-7\)"),
        ("other", {"receiver": 2}, r"view\.receiver: the card goes to a seat that knocked"),
        ("receiver", {"placed": None}, r"view\.placed: a place only during exchange step 2"),
        ("receiver", {"placed": S("p3.r0c0")}, r"view\.placed: must lie in the receiver's area"),
        ("receiver", {"reveals_left": 1}, r"view\.reveals_left: must be 0 outside the setup"),
        ("receiver", {"ender": 0}, r"view\.last_turns: the round is ending: some last turns"),
        ("receiver", {"last_turns": 4}, r"view\.last_turns: must be an int from 0 to 3"),
        ("receiver", {"turns": -1}, r"view\.turns: must be an int >= 0"),
        ("receiver", {"turns": 1000}, r"view\.turns: the round should have been cut .*AL-13"),
        ("receiver", {"rules": Rules(players=3)}, r"view\.cards: must be a tuple of 36 places"),
        ("reveal", {"turns": 1}, r"view\.turns: no turn is played during the setup reveals"),
        ("reveal", {"reveals_left": 0}, r"view\.reveals_left: must be 1 or 2 during the setup"),
        ("reveal", {"knock_queue": (1,)}, r"view\.knock_queue: must be non-empty exactly in"),
        ("reveal", {"hand": 4}, r"view\.hand: must be the card in hand"),
        (
            "reveal",
            {"discard": (), "deck_count": _REVEAL.deck_count + 1},
            r"view\.discard: the discard pile is empty",
        ),
        ("reveal", {"phase": "over"}, r"view\.scores: must hold the scores of 1 finished"),
        ("reveal", _triple(_REVEAL), r"view\.cards: a triple is showing \(AL-8\): p0\.r0c0"),
    ],
)
def test_check_view_names_the_broken_invariant(
    where: str, changes: dict[str, Any], message: str
) -> None:
    seen = _view_at(where)
    al.check_view(seen)
    with pytest.raises(InvalidStateError, match=message):
        al.check_view(attrs.evolve(seen, **changes))


def test_check_view_rejects_what_is_not_a_view() -> None:
    with pytest.raises(InvalidStateError, match=r"view: not an allegra\.View: State"):
        al.check_view(exchange_state())  # type: ignore[arg-type]


def test_loads_rejects_a_view_that_breaks_allegra_invariants() -> None:
    seen = _view_at("receiver")
    doc = json.loads(cardrules.dumps(seen))
    assert cardrules.loads(json.dumps(doc)) == seen
    doc["data"]["hand"] = None  # the receiver always sees the card in its hand (AL-14)
    with pytest.raises(InvalidStateError, match=r"^\$\.data\.hand: .*\(AL-7, AL-14\)"):
        cardrules.loads(json.dumps(doc))
    doc = json.loads(cardrules.dumps(seen))
    doc["data"]["deck_count"] += 5
    with pytest.raises(InvalidStateError, match=r"^\$\.data\.deck_count: .*\(AL-1\)"):
        cardrules.loads(json.dumps(doc), game="allegra", kind="view")


def test_records_replay() -> None:
    rules = Rules(players=3)
    state = al.new_game(rules, seed=12)
    moves: list[al.Move] = []
    for _ in range(60):
        move = al.legal_moves(state)[len(moves) % len(al.legal_moves(state))]
        moves.append(move)
        state = al.apply(state, move)
    record = Record(game="allegra", rules=rules, seed=12, moves=tuple(moves))
    assert replay(cardrules.loads(cardrules.dumps(record))) == state
