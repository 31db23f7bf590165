"""
``cardrules simulate GAME --games N``: let bots play many seeded games and print a
table (or JSON) of the results.

Game ``i`` is dealt with seed ``S + i`` and every bot's seed follows from the game's
seed and its seat, so the results are the same for any number of ``--jobs``.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

import attrs

import cardrules
from cardrules.bots import _seat_seed, make_bot, play_game
from cardrules.cli._common import TWO64, bot_names, make_rules, positive_int, seed_arg
from cardrules.errors import CardrulesError
from cardrules.game import AnyGame, Command

__all__ = ["COMMAND"]


# One game's result, small and picklable: winners, scores, moves, reason, cut rounds.
_Result = tuple[tuple[int, ...], tuple[int, ...], int, str, int]
_Task = tuple[str, Any, int, tuple[str, ...]]


def _simulate_one(task: _Task) -> _Result:
    """Play one seeded game with bots (run in a worker process or inline)."""
    name, rules, seed, bot_names = task
    game = cardrules.get_game(name)
    bots = [make_bot(b, game, seed=_seat_seed(seed, s)) for s, b in enumerate(bot_names)]
    state, moves = play_game(game, bots, seed=seed, rules=rules)
    outcome = game.outcome(state)
    assert outcome is not None
    return (
        tuple(sorted(outcome.winners)),
        tuple(outcome.scores),
        len(moves),
        outcome.reason,
        len(outcome.cut_rounds),
    )


def _ignore_sigint() -> None:  # pragma: no cover - runs in worker processes
    # The parent handles Ctrl-C; workers stay quiet instead of printing tracebacks.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_tasks(tasks: Sequence[_Task], jobs: int) -> Iterator[_Result]:
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(_simulate_one, tasks)
        return
    from concurrent.futures import ProcessPoolExecutor  # only for --jobs: a slow import

    chunk = max(1, min(16, len(tasks) // (jobs * 8)))
    executor = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_sigint)
    try:
        yield from executor.map(_simulate_one, tasks, chunksize=chunk)
    except BaseException:
        executor.shutdown(wait=False, cancel_futures=True)
        raise
    executor.shutdown()


class _Progress:
    """A one-line progress bar on a terminal stream; silent elsewhere."""

    def __init__(self, label: str, total: int, stream: TextIO) -> None:
        self.label = label
        self.total = total
        self.stream = stream
        self.enabled = stream.isatty()
        self.shown = -1

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        width = 30
        filled = width * done // max(1, self.total)
        if filled == self.shown and done != self.total:
            return
        self.shown = filled
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{self.total}")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\r" + " " * (len(self.label) + 50) + "\r")
            self.stream.flush()


def _summarise(
    game: AnyGame,
    rules: Any,
    seed: int,
    bot_names: Sequence[str],
    results: Sequence[_Result],
) -> dict[str, Any]:
    players = len(bot_names)
    n = len(results)
    wins = [0] * players
    sole_wins = [0] * players
    totals = [0] * players
    reasons: dict[str, int] = {}
    no_winner = 0
    cut = 0
    moves = [r[2] for r in results]
    for winners, scores, _moves, reason, cut_rounds in results:
        for s in winners:
            wins[s] += 1
        if len(winners) == 1:
            sole_wins[winners[0]] += 1
        if not winners:
            no_winner += 1
        for s, score in enumerate(scores):
            totals[s] += score
        reasons[reason] = reasons.get(reason, 0) + 1
        cut += cut_rounds
    rules_data = attrs.asdict(rules) if attrs.has(type(rules)) else repr(rules)
    return {
        "game": game.name,
        "players": players,
        "games": n,
        "seed": seed,
        "bots": list(bot_names),
        "rules": rules_data,
        "wins": wins,
        "sole_wins": sole_wins,
        "win_rate": [round(w / n, 4) if n else 0.0 for w in wins],
        "mean_score": [round(t / n, 3) if n else 0.0 for t in totals],
        "no_winner": no_winner,
        "moves": {
            "mean": round(sum(moves) / n, 2) if n else 0.0,
            "max": max(moves, default=0),
        },
        "reasons": dict(sorted(reasons.items())),
        "cut_rounds": cut,
    }


def _format_summary(summary: dict[str, Any]) -> str:
    n = summary["games"]
    last = summary["seed"] + n - 1
    lines = [
        f"{summary['game']}: {n} games, {summary['players']} players, "
        f"seeds {summary['seed']} to {last}",
        "",
        "seat  bot     wins  win rate  sole wins  mean score",
    ]
    for s in range(summary["players"]):
        lines.append(
            f"{s:>4}  {summary['bots'][s]:<6} {summary['wins'][s]:>5}  "
            f"{100 * summary['win_rate'][s]:>7.1f}%  {summary['sole_wins'][s]:>9}  "
            f"{summary['mean_score'][s]:>10.2f}"
        )
    lines.append("")
    lines.append("a tie counts as a win for every tied seat")
    if summary["no_winner"]:
        lines.append(f"games without a winner: {summary['no_winner']}")
    moves = summary["moves"]
    lines.append(f"moves per game: mean {moves['mean']:.1f}, max {moves['max']}")
    ended = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in summary["reasons"].items())
    lines.append(f"how games ended: {ended}")
    lines.append(f"rounds cut by a limit: {summary['cut_rounds']}")
    return "\n".join(lines)


def _run(args: argparse.Namespace) -> int:
    game = cardrules.get_game(args.game)
    rules = make_rules(game, args.players, args.option)
    players = game.players(game.new_game(rules, seed=args.seed))
    names: tuple[str, ...] = args.bot
    if len(names) > players:
        raise CardrulesError(f"--bot lists {len(names)} bots for {players} seats")
    # The last name fills the remaining seats: "greedy,random" is one greedy bot.
    names += names[-1:] * (players - len(names))
    if args.seed + args.games > TWO64:
        raise CardrulesError("--seed + --games must stay below 2**64")
    tasks = [(game.name, rules, args.seed + i, names) for i in range(args.games)]
    progress = _Progress(f"simulating {game.name}", len(tasks), sys.stderr)
    results: list[_Result] = []
    try:
        progress.update(0)
        for result in _run_tasks(tasks, args.jobs):
            results.append(result)
            progress.update(len(results))
    finally:
        progress.close()
    summary = _summarise(game, rules, args.seed, names, results)
    if args.json:
        print(json.dumps(summary, default=str))
    else:
        print(_format_summary(summary))
    return 0


def _configure(parser: argparse.ArgumentParser) -> None:
    games = ", ".join(sorted(cardrules.GAMES))
    parser.add_argument("game", metavar="GAME", help=f"one of: {games}")
    parser.add_argument(
        "--games", type=positive_int, required=True, metavar="N", help="how many games"
    )
    parser.add_argument("--players", type=positive_int, metavar="N", help="number of seats")
    parser.add_argument(
        "--seed", type=seed_arg, default=0, metavar="S", help="first seed (default 0)"
    )
    parser.add_argument(
        "--bot",
        type=bot_names,
        default=("random",),
        metavar="NAME[,NAME...]",
        help="the bots from seat 0 on, the last one filling the other seats: random, "
        "greedy (default random)",
    )
    parser.add_argument(
        "--jobs", type=positive_int, default=1, metavar="J", help="worker processes (default 1)"
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a rule option"
    )


COMMAND = Command(
    name="simulate",
    help="let bots play many seeded games and tabulate the results",
    configure=_configure,
    run=_run,
    description="Bots play N games; game i is dealt with seed S+i, so the results "
    "are the same for any number of --jobs.",
)
"""The ``cardrules simulate`` command."""
