"""
OpenSpiel's ``random_sim_test`` with serialisation on, for every game and player count,
with the adapter's memo of a state's queries and without it, in the same
run (issue 26: at most 10 s for 10 simulations on a quiet machine).

Run: ``python benchmarks/bench_openspiel.py [simulations] [--no-baseline]``;
``--sizes`` prints the tensor size of every observation type instead.
``--answers`` hashes every answer of the adapter on seeded games instead (strings,
tensors, legal actions and their texts, rewards, returns, every ``make_observation``
type, clones played on another way, the serialisation round trip, resampled worlds, and
:class:`cardrules.rl.Trajectory` copies), for this tree and, with ``--against DIR``, for
the other in a fresh process: a speed-up must leave the two hashes equal.
``--against DIR`` times another checkout of cardrules (``DIR/src``, say an older
commit's ``git archive``) beside this one instead of the memo baseline: every case runs
in a fresh process for each tree, one after the other, the older first, in one run.
``--repeat K`` does so K times and keeps each tree's fastest (a busy machine only ever
slows a run down: the same seeded games are played every time); ``--only TEXT`` keeps
the cases whose ``"name Np"`` holds TEXT.

OpenSpiel asks one state the same things many times (the player to move about 25 times
a move, every seat's observation and information state tensors several times each),
and clones it to play the same action in both; ``cardrules.openspiel`` keeps each
answer, and the trajectory an action leads to, for the game state it was worked out
for, shared by a state's clones.
``without memo`` replaces the memo by one that forgets at once, which is the adapter as
it worked before. Times are CPU seconds of this process (``time.process_time``);
``ratio`` is without over with (higher is better). The simulations are seeded by
OpenSpiel, so both runs play the same games.
"""

from __future__ import annotations

import sys
import time
from typing import Any


def _cases(pyspiel: Any) -> list[tuple[str, dict[str, int]]]:
    counts = {"beggar": range(2, 5), "allegra": range(2, 7), "biggenbende": range(3, 7)}
    return [
        (f"cardrules_{name}", {"players": players})
        for name, players_range in counts.items()
        for players in players_range
    ]


def _time(pyspiel: Any, name: str, params: dict[str, int], sims: int) -> float:
    game = pyspiel.load_game(name, params)
    start = time.process_time()
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)
    return time.process_time() - start


class _Forgetful:
    """A memo that keeps nothing: the adapter without its memo."""

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last: tuple[Any, dict[Any, Any], int] = (None, {}, -1)

    def of(self, trajectory: Any) -> dict[Any, Any]:
        return {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Forgetful:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Forgetful, ())


def _sizes(pyspiel: Any) -> None:
    # The tensor size of every observation type, for a few games and seat counts.
    from open_spiel.python.observation import (  # type: ignore[import-untyped]
        make_observation,
    )

    kinds = pyspiel.PrivateInfoType
    types = [
        ("public only", True, kinds.NONE),
        ("single player", True, kinds.SINGLE_PLAYER),
        ("all players", True, kinds.ALL_PLAYERS),
        ("private only, single", False, kinds.SINGLE_PLAYER),
        ("private only, all", False, kinds.ALL_PLAYERS),
        ("nothing", False, kinds.NONE),
    ]
    games = [("biggenbende", 3), ("biggenbende", 4), ("allegra", 4), ("allegra", 6)]
    games += [("beggar", 2), ("beggar", 4)]
    print("observer tensor sizes (recall: perfect_recall=True; '-': not offered)")
    print(f"{'type':<32}" + "".join(f"{f'{name[:5]} {n}':>10}" for name, n in games))
    for label, public, private in types:
        for recall in (False, True):
            row = []
            for name, players in games:
                game = pyspiel.load_game(f"cardrules_{name}", {"players": players})
                kind = pyspiel.IIGObservationType(
                    public_info=public, perfect_recall=recall, private_info=private
                )
                observer = make_observation(game, kind)
                row.append("-" if observer is None else str(observer.tensor.size))
            title = f"{label}{', recall' if recall else ''}"
            print(f"{title:<32}" + "".join(f"{size:>10}" for size in row))


_CHILD = """
import sys, time
import pyspiel
import cardrules.openspiel
game = pyspiel.load_game(sys.argv[1], {"players": int(sys.argv[2])})
start = time.process_time()
pyspiel.random_sim_test(game, num_sims=int(sys.argv[3]), serialize=True, verbose=False)
print(time.process_time() - start)
"""


def _time_in(source: str | None, name: str, players: int, sims: int) -> float:
    # random_sim_test's CPU seconds in a fresh process, with ``source`` (a src directory)
    # first on the path, or this checkout.
    import os
    import subprocess

    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = source
    command = [sys.executable, "-c", _CHILD, name, str(players), str(sims)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def _against(pyspiel: Any, other: str, sims: int, repeat: int, only: str | None) -> None:
    import os

    source = os.path.join(os.path.abspath(other), "src")
    print(
        f"random_sim_test, {sims} simulations, serialize=True "
        f"(CPU seconds, fresh processes, fastest of {repeat})"
    )
    print(f"{'game':<24}{'players':>8}{'other':>8}{'this':>8}{'ratio':>8}")
    for name, params in _cases(pyspiel):
        players = params["players"]
        if only is not None and only not in f"{name} {players}p":
            continue
        times = [
            (_time_in(source, name, players, sims), _time_in(None, name, players, sims))
            for _ in range(repeat)
        ]
        before = min(old for old, _ in times)
        after = min(new for _, new in times)
        print(f"{name:<24}{players:>8}{before:>8.2f}{after:>8.2f}{before / after:>8.2f}")


def _answers() -> str:
    # The hash of every answer of the adapter on seeded games (see the module's text).
    import hashlib
    import random

    import numpy
    import pyspiel  # type: ignore[import-not-found]
    from open_spiel.python.observation import (
        make_observation,
    )

    import cardrules
    import cardrules.openspiel  # registers the games
    from cardrules import rl

    digest = hashlib.sha256()

    def put(*values: Any) -> None:
        for value in values:
            if isinstance(value, numpy.ndarray):
                digest.update(value.astype(numpy.float32).tobytes() + str(value.shape).encode())
            else:
                digest.update(repr(value).encode())
            digest.update(b"|")

    kinds = pyspiel.PrivateInfoType
    types = [
        pyspiel.IIGObservationType(public_info=public, perfect_recall=recall, private_info=kind)
        for public in (True, False)
        for recall in (False, True)
        for kind in (kinds.NONE, kinds.SINGLE_PLAYER, kinds.ALL_PLAYERS)
    ]

    def query(game: Any, state: Any, observers: list[Any]) -> None:
        put(str(state), state.history(), state.current_player(), state.is_terminal())
        put(state.is_chance_node(), state.rewards(), state.returns())
        if state.is_chance_node():
            put(len(state.chance_outcomes()))
            return
        if not state.is_terminal():
            legal = state.legal_actions()
            texts = [state.action_to_string(state.current_player(), a) for a in legal]
            put(legal, texts, state.legal_actions_mask())
        for p in range(game.num_players()):
            put(
                p,
                state.information_state_string(p),
                numpy.array(state.information_state_tensor(p)),
            )
            put(state.observation_string(p), numpy.array(state.observation_tensor(p)))
            put(state.legal_actions(p))
            for observer in observers:
                if observer is None:
                    put(None)
                    continue
                observer.set_from(state, p)
                put(observer.tensor.copy(), {k: v.copy() for k, v in observer.dict.items()})
                put(observer.string_from(state, p))

    def play(name: str, players: int, seed: int, cap: int, rewards: str) -> None:
        game = pyspiel.load_game(name, {"players": players, "rewards": rewards})
        observers = [make_observation(game, kind) for kind in types]
        rng = random.Random(seed)
        state = game.new_initial_state()
        clones: list[Any] = []
        step = 0
        while not state.is_terminal() and step < cap:
            deep = step < 12 or (step % 7 == 0 and step < 200) or step % 151 == 0
            query(game, state, observers if deep else [])
            if state.is_chance_node():
                action = rng.randrange(game.max_chance_outcomes())
            else:
                action = rng.choice(state.legal_actions())
            if step % 5 == 0:
                clones.append(state.clone())
            if step % 11 == 3:  # the serialisation round trip, and a move after it
                text = pyspiel.serialize_game_and_state(game, state)
                loaded_game, loaded = pyspiel.deserialize_game_and_state(text)
                query(loaded_game, loaded, [])
                if not loaded.is_terminal():
                    loaded.apply_action(rng.choice(loaded.legal_actions()))
                    query(loaded_game, loaded, [])
            if step % 13 == 5 and not state.is_chance_node():
                world = state.resample_from_infostate(state.current_player(), rng.random)
                query(game, world, [])
                if not world.is_terminal():
                    world.apply_action(rng.choice(world.legal_actions()))
                    query(game, world, [])
            state.apply_action(action)
            step += 1
            if step % 17 == 0:  # an older clone plays on, its own way
                clone = clones[rng.randrange(len(clones))]
                if not clone.is_terminal():
                    chance = clone.is_chance_node()
                    clone.apply_action(1 if chance else rng.choice(clone.legal_actions()))
                    query(game, clone, observers if step % 34 == 0 else [])
        query(game, state, observers)
        for clone in clones[::9]:
            query(game, clone, [])
        put("end", step)

    cases = [("beggar", 2, 400), ("beggar", 4, 300), ("allegra", 2, 300), ("allegra", 6, 250)]
    cases += [("biggenbende", 3, 2500), ("biggenbende", 6, 400), ("biggenbende", 4, 300)]
    for name, players, cap in cases:
        for seed in (1, 2):
            play(f"cardrules_{name}", players, seed, cap, "terminal")
            play(f"cardrules_{name}", players, seed + 10, min(cap, 150), "steps")
    for name in cardrules.GAMES:  # the trajectories of cardrules.rl, and their copies
        cardrules_game = cardrules.get_game(name)
        rng = random.Random(3)
        trajectory = rl.Trajectory(
            cardrules_game, cardrules_game.new_game(cardrules_game.Rules(), seed=3)
        )
        copies = []
        for step in range(300):
            if cardrules_game.is_over(trajectory.state):
                break
            trajectory.apply(rng.choice(cardrules_game.legal_moves(trajectory.state)))
            if step % 10 == 0:
                copies.append(trajectory.copy())
            if step % 23 == 0:
                for seat in range(cardrules_game.players(trajectory.state)):
                    told = rl.information_state(cardrules_game, seat, trajectory)
                    put(told.text, told.tensor, trajectory.seen(seat), trajectory.moves)
        for copy in copies[::4]:
            if not cardrules_game.is_over(copy.state):
                copy.apply(cardrules_game.legal_moves(copy.state)[-1])
            for seat in range(cardrules_game.players(copy.state)):
                told = rl.information_state(cardrules_game, seat, copy)
                put(told.text, told.tensor, len(copy.moves))
    return digest.hexdigest()


def _answers_against(other: str | None) -> None:
    import os
    import subprocess

    hashes = {}
    for label, source in (("other", other), ("this", None)):
        if label == "other" and other is None:
            continue
        env = dict(os.environ)
        if source is not None:
            env["PYTHONPATH"] = os.path.join(os.path.abspath(source), "src")
        command = [sys.executable, __file__, "--answers-here"]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        hashes[label] = done.stdout.split()[-1]
        print(f"{label:<6}{hashes[label]}", flush=True)
    if other is not None:
        print("same answers" if hashes["other"] == hashes["this"] else "ANSWERS DIFFER")


def main() -> None:
    import pyspiel

    import cardrules.openspiel as adapter

    if "--answers-here" in sys.argv:
        print(_answers())
        return
    if "--answers" in sys.argv:
        index = sys.argv.index("--against") + 1 if "--against" in sys.argv else 0
        _answers_against(sys.argv[index] if index else None)
        return
    if "--sizes" in sys.argv:
        _sizes(pyspiel)
        return
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if "--against" in sys.argv:
        other = sys.argv[sys.argv.index("--against") + 1]
        repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 1
        only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
        values = {other, str(repeat), only}
        args = [a for a in args if a not in values]
        _against(pyspiel, other, int(args[0]) if args else 10, repeat, only)
        return
    sims = int(args[0]) if args else 10
    baseline = "--no-baseline" not in sys.argv
    print(f"random_sim_test, {sims} simulations, serialize=True (CPU seconds)")
    print(f"{'game':<24}{'players':>8}{'with memo':>11}{'without':>10}{'ratio':>8}")
    memo = adapter._Memo
    for name, params in _cases(pyspiel):
        with_memo = _time(pyspiel, name, params, sims)
        without = ratio = "-"
        if baseline:
            adapter._Memo = _Forgetful  # type: ignore[assignment,misc]
            try:
                seconds = _time(pyspiel, name, params, sims)
            finally:
                adapter._Memo = memo  # type: ignore[misc]
            without, ratio = f"{seconds:.1f}", f"{seconds / with_memo:.2f}"
        print(f"{name:<24}{params['players']:>8}{with_memo:>11.1f}{without:>10}{ratio:>8}")


if __name__ == "__main__":
    main()
