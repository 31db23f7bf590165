"""
``cardrules simulate GAME --games N``: let bots play many seeded games and print a
table (or JSON) of the results.

Game ``i`` is dealt with seed ``S + i`` and every bot's seed follows from the game's
seed and its seat, so the results are the same for any number of ``--jobs`` and on a
Dask cluster (``--dask``). Games stream through :func:`cardrules.simulation.simulate`,
so memory does not grow with ``--games``; on a terminal a progress bar shows the rate
and the time left (with the ``progress`` extra).
"""

from __future__ import annotations

import argparse
import sys

import cardrules
from cardrules._progress import progress
from cardrules.bots import BOTS
from cardrules.cli._common import (
    TWO64,
    add_game_arguments,
    add_run_arguments,
    bot_names,
    make_rules,
)
from cardrules.errors import CardrulesError
from cardrules.game import Command
from cardrules.simulation import Summary, dask_client, simulate

__all__ = ["COMMAND"]


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
    # Streamed: games are handed out in chunks and folded into the table as they come,
    # so memory does not grow with --games; --jobs is capped at the number of games.
    jobs = min(args.jobs, args.games)
    summary = Summary(game=game.name, players=players, seed=args.seed, bots=names, rules=rules)
    client = dask_client(args.dask, workers=jobs) if args.dask else None
    try:
        results = simulate(
            game,
            games=args.games,
            rules=rules,
            bots=names,
            seed=args.seed,
            jobs=1 if client else jobs,
            executor=client,
        )
        with progress(f"simulating {game.name}", total=args.games, stream=sys.stderr) as bar:
            for result in results:
                summary.add(result)
                bar.advance()
    finally:
        if client is not None:
            client.close()
    print(summary.to_json() if args.json else summary.format())
    return 0


def _configure(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument(
        "--bot",
        type=bot_names,
        default=("random",),
        metavar="NAME[,NAME...]",
        help="the bots from seat 0 on, the last one filling the other seats: "
        f"{', '.join(BOTS)} (default random)",
    )
    add_run_arguments(parser, printed="summary")


COMMAND = Command(
    name="simulate",
    help="let bots play many seeded games and tabulate the results",
    configure=_configure,
    run=_run,
    description="Bots play N games; game i is dealt with seed S+i, so the results "
    "are the same for any number of --jobs.",
)
"""The ``cardrules simulate`` command."""
