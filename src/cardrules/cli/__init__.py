"""
The ``cardrules`` command line (also ``python -m cardrules``).

Commands:

- ``cardrules play GAME``: play one seat in the terminal against bots.
- ``cardrules simulate GAME --games N``: let bots play many seeded games and
  print a table of the results.
- ``cardrules tournament GAME --bots random,greedy --games N``: bots against each
  other with the seats rotated; win rates with 95% intervals.
- ``cardrules replay FILE``: check a saved record move by move and print it.
- ``cardrules serve --db games.sqlite3 --port N``: run a game server with a table
  in the browser (the ``server`` extra).
- every command a registered game adds (:attr:`Game.commands
  <cardrules.Game.commands>`), for example a command that uses the game's own
  extras.

Each command lives in its own module (:mod:`cardrules.cli.play`, ...) as a
:class:`~cardrules.Command`, the same kind of object a game adds. The commands work
through the :class:`~cardrules.Game` protocol only, so a registered game gets all of
them for free.

Usage errors exit with status 2 and argparse's message; an unknown game, an
unreadable or invalid file, a bad deal or a broken record exit with status 1
and one line ``cardrules: error: ...`` on stderr. No command prints a
traceback.

>>> import cardrules
>>> main(["simulate", sorted(cardrules.GAMES)[0], "--games", "3", "--json"])
... # doctest: +ELLIPSIS
{"game": ...}
0
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence

import cardrules
from cardrules.cli import play as _play
from cardrules.cli import replay as _replay
from cardrules.cli import serve as _serve
from cardrules.cli import simulate as _simulate
from cardrules.cli import tournament as _tournament
from cardrules.cli._common import PROG as _PROG
from cardrules.cli._common import error as _error
from cardrules.errors import CardrulesError
from cardrules.game import AnyGame, Command

__all__ = ["main"]

_COMMANDS: tuple[Command, ...] = (
    _play.COMMAND,
    _simulate.COMMAND,
    _tournament.COMMAND,
    _replay.COMMAND,
    _serve.COMMAND,
)
"""The command line's own commands; the games' commands follow them."""


def _build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The parser, and the parsers of the games' commands by name."""
    names = ", ".join(sorted(cardrules.GAMES))
    parser = argparse.ArgumentParser(
        prog=_PROG,
        description=f"Rules engines for card games: {names}.",
        epilog=f"'{_PROG} COMMAND --help' lists a command's options.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {cardrules.__version__}")
    # Not required=True: with no command, main lists the commands (see _no_command).
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    game_commands: dict[str, argparse.ArgumentParser] = {}
    commands: list[tuple[AnyGame | None, Command]] = [(None, c) for c in _COMMANDS]
    commands += [(game, c) for game in cardrules.GAMES.values() for c in game.commands]
    taken: dict[str, str] = {}
    for game, command in commands:
        owner = "the command line" if game is None else f"game {game.name!r}"
        if command.name in taken:
            raise CardrulesError(
                f"{owner} adds the command {command.name!r}, which {taken[command.name]} "
                "has already"
            )
        taken[command.name] = owner
        sub = subparsers.add_parser(
            command.name, help=command.help, description=command.description or None
        )
        command.configure(sub)
        sub.set_defaults(func=command.run)
        if game is not None:
            game_commands[command.name] = sub
    return parser, game_commands


def _commands_text(parser: argparse.ArgumentParser) -> str:
    """
    The usage line and every command with its one line of help.

    >>> print(_commands_text(_build_parser()[0]))  # doctest: +ELLIPSIS
    usage: cardrules [-h] [--version] COMMAND ...
    <BLANKLINE>
    commands:
      play        play one seat against bots in the terminal, or watch bots play
    ...
    """
    # argparse has no public listing of a parser's subcommands.
    subparsers = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    rows = [
        (c.dest, (c.help or "").replace("%%", "%"))
        for a in subparsers
        for c in a._get_subactions()
    ]
    width = max((len(name) for name, _ in rows), default=0)
    lines = [parser.format_usage().rstrip(), "", "commands:"]
    lines += [f"  {name:<{width}}  {text}".rstrip() for name, text in rows]
    return "\n".join(lines)


# A long option is lower case: an argument such as "--KQ-..." is no option.
_LONG_OPTION = re.compile(r"--[a-z][-a-z_]*(=.*)?")


def _positionals_last(argv: list[str], parser: argparse.ArgumentParser) -> list[str]:
    """
    Move the positional arguments of a game's command after ``--``, so that one that
    starts with ``-`` (cards in a game's notation, such as ``---K--``) is not taken
    for an option.

    ``argv[0]`` is the command. Every later argument that is not an option (a lower
    case ``--name``, or one of the command's own option strings such as ``-h``) or an
    option's value is positional; positionals keep their order. An argument list
    that already holds ``--`` is left alone.

    >>> sub = argparse.ArgumentParser()
    >>> _ = sub.add_argument("cards", nargs="*")
    >>> _ = sub.add_argument("--seed")
    >>> _ = sub.add_argument("--all", action="store_true")
    >>> _positionals_last(["deal", "-K--", "--all"], sub)
    ['deal', '--all', '--', '-K--']
    >>> _positionals_last(["deal", "K-X", "--se", "3", "--K-"], sub)
    ['deal', '--se', '3', '--', 'K-X', '--K-']
    >>> _positionals_last(["deal", "--seed=3", "-K"], sub)
    ['deal', '--seed=3', '--', '-K']
    """
    if "--" in argv:
        return argv
    # The command's options that take a value (argparse also takes their abbreviations).
    actions = parser._option_string_actions  # argparse has no public listing
    takes_value = [name for name, action in actions.items() if action.nargs != 0]
    head, rest = argv[:1], argv[1:]
    options: list[str] = []
    positionals: list[str] = []
    value_next = False
    for arg in rest:
        if value_next:
            options.append(arg)
            value_next = False
        elif _LONG_OPTION.fullmatch(arg) or arg in actions:
            options.append(arg)
            value_next = "=" not in arg and any(name.startswith(arg) for name in takes_value)
        else:
            positionals.append(arg)
    if not positionals:
        return argv
    return [*head, *options, "--", *positionals]


def _prepare(argv: list[str], game_commands: dict[str, argparse.ArgumentParser]) -> list[str]:
    """The arguments, with the positionals of a game's command protected."""
    command = next((i for i, arg in enumerate(argv) if not arg.startswith("-")), None)
    if command is None or argv[command] not in game_commands:
        return argv
    sub = game_commands[argv[command]]
    return argv[:command] + _positionals_last(argv[command:], sub)


def main(argv: Sequence[str] | None = None) -> int:
    """
    Run the command line.

    Args:
        argv: the arguments after the program name; ``sys.argv[1:]`` by default.

    Returns:
        The exit status: 0 on success, 1 for an error (one line on stderr), 2 for
        a usage error, 130 after Ctrl-C.

    >>> main(["replay", "no-such-file.json"])
    1
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        parser, game_commands = _build_parser()
    except CardrulesError as exc:
        _error(str(exc))
        return 1
    try:
        args = parser.parse_args(_prepare(args_list, game_commands))
    except SystemExit as exc:  # a usage error (2, message printed), --help or --version
        return exc.code if isinstance(exc.code, int) else 0
    if args.command is None:
        # As argparse treats a missing argument (status 2, on stderr), but with the
        # commands listed, so that a bare `cardrules` shows where to start.
        print(_commands_text(parser), file=sys.stderr)
        _error(f"name a command; '{_PROG} COMMAND --help' lists its options")
        return 2
    func: Callable[[argparse.Namespace], int] = args.func
    try:
        return func(args)
    except CardrulesError as exc:
        _error(str(exc))
        return 1
    except BrokenPipeError:
        # The reader went away (``cardrules ... | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as exc:
        name = f"{exc.filename}: " if exc.filename else ""
        _error(f"{name}{exc.strerror or exc}")
        return 1
    except KeyboardInterrupt:
        print(file=sys.stderr)
        _error("interrupted")
        return 130
    except Exception as exc:  # a bug: still one line, but say what it was
        if os.environ.get("CARDRULES_DEBUG"):
            raise
        _error(
            f"internal error, please report it (set CARDRULES_DEBUG=1 for the traceback): "
            f"{type(exc).__name__}: {exc}"
        )
        return 1
