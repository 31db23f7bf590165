"""Allegra states, views, moves and records through ``cardrules.dumps`` / ``loads``."""

from __future__ import annotations

import json

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
    doc["data"]["cards"][0] = 5  # one card too many of value 5
    with pytest.raises(InvalidStateError, match=r"value 1: 8 held.*; value 5: 13 held"):
        cardrules.loads(json.dumps(doc))
    doc = json.loads(cardrules.dumps(exchange_state()))
    doc["data"]["cards"][0] = None  # a removed place without a removed card
    with pytest.raises(InvalidStateError, match=r"state\.removed"):
        cardrules.loads(json.dumps(doc))
    doc = json.loads(cardrules.dumps(exchange_state()))
    doc["data"]["receiver"] = 2  # the card was given to a seat that did not knock
    with pytest.raises(InvalidStateError, match=r"state\.receiver"):
        cardrules.loads(json.dumps(doc))


def test_al7_loads_rejects_a_knock_window_that_lets_a_seat_act_out_of_order() -> None:
    state = play(start(Rules(players=4), FILL, FILL, FILL, FILL, deck=(11,)), Draw())
    assert state.knock_queue == (1, 2, 3)
    doc = json.loads(cardrules.dumps(state))
    doc["data"]["knock_queue"] = [3, 2, 1]  # seat 3 would answer before seats 1 and 2
    with pytest.raises(InvalidStateError, match=r"state\.knock_queue.*AL-7"):
        cardrules.loads(json.dumps(doc))
    doc = json.loads(cardrules.dumps(state))
    doc["data"]["knock_queue"] = [2, 3]  # seat 1 would never be asked
    with pytest.raises(InvalidStateError, match=r"state\.knock.*AL-7"):
        cardrules.loads(json.dumps(doc))
    two = play(start(Rules(players=2), FILL, FILL, deck=(11,)), Draw())
    doc = json.loads(cardrules.dumps(two))
    doc["data"]["phase"], doc["data"]["knock_queue"] = "knock", [1]  # no knocks with 2
    with pytest.raises(InvalidStateError, match=r"3 or more players \(AL-7\)"):
        cardrules.loads(json.dumps(doc))


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
