"""
Shared test configuration: hypothesis profiles, the ``slow`` marker, a fixture over every
game, the toy game.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

import cardrules
import toygame
from cardrules._registry import _REGISTRY
from cardrules.game import AnyGame

# "dev" is quick for local runs; "ci" (HYPOTHESIS_PROFILE=ci, set by .ci/run) digs deeper
# and is derandomised so that a CI run is repeatable.
settings.register_profile(
    "dev",
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

_SLOW_HOW = "slow: CI runs it; run it here with --run-slow or CARDRULES_SLOW=1"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-slow",
        action="store_true",
        help="also run the tests marked slow (long soaks, framework suites); CI does",
    )


def _run_slow(config: pytest.Config) -> bool:
    return bool(config.getoption("--run-slow")) or os.environ.get("CARDRULES_SLOW") == "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # The README's test command stays under two minutes: slow tests are skipped there with
    # the reason shown in the summary (-ra), never silently, and CI runs them.
    if _run_slow(config):
        return
    skip = pytest.mark.skip(reason=_SLOW_HOW)
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session", params=sorted(cardrules.GAMES))
def game(request: pytest.FixtureRequest) -> AnyGame:
    """Each registered game in turn."""
    return cardrules.GAMES[request.param]


@pytest.fixture(scope="module")
def toy() -> Iterator[AnyGame]:
    """
    The toy game of ``examples/toygame``, registered from outside the core with
    ``cardrules.register_game`` for the tests of one module, then forgotten again, so
    that the rest of the suite sees the built-in games only.
    """
    game = cardrules.register_game(toygame.GAME)
    yield game
    _REGISTRY._unregister(game.name)
