"""
``cardrules replay FILE``: check a saved record move by move and print it.

Every move is checked by the game's ``apply``; a move that breaks a rule is reported
with its number and rule (exit status 1). ``--step`` shows the position before each
move and pauses. ``--html OUT`` writes the game as one self-contained HTML page to step
through in a browser (see :func:`cardrules.svg.replay_html`).
"""

from __future__ import annotations

import argparse

import cardrules
from cardrules._render import render_outcome
from cardrules.cli._common import broken_move, kind_of, load, replay_record, told, view_text
from cardrules.errors import CardrulesError, IllegalMoveError
from cardrules.game import Command
from cardrules.serialize import _start

__all__ = ["COMMAND"]


def _line(seat: int, shown: str) -> str:
    """
    A move's line: what it showed, led by the seat that moved unless it names it first.

    >>> _line(2, "seat 2 draws 7"), _line(2, "play 1 x 10")
    ('seat 2 draws 7', 'seat 2: play 1 x 10')
    """
    return shown if shown.startswith(f"seat {seat} ") else f"seat {seat}: {shown}"


def _run(args: argparse.Namespace) -> int:
    record = load(args.file)
    kind = kind_of(record)
    if kind != "record":
        raise CardrulesError(f"{args.file}: holds a {kind}, not a record")
    game = cardrules.get_game(record.game)
    if args.html is not None:
        replay_record(args.file, game, record)  # a broken move: its number and rule
        return _write_html(args.file, record, args.html)
    if (record.seed is None) == (record.start is None):
        raise CardrulesError(f"{args.file}: a record needs exactly one of seed and start")
    state = _start(record, game)
    origin = "from a saved position" if record.start is not None else f"seed {record.seed}"
    players = game.players(state)
    total = len(record.moves)
    print(f"{game.name}: {players} players, {origin}, {total} moves")
    stepping = pausing = bool(args.step)
    width = len(str(max(total, 1)))
    for index, move in enumerate(record.moves):
        seat = game.to_move(state)
        if stepping and seat is not None:
            print()
            print(f"--- seat {seat} to move, move {index + 1} of {total} ---")
            print(view_text(game, game.view(state, seat), you="to move"))
        try:
            after = game.apply(state, move)
        except IllegalMoveError as exc:
            raise broken_move(args.file, record, index, seat, exc) from None
        assert seat is not None  # apply accepted the move, so the game was not over
        # As the mover saw it: a record holds every card anyway, and the mover sees
        # what the move revealed (the card turned, the card drawn).
        shown = told(game, state, move, after, seat, you=False)
        state = after
        print(f"{index + 1:>{width}}. {_line(seat, shown)}")
        if pausing:
            try:
                answer = input("Enter: next move, c: no more pauses, q: stop ")
            except EOFError:  # nobody to answer: show the rest without pausing
                print()
                answer = "c"
            if answer.strip().lower() == "q":
                return 0
            if answer.strip().lower() == "c":
                pausing = False
    outcome = game.outcome(state)
    if outcome is None:
        seat = game.to_move(state)
        print(f"the record ends before the game is over; seat {seat} to move")
    else:
        print(render_outcome(outcome))
    return 0


def _write_html(path: str, record: cardrules.Record, out: str) -> int:
    """``--html OUT``: check every move and write the page that steps through the game."""
    from cardrules.svg import replay_html

    page = replay_html(record)
    try:
        with open(out, "w", encoding="utf-8") as handle:
            handle.write(page)
    except OSError as exc:
        raise CardrulesError(f"cannot write {out}: {exc.strerror}") from None
    print(f"{record.game}: {len(record.moves)} moves written to {out}")
    return 0


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE")
    parser.add_argument(
        "--step", action="store_true", help="show the position before each move and pause"
    )
    parser.add_argument(
        "--html",
        metavar="OUT",
        help="write the game to OUT as one self-contained HTML page that steps through it "
        "(buttons and arrow keys; the whole table or one seat's view)",
    )


COMMAND = Command(
    name="replay",
    help="check a saved record move by move and print it",
    configure=_configure,
    run=_run,
    description="Check every move of a saved record and print the game. A move that "
    "breaks a rule is reported with its number and rule (exit status 1).",
)
"""The ``cardrules replay`` command."""
