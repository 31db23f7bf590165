"""
No observer leaks: every observation type of cardrules.openspiel, and every PettingZoo
observation, checked against the game's ``view`` and ``redeal_hidden`` (issue 26).

A number a seat may see depends only on what that seat sees: it stays the same when
``redeal_hidden(state, seat)`` deals again every card the seat cannot see. A public
number stays the same for every seat's redeal, and is the same whichever seat asks.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules
from cardrules.game import AnyGame

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

from open_spiel.python.observation import (  # type: ignore[import-untyped] # noqa: E402
    make_observation,
)

import cardrules.openspiel  # noqa: E402
from cardrules import rl  # noqa: E402

_P = pyspiel.PrivateInfoType
GAMES = [("biggenbende", 4), ("biggenbende", 3), ("allegra", 2), ("allegra", 4), ("beggar", 3)]
IDS = [f"{name}-{players}p" for name, players in GAMES]


def _load(name: str, players: int) -> Any:
    rounds = {} if name == "beggar" else {"rounds": 1}
    return pyspiel.load_game(f"cardrules_{name}", {"players": players, **rounds})


def _states(name: str, players: int) -> list[Any]:
    """OpenSpiel states along a seeded random game: choosing, playing, late, over."""
    spiel_game = _load(name, players)
    rng = random.Random(players)
    state = spiel_game.new_initial_state()
    state.apply_action(11)
    states = [state.clone()]
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        if state.move_number() in (2, 5, 20, 60, 150):
            states.append(state.clone())
    states.append(state)
    return states


def _redealt(state: Any, seat: int, seed: int) -> Any:
    """The state with every card ``seat`` cannot see dealt again (the game's own
    ``redeal_hidden``), its history kept."""
    world = state.clone()
    trajectory = state.trajectory.copy()
    trajectory.state = trajectory.game.redeal_hidden(trajectory.state, seat, seed=seed)
    world.trajectory = trajectory
    return world


def _observe(observation: Any, state: Any, player: int) -> tuple[Any, str]:
    observation.set_from(state, player)
    return observation.tensor.copy(), observation.string_from(state, player)


def _type(public: bool, private: Any, recall: bool) -> Any:
    return pyspiel.IIGObservationType(
        public_info=public, perfect_recall=recall, private_info=private
    )


def _some_redeal_changes_a_hand(game: AnyGame, state: Any) -> bool:
    # Whether redealing changes what some seat holds: else a test of it proves nothing.
    players = game.players(state)
    return any(
        game.view(game.redeal_hidden(state, seat, seed=5), other) != game.view(state, other)
        for seat in range(players)
        for other in range(players)
        if other != seat
    )


@pytest.mark.parametrize(("name", "players"), GAMES, ids=IDS)
@pytest.mark.parametrize("recall", [False, True], ids=["now", "perfect-recall"])
def test_the_public_observation_is_every_seats_and_hides_every_card(
    name: str, players: int, recall: bool
) -> None:
    spiel_game = _load(name, players)
    observation = make_observation(spiel_game, _type(True, _P.NONE, recall))
    assert observation is not None
    for state in _states(name, players):
        seen = [_observe(observation, state, seat) for seat in range(players)]
        for tensor, text in seen[1:]:
            assert np.array_equal(tensor, seen[0][0])
            assert text == seen[0][1]
        for seat in range(players):
            world = _redealt(state, seat, seed=seat + 3)
            tensor, text = _observe(observation, world, 0)
            assert np.array_equal(tensor, seen[0][0]), f"seat {seat}'s hidden cards leak"
            assert text == seen[0][1]


def test_a_redeal_changes_what_the_public_observation_must_not_show() -> None:
    # The check above has teeth: the private observation of a seat changes when another
    # seat's redeal deals it other cards, and the public one of the same state does not.
    name, players = "biggenbende", 4
    spiel_game = pyspiel.load_game(f"cardrules_{name}", {"players": players})
    state = _states(name, players)[2]
    assert _some_redeal_changes_a_hand(state.trajectory.game, state.trajectory.state)
    private = make_observation(spiel_game, _type(True, _P.SINGLE_PLAYER, False))
    public = make_observation(spiel_game, _type(True, _P.NONE, False))
    world = _redealt(state, 1, seed=4)
    assert not np.array_equal(_observe(private, world, 0)[0], _observe(private, state, 0)[0])
    assert np.array_equal(_observe(public, world, 0)[0], _observe(public, state, 0)[0])
    # The public observation holds no hand: seat 0's cards are not in its string.
    assert "(you)" not in _observe(public, state, 0)[1]


@pytest.mark.parametrize(("name", "players"), GAMES, ids=IDS)
@pytest.mark.parametrize(
    ("public", "recall"),
    [(True, False), (True, True), (False, False)],
    ids=["view", "information-state", "private-only"],
)
def test_a_single_seat_observation_holds_only_what_its_seat_sees(
    name: str, players: int, public: bool, recall: bool
) -> None:
    spiel_game = _load(name, players)
    observation = make_observation(spiel_game, _type(public, _P.SINGLE_PLAYER, recall))
    assert observation is not None
    game = cardrules.get_game(name)
    for state in _states(name, players):
        for seat in range(players):
            tensor, text = _observe(observation, state, seat)
            world = _redealt(state, seat, seed=seat + 7)
            other_tensor, other_text = _observe(observation, world, seat)
            assert np.array_equal(tensor, other_tensor), f"seat {seat} sees a hidden card"
            assert text == other_text
            if public and not recall:  # the view's own encoding
                view = game.view(state.trajectory.state, seat)
                assert np.array_equal(tensor, rl.observation(game, view).ravel())
                assert tensor.tolist() == pytest.approx(state.observation_tensor(seat))


@pytest.mark.parametrize(("name", "players"), GAMES, ids=IDS)
@pytest.mark.parametrize("public", [True, False], ids=["with-public", "private-only"])
def test_the_all_players_observation_is_every_seats_own(
    name: str, players: int, public: bool
) -> None:
    spiel_game = _load(name, players)
    every = make_observation(spiel_game, _type(public, _P.ALL_PLAYERS, False))
    single = make_observation(spiel_game, _type(public, _P.SINGLE_PLAYER, False))
    assert every is not None
    assert single is not None
    for state in _states(name, players):
        tensor, _ = _observe(every, state, 0)
        parts = [_observe(single, state, seat)[0] for seat in range(players)]
        assert np.array_equal(tensor, np.concatenate(parts))
        assert np.array_equal(_observe(every, state, players - 1)[0], tensor)


def test_the_all_players_information_state_is_every_seats_own() -> None:
    name, players = "allegra", 3
    spiel_game = _load(name, players)
    every = make_observation(spiel_game, _type(True, _P.ALL_PLAYERS, True))
    for state in _states(name, players)[:3]:
        tensor, text = _observe(every, state, 1)
        parts = [state.information_state_tensor(seat) for seat in range(players)]
        assert tensor.tolist() == pytest.approx([v for part in parts for v in part])
        for seat in range(players):
            assert state.information_state_string(seat) in text


def test_observation_types_not_offered_are_none() -> None:
    # Private information alone with perfect recall is not offered; no information at
    # all is an empty tensor.
    spiel_game = pyspiel.load_game("cardrules_allegra", {"players": 2})
    assert make_observation(spiel_game, _type(False, _P.SINGLE_PLAYER, True)) is None
    nothing = make_observation(spiel_game, _type(False, _P.NONE, False))
    assert nothing is not None
    assert nothing.tensor.size == 0
    with pytest.raises(ValueError, match="observation parameters"):
        make_observation(spiel_game, _type(True, _P.NONE, False), {"x": 1})


def test_the_public_history_counts_the_moves_of_every_seat() -> None:
    spiel_game = pyspiel.load_game("cardrules_beggar", {"players": 2})
    observation = make_observation(spiel_game, _type(True, _P.NONE, True))
    state = spiel_game.new_initial_state()
    state.apply_action(1)
    for _ in range(9):
        state.apply_action(state.legal_actions()[0])
    observation.set_from(state, 1)
    assert observation.dict["moves_by_seat"].sum() == 9
    assert observation.string_from(state, 0).count("\n--\n") == 9


pettingzoo = pytest.importorskip("cardrules.pettingzoo", reason="the pettingzoo extra is missing")


@pytest.mark.parametrize(("name", "players"), GAMES, ids=IDS)
def test_pettingzoo_observations_hold_only_what_the_seat_sees(name: str, players: int) -> None:
    env = pettingzoo.env(name, players=players, **({} if name == "beggar" else {"rounds": 1}))
    env.reset(seed=players)
    game = env.game
    rng = random.Random(1)
    step = 0
    for _agent in env.agent_iter(max_iter=400):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        if step % 7 == 0:
            state = env.state_
            for seat, who in enumerate(env.possible_agents):
                seen = env.observe(who)["observation"]
                view = game.view(state, seat)
                assert np.array_equal(seen, rl.observation(game, view))
                env.state_ = game.redeal_hidden(state, seat, seed=step)
                assert np.array_equal(env.observe(who)["observation"], seen)
                env.state_ = state
        step += 1
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
