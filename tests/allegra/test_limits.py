"""
Allegra with untrusted input: bounded ``Rules`` (AL-1, AL-2, AL-12, AL-13), closed
types, the wrong kind of object, move fields checked on load, short messages, bounded
caches, and the worst cases of time and memory.
"""

from __future__ import annotations

import contextlib
import json
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import allegra as al
from cardrules import beggar, dumps, loads, replay
from cardrules._rng import _below
from cardrules.allegra import (
    DEFAULT_DECK,
    MAX_CARDS,
    MAX_COPIES,
    MAX_ROUNDS,
    MAX_TURNS_PER_ROUND,
    Rules,
    Slot,
)
from cardrules.errors import (
    CardrulesError,
    IllegalMoveError,
    InvalidStateError,
    RulesError,
    SerializationError,
    WrongTypeError,
)

HUGE = 10**1000
"""An int far too big for any option (its repr alone is 1001 characters)."""


@contextlib.contextmanager
def _peak() -> Iterator[Callable[[], float]]:
    """Trace memory in the block; the function it gives returns the peak in MB."""
    tracemalloc.start()
    peak = 0.0

    def read() -> float:
        return peak

    try:
        yield read
        peak = tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def _message_is_short(exc: BaseException, *, ours: bool = True) -> None:
    """A short message; with ``ours`` (Allegra's own wording, not the loader's wording of
    a structure problem) one without Python internals too."""
    text = str(exc)
    assert len(text) < 400, text[:400]
    if ours:
        for internal in ("<class", "object has no attribute", "Traceback", "0x"):
            assert internal not in text, text


# --------------------------------------------------------------------------- bounds


def test_the_defaults_and_the_golden_short_variant_are_in_range() -> None:
    assert Rules() == Rules(players=4, deck=DEFAULT_DECK, rounds=3, max_turns_per_round=1000)
    Rules(players=2, rounds=2, max_turns_per_round=12)  # the golden data's "short" rules
    assert sum(DEFAULT_DECK) <= MAX_CARDS
    assert max(DEFAULT_DECK) <= MAX_COPIES


def test_every_option_accepts_its_whole_range() -> None:
    # AL-2, AL-12, AL-13 at both ends of their ranges.
    for players in (2, 6):
        Rules(players=players, rounds=1, max_turns_per_round=1)
        Rules(players=players, rounds=MAX_ROUNDS, max_turns_per_round=MAX_TURNS_PER_ROUND)
    # AL-1: the fewest cards 6 players need, the most of a value and the most in all.
    Rules(players=6, deck=(MAX_COPIES, 26, *(0,) * 11))
    full = (MAX_COPIES,) * (MAX_CARDS // MAX_COPIES) + (MAX_CARDS % MAX_COPIES,)
    full += (0,) * (13 - len(full))
    assert sum(full) == MAX_CARDS
    Rules(deck=full)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"rounds": 0}, "Rules.rounds must be an int from 1 to 20"),
        ({"rounds": MAX_ROUNDS + 1}, "Rules.rounds"),
        ({"rounds": HUGE}, "Rules.rounds"),
        ({"rounds": True}, "Rules.rounds"),
        ({"max_turns_per_round": 0}, "Rules.max_turns_per_round"),
        ({"max_turns_per_round": MAX_TURNS_PER_ROUND + 1}, r"1 to 1,000 \(AL-13\)"),
        ({"max_turns_per_round": None}, "could go on for ever"),
        ({"max_turns_per_round": 2.0}, "Rules.max_turns_per_round"),
        ({"deck": (MAX_COPIES + 1, *DEFAULT_DECK[1:])}, "counts from 0 to 48"),
        ({"deck": (10**6,) * 13}, "counts from 0 to 48"),
        ({"deck": (1,) * 100_000}, "13 counts"),
        ({"deck": (HUGE,) * 13}, "13 counts"),
        ({"deck": (MAX_COPIES,) * 13}, "624 cards, more than 360"),
        ({"players": HUGE}, "2 to 6"),
    ],
)
def test_options_out_of_range_are_refused_briefly(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message) as caught:
        Rules(**changes)
    _message_is_short(caught.value)


def test_a_small_record_with_a_huge_deck_is_refused_at_once() -> None:
    # Issue 10: 300 bytes with big deck counts used to pass loads; replay then ran for
    # seconds. Now loads refuses the rules (AL-1) before anything is dealt.
    rules = {"players": 2, "deck": [100_000] * 13, "rounds": 3, "max_turns_per_round": 1000}
    for version in (1, 2):
        doc: dict[str, Any] = {
            "format": "cardrules",
            "version": version,
            "game": "allegra",
            "rules_version": 1,
            "type": "record",
            "data": {"rules": rules, "seed": "1", "moves": [], "start": None},
        }
        with (
            _peak() as peak,
            pytest.raises(SerializationError, match=r"\$\.data\.rules") as caught,
        ):
            loads(json.dumps(doc))
        assert peak() < 20  # in MB; a list of 1.3 million cards alone takes 50
        _message_is_short(caught.value)


def test_a_v1_state_with_a_huge_deck_is_refused_at_once() -> None:
    # The v1 -> v2 step undoes the deal's shuffle from the rules' deck: forged counts
    # must not make it shuffle millions of cards before the rules are checked.
    state = al.new_game(Rules(players=2), seed=5)
    data = json.loads(dumps(state))
    data["version"] = 1
    del data["data"]["deck_public"]
    data["data"]["round"] = 2
    data["data"]["phase"] = "turn"
    data["data"]["rules"]["deck"] = [10**7] * 13
    with _peak() as peak, pytest.raises(SerializationError, match=r"Rules\.deck") as caught:
        loads(json.dumps(data))
    assert peak() < 20  # in MB; shuffling 130 million cards would need gigabytes
    _message_is_short(caught.value)


@pytest.mark.parametrize(
    "mangle",
    [
        lambda d: d.pop("phase"),
        lambda d: d.update(rng="9" * 5000),
        lambda d: d.update(rules=[1, 2]),
        lambda d: d["rules"].update(deck="many"),
        lambda d: d.update(round="2"),
    ],
)
def test_the_v1_upgrade_step_never_fails_on_forged_data(mangle: Callable[[Any], Any]) -> None:
    data = json.loads(dumps(al.new_game(Rules(players=2), seed=5)))
    data["version"] = 1
    del data["data"]["deck_public"]
    data["data"].update(round=2, phase="turn")
    mangle(data["data"])
    with pytest.raises(SerializationError) as caught:
        loads(json.dumps(data))
    assert "failed" not in str(caught.value)  # refused by the checks, not a crashed step
    _message_is_short(caught.value, ours=False)


# --------------------------------------------------------------------------- moves on load


def _move_doc(data: Any) -> str:
    return json.dumps(
        {
            "format": "cardrules",
            "version": 2,
            "game": "allegra",
            "rules_version": 1,
            "type": "move",
            "data": data,
        }
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "Reveal", "slot": {"owner": 9, "row": 7, "col": -1}}, "Slot.owner"),
        ({"type": "Take", "slot": {"owner": 0, "row": 3, "col": 0}}, "Slot.row"),
        ({"type": "Swap", "slot": {"owner": 0, "row": 0, "col": 4}}, "Slot.col"),
        ({"type": "Give", "knocker": 99}, "Give.knocker"),
        ({"type": "Give", "knocker": -1}, "Give.knocker"),
        ({"type": "Give", "knocker": HUGE}, "Give.knocker"),
        ({"type": "Discard", "reveal": 5}, r"\$\.data\.reveal"),
        ({"type": "Place", "slot": "p0.r0c0"}, r"\$\.data\.slot"),
        ({"type": "Exchange", "take": {"owner": 0, "row": 0, "col": 0}}, "put"),
    ],
)
def test_loads_refuses_impossible_move_fields(data: Any, message: str) -> None:
    with pytest.raises(SerializationError, match=message) as caught:
        loads(_move_doc(data))
    _message_is_short(caught.value, ours=False)


def test_move_constructors_refuse_what_is_not_a_slot() -> None:
    for make in (al.Reveal, al.Take, al.Swap, al.Place, al.Discard):
        with pytest.raises(WrongTypeError, match="must be a Slot, not int") as caught:
            make(5)  # type: ignore[arg-type]
        _message_is_short(caught.value)
    with pytest.raises(WrongTypeError, match=r"Exchange\.put"):
        al.Exchange(Slot(0, 0, 0), (0, 0, 1))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"Give\.knocker"):
        al.Give(6)
    with pytest.raises(WrongTypeError, match="expected a str"):
        Slot.from_str(None)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- closed types


def _instances() -> list[object]:
    state = al.new_game(Rules(players=3), seed=2)
    seen = al.view(state, 0)
    after = al.apply(state, al.legal_moves(state)[0])
    moves = [
        al.Reveal(Slot(0, 0, 0)),
        al.Draw(),
        al.Take(Slot(0, 0, 0)),
        al.Swap(Slot(0, 0, 0)),
        al.Discard(),
        al.Knock(),
        al.Pass(),
        al.Ignore(),
        al.Give(1),
        al.Place(Slot(1, 0, 0)),
        al.Exchange(Slot(1, 0, 0), Slot(0, 0, 0)),
    ]
    layout = al.Layout(grids=((0,) * 12, (1,) * 12), discard=(5,), deck=(7, 8))
    events = list(al.events(state, al.legal_moves(state)[0], after, 0))
    return [state, seen, Rules(), Slot(0, 0, 0), layout, *moves, *events]


def test_every_allegra_class_is_slotted_and_frozen() -> None:
    for obj in _instances():
        kind = type(obj).__name__
        assert not hasattr(obj, "__dict__"), kind
        assert "__slots__" in vars(type(obj)), kind
        fields = attrs.fields(type(obj))  # type: ignore[arg-type]
        field = fields[0].name if fields else "x"
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(obj, field, 0)
        with pytest.raises((AttributeError, attrs.exceptions.FrozenInstanceError)):
            obj.extra = 1  # type: ignore[attr-defined]
    assert {type(m) for m in _instances()} >= set(al.GAME.move_types)


def test_a_state_keeps_its_hash() -> None:
    state = al.new_game(seed=1)
    before = hash(state)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.round = 2  # type: ignore[misc]
    assert hash(state) == before


_STATE = al.new_game(Rules(players=3), seed=4)
_WRONG: list[object] = [
    None,
    5,
    "state",
    al.view(_STATE, 0),
    Rules(),
    beggar.new_game(beggar.Rules(players=2), seed=1),
]


@pytest.mark.parametrize("wrong", _WRONG, ids=lambda w: type(w).__name__)
@pytest.mark.parametrize(
    "call",
    [
        al.legal_moves,
        lambda s: al.apply(s, al.Draw()),
        al.to_move,
        al.is_over,
        al.outcome,
        al.players,
        lambda s: al.view(s, 0),
        lambda s: al.redeal_hidden(s, 0, seed=1),
        lambda s: al.events(s, al.Draw(), _STATE, 0),
        lambda s: al.events(_STATE, al.Draw(), s, 0),
        al.check_state,
    ],
)
def test_a_function_given_no_state_names_what_it_expected(
    call: Callable[[Any], Any], wrong: object
) -> None:
    with pytest.raises(WrongTypeError, match=r"allegra\.? ?State") as caught:
        call(wrong)
    assert isinstance(caught.value, TypeError)
    _message_is_short(caught.value)


@pytest.mark.parametrize("wrong", [None, _STATE, 3], ids=lambda w: type(w).__name__)
def test_the_other_entry_points_name_what_they_expected(wrong: object) -> None:
    with pytest.raises(WrongTypeError, match=r"allegra\.View") as caught:
        al.check_view(wrong)  # type: ignore[arg-type]
    assert isinstance(caught.value, InvalidStateError)  # as before
    if wrong is not None:  # None: the default rules
        with pytest.raises(WrongTypeError, match=r"allegra\.Rules") as rules_error:
            al.new_game(wrong, seed=1)  # type: ignore[arg-type]
        assert isinstance(rules_error.value, RulesError)  # as before
        with pytest.raises(WrongTypeError, match=r"allegra\.Layout"):
            al.new_game(seed=1, layout=wrong)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"allegra\.Slot"):
        al.areas_of(wrong, 3)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="allegra event"):
        al.render_event(wrong, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize("move", [None, "draw", beggar.Turn(), al.Draw, 3])
def test_apply_given_no_move_still_raises_an_illegal_move(move: object) -> None:
    with pytest.raises(IllegalMoveError, match="not an Allegra move"):
        al.apply(_STATE, move)  # type: ignore[arg-type]


def test_events_refuse_a_move_or_after_state_that_does_not_follow() -> None:
    state = al.new_game(Rules(players=3), seed=4)
    move = al.legal_moves(state)[0]
    after = al.apply(state, move)
    with pytest.raises(IllegalMoveError):
        al.events(state, al.Draw(), after, 0)  # not legal in the setup (AL-4)
    with pytest.raises(InvalidStateError, match="after"):
        al.events(state, move, state, 0)
    with pytest.raises(RulesError, match="seat"):
        al.events(state, move, after, 3)
    assert al.events(state, move, after, 0)


# --------------------------------------------------------------------------- caches


def test_the_caches_are_bounded() -> None:
    from cardrules.allegra import _board, _play

    for k in range(300):
        deck = (k % MAX_COPIES, 40, *DEFAULT_DECK[2:])
        al.new_game(Rules(players=2, deck=deck), seed=k)
        assert len(_board._PACKS) <= _board._PACKS_KEPT
    # Exchange move lists are kept per pair of areas, cleared past 4096 entries.
    assert len(_play._EXCHANGE_LISTS) <= 4097
    assert len(_play._EXCHANGE) <= (6 * 12) ** 2


# --------------------------------------------------------------------------- worst cases

_BIG = Rules(
    players=6,
    deck=(28,) * 12 + (24,),
    rounds=MAX_ROUNDS,
    max_turns_per_round=MAX_TURNS_PER_ROUND,
)
"""The most expensive rules: 6 seats, the most cards, rounds and turns."""


def _long_record(size: int) -> str:
    """A record of about ``size`` bytes of legal moves that never ends a round by AL-9:
    each turn draws, everyone passes (AL-7) and the card goes onto a face-up place."""
    state = al.new_game(_BIG, seed=1)
    moves: list[al.Move] = []
    used = 0
    rng = 5
    while used < size:
        legal = al.legal_moves(state)
        if state.phase == "turn":
            move: al.Move = al.Draw()
        elif state.phase == "knock":
            move = al.Pass()
        elif state.phase == "drawn":
            up = [
                m
                for m in legal
                if isinstance(m, al.Swap)
                and state.face_up[m.slot.owner * 12 + m.slot.row * 4 + m.slot.col]
            ]
            move = up[0] if up else legal[0]
        else:
            k, rng = _below(rng, len(legal))
            move = legal[k]
        moves.append(move)
        used += len(json.dumps(cardrules.to_data(move), separators=(",", ":"))) + 1
        state = al.apply(state, move)
    return dumps(cardrules.Record(game="allegra", rules=_BIG, seed=1, moves=tuple(moves)))


def _traced(call: Callable[[], Any]) -> tuple[Any, float]:
    """``call()`` and its peak traced memory in MB."""
    with _peak() as peak:
        result = call()
    return result, peak()


@pytest.mark.slow  # reads inputs up to a megabyte: CI's slow run
def test_no_input_under_a_megabyte_costs_much() -> None:
    # Issue 10's target is 1 s and 100 MB per entry point for any input under 1 MB. The
    # time is measured by benchmarks/bench_untrusted.py (about 0.2 s for loads and 0.6 s
    # for replay of this record); here the memory, and that the work is bounded by the
    # rules: every game ends within max_moves.
    text = _long_record(1_000_000)
    assert len(text) < 1_050_000
    record, peak = _traced(lambda: loads(text))
    assert peak < 100
    final, peak = _traced(lambda: replay(record))
    assert peak < 100
    al.check_state(final)
    assert final.round >= 5  # the moves reach deep into the 20 rounds of 1000 turns
    _, peak = _traced(lambda: al.new_game(_BIG, seed=3))
    assert peak < 100

    def play_out() -> int:
        state, rng, count = final, 7, 0
        while not al.is_over(state):
            legal = al.legal_moves(state)
            k, rng = _below(rng, len(legal))
            state = al.apply(state, legal[k])
            count += 1
        return count

    count, peak = _traced(play_out)
    assert count > 0
    assert len(record.moves) + count <= al.max_moves(_BIG)
    assert peak < 100


def test_a_cardrules_error_is_all_that_a_mangled_record_raises() -> None:
    # Moves of a record that do not follow are refused at the first (IllegalMoveError).
    data = json.loads(_long_record(3_000))
    data["data"]["moves"].insert(5, {"type": "Give", "knocker": 1})
    with pytest.raises(CardrulesError, match="move 6"):
        replay(loads(json.dumps(data)))
