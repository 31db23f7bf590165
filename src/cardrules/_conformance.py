"""
The properties :func:`cardrules.testing.check_game` checks, and how a failing position
is noted.

Private: the public entry point is :func:`cardrules.testing.check_game`. Like
:mod:`cardrules.testing`, this module needs ``hypothesis`` (the ``test`` extra).
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
from hypothesis import note
from hypothesis.control import currently_in_test_context

from cardrules._kit import Playthrough, _abbreviated
from cardrules._rng import Rng
from cardrules.errors import (
    CardrulesError,
    IllegalMoveError,
    InvalidStateError,
)
from cardrules.game import AnyGame, Outcome
from cardrules.serialize import dumps, loads, replay


def _position_text(game: AnyGame, state: Any) -> str:
    """``state`` in the game's notation, else its repr, abbreviated."""
    notation = game.notation
    if notation is not None:
        return notation.format_state(state)
    return _abbreviated(repr(state))


class _Position:
    """A position for :func:`hypothesis.note`: formatted only when hypothesis prints it."""

    def __init__(self, label: str, game: AnyGame, state: Any) -> None:
        self.label, self.game, self.state = label, game, state

    def __repr__(self) -> str:
        return f"{self.label}: {_position_text(self.game, self.state)}"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


def _note(label: str, game: AnyGame, state: Any) -> None:
    if currently_in_test_context():
        note(_Position(label, game, state))


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
    redeal_seen = getattr(game, "redeal_seen", None)
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
            if redeal_seen is not None:  # with no history: redeal_hidden's world
                remembered = redeal_seen(state, seat, (), seed=k)
                if remembered != other:
                    raise _fail(
                        f"{where}: redeal_seen with an empty history gave another world "
                        f"than redeal_hidden for seat {seat}"
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


@contextlib.contextmanager
def _noted_on_failure(game: AnyGame, state: Any, index: int) -> Iterator[None]:
    """Note the position (in the game's notation) when a check of it fails."""
    try:
        yield
    except (AssertionError, CardrulesError):
        _note(f"position after move {index}", game, state)
        raise


def _check_playthrough(game: AnyGame, play: Playthrough, positions: Sequence[int]) -> None:
    record = play.record
    seen_moves = list(dict.fromkeys(record.moves))
    for i, state in enumerate(play.states):
        with _noted_on_failure(game, state, i):
            _check_consistent(game, state, f"after move {i}")
    for i in positions:
        with _noted_on_failure(game, play.states[i], i):
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
