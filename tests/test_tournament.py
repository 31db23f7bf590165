"""cardrules.tournament: rotated seats, win rates with intervals, text, JSON and plots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cardrules
from cardrules.simulation import seat_bots, simulate
from cardrules.tournament import Standings, plot, tournament, wilson_interval


def test_each_bot_plays_each_seat_equally_often() -> None:
    lineup = ("random", "greedy", "random")
    seats: dict[tuple[str, int], int] = {}
    for index in range(9):
        for seat, bot in enumerate(seat_bots(lineup, index, rotate=True)):
            seats[bot, seat] = seats.get((bot, seat), 0) + 1
    assert {k: v for k, v in seats.items() if k[0] == "greedy"} == {
        ("greedy", 0): 3,
        ("greedy", 1): 3,
        ("greedy", 2): 3,
    }
    assert all(seats["random", s] == 6 for s in range(3))


def test_standings_count_every_seat_of_every_game() -> None:
    game = cardrules.get_game("biggenbende")
    standings = tournament(game, ("random", "greedy"), games=12, seed=2)
    results = list(simulate(game, games=12, seed=2, bots=("random", "greedy") * 2, rotate=True))
    wins = {"random": 0, "greedy": 0}
    for r in results:
        for seat, bot in enumerate(seat_bots(("random", "greedy") * 2, r.index, rotate=True)):
            wins[bot] += seat in r.winners
    assert {row.bot: row.wins for row in standings.rows} == wins
    assert [row.seats for row in standings.rows] == [24, 24]
    assert sum(c for _, c in standings.lengths) == 12
    greedy = standings.rows[1]
    assert greedy.low <= greedy.win_rate <= greedy.high


def test_greedy_beats_random_clearly_in_biggenbende() -> None:
    standings = tournament("biggenbende", ("random", "greedy"), games=40, seed=0)
    random_row, greedy_row = standings.rows
    assert greedy_row.low > random_row.high


def test_standings_are_the_same_with_workers() -> None:
    one = tournament("allegra", ("greedy", "random"), games=10, seed=3)
    two = tournament("allegra", ("greedy", "random"), games=10, seed=3, jobs=2, chunk=3)
    assert one == two
    assert json.loads(one.to_json())["bots"][0]["bot"] == "greedy"
    assert "95% interval" in one.format()


def test_wilson_interval_matches_the_formula() -> None:
    low, high = wilson_interval(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 10)[0] == 0.0


def test_bad_line_ups_are_refused() -> None:
    with pytest.raises(cardrules.RulesError, match="3 bots for 2 seats"):
        tournament("beggar", ("random",) * 3, games=2)
    with pytest.raises(cardrules.RulesError, match="at least one bot"):
        tournament("beggar", (), games=2)


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_plot_draws_the_win_rates_and_lengths(tmp_path: Path, suffix: str) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    standings = tournament("beggar", ("random", "greedy"), games=6, seed=1)
    path = tmp_path / f"standings{suffix}"
    plot(standings, str(path))
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in data[:2000]


def test_standings_to_dict_has_a_fair_share() -> None:
    standings = Standings("g", 4, 0, 0, (), ())
    assert standings.to_dict()["fair_share"] == 0.25
