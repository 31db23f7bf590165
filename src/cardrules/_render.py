"""
Generic text for the command line: a view's fields, a move, an outcome.

A game draws its own views and moves through :attr:`~cardrules.Game.render_view` and
:attr:`~cardrules.Game.render_move` (in its own package); :func:`render_view` and
:func:`render_move` use them and fall back to :func:`render_generic` (the view's attrs
fields, one per line) and ``str(move)``, so any game is drawn without changes here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardrules.errors import CardrulesError
from cardrules.game import AnyGame, Outcome

__all__ = [
    "counted",
    "render_generic",
    "render_move",
    "render_outcome",
    "render_value",
    "render_view",
]


def _is_plain(value: Any) -> bool:
    """An attrs instance without its own ``__str__`` (drawn field by field)."""
    cls: type[Any] = type(value)
    method: object = cls.__str__
    return attrs.has(cls) and method is object.__str__


def render_value(value: Any) -> str:
    """
    One value on one line: tuples as space-separated items, ``None`` as ``-``.

    >>> render_value((1, 2, (3, 4), None, True))
    '1 2 [3 4] - yes'
    >>> render_value(())
    '(none)'
    """
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        if not value:
            return "(none)"
        return " ".join(
            f"[{render_value(v)}]" if isinstance(v, tuple) and v else render_value(v)
            for v in value
        )
    if isinstance(value, frozenset):
        return render_value(tuple(sorted(value)))
    if _is_plain(value):
        inner = ", ".join(
            f"{f.name}={render_value(getattr(value, f.name))}" for f in attrs.fields(type(value))
        )
        return f"{type(value).__name__}({inner})"
    return str(value)


def render_generic(view: object) -> str:
    """
    Every field of an attrs view, one per line; nested attrs objects indented.

    >>> @attrs.frozen
    ... class View:
    ...     seat: int
    ...     hand: tuple[int, ...]
    >>> print(render_generic(View(seat=1, hand=(3, 5))))
    seat: 1
    hand: 3 5
    """
    return "\n".join(_generic_lines(view, ""))


def _generic_lines(obj: Any, indent: str) -> list[str]:
    if not attrs.has(type(obj)):
        return [indent + render_value(obj)]
    lines: list[str] = []
    for field in attrs.fields(type(obj)):
        value = getattr(obj, field.name)
        label = field.name.replace("_", " ")
        if _is_plain(value):
            lines.append(f"{indent}{label}:")
            lines.extend(_generic_lines(value, indent + "  "))
        elif isinstance(value, tuple) and value and all(_is_plain(v) for v in value):
            lines.append(f"{indent}{label}:")
            for i, item in enumerate(value):
                lines.append(f"{indent}  [{i}]")
                lines.extend(_generic_lines(item, indent + "    "))
        else:
            lines.append(f"{indent}{label}: {render_value(value)}")
    return lines


def counted(number: int, word: str) -> str:
    """
    A count and a word, plural unless the count is 1: ``1 card``, ``2 cards``.

    >>> counted(1, "card"), counted(0, "turn")
    ('1 card', '0 turns')
    """
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


def render_outcome(outcome: Outcome, *, names: Sequence[str] | None = None) -> str:
    """
    The scores, the winners and how the game ended.

    Args:
        outcome: the game's outcome.
        names: a label per seat; ``"seat N"`` by default.

    >>> print(render_outcome(Outcome(scores=(3, 5), winners=frozenset({1}), reason="normal")))
    game over (normal)
      seat 0: 3
      seat 1: 5  winner
    """
    labels = names if names is not None else [f"seat {i}" for i in range(len(outcome.scores))]
    reason = outcome.reason.replace("_", " ")
    lines = [f"game over ({reason})"]
    if outcome.cut_rounds:
        cut = ", ".join(str(r) for r in outcome.cut_rounds)
        lines[0] += f"; rounds cut by the turn limit: {cut}"
    width = max(len(label) for label in labels) + 1 if labels else 0
    for seat, score in enumerate(outcome.scores):
        mark = "  winner" if seat in outcome.winners else ""
        lines.append(f"  {labels[seat] + ':':<{width}} {score}{mark}")
    if not outcome.winners:
        lines.append("  no winner")
    return "\n".join(lines)


def _game(game: AnyGame | str) -> AnyGame | None:
    """The game, or the registered game of that name; ``None`` for an unknown name."""
    if not isinstance(game, str):
        return game
    from cardrules._registry import get_game  # the registry imports the games: not at start

    try:
        return get_game(game)
    except CardrulesError:
        return None


def render_view(game: AnyGame | str, view: object, *, you: str = "you") -> str:
    """
    A seat's view drawn as text, by the game's ``render_view`` if it has one.

    The view's own seat is labelled ``(you)``, or ``(<you>)`` when the view is not the
    reader's own (``replay --step`` shows the view of the seat to move). A game without
    ``render_view``, an unknown game name, or a renderer that fails on an unexpected
    view gives :func:`render_generic`, so the command line never breaks on a view.

    >>> @attrs.frozen
    ... class View:
    ...     seat: int
    >>> render_view("no such game", View(seat=2))
    'seat: 2'
    """
    found = _game(game)
    renderer = None if found is None else found.render_view
    if renderer is not None:
        try:
            return renderer(view, you)
        except (AttributeError, TypeError, ValueError, IndexError, KeyError):
            pass
    return render_generic(view)


def render_move(game: AnyGame | str, move: object) -> str:
    """
    A move as short text, by the game's ``render_move`` if it has one, else ``str(move)``.

    >>> render_move("no such game", "pass")
    'pass'
    """
    found = _game(game)
    renderer = None if found is None else found.render_move
    return str(move) if renderer is None else renderer(move)
