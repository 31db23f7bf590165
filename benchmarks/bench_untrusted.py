"""
Worst time and memory of the entry points a server exposes, over crafted inputs under
1 MB (issue 10.1): ``loads``, ``new_game``, ``replay`` and playing a loaded game to its
end, for each game. Goal: nothing over 1 s or 100 MB.

Crafted inputs: the largest accepted value of every int option of ``Rules`` (found by
doubling then bisection on ``Rules(**{field: value})``), records with many moves,
deep nesting and long strings. Also prints the property test's counts (inputs tried,
refused, accepted) from ``tests/untrusted_inputs.py`` unless ``--no-counts``.

Run: ``python -m benchmarks.bench_untrusted`` from the repository root.
"""

from __future__ import annotations

import json
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from typing import Any

import attrs

import cardrules
from cardrules.errors import CardrulesError
from cardrules.game import AnyGame

MB = 1024 * 1024
LIMIT_S = 1.0
LIMIT_MB = 100.0
PLAY_CAP = 200_000


def _run(fn: Callable[[], Any]) -> str:
    """``"ok"`` or the error's class name."""
    try:
        fn()
    except CardrulesError as exc:
        return type(exc).__name__
    except Exception as exc:  # reported, a defect
        return f"DEFECT {type(exc).__name__}"
    return "ok"


def measure(fn: Callable[[], Any]) -> tuple[float, float, str]:
    """
    Seconds, peak MB and ``"ok"`` or the error's class name.

    Time and memory come from two separate calls: ``tracemalloc`` slows Python code
    two to three times, so a call timed under it would report that overhead, not the
    cost of the input. The time is the calls' CPU time (``time.process_time``), so the
    figure does not depend on what else the machine runs.
    """
    start = time.process_time()
    what = _run(fn)
    seconds = time.process_time() - start
    tracemalloc.start()
    _run(fn)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return seconds, peak / MB, what


def largest(game: AnyGame, field: str, default: int) -> int:
    """The largest value of an int ``Rules`` option that ``Rules`` accepts."""

    def ok(value: int) -> bool:
        try:
            game.Rules(**{field: value})
        except CardrulesError:
            return False
        return True

    low = default
    high = max(1, default) * 2
    while ok(high) and high < 2**70:
        low, high = high, high * 2
    if ok(high):
        return high
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if ok(mid) else (low, mid)
    return low


def crafted_rules(game: AnyGame) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = [("default", game.Rules())]
    base = game.Rules()
    for field in attrs.fields(type(base)):
        value = getattr(base, field.name)
        if type(value) is not int:
            continue
        top = largest(game, field.name, value)
        if top != value:
            out.append((f"{field.name}={top}", game.Rules(**{field.name: top})))
    return out


def play_to_end(game: AnyGame, state: Any) -> int:
    pick = random.Random(1)
    for count in range(PLAY_CAP):
        if game.is_over(state):
            return count
        moves = game.legal_moves(state)
        state = game.apply(state, moves[pick.randrange(len(moves))])
    raise RuntimeError(f"not over after {PLAY_CAP} moves")


def long_record(game: AnyGame, rules: Any) -> str:
    """A record of the longest random game under ``rules``, under 1 MB."""
    state = game.new_game(rules, seed=7)
    pick = random.Random(3)
    moves: list[Any] = []
    while not game.is_over(state) and len(moves) < 20_000:
        legal = game.legal_moves(state)
        move = legal[pick.randrange(len(legal))]
        moves.append(move)
        state = game.apply(state, move)
    record = cardrules.Record(game=game.name, rules=rules, seed=7, moves=tuple(moves))
    return cardrules.dumps(record)


def texts(game: AnyGame) -> list[tuple[str, str]]:
    """Crafted texts under 1 MB."""
    state = game.new_game(game.Rules(), seed=1)
    doc = json.loads(cardrules.dumps(state))
    out = [("mid state", json.dumps(doc))]
    deep = "[" * 400_000 + "]" * 400_000
    out.append(("deep nesting", json.dumps(dict(doc, data=None))[:-5] + deep + "}"))
    long_str = dict(doc, data=dict(doc["data"], rng="9" * 900_000))
    out.append(("long digit string", json.dumps(long_str)))
    for key in list(doc["data"])[:6]:
        huge = dict(doc, data=dict(doc["data"], **{key: "Z" * 900_000}))
        out.append((f"long string at {key}", json.dumps(huge)))
        many = dict(doc, data=dict(doc["data"], **{key: [0] * 300_000}))
        out.append((f"long list at {key}", json.dumps(many)))
    record = cardrules.Record(game=game.name, rules=game.Rules(), seed=1, moves=())
    rdoc = json.loads(cardrules.dumps(record))
    legal = cardrules.to_data(game.legal_moves(state)[0])
    count = (900_000 // len(json.dumps(legal))) or 1
    rdoc["data"]["moves"] = [legal] * count
    out.append((f"record of {count} equal moves", json.dumps(rdoc)))
    return [(label, text) for label, text in out if len(text) < MB]


def rows(game: AnyGame) -> list[tuple[str, str, float, float, str]]:
    out = []
    for label, text in texts(game):
        seconds, peak, what = measure(partial(cardrules.loads, text))
        out.append(("loads", label, seconds, peak, what))
    for label, rules in crafted_rules(game):
        seconds, peak, what = measure(partial(game.new_game, rules, seed=1))
        out.append(("new_game", label, seconds, peak, what))
        try:
            state = game.new_game(rules, seed=1)
            text = cardrules.dumps(state)
        except CardrulesError:
            continue
        if len(text) >= MB:
            out.append(("loads", f"{label} (state of {len(text)} bytes)", 0, 0, "over 1 MB"))
        else:
            seconds, peak, what = measure(partial(cardrules.loads, text))
            out.append(("loads", f"state, {label}", seconds, peak, what))
            loaded = cardrules.loads(text)
            seconds, peak, what = measure(partial(play_to_end, game, loaded))
            out.append(("play to end", label, seconds, peak, what))
        text = long_record(game, rules)
        if len(text) < MB:
            record = cardrules.loads(text)
            seconds, peak, what = measure(partial(cardrules.replay, record))
            out.append(("replay", f"{label}, {len(record.moves)} moves", seconds, peak, what))
    return out


def main(argv: list[str]) -> int:
    worst = 0.0, 0.0
    # The worst time and the worst memory of every game and entry point, with the inputs.
    by_entry: dict[tuple[str, str], tuple[float, str, float, str]] = {}
    print(f"{'game':<12} {'entry':<12} {'input':<44} {'seconds':>8} {'peak MB':>8}  result")
    for name, game in sorted(cardrules.GAMES.items()):
        for entry, label, seconds, peak, what in rows(game):
            flag = "  OVER" if seconds > LIMIT_S or peak > LIMIT_MB else ""
            line = f"{name:<12} {entry:<12} {label[:44]:<44} {seconds:>8.3f} {peak:>8.1f}"
            print(f"{line}  {what}{flag}")
            worst = max(worst[0], seconds), max(worst[1], peak)
            s, s_label, m, m_label = by_entry.get((name, entry), (-1.0, "", -1.0, ""))
            if seconds > s:
                s, s_label = seconds, label
            if peak > m:
                m, m_label = peak, label
            by_entry[name, entry] = s, s_label, m, m_label
    print(f"worst: {worst[0]:.3f} s, {worst[1]:.1f} MB (goal: {LIMIT_S} s, {LIMIT_MB} MB)")
    print()
    print("worst per game and entry point (CPU seconds; peak traced MB):")
    for (name, entry), (s, s_label, m, m_label) in sorted(by_entry.items()):
        where = f"{s:>7.3f} s ({s_label[:30]}); {m:>5.1f} MB ({m_label[:30]})"
        print(f"{name:<12} {entry:<12} {where}")
    if "--no-counts" not in argv:
        from tests import untrusted_inputs

        print()
        print("property inputs (tests/untrusted_inputs.py, 2 real states per game):")
        for name, game in sorted(cardrules.GAMES.items()):
            c = untrusted_inputs.sweep(game)
            print(
                f"{name:<12} tried {c.tried:>6}  refused {c.refused:>6}  "
                f"accepted {c.accepted:>5}  defects {len(c.defects)}"
            )
            for line in c.defects[:10]:
                print(f"    {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
