"""
``cardrules beggar``: play a Beggar-my-neighbour deal out, or check the record games.

The command uses Beggar's own extras (:func:`play_out`, :func:`notation`,
:data:`RECORD_GAMES`); the command line adds it as a subcommand through
``GAME.commands``. A stack such as ``---K--...`` starts with ``-``: the command line
hands a game's command its positional arguments as they are.
"""

from __future__ import annotations

import argparse

from cardrules.beggar._deal import new_game, notation
from cardrules.beggar._fast import play_out
from cardrules.beggar._records import RECORD_GAMES
from cardrules.beggar._state import Rules
from cardrules.errors import CardrulesError
from cardrules.game import AnyGame, Command

__all__ = ["COMMAND"]


def _configure(parser: argparse.ArgumentParser) -> None:
    # The command line's argument helpers; imported here, since the command line
    # imports the registry, which imports this game.
    from cardrules.cli._common import positive_int, seed_arg

    parser.add_argument("stacks", nargs="*", metavar="STACK", help="one stack per seat")
    parser.add_argument("--seed", type=seed_arg, metavar="S", help="deal with a seed instead")
    parser.add_argument("--players", type=positive_int, metavar="N", help="seats for --seed")
    parser.add_argument(
        "--records", action="store_true", help="check and print the known record games"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a rule option"
    )


def _run(args: argparse.Namespace) -> int:
    from cardrules.cli._common import make_rules

    if args.records:
        return _records(args)
    if args.stacks and args.seed is not None:
        raise CardrulesError("give stacks or --seed, not both")
    if args.stacks:
        if not 2 <= len(args.stacks) <= 4:
            raise CardrulesError(f"give 2 to 4 stacks, not {len(args.stacks)}")
        if args.players is not None and args.players != len(args.stacks):
            raise CardrulesError(f"--players {args.players} but {len(args.stacks)} stacks")
        rules = make_rules(_game(), len(args.stacks), args.option)
        state = new_game(rules, stacks=tuple(args.stacks))
    elif args.seed is not None:
        rules = make_rules(_game(), args.players, args.option)
        state = new_game(rules, seed=args.seed)
    else:
        raise CardrulesError("give 2 to 4 stacks, --seed S or --records")
    result = play_out(state)
    for seat, stack in enumerate(notation(state.stacks)):
        print(f"seat {seat}: {stack}")
    until = " (until the repeat was found)" if result.cycle is not None else ""
    print(f"cards: {result.cards}{until}")
    print(f"tricks: {result.tricks}{until}")
    if result.cycle is not None:
        c = result.cycle
        print(
            f"endless: the cycle is entered after {c.start_cards} cards and "
            f"{c.start_tricks} tricks, and is {c.length_cards} cards and "
            f"{c.length_tricks} tricks long"
        )
    elif result.state.ended == "card_limit":
        # BM-10: the most cards wins, ties all win; the pile counts for nobody.
        sizes = [len(stack) for stack in result.state.stacks]
        held = ", ".join(f"seat {s} {n}" for s, n in enumerate(sizes))
        print(f"stopped by the card limit (BM-10); cards held: {held}")
        best = [s for s, n in enumerate(sizes) if n == max(sizes)]
        if len(best) == 1:
            print(f"winner: seat {best[0]}")
        else:
            print("winners (a tie): " + ", ".join(f"seat {s}" for s in best))
    else:
        print(f"winner: seat {result.winner}")
    return 0


def _game() -> AnyGame:
    from cardrules.beggar import GAME

    return GAME


def _records(args: argparse.Namespace) -> int:
    """Print the record games, each checked by playing it out."""
    if args.stacks or args.seed is not None:
        raise CardrulesError("--records takes no stacks and no --seed")
    bad = 0
    print(f"{'record':<12} {'year':>4}  {'cards':>7}  {'tricks':>6}  check  deal")
    for rec in RECORD_GAMES:
        state = new_game(Rules(players=len(rec.stacks)), stacks=tuple(rec.stacks))
        result = play_out(state)
        if rec.cycle is not None:
            ok = result.cycle == rec.cycle
            cards, tricks = "endless", ""
        else:
            ok = (result.cards, result.tricks) == (rec.cards, rec.tricks)
            cards, tricks = str(rec.cards), str(rec.tricks)
        bad += not ok
        mark = "ok" if ok else "FAILED"
        deal = " ".join(rec.stacks)
        print(f"{rec.name:<12} {rec.year:>4}  {cards:>7}  {tricks:>6}  {mark:<5}  {deal}")
        if rec.cycle is not None:
            c = rec.cycle
            print(
                f"{'':<12} {'':>4}  the cycle is entered after {c.start_cards} cards and "
                f"{c.start_tricks} tricks; it is {c.length_cards} cards and "
                f"{c.length_tricks} tricks long"
            )
    if bad:
        raise CardrulesError(f"{bad} record games did not play out to their published counts")
    print(f"all {len(RECORD_GAMES)} record games play out to their published counts")
    return 0


COMMAND = Command(
    name="beggar",
    help="play a Beggar-my-neighbour deal out; the record games",
    configure=_configure,
    run=_run,
    description="Play a Beggar-my-neighbour deal to the end and print its cards, tricks "
    "and winner, or its cycle. A stack is 26 characters for two players (- a number "
    "card, A K Q J), the top card first.",
)
"""The ``cardrules beggar`` command."""
