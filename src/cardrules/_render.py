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
    seat may not know is told: a Biggenbende face-up choice of another seat stays
    hidden until every seat has chosen (BB-4). Games without details give
    ``str(move)``.

    >>> render_played("some game", "pass", None, None)
    'pass'
    """
    text = str(move)
    details = _PLAYED.get(game)
    if details is not None:
        try:
            return details(text, move, before, after)
        except (AttributeError, TypeError, IndexError, KeyError, ValueError):
            pass
    return text


def _count(number: int, word: str) -> str:
    """
    ``1 card``, ``2 cards``.

    >>> _count(1, "card"), _count(0, "turn")
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


def render_view(game: str, view: object, *, you: str = "you") -> str:
    """
    A seat's view drawn as text, by the renderer of ``game`` if there is one.

    The view's own seat is labelled ``(you)``, or ``(<you>)`` when the view is
    not the reader's own (``replay --step`` shows the view of the seat to move).
    A renderer that fails on an unexpected view falls back to the generic
    drawing, so the command line never breaks on a view it does not know.
    """
    renderer = _RENDERERS.get(game)
    if renderer is not None:
        try:
            return renderer(view, f" ({you})")
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


def _render_biggenbende(view: Any, label: str) -> str:
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
        f"discard pile: {_count(len(discard), 'card')}"
        + (f", top last: {more}{shown}" if discard else "")
    )
    lines.append(
        f"draw pile: {_count(view.draw_count, 'card')}; "
        f"removed: {_count(sum(view.removed), 'card')}"
    )
    if view.places:
        lines.append("out, in order: " + ", ".join(f"seat {s}" for s in view.places))
    for seat in range(players):
        you = label if seat == view.seat else ""
        mark = ">" if seat == view.turn else " "
        down = "".join("#" if d else "." for d in view.face_down[seat])
        if seat == view.seat:
            hand = f"hand {_bb_cards(view.hand)}"
        else:
            hand = f"hand {_count(view.hand_counts[seat], 'card')}"
        lines.append(
            f"{mark} seat {seat}{you}: {hand} | face up {_bb_cards(view.face_up[seat])} "
            f"| face down {down}"
        )
    return "\n".join(lines)


# --------------------------------------------------------------------------- Beggar


def _render_beggar(view: Any, label: str) -> str:
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
    lines.append(
        f"pile: {_count(len(pile), 'card')}" + (f", top last: {more}{shown}" if pile else "")
    )
    for seat in range(players):
        you = label if seat == view.seat else ""
        mark = ">" if seat == view.turn else " "
        out = ", out" if view.out[seat] else ""
        lines.append(f"{mark} seat {seat}{you}: {_count(view.stack_sizes[seat], 'card')}{out}")
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


def _render_allegra(view: Any, label: str) -> str:
    n: int = view.rules.players
    phase = str(view.phase)
    doing = _al_doing(view, phase)
    mover = _al_mover(view, phase)
    top = view.discard[-1] if view.discard else None
    lines = [
        f"round {view.round} of {view.rules.rounds}, turn {view.turns}; {doing}",
        f"deck {_count(view.deck_count, 'card')}; "
        f"discard pile {_count(len(view.discard), 'card')}, top "
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
        lines.append(f"seat {view.ender} ended the round; {_count(view.last_turns, 'turn')} left")
    lines.append("areas (? face down, . removed; the column left of | is shared):")
    totals = [sum(r[s] for r in view.scores) for s in range(n)] if view.scores else None
    for seat in range(n):
        left = (seat + 1) % n
        you = label if seat == view.seat else ""
        mark = ">" if seat == mover else " "
        score = f", total so far {totals[seat]}" if totals is not None else ""
        lines.append(f"{mark} seat {seat}{you}{score}")
        lines.append(f"         p{left}.c3 | " + " ".join(f"p{seat}.c{c}" for c in range(4)))
        for row in range(3):
            shared = _al_cell(view, left * 12 + row * 4 + 3)
            own = " ".join(f"{_al_cell(view, seat * 12 + row * 4 + c):>5}" for c in range(4))
            lines.append(f"    r{row}    {shared:>4} | {own}")
    return "\n".join(lines)


_RENDERERS: dict[str, Callable[[Any, str], str]] = {
    "allegra": _render_allegra,
    "beggar": _render_beggar,
    "biggenbende": _render_biggenbende,
}


# --------------------------------------------------------------------------- moves played


def _played_beggar(text: str, move: Any, before: Any, after: Any) -> str:
    """The card turned, the seats that went out and who took the pile (BM-5, BM-7)."""
    if len(after.pile) == len(before.pile) + 1:
        text = f"{text} {after.pile[-1]}"
    gone = [s for s, out in enumerate(after.out) if out and not before.out[s]]
    for seat in gone:
        text += f"; seat {seat} is out"
    if after.tricks > before.tricks:
        # The taker is the one seat whose stack grew: the penalty player of BM-5, the
        # player who laid the last penalty card when the payer ran out, or the last
        # player with cards (BM-7).
        sizes = zip(before.stack_sizes, after.stack_sizes, strict=True)
        grew = [s for s, (old, new) in enumerate(sizes) if new > old]
        who = f"seat {grew[0]}" if len(grew) == 1 else "the last penalty player"
        text += f"; {who} takes the pile ({_count(len(before.pile) + 1, 'card')})"
    return text


def _bb_round_end(before: Any, after: Any) -> str:
    """``; round 2 is over, chips: ...`` when the move ended a round (BB-17, BB-18)."""
    if after.round == before.round and (after.phase != "over" or before.phase == "over"):
        return ""
    chips = zip(before.chips, after.chips, strict=True)
    won = ", ".join(f"seat {s} +{new - old}" for s, (old, new) in enumerate(chips))
    return f"; round {before.round} is over, chips won: {won}"


def _played_biggenbende(text: str, move: Any, before: Any, after: Any) -> str:
    """Hidden face-up choices (BB-4), burns, pick-ups, face-down cards, round ends."""
    kind = type(move).__name__
    mover = before.turn
    if kind == "ChooseFaceUp":
        if after.phase == "choose" and after.round == before.round:
            if mover != before.seat:
                # BB-4, BB-21: another seat's choice is hidden until every seat has chosen.
                return f"chooses {len(move.values)} cards to lay face up"
            return text
        return f"{text}; every face-up card is shown now"
    end = _bb_round_end(before, after)
    if end:
        return text + end
    removed = sum(after.removed) - sum(before.removed)
    burned = f"; the pile is removed ({_count(removed, 'card')})" if removed else ""
    if kind == "PickUp":
        return f"{text} ({_count(len(before.discard), 'card')})"
    if kind == "TurnFaceDown":
        if len(after.discard) > len(before.discard):
            return f"{text}: {_bb_card(after.discard[-1])}, played{burned}"
        if removed:
            # Played and burned at once: the one card removed beyond the old pile.
            extra = [
                v
                for v in range(len(after.removed))
                if after.removed[v] - before.removed[v] > before.discard.count(v)
            ]
            shown = f"{_bb_card(extra[0])}, " if len(extra) == 1 else ""
            return f"{text}: {shown}played{burned}"
        picked = _count(len(before.discard) + 1, "card")
        return f"{text}: not playable, picks it up with the pile ({picked})"
    return text + burned


def _al_index(slot: Any) -> int:
    return int(slot.owner) * 12 + int(slot.row) * 4 + int(slot.col)


def _al_value(view: Any, slot: Any) -> str:
    """`` (7)`` for a face-up card on ``slot`` in ``view``; ``""`` if none is there."""
    card = view.cards[_al_index(slot)]
    return "" if card is None else f" ({card})"


def _played_allegra(text: str, move: Any, before: Any, after: Any) -> str:
    """What a move showed: drawn, revealed and discarded cards, triples, round ends."""
    kind = type(move).__name__
    same_round = after.round == before.round
    if kind == "Draw" and after.drawn is not None:
        text = f"{text} ({after.drawn})"
    elif kind == "Reveal" and same_round:
        text += _al_value(after, move.slot)
    elif kind in ("Take", "Swap") and after.discard:
        text = f"{text}, discarding {after.discard[-1]}"
    elif kind == "Discard" and before.drawn is not None:
        text = f"discard {before.drawn}"
        if move.reveal is not None:
            text += f", reveal {move.reveal}" + (
                _al_value(after, move.reveal) if same_round else ""
            )
    elif kind == "Place" and after.hand is not None:
        text = f"{text}, taking {after.hand} into your hand"
    elif kind == "Exchange" and same_round:
        # AL-7 steps 2 and 3: the drawer's old card is discarded, and the knocker's
        # card in hand lands face up where the drawer took a card.
        laid = after.cards[_al_index(move.take)]
        text += f", discarding {after.discard[-1]}; seat {before.receiver} lays "
        text += f"{'a card' if laid is None else laid} on {move.take}"
    if same_round and len(after.removed) > len(before.removed):
        gone = " ".join(str(v) for v in after.removed[len(before.removed) :])
        text += f"; a triple leaves: {gone}"
    if not same_round or (after.phase == "over" and before.phase != "over"):
        scores = after.scores[before.round - 1]
        shown = ", ".join(f"seat {s} {score}" for s, score in enumerate(scores))
        text += f"; round {before.round} is over, scores: {shown}"
    return text


_PLAYED: dict[str, Callable[[str, Any, Any, Any], str]] = {
    "allegra": _played_allegra,
    "beggar": _played_beggar,
    "biggenbende": _played_biggenbende,
}
