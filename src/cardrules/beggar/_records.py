"""
The published record games of Beggar-my-neighbour, reproduced exactly.

Each is a two-player deal in the notation of the literature (seat 0 first,
character 0 the top of a stack) with the counts the record lists publish:
cards turned and tricks taken (BM-8), or, for the endless deal, its cycle
(BM-9). The tests replay every one of them.
"""

from __future__ import annotations

import attrs

from cardrules.beggar._state import Cycle

__all__ = ["RECORD_GAMES", "RecordGame"]


@attrs.frozen
class RecordGame:
    """
    A published record deal and its published counts.

    For a game that ends, ``cards`` and ``tricks`` are its length and ``cycle``
    is ``None``; for an endless game ``cards`` and ``tricks`` are ``None`` and
    ``cycle`` says where the cycle starts and how long it is.

    >>> RECORD_GAMES[0].name, RECORD_GAMES[0].cards
    ('Paulhus', 4791)
    """

    name: str
    """Who found it."""
    year: int
    """When it was found."""
    stacks: tuple[str, ...]
    """The deal in notation, seat 0 first, each stack top first."""
    cards: int | None
    """Cards turned before the game ends (BM-8); ``None`` for an endless game."""
    tricks: int | None
    """Tricks taken, the final one included (BM-8); ``None`` for an endless game."""
    cycle: Cycle | None = None
    """For an endless game (BM-9): where its cycle is entered and how long it is."""


RECORD_GAMES: tuple[RecordGame, ...] = (
    RecordGame(
        "Paulhus", 1999, ("------------KAQ----J------", "-JQQK---K----JK--QA-A-JA--"), 4791, 670
    ),
    RecordGame(
        "Kleber", 1999, ("---JQ---K-A----A-J-K---QK-", "-J-----------AJQA----K---Q"), 5790, 805
    ),
    RecordGame(
        "Collins", 2006, ("A-QK------Q----KA-----J---", "-JAK----A--Q----J---QJ--K-"), 6913, 960
    ),
    RecordGame(
        "Mann and Wu",
        2007,
        ("K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--"),
        7157,
        1007,
    ),
    RecordGame(
        "Nessler", 2012, ("----Q------A--K--A-A--QJK-", "-Q--J--J---QK---K----JA---"), 7207, 1015
    ),
    RecordGame(
        "Anderson", 2013, ("--A-Q--J--J---Q--AJ-K---K-", "-J-------Q------A--A--QKK-"), 7225, 1016
    ),
    RecordGame(
        "Rucklidge", 2014, ("-J------Q------AAA-----QQ-", "K----JA-----------KQ-K-JJK"), 7959, 1122
    ),
    RecordGame(
        "Nessler", 2021, ("----K---A--Q-A--JJA------J", "-----KK---------A-JK-Q-Q-Q"), 7972, 1106
    ),
    RecordGame(
        "Nessler", 2022, ("---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---"), 8344, 1164
    ),
    RecordGame(
        "Casella",
        2024,
        ("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA"),
        None,
        None,
        Cycle(start_cards=34, start_tricks=4, length_cards=440, length_tricks=62),
    ),
)
"""The successive longest known games (the list kept by Richard P. Mann), then
Casella's endless deal of 2024 (arXiv:2403.13855)."""
