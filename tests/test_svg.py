"""
Pictures of every game: valid, deterministic, titled SVG that shows a view no more than it
holds; the generic picture of a game without its own; the replay page and its command.
"""

from __future__ import annotations

import base64
import gzip
import json
import random
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import attrs
import pytest

import cardrules
from cardrules.cli import main
from cardrules.errors import WrongTypeError
from cardrules.game import AnyGame
from cardrules.svg import (
    game_of,
    record_html,
    render_generic_svg,
    render_svg,
    replay_html,
)

SVG = "{http://www.w3.org/2000/svg}"


def positions(
    game: AnyGame, seed: int, every: int = 7, limit: int = 400
) -> Iterator[tuple[Any, Any, int | None]]:
    """``(state, last move, its mover)`` every few moves of a random game (the start too)."""
    rules = game.Rules() if game.name != "beggar" else game.Rules(players=3)
    state = game.new_game(rules, seed=seed)
    rng = random.Random(seed)
    yield state, None, None
    count = 0
    while not game.is_over(state) and count < limit:
        mover = game.to_move(state)
        move = rng.choice(game.legal_moves(state))
        state = game.apply(state, move)
        count += 1
        if count % every == 0 or game.is_over(state):
            yield state, move, mover


def check_svg(svg: str) -> ET.Element:
    """Parse ``svg`` and check the rules every picture keeps; return its root."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert root[0].tag == f"{SVG}title"
    assert root[0].text
    for group in root.iter(f"{SVG}g"):
        # Every piece says what it is: its first child is a non-empty <title>.
        assert group[0].tag == f"{SVG}title", ET.tostring(group)[:200]
        assert (group[0].text or "").strip()
    # Readable at 400 px wide: the smallest text is still at least 6.5 px there.
    scale = 400 / int(root.get("width", "0"))
    sizes = [int(t.get("font-size", "12")) for t in root.iter(f"{SVG}text")]
    assert min(sizes) * min(scale, 1) >= 6.5
    return root


def test_every_game_has_its_own_picture(game: AnyGame) -> None:
    assert getattr(game, "render_svg", None) is not None


def test_pictures_are_valid_titled_and_deterministic(game: AnyGame) -> None:
    for state, move, mover in positions(game, seed=3, every=9, limit=200):
        svg = render_svg(state, last_move=move, mover=mover)
        check_svg(svg)
        assert svg == render_svg(state, last_move=move, mover=mover)
        for seat in range(game.players(state)):
            view = game.view(state, seat)
            shown = render_svg(view, last_move=move, mover=mover)
            check_svg(shown)
            assert shown == render_svg(state, seat=seat, last_move=move, mover=mover)
            assert "(you)" in shown


def test_a_view_shows_nothing_it_does_not_hold(game: AnyGame) -> None:
    """
    No leak: the hidden cards (the other hands, face-down cards, the deck's order) are
    dealt anew by ``redeal_hidden``, which keeps the view; the picture of the view must
    not change, while the picture of the whole table does.
    """
    table_changed = False
    for seed in range(3):
        for state, move, mover in positions(game, seed=seed, every=9, limit=120):
            if game.is_over(state):
                continue
            for seat in range(game.players(state)):
                seen = render_svg(state, seat=seat, last_move=move, mover=mover)
                for redeal in range(1):
                    other = game.redeal_hidden(state, seat, seed=100 * seed + redeal)
                    assert render_svg(other, seat=seat, last_move=move, mover=mover) == seen
                    table_changed |= render_svg(other) != render_svg(state)
    assert table_changed  # the test could fail: the whole table's picture shows them


def test_state_and_view_repr_svg_for_notebooks(game: AnyGame) -> None:
    state = game.new_game(game.Rules(), seed=2)
    view = game.view(state, 0)
    assert state._repr_svg_() == render_svg(state)
    assert view._repr_svg_() == render_svg(view)
    assert game_of(state) is game
    assert game_of(view) is game


def test_the_generic_picture_of_a_game_that_draws_none(game: AnyGame) -> None:
    plain: AnyGame = attrs.evolve(cast(Any, game), render_svg=None)
    for state, move, mover in list(positions(game, seed=1, every=40))[:3]:
        svg = render_svg(state, game=plain, last_move=move, mover=mover)
        root = check_svg(svg)
        assert svg == render_generic_svg(plain, state, last_move=move, mover=mover)
        texts = "".join(root.itertext())
        turn = game.to_move(state)
        assert (f"seat {turn} to move" if turn is not None else "the game is over") in texts
        view = render_svg(state, game=plain, seat=0)
        check_svg(view)
        assert "view" in view


def test_the_toy_game_gets_pictures_too(toy: AnyGame) -> None:
    state = toy.new_game(toy.Rules(), seed=1)
    move = toy.legal_moves(state)[0]
    after = toy.apply(state, move)
    root = check_svg(render_svg(after, last_move=move, mover=0))
    assert "last move: seat 0" in "".join(root.itertext())
    check_svg(render_svg(after, seat=1))


def test_bad_input_is_refused_clearly() -> None:
    from cardrules import beggar

    with pytest.raises(WrongTypeError, match="not a state or view of a registered game"):
        render_svg(object())
    view = beggar.view(beggar.new_game(seed=1), 0)
    with pytest.raises(WrongTypeError, match="seat= needs a beggar state"):
        render_svg(view, seat=1)
    with pytest.raises(WrongTypeError, match="not a biggenbende state or view"):
        render_svg(view, game="biggenbende")
    with pytest.raises(WrongTypeError, match="expected a Record"):
        replay_html(cast(Any, view))


# --------------------------------------------------------------------------- replay page


def _record(game: AnyGame, seed: int, limit: int = 60) -> cardrules.Record:
    rules = game.Rules()
    state = game.new_game(rules, seed=seed)
    rng = random.Random(seed)
    moves: list[Any] = []
    while not game.is_over(state) and len(moves) < limit:
        move = rng.choice(game.legal_moves(state))
        moves.append(move)
        state = game.apply(state, move)
    return cardrules.Record(game=game.name, rules=rules, seed=seed, moves=tuple(moves))


def unpack(page: str) -> dict[str, Any]:
    """The data a replay page carries, as its script unpacks it."""
    found = re.search(
        r'<script type="application/octet-stream" class="crr-data">(.*?)</script>', page
    )
    assert found is not None
    data: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(found.group(1))))
    return data


def test_the_replay_page_holds_every_picture_and_line(game: AnyGame) -> None:
    record = _record(game, seed=5, limit=25)
    page = replay_html(record)
    assert page == replay_html(record)  # deterministic, to the byte
    assert page.startswith("<!DOCTYPE html>")
    # Self-contained: nothing is fetched (the only URL is the SVG namespace, inside
    # the packed data) and there are no links, sources or imports.
    assert not re.search(r"https?://|<link|\bsrc=|@import", page)
    data = unpack(page)
    players = data["players"]
    assert len(data["moves"]) == len(record.moves)
    assert len(data["frames"]) == len(record.moves) + 1
    state = game.new_game(record.rules, seed=record.seed)
    pieces = data["pieces"]
    for index, frame in enumerate(data["frames"]):
        assert len(frame) == players + 1
        move = record.moves[index - 1] if index else None
        mover = data["moves"][index - 1]["seat"] if index else None
        pictures = ["".join(pieces[i] for i in ids) for ids in frame]
        assert pictures[0] == render_svg(state, last_move=move, mover=mover)
        for seat in range(players):
            assert pictures[1 + seat] == render_svg(state, seat=seat, last_move=move, mover=mover)
        if index < len(record.moves):
            assert data["moves"][index]["seat"] == game.to_move(state)
            assert len(data["moves"][index]["text"]) == players + 1
            state = game.apply(state, record.moves[index])


def test_a_record_shows_as_a_step_through_in_notebooks() -> None:
    from cardrules import beggar

    record = _record(beggar.GAME, seed=2, limit=10)
    html = record._repr_html_()
    assert html == record_html(record)
    assert html.startswith('<div class="crr"')
    assert "<script>" in html
    assert "IPython" not in html
    assert len(unpack(html)["frames"]) == 11


def test_the_moves_of_a_view_tell_only_what_the_seat_saw() -> None:
    from cardrules import biggenbende as bb

    record = _record(bb.GAME, seed=4, limit=4)  # the face-up choices of four seats
    texts = unpack(replay_html(record))["moves"]
    first = texts[0]["text"]
    chosen = str(record.moves[0])  # "face up ..." with the values
    assert chosen.split("face up ")[1] in first[0]  # the whole table sees the values
    assert chosen.split("face up ")[1] in first[1]  # and so does seat 0, who chose
    for seat in (1, 2, 3):
        assert chosen.split("face up ")[1] not in first[1 + seat]


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    def call(*argv: str) -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "stdin", None)
        code = main(list(argv))
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return call


def test_replay_html_writes_the_page(run: Any, tmp_path: Path) -> None:
    from cardrules import allegra

    record = _record(allegra.GAME, seed=1, limit=30)
    path = tmp_path / "game.json"
    path.write_text(cardrules.dumps(record))
    out = tmp_path / "game.html"
    code, printed, _ = run("replay", str(path), "--html", str(out))
    assert code == 0
    assert printed.strip() == f"allegra: 30 moves written to {out}"
    assert out.read_text(encoding="utf-8") == replay_html(record)


def test_replay_html_reports_a_broken_move(run: Any, tmp_path: Path) -> None:
    from cardrules import biggenbende as bb

    path = tmp_path / "game.json"
    path.write_text(cardrules.dumps(_record(bb.GAME, seed=12, limit=30)))
    doc = json.loads(path.read_text())
    doc["data"]["moves"][11] = {"type": "Play", "value": 12, "count": 11}
    path.write_text(json.dumps(doc))
    out = tmp_path / "game.html"
    code, _, err = run("replay", str(path), "--html", str(out))
    assert code == 1
    assert "move 12" in err
    assert "breaks rule BB-" in err
    assert not out.exists()


def test_replay_html_reports_an_unwritable_file(run: Any, tmp_path: Path) -> None:
    from cardrules import beggar

    path = tmp_path / "game.json"
    path.write_text(cardrules.dumps(_record(beggar.GAME, seed=1, limit=3)))
    code, _, err = run("replay", str(path), "--html", str(tmp_path / "no" / "such.html"))
    assert code == 1
    assert "cannot write" in err
