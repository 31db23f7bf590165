"""The ASGI application: tables, seats, views, moves, events and bots over JSON."""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
import attrs
from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import cardrules
from cardrules.bots import make_bot
from cardrules.errors import CardrulesError, IllegalMoveError
from cardrules.game import AnyGame
from cardrules.server._store import MoveRow, Store, TableRow, _json, open_store
from cardrules.svg import render_svg

__all__ = ["BOT_KINDS", "Limits", "create_app"]

_log = logging.getLogger("cardrules.server")

_STATIC = Path(__file__).parent / "static"

BOT_KINDS: tuple[str, ...] = ("greedy", "random")
"""The bots a table's seat may have (see :mod:`cardrules.bots`)."""

_SEAT_KINDS = ("person", *BOT_KINDS)
_CACHED_TABLES = 1024
_TWO64 = 1 << 64
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
_DIGITS = re.compile(r"[0-9]{1,18}")
_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    # Inline styles: the view's SVG picture carries its own <style>; no inline script.
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
    "frame-ancestors 'none'",
}


@attrs.frozen
class Limits:
    """
    What a client may send: at most ``max_body`` bytes of JSON nested at most
    ``max_depth`` deep, sent within ``body_timeout`` seconds.

    >>> Limits().max_body
    16384
    """

    max_body: int = 16 * 1024
    max_depth: int = 32
    body_timeout: float = 10.0
    list_tables: int = 50
    """How many tables the lobby lists."""


class _Fail(Exception):
    """A request refused: its HTTP status and a message for the client."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _reply(status: int, body: Any, background: BackgroundTask | None = None) -> Response:
    text = body if isinstance(body, str) else _json(body)
    return Response(
        text,
        status_code=status,
        media_type="application/json",
        headers=_HEADERS,
        background=background,
    )


def _error(status: int, message: str) -> Response:
    return _reply(status, {"error": message, "status": status})


def _check_depth(text: str, max_depth: int) -> None:
    """Refuse JSON nested deeper than ``max_depth`` (before it is parsed)."""
    if text.count("[") + text.count("{") <= max_depth:
        return
    depth = 0
    for bracket in _BRACKET.finditer(_STRING.sub("", text)):
        if bracket.group() in "[{":
            depth += 1
            if depth > max_depth:
                raise _Fail(400, f"the request is nested deeper than {max_depth}")
        else:
            depth -= 1


async def _body(request: Request, limits: Limits) -> dict[str, Any]:
    """The request's JSON object, read within the limits."""
    length = request.headers.get("content-length")
    if length is not None:
        if not _DIGITS.fullmatch(length):
            raise _Fail(400, "Content-Length is not a number")
        if int(length) > limits.max_body:
            raise _Fail(413, f"the request is over {limits.max_body} bytes")
    chunks: list[bytes] = []
    size = 0
    try:
        with anyio.fail_after(limits.body_timeout):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limits.max_body:
                    raise _Fail(413, f"the request is over {limits.max_body} bytes")
                chunks.append(chunk)
    except TimeoutError:
        raise _Fail(408, f"the request was not sent within {limits.body_timeout:g} s") from None
    except ClientDisconnect:
        raise _Fail(400, "the client went away") from None
    try:
        text = b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise _Fail(400, "the request is not UTF-8") from None
    _check_depth(text, limits.max_depth)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise _Fail(400, "the request is not JSON") from None
    if not isinstance(data, dict):
        raise _Fail(400, "the request must be a JSON object")
    return data


def _token(request: Request) -> bytes:
    """The raw bytes of the request's bearer token (any bytes: compared as a hash)."""
    for name, value in request.scope["headers"]:
        if name == b"authorization":
            scheme, _, token = value.partition(b" ")
            if scheme.lower() == b"bearer" and token.strip():
                return bytes(token.strip())
    raise _Fail(401, "send the seat's token: Authorization: Bearer <token>")


def _hash(token: bytes) -> str:
    return hashlib.sha256(token).hexdigest()


def _int(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    if type(value) is not int or not 0 <= value < 2**31:
        raise _Fail(400, f"{name!r} must be a whole number from 0")
    return value


def _mix(seed: int, number: int) -> int:
    return (seed + (number + 1) * 0x9E3779B97F4A7C15) % _TWO64


class _Tables:
    """What the endpoints do, without HTTP: run in worker threads."""

    def __init__(
        self, store: Store, seeds: Callable[[], int], bot_delay: float, limits: Limits
    ) -> None:
        self.store = store
        self.key = store.key()
        self.seeds = seeds
        self.bot_delay = bot_delay
        self.limits = limits
        self._driving: dict[str, bool] = {}
        self._driving_lock = threading.Lock()
        # The last state read of recent tables, by table: (signed text, state). A row
        # whose text is the same needs no second check; only stored tables get here.
        self._states: dict[str, tuple[str, Any]] = {}
        self._states_lock = threading.Lock()

    # -- reading

    def _row(self, table_id: str) -> TableRow:
        row = self.store.table(table_id)
        if row is None:
            raise _Fail(404, "no such table")
        return row

    def _state(self, row: TableRow) -> tuple[AnyGame, Any]:
        game = cardrules.get_game(row.game)
        cached = self._states.get(row.id)
        if cached is not None and cached[0] == row.state:
            return game, cached[1]
        # Verified: a state edited in the database is refused (IntegrityError).
        state = cardrules.loads(row.state, game=game.name, kind="state", key=self.key)
        with self._states_lock:
            if len(self._states) >= _CACHED_TABLES:
                self._states.pop(next(iter(self._states)))
            self._states[row.id] = (row.state, state)
        return game, state

    def _seat(self, row: TableRow, token: bytes) -> int:
        wanted = _hash(token)
        seat = None
        for index, known in enumerate(row.tokens):
            if known is not None and hmac.compare_digest(known, wanted):
                seat = index
        if seat is None:
            raise _Fail(403, "this token holds no seat at this table")
        return seat

    def _seats(self, row: TableRow) -> list[dict[str, Any]]:
        return [
            {"seat": i, "kind": kind, "open": kind == "person" and token is None}
            for i, (kind, token) in enumerate(zip(row.seats, row.tokens, strict=True))
        ]

    def games(self) -> dict[str, Any]:
        return {
            "games": [
                {"name": name, "rules": cardrules.to_data(game.Rules()), "bots": list(BOT_KINDS)}
                for name, game in sorted(cardrules.GAMES.items())
            ]
        }

    def tables(self) -> dict[str, Any]:
        return {
            "tables": [
                {
                    "table": row.id,
                    "game": row.game,
                    "number": row.number,
                    "seats": self._seats(row),
                }
                for row in self.store.tables(self.limits.list_tables)
            ]
        }

    def table(self, table_id: str) -> dict[str, Any]:
        row = self._row(table_id)
        game, state = self._state(row)
        outcome = game.outcome(state)
        return {
            "table": row.id,
            "game": row.game,
            "number": row.number,
            "to_move": game.to_move(state),
            "over": outcome is not None,
            "outcome": None if outcome is None else cardrules.to_data(outcome, game=game.name),
            "seats": self._seats(row),
        }

    def view(self, table_id: str, token: bytes) -> dict[str, Any]:
        row = self._row(table_id)
        seat = self._seat(row, token)
        game, state = self._state(row)
        view = game.view(state, seat)
        to_move = game.to_move(state)
        outcome = game.outcome(state)
        render_view, render_move = game.render_view, game.render_move
        legal = game.legal_moves(state) if to_move == seat else ()
        return {
            "table": row.id,
            "game": row.game,
            "seat": seat,
            "number": row.number,
            "to_move": to_move,
            "over": outcome is not None,
            # The seat's view only: never the state, its generator or the seed.
            "view": cardrules.to_data(view),
            "text": render_view(view, "you") if render_view is not None else None,
            # The same view as a picture (the game's own drawing, or the generic one).
            "svg": render_svg(view, game=game),
            "legal": [
                {
                    "move": cardrules.to_data(move),
                    "text": render_move(move)
                    if render_move is not None
                    else _json(cardrules.to_data(move)),
                }
                for move in legal
            ],
            "outcome": None if outcome is None else cardrules.to_data(outcome, game=game.name),
            "seats": self._seats(row),
        }

    def events(self, table_id: str, token: bytes, since: int, limit: int) -> dict[str, Any]:
        row = self._row(table_id)
        seat = self._seat(row, token)
        moves = self.store.moves(table_id, since, limit)
        return {
            "table": row.id,
            "number": row.number,
            "events": [
                {"number": m.number, "seat": m.seat, "told": json.loads(m.events)[seat]}
                for m in moves
            ],
        }

    # -- writing

    def create(self, data: dict[str, Any]) -> dict[str, Any]:
        name = data.get("game")
        if not isinstance(name, str):
            raise _Fail(400, "'game' must be the name of a game")
        try:
            game = cardrules.get_game(name)
        except CardrulesError as exc:
            raise _Fail(400, str(exc)) from None
        rules_data = data.get("rules", {})
        if not isinstance(rules_data, dict):
            raise _Fail(400, "'rules' must be an object")
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(s in _SEAT_KINDS for s in seats):
            raise _Fail(400, f"'seats' must list each seat's kind: {', '.join(_SEAT_KINDS)}")
        try:
            # Client input is read with every check of loads; rules have bounded ranges.
            rules = cardrules.from_data(rules_data, game=game.name, kind="rules")
        except CardrulesError as exc:
            raise _Fail(400, str(exc)) from None
        state = game.new_game(rules, seed=self.seeds())
        if len(seats) != game.players(state):
            raise _Fail(400, f"'seats' must have {game.players(state)} entries, one a seat")
        start = cardrules.dumps(state, key=self.key)
        row = TableRow(
            id=secrets.token_hex(8),
            game=game.name,
            created=time.time(),
            number=0,
            state=start,
            start=start,
            bot_seed=secrets.randbelow(_TWO64),
            seats=tuple(seats),
            tokens=tuple(None for _ in seats),
        )
        self.store.create(row)
        return {"table": row.id, "game": row.game, "seats": self._seats(row)}

    def join(self, table_id: str, seat: int) -> dict[str, Any]:
        row = self._row(table_id)
        if not 0 <= seat < len(row.seats):
            raise _Fail(404, "no such seat")
        token = secrets.token_urlsafe(24)
        if not self.store.join(table_id, seat, _hash(token.encode())):
            raise _Fail(409, f"seat {seat} is taken or is a bot's")
        return {"table": table_id, "seat": seat, "token": token}

    def _told(self, game: AnyGame, before: Any, move: Any, after: Any, mover: int) -> str:
        seats = range(game.players(before))
        events, render = game.events, game.render_event
        if events is None or render is None:
            return _json([[f"seat {mover} moved"] for _ in seats])
        # Each seat is told only what it may see.
        return _json([[render(e, s) for e in events(before, move, after, s)] for s in seats])

    def move(self, table_id: str, token: bytes, number: int, data: Any) -> str:
        """The answer (JSON text) to a seat's move ``number``, applied at most once."""
        row = self._row(table_id)
        seat = self._seat(row, token)
        game = cardrules.get_game(row.game)
        try:
            # Client input is only ever read as a move of this game, with every check.
            move = cardrules.from_data(data, game=game.name, kind="move")
        except CardrulesError as exc:
            raise _Fail(400, str(exc)) from None
        move_text = _json(cardrules.to_data(move))
        while True:
            if row.number > number:
                done = self.store.move(table_id, number)
                if done is not None and done.seat == seat and done.move == move_text:
                    return done.answer  # a retry: the same answer, nothing applied
                raise _Fail(409, f"move {number} was played already; the table is at {row.number}")
            if row.number < number:
                raise _Fail(409, f"the table is at move {row.number}, not {number}")
            game, state = self._state(row)
            if game.is_over(state):
                raise _Fail(409, "the game is over")
            if game.to_move(state) != seat:
                raise _Fail(409, f"it is seat {game.to_move(state)}'s turn, not yours")
            try:
                after = game.apply(state, move)
            except IllegalMoveError as exc:
                raise _Fail(422, str(exc)) from None
            answer = _json(
                {
                    "table": table_id,
                    "number": number,
                    "seat": seat,
                    "move": cardrules.to_data(move),
                    "next": number + 1,
                }
            )
            told = self._told(game, state, move, after, seat)
            saved = MoveRow(number, seat, move_text, answer, told)
            if self.store.commit(table_id, cardrules.dumps(after, key=self.key), saved):
                return answer
            row = self._row(table_id)  # another writer came first: look again

    # -- bots

    def needs_bots(self, table_id: str) -> bool:
        row = self.store.table(table_id)
        if row is None:
            return False
        game, state = self._state(row)
        seat = game.to_move(state)
        return seat is not None and row.seats[seat] != "person"

    def drive_bots(self, table_id: str) -> None:
        """Let the bots move while it is a bot's turn (one driver a table in a process)."""
        with self._driving_lock:
            if table_id in self._driving:
                self._driving[table_id] = True  # the driver looks again before it stops
                return
            self._driving[table_id] = False
        try:
            while True:
                self._bot_moves(table_id)
                with self._driving_lock:
                    if not self._driving[table_id]:
                        del self._driving[table_id]
                        return
                    self._driving[table_id] = False
        except Exception:
            with self._driving_lock:
                self._driving.pop(table_id, None)
            _log.exception("the bots of table %s stopped", table_id)

    def _bot_moves(self, table_id: str) -> None:
        while True:
            row = self._row(table_id)
            game, state = self._state(row)
            seat = game.to_move(state)
            if seat is None or row.seats[seat] == "person":
                return
            legal = game.legal_moves(state)
            if len(legal) == 1:
                move = legal[0]
            else:
                # A fresh bot for each move, seeded by the table and the move number: a
                # restarted server (or another process) makes the same choice.
                bot = make_bot(row.seats[seat], game, seed=_mix(row.bot_seed, row.number))
                looks = getattr(bot, "needs_view", True)
                move = bot.choose(game.view(state, seat) if looks else None, legal)
            after = game.apply(state, move)
            answer = _json({"table": table_id, "number": row.number, "seat": seat})
            saved = MoveRow(
                row.number,
                seat,
                _json(cardrules.to_data(move)),
                answer,
                self._told(game, state, move, after, seat),
            )
            stored = self.store.commit(table_id, cardrules.dumps(after, key=self.key), saved)
            if stored and self.bot_delay:
                time.sleep(self.bot_delay)


def create_app(
    store: Store | str,
    *,
    limits: Limits | None = None,
    bot_delay: float = 0.0,
    seeds: Callable[[], int] | None = None,
) -> Starlette:
    """
    The game server as an ASGI application (Starlette), to serve with uvicorn
    (``cardrules serve`` does) or to mount in an application of your own.

    Args:
        store: a :class:`Store`, or an address for :func:`open_store` (a SQLite
            file's path or a ``postgresql://`` URL).
        limits: what a client may send; :class:`Limits` by default.
        bot_delay: seconds a bot waits after each of its moves (lets people follow).
        seeds: where the seed of each new deal comes from; by default the OS
            (``secrets``). Tests pass their own to get known deals.

    The application serves the browser table at ``/`` and the JSON API under
    ``/api`` (see the how-to "Run a game server").

    >>> import tempfile, pathlib
    >>> from starlette.testclient import TestClient
    >>> app = create_app(str(pathlib.Path(tempfile.mkdtemp()) / "games.sqlite3"))
    >>> client = TestClient(app)
    >>> table = client.post("/api/tables", json={"game": "beggar", "seats": ["person", "greedy"]})
    >>> table.status_code, table.json()["seats"][1]
    (201, {'kind': 'greedy', 'open': False, 'seat': 1})
    """
    if isinstance(store, str):
        store = open_store(store)
    limits = Limits() if limits is None else limits
    tables = _Tables(store, seeds or (lambda: secrets.randbelow(_TWO64)), bot_delay, limits)

    async def run(func: Callable[..., Any], *args: Any) -> Any:
        return await anyio.to_thread.run_sync(func, *args)

    def bots(table_id: str) -> BackgroundTask:
        return BackgroundTask(tables.drive_bots, table_id)

    async def index(request: Request) -> Response:
        return FileResponse(_STATIC / "index.html", headers=_HEADERS)

    async def games(request: Request) -> Response:
        return _reply(200, await run(tables.games))

    async def list_tables(request: Request) -> Response:
        return _reply(200, await run(tables.tables))

    async def create(request: Request) -> Response:
        answer = await run(tables.create, await _body(request, limits))
        return _reply(201, answer, bots(answer["table"]))

    async def table(request: Request) -> Response:
        return _reply(200, await run(tables.table, request.path_params["table"]))

    async def join(request: Request) -> Response:
        answer = await run(tables.join, request.path_params["table"], request.path_params["seat"])
        return _reply(201, answer)

    async def view(request: Request) -> Response:
        table_id = request.path_params["table"]
        answer = await run(tables.view, table_id, _token(request))
        # After a restart a bot's turn waits for a driver: any look starts one.
        turn = answer["to_move"]
        waiting = turn is not None and answer["seats"][turn]["kind"] != "person"
        later = bots(table_id) if waiting else None
        return _reply(200, answer, later)

    async def events(request: Request) -> Response:
        since = request.query_params.get("since", "0")
        if not _DIGITS.fullmatch(since):
            raise _Fail(400, "'since' must be a whole number from 0")
        return _reply(
            200,
            await run(
                tables.events, request.path_params["table"], _token(request), int(since), 500
            ),
        )

    async def move(request: Request) -> Response:
        table_id = request.path_params["table"]
        token = _token(request)
        data = await _body(request, limits)
        number = _int(data, "number")
        if "move" not in data:
            raise _Fail(400, "'move' is missing")
        answer = await run(tables.move, table_id, token, number, data["move"])
        return _reply(200, answer, bots(table_id))

    async def failed(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, _Fail)
        return _error(exc.status, exc.message)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return _error(exc.status_code, str(exc.detail))

    async def crashed(request: Request, exc: Exception) -> Response:
        _log.exception("internal error", exc_info=exc)
        return _error(500, "internal error")

    routes = [
        Route("/", index),
        Mount("/static", StaticFiles(directory=_STATIC), name="static"),
        Route("/api/games", games),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}", table),
        Route("/api/tables/{table}/seats/{seat:int}", join, methods=["POST"]),
        Route("/api/tables/{table}/view", view),
        Route("/api/tables/{table}/events", events),
        Route("/api/tables/{table}/moves", move, methods=["POST"]),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={_Fail: failed, HTTPException: http_error, Exception: crashed},
    )
    app.state.store = store
    app.state.tables = tables
    return app
