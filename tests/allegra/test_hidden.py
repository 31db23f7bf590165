"""
``check_state`` and ``check_view`` derive what they can of the hidden fields: the deck
of a dealt round and ``deck_public`` (AL-4, AL-11), the score ranges (AL-10), a round
ender's turn (AL-9) and a finished game's last round (AL-9, AL-10, AL-13).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from cardrules import allegra as al
from cardrules._rng import _below
from cardrules.allegra import Rules, State
from cardrules.errors import InvalidStateError

R3 = Rules(players=3, rounds=2, max_turns_per_round=200)
SMALL = Rules(players=3, deck=(10, 10, 10, 8, *(0,) * 9), rounds=2, max_turns_per_round=200)
"""38 cards: the deck of a round (38 - 37 = 1 card) is rebuilt at the second draw."""


def reach(rules: Rules, until: Callable[[State], bool], seed: int = 0) -> State:
    """A state of random play that ``until`` accepts (trying seeds from ``seed``)."""
    for attempt in range(seed, seed + 50):
        state, rng = al.new_game(rules, seed=attempt), attempt
        while not until(state) and not al.is_over(state):
            moves = al.legal_moves(state)
            k, rng = _below(rng, len(moves))
            state = al.apply(state, moves[k])
        if until(state):
            al.check_state(state)
            for seat in range(rules.players):
                al.check_view(al.view(state, seat))
            return state
    raise AssertionError("not reached")


def rejected(state: State, match: str) -> None:
    """Both the state and every view of it are refused, naming the field."""
    with pytest.raises(InvalidStateError, match=rf"state\.{match}"):
        al.check_state(state)
    if match == "deck_public":
        match = "deck_cards"
    with pytest.raises(InvalidStateError, match=rf"view\.{match}"):
        al.check_view(al.view(state, 0))


def test_al4_a_dealt_setup_holds_the_whole_deck() -> None:
    state = reach(R3, lambda s: s.round == 2 and s.phase == "reveal")
    # One card moved from the deck under the discard pile: cards are conserved, but a
    # deal leaves every card but 37 in the deck.
    moved = attrs.evolve(state, deck=state.deck[1:], discard=(state.deck[0], *state.discard))
    rejected(moved, "deck")


def test_al11_a_deck_not_rebuilt_loses_one_card_per_draw() -> None:
    state = reach(R3, lambda s: s.round == 2 and s.phase == "turn" and s.turns == 2)
    dealt = sum(R3.deck) - 3 * 12 - 1

    def left(cards: int) -> State:
        """The state with ``cards`` cards in the deck, the rest on the discard pile."""
        pile = state.deck[: len(state.deck) - cards]
        return attrs.evolve(state, deck=state.deck[len(pile) :], discard=(*pile, *state.discard))

    al.check_state(left(dealt - 2))  # two turns, two draws at most
    rejected(left(dealt - 3), "deck")


def test_al11_only_a_deck_drawn_empty_is_public() -> None:
    state = reach(R3, lambda s: s.round == 2 and s.phase == "turn" and s.turns >= 3)
    rejected(attrs.evolve(state, deck_public=True), "deck_public")
    rebuilt = reach(SMALL, lambda s: s.round == 2 and s.deck_public and s.phase == "turn")
    al.check_state(rebuilt)  # a real rebuild passes


def test_al10_round_scores_lie_in_their_range() -> None:
    state = reach(R3, lambda s: s.round == 2 and s.phase == "turn")
    first = state.scores[0]
    rejected(attrs.evolve(state, scores=((331, *first[1:]),)), r"scores\[0\]")
    rejected(attrs.evolve(state, scores=((-16, *first[1:]),)), r"scores\[0\]")
    rejected(attrs.evolve(state, scores=((200, 200, first[2]),)), r"scores\[0\]")  # two doubled
    # A cut round doubles nobody (AL-13).
    rejected(attrs.evolve(state, scores=((200, *first[1:]),), cut_rounds=(1,)), r"scores\[0\]")


def test_al9_an_ender_has_played_a_turn() -> None:
    state = reach(R3, lambda s: s.ender is not None and s.phase == "turn")
    rejected(attrs.evolve(state, turns=0), "ender")


def test_a_finished_game_shows_how_its_last_round_ended() -> None:
    ended = reach(R3, lambda s: al.is_over(s) and s.ender is not None)
    assert 2 not in ended.cut_rounds
    last = ended.scores[-1]
    rejected(attrs.evolve(ended, scores=(*ended.scores[:-1], (last[0] + 1, *last[1:]))), "scores")
    assert ended.ender is not None
    rejected(attrs.evolve(ended, current=ended.ender), "current")  # AL-9
    rejected(attrs.evolve(ended, ender=None), "ender")  # AL-13: not cut, so an ender
    rejected(attrs.evolve(ended, turns=R3.max_turns_per_round + 1), "turns")
    cut = reach(
        attrs.evolve(R3, max_turns_per_round=3), lambda s: al.is_over(s) and s.ender is None
    )
    assert cut.cut_rounds == (1, 2)
    rejected(attrs.evolve(cut, turns=2), "turns")  # AL-13: cut after exactly 3 turns
    rejected(attrs.evolve(cut, cut_rounds=(1,)), "ender")
