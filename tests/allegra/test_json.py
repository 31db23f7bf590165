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
