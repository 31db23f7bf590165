"""
``cardrules tournament GAME --bots random,greedy --games N``: bots against each other
with the seats rotated; win rates with 95% intervals and mean scores, as text or JSON,
and optionally a plot.

Game ``i`` is dealt with seed ``S + i`` and turns the line-up of bots ``i`` seats, so
each bot plays each seat equally often, and the table is the same wherever the games
ran: in this process, with ``--jobs``, or on a Dask cluster with ``--dask``.
"""

from __future__ import annotations

import argparse
import sys

import cardrules
from cardrules._progress import progress
from cardrules.cli._common import bot_names, make_rules, positive_int, seed_arg
from cardrules.errors import CardrulesError
from cardrules.game import Command
from cardrules.simulation import dask_client
from cardrules.tournament import plot, tournament

__all__ = ["COMMAND"]


def _run(args: argparse.Namespace) -> int:
    game = cardrules.get_game(args.game)
    rules = make_rules(game, args.players, args.option)
    players = game.players(game.new_game(rules, seed=args.seed))
    names: tuple[str, ...] = args.bots
    if len(names) > players:
        raise CardrulesError(f"--bots lists {len(names)} bots for {players} seats")
    client = dask_client(args.dask, workers=args.jobs) if args.dask else None
    try:
        with progress(f"{game.name} tournament", total=args.games, stream=sys.stderr) as bar:
            standings = tournament(
                game,
                names,
                games=args.games,
                rules=rules,
                seed=args.seed,
                jobs=1 if client else args.jobs,
                executor=client,
                on_result=lambda _: bar.advance(),
            )
    finally:
        if client is not None:
            client.close()
    print(standings.to_json() if args.json else standings.format())
    if args.plot:
        plot(standings, args.plot)
        if not args.json:
            print(f"plotted to {args.plot}")
    return 0


def _configure(parser: argparse.ArgumentParser) -> None:
    games = ", ".join(sorted(cardrules.GAMES))
    parser.add_argument("game", metavar="GAME", help=f"one of: {games}")
    parser.add_argument(
        "--bots",
        type=bot_names,
        default=("random", "greedy"),
        metavar="NAME,NAME[,...]",
        help="the bots that meet, filling the seats in turn (default random,greedy)",
    )
    parser.add_argument(
        "--games", type=positive_int, required=True, metavar="N", help="how many games"
    )
    parser.add_argument("--players", type=positive_int, metavar="N", help="number of seats")
    parser.add_argument(
        "--seed", type=seed_arg, default=0, metavar="S", help="first seed (default 0)"
    )
    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=1,
        metavar="J",
        help="worker processes (default 1); with --dask local, the cluster's workers",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run on a Dask cluster: a scheduler address (tcp://host:8786) or 'local' "
        "for a LocalCluster (needs the dask extra)",
    )
    parser.add_argument("--json", action="store_true", help="print the standings as JSON")
    parser.add_argument(
        "--plot",
        metavar="FILE",
        help="draw the win rates and game lengths to FILE.png or FILE.svg (needs the plot extra)",
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a rule option"
    )


COMMAND = Command(
    name="tournament",
    help="bots against each other, seats rotated: win rates with 95%% intervals",
    configure=_configure,
    run=_run,
    description="Bots play N games with the seats rotated from game to game; game i is "
    "dealt with seed S+i, so the table is the same with any --jobs or on --dask.",
)
"""The ``cardrules tournament`` command."""
