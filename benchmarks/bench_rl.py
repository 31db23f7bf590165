"""
Adapter speed: a random rollout through the PettingZoo environment (observation and
action mask at every step) and through the OpenSpiel game, against the raw API's random
playout, in the same run.

Run: ``python benchmarks/bench_rl.py [seconds per measurement] [--made-up]``.

For every game (default rules) it prints steps per second of:

- ``raw``: ``legal_moves`` + ``apply``, a uniformly random move (seeded SplitMix64);
- ``pettingzoo``: ``env.last()`` (the observation and the mask of the agent to move),
  a random legal action from the mask, ``env.step``; the ratio to ``raw`` (goal of
  issue 12: at least 0.25, aim 0.5). The random policy reads the int8 mask through a
  bool view, ``mask.view(numpy.bool_).nonzero()[0]`` (no copy; numpy finds the
  nonzero entries of a bool array several times faster than of an int8 one, a few
  microseconds a step on Allegra's 2,217 actions; the method saves the Python layers
  of ``numpy.flatnonzero``), as the "Train an agent" how-to advises;
- ``pettingzoo int8``: the same loop reading the mask as it is,
  ``numpy.flatnonzero(mask)``, as this benchmark did first: printed too, so that both
  ways are in view;
- ``openspiel``: ``legal_actions`` + ``apply_action`` on the OpenSpiel state, and the
  ratio to ``raw``.

A game without the ``actions`` and ``observation`` hooks is reported and skipped;
``--made-up`` measures the adapters over the made-up hooks of the tests instead (a
dictionary numbering and a two-number observation), which shows the adapters' own cost.
Times are CPU seconds of this process (``time.process_time``). The loops take
turns in slices of a quarter of a second until each has had its time, so that a
shared machine's load, which comes and goes, weighs on each of them alike (the loops
are the same as when each ran in one go; only the ratios got steadier), and the order
of the turns rotates, so that no loop always follows the same one.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from typing import Any

import attrs

import cardrules
from cardrules._rng import _below
from cardrules.game import AnyGame

SLICE = 0.25
"""CPU seconds of one turn of a loop."""

Measured = tuple[int, float, int]
"""Steps, CPU seconds, and the next deal to play."""


def raw(game: AnyGame, seconds: float, first: int = 0) -> Measured:
    """Random playouts through the game's own functions, from deal ``first``."""
    rules = game.Rules()
    legal_moves, apply = game.legal_moves, game.apply
    steps, deals = 0, first
    rng = 12345
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_game(rules, seed=deals)
        while options := legal_moves(state):
            k, rng = _below(rng, len(options))
            state = apply(state, options[k])
            steps += 1
        deals += 1
    return steps, time.process_time() - start, deals


def pettingzoo(game: AnyGame, seconds: float, first: int = 0, *, view: bool = True) -> Measured:
    """
    Random rollouts through the AEC environment, reading every observation and mask
    (through a bool view of the mask, or as int8 with ``view=False``).
    """
    import numpy

    from cardrules.pettingzoo import CardrulesEnv

    env = CardrulesEnv(game)
    flatnonzero, bool_ = numpy.flatnonzero, numpy.bool_
    steps, deals = 0, first
    rng = 12345
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=deals)
        for _ in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = observation["action_mask"]
            legal = mask.view(bool_).nonzero()[0] if view else flatnonzero(mask)
            k, rng = _below(rng, len(legal))
            env.step(int(legal[k]))
            steps += 1
        deals += 1
    return steps, time.process_time() - start, deals


def pettingzoo_int8(game: AnyGame, seconds: float, first: int = 0) -> Measured:
    """:func:`pettingzoo` reading the mask as int8: ``numpy.flatnonzero(mask)``."""
    return pettingzoo(game, seconds, first, view=False)


def openspiel(game: AnyGame, seconds: float, first: int = 0) -> Measured:
    """Random rollouts through the OpenSpiel game (chance node excluded)."""
    import pyspiel  # type: ignore[import-not-found]

    from cardrules.openspiel import register, short_name

    register(game)
    spiel_game = pyspiel.load_game(short_name(game))
    steps, deals = 0, first
    rng = 12345
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = spiel_game.new_initial_state()
        state.apply_action(deals % spiel_game.max_chance_outcomes())
        while not state.is_terminal():
            legal = state.legal_actions()
            k, rng = _below(rng, len(legal))
            state.apply_action(legal[k])
            steps += 1
        deals += 1
    return steps, time.process_time() - start, deals


def measure(game: AnyGame, seconds: float, kinds: dict[str, Any]) -> dict[str, float]:
    """
    Steps a second of every loop in ``kinds``, taking turns slice by slice. The order of
    the turns rotates from round to round: a loop that runs right after another kind of
    loop finds colder caches than one that follows its like (the two PettingZoo loops
    share the encoders' caches).
    """
    done = dict.fromkeys(kinds, (0, 0.0, 0))
    order = list(kinds)
    while min(used for _, used, _ in done.values()) < seconds:
        for name in order:
            loop = kinds[name]
            steps, used, deal = done[name]
            more, spent, deal = loop(game, min(SLICE, seconds), deal)
            done[name] = (steps + more, used + spent, deal)
        order.append(order.pop(0))
    return {name: steps / used for name, (steps, used, _) in done.items()}


def _made_up(game: AnyGame) -> AnyGame:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.test_rl import made_up_hooks

    evolved: Any = attrs.evolve(made_up_hooks(game), name=f"{game.name}_made_up")  # type: ignore[misc]
    return evolved  # type: ignore[no-any-return]


def main(argv: list[str]) -> int:
    """Measure every game; print one line a measurement."""
    made_up = "--made-up" in argv
    numbers = [arg for arg in argv if not arg.startswith("--")]
    seconds = float(numbers[0]) if numbers else 3.0
    for name in sorted(cardrules.GAMES):
        game = cardrules.GAMES[name]
        if made_up:
            game = _made_up(game)
        elif game.actions is None or game.observation is None:
            print(f"{name}: no actions/observation hooks; skipped (try --made-up)")
            continue
        kinds: dict[str, Any] = {
            "raw": raw,
            "pettingzoo": pettingzoo,
            "pettingzoo int8": pettingzoo_int8,
        }
        skipped = ""
        if importlib.util.find_spec("pyspiel") is None:
            skipped = f"{name} openspiel  skipped: OpenSpiel (pyspiel) is not installed"
        else:
            kinds["openspiel"] = openspiel
        rates = measure(game, seconds, kinds)
        base = rates["raw"]
        print(f"{name} raw        {base:10,.0f} steps/s")
        rate = rates["pettingzoo"]
        print(f"{name} pettingzoo {rate:10,.0f} steps/s  {rate / base:.2f}x raw (goal 0.25x)")
        rate = rates["pettingzoo int8"]
        print(
            f"{name} pettingzoo {rate:10,.0f} steps/s  {rate / base:.2f}x raw"
            " (the mask read as int8)"
        )
        if skipped:
            print(skipped)
            continue
        rate = rates["openspiel"]
        print(f"{name} openspiel  {rate:10,.0f} steps/s  {rate / base:.2f}x raw")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
