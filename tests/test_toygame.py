"""
A game from outside the core: the toy game of ``examples/toygame``, registered with
``cardrules.register_game``, gets the conformance check, JSON, records, replay, the
bots and the command line without any edit of cardrules; and ``check_game`` catches
broken variants of it registered the same way.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import count
from typing import Any

import attrs
import pytest

import cardrules
import toygame
from cardrules.cli import main
from cardrules.game import AnyGame
from cardrules.testing import check_game, random_playthrough
from toygame import Card, Draw, Drew, Ended, Pass, Passed, Play, Reshuffled, Rules, State

# --------------------------------------------------------------------------- helpers


def _state(
    hands: tuple[tuple[Card, ...], ...], discard: tuple[Card, ...], **changes: Any
) -> State:
    """A state with these hands and discard pile; the other cards are the stock."""
    used = {card for hand in hands for card in hand} | set(discard)
    stock = tuple(card for card in toygame.DECK if card not in used)
    fields: dict[str, Any] = {
        "rules": Rules(players=len(hands)),
        "hands": tuple(tuple(sorted(hand)) for hand in hands),
        "stock": stock,
        "discard": discard,
        "suit": discard[-1].suit,
        "current": 0,
        "rng": cardrules.Rng(0),
    }
    fields.update(changes)
    state = State(**fields)
    toygame.check_state(state)
    return state


def _c(text: str) -> Card:
    return Card(int(text[:-1]), text[-1])


@contextmanager
def _registered_instead(toy: AnyGame, broken: AnyGame) -> Iterator[AnyGame]:
    """``broken`` registered under the toy's name, as any game is; the toy back after."""
    cardrules.register_game(broken, replace=True)
    try:
        yield broken
    finally:
        cardrules.register_game(toy, replace=True)


# --------------------------------------------------------------------------- registration


def test_the_toy_is_registered_like_any_game(toy: AnyGame) -> None:
    assert cardrules.get_game("toy") is toy is toygame.GAME
    assert "toy" in cardrules.GAMES
    assert isinstance(toy, cardrules.Game)
    # Registering the same object again changes nothing.
    assert cardrules.register_game(toygame.GAME) is toy


def test_check_game_passes(toy: AnyGame) -> None:
    check_game(toy)


# --------------------------------------------------------------------------- JSON, records


def test_states_views_moves_and_records_round_trip_through_json(toy: AnyGame) -> None:
    for players in (2, 3, 4):
        play = random_playthrough(toy, Rules(players=players), seed=players, choices=11)
        for state in play.states[:: max(1, len(play.states) // 6)]:
            assert cardrules.loads(cardrules.dumps(state)) == state
            for seat in range(players):
                seen = toy.view(state, seat)
                assert cardrules.loads(cardrules.dumps(seen)) == seen
        for move in set(play.record.moves):
            assert cardrules.loads(cardrules.dumps(move), game="toy", kind="move") == move
        text = cardrules.dumps(play.record)
        assert json.loads(text)["game"] == "toy"
        assert cardrules.loads(text, kind="record") == play.record


def test_a_loaded_state_is_checked_by_the_toy_check(toy: AnyGame) -> None:
    text = cardrules.dumps(toygame.new_game(seed=2))
    doc = json.loads(text)
    doc["data"]["stock"][0] = doc["data"]["discard"][0]  # TOY-1: a card twice
    with pytest.raises(cardrules.InvalidStateError, match="each card once"):
        cardrules.loads(json.dumps(doc))
    doc = json.loads(text)
    doc["data"]["suit"] = next(s for s in "CDHS" if s != doc["data"]["suit"])
    with pytest.raises(cardrules.InvalidStateError, match="which is no 8"):
        cardrules.loads(json.dumps(doc))


def test_record_and_replay(toy: AnyGame) -> None:
    play = random_playthrough(toy, Rules(players=3), seed=9, choices=4)
    assert cardrules.replay(play.record) == play.final
    record = cardrules.Record(game="toy", rules=Rules(players=3), seed=9)
    for move in play.record.moves[:3]:
        record = record.with_move(move)
    assert cardrules.replay(record) == play.states[3]
    # TOY-3: a card the mover does not hold, as the fourth move of the record.
    foreign = next(card for card in toygame.DECK if card not in play.states[3].hands[0])
    bad = record.with_move(Play(foreign, "H" if foreign.rank == 8 else None))
    with pytest.raises(cardrules.IllegalMoveError) as info:
        cardrules.replay(bad)
    assert info.value.index == 3
    assert info.value.rule in ("TOY-3", "TOY-4")


# --------------------------------------------------------------------------- the rules


def test_toy4_an_eight_names_the_suit_to_follow() -> None:
    state = _state(((_c("8S"), _c("2C")), (_c("3D"), _c("5H"))), (_c("4H"),))
    after = toygame.apply(state, Play(_c("8S"), "D"))
    assert after.suit == "D"
    assert toygame.legal_moves(after) == (Play(_c("3D")),)
    for move, rule in ((Play(_c("8S")), "TOY-4"), (Play(_c("2C"), "C"), "TOY-4")):
        with pytest.raises(cardrules.IllegalMoveError) as info:
            toygame.apply(state, move)
        assert (info.value.move, info.value.rule) == (move, rule)


def test_toy3_an_illegal_move_names_move_rule_and_reason() -> None:
    state = _state(((_c("2C"), _c("5D")), (_c("3D"),)), (_c("4H"),))
    with pytest.raises(cardrules.IllegalMoveError) as info:
        toygame.apply(state, Play(_c("2C")))
    assert info.value.rule == "TOY-3"
    assert "2C follows neither the suit H nor the rank of 4H" in str(info.value)
    with pytest.raises(cardrules.IllegalMoveError, match="TOY-3"):
        toygame.apply(state, "not a move")  # type: ignore[arg-type]


def test_toy5_a_draw_from_an_empty_stock_reshuffles_and_only_the_drawer_sees_it() -> None:
    # The stock is empty; every card but the two hands lies on the discard pile, 3H on top.
    hands = ((_c("1C"),), (_c("3C"),))
    top = _c("3H")
    pile = tuple(card for card in toygame.DECK if card not in {_c("1C"), _c("3C"), top})
    state = _state(hands, (*pile, top))
    assert state.stock == ()
    assert toygame.legal_moves(state) == (Draw(),)
    after = toygame.apply(state, Draw())
    assert after.discard == (top,)
    assert (len(after.hands[0]), len(after.stock), after.current) == (2, 28, 1)
    (drawn,) = set(after.hands[0]) - set(state.hands[0])
    drawer = toygame.events(state, Draw(), after, 0)
    other = toygame.events(state, Draw(), after, 1)
    assert drawer == (Reshuffled(29), Drew(0, drawn))
    assert [event.rule for event in drawer] == ["TOY-5", "TOY-5"]
    assert other == (Reshuffled(29), Drew(0, None))  # TOY-8: not which card
    assert toygame.render_event(drawer[-1], 0) == f"you drew {drawn}"
    assert toygame.render_event(other[-1], 1) == "seat 0 drew a card"
    # TOY-5: a seat that can play (3C on 3H) may not draw.
    with pytest.raises(cardrules.IllegalMoveError, match="TOY-5"):
        toygame.apply(after, Draw())


def test_toy6_a_seat_that_can_neither_play_nor_draw_passes() -> None:
    # 4H on top, nothing to draw; seat 0 holds no heart, no 4 and no 8.
    top = _c("4H")
    stuck = tuple(c for c in toygame.DECK if c.suit != "H" and c.rank not in (4, 8))
    rest = tuple(c for c in toygame.DECK if c not in stuck and c != top)
    state = _state((stuck, rest), (top,))
    assert state.stock == ()
    assert toygame.legal_moves(state) == (Pass(),)
    after = toygame.apply(state, Pass())
    assert after == attrs.evolve(state, current=1)
    assert toygame.events(state, Pass(), after, 1) == (Passed(0),)
    # TOY-6: seat 1 can play, so it may not pass.
    with pytest.raises(cardrules.IllegalMoveError, match="TOY-6"):
        toygame.apply(after, Pass())


def test_toy7_the_last_card_wins() -> None:
    state = _state(((_c("5H"),), (_c("3D"), _c("1S"))), (_c("4H"),))
    after = toygame.apply(state, Play(_c("5H")))
    assert toygame.is_over(after)
    assert toygame.legal_moves(after) == ()
    assert toygame.outcome(after) == cardrules.Outcome(
        scores=(0, 2), winners=frozenset({0}), reason="normal"
    )
    assert toygame.events(state, Play(_c("5H")), after, 1)[-1] == Ended(0)
    with pytest.raises(cardrules.GameOverError):
        toygame.apply(after, Play(_c("3D")))


# --------------------------------------------------------------------------- command line


def test_cli_simulate(toy: AnyGame, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "toy", "--games", "5", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "toy"
    assert report["games"] == 5
    assert sum(report["reasons"].values()) == 5


def test_cli_play_to_the_end(
    toy: AnyGame, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Always take the first move offered; the game ends well within 200 answers.
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 200))
    assert main(["play", "toy", "--players", "3", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("toy: 3 players, seed 3")
    # The person's moves are told back (by the move, or by the game's events).
    assert re.search(r"^seat 0 \(you\): (play|you played) [1-8][CDHS]$", out, re.M)
    assert "end of input" not in out  # the game was played to its end
    assert "game over (normal)" in out
    assert re.search(r"^  seat 2: +0  winner$", out, re.M)  # TOY-7


def test_cli_play_quit_and_resume(
    toy: AnyGame,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Any,
) -> None:
    path = tmp_path / "toy.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nq\ny\n"))
    assert main(["play", "toy", "--seed", "5", "--save", str(path)]) == 0
    record = cardrules.loads(path.read_text(), kind="record")
    assert (record.game, record.seed) == ("toy", 5)
    assert record.moves
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n\n"))
    assert main(["play", "--resume", str(path)]) == 0
    assert f"resuming after {len(record.moves)} moves" in capsys.readouterr().out


# --------------------------------------------------------------------------- broken variants
# A conformance check that cannot fail proves nothing: break the toy one way at a time,
# register the broken game as any game is registered, and require check_game to notice.


def test_check_game_catches_a_leaky_view(toy: AnyGame) -> None:
    def leaky_view(state: State, seat: int) -> Any:
        # The top card of the stock shows through as a fake "top" (TOY-8 hides it).
        seen = toygame.view(state, seat)
        return attrs.evolve(seen, top=state.stock[0]) if state.stock else seen

    with (
        _registered_instead(toy, attrs.evolve(toygame.GAME, view=leaky_view)) as broken,
        pytest.raises(AssertionError),
    ):
        check_game(broken, max_examples=10, shrink=False)


def test_check_game_catches_apply_accepting_an_illegal_move(toy: AnyGame) -> None:
    def lax_apply(state: State, move: Any) -> State:
        # A draw while a card could be played slips through (TOY-5 forbids it).
        if isinstance(move, Draw) and not toygame.is_over(state) and state.stock:
            hand = tuple(sorted((*state.hands[state.current], state.stock[0])))
            hands = list(state.hands)
            hands[state.current] = hand
            return attrs.evolve(
                state,
                hands=tuple(hands),
                stock=state.stock[1:],
                current=(state.current + 1) % state.rules.players,
            )
        return toygame.apply(state, move)

    with (
        _registered_instead(toy, attrs.evolve(toygame.GAME, apply=lax_apply)) as broken,
        pytest.raises(AssertionError, match="illegal move"),
    ):
        check_game(broken, max_examples=10, shrink=False)


def test_check_game_catches_an_unseeded_deal(toy: AnyGame) -> None:
    calls = count()

    def drifting_new_game(rules: Rules | None = None, *, seed: int) -> State:
        return toygame.new_game(rules, seed=(seed + next(calls)) % 2**64)

    with (
        _registered_instead(toy, attrs.evolve(toygame.GAME, new_game=drifting_new_game)) as broken,
        pytest.raises(AssertionError, match="new_game with the same seed"),
    ):
        check_game(broken, max_examples=3, shrink=False)
