"""
The browser table in real headless Chromium (Debian's ``chromium``, driven by
Playwright's Python API; no browser is downloaded): a person creates a table in the
lobby and plays a whole game of Beggar and a round of Allegra against bots with the
mouse alone, and the screen says how it ended.

Screenshots go to the test's temporary folder, and to ``CARDRULES_SCREENSHOTS`` (a
folder) when it is set.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

import uvicorn  # noqa: E402

import cardrules  # noqa: E402
from cardrules.bots import GreedyBot, play_game  # noqa: E402
from cardrules.server import create_app  # noqa: E402
from tests._browser import ARGS, CHROMIUM  # noqa: E402
from tests.server.conftest import free_port  # noqa: E402

pytestmark = pytest.mark.slow


def _short_beggar_seed() -> int:
    """A deal whose whole game is short enough to click through (40 to 120 cards)."""
    game = cardrules.get_game("beggar")
    for seed in range(1, 10_000):
        bots = [GreedyBot(game, seed=0), GreedyBot(game, seed=1)]
        state, moves = play_game(game, bots, seed=seed)
        outcome = game.outcome(state)
        if 40 <= len(moves) <= 120 and outcome is not None and outcome.reason == "normal":
            return seed
    raise AssertionError("no short Beggar deal")


class _Live:
    """The application served by uvicorn in a thread of this process."""

    def __init__(self, db: str, seed: int) -> None:
        self.app = create_app(db, seeds=lambda: seed)
        self.port = free_port()
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        self.app.state.store.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if CHROMIUM is None or not Path(CHROMIUM).exists():
        pytest.skip("chromium is not installed (Debian: apt-get install chromium)")
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


def _shoot(page: Any, tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    page.screenshot(path=str(path), full_page=True)
    if folder := os.environ.get("CARDRULES_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(folder) / name)
    return path


def _play_by_clicking(page: Any, limit: int) -> int:
    """Click the first legal move until the result shows; the number of clicks."""
    clicks = 0
    ready = "#moves button.move:not([disabled]), #result:not([hidden])"
    while True:
        page.wait_for_selector(ready, timeout=30_000)
        if page.is_visible("#result"):
            return clicks
        assert clicks < limit, "the game did not end"
        assert page.is_hidden("#error"), page.inner_text("#error")
        page.click("#moves button.move >> nth=0")
        clicks += 1


def _create(page: Any, base: str, game: str, players: int, rules: dict[str, Any]) -> None:
    page.goto(base + "/")
    page.wait_for_selector(f"#game option[value={game}]", state="attached")
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.dispatch_event("#players", "change")
    page.click("summary")  # open the rules
    text = page.input_value("#rules")
    page.fill("#rules", json.dumps({**json.loads(text), **rules}))
    page.click("#create-button")
    page.wait_for_selector("#table:not([hidden])")


def test_a_whole_beggar_game_against_a_bot_by_clicking(
    browser: Any, db: str, tmp_path: Path
) -> None:
    live = _Live(db, _short_beggar_seed())
    try:
        page = browser.new_page(viewport={"width": 1100, "height": 800})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        _create(page, f"http://127.0.0.1:{live.port}", "beggar", 2, {})
        clicks = _play_by_clicking(page, limit=200)
        result = page.inner_text("#result")
        assert result.startswith("Game over (normal)")
        assert ("you win" in result) != ("you lose" in result)
        assert page.inner_text("#status") == "The game is over."
        assert page.locator("#moves button").count() == 0
        log = page.inner_text("#log")
        assert "you turn" in log
        assert "seat 1 turns" in log
        assert clicks >= 10
        assert errors == []
        _shoot(page, tmp_path, "beggar-table.png")
        page.close()
    finally:
        live.stop()


def test_an_allegra_round_against_a_bot_by_clicking(browser: Any, db: str, tmp_path: Path) -> None:
    live = _Live(db, 5)
    try:
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        _create(page, f"http://127.0.0.1:{live.port}", "allegra", 2, {"rounds": 1})
        page.wait_for_selector("#moves button.move")
        _shoot(page, tmp_path, "allegra-start.png")
        assert "round 1 of 1" in page.inner_text("#view")
        clicks = _play_by_clicking(page, limit=500)
        assert clicks >= 5
        result = page.inner_text("#result")
        assert result.startswith("Game over")
        assert "Scores: you:" in result
        assert errors == []
        _shoot(page, tmp_path, "allegra-table.png")
        # The lobby lists the table, with the way back to the seat.
        page.click("a.home")
        page.wait_for_selector("#tables li")
        assert "back to seat 0" in page.inner_text("#tables")
        page.close()
    finally:
        live.stop()
