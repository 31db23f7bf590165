"""
Bot tournaments: rotated seats, win rates with 95% confidence intervals, mean scores.

:func:`tournament` plays ``games`` seeded games through
:func:`cardrules.simulation.simulate`, turning the line-up of bots one seat from game
to game, so that each bot plays each seat equally often. Every (game, seat) is one
trial for the bot in that seat: a win when the seat is among the winners (a tie is a
win for every tied seat). :class:`Standings` reports, per bot, the win rate with a
Wilson score interval, the mean score, and the distribution of game lengths.

>>> import cardrules
>>> from cardrules.tournament import tournament
>>> game = next(iter(cardrules.GAMES.values()))
>>> standings = tournament(game, ("random", "greedy"), games=8, seed=1)
>>> [row.bot for row in standings.rows], standings.games
(['random', 'greedy'], 8)
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from cardrules._registry import get_game
from cardrules.errors import CardrulesError, RulesError
from cardrules.game import AnyGame
from cardrules.simulation import GameResult, Submitter, seat_bots, simulate

__all__ = ["BotRow", "Standings", "plot", "tournament", "wilson_interval"]

_Z95 = 1.959963984540054


def wilson_interval(wins: int, trials: int, *, z: float = _Z95) -> tuple[float, float]:
    """
    The Wilson score interval of a win rate (95% by default).

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    >>> wilson_interval(0, 200)[0], wilson_interval(200, 200)[1]
    (0.0, 1.0)
    """
    if trials == 0:
        return 0.0, 1.0
    p = wins / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At 0 wins (or all) the bound is exactly the rate; rounding would leave it a hair
    # off (0/200 gives 1.7e-18), above the rate.
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == trials else min(1.0, centre + half)
    return low, high


@attrs.frozen
class BotRow:
    """One bot's line in the standings."""

    bot: str
    """The bot's name."""
    seats: int
    """Seats it played, over every game (its trials)."""
    wins: int
    """Seats of its that won."""
    win_rate: float
    """``wins / seats``."""
    low: float
    """The lower end of the 95% Wilson interval of the win rate."""
    high: float
    """The upper end."""
    mean_score: float
    """Its mean score per seat played."""


@attrs.frozen
class Standings:
    """The result of a :func:`tournament`."""

    game: str
    """The game's name."""
    players: int
    """Seats per game."""
    games: int
    """Games played (errors excluded)."""
    seed: int
    """The seed of game 0."""
    rows: tuple[BotRow, ...]
    """One row per bot, in the order the bots were given."""
    lengths: tuple[tuple[int, int], ...]
    """``(moves, games)`` pairs: how many games took that many moves."""
    errors: int = 0
    """Games that raised (reported by :func:`~cardrules.simulation.simulate`)."""

    def to_dict(self) -> dict[str, Any]:
        """
        The standings as plain JSON data.

        >>> Standings("g", 2, 0, 0, (), ()).to_dict()["bots"]
        []
        """
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "errors": self.errors,
            "fair_share": round(1 / self.players, 4) if self.players else 0.0,
            "bots": [
                {
                    "bot": r.bot,
                    "seats": r.seats,
                    "wins": r.wins,
                    "win_rate": round(r.win_rate, 4),
                    "ci95": [round(r.low, 4), round(r.high, 4)],
                    "mean_score": round(r.mean_score, 3),
                }
                for r in self.rows
            ],
            "lengths": {str(moves): count for moves, count in self.lengths},
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict())

    def format(self) -> str:
        """The standings as a text table."""
        lines = [
            f"{self.game}: {self.games} games, {self.players} players, seats rotated, "
            f"seeds {self.seed} to {self.seed + self.games + self.errors - 1}",
            "",
            "bot       seats   wins  win rate  95% interval     mean score",
        ]
        for r in self.rows:
            lines.append(
                f"{r.bot:<8} {r.seats:>6} {r.wins:>6}  {100 * r.win_rate:>7.1f}%  "
                f"{100 * r.low:>5.1f}% - {100 * r.high:>5.1f}%  {r.mean_score:>10.2f}"
            )
        lines.append("")
        share = 100 / self.players if self.players else 0.0
        lines.append(f"a tie counts as a win for every tied seat; a fair share is {share:.1f}%")
        moves = [m for m, c in self.lengths for _ in range(c)]
        if moves:
            mean = sum(moves) / len(moves)
            lines.append(f"moves per game: mean {mean:.1f}, min {moves[0]}, max {moves[-1]}")
        if self.errors:
            lines.append(f"games that raised: {self.errors}")
        return "\n".join(lines)


def tournament(
    game: AnyGame | str,
    bots: Sequence[str],
    *,
    games: int,
    rules: Any = None,
    seed: int = 0,
    jobs: int = 1,
    executor: Submitter | None = None,
    chunk: int | None = None,
    on_result: Callable[[GameResult], object] | None = None,
) -> Standings:
    """
    Play ``games`` games between ``bots`` with the seats rotated; return the standings.

    The bots fill the seats in turn (two bots in a four-player game: a b a b), and
    game ``i`` turns that line-up ``i`` seats, so with ``games`` a multiple of the
    player count each bot plays each seat equally often. Seeds, jobs, executor and
    chunk work as in :func:`~cardrules.simulation.simulate`: the standings are the
    same wherever the games ran. ``on_result`` is called with every game's result as
    it comes (for a progress bar).

    Raises:
        RulesError: for no bots, more bots than seats, or a bad count.
    """
    resolved = get_game(game) if isinstance(game, str) else game
    rules = resolved.Rules() if rules is None else rules
    players = resolved.players(resolved.new_game(rules, seed=0))
    names = tuple(bots)
    if not names:
        raise RulesError("a tournament needs at least one bot")
    if len(names) > players:
        raise RulesError(f"{len(names)} bots for {players} seats")
    lineup = tuple(names[s % len(names)] for s in range(players))
    results: Iterator[GameResult] = simulate(
        resolved,
        games=games,
        rules=rules,
        bots=lineup,
        seed=seed,
        jobs=jobs,
        executor=executor,
        chunk=chunk,
        rotate=True,
    )
    if on_result is not None:
        results = _tapped(results, on_result)
    return _standings(resolved, names, lineup, results, seed)


def _tapped(
    results: Iterator[GameResult], on_result: Callable[[GameResult], object]
) -> Iterator[GameResult]:
    for result in results:
        on_result(result)
        yield result


def _standings(
    game: AnyGame,
    names: tuple[str, ...],
    lineup: tuple[str, ...],
    results: Iterable[GameResult],
    seed: int,
) -> Standings:
    seats = dict.fromkeys(names, 0)
    wins = dict.fromkeys(names, 0)
    scores = dict.fromkeys(names, 0)
    lengths: dict[int, int] = {}
    played = errors = 0
    for result in results:
        if result.error is not None:
            errors += 1
            continue
        played += 1
        lengths[result.moves] = lengths.get(result.moves, 0) + 1
        winners = set(result.winners)
        for seat, bot in enumerate(seat_bots(lineup, result.index, rotate=True)):
            seats[bot] += 1
            wins[bot] += seat in winners
            scores[bot] += result.scores[seat]
    rows = []
    for bot in names:
        n = seats[bot]
        low, high = wilson_interval(wins[bot], n)
        rows.append(
            BotRow(
                bot=bot,
                seats=n,
                wins=wins[bot],
                win_rate=wins[bot] / n if n else 0.0,
                low=low,
                high=high,
                mean_score=scores[bot] / n if n else 0.0,
            )
        )
    return Standings(
        game=game.name,
        players=len(lineup),
        games=played,
        seed=seed,
        rows=tuple(rows),
        lengths=tuple(sorted(lengths.items())),
        errors=errors,
    )


def _pyplot() -> Any:
    """matplotlib's pyplot, drawing to files only, or a clear error naming the extra."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise CardrulesError(
            "--plot needs the plot extra: pip install 'cardrules[plot]'"
        ) from None
    return plt


def _check_plot_path(path: str) -> None:
    """
    Refuse a plot file that could never be written, before a long tournament runs.

    Raises:
        CardrulesError: if matplotlib is missing, the file name's format is not one
            matplotlib writes, or its directory does not exist.
    """
    plt = _pyplot()
    formats = plt.figure().canvas.get_supported_filetypes()
    plt.close("all")
    target = Path(path)
    suffix = target.suffix.lower().lstrip(".")
    if suffix not in formats:
        shown = ", ".join(f".{name}" for name in sorted(formats))
        raise CardrulesError(f"--plot {path}: the file name must end in one of {shown}")
    if target.is_dir():
        raise CardrulesError(f"--plot {path}: is a directory")
    if not target.parent.is_dir():
        raise CardrulesError(f"--plot {path}: no such directory: {target.parent}")


def plot(standings: Standings, path: str) -> None:
    """
    Draw the win rates with their 95% intervals, and the game lengths, to ``path``.

    Each bar is labelled with its win rate; the titles give the game, the player
    count and the number of games. A rate at an end of its interval (0 wins, or
    every seat won) draws a one-sided error bar. The format follows the file name
    (``.png``, ``.svg``, ``.pdf``).

    Raises:
        CardrulesError: if matplotlib is not installed (``pip install 'cardrules[plot]'``).
    """
    plt = _pyplot()
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4.5))
    try:
        bots = [r.bot for r in standings.rows]
        rates = [100 * r.win_rate for r in standings.rows]
        # Never negative: an end of the interval may sit on the rate (0 wins).
        below = [max(0.0, 100 * (r.win_rate - r.low)) for r in standings.rows]
        above = [max(0.0, 100 * (r.high - r.win_rate)) for r in standings.rows]
        bars = left.bar(bots, rates, yerr=[below, above], capsize=6, color="#4c72b0")
        labels = [f"{100 * r.win_rate:.1f}%\n{r.wins}/{r.seats}" for r in standings.rows]
        highs = [100 * r.high for r in standings.rows]
        for bar, label, high in zip(bars, labels, highs, strict=True):
            # Above the error bar, where the number cannot hide behind it.
            left.annotate(
                label,
                (bar.get_x() + bar.get_width() / 2, high),
                xytext=(0, 4),
                textcoords="offset points",
                ha="center",
                va="bottom",
                fontsize=9,
            )
        left.set_ylim(0, 118)  # room for a label over a 100% bar
        title = f"{standings.game}, {standings.players} players: win rates, 95% intervals"
        if standings.players:
            share = 100 / standings.players
            left.axhline(share, color="grey", linestyle="--")
            # In the title, not a legend box that could cover a bar's label.
            title += f"\ndashed: a fair share, {share:.1f}%"
        left.set_ylabel("win rate per seat played (%)")
        left.set_title(title, fontsize=10)
        moves = [m for m, _ in standings.lengths]
        counts = [c for _, c in standings.lengths]
        if moves:
            right.hist(moves, weights=counts, bins=min(40, len(moves)), color="#55a868")
        right.yaxis.get_major_locator().set_params(integer=True)
        right.set_xlabel("moves per game")
        right.set_ylabel("games")
        right.set_title(
            f"game lengths ({standings.games} games, {standings.players} players)", fontsize=10
        )
        fig.tight_layout()
        fig.savefig(path)
    finally:
        plt.close(fig)
