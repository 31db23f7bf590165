"""The bots: seeded, deterministic, deciding from a view, and the greedy heuristics."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import allegra, biggenbende
from cardrules.bots import BOTS, Bot, GreedyBot, RandomBot, _seat_seed, make_bot, play_game
from cardrules.game import AnyGame
from tests._depth import DEEP, scaled


def test_random_bot_is_deterministic_for_a_seed() -> None:
    moves = tuple(range(10))
    a, b, c = RandomBot(seed=3), RandomBot(seed=3), RandomBot(seed=4)
    first = [a.choose(None, moves) for _ in range(50)]
    assert first == [b.choose(None, moves) for _ in range(50)]
    assert first != [c.choose(None, moves) for _ in range(50)]
    assert set(first) <= set(moves)
    assert len(set(first)) > 5  # it really draws


def test_random_bot_picks_roughly_uniformly() -> None:
    bot = RandomBot(seed=11)
    counts = Counter(bot.choose(None, "abcd") for _ in range(4000))
    assert all(800 < counts[m] < 1200 for m in "abcd")


def test_a_single_move_is_taken_without_a_draw() -> None:
    a, b = RandomBot(seed=9), RandomBot(seed=9)
    assert a.choose(None, ["only"]) == "only"
    assert a.choose(None, "xyz") == b.choose(None, "xyz")


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "3"])
def test_bad_seeds_are_rejected(seed: Any) -> None:
    with pytest.raises(cardrules.RulesError):
        RandomBot(seed=seed)
    with pytest.raises(cardrules.RulesError):
        GreedyBot("allegra", seed=seed)


@pytest.mark.parametrize("name", BOTS)
def test_no_moves_is_a_clear_error(name: str) -> None:
    with pytest.raises(cardrules.CardrulesError, match="no moves"):
        make_bot(name, "beggar", seed=0).choose(None, ())


def test_make_bot_knows_its_names() -> None:
    assert isinstance(make_bot("random", "allegra", seed=1), RandomBot)
    assert isinstance(make_bot("greedy", cardrules.get_game("allegra"), seed=1), GreedyBot)
    with pytest.raises(cardrules.CardrulesError, match="unknown bot 'clever'"):
        make_bot("clever", "allegra", seed=1)


def test_bots_satisfy_the_protocol() -> None:
    assert isinstance(RandomBot(seed=1), Bot)
    assert isinstance(GreedyBot("beggar", seed=1), Bot)


def test_seat_seeds_differ_between_seats_and_games() -> None:
    seeds = {_seat_seed(game, seat) for game in range(50) for seat in range(6)}
    assert len(seeds) == 300
    assert all(0 <= s < 2**64 for s in seeds)


def test_greedy_bot_plays_at_random_in_a_game_it_does_not_know() -> None:
    bot, twin = GreedyBot("some future game", seed=5), RandomBot(seed=5)
    assert [bot.choose(None, "abcdef") for _ in range(20)] == [
        twin.choose(None, "abcdef") for _ in range(20)
    ]


# The searching bot's whole games (several seconds each) run in CI's slow run; its moves
# are checked in the quick run by tests/test_ismcts.py.
@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=pytest.mark.slow) if n == "ismcts" else n for n in BOTS]
)
def test_bots_finish_every_game_with_legal_moves(game: AnyGame, name: str) -> None:
    # play_game applies every choice with ``apply``, which rejects an illegal move. The
    # searching bot plays one whole game a game in the quick run, three in CI's.
    searching = name == "ismcts"
    # In the quick run an Allegra match of one round: the search is what is tested.
    rules = game.Rules(rounds=1) if searching and game.name == "allegra" and not DEEP else None
    for seed in range(scaled(1, 3) if searching else 3):
        state = game.new_game(rules or game.Rules(), seed=seed)
        n = game.players(state)
        bots = [make_bot(name, game, seed=_seat_seed(seed, s)) for s in range(n)]
        final, moves = play_game(game, bots, seed=seed, rules=rules)
        assert game.is_over(final)
        assert moves


def test_play_game_is_deterministic(game: AnyGame) -> None:
    def run() -> tuple[Any, ...]:
        bots: list[Bot] = [GreedyBot(game, seed=1), RandomBot(seed=2)]
        rules = game.Rules(players=3) if game.name == "biggenbende" else game.Rules(players=2)
        if game.name == "biggenbende":
            bots.append(RandomBot(seed=3))
        return play_game(game, bots, seed=8, rules=rules)[1]

    assert run() == run()


def test_play_game_needs_a_bot_per_seat() -> None:
    game = cardrules.get_game("beggar")
    with pytest.raises(cardrules.RulesError, match="2 seats need as many bots, not 1"):
        play_game(game, [RandomBot(seed=1)], seed=1)


@pytest.mark.parametrize("name", BOTS)
def test_a_bot_decides_from_the_view_alone(game: AnyGame, name: str) -> None:
    # Whatever the hidden cards are, the same view and moves give the same choice.
    state = game.new_game(game.Rules(), seed=21)
    driver = RandomBot(seed=4)
    for step in range(300):
        if game.is_over(state):
            break
        seat = game.to_move(state)
        assert seat is not None
        legal = game.legal_moves(state)
        if step % 7 == 0:
            other = game.redeal_hidden(state, seat, seed=step)
            assert game.view(other, seat) == game.view(state, seat)
            a = make_bot(name, game, seed=step).choose(game.view(state, seat), legal)
            b = make_bot(name, game, seed=step).choose(
                game.view(other, seat), game.legal_moves(other)
            )
            assert a == b
        state = game.apply(state, driver.choose(None, legal))


# --------------------------------------------------------------------------- greedy


def _win_rate(game: AnyGame, players: int, games: int) -> float:
    wins = 0
    for seed in range(games):
        greedy = seed % players
        bots: list[Bot] = [
            GreedyBot(game, seed=seed) if s == greedy else RandomBot(seed=_seat_seed(seed, s))
            for s in range(players)
        ]
        state, _ = play_game(game, bots, seed=seed, rules=game.Rules(players=players))
        outcome = game.outcome(state)
        assert outcome is not None
        wins += greedy in outcome.winners
    return wins / games


@pytest.mark.parametrize(
    ("name", "players", "games"), [("biggenbende", 3, 24), ("allegra", 2, 12)]
)
def test_greedy_beats_random_clearly_more_often_than_its_share(
    name: str, players: int, games: int
) -> None:
    # The full figures (1000 games per player count) come from benchmarks/bench_bots.py.
    rate = _win_rate(cardrules.get_game(name), players, games)
    assert rate > 1.5 / players + 0.1


def _bb_deal(hand: list[int], top: int) -> biggenbende.Deal:
    """A three-seat deal at the first play: seat 0 holds ``hand``, ``top`` is on the pile."""
    rules = biggenbende.Rules(players=3, copies_per_value=3, jokers=2)
    rest = Counter(dict(enumerate(rules.deck)))
    rest.subtract([*hand, top])
    pool = sorted(rest.elements())

    def take(k: int) -> list[int]:
        return [pool.pop() for _ in range(k)]

    face_down = tuple(tuple(take(3)) for _ in range(3))
    face_up = (tuple(take(3)), tuple(take(3)), tuple(take(3)))
    hands = (tuple(hand), tuple(take(4)), tuple(take(4)))
    return biggenbende.Deal(
        hands=hands, face_down=face_down, face_up=face_up, draw=tuple(pool), discard=(top,)
    )


def _bb_choice(hand: list[int], top: int) -> Any:
    rules = biggenbende.Rules(players=3, copies_per_value=3, jokers=2)
    state = biggenbende.new_game(rules, seed=1, deal=_bb_deal(hand, top))
    assert biggenbende.to_move(state) == 0
    bot = GreedyBot(biggenbende.GAME, seed=0)
    return bot.choose(biggenbende.view(state, 0), biggenbende.legal_moves(state))


def test_greedy_biggenbende_sheds_its_lowest_legal_value() -> None:
    joker = biggenbende.JOKER
    assert _bb_choice([3, 3, 5, 8, joker, 12], top=2) == biggenbende.Play(3, 2)


def test_greedy_biggenbende_keeps_jokers_and_eights_until_needed() -> None:
    joker = biggenbende.JOKER
    # BB-6, BB-13: only the 8 and the joker beat a 7 here; the 8 is the cheaper.
    assert _bb_choice([3, 8, joker, 5], top=7) == biggenbende.Play(8, 1)
    assert _bb_choice([3, joker, joker, 5], top=10) == biggenbende.Play(joker, 1)
    assert _bb_choice([3, 11, joker, 5], top=10) == biggenbende.Play(11, 1)


def test_greedy_biggenbende_lays_its_strong_cards_face_up() -> None:
    game = biggenbende.GAME
    state = game.new_game(game.Rules(players=3), seed=5)
    view = game.view(state, 0)
    move = GreedyBot(game, seed=0).choose(view, game.legal_moves(state))
    hand = [v for v in range(13) for _ in range(view.hand[v])]
    strength = sorted(hand, key=lambda v: (v == 0, v == 8, v))
    assert sorted(move.values) == sorted(strength[-3:])


def _al_state(top: int, high: int, first: int = 5) -> Any:
    """
    Two seats at seat 0's first turn: ``high`` face up on p0.r0c0, ``top`` the
    discard, ``first`` the deck's top card.
    """
    rules = allegra.Rules(players=2)
    rest = Counter(dict(zip(allegra.CARD_VALUES, rules.deck, strict=True)))
    rest.subtract([top, high, first])
    # Face-down and other cards: middling values, no triple anywhere.
    pool = sorted(rest.elements(), key=lambda v: (abs(v - 5), v))
    grid0 = [high, *pool[:11]]
    grid1 = pool[11:23]
    deck = [first, *pool[23:]]
    layout = allegra.Layout(
        grids=(tuple(grid0), tuple(grid1)),
        discard=(top,),
        deck=tuple(deck),
        face_up=(allegra.Slot(0, 0, 0),),
        reveals=False,
    )
    return allegra.new_game(rules, seed=1, layout=layout)


def test_greedy_allegra_takes_a_low_discard_onto_its_highest_card() -> None:
    state = _al_state(top=-1, high=11)
    move = GreedyBot(allegra.GAME, seed=0).choose(
        allegra.view(state, 0), allegra.legal_moves(state)
    )
    assert move == allegra.Take(allegra.Slot(0, 0, 0))


def test_greedy_allegra_draws_rather_than_take_a_high_discard() -> None:
    state = _al_state(top=11, high=2)
    move = GreedyBot(allegra.GAME, seed=0).choose(
        allegra.view(state, 0), allegra.legal_moves(state)
    )
    assert move == allegra.Draw()


def test_greedy_allegra_swaps_a_low_drawn_card_for_its_highest() -> None:
    state = allegra.apply(_al_state(top=11, high=10, first=0), allegra.Draw())
    view = allegra.view(state, 0)
    assert view.drawn == 0
    move = GreedyBot(allegra.GAME, seed=0).choose(view, allegra.legal_moves(state))
    assert move == allegra.Swap(allegra.Slot(0, 0, 0))


def test_greedy_allegra_discards_a_high_drawn_card() -> None:
    state = allegra.apply(_al_state(top=11, high=3, first=11), allegra.Draw())
    move = GreedyBot(allegra.GAME, seed=0).choose(
        allegra.view(state, 0), allegra.legal_moves(state)
    )
    assert isinstance(move, allegra.Discard)
    assert move.reveal is not None


def test_greedy_bots_are_stateful_objects_not_game_state() -> None:
    bot = GreedyBot("allegra", seed=1)
    assert "allegra" in repr(bot)
    assert not attrs.has(type(bot))


# --------------------------------------------------------------------------- worlds


class _Sampler:
    """A sampling bot that plays at random and keeps the first world of every decision."""

    samples_worlds = True

    def __init__(self, seed: int) -> None:
        self.random = RandomBot(seed=seed)
        self.worlds: list[tuple[Any, Any]] = []  # (view, world)

    def choose(self, view: Any, moves: Any) -> Any:
        raise AssertionError("a sampling bot is asked through choose_in_worlds")

    def choose_in_worlds(self, view: Any, moves: Any, sample: Any) -> Any:
        self.worlds.append((view, sample(len(self.worlds))))
        return self.random.choose(view, moves)


def test_play_game_hands_a_sampling_bot_worlds_that_keep_its_memory() -> None:
    # Biggenbende has redeal_seen: play_game passes the seat's history, exactly what a
    # Trajectory of the same moves tells the seat, so a world keeps what it saw taken.
    from cardrules.rl import Trajectory

    game = cardrules.get_game("biggenbende")
    calls: list[tuple[Any, int, tuple[Any, ...], int]] = []

    def recording(state: Any, seat: int, seen: tuple[Any, ...], *, seed: int) -> Any:
        calls.append((state, seat, seen, seed))
        return biggenbende.redeal_seen(state, seat, seen, seed=seed)

    spied: Any = attrs.evolve(game, redeal_seen=recording)  # type: ignore[misc]
    rules = biggenbende.Rules(players=4, rounds=2)
    bot = _Sampler(seed=5)
    bots: list[Any] = [RandomBot(seed=1), bot, RandomBot(seed=2), RandomBot(seed=3)]
    _, moves = play_game(spied, bots, seed=12, rules=rules)
    assert len(calls) == len(bot.worlds) > 20
    trajectory = Trajectory(game, game.new_game(rules, seed=12))
    pending = list(calls)  # the decisions, in order, each from its true state
    remembered = 0
    for move in moves:
        if pending and pending[0][0] == trajectory.state:
            _, seat, seen, _ = pending.pop(0)
            assert seat == 1
            assert seen == trajectory.seen(1)
            remembered += any(type(e) is biggenbende.PileTaken and e.seat != 1 for e in seen)
        trajectory.apply(move)
    assert not pending
    assert remembered > 0  # some worlds had a taken pile to keep
    for (view, world), (state, _, seen, seed) in zip(bot.worlds, calls, strict=True):
        assert game.view(world, 1) == view
        assert world == biggenbende.redeal_seen(state, 1, seen, seed=seed)


def test_play_game_redeals_by_the_view_alone_without_redeal_seen() -> None:
    game = cardrules.get_game("biggenbende")
    worlds: list[Any] = []

    def recording(state: Any, seat: int, *, seed: int) -> Any:
        worlds.append(biggenbende.redeal_hidden(state, seat, seed=seed))
        return worlds[-1]

    plain: Any = attrs.evolve(game, redeal_seen=None, redeal_hidden=recording)  # type: ignore[misc]
    rules = biggenbende.Rules(players=3, rounds=1)
    bot = _Sampler(seed=5)
    bots: list[Any] = [bot, RandomBot(seed=1), RandomBot(seed=2)]
    play_game(plain, bots, seed=3, rules=rules)
    assert bot.worlds
    assert [world for _, world in bot.worlds] == worlds
    for view, world in bot.worlds:
        assert game.view(world, 0) == view
