"""
The PostgreSQL store against a real PostgreSQL server that these tests start: Debian's
``postgresql`` package, ``initdb`` into a temporary folder and ``pg_ctl start`` as the
``postgres`` user (the tests run as root in CI), on a free port on 127.0.0.1.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("psycopg", reason="the postgres extra is not installed")

import psycopg
from starlette.testclient import TestClient

import cardrules
from cardrules.errors import CardrulesError
from cardrules.server import MoveRow, PostgresStore, TableRow, create_app, open_store
from tests.server.conftest import Api, Served, check_stored, counting_seeds, free_port, race


def _binaries() -> Path | None:
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4])
    )
    return Path(found[-1]).parent if found else None


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """The address of a PostgreSQL server of our own, for this test session."""
    bin_dir = _binaries()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    if os.geteuid() == 0:
        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root, and there is no postgres user to run PostgreSQL")
        as_user = ["runuser", "-u", "postgres", "--"]
    else:
        user = pwd.getpwuid(os.geteuid())
        as_user = []
    folder = Path(tempfile.mkdtemp(prefix="cardrules-pg-"))
    os.chown(folder, user.pw_uid, user.pw_gid)
    data = folder / "data"
    port = free_port()
    subprocess.run(
        [*as_user, str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres",
         "--auth=trust", "--encoding=UTF8", "--no-instructions", "--no-sync"],
        check=True, capture_output=True,
    )  # fmt: skip
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=200"
    subprocess.run(
        [*as_user, str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options,
         "-l", str(folder / "log"), "-w", "-t", "60", "start"],
        check=True, capture_output=True,
    )  # fmt: skip
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run(
            [*as_user, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            check=False, capture_output=True,
        )  # fmt: skip
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_url(postgres: str, request: pytest.FixtureRequest) -> str:
    """A fresh database on the session's server."""
    name = "t_" + "".join(c if c.isalnum() else "_" for c in request.node.name)[:50].lower()
    with psycopg.connect(f"{postgres}/postgres", autocommit=True) as db:
        db.execute(f'drop database if exists "{name}"')
        db.execute(f'create database "{name}"')
    return f"{postgres}/{name}"


def _row(table_id: str) -> TableRow:
    game = cardrules.get_game("beggar")
    state = cardrules.dumps(game.new_game(game.Rules(), seed=3), key=b"k")
    return TableRow(
        id=table_id, game="beggar", created=1.0, number=0, state=state, start=state,
        bot_seed=2**64 - 1, seats=("person", "greedy"), tokens=(None, None),
    )  # fmt: skip


def test_the_store_keeps_tables_seats_and_moves(pg_url: str) -> None:
    store = open_store(pg_url, key=b"k")
    assert isinstance(store, PostgresStore)
    try:
        store.create(_row("t1"))
        row = store.table("t1")
        assert row == _row("t1")
        assert store.table("t2") is None
        assert store.join("t1", 0, "hash") is True
        assert store.join("t1", 0, "other") is False  # taken
        assert store.join("t1", 1, "hash") is False  # a bot's
        move = MoveRow(0, 0, '{"type":"Turn"}', '{"ok":1}', "[[],[]]")
        assert store.commit("t1", "after", move) is True
        assert store.commit("t1", "again", move) is False  # the table moved on
        assert store.moves("t1", 0, 10) == [move]
        assert store.move("t1", 0) == move
        after = store.table("t1")
        assert after is not None
        assert (after.number, after.state, after.tokens) == (1, "after", ("hash", None))
        assert [r.id for r in store.tables(10)] == ["t1"]
    finally:
        store.close()
    with pytest.raises(CardrulesError, match="not the key"):
        PostgresStore(pg_url, key=b"another")


def test_the_store_keeps_its_own_key_across_restarts(pg_url: str) -> None:
    first = PostgresStore(pg_url)
    key = first.key()
    first.close()
    again = PostgresStore(pg_url)
    assert again.key() == key
    again.close()


def test_writers_racing_for_one_table_store_each_move_once(pg_url: str) -> None:
    stores = [PostgresStore(pg_url, key=b"k") for _ in range(2)]
    stores[0].create(_row("race"))
    won: list[tuple[int, int]] = []
    lock = threading.Lock()

    def writer(which: int) -> None:
        store = stores[which % 2]
        for number in range(30):
            move = MoveRow(number, which, f'{{"w":{which}}}', "{}", "[]")
            if store.commit("race", f"state {number + 1}", move):
                with lock:
                    won.append((number, which))

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = [(m.number, m.seat) for m in stores[0].moves("race", 0, 100)]
    assert sorted(won) == stored
    assert [n for n, _ in stored] == list(range(30))
    for store in stores:
        store.close()


@pytest.mark.slow
def test_a_whole_game_through_the_app_on_postgres(pg_url: str) -> None:
    app = create_app(pg_url, seeds=counting_seeds())
    with TestClient(app) as client:
        api = Api(client)
        table = api.create("allegra", ["person", "greedy"], {"players": 2, "rounds": 1})
        token = api.join(table, 0)
        for _ in range(1000):
            seen = api.view(table, token)
            if seen["over"]:
                break
            assert (
                api.move(table, token, seen["number"], seen["legal"][0]["move"]).status_code == 200
            )
        assert seen["over"]
    app.state.store.close()


@pytest.mark.slow
def test_two_serve_processes_on_one_database_lose_no_acknowledged_move(pg_url: str) -> None:
    servers = [Served(pg_url), Served(pg_url)]
    try:
        tables, acknowledged = race(servers)
    finally:
        for server in servers:
            server.stop()
    store = PostgresStore(pg_url)
    try:
        check_stored(store, tables, acknowledged)
    finally:
        store.close()
