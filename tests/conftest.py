"""Shared test configuration: hypothesis profiles, a fixture over every game, the toy game."""

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
    max_examples=25,
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
