"""
Every game's notation refusals pinned, message and column (issue 23: the mutants of the
readers that changed only an error's wording or the column it points at lived).

The cases are drawn by :func:`_generate`: positions of seeded random games (2 to 4 seats,
3 to 6 in Biggenbende), their states and two seats' views written out, and one field at a
time replaced by a bad variant; each kind of message per field is kept once. A change of
wording or column fails here: if it is meant, write the cases again with
``python -m tests.test_notation_refusal_pins`` and review the diff.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardrules import allegra, beggar, biggenbende
from cardrules.errors import NotationError
from tests._random_play import random_play, thirds

_DATA = Path(__file__).parent / "data" / "refusals"
_GAMES: dict[str, ModuleType] = {"allegra": allegra, "beggar": beggar, "biggenbende": biggenbende}


def _positions(game: str) -> list[Any]:
    """Four states of each of three seeded random games: start, a third, two thirds, end."""
    mod = _GAMES[game]
    out: list[Any] = []
    for players in (3, 4, 6) if game == "biggenbende" else (2, 3, 4):
        out += thirds(random_play(mod, mod.Rules(players=players), seed=5, moves=400))
    return out


def _variants(field: str) -> list[str]:
    """Bad (or merely different) texts for one field."""
    made = {
        "x", "-", "-1", "0", "1", "99", "999999", field + "x", field[:-1], field + "/" + field,
        field + "@1", field.replace("/", ""), field.replace("/", "//", 1), field.replace("@", ""),
        "a/b", "1@", "@1", "1/x", "x/1", "2/0", "1/0/x", "0/0/-", "-/-/-", "1/0", field[::-1],
        field.upper(), field.lower(), "KC", "1X", "10", "ZZ", "3/x", "x/x/x/x/x",
    }  # fmt: skip
    pieces = field.split("/")
    for i in range(len(pieces)):  # one part of a field at a time
        for bad in ("x", "99999999", "", "0"):
            made.add("/".join([*pieces[:i], bad, *pieces[i + 1 :]]))
    return sorted(v for v in made if v and v != field)


def _generate(game: str) -> list[list[Any]]:
    """The cases: ``[kind, text, column, message]``, one per kind of message per field."""
    mod = _GAMES[game]
    kept: dict[tuple[str, int, str], list[Any]] = {}
    readers: list[tuple[str, Callable[[Any], str], Callable[[str], Any]]] = [
        ("state", mod.format_state, mod.parse_state),
        ("view", mod.format_view, mod.parse_view),
    ]
    for kind, write, read in readers:
        for state in _positions(game):
            if kind == "state":
                shown = [state]
            else:
                shown = [mod.view(state, seat) for seat in range(2)]
            for position in shown:
                fields = write(position).split(" ")
                for i, field in enumerate(fields):
                    for variant in _variants(field):
                        text = " ".join([*fields[:i], variant, *fields[i + 1 :]])
                        try:
                            read(text)
                        except NotationError as exc:
                            message = str(exc)
                            said = message.split(": '")[0].split(": ", 1)[-1]
                            key = (kind, i, re.sub(r"-?\d+", "N", said))
                            kept.setdefault(key, [kind, text, exc.column, message])
    return list(kept.values())


def _cases() -> list[Any]:
    return [
        pytest.param(game, *case, id=f"{game}-{n}")
        for game in sorted(_GAMES)
        if (_DATA / f"{game}.json").exists()  # not yet while written the first time
        for n, case in enumerate(json.loads((_DATA / f"{game}.json").read_text()))
    ]


@pytest.mark.parametrize(("game", "kind", "text", "column", "message"), _cases())
def test_a_bad_field_is_refused_with_this_message_at_this_column(
    game: str, kind: str, text: str, column: int, message: str
) -> None:
    mod = _GAMES[game]
    read = mod.parse_state if kind == "state" else mod.parse_view
    with pytest.raises(NotationError) as info:
        read(text)
    assert info.value.column == column
    assert str(info.value) == message


if __name__ == "__main__":  # write the cases again (review the diff)
    for name in sorted(_GAMES):
        cases = _generate(name)
        lines = ",\n".join(json.dumps(case) for case in cases)
        (_DATA / f"{name}.json").write_text(f"[\n{lines}\n]\n")
        print(name, len(cases))
