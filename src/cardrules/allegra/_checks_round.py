"""
Allegra's invariants shared by a state and a view: the rounds and their scores
(AL-10, AL-12, AL-13), the knock window (AL-7), the end of the game (AL-9, AL-12) and
the deck of a dealt round (AL-4, AL-11).

Used by ``check_state`` and ``check_view`` in ``_checks``; like them, these assume
nothing about the types of a forged value's fields.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules._checks import bad, must_be
from cardrules.allegra._board import (
    AREA_PLACES,
    DEAL_DISCARDS,
    ENDER_FACTOR,
    HIGH_CARD,
    LOW_CARD,
    _has_card,
)
from cardrules.allegra._deal import _round_scores
from cardrules.allegra._geometry import GRID, Tables
from cardrules.allegra._state import Rules, State, View, _short

_LOWEST_SCORE = AREA_PLACES * LOW_CARD
"""AL-10: the lowest round score, an area of 15 cards of -1."""
_HIGHEST_RAW = AREA_PLACES * HIGH_CARD
"""AL-10: the highest round score not doubled, an area of 15 cards of 11."""

_DREW = frozenset(("knock", "give", "place", "exchange", "drawn"))
"""The phases of a turn that began with a draw (AL-6a)."""


def check_seat(value: object, path: str, players: int) -> int:
    """``value`` itself if it is a seat of a ``players``-player game (a short message)."""
    if type(value) is not int or not 0 <= value < players:
        raise bad(path, must_be("", value, 0, players - 1))
    return value


def _check_rounds(obj: State | View, where: str, rules: Rules, phase: str) -> None:
    """
    The parts a state and a view share: the discard pile exists until the end, the
    round and the finished rounds' scores and cuts (AL-12, AL-13), the seat to move.

    Args:
        obj: the state or view; ``where`` names it in messages (``"state"``).
        rules: its (checked) rules.
        phase: its (checked) phase.
    """
    n = rules.players
    if phase != "over" and not obj.discard:
        raise bad(f"{where}.discard", "the discard pile is empty")
    if type(obj.round) is not int or not 1 <= obj.round <= rules.rounds:
        raise bad(f"{where}.round", f"{_short(obj.round)} is not a round of 1..{rules.rounds}")
    finished = obj.round if phase == "over" else obj.round - 1
    if not isinstance(obj.scores, tuple) or len(obj.scores) != finished:
        raise bad(f"{where}.scores", f"must hold the scores of {finished} finished rounds")
    if not isinstance(obj.cut_rounds, tuple) or any(
        type(r) is not int or not 1 <= r <= finished for r in obj.cut_rounds
    ):
        raise bad(f"{where}.cut_rounds", "must hold finished round numbers")
    if list(obj.cut_rounds) != sorted(set(obj.cut_rounds)):
        raise bad(f"{where}.cut_rounds", "must list each cut round once, in order (AL-13)")
    for r, row in enumerate(obj.scores):
        if not isinstance(row, tuple) or len(row) != n or any(type(x) is not int for x in row):
            raise bad(f"{where}.scores[{r}]", f"must be a tuple of {n} ints")
        # AL-10: an area sums 15 cards of -1..11; only the ender's positive score is
        # doubled, and nobody's in a cut round (AL-13).
        cut = r + 1 in obj.cut_rounds
        high = _HIGHEST_RAW if cut else ENDER_FACTOR * _HIGHEST_RAW
        if any(not _LOWEST_SCORE <= x <= high for x in row):
            raise bad(
                f"{where}.scores[{r}]",
                f"a round score lies in {_LOWEST_SCORE}..{high}"
                f"{' in a cut round (AL-13)' if cut else ''} (AL-10)",
            )
        if sum(x > _HIGHEST_RAW for x in row) > 1:
            raise bad(f"{where}.scores[{r}]", "only the round's ender is doubled (AL-10)")
    if phase == "over" and obj.round != rules.rounds:
        raise bad(f"{where}.round", f"the game ends after round {rules.rounds} (AL-12)")
    check_seat(obj.current, f"{where}.current", n)


def _check_knock_window(
    obj: State | View, where: str, n: int, phase: str, cards: Sequence[int | None], t: Tables
) -> None:
    """
    The knock window (AL-7), the same in a state and a view: each other seat whose area
    holds a card is asked once, in turn order from the drawer's next, and only after a
    draw with 3 or more players.

    Args:
        obj: the state or view; ``where`` names it in messages (``"state"``).
        n: the number of players.
        phase: its (checked) phase.
        cards: the card on each place (anything but ``None`` where a card lies).
        t: the precomputed tables of this player count.
    """
    current = obj.current
    asked = obj.knock_queue + obj.knockers + obj.passers
    if len(set(asked)) != len(asked):
        raise bad(f"{where}.knock_queue", "a seat is asked twice in the knock window (AL-7)")
    if (phase == "knock") != bool(obj.knock_queue):
        raise bad(f"{where}.knock_queue", "must be non-empty exactly in the knock window")
    if phase == "give" and not obj.knockers:
        raise bad(f"{where}.knockers", "the drawer answers knocks only when someone knocked")
    # AL-7: a knock window follows every draw with 3 or more players; it asks each other
    # seat whose area holds a card once, in turn order from the drawer's next.
    if n < 3 or phase not in ("knock", "give", "place", "exchange", "drawn"):
        if asked:
            why = "knocking needs 3 or more players" if n < 3 else "no knock window is open"
            raise bad(f"{where}.knock_queue", f"no seat can knock or pass: {why} (AL-7)")
    else:
        order = [q for q in t.others[current] if _has_card(t.areas[q], cards)]
        done = len(order) - len(obj.knock_queue)
        rank = {q: k for k, q in enumerate(order)}
        if done < 0 or tuple(order[done:]) != obj.knock_queue:
            raise bad(
                f"{where}.knock_queue",
                f"must be the seats still to answer of {tuple(order)}, in turn order (AL-7)",
            )
        if (
            set(obj.knockers + obj.passers) != set(order[:done])
            or [rank[q] for q in obj.knockers] != sorted(rank[q] for q in obj.knockers)
            or [rank[q] for q in obj.passers] != sorted(rank[q] for q in obj.passers)
        ):
            raise bad(
                f"{where}.knockers",
                f"the knocks and passes must be the answers of {tuple(order[:done])}, "
                "each seat once, in turn order (AL-7)",
            )


def _check_game_end(
    obj: State | View, where: str, rules: Rules, cards: Sequence[int | None]
) -> None:
    """
    A finished game (AL-12): its last round was cut (AL-13) exactly when it has no
    ender, after ``max_turns_per_round`` turns; else it ended after the last turn of the
    ender's right neighbour (AL-9); and its score is what the final cards give (AL-10).
    """
    n = rules.players
    ender = obj.ender
    cut = rules.rounds in obj.cut_rounds
    limit = rules.max_turns_per_round
    if cut != (ender is None):
        raise bad(
            f"{where}.ender",
            "a finished game's last round was cut (AL-13) exactly when nobody ended it (AL-9)",
        )
    if cut and obj.turns != limit:
        raise bad(f"{where}.turns", f"the last round was cut after {limit} turns (AL-13)")
    if not 1 <= obj.turns <= limit:
        raise bad(f"{where}.turns", f"the last round lasted 1 to {limit} turns (AL-13)")
    if ender is not None and obj.current != (ender - 1) % n:
        raise bad(
            f"{where}.current",
            f"seat {ender} ended the last round: it ended on seat {(ender - 1) % n}'s "
            "last turn (AL-9)",
        )
    if obj.scores[-1] != _round_scores(n, cards, ender):
        raise bad(f"{where}.scores", "the last round's scores are not what its cards give (AL-10)")


def _check_dealt_deck(
    where: str, rules: Rules, phase: str, turns: int, have: int, public: bool, flag: str
) -> None:
    """
    The deck of a dealt round (round 2 on, AL-4) of ``have`` cards: every card but the
    grids' and one discard at the start, one card less per draw (at most one per turn)
    until it is drawn empty and rebuilt (AL-11), which makes its cards ``public``
    (the field ``flag`` says so).
    """
    dealt = sum(rules.deck) - rules.players * GRID - DEAL_DISCARDS
    draws = turns + (phase in _DREW)
    if phase == "reveal" and have != dealt:
        raise bad(
            f"{where}.deck", f"holds {have} cards in the setup, not the {dealt} dealt (AL-4)"
        )
    if public and draws <= dealt:
        raise bad(
            f"{where}.{flag}",
            f"the deck is public, but at most {draws} draws cannot empty a deck of {dealt} dealt "
            "cards: it was not rebuilt (AL-11)",
        )
    if not public and have < dealt - draws:
        raise bad(
            f"{where}.deck",
            f"{have} cards left of {dealt} dealt after at most {draws} draws, yet the deck "
            "was not rebuilt (AL-11)",
        )
