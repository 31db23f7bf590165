"""The game server's JSON API, through the ASGI application in process."""

from __future__ import annotations

import json
from typing import Any

import pytest

import cardrules
from tests.server.conftest import Api, bearer


def _play_out(api: Api, table: str, token: str) -> dict[str, Any]:
    """Play the first legal move whenever it is the seat's turn, to the end."""
    for _ in range(5000):
        seen = api.view(table, token)
        if seen["over"]:
            return seen
        assert seen["legal"], "the bots moved, so it is this seat's turn"
        answer = api.move(table, token, seen["number"], seen["legal"][0]["move"])
        assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("game", "rules", "seats"),
    [
        ("beggar", {"players": 2, "max_cards": 200}, ["person", "greedy"]),
        pytest.param(
            "allegra",
            {"players": 3, "rounds": 1},
            ["random", "person", "greedy"],
            marks=pytest.mark.slow,
        ),
        pytest.param(
            "biggenbende",
            {"players": 3, "rounds": 1},
            ["person", "random", "greedy"],
            marks=pytest.mark.slow,
        ),
    ],
)
def test_a_person_plays_a_whole_game_against_bots(
    api: Api, game: str, rules: dict[str, Any], seats: list[str]
) -> None:
    table = api.create(game, seats, rules)
    seat = seats.index("person")
    token = api.join(table, seat)
    end = _play_out(api, table, token)
    assert end["outcome"]["winners"]
    assert end["legal"] == []
    # Every move is stored, and replaying them gives the stored state.
    store = api.client.app.state.store  # type: ignore[attr-defined]
    row = store.table(table)
    key = store.key()
    state = cardrules.loads(row.start, key=key)
    g = cardrules.get_game(game)
    for stored in store.moves(table, 0, 100_000):
        assert g.to_move(state) == stored.seat
        state = g.apply(
            state, cardrules.from_data(json.loads(stored.move), game=game, kind="move")
        )
    assert state == cardrules.loads(row.state, key=key)
    assert row.number == len(store.moves(table, 0, 100_000))


def test_a_seat_sees_only_its_view_and_moves_only_for_itself(api: Api) -> None:
    table = api.create("beggar", ["person", "person"])
    first, second = api.join(table, 0), api.join(table, 1)
    mine = api.view(table, first)
    theirs = api.view(table, second)
    assert (mine["seat"], theirs["seat"]) == (0, 1)
    assert mine["view"]["seat"] == 0
    assert theirs["view"]["seat"] == 1
    assert "rng" not in json.dumps(mine)
    assert "seed" not in json.dumps(mine)
    assert mine["legal"]
    assert not theirs["legal"]
    # Seat 1 cannot move for seat 0, nor take seat 0.
    answer = api.move(table, second, 0, {"type": "Turn"})
    assert answer.status_code == 409
    assert "turn" in answer.json()["error"]
    assert api.client.post(f"/api/tables/{table}/seats/0").status_code == 409


def test_events_since_a_move_tell_each_seat_what_it_saw(api: Api) -> None:
    table = api.create("beggar", ["person", "greedy"], {"players": 2, "max_cards": 30})
    token = api.join(table, 0)
    for _ in range(3):
        seen = api.view(table, token)
        assert api.move(table, token, seen["number"], {"type": "Turn"}).status_code == 200
    everything = api.client.get(f"/api/tables/{table}/events", headers=bearer(token)).json()
    numbers = [e["number"] for e in everything["events"]]
    assert numbers == list(range(everything["number"]))
    assert all(e["told"] for e in everything["events"])
    later = api.client.get(f"/api/tables/{table}/events?since=2", headers=bearer(token)).json()
    assert [e["number"] for e in later["events"]] == numbers[2:]


def test_bots_play_a_table_of_bots_to_the_end(api: Api) -> None:
    table = api.create("allegra", ["greedy", "random"], {"players": 2, "rounds": 1})
    public = api.client.get(f"/api/tables/{table}").json()
    assert public["over"]
    assert public["outcome"]["reason"]
    listed = api.client.get("/api/tables").json()["tables"]
    assert [t["table"] for t in listed] == [table]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "chess", "seats": ["person"]}, 400, "chess"),
        ({"game": 3, "seats": []}, 400, "game"),
        ({"game": "beggar", "seats": ["person"]}, 400, "2 entries"),
        ({"game": "beggar", "seats": ["person", "wizard"]}, 400, "seats"),
        ({"game": "beggar", "rules": {"players": 9}, "seats": ["person"] * 9}, 400, "players"),
        ({"game": "beggar", "rules": {"nope": 1}, "seats": ["person"] * 2}, 400, "nope"),
        ({"game": "beggar", "rules": [], "seats": ["person"] * 2}, 400, "rules"),
        ([1, 2], 400, "object"),
    ],
)
def test_a_bad_table_is_refused_with_a_clear_message(
    api: Api, body: Any, status: int, words: str
) -> None:
    answer = api.client.post("/api/tables", json=body)
    assert answer.status_code == status
    assert answer.headers["content-type"] == "application/json"
    assert words in answer.json()["error"]


def test_bad_requests_get_json_errors_with_the_right_status(api: Api) -> None:
    table = api.create("beggar", ["person", "greedy"])
    token = api.join(table, 0)
    client = api.client
    url = f"/api/tables/{table}"

    def error(answer: Any, status: int) -> str:
        assert answer.status_code == status, answer.text
        assert answer.headers["content-type"] == "application/json"
        message: str = answer.json()["error"]
        assert message
        return message

    error(client.get("/api/tables/nope/view", headers=bearer(token)), 404)
    error(client.get(f"{url}/view"), 401)
    error(client.get(f"{url}/view", headers=bearer("not a token")), 403)
    error(client.get(f"{url}/events?since=-1", headers=bearer(token)), 400)
    error(client.post(f"{url}/seats/7"), 404)
    error(client.post(f"{url}/seats/1"), 409)  # a bot's seat
    error(client.get("/api/no/such/page"), 404)
    error(client.delete("/api/tables"), 405)
    moves = f"{url}/moves"
    error(client.post(moves, content=b"{", headers=bearer(token)), 400)
    error(client.post(moves, content=b"\xff\xfe", headers=bearer(token)), 400)
    error(client.post(moves, json={"move": {"type": "Turn"}}, headers=bearer(token)), 400)
    error(client.post(moves, json={"number": True, "move": {}}, headers=bearer(token)), 400)
    error(client.post(moves, json={"number": 0}, headers=bearer(token)), 400)
    bad = client.post(moves, json={"number": 0, "move": {"type": "Fly"}}, headers=bearer(token))
    assert "Fly" in error(bad, 400)
    error(
        client.post(moves, json={"number": 5, "move": {"type": "Turn"}}, headers=bearer(token)),
        409,
    )
    huge = json.dumps({"number": 0, "move": "x" * 20_000})
    error(client.post(moves, content=huge.encode(), headers=bearer(token)), 413)


def test_a_move_against_the_rules_is_refused_with_its_rule(api: Api) -> None:
    table = api.create("allegra", ["person", "greedy"], {"players": 2, "rounds": 1})
    token = api.join(table, 0)
    seen = api.view(table, token)
    # A slot that does not exist: a move of the right shape that no rule allows.
    move = {"type": "Reveal", "slot": {"owner": 0, "row": 0, "col": 3}}
    legal = [m["move"] for m in seen["legal"]]
    move = next(
        {"type": "Reveal", "slot": {"owner": o, "row": 0, "col": c}}
        for o in range(2)
        for c in range(4)
        if {"type": "Reveal", "slot": {"owner": o, "row": 0, "col": c}} not in legal
    )
    answer = api.move(table, token, seen["number"], move)
    assert answer.status_code == 422, answer.text
    assert "AL-" in answer.json()["error"]


def test_the_browser_page_and_its_files_are_served(api: Api) -> None:
    page = api.client.get("/")
    assert page.status_code == 200
    assert "static/app.js" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for name in ("app.js", "style.css", "favicon.svg"):
        assert api.client.get(f"/static/{name}").status_code == 200
    games = api.client.get("/api/games").json()["games"]
    assert {g["name"] for g in games} == set(cardrules.GAMES)


def test_the_app_mounted_in_another_serves_its_page_and_api(db: str) -> None:
    from starlette.applications import Starlette
    from starlette.routing import Mount
    from starlette.testclient import TestClient

    from cardrules.server import create_app

    games = create_app(db)
    with TestClient(Starlette(routes=[Mount("/cards", app=games)])) as client:
        assert "static/app.js" in client.get("/cards/").text
        assert client.get("/cards/static/app.js").status_code == 200
        made = client.post("/cards/api/tables", json={"game": "beggar", "seats": ["person"] * 2})
        assert made.status_code == 201
        assert client.get("/cards/api/tables").json()["tables"][0]["table"] == made.json()["table"]
    games.state.store.close()


def test_serve_is_a_command_with_a_port_and_127_0_0_1_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cardrules.cli import main

    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--port" in out
    assert "127.0.0.1" in out
    assert main(["serve", "--port", "http"]) == 2
    assert "a port is a number" in capsys.readouterr().err
