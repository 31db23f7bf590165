"""
``cardrules play GAME``: play one seat in the terminal against bots, or watch bots play.

Each turn shows the seat's view, the running scores and the numbered legal moves,
with what each kind of move means the first time it is offered; the person enters a
number (or a move's text), ``?`` for the moves and keys, ``rules`` for the rules of the
game, or ``q`` to stop and be offered to save. With only one legal move, Enter takes
it, ``t`` plays on to the end of the trick (or round) and ``g`` plays on until there
is a choice again. The other seats are bots; what each move showed is told as the
person's seat saw it. ``--watch`` lets bots take every seat, one move per Enter or one
every ``--delay`` seconds.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

import cardrules
from cardrules._render import render_outcome
from cardrules.bots import BOTS, Bot, _Memories, _seat_seed, make_bot
from cardrules.cli._common import (
    Quit,
    ask,
    game_of,
    kind_of,
    load,
    make_rules,
    move_kind,
    move_meaning,
    move_text,
    positive_int,
    replay_record,
    rules_text,
    scores_text,
    seconds_arg,
    seed_arg,
    told,
    view_text,
)
from cardrules.errors import CardrulesError
from cardrules.game import AnyGame, Command

__all__ = ["COMMAND"]


@attrs.define
class _Session:
    """A game being played in the terminal: enough to save it as a record."""

    game: AnyGame
    rules: Any
    seed: int | None
    start: Any
    moves: list[Any]
    state: Any
    explained: set[type[Any]] = attrs.field(factory=set)
    """The kinds of move whose meaning the person has been shown."""
    auto: str | None = None
    """``"t"`` or ``"g"`` while the person's forced moves play by themselves."""

    def record(self) -> Any:
        return cardrules.Record(
            game=self.game.name,
            rules=self.rules,
            seed=self.seed,
            moves=tuple(self.moves),
            start=self.start,
        )

    def save(self, path: str) -> None:
        Path(path).write_text(cardrules.dumps(self.record()) + "\n", encoding="utf-8")
        print(f"saved the game ({len(self.moves)} moves) to {path}")


def _new_session(args: argparse.Namespace) -> _Session:
    if args.resume is not None:
        obj = load(args.resume)
        kind = kind_of(obj)
        if kind == "record":
            game = cardrules.get_game(obj.game)
            state = replay_record(args.resume, game, obj)
            session = _Session(game, obj.rules, obj.seed, obj.start, list(obj.moves), state)
        elif kind == "state":
            game = game_of(obj)
            session = _Session(game, obj.rules, None, obj, [], obj)
        else:
            raise CardrulesError(
                f"{args.resume}: holds a {kind}; only a record or a state can be resumed"
            )
        if args.game is not None and args.game != game.name:
            raise CardrulesError(f"{args.resume}: is a {game.name} game, not {args.game}")
        if args.players is not None and args.players != game.players(state):
            raise CardrulesError(
                f"{args.resume}: has {game.players(state)} players, not {args.players}"
            )
        return session
    if args.game is None:
        raise CardrulesError("name a game to play (or --resume FILE)")
    game = cardrules.get_game(args.game)
    rules = make_rules(game, args.players, args.option)
    if args.seed is not None:
        seed = args.seed
    else:
        # A fresh deal from the whole seed range: the seed predicts every hidden card, so
        # it is not shown until the game is over (and a small range could be searched).
        import secrets

        seed = secrets.randbelow(2**64)
    state = game.new_game(rules, seed=seed)
    return _Session(game, rules, seed, None, [], state)


def _columns(entries: Sequence[str], width: int, *, short: int = 12) -> list[str]:
    """
    Lay out a long list of moves in as many columns as fit in ``width``.

    Numbers run down the columns; a list of ``short`` entries or fewer keeps one
    column, so a long list (a game may offer hundreds of moves) does not
    push the drawing of the position off the screen.

    >>> _columns(["1. a", "2. b", "3. cc"], 20, short=2)
    ['  1. a    3. cc', '  2. b']
    >>> _columns(["1. a", "2. b"], 80)
    ['  1. a', '  2. b']
    """
    cell = max(map(len, entries), default=0) + 3
    columns = 1 if len(entries) <= short else max(1, (width - 2) // cell)
    rows = -(-len(entries) // columns)
    lines = []
    for row in range(rows):
        cells = [entries[i] for i in range(row, len(entries), rows)]
        lines.append("  " + "".join(cell_text.ljust(cell) for cell_text in cells).rstrip())
    return lines


def _wrap(text: str, indent: str = "  ") -> list[str]:
    """A long line wrapped to the terminal, indented."""
    width = max(40, shutil.get_terminal_size().columns - 1)
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent + "  ")


def _meanings(game: AnyGame, legal: Sequence[Any], kinds: set[type[Any]] | None) -> list[str]:
    """What each kind of move among ``legal`` does (only the ``kinds`` given, if given)."""
    lines: list[str] = []
    for kind in dict.fromkeys(type(move) for move in legal):
        meaning = move_meaning(kind)
        if meaning and (kinds is None or kind in kinds):
            lines += _wrap(f"{move_kind(kind)}: {meaning}")
    return lines


def _keys(game: AnyGame, forced: bool) -> list[str]:
    """The keys the prompt understands."""
    lines = ["  a number, or a move as listed: play that move"]
    if forced:
        lines.append("  Enter: play the only move")
        if _milestones(game):
            lines.append("  t: play your only moves on until a trick or round ends")
        lines.append("  g: play your only moves on until you have a choice or the game ends")
    lines += [
        "  rules: the rules of the game",
        "  ? or help: the moves and these keys",
        "  q: stop (you are offered to save the game)",
    ]
    return lines


def _choose(session: _Session, seat: int, legal: Sequence[Any]) -> Any:
    """
    Show the seat's view and moves; read a choice until it is valid.

    While the person has only one legal move and asked for it with ``t`` or ``g``
    (``session.auto``), the move is taken without a word.
    """
    game = session.game
    forced = len(legal) == 1
    if forced and session.auto is not None:
        return legal[0]
    session.auto = None
    print()
    print(f"--- seat {seat} (you) to move, move {len(session.moves) + 1} ---")
    print(view_text(game, game.view(session.state, seat)))
    names = [f"seat {s}" + (" (you)" if s == seat else "") for s in range(_players(session))]
    scores = scores_text(game, session.state, names)
    if scores is not None:
        print(scores)
    print("your moves:")
    width = len(str(len(legal)))
    entries = [
        f"{number:>{width}}. {move_text(game, move)}" for number, move in enumerate(legal, 1)
    ]
    for line in _columns(entries, shutil.get_terminal_size().columns):
        print(line)
    # The first time a kind of move is offered, what it means (a knock, a pass, ...).
    new = {type(move) for move in legal} - session.explained
    for line in _meanings(game, legal, new):
        print(line)
    session.explained |= new
    by_text: dict[str, list[Any]] = {}
    for move in legal:
        by_text.setdefault(move_text(game, move).lower(), []).append(move)
    if forced:
        more = ", t" if _milestones(game) else ""
        prompt = f"move 1 (Enter takes it{more}, g, ? help, q quits): "
    else:
        prompt = f"move 1-{len(legal)} (? help, q quits): "
    while True:
        answer = ask(prompt).strip()
        if not sys.stdin.isatty():
            print()  # the answer is not echoed: end the prompt's line
        low = answer.lower()
        if low in ("q", "quit", "exit"):
            raise Quit("q")
        # isdecimal, not isdigit: int() refuses digits such as "²".
        if answer.isdecimal() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        matches = by_text.get(low, [])
        if len(matches) == 1:  # a move's own text wins over a key
            return matches[0]
        if low in ("?", "help"):
            print("your moves:")
            for line in _columns(entries, shutil.get_terminal_size().columns):
                print(line)
            print("what they do:")
            for line in _meanings(game, legal, None):
                print(line)
            print("keys:")
            for line in _keys(game, forced):
                print(line)
            continue
        if low == "rules":
            print(rules_text(game))
            continue
        if forced and (not answer or (low == "t" and _milestones(game)) or low == "g"):
            session.auto = low or None
            return legal[0]
        if forced:
            print("please press Enter (or 1) for the only move, ? for help, or q to quit")
        else:
            print(f"please enter a number from 1 to {len(legal)}, ? for help, or q to quit")


def _milestones(game: AnyGame) -> tuple[type[Any], ...]:
    """The game's event classes that end a trick or a round (``GameSpec.milestones``)."""
    return tuple(getattr(game, "milestones", ()))


def _players(session: _Session) -> int:
    return session.game.players(session.state)


def _offer_save(session: _Session, save: str | None) -> None:
    """
    Ask whether to save the unfinished game; any odd answer means no.

    A file that cannot be written is reported and another name is asked for, so
    the game is not lost to a typing mistake.
    """
    while True:
        try:
            if save is not None:
                answer = input(f"save the game to {save}? [Y/n] ").strip().lower()
                path = save if answer in ("", "y", "yes") else ""
            else:
                path = input("save the game? file name (empty: do not save): ").strip()
            if not sys.stdin.isatty():
                print()  # the answer is not echoed: end the prompt's line
        except (EOFError, KeyboardInterrupt):
            print()
            path = ""
        if not path:
            print("not saved")
            return
        try:
            session.save(path)
            return
        except OSError as exc:
            print(f"cannot write {path}: {exc.strerror or exc}")
            save = None  # ask for another file name


def _check_save_path(path: str) -> None:
    """Refuse a ``--save`` file that could never be written, before the game starts."""
    target = Path(path)
    if target.is_dir():
        raise CardrulesError(f"--save {path}: is a directory")
    if not target.parent.is_dir():
        raise CardrulesError(f"--save {path}: no such directory: {target.parent}")


def _pause(args: argparse.Namespace, watching: dict[str, bool]) -> None:
    """
    Between two moves watched: sleep ``--delay`` seconds, or wait for Enter.

    ``c`` (or the end of the input) goes on without pauses; ``q`` stops.
    """
    if args.delay is not None:
        time.sleep(args.delay)
        return
    if not watching["pausing"]:
        return
    try:
        answer = input("Enter: next move, c: no more pauses, q: stop ").strip().lower()
    except EOFError:  # nobody to answer: show the rest without pausing
        print()
        answer = "c"
    if not sys.stdin.isatty():
        print()
    if answer == "q":
        raise Quit("q")
    if answer == "c":
        watching["pausing"] = False


def _run(args: argparse.Namespace) -> int:
    if args.save is not None:
        _check_save_path(args.save)
    if args.resume is not None and (args.seed is not None or args.option):
        # The saved game fixes the deal and the rules; ignoring these would mislead.
        raise CardrulesError("--seed and --option cannot be used with --resume")
    if args.delay is not None and not args.watch:
        raise CardrulesError("--delay paces --watch; add --watch to watch bots play")
    session = _new_session(args)
    game = session.game
    players = game.players(session.state)
    watch: bool = args.watch
    seat: int | None = None if watch else args.seat
    if seat is not None and not 0 <= seat < players:
        raise CardrulesError(f"--seat must be in 0..{players - 1}, not {seat}")
    base = session.seed if session.seed is not None else 0
    bots: dict[int, Bot] = {
        s: make_bot(args.bot, game, seed=_seat_seed(base, s)) for s in range(players) if s != seat
    }
    # A searching bot (ISMCTS) is handed worlds redealt for its seat, as play_game does,
    # which keep what it saw since this session began.
    sampling = {s for s, bot in bots.items() if getattr(bot, "samples_worlds", False)}
    memories = _Memories(game, sampling)
    if session.seed is None:
        where = "a saved position"
    elif args.resume is not None:
        where = "a saved game"
    elif args.seed is not None or watch:
        where = f"seed {session.seed}"  # chosen by the player, or nobody plays to win
    else:
        where = "a random deal"  # its seed is shown once the game is over
    if watch:
        if args.delay is None:
            pace = "Enter plays the next move, c plays on without pauses, q stops"
        elif args.delay == 0:
            pace = "no pauses"
        else:
            pace = f"a move every {args.delay:g} s"
        print(f"{game.name}: {players} players, {where}; {args.bot} bots in every seat; {pace}")
    else:
        print(
            f"{game.name}: {players} players, {where}; you play seat {seat} against "
            f"{args.bot} bots. Enter a move's number; ? for help, rules for the rules; q quits."
        )
    if session.moves:
        print(f"resuming after {len(session.moves)} moves")
    names = [f"seat {s}" + (" (you)" if s == seat else "") for s in range(players)]
    milestones = _milestones(game)
    watching = {"pausing": True}
    try:
        while not game.is_over(session.state):
            mover = game.to_move(session.state)
            assert mover is not None
            legal = game.legal_moves(session.state)
            before = session.state
            if mover == seat:
                move = _choose(session, seat, legal)
                who = "you"
            else:
                if watch:
                    print()
                    print(
                        f"--- seat {mover} ({args.bot}) to move, move {len(session.moves) + 1} ---"
                    )
                    print(view_text(game, game.view(session.state, mover), you="to move"))
                    scores = scores_text(game, session.state, names)
                    if scores is not None:
                        print(scores)
                    _pause(args, watching)
                if mover in sampling:
                    move = bots[mover].choose_in_worlds(  # type: ignore[attr-defined]
                        game.view(session.state, mover), legal, memories.worlds(before, mover)
                    )
                else:
                    move = bots[mover].choose(game.view(session.state, mover), legal)
                who = args.bot
            session.state = game.apply(session.state, move)
            session.moves.append(move)
            memories.tell(before, move, session.state, mover)
            if watch:
                # As the mover saw it, every seat named: nobody here is "you".
                shown = told(game, before, move, session.state, mover, you=False)
                lead = f"seat {mover} "
                if shown.startswith(lead):
                    print(f"seat {mover} ({who}) {shown.removeprefix(lead)}")
                else:
                    print(f"seat {mover} ({who}): {shown}")
                continue
            # What happened, as the person's seat saw it (no hidden card leaks).
            assert seat is not None
            print(f"seat {mover} ({who}): {told(game, before, move, session.state, seat)}")
            if session.auto == "t" and game.events is not None:
                seen = game.events(before, move, session.state, seat)
                if any(isinstance(event, milestones) for event in seen):
                    session.auto = None  # the trick (or round) is over: ask again
    except Quit as stop:
        if stop.how == "eof":
            print("end of input; stopping")
            if args.save is not None:
                session.save(args.save)
        else:
            _offer_save(session, args.save)
        return 0
    except KeyboardInterrupt:
        print("\ninterrupted")
        _offer_save(session, args.save)
        return 130
    print()
    if seat is None:  # watched: the end as seat 0 sees it, nobody called "you"
        print(view_text(game, game.view(session.state, 0), you="this view"))
    else:
        print(view_text(game, game.view(session.state, seat)))
    outcome = game.outcome(session.state)
    assert outcome is not None
    print(render_outcome(outcome, names=names))
    if session.seed is not None and args.seed is None and args.resume is None and not watch:
        print(f"the deal's seed was {session.seed}")
    if args.save is not None:
        session.save(args.save)
    return 0


def _configure(parser: argparse.ArgumentParser) -> None:
    games = ", ".join(sorted(cardrules.GAMES))
    parser.add_argument("game", nargs="?", metavar="GAME", help=f"one of: {games}")
    parser.add_argument("--players", type=positive_int, metavar="N", help="number of seats")
    parser.add_argument("--seat", type=int, default=0, metavar="K", help="your seat (default 0)")
    parser.add_argument(
        "--seed", type=seed_arg, metavar="S", help="seed of the deal (default: random)"
    )
    parser.add_argument(
        "--bot", choices=BOTS, default="greedy", help="the other seats' bots (default greedy)"
    )
    parser.add_argument("--save", metavar="FILE", help="write the game as a record to FILE")
    parser.add_argument("--resume", metavar="FILE", help="continue a saved record or state")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rule option of the game's Rules (repeatable)",
    )
    parser.add_argument(
        "--watch",
        action="store_true",
        help="watch bots (--bot) play every seat, one move per Enter (c: no more pauses)",
    )
    parser.add_argument(
        "--delay",
        type=seconds_arg,
        metavar="SECONDS",
        help="with --watch: play on by itself, one move every SECONDS (0: at once)",
    )


COMMAND = Command(
    name="play",
    help="play one seat against bots in the terminal, or watch bots play",
    configure=_configure,
    run=_run,
    description="Play one seat against bots. Each turn shows your view, the scores and the "
    "numbered legal moves; enter a number, ? for the moves and keys, rules for the rules of "
    "the game, or q to stop (you are offered to save). With one legal move, Enter takes it, "
    "t plays on to the end of the trick or round and g until you have a choice. --watch "
    "lets bots play every seat.",
)
"""The ``cardrules play`` command."""
