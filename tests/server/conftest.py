"""Fixtures of the game server's tests: an in-process client, and real servers."""

from __future__ import annotations

import itertools
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("uvicorn", reason="the server extra is not installed")

from starlette.testclient import TestClient

import cardrules
from cardrules.server import create_app


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Api:
    """The JSON API through an in-process client, with the calls the tests share."""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    def create(self, game: str, seats: list[str], rules: dict[str, Any] | None = None) -> str:
        body: dict[str, Any] = {"game": game, "seats": seats}
        if rules is not None:
            body["rules"] = rules
        answer = self.client.post("/api/tables", json=body)
        assert answer.status_code == 201, answer.text
        table: str = answer.json()["table"]
        return table

    def join(self, table: str, seat: int) -> str:
        answer = self.client.post(f"/api/tables/{table}/seats/{seat}")
        assert answer.status_code == 201, answer.text
        token: str = answer.json()["token"]
        return token

    def view(self, table: str, token: str) -> dict[str, Any]:
        answer = self.client.get(f"/api/tables/{table}/view", headers=bearer(token))
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def move(self, table: str, token: str, number: int, move: Any) -> Any:
        return self.client.post(
            f"/api/tables/{table}/moves",
            json={"number": number, "move": move},
            headers=bearer(token),
        )


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def counting_seeds(start: int = 1) -> Any:
    """Known deals for the tests: seeds start, start + 1, ..."""
    counter = itertools.count(start)
    return lambda: next(counter)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "games.sqlite3")


@pytest.fixture
def api(db: str) -> Iterator[Api]:
    app = create_app(db, seeds=counting_seeds())
    with TestClient(app) as client:
        yield Api(client)
    app.state.store.close()


def call(
    base: str, method: str, path: str, body: Any = None, token: str | None = None
) -> tuple[int, Any]:
    """One HTTP request to a real server: its status and JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


class Served:
    """``cardrules serve`` in a process of its own."""

    def __init__(self, db: str, *extra: str, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "cardrules", "serve", "--db", db, "--quiet"]
        self.process = subprocess.Popen(
            [*command, "--port", str(self.port), *extra],
            env={**os.environ, **(env or {})},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while True:
            if self.process.poll() is not None:
                output = self.process.stdout.read().decode() if self.process.stdout else ""
                raise RuntimeError(f"cardrules serve stopped: {output}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("cardrules serve did not start") from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()

    def kill(self) -> None:
        self.process.kill()  # SIGKILL: no clean-up of any kind
        self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()


@pytest.fixture
def served(db: str) -> Iterator[Served]:
    server = Served(db)
    yield server
    server.stop()


def make_table(base: str, seats: list[str], game: str = "beggar") -> tuple[str, list[str]]:
    """A table on a real server, and the tokens of its people's seats."""
    status, made = call(base, "POST", "/api/tables", {"game": game, "seats": seats})
    assert status == 201, made
    tokens = []
    for seat, kind in enumerate(seats):
        if kind == "person":
            status, joined = call(base, "POST", f"/api/tables/{made['table']}/seats/{seat}")
            assert status == 201, joined
            tokens.append(joined["token"])
    return made["table"], tokens


def race(servers: list[Served], moves: int = 40) -> tuple[list[str], list[tuple[str, int, int]]]:
    """
    Three tables of two people; each seat has a client on each server, and the four
    clients of a table race for every move until the table has ``moves`` moves.
    Returns the tables and every acknowledged move (table, number, seat).
    """
    tables = [make_table(servers[0].base, ["person", "person"]) for _ in range(3)]
    acknowledged: list[tuple[str, int, int]] = []
    lock = threading.Lock()
    failures: list[str] = []

    def player(table: str, seat: int, token: str, base: str) -> None:
        for _ in range(5000):
            status, seen = call(base, "GET", f"/api/tables/{table}/view", token=token)
            if status != 200:
                failures.append(f"view: {status} {seen}")
                return
            if seen["over"] or seen["number"] >= moves:
                return
            if not seen["legal"]:
                continue
            body = {"number": seen["number"], "move": seen["legal"][0]["move"]}
            status, answer = call(base, "POST", f"/api/tables/{table}/moves", body, token)
            if status == 200:
                with lock:
                    acknowledged.append((table, answer["number"], seat))
            elif status != 409:
                failures.append(f"move: {status} {answer}")

    threads = [
        threading.Thread(target=player, args=(table, seat, tokens[seat], server.base))
        for table, tokens in tables
        for seat in (0, 1)
        for server in servers
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    return [table for table, _ in tables], acknowledged


def check_stored(
    store: Any, tables: list[str], acknowledged: list[tuple[str, int, int]], moves: int = 40
) -> None:
    """Every acknowledged move is stored, once, and the moves replay to the stored state."""
    game = cardrules.get_game("beggar")
    for table in tables:
        stored = {m.number: m.seat for m in store.moves(table, 0, 100_000)}
        mine = {(n, s) for t, n, s in acknowledged if t == table}
        assert mine <= set(stored.items())
        assert {n for n, _ in mine} == set(stored)  # nothing stored that nobody was told
        row = store.table(table)
        assert row is not None
        assert row.number == len(stored) >= moves
        state = cardrules.loads(row.start, key=store.key())
        for move in store.moves(table, 0, 100_000):
            data = json.loads(move.move)
            state = game.apply(state, cardrules.from_data(data, game="beggar", kind="move"))
        assert state == cardrules.loads(row.state, key=store.key())
