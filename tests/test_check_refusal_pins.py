"""
Every game's ``check_state`` and ``check_view`` refusals pinned: error type, field path,
message (issue 23: mutants that changed only a refusal's path or wording lived).

The forged positions are drawn by :func:`_forged`: positions of seeded random games (2 to
4 seats, 3 to 6 in Biggenbende, and a Beggar game that ends at its card limit, BM-10),
each state and seat 0's view, with one field at a time given a bad value. One case per
kind of message per field is kept in ``tests/data/check_refusals/<game>.json``. A meant
change: write them again with ``python -m tests.test_check_refusal_pins`` and review the
diff.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

from cardrules import allegra, beggar, biggenbende
from cardrules.errors import CardrulesError
from tests._random_play import random_play, thirds

_DATA = Path(__file__).parent / "data" / "check_refusals"
_GAMES: dict[str, ModuleType] = {"allegra": allegra, "beggar": beggar, "biggenbende": biggenbende}


def _positions(game: str) -> list[Any]:
    """Four states of each seeded random game: start, a third, two thirds, end."""
    mod = _GAMES[game]
    out: list[Any] = []
    rules = [mod.Rules(players=n) for n in ((3, 4, 6) if game == "biggenbende" else (2, 3, 4))]
    if game == "beggar":  # BM-10: a game that ends at its card limit
        rules.append(beggar.Rules(players=2, max_cards=60))
    for each in rules:
        out += thirds(random_play(mod, each, seed=5, moves=400))
    return out


def _bad(value: Any) -> list[Any]:
    """Bad (or merely different) values in place of ``value``."""
    made: list[Any] = [None, "x", -1, 10**6, True, 1.5]
    if isinstance(value, bool) or value is None:
        made += [0, 1, False, "normal", "endless", "card_limit"]
    elif isinstance(value, int):
        made += [value + 1, value - 1, 0, 1, 2]
    elif isinstance(value, str):
        made += ["", value + "x", value[:-1], None, "normal", "endless", "card_limit"]
    elif isinstance(value, tuple):
        made += [(), list(value), value[:-1], value + value[-1:], value[::-1]]
        for i, item in enumerate(value[:2]):
            for other in _bad(item)[:8]:
                made.append((*value[:i], other, *value[i + 1 :]))
    return made


def _forged(game: str) -> Iterator[tuple[str, int, str, int, Any]]:
    """``(kind, position, field, variant, forged)`` for every single-field forgery."""
    mod = _GAMES[game]
    for p, state in enumerate(_positions(game)):
        for kind, shown in (("state", state), ("view", mod.view(state, 0))):
            for field in attrs.fields(type(shown)):
                if field.name == "rules":
                    continue
                for v, value in enumerate(_bad(getattr(shown, field.name))):
                    forged = attrs.evolve(shown, **{field.name: value})
                    yield kind, p, field.name, v, forged


def _refusal(game: str, kind: str, forged: Any) -> str | None:
    """The refusal's type and message, or None when the check passes."""
    mod = _GAMES[game]
    try:
        (mod.check_state if kind == "state" else mod.check_view)(forged)
    except CardrulesError as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def _generate(game: str) -> list[list[Any]]:
    kept: dict[tuple[str, str, str], list[Any]] = {}
    for kind, p, field, v, forged in _forged(game):
        said = _refusal(game, kind, forged)
        if said is not None:
            key = (kind, field, re.sub(r"-?\d+", "N", " ".join(said.split()[:5])))
            kept.setdefault(key, [kind, p, field, v, said])
    return list(kept.values())


def _cases() -> list[Any]:
    return [
        pytest.param(game, case, id=f"{game}-{n}")
        for game in sorted(_GAMES)
        if (_DATA / f"{game}.json").exists()  # not yet while written the first time
        for n, case in enumerate(json.loads((_DATA / f"{game}.json").read_text()))
    ]


_BY_GAME: dict[str, dict[tuple[str, int, str, int], Any]] = {}


def _forgery(game: str, kind: str, p: int, field: str, v: int) -> Any:
    if game not in _BY_GAME:
        _BY_GAME[game] = {(k, q, f, w): forged for k, q, f, w, forged in _forged(game)}
    return _BY_GAME[game][kind, p, field, v]


@pytest.mark.parametrize(("game", "case"), _cases())
def test_a_forged_field_is_refused_with_this_path_and_message(game: str, case: list[Any]) -> None:
    kind, p, field, v, said = case
    assert _refusal(game, kind, _forgery(game, kind, p, field, v)) == said


if __name__ == "__main__":  # write the cases again (review the diff)
    _DATA.mkdir(exist_ok=True)
    for name in sorted(_GAMES):
        cases = _generate(name)
        lines = ",\n".join(json.dumps(case) for case in cases)
        (_DATA / f"{name}.json").write_text(f"[\n{lines}\n]\n")
        print(name, len(cases))
