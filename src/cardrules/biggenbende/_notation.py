"""
Biggenbende positions as one line of text: ``format_state``/``parse_state`` for the
whole truth and ``format_view``/``parse_view`` for what one seat sees.

The fields are described on the "Biggenbende notation" docs page. A card is its value
``1`` .. ``12`` or ``J`` for a joker (BB-1); cards are separated by ``,``, seats by
``/``; an empty list is ``-``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs

from cardrules._position import (
    EMPTY,
    Span,
    checked,
    counted,
    fields,
    integer,
    join,
    optional,
    parts,
    passes,
    rng,
    rng_text,
    word,
)
from cardrules.biggenbende._cards import add, counts, expand
from cardrules.biggenbende._checks import check_state, check_view
from cardrules.biggenbende._state import JOKER, ROW_SIZE, VALUES, Phase, Rules, State, View

__all__ = ["format_state", "format_view", "parse_state", "parse_view", "smaller"]

_STATE_FIELDS = (
    "rules", "rng", "round", "phase", "turn", "direction", "hands", "face_up", "face_down",
    "draw", "discard", "removed", "places", "moves", "chips", "supply", "cut_rounds",
)  # fmt: skip
_VIEW_FIELDS = (
    "rules", "seat", "round", "phase", "turn", "direction", "hand", "hand_counts", "face_up",
    "face_down", "draw_count", "discard", "removed", "places", "moves", "chips", "supply",
    "cut_rounds",
)  # fmt: skip
_JOKER = "J"
_GONE = "x"
"""A face-down place whose card is gone (BB-11)."""
_HIDDEN = "#"
"""A face-down card in a view: there, but its value unseen (BB-21)."""
_PHASES: dict[str, Phase] = {"choose": "choose", "play": "play", "over": "over"}
_DIRECTIONS = {">": 1, "<": -1}
_DIRECTION_TEXT = {1: ">", -1: "<"}


def _card(value: int) -> str:
    return _JOKER if value == JOKER else str(value)


def _pile(cards: Sequence[int]) -> str:
    return join([_card(v) for v in cards])


def _set(counted_cards: Sequence[int]) -> str:
    return _pile(expand(counted_cards))


def _rules_text(rules: Rules) -> str:
    limit = EMPTY if rules.max_turns_per_round is None else str(rules.max_turns_per_round)
    return "/".join(
        (
            str(rules.players),
            str(rules.copies_per_value),
            str(rules.jokers),
            str(rules.chips),
            str(rules.rounds),
            limit,
        )
    )


def _seats(cards: Sequence[Sequence[int]]) -> str:
    return "/".join(_set(c) for c in cards)


def _common_tail(obj: State | View) -> list[str]:
    return [
        _pile(obj.discard),
        _set(obj.removed),
        "".join(str(s) for s in obj.places) or EMPTY,
        str(obj.moves),
        "/".join(str(c) for c in obj.chips),
        str(obj.supply),
        join([str(r) for r in obj.cut_rounds]),
    ]


def format_state(state: State) -> str:
    """
    The whole state as one line (face-down cards, draw-pile order and generator
    included); :func:`parse_state` reads it back.

    >>> from cardrules.biggenbende import Rules, new_game
    >>> text = format_state(new_game(Rules(players=3), seed=1))
    >>> text.split()[:6]
    ['3/6/8/40/5/5000', 'd31e903e47fc4a7c', '1', 'choose', '0', '>']
    """
    rows = "/".join(
        ",".join(_GONE if c is None else _card(c) for c in row) for row in state.face_down
    )
    return " ".join(
        [
            _rules_text(state.rules),
            rng_text(state.rng),
            str(state.round),
            state.phase,
            EMPTY if state.turn is None else str(state.turn),
            _DIRECTION_TEXT[state.direction],
            _seats(state.hands),
            _seats(state.face_up),
            rows,
            _pile(state.draw),
            *_common_tail(state),
        ]
    )


def format_view(view: View) -> str:
    """
    What one seat sees as one line; :func:`parse_view` reads it back.

    >>> from cardrules.biggenbende import Rules, new_game, view
    >>> text = format_view(view(new_game(Rules(players=3), seed=1), 1))
    >>> text.split()[6:11]
    ['J,J,2,2,5,5,7', '7/7/7', '-/-/-', '#,#,#/#,#,#/#,#,#', '50']
    """
    rows = "/".join(",".join(_HIDDEN if c else _GONE for c in row) for row in view.face_down)
    return " ".join(
        [
            _rules_text(view.rules),
            str(view.seat),
            str(view.round),
            view.phase,
            EMPTY if view.turn is None else str(view.turn),
            _DIRECTION_TEXT[view.direction],
            _set(view.hand),
            "/".join(str(c) for c in view.hand_counts),
            _seats(view.face_up),
            rows,
            str(view.draw_count),
            *_common_tail(view),
        ]
    )


# --------------------------------------------------------------------------- reading


def _rules(span: Span, text: str) -> Rules:
    pieces = parts(span, "/", text, 6, "rules (players/copies/jokers/chips/rounds/limit)")
    players, copies, jokers, chips, rounds = (
        integer(piece, text, what)
        for piece, what in zip(
            pieces[:5],
            ("the players", "the copies per value", "the jokers", "the chips", "the rounds"),
            strict=True,
        )
    )
    limit = optional(pieces[5], lambda s: integer(s, text, "the turn limit", 1))
    return Rules(players, copies, jokers, chips, rounds, limit)


def _value(span: Span, text: str) -> int:
    if span[0] == _JOKER:
        return JOKER
    return integer(span, text, "J or a card value", 1, VALUES - 1)


def _values(span: Span, text: str) -> tuple[int, ...]:
    if span[0] == EMPTY:
        return ()
    return tuple(_value(piece, text) for piece in parts(span, ",", text))


def _per_seat(span: Span, text: str, n: int, what: str) -> tuple[tuple[int, ...], ...]:
    pieces = parts(span, "/", text)
    out = tuple(counts(_values(piece, text)) for piece in pieces)
    counted(pieces, span, text, n, what)
    return out


def _ints(span: Span, text: str, n: int, what: str, high: int | None = None) -> tuple[int, ...]:
    pieces = parts(span, "/", text)
    out = tuple(integer(piece, text, what, 0, high) for piece in pieces)
    counted(pieces, span, text, n, f"{what}s")
    return out


def _places(span: Span, text: str, n: int) -> tuple[int, ...]:
    if span[0] == EMPTY:
        return ()
    return tuple(
        integer((char, span[1] + i), text, "a seat", 0, n - 1) for i, char in enumerate(span[0])
    )


def _rounds(span: Span, text: str) -> tuple[int, ...]:
    if span[0] == EMPTY:
        return ()
    return tuple(integer(piece, text, "a round", 1) for piece in parts(span, ",", text))


def _rows(span: Span, text: str, n: int, read_place: object) -> tuple[tuple[object, ...], ...]:
    rows = parts(span, "/", text)
    out = []
    for row in rows:
        places = parts(row, ",", text)
        out.append(tuple(read_place(place) for place in places))  # type: ignore[operator]
        counted(places, row, text, ROW_SIZE, "face-down places", ",")
    counted(rows, span, text, n, "face-down rows")
    return tuple(out)


def _columns(spans: list[Span], names: tuple[str, ...]) -> dict[str, int]:
    columns = {name: column for name, (_, column) in zip(names, spans, strict=True)}
    columns["starter"] = columns["round"]
    return columns


def _turn(span: Span, text: str, n: int) -> int | None:
    return optional(span, lambda s: integer(s, text, "a seat", 0, n - 1))


def parse_state(text: str) -> State:
    """
    Read a state written by :func:`format_state`, checked as :func:`cardrules.loads`
    checks a loaded one.

    Raises:
        NotationError: with the 1-based column of the first bad character (or of the
            field that breaks a rule).

    >>> from cardrules.biggenbende import Rules, new_game
    >>> state = new_game(Rules(players=3), seed=1)
    >>> parse_state(format_state(state)) == state
    True
    >>> parse_state(format_state(state).replace(" choose ", " chose "))
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: column 39: expected the phase ('choose', 'play', 'over'): ...
    """
    spans = fields(text, _STATE_FIELDS)
    columns = _columns(spans, _STATE_FIELDS)
    rules = checked(text, columns, lambda: _rules(spans[0], text))
    n = rules.players
    generator = rng(spans[1], text)
    rnd = integer(spans[2], text, "the round", 1)
    phase = word(spans[3], text, _PHASES, "the phase")
    turn = _turn(spans[4], text, n)
    direction = word(spans[5], text, _DIRECTIONS, "the direction")
    hands = _per_seat(spans[6], text, n, "hands")
    face_up = _per_seat(spans[7], text, n, "face-up rows")

    def place(span: Span) -> int | None:
        return None if span[0] == _GONE else _value(span, text)

    face_down = _rows(spans[8], text, n, place)
    draw = _values(spans[9], text)
    discard = _values(spans[10], text)
    removed = counts(_values(spans[11], text))
    places = _places(spans[12], text, n)
    moves = integer(spans[13], text, "the moves")
    chips = _ints(spans[14], text, n, "chip count")
    supply = integer(spans[15], text, "the supply")
    cut = _rounds(spans[16], text)
    state = State(
        rules, generator, rnd, (rnd - 1) % n, phase, turn, direction, hands, face_up,
        face_down, draw, discard, removed, places, moves, chips, supply, cut,  # type: ignore[arg-type]
    )  # fmt: skip
    checked(text, columns, lambda: check_state(state))
    return state


def parse_view(text: str) -> View:
    """
    Read a view written by :func:`format_view`, checked as :func:`cardrules.loads`
    checks a loaded one.

    Raises:
        NotationError: with the 1-based column of the first bad character.

    >>> from cardrules.biggenbende import Rules, new_game, view
    >>> seen = view(new_game(Rules(players=3), seed=1), 1)
    >>> parse_view(format_view(seen)) == seen
    True
    """
    spans = fields(text, _VIEW_FIELDS)
    columns = _columns(spans, _VIEW_FIELDS)
    rules = checked(text, columns, lambda: _rules(spans[0], text))
    n = rules.players
    seat = integer(spans[1], text, "a seat", 0, n - 1)
    rnd = integer(spans[2], text, "the round", 1)
    phase = word(spans[3], text, _PHASES, "the phase")
    turn = _turn(spans[4], text, n)
    direction = word(spans[5], text, _DIRECTIONS, "the direction")
    hand = counts(_values(spans[6], text))
    hand_counts = _ints(spans[7], text, n, "hand count")
    face_up = _per_seat(spans[8], text, n, "face-up rows")
    hidden = {_HIDDEN: True, _GONE: False}
    face_down = _rows(
        spans[9], text, n, lambda span: word(span, text, hidden, "a face-down place")
    )
    draw_count = integer(spans[10], text, "the draw-pile size")
    discard = _values(spans[11], text)
    removed = counts(_values(spans[12], text))
    places = _places(spans[13], text, n)
    moves = integer(spans[14], text, "the moves")
    chips = _ints(spans[15], text, n, "chip count")
    supply = integer(spans[16], text, "the supply")
    cut = _rounds(spans[17], text)
    view = View(
        seat, rules, rnd, (rnd - 1) % n, phase, turn, direction, hand, hand_counts, face_up,
        face_down, draw_count, discard, removed, places, moves, chips, supply, cut,  # type: ignore[arg-type]
    )  # fmt: skip
    checked(text, columns, lambda: check_view(view))
    return view


# --------------------------------------------------------------------------- smaller


def smaller(state: State) -> Iterator[State]:
    """
    Positions a little smaller than ``state``, each a valid state: cards of the draw
    pile, the discard pile or a hand put aside with the removed cards (as a burn puts
    them, BB-12), and the move counter restarted. The deck of the rules is kept whole
    (BB-1), so the cards set aside stay counted.

    >>> from cardrules.biggenbende import Rules, new_game
    >>> state = new_game(Rules(players=3), seed=1)
    >>> [len(small.draw) for small in smaller(state)][:3]
    [0, 25, 49]
    """
    candidates: list[State] = []
    draw = state.draw
    if draw:
        # The whole draw pile, half of it, or its top card set aside (bottom kept).
        for keep in sorted({0, len(draw) // 2, len(draw) - 1}):
            candidates.append(
                attrs.evolve(state, draw=draw[:keep], removed=add(state.removed, draw[keep:]))
            )
    discard = state.discard
    if discard:
        for keep in sorted({0, len(discard) - 1}):
            candidates.append(
                attrs.evolve(
                    state, discard=discard[:keep], removed=add(state.removed, discard[keep:])
                )
            )
    for seat, hand in enumerate(state.hands):
        cards = expand(hand)
        if len(cards) > 1:
            top = cards[-1]
            less = list(hand)
            less[top] -= 1
            hands = (*state.hands[:seat], tuple(less), *state.hands[seat + 1 :])
            candidates.append(attrs.evolve(state, hands=hands, removed=add(state.removed, (top,))))
    if state.moves and state.phase == "play":
        candidates.append(attrs.evolve(state, moves=0))
    for candidate in candidates:
        if candidate != state and passes(check_state, candidate):
            yield candidate
