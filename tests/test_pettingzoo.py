"""
cardrules.pettingzoo: every game and player count passes PettingZoo's own api_test and
seed_test, on the games' own hooks and on made-up ones (see tests/test_rl.py).
"""

from __future__ import annotations

from typing import Any

import pytest

import cardrules
import cardrules.rl
from cardrules.game import AnyGame

pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")
np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

import gymnasium  # noqa: E402
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]  # noqa: E402

from cardrules.pettingzoo import CardrulesEnv, env  # noqa: E402
from tests.test_rl import (  # noqa: E402
    HOOKED,
    has_hooks,
    made_up_hooks,
    player_counts,
    run_page,
    small_options,
)

# PettingZoo's api_test advises a Box observation; the classic card games, like these,
# give a dict with the action mask, as PettingZoo documents.
DICT_OBSERVATIONS = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


def _cases() -> list[Any]:
    cases = []
    for param in HOOKED:
        game = param.values[0]
        for players in player_counts(game):
            cases.append(
                pytest.param(game, players, id=f"{param.id}-{players}p", marks=param.marks)
            )
    return cases


@pytest.mark.parametrize(("game", "players"), _cases())
@DICT_OBSERVATIONS[0]
@DICT_OBSERVATIONS[1]
def test_api_test(game: AnyGame, players: int) -> None:
    options = small_options(game)
    api_test(CardrulesEnv(game, render_mode="ansi", players=players, **options), num_cycles=200)


@pytest.mark.parametrize(("game", "players"), _cases())
def test_seed_test(game: AnyGame, players: int) -> None:
    options = small_options(game)
    seed_test(lambda: CardrulesEnv(game, players=players, **options), num_cycles=100)


@pytest.mark.parametrize("game", HOOKED)
def test_a_rollout_follows_the_game(game: AnyGame) -> None:
    players = player_counts(game)[0]
    options = small_options(game)
    environment = CardrulesEnv(game, render_mode="ansi", players=players, **options)
    environment.reset(seed=21)
    state = game.new_game(game.Rules(players=players, **options), seed=21)
    returns = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter(max_iter=100_000):
        observation, reward, terminated, truncated, _ = environment.last()
        returns[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        seat = game.to_move(state)
        assert agent == f"player_{seat}"
        assert seat is not None
        assert environment.render() == game.render_view(  # type: ignore[misc]
            game.view(state, seat), f"{agent} to move"
        )
        mask = observation["action_mask"]
        action = int(np.flatnonzero(mask)[-1])
        state = game.apply(state, game.actions(state.rules).decode(action))  # type: ignore[misc]
        environment.step(action)
        assert environment.state_ == state
    assert game.is_over(state)
    assert not environment.agents
    # The summed rewards are each seat's whole-game return, as a utility (signed).
    totals = cardrules.rl.total_returns(game, state)
    sign = cardrules.rl.utility_sign(game)
    assert [returns[f"player_{seat}"] for seat in range(players)] == [
        float(sign * t) for t in totals
    ]


@pytest.mark.parametrize("game", HOOKED)
def test_the_rewards_of_a_round_add_up_to_its_return(game: AnyGame) -> None:
    # Every round, not only the whole game: rewards follow cardrules.rl.returns_by_round.
    players = player_counts(game)[0]
    environment = CardrulesEnv(game, players=players)
    environment.reset(seed=4)
    states = [environment.state_]
    by_round: dict[int, list[float]] = {}
    for agent in environment.agent_iter(max_iter=100_000):
        _, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        number = getattr(environment.state_, "round", 1)
        legal = np.flatnonzero(environment.observe(agent)["action_mask"])
        environment.step(int(legal[len(states) % len(legal)]))
        states.append(environment.state_)
        sums = by_round.setdefault(number, [0.0] * players)
        for seat, name in enumerate(environment.possible_agents):
            sums[seat] += environment.rewards[name]
    rounds = cardrules.rl.returns_by_round(game, states)
    first = getattr(states[0], "round", 1)
    sign = cardrules.rl.utility_sign(game)
    assert len(rounds) == len(by_round)
    for number, sums in by_round.items():
        assert sums == [float(sign * delta) for delta in rounds[number - first]]


def test_the_allegra_winner_gets_the_most_reward() -> None:
    # Allegra's points: the lowest total wins (AL-12). Agents maximise their rewards,
    # so the winners must be the seats with the highest summed rewards.
    game = cardrules.get_game("allegra")
    environment = env("allegra", players=3)
    environment.reset(seed=12)
    summed = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter(max_iter=100_000):
        observation, reward, terminated, truncated, _ = environment.last()
        summed[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(legal[len(legal) // 2]))
    outcome = game.outcome(environment.state_)
    assert outcome is not None
    assert outcome.winners
    best = max(summed.values())
    assert {int(name.rsplit("_", 1)[1]) for name, value in summed.items() if value == best} == set(
        outcome.winners
    )


@pytest.mark.parametrize("game", HOOKED)
def test_what_is_handed_out_can_be_changed(game: AnyGame) -> None:
    # Masks are cached and shared inside (the mask makers' bytes, the arrays the
    # environment keeps of them): the arrays handed out are the caller's own, however
    # often the same mask is handed out, along a game and for one state again and again.
    environment = CardrulesEnv(game, players=player_counts(game)[0], **small_options(game))
    environment.reset(seed=5)
    for count, agent in enumerate(environment.agent_iter(max_iter=300)):
        _, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        first = environment.observe(agent)
        expected = {name: array.copy() for name, array in first.items()}
        for _ in range(3):
            handed = environment.observe(agent)
            for name, array in expected.items():
                assert np.array_equal(handed[name], array)
            for array in handed.values():
                array[:] = 7
        legal = np.flatnonzero(expected["action_mask"])
        assert np.array_equal(
            legal, np.flatnonzero(cardrules.rl.action_mask(game, environment.state_))
        )
        environment.step(int(legal[count % len(legal)]))


@pytest.mark.parametrize("game", HOOKED)
def test_what_is_handed_out_stays_as_it_was(game: AnyGame) -> None:
    # The encoders reuse buffers and caches inside: every observation and mask handed
    # out is an array of its own, which the steps after it leave as it was.
    players = player_counts(game)[-1]
    environment = CardrulesEnv(game, players=players, **small_options(game))
    environment.reset(seed=3)
    nobody = np.zeros(cardrules.rl.action_space(game, environment.rules).size, dtype=bool)
    kept: list[tuple[dict[str, Any], Any, Any]] = []
    for agent in environment.agent_iter(max_iter=600):
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        state = environment.state_
        for seat, other in enumerate(environment.possible_agents):  # the mover and the others
            if other == agent:
                handed, mask = observation, cardrules.rl.action_mask(game, state)
            else:
                handed, mask = environment.observe(other), nobody
            kept.append((handed, cardrules.rl.observation(game, game.view(state, seat)), mask))
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(legal[len(kept) % len(legal)]))
    for handed, encoding, mask in kept:
        assert np.array_equal(handed["observation"], encoding)
        assert handed["action_mask"].dtype == np.int8
        assert np.array_equal(handed["action_mask"] == 1, mask)
    # No two of them share memory (all are still alive, so their buffers are distinct).
    starts = [array.ctypes.data for handed, _, _ in kept for array in handed.values()]
    assert len(set(starts)) == len(starts)


def test_an_illegal_action_is_refused() -> None:
    game = made_up_hooks(cardrules.get_game("biggenbende"))
    environment = CardrulesEnv(game, players=3)
    environment.reset(seed=1)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    legal = set(np.flatnonzero(mask).tolist())
    # An action number the made-up space gave to a move that is not legal now.
    other = next(iter(set(range(len(legal) + 1)) - legal), None)
    if other is None:
        pytest.skip("every numbered move is legal")
    with pytest.raises((ValueError, IndexError)):
        environment.step(other)


@pytest.mark.parametrize("name", ["allegra", "biggenbende"])
def test_only_legal_action_numbers_are_played(name: str) -> None:
    # Numpy integers are action numbers; floats, numbers out of range and numbers of
    # moves that are not legal now are refused and leave the state as it was.
    game = cardrules.get_game(name)
    if game.actions is None or game.observation is None:
        pytest.skip(f"{name} has no rl hooks")
    environment = env(name, players=3)
    environment.reset(seed=4)
    for _ in range(40):
        agent = environment.agent_selection
        mask = environment.observe(agent)["action_mask"]
        legal = np.flatnonzero(mask)
        illegal = np.flatnonzero(mask == 0)
        before = environment.state_
        for wrong in (int(illegal[0]), int(illegal[-1]), -1, mask.size, float(legal[0]), None):
            with pytest.raises(ValueError, match="not legal now"):
                environment.step(wrong)  # type: ignore[arg-type]
            assert environment.state_ is before
        environment.step(legal[len(legal) // 2])  # a numpy integer
        assert environment.state_ is not before


def test_env_by_name_takes_the_rules_options() -> None:
    game = cardrules.get_game("biggenbende")
    if game.actions is None or game.observation is None:
        pytest.skip("biggenbende has no rl hooks")
    environment = env("biggenbende", players=5, rounds=2)
    assert environment.rules == game.Rules(players=5, rounds=2)
    assert len(environment.possible_agents) == 5


def test_render_needs_a_render_mode() -> None:
    environment = CardrulesEnv(made_up_hooks(cardrules.get_game("beggar")), players=2)
    environment.reset(seed=3)
    with pytest.warns(UserWarning, match="render_mode"):
        assert environment.render() is None
    with pytest.raises(ValueError, match="render_mode"):
        CardrulesEnv(cardrules.get_game("beggar"), render_mode="video")


def test_render_test_passes_and_human_prints(capsys: pytest.CaptureFixture[str]) -> None:
    from pettingzoo.test import render_test

    for name in ("beggar", "allegra", "biggenbende"):
        game = cardrules.get_game(name)
        render_test(
            lambda render_mode=None, game=game: CardrulesEnv(game, render_mode=render_mode)
        )
    capsys.readouterr()
    environment = CardrulesEnv(cardrules.get_game("beggar"), players=2, render_mode="human")
    environment.reset(seed=3)
    assert environment.render() is None
    printed = capsys.readouterr().out
    ansi = CardrulesEnv(cardrules.get_game("beggar"), players=2, render_mode="ansi")
    ansi.reset(seed=3)
    assert printed == f"{ansi.render()}\n"


@pytest.mark.parametrize("name", ["beggar", "allegra", "biggenbende"])
def test_api_test_warns_of_nothing_with_the_mask_in_info(name: str) -> None:
    # pytest turns every warning into an error: api_test must give none.
    from pettingzoo.test import api_test

    environment = CardrulesEnv(
        cardrules.get_game(name), players=2 if name != "biggenbende" else 3, action_mask="info"
    )
    api_test(environment, num_cycles=100)


def test_the_mask_in_info_is_the_legal_actions() -> None:
    game = cardrules.get_game("allegra")
    environment = CardrulesEnv(game, players=2, action_mask="info")
    plain = CardrulesEnv(game, players=2)
    environment.reset(seed=5)
    plain.reset(seed=5)
    for agent in environment.agent_iter(max_iter=60):
        observation, _, terminated, _, info = environment.last()
        expected = plain.observe(agent)
        assert isinstance(observation, np.ndarray)
        assert np.array_equal(observation, expected["observation"])
        assert np.array_equal(info["action_mask"], expected["action_mask"])
        for other in environment.agents:
            if other != agent:
                assert not environment.infos[other]["action_mask"].any()
        action = None if terminated else int(np.flatnonzero(info["action_mask"])[0])
        environment.step(action)
        plain.step(action)


@pytest.mark.slow
def test_how_to_train_an_agent_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    # The whole page: the tabular training, the gymnasium check and an MCTS game.
    pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    game = cardrules.get_game("biggenbende")
    if not has_hooks(game):
        # Until the game has its own hooks, the page runs on made-up ones.
        made_up = made_up_hooks(game)
        monkeypatch.setattr(cardrules, "get_game", lambda name: made_up)
        monkeypatch.setattr(
            cardrules.pettingzoo,
            "env",
            lambda name, **options: CardrulesEnv(made_up, **options),
        )
    printed = run_page("how-to/train-an-agent.md")
    assert "table entries" in printed
    assert "learned:" in printed
    assert "random:" in printed
    assert "('observation'," in printed


# What PettingZoo's api_test says of every dict observation (the classic form, which is
# the default here) of an environment not on its own list of names: nothing else.
_DICT_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}


@pytest.mark.parametrize("name", ["beggar", "allegra", "biggenbende"])
def test_api_test_warns_of_the_dict_form_alone(name: str) -> None:
    import importlib
    import warnings

    api_test_module = importlib.import_module("pettingzoo.test.api_test")

    environment = CardrulesEnv(cardrules.get_game(name), players=2 if name != "biggenbende" else 3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(environment, num_cycles=100)
    said = {str(warning.message) for warning in caught}
    assert said <= _DICT_WARNINGS
    # api_test gives them for its own environments' names only: the dict holds numpy
    # arrays in the spaces of PettingZoo's classic card games.
    assert str(environment.unwrapped) not in api_test_module.env_obs_dicts
    space = environment.observation_space("player_0")
    assert isinstance(space, gymnasium.spaces.Dict)
    assert set(space.spaces) == {"observation", "action_mask"}
    environment.reset(seed=3)
    observation, *_ = environment.last()
    assert space.contains(observation)
    assert all(isinstance(value, np.ndarray) for value in observation.values())
