"""Fixtures of the game server's tests: an in-process client, and real servers."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("uvicorn", reason="the server extra is not installed")

from starlette.testclient import TestClient  # noqa: E402

from cardrules.server import create_app  # noqa: E402


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


CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
