"""cardrules.simulation: results that do not depend on where or how they were played."""

from __future__ import annotations

import json
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import cli
from cardrules.game import AnyGame
from cardrules.simulation import GameResult, SimulationError, Summary, _spans, simulate
from tests._depth import scaled


def _table(game: AnyGame, results: list[GameResult], bots: tuple[str, ...]) -> str:
    return Summary.of(results, game=game, bots=bots, rules=game.Rules()).to_json()


@pytest.mark.parametrize("name", sorted(cardrules.GAMES))
def test_results_are_the_same_in_process_in_workers_and_for_any_chunk(name: str) -> None:
    game = cardrules.get_game(name)
    bots = ("greedy", "random")
    n = scaled(16, 24)
    here = list(simulate(game, games=n, bots=bots, seed=5))
    assert [r.index for r in here] == list(range(n))
    assert [r.seed for r in here] == list(range(5, 5 + n))
    assert list(simulate(game, games=n, bots=bots, seed=5, chunk=1)) == here
    assert list(simulate(game, games=n, bots=bots, seed=5, jobs=2, chunk=5)) == here
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert list(simulate(game, games=n, bots=bots, seed=5, executor=pool)) == here


@pytest.mark.parametrize("games", [0, 1, 7, 100, 1500])
@pytest.mark.parametrize("workers", [1, 2, 5])
def test_the_default_tasks_cover_every_game_once_and_shrink_towards_the_end(
    games: int, workers: int
) -> None:
    size = max(1, min(256, games // (workers * 8)))
    spans = list(_spans(games, size, workers * 4))
    assert [i for start, stop in spans for i in range(start, stop)] == list(range(games))
    sizes = [stop - start for start, stop in spans]
    assert all(1 <= n <= size for n in sizes)
    assert sizes == sorted(sizes, reverse=True)
    if games >= workers * 4:
        # The last tasks hold one game each: no worker is left with a long one.
        ones = workers * 4 - 1
        assert sizes[-ones:] == [1] * ones
    # A fixed chunk: every task that size but the last.
    fixed = [stop - start for start, stop in _spans(games, 3, None)]
    assert fixed == [3] * (games // 3) + ([games % 3] if games % 3 else [])


def test_a_game_depends_only_on_the_run_seed_and_its_index() -> None:
    game = cardrules.get_game("biggenbende")
    whole = list(simulate(game, games=10, bots=("greedy",), seed=100))
    # Game 7 of the run from 100 is game 0 of a run from 107.
    (alone,) = simulate(game, games=1, bots=("greedy",), seed=107)
    assert attrs.evolve(alone, index=7) == whole[7]


def test_the_summary_is_the_command_lines_table(capsys: pytest.CaptureFixture[str]) -> None:
    game = cardrules.get_game("allegra")
    rules = game.Rules(players=3)
    results = list(simulate(game, games=12, rules=rules, bots=("greedy", "random"), seed=4))
    bots = ("greedy", "random", "random")
    summary = Summary.of(results, game=game, bots=bots, rules=rules)
    argv = ["simulate", "allegra", "--games", "12", "--players", "3", "--seed", "4"]
    assert cli.main([*argv, "--bot", "greedy,random", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(summary.to_json())
    assert cli.main([*argv, "--bot", "greedy,random"]) == 0
    assert capsys.readouterr().out.strip() == summary.format()


def test_a_run_knows_its_game_bots_and_rules_so_the_summary_needs_nothing_else() -> None:
    game = cardrules.get_game("allegra")
    rules = game.Rules(players=4)
    run = simulate(game, games=8, rules=rules, bots=("greedy", "random"), seed=2)
    assert (run.game, run.bots, run.rules, run.seed) == (
        "allegra",
        ("greedy", "random", "random", "random"),
        rules,
        2,
    )
    summary = Summary.of(run)
    assert summary.format().splitlines()[0] == "allegra: 8 games, 4 players, seeds 2 to 9"
    results = list(simulate(game, games=8, rules=rules, bots=("greedy", "random"), seed=2))
    named = Summary.of(results, game=game, bots=run.bots, rules=rules)
    assert summary.to_json() == named.to_json()
    # What is named wins over what the run knows; a list of results knows nothing.
    assert Summary.of(simulate("beggar", games=1), bots=("x", "y")).bots == ("x", "y")
    assert Summary.of(results).game == ""


def test_bad_arguments_are_refused_when_simulate_is_called() -> None:
    with pytest.raises(cardrules.RulesError, match="games must be an int"):
        simulate("beggar", games=-1)


def test_the_summary_does_not_depend_on_the_order_of_results() -> None:
    game = cardrules.get_game("biggenbende")
    results = list(simulate(game, games=15, bots=("greedy", "random"), seed=9))
    bots = ("greedy", "random", "random", "random")
    forward = _table(game, results, bots)
    assert json.loads(forward)["games"] == 15
    assert _table(game, results[::-1], bots) == forward
    shuffled = results[5:] + results[:5]
    summary = Summary(game=game.name, players=4, seed=9, bots=bots, rules=game.Rules())
    for r in shuffled:
        summary.add(r)
    assert summary.to_json() == forward


def _crashing(game: AnyGame, bad_seed: int) -> AnyGame:
    def new_game(rules: Any = None, *, seed: int) -> Any:
        if seed == bad_seed:
            raise ValueError("a deal that breaks")
        return game.new_game(rules, seed=seed)

    return attrs.evolve(game, name="crashing", new_game=new_game)  # type: ignore[misc]


def _register(monkeypatch: pytest.MonkeyPatch, game: AnyGame) -> None:
    registry = {**cardrules.GAMES, game.name: game}
    monkeypatch.setattr(cardrules._registry, "GAMES", registry)


def test_a_game_that_raises_is_reported_with_its_seed_and_the_run_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _crashing(cardrules.get_game("beggar"), bad_seed=13)
    _register(monkeypatch, game)
    results = list(simulate("crashing", games=6, seed=10))
    assert [r.index for r in results] == list(range(6))
    bad = results[3]
    assert (bad.seed, bad.reason, bad.error) == (13, "error", "ValueError: a deal that breaks")
    assert all(r.error is None for r in results if r is not bad)
    summary = Summary.of(results, game=game, bots=("random", "random"))
    assert summary.reasons["error"] == 1
    assert summary.played == 5
    assert "game 3 (seed 13) raised ValueError" in summary.format()
    with pytest.raises(SimulationError, match=r"game 3 \(seed 13\) raised ValueError"):
        list(simulate("crashing", games=6, seed=10, on_error="stop"))


def test_no_game_is_lost_or_counted_twice_when_a_worker_dies(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    base = cardrules.get_game("biggenbende")
    marker = tmp_path / "died"

    def new_game(rules: Any = None, *, seed: int) -> Any:
        # The first worker to deal seed 20 dies on the spot, as if killed.
        if seed == 20 and not marker.exists():
            marker.write_text("x")
            os._exit(1)
        return base.new_game(rules, seed=seed)

    _register(monkeypatch, attrs.evolve(base, name="dying", new_game=new_game))  # type: ignore[misc]
    expected = list(simulate(base, games=40, seed=3))
    found = list(simulate("dying", games=40, seed=3, jobs=2, chunk=4))
    assert marker.exists(), "no worker died: the test did not test anything"
    assert found == expected


def test_bad_arguments_are_refused() -> None:
    game = cardrules.get_game("beggar")
    for kwargs, message in (
        ({"games": -1}, "games must be"),
        ({"games": 2, "seed": 2**64 - 1}, "seed must be"),
        ({"games": 2, "jobs": 0}, "jobs must be"),
        ({"games": 2, "chunk": 0}, "chunk must be"),
        ({"games": 2, "bots": ("random",) * 3}, "3 bots for 2 seats"),
    ):
        with pytest.raises(cardrules.RulesError, match=message):
            list(simulate(game, **kwargs))


def test_a_dask_local_cluster_gives_the_same_table_as_one_process() -> None:
    pytest.importorskip("dask.distributed", reason="the dask extra is not installed")
    from cardrules.simulation import dask_client

    game = cardrules.get_game("biggenbende")
    bots = ("greedy", "random", "random", "random")
    here = list(simulate(game, games=30, bots=bots, seed=11))
    with dask_client("local", workers=2) as client:
        assert sum(client.nthreads().values()) == 2
        there = list(simulate(game, games=30, bots=bots, seed=11, executor=client, chunk=4))
    assert there == here
    assert _table(game, there, bots) == _table(game, here, bots)


@pytest.mark.slow  # two more LocalClusters; the quick run keeps the one above
def test_two_local_clusters_at_once_start_without_a_warning() -> None:
    # The scheduler serves its health routes on 8787 unless told otherwise: a second
    # cluster (another run, another test worker) found the port taken and warned,
    # which the suite turns into an error.
    pytest.importorskip("dask.distributed", reason="the dask extra is not installed")
    from cardrules.simulation import dask_client

    with dask_client("local", workers=1) as first, dask_client("local", workers=1) as second:
        ports = [c.scheduler_info()["services"]["dashboard"] for c in (first, second)]
        assert ports[0] != ports[1]
        game = cardrules.get_game("beggar")
        assert list(simulate(game, games=4, executor=first)) == list(
            simulate(game, games=4, executor=second)
        )


@pytest.mark.slow  # a second LocalCluster; the quick run keeps the one above
def test_the_command_lines_json_is_the_same_in_process_in_workers_and_on_dask(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("dask.distributed", reason="the dask extra is not installed")
    argv = ["simulate", "biggenbende", "--games", "16", "--bot", "greedy,random", "--json"]
    tables = []
    for extra in ([], ["--jobs", "2"], ["--dask", "local", "--jobs", "2"]):
        assert cli.main([*argv, *extra]) == 0
        tables.append(capsys.readouterr().out)
    assert json.loads(tables[0])["games"] == 16
    assert tables[1] == tables[0]
    assert tables[2] == tables[0]
