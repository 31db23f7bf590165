"""``cardrules tournament``: the table, JSON, plot and Dask options of the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules.cli import main
from cardrules.tournament import tournament


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


def test_a_dask_local_cluster_gives_the_same_table(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("dask.distributed", reason="the dask extra is not installed")
    argv = ["tournament", "allegra", "--players", "3", "--games", "6", "--json"]
    assert main(argv) == 0
    here = capsys.readouterr().out
    assert main([*argv, "--dask", "local", "--jobs", "2"]) == 0
    assert capsys.readouterr().out == here
