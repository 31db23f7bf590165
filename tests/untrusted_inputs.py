"""
Mutated JSON of real states, and what the library does with each (issue 10.2).

A server reads states, records and moves from clients and from disk. Every input made
here is either refused with a ``CardrulesError`` or loads into a state from which
random play to the end passes ``check_state`` at every step and raises nothing but a
``CardrulesError``. ``tests/test_untrusted.py`` checks it; ``benchmarks/bench_untrusted.py``
prints how many inputs were tried, refused and accepted (``python -m tests.untrusted_inputs``
prints the counts too).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs

import cardrules
from cardrules.errors import CardrulesError
from cardrules.game import AnyGame
from cardrules.testing import random_playthrough

# Replacement values: every JSON type, boundary ints, long strings and lists.
BIG = 2**63
ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    BIG,
    BIG - 1,
    -BIG,
    2**64,
    10**40,
    1.5,
    "",
    "x",
    "9" * 50,
    "A" * 10_000,
    [],
    [0],
    [0] * 2_000,
    {},
    {"type": "Turn"},
)

MAX_PLAYOUT = 5_000
"""Moves played from an accepted state at most (every built-in game ends sooner)."""


class Defect(AssertionError):
    """An input that broke the contract: the message says how."""


def real_states(game: AnyGame, count: int, *, seed: int = 0) -> list[Any]:
    """``count`` states taken from random playthroughs: starts, middles and ends."""
    out: list[Any] = []
    rules = game.Rules()
    for i in range(count):
        play = random_playthrough(game, rules, seed=seed + i, choices=seed * 31 + i)
        states = play.states
        out.append(states[(len(states) * (i % 4)) // 4 if i % 4 else 0])
        if i % 4 == 3:
            out[-1] = states[-1]
    return out


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into a JSON document, the root included."""
    yield prefix
    if isinstance(node, dict):
        for key, sub in node.items():
            yield from paths(sub, (*prefix, key))
    elif isinstance(node, list):
        for index, sub in enumerate(node):
            yield from paths(sub, (*prefix, index))


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


def assert_slotted_and_frozen(obj: Any) -> None:
    """``obj`` has no ``__dict__`` and refuses a new attribute and a changed field."""
    assert not hasattr(obj, "__dict__"), type(obj)
    try:
        obj.extra = 1
    except attrs.exceptions.FrozenInstanceError:
        pass
    else:
        raise AssertionError(f"{type(obj).__name__} took a new attribute")
    name = next(iter(attrs.fields_dict(type(obj))), None)
    if name is not None:
        try:
            setattr(obj, name, 1)
        except attrs.exceptions.FrozenInstanceError:
            pass
        else:
            raise AssertionError(f"{type(obj).__name__}.{name} was changed")


def first_entries(items: list[Any]) -> Iterable[int]:
    """The first two entries of a list, which stand for the rest."""
    return range(min(2, len(items)))


def first_and_last(items: list[Any]) -> Iterable[int]:
    """The first and the last entry of a list."""
    return sorted({0, len(items) - 1}) if items else ()


def field_mutants(
    doc: dict[str, Any],
    values: Iterable[Any],
    entries: Callable[[list[Any]], Iterable[int]] = first_entries,
) -> Iterator[dict[str, Any]]:
    """
    Copies of an envelope ``doc`` with one field of its data changed: every field (and
    the ``entries`` of every list) set to each of ``values``, an int field to its
    neighbours and its double, and every two top-level fields swapped.
    """
    data = doc["data"]

    def field_paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
        yield path
        if isinstance(node, dict):
            for key, value in node.items():
                yield from field_paths(value, (*path, key))
        elif isinstance(node, list):
            for index in entries(node):
                yield from field_paths(node[index], (*path, index))

    def put(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
        return {**doc, "data": _set(copy.deepcopy(data), path, value)}

    values = tuple(values)
    for path in field_paths(data):
        old = _get(data, path)
        for value in values:
            yield put(path, value)
        if type(old) is int:
            for value in (old + 1, old - 1, old * 2):
                yield put(path, value)
    names = sorted(data)
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            yield {**doc, "data": {**data, first: data[second], second: data[first]}}


def mutations(node: Any, other_game: Any) -> Iterator[tuple[str, Any]]:
    """What one node may be replaced with: odd values, neighbours, other games' data."""
    for value in ODD_VALUES:
        yield f"= {json.dumps(value)[:20]}", value
    if type(node) is int:
        for delta in (1, -1, 7, -node - 1, 51):
            yield f"+= {delta}", node + delta
        yield "as str", str(node)
    if isinstance(node, str) and node.isdigit():
        yield "+1 (str)", str(int(node) + 1)
        yield "2**64 (str)", str(2**64)
    if isinstance(node, list):
        if node:
            yield "drop last", node[:-1]
            yield "drop first", node[1:]
            yield "repeat first", [node[0], *node]
            yield "reversed", node[::-1]
            yield "doubled", node + node
        yield "wrapped", [node]
    if isinstance(node, dict):
        for key in list(node)[:8]:
            yield f"del {key}", {k: v for k, v in node.items() if k != key}
        yield "add key", {**node, "extra": 1}
        if node:
            first = next(iter(node))
            yield f"swap {first}", {**node, first: list(node.values())[-1]}
    yield "other game", other_game


def _doc(obj: Any, game: AnyGame) -> dict[str, Any]:
    return json.loads(cardrules.dumps(obj))  # type: ignore[no-any-return]


def inputs(game: AnyGame, *, states: int = 2, seed: int = 0) -> Iterator[tuple[str, str]]:
    """Every mutated text of ``states`` real states: (a label, the JSON text)."""
    others = [g for g in cardrules.GAMES.values() if g is not game]
    for number, state in enumerate(real_states(game, states, seed=seed)):
        doc = _doc(state, game)
        other = _doc(
            others[number % len(others)].new_game(
                others[number % len(others)].Rules(), seed=number
            ),
            game,
        )["data"]
        for path in paths(doc["data"]):
            node = _get(doc["data"], path)
            other_node = other
            for step in path:
                if (isinstance(other_node, dict) and step in other_node) or (
                    isinstance(other_node, list)
                    and isinstance(step, int)
                    and step < len(other_node)
                ):
                    other_node = other_node[step]
                else:
                    break
            for label, value in mutations(node, other_node):
                out = copy.deepcopy(doc)
                out["data"] = _set(out["data"], path, copy.deepcopy(value))
                yield f"state {number} {_show(path)} {label}", json.dumps(out)
        # The view of a seat where a state belongs, and the other way round.
        view = game.view(state, 0)
        wrong = _doc(view, game)
        wrong["type"] = "state"
        yield f"state {number}: a view as a state", json.dumps(wrong)
        flipped = dict(doc, type="view")
        yield f"state {number}: a state as a view", json.dumps(flipped)


def _show(path: tuple[Any, ...]) -> str:
    return "$.data" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def play_to_end(game: AnyGame, state: Any, *, seed: int) -> int:
    """
    Random play from ``state`` to the end, checking every state; the number of moves.

    Raises:
        Defect: a check failed, something but a ``CardrulesError`` was raised, or the
            game did not end within :data:`MAX_PLAYOUT` moves.
    """
    pick = random.Random(seed)
    for count in range(MAX_PLAYOUT + 1):
        try:
            game.check_state(state)
        except CardrulesError as exc:
            raise Defect(
                f"check_state refused a state reached by play, move {count}: {exc}"
            ) from None
        if game.is_over(state):
            game.outcome(state)
            return count
        seat = game.to_move(state)
        if seat is None:
            raise Defect("a game that is not over has nobody to move")
        game.view(state, seat)
        moves = game.legal_moves(state)
        if not moves:
            raise Defect("a game that is not over has no legal move")
        state = game.apply(state, moves[pick.randrange(len(moves))])
    raise Defect(f"not over after {MAX_PLAYOUT} moves")


def judge(game: AnyGame, text: str, *, seed: int = 0) -> str:
    """
    ``"refused"`` or ``"accepted"``; a :class:`Defect` for a broken contract.
    """
    try:
        loaded = cardrules.loads(text)
    except CardrulesError:
        return "refused"
    except Exception as exc:
        raise Defect(f"loads raised {type(exc).__name__}: {str(exc)[:200]}") from exc
    if not isinstance(loaded, game.State):
        return "accepted"  # a view: nothing to play
    try:
        play_to_end(game, loaded, seed=seed)
    except Defect:
        raise
    except CardrulesError:
        pass  # a library error while playing is allowed by the contract
    except Exception as exc:
        raise Defect(f"play raised {type(exc).__name__}: {str(exc)[:200]}") from exc
    return "accepted"


@attrs.define
class Counts:
    """Inputs tried, refused and accepted, and the defects found, for one game."""

    tried: int = 0
    refused: int = 0
    accepted: int = 0
    defects: list[str] = attrs.Factory(list)


def sweep(game: AnyGame, *, states: int = 2, seed: int = 0) -> Counts:
    """Judge every input of :func:`inputs`; defects are collected, not raised."""
    counts = Counts()
    for label, text in inputs(game, states=states, seed=seed):
        counts.tried += 1
        try:
            verdict = judge(game, text, seed=counts.tried)
        except Defect as exc:
            counts.defects.append(f"{label}: {exc}")
            continue
        if verdict == "refused":
            counts.refused += 1
        else:
            counts.accepted += 1
    return counts


if __name__ == "__main__":  # pragma: no cover - a report for the closing note
    for name, found in sorted(cardrules.GAMES.items()):
        c = sweep(found)
        print(
            f"{name}: tried {c.tried}, refused {c.refused}, accepted {c.accepted}, "
            f"defects {len(c.defects)}"
        )
        for line in c.defects[:20]:
            print("   ", line)
