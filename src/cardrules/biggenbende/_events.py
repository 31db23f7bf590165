"""
What one seat saw happen in a move: ``events`` (data) and ``render_event`` (text).

Every event is a frozen attrs class whose ``rule`` names the rule ID that produced
it. ``events`` tells a seat only what it may know (BB-21): another seat's face-up
choice stays hidden until every seat has chosen (BB-4), the card another seat drew
is only counted (BB-8), and a face-down card that could not be played is shown only
to the seat that turned it (BB-11).
"""

from __future__ import annotations

from typing import ClassVar, Final, Literal, TypeAlias

import attrs

from cardrules import _fastobs
from cardrules._checks import expect
from cardrules.biggenbende._cards import EMPTY, cards_left, next_seat, playable
from cardrules.biggenbende._play import apply
from cardrules.biggenbende._state import (
    BURN,
    REVERSE,
    SKIP,
    Move,
    PickUp,
    State,
    TurnFaceDown,
    _Counts,
    card_name,
)
from cardrules.biggenbende._view import checked_seat

__all__ = [
    "Burned",
    "Drew",
    "Event",
    "FaceDownTurned",
    "FaceUpChosen",
    "FaceUpShown",
    "MatchEnded",
    "PileTaken",
    "Played",
    "PlaysAgain",
    "Reversed",
    "RoundCut",
    "RoundEnded",
    "RoundStarted",
    "Skipped",
    "WentOut",
    "events",
    "render_event",
]

Source: TypeAlias = Literal["hand", "face_up", "face_down"]


class _Told:
    """The base of every event: ``str(event)`` is its text told to nobody in particular."""

    __slots__ = ()

    def __str__(self) -> str:
        return render_event(self, None)  # type: ignore[arg-type]


_SOURCE_RULES: Final[dict[str, str]] = {"hand": "BB-7", "face_up": "BB-10", "face_down": "BB-11"}


@attrs.frozen
class FaceUpChosen(_Told):
    """
    ``seat`` laid three cards face up (BB-4); ``values`` is ``None`` for another
    seat's choice while some seat has still to choose.

    >>> event = FaceUpChosen(2, None)
    >>> event.rule, str(event)
    ('BB-4', 'seat 2 chooses 3 cards to lay face up')
    """

    seat: int
    """The seat that chose."""
    values: tuple[int, ...] | None
    """The three values, sorted; ``None``: hidden from the seat told (BB-4, BB-21)."""
    rule: ClassVar[str] = "BB-4"
    """The rule of the face-up choice."""


@attrs.frozen
class FaceUpShown(_Told):
    """
    Every seat has chosen: all face-up rows are shown (BB-4).

    >>> row = (0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2)
    >>> str(FaceUpShown((row, row, row)))
    'face up now: seat 0 1 12 12, seat 1 1 12 12, seat 2 1 12 12'
    """

    face_up: tuple[_Counts, ...]
    """Each seat's face-up cards, a count tuple."""
    rule: ClassVar[str] = "BB-4"
    """The rule of the face-up choice."""


@attrs.frozen
class FaceDownTurned(_Told):
    """
    ``seat`` turned the face-down card at ``position`` (BB-11); ``playable`` says
    whether it could be played. ``value`` is ``None`` for a card that could not be
    played, told to another seat: it went into the hand unseen.

    >>> str(FaceDownTurned(1, 2, 7, True))
    'seat 1 turns face-down card 2: 7'
    """

    seat: int
    """The seat that turned the card."""
    position: int
    """Its place in the face-down row, 0..2."""
    value: int | None
    """The card (``JOKER == 0``), or ``None`` where the seat told may not know it."""
    playable: bool
    """Whether it was a legal play (BB-6); if not, it and the pile went to the hand."""
    rule: ClassVar[str] = "BB-11"
    """The rule of the face-down cards."""


@attrs.frozen
class Played(_Told):
    """
    ``seat`` played ``count`` cards of ``value`` from ``source``: the hand (BB-7),
    the face-up cards (BB-10) or one face-down card (BB-11).

    >>> event = Played(0, 7, 2, "face_up")
    >>> event.rule, str(event)
    ('BB-10', 'seat 0 plays 2 x 7 from the face-up cards')
    """

    seat: int
    """The seat that played."""
    value: int
    """The value played, ``JOKER == 0`` for jokers."""
    count: int
    """How many cards."""
    source: Source
    """``"hand"``, ``"face_up"`` or ``"face_down"``."""

    @property
    def rule(self) -> str:
        """BB-7 for a play from the hand, BB-10 from the face-up cards, BB-11 face down."""
        return _SOURCE_RULES[self.source]


@attrs.frozen
class Drew(_Told):
    """
    ``seat`` drew ``count`` cards after playing from the hand (BB-8); ``values``
    only when told to that seat, else ``None``.

    >>> str(Drew(3, 1, None)), str(Drew(3, 1, (7,)))
    ('seat 3 draws 1 card', 'seat 3 draws 7')
    """

    seat: int
    """The seat that drew."""
    count: int
    """How many cards it drew."""
    values: tuple[int, ...] | None
    """The cards drawn, for the drawer only; ``None`` for every other seat (BB-21)."""
    rule: ClassVar[str] = "BB-8"
    """The rule of the draw."""


@attrs.frozen
class PileTaken(_Told):
    """
    ``seat`` took the discard pile's ``count`` cards into the hand: with no legal
    play (BB-9), or with a face-down card it could not play (``blind``, BB-11).

    >>> event = PileTaken(1, 5, False)
    >>> event.rule, str(event)
    ('BB-9', 'seat 1 picks up the pile (5 cards)')
    """

    seat: int
    """The seat that took the pile."""
    count: int
    """The cards taken into the hand: the discard pile, and the turned card if ``blind``."""
    blind: bool
    """Whether the pile came with a face-down card that could not be played."""

    @property
    def rule(self) -> str:
        """BB-11 with a turned face-down card, else BB-9."""
        return "BB-11" if self.blind else "BB-9"


@attrs.frozen
class Burned(_Told):
    """
    The discard pile was removed from the round: by an 8 (BB-13) or by three
    identical cards on top (BB-12). ``count`` cards left the round.

    >>> event = Burned(2, 8, 4)
    >>> event.rule, str(event)
    ('BB-13', 'an 8 burns the pile: 4 cards removed')
    """

    seat: int
    """The seat whose play burned the pile."""
    value: int
    """The value on top that burned it: 8, or the value of the three identical cards."""
    count: int
    """The cards removed, the pile and the play together."""

    @property
    def rule(self) -> str:
        """BB-13 for 8s, else BB-12."""
        return "BB-13" if self.value == BURN else "BB-12"


@attrs.frozen
class PlaysAgain(_Told):
    """
    ``seat`` burned the pile and plays again (BB-16).

    >>> str(PlaysAgain(1))
    'seat 1 plays again'
    """

    seat: int
    """The seat that plays again."""
    rule: ClassVar[str] = "BB-16"
    """The rule of effects and burns."""


@attrs.frozen
class Skipped(_Told):
    """
    ``seat`` played 4s and ``skipped`` misses a turn (BB-14).

    >>> str(Skipped(0, 1))
    'seat 1 misses a turn (4s of seat 0)'
    """

    seat: int
    """The seat that played the 4s."""
    skipped: int
    """The seat that misses its turn."""
    rule: ClassVar[str] = "BB-14"
    """The rule of the 4s."""


@attrs.frozen
class Reversed(_Told):
    """
    ``seat`` played 11s: play goes the other way now (BB-15).

    >>> str(Reversed(2, -1))
    'play goes counter-clockwise now (11s of seat 2)'
    """

    seat: int
    """The seat that played the 11s."""
    direction: int
    """The new direction: ``1`` clockwise, ``-1`` counter-clockwise."""
    rule: ClassVar[str] = "BB-15"
    """The rule of the 11s."""


@attrs.frozen
class WentOut(_Told):
    """
    ``seat`` has no cards left and is out of the round, in ``place`` (BB-17).

    >>> str(WentOut(3, 1))
    'seat 3 is out, 1st'
    """

    seat: int
    """The seat that went out."""
    place: int
    """Its place, 1 for the first out."""
    rule: ClassVar[str] = "BB-17"
    """The rule of going out."""


@attrs.frozen
class RoundCut(_Told):
    """
    The turn limit cut round ``round`` after ``moves`` moves (BB-20).

    >>> str(RoundCut(2, 5000))
    'round 2 is cut after 5000 moves'
    """

    round: int
    """The round cut, 1-based."""
    moves: int
    """The moves it lasted."""
    rule: ClassVar[str] = "BB-20"
    """The rule of the turn limit."""


@attrs.frozen
class RoundEnded(_Told):
    """
    Round ``round`` is over and paid (BB-18).

    >>> str(RoundEnded(1, (2, 0), (3, 0, 0, 5), (1, 0, 3, 0), 36))
    'round 1 is over, chips won: seat 0 +1, seat 1 +0, seat 2 +3, seat 3 +0'
    """

    round: int
    """The round that ended, 1-based."""
    places: tuple[int, ...]
    """The seats out, in order (fewer than two in a cut round, BB-20)."""
    cards_left: tuple[int, ...]
    """The cards each seat held at the end: hand, face up and face down."""
    chips_won: tuple[int, ...]
    """The chips each seat won in the round."""
    supply: int
    """The chips left in the supply."""
    rule: ClassVar[str] = "BB-18"
    """The rule of the round score."""


@attrs.frozen
class MatchEnded(_Told):
    """
    The match is over (BB-19): ``winners`` hold the most chips.

    >>> str(MatchEnded((9, 14, 14), (1, 2), ()))
    'the match is over: seats 1 and 2 win with 14 chips'
    """

    chips: tuple[int, ...]
    """The chips each seat holds."""
    winners: tuple[int, ...]
    """The seats with the most chips, in increasing order."""
    cut_rounds: tuple[int, ...]
    """The rounds the turn limit cut (BB-20)."""
    rule: ClassVar[str] = "BB-19"
    """The rule of the end of the match."""


@attrs.frozen
class RoundStarted(_Told):
    """
    Round ``round`` is dealt; ``starter`` leads, clockwise (BB-5).

    >>> str(RoundStarted(2, 1))
    'round 2 is dealt, seat 1 starts'
    """

    round: int
    """The new round, 1-based."""
    starter: int
    """Its starting seat."""
    rule: ClassVar[str] = "BB-5"
    """The rule of who starts."""


Event: TypeAlias = (
    FaceUpChosen
    | FaceUpShown
    | FaceDownTurned
    | Played
    | Drew
    | PileTaken
    | Burned
    | PlaysAgain
    | Skipped
    | Reversed
    | WentOut
    | RoundCut
    | RoundEnded
    | MatchEnded
    | RoundStarted
)
"""Any Biggenbende event."""

EVENT_TYPES: Final[tuple[type[Event], ...]] = (
    FaceUpChosen,
    FaceUpShown,
    FaceDownTurned,
    Played,
    Drew,
    PileTaken,
    Burned,
    PlaysAgain,
    Skipped,
    Reversed,
    WentOut,
    RoundCut,
    RoundEnded,
    MatchEnded,
    RoundStarted,
)
"""Every event class, in the order ``events`` tells them."""


# --------------------------------------------------------------------------- events


def events(before: State, move: Move, after: State, seat: int) -> tuple[Event, ...]:
    """
    What ``seat`` saw happen when ``move`` took ``before`` to ``after``
    (``after == apply(before, move)``), in order, telling nothing ``seat`` may not
    know (BB-21).

    Raises:
        RulesError: for a seat out of range.

    >>> from cardrules import biggenbende as bb
    >>> before = bb.new_game(bb.Rules(players=3), seed=42)
    >>> move = bb.legal_moves(before)[0]
    >>> after = bb.apply(before, move)
    >>> bb.events(before, move, after, 0)
    (FaceUpChosen(seat=0, values=(0, 0, 2)),)
    >>> bb.events(before, move, after, 1)
    (FaceUpChosen(seat=0, values=None),)
    """
    seat = checked_seat(before, seat)
    expect(after, State, "a biggenbende State")
    return _told(before, move, after, seat)


def _told(before: State, move: Move, after: State, seat: int) -> tuple[Event, ...]:
    # ``events`` past its checks.
    if before.phase == "over":
        return ()
    ended = after.round != before.round or after.phase == "over"
    end = after
    if ended and after.phase != "over":
        # A new round was dealt: the round's last position is the move applied as if
        # this round were the match's last, which keeps hands and places.
        rules = attrs.evolve(before.rules, rounds=before.round)
        end = apply(attrs.evolve(before, rules=rules), move)
    if before.phase == "choose":
        told = _chosen(before, move, end, seat)
    else:
        told = _moved(before, move, end, seat, ended)
    if ended:
        told += _round_over(before, end, after)
    return tuple(told)


def _told_every(before: State, move: Move, after: State) -> tuple[tuple[Event, ...], ...]:
    # ``events`` of every seat, in seat order (registered below for the trajectories of
    # cardrules.rl). A seat's events depend on the seat only as the mover or not (BB-21:
    # the mover alone sees its choice, its face-down card and its draw): they are worked
    # out for the mover and for one other seat, whose tuple every other seat shares.
    players = before.rules.players
    mover = before.turn
    if before.phase == "over" or mover is None or players < 2:
        return tuple(_told(before, move, after, seat) for seat in range(players))
    mine = _told(before, move, after, mover)
    theirs = _told(before, move, after, (mover + 1) % players)
    return tuple(mine if seat == mover else theirs for seat in range(players))


def _chosen(before: State, move: Move, end: State, seat: int) -> list[Event]:
    """BB-4: a seat's choice, hidden from the others until every seat has chosen."""
    mover: int = before.turn  # type: ignore[assignment]
    values: tuple[int, ...] = move.values  # type: ignore[union-attr]
    shown = end.phase == "play"  # every seat chose, and the round goes on
    told: list[Event] = [FaceUpChosen(mover, values if shown or seat == mover else None)]
    if shown:
        told.append(FaceUpShown(end.face_up))
    return told


def _moved(before: State, move: Move, end: State, seat: int, ended: bool) -> list[Event]:
    """A play, a pick-up or a face-down card, and what followed in the round."""
    mover: int = before.turn  # type: ignore[assignment]
    discard = before.discard
    if type(move) is PickUp:
        return [PileTaken(mover, len(discard), blind=False)]  # BB-9
    told: list[Event] = []
    source: Source
    if type(move) is TurnFaceDown:
        position = move.position
        card: int = before.face_down[mover][position]  # type: ignore[assignment]
        if not playable(card, discard):
            # BB-11, BB-21: the card goes into the hand unseen by the others.
            shown = card if seat == mover else None
            return [
                FaceDownTurned(mover, position, shown, playable=False),
                PileTaken(mover, len(discard) + 1, blind=True),
            ]
        told.append(FaceDownTurned(mover, position, card, playable=True))
        value, count, source = card, 1, "face_down"
    else:
        value, count = move.value, move.count  # type: ignore[union-attr]
        source = "hand" if before.hands[mover] != EMPTY else "face_up"  # BB-7, BB-10
    told.append(Played(mover, value, count, source))
    if source == "hand" and before.draw:  # BB-8: the drawer alone sees the card
        drawn = before.draw[-1:]
        told.append(Drew(mover, len(drawn), drawn if seat == mover else None))
    pile = (*discard, *(value,) * count)
    burnt = value == BURN or (len(pile) >= 3 and pile[-1] == pile[-2] == pile[-3])
    if burnt:  # BB-12, BB-13
        told.append(Burned(mover, value, len(pile)))
    direction = before.direction
    if value == REVERSE:  # BB-15
        direction = -direction
        told.append(Reversed(mover, direction))
    out = mover in end.places and mover not in before.places
    if out:  # BB-17
        told.append(WentOut(mover, end.places.index(mover) + 1))
    if ended:
        return told
    if burnt and not out:  # BB-16: play again; a skip of 4s is void
        told.append(PlaysAgain(mover))
    elif value == SKIP and not burnt:  # BB-14
        skipped = next_seat(mover, direction, before.rules.players, end.places)
        told.append(Skipped(mover, skipped))
    return told


def _round_over(before: State, end: State, after: State) -> list[Event]:
    """BB-17 to BB-20: the round's end, its pay, and the next round or the match's end."""
    told: list[Event] = []
    if len(end.cut_rounds) > len(before.cut_rounds):  # BB-20
        told.append(RoundCut(before.round, end.moves))
    won = tuple(new - old for old, new in zip(before.chips, after.chips, strict=True))
    left = tuple(cards_left(end.hands, end.face_up, end.face_down))
    told.append(RoundEnded(before.round, end.places, left, won, after.supply))  # BB-18
    if after.phase == "over":  # BB-19
        best = max(after.chips)
        winners = tuple(s for s, c in enumerate(after.chips) if c == best)
        told.append(MatchEnded(after.chips, winners, after.cut_rounds))
    else:  # BB-5
        told.append(RoundStarted(after.round, after.starter))
    return told


# --------------------------------------------------------------------------- text


def render_event(event: Event, seat: int | None) -> str:
    """
    One line of text for ``event``, told to ``seat`` (``"you"`` for its own deeds);
    ``None``: told to nobody in particular, as ``str(event)``.

    >>> from cardrules import biggenbende as bb
    >>> bb.render_event(bb.Drew(1, 1, (7,)), 1), bb.render_event(bb.Skipped(0, 1), 1)
    ('you draw 7', 'you miss a turn (4s of seat 0)')
    """
    if not isinstance(event, EVENT_TYPES):
        expect(event, RoundStarted, "a biggenbende event")
    if isinstance(event, FaceUpChosen):
        if event.values is None:
            return f"{_who(event.seat, seat, 'choose', 'chooses')} 3 cards to lay face up"
        return f"{_who(event.seat, seat, 'lay', 'lays')} {_cards(event.values)} face up"
    if isinstance(event, FaceUpShown):
        rows = (f"seat {s} {_counted(row)}" for s, row in enumerate(event.face_up))
        return "face up now: " + ", ".join(rows)
    if isinstance(event, FaceDownTurned):
        text = f"{_who(event.seat, seat, 'turn', 'turns')} face-down card {event.position}"
        if event.playable:
            return f"{text}: {card_name(event.value)}"  # type: ignore[arg-type]
        if event.value is None:
            return f"{text}: not playable"
        return f"{text}: {card_name(event.value)}, not playable"
    if isinstance(event, Played):
        where = {"hand": "the hand", "face_up": "the face-up cards", "face_down": "face down"}
        return (
            f"{_who(event.seat, seat, 'play', 'plays')} {event.count} x "
            f"{card_name(event.value)} from {where[event.source]}"
        )
    if isinstance(event, Drew):
        drawn = _count(event.count, "card") if event.values is None else _cards(event.values)
        return f"{_who(event.seat, seat, 'draw', 'draws')} {drawn}"
    if isinstance(event, PileTaken):
        if event.blind:
            verbs = "take the turned card and the pile", "takes the turned card and the pile"
        else:
            verbs = "pick up the pile", "picks up the pile"
        return f"{_who(event.seat, seat, *verbs)} ({_count(event.count, 'card')})"
    if isinstance(event, Burned):
        what = "an 8 burns" if event.value == BURN else f"three {_plural(event.value)} burn"
        return f"{what} the pile: {_count(event.count, 'card')} removed"
    if isinstance(event, PlaysAgain):
        return f"{_who(event.seat, seat, 'play', 'plays')} again"
    if isinstance(event, Skipped):
        by = "your 4s" if event.seat == seat else f"4s of seat {event.seat}"
        return f"{_who(event.skipped, seat, 'miss', 'misses')} a turn ({by})"
    if isinstance(event, Reversed):
        way = "clockwise" if event.direction == 1 else "counter-clockwise"
        by = "your 11s" if event.seat == seat else f"11s of seat {event.seat}"
        return f"play goes {way} now ({by})"
    if isinstance(event, WentOut):
        place = {1: "1st", 2: "2nd", 3: "3rd"}.get(event.place, f"{event.place}th")
        return f"{_who(event.seat, seat, 'are', 'is')} out, {place}"
    if isinstance(event, RoundCut):
        return f"round {event.round} is cut after {event.moves} moves"
    if isinstance(event, RoundEnded):
        won = ", ".join(f"seat {s} +{c}" for s, c in enumerate(event.chips_won))
        return f"round {event.round} is over, chips won: {won}"
    if isinstance(event, MatchEnded):
        best = max(event.chips)
        if len(event.winners) == 1:
            who = f"seat {event.winners[0]} wins"
        else:
            *first, last = (str(s) for s in event.winners)
            who = f"seats {', '.join(first)} and {last} win"
        return f"the match is over: {who} with {_count(best, 'chip')}"
    return f"round {event.round} is dealt, seat {event.starter} starts"  # RoundStarted


def _who(actor: int, seat: int | None, you: str, other: str) -> str:
    """``"you play"`` for the seat told, else ``"seat 2 plays"``."""
    return f"you {you}" if actor == seat else f"seat {actor} {other}"


def _count(number: int, word: str) -> str:
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


def _cards(values: tuple[int, ...]) -> str:
    return " ".join(card_name(v) for v in values)


def _counted(row: tuple[int, ...]) -> str:
    """A count tuple as its cards, jokers first; ``-`` for none."""
    return " ".join(card_name(v) for v in range(len(row)) for _ in range(row[v])) or "-"


def _plural(value: int) -> str:
    return "jokers" if value == 0 else f"{value}s"


_fastobs.register_every(events, apply, _told_every)
