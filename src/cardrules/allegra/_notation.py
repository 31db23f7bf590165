"""
Allegra positions as one line of text: ``format_state``/``parse_state`` for the whole
truth and ``format_view``/``parse_view`` for what one seat sees.

The fields are described on the "Allegra notation" docs page. A card is its value
``-1`` .. ``11`` (AL-1); a grid (AL-3) is written row by row, rows separated by ``;``
and places by ``,``; seats are separated by ``/``; an empty list is ``-``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import attrs

from cardrules._position import (
    EMPTY,
    Span,
    checked,
    counted,
    fail,
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
from cardrules.allegra._checks import check_state, check_view
from cardrules.allegra._state import CARD_VALUES, DEFAULT_DECK, Phase, Rules, Slot, State, View
from cardrules.errors import RulesError

__all__ = ["format_state", "format_view", "parse_state", "parse_view", "smaller"]

_STATE_FIELDS = (
    "rules", "rng", "round", "phase", "current", "reveals_left", "grids", "deck",
    "deck_public", "discard", "removed", "drawn", "knocks", "exchange", "ending", "scores",
    "cut_rounds",
)  # fmt: skip
_VIEW_FIELDS = (
    "rules", "seat", "round", "phase", "current", "reveals_left", "grids", "deck",
    "discard", "removed", "drawn", "knocks", "exchange", "ending", "scores", "cut_rounds",
)  # fmt: skip
_STANDARD = "std"
"""The default deck of AL-1, in the rules field."""
_DOWN = "~"
"""Before a value: a face-down card (in a state)."""
_HIDDEN = "#"
"""A face-down card in a view, its value unseen; also a card in hand unseen."""
_GONE = "x"
"""A removed place (AL-8)."""
_PHASES: dict[str, Phase] = {
    name: name
    for name in ("reveal", "turn", "knock", "give", "place", "exchange", "drawn", "over")
}
_DECK_KNOWLEDGE = {"public": True, "hidden": False}
_ROWS, _COLS = 3, 4


def _values(cards: Sequence[int]) -> str:
    return join([str(v) for v in cards])


def _seats(seats: Sequence[int]) -> str:
    return "".join(str(s) for s in seats) or EMPTY


def _opt(value: object) -> str:
    return EMPTY if value is None else str(value)


def _rules_text(rules: Rules) -> str:
    deck = _STANDARD if rules.deck == DEFAULT_DECK else ",".join(str(c) for c in rules.deck)
    return f"{rules.players}/{deck}/{rules.rounds}/{_opt(rules.max_turns_per_round)}"


def _grids(places: Sequence[str], players: int) -> str:
    size = _ROWS * _COLS
    return "/".join(
        ";".join(
            ",".join(places[seat * size + row * _COLS : seat * size + (row + 1) * _COLS])
            for row in range(_ROWS)
        )
        for seat in range(players)
    )


def _tail(obj: State | View, hand: str) -> list[str]:
    return [
        _values(obj.discard),
        _values(obj.removed),
        _opt(obj.drawn),
        f"{_seats(obj.knock_queue)}/{_seats(obj.knockers)}/{_seats(obj.passers)}",
        f"{_opt(obj.receiver)}/{_opt(obj.placed)}/{hand}",
        f"{_opt(obj.ender)}/{obj.last_turns}/{obj.turns}",
        join([",".join(str(x) for x in row) for row in obj.scores], "/"),
        join([str(r) for r in obj.cut_rounds]),
    ]


def _head(obj: State | View, who: str) -> list[str]:
    return [
        _rules_text(obj.rules),
        who,
        str(obj.round),
        obj.phase,
        str(obj.current),
        str(obj.reveals_left),
    ]


def format_state(state: State) -> str:
    """
    The whole state as one line (face-down cards, deck order and generator included);
    :func:`parse_state` reads it back.

    >>> from cardrules.allegra import Rules, new_game
    >>> fields = format_state(new_game(Rules(players=2), seed=3)).split()
    >>> fields[0], fields[2:6], fields[6][:24]
    ('2/std/3/1000', ['1', 'reveal', '0', '2'], '~7,~11,~2,~3;~10,~3,~5,~')
    """
    places = [
        _GONE if card is None else (str(card) if up else f"{_DOWN}{card}")
        for card, up in zip(state.cards, state.face_up, strict=True)
    ]
    return " ".join(
        [
            *_head(state, rng_text(state.rng)),
            _grids(places, state.rules.players),
            _values(state.deck),
            "public" if state.deck_public else "hidden",
            *_tail(state, _opt(state.hand)),
        ]
    )


def format_view(view: View) -> str:
    """
    What one seat sees as one line; :func:`parse_view` reads it back.

    >>> from cardrules.allegra import Rules, new_game, view
    >>> fields = format_view(view(new_game(Rules(players=2), seed=3), 1)).split()
    >>> fields[6][:24], fields[7:]
    ('#,#,#,#;#,#,#,#;#,#,#,#/', ['95', '3', '-', '-', '-/-/-', '-/-/-', '-/0/0', '-', '-'])
    """
    places = [
        str(card) if card is not None else (_HIDDEN if down else _GONE)
        for card, down in zip(view.cards, view.face_down, strict=True)
    ]
    deck = str(view.deck_count)
    if view.deck_cards is not None:
        deck += "=" + _values(view.deck_cards)
    hand = _opt(view.hand) if view.hand is not None or not view.hand_count else _HIDDEN
    return " ".join(
        [
            *_head(view, str(view.seat)),
            _grids(places, view.rules.players),
            deck,
            *_tail(view, hand),
        ]
    )


# --------------------------------------------------------------------------- reading


def _rules(span: Span, text: str) -> Rules:
    pieces = parts(span, "/", text, 4, "rules (players/deck/rounds/limit)")
    players = integer(pieces[0], text, "the players")
    if pieces[1][0] == _STANDARD:
        deck = DEFAULT_DECK
    else:
        counts = parts(pieces[1], ",", text)
        deck = tuple(integer(c, text, "a count of cards") for c in counts)
        counted(counts, pieces[1], text, len(DEFAULT_DECK), "counts (values -1 .. 11)", ",")
    rounds = integer(pieces[2], text, "the rounds", 1)
    limit = integer(pieces[3], text, "the turn limit", 1)
    return Rules(players, deck, rounds, limit)


def _value(span: Span, text: str) -> int:
    return integer(span, text, "a card", -1, 11)


def _list(span: Span, text: str) -> tuple[int, ...]:
    if span[0] == EMPTY:
        return ()
    return tuple(_value(piece, text) for piece in parts(span, ",", text))


def _seat_list(span: Span, text: str, n: int) -> tuple[int, ...]:
    if span[0] == EMPTY:
        return ()
    return tuple(
        integer((char, span[1] + i), text, "a seat", 0, n - 1) for i, char in enumerate(span[0])
    )


def _grid_places(span: Span, text: str, n: int, read: Callable[[Span], _Place]) -> list[_Place]:
    out: list[_Place] = []
    grids = parts(span, "/", text)
    for grid in grids:
        rows = parts(grid, ";", text)
        for row in rows:
            places = parts(row, ",", text)
            out.extend(read(place) for place in places)
            counted(places, row, text, _COLS, "places in a row", ",")
        counted(rows, grid, text, _ROWS, "rows in a grid", ";")
    counted(grids, span, text, n, "grids")
    return out


_Place = tuple[int | None, bool]


def _slot(span: Span, text: str) -> Slot:
    try:
        return Slot.from_str(span[0])
    except RulesError as exc:
        raise fail(str(exc), text, span[1]) from None


def _tail_fields(
    spans: Sequence[Span], text: str, n: int, read_hand: Callable[[Span], tuple[int | None, int]]
) -> dict[str, object]:
    discard, removed, drawn, knocks, exchange, ending, scores, cut = spans
    queue, knockers, passers = parts(knocks, "/", text, 3, "seat lists (queue/knock/pass)")
    receiver, placed, hand = parts(exchange, "/", text, 3, "parts (receiver/placed/hand)")
    ender, last_turns, turns = parts(ending, "/", text, 3, "parts (ender/last turns/turns)")
    score_rows: tuple[tuple[int, ...], ...] = ()
    if scores[0] != EMPTY:
        rows = []
        for row in parts(scores, "/", text):
            items = parts(row, ",", text)
            rows.append(tuple(integer(x, text, "a score", -(10**9)) for x in items))
            counted(items, row, text, n, "scores", ",")
        score_rows = tuple(rows)
    return {
        "discard": _list(discard, text),
        "removed": _list(removed, text),
        "drawn": optional(drawn, lambda s: _value(s, text)),
        "knock_queue": _seat_list(queue, text, n),
        "knockers": _seat_list(knockers, text, n),
        "passers": _seat_list(passers, text, n),
        "receiver": optional(receiver, lambda s: integer(s, text, "a seat", 0, n - 1)),
        "placed": optional(placed, lambda s: _slot(s, text)),
        "hand": read_hand(hand),
        "ender": optional(ender, lambda s: integer(s, text, "a seat", 0, n - 1)),
        "last_turns": integer(last_turns, text, "the last turns"),
        "turns": integer(turns, text, "the turns"),
        "scores": score_rows,
        "cut_rounds": (
            ()
            if cut[0] == EMPTY
            else tuple(integer(r, text, "a round", 1) for r in parts(cut, ",", text))
        ),
    }


def _columns(spans: Sequence[Span], names: tuple[str, ...]) -> dict[str, int]:
    columns = {name: column for name, (_, column) in zip(names, spans, strict=True)}
    columns["cards"] = columns["face_up"] = columns["face_down"] = columns["grids"]
    columns["deck_count"] = columns["deck_cards"] = columns["deck"]
    for name in ("knock_queue", "knockers", "passers"):
        columns[name] = columns["knocks"]
    for name in ("receiver", "placed", "hand", "hand_count"):
        columns[name] = columns["exchange"]
    for name in ("ender", "last_turns", "turns"):
        columns[name] = columns["ending"]
    return columns


def parse_state(text: str) -> State:
    """
    Read a state written by :func:`format_state`, checked as :func:`cardrules.loads`
    checks a loaded one.

    Raises:
        NotationError: with the 1-based column of the first bad character (or of the
            field that breaks a rule).

    >>> from cardrules.allegra import Rules, new_game
    >>> state = new_game(Rules(players=2), seed=3)
    >>> parse_state(format_state(state)) == state
    True
    >>> parse_state(format_state(state).replace("~7,", "~12,", 1))
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: column 45: expected a card (-1..11), not 12: ...
    """
    spans = fields(text, _STATE_FIELDS)
    columns = _columns(spans, _STATE_FIELDS)
    rules = checked(text, columns, lambda: _rules(spans[0], text))
    n = rules.players
    generator = rng(spans[1], text)
    head = _head_fields(spans, text, n)

    def place(span: Span) -> _Place:
        if span[0] == _GONE:
            return None, False
        if span[0].startswith(_DOWN):
            return _value((span[0][1:], span[1] + 1), text), False
        return _value(span, text), True

    places = _grid_places(spans[6], text, n, place)
    deck = _list(spans[7], text)
    public = word(spans[8], text, _DECK_KNOWLEDGE, "the deck knowledge")
    tail = _tail_fields(
        spans[9:],
        text,
        n,
        lambda s: optional(s, lambda v: _value(v, text)),  # type: ignore[arg-type, return-value]
    )
    state = State(
        rules=rules,
        rng=generator,
        cards=tuple(card for card, _ in places),
        face_up=tuple(up for _, up in places),
        deck=deck,
        deck_public=public,
        **head,  # type: ignore[arg-type]
        **tail,  # type: ignore[arg-type]
    )
    checked(text, columns, lambda: check_state(state))
    return state


def _head_fields(spans: Sequence[Span], text: str, n: int) -> dict[str, object]:
    return {
        "round": integer(spans[2], text, "the round", 1),
        "phase": word(spans[3], text, _PHASES, "the phase"),
        "current": integer(spans[4], text, "a seat", 0, n - 1),
        "reveals_left": integer(spans[5], text, "the reveals left"),
    }


def parse_view(text: str) -> View:
    """
    Read a view written by :func:`format_view`, checked as :func:`cardrules.loads`
    checks a loaded one.

    Raises:
        NotationError: with the 1-based column of the first bad character.

    >>> from cardrules.allegra import Rules, new_game, view
    >>> seen = view(new_game(Rules(players=2), seed=3), 1)
    >>> parse_view(format_view(seen)) == seen
    True
    """
    spans = fields(text, _VIEW_FIELDS)
    columns = _columns(spans, _VIEW_FIELDS)
    rules = checked(text, columns, lambda: _rules(spans[0], text))
    n = rules.players
    seat = integer(spans[1], text, "a seat", 0, n - 1)
    head = _head_fields(spans, text, n)

    def place(span: Span) -> _Place:
        if span[0] in (_GONE, _HIDDEN):
            return None, span[0] == _HIDDEN
        return _value(span, text), False

    places = _grid_places(spans[6], text, n, place)
    count_text, _, cards_text = spans[7][0].partition("=")
    deck_count = integer((count_text, spans[7][1]), text, "the deck size")
    deck_cards = None
    if "=" in spans[7][0]:
        deck_cards = _list((cards_text, spans[7][1] + len(count_text) + 1), text)

    hand_count = {"hand_count": 0}

    def hand(span: Span) -> int | None:
        if span[0] == EMPTY:
            return None
        hand_count["hand_count"] = 1
        return None if span[0] == _HIDDEN else _value(span, text)

    tail = _tail_fields(spans[8:], text, n, hand)  # type: ignore[arg-type]
    view = View(
        rules=rules,
        seat=seat,
        cards=tuple(card for card, _ in places),
        face_down=tuple(down for _, down in places),
        deck_count=deck_count,
        deck_cards=deck_cards,
        hand_count=hand_count["hand_count"],
        **head,  # type: ignore[arg-type]
        **tail,  # type: ignore[arg-type]
    )
    checked(text, columns, lambda: check_view(view))
    return view


# --------------------------------------------------------------------------- smaller


def _without(state: State, cards: Sequence[int], **changes: object) -> State | None:
    """``state`` with ``cards`` taken out of the game: out of ``Rules.deck`` too."""
    deck = list(state.rules.deck)
    for card in cards:
        deck[card - CARD_VALUES[0]] -= 1
    try:
        rules = attrs.evolve(state.rules, deck=tuple(deck))
    except RulesError:  # AL-11: too few cards left for the grids
        return None
    return attrs.evolve(state, rules=rules, **changes)  # type: ignore[arg-type]


def smaller(state: State) -> Iterator[State]:
    """
    Positions a little smaller than ``state``, each a valid state: fewer cards in play
    (cards of the deck, or the discard pile but its top card, taken out of the game and
    out of ``Rules.deck``, keeping the 12 x players + 2 cards of AL-11) and the turn
    counter restarted.

    >>> from cardrules.allegra import Rules, new_game
    >>> state = new_game(Rules(players=2), seed=3)
    >>> [(sum(small.rules.deck), len(small.deck)) for small in smaller(state)]
    [(26, 1), (72, 47), (119, 94)]
    """
    candidates: list[State | None] = []
    deck, discard = state.deck, state.discard
    for keep in sorted({0, 1, len(deck) // 2, len(deck) - 1}):
        if keep < len(deck):
            candidates.append(_without(state, deck[keep:], deck=deck[:keep]))
    if len(discard) > 1:
        candidates.append(_without(state, discard[:-1], discard=discard[-1:]))
    if state.turns and state.phase not in ("reveal", "over") and state.ender is None:
        candidates.append(attrs.evolve(state, turns=0))
    for candidate in candidates:
        if candidate is not None and candidate != state and passes(check_state, candidate):
            yield candidate
