"""
The Allegra event classes: what one seat saw happen in a move (see ``_events``).

Every event is a frozen, slotted attrs class that names its rule (``event.rule``)
and holds plain values: seats, card values and :class:`~cardrules.allegra.Slot` places.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from cardrules.allegra._state import Slot, _Cards

__all__ = [
    "DeckRebuilt",
    "Discarded",
    "Drew",
    "Event",
    "Exchanged",
    "GameOver",
    "Given",
    "Ignored",
    "Knocked",
    "Passed",
    "Placed",
    "Revealed",
    "RoundCut",
    "RoundEnding",
    "RoundScored",
    "RoundStarted",
    "Swapped",
    "Took",
    "TripleRemoved",
]


def _who(seat: int, you: int) -> str:
    return "you" if seat == you else f"seat {seat}"


def _verb(seat: int, you: int, verb: str) -> str:
    """``"you draw"`` or ``"seat 2 draws"``."""
    return f"you {verb}" if seat == you else f"seat {seat} {verb}s"


class _Told:
    """The base of every event: ``str(event)`` is its text told to nobody in particular."""

    __slots__ = ()

    def text(self, you: int) -> str:
        """The event told to seat ``you`` (``-1``: to an onlooker)."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text(-1)


@attrs.frozen
class Revealed(_Told):
    """
    AL-4: a setup reveal turned up a face-down card of the seat's area.

    >>> str(Revealed(seat=0, slot=Slot(0, 1, 2), card=7))
    'seat 0 reveals p0.r1c2: 7'
    """

    rule: ClassVar[str] = "AL-4"
    seat: int
    """Who revealed."""
    slot: Slot
    """The place turned up."""
    card: int
    """The card now face up there."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        return f"{_verb(self.seat, you, 'reveal')} {self.slot}: {self.card}"


@attrs.frozen
class DeckRebuilt(_Told):
    """
    AL-11: the empty deck was rebuilt from the discard pile but its top card.

    ``cards`` lists the values that went into the new deck in ascending order: which
    cards are there is public, their order is not.

    >>> str(DeckRebuilt(cards=(1, 3, 3)))
    'the deck is empty: the discard pile but its top card is shuffled into a new deck of 3 cards (1 3 3)'
    """  # noqa: E501

    rule: ClassVar[str] = "AL-11"
    cards: _Cards
    """The cards of the new deck, ascending."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        listed = " ".join(str(v) for v in self.cards)
        return (
            "the deck is empty: the discard pile but its top card is shuffled into a new "
            f"deck of {len(self.cards)} cards ({listed})"
        )


@attrs.frozen
class Drew(_Told):
    """
    AL-6a: the seat drew the top card of the deck; everyone sees it.

    >>> str(Drew(seat=2, card=5))
    'seat 2 draws 5'
    """

    rule: ClassVar[str] = "AL-6a"
    seat: int
    """Who drew."""
    card: int
    """The card drawn."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        return f"{_verb(self.seat, you, 'draw')} {self.card}"


@attrs.frozen
class Took(_Told):
    """
    AL-6b: the seat took the top discard onto a place; the old card went face up onto
    the discard pile.

    >>> str(Took(seat=1, slot=Slot(1, 0, 0), card=4, discarded=9))
    'seat 1 takes the discard 4 onto p1.r0c0, discarding 9'
    """

    rule: ClassVar[str] = "AL-6b"
    seat: int
    """Who took."""
    slot: Slot
    """Where the card went."""
    card: int
    """The card taken."""
    discarded: int
    """The old card of the place, now the top discard."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        return (
            f"{_verb(self.seat, you, 'take')} the discard {self.card} onto {self.slot}, "
            f"discarding {self.discarded}"
        )


@attrs.frozen
class Swapped(_Told):
    """
    AL-6a: the drawn card went face up onto a place; the old card onto the discard pile.

    >>> str(Swapped(seat=0, slot=Slot(0, 2, 1), card=3, discarded=10))
    'seat 0 swaps 3 onto p0.r2c1, discarding 10'
    """

    rule: ClassVar[str] = "AL-6a"
    seat: int
    """Who swapped."""
    slot: Slot
    """Where the drawn card went."""
    card: int
    """The drawn card."""
    discarded: int
    """The old card of the place, now the top discard."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        return (
            f"{_verb(self.seat, you, 'swap')} {self.card} onto {self.slot}, "
            f"discarding {self.discarded}"
        )


@attrs.frozen
class Discarded(_Told):
    """
    AL-6a: the drawn card was discarded and a face-down card of the area turned up
    (``slot`` and ``revealed`` are ``None`` when the area had none).

    >>> str(Discarded(seat=0, card=11, slot=Slot(0, 0, 1), revealed=2))
    'seat 0 discards 11 and reveals p0.r0c1: 2'
    """

    rule: ClassVar[str] = "AL-6a"
    seat: int
    """Who discarded."""
    card: int
    """The discarded card."""
    slot: Slot | None = None
    """The place turned up, if any."""
    revealed: int | None = None
    """The card turned up there, if any."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        out = f"{_verb(self.seat, you, 'discard')} {self.card}"
        if self.slot is not None:
            out += f" and reveals {self.slot}: {self.revealed}"
            if self.seat == you:
                out = out.replace(" and reveals ", " and reveal ")
        return out


@attrs.frozen
class Knocked(_Told):
    """
    AL-7: the seat knocked for the drawn card.

    >>> str(Knocked(seat=3))
    'seat 3 knocks'
    """

    rule: ClassVar[str] = "AL-7"
    seat: int
    """Who knocked."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        return _verb(self.seat, you, "knock")


@attrs.frozen
class Passed(_Told):
    """
    AL-7: the seat did not knock.

    >>> str(Passed(seat=3))
    'seat 3 passes'
    """

    rule: ClassVar[str] = "AL-7"
    seat: int
    """Who passed."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        return "you pass" if self.seat == you else f"seat {self.seat} passes"


@attrs.frozen
class Ignored(_Told):
    """
    AL-7: the drawer ignored the knocks and keeps the drawn card.

    >>> str(Ignored(seat=1))
    'seat 1 ignores the knocks'
    """

    rule: ClassVar[str] = "AL-7"
    seat: int
    """The drawer."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        return f"{_verb(self.seat, you, 'ignore')} the knocks"


@attrs.frozen
class Given(_Told):
    """
    AL-7: the drawer gave the drawn card to a knocker; the exchange starts.

    >>> str(Given(seat=1, knocker=3, card=6))
    'seat 1 gives 6 to seat 3'
    """

    rule: ClassVar[str] = "AL-7"
    seat: int
    """The drawer."""
    knocker: int
    """The knocker who receives the card."""
    card: int
    """The drawn card given."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        return f"{_verb(self.seat, you, 'give')} {self.card} to {_who(self.knocker, you)}"


@attrs.frozen
class Placed(_Told):
    """
    AL-7 step 1: the knocker laid the given card face up on a place of their area and
    took that place's old card in hand.

    ``taken`` is that card when the seat told may know it (the knocker, or everyone
    when it lay face up), else ``None`` (AL-14).

    >>> str(Placed(seat=3, slot=Slot(3, 0, 3), card=6, taken=None))
    'seat 3 lays 6 on p3.r0c3 and takes a face-down card in hand'
    """

    rule: ClassVar[str] = "AL-7"
    seat: int
    """The knocker."""
    slot: Slot
    """Where the given card went."""
    card: int
    """The given card."""
    taken: int | None
    """The card taken in hand, if this seat may know it."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        what = "a face-down card" if self.taken is None else str(self.taken)
        take = "take" if self.seat == you else "takes"
        return (
            f"{_verb(self.seat, you, 'lay')} {self.card} on {self.slot} and {take} {what} in hand"
        )


@attrs.frozen
class Exchanged(_Told):
    """
    AL-7 steps 2 and 3: the drawer moved a card of the knocker's area face up onto a
    place of their own area, discarding its old card; the knocker's card in hand went
    face up onto the emptied place. All three cards are public once they lie face up.

    >>> str(Exchanged(seat=1, knocker=3, take=Slot(3, 0, 0), put=Slot(1, 1, 1),
    ...     card=2, discarded=8, laid=9))
    'seat 1 moves 2 from p3.r0c0 onto p1.r1c1, discarding 8; seat 3 lays 9 on p3.r0c0'
    """

    rule: ClassVar[str] = "AL-7"
    seat: int
    """The drawer."""
    knocker: int
    """The knocker."""
    take: Slot
    """The place of the knocker's area the card came from."""
    put: Slot
    """The place of the drawer's area it went to."""
    card: int
    """The card moved."""
    discarded: int
    """The old card of ``put``, now the top discard."""
    laid: int
    """The knocker's card from hand, now face up on ``take``."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        return (
            f"{_verb(self.seat, you, 'move')} {self.card} from {self.take} onto {self.put}, "
            f"discarding {self.discarded}; {_verb(self.knocker, you, 'lay')} {self.laid} "
            f"on {self.take}"
        )


@attrs.frozen
class TripleRemoved(_Told):
    """
    AL-8: three or more equal face-up cards in a line left the round (all lines at
    once); ``slots`` in place order, ``cards`` the value on each.

    >>> str(TripleRemoved(slots=(Slot(0, 0, 0), Slot(0, 0, 1), Slot(0, 0, 2)),
    ...     cards=(4, 4, 4)))
    'a triple leaves the round: p0.r0c0 p0.r0c1 p0.r0c2 (4 4 4)'
    """

    rule: ClassVar[str] = "AL-8"
    slots: tuple[Slot, ...]
    """The places emptied, in place order."""
    cards: tuple[int, ...]
    """The card that lay on each."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        places = " ".join(str(s) for s in self.slots)
        values = " ".join(str(v) for v in self.cards)
        return f"a triple leaves the round: {places} ({values})"


@attrs.frozen
class RoundEnding(_Told):
    """
    AL-9: the seat's area has no face-down card at the end of its turn: every other
    seat has one more turn.

    >>> str(RoundEnding(seat=2))
    'seat 2 ends the round: everyone else has one more turn'
    """

    rule: ClassVar[str] = "AL-9"
    seat: int
    """The ender."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        return f"{_verb(self.seat, you, 'end')} the round: everyone else has one more turn"


@attrs.frozen
class RoundCut(_Told):
    """
    AL-13: the round was cut after the turn limit; it is scored with no ender.

    >>> str(RoundCut(round=2, turns=1000))
    'round 2 is cut after 1000 turns'
    """

    rule: ClassVar[str] = "AL-13"
    round: int
    """The round cut."""
    turns: int
    """The turns played in it."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        return f"round {self.round} is cut after {self.turns} turns"


@attrs.frozen
class RoundScored(_Told):
    """
    AL-10: the round is over and scored; ``ender`` is the seat that ended it (``None``
    for a cut round), ``doubled`` whether its score was doubled.

    >>> str(RoundScored(round=1, scores=(12, 30), ender=0, doubled=False))
    'round 1 is over (ended by seat 0), scores: seat 0 12, seat 1 30'
    """

    rule: ClassVar[str] = "AL-10"
    round: int
    """The round scored."""
    scores: tuple[int, ...]
    """Every seat's score of the round."""
    ender: int | None
    """The seat that ended the round."""
    doubled: bool
    """Whether the ender's score was doubled."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        out = f"round {self.round} is over"
        if self.ender is not None:
            out += f" (ended by {_who(self.ender, you)}"
            out += ", doubled)" if self.doubled else ")"
        shown = ", ".join(f"{_who(s, you)} {score}" for s, score in enumerate(self.scores))
        return f"{out}, scores: {shown}"


@attrs.frozen
class RoundStarted(_Told):
    """
    AL-4, AL-5: a new round was dealt; ``starter`` starts it, ``discard`` is the card
    turned up to start the discard pile.

    >>> str(RoundStarted(round=2, starter=1, discard=7))
    'round 2 is dealt: seat 1 starts, the discard pile shows 7'
    """

    rule: ClassVar[str] = "AL-5"
    round: int
    """The new round."""
    starter: int
    """The seat that starts it."""
    discard: int
    """The first discard."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        return (
            f"round {self.round} is dealt: {_who(self.starter, you)} "
            f"start{'' if self.starter == you else 's'}, the discard pile shows {self.discard}"
        )


@attrs.frozen
class GameOver(_Told):
    """
    AL-12: the last round is over: total scores, the lowest total wins (ties all win).

    >>> str(GameOver(totals=(40, 32, 32), winners=(1, 2)))
    'the game is over: totals seat 0 40, seat 1 32, seat 2 32; won by seat 1, seat 2'
    """

    rule: ClassVar[str] = "AL-12"
    totals: tuple[int, ...]
    """Every seat's total."""
    winners: tuple[int, ...]
    """The winning seats, ascending."""

    def text(self, you: int) -> str:
        """The event told to seat ``you``."""
        shown = ", ".join(f"{_who(s, you)} {score}" for s, score in enumerate(self.totals))
        won = ", ".join(_who(s, you) for s in self.winners)
        return f"the game is over: totals {shown}; won by {won}"


Event = (
    Revealed
    | DeckRebuilt
    | Drew
    | Took
    | Swapped
    | Discarded
    | Knocked
    | Passed
    | Ignored
    | Given
    | Placed
    | Exchanged
    | TripleRemoved
    | RoundEnding
    | RoundCut
    | RoundScored
    | RoundStarted
    | GameOver
)
"""Any Allegra event."""

EVENT_TYPES: tuple[type[Any], ...] = (
    Revealed,
    DeckRebuilt,
    Drew,
    Took,
    Swapped,
    Discarded,
    Knocked,
    Passed,
    Ignored,
    Given,
    Placed,
    Exchanged,
    TripleRemoved,
    RoundEnding,
    RoundCut,
    RoundScored,
    RoundStarted,
    GameOver,
)
"""Every event class, for ``GAME.event_types``."""

RULE_IDS: tuple[str, ...] = (
    *(f"AL-{k}" for k in range(1, 6)),
    "AL-6",
    "AL-6a",
    "AL-6b",
    *(f"AL-{k}" for k in range(7, 15)),
)
"""Every Allegra rule ID of the Allegra docs page, in order (AL-6a and AL-6b are the two
kinds of turn of AL-6), for ``GAME.rule_ids``."""
