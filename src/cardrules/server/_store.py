"""
Where a game server keeps its tables: one small interface, :class:`Store`, with a
SQLite implementation (the default, one file) and a PostgreSQL one (several server
processes behind one address).

Every write is one transaction. A move is written only if the table still has the
move number it was read at (compare and set), so two processes that take moves for
the same table never lose or double one: the second writer is told it lost and reads
again.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import secrets
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

import attrs

from cardrules.errors import CardrulesError

__all__ = ["MoveRow", "PostgresStore", "SQLiteStore", "Store", "TableRow", "open_store"]

_KEY_CHECK_MESSAGE = b"cardrules server: the check of the signing key"

_SCHEMA = (
    """create table if not exists cardrules_meta (
        name text primary key,
        value text not null
    )""",
    """create table if not exists cardrules_tables (
        id text primary key,
        game text not null,
        created double precision not null,
        number integer not null,
        state text not null,
        start text not null,
        bot_seed text not null
    )""",
    """create table if not exists cardrules_seats (
        table_id text not null,
        seat integer not null,
        kind text not null,
        token text,
        primary key (table_id, seat)
    )""",
    """create table if not exists cardrules_moves (
        table_id text not null,
        number integer not null,
        seat integer not null,
        move text not null,
        answer text not null,
        events text not null,
        primary key (table_id, number)
    )""",
)


@attrs.frozen
class TableRow:
    """One table as stored: the states are signed ``dumps`` text."""

    id: str
    game: str
    created: float
    number: int
    """How many moves the table has had: the number of the next move."""
    state: str
    start: str
    bot_seed: int
    seats: tuple[str, ...]
    """Each seat's kind: ``"person"`` or the name of a bot."""
    tokens: tuple[str | None, ...]
    """Each seat's token hash (SHA-256, hex); ``None`` for a bot or an open seat."""


@attrs.frozen
class MoveRow:
    """One move as stored, with the answer its request got and what each seat was told."""

    number: int
    seat: int
    move: str
    """The move as canonical JSON data."""
    answer: str
    """The JSON answer of the request that made the move (a retry gets it again)."""
    events: str
    """JSON: for each seat, the list of what it was told (text)."""


class Store(Protocol):
    """
    What the server needs from a database. Implementations: :class:`SQLiteStore`
    and :class:`PostgresStore`; :func:`open_store` picks one by its address.
    """

    def key(self) -> bytes:
        """The key that signs every stored state."""
        ...

    def create(self, row: TableRow) -> None:
        """Add a new table (``row.number`` is 0)."""
        ...

    def table(self, table_id: str) -> TableRow | None:
        """A table, or ``None``."""
        ...

    def tables(self, limit: int) -> list[TableRow]:
        """The newest tables, newest first."""
        ...

    def join(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Give an open person's seat its token hash; ``False`` if it is taken."""
        ...

    def commit(self, table_id: str, state: str, move: MoveRow) -> bool:
        """
        Store move ``move.number`` and the state after it, in one transaction, only if
        the table is still at that number; ``False`` (and nothing written) otherwise.
        """
        ...

    def move(self, table_id: str, number: int) -> MoveRow | None:
        """One stored move, or ``None``."""
        ...

    def moves(self, table_id: str, since: int, limit: int) -> list[MoveRow]:
        """The stored moves from number ``since`` on, at most ``limit`` of them."""
        ...

    def close(self) -> None:
        """Close every connection this object opened."""
        ...


def _key_check(key: bytes) -> str:
    return hmac.new(key, _KEY_CHECK_MESSAGE, hashlib.sha256).hexdigest()


class _SQLStore:
    """The SQL both databases share; subclasses connect and mark parameters."""

    _param = "?"

    def __init__(self, key: bytes | None) -> None:
        self._local = threading.local()
        self._all: list[Any] = []
        self._all_lock = threading.Lock()
        try:
            with self._write() as db:
                self._serialise(db)
                for statement in _SCHEMA:
                    db.execute(statement)
        except BaseException:
            self.close()
            raise
        try:
            self._key = self._init_key(key)
        except BaseException:
            self.close()
            raise

    # -- the connection of this thread, and transactions

    def _connect(self) -> Any:
        raise NotImplementedError

    def _db(self) -> Any:
        db = getattr(self._local, "db", None)
        if db is None:
            db = self._connect()
            self._local.db = db
            with self._all_lock:
                self._all.append(db)
        return db

    def _write(self) -> contextlib.AbstractContextManager[Any]:
        """A write transaction on this thread's connection."""
        raise NotImplementedError

    def _serialise(self, db: Any) -> None:
        """Make the setup transaction wait for any other process's setup."""

    def _sql(self, text: str) -> str:
        return text if self._param == "?" else text.replace("?", self._param)

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        with self._read_tx() as db:
            return list(db.execute(self._sql(sql), params).fetchall())

    @contextlib.contextmanager
    def _read_tx(self) -> Iterator[Any]:
        yield self._db()

    # -- the signing key

    def _init_key(self, given: bytes | None) -> bytes:
        with self._write() as db:
            self._serialise(db)
            rows = dict(db.execute("select name, value from cardrules_meta").fetchall())
            if given is None:
                if "key_check" in rows and "key" not in rows:
                    raise CardrulesError(
                        "this store's games are signed with a key given from outside "
                        "(CARDRULES_KEY); give the same key"
                    )
                if "key" not in rows:
                    rows["key"] = secrets.token_hex(32)
                    db.execute(
                        self._sql("insert into cardrules_meta (name, value) values (?, ?)"),
                        ("key", rows["key"]),
                    )
                return bytes.fromhex(rows["key"])
            check = _key_check(given)
            if "key" in rows and not hmac.compare_digest(
                _key_check(bytes.fromhex(rows["key"])), check
            ):
                raise CardrulesError("this store keeps its own key, and the key given differs")
            if "key_check" in rows and not hmac.compare_digest(rows["key_check"], check):
                raise CardrulesError(
                    "the key given is not the key this store's games are signed with"
                )
            if "key" not in rows and "key_check" not in rows:
                db.execute(
                    self._sql("insert into cardrules_meta (name, value) values (?, ?)"),
                    ("key_check", check),
                )
            return given

    def key(self) -> bytes:
        return self._key

    # -- tables

    def create(self, row: TableRow) -> None:
        with self._write() as db:
            db.execute(
                self._sql(
                    "insert into cardrules_tables "
                    "(id, game, created, number, state, start, bot_seed) "
                    "values (?, ?, ?, ?, ?, ?, ?)"
                ),
                (row.id, row.game, row.created, row.number, row.state, row.start,
                 str(row.bot_seed)),
            )  # fmt: skip
            for seat, (kind, token) in enumerate(zip(row.seats, row.tokens, strict=True)):
                db.execute(
                    self._sql(
                        "insert into cardrules_seats (table_id, seat, kind, token) "
                        "values (?, ?, ?, ?)"
                    ),
                    (row.id, seat, kind, token),
                )

    def _rows(self, where: str, params: Sequence[Any]) -> list[TableRow]:
        with self._read_tx() as db:
            tables = db.execute(
                self._sql(
                    "select id, game, created, number, state, start, bot_seed "
                    f"from cardrules_tables {where}"
                ),
                params,
            ).fetchall()
            if not tables:
                return []
            marks = ", ".join("?" for _ in tables)
            seats = db.execute(
                self._sql(
                    "select table_id, seat, kind, token from cardrules_seats "
                    f"where table_id in ({marks}) order by table_id, seat"
                ),
                [t[0] for t in tables],
            ).fetchall()
        by_table: dict[str, list[tuple[str, str | None]]] = {}
        for table_id, _, kind, token in seats:
            by_table.setdefault(table_id, []).append((kind, token))
        return [
            TableRow(
                id=t[0],
                game=t[1],
                created=float(t[2]),
                number=int(t[3]),
                state=t[4],
                start=t[5],
                bot_seed=int(t[6]),
                seats=tuple(kind for kind, _ in by_table.get(t[0], [])),
                tokens=tuple(token for _, token in by_table.get(t[0], [])),
            )
            for t in tables
        ]

    def table(self, table_id: str) -> TableRow | None:
        rows = self._rows("where id = ?", (table_id,))
        return rows[0] if rows else None

    def tables(self, limit: int) -> list[TableRow]:
        return self._rows("order by created desc limit ?", (limit,))

    def join(self, table_id: str, seat: int, token_hash: str) -> bool:
        with self._write() as db:
            cursor = db.execute(
                self._sql(
                    "update cardrules_seats set token = ? where table_id = ? and seat = ? "
                    "and kind = 'person' and token is null"
                ),
                (token_hash, table_id, seat),
            )
            return bool(cursor.rowcount == 1)

    def commit(self, table_id: str, state: str, move: MoveRow) -> bool:
        with self._write() as db:
            cursor = db.execute(
                self._sql(
                    "update cardrules_tables set state = ?, number = number + 1 "
                    "where id = ? and number = ?"
                ),
                (state, table_id, move.number),
            )
            if cursor.rowcount != 1:
                return False
            db.execute(
                self._sql(
                    "insert into cardrules_moves "
                    "(table_id, number, seat, move, answer, events) values (?, ?, ?, ?, ?, ?)"
                ),
                (table_id, move.number, move.seat, move.move, move.answer, move.events),
            )
            return True

    def move(self, table_id: str, number: int) -> MoveRow | None:
        rows = self.moves(table_id, number, 1)
        return rows[0] if rows and rows[0].number == number else None

    def moves(self, table_id: str, since: int, limit: int) -> list[MoveRow]:
        rows = self._read(
            "select number, seat, move, answer, events from cardrules_moves "
            "where table_id = ? and number >= ? order by number limit ?",
            (table_id, since, limit),
        )
        return [MoveRow(int(r[0]), int(r[1]), r[2], r[3], r[4]) for r in rows]

    def close(self) -> None:
        with self._all_lock:
            for db in self._all:
                with contextlib.suppress(Exception):
                    db.close()
            self._all.clear()
        self._local = threading.local()


class SQLiteStore(_SQLStore):
    """
    The tables in one SQLite file, in WAL mode, with ``synchronous=FULL``: a move
    is acknowledged only once it is on disk. Several processes may share the file;
    writers take turns (``BEGIN IMMEDIATE``, waiting up to ``timeout`` seconds).

    Args:
        path: the database file (made if missing).
        key: the signing key; ``None`` to use the key this store keeps (made on first
            use). A store set up with a key given from outside keeps only a check of it,
            and refuses to open with another key or none.
        timeout: how long a writer waits for another one, in seconds.

    >>> import tempfile, pathlib
    >>> folder = tempfile.mkdtemp()
    >>> store = SQLiteStore(str(pathlib.Path(folder) / "games.sqlite3"))
    >>> len(store.key())
    32
    >>> store.close()
    """

    def __init__(self, path: str, *, key: bytes | None = None, timeout: float = 30.0) -> None:
        self.path = path
        self._timeout = timeout
        # Writers of this process queue here, in order, rather than in SQLite's busy
        # handler, which sleeps for growing intervals; other processes still wait there.
        self._writer = threading.Lock()
        super().__init__(key)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(
            self.path, timeout=self._timeout, isolation_level=None, check_same_thread=False
        )
        db.execute("pragma journal_mode = wal")
        db.execute("pragma synchronous = full")
        return db

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        db = self._db()
        with self._writer:
            db.execute("begin immediate")
            try:
                yield db
            except BaseException:
                db.execute("rollback")
                raise
            db.execute("commit")

    @contextlib.contextmanager
    def _read_tx(self) -> Iterator[sqlite3.Connection]:
        # One snapshot for the statements of a read.
        db = self._db()
        db.execute("begin")
        try:
            yield db
        finally:
            db.execute("commit")

    def __repr__(self) -> str:
        return f"SQLiteStore({self.path!r})"


class PostgresStore(_SQLStore):
    """
    The tables in a PostgreSQL database, through psycopg 3 (the ``postgres`` extra):
    for several server processes behind one address. The same guarantees as
    :class:`SQLiteStore`: a move is written only if its table is still at the move's
    number, so two processes never lose or double an acknowledged move.

    Args:
        conninfo: a libpq connection string or URL (``postgresql://...``).
        key: as for :class:`SQLiteStore`.
    """

    _param = "%s"

    def __init__(self, conninfo: str, *, key: bytes | None = None) -> None:
        try:
            import psycopg  # noqa: F401
        except ImportError:  # pragma: no cover - depends on the environment
            raise CardrulesError(
                "a PostgreSQL store needs psycopg: pip install 'cardrules[postgres]'"
            ) from None
        self.conninfo = conninfo
        super().__init__(key)

    def _connect(self) -> Any:
        import psycopg

        return psycopg.connect(self.conninfo, autocommit=True)

    @contextlib.contextmanager
    def _write(self) -> Iterator[Any]:
        db = self._db()
        with db.transaction():
            yield db

    @contextlib.contextmanager
    def _read_tx(self) -> Iterator[Any]:
        db = self._db()
        with db.transaction():
            yield db

    def _serialise(self, db: Any) -> None:
        # Two processes starting at once: one sets up the tables and the key at a time.
        db.execute("select pg_advisory_xact_lock(2517061)")

    def __repr__(self) -> str:
        return "PostgresStore(...)"


def open_store(address: str, *, key: bytes | None = None) -> Store:
    """
    The store at ``address``: a ``postgresql://`` or ``postgres://`` URL opens a
    :class:`PostgresStore`, anything else is the path of a SQLite file.

    >>> import tempfile, pathlib
    >>> store = open_store(str(pathlib.Path(tempfile.mkdtemp()) / "games.sqlite3"))
    >>> store  # doctest: +ELLIPSIS
    SQLiteStore('...games.sqlite3')
    >>> store.close()
    """
    if address.startswith(("postgresql://", "postgres://")):
        return PostgresStore(address, key=key)
    return SQLiteStore(address, key=key)


def _json(value: Any) -> str:
    """Canonical JSON text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
