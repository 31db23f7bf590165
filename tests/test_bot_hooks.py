"""The bots reach a game only through the Game protocol: its heuristic, and a view only
for a bot that reads one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

import cardrules
from cardrules.bots import GreedyBot, RandomBot, play_game
from cardrules.game import AnyGame


class _Watcher:
    """A bot that records the views it is given and plays the first move."""

    def __init__(self, *, needs_view: bool | None) -> None:
        if needs_view is not None:
            self.needs_view = needs_view
        self.views: list[Any] = []

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        self.views.append(view)
        return moves[0]


def _offers_a_choice(game: AnyGame, rules: Any, *, seed: int) -> bool:
    """Whether a seeded game, played with the first legal move, ever offers two moves."""
    state = game.new_game(rules, seed=seed)
    while moves := game.legal_moves(state):
        if len(moves) > 1:
            return True
        state = game.apply(state, moves[0])
    return False


def test_a_bot_that_needs_no_view_gets_none(game: AnyGame) -> None:
    blind, plain, looking = (_Watcher(needs_view=v) for v in (False, None, True))
    play_game(game, [blind, plain, looking], seed=3, rules=game.Rules(players=3))
    if not (blind.views or plain.views or looking.views):
        # A bot is asked only when there is a choice: then the game offered none.
        assert not _offers_a_choice(game, game.Rules(players=3), seed=3)
        return
    assert blind.views
    assert all(view is None for view in blind.views)
    # Without the attribute, or with it true, a bot is given its own seat's view.
    for seat, bot in ((1, plain), (2, looking)):
        assert bot.views
        assert all(isinstance(v, game.View) for v in bot.views)
        assert {v.seat for v in bot.views} == {seat}


def test_skipping_the_views_changes_no_game(game: AnyGame) -> None:
    class Looking(RandomBot):
        needs_view = True

    rules = game.Rules(players=3)
    for seed in range(5):
        blind = play_game(
            game, [RandomBot(seed=seed + s) for s in range(3)], seed=seed, rules=rules
        )
        seeing = play_game(
            game, [Looking(seed=seed + s) for s in range(3)], seed=seed, rules=rules
        )
        assert blind == seeing


def test_greedy_bot_follows_the_games_heuristic(game: AnyGame) -> None:
    # A heuristic that scores the last legal move best: the bot plays it.
    def last_best(view: Any, moves: Sequence[Any]) -> list[float]:
        assert isinstance(view, game.View)
        return [float(i) for i in range(len(moves))]

    spec: Any = game
    custom: AnyGame = attrs.evolve(spec, heuristic=last_best)
    state = custom.new_game(custom.Rules(players=3), seed=1)
    while len(custom.legal_moves(state)) == 1:
        state = custom.apply(state, custom.legal_moves(state)[0])
    if custom.is_over(state):
        # Played to its end without a choice (Beggar): a game with no decisions.
        assert not _offers_a_choice(game, game.Rules(players=3), seed=1)
        return
    seat = custom.to_move(state)
    assert seat is not None
    legal = custom.legal_moves(state)
    bot = GreedyBot(custom, seed=0)
    assert bot.needs_view
    assert bot.choose(custom.view(state, seat), legal) == legal[-1]


def test_greedy_bot_without_a_heuristic_plays_at_random_and_reads_no_view(
    game: AnyGame,
) -> None:
    spec: Any = game
    plain: AnyGame = attrs.evolve(spec, heuristic=None)
    bot, twin = GreedyBot(plain, seed=5), RandomBot(seed=5)
    assert not bot.needs_view
    assert [bot.choose(None, "abcdef") for _ in range(20)] == [
        twin.choose(None, "abcdef") for _ in range(20)
    ]


def test_a_name_is_resolved_in_the_registry() -> None:
    for name, game in cardrules.GAMES.items():
        assert GreedyBot(name, seed=1).needs_view == (game.heuristic is not None)
