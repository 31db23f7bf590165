"""
A game server: tables of people and bots over HTTP and JSON, with a table in the
browser (the ``server`` extra: ``pip install 'cardrules[server]'``).

:func:`create_app` makes the ASGI application (Starlette); ``cardrules serve``
serves it with uvicorn, and an application of your own can mount it. Tables are
kept in a :class:`Store`: :class:`SQLiteStore` (one file, the default) or
:class:`PostgresStore` (the ``postgres`` extra, for several server processes).

>>> import tempfile, pathlib
>>> from starlette.testclient import TestClient
>>> from cardrules.server import create_app
>>> client = TestClient(create_app(str(pathlib.Path(tempfile.mkdtemp()) / "games.sqlite3")))
>>> made = client.post("/api/tables", json={"game": "beggar", "seats": ["person", "random"]})
>>> table = made.json()["table"]
>>> token = client.post(f"/api/tables/{table}/seats/0").json()["token"]
>>> seat = client.get(f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {token}"})
>>> seat.json()["legal"]
[{'move': {'type': 'Turn'}, 'text': 'turn'}]

See the how-to "Run a game server" for the API.
"""

from __future__ import annotations

try:
    import starlette  # noqa: F401
except ImportError as _error:  # pragma: no cover - the extra is installed in CI
    raise ImportError(
        "cardrules.server needs Starlette: install the extra with pip install 'cardrules[server]'"
    ) from _error

from cardrules.server._app import BOT_KINDS, Limits, create_app
from cardrules.server._store import (
    MoveRow,
    PostgresStore,
    SQLiteStore,
    Store,
    TableRow,
    open_store,
)

__all__ = [
    "BOT_KINDS",
    "Limits",
    "MoveRow",
    "PostgresStore",
    "SQLiteStore",
    "Store",
    "TableRow",
    "create_app",
    "open_store",
]
