"""
The data of Biggenbende: ``Rules``, ``Deal``, ``State``, ``View`` and the moves.

Cards have no identity beyond their value, so a set of cards (a hand, a face-up
row, the removed cards) is a *count tuple*: 13 ints indexed by value, index
``JOKER == 0`` for the jokers and ``1 .. 12`` for the valued cards. Ordered piles
(the draw pile, the discard pile) are tuples of values, bottom card first and the
top card last.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Final, Literal, TypeAlias

import attrs

from cardrules._checks import must_be
from cardrules._checks import short as short  # re-exported for the package
from cardrules._forms import _packed
from cardrules._rng import Rng
from cardrules.errors import RulesError

__all__ = [
    "ChooseFaceUp",
    "Deal",
    "JOKER",
    "Move",
    "PickUp",
    "Play",
    "Rules",
    "State",
    "TurnFaceDown",
    "View",
]

JOKER: Final = 0
"""The value that stands for a joker in every count tuple, pile and move (BB-1)."""

VALUES: Final = 13
"""Length of a count tuple: the joker (index 0) and the values 1..12."""

MAX_COPIES: Final = 64
"""The largest ``copies_per_value`` and ``jokers`` a ``Rules`` accepts."""
MAX_CHIPS: Final = 1000
"""The largest ``chips`` a ``Rules`` accepts (see the docs page's "Limits")."""
MAX_ROUNDS: Final = 20
"""The largest ``rounds`` a ``Rules`` accepts."""
MAX_TURNS: Final = 10_000
"""The largest ``max_turns_per_round``; with ``None`` a round is still cut here (BB-20)."""


# The numbers of the rules, named once (the rule IDs are on the Biggenbende docs page).
HAND_SIZE: Final = 7
"""Cards dealt to each hand, three of them then laid face up (BB-4)."""
ROW_SIZE: Final = 3
"""Face-down cards in each row, and face-up cards each seat chooses (BB-4)."""
BURN_RUN: Final = 3
"""Identical cards on top of the discard pile that remove it (BB-12)."""
SKIP: Final = 4
"""The value whose play skips the next player (BB-14)."""
BURN: Final = 8
"""The value whose play removes the discard pile (BB-13)."""
REVERSE: Final = 11
"""The value whose play reverses the direction (BB-15)."""
OUT_TO_END: Final = 2
"""Players out when the round ends (BB-17)."""
PLACE_CHIPS: Final = (3, 2)
"""Chips for the first and the second player out (BB-18)."""
REST_CHIPS: Final = 1
"""Chips for every other player, but those tied for most cards left (BB-18)."""
MOST_CARDS_CHIPS: Final = 0
"""Chips for the players tied for most cards left (BB-18)."""
RULE_IDS: Final = tuple(f"BB-{n}" for n in range(1, 22))
"""Every rule ID of Biggenbende, in order: BB-1 .. BB-21."""

Phase: TypeAlias = Literal["choose", "play", "over"]

# How the tuples of cards travel in saves (format version 2): as compact text, one
# symbol per count or card (the alphabet of ``cardrules._forms``: ``0``-``9``, then
# ``a``-``z`` for 10-35, ``A``-``Z`` for 36-61, ``#$%`` for 62-64, ``.`` for none).
# In memory they are the same tuples of ints as ever.
_Counts: TypeAlias = Annotated[
    tuple[int, ...],
    _packed(
        range(MAX_COPIES + 1),
        "a count tuple",
        "0003000010020",
        "A count tuple as text: 13 symbols, the counts of the joker and of the values "
        "1 to 12, each 0-9, a-z (10-35), A-Z (36-61) or #, $, % (62-64).",
        length=VALUES,
    ),
]
_Pile: TypeAlias = Annotated[
    tuple[int, ...],
    _packed(
        range(VALUES),
        "a pile of card values",
        "3a0c",
        "A pile as text: one symbol per card, bottom first, 0 for a joker, 1-9 and "
        "a, b, c for 10-12.",
    ),
]
_Row: TypeAlias = Annotated[
    tuple[int | None, ...],
    _packed(
        (*range(VALUES), None),
        "a face-down row",
        "a.4",
        "A face-down row as text: 3 symbols, a card value (0 for a joker, 1-9, a, b, c "
        "for 10-12) or . for a card gone.",
        length=ROW_SIZE,
    ),
]
_Held: TypeAlias = Annotated[
    tuple[bool, ...],
    _packed(
        (False, True),
        "a face-down row",
        "101",
        "A face-down row as text: 3 symbols, 1 where a card lies, 0 where it is gone.",
        length=ROW_SIZE,
    ),
]


def card_name(value: int) -> str:
    """``"joker"`` for ``JOKER``, else the value as digits."""
    return "joker" if value == JOKER else str(value)


# --------------------------------------------------------------------------- rules


def _int_in(low: int, high: int, rule: str) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_inst: object, attr: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or not low <= value <= high:
            raise RulesError(must_be(f"Rules.{attr.name}", value, low, high, rule=rule))

    return check


def _optional_turns(_inst: object, attr: attrs.Attribute[Any], value: Any) -> None:
    if value is None:
        return
    if type(value) is not int or not 1 <= value <= MAX_TURNS:
        raise RulesError(
            must_be(f"Rules.{attr.name}", value, 1, MAX_TURNS, rule="BB-20", optional=True)
        )


@attrs.frozen
class Rules:
    """
    The options of a Biggenbende match (BB-1 to BB-3, BB-19, BB-20).

    Every option has a range (the docs page's "Limits"), so that every match is
    finite and cheap: at most 20 rounds of at most 10,000 moves each.

    Raises:
        RulesError: for a player count outside 3..6 (BB-2), an option out of
            range, or a deck too small to deal 10 cards to every player (BB-4).

    >>> Rules(players=4)
    Rules(players=4, copies_per_value=6, jokers=8, chips=40, rounds=5, max_turns_per_round=5000)
    >>> Rules(players=2)
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: Rules.players must be an int from 3 to 6 (BB-2), not 2
    """

    players: int = attrs.field(default=4, validator=_int_in(3, 6, "BB-2"))
    """How many seats: 3 to 6 (BB-2)."""
    copies_per_value: int = attrs.field(default=6, validator=_int_in(1, MAX_COPIES, "BB-1"))
    """Cards of each value 1..12 in the deck (BB-1)."""
    jokers: int = attrs.field(default=8, validator=_int_in(0, MAX_COPIES, "BB-1"))
    """Jokers in the deck (BB-1)."""
    chips: int = attrs.field(default=40, validator=_int_in(0, MAX_CHIPS, "BB-3"))
    """The chips in the supply at the start (BB-3), 0 to 1000."""
    rounds: int = attrs.field(default=5, validator=_int_in(1, MAX_ROUNDS, "BB-19"))
    """Rounds in a match, unless the supply runs out first (BB-19), 1 to 20."""
    max_turns_per_round: int | None = attrs.field(default=5000, validator=_optional_turns)
    """Moves after which a round is cut (BB-20), 1 to 10,000; ``None``: no agreed limit
    (a round is still cut at 10,000 moves)."""

    def __attrs_post_init__(self) -> None:
        size = 12 * self.copies_per_value + self.jokers
        if size < (ROW_SIZE + HAND_SIZE) * self.players:
            raise RulesError(
                f"a deck of {size} cards cannot deal 10 cards to each of {self.players} "
                "players (BB-4)"
            )

    @property
    def deck(self) -> tuple[int, ...]:
        """
        The count tuple of the whole deck (BB-1).

        >>> Rules().deck
        (8, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
        """
        return (self.jokers,) + (self.copies_per_value,) * 12


# --------------------------------------------------------------------------- moves
# A move's fields are range-checked when it is made, also by ``cardrules.loads``: a
# move object never holds a value that is not a card, a count or a position. Whether it
# is legal is for ``apply`` to say. (The moves ``legal_moves`` returns are made once.)


def _check_value(_inst: object, attr: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not int or not 0 <= value < VALUES:
        raise RulesError(
            f"{attr.name} must be a card value, 0 (joker) to 12 (BB-1), not {short(value)}"
        )


def _check_count(_inst: object, attr: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not int or not 1 <= value <= MAX_COPIES:
        raise RulesError(f"{attr.name} must be an int from 1 to {MAX_COPIES}, not {short(value)}")


def _check_values(_inst: object, attr: attrs.Attribute[Any], value: Any) -> None:
    if (
        type(value) is not tuple
        or len(value) != ROW_SIZE
        or any(type(v) is not int or not 0 <= v < VALUES for v in value)
    ):
        raise RulesError(
            f"{attr.name} must be three card values, 0 (joker) to 12 (BB-4), not {short(value)}"
        )


def _check_position(_inst: object, attr: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not int or not 0 <= value < ROW_SIZE:
        raise RulesError(f"{attr.name} must be 0, 1 or 2 (BB-11), not {short(value)}")


@attrs.frozen
class ChooseFaceUp:
    """
    Lay three of the seven dealt cards face up (BB-4); the other four stay in hand.

    >>> str(ChooseFaceUp((0, 7, 12)))
    'face up joker 7 12'
    """

    values: tuple[int, ...] = attrs.field(validator=_check_values)
    """The three values, sorted (``JOKER == 0`` first)."""

    def __str__(self) -> str:
        return "face up " + " ".join(card_name(v) for v in self.values)


@attrs.frozen
class Play:
    """
    Play ``count`` cards of one value (``JOKER`` for jokers) from the current
    source: the hand, else the face-up cards (BB-6, BB-7).

    >>> str(Play(7, 2)), str(Play(JOKER, 1))
    ('play 2 x 7', 'play 1 x joker')
    >>> Play(5, -2)
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: count must be an int from 1 to 64, not -2
    """

    value: int = attrs.field(validator=_check_value)
    """The value played, ``JOKER == 0`` for jokers."""
    count: int = attrs.field(validator=_check_count)
    """How many cards, 1 to 64."""

    def __str__(self) -> str:
        return f"play {self.count} x {card_name(self.value)}"


@attrs.frozen
class PickUp:
    """
    Take the whole discard pile into the hand; legal only with no legal play (BB-9).

    >>> str(PickUp())
    'pick up the pile'
    """

    def __str__(self) -> str:
        return "pick up the pile"


@attrs.frozen
class TurnFaceDown:
    """
    Turn the face-down card at ``position`` (0..2) and play it if it is legal
    (BB-11).

    >>> str(TurnFaceDown(2))
    'turn face-down card 2'
    """

    position: int = attrs.field(validator=_check_position)
    """The card's place in the face-down row: 0, 1 or 2 (places keep their numbers)."""

    def __str__(self) -> str:
        return f"turn face-down card {self.position}"


Move: TypeAlias = ChooseFaceUp | Play | PickUp | TurnFaceDown
"""Any Biggenbende move."""


# --------------------------------------------------------------------------- deal


@attrs.frozen
class Deal:
    """
    An explicit deal: the cards of one round, given by value (``JOKER == 0``).

    Pass it as ``new_game(rules, seed=..., deal=Deal(...))``. Together the cards
    must be exactly the deck of the rules (``Rules.deck``). With ``face_up`` left
    ``None`` the round starts with the face-up choice of BB-4; otherwise it starts
    at the first play, the face-up rows as given.

    >>> deal = Deal(hands=((5, 6), (7,), (9,)), face_down=((1, 2, 3),) * 3, draw=())
    >>> deal.round
    1
    """

    hands: tuple[tuple[int, ...], ...]
    """The cards in each seat's hand, in any order."""
    face_down: tuple[tuple[int | None, ...], ...]
    """Each seat's face-down row: three entries, a value or ``None`` for a card gone."""
    draw: tuple[int, ...]
    """The draw pile, bottom card first, top card last."""
    face_up: tuple[tuple[int, ...], ...] | None = None
    """Each seat's face-up cards; ``None``: still to be chosen from the hands (BB-4),
    which then hold at least 3 cards each (4 while the draw pile has cards, BB-7)."""
    discard: tuple[int, ...] = ()
    """The discard pile, bottom card first, top card last."""
    removed: tuple[int, ...] = ()
    """Cards already out of the round (burnt), in any order."""
    round: int = 1
    """The round (1-based); it fixes the starting seat (BB-5)."""
    chips: tuple[int, ...] | None = None
    """Chips each seat already holds; ``None``: none. The rest is the supply."""


# --------------------------------------------------------------------------- state


@attrs.frozen
class State:
    """
    The whole truth of a Biggenbende match. Build it with ``new_game``.

    Sets of cards are count tuples (index = value, ``JOKER == 0``); piles are
    tuples of values, bottom first, top last.

    >>> from cardrules import biggenbende as bb
    >>> state = bb.new_game(bb.Rules(players=3), seed=1)
    >>> state.phase, state.turn, len(state.draw)
    ('choose', 0, 50)
    """

    rules: Rules
    """The options of the match."""
    rng: Rng
    """The generator that shuffles the next round."""
    round: int
    """The current round, 1-based."""
    starter: int
    """The round's starting seat, ``(round - 1) % players`` (BB-5)."""
    phase: Phase
    """``"choose"`` (face-up choices, BB-4), ``"play"`` or ``"over"``."""
    turn: int | None
    """The seat to move; ``None`` once the match is over."""
    direction: int
    """``1`` clockwise (increasing seats), ``-1`` counter-clockwise (BB-15)."""
    hands: tuple[_Counts, ...]
    """Each seat's hand, a count tuple."""
    face_up: tuple[_Counts, ...]
    """Each seat's face-up cards, a count tuple."""
    face_down: tuple[_Row, ...]
    """Each seat's face-down row: positions 0..2, a value or ``None`` once gone."""
    draw: _Pile
    """The draw pile, bottom first, top card last."""
    discard: _Pile
    """The discard pile, bottom first, top card last."""
    removed: _Counts
    """The cards removed from the round by burns (BB-12, BB-13), a count tuple."""
    places: tuple[int, ...]
    """The seats out of the round, in the order they went out (BB-17)."""
    moves: int
    """Moves applied in this round, every kind counted (BB-20)."""
    chips: tuple[int, ...]
    """Chips held by each seat (BB-18)."""
    supply: int
    """Chips left in the supply; ``supply + sum(chips) == rules.chips``."""
    cut_rounds: tuple[int, ...]
    """The rounds (1-based) that the turn limit cut (BB-20)."""

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: see :func:`cardrules.svg.render_svg`."""
        from cardrules.svg import render_svg

        return render_svg(self, game="biggenbende")


# The hot path builds each new State here: a slotted frozen class's generated __init__
# sets every field through ``object.__setattr__``; setting the slots directly through
# their descriptors is faster, and gives the same State (no validators to skip).
_MEMBER: Final[dict[str, Any]] = dict(vars(State))
_SET_RULES = _MEMBER["rules"].__set__
_SET_RNG = _MEMBER["rng"].__set__
_SET_ROUND = _MEMBER["round"].__set__
_SET_STARTER = _MEMBER["starter"].__set__
_SET_PHASE = _MEMBER["phase"].__set__
_SET_TURN = _MEMBER["turn"].__set__
_SET_DIRECTION = _MEMBER["direction"].__set__
_SET_HANDS = _MEMBER["hands"].__set__
_SET_FACE_UP = _MEMBER["face_up"].__set__
_SET_FACE_DOWN = _MEMBER["face_down"].__set__
_SET_DRAW = _MEMBER["draw"].__set__
_SET_DISCARD = _MEMBER["discard"].__set__
_SET_REMOVED = _MEMBER["removed"].__set__
_SET_PLACES = _MEMBER["places"].__set__
_SET_MOVES = _MEMBER["moves"].__set__
_SET_CHIPS = _MEMBER["chips"].__set__
_SET_SUPPLY = _MEMBER["supply"].__set__
_SET_CUT_ROUNDS = _MEMBER["cut_rounds"].__set__
_NEW = object.__new__


def new_state(
    rules: Rules,
    rng: Rng,
    round: int,
    starter: int,
    phase: Phase,
    turn: int | None,
    direction: int,
    hands: tuple[tuple[int, ...], ...],
    face_up: tuple[tuple[int, ...], ...],
    face_down: tuple[tuple[int | None, ...], ...],
    draw: tuple[int, ...],
    discard: tuple[int, ...],
    removed: tuple[int, ...],
    places: tuple[int, ...],
    moves: int,
    chips: tuple[int, ...],
    supply: int,
    cut_rounds: tuple[int, ...],
) -> State:
    """``State(...)`` with every field given in order, made faster (the hot path)."""
    state: State = _NEW(State)
    _SET_RULES(state, rules)
    _SET_RNG(state, rng)
    _SET_ROUND(state, round)
    _SET_STARTER(state, starter)
    _SET_PHASE(state, phase)
    _SET_TURN(state, turn)
    _SET_DIRECTION(state, direction)
    _SET_HANDS(state, hands)
    _SET_FACE_UP(state, face_up)
    _SET_FACE_DOWN(state, face_down)
    _SET_DRAW(state, draw)
    _SET_DISCARD(state, discard)
    _SET_REMOVED(state, removed)
    _SET_PLACES(state, places)
    _SET_MOVES(state, moves)
    _SET_CHIPS(state, chips)
    _SET_SUPPLY(state, supply)
    _SET_CUT_ROUNDS(state, cut_rounds)
    return state


@attrs.frozen
class View:
    """
    What one seat may know (BB-21): its own hand, every face-up row (once all
    have chosen), the piles' public parts and every count, but no face-down card,
    no draw-pile order and no RNG.

    >>> from cardrules import biggenbende as bb
    >>> view = bb.view(bb.new_game(bb.Rules(players=3), seed=1), 1)
    >>> view.seat, sum(view.hand), view.hand_counts
    (1, 7, (7, 7, 7))
    """

    seat: int
    """The seat this view belongs to."""
    rules: Rules
    """The options of the match."""
    round: int
    """The current round, 1-based."""
    starter: int
    """The round's starting seat (BB-5)."""
    phase: Phase
    """``"choose"``, ``"play"`` or ``"over"``."""
    turn: int | None
    """The seat to move; ``None`` once over."""
    direction: int
    """``1`` clockwise, ``-1`` counter-clockwise."""
    hand: _Counts
    """This seat's hand, a count tuple."""
    hand_counts: tuple[int, ...]
    """How many cards each seat holds in hand; while choosing (BB-4) another
    seat's count includes its hidden face-up choice."""
    face_up: tuple[_Counts, ...]
    """Each seat's face-up count tuple; another seat's is all zeros until every
    seat has chosen (BB-4)."""
    face_down: tuple[_Held, ...]
    """Which face-down positions 0..2 of each seat still hold a card."""
    draw_count: int
    """Cards in the draw pile."""
    discard: _Pile
    """The discard pile, bottom first, top last."""
    removed: _Counts
    """The removed cards, a count tuple."""
    places: tuple[int, ...]
    """Seats out of the round, in order."""
    moves: int
    """Moves applied in this round."""
    chips: tuple[int, ...]
    """Chips held by each seat."""
    supply: int
    """Chips left in the supply."""
    cut_rounds: tuple[int, ...]
    """Rounds cut by the turn limit."""

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: see :func:`cardrules.svg.render_svg`."""
        from cardrules.svg import render_svg

        return render_svg(self, game="biggenbende")
