"""
cardrules.openspiel: every game loads in OpenSpiel and passes its random_sim_test with
serialisation on, on the games' own hooks and on made-up ones (see tests/test_rl.py).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import cardrules
from cardrules import biggenbende
from cardrules.game import AnyGame

pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

from cardrules.openspiel import DEALS, REWARDS, register, short_name  # noqa: E402
from tests.test_rl import HOOKED, player_counts, small_options  # noqa: E402


def _loadable(game: AnyGame) -> str:
    """The OpenSpiel name of ``game``; a made-up hook set gets a name of its own."""
    if cardrules.GAMES.get(game.name) is game:
        return short_name(game)
    made_up = attrs.evolve(game, name=f"{game.name}_made_up")  # type: ignore[misc]
    register(made_up)
    return short_name(made_up)


def _load(game: AnyGame, players: int) -> Any:
    return pyspiel.load_game(_loadable(game), {"players": players, **small_options(game)})


def _cases() -> list[Any]:
    cases = []
    for param in HOOKED:
        game = param.values[0]
        counts = player_counts(game)
        for players in sorted({counts[0], counts[-1]}):
            marks = list(param.marks)
            if "made-up" in str(param.id) and players != counts[0]:
                # The made-up hooks at the largest table: CI's slow run (the quick run
                # keeps them at the smallest, and the games' own hooks at both).
                marks.append(pytest.mark.slow)
            cases.append(pytest.param(game, players, id=f"{param.id}-{players}p", marks=marks))
    return cases


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {f"cardrules_{name}" for name in cardrules.GAMES} <= names


@pytest.mark.parametrize(("game", "players"), _cases())
def test_random_sim_test_with_serialisation(game: AnyGame, players: int) -> None:
    pyspiel.random_sim_test(_load(game, players), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("game", HOOKED)
def test_parameters_come_from_the_rules(game: AnyGame) -> None:
    players = player_counts(game)[-1]
    spiel_game = _load(game, players)
    rules = game.Rules(players=players, **small_options(game))
    parameters = spiel_game.get_parameters()
    assert parameters["players"] == players
    assert parameters["deals"] == DEALS
    assert parameters["rewards"] == REWARDS == "terminal"
    for field in attrs.fields(game.Rules):
        if field.name in parameters:
            assert parameters[field.name] == getattr(rules, field.name)
    assert spiel_game.num_players() == players
    assert spiel_game.num_distinct_actions() == game.actions(rules).size  # type: ignore[misc]
    low, high = game.utility_bounds(rules)  # type: ignore[misc]
    if cardrules.rl.utility_sign(game) < 0:  # the lowest score wins: negated
        low, high = -high, -low
    assert (spiel_game.min_utility(), spiel_game.max_utility()) == (low, high)
    # OpenSpiel keeps it in a C int (Beggar without max_cards has no limit).
    longest = min(game.max_moves(rules), 2**31 - 1)  # type: ignore[misc]
    assert spiel_game.max_game_length() == longest


@pytest.mark.parametrize("game", HOOKED)
def test_the_deal_is_the_one_chance_node(game: AnyGame) -> None:
    players = player_counts(game)[0]
    spiel_game = pyspiel.load_game(_loadable(game), {"players": players, "deals": 8})
    state = spiel_game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(deal, 1 / 8) for deal in range(8)]
    state.apply_action(5)
    assert str(state) == repr(game.new_game(game.Rules(players=players), seed=5))
    while not state.is_terminal():
        assert not state.is_chance_node()
        state.apply_action(state.legal_actions()[0])
    # The returns are the final scores of the game played, as utilities (signed).
    outcome = game.outcome(state.trajectory.state)
    assert outcome is not None
    sign = cardrules.rl.utility_sign(game)
    assert state.returns() == [float(sign * score) for score in outcome.scores]
    low, high = spiel_game.min_utility(), spiel_game.max_utility()
    assert all(low <= value <= high for value in state.returns())


@pytest.mark.parametrize("game", HOOKED)
def test_resample_keeps_the_information_state(game: AnyGame) -> None:
    players = player_counts(game)[0]
    spiel_game = _load(game, players)
    state = spiel_game.new_initial_state()
    state.apply_action(3)
    for _ in range(6):
        state.apply_action(state.legal_actions()[-1])
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(player, sampler) for _ in range(5)]
    for world in worlds:
        assert world.current_player() == player
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.information_state_tensor(player) == state.information_state_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        # A redealt world serialises exactly and plays on to the end.
        copy = spiel_game.deserialize_state(world.serialize())
        assert str(copy) == str(world)
        while not world.is_terminal():
            world.apply_action(world.legal_actions()[0])
    if game.name != "beggar":
        # Every seat holds cards the others cannot see (BB-21, AL-14).
        assert len({str(world) for world in worlds}) > 1


def test_resample_keeps_what_the_player_saw_taken() -> None:
    # Biggenbende (BB-9, BB-21): a player that saw another take the pile knows those
    # cards are in that hand; the worlds of resample_from_infostate keep them there.
    game = cardrules.get_game("biggenbende")
    spiel_game = _load(game, 3)
    state = spiel_game.new_initial_state()
    state.apply_action(4)
    taken: tuple[int, ...] = ()
    taker = -1
    while not taken:
        trajectory = state.trajectory
        seat = state.current_player()
        move = game.legal_moves(trajectory.state)[0]
        if type(move) is biggenbende.PickUp and seat != 1:
            taken, taker = trajectory.state.discard, seat
        state.apply_action(state.legal_actions()[0])
    player = 1
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(10):
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        hand = world.trajectory.state.hands[taker]
        assert all(hand[v] >= taken.count(v) for v in taken)


@pytest.mark.parametrize("game", HOOKED)
def test_information_state_is_the_rl_one(game: AnyGame) -> None:
    players = player_counts(game)[0]
    state = _load(game, players).new_initial_state()
    state.apply_action(2)
    trajectory = cardrules.rl.Trajectory(
        game, game.new_game(game.Rules(players=players, **small_options(game)), seed=2)
    )
    for _ in range(5):
        action = state.legal_actions()[0]
        trajectory.apply(game.actions(trajectory.state.rules).decode(action))  # type: ignore[misc]
        state.apply_action(action)
    for seat in range(players):
        info = cardrules.rl.information_state(game, seat, trajectory)
        assert state.information_state_string(seat) == info.text
        assert state.information_state_tensor(seat) == pytest.approx(info.tensor.tolist())
        assert state.observation_tensor(seat) == pytest.approx(
            cardrules.rl.observation(game, game.view(trajectory.state, seat)).ravel().tolist()
        )


@pytest.mark.parametrize("game", HOOKED)
def test_returns_are_the_sum_of_the_round_returns(game: AnyGame) -> None:
    import cardrules.rl

    players = player_counts(game)[0]
    spiel_game = pyspiel.load_game(_loadable(game), {"players": players})
    state = spiel_game.new_initial_state()
    state.apply_action(7)
    states = [state.trajectory.state]
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[len(states) % len(legal)])
        states.append(state.trajectory.state)
    rounds = cardrules.rl.returns_by_round(game, states)
    sign = cardrules.rl.utility_sign(game)
    totals = [float(sign * sum(column)) for column in zip(*rounds, strict=True)]
    assert state.returns() == totals


@pytest.mark.parametrize("game", HOOKED)
def test_rewards_add_up_to_the_returns_step_by_step(game: AnyGame) -> None:
    # The REWARDS model: every action's rewards are the change of the returns, and
    # some come before the end in a game of several rounds.
    spiel_game = pyspiel.load_game(
        _loadable(game), {"players": player_counts(game)[0], "rewards": "steps"}
    )
    assert spiel_game.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
    state = spiel_game.new_initial_state()
    state.apply_action(4)
    assert state.rewards() == [0.0] * spiel_game.num_players()
    summed = [0.0] * spiel_game.num_players()
    early = False
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[state.move_number() % len(legal)])
        rewards = state.rewards()
        summed = [a + b for a, b in zip(summed, rewards, strict=True)]
        assert summed == state.returns()
        early = early or (any(rewards) and not state.is_terminal())
    rounds = game.returns(state.trajectory.state) if game.returns is not None else ()
    if len(rounds) > 1:
        assert early, "a game of several rounds rewards before its end"


def test_the_lowest_allegra_score_has_the_highest_utility() -> None:
    # Allegra's points: lower is better (AL-12). OpenSpiel's agents maximise returns,
    # so the winner must have the highest return and the bounds are negated.
    game = cardrules.get_game("allegra")
    spiel_game = pyspiel.load_game("cardrules_allegra", {"players": 3})
    low, high = game.utility_bounds(game.Rules(players=3))  # type: ignore[misc]
    assert (spiel_game.min_utility(), spiel_game.max_utility()) == (-high, -low)
    state = spiel_game.new_initial_state()
    state.apply_action(9)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[state.move_number() % len(legal)])
    outcome = game.outcome(state.trajectory.state)
    assert outcome is not None
    assert outcome.winners
    best = max(state.returns())
    assert {seat for seat, value in enumerate(state.returns()) if value == best} == set(
        outcome.winners
    )


@pytest.mark.parametrize("game", HOOKED)
def test_terminal_rewards_by_default(game: AnyGame) -> None:
    # TERMINAL, as OpenSpiel's own card games: nothing before the end, then the returns
    # of the game (the same totals as with rewards="steps").
    spiel_game = _load(game, player_counts(game)[0])
    assert spiel_game.get_type().reward_model == pyspiel.GameType.RewardModel.TERMINAL
    steps = pyspiel.load_game(
        _loadable(game),
        {"players": player_counts(game)[0], **small_options(game), "rewards": "steps"},
    )
    state, other = spiel_game.new_initial_state(), steps.new_initial_state()
    state.apply_action(6)
    other.apply_action(6)
    zeros = [0.0] * spiel_game.num_players()
    while not state.is_terminal():
        assert state.rewards() == zeros
        assert state.returns() == zeros
        legal = state.legal_actions()
        action = legal[state.move_number() % len(legal)]
        state.apply_action(action)
        other.apply_action(action)
    assert state.returns() == other.returns()
    assert state.rewards() == state.returns()


def test_the_rewards_parameter_is_checked() -> None:
    with pytest.raises(cardrules.errors.CardrulesError, match="rewards must be"):
        pyspiel.load_game("cardrules_beggar", {"rewards": "sometimes"})


def _search_game(name: str) -> Any:
    rounds = {} if name == "beggar" else {"rounds": 1}
    return pyspiel.load_game(
        f"cardrules_{name}", {"players": 2 if name != "biggenbende" else 3, **rounds}
    )


@pytest.mark.slow
@pytest.mark.parametrize("name", ["biggenbende", "allegra", "beggar"])
def test_mcts_bot_plays_through_evaluate_bots(name: str) -> None:
    # OpenSpiel's MCTSBot (TERMINAL rewards required) with the mcts example's evaluator
    # (random rollouts), against uniform random bots, through evaluate_bots.
    import numpy as np
    from open_spiel.python.algorithms import (  # type: ignore[import-untyped]
        evaluate_bots,
        mcts,
    )

    game = _search_game(name)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=4, evaluator=evaluator, solve=True, random_state=rng
    )
    others = [pyspiel.make_uniform_random_bot(p, 7 + p) for p in range(1, game.num_players())]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, [bot, *others], rng)
    assert state.is_terminal()
    assert returns == state.returns()
    assert game.min_utility() <= min(returns) <= max(returns) <= game.max_utility()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["biggenbende", "allegra"])
def test_ismcts_bot_in_a_hand_loop(name: str) -> None:
    # OpenSpiel's ISMCTSBot searches worlds from resample_from_infostate; it plays seat
    # 0 move by move (a hand loop) for a few decisions, every move legal.
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = _search_game(name)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng)
    state = game.new_initial_state()
    state.apply_action(3)
    decisions = 0
    while not state.is_terminal() and decisions < 6:
        legal = state.legal_actions()
        if state.current_player() == 0:
            action = bot.step(state)
            decisions += 1
        else:
            action = legal[int(rng.randint(len(legal)))]
        assert action in legal
        state.apply_action(action)
    assert decisions == 6


def _answers(state: Any) -> tuple[Any, ...]:
    # Everything a state answers, for every seat.
    seats = range(state.num_players())
    return (
        str(state),
        state.current_player(),
        state.legal_actions() if not state.is_terminal() else [],
        state.returns(),
        [state.information_state_string(seat) for seat in seats],
        [state.information_state_tensor(seat) for seat in seats],
        [state.observation_string(seat) for seat in seats],
        [state.observation_tensor(seat) for seat in seats],
    )


def _replayed(game: Any, history: list[int]) -> Any:
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


@pytest.mark.parametrize("game", HOOKED)
def test_clones_share_work_but_answer_for_their_own_history(game: AnyGame) -> None:
    # A state's clones share what its queries worked out (the adapter's memo): each
    # must still answer exactly as a state played afresh to the same history.
    spiel_game = _load(game, player_counts(game)[0])
    state = spiel_game.new_initial_state()
    state.apply_action(5)
    branched = 0
    for step in range(24):
        if state.is_terminal():
            break
        _answers(state)  # worked out once, then shared with the clone
        clone = state.clone()
        legal = state.legal_actions()
        state.apply_action(legal[0])
        clone.apply_action(legal[-1])  # another action where there is a choice
        branched += len(legal) > 1
        for played in (state, clone):
            assert _answers(played) == _answers(_replayed(spiel_game, played.history()))
        if step % 2:
            state = clone
    assert branched > 0 or game.name.startswith("beggar")  # Beggar-my-neighbour: no choice
    restored = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(spiel_game, state)
    )[1]
    assert _answers(restored) == _answers(state)
