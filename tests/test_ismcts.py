"""ISMCTSBot (issue 12): seeded, sees only worlds redealt for its seat, serves every game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import Rng
from cardrules import biggenbende as bb
from cardrules.bots import BOTS, GreedyBot, ISMCTSBot, RandomBot, make_bot, play_game
from cardrules.errors import CardrulesError, RulesError
from cardrules.game import AnyGame


def _game(game: AnyGame, players: int, seed: int, iterations: int) -> tuple[Any, ...]:
    bots: list[Any] = [RandomBot(seed=seed + s) for s in range(players)]
    bots[0] = ISMCTSBot(game, seed=seed, iterations=iterations)
    rules = game.Rules(players=players)
    if hasattr(rules, "rounds"):
        rules = game.Rules(players=players, rounds=1)
    state, moves = play_game(game, bots, seed=seed, rules=rules)
    assert game.is_over(state)
    return moves


def test_it_serves_every_game(game: AnyGame) -> None:
    # Beggar-my-neighbour has no decisions: the bot is never asked.
    _game(game, 3, seed=2, iterations=4)


def test_same_seed_same_game() -> None:
    assert _game(bb.GAME, 3, seed=7, iterations=6) == _game(bb.GAME, 3, seed=7, iterations=6)


class _Spy:
    """A sampler that checks every world it hands out against the true view."""

    def __init__(self, game: AnyGame, state: Any, seat: int) -> None:
        self.game, self.state, self.seat, self.worlds = game, state, seat, 0

    def __call__(self, seed: int) -> Any:
        world = self.game.redeal_hidden(self.state, self.seat, seed=seed)
        assert self.game.view(world, self.seat) == self.game.view(self.state, self.seat)
        self.worlds += 1
        return world


def _positions(game: AnyGame, rules: Any, seed: int) -> list[Any]:
    """Positions of a greedy game where the seat to move has a choice."""
    bots = [GreedyBot(game, seed=s) for s in range(rules.players)]
    state = game.new_game(rules, seed=seed)
    out: list[Any] = []
    while (legal := game.legal_moves(state)) and len(out) < 40:
        seat = game.to_move(state)
        assert seat is not None
        if len(legal) > 1:
            out.append(state)
        move = bots[seat].choose(game.view(state, seat), legal) if len(legal) > 1 else legal[0]
        state = game.apply(state, move)
    return out


def _canonical(state: bb.State, seat: int) -> bb.State:
    """The same hidden cards as ``state``, dealt in sorted order: a function of the view
    of ``seat`` alone (in the play phase, BB-21)."""
    others = [s for s in range(state.rules.players) if s != seat]
    pool = sorted(
        [*state.draw, *(c for row in state.face_down for c in row if c is not None)]
        + [v for s in others for v, k in enumerate(state.hands[s]) for _ in range(k)]
    )
    deck = iter(pool)
    hands = list(state.hands)
    for s in others:
        cards = [next(deck) for _ in range(sum(hands[s]))]
        hands[s] = tuple(cards.count(v) for v in range(13))
    face_down = tuple(
        tuple(None if c is None else next(deck) for c in row) for row in state.face_down
    )
    return attrs.evolve(
        state, rng=Rng(0), hands=tuple(hands), face_down=face_down, draw=tuple(deck)
    )


def test_the_choice_depends_on_the_view_only() -> None:
    """The bot never gets the state: given the worlds of two states with the same view
    (one redealt from the other), it makes the same choice. The worlds are drawn from the
    same canonical deal here, since ``redeal_hidden`` shuffles the hidden cards in the
    order it collects them."""
    rules = bb.Rules(players=3, rounds=1)
    positions = [s for s in _positions(bb.GAME, rules, seed=5) if s.phase == "play"][:8]
    assert positions
    for k, state in enumerate(positions):
        seat = bb.to_move(state)
        assert seat is not None
        other = bb.redeal_hidden(state, seat, seed=100 + k)
        assert other != state
        assert bb.view(other, seat) == bb.view(state, seat)
        assert _canonical(other, seat) == _canonical(state, seat)
        choices = []
        for world in (state, other):
            spy = _Spy(bb.GAME, _canonical(world, seat), seat)
            bot = ISMCTSBot(bb.GAME, seed=k, iterations=9)
            choices.append(bot.choose_in_worlds(bb.view(world, seat), bb.legal_moves(world), spy))
            assert spy.worlds >= 3  # one world serves every root move in turn
        assert choices[0] == choices[1]


def test_play_game_hands_out_worlds_not_the_state() -> None:
    class Watcher:
        samples_worlds = True

        def __init__(self) -> None:
            self.calls = 0

        def choose(self, view: Any, moves: Sequence[Any]) -> Any:
            raise AssertionError("a sampling bot is asked through choose_in_worlds")

        def choose_in_worlds(
            self, view: Any, moves: Sequence[Any], sample: Callable[[int], Any]
        ) -> Any:
            world = sample(self.calls)
            assert bb.view(world, view.seat) == view
            self.calls += 1
            return moves[0]

    watcher = Watcher()
    play_game(bb.GAME, [watcher, RandomBot(seed=1), RandomBot(seed=2)], seed=3,
              rules=bb.Rules(players=3, rounds=1))  # fmt: skip
    assert watcher.calls > 10


def test_without_worlds_it_plays_like_greedy() -> None:
    state = bb.new_game(bb.Rules(players=3), seed=4)
    view, legal = bb.view(state, 0), bb.legal_moves(state)
    assert ISMCTSBot(bb.GAME, seed=9).choose(view, legal) == GreedyBot(bb.GAME, seed=9).choose(
        view, legal
    )


def test_budgets_and_names() -> None:
    assert "ismcts" in BOTS
    bot = make_bot("ismcts", "biggenbende", seed=1)
    assert isinstance(bot, ISMCTSBot)
    assert bot.iterations == ISMCTSBot.DEFAULT_ITERATIONS
    timed = ISMCTSBot("allegra", seed=1, seconds=0.01)
    assert (timed.iterations, timed.seconds) == (None, 0.01)
    al = cardrules.get_game("allegra")
    state = al.new_game(al.Rules(players=2), seed=1)
    legal = al.legal_moves(state)
    spy = _Spy(al, state, 0)
    assert timed.choose_in_worlds(al.view(state, 0), legal, spy) in legal
    assert spy.worlds >= 1
    for bad in ({"iterations": 0}, {"seconds": -1.0}, {"seed": -1}):
        with pytest.raises(RulesError):
            ISMCTSBot(bb.GAME, **{"seed": 1, **bad})  # type: ignore[arg-type]
    with pytest.raises(CardrulesError):
        ISMCTSBot(bb.GAME, seed=1).choose_in_worlds(None, [], spy)
