"""ISMCTSBot (issue 12): seeded, sees only worlds redealt for its seat, serves every game."""

from __future__ import annotations

import math
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


def _ranked(game: AnyGame, state: Any, widen: int) -> list[Any]:
    """The root moves a search considers: the heuristic's best ``widen``, best first."""
    seat = game.to_move(state)
    assert seat is not None
    assert game.heuristic is not None
    legal = game.legal_moves(state)
    scores = game.heuristic(game.view(state, seat), legal)
    order = sorted(range(len(legal)), key=lambda k: -scores[k])
    return [legal[k] for k in order[:widen]]


def test_without_evidence_rollout_search_plays_the_heuristics_best() -> None:
    """One world (no error to judge by) or an infinite margin: the heuristic's best."""
    rules = bb.Rules(players=3, rounds=1)
    positions = _positions(bb.GAME, rules, seed=8)[:12]
    for k, state in enumerate(positions):
        seat = bb.to_move(state)
        assert seat is not None
        first = _ranked(bb.GAME, state, 3)[0]
        spy = _Spy(bb.GAME, state, seat)
        view, legal = bb.view(state, seat), bb.legal_moves(state)
        one_world = ISMCTSBot(bb.GAME, seed=k, iterations=3)
        assert one_world.choose_in_worlds(view, legal, spy) == first
        sure = ISMCTSBot(bb.GAME, seed=k, iterations=12, margin=math.inf)
        assert sure.choose_in_worlds(view, legal, spy) == first


def _held(view: bb.View, seat: int) -> float:
    return float(view.hand_counts[seat] + sum(view.face_up[seat]))


@pytest.mark.parametrize(
    ("iterations", "prune"), [(9, 3), (30, 2)], ids=["default-pruning", "pruning-after-2"]
)
def test_rollout_search_follows_clear_evidence(iterations: int, prune: int) -> None:
    """Rollouts cut at once and scored by an estimate that wants cards in hand: every
    world agrees, so the bot plays the root move that keeps the most cards, even
    against the heuristic (which sheds as many as it can). Pruning drops only the moves
    that do not help: it still overrules the heuristic."""

    def hoard(view: bb.View) -> list[float]:
        return [_held(view, s) for s in range(view.rules.players)]

    rules = bb.Rules(players=3, rounds=1)
    overruled = 0
    for state in _positions(bb.GAME, rules, seed=3):
        seat = bb.to_move(state)
        assert seat is not None
        if state.phase != "play":
            continue
        candidates = _ranked(bb.GAME, state, 3)
        # Shedding n cards is worth -n, plus the mean of what the others lose (none).
        kept = [hoard(bb.view(bb.apply(state, m), seat))[seat] for m in candidates]
        expected = candidates[kept.index(max(kept))] if max(kept) > kept[0] else candidates[0]
        bot = ISMCTSBot(
            bb.GAME, seed=1, iterations=iterations, rollout_moves=0, evaluate=hoard, prune=prune
        )
        view, legal = bb.view(state, seat), bb.legal_moves(state)
        choice = bot.choose_in_worlds(view, legal, _Spy(bb.GAME, state, seat))
        assert choice == expected
        overruled += choice != candidates[0]
    assert overruled >= 3  # it did overrule the heuristic


def test_biggenbendes_estimate_weighs_the_cards_left() -> None:
    """A seat out has its chips; another seat is judged by what the view shows of it:
    the viewer's hand does not change the others' estimates, face-down cards cost more
    than cards in hand while the draw pile refills it, and a hand of more values is
    worse for the viewer than one of fewer (one value a play)."""
    from cardrules.biggenbende._greedy import estimate

    positions = _positions(bb.GAME, bb.Rules(players=4, rounds=1), seed=2)
    state = positions[0]
    while bb.legal_moves(state) and len(state.places) < 1:
        state = bb.apply(state, bb.legal_moves(state)[0])
    positions.append(state)
    outs = compared = 0
    for state in positions:
        views = [bb.view(state, s) for s in range(4)]
        scores = [estimate(v) for v in views]
        for s in range(4):
            if s in state.places:
                outs += 1
                assert scores[0][s] == min(3 - state.places.index(s), state.supply)
            # Seen from two other seats, a seat has the same estimate.
            others = [t for t in range(4) if t != s]
            assert scores[others[0]][s] == pytest.approx(scores[others[1]][s])
        view = views[1]
        if view.phase == "play" and view.draw_count and 1 not in view.places:
            down = list(view.face_down)
            if any(down[1]):
                down[1] = (False, *down[1][1:])
                lighter = attrs.evolve(view, face_down=tuple(down))
                more = attrs.evolve(
                    view,
                    hand_counts=(
                        view.hand_counts[0],
                        view.hand_counts[1] + 1,
                        *view.hand_counts[2:],
                    ),
                )
                assert estimate(lighter)[1] - scores[1][1] > estimate(more)[1] - scores[1][1]
                compared += 1
    assert outs >= 1
    assert compared >= 5
    # Two 5s against a 5 and a 6: the same count, one more value to shed.
    view = bb.view(positions[3], 1)
    hand = [0] * 13
    pair, split = list(hand), list(hand)
    pair[5], split[5], split[6] = 2, 1, 1
    assert (
        estimate(attrs.evolve(view, hand=tuple(pair)))[1]
        > estimate(attrs.evolve(view, hand=tuple(split)))[1]
    )


def test_allegras_estimate_sums_the_areas() -> None:
    """Face-up cards at their value, face-down ones at the mean of the unseen cards."""
    from cardrules import allegra as al
    from cardrules.allegra._greedy import estimate

    for state in _positions(al.GAME, al.Rules(players=3, rounds=1), seed=2):
        view = al.view(state, 0)
        unseen = list(view.rules.deck)
        seen: list[int] = [c for c in view.cards if c is not None]
        seen += [*view.discard, *view.removed]
        seen += [c for c in (view.drawn, view.hand) if c is not None]
        for c in seen:
            unseen[c + 1] = max(0, unseen[c + 1] - 1)
        hidden = sum(v * n for v, n in zip(al.CARD_VALUES, unseen, strict=True)) / sum(unseen)
        expected = []
        for s in range(3):
            places = [_index(slot) for slot in al.area(s, 3)]
            face_up = sum(card for i in places if (card := view.cards[i]) is not None)
            expected.append(face_up + hidden * sum(1 for i in places if view.face_down[i]))
        assert estimate(view) == pytest.approx(expected)


def _index(slot: Any) -> int:
    return int(slot.owner * 12 + slot.row * 4 + slot.col)


def test_tree_search_still_plays() -> None:
    def game(seed: int) -> tuple[Any, ...]:
        bots: list[Any] = [RandomBot(seed=seed + s) for s in range(3)]
        bots[0] = ISMCTSBot(bb.GAME, seed=seed, iterations=9, tree=True, epsilon=0.1)
        state, moves = play_game(bb.GAME, bots, seed=seed, rules=bb.Rules(players=3, rounds=1))
        assert bb.is_over(state)
        return moves

    assert game(4) == game(4)


def test_bad_search_options() -> None:
    for bad in ({"widen": 0}, {"rollout_moves": -1}, {"rollout_moves": 2.5}):
        with pytest.raises(RulesError):
            ISMCTSBot(bb.GAME, **{"seed": 1, **bad})  # type: ignore[arg-type]


class _Counting:
    """A sampler that counts the worlds it hands out (redealt for the seat)."""

    def __init__(self, game: AnyGame, state: Any, seat: int) -> None:
        self.game, self.state, self.seat, self.worlds = game, state, seat, 0

    def __call__(self, seed: int) -> Any:
        self.worlds += 1
        return self.game.redeal_hidden(self.state, self.seat, seed=seed)


def test_pruning_stops_with_the_heuristics_best_when_nothing_beats_it() -> None:
    """An estimate that sees no difference between root moves: with ``prune=3`` every
    other move is dropped after three worlds and the search stops there, with the
    heuristic's best; without pruning it spends the whole budget."""

    def flat(view: bb.View) -> list[float]:
        return [0.0] * view.rules.players

    rules = bb.Rules(players=4, rounds=1)
    checked = 0
    for k, state in enumerate(_positions(bb.GAME, rules, seed=6)[:10]):
        seat = bb.to_move(state)
        assert seat is not None
        view, legal = bb.view(state, seat), bb.legal_moves(state)
        first = _ranked(bb.GAME, state, 3)[0]
        pruned = ISMCTSBot(bb.GAME, seed=k, iterations=60, rollout_moves=4, evaluate=flat,
                           prune=3)  # fmt: skip
        spy = _Counting(bb.GAME, state, seat)
        assert pruned.choose_in_worlds(view, legal, spy) == first
        assert spy.worlds == 3
        full = ISMCTSBot(bb.GAME, seed=k, iterations=60, rollout_moves=4, evaluate=flat,
                         prune=0)  # fmt: skip
        spy = _Counting(bb.GAME, state, seat)
        assert full.choose_in_worlds(view, legal, spy) == first
        assert spy.worlds == 60 // min(3, len(legal))
        checked += 1
    assert checked == 10


@pytest.mark.parametrize("name", ["biggenbende", "allegra"])
def test_new_options_are_seeded_and_legal(name: str) -> None:
    """With pruning and the best rival as the yardstick, the same seed gives the same
    game, and every choice is one of the legal moves."""
    game = cardrules.get_game(name)

    class Checked(ISMCTSBot):
        def choose_in_worlds(
            self, view: Any, moves: Sequence[Any], sample: Callable[[int], Any]
        ) -> Any:
            move = super().choose_in_worlds(view, moves, sample)
            assert move in moves
            return move

    def play(seed: int) -> tuple[Any, ...]:
        bots: list[Any] = [GreedyBot(game, seed=seed + s) for s in range(4)]
        bots[1] = Checked(game, seed=seed, iterations=12, prune=2, versus="best")
        rules = game.Rules(players=4, rounds=1)
        state, moves = play_game(game, bots, seed=seed, rules=rules)
        assert game.is_over(state)
        return moves

    assert play(3) == play(3)


def test_bad_new_options() -> None:
    for bad in ({"prune": 1}, {"prune": -2}, {"prune": 2.0}, {"versus": "max"}):
        with pytest.raises(RulesError):
            ISMCTSBot(bb.GAME, **{"seed": 1, **bad})  # type: ignore[arg-type]


def test_versus_measures_the_seat_against_the_mean_or_the_best_rival() -> None:
    """A playout cut at once: the seat's estimate less the others' mean, or their best."""
    import random

    def fixed(view: bb.View) -> list[float]:
        return [6.0 if s == view.seat else float(3 * s) for s in range(view.rules.players)]

    state = _positions(bb.GAME, bb.Rules(players=4, rounds=1), seed=2)[5]
    seat = bb.to_move(state)
    assert seat is not None
    move = bb.legal_moves(state)[0]
    others = [3.0 * s for s in range(4) if s != seat]
    for versus, rival in (("mean", sum(others) / 3), ("best", max(others))):
        bot = ISMCTSBot(bb.GAME, seed=1, rollout_moves=0, evaluate=fixed, versus=versus)
        value = bot._playout(state, move, seat, True, random.Random(0))
        assert value == pytest.approx(6.0 - rival)
