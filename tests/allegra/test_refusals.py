"""
Allegra's refusals of forged states and views, pinned by the path of the bad field and the
rule ID the error cites (tests/refused.py), not by their wording (issue 23): one forged
field per case, in a state 40 random moves into a 3-player game.
"""

from __future__ import annotations

from typing import Any

import cardrules
from cardrules.allegra import (
    Discard,
    Draw,
    Exchange,
    Give,
    Ignore,
    Knock,
    Pass,
    Place,
    Reveal,
    Slot,
    Swap,
    Take,
)
from tests.refused import Forgery, move_refusal_test, played, refusal_tests

GAME = cardrules.get_game("allegra")
STATE = played("allegra", 3, 40)

# (field, index path into it, forged value, the error's path, the rule it cites)
STATE_CASES: list[Forgery] = [
    ("cards", (0,), 5, "state", "AL-1"),
    ("deck", (0,), 5, "state", "AL-1"),
    ("discard", (0,), 0, "state", "AL-1"),
    ("hand", (), 7, "state", "AL-1"),
    ("cards", (0,), -7, "state.cards[0]", None),
    ("current", (), -1, "state.current", None),
    ("deck", (0,), -7, "state.deck[0]", None),
    ("discard", (0,), -2, "state.discard[0]", None),
    ("drawn", (), 0, "state.drawn", None),
    ("hand", (), -9, "state.hand", None),
    ("knockers", (0,), 2, "state.knock_queue", "AL-7"),
    ("passers", (0,), 1, "state.knock_queue", "AL-7"),
    ("knockers", (0,), -2, "state.knockers[0]", None),
    ("current", (), 1, "state.knockers[0]", "AL-7"),
    ("knockers", (0,), 0, "state.knockers[0]", "AL-7"),
    ("last_turns", (), -1, "state.last_turns", None),
    ("ender", (), 0, "state.last_turns", "AL-9"),
    ("last_turns", (), 1, "state.last_turns", "AL-9"),
    ("passers", (0,), 3, "state.passers[0]", None),
    ("receiver", (), 0, "state.receiver", "AL-7"),
    ("reveals_left", (), -1, "state.reveals_left", None),
    ("round", (), 0, "state.round", None),
    ("round", (), 2, "state.scores", None),
    ("turns", (), -19, "state.turns", None),
]
VIEW_CASES: list[Forgery] = [
    ("cards", (1,), -9, "view.cards[1]", None),
    ("current", (), -1, "view.current", None),
    ("deck_cards", (), 0, "view.deck_cards", None),
    ("deck_count", (), -80, "view.deck_count", None),
    ("deck_count", (), 78, "view.deck_count", "AL-1"),
    ("discard", (0,), -2, "view.discard[0]", None),
    ("drawn", (), 0, "view.drawn", None),
    ("cards", (0,), 0, "view.face_down[0]", None),
    ("face_down", (1,), True, "view.face_down[1]", None),
    ("hand", (), 0, "view.hand", "AL-7"),
    ("receiver", (), 0, "view.hand", "AL-7"),
    ("seat", (), 1, "view.hand", "AL-7"),
    ("hand_count", (), 0, "view.hand_count", "AL-7"),
    ("knockers", (0,), 2, "view.knock_queue", "AL-7"),
    ("passers", (0,), 1, "view.knock_queue", "AL-7"),
    ("knockers", (0,), -2, "view.knockers[0]", None),
    ("current", (), 1, "view.knockers[0]", "AL-7"),
    ("knockers", (0,), 0, "view.knockers[0]", "AL-7"),
    ("last_turns", (), -1, "view.last_turns", None),
    ("ender", (), 0, "view.last_turns", "AL-9"),
    ("last_turns", (), 1, "view.last_turns", "AL-9"),
    ("passers", (0,), 3, "view.passers[0]", None),
    ("receiver", (), 2, "view.receiver", "AL-7"),
    ("face_down", (0,), False, "view.removed", "AL-8"),
    ("reveals_left", (), -1, "view.reveals_left", None),
    ("round", (), 0, "view.round", None),
    ("round", (), 2, "view.scores", None),
    ("seat", (), -1, "view.seat", None),
    ("turns", (), -19, "view.turns", None),
]

# Moves met elsewhere in the game, illegal here, and the rule each breaks.
MOVE_CASES: list[tuple[Any, str]] = [
    (Discard(reveal=Slot(owner=1, row=0, col=3)), "AL-7"),
    (Draw(), "AL-7"),
    (Exchange(take=Slot(owner=2, row=0, col=3), put=Slot(owner=2, row=0, col=0)), "AL-7"),
    (Give(knocker=0), "AL-7"),
    (Ignore(), "AL-7"),
    (Knock(), "AL-7"),
    (Pass(), "AL-7"),
    (Place(slot=Slot(owner=2, row=0, col=3)), "AL-7"),
    (Reveal(slot=Slot(owner=1, row=0, col=3)), "AL-7"),
    (Swap(slot=Slot(owner=1, row=0, col=3)), "AL-7"),
    (Take(slot=Slot(owner=1, row=0, col=3)), "AL-7"),
]


(
    test_the_played_state_and_its_view_pass,
    test_a_forged_state_is_refused_at_its_path_by_its_rule,
    test_a_forged_view_is_refused_at_its_path_by_its_rule,
) = refusal_tests(GAME, STATE, STATE_CASES, VIEW_CASES)
test_an_illegal_move_is_refused_by_its_rule = move_refusal_test(GAME, STATE, MOVE_CASES)
