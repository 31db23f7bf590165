"""Every published record game of ``RECORD_GAMES`` is reproduced exactly (BM-8, BM-9)."""

from __future__ import annotations

import pytest

from cardrules import beggar
from cardrules.beggar import RECORD_GAMES, RecordGame, new_game, play_out
from tests.beggar.helpers import finish


def _name(record: RecordGame) -> str:
    return f"{record.name} {record.year}"


def test_the_list_holds_the_bm8_example_and_the_endless_deal() -> None:
    names = [_name(record) for record in RECORD_GAMES]
    assert "Mann and Wu 2007" in names
    assert "Casella 2024" in names
    years = [record.year for record in RECORD_GAMES]
    assert years == sorted(years)
    # Each terminating record is longer than the one before it (in cards).
    lengths = [record.cards for record in RECORD_GAMES if record.cards is not None]
    assert lengths == sorted(lengths)


@pytest.mark.parametrize("record", RECORD_GAMES, ids=_name)
def test_record_is_reproduced_by_play_out(record: RecordGame) -> None:
    state = new_game(stacks=record.stacks)
    assert beggar.notation(state.stacks) == record.stacks
    result = play_out(state)
    if record.cycle is None:
        assert (result.cards, result.tricks) == (record.cards, record.tricks)
        assert result.state.ended == "normal"
        assert result.winner is not None
        assert result.cycle is None
    else:
        assert (record.cards, record.tricks) == (None, None)
        assert result.state.ended == "endless"
        assert result.cycle == record.cycle
        assert result.winner is None


@pytest.mark.parametrize("record", RECORD_GAMES, ids=_name)
def test_record_is_reproduced_by_stepping_with_apply(record: RecordGame) -> None:
    state = new_game(stacks=record.stacks)
    final = finish(state)
    assert final == play_out(state).state
    if record.cycle is None:
        assert (final.cards, final.tricks) == (record.cards, record.tricks)
    else:
        assert final.ended == "endless"


def _reference(stacks: tuple[str, ...], *, reverse: bool) -> tuple[int, int]:
    """
    An independent two-player reading of the rules on notation strings: cards and
    tricks of a terminating deal, the pile put under in the order laid (BM-6) or,
    with ``reverse``, turned the other way.
    """
    demand = {"-": 0, "J": 1, "Q": 2, "K": 3, "A": 4}
    hands = [[demand[c] for c in stack] for stack in stacks]
    pile: list[int] = []
    seat, owed, cards, tricks = 0, 0, 0, 0
    while cards < 20_000:
        if not hands[seat]:
            return cards, tricks + (1 if pile else 0)
        card = hands[seat].pop(0)
        pile.append(card)
        cards += 1
        if card:
            owed = card
            seat = 1 - seat
        elif owed:
            owed -= 1
            if not owed:
                hands[1 - seat] += pile[::-1] if reverse else pile
                pile = []
                tricks += 1
                seat = 1 - seat
                if not hands[1 - seat]:
                    return cards, tricks
        else:
            seat = 1 - seat
    return cards, tricks


@pytest.mark.parametrize("record", [r for r in RECORD_GAMES if r.cycle is None], ids=_name)
def test_bm6_only_the_order_laid_reproduces_the_records(record: RecordGame) -> None:
    assert _reference(record.stacks, reverse=False) == (record.cards, record.tricks)
    assert _reference(record.stacks, reverse=True) != (record.cards, record.tricks)
