"""check_game on every registered game, and proof that check_game catches broken games."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import cardrules
from cardrules import IllegalMoveError
from cardrules.game import AnyGame, GameSpec, Notation
from cardrules.testing import check_game


def test_check_game(game: AnyGame) -> None:
    check_game(game)


# A conformance check that cannot fail proves nothing: break a real game in one way at a
# time and require check_game to notice.


def _broken(game: AnyGame, **changes: Any) -> AnyGame:
    assert isinstance(game, GameSpec)
    return attrs.evolve(game, **changes)


def test_check_game_catches_a_leaky_view(game: AnyGame) -> None:
    def leaky_view(state: Any, seat: int) -> Any:
        seen = game.view(state, seat)
        # Smuggle a hidden fact (the RNG state, which every redeal changes) into a
        # public field. The leak check runs before check_view, which would reject the
        # seat out of range.
        field = next(f for f in attrs.fields(type(seen)) if f.name == "seat")
        return attrs.evolve(seen, **{field.name: seat + 1000 + state.rng.state % 1000})

    with pytest.raises(AssertionError, match="leaks hidden information"):
        check_game(_broken(game, view=leaky_view), max_examples=10, shrink=False)


def test_check_game_catches_an_inconsistent_view(game: AnyGame) -> None:
    def bad_view(state: Any, seat: int) -> Any:
        # The same for every redeal (no leak), but the seat is out of range.
        return attrs.evolve(game.view(state, seat), seat=game.players(state) + seat)

    with pytest.raises(AssertionError, match=r"check_view rejects the view of seat 0: .*seat"):
        check_game(_broken(game, view=bad_view), max_examples=3, shrink=False)


def test_check_game_catches_apply_accepting_illegal_moves(game: AnyGame) -> None:
    def lax_apply(state: Any, move: Any) -> Any:
        if move not in game.legal_moves(state):
            return state
        return game.apply(state, move)

    with pytest.raises(AssertionError, match="accepted"):
        check_game(_broken(game, apply=lax_apply), max_examples=5, shrink=False)


def test_check_game_catches_duplicate_legal_moves(game: AnyGame) -> None:
    def doubled(state: Any) -> tuple[Any, ...]:
        moves = game.legal_moves(state)
        return moves + moves[:1]

    with pytest.raises(AssertionError, match="twice"):
        check_game(_broken(game, legal_moves=doubled), max_examples=3, shrink=False)


def test_check_game_catches_moves_after_the_end(game: AnyGame) -> None:
    def endless_moves(state: Any) -> tuple[Any, ...]:
        return game.legal_moves(state) or ("pass",)

    with pytest.raises(AssertionError, match="is_over is True but legal_moves has 1"):
        check_game(_broken(game, legal_moves=endless_moves), max_examples=3, shrink=False)


def test_check_game_catches_an_unseeded_deal(game: AnyGame) -> None:
    calls = iter(range(10**9))

    def drifting_new_game(rules: Any = None, *, seed: int) -> Any:
        return game.new_game(rules, seed=(seed + next(calls)) % 2**64)

    with pytest.raises(AssertionError, match=r"same seed|replay"):
        check_game(_broken(game, new_game=drifting_new_game), max_examples=3, shrink=False)


def test_check_game_catches_a_game_that_never_ends(game: AnyGame) -> None:
    with pytest.raises(AssertionError, match="did not end within 3 moves"):
        check_game(game, max_examples=2, max_moves=3, shrink=False)


def test_check_game_rejects_what_is_not_a_game() -> None:
    with pytest.raises(ValueError, match="does not satisfy the Game protocol"):
        check_game(object())  # type: ignore[arg-type]


def test_illegal_move_error_is_raised_for_foreign_objects(game: AnyGame) -> None:
    state = game.new_game(game.Rules(), seed=5)
    with pytest.raises(IllegalMoveError):
        game.apply(state, "not a move")


@attrs.frozen
class _Said:
    """A made-up event for the checks below."""

    rule: str
    text: str


def _with_events(events: Any) -> AnyGame:
    game = cardrules.get_game("biggenbende")
    return _broken(
        game, events=events, event_types=(_Said,), render_event=None, rule_ids=("BB-6",)
    )


def test_check_game_accepts_events_that_say_only_what_the_seat_saw() -> None:
    def honest(before: Any, move: Any, after: Any, seat: int) -> tuple[_Said, ...]:
        mover = cardrules.get_game("biggenbende").to_move(before)
        return (_Said("BB-6", f"seat {mover} moved"),)

    check_game(_with_events(honest), max_examples=3, shrink=False)


def test_check_game_catches_events_that_reveal_a_hidden_choice() -> None:
    # BB-4: the face-up choices stay hidden until everyone has chosen.
    def leaky(before: Any, move: Any, after: Any, seat: int) -> tuple[_Said, ...]:
        return (_Said("BB-6", repr(move)),)

    with pytest.raises(AssertionError, match="leak"):
        check_game(_with_events(leaky), max_examples=5, shrink=False)


def test_check_game_catches_events_that_reveal_hidden_cards() -> None:
    def leaky(before: Any, move: Any, after: Any, seat: int) -> tuple[_Said, ...]:
        # Tells every seat a digest of the whole next state, hands and deck included.
        return (_Said("BB-6", str(hash(cardrules.dumps(after)))),)

    with pytest.raises(AssertionError, match="leak"):
        check_game(_with_events(leaky), max_examples=5, shrink=False)


def test_check_game_catches_events_without_a_rule_id() -> None:
    def unnamed(before: Any, move: Any, after: Any, seat: int) -> tuple[_Said, ...]:
        return (_Said("XX-1", "something happened"),)

    with pytest.raises(AssertionError, match="names no rule ID"):
        check_game(_with_events(unnamed), max_examples=2, shrink=False)


def test_check_game_notes_the_failing_position_in_the_games_notation() -> None:
    game = cardrules.get_game("biggenbende")

    def doubled(state: Any) -> tuple[Any, ...]:
        moves = game.legal_moves(state)
        return moves + moves[:1]

    def format_state(state: Any) -> str:
        return f"BB position, round {state.round}, {state.moves} moves"

    def unused(text: str) -> Any:
        raise NotImplementedError(text)

    notation = Notation(format_state, unused, repr, unused)
    broken = _broken(game, legal_moves=doubled, notation=notation)
    with pytest.raises(AssertionError, match="twice") as caught:
        check_game(broken, max_examples=2, shrink=False)
    notes = getattr(caught.value, "__notes__", [])
    assert "position after move 0: BB position, round 1, 0 moves" in notes


def test_every_testing_helper_refuses_what_is_not_a_game() -> None:
    from cardrules import WrongTypeError
    from cardrules.testing import playthroughs, random_playthrough, rule_coverage, states

    for call in (
        lambda: check_game(None),  # type: ignore[arg-type]
        lambda: playthroughs("beggar"),  # type: ignore[arg-type]
        lambda: states(42),  # type: ignore[arg-type]
        lambda: random_playthrough(None, None, seed=1, choices=1),  # type: ignore[arg-type]
        lambda: rule_coverage(object(), []),  # type: ignore[arg-type]
    ):
        with pytest.raises(WrongTypeError, match="expected a Game"):
            call()
