"""
What everyone knows about the deck after an AL-11 rebuild (format version 2), and
the upgrade of version-1 saves.
"""

from __future__ import annotations

import collections
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import InvalidStateError, Outcome
from cardrules import allegra as al
from cardrules._rng import _below
from cardrules.allegra import Draw, Rules, Swap
from cardrules.allegra._upgrade import (
    state_v1_to_v2,
    state_v2_to_v3,
    view_v1_to_v2,
    view_v2_to_v3,
)
from tests.allegra.helpers import FILL, S, play, start

R2 = Rules(players=2)
R3 = Rules(players=3)


def _after_rebuild(rules: Rules) -> al.State:
    """A turn after a rebuild: the deck was empty, so the whole pile but its top card
    became the deck (AL-11), and one card of it has been drawn since."""
    grids = [FILL] * rules.players
    state = start(rules, *grids, discard=(5,), fill="discard")
    assert state.deck == ()
    passes = [al.Pass()] * (rules.players - 1) if rules.players >= 3 else []  # AL-7
    return play(state, Draw(), *passes, Swap(S("p0.r0c0")))


def test_al11_redealt_worlds_keep_the_rebuilt_deck() -> None:
    # AL-11, AL-14: which cards went into the rebuilt deck is public; only their order
    # is hidden. A world consistent with a seat's view never puts a face-down card in
    # the deck nor a deck card face down.
    for rules in (R2, R3):
        state = _after_rebuild(rules)
        assert len(state.deck) > 0
        down = collections.Counter(
            c for c, up in zip(state.cards, state.face_up, strict=True) if not up
        )
        for seat in range(rules.players):
            for seed in range(12):
                world = al.redeal_hidden(state, seat, seed=seed)
                assert al.view(world, seat) == al.view(state, seat)
                assert collections.Counter(world.deck) == collections.Counter(state.deck)
                face_down = (c for c, up in zip(world.cards, world.face_up, strict=True) if not up)
                assert collections.Counter(face_down) == down


def test_al11_the_deck_is_public_from_a_rebuild_to_the_end_of_the_round() -> None:
    state = start(R2, FILL, FILL, discard=(5,), fill="discard")
    assert state.deck_public is False
    assert al.view(state, 1).deck_cards is None
    state = _after_rebuild(R2)
    assert state.deck_public is True
    assert al.view(state, 1).deck_cards == tuple(sorted(state.deck))
    al.check_view(al.view(state, 1))
    # A new round starts with nothing known again.
    state = random_play_until(state, lambda s: s.round == 2)
    assert state.deck_public is False


def random_play_until(state: al.State, until: Callable[[al.State], bool]) -> al.State:
    rng = 1
    while not until(state) and not al.is_over(state):
        moves = al.legal_moves(state)
        k, rng = _below(rng, len(moves))
        state = al.apply(state, moves[k])
    return state


def test_al11_check_state_and_check_view_check_what_is_public_about_the_deck() -> None:
    setup = start(R2, FILL, FILL, reveals=True)
    with pytest.raises(InvalidStateError, match=r"state\.deck_public: must be False in the setup"):
        al.check_state(attrs.evolve(setup, deck_public=True))
    with pytest.raises(InvalidStateError, match=r"state\.deck_public: 1 is not a bool"):
        al.check_state(attrs.evolve(setup, deck_public=1))  # type: ignore[arg-type]
    seen = al.view(_after_rebuild(R2), 0)
    assert seen.deck_cards is not None
    with pytest.raises(InvalidStateError, match=r"view\.deck_cards: expected \d+ entries"):
        al.check_view(attrs.evolve(seen, deck_cards=seen.deck_cards[1:]))
    with pytest.raises(InvalidStateError, match=r"view\.deck_cards: must list .* ascending"):
        al.check_view(attrs.evolve(seen, deck_cards=seen.deck_cards[::-1]))
    with pytest.raises(InvalidStateError, match=r"view: \d+ cards of value 11 seen"):
        al.check_view(attrs.evolve(seen, deck_cards=(11,) * len(seen.deck_cards)))


# --------------------------------------------------------------------------- format 2

_V1 = Path(__file__).parents[1] / "data" / "allegra" / "v1"
_FILES: dict[str, dict[str, Any]] = json.loads((_V1 / "manifest.json").read_text())["files"]
_CONV = cardrules.make_converter()


def _v1_state(data: Any) -> Any:
    """A version-1 state's data upgraded by the steps to 2, then to 3 (cards as text)."""
    return state_v2_to_v3(state_v1_to_v2(data))


def _lists(state: al.State) -> dict[str, Any]:
    """The state's data with its cards as lists, as versions 1 and 2 wrote them."""
    data: dict[str, Any] = _CONV.unstructure(state)
    for name in ("cards", "face_up", "deck", "discard", "removed"):
        data[name] = list(getattr(state, name))
    return data


def _named(kind: str) -> list[str]:
    return sorted(name for name, expect in _FILES.items() if expect["kind"] == kind)


def _outcome(result: Outcome | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "cut_rounds": list(result.cut_rounds),
        "reason": result.reason,
        "scores": list(result.scores),
        "winners": sorted(result.winners),
    }


def test_allegra_reads_format_version_2_through_its_steps() -> None:
    assert al.GAME.format_version == 3  # version 3: the cards as text
    assert [(u.kind, u.version) for u in al.GAME.upgrades if u.version == 1] == [
        ("state", 1),
        ("view", 1),
    ]


@pytest.mark.parametrize("name", _named("state"))
def test_v1_states_upgrade_to_checked_states_that_play_the_same(name: str) -> None:
    text = (_V1 / name).read_text()
    data = json.loads(text)["data"]
    assert "deck_public" not in data
    state = _CONV.structure(_v1_state(data), al.State)
    al.check_state(state)
    assert state.deck_public is False  # the documented safe value: nothing known
    assert _outcome(al.outcome(state)) == _FILES[name].get("outcome")
    # Play on to the end: the upgraded state plays exactly as the saved one did.
    rng = 5
    old = cardrules.loads(text, game="allegra", kind="state")
    while not al.is_over(state):
        moves = al.legal_moves(state)
        assert moves == al.legal_moves(old)
        k, rng = _below(rng, len(moves))
        state, old = al.apply(state, moves[k]), al.apply(old, moves[k])
        al.check_state(state)
    assert al.outcome(state) == al.outcome(old)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_upgrade_derives_a_rebuild_from_the_rng_from_round_2_on(players: int) -> None:
    # AL-4, AL-11: a small deck is rebuilt often; every state of a seeded game, saved
    # without the new field, upgrades to True only where a rebuild happened, and to
    # the truth for every state of round 2 on whose deck is not a few last cards.
    total = 12 * players + 6  # a deck of 5 cards after the deal: rebuilt again and again
    deck = [total // 13 + (k < total % 13) for k in range(13)]
    rules = Rules(players=players, deck=tuple(deck))
    derived = {True: 0, False: 0}
    for seed in range(3):
        state = al.new_game(rules, seed=seed)
        rng = seed
        while not al.is_over(state):
            data = _lists(state)
            del data["deck_public"]
            upgraded = _CONV.structure(_v1_state(data), al.State)
            assert upgraded == attrs.evolve(state, deck_public=upgraded.deck_public)
            al.check_state(upgraded)
            if upgraded.deck_public:
                assert state.deck_public  # never a rebuild that did not happen
            elif state.round >= 2 and len(state.deck) >= 4:
                assert not state.deck_public
            derived[upgraded.deck_public] += 1
            moves = al.legal_moves(state)
            k, rng = _below(rng, len(moves))
            state = al.apply(state, moves[k])
    assert derived[True] > 0
    assert derived[False] > 0


@pytest.mark.parametrize("name", _named("record"))
def test_v1_record_starts_upgrade_and_replay_to_the_same_outcome(name: str) -> None:
    text = (_V1 / name).read_text()
    data = json.loads(text)["data"]
    record = cardrules.loads(text, game="allegra", kind="record")
    if data["start"] is None:
        state = al.new_game(record.rules, seed=record.seed)
    else:
        state = _CONV.structure(_v1_state(data["start"]), al.State)
    al.check_state(state)
    for move in record.moves:
        state = al.apply(state, move)
    al.check_state(state)
    assert _outcome(al.outcome(state)) == _FILES[name].get("outcome")
    assert state == cardrules.replay(record)


@pytest.mark.parametrize("name", _named("view"))
def test_v1_views_upgrade_to_checked_views(name: str) -> None:
    data = json.loads((_V1 / name).read_text())["data"]
    seen = _CONV.structure(view_v2_to_v3(view_v1_to_v2(data)), al.View)
    al.check_view(seen)
    assert seen.deck_cards is None
