"""``cardrules tournament``: the table, JSON, plot and Dask options of the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules import allegra
from cardrules.cli import main
from cardrules.tournament import BotRow, Standings, plot, tournament, wilson_interval


def test_the_table_is_the_librarys(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "biggenbende", "--bots", "random,greedy", "--games", "8", "--seed", "2"]
    assert main([*argv, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    expected = tournament("biggenbende", ("random", "greedy"), games=8, seed=2)
    assert found == expected.to_dict()
    assert main([*argv, "--jobs", "2"]) == 0
    assert capsys.readouterr().out.strip() == expected.format()


def test_the_plot_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    path = tmp_path / "standings.svg"
    assert main(["tournament", "beggar", "--games", "4", "--plot", str(path)]) == 0
    assert f"plotted to {path}" in capsys.readouterr().out
    assert b"<svg" in path.read_bytes()[:2000]


def test_too_many_bots_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "beggar", "--bots", "random,greedy,random", "--games", "2"]) == 1
    assert capsys.readouterr().err.strip() == ("cardrules: error: --bots lists 3 bots for 2 seats")


@pytest.mark.slow  # a LocalCluster of worker processes; test_simulation keeps one quick
def test_a_dask_local_cluster_gives_the_same_table(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("dask.distributed", reason="the dask extra is not installed")
    argv = ["tournament", "allegra", "--players", "3", "--games", "6", "--json"]
    assert main(argv) == 0
    here = capsys.readouterr().out
    assert main([*argv, "--dask", "local", "--jobs", "2"]) == 0
    assert capsys.readouterr().out == here


# --------------------------------------------------------------------------- --plot

ZERO_WINS = ["tournament", "allegra", "--players", "2", "--bots", "random,greedy", "--games", "10"]
"""A line-up in which the random bot wins none of its 10 seats."""


def test_a_bot_with_no_win_plots_with_the_rates_and_player_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    matplotlib = pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    path = tmp_path / "standings.svg"
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # text as text, to be read here
        assert main([*ZERO_WINS, "--json", "--plot", str(path)]) == 0
    found = json.loads(capsys.readouterr().out)
    assert [(b["bot"], b["wins"], b["seats"]) for b in found["bots"]] == [
        ("random", 0, 10),
        ("greedy", 10, 10),
    ]
    svg = path.read_text()
    for label in (">0.0%", ">0/10<", ">100.0%", ">10/10<"):  # each bar says its rate
        assert label in svg
    assert "allegra, 2 players: win rates, 95% intervals" in svg
    assert "game lengths (10 games, 2 players)" in svg


def test_0_of_200_plots_although_its_wilson_bound_rounds_above_0(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    low, high = wilson_interval(0, 200)
    assert low == 0.0  # not 1.7e-18, above the rate
    rows = (
        BotRow("random", 200, 0, 0.0, low, high, 1.0),
        BotRow("greedy", 200, 200, 1.0, *wilson_interval(200, 200), 9.0),
    )
    standings = Standings("biggenbende", 4, 100, 0, rows, ((500, 60), (700, 40)))
    path = tmp_path / "standings.png"
    plot(standings, str(path))
    assert path.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("as_json", [False, True])
def test_a_failing_plot_keeps_the_standings_and_exits_1(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    as_json: bool,
) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")

    def broken(standings: Standings, path: str) -> None:
        raise ValueError("'yerr' must not contain negative values")

    monkeypatch.setattr("cardrules.cli.tournament.plot", broken)
    path = tmp_path / "standings.png"
    argv = [*ZERO_WINS, "--plot", str(path)] + (["--json"] if as_json else [])
    assert main(argv) == 1
    out, err = capsys.readouterr()
    expected = tournament(
        "allegra", ("random", "greedy"), games=10, rules=allegra.Rules(players=2)
    )
    if as_json:
        assert json.loads(out) == expected.to_dict()
    else:
        assert out.strip() == expected.format()
    assert err.strip() == (
        f"cardrules: error: --plot {path}: the plot could not be drawn (ValueError: 'yerr' "
        "must not contain negative values); the standings above are complete"
    )


@pytest.mark.parametrize(
    ("name", "fragment"),
    [
        ("standings.txt", "the file name must end in one of "),
        ("no/such/dir/standings.png", "no such directory"),
    ],
)
def test_a_plot_file_that_cannot_be_written_is_refused_before_the_games(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    fragment: str,
) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")

    def no_games(*args: object, **kwargs: object) -> Standings:
        raise AssertionError("the games ran")

    monkeypatch.setattr("cardrules.cli.tournament.tournament", no_games)
    path = tmp_path / name
    assert main([*ZERO_WINS, "--plot", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"cardrules: error: --plot {path}: {fragment}")
