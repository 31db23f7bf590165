"""
The core names no game: everything of a game lives in its own package.

The core modules (everything in ``cardrules`` outside the game packages, the command
line included) reach games through the :class:`~cardrules.Game` protocol only. This
test reads their code, docstrings and comments left out (examples in docstrings use the
built-in games, as any user's would), and looks for a game's name, a move or event class
name, or a field name that only one game's classes have.
"""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import attrs
import pytest

import cardrules

_SRC = Path(cardrules.__file__).parent
_GAME_PACKAGES = set(cardrules.GAMES)
_CORE = sorted(
    path for path in _SRC.rglob("*.py") if path.relative_to(_SRC).parts[0] not in _GAME_PACKAGES
)


def _code_words(path: Path) -> set[str]:
    """Identifiers and string literals of a module, without docstrings and comments."""
    source = path.read_text()
    docstrings = set()
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                docstrings.add((value.lineno, value.col_offset))
    words: set[str] = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.NAME:
            words.add(token.string)
        elif token.type == tokenize.STRING and token.start not in docstrings:
            # A string that is one word, such as a game's name or a class name; prose
            # (help texts, messages) may use ordinary words.
            text = token.string.lstrip("rbfuRBFU").strip("'\"")
            if text.isidentifier():
                words.add(text)
    return words


def _field_names(cls: type) -> set[str]:
    return {f.name for f in attrs.fields(cls)} if attrs.has(cls) else set()


# Field names that are ordinary words of any card game; the core may use them too.
_ORDINARY = frozenset(
    {
        "cards",
        "chips",
        "current",
        "deck",
        "draw",
        "drawn",
        "ended",
        "moves",
        "out",
        "pile",
        "round",
        "scores",
    }
)


def _forbidden() -> dict[str, str]:
    """Every word that would mean the core knows a game, and which game it names."""
    games = dict(cardrules.GAMES)
    fields = {name: _field_names(g.State) | _field_names(g.View) for name, g in games.items()}
    words: dict[str, str] = {}
    for name, game in games.items():
        words[name] = name
        for cls in (*game.move_types, *game.event_types, *game.value_types):
            words[cls.__name__] = name
        others = set().union(*(f for n, f in fields.items() if n != name))
        for field in fields[name] - others - _ORDINARY:
            words[field] = name
    return words


def test_the_core_is_found() -> None:
    names = {path.relative_to(_SRC).as_posix() for path in _CORE}
    assert {"serialize.py", "testing.py", "bots/_ismcts.py", "cli/play.py"} <= names


@pytest.mark.parametrize("path", _CORE, ids=[str(p.relative_to(_SRC)) for p in _CORE])
def test_a_core_module_names_no_game(path: Path) -> None:
    forbidden = _forbidden()
    found = sorted(w for w in _code_words(path) if w in forbidden)
    assert not found, {w: forbidden[w] for w in found}
