"""
The rows S1-S6 of issue 25, each as a test: what the standard-library example server
did wrong, attacked the same way against ``cardrules serve`` (a real uvicorn process on
127.0.0.1, or the application in process where the row is about the store).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardrules.cli import serve as serve_command
from cardrules.errors import CardrulesError
from cardrules.server import SQLiteStore, create_app
from tests.server.conftest import Api, Served, bearer, call, check_stored, make_table, race


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One ``cardrules serve`` for the tests of this module that make their own tables."""
    server = Served(str(tmp_path_factory.mktemp("rows") / "games.sqlite3"))
    yield server
    server.stop()


def _raw(port: int, request: bytes, timeout: float = 20) -> bytes:
    """Send raw bytes, and read what comes back until the server closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(request)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def _status_and_json(reply: bytes) -> tuple[int, Any]:
    head, _, body = reply.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1])
    return status, json.loads(body) if body.strip() else None


def test_s1_bad_bytes_get_an_http_answer_not_a_closed_connection(served: Served) -> None:
    table, _ = make_table(served.base, ["person", "greedy"])
    moves = f"/api/tables/{table}/moves".encode()
    # A non-ASCII token (UTF-8 in the header): refused, with JSON.
    token = "sécret-ключ-🂡".encode()
    body = b'{"number": 0, "move": {"type": "Turn"}}'
    reply = _raw(
        served.port,
        b"POST " + moves + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        b"Authorization: Bearer " + token + b"\r\n"
        b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body,
    )
    assert _status_and_json(reply) == (403, {"error": "this token holds no seat at this table",
                                             "status": 403})  # fmt: skip
    # 60 KB of nested [] (a recursion bomb for a parser): refused before parsing.
    nested = b"[" * 30_000 + b"]" * 30_000
    _, (token_text,) = make_table(served.base, ["person", "greedy"])
    reply = _raw(
        served.port,
        b"POST " + moves + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        b"Authorization: Bearer " + token_text.encode() + b"\r\n"
        b"Content-Length: " + str(len(nested)).encode() + b"\r\n\r\n" + nested,
    )
    status, answer = _status_and_json(reply)
    assert status in (400, 413)
    assert answer["error"]
    # The same bomb under the body limit, inside a move: refused for its depth.
    bomb = b'{"number": 0, "move": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    reply = _raw(
        served.port,
        b"POST " + moves + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        b"Authorization: Bearer " + token_text.encode() + b"\r\n"
        b"Content-Length: " + str(len(bomb)).encode() + b"\r\n\r\n" + bomb,
    )
    status, answer = _status_and_json(reply)
    assert status == 400
    assert "deeper" in answer["error"]
    # A Content-Length that is no number: a 400 answer (from uvicorn's HTTP parser).
    reply = _raw(
        served.port,
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        b"Content-Length: abc\r\n\r\n{}",
    )
    assert reply.startswith(b"HTTP/1.1 400 ")


def test_s1_in_process_the_same_inputs_get_json_errors(api: Api) -> None:
    table = api.create("beggar", ["person", "greedy"])
    token = api.join(table, 0)
    url = f"/api/tables/{table}/moves"
    for strange in ("é", "ключ", "\udcff", "🂡" * 100, "\x00"):
        raw = strange.encode("utf-8", "surrogatepass")
        answer = api.client.post(
            url,
            json={"number": 0, "move": {"type": "Turn"}},
            headers=[(b"authorization", b"Bearer " + raw)],
        )
        assert answer.status_code == 403, (strange, answer.text)
    bomb = b'{"number": 0, "move": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    answer = api.client.post(url, content=bomb, headers=bearer(token))
    assert answer.status_code == 400
    assert "deeper" in answer.json()["error"]
    answer = api.client.post(
        url, content=b"{}", headers={**bearer(token), "Content-Length": "abc"}
    )
    assert answer.status_code == 400
    assert "Content-Length" in answer.json()["error"]


@pytest.mark.slow
def test_s2_a_client_that_never_sends_its_body_is_answered_408(db: str) -> None:
    server = Served(db, "--body-timeout", "1")
    try:
        table, (token,) = make_table(server.base, ["person", "greedy"])
        request = (
            f"POST /api/tables/{table}/moves HTTP/1.1\r\nHost: x\r\n"
            f"Authorization: Bearer {token}\r\nContent-Length: 40\r\n\r\n"
        ).encode()
        stalled = []
        for _ in range(300):  # headers, then never the body
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
            sock.sendall(request)
            stalled.append(sock)
        try:
            # Meanwhile the server answers everyone else.
            status, seen = call(server.base, "GET", f"/api/tables/{table}/view", token=token)
            assert status == 200
            assert seen["number"] == 0
            # And every stalled client gets its answer once its time is up.
            for sock in stalled:
                reply = b""
                while b"\r\n\r\n" not in reply and (chunk := sock.recv(4096)):
                    reply += chunk
                assert reply.startswith(b"HTTP/1.1 408 "), reply[:80]
        finally:
            for sock in stalled:
                sock.close()
        status, seen = call(server.base, "GET", f"/api/tables/{table}/view", token=token)
        assert status == 200
        assert seen["number"] == 0
    finally:
        server.stop()


def test_s3_the_listen_backlog_is_large(served: Served, db: str) -> None:
    parser = argparse.ArgumentParser()
    serve_command.COMMAND.configure(parser)
    config = serve_command._config(parser.parse_args(["--db", db]))
    assert config.backlog >= 128
    assert config.host == "127.0.0.1"
    # The socket the running server listens on (ss shows a listener's backlog).
    ss = shutil.which("ss")
    if ss is None:
        pytest.skip("ss (iproute2) is not installed: the live socket's backlog is not read")
    listing = subprocess.run(
        [ss, "-ltnH", f"sport = :{served.port}"], capture_output=True, text=True, check=True
    ).stdout
    backlogs = [int(m.group(1)) for m in re.finditer(r"LISTEN\s+\d+\s+(\d+)", listing)]
    assert backlogs, listing
    assert min(backlogs) >= 128, listing


def test_s4_a_retried_move_returns_the_same_answer_and_applies_nothing(api: Api) -> None:
    table = api.create("beggar", ["person", "person"])
    first, second = api.join(table, 0), api.join(table, 1)
    answer = api.move(table, first, 0, {"type": "Turn"})
    assert answer.status_code == 200
    again = api.move(table, first, 0, {"type": "Turn"})
    assert (again.status_code, again.text) == (200, answer.text)
    assert api.view(table, first)["number"] == 1
    # Still the same after other moves, and only for the same seat and move.
    assert api.move(table, second, 1, {"type": "Turn"}).status_code == 200
    late = api.move(table, first, 0, {"type": "Turn"})
    assert (late.status_code, late.text) == (200, answer.text)
    assert api.move(table, second, 0, {"type": "Turn"}).status_code == 409
    assert api.view(table, first)["number"] == 2


def test_s4_the_same_move_sent_many_times_at_once_is_applied_once(served: Served) -> None:
    table, (first, second) = make_table(served.base, ["person", "person"])
    url = f"/api/tables/{table}/moves"
    for number in range(10):
        _, public = call(served.base, "GET", f"/api/tables/{table}")
        token = (first, second)[public["to_move"]]
        answers: list[tuple[int, Any]] = []

        def send(token: str = token, number: int = number, answers: list[Any] = answers) -> None:
            answers.append(call(served.base, "POST", url, {"number": number,
                                "move": {"type": "Turn"}}, token))  # fmt: skip

        threads = [threading.Thread(target=send) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert [status for status, _ in answers] == [200] * 8
        assert all(answer == answers[0][1] for _, answer in answers)
    _status, public = call(served.base, "GET", f"/api/tables/{table}")
    assert public["number"] == 10


def test_s5_a_restart_keeps_every_game(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARDRULES_KEY", raising=False)
    app = create_app(db)
    with TestClient(app) as client:
        api = Api(client)
        table = api.create("beggar", ["person", "greedy"])
        token = api.join(table, 0)
        assert api.move(table, token, 0, {"type": "Turn"}).status_code == 200
        before = api.view(table, token)
    app.state.store.close()
    # A new server on the same file, still without a key given: the store kept it.
    again = create_app(db)
    with TestClient(again) as client:
        assert Api(client).view(table, token) == before
    again.state.store.close()


def test_s5_a_key_given_from_outside_is_required_again(tmp_path: Path) -> None:
    path = str(tmp_path / "keyed.sqlite3")
    SQLiteStore(path, key=b"the key of this test").close()
    with pytest.raises(CardrulesError, match="CARDRULES_KEY"):
        SQLiteStore(path)
    with pytest.raises(CardrulesError, match="not the key"):
        SQLiteStore(path, key=b"another key")
    SQLiteStore(path, key=b"the key of this test").close()
    # A store that keeps its own key refuses another one too.
    own = str(tmp_path / "own.sqlite3")
    SQLiteStore(own).close()
    with pytest.raises(CardrulesError, match="differs"):
        SQLiteStore(own, key=b"some key")


@pytest.mark.slow
def test_s5_serve_restarted_without_a_key_answers_for_every_game(db: str) -> None:
    server = Served(db)
    try:
        table, (token,) = make_table(server.base, ["person", "greedy"])
        assert call(server.base, "POST", f"/api/tables/{table}/moves",
                    {"number": 0, "move": {"type": "Turn"}}, token)[0] == 200  # fmt: skip
        for _ in range(200):  # until the bot has answered
            status, before = call(server.base, "GET", f"/api/tables/{table}/view", token=token)
            if before["legal"] or before["over"]:
                break
            time.sleep(0.05)
        assert before["number"] >= 2
    finally:
        server.stop()
    server = Served(db)
    try:
        status, after = call(server.base, "GET", f"/api/tables/{table}/view", token=token)
        assert (status, after) == (200, before)
    finally:
        server.stop()


@pytest.mark.slow
def test_s6_two_servers_on_one_file_lose_no_acknowledged_move(db: str) -> None:
    servers = [Served(db), Served(db)]
    try:
        tables, acknowledged = race(servers)
    finally:
        for server in servers:
            server.stop()
    store = SQLiteStore(db)
    try:
        check_stored(store, tables, acknowledged)
    finally:
        store.close()
