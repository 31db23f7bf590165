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
from cardrules.cli._common import add_game_arguments, add_run_arguments, bot_names, make_rules
from cardrules.errors import CardrulesError
from cardrules.game import Command
from cardrules.simulation import dask_client
from cardrules.tournament import _check_plot_path, plot, tournament

__all__ = ["COMMAND"]


def _run(args: argparse.Namespace) -> int:
    game = cardrules.get_game(args.game)
    rules = make_rules(game, args.players, args.option)
    players = game.players(game.new_game(rules, seed=args.seed))
    names: tuple[str, ...] = args.bots
    if len(names) > players:
        raise CardrulesError(f"--bots lists {len(names)} bots for {players} seats")
    if args.plot:
        _check_plot_path(args.plot)  # before the games, not after them
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
    # The standings first, so that a failing plot cannot lose them.
    print(standings.to_json() if args.json else standings.format(), flush=True)
    if args.plot:
        try:
            plot(standings, args.plot)
        except CardrulesError:
            raise
        except Exception as exc:  # matplotlib's many errors, or a disk that is full
            raise CardrulesError(
                f"--plot {args.plot}: the plot could not be drawn ({type(exc).__name__}: "
                f"{exc}); the standings above are complete"
            ) from exc
        if not args.json:
            print(f"plotted to {args.plot}")
    return 0


def _configure(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument(
        "--bots",
        type=bot_names,
        default=("random", "greedy"),
        metavar="NAME,NAME[,...]",
        help="the bots that meet, filling the seats in turn (default random,greedy)",
    )
    add_run_arguments(parser, printed="standings")
    parser.add_argument(
        "--plot",
        metavar="FILE",
        help="draw the win rates and game lengths to FILE.png or FILE.svg (needs the plot extra)",
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
