"""
The server example of the how-to "Run a game server safely" (issue 10.6), for real:
a socket on 127.0.0.1, two clients over HTTP, a sqlite3 file, and a restart in the
middle of the game that resumes from what the database holds.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sqlite3
import sys
import urllib.error
import urllib.request
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import cardrules
from cardrules import allegra
from cardrules.errors import IntegrityError

_PATH = Path(__file__).resolve().parent.parent / "docs" / "examples" / "server.py"


def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cardrules_server_example", _PATH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


server = _module()
KEY = b"test key, not a real secret"


class Client:
    """One player: a token, and the server's address (which a restart changes)."""

    def __init__(self, base: str, game_id: str, token: str, seed: int) -> None:
        self.base = base
        self.game_id = game_id
        self.token = token
        self.pick = random.Random(seed)
        self.seen: list[str] = []

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    def look(self) -> Any:
        status, reply = self.call(
            "GET", f"/games/{self.game_id}?token={self.token}&since={len(self.seen)}"
        )
        assert status == 200, reply
        self.seen.extend(reply["events"])
        return reply

    def move(self, data: Any) -> tuple[int, Any]:
        return self.call(
            "POST", f"/games/{self.game_id}/moves", {"token": self.token, "move": data}
        )


def _base(running: Any) -> str:
    return f"http://127.0.0.1:{running.server_address[1]}"


def test_two_clients_play_allegra_through_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite3")
    running, thread = server.start(db, KEY)
    try:
        base = _base(running)
        status, made = Client(base, "", "", 0).call(
            "POST", "/games", {"game": "allegra", "players": 2}
        )
        assert status == 201
        clients = [
            Client(base, made["id"], token, seed) for seed, token in enumerate(made["tokens"])
        ]
        moves = 0
        restarted = False
        while True:
            replies = [c.look() for c in clients]
            assert [r["seat"] for r in replies] == [0, 1]
            # Views only: no client ever sees the RNG, the seed or the other's hidden cards.
            for reply in replies:
                assert "rng" not in reply["view"]
                assert "seed" not in json.dumps(reply)
            if replies[0]["over"]:
                break
            mover = replies[0]["to_move"]
            other = clients[1 - mover]
            assert replies[1 - mover]["legal"] == []
            # Out of turn: refused.
            status, reply = other.move(replies[mover]["legal"][0])
            assert status == 400
            assert "not your turn" in reply["error"]
            legal = replies[mover]["legal"]
            status, reply = clients[mover].move(legal[clients[mover].pick.randrange(len(legal))])
            assert status == 200, reply
            moves += 1
            if moves == 25 and not restarted:
                # Stop the server mid-game; a new one on the same file resumes.
                server.stop(running, thread)
                running, thread = server.start(db, KEY)
                for c in clients:
                    c.base = _base(running)
                restarted = True
        assert restarted
        assert moves > 25
        outcome = cardrules.from_data(replies[0]["outcome"], game="allegra", kind="outcome")
        assert replies[1]["outcome"] == replies[0]["outcome"]
        # Both seats were told every move, each as it saw it.
        assert clients[0].seen
        assert clients[1].seen
        assert len(clients[0].seen) == len(clients[1].seen)
        # The database holds a signed, finished state.
        with sqlite3.connect(db) as con:
            (text,) = con.execute("select state from games").fetchone()
        final = cardrules.loads(text, key=KEY)
        assert allegra.is_over(final)
        assert allegra.outcome(final) == outcome
    finally:
        server.stop(running, thread)


def test_the_server_refuses_bad_input_and_edited_saves(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite3")
    running, thread = server.start(db, KEY)
    try:
        probe = Client(_base(running), "", "", 0)
        status, made = probe.call("POST", "/games", {"game": "biggenbende", "players": 3})
        assert status == 201
        assert len(made["tokens"]) == 3
        client = Client(_base(running), made["id"], made["tokens"][0], 0)
        reply = client.look()
        seat = reply["to_move"]
        mover = Client(_base(running), made["id"], made["tokens"][seat], 1)
        for bad in (
            None,
            "Play",
            {"type": "Play", "value": 5, "count": -2},
            {"type": "ChooseFaceUp", "values": [1] * 10_000},
            {"type": "NoSuchMove"},
        ):
            status, reply = mover.move(bad)
            assert status == 400, bad
            assert len(reply["error"]) < 1_000
            assert "Traceback" not in reply["error"]
        # A stranger's token and a huge body are refused.
        stranger = Client(_base(running), made["id"], "0" * 32, 2)
        assert stranger.move({"type": "Draw"})[0] == 404
        status, reply = probe.call("POST", f"/games/{made['id']}/moves", {"x": "y" * 100_000})
        assert status == 400
        assert "over" in reply["error"]
        assert probe.call("POST", "/games", {"game": "poker"})[0] == 400
        assert probe.call("POST", "/games", {"game": "allegra", "players": 10**9})[0] == 400
    finally:
        server.stop(running, thread)
    # Someone edits the database file: the server refuses the state.
    with sqlite3.connect(db) as con:
        (text,) = con.execute("select state from games").fetchone()
        doc = json.loads(text)
        doc["data"]["rng"] = "1"
        con.execute("update games set state = ?", (json.dumps(doc),))
    with pytest.raises(IntegrityError):
        server.Store(db, KEY).load(made["id"])
