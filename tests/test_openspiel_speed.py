"""
The adapters' shortcuts (cardrules._fastobs) answer exactly as the plain path: every
seat's view text drawn at once from the state, and a game's events without their check
inside a trajectory, every seat's events worked out at once, trajectories that share
their moves and the ones an OpenSpiel state shares with its clones. Seeded games, every
state (issue 26: the speed of the OpenSpiel path must not change a single answer).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import attrs
import pytest

import cardrules
import cardrules.rl
from cardrules import _fastobs
from cardrules.game import AnyGame
from cardrules.rl._history import _JOIN
from tests._depth import scaled

_TEXTS = [name for name in cardrules.GAMES if name != "beggar"]


def _played(game: AnyGame, players: int, seed: int) -> list[tuple[Any, Any]]:
    # Every (state, move played in it) of a seeded random game; the last move is None.
    rng = random.Random(seed)
    state = game.new_game(game.Rules(players=players), seed=seed)
    played = []
    while not game.is_over(state):
        move = rng.choice(game.legal_moves(state))
        played.append((state, move))
        state = game.apply(state, move)
    played.append((state, None))
    return played


def _counts(game: AnyGame) -> list[int]:
    counts = []
    for players in range(1, 11):
        try:
            game.Rules(players=players)
        except cardrules.CardrulesError:
            continue
        counts.append(players)
    return counts


def _moves(game: AnyGame) -> Iterator[tuple[int, int, Any, Any, Any]]:
    # (players, seed, before, move, after) of every move of the seeded games (every
    # player count in the slow run, the fewest and the most in the quick one).
    counts = _counts(game)
    for players in counts if scaled(0, 1) else [counts[0], counts[-1]]:
        for seed in range(scaled(1, 3)):
            played = _played(game, players, seed)
            for (before, move), (after, _) in pairwise(played):
                yield players, seed, before, move, after


@pytest.mark.parametrize("name", _TEXTS)
def test_every_seats_text_at_once_is_render_view(name: str) -> None:
    game = cardrules.get_game(name)
    texts = _fastobs.lookup_texts(game.view, game.render_view)
    assert texts is not None
    assert game.render_view is not None
    checked = 0
    for players in _counts(game):
        for seed in range(scaled(1, 4)):
            for state, _ in _played(game, players, seed)[:: scaled(3, 1)]:
                expected = [game.render_view(game.view(state, s), "you") for s in range(players)]
                assert list(texts(state)) == expected, (players, seed, state)
                checked += 1
    assert checked > 200


@pytest.mark.parametrize("name", list(cardrules.GAMES))
def test_other_hooks_fall_back_to_the_plain_path(name: str) -> None:
    game = cardrules.get_game(name)
    other = attrs.evolve(game, render_view=lambda view, label: "drawn otherwise")  # type: ignore[misc]
    assert _fastobs.lookup_texts(other.view, other.render_view) is None
    relabelled = attrs.evolve(game, apply=lambda state, move: game.apply(state, move))  # type: ignore[misc]
    assert _fastobs.lookup_events(relabelled.events, relabelled.apply) is relabelled.events
    assert cardrules.rl.Trajectory(relabelled, game.new_game(game.Rules(), seed=1))._events is (
        game.events
    )


def test_allegra_events_without_the_check_are_the_events() -> None:
    game = cardrules.get_game("allegra")
    unchecked = _fastobs.lookup_events(game.events, game.apply)
    assert game.events is not None
    assert unchecked is not None
    assert unchecked is not game.events
    told = 0
    for players, _, before, move, after in _moves(game):
        for seat in range(players):
            events = game.events(before, move, after, seat)
            assert unchecked(before, move, after, seat) == events
            told += len(events)
    assert told > 100


@pytest.mark.parametrize("name", list(cardrules.GAMES))
def test_every_seats_events_at_once_are_each_seats_events(name: str) -> None:
    game = cardrules.get_game(name)
    every = _fastobs.lookup_every(game.events, game.apply)
    assert game.events is not None
    assert every is not None
    told = 0
    for players, seed, before, move, after in _moves(game):
        expected = [game.events(before, move, after, s) for s in range(players)]
        assert list(every(before, move, after)) == expected, (players, seed, move)
        told += sum(len(events) for events in expected)
    assert told > 100


@pytest.mark.parametrize("name", list(cardrules.GAMES))
def test_a_game_with_another_apply_tells_each_seat_on_its_own(name: str) -> None:
    game = cardrules.get_game(name)
    relabelled = attrs.evolve(game, apply=lambda state, move: game.apply(state, move))  # type: ignore[misc]
    assert _fastobs.lookup_every(relabelled.events, relabelled.apply) is None
    trajectory = cardrules.rl.Trajectory(relabelled, game.new_game(game.Rules(), seed=1))
    plain = cardrules.rl.Trajectory(game, game.new_game(game.Rules(), seed=1))
    assert trajectory._every is None
    assert plain._every is not None
    for _ in range(30):
        move = game.legal_moves(plain.state)[0]
        trajectory.apply(move)
        plain.apply(move)
    for seat in range(game.players(plain.state)):
        assert trajectory.seen(seat) == plain.seen(seat)


def test_copies_share_their_moves_until_they_part() -> None:
    # A copy shares the list of moves while both play the same ones; each keeps its own
    # once they part, and a list handed out is not changed by the other's moves.
    game = cardrules.get_game("biggenbende")
    trajectory = cardrules.rl.Trajectory(game, game.new_game(game.Rules(players=3), seed=7))
    for _ in range(5):
        trajectory.apply(game.legal_moves(trajectory.state)[0])
    same, parted = trajectory.copy(), trajectory.copy()
    first, last = game.legal_moves(trajectory.state)[0], game.legal_moves(trajectory.state)[-1]
    assert first != last
    before = list(trajectory.moves)
    trajectory.apply(first)
    same.apply(first)
    parted.apply(last)
    assert trajectory.moves == same.moves == [*before, first]
    assert parted.moves == [*before, last]
    assert trajectory._moves is same._moves  # the same move: still one list
    assert parted._moves is not same._moves
    held = same.moves
    trajectory.apply(game.legal_moves(trajectory.state)[0])
    assert held == same.moves == [*before, first]  # the other's move is not in them
    assert len(trajectory.moves) == len(before) + 2


def test_an_openspiel_clone_shares_its_trajectory_until_it_plays() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    import cardrules.openspiel  # noqa: F401  (registers the games)

    spiel_game = pyspiel.load_game("cardrules_biggenbende", {"players": 3})
    state = spiel_game.new_initial_state()
    state.apply_action(4)
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    assert clone.trajectory is state.trajectory
    assert "_spiel_game" not in state.__dict__  # the state's class holds the game
    held = state.trajectory
    first, last = state.legal_actions()[0], state.legal_actions()[-1]
    state.apply_action(first)
    assert held is clone.trajectory  # the clone's position did not move
    assert len(clone.trajectory.moves) + 1 == len(state.trajectory.moves)
    same = clone.clone()
    same.apply_action(first)
    assert same.trajectory is state.trajectory  # the same action: the same position
    clone.apply_action(last)
    assert clone.trajectory is not state.trajectory
    for seat in range(3):
        assert state.information_state_string(seat) == same.information_state_string(seat)
        assert state.information_state_string(seat) != clone.information_state_string(seat)


def test_the_checked_events_still_refuse_a_wrong_after() -> None:
    # The shortcut is for trajectories only: the public function keeps its check.
    game = cardrules.get_game("allegra")
    state = game.new_game(game.Rules(players=2), seed=3)
    move, other = game.legal_moves(state)[:2]
    assert game.events is not None
    with pytest.raises(cardrules.errors.InvalidStateError):
        game.events(state, move, game.apply(state, other), 0)


def _history_text(game: AnyGame, trajectory: cardrules.rl.Trajectory, seat: int) -> str:
    # The information state text worked out plainly: the view, "seen:", every line.
    assert game.render_view is not None
    render_move = game.render_move or str
    lines = []
    for own, item in trajectory._seen_by(seat):
        if own:
            lines.append(f"you: {render_move(item)}")
        elif game.render_event is not None:
            lines.append(game.render_event(item, seat))
        else:
            lines.append(str(item))
    head = game.render_view(game.view(trajectory.state, seat), "you")
    seen = "\n".join(lines)
    return f"{head}\nseen:\n{seen}" if seen else f"{head}\nseen:"


@pytest.mark.parametrize("name", list(cardrules.GAMES))
def test_a_long_history_text_is_every_line_joined(name: str) -> None:
    # The history is joined a few hundred lines at a time: across those joins, and in
    # copies that went another way, the text is still every line joined.
    game = cardrules.get_game(name)
    players = _counts(game)[0]
    longest = 0
    for seed in range(4, 24):  # until a game's history is long enough
        rng = random.Random(seed)
        rules = game.Rules(players=players)
        trajectory = cardrules.rl.Trajectory(game, game.new_game(rules, seed=seed))
        copies: list[cardrules.rl.Trajectory] = []
        for step in range(scaled(900, 3000)):
            if game.is_over(trajectory.state):
                break
            legal = game.legal_moves(trajectory.state)
            if step % 97 == 0:
                copies.append(trajectory.copy())
                copies[-1].apply(legal[-1])
            trajectory.apply(rng.choice(legal))
            if step % 41 == 0:
                for seat in range(players):
                    text = cardrules.rl.information_state(game, seat, trajectory).text
                    assert text == _history_text(game, trajectory, seat)
                    longest = max(longest, text.count("\n"))
        for other in copies:
            for seat in range(players):
                text = cardrules.rl.information_state(game, seat, other).text
                assert text == _history_text(game, other, seat)
        if longest > _JOIN + 100:
            break
    assert longest > _JOIN  # at least one join crossed


def _spiel_answers(state: Any, players: int) -> tuple[Any, ...]:
    # What a loaded state is asked: its text and history, and every seat's information
    # state and observation, as strings and tensors.
    seats = range(players)
    return (
        str(state),
        state.history(),
        state.current_player(),
        state.returns(),
        state.rewards(),
        [] if state.is_terminal() else state.legal_actions(),
        [state.information_state_string(seat) for seat in seats],
        [state.information_state_tensor(seat) for seat in seats],
        [state.observation_string(seat) for seat in seats],
        [state.observation_tensor(seat) for seat in seats],
    )


def _loaded(spiel_game: Any, state: Any) -> Any:
    # ``state`` saved with serialize_game_and_state and loaded again.
    pyspiel = pytest.importorskip("pyspiel")
    text = pyspiel.serialize_game_and_state(spiel_game, state)
    return pyspiel.deserialize_game_and_state(text)[1]


@pytest.mark.parametrize("name", list(cardrules.GAMES))
def test_a_loaded_state_works_its_history_out_as_it_was(name: str) -> None:
    # A state saved from the deal keeps its deal, actions and game state, not every
    # seat's history, which a loaded state works out again when first read (issue 26).
    # Read at once, played on first, or saved again before any reading: it answers as
    # the state it was saved from. A redealt world, whose history is not its moves', is
    # saved whole and answers as the world, also once it has played on.
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    import cardrules.openspiel  # registers the games

    game = cardrules.get_game(name)
    players = _counts(game)[-1] if name == "biggenbende" else _counts(game)[0]
    spiel_game = pyspiel.load_game(f"cardrules_{name}", {"players": players, "rewards": "steps"})
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(5)
    state = spiel_game.new_initial_state()
    state.apply_action(rng.randrange(spiel_game.max_chance_outcomes()))
    checked = 0
    for step in range(scaled(160, 600)):
        if state.is_terminal():
            break
        if step % 23 == 7:
            expected = _spiel_answers(state, players)
            assert _spiel_answers(_loaded(spiel_game, state), players) == expected
            twice = _loaded(spiel_game, _loaded(spiel_game, state))  # saved unread
            assert _spiel_answers(twice, players) == expected
            action = rng.choice(state.legal_actions())
            played, loaded = state.clone(), _loaded(spiel_game, state)
            played.apply_action(action)
            loaded.apply_action(action)
            assert _spiel_answers(loaded, players) == _spiel_answers(played, players)
            seat = state.current_player()
            world = state.resample_from_infostate(seat, sampler)
            assert _loaded(spiel_game, world).information_state_string(seat) == (
                state.information_state_string(seat)
            )
            for _ in range(4):  # the world plays on: its moves' events are its own
                if not world.is_terminal():
                    world.apply_action(rng.choice(world.legal_actions()))
            assert _spiel_answers(_loaded(spiel_game, world), players) == (
                _spiel_answers(world, players)
            )
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    expected = _spiel_answers(state, players)  # the end of the game, or a long way in
    assert _spiel_answers(_loaded(spiel_game, state), players) == expected
    assert checked >= 3
