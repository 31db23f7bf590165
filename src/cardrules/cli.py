"""
The ``cardrules`` command line (also ``python -m cardrules``).

Commands:

- ``cardrules play GAME``: play one seat in the terminal against bots.
- ``cardrules simulate GAME --games N``: let bots play many seeded games and
  print a table of the results.
- ``cardrules replay FILE``: check a saved record move by move and print it.
- ``cardrules beggar STACK STACK | --seed S | --records``: play a
  Beggar-my-neighbour deal out, or check the record games.

Everything except ``beggar`` works through the :class:`~cardrules.Game`
protocol only, so a game added to the registry gets it for free.

Usage errors exit with status 2 and argparse's message; an unknown game, an
unreadable or invalid file, a bad deal or a broken record exit with status 1
and one line ``cardrules: error: ...`` on stderr. No command prints a
traceback.

>>> main(["simulate", "beggar", "--games", "3", "--json"])  # doctest: +ELLIPSIS
{"game": "beggar", ...}
0
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import shutil
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs

import cardrules
from cardrules._render import render_move, render_outcome, render_played, render_view
from cardrules.bots import BOTS, Bot, _seat_seed, make_bot
from cardrules.errors import CardrulesError, GameOverError, IllegalMoveError
from cardrules.game import AnyGame

__all__ = ["main"]

_PROG = "cardrules"
_TWO64 = 1 << 64


class _Quit(Exception):
    """The person asked to stop: ``q`` (``how == "q"``) or the end of input (``"eof"``)."""

    def __init__(self, how: str) -> None:
        super().__init__(how)
        self.how = how


# --------------------------------------------------------------------------- helpers


def _error(message: str) -> None:
    print(f"{_PROG}: error: {message}", file=sys.stderr)


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if not 0 <= value < _TWO64:
        raise argparse.ArgumentTypeError(f"must be in [0, 2**64), not {value}")
    return value


def _bot_names(text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(","))
    for name in names:
        if name not in BOTS:
            raise argparse.ArgumentTypeError(
                f"unknown bot {name!r} (choose from {', '.join(BOTS)})"
            )
    return names


def _option_value(text: str) -> Any:
    """An ``--option`` value: an int, ``none``, ``true``/``false``, a comma list or text."""
    if "," in text:
        return tuple(_option_value(part) for part in text.split(",") if part.strip())
    low = text.strip().lower()
    if low == "none":
        return None
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(low)
    except ValueError:
        return text


def _make_rules(game: AnyGame, players: int | None, options: Sequence[str]) -> Any:
    """The game's ``Rules`` with a player count and ``KEY=VALUE`` options."""
    kwargs: dict[str, Any] = {}
    if players is not None:
        kwargs["players"] = players
    known = [f.name for f in attrs.fields(game.Rules)] if attrs.has(game.Rules) else []
    for option in options:
        key, sep, raw = option.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise CardrulesError(f"--option expects KEY=VALUE, not {option!r}")
        if known and key not in known:
            raise CardrulesError(
                f"{game.name} has no rule option {key!r}; options: {', '.join(known)}"
            )
        kwargs[key] = _option_value(raw)
    try:
        return game.Rules(**kwargs)
    except CardrulesError:
        raise
    except (TypeError, ValueError) as exc:
        raise CardrulesError(f"invalid rules for {game.name}: {exc}") from None


def _load(path: str) -> Any:
    """Read a file written by :func:`cardrules.dumps`; errors name the file."""
    data = Path(path).read_bytes()
    try:
        return cardrules.loads(data)
    except CardrulesError as exc:
        raise CardrulesError(f"{path}: {exc}") from None


def _game_of(obj: object) -> AnyGame:
    """The game whose ``State`` class ``obj`` is an instance of."""
    for game in cardrules.GAMES.values():
        if isinstance(obj, game.State):
            return game
    raise CardrulesError(f"not a state of a known game: {type(obj).__name__}")


def _kind(obj: object) -> str:
    if isinstance(obj, cardrules.Record):
        return "record"
    for game in cardrules.GAMES.values():
        if isinstance(obj, game.State):
            return "state"
        if isinstance(obj, game.View):
            return "view"
    return "move"


def _ask(prompt: str) -> str:
    """Read one line from stdin after ``prompt``; :class:`_Quit` at end of input."""
    try:
        return input(prompt)
    except EOFError:
        print()
        raise _Quit("eof") from None


# --------------------------------------------------------------------------- play


@attrs.define
class _Session:
    """A game being played in the terminal: enough to save it as a record."""

    game: AnyGame
    rules: Any
    seed: int | None
    start: Any
    moves: list[Any]
    state: Any

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
        obj = _load(args.resume)
        kind = _kind(obj)
        if kind == "record":
            game = cardrules.get_game(obj.game)
            state = _replay_record(args.resume, game, obj)
            session = _Session(game, obj.rules, obj.seed, obj.start, list(obj.moves), state)
        elif kind == "state":
            game = _game_of(obj)
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
    rules = _make_rules(game, args.players, args.option)
    if args.seed is not None:
        seed = args.seed
    else:  # a fresh deal, with a short seed to quote (not game randomness)
        import secrets

        seed = secrets.randbelow(10**6)
    state = game.new_game(rules, seed=seed)
    return _Session(game, rules, seed, None, [], state)


def _columns(entries: Sequence[str], width: int, *, short: int = 12) -> list[str]:
    """
    Lay out a long list of moves in as many columns as fit in ``width``.

    Numbers run down the columns; a list of ``short`` entries or fewer keeps one
    column, so a long list (an Allegra exchange offers up to 225 moves) does not
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


def _choose(session: _Session, seat: int, legal: Sequence[Any]) -> Any:
    """Show the seat's view and moves; read a choice until it is valid."""
    game = session.game
    print()
    print(f"--- seat {seat} (you) to move, move {len(session.moves) + 1} ---")
    print(render_view(game.name, game.view(session.state, seat)))
    print("your moves:")
    width = len(str(len(legal)))
    entries = [f"{number:>{width}}. {render_move(move)}" for number, move in enumerate(legal, 1)]
    for line in _columns(entries, shutil.get_terminal_size().columns):
        print(line)
    by_text: dict[str, list[Any]] = {}
    for move in legal:
        by_text.setdefault(render_move(move).lower(), []).append(move)
    prompt = "move 1 (Enter takes it" if len(legal) == 1 else f"move 1-{len(legal)} ("
    prompt += ", q quits): " if len(legal) == 1 else "q quits): "
    while True:
        answer = _ask(prompt).strip()
        if not sys.stdin.isatty():
            print()  # the answer is not echoed: end the prompt's line
        if answer.lower() in ("q", "quit", "exit"):
            raise _Quit("q")
        if not answer and len(legal) == 1:
            return legal[0]
        # isdecimal, not isdigit: int() refuses digits such as "²".
        if answer.isdecimal() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        matches = by_text.get(answer.lower(), [])
        if len(matches) == 1:
            return matches[0]
        if len(legal) == 1:
            print("please press Enter (or 1) for the only move, or q to quit")
        else:
            print(f"please enter a number from 1 to {len(legal)}, or q to quit")


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


def _cmd_play(args: argparse.Namespace) -> int:
    if args.save is not None:
        _check_save_path(args.save)
    if args.resume is not None and (args.seed is not None or args.option):
        # The saved game fixes the deal and the rules; ignoring these would mislead.
        raise CardrulesError("--seed and --option cannot be used with --resume")
    session = _new_session(args)
    game = session.game
    players = game.players(session.state)
    seat: int = args.seat
    if not 0 <= seat < players:
        raise CardrulesError(f"--seat must be in 0..{players - 1}, not {seat}")
    base = session.seed if session.seed is not None else 0
    bots: dict[int, Bot] = {
        s: make_bot(args.bot, game, seed=_seat_seed(base, s)) for s in range(players) if s != seat
    }
    where = f"seed {session.seed}" if session.seed is not None else "a saved position"
    print(
        f"{game.name}: {players} players, {where}; you play seat {seat} against "
        f"{args.bot} bots. Enter a move's number; q quits."
    )
    if session.moves:
        print(f"resuming after {len(session.moves)} moves")
    try:
        while not game.is_over(session.state):
            mover = game.to_move(session.state)
            assert mover is not None
            legal = game.legal_moves(session.state)
            before = game.view(session.state, seat)
            if mover == seat:
                move = _choose(session, seat, legal)
                who = "you"
            else:
                move = bots[mover].choose(game.view(session.state, mover), legal)
                who = args.bot
            session.state = game.apply(session.state, move)
            session.moves.append(move)
            # What happened, as the person's own view shows it (no hidden card leaks).
            shown = render_played(game.name, move, before, game.view(session.state, seat))
            print(f"seat {mover} ({who}): {shown}")
    except _Quit as stop:
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
    print(render_view(game.name, game.view(session.state, seat)))
    outcome = game.outcome(session.state)
    assert outcome is not None
    names = [f"seat {s}" + (" (you)" if s == seat else "") for s in range(players)]
    print(render_outcome(outcome, names=names))
    if args.save is not None:
        session.save(args.save)
    return 0


# --------------------------------------------------------------------------- simulate

# One game's result, small and picklable: winners, scores, moves, reason, cut rounds.
_Result = tuple[tuple[int, ...], tuple[int, ...], int, str, int]
_Task = tuple[str, Any, int, tuple[str, ...]]


def _simulate_one(task: _Task) -> _Result:
    """Play one seeded game with bots (run in a worker process or inline)."""
    from cardrules.bots import play_game

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


def _cmd_simulate(args: argparse.Namespace) -> int:
    game = cardrules.get_game(args.game)
    rules = _make_rules(game, args.players, args.option)
    players = game.players(game.new_game(rules, seed=args.seed))
    names: tuple[str, ...] = args.bot
    if len(names) > players:
        raise CardrulesError(f"--bot lists {len(names)} bots for {players} seats")
    # The last name fills the remaining seats: "greedy,random" is one greedy bot.
    names += names[-1:] * (players - len(names))
    if args.seed + args.games > _TWO64:
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


# --------------------------------------------------------------------------- replay


def _broken_move(
    path: str, record: Any, index: int, seat: int | None, exc: IllegalMoveError
) -> CardrulesError:
    """The one-line error for move ``index`` of a saved record, which ``exc`` refused."""
    move = record.moves[index]
    if isinstance(exc, GameOverError):
        extra = len(record.moves) - index
        too_many = "1 move" if extra == 1 else f"{extra} moves"
        return CardrulesError(
            f"{path}: move {index + 1} ({render_move(move)}) comes after the end "
            f"of the game ({too_many} too many)"
        )
    return CardrulesError(
        f"{path}: move {index + 1} (seat {seat}: {render_move(move)}) breaks rule "
        f"{exc.rule}: {exc.reason}"
    )


def _replay_record(path: str, game: AnyGame, record: Any) -> Any:
    """Play a loaded record back, checking every move; errors name the file and move."""
    state = record.start
    if state is None:
        state = game.new_game(record.rules, seed=record.seed)
    for index, move in enumerate(record.moves):
        seat = game.to_move(state)
        try:
            state = game.apply(state, move)
        except IllegalMoveError as exc:
            raise _broken_move(path, record, index, seat, exc) from None
    return state


def _cmd_replay(args: argparse.Namespace) -> int:
    record = _load(args.file)
    kind = _kind(record)
    if kind != "record":
        raise CardrulesError(f"{args.file}: holds a {kind}, not a record")
    game = cardrules.get_game(record.game)
    if (record.seed is None) == (record.start is None):
        raise CardrulesError(f"{args.file}: a record needs exactly one of seed and start")
    if record.start is not None:
        state = record.start
        origin = "from a saved position"
    else:
        state = game.new_game(record.rules, seed=record.seed)
        origin = f"seed {record.seed}"
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
            print(render_view(game.name, game.view(state, seat), you="to move"))
        try:
            after = game.apply(state, move)
        except IllegalMoveError as exc:
            raise _broken_move(args.file, record, index, seat, exc) from None
        assert seat is not None  # apply accepted the move, so the game was not over
        # The mover's views: a record holds every card anyway, and these show
        # what the move revealed (the card turned, the card drawn).
        shown = render_played(game.name, move, game.view(state, seat), game.view(after, seat))
        state = after
        print(f"{index + 1:>{width}}. seat {seat}: {shown}")
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


# --------------------------------------------------------------------------- beggar


def _cmd_beggar(args: argparse.Namespace) -> int:
    # The one game-specific command: it uses Beggar's own extras (play_out, records).
    b: Any = importlib.import_module("cardrules.beggar")
    if args.records:
        if args.stacks or args.seed is not None:
            raise CardrulesError("--records takes no stacks and no --seed")
        return _beggar_records(b)
    if args.stacks and args.seed is not None:
        raise CardrulesError("give stacks or --seed, not both")
    if args.stacks:
        if not 2 <= len(args.stacks) <= 4:
            raise CardrulesError(f"give 2 to 4 stacks, not {len(args.stacks)}")
        if args.players is not None and args.players != len(args.stacks):
            raise CardrulesError(f"--players {args.players} but {len(args.stacks)} stacks")
        rules = _make_rules(b.GAME, len(args.stacks), args.option)
        state = b.new_game(rules, stacks=tuple(args.stacks))
    elif args.seed is not None:
        rules = _make_rules(b.GAME, args.players, args.option)
        state = b.new_game(rules, seed=args.seed)
    else:
        raise CardrulesError("give 2 to 4 stacks, --seed S or --records")
    result = b.play_out(state)
    for seat, stack in enumerate(b.notation(state.stacks)):
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


def _beggar_records(b: Any) -> int:
    """Print the record games, each checked by playing it out."""
    bad = 0
    print(f"{'record':<12} {'year':>4}  {'cards':>7}  {'tricks':>6}  check  deal")
    for rec in b.RECORD_GAMES:
        state = b.new_game(b.Rules(players=len(rec.stacks)), stacks=tuple(rec.stacks))
        result = b.play_out(state)
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
        _error(f"{bad} record games did not play out to their published counts")
        return 1
    print(f"all {len(b.RECORD_GAMES)} record games play out to their published counts")
    return 0


# --------------------------------------------------------------------------- parser


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=_PROG,
        description="Rules engines for Biggenbende, Beggar-my-neighbour and Allegra.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {cardrules.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    games = ", ".join(sorted(cardrules.GAMES))

    play = commands.add_parser(
        "play",
        help="play one seat against bots in the terminal",
        description="Play one seat against bots. Each turn shows your view and the numbered "
        "legal moves; enter a number, or q to stop (you are offered to save).",
    )
    play.add_argument("game", nargs="?", metavar="GAME", help=f"one of: {games}")
    play.add_argument("--players", type=_positive_int, metavar="N", help="number of seats")
    play.add_argument("--seat", type=int, default=0, metavar="K", help="your seat (default 0)")
    play.add_argument("--seed", type=_seed, metavar="S", help="seed of the deal (default: random)")
    play.add_argument(
        "--bot", choices=BOTS, default="greedy", help="the other seats' bots (default greedy)"
    )
    play.add_argument("--save", metavar="FILE", help="write the game as a record to FILE")
    play.add_argument("--resume", metavar="FILE", help="continue a saved record or state")
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rule option, for example max_turns_per_round=200 (repeatable)",
    )
    play.set_defaults(func=_cmd_play)

    sim = commands.add_parser(
        "simulate",
        help="let bots play many seeded games and tabulate the results",
        description="Bots play N games; game i is dealt with seed S+i, so the results "
        "are the same for any number of --jobs.",
    )
    sim.add_argument("game", metavar="GAME", help=f"one of: {games}")
    sim.add_argument(
        "--games", type=_positive_int, required=True, metavar="N", help="how many games"
    )
    sim.add_argument("--players", type=_positive_int, metavar="N", help="number of seats")
    sim.add_argument("--seed", type=_seed, default=0, metavar="S", help="first seed (default 0)")
    sim.add_argument(
        "--bot",
        type=_bot_names,
        default=("random",),
        metavar="NAME[,NAME...]",
        help="the bots from seat 0 on, the last one filling the other seats: random, "
        "greedy (default random)",
    )
    sim.add_argument(
        "--jobs", type=_positive_int, default=1, metavar="J", help="worker processes (default 1)"
    )
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a rule option"
    )
    sim.set_defaults(func=_cmd_simulate)

    rep = commands.add_parser(
        "replay",
        help="check a saved record move by move and print it",
        description="Check every move of a saved record and print the game. A move that "
        "breaks a rule is reported with its number and rule (exit status 1).",
    )
    rep.add_argument("file", metavar="FILE")
    rep.add_argument(
        "--step", action="store_true", help="show the position before each move and pause"
    )
    rep.set_defaults(func=_cmd_replay)

    beg = commands.add_parser(
        "beggar",
        help="play a Beggar-my-neighbour deal out; the record games",
        description="Play a Beggar-my-neighbour deal to the end and print its cards, tricks "
        "and winner, or its cycle. A stack is 26 characters for two players (- a number "
        "card, A K Q J), the top card first.",
    )
    beg.add_argument("stacks", nargs="*", metavar="STACK", help="one stack per seat")
    beg.add_argument("--seed", type=_seed, metavar="S", help="deal with a seed instead")
    beg.add_argument("--players", type=_positive_int, metavar="N", help="seats for --seed")
    beg.add_argument(
        "--records", action="store_true", help="check and print the known record games"
    )
    beg.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a rule option"
    )
    beg.set_defaults(func=_cmd_beggar)
    return parser


# Options of ``cardrules beggar`` whose value is the next argument.
_BEGGAR_VALUES = ("--seed", "--players", "--option")
# A long option is lower case; stacks use the upper-case A K Q J (``--KQ-...``).
_LONG_OPTION = re.compile(r"--[a-z][-a-z_]*(=.*)?")


def _protect_stacks(argv: list[str]) -> list[str]:
    """
    Move Beggar stacks after ``--``: a stack such as ``---K--`` looks like an option.

    Only for the ``beggar`` command: every argument after it that is not an option
    (``--name``, ``-h``) or an option's value is a stack, kept in its order, also a
    stack with a wrong character, which :func:`cardrules.beggar.new_game` then
    reports.

    >>> _protect_stacks(["beggar", "-K" + "-" * 24, "--records"])
    ['beggar', '--records', '--', '-K------------------------']
    >>> _protect_stacks(["beggar", "K-X", "--seed", "3", "--K-"])
    ['beggar', '--seed', '3', '--', 'K-X', '--K-']
    >>> _protect_stacks(["beggar", "--se", "3", "--option=max_cards=5", "-KQ"])
    ['beggar', '--se', '3', '--option=max_cards=5', '--', '-KQ']
    >>> _protect_stacks(["simulate", "beggar", "--games", "3"])
    ['simulate', 'beggar', '--games', '3']
    """
    command = next((arg for arg in argv if not arg.startswith("-")), None)
    if command != "beggar" or "--" in argv:
        return argv
    at = argv.index("beggar") + 1
    head, rest = argv[:at], argv[at:]
    others: list[str] = []
    stacks: list[str] = []
    value_next = False
    for arg in rest:
        if value_next:
            others.append(arg)
            value_next = False
        elif _LONG_OPTION.fullmatch(arg) or arg == "-h":
            others.append(arg)
            # argparse takes abbreviations too: "--se 3" is "--seed 3".
            value_next = "=" not in arg and any(name.startswith(arg) for name in _BEGGAR_VALUES)
        else:
            stacks.append(arg)
    if not stacks:
        return argv
    return [*head, *others, "--", *stacks]


def main(argv: Sequence[str] | None = None) -> int:
    """
    Run the command line.

    Args:
        argv: the arguments after the program name; ``sys.argv[1:]`` by default.

    Returns:
        The exit status: 0 on success, 1 for an error (one line on stderr), 2 for
        a usage error, 130 after Ctrl-C.

    >>> main(["beggar", "--seed", "1"])
    seat 0: ----Q-A--AQ-K--------JA---
    seat 1: --J---------KQJ--KK--A--JQ
    cards: 96
    tricks: 15
    winner: seat 1
    0
    """
    parser = _build_parser()
    try:
        args = parser.parse_args(_protect_stacks(list(sys.argv[1:] if argv is None else argv)))
    except SystemExit as exc:  # a usage error (2, message printed), --help or --version
        return exc.code if isinstance(exc.code, int) else 0
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
