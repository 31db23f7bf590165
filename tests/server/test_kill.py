"""
``kill -9`` in the middle of play: after a restart on the same file nothing that was
acknowledged is lost, nothing is corrupt, and play goes on.
"""

from __future__ import annotations

import http.client
import json
import sqlite3
import threading
import urllib.error

import pytest

import cardrules
from cardrules.server import SQLiteStore
from tests.server.conftest import Served, call

_SEATS = {"beggar": ["person", "greedy"], "allegra": ["person", "greedy"]}


Acknowledged = list[tuple[str, int, str]]


def _players(
    base: str,
    tables: list[tuple[str, str, str]],
    acknowledged: Acknowledged,
    stop: threading.Event,
) -> list[threading.Thread]:
    lock = threading.Lock()

    def player(table: str, token: str) -> None:
        while not stop.is_set():
            try:
                status, seen = call(base, "GET", f"/api/tables/{table}/view", token=token)
                if status != 200 or seen["over"]:
                    return
                if not seen["legal"]:
                    continue
                move = seen["legal"][-1]["move"]
                body = {"number": seen["number"], "move": move}
                status, answer = call(base, "POST", f"/api/tables/{table}/moves", body, token)
            except (OSError, urllib.error.URLError, http.client.HTTPException):
                return  # the server died: this request was never acknowledged
            if status == 200:
                with lock:
                    acknowledged.append(
                        (table, answer["number"], json.dumps(move, sort_keys=True))
                    )

    threads = [threading.Thread(target=player, args=(t, tok)) for t, _, tok in tables]
    for thread in threads:
        thread.start()
    return threads


@pytest.mark.slow
def test_kill_9_loses_nothing_acknowledged(db: str) -> None:
    server = Served(db)
    tables: list[tuple[str, str, str]] = []
    for index in range(8):
        game = ("beggar", "allegra")[index % 2]
        status, made = call(server.base, "POST", "/api/tables",
                            {"game": game, "seats": _SEATS[game],
                             "rules": {"players": 2}})  # fmt: skip
        assert status == 201, made
        status, joined = call(server.base, "POST", f"/api/tables/{made['table']}/seats/0")
        tables.append((made["table"], game, joined["token"]))
    acknowledged: list[tuple[str, int, str]] = []
    for _round in range(2):
        stop = threading.Event()
        threads = _players(server.base, tables, acknowledged, stop)
        before = len(acknowledged)
        while len(acknowledged) < before + 150 and any(t.is_alive() for t in threads):
            threading.Event().wait(0.05)
        server.kill()  # SIGKILL while the clients are mid-request
        stop.set()
        for thread in threads:
            thread.join()
        assert len(acknowledged) >= before + 150
        server = Served(db)  # a new process on the same file, no key given
    try:
        db_check = sqlite3.connect(db)
        assert db_check.execute("pragma integrity_check").fetchone() == ("ok",)
        db_check.close()
        store = SQLiteStore(db)
        try:
            for table, game_name, token in tables:
                rules_of = cardrules.get_game(game_name)
                stored = {m.number: m for m in store.moves(table, 0, 100_000)}
                for t, number, move in acknowledged:
                    if t == table:
                        assert number in stored, f"acknowledged move {number} of {table} lost"
                        data = json.dumps(json.loads(stored[number].move), sort_keys=True)
                        assert data == move
                row = store.table(table)
                assert row is not None
                assert row.number == len(stored)
                state = cardrules.loads(row.start, key=store.key())
                for number in range(row.number):
                    data = json.loads(stored[number].move)
                    state = rules_of.apply(
                        state, cardrules.from_data(data, game=game_name, kind="move")
                    )
                assert state == cardrules.loads(row.state, key=store.key())
                # And play goes on: the bots move again, then the person can.
                for _ in range(100):
                    status, seen = call(
                        server.base, "GET", f"/api/tables/{table}/view", token=token
                    )
                    assert status == 200, seen
                    if seen["over"] or seen["legal"]:
                        break
                    threading.Event().wait(0.05)
                if not seen["over"]:
                    body = {"number": seen["number"], "move": seen["legal"][0]["move"]}
                    status, answer = call(
                        server.base, "POST", f"/api/tables/{table}/moves", body, token
                    )
                    assert status == 200, answer
        finally:
            store.close()
    finally:
        server.stop()
    print(f"\nkill -9 twice: {len(acknowledged)} moves acknowledged, 0 lost, 0 corrupt")
