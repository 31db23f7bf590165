"""
How fast every game's notation parser refuses bad text, and that it always refuses it
with ``NotationError`` (issue 22: "for any text, in at most 0.1 s per MB").

For each game with a notation, and for ``parse_state`` and ``parse_view``, it times:

- ``1 MB``: a megabyte of text that starts as a real position (refused on its size);
- ``16 KB corrupt``: a text just under the size limit (``MAX_LENGTH``), a real position
  with one field blown up, the longest text that is read field by field;
- ``huge number``: a position with a number of 5,000 digits;
- ``corrupt``: ``--corrupt`` real positions (of random games) with a few characters
  replaced, inserted or deleted; the slowest one is shown.

Each row gives the slowest CPU time of a kind (the least of three runs of each text),
its size, and its budget: 0.1 s per MB of the text, a text within the size limit
(``MAX_LENGTH``, 16,384 characters) counted as that long, so a short text may take
1.6 ms (a fixed cost per text, not per character). ``margin`` is the budget over the
time: the goal holds where it is at least 1. Any error other than ``NotationError``
is counted and makes the exit status 1.

Run: ``python benchmarks/bench_notation_errors.py [--corrupt 2000]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import cardrules
from cardrules._position import MAX_LENGTH
from cardrules.errors import NotationError
from cardrules.testing import random_playthrough

GOAL = 0.1
"""Seconds per MB."""
_MB = 1_000_000


def _positions(game: Any, kind: str, count: int) -> list[str]:
    notation = game.notation
    texts: list[str] = []
    seed = 0
    while len(texts) < count:
        rules = game.Rules(players=max(getattr(game.Rules(), "players", 2), 3))
        play = random_playthrough(game, rules, seed=seed, choices=seed, max_moves=150)
        seed += 1
        for state in play.states[:: max(1, len(play.states) // 5)]:
            if kind == "state":
                texts.append(notation.format_state(state))
            else:
                texts.append(notation.format_view(game.view(state, 0)))
    return texts[:count]


def _corrupt(text: str, rng: random.Random) -> str:
    chars = list(text)
    alphabet = "0123456789-/ ,.:abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ*"
    for _ in range(rng.randint(1, 3)):
        where = rng.randrange(len(chars) + 1)
        action = rng.randrange(3)
        if action == 0 and where < len(chars):
            chars[where] = rng.choice(alphabet)
        elif action == 1:
            chars.insert(where, rng.choice(alphabet))
        elif where < len(chars):
            del chars[where]
    return "".join(chars)


def _once(parse: Callable[[str], Any], text: str) -> tuple[float, str | None]:
    start = time.process_time()
    try:
        parse(text)
    except NotationError:
        pass
    except Exception as error:  # counted and reported
        return time.process_time() - start, type(error).__name__
    return time.process_time() - start, None


def _time(parse: Callable[[str], Any], text: str) -> tuple[float, str | None]:
    """
    CPU seconds to parse (or refuse) ``text``, the least of three runs (the machine
    is shared: a run that another process interrupted is not the parser's time), and
    the name of an error that is not a ``NotationError``.
    """
    runs = [_once(parse, text) for _ in range(3)]
    return min(spent for spent, _ in runs), runs[0][1]


def _budget(size: int) -> float:
    """The seconds the goal allows for a text of ``size`` characters."""
    return GOAL * max(size, MAX_LENGTH) / _MB


def _blown_up(text: str, size: int) -> str:
    """``text`` with its longest field repeated until the text is ``size`` long."""
    fields = text.split(" ")
    longest = max(range(len(fields)), key=lambda i: len(fields[i]))
    rest = len(text) - len(fields[longest])
    piece = fields[longest] or "x"
    fields[longest] = (piece * (size // len(piece) + 1))[: size - rest]
    return " ".join(fields)


def _huge_number(text: str) -> str:
    digits = next((i for i, c in enumerate(text) if c.isdigit()), 0)
    return text[:digits] + "9" * 5000 + text[digits + 1 :]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--corrupt", type=int, default=2000, help="corrupt texts per parser")
    args = parser.parse_args()
    rng = random.Random(22)
    wrong = 0
    low = float("inf")
    print(
        f"{'game':<12} {'parser':<12} {'input':<14} {'chars':>9} {'CPU ms':>8}"
        f" {'budget ms':>10} {'margin':>7}"
    )
    for name in sorted(cardrules.GAMES):
        game = cardrules.get_game(name)
        notation = game.notation
        if notation is None:
            continue
        for kind in ("state", "view"):
            parse = notation.parse_state if kind == "state" else notation.parse_view
            texts = _positions(game, kind, max(1, args.corrupt // 5))
            longest = max(texts, key=len)
            cases: dict[str, list[str]] = {
                "1 MB": [(longest * (_MB // len(longest) + 1))[:_MB]],
                "16 KB corrupt": [_blown_up(t, MAX_LENGTH) for t in texts[:20]],
                "huge number": [_huge_number(t) for t in texts[:20]],
                "corrupt": [_corrupt(rng.choice(texts), rng) for _ in range(args.corrupt)],
            }
            for label, inputs in cases.items():
                worst, worst_size = 0.0, 0
                for text in inputs:
                    spent, error = _time(parse, text)
                    if error is not None:
                        wrong += 1
                        print(f"  {name} parse_{kind}: {error} for {text[:80]!r}")
                    if spent / _budget(len(text)) >= worst / _budget(worst_size):
                        worst, worst_size = spent, len(text)
                budget = _budget(worst_size)
                margin = budget / worst if worst else float("inf")
                low = min(low, margin)
                print(
                    f"{name:<12} {'parse_' + kind:<12} {label:<14} {worst_size:>9,}"
                    f" {worst * 1000:>8.3f} {budget * 1000:>10.3f} {margin:>7.1f}",
                    flush=True,
                )
    print(f"\nerrors other than NotationError: {wrong}; smallest margin: {low:.1f}")
    return 1 if wrong or low < 1 else 0


if __name__ == "__main__":
    raise SystemExit(main())
