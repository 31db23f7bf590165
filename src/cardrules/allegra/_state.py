"""
The data of Allegra: ``Rules``, ``Slot``, ``Layout``, the moves, ``State`` and ``View``.

Grid encoding: the places of all grids form one flat sequence of ``players * 12``
entries, seat 0's grid first, each grid row-major, so the place ``Slot(owner, row,
col)`` has the index ``owner * 12 + row * 4 + col``. ``State.cards`` holds the value of
the card on each place, ``None`` for a removed place (AL-8); ``State.face_up`` says
which cards lie face up (``False`` on a removed place). Cards are their values
(``-1 .. 11``): cards of one value are interchangeable.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

import attrs

from cardrules._checks import must_be, short
from cardrules._forms import _packed
from cardrules._rng import Rng
from cardrules.allegra._moves import (
    Discard,
    Draw,
    Exchange,
    Give,
    Ignore,
    Knock,
    Move,
    Pass,
    Place,
    Reveal,
    Slot,
    Swap,
    Take,
)
from cardrules.allegra._moves import _int_in as _int_in
from cardrules.allegra._moves import _is as _is
from cardrules.allegra._moves import _type_name as _type_name
from cardrules.allegra._moves import _WrongRulesType as _WrongRulesType
from cardrules.allegra._moves import _WrongStateType as _WrongStateType
from cardrules.errors import RulesError

_short = short  # the one short quote of a bad value, from the core

__all__ = [
    "CARD_VALUES",
    "DEFAULT_DECK",
    "MAX_CARDS",
    "MAX_COPIES",
    "MAX_ROUNDS",
    "MAX_TURNS_PER_ROUND",
    "Discard",
    "Draw",
    "Exchange",
    "Give",
    "Ignore",
    "Knock",
    "Layout",
    "Move",
    "Pass",
    "Phase",
    "Place",
    "Reveal",
    "Rules",
    "Slot",
    "State",
    "Swap",
    "Take",
    "View",
]

CARD_VALUES: tuple[int, ...] = tuple(range(-1, 12))
"""The card values, ``-1`` to ``11`` (AL-1); ``Rules.deck[k]`` counts ``CARD_VALUES[k]``."""

DEFAULT_DECK: tuple[int, ...] = (6, 8, 9, 10, 10, 11, 12, 11, 10, 10, 9, 8, 6)
"""AL-1: how many cards of each value, ``-1`` first; 120 cards."""

MAX_COPIES = 48
"""The most cards of one value a ``Rules.deck`` may hold (four times the default's 12)."""

MAX_CARDS = 360
"""The most cards a ``Rules.deck`` may hold in all (three default decks)."""

MAX_ROUNDS = 20
"""The most rounds a game may have (``Rules.rounds``, AL-12)."""

MAX_TURNS_PER_ROUND = 1000
"""The highest turn limit (``Rules.max_turns_per_round``, AL-13): every round is cut
after at most this many turns, so every game ends."""

Phase = Literal["reveal", "turn", "knock", "give", "place", "exchange", "drawn", "over"]
"""What the game waits for:

- ``"reveal"``: the setup reveals of AL-4 (``Reveal``);
- ``"turn"``: the start of a turn, AL-6 (``Draw`` or ``Take``);
- ``"knock"``: the knock window after a draw, AL-7 (``Knock`` or ``Pass``);
- ``"give"``: the drawer answers the knocks (``Ignore`` or ``Give``);
- ``"place"``: the chosen knocker's step 1 (``Place``);
- ``"exchange"``: the drawer's step 2 (``Exchange``; step 3 follows by itself);
- ``"drawn"``: the drawer uses the drawn card, AL-6a (``Swap`` or ``Discard``);
- ``"over"``: the game has ended (AL-12).
"""

# How the tuples of cards travel in saves (format version 3): as compact text, one
# symbol per card (the alphabet of ``cardrules._forms``: ``-`` for -1, ``0``-``9``,
# ``a`` and ``b`` for 10 and 11, ``.`` for no card, ``0``/``1`` for false/true). In
# memory they are the same tuples as ever.
_VALUE_SYMBOLS = "- for -1, 0-9, a for 10, b for 11"
_Places: TypeAlias = Annotated[
    tuple[int | None, ...],
    _packed(
        (*CARD_VALUES, None),
        "the cards of the grids",
        "5-0b.3",
        f"The grids as text: one symbol per place ({_VALUE_SYMBOLS}, . for none).",
    ),
]
_Cards: TypeAlias = Annotated[
    tuple[int, ...],
    _packed(
        CARD_VALUES,
        "a pile of card values",
        "5-0b3",
        f"Cards as text: one symbol per card ({_VALUE_SYMBOLS}).",
    ),
]
_Flags: TypeAlias = Annotated[
    tuple[bool, ...],
    _packed(
        (False, True),
        "a flag per place",
        "1101",
        "One symbol per place: 1 for true, 0 for false.",
    ),
]


# --------------------------------------------------------------------------- rules


def _check_deck(_inst: object, _attr: object, value: object) -> None:
    if (
        type(value) is not tuple
        or len(value) != len(CARD_VALUES)
        or any(type(c) is not int or not 0 <= c <= MAX_COPIES for c in value)
    ):
        raise RulesError(
            f"Rules.deck must be a tuple of {len(CARD_VALUES)} counts from 0 to {MAX_COPIES} "
            f"for the values -1..11 (AL-1), not {_short(value)}"
        )


def _check_rounds(_inst: object, _attr: object, value: object) -> None:
    if type(value) is not int or not 1 <= value <= MAX_ROUNDS:
        raise RulesError(must_be("Rules.rounds", value, 1, MAX_ROUNDS, rule="AL-12"))


def _check_max_turns(_inst: object, _attr: object, value: object) -> None:
    if type(value) is not int or not 1 <= value <= MAX_TURNS_PER_ROUND:
        why = " (a round without a limit could go on for ever)" if value is None else ""
        limit = must_be("Rules.max_turns_per_round", value, 1, MAX_TURNS_PER_ROUND, rule="AL-13")
        raise RulesError(limit + why)


@attrs.frozen
class Rules:
    """
    The options of an Allegra game, validated on creation.

    Every option has a range that keeps any game finite and cheap: 2 to 6 players, at
    most :data:`MAX_COPIES` cards of a value and :data:`MAX_CARDS` in all, 1 to
    :data:`MAX_ROUNDS` rounds and a turn limit of 1 to :data:`MAX_TURNS_PER_ROUND`.

    >>> Rules(players=3).rounds
    3
    >>> Rules(players=7)
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: Rules.players must be an int from 2 to 6 (AL-2), not 7
    """

    players: int = attrs.field(default=4)
    """The number of seats, 2 to 6 (AL-2)."""
    deck: tuple[int, ...] = attrs.field(default=DEFAULT_DECK, validator=_check_deck)
    """How many cards of each value ``-1 .. 11`` (AL-1): 0 to :data:`MAX_COPIES` each,
    at least ``12 * players + 2`` cards (AL-11) and at most :data:`MAX_CARDS` in all."""
    rounds: int = attrs.field(default=3, validator=_check_rounds)
    """The number of rounds (AL-12), 1 to :data:`MAX_ROUNDS`."""
    max_turns_per_round: int = attrs.field(default=1000, validator=_check_max_turns)
    """Turns after which a round is cut (AL-13), 1 to :data:`MAX_TURNS_PER_ROUND`."""

    @players.validator
    def _check_players(self, _attr: object, value: object) -> None:
        if type(value) is not int or not 2 <= value <= 6:
            raise RulesError(must_be("Rules.players", value, 2, 6, rule="AL-2"))

    def __attrs_post_init__(self) -> None:
        need = 12 * self.players + 2
        total = sum(self.deck)
        if total < need:
            raise RulesError(
                f"Rules.deck holds {total} cards; {self.players} players need at "
                f"least {need} (AL-11)"
            )
        if total > MAX_CARDS:
            raise RulesError(f"Rules.deck holds {total} cards, more than {MAX_CARDS}")


@attrs.frozen(kw_only=True)
class Layout:
    """
    An explicit deal for the first round (AL-4), for ``new_game(..., layout=...)``.

    The cards of ``grids``, ``discard`` and ``deck`` together must be exactly the cards
    of ``Rules.deck``.

    >>> layout = Layout(grids=((0,) * 12, (1,) * 12), discard=(5,), deck=(7, 8))
    >>> layout.reveals
    True
    """

    grids: tuple[tuple[int, ...], ...]
    """One tuple of 12 card values per seat, row-major (``row * 4 + col``)."""
    discard: tuple[int, ...]
    """The discard pile, bottom first: its last card is the top; at least one card."""
    deck: tuple[int, ...]
    """The deck, top card first."""
    face_up: tuple[Slot, ...] = ()
    """Places whose cards start face up (the layout must not show a triple, AL-8)."""
    reveals: bool = True
    """Whether the setup reveals of AL-4 are played; ``False`` starts at the first turn."""


# --------------------------------------------------------------------------- moves


# --------------------------------------------------------------------------- state


@attrs.frozen
class State:
    """
    The whole truth of an Allegra game.

    Build it with :func:`~cardrules.allegra.new_game`; see the module docstring for the
    grid encoding.

    >>> from cardrules.allegra import Rules, new_game
    >>> state = new_game(Rules(players=2), seed=3)
    >>> state.phase, state.round, len(state.cards), state.face_up[0]
    ('reveal', 1, 24, False)
    """

    rules: Rules
    """The rules."""
    rng: Rng
    """The game's generator: AL-11 reshuffles and the deals of later rounds."""
    round: int
    """The round being played, 1-based (AL-12)."""
    phase: Phase
    """What the game waits for (see :data:`Phase`)."""
    current: int
    """The seat whose turn (or setup reveal) it is: the drawer during a knock."""
    reveals_left: int
    """Setup reveals the current seat still makes (AL-4); 0 outside the setup."""
    cards: _Places
    """The card value on every place (index ``owner * 12 + row * 4 + col``); ``None``
    on a removed place."""
    face_up: _Flags
    """Whether the card on each place lies face up."""
    deck: _Cards
    """The deck, top card first (hidden order)."""
    discard: _Cards
    """The discard pile, bottom first (public)."""
    removed: _Cards
    """The cards removed by triples this round (AL-8), in order of removal."""
    drawn: int | None
    """The card drawn from the deck and not yet used."""
    knock_queue: tuple[int, ...]
    """The seats still to knock or pass, in order (AL-7)."""
    knockers: tuple[int, ...]
    """The seats that knocked on this draw, in order."""
    passers: tuple[int, ...]
    """The seats that passed on this draw, in order."""
    receiver: int | None
    """The knocker the drawn card was given to, during the exchange."""
    placed: Slot | None
    """Where the receiver placed the given card (exchange step 1)."""
    hand: int | None
    """The card in the receiver's hand between steps 1 and 3."""
    ender: int | None
    """The seat that ended the round (AL-9), once someone has."""
    last_turns: int
    """Turns still to be played after the ender's (AL-9)."""
    turns: int
    """Turns played in this round (AL-13)."""
    scores: tuple[tuple[int, ...], ...]
    """The scores of every finished round, one tuple per round (AL-10)."""
    cut_rounds: tuple[int, ...]
    """The rounds (1-based) cut by the turn limit (AL-13)."""
    deck_public: bool = False
    """Whether everyone knows which cards the deck holds (format version 2): ``True``
    from an AL-11 rebuild until the round ends, since the rebuilt deck is the known
    discard pile but its top card and every card drawn since was seen (AL-6a). Only
    the order of the deck is hidden then. ``False`` (nothing known beyond the count)
    in the setup, at the game end and in a round without a rebuild; ``False`` is also
    the value an upgraded version-1 save gets."""

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: see :func:`cardrules.svg.render_svg`."""
        from cardrules.svg import render_svg

        return render_svg(self, game="allegra")


@attrs.frozen
class View:
    """
    What one seat may know (AL-14); build it with :func:`~cardrules.allegra.view`.

    >>> from cardrules.allegra import new_game, view
    >>> seen = view(new_game(seed=3), 1)
    >>> seen.seat, seen.deck_count, seen.cards[0], seen.face_down[0]
    (1, 71, None, True)
    """

    rules: Rules
    """The rules."""
    seat: int
    """The seat this view belongs to."""
    round: int
    """The round being played."""
    phase: Phase
    """What the game waits for."""
    current: int
    """The seat whose turn (or setup reveal) it is."""
    reveals_left: int
    """Setup reveals the current seat still makes."""
    cards: _Places
    """The value of each face-up card; ``None`` for a face-down card or a removed place."""
    face_down: _Flags
    """Whether a face-down card lies on each place (else it is face up or removed)."""
    deck_count: int
    """How many cards the deck holds."""
    discard: _Cards
    """The discard pile, bottom first."""
    removed: _Cards
    """The cards removed by triples this round."""
    drawn: int | None
    """The card drawn from the deck, once drawn and until used."""
    knock_queue: tuple[int, ...]
    """The seats still to knock or pass."""
    knockers: tuple[int, ...]
    """The seats that knocked."""
    passers: tuple[int, ...]
    """The seats that passed."""
    receiver: int | None
    """The knocker given the card."""
    placed: Slot | None
    """Where the receiver placed it."""
    hand: int | None
    """The receiver's card in hand: only in the receiver's own view."""
    hand_count: int
    """How many cards the receiver holds in hand (0 or 1)."""
    ender: int | None
    """The seat that ended the round."""
    last_turns: int
    """Turns still to be played after the ender's."""
    turns: int
    """Turns played in this round."""
    scores: tuple[tuple[int, ...], ...]
    """The scores of every finished round."""
    cut_rounds: tuple[int, ...]
    """The rounds cut by the turn limit."""
    deck_cards: _Cards | None = None
    """The cards of the deck in ascending order when everyone knows them (after an
    AL-11 rebuild, see ``State.deck_public``), else ``None``; never their order."""

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: see :func:`cardrules.svg.render_svg`."""
        from cardrules.svg import render_svg

        return render_svg(self, game="allegra")


# --------------------------------------------------------------------------- fast construction

# ``State`` has no validator, converter or ``__attrs_post_init__``: its ``__init__`` only
# stores the 24 fields. Called with 23 keyword arguments it costs about as much as the
# rest of a move, most of it in matching the keywords, so the hot path builds states
# with ``_state`` below: positional, and storing each field through its slot directly.
# tests/allegra/test_fast_state.py checks that it gives exactly what ``State(...)``
# gives and that ``State`` still has nothing ``_state`` would skip.
_new = object.__new__
(
    _s_rules,
    _s_rng,
    _s_round,
    _s_phase,
    _s_current,
    _s_reveals_left,
    _s_cards,
    _s_face_up,
    _s_deck,
    _s_discard,
    _s_removed,
    _s_drawn,
    _s_knock_queue,
    _s_knockers,
    _s_passers,
    _s_receiver,
    _s_placed,
    _s_hand,
    _s_ender,
    _s_last_turns,
    _s_turns,
    _s_scores,
    _s_cut_rounds,
    _s_deck_public,
) = (State.__dict__[field.name].__set__ for field in attrs.fields(State))


def _state(
    rules: Rules,
    rng: Rng,
    round: int,
    phase: Phase,
    current: int,
    reveals_left: int,
    cards: tuple[int | None, ...],
    face_up: tuple[bool, ...],
    deck: tuple[int, ...],
    discard: tuple[int, ...],
    removed: tuple[int, ...],
    drawn: int | None,
    knock_queue: tuple[int, ...],
    knockers: tuple[int, ...],
    passers: tuple[int, ...],
    receiver: int | None,
    placed: Slot | None,
    hand: int | None,
    ender: int | None,
    last_turns: int,
    turns: int,
    scores: tuple[tuple[int, ...], ...],
    cut_rounds: tuple[int, ...],
    deck_public: bool,
) -> State:
    """``State(...)`` with every field given by position, in field order: the same
    object, built without the cost of 24 keyword arguments (for the hot path)."""
    state: State = _new(State)
    _s_rules(state, rules)
    _s_rng(state, rng)
    _s_round(state, round)
    _s_phase(state, phase)
    _s_current(state, current)
    _s_reveals_left(state, reveals_left)
    _s_cards(state, cards)
    _s_face_up(state, face_up)
    _s_deck(state, deck)
    _s_discard(state, discard)
    _s_removed(state, removed)
    _s_drawn(state, drawn)
    _s_knock_queue(state, knock_queue)
    _s_knockers(state, knockers)
    _s_passers(state, passers)
    _s_receiver(state, receiver)
    _s_placed(state, placed)
    _s_hand(state, hand)
    _s_ender(state, ender)
    _s_last_turns(state, last_turns)
    _s_turns(state, turns)
    _s_scores(state, scores)
    _s_cut_rounds(state, cut_rounds)
    _s_deck_public(state, deck_public)
    return state


def _between_turns(
    rules: Rules,
    rng: Rng,
    round: int,
    phase: Phase,
    current: int,
    reveals_left: int,
    cards: tuple[int | None, ...],
    face_up: tuple[bool, ...],
    deck: tuple[int, ...],
    discard: tuple[int, ...],
    removed: tuple[int, ...],
    ender: int | None,
    last_turns: int,
    turns: int,
    scores: tuple[tuple[int, ...], ...],
    cut_rounds: tuple[int, ...],
    deck_public: bool,
) -> State:
    """:func:`_state` with no turn in progress: no drawn card, no knock (queue,
    knockers, passers, receiver, placed card or card in hand)."""
    return _state(
        rules, rng, round, phase, current, reveals_left, cards, face_up, deck, discard,
        removed, None, (), (), (), None, None, None, ender, last_turns, turns, scores,
        cut_rounds, deck_public,
    )  # fmt: skip
