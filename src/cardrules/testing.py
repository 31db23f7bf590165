"""
Conformance checks and hypothesis strategies for any :class:`~cardrules.Game`.

:func:`check_game` runs the properties every game must satisfy, driven by
hypothesis over seeds and random legal play. Our own test suite runs it on every
registered game, and anyone adding a game can run it on theirs. The strategies
:func:`playthroughs` and :func:`states` are for users who fuzz their own code
built on cardrules. This module needs ``hypothesis`` (the ``test`` extra).

>>> import cardrules
>>> from hypothesis import given
>>> @given(states(cardrules.get_game("beggar")))
... def test_views_have_the_seat(state):
...     assert cardrules.get_game("beggar").view(state, 0).seat == 0
>>> test_views_have_the_seat()
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import attrs
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from cardrules._rng import Rng, _below
from cardrules.errors import CardrulesError, IllegalMoveError, InvalidStateError, RulesError
from cardrules.game import AnyGame, Game, Outcome
from cardrules.serialize import Record, dumps, loads, replay

__all__ = ["Playthrough", "check_game", "playthroughs", "random_playthrough", "states"]

_SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


@attrs.frozen
class Playthrough:
    """
    One game played by random legal moves: its record and every state on the way.

    ``states[0]`` is the first state and ``states[i + 1]`` the state after
    ``record.moves[i]``.
    """

    record: Record
    """The whole game as data (rules, seed, moves)."""
    states: tuple[Any, ...]
    """Every state, the first and the last included."""

    @property
    def final(self) -> Any:
        """The last state."""
        return self.states[-1]


def random_playthrough(
    game: AnyGame, rules: Any, *, seed: int, choices: int, max_moves: int | None = None
) -> Playthrough:
    """
    Play ``game`` from ``new_game(rules, seed=seed)`` by uniformly random legal moves.

    Args:
        game: the game.
        rules: its ``Rules``.
        seed: the deal's seed.
        choices: the seed of the generator that picks the moves.
        max_moves: stop after this many moves (the game may not be over then);
            ``None`` plays to the end.

    >>> import cardrules
    >>> game = cardrules.get_game("beggar")
    >>> play = random_playthrough(game, game.Rules(), seed=1, choices=2)
    >>> game.is_over(play.final)
    True
    """
    state = game.new_game(rules, seed=seed)
    out = [state]
    moves_made: list[Any] = []
    legal_moves, apply = game.legal_moves, game.apply
    rng = choices
    is_over = game.is_over
    while max_moves is None or len(moves_made) < max_moves:
        moves = legal_moves(state)
        if not moves or is_over(state):
            break
        index, rng = _below(rng, len(moves))
        move = moves[index]
        state = apply(state, move)
        moves_made.append(move)
        out.append(state)
    record = Record(game=game.name, rules=rules, seed=seed, moves=tuple(moves_made))
    return Playthrough(record=record, states=tuple(out))


def _rules_choices(game: AnyGame, rules: Sequence[Any] | None) -> list[Any]:
    if rules is not None:
        if not rules:
            raise RulesError("rules: give at least one Rules object")
        return list(rules)
    found = []
    for players in range(1, 9):
        try:
            found.append(game.Rules(players=players))
        except (RulesError, TypeError):
            continue
    return found or [game.Rules()]


def playthroughs(
    game: AnyGame, *, rules: Sequence[Any] | None = None, max_moves: int | None = None
) -> st.SearchStrategy[Playthrough]:
    """
    A strategy of :class:`Playthrough` objects: random legal play of ``game``.

    Args:
        game: the game.
        rules: the ``Rules`` to draw from; by default every player count the game
            accepts (``Rules(players=n)``), with the other options at their defaults.
        max_moves: cut each game after this many moves; ``None`` plays to the end.

    >>> import cardrules
    >>> from hypothesis import given
    >>> @given(playthroughs(cardrules.get_game("allegra"), max_moves=30))
    ... def test_short_games(play):
    ...     assert len(play.states) == len(play.record.moves) + 1 <= 31
    >>> test_short_games()
    """
    choices = _rules_choices(game, rules)
    return st.builds(
        lambda r, seed, pick: random_playthrough(
            game, r, seed=seed, choices=pick, max_moves=max_moves
        ),
        st.sampled_from(choices),
        _SEEDS,
        _SEEDS,
    )


def states(
    game: AnyGame, *, rules: Sequence[Any] | None = None, max_moves: int = 300
) -> st.SearchStrategy[Any]:
    """
    A strategy of states of ``game`` reached by random legal play (over or not).

    Args:
        game: the game.
        rules: as for :func:`playthroughs`.
        max_moves: play at most this many moves before picking a state.

    >>> import cardrules
    >>> from hypothesis import given
    >>> game = cardrules.get_game("biggenbende")
    >>> @given(states(game, max_moves=20))
    ... def test_states_check(state):
    ...     game.check_state(state)
    >>> test_states_check()
    """

    @st.composite
    def _states(draw: st.DrawFn) -> Any:
        play = draw(playthroughs(game, rules=rules, max_moves=max_moves))
        index = draw(st.integers(0, len(play.states) - 1))
        return play.states[index]

    return _states()


# --------------------------------------------------------------------------- checks


def _fail(message: str) -> AssertionError:
    return AssertionError(message)


def _contains_rng(obj: object) -> bool:
    if isinstance(obj, Rng):
        return True
    if isinstance(obj, tuple | list | frozenset):
        return any(_contains_rng(x) for x in obj)
    if attrs.has(type(obj)):
        fields = attrs.fields(type(obj))  # type: ignore[arg-type]
        return any(_contains_rng(getattr(obj, f.name)) for f in fields)
    return False


def _check_consistent(game: AnyGame, state: Any, where: str) -> None:
    """over <=> no legal moves <=> nobody to move <=> an outcome."""
    over = game.is_over(state)
    moves = game.legal_moves(state)
    if not isinstance(moves, tuple):
        raise _fail(f"{where}: legal_moves returned {type(moves).__name__}, not a tuple")
    if over != (moves == ()):
        raise _fail(f"{where}: is_over is {over} but legal_moves has {len(moves)} moves")
    if over != (game.to_move(state) is None):
        raise _fail(f"{where}: is_over is {over} but to_move is {game.to_move(state)!r}")
    result = game.outcome(state)
    if over != (result is not None):
        raise _fail(f"{where}: is_over is {over} but outcome is {result!r}")
    if len(set(moves)) != len(moves):
        raise _fail(f"{where}: legal_moves lists a move twice: {moves!r}")
    if not over:
        seat = game.to_move(state)
        if not isinstance(seat, int) or not 0 <= seat < game.players(state):
            raise _fail(f"{where}: to_move {seat!r} is not a seat")
    game.check_state(state)


def _check_outcome(game: AnyGame, state: Any) -> None:
    result = game.outcome(state)
    n = game.players(state)
    if not isinstance(result, Outcome):
        raise _fail(f"outcome of a finished game is {result!r}, not an Outcome")
    if len(result.scores) != n:
        raise _fail(f"outcome has {len(result.scores)} scores for {n} seats")
    if not result.winners <= set(range(n)):
        raise _fail(f"outcome winners {set(result.winners)} are not seats")


def _check_position(game: AnyGame, state: Any, foreign_moves: Sequence[Any], where: str) -> None:
    """The expensive checks, run at a few sampled positions of each game."""
    before = copy.deepcopy(state)
    text = dumps(state)
    # Serialisation round trips.
    if loads(text) != state:
        raise _fail(f"{where}: loads(dumps(state)) != state")
    if hash(loads(text)) != hash(state):
        raise _fail(f"{where}: a loaded state hashes differently")
    moves = game.legal_moves(state)
    # Every legal move applies, and applying never changes the input.
    for move in moves[:40]:
        after = game.apply(state, move)
        if loads(dumps(move)) != move:
            raise _fail(f"{where}: loads(dumps(move)) != move for {move!r}")
        game.check_state(after)
        if state != before or dumps(state) != text:
            raise _fail(f"{where}: apply({move!r}) changed its input state")
    # Moves that are not legal here raise IllegalMoveError and change nothing.
    legal = set(moves)
    illegal = [m for m in foreign_moves if m not in legal][:10]
    illegal.append(object())
    for move in illegal:
        try:
            game.apply(state, move)
        except IllegalMoveError:
            pass
        else:
            raise _fail(f"{where}: apply accepted the illegal move {move!r}")
        if state != before or dumps(state) != text:
            raise _fail(f"{where}: a rejected move {move!r} changed the state")
    # Views: blind to what the seat cannot see, no RNG, consistent in themselves
    # (check_view), and serialisable.
    for seat in range(game.players(state)):
        seen = game.view(state, seat)
        for k in range(2):
            other = game.redeal_hidden(state, seat, seed=k)
            game.check_state(other)
            if game.view(other, seat) != seen:
                raise _fail(
                    f"{where}: the view of seat {seat} changed when only hidden cards were "
                    "redealt: it leaks hidden information"
                )
        if _contains_rng(seen):
            raise _fail(f"{where}: the view of seat {seat} holds the RNG")
        try:
            game.check_view(seen)
        except InvalidStateError as exc:
            raise _fail(f"{where}: check_view rejects the view of seat {seat}: {exc}") from None
        if loads(dumps(seen)) != seen:
            raise _fail(f"{where}: loads(dumps(view)) != view for seat {seat}")
    if game.events is not None:
        for move in moves[:8]:
            _check_events(game, state, move, where)


def _check_events(game: AnyGame, state: Any, move: Any, where: str) -> None:
    """
    Per-seat events: well-formed, and blind to what the seat cannot see.

    A seat's events may use the state before the move (they tell what the move
    revealed) but not what the seat cannot see afterwards: redealing that
    (``redeal_hidden`` on the state after) must not change them. And two legal moves
    that leave the seat's view the same must be told the same way, so that events do
    not reveal a hidden move (such as a face-down choice).
    """
    events = game.events
    assert events is not None
    after = game.apply(state, move)
    for seat in range(game.players(state)):
        told = events(state, move, after, seat)
        if not isinstance(told, tuple):
            raise _fail(f"{where}: events returned {type(told).__name__}, not a tuple")
        for event in told:
            rule = getattr(event, "rule", None)
            if not isinstance(rule, str) or (game.rule_ids and rule not in game.rule_ids):
                raise _fail(f"{where}: event {event!r} names no rule ID of the game")
            if game.event_types and not isinstance(event, game.event_types):
                raise _fail(f"{where}: event {event!r} is not one of the game's event_types")
            text = game.render_event(event, seat) if game.render_event else str(event)
            if not isinstance(text, str) or not text:
                raise _fail(f"{where}: event {event!r} renders as {text!r}")
        seen_after = game.view(after, seat)
        # A hidden choice (BB-4): another legal move that the mover can tell apart from
        # this one afterwards, but the seat cannot, must be told to the seat the same way.
        mover = game.to_move(state)
        mover_after = game.view(after, mover) if mover is not None else None
        for alternative in game.legal_moves(state)[:8]:
            if alternative == move or mover is None or mover == seat:
                continue
            alt_after = game.apply(state, alternative)
            hidden = (
                game.view(alt_after, seat) == seen_after
                and game.view(alt_after, mover) != mover_after
            )
            if hidden and events(state, alternative, alt_after, seat) != told:
                raise _fail(
                    f"{where}: seat {seat} is told {move!r} and {alternative!r} apart, "
                    "though its view after them is the same: the events leak the move"
                )
        # The state after the move, redealt in what the seat cannot see then, must
        # not change what the seat is told.
        for k in range(3):
            other_after = game.redeal_hidden(after, seat, seed=k)
            if events(state, move, other_after, seat) != told:
                raise _fail(
                    f"{where}: the events of seat {seat} for {move!r} changed when only "
                    "what it cannot see after the move was redealt: they leak hidden "
                    "information"
                )


def _check_playthrough(game: AnyGame, play: Playthrough, positions: Sequence[int]) -> None:
    record = play.record
    seen_moves = list(dict.fromkeys(record.moves))
    for i, state in enumerate(play.states):
        _check_consistent(game, state, f"after move {i}")
    for i in positions:
        _check_position(game, play.states[i], seen_moves, f"after move {i}")
    final = play.final
    if not game.is_over(final):
        raise _fail(f"the game did not end within {len(record.moves)} moves (seed {record.seed})")
    _check_outcome(game, final)
    for move in (game.legal_moves(play.states[0]) or seen_moves)[:1]:
        try:
            game.apply(final, move)
        except IllegalMoveError:
            pass
        else:
            raise _fail("apply accepted a move on a finished game")
    # Determinism: the same seed and moves give equal states.
    if game.new_game(record.rules, seed=record.seed) != play.states[0]:
        raise _fail("new_game with the same seed gave a different state")
    if replay(record) != final:
        raise _fail("replay(record) did not give the final state")
    if loads(dumps(record)) != record:
        raise _fail("loads(dumps(record)) != record")


def check_game(
    game: AnyGame,
    *,
    rules: Sequence[Any] | None = None,
    max_examples: int | None = None,
    max_moves: int = 100_000,
    positions: int = 4,
    shrink: bool = True,
) -> None:
    """
    Run the conformance properties against ``game``; raise on the first failure.

    Each example plays one game to its end by random legal moves (hypothesis draws
    the seed, the move choices and the ``Rules``) and checks:

    - ``legal_moves`` is empty exactly when the game is over (and ``to_move`` is
      ``None`` and ``outcome`` is set), lists no move twice, and ``check_state``
      passes after every move (cards conserved, indices in range);
    - the game ends within ``max_moves`` moves, with a well-formed ``Outcome``;
    - at ``positions`` sampled states: every legal move applies, ``apply`` never
      changes its input, illegal moves raise ``IllegalMoveError`` and change
      nothing, ``loads(dumps(x)) == x`` for the state, its moves and views, views
      hold no RNG, every seat's view passes ``check_view`` (consistent in itself),
      and a seat's view does not change when what it cannot see is redealt
      (``redeal_hidden``);
    - for a game with per-seat ``events``: every event names a rule ID of the game and
      renders as text; a seat's events do not change when what it cannot see after
      the move is redealt, and two moves that leave its view the same are told alike;
    - the same seed and moves give equal states, ``replay(record)`` gives the final
      state, and records round-trip through JSON.

    Args:
        game: any object satisfying the :class:`~cardrules.Game` protocol.
        rules: the ``Rules`` to play; by default every player count it accepts.
        max_examples: how many games; by default the current hypothesis profile's.
        max_moves: a game still running after this many moves fails the check.
        positions: how many states of each game get the expensive checks.
        shrink: let hypothesis minimise a failing example (slow with long games);
            ``False`` reports the first failure as found.

    Raises:
        AssertionError: describing the first property that failed.

    >>> import cardrules
    >>> check_game(cardrules.get_game("beggar"), max_examples=3)
    """
    if not isinstance(game, Game):
        raise CardrulesError(f"{game!r} does not satisfy the Game protocol")
    choices = _rules_choices(game, rules)

    def run(r: Any, seed: int, pick: int, spots: list[int]) -> None:
        play = random_playthrough(game, r, seed=seed, choices=pick, max_moves=max_moves)
        last = len(play.states) - 1
        picked = sorted({s * last // 10_000 for s in spots} | {0, last})
        _check_playthrough(game, play, picked)

    options: dict[str, Any] = {
        "deadline": None,
        "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
    }
    if max_examples is not None:
        options["max_examples"] = max_examples
    if not shrink:
        options["phases"] = [Phase.explicit, Phase.reuse, Phase.generate]
    test: Callable[[], None] = settings(**options)(
        given(
            st.sampled_from(choices),
            _SEEDS,
            _SEEDS,
            st.lists(st.integers(0, 10_000), min_size=positions, max_size=positions),
        )(run)
    )
    test()
