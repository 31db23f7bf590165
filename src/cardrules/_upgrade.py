"""
Format upgrades: the game's upgrade steps, indexed and run one version at a time.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from cardrules._checks import short as _short
from cardrules._convert import _Setup
from cardrules.errors import SerializationError
from cardrules.game import Kind


def _json_problem(value: Any) -> str | None:
    """What in ``value`` is not plain JSON data, or ``None``."""
    active: set[int] = set()

    def visit(item: Any) -> str | None:
        kind = type(item)
        if item is None or kind is str or kind is int or kind is bool:
            return None
        if kind is float:
            return None if math.isfinite(item) else f"the number {item!r}"
        if kind is not list and kind is not dict:
            return f"a {kind.__name__} {_short(item)}"
        if id(item) in active:
            return f"a {kind.__name__} that contains itself"
        active.add(id(item))
        for key, sub in item.items() if kind is dict else zip(itertools.repeat(""), item):
            if type(key) is not str:
                return f"the key {_short(key)}, not a string"
            found = visit(sub)
            if found:
                return found
        active.discard(id(item))
        return None

    try:
        return visit(value)
    except RecursionError:
        return "data nested too deeply"


def _upgrade(setup: _Setup, kind: Kind, version: int, data: Any, path: str) -> Any:
    """``data`` of ``kind`` at format ``version``, upgraded to the game's current one."""
    if setup.problem is not None:
        raise SerializationError(
            f"{path}: cannot read {setup.game.name} format version {version}: "
            f"the game's upgrades are broken: {setup.problem}"
        )
    for at in range(version, setup.game.format_version):
        data = _step(setup, kind, at, data, path)
    return data


def _step(setup: _Setup, kind: str, version: int, data: Any, path: str) -> Any:
    step = setup.steps.get((kind, version))
    if step is not None:
        what = (
            f"{path}: the {setup.game.name} {kind} upgrade from format version {version} "
            f"to {version + 1}"
        )
        try:
            result = step(data)
        except Exception as exc:
            raise SerializationError(f"{what} failed: {type(exc).__name__}: {exc}") from exc
        problem = _json_problem(result)
        if problem is not None:
            raise SerializationError(f"{what} returned {problem}, not JSON data")
        return result
    if kind != "record" or not isinstance(data, dict):
        return data  # no change to this kind at this version
    # A record is made of the game's parts: upgrade each with its own kind's step.
    out = dict(data)
    if "rules" in out:
        out["rules"] = _step(setup, "rules", version, out["rules"], f"{path}.rules")
    if out.get("start") is not None:
        out["start"] = _step(setup, "state", version, out["start"], f"{path}.start")
    moves = out.get("moves")
    if isinstance(moves, list):
        out["moves"] = [
            _step(setup, "move", version, move, f"{path}.moves[{i}]")
            for i, move in enumerate(moves)
        ]
    return out
