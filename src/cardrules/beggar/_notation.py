"""
Beggar-my-neighbour positions as one line of text: ``format_state``/``parse_state``
for the whole truth and ``format_view``/``parse_view`` for what one seat sees.

The fields are described on the "Beggar-my-neighbour notation" docs page. A card is
written as ``str(card)`` (``"KH"``, ``"10S"``), and a row of cards with no separator
(``"KH10S2C"``); an empty row is ``-``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import attrs

from cardrules._position import (
    EMPTY,
    Span,
    checked,
    counted,
    fail,
    fields,
    integer,
    parts,
    passes,
    rng,
    rng_text,
    word,
)
from cardrules.beggar._checks import check_state, check_view
from cardrules.beggar._state import (
    _MAX_PLAYERS,
    DECK,
    RANKS,
    SUITS,
    Card,
    Ended,
    Rules,
    State,
    View,
)

__all__ = ["format_state", "format_view", "parse_state", "parse_view", "smaller"]

_STATE_FIELDS = ("rules", "stacks", "pile", "turn", "owed", "counts", "ended", "rng", "cycle")
_VIEW_FIELDS = ("rules", "seat", "stack_sizes", "pile", "turn", "owed", "counts", "ended")
_OUT = "x"
"""A seat that is out of the game (BM-7), in place of its stack or its size."""
_ENDED: dict[str, Ended | None] = {
    EMPTY: None,
    "normal": "normal",
    "endless": "endless",
    "card_limit": "card_limit",
}
_RANK_START = {rank[0] for rank in RANKS}
_ROW = re.compile(r"(?:(?:10|[A2-9JQK])[CDHS])*")
"""A row of cards, matched in one C call: a row of a megabyte is read in milliseconds."""
_LONGEST_CARDS = 3 * len(DECK)
"""The longest text of the cards of one stack or pile: the deck, three characters a card
at most."""
_CARD = re.compile(r"10[CDHS]|[A2-9JQK][CDHS]")
_BY_TEXT = {str(Card(rank, suit)): Card(rank, suit) for rank in RANKS for suit in SUITS}


def _cards_text(cards: tuple[Card, ...]) -> str:
    return "".join(str(card) for card in cards) if cards else EMPTY


def _rules_text(rules: Rules) -> str:
    limit = "" if rules.max_cards is None else f"/{rules.max_cards}"
    return f"{rules.players}{limit}"


def _owed_text(owed: int, penalty_seat: int | None) -> str:
    if owed == 0 and penalty_seat is None:
        return EMPTY
    return f"{owed}@{EMPTY if penalty_seat is None else penalty_seat}"


def format_state(state: State) -> str:
    """
    The whole state as one line (hidden stack order, generator and BM-9 detector
    included); :func:`parse_state` reads it back.

    >>> from cardrules.beggar import new_game
    >>> rules, stacks, *rest = format_state(new_game(seed=4)).split()
    >>> rules, stacks[:20], rest
    ('2', '2H7S4C6S10D5HQC7H4D3', ['-', '0', '-', '0/0', '-', '850d3ff45bd6b833', '1/0/0|...'])
    """
    stacks = "/".join(
        _OUT if out else _cards_text(stack)
        for stack, out in zip(state.stacks, state.out, strict=True)
    )
    cycle = f"{state.cycle_power}/{state.cycle_lam}/{state.cycle_key or EMPTY}"
    return " ".join(
        (
            _rules_text(state.rules),
            stacks,
            _cards_text(state.pile),
            str(state.turn),
            _owed_text(state.owed, state.penalty_seat),
            f"{state.cards}/{state.tricks}",
            state.ended or EMPTY,
            rng_text(state.rng),
            cycle,
        )
    )


def format_view(view: View) -> str:
    """
    What one seat sees as one line; :func:`parse_view` reads it back.

    >>> from cardrules.beggar import Turn, apply, new_game, view
    >>> state = apply(new_game(seed=4), Turn())
    >>> format_view(view(state, 1))
    '2 1 25/26 2H 1 - 1/0 -'
    """
    sizes = "/".join(
        _OUT if out else str(size) for size, out in zip(view.stack_sizes, view.out, strict=True)
    )
    return " ".join(
        (
            _rules_text(view.rules),
            str(view.seat),
            sizes,
            _cards_text(view.pile),
            EMPTY if view.turn is None else str(view.turn),
            _owed_text(view.owed, view.penalty_seat),
            f"{view.cards}/{view.tricks}",
            view.ended or EMPTY,
        )
    )


# --------------------------------------------------------------------------- reading


def _rules(span: Span, text: str) -> Rules:
    pieces = parts(span, "/", text)
    if len(pieces) > 2:  # players and the card limit
        raise fail("expected the players, then '/' and max_cards", text, pieces[2][1] - 1)
    players = integer(pieces[0], text, "the number of players", 2, _MAX_PLAYERS)
    limit = None if len(pieces) == 1 else integer(pieces[1], text, "max_cards", 1)
    return Rules(players=players, max_cards=limit)


def _cards(span: Span, text: str) -> tuple[Card, ...]:
    piece, column = span
    if piece == EMPTY:
        return ()
    if len(piece) > _LONGEST_CARDS:
        # Refused before it is read: no pile or stack holds more than the deck.
        raise fail(f"at most {len(DECK)} cards in a stack or pile", text, column + _LONGEST_CARDS)
    if _ROW.fullmatch(piece):
        return tuple(map(_BY_TEXT.__getitem__, _CARD.findall(piece)))
    # Not a row: find the first bad character, card by card.
    out = []
    index = 0
    while index < len(piece):
        if piece.startswith("10", index):
            rank, width = "10", 2
        elif piece[index] in _RANK_START and piece[index] != "1":
            rank, width = piece[index], 1
        else:
            raise fail("expected a card rank (A, 2 .. 10, J, Q, K)", text, column + index)
        index += width
        if index >= len(piece) or piece[index] not in SUITS:
            raise fail("expected a card suit (C, D, H, S)", text, column + index)
        out.append(Card(rank, piece[index]))
        index += 1
    return tuple(out)


def _seat(span: Span, text: str, players: int) -> int:
    return integer(span, text, "a seat", 0, players - 1)


def _owed(span: Span, text: str, players: int) -> tuple[int, int | None]:
    if span[0] == EMPTY:
        return 0, None
    pieces = parts(span, "@", text, 2, "parts (owed@penalty_seat)")
    return integer(pieces[0], text, "the cards owed", 1), _seat(pieces[1], text, players)


def _counts(span: Span, text: str) -> tuple[int, int]:
    cards, tricks = parts(span, "/", text, 2, "counts (cards/tricks)")
    return integer(cards, text, "the cards turned"), integer(tricks, text, "the tricks taken")


def _columns(spans: list[Span], names: tuple[str, ...]) -> dict[str, int]:
    columns = {name: column for name, (_, column) in zip(names, spans, strict=True)}
    columns["out"] = columns.get("stacks", columns.get("stack_sizes", 1))
    columns["penalty_seat"] = columns["owed"]
    columns["cards"] = columns["tricks"] = columns["counts"]
    for name in ("cycle_key", "cycle_power", "cycle_lam"):
        columns[name] = columns.get("cycle", 1)
    return columns


def parse_state(text: str) -> State:
    """
    Read a state written by :func:`format_state`, checked as :func:`cardrules.loads`
    checks a loaded one.

    Raises:
        NotationError: with the 1-based column of the first bad character (or of the
            field that breaks a rule).

    >>> from cardrules.beggar import new_game
    >>> state = new_game(seed=4)
    >>> parse_state(format_state(state)) == state
    True
    >>> parse_state("2 KC2C3X - 0 - 0/0 - 0000000000000000 1/0/-")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: column 8: expected a card suit (C, D, H, S): ...
    """
    spans = fields(text, _STATE_FIELDS)
    columns = _columns(spans, _STATE_FIELDS)
    rules = checked(text, columns, lambda: _rules(spans[0], text))
    n = rules.players
    stack_spans = parts(spans[1], "/", text)
    if len(stack_spans) > n:
        # Too many stacks: the cards of the first n are read as always, the rest not.
        for span in stack_spans[:n]:
            if span[0] != _OUT:
                _cards(span, text)
        counted(stack_spans, spans[1], text, n, "stacks")
    out = tuple(piece == _OUT for piece, _ in stack_spans)
    stacks = tuple(
        () if flag else _cards(span, text) for span, flag in zip(stack_spans, out, strict=True)
    )
    counted(stack_spans, spans[1], text, n, "stacks")
    pile = _cards(spans[2], text)
    turn = _seat(spans[3], text, n)
    owed, penalty_seat = _owed(spans[4], text, n)
    cards, tricks = _counts(spans[5], text)
    ended = word(spans[6], text, _ENDED, "how the game ended")
    generator = rng(spans[7], text)
    power_span, lam_span, key_span = parts(spans[8], "/", text, 3, "parts (power/lam/key)")
    power = integer(power_span, text, "the detector's power of two", 1)
    lam = integer(lam_span, text, "the detector's trick count")
    key = "" if key_span[0] == EMPTY else spans[8][0][key_span[1] - spans[8][1] :]
    state = State(
        rules, generator, stacks, pile, turn, owed, penalty_seat, out,
        cards, tricks, ended, key, power, lam,
    )  # fmt: skip
    checked(text, columns, lambda: check_state(state))
    return state


def parse_view(text: str) -> View:
    """
    Read a view written by :func:`format_view`, checked as :func:`cardrules.loads`
    checks a loaded one.

    Raises:
        NotationError: with the 1-based column of the first bad character.

    >>> view = parse_view("2 0 25/26 JC 1 1@0 1/0 -")
    >>> view.stack_sizes, view.pile, view.owed, view.penalty_seat
    ((25, 26), (Card(rank='J', suit='C'),), 1, 0)
    """
    spans = fields(text, _VIEW_FIELDS)
    columns = _columns(spans, _VIEW_FIELDS)
    rules = checked(text, columns, lambda: _rules(spans[0], text))
    n = rules.players
    seat = _seat(spans[1], text, n)
    size_spans = parts(spans[2], "/", text)
    out = tuple(piece == _OUT for piece, _ in size_spans)
    sizes = tuple(
        0 if flag else integer(span, text, "a stack size", 0, 52)
        for span, flag in zip(size_spans, out, strict=True)
    )
    counted(size_spans, spans[2], text, n, "stack sizes")
    pile = _cards(spans[3], text)
    turn = None if spans[4][0] == EMPTY else _seat(spans[4], text, n)
    owed, penalty_seat = _owed(spans[5], text, n)
    cards, tricks = _counts(spans[6], text)
    ended = word(spans[7], text, _ENDED, "how the game ended")
    view = View(seat, rules, sizes, pile, turn, owed, penalty_seat, out, cards, tricks, ended)
    checked(text, columns, lambda: check_view(view))
    return view


# --------------------------------------------------------------------------- smaller


def _fresh(state: State, **changes: object) -> State:
    # A new start for the BM-9 detector: no trick-start position saved yet.
    return attrs.evolve(state, cycle_key="", cycle_power=1, cycle_lam=0, **changes)  # type: ignore[arg-type]


def _without_seat(state: State, seat: int) -> State:
    n = state.rules.players
    keep = [s for s in range(n) if s != seat]
    heir = (seat - 1) % n
    stacks = [state.stacks[s] + (state.stacks[seat] if s == heir else ()) for s in keep]

    def renumber(s: int) -> int:
        return s - (s > seat)

    return _fresh(
        state,
        rules=attrs.evolve(state.rules, players=n - 1),
        stacks=tuple(stacks),
        out=tuple(state.out[s] for s in keep),
        turn=renumber(state.turn),
        penalty_seat=None if state.penalty_seat is None else renumber(state.penalty_seat),
    )


def smaller(state: State) -> Iterator[State]:
    """
    Positions a little smaller than ``state``, each a valid state: fewer players (a
    seat's stack goes under its right-hand neighbour's), the pile put under the stack
    of the seat to move, and the counters and the BM-9 detector reset. The deck itself
    always holds its 52 cards (BM-1).

    >>> from cardrules.beggar import Rules, new_game
    >>> state = new_game(Rules(players=3), seed=4)
    >>> [small.rules.players for small in smaller(state)]
    [2, 2, 3]
    """
    n = state.rules.players
    candidates: list[State] = []
    if n > 2:  # BM-2: two players at least
        for seat in range(n - 1, -1, -1):
            if seat not in (state.turn, state.penalty_seat):
                candidates.append(_without_seat(state, seat))
    if state.pile and state.ended is None:
        turn = state.turn
        stacks = tuple(
            stack + (state.pile if s == turn else ()) for s, stack in enumerate(state.stacks)
        )
        candidates.append(_fresh(state, stacks=stacks, pile=(), owed=0, penalty_seat=None))
    if state.ended != "card_limit" and (
        state.cards > len(state.pile) or state.tricks or state.cycle_key or state.cycle_lam
    ):
        candidates.append(_fresh(state, cards=len(state.pile), tricks=0))
    for candidate in candidates:
        if candidate != state and passes(check_state, candidate):
            yield candidate
