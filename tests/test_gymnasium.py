"""
cardrules.gymnasium: one seat as a single-agent environment (issue 26), checked with
gymnasium's own env_checker and vector environments, and trained with sb3-contrib's
MaskablePPO where it is installed.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
from typing import Any

import pytest

import cardrules
from cardrules.errors import CardrulesError, IllegalMoveError

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
gymnasium = pytest.importorskip("gymnasium", reason="the gymnasium extra is not installed")

from cardrules import rl  # noqa: E402
from cardrules.gymnasium import SeatEnv  # noqa: E402

CASES = [("biggenbende", 4), ("allegra", 3), ("beggar", 2)]
IDS = [f"{name}-{players}p" for name, players in CASES]
ROOT = pathlib.Path(__file__).resolve().parents[1]


def _options(name: str) -> dict[str, Any]:
    return {} if name == "beggar" else {"rounds": 1}


def _random_episode(env: Any, seed: int) -> tuple[float, dict[str, Any]]:
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        _, reward, done, truncated, info = env.step(action)
        assert not truncated
        total += reward
    return total, info


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_check_env_passes_without_a_warning(name: str, players: int) -> None:
    from gymnasium.utils.env_checker import check_env

    # Through gymnasium.make, so the environment has a spec (the checker renders
    # every mode); pytest turns any warning into an error.
    env = gymnasium.make(f"cardrules/{name}-v0", players=players, opponents="greedy")
    check_env(env.unwrapped)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_an_episode_is_the_seats_game(name: str, players: int) -> None:
    game = cardrules.get_game(name)
    env = SeatEnv(name, players=players, seat=1, opponents="random", **_options(name))
    observation, info = env.reset(seed=4)
    steps = 0
    total, done = 0.0, False
    rng = np.random.default_rng(0)
    while not done:
        state = env.state_
        assert game.to_move(state) == 1
        # The observation is the seat's view; the masks are its legal actions.
        view = game.view(state, 1)
        assert np.array_equal(observation, rl.observation(game, view))
        mask = env.action_masks()
        assert mask.dtype == np.bool_
        assert np.array_equal(mask, rl.action_mask(game, state))
        assert np.array_equal(info["action_mask"], mask.astype(np.int8))
        action = int(rng.choice(np.flatnonzero(mask)))
        observation, reward, done, _, info = env.step(action)
        total += reward
        steps += 1
    outcome = game.outcome(env.state_)
    assert outcome is not None
    assert info["outcome"] == outcome
    assert info["won"] == (1 in outcome.winners)
    # The rewards add up to the seat's final score as a utility.
    assert total == rl.utility_sign(game) * outcome.scores[1]
    assert not env.action_masks().any()
    with pytest.raises(CardrulesError, match="reset"):
        env.step(0)
    assert steps > 0


def test_the_same_seed_gives_the_same_episode() -> None:
    env = SeatEnv("biggenbende", players=3, opponents="greedy", rounds=1)
    first = _random_episode(env, 11)
    moves = env.state_
    second = _random_episode(env, 11)
    assert first[0] == second[0]
    assert env.state_ == moves


def test_opponents_may_be_bots_policies_or_a_list() -> None:
    calls: list[int] = []

    def last_move(view: Any, moves: Any) -> Any:
        calls.append(view.seat)
        return moves[-1]

    env = SeatEnv("biggenbende", players=4, opponents=[last_move, "greedy", "ismcts"], rounds=1)
    env.reset(seed=2)
    for _ in range(3):
        mask = env.action_masks()
        env.step(int(np.flatnonzero(mask)[0]))
    assert set(calls) == {1}
    with pytest.raises(CardrulesError, match="3 other seats"):
        SeatEnv("biggenbende", players=4, opponents=["random"])
    with pytest.raises(CardrulesError, match="unknown bot"):
        SeatEnv("biggenbende", players=4, opponents="clever")
    with pytest.raises(CardrulesError, match="seat must be"):
        SeatEnv("biggenbende", players=4, seat=4)


def test_an_illegal_action_loses_or_raises() -> None:
    game = cardrules.get_game("allegra")
    env = SeatEnv("allegra", players=2, rounds=1)
    env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated
    assert info["illegal"]
    _, high = rl.utility_bounds(game, env.rules)
    assert reward == -high  # the lowest utility: Allegra's highest points, negated
    strict = SeatEnv("allegra", players=2, rounds=1, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalMoveError):
        strict.step(illegal)


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    env = SeatEnv("beggar", players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    assert "(you)" in text
    human = SeatEnv("beggar", players=2, render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
    assert capsys.readouterr().out.strip() == text


@pytest.mark.parametrize("vector", ["sync", "async"])
def test_vector_environments(vector: str) -> None:
    def make() -> SeatEnv:
        return SeatEnv("biggenbende", players=3, opponents="greedy", rounds=1)

    maker = gymnasium.vector.SyncVectorEnv if vector == "sync" else gymnasium.vector.AsyncVectorEnv
    envs = maker([make for _ in range(2)])
    try:
        observations, infos = envs.reset(seed=5)
        assert observations.shape == (2, *(make().observation_space.shape or ()))
        rng = np.random.default_rng(1)
        for _ in range(30):
            masks = envs.call("action_masks")
            assert np.array_equal(np.stack(masks), infos["action_mask"].astype(bool))
            actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])
            observations, _, _, _, infos = envs.step(actions)
    finally:
        envs.close()


@pytest.mark.slow
def test_maskable_ppo_learns_from_the_masks() -> None:
    sb3_contrib = pytest.importorskip(
        "sb3_contrib", reason="the train extra (sb3-contrib, torch) is not installed"
    )
    env = SeatEnv("biggenbende", players=3, opponents="random", rounds=1)
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, seed=0)
    model.learn(total_timesteps=128)
    observation, _ = env.reset(seed=3)
    action, _ = model.predict(observation, action_masks=env.action_masks(), deterministic=True)
    assert env.action_masks()[int(action)]


@pytest.mark.slow
def test_the_how_to_training_script_runs(tmp_path: pathlib.Path) -> None:
    pytest.importorskip(
        "sb3_contrib", reason="the train extra (sb3-contrib, torch) is not installed"
    )
    script = ROOT / "docs" / "examples" / "train_agent.py"
    # Outside the checkout, in a fresh interpreter, with a small step count.
    result = subprocess.run(
        [sys.executable, str(script), "--steps", "256", "--games", "4"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": ""},
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    assert "against random" in result.stdout
    assert "against greedy" in result.stdout
