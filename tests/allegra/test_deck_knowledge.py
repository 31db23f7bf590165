"""
What everyone knows about the deck after an AL-11 rebuild (format version 2), and
the upgrade of version-1 saves.
"""

from __future__ import annotations

import collections

from cardrules import allegra as al
from cardrules.allegra import Draw, Rules, Swap
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
        down = sorted(c for c, up in zip(state.cards, state.face_up, strict=True) if not up)
        for seat in range(rules.players):
            for seed in range(12):
                world = al.redeal_hidden(state, seat, seed=seed)
                assert al.view(world, seat) == al.view(state, seat)
                assert collections.Counter(world.deck) == collections.Counter(state.deck)
                face_down = (c for c, up in zip(world.cards, world.face_up, strict=True) if not up)
                assert sorted(face_down) == down
