"""
Text drawings of views, moves and outcomes for the command line.

:func:`render_view` dispatches on the game's name to a renderer that knows the
game; any other game is drawn by :func:`render_generic`, which lists the view's
attrs fields, so a game added later is drawn without changes here. The game
renderers import nothing from their game: they read the view's fields.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules.game import Outcome

__all__ = [
    "render_generic",
    "render_move",
    "render_outcome",
    "render_played",
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


def render_move(move: object) -> str:
    """
    A move as the game writes it (``str(move)``).

    >>> render_move("Turn")
    'Turn'
    """
    return str(move)


def render_played(game: str, move: object, before: Any, after: Any) -> str:
    """
    A move that was just played, with what it showed, seen from one seat.

    ``before`` and ``after`` are that seat's views around the move, so nothing the
    seat may not know is told. Games without details give ``str(move)``.

    >>> render_played("some game", "pass", None, None)
    'pass'
    """
    text = str(move)
    try:
        if game == "beggar":
            if len(after.pile) == len(before.pile) + 1:
                return f"{text} {after.pile[-1]}"
            if after.tricks > before.tricks:
                taker = before.penalty_seat
                who = f"seat {taker}" if taker is not None else "the last player"
                return f"{text}; {who} takes the pile ({len(before.pile) + 1} cards)"
        elif game == "allegra":
            if type(move).__name__ == "Draw" and after.drawn is not None:
                return f"{text} ({after.drawn})"
            if type(move).__name__ in ("Take", "Swap") and after.discard:
                return f"{text}, discarding {after.discard[-1]}"
    except (AttributeError, TypeError, IndexError):
        pass
    return text


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


def render_view(game: str, view: object) -> str:
    """
    A seat's view drawn as text, by the renderer of ``game`` if there is one.

    A renderer that fails on an unexpected view falls back to the generic
    drawing, so the command line never breaks on a view it does not know.
    """
    renderer = _RENDERERS.get(game)
    if renderer is not None:
        try:
            return renderer(view)
        except (AttributeError, TypeError, ValueError, IndexError, KeyError):
            pass
    return render_generic(view)


# --------------------------------------------------------------------------- Biggenbende


def _bb_card(value: int) -> str:
    return "joker" if value == 0 else str(value)


def _bb_cards(counts: Sequence[int]) -> str:
    """A count tuple (index = value, 0 the joker) as cards in the moves' order: jokers first."""
    cards = [_bb_card(v) for v in range(len(counts)) for _ in range(counts[v])]
    return " ".join(cards) if cards else "-"


def _render_biggenbende(view: Any) -> str:
    rules = view.rules
    players = len(view.hand_counts)
    turn = "the match is over" if view.turn is None else f"seat {view.turn} to move"
    way = "clockwise" if view.direction == 1 else "counter-clockwise"
    lines = [
        f"round {view.round} of {rules.rounds}, started by seat {view.starter}; "
        f"{turn}; play goes {way}",
        "chips: "
        + ", ".join(f"seat {s} {c}" for s, c in enumerate(view.chips))
        + f"; supply {view.supply}",
    ]
    discard = view.discard
    shown = " ".join(_bb_card(v) for v in discard[-12:])
    more = "... " if len(discard) > 12 else ""
    lines.append(
        f"discard pile: {len(discard)} cards" + (f", top last: {more}{shown}" if discard else "")
    )
    lines.append(f"draw pile: {view.draw_count} cards; removed: {sum(view.removed)} cards")
    if view.places:
        lines.append("out, in order: " + ", ".join(f"seat {s}" for s in view.places))
    for seat in range(players):
        you = " (you)" if seat == view.seat else ""
        mark = ">" if seat == view.turn else " "
        down = "".join("#" if d else "." for d in view.face_down[seat])
        if seat == view.seat:
            hand = f"hand {_bb_cards(view.hand)}"
        else:
            hand = f"hand {view.hand_counts[seat]} cards"
        lines.append(
            f"{mark} seat {seat}{you}: {hand} | face up {_bb_cards(view.face_up[seat])} "
            f"| face down {down}"
        )
    return "\n".join(lines)


# --------------------------------------------------------------------------- Beggar


def _render_beggar(view: Any) -> str:
    players = len(view.stack_sizes)
    if view.turn is None:
        state = f"the game is over ({str(view.ended).replace('_', ' ')})"
    else:
        state = f"seat {view.turn} to turn"
        if view.owed:
            state += f", owing {view.owed} to seat {view.penalty_seat}"
    lines = [f"cards turned {view.cards}, tricks {view.tricks}; {state}"]
    pile = view.pile
    shown = " ".join(str(c) for c in pile[-16:])
    more = "... " if len(pile) > 16 else ""
    lines.append(f"pile: {len(pile)} cards" + (f", top last: {more}{shown}" if pile else ""))
    for seat in range(players):
        you = " (you)" if seat == view.seat else ""
        mark = ">" if seat == view.turn else " "
        out = ", out" if view.out[seat] else ""
        size = view.stack_sizes[seat]
        cards = "1 card" if size == 1 else f"{size} cards"
        lines.append(f"{mark} seat {seat}{you}: {cards}{out}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- Allegra


def _al_cell(view: Any, index: int) -> str:
    card = view.cards[index]
    if card is not None:
        return f"{card:>3}"
    return "  ?" if view.face_down[index] else "  ."


def _al_mover(view: Any, phase: str) -> int | None:
    if phase == "over":
        return None
    if phase == "knock" and view.knock_queue:
        return int(view.knock_queue[0])
    if phase == "place" and view.receiver is not None:
        return int(view.receiver)
    return int(view.current)


def _al_doing(view: Any, phase: str) -> str:
    """Who is to do what (during a knock the drawer is ``current``, not the mover)."""
    drawer = view.current
    knocker = view.knock_queue[0] if view.knock_queue else None
    return {
        "reveal": f"seat {drawer} turns up a card ({view.reveals_left} to go)",
        "turn": f"seat {drawer} draws or takes the discard",
        "knock": f"seat {drawer} drew {view.drawn}; seat {knocker} knocks or passes",
        "give": f"seat {drawer} gives the {view.drawn} to a knocker or ignores the knocks",
        "place": f"seat {view.receiver} places the card given by seat {drawer}",
        "exchange": f"seat {drawer} takes a card from seat {view.receiver}'s area",
        "drawn": f"seat {drawer} swaps in or discards the drawn {view.drawn}",
        "over": "the game is over",
    }.get(phase, f"seat {drawer} to play ({phase})")


def _render_allegra(view: Any) -> str:
    n: int = view.rules.players
    phase = str(view.phase)
    doing = _al_doing(view, phase)
    mover = _al_mover(view, phase)
    top = view.discard[-1] if view.discard else None
    lines = [
        f"round {view.round} of {view.rules.rounds}, turn {view.turns}; {doing}",
        f"deck {view.deck_count} cards; discard pile {len(view.discard)} cards, top "
        + ("-" if top is None else str(top))
        + (f"; drawn card {view.drawn}" if view.drawn is not None else ""),
    ]
    if view.knockers or view.passers:
        knocks = ", ".join(f"seat {k}" for k in view.knockers) or "nobody"
        lines.append(f"knocked: {knocks}")
    if view.receiver is not None:
        lines.append(f"the card went to seat {view.receiver}")
    if view.hand is not None:
        lines.append(f"your card in hand: {view.hand}")
    if view.ender is not None:
        lines.append(f"seat {view.ender} ended the round; {view.last_turns} turns left")
    lines.append("areas (? face down, . removed; the column left of | is shared):")
    totals = [sum(r[s] for r in view.scores) for s in range(n)] if view.scores else None
    for seat in range(n):
        left = (seat + 1) % n
        you = " (you)" if seat == view.seat else ""
        mark = ">" if seat == mover else " "
        score = f", total so far {totals[seat]}" if totals is not None else ""
        lines.append(f"{mark} seat {seat}{you}{score}")
        lines.append(f"         p{left}.c3 | " + " ".join(f"p{seat}.c{c}" for c in range(4)))
        for row in range(3):
            shared = _al_cell(view, left * 12 + row * 4 + 3)
            own = " ".join(f"{_al_cell(view, seat * 12 + row * 4 + c):>5}" for c in range(4))
            lines.append(f"    r{row}    {shared:>4} | {own}")
    return "\n".join(lines)


_RENDERERS: dict[str, Callable[[Any], str]] = {
    "allegra": _render_allegra,
    "beggar": _render_beggar,
    "biggenbende": _render_biggenbende,
}
