"""
The yardstick game of ``examples/crazy_eights``: OpenSpiel's ``crazy_eights`` rule for
rule, registered from outside like any game, and checked in lockstep against
``pyspiel`` (same deal, same legal actions in the same order, same returns).
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardrules
import crazy_eights
from cardrules._registry import _REGISTRY
from cardrules.errors import IllegalMoveError, InvalidStateError
from cardrules.game import AnyGame
from cardrules.simulation import Summary, simulate
from cardrules.testing import check_game
from crazy_eights import Draw, Name, Pass, Play, Rules, State
from crazy_eights.lockstep import Disagreement, openspiel_game, play_in_lockstep

ROOT = Path(__file__).resolve().parent.parent

# The options the lockstep runs cover: OpenSpiel's defaults (5 players), the benchmark's
# 4 players, the two-player deal of 7 cards, and small limits that make every ending
# of CE-8 common.
LOCKSTEP_RULES = (
    Rules(),
    Rules(players=4),
    Rules(players=2),
    Rules(players=3, max_draw_cards=2, max_turns=30),
)


@pytest.fixture(scope="module")
def eights() -> Iterator[AnyGame]:
    """The game, registered for this module only, as an installed entry point would."""
    game = cardrules.register_game(crazy_eights.GAME)
    yield game
    _REGISTRY._unregister(game.name)


def _c(text: str) -> int:
    """``"8H"`` as a card."""
    rank, suit = text[:-1], text[-1]
    return 4 * crazy_eights.RANK_NAMES.index(rank) + crazy_eights.SUIT_NAMES.index(suit)


def _state(hands: tuple[tuple[str, ...], ...], discard: tuple[str, ...], **changes: Any) -> State:
    """A checked state with these hands and discard pile; the other cards are the stock."""
    cards = tuple(tuple(sorted(_c(text) for text in hand)) for hand in hands)
    pile = tuple(_c(text) for text in discard)
    used = {card for hand in cards for card in hand} | set(pile)
    fields: dict[str, Any] = {
        "rules": Rules(players=len(hands)),
        "dealer": len(hands) - 1,
        "hands": cards,
        "stock": tuple(card for card in crazy_eights.DECK if card not in used),
        "discard": pile,
        "suit": pile[-1] & 3,
        "current": 0,
        "drawn": 0,
        "naming": False,
        "passes": 0,
        "rng": cardrules.Rng(0),
    }
    fields.update(changes)
    state = State(**fields)
    crazy_eights.check_state(state)
    return state


# --------------------------------------------------------------------------- like any game


def test_it_is_registered_like_any_game(eights: AnyGame) -> None:
    assert cardrules.get_game("crazy_eights") is crazy_eights.GAME
    summary = Summary.of(simulate(eights, games=20))
    assert summary.games == 20
    assert summary.played == 20


def test_check_game_passes(eights: AnyGame) -> None:
    check_game(eights, max_examples=15)


def test_the_deal_depends_on_the_seed_alone() -> None:
    rules = Rules(players=4)
    assert crazy_eights.new_game(rules, seed=5) == crazy_eights.new_game(rules, seed=5)
    deals = {crazy_eights.new_game(rules, seed=seed).hands for seed in range(20)}
    assert len(deals) == 20
    dealers = {crazy_eights.new_game(rules, seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}


# --------------------------------------------------------------------------- the rules


def test_ce3_no_eight_is_turned_up_and_the_dealers_left_starts() -> None:
    for seed in range(300):
        state = crazy_eights.new_game(Rules(players=3), seed=seed)
        assert state.discard[0] >> 2 != crazy_eights.EIGHT
        assert state.current == (state.dealer + 1) % 3
        assert state.suit == state.discard[0] & 3


def test_ce4_a_card_that_follows_nothing_is_refused_with_its_rule() -> None:
    state = _state((("3C", "9S"), ("4D",)), ("5H",))
    assert crazy_eights.legal_moves(state) == (Draw(),)
    with pytest.raises(IllegalMoveError) as refused:
        crazy_eights.apply(state, Play(_c("3C")))
    assert (refused.value.rule, refused.value.reason) == (
        "CE-4",
        "3C follows neither the suit to follow nor the rank of 5H",
    )
    with pytest.raises(IllegalMoveError, match="does not hold 4D"):
        crazy_eights.apply(state, Play(_c("4D")))
    with pytest.raises(IllegalMoveError, match="does not hold True"):
        crazy_eights.apply(state, Play(True))


def test_ce5_an_eight_then_the_same_seat_names_the_suit() -> None:
    state = _state((("8S", "3C", "9S"), ("4D",)), ("5H",))
    assert crazy_eights.legal_moves(state) == (Play(_c("8S")), Draw())
    after = crazy_eights.apply(state, Play(_c("8S")))
    assert (after.current, after.naming) == (0, True)
    assert crazy_eights.legal_moves(after) == tuple(Name(suit) for suit in range(4))
    with pytest.raises(IllegalMoveError, match="names a suit") as refused:
        crazy_eights.apply(after, Draw())
    assert refused.value.rule == "CE-5"
    named = crazy_eights.apply(after, Name(0))
    assert (named.current, named.suit, named.naming) == (1, 0, False)
    # Now the clubs follow; the 3 of clubs can be played on the 8 of spades.
    assert Play(_c("4D")) not in crazy_eights.legal_moves(named)


def test_ce6_draw_up_to_the_limit_then_pass_is_allowed() -> None:
    state = _state((("3C", "5C"), ("4D",)), ("5H",), rules=Rules(players=2, max_draw_cards=2))
    assert crazy_eights.legal_moves(state) == (Play(_c("5C")), Draw())  # drawing is a choice
    once = crazy_eights.apply(state, Draw())
    twice = crazy_eights.apply(once, Draw())
    assert (once.drawn, twice.drawn, twice.current) == (1, 2, 0)
    assert len(twice.hands[0]) == 4
    assert crazy_eights.legal_moves(twice)[-1] == Pass()
    with pytest.raises(IllegalMoveError, match="the most allowed") as refused:
        crazy_eights.apply(twice, Draw())
    assert refused.value.rule == "CE-6"
    passed = crazy_eights.apply(twice, Pass())
    assert (passed.current, passed.drawn) == (1, 0)
    with pytest.raises(IllegalMoveError) as early:
        crazy_eights.apply(once, Pass())
    assert early.value.rule == "CE-7"


def test_ce6_drawing_the_last_card_of_the_stock_is_the_last_draw() -> None:
    full = _state((("3C",), ("4D",)), ("5H",))
    last = full.stock[-1]
    state = attrs.evolve(full, stock=(last,), discard=(*full.stock[:-1], _c("5H")))
    crazy_eights.check_state(state)
    after = crazy_eights.apply(state, Draw())
    assert after.stock == ()
    assert after.drawn == state.rules.max_draw_cards
    assert crazy_eights.legal_moves(after)[-1] == Pass()


def test_ce8_players_plus_one_passes_on_an_empty_stock_end_the_game() -> None:
    full = _state((("3C",), ("4D",)), ("5H",))
    state = attrs.evolve(full, stock=(), discard=(*full.stock, _c("5H")))
    crazy_eights.check_state(state)
    passes = 0
    while not crazy_eights.is_over(state):
        assert crazy_eights.legal_moves(state) == (Pass(),)
        state = crazy_eights.apply(state, Pass())
        passes += 1
    assert passes == 3
    result = crazy_eights.outcome(state)
    assert result is not None
    assert result.reason == "blocked"
    # CE-9: 3C is card 4, so 6 points (OpenSpiel's card + 2); 4D is card 9, so 11.
    assert result.scores == (-6, -11)
    assert result.winners == frozenset({0})


def test_ce9_the_penalties() -> None:
    finished = crazy_eights.apply(
        _state((("8C", "JD", "AS", "2C", "TH"), ("4D",)), ("5D",), current=1), Play(_c("4D"))
    )
    result = crazy_eights.outcome(finished)
    assert result is not None
    # 8C: 50; JD, AS: 10 each; 2C is card 0: 2; TH is card 34: 36.
    assert result.scores == (-(50 + 10 + 10 + 2 + 36), 0)
    assert (result.winners, result.reason) == (frozenset({1}), "normal")


def test_check_state_refuses_a_suit_changed_without_an_eight() -> None:
    state = _state((("3C",), ("4D",)), ("5H",))
    with pytest.raises(InvalidStateError, match=r"state\.suit"):
        crazy_eights.check_state(attrs.evolve(state, suit=0))


# --------------------------------------------------------------------------- lockstep


def _lockstep(rules: Rules, seeds: range) -> dict[str, int]:
    """Play ``seeds`` in lockstep with OpenSpiel; count the endings."""
    game = openspiel_game(rules)
    endings: dict[str, int] = {}
    for seed in seeds:
        result = play_in_lockstep(rules, seed=seed, choose=random.Random(seed).choice, game=game)
        endings[result.reason] = endings.get(result.reason, 0) + 1
    return endings


@pytest.mark.parametrize("rules", LOCKSTEP_RULES, ids=repr)
def test_a_few_games_in_lockstep_with_openspiel(rules: Rules) -> None:
    pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    assert sum(_lockstep(rules, range(25)).values()) == 25


@pytest.mark.slow
def test_thousands_of_games_in_lockstep_with_openspiel() -> None:
    pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    endings: dict[str, int] = {}
    for rules in LOCKSTEP_RULES:
        for reason, count in _lockstep(rules, range(1000, 2000)).items():
            endings[reason] = endings.get(reason, 0) + count
    assert sum(endings.values()) == 4000
    assert set(endings) == {"normal", "turn_limit", "blocked"}  # every ending of CE-8


def test_the_lockstep_catches_a_different_rule() -> None:
    pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    # The same game with a draw limit of 4 here and 5 on OpenSpiel: the lockstep fails.
    theirs = openspiel_game(Rules(players=4))
    with pytest.raises(Disagreement, match="legal"):
        play_in_lockstep(
            Rules(players=4, max_draw_cards=4),
            seed=1,
            choose=lambda moves: moves[-1],  # draw whenever allowed
            game=theirs,
        )


# --------------------------------------------------------------------------- installed


@pytest.mark.slow
def test_pip_install_and_the_entry_point(tmp_path: Path) -> None:
    target = tmp_path / "site"
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps"]
    command += ["--no-build-isolation", "--target", str(target)]
    command.append(str(ROOT / "examples" / "crazy_eights"))
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(target)}
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", "simulate", "crazy_eights", "--games", "30"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "crazy_eights: 30 games, 5 players" in done.stdout


_COMPILED_LOCKSTEP = """
import random, sys
import crazy_eights._play
from crazy_eights import Rules
from crazy_eights.lockstep import openspiel_game, play_in_lockstep
assert crazy_eights._play.__file__.endswith(".so"), crazy_eights._play.__file__
for rules in (Rules(), Rules(players=4), Rules(players=3, max_draw_cards=2, max_turns=30)):
    game = openspiel_game(rules)
    for seed in range(300):
        play_in_lockstep(rules, seed=seed, choose=random.Random(seed).choice, game=game)
print("compiled: 900 games in lockstep")
"""


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler for mypyc")
def test_the_compiled_build_plays_in_lockstep_with_openspiel(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    pytest.importorskip("mypyc", reason="mypyc comes with mypy (the dev extra)")
    target = tmp_path / "site"
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps"]
    command += ["--no-build-isolation", "--target", str(target)]
    command.append(str(ROOT / "examples" / "crazy_eights"))
    env = {**os.environ, "CARDRULES_COMPILE": "1"}
    done = subprocess.run(
        command, env=env, capture_output=True, text=True, timeout=900, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert list((target / "crazy_eights").glob("_play.*.so"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = str(target)
    done = subprocess.run(
        [sys.executable, "-c", _COMPILED_LOCKSTEP],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "compiled: 900 games in lockstep" in done.stdout
