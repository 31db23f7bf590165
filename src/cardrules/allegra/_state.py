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

from collections.abc import Callable
from typing import Any, Literal

import attrs

from cardrules._checks import short
from cardrules._rng import Rng
from cardrules.errors import InvalidStateError, RulesError, WrongTypeError

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


class _WrongRulesType(WrongTypeError, RulesError):
    """The wrong kind of object where rules, a layout or a place belong: a
    :class:`~cardrules.errors.WrongTypeError` that stays the ``RulesError`` it was."""


class _WrongStateType(WrongTypeError, InvalidStateError):
    """The wrong kind of object given to ``check_state`` or ``check_view``: a
    :class:`~cardrules.errors.WrongTypeError` that stays the ``InvalidStateError`` it was."""


def _type_name(obj: object) -> str:
    kind = type(obj)
    return kind.__name__ if kind.__module__ == "builtins" else kind.__qualname__


def _int_in(name: str, low: int, high: int) -> Callable[[Any, Any, Any], None]:
    def check(_inst: object, _attr: object, value: object) -> None:
        if type(value) is not int or not low <= value <= high:
            raise RulesError(f"{name} must be an int from {low} to {high}, not {_short(value)}")

    return check


def _is(cls: type, name: str) -> Callable[[Any, Any, Any], None]:
    """A validator: the field holds a ``cls`` (else ``WrongTypeError``)."""

    def check(_inst: object, _attr: object, value: object) -> None:
        if not isinstance(value, cls):
            raise WrongTypeError(f"{name} must be a {cls.__name__}, not {_type_name(value)}")

    return check


# --------------------------------------------------------------------------- places


@attrs.frozen
class Slot:
    """
    A card place, named in its owner's grid (AL-3): a shared card has one name.

    >>> Slot(owner=1, row=0, col=3)
    Slot(owner=1, row=0, col=3)
    >>> str(Slot(1, 0, 3))
    'p1.r0c3'
    >>> Slot.from_str("p1.r0c3")
    Slot(owner=1, row=0, col=3)
    """

    owner: int = attrs.field(validator=_int_in("Slot.owner", 0, 5))
    """The seat whose grid holds the place."""
    row: int = attrs.field(validator=_int_in("Slot.row", 0, 2))
    """The grid row, ``0 .. 2``."""
    col: int = attrs.field(validator=_int_in("Slot.col", 0, 3))
    """The grid column, ``0 .. 3``; column 3 is shared with the right neighbour's area."""

    def __str__(self) -> str:
        return f"p{self.owner}.r{self.row}c{self.col}"

    @classmethod
    def from_str(cls, text: str) -> Slot:
        """
        Parse the form ``str`` gives, ``"p<owner>.r<row>c<col>"``.

        Raises:
            ~cardrules.RulesError: for text of another form
                (a :class:`~cardrules.errors.WrongTypeError` too for what is no ``str``).

        >>> Slot.from_str("p0.r2c1") == Slot(0, 2, 1)
        True
        """
        if not isinstance(text, str):
            raise _WrongRulesType(f"not a slot: expected a str, got {_type_name(text)}")
        if (
            len(text) == 7
            and text[0] == "p"
            and text[2:4] == ".r"
            and text[5] == "c"
            and text[1].isdigit()
            and text[4].isdigit()
            and text[6].isdigit()
        ):
            return cls(int(text[1]), int(text[4]), int(text[6]))
        raise RulesError(f"not a slot: {_short(text)} (expected the form 'p1.r0c3')")


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
        raise RulesError(
            f"Rules.rounds must be an int from 1 to {MAX_ROUNDS}, not {_short(value)}"
        )


def _check_max_turns(_inst: object, _attr: object, value: object) -> None:
    if type(value) is not int or not 1 <= value <= MAX_TURNS_PER_ROUND:
        why = " (a round without a limit could go on for ever)" if value is None else ""
        raise RulesError(
            f"Rules.max_turns_per_round must be an int from 1 to {MAX_TURNS_PER_ROUND} "
            f"(AL-13), not {_short(value)}{why}"
        )


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
            raise RulesError(
                f"Rules.players must be an int from 2 to 6 (AL-2), not {_short(value)}"
            )

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


@attrs.frozen
class Reveal:
    """
    Turn up one face-down card of your area during the deal (AL-4).

    >>> str(Reveal(Slot(0, 1, 2)))
    'reveal p0.r1c2'
    """

    slot: Slot = attrs.field(validator=_is(Slot, "Reveal.slot"))
    """The face-down card to turn up."""

    def __str__(self) -> str:
        return f"reveal {self.slot}"


@attrs.frozen
class Draw:
    """
    Draw the top card of the deck (AL-6a).

    >>> str(Draw())
    'draw'
    """

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Take:
    """
    Take the top discard and swap it with a card of your area (AL-6b).

    >>> str(Take(Slot(0, 0, 0)))
    'take the discard onto p0.r0c0'
    """

    slot: Slot = attrs.field(validator=_is(Slot, "Take.slot"))
    """The place in your area that receives the card; its old card is discarded."""

    def __str__(self) -> str:
        return f"take the discard onto {self.slot}"


@attrs.frozen
class Swap:
    """
    Put the drawn card on a place of your area; its old card is discarded (AL-6a).

    >>> str(Swap(Slot(1, 2, 3)))
    'swap the drawn card onto p1.r2c3'
    """

    slot: Slot = attrs.field(validator=_is(Slot, "Swap.slot"))
    """The place in your area that receives the drawn card."""

    def __str__(self) -> str:
        return f"swap the drawn card onto {self.slot}"


@attrs.frozen
class Discard:
    """
    Discard the drawn card and turn up a face-down card of your area (AL-6a).

    ``reveal`` is ``None`` only when your area holds no face-down card.

    >>> str(Discard(Slot(0, 0, 1)))
    'discard, reveal p0.r0c1'
    >>> str(Discard())
    'discard'
    """

    reveal: Slot | None = attrs.field(
        default=None, validator=attrs.validators.optional(_is(Slot, "Discard.reveal"))
    )
    """The face-down card to turn up, or ``None``."""

    def __str__(self) -> str:
        return "discard" if self.reveal is None else f"discard, reveal {self.reveal}"


@attrs.frozen
class Knock:
    """
    Ask for the card just drawn by another player (AL-7).

    >>> str(Knock())
    'knock'
    """

    def __str__(self) -> str:
        return "knock"


@attrs.frozen
class Pass:
    """
    Do not knock (AL-7).

    >>> str(Pass())
    'pass'
    """

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Ignore:
    """
    The drawer ignores all knocks and keeps the drawn card (AL-7).

    >>> str(Ignore())
    'ignore the knocks'
    """

    def __str__(self) -> str:
        return "ignore the knocks"


@attrs.frozen
class Give:
    """
    The drawer gives the drawn card to a knocker (AL-7), starting the exchange.

    >>> str(Give(2))
    'give the card to seat 2'
    """

    knocker: int = attrs.field(validator=_int_in("Give.knocker", 0, 5))
    """The knocking seat that receives the card."""

    def __str__(self) -> str:
        return f"give the card to seat {self.knocker}"


@attrs.frozen
class Place:
    """
    Exchange step 1 (AL-7): the knocker lays the given card on a place of their area
    and takes that place's old card in hand.

    >>> str(Place(Slot(2, 0, 3)))
    'place the card on p2.r0c3'
    """

    slot: Slot = attrs.field(validator=_is(Slot, "Place.slot"))
    """The place in the knocker's area."""

    def __str__(self) -> str:
        return f"place the card on {self.slot}"


@attrs.frozen
class Exchange:
    """
    Exchange step 2 (AL-7): the drawer moves a card of the knocker's area onto a place
    of their own area, discarding that place's old card. Step 3 (the knocker's card in
    hand goes face up onto ``take``) follows by itself.

    >>> str(Exchange(Slot(2, 0, 0), Slot(1, 1, 1)))
    'exchange p2.r0c0 -> p1.r1c1'
    """

    take: Slot = attrs.field(validator=_is(Slot, "Exchange.take"))
    """The place in the knocker's area the card is taken from."""
    put: Slot = attrs.field(validator=_is(Slot, "Exchange.put"))
    """The place in the drawer's area it goes to (not ``take``)."""

    def __str__(self) -> str:
        return f"exchange {self.take} -> {self.put}"


Move = Reveal | Draw | Take | Swap | Discard | Knock | Pass | Ignore | Give | Place | Exchange
"""Any Allegra move."""


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
    cards: tuple[int | None, ...]
    """The card value on every place (index ``owner * 12 + row * 4 + col``); ``None``
    on a removed place."""
    face_up: tuple[bool, ...]
    """Whether the card on each place lies face up."""
    deck: tuple[int, ...]
    """The deck, top card first (hidden order)."""
    discard: tuple[int, ...]
    """The discard pile, bottom first (public)."""
    removed: tuple[int, ...]
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
    cards: tuple[int | None, ...]
    """The value of each face-up card; ``None`` for a face-down card or a removed place."""
    face_down: tuple[bool, ...]
    """Whether a face-down card lies on each place (else it is face up or removed)."""
    deck_count: int
    """How many cards the deck holds."""
    discard: tuple[int, ...]
    """The discard pile, bottom first."""
    removed: tuple[int, ...]
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
    deck_cards: tuple[int, ...] | None = None
    """The cards of the deck in ascending order when everyone knows them (after an
    AL-11 rebuild, see ``State.deck_public``), else ``None``; never their order."""


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
