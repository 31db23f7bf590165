"""
cardrules.rl: observations, action masks, information states, returns and bounds.

Each test runs on the games' own hooks (a game without them is skipped with the reason
said) and also on a made-up hook set (:func:`made_up_hooks`), so that the core is
tested whatever the games provide. The adapter tests import the helpers from here.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import random
import re
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import _fastobs
from cardrules.errors import CardrulesError
from cardrules.game import ActionSpace, AnyGame, Observation

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from cardrules import rl  # noqa: E402 - after the numpy check

MADE_UP_SIZE = 1 << 16


def made_up_hooks(game: AnyGame) -> AnyGame:
    """
    The game with a made-up action space (numbers given to moves in the order they
    are first met, up to ``MADE_UP_SIZE``), a tiny observation (the seat and the length
    of the view's text) and loose bounds: enough to drive the adapters.
    """
    numbers: dict[Any, int] = {}
    moves: list[Any] = []

    def encode(move: Any) -> int:
        number = numbers.get(move)
        if number is None:
            number = numbers[move] = len(moves)
            assert number < MADE_UP_SIZE, "the made-up action space is full"
            moves.append(move)
        return number

    def actions(rules: Any) -> ActionSpace[Any]:
        return ActionSpace(size=MADE_UP_SIZE, encode=encode, decode=moves.__getitem__)

    def observation(rules: Any) -> Observation[Any]:
        return Observation(
            shape=(2,),
            encode=lambda view: [float(view.seat), float(len(repr(view)))],
            layout=(("seat", 1), ("text_length", 1)),
        )

    return attrs.evolve(
        game,  # type: ignore[misc]
        actions=actions,
        observation=observation,
        utility_bounds=lambda rules: (-100_000, 100_000),
        max_moves=lambda rules: 1_000_000,
    )


def has_hooks(game: AnyGame) -> bool:
    """Whether the game has every hook the adapters need."""
    return all(
        getattr(game, name) is not None
        for name in ("actions", "observation", "utility_bounds", "max_moves")
    )


def hooked_games() -> list[Any]:
    """Every registered game with its own hooks (skipped, with the reason, if it has none),
    and every game with the made-up hooks."""
    params = []
    for name in sorted(cardrules.GAMES):
        game = cardrules.GAMES[name]
        marks = () if has_hooks(game) else (pytest.mark.skip(reason=f"{name} has no rl hooks"),)
        params.append(pytest.param(game, id=name, marks=marks))
        # The made-up hooks of the longest game (Biggenbende) run in CI's slow run; the
        # quick run meets the made-up path through the other games.
        slow = (pytest.mark.slow,) if name == "biggenbende" else ()
        params.append(pytest.param(made_up_hooks(game), id=f"{name}-made-up", marks=slow))
    return params


def small_options(game: AnyGame) -> dict[str, Any]:
    """Rules options that keep a game short: one round where the game has rounds."""
    names = {field.name for field in attrs.fields(game.Rules)}
    return {"rounds": 1} if "rounds" in names else {}


def player_counts(game: AnyGame) -> list[int]:
    """Every player count the game's Rules accept (2 to 8)."""
    counts = []
    for players in range(2, 9):
        try:
            game.Rules(players=players)
        except CardrulesError:
            continue
        counts.append(players)
    return counts


def random_states(game: AnyGame, players: int, seed: int) -> Iterator[Any]:
    """The states of one seeded random playout, the final one included."""
    return _playout(game, game.Rules(players=players, **small_options(game)), seed)


HOOKED = hooked_games()


@pytest.mark.parametrize("game", HOOKED)
def test_mask_marks_exactly_the_legal_moves(game: AnyGame) -> None:
    for players in player_counts(game)[:2]:
        space = rl.action_space(game, game.Rules(players=players, **small_options(game)))
        for count, state in enumerate(random_states(game, players, seed=players)):
            if count > 300:
                break
            mask = rl.action_mask(game, state)
            assert mask.dtype == np.bool_
            assert mask.shape == (space.size,)
            moves = game.legal_moves(state)
            assert sorted(np.flatnonzero(mask)) == sorted(space.encode(m) for m in moves)
            assert {space.decode(int(a)) for a in np.flatnonzero(mask)} == set(moves)


@pytest.mark.parametrize("game", HOOKED)
def test_mask_is_empty_once_over(game: AnyGame) -> None:
    *_, last = random_states(game, player_counts(game)[0], seed=5)
    assert game.is_over(last)
    assert not rl.action_mask(game, last).any()


@pytest.mark.parametrize("game", HOOKED)
def test_observation_has_the_spec_shape(game: AnyGame) -> None:
    players = player_counts(game)[-1]
    spec = rl.observation_spec(game, game.Rules(players=players, **small_options(game)))
    for count, state in enumerate(random_states(game, players, seed=2)):
        if count > 100:
            break
        for seat in range(players):
            array = rl.observation(game, game.view(state, seat))
            assert array.dtype == np.float32
            assert array.shape == spec.shape
            assert np.isfinite(array).all()
            assert (
                array.tolist()
                == np.asarray(spec.encode(game.view(state, seat))).reshape(spec.shape).tolist()
            )


@pytest.mark.parametrize("game", HOOKED)
def test_information_state_keeps_the_whole_history(game: AnyGame) -> None:
    players = player_counts(game)[0]
    states = list(random_states(game, players, seed=9))[:80]
    trajectory = rl.Trajectory(game, states[0])
    previous = [rl.information_state(game, seat, trajectory) for seat in range(players)]
    own = [0] * players
    for before, after in itertools.pairwise(states):
        mover = game.to_move(before)
        assert mover is not None
        move = next(m for m in game.legal_moves(before) if game.apply(before, m) == after)
        trajectory.apply(move)
        assert trajectory.state == after
        own[mover] += 1
        for seat in range(players):
            info = rl.information_state(game, seat, trajectory)
            # Perfect recall: the history only grows, and it starts with the seat's view.
            old_history = previous[seat].text.split("\nseen:\n", 1)[-1].split("\n")
            new_history = info.text.split("\nseen:\n", 1)[-1].split("\n")
            if "seen:\n" in previous[seat].text:
                assert new_history[: len(old_history)] == old_history
            render = game.render_view
            assert render is not None
            assert info.text.startswith(render(game.view(after, seat), "you"))
            assert info.tensor.dtype == np.float32
            assert info.tensor.shape == (sum(length for _, length in info.layout),)
            names = [name for name, _ in info.layout]
            assert names == ["observation", "own_actions", "events"]
            start = info.layout[0][1]
            assert info.tensor[start : start + info.layout[1][1]].sum() == own[seat]
            previous[seat] = info
        # The mover's own move is the last thing before its events of this step.
        assert f"you: {(game.render_move or str)(move)}" in previous[mover].text


@pytest.mark.parametrize("game", HOOKED)
def test_information_state_hides_what_the_seat_cannot_see(game: AnyGame) -> None:
    # Redealing what seat 0 cannot see (the view contract) leaves its information
    # state as it was: nothing in it comes from the hidden cards.
    state = game.new_game(game.Rules(players=player_counts(game)[0]), seed=4)
    trajectory = rl.Trajectory(game, state)
    for _ in range(10):
        moves = game.legal_moves(trajectory.state)
        if not moves:
            break
        trajectory.apply(moves[-1])
    before = rl.information_state(game, 0, trajectory)
    other = trajectory.copy()
    other.state = game.redeal_hidden(trajectory.state, 0, seed=77)
    after = rl.information_state(game, 0, other)
    assert after.text == before.text
    assert after.tensor.tolist() == before.tensor.tolist()


def test_copy_of_a_trajectory_is_independent() -> None:
    game = cardrules.get_game("beggar")
    trajectory = rl.Trajectory(game, game.new_game(game.Rules(), seed=3))
    copy = trajectory.copy()
    copy.apply(game.legal_moves(copy.state)[0])
    assert trajectory.moves == []
    assert trajectory.seen(0) == ()
    assert len(copy.moves) == 1


@pytest.mark.parametrize("game", HOOKED)
@pytest.mark.parametrize("untold", [1, 3, 4096])
def test_a_trajectory_tells_each_seat_everything_whenever_it_asks(
    game: AnyGame, untold: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Events are worked out when a seat's history is read (or every ``untold`` moves):
    # reading early, late, from a copy or never gives the same history as the events
    # of every move in order.
    monkeypatch.setattr(rl._history, "_UNTOLD", untold)
    players = player_counts(game)[0]
    states = list(random_states(game, players, seed=13))[:60]
    trajectory = rl.Trajectory(game, states[0])
    expected: list[list[Any]] = [[] for _ in range(players)]
    copies = []
    for step, (before, after) in enumerate(itertools.pairwise(states)):
        move = next(m for m in game.legal_moves(before) if game.apply(before, m) == after)
        mover = game.to_move(before)
        for seat in range(players):
            if seat == mover:
                expected[seat].append(move)
            if game.events is not None:
                expected[seat] += game.events(before, move, after, seat)
        trajectory.apply(move)
        if step % 7 == 3:  # some seats read now, the others later
            assert list(trajectory.seen(step % players)) == expected[step % players]
        if step % 11 == 5:
            copies.append((trajectory.copy(), [list(seen) for seen in expected]))
    for seat in range(players):
        assert list(trajectory.seen(seat)) == expected[seat]
    for copy, seen in copies:
        for seat in range(players):
            assert list(copy.seen(seat)) == seen[seat]


def test_information_state_of_a_trajectory_of_another_game() -> None:
    beggar, other = cardrules.get_game("beggar"), cardrules.get_game("biggenbende")
    trajectory = rl.Trajectory(beggar, beggar.new_game(beggar.Rules(), seed=3))
    with pytest.raises(CardrulesError, match="another game"):
        rl.information_state(other, 0, trajectory)


@pytest.mark.parametrize("game", HOOKED)
def test_total_returns_sum_the_rounds(game: AnyGame) -> None:
    *_, last = random_states(game, player_counts(game)[0], seed=11)
    rounds = rl.round_returns(game, last)
    assert rounds
    totals = rl.total_returns(game, last)
    assert totals == tuple(sum(column) for column in zip(*rounds, strict=True))


@pytest.mark.parametrize("name", sorted(cardrules.GAMES))
def test_returns_without_the_hook_are_the_final_scores(name: str) -> None:
    game = attrs.evolve(cardrules.GAMES[name], returns=None)  # type: ignore[misc]
    states = list(random_states(game, player_counts(game)[0], seed=12))
    assert rl.round_returns(game, states[0]) == ()
    assert rl.total_returns(game, states[0]) == (0,) * game.players(states[0])
    outcome = game.outcome(states[-1])
    assert outcome is not None
    assert rl.round_returns(game, states[-1]) == (outcome.scores,)


@pytest.mark.parametrize("game", HOOKED)
def test_bounds_cover_the_final_scores(game: AnyGame) -> None:
    for players in player_counts(game):
        rules = game.Rules(players=players, **small_options(game))
        low, high = rl.utility_bounds(game, rules)
        longest = rl.max_moves(game, rules)
        states = list(random_states(game, players, seed=players))
        assert len(states) - 1 <= longest
        outcome = game.outcome(states[-1])
        assert outcome is not None
        assert all(low <= score <= high for score in outcome.scores)


@pytest.mark.parametrize(
    "hook", ["actions", "observation", "utility_bounds", "max_moves"], ids=str
)
def test_a_missing_hook_is_named(hook: str) -> None:
    game = attrs.evolve(cardrules.get_game("beggar"), **{hook: None})  # type: ignore[misc]
    state = game.new_game(game.Rules(), seed=1)
    calls: dict[str, Callable[[], object]] = {
        "actions": lambda: rl.action_mask(game, state),
        "observation": lambda: rl.observation(game, game.view(state, 0)),
        "utility_bounds": lambda: rl.utility_bounds(game, state.rules),
        "max_moves": lambda: rl.max_moves(game, state.rules),
    }
    with pytest.raises(CardrulesError, match=hook):
        calls[hook]()


def test_without_numpy_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    game = made_up_hooks(cardrules.get_game("beggar"))
    state = game.new_game(game.Rules(), seed=1)
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ImportError, match=r"cardrules\[rl\]"):
        rl.action_mask(game, state)


DOCS = Path(__file__).resolve().parent.parent / "docs"


def run_page(name: str) -> str:
    """Run the Python blocks of a docs page in order, in one namespace; return what they
    print."""
    text = (DOCS / name).read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    assert blocks, f"{name} has no Python blocks"
    output = io.StringIO()
    namespace: dict[str, Any] = {"__name__": "__page__"}
    with contextlib.redirect_stdout(output):
        for block in blocks:
            exec(compile(block, name, "exec"), namespace)
    return output.getvalue()


def test_how_to_write_a_bot_runs() -> None:
    printed = run_page("how-to/write-a-bot.md")
    # Both games were played to the end (the outcome of each is printed).
    assert printed.count("Outcome(") == 2


# --------------------------------------------------------------------------- fast paths

# The smallest Allegra deck for 2 players, 26 cards: the deck runs out and is rebuilt
# (AL-11), so its cards become public, a branch the default deck seldom reaches.
SMALL_ALLEGRA_DECK = (2,) * 13


def _observed_rules(game: AnyGame) -> list[Any]:
    cases = [game.Rules(players=p, **small_options(game)) for p in player_counts(game)]
    if game.name == "allegra":
        cases.append(game.Rules(players=2, rounds=1, deck=SMALL_ALLEGRA_DECK))
    return cases


def _playout(game: AnyGame, rules: Any, seed: int) -> Iterator[Any]:
    """The states of one seeded random playout under ``rules``, the final one included."""
    state = game.new_game(rules, seed=seed)
    pick = seed
    while True:
        yield state
        moves = game.legal_moves(state)
        if not moves:
            return
        pick = (pick * 6364136223846793005 + 1442695040888963407) % 2**64
        state = game.apply(state, moves[(pick >> 33) % len(moves)])


@pytest.mark.parametrize("name", sorted(cardrules.GAMES))
def test_the_state_encoder_gives_the_view_encoding(name: str) -> None:
    # The adapters encode straight from the state (cardrules._fastobs); it must give
    # exactly the numbers of the documented encode(view(state, seat)), for every seat,
    # player count and kind of position met.
    from cardrules import _fastobs

    game = cardrules.GAMES[name]
    if not has_hooks(game):
        pytest.skip(f"{name} has no rl hooks")
    public_decks = 0
    for rules in _observed_rules(game):
        spec = rl.observation_spec(game, rules)
        assert _fastobs.lookup(spec.encode, game.view) is not None
        observe = rl._observer(game, rules)
        for seed in range(2):
            for state in _playout(game, rules, seed):
                public_decks += bool(getattr(state, "deck_public", False))
                for seat in range(game.players(state)):
                    fast = observe(state, seat)
                    plain = rl.observation(game, game.view(state, seat))
                    assert fast.dtype == plain.dtype == np.float32
                    assert fast.shape == plain.shape == spec.shape
                    assert np.array_equal(fast, plain), (state, seat)
    if name == "allegra":
        assert public_decks > 0


@pytest.mark.parametrize("name", sorted(cardrules.GAMES))
def test_the_state_encoder_is_right_in_any_order(name: str) -> None:
    # The encoders keep parts and buffers that follow the states from one move to the
    # next (a pile a card at a time, a board a place at a time): states of several
    # games, met in a shuffled order and by any seat, must still give the view's numbers.
    game = cardrules.GAMES[name]
    if not has_hooks(game):
        pytest.skip(f"{name} has no rl hooks")
    rules = game.Rules(players=player_counts(game)[-1], **small_options(game))
    states = [
        state
        for seed in range(3)
        for state in itertools.islice(_playout(game, rules, seed), 0, 600, 3)
    ]
    random.Random(5).shuffle(states)
    observe = rl._observer(game, rules)
    for count, state in enumerate(states):
        seat = count % game.players(state)
        expected = rl.observation(game, game.view(state, seat))
        assert np.array_equal(observe(state, seat), expected), (state, seat)


@pytest.mark.parametrize("name", sorted(cardrules.GAMES))
def test_other_hooks_take_the_plain_path(name: str) -> None:
    from cardrules import _fastobs

    game = made_up_hooks(cardrules.GAMES[name])
    rules = game.Rules(**small_options(game))
    spec = rl.observation_spec(game, rules)
    assert _fastobs.lookup(spec.encode, game.view) is None
    observe = rl._observer(game, rules)
    for count, state in enumerate(_playout(game, rules, 3)):
        if count > 50:
            break
        seat = count % game.players(state)
        expected = rl.observation(game, game.view(state, seat))
        assert np.array_equal(observe(state, seat), expected)


def _masked_rules(game: AnyGame) -> list[Any]:
    cases = _observed_rules(game)
    if game.name == "biggenbende":  # no jokers; more than nine of a value
        cases.append(game.Rules(players=3, copies_per_value=3, jokers=0, rounds=1))
        cases.append(game.Rules(players=4, copies_per_value=12, jokers=13, rounds=1))
    return cases


MASKED = [
    name
    for name, game in sorted(cardrules.GAMES.items())
    if game.actions is not None and _fastobs.lookup_mask(game.legal_moves, game.actions)
]


def test_every_game_has_a_mask_maker() -> None:
    assert {"allegra", "beggar", "biggenbende"} <= set(MASKED)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_allegra_mask_maker_meets_every_phase(players: int) -> None:
    # Allegra's mask maker keys its masks by the fields its legal moves depend on: in
    # every phase, with and without removed places, each seat's masks must be the plain
    # path's (the same masks again from the cache too). Over, it leaves the empty mask
    # to the plain path.
    game = cardrules.get_game("allegra")
    rules = game.Rules(players=players, rounds=2)
    mask_of = rl._state_masks(game, rules)
    assert mask_of is not None
    space = rl.action_space(game, rules)
    met: set[tuple[str, bool]] = set()
    for seed in range(4):
        for state in _playout(game, rules, seed):
            mask = mask_of(state)
            if state.phase == "over":
                assert mask is None
                continue
            assert type(mask) is bytes
            assert len(mask) == space.size
            numbers = [action for action, bit in enumerate(mask) if bit]
            assert numbers == sorted(space.encode(move) for move in game.legal_moves(state))
            assert mask_of(state) == mask
            met.add((state.phase, bool(state.removed)))
    phases = {"reveal", "turn", "drawn"} | (
        {"knock", "give", "place", "exchange"} if players >= 3 else set()
    )
    assert {phase for phase, _ in met} == phases
    assert ("turn", True) in met  # places removed by a triple (AL-8)
    assert ("drawn", True) in met
    if players >= 3:
        assert ("give", True) in met
        assert ("exchange", True) in met


@pytest.mark.parametrize("name", MASKED)
def test_the_mask_maker_gives_the_mask_of_the_legal_moves(name: str) -> None:
    # The adapters take a state's mask from the game's mask maker (cardrules._fastobs)
    # where it gives one: it must mark exactly the numbers of the legal moves.
    game = cardrules.GAMES[name]
    made, plain = 0, 0
    for rules in _masked_rules(game):
        mask_of = rl._state_masks(game, rules)
        assert mask_of is not None
        space = rl.action_space(game, rules)
        for seed in range(3):
            for state in _playout(game, rules, seed):
                mask = mask_of(state)
                if mask is None:
                    plain += 1
                    continue
                made += 1
                assert type(mask) is bytes
                assert len(mask) == space.size
                assert set(mask) <= {0, 1}
                numbers = [action for action, bit in enumerate(mask) if bit]
                assert numbers == sorted(space.encode(move) for move in game.legal_moves(state))
    assert made > 500
    assert plain > 0  # the states it leaves to the plain path are met too


def test_other_hooks_make_no_masks() -> None:
    # A game rebuilt with another action numbering keeps the plain path.
    game = made_up_hooks(cardrules.GAMES["biggenbende"])
    assert rl._state_masks(game, game.Rules(players=3)) is None


@pytest.mark.parametrize("name", ["allegra", "biggenbende"])
def test_the_state_encoder_is_right_from_several_threads(name: str) -> None:
    # The packed encoders keep buffers between calls (the boards follow the states):
    # threads sharing one encoder, switching as often as the interpreter can, still
    # get each its own state's numbers.
    game = cardrules.GAMES[name]
    rules = game.Rules(players=player_counts(game)[0], **small_options(game))
    observe = rl._observer(game, rules)
    games = [list(itertools.islice(_playout(game, rules, seed), 150)) for seed in range(4)]
    expected = [
        [rl.observation(game, game.view(state, 0)) for state in states] for states in games
    ]
    wrong: list[int] = []

    def follow(index: int) -> None:
        for _ in range(3):
            for state, encoding in zip(games[index], expected[index], strict=True):
                if not np.array_equal(observe(state, 0), encoding):
                    wrong.append(index)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=follow, args=(index,)) for index in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert not wrong


def test_a_cached_mask_stays_right() -> None:
    # Masks are shared by the legal moves' numbers: the arrays handed out are copies.
    game = cardrules.get_game("biggenbende")
    state = game.new_game(game.Rules(players=3), seed=8)
    first = rl.action_mask(game, state)
    first[:] = True
    again = rl.action_mask(game, state)
    space = rl.action_space(game, state.rules)
    assert sorted(np.flatnonzero(again)) == sorted(
        space.encode(move) for move in game.legal_moves(state)
    )


# --------------------------------------------------------------------------- returns by round


def _whole_game(game: AnyGame, rules: Any, seed: int) -> list[Any]:
    return list(_playout(game, rules, seed))


@pytest.mark.parametrize("game", HOOKED)
def test_returns_by_round_add_up_to_the_total(game: AnyGame) -> None:
    for players in player_counts(game)[:2]:
        states = _whole_game(game, game.Rules(players=players), seed=players)
        rounds = rl.returns_by_round(game, states)
        last = states[-1]
        assert len(rounds) == getattr(last, "round", 1)
        assert all(len(deltas) == players for deltas in rounds)
        totals = tuple(sum(column) for column in zip(*rounds, strict=True))
        assert totals == rl.total_returns(game, last)
        outcome = game.outcome(last)
        assert outcome is not None
        assert totals == outcome.scores


def test_returns_by_round_of_allegra_are_its_round_scores() -> None:
    # Allegra keeps a score per round (AL-10): following the game gives the same.
    game = cardrules.get_game("allegra")
    for players in (2, 4):
        states = _whole_game(game, game.Rules(players=players), seed=players)
        assert rl.returns_by_round(game, states) == states[-1].scores


def test_returns_by_round_of_biggenbende_are_the_chips_won_each_round() -> None:
    # BB-18: the first out wins 3 chips, the second 2, every other seat 1 (0 when tied
    # for the most cards left). A supply of 1,000 chips never runs short here.
    game = cardrules.get_game("biggenbende")
    rules = game.Rules(players=4, rounds=4, chips=1000)
    states = _whole_game(game, rules, seed=6)
    last = states[-1]
    assert last.cut_rounds == ()
    rounds = rl.returns_by_round(game, states)
    assert len(rounds) == last.round == 4
    for before, after in itertools.pairwise(states):
        if after.round == before.round and after.phase != "over":
            continue
        # ``before`` is the last position of its round: one seat is out, and the seat
        # to move goes out second.
        first, second = before.places[0], before.turn
        deltas = rounds[before.round - 1]
        assert deltas[first] == 3
        assert deltas[second] == 2
        assert all(deltas[s] in (0, 1) for s in range(4) if s not in (first, second))
        assert sum(deltas) == before.supply - after.supply
    assert tuple(sum(column) for column in zip(*rounds, strict=True)) == last.chips
    # Pinned, so that a change of the split shows.
    assert rounds == ((3, 0, 2, 1), (0, 2, 3, 1), (2, 1, 0, 3), (1, 0, 2, 3))


def test_returns_by_round_of_a_game_under_way() -> None:
    game = cardrules.get_game("biggenbende")
    states = _whole_game(game, game.Rules(players=3, rounds=3), seed=2)
    second = next(k for k, state in enumerate(states) if state.round == 2)
    # Up to the first position of round 2: round 1 paid, round 2 nothing yet.
    rounds = rl.returns_by_round(game, states[: second + 1])
    assert len(rounds) == 2
    assert rounds[1] == (0, 0, 0)
    assert rounds[0] == states[second].chips
    # Any stretch of the game: its rounds only.
    assert rl.returns_by_round(game, states[second:]) == rl.returns_by_round(game, states)[1:]


def test_returns_by_round_of_a_record() -> None:
    from cardrules.serialize import Record

    game = cardrules.get_game("biggenbende")
    rules = game.Rules(players=3, rounds=2)
    states = _whole_game(game, rules, seed=9)
    moves = []
    for before, after in itertools.pairwise(states):
        moves.append(next(m for m in game.legal_moves(before) if game.apply(before, m) == after))
    record = Record(game="biggenbende", rules=rules, seed=9, moves=tuple(moves))
    assert rl.record_returns(record) == rl.returns_by_round(game, states)


def test_returns_by_round_refuses_bad_input() -> None:
    game = cardrules.get_game("biggenbende")
    states = _whole_game(game, game.Rules(players=3, rounds=2), seed=1)
    with pytest.raises(CardrulesError, match="at least one state"):
        rl.returns_by_round(game, [])
    with pytest.raises(CardrulesError, match="comes after"):
        rl.returns_by_round(game, [states[-1], states[0]])
    with pytest.raises(CardrulesError, match="expected a Record"):
        rl.record_returns(states[0])
