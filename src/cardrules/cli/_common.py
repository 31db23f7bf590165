"""
What the commands share: argument types, rules from options, loading files, playing a
record back, and the text of a view, a move and what a move showed.

Everything goes through the :class:`~cardrules.Game` protocol; a game's own commands
(``GAME.commands``) may use the argument helpers here too.
"""

from __future__ import annotations

import argparse
import inspect
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

import cardrules
from cardrules._render import render_move, render_view
from cardrules.bots import BOTS
from cardrules.errors import CardrulesError, GameOverError, IllegalMoveError
from cardrules.game import AnyGame
from cardrules.serialize import MAX_SIZE

__all__ = [
    "PROG",
    "NO_SEAT",
    "TWO64",
    "Quit",
    "add_game_arguments",
    "add_run_arguments",
    "ask",
    "bot_names",
    "broken_move",
    "error",
    "game_of",
    "kind_of",
    "load",
    "make_rules",
    "move_kind",
    "move_meaning",
    "move_text",
    "plain",
    "positive_int",
    "replay_record",
    "rules_text",
    "scores_text",
    "seed_arg",
    "told",
    "view_text",
]

PROG = "cardrules"
"""The program's name in messages."""
TWO64 = 1 << 64
"""Seeds are below this."""


class Quit(Exception):
    """The person asked to stop: ``q`` (``how == "q"``) or the end of input (``"eof"``)."""

    def __init__(self, how: str) -> None:
        super().__init__(how)
        self.how = how


def error(message: str) -> None:
    """Print ``cardrules: error: message`` on stderr."""
    print(f"{PROG}: error: {message}", file=sys.stderr)


def positive_int(text: str) -> int:
    """
    An argument that is an int of at least 1.

    >>> positive_int("3")
    3
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def seconds_arg(text: str) -> float:
    """
    An argument that is a number of seconds, from 0 to 3600.

    >>> seconds_arg("0.5")
    0.5
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"seconds from 0 to 3600, not {text!r}")
    return value


def seed_arg(text: str) -> int:
    """
    An argument that is a seed: an int in ``[0, 2**64)``.

    >>> seed_arg("18446744073709551615")
    18446744073709551615
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if not 0 <= value < TWO64:
        raise argparse.ArgumentTypeError(f"must be in [0, 2**64), not {value}")
    return value


def bot_names(text: str) -> tuple[str, ...]:
    """
    An argument that is a comma list of bot names.

    >>> bot_names("greedy, random")
    ('greedy', 'random')
    """
    names = tuple(name.strip() for name in text.split(","))
    for name in names:
        if name not in BOTS:
            raise argparse.ArgumentTypeError(
                f"unknown bot {name!r} (choose from {', '.join(BOTS)})"
            )
    return names


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """The game and how many seeded games to play: ``GAME --games N [--players N] [--seed S]``."""
    games = ", ".join(sorted(cardrules.GAMES))
    parser.add_argument("game", metavar="GAME", help=f"one of: {games}")
    parser.add_argument(
        "--games", type=positive_int, required=True, metavar="N", help="how many games"
    )
    parser.add_argument("--players", type=positive_int, metavar="N", help="number of seats")
    parser.add_argument(
        "--seed", type=seed_arg, default=0, metavar="S", help="first seed (default 0)"
    )


def add_run_arguments(parser: argparse.ArgumentParser, *, printed: str) -> None:
    """
    Where the games run and how the result prints: ``--jobs``, ``--dask``, ``--json``
    (printing ``printed`` as JSON) and ``--option KEY=VALUE``.
    """
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
        "for a LocalCluster of --jobs workers (needs the dask extra)",
    )
    parser.add_argument("--json", action="store_true", help=f"print the {printed} as JSON")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a rule option"
    )


def _option_value(text: str) -> Any:
    """
    An ``--option`` value: an int, ``none``, ``true``/``false``, a comma list or text.

    >>> _option_value("1,none,TRUE,x")
    (1, None, True, 'x')
    """
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


def make_rules(game: AnyGame, players: int | None, options: Sequence[str]) -> Any:
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


def load(path: str, *, max_size: int = MAX_SIZE) -> Any:
    """
    Read a file written by :func:`cardrules.dumps`; errors name the file.

    A file over ``max_size`` bytes is refused before it is read in full.
    """
    with Path(path).open("rb") as file:
        data = file.read(max_size + 1)
    if len(data) > max_size:
        raise CardrulesError(
            f"{path}: the file is over the size limit of {max_size} bytes; not read"
        )
    try:
        return cardrules.loads(data, max_size=max_size)
    except CardrulesError as exc:
        raise CardrulesError(f"{path}: {exc}") from None


def game_of(obj: object) -> AnyGame:
    """The game whose ``State`` class ``obj`` is an instance of."""
    for game in cardrules.GAMES.values():
        if isinstance(obj, game.State):
            return game
    raise CardrulesError(f"not a state of a known game: {type(obj).__name__}")


def kind_of(obj: object) -> str:
    """What a loaded object is: ``"record"``, ``"state"``, ``"view"`` or ``"move"``."""
    if isinstance(obj, cardrules.Record):
        return "record"
    for game in cardrules.GAMES.values():
        if isinstance(obj, game.State):
            return "state"
        if isinstance(obj, game.View):
            return "view"
    return "move"


def ask(prompt: str) -> str:
    """Read one line from stdin after ``prompt``; :class:`Quit` at end of input."""
    try:
        return input(prompt)
    except EOFError:
        print()
        raise Quit("eof") from None


# --------------------------------------------------------------------------- text


def view_text(game: AnyGame, view: object, *, you: str = "you") -> str:
    """A view as text: the game's drawing, else its fields."""
    return render_view(game, view, you=you)


def move_text(game: AnyGame, move: object) -> str:
    """A move as text: the game's ``render_move``, else ``str(move)``."""
    return render_move(game, move)


NO_SEAT = -1
"""A seat number that is no seat: ``render_event(event, NO_SEAT)`` names every seat."""


def told(game: AnyGame, before: Any, move: Any, after: Any, seat: int, *, you: bool = True) -> str:
    """
    What ``seat`` saw ``move`` do (taking the state ``before`` to ``after``), as text.

    A game with :attr:`~cardrules.Game.events` tells it by the seat's events, each
    rendered by :attr:`~cardrules.Game.render_event` (else ``str(event)``) and joined
    by ``"; "``; the events describe the move as the seat saw it (another seat's hidden
    choice stays hidden). A move with no event, and every move of a game without
    events, is told by the move's text. ``you=False`` names ``seat`` as ``seat 2``
    like every other seat, not ``you`` (a replay is read by a third party).
    """
    if game.events is not None:
        render = game.render_event
        told_to = seat if you else NO_SEAT
        texts = [
            str(event) if render is None else render(event, told_to)
            for event in game.events(before, move, after, seat)
        ]
        return "; ".join(texts) if texts else move_text(game, move)
    return move_text(game, move)


_ROLE = re.compile(r":[a-z:]+:`~?(?:([^`<]*?) *<[^`>]*>|([^`]*))`")
_LITERAL = re.compile(r"``([^`]*)``|\*\*([^*]*)\*\*")


def plain(text: str) -> str:
    """
    Docstring markup as plain text: roles, literals and bold lose their marks.

    >>> plain(":class:`~cardrules.Game` ``Rules.deck`` and **AL-1**, :func:`x <y.x>`")
    'Game Rules.deck and AL-1, x'
    """

    def role(match: re.Match[str]) -> str:
        shown = match.group(1) if match.group(1) is not None else match.group(2)
        return shown.rpartition(".")[2] if match.group(2) is not None else shown

    text = _ROLE.sub(role, text)
    return _LITERAL.sub(lambda m: m.group(1) if m.group(1) is not None else m.group(2), text)


def rules_text(game: AnyGame) -> str:
    """
    The rules of ``game`` for a person: its ``rules_text`` (:class:`~cardrules.GameSpec`),
    else its package's docstring without the examples, else a pointer to its docs.

    >>> import cardrules
    >>> "BM-5" in rules_text(cardrules.get_game("beggar"))
    True
    """
    text = getattr(game, "rules_text", None)
    if isinstance(text, str) and text.strip():
        return text.strip()
    module = sys.modules.get(getattr(game.State, "__module__", ""))
    package = sys.modules.get(module.__package__ or "") if module is not None else None
    for source in (package, module):
        doc = inspect.getdoc(source) if source is not None else None
        if doc:
            return plain(doc.split("\n>>>", 1)[0]).strip()
    return f"{game.name} gives no text of its rules; see its documentation"


def move_kind(move_type: type[Any]) -> str:
    """
    The name of a kind of move, in words: ``ChooseFaceUp`` is ``choose face up``.

    >>> move_kind(type("TurnFaceDown", (), {}))
    'turn face down'
    """
    return re.sub(r"(?<!^)(?=[A-Z])", " ", move_type.__name__).lower()


def move_meaning(move_type: type[Any]) -> str:
    """
    What a kind of move does: the first paragraph of its docstring, on one line.

    >>> from cardrules import beggar
    >>> move_meaning(beggar.Turn)
    'The one move of the game: the seat to move turns its top card (BM-4, BM-5).'
    """
    doc = inspect.getdoc(move_type) or ""
    first = doc.split("\n\n", 1)[0]
    return " ".join(plain(first).split()) if ">>>" not in first else ""


def scores_text(game: AnyGame, state: Any, names: Sequence[str]) -> str | None:
    """
    The running total of every seat, from the game's :attr:`~cardrules.Game.returns`
    (chips or points of the rounds so far), or ``None`` before any is scored.

    >>> import cardrules
    >>> game = cardrules.get_game("biggenbende")
    >>> scores_text(game, game.new_game(game.Rules(players=3), seed=1), ["A", "B", "C"])
    'scores so far: A 0, B 0, C 0; the highest total wins'
    """
    returns = game.returns(state) if game.returns is not None else ()
    if not returns:
        return None
    totals = [sum(column) for column in zip(*returns, strict=True)]
    best = "lowest" if getattr(game, "lower_score_wins", False) is True else "highest"
    shown = ", ".join(f"{name} {total}" for name, total in zip(names, totals, strict=True))
    return f"scores so far: {shown}; the {best} total wins"


# --------------------------------------------------------------------------- records


def broken_move(
    path: str, record: Any, index: int, seat: int | None, exc: IllegalMoveError
) -> CardrulesError:
    """The one-line error for move ``index`` of a saved record, which ``exc`` refused."""
    game = cardrules.get_game(record.game)
    move = move_text(game, record.moves[index])
    if isinstance(exc, GameOverError):
        extra = len(record.moves) - index
        too_many = "1 move" if extra == 1 else f"{extra} moves"
        return CardrulesError(
            f"{path}: move {index + 1} ({move}) comes after the end "
            f"of the game ({too_many} too many)"
        )
    return CardrulesError(
        f"{path}: move {index + 1} (seat {seat}: {move}) breaks rule {exc.rule}: {exc.reason}"
    )


def replay_record(path: str, game: AnyGame, record: Any) -> Any:
    """Play a loaded record back, checking every move; errors name the file and move."""
    state = record.start
    if state is None:
        state = game.new_game(record.rules, seed=record.seed)
    for index, move in enumerate(record.moves):
        seat = game.to_move(state)
        try:
            state = game.apply(state, move)
        except IllegalMoveError as exc:
            raise broken_move(path, record, index, seat, exc) from None
    return state
