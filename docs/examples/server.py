"""
A minimal game server: stdlib ``http.server`` and ``sqlite3``, one game per row.

What it shows (see the how-to "Run a game server safely"):

- The state, with its RNG, and the seed never leave the server. The database holds the
  state signed with the server's key, so a copy edited on disk is refused.
- A client gets only its seat's view, the legal moves, and what happened as its seat
  saw it (``game.events`` rendered with ``game.render_event``).
- A client's input is read only as a move (``from_data(..., kind="move")``), with a
  size limit on every request, and applied only if it is that seat's turn.
- The server can stop at any time: a new one on the same database file resumes.

Run it with ``python docs/examples/server.py``; the suite tests it in
``tests/test_server_example.py``.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import cardrules
from cardrules import CardrulesError

MAX_BODY = 64 * 1024
"""The largest request body read: a move is a few dozen bytes."""

SCHEMA = """
create table if not exists games (
    id text primary key,
    game text not null,
    state text not null,      -- dumps(state, key=KEY): signed, with its RNG
    tokens text not null      -- JSON list: the secret token of each seat
);
create table if not exists events (
    game_id text not null,
    seat integer not null,
    number integer not null,
    text text not null,       -- what happened, as this seat saw it
    primary key (game_id, seat, number)
);
"""


class Store:
    """The games in one sqlite3 file; every call opens its own connection."""

    def __init__(self, path: str, key: bytes) -> None:
        self.path = path
        self.key = key
        self.lock = threading.Lock()  # one writer at a time: read, apply, write
        with self.connect() as db:
            db.executescript(SCHEMA)

    def connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=10)

    def create(self, name: str, rules: Any) -> tuple[str, list[str]]:
        game = cardrules.get_game(name)
        # The seed comes from the OS and is not kept: the signed state holds its RNG.
        state = game.new_game(rules, seed=secrets.randbelow(2**64))
        game_id = secrets.token_hex(8)
        tokens = [secrets.token_hex(16) for _ in range(game.players(state))]
        with self.lock, self.connect() as db:
            db.execute(
                "insert into games values (?, ?, ?, ?)",
                (game_id, name, cardrules.dumps(state, key=self.key), json.dumps(tokens)),
            )
        return game_id, tokens

    def load(self, game_id: str) -> tuple[Any, Any, list[str]]:
        with self.connect() as db:
            row = db.execute(
                "select game, state, tokens from games where id = ?", (game_id,)
            ).fetchone()
        if row is None:
            raise KeyError(game_id)
        game = cardrules.get_game(row[0])
        # Verified: a state edited in the database file is refused (IntegrityError).
        state = cardrules.loads(row[1], game=game.name, kind="state", key=self.key)
        return game, state, json.loads(row[2])

    def events(self, game_id: str, seat: int, since: int) -> list[str]:
        with self.connect() as db:
            rows = db.execute(
                "select text from events where game_id = ? and seat = ? and number >= ? "
                "order by number",
                (game_id, seat, since),
            ).fetchall()
        return [text for (text,) in rows]

    def play(self, game_id: str, seat: int, data: Any) -> None:
        """Apply a seat's move, given as client data; raise CardrulesError if refused."""
        with self.lock:
            game, state, tokens = self.load(game_id)
            if game.to_move(state) != seat:
                raise CardrulesError("it is not your turn")
            # Client input is only ever read as a move of this game, with every check.
            move = cardrules.from_data(data, game=game.name, kind="move")
            after = game.apply(state, move)  # IllegalMoveError for a move against a rule
            with self.connect() as db:
                for s in range(len(tokens)):
                    (count,) = db.execute(
                        "select count(*) from events where game_id = ? and seat = ?",
                        (game_id, s),
                    ).fetchone()
                    # Each seat is told only what it may see (no hidden card leaks).
                    told = [game.render_event(e, s) for e in game.events(state, move, after, s)]
                    db.executemany(
                        "insert into events values (?, ?, ?, ?)",
                        [(game_id, s, count + i, text) for i, text in enumerate(told)],
                    )
                db.execute(
                    "update games set state = ? where id = ?",
                    (cardrules.dumps(after, key=self.key), game_id),
                )


class Handler(BaseHTTPRequestHandler):
    """
    ``POST /games`` ``{"game": ..., "players": n}`` makes a game and returns the seats'
    tokens; ``GET /games/<id>?token=...&since=n`` returns the seat's view;
    ``POST /games/<id>/moves`` ``{"token": ..., "move": {...}}`` plays a move.
    """

    server: GameServer

    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet in tests

    def reply(self, status: int, body: Any) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def body(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        if not 0 <= length <= MAX_BODY:
            raise CardrulesError(f"the request is over {MAX_BODY} bytes")
        try:
            return json.loads(self.rfile.read(length))
        except ValueError:
            raise CardrulesError("the request is not JSON") from None

    def seat_of(self, tokens: list[str], token: object) -> int:
        for seat, known in enumerate(tokens):
            if isinstance(token, str) and secrets.compare_digest(known, token):
                return seat
        raise PermissionError("unknown token")

    def do_GET(self) -> None:
        path, _, query = self.path.partition("?")
        params = dict(p.partition("=")[::2] for p in query.split("&") if p)
        parts = path.strip("/").split("/")
        if len(parts) != 2 or parts[0] != "games":
            self.reply(HTTPStatus.NOT_FOUND, {"error": "no such page"})
            return
        try:
            game, state, tokens = self.server.store.load(parts[1])
            seat = self.seat_of(tokens, params.get("token"))
            since = int(params.get("since", "0"))
        except (KeyError, PermissionError, ValueError):
            self.reply(HTTPStatus.NOT_FOUND, {"error": "no such game or seat"})
            return
        over = game.is_over(state)
        outcome = game.outcome(state)
        self.reply(
            HTTPStatus.OK,
            {
                "seat": seat,
                "to_move": game.to_move(state),
                "over": over,
                # The seat's view only: never the state, its RNG or the seed.
                "view": cardrules.to_data(game.view(state, seat)),
                "legal": []
                if over or game.to_move(state) != seat
                else [cardrules.to_data(m) for m in game.legal_moves(state)],
                "events": self.server.store.events(parts[1], seat, since),
                "outcome": None if outcome is None else cardrules.to_data(outcome, game=game.name),
            },
        )

    def do_POST(self) -> None:
        parts = self.path.strip("/").split("/")
        try:
            body = self.body()
            if parts == ["games"]:
                name = body.get("game") if isinstance(body, dict) else None
                game = cardrules.get_game(name if isinstance(name, str) else "")
                rules = cardrules.from_data(
                    {"players": body.get("players")} if "players" in body else {},
                    game=game.name,
                    kind="rules",
                )
                game_id, tokens = self.server.store.create(game.name, rules)
                return self.reply(HTTPStatus.CREATED, {"id": game_id, "tokens": tokens})
            if len(parts) == 3 and parts[0] == "games" and parts[2] == "moves":
                if not isinstance(body, dict):
                    raise CardrulesError("expected an object with a token and a move")
                _, _, tokens = self.server.store.load(parts[1])
                seat = self.seat_of(tokens, body.get("token"))
                self.server.store.play(parts[1], seat, body.get("move"))
                return self.reply(HTTPStatus.OK, {"ok": True})
        except (KeyError, PermissionError):
            return self.reply(HTTPStatus.NOT_FOUND, {"error": "no such game or seat"})
        except CardrulesError as exc:
            # Library errors are safe to show: short, with no Python internals.
            return self.reply(HTTPStatus.BAD_REQUEST, {"error": str(exc)})
        self.reply(HTTPStatus.NOT_FOUND, {"error": "no such page"})
        return None


class GameServer(ThreadingHTTPServer):
    """An HTTP server with the store its handlers use."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], store: Store) -> None:
        self.store = store
        super().__init__(address, Handler)


def start(db_path: str, key: bytes, port: int = 0) -> tuple[GameServer, threading.Thread]:
    """Serve on 127.0.0.1 (``port=0``: any free port) in a thread; stop with ``stop``."""
    server = GameServer(("127.0.0.1", port), Store(db_path, key))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread


def stop(server: GameServer, thread: threading.Thread) -> None:
    server.shutdown()
    server.server_close()
    thread.join()


if __name__ == "__main__":  # pragma: no cover - run by hand
    import os

    secret = os.environ.get("CARDRULES_KEY", "").encode() or secrets.token_bytes(32)
    running, _ = start("games.sqlite3", secret, port=8000)
    print(f"serving on http://127.0.0.1:{running.server_address[1]}")
    threading.Event().wait()
