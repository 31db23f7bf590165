"""
Forged Allegra saves: the JSON of real states, mutated field by field (every field,
every JSON type, boundary values 0, -1 and huge, swapped fields, removed keys and
entries), is either refused with a :class:`~cardrules.CardrulesError` or loads into a
state from which random play to the end passes ``check_state`` at every step, within
the most moves its rules allow (AL-12, AL-13), and every view, event and redeal on the
way works.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import allegra as al
from cardrules import dumps, loads
from cardrules._rng import _below
from cardrules.allegra import Rules, State
from cardrules.errors import CardrulesError

SHORT3 = Rules(players=3, rounds=2, max_turns_per_round=12)
"""Three seats (knocking, AL-7), two short rounds."""
SMALL = Rules(players=3, deck=(10, 10, 10, 8, *(0,) * 9), rounds=2, max_turns_per_round=40)
"""A small deck of 38 cards of four values: triples come often (AL-8) and the deck is
rebuilt (AL-11)."""
TWO = Rules(players=2, rounds=2, max_turns_per_round=80)
"""Two seats and rounds long enough to end by AL-9."""
SHORT5 = Rules(players=5, rounds=2, max_turns_per_round=12)


def _signature(state: State) -> tuple[Any, ...]:
    return (
        state.phase,
        state.round > 1,
        state.deck_public,
        bool(state.removed),
        state.ender is not None,
    )


def _base_states() -> list[State]:
    """Real states, one of every kind random play reaches: each phase, both rounds,
    with and without a rebuilt deck, removed places and a round ender."""
    found: dict[tuple[Any, ...], State] = {}
    for rules in (SHORT3, SMALL, TWO, SHORT5):
        for seed in range(4):
            state = al.new_game(rules, seed=seed)
            rng = seed + 100
            while True:
                found.setdefault((rules.players, *_signature(state)), state)
                if al.is_over(state):
                    break
                moves = al.legal_moves(state)
                k, rng = _below(rng, len(moves))
                state = al.apply(state, moves[k])
    return [found[key] for key in sorted(found, key=repr)]


BASES = _base_states()
"""Every kind of state random play reached (the random forgeries start from these)."""


def _pick() -> list[State]:
    """One base state of each phase, and the first with a rebuilt deck, removed places,
    a round ender and a second round: the states every mutation is tried on."""

    def phase_is(phase: str) -> Callable[[State], bool]:
        return lambda s: s.phase == phase

    wanted: list[Callable[[State], bool]] = [
        *[phase_is(p) for p in sorted({s.phase for s in BASES})],
        lambda s: s.deck_public,
        lambda s: bool(s.removed),
        lambda s: s.ender is not None and s.phase != "over",
        lambda s: s.round > 1 and s.phase == "knock",
    ]
    chosen: list[State] = []
    for test in wanted:
        state = next(s for s in BASES if test(s))
        if state not in chosen:
            chosen.append(state)
    return chosen


CHOSEN = _pick()

VALUES: tuple[Any, ...] = (
    0,
    -1,
    1,
    2,
    11,
    12,
    2**64,
    2**64 - 1,
    -(2**70),
    10**40,
    True,
    False,
    None,
    "",
    "turn",
    "9" * 30,
    1.5,
    [],
    {},
    [0],
    [None],
    {"owner": 0, "row": 0, "col": 0},
)
"""Every JSON type, boundary ints, strings that look like other fields."""


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into ``data``; of a long list only its first two, a middle and its
    last entries."""
    if prefix:
        yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        n = len(data)
        for i in sorted({0, 1, n // 2, n - 1} & set(range(n))):
            yield from _paths(data[i], (*prefix, i))


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _mutations(data: Any) -> Iterator[tuple[str, Any]]:
    """Mutated copies of ``data``, each named."""
    for n, path in enumerate(_paths(data)):
        parent, last = path[:-1], path[-1]
        old = _at(data, path)
        top = len(path) <= 2  # a field of the state or of its rules: every value
        picks = VALUES if top else [VALUES[(n * 5 + k) % len(VALUES)] for k in range(5)]
        if type(old) is int:
            picks = [*picks, old + 1, old - 1]
        for value in picks:
            doc = copy.deepcopy(data)
            _at(doc, parent)[last] = value
            yield f"{path} = {value!r:.30}", doc
        doc = copy.deepcopy(data)
        del _at(doc, parent)[last]
        yield f"del {path}", doc
        siblings = _at(data, parent)
        if isinstance(siblings, list) and len(siblings) > 1:
            doc = copy.deepcopy(data)
            box = _at(doc, parent)
            other = (last + len(box) // 2 + 1) % len(box)
            box[last], box[other] = box[other], box[last]
            yield f"swap {path} with [{other}]", doc
            doc = copy.deepcopy(data)
            _at(doc, parent).append(copy.deepcopy(old))
            yield f"repeat {path}", doc
        if isinstance(siblings, dict) and len(siblings) > 1:
            keys = list(siblings)
            other_key = keys[(keys.index(last) + 1) % len(keys)]
            doc = copy.deepcopy(data)
            box = _at(doc, parent)
            box[last], box[other_key] = box[other_key], box[last]
            yield f"swap {path} with {other_key}", doc
    for key in ("deck", "discard", "removed"):
        doc = copy.deepcopy(data)
        doc[key] = list(reversed(doc[key]))
        yield f"reverse {key}", doc


def _most_moves(state: State) -> int:
    """The most moves left in a game (AL-12, AL-13): per round ``2n`` setup reveals
    (AL-4) and per turn a draw, ``n - 1`` knock answers, a give, a place and an
    exchange (AL-7)."""
    rules = state.rules
    n = rules.players
    rounds = rules.rounds - state.round + 1
    return rounds * (2 * n + rules.max_turns_per_round * (n + 3))


def play_out(state: State, seed: int, *, full: bool) -> int:
    """Random play to the end, checking every state; return the number of moves.

    ``full`` also checks a view and the events of one seat after every move, and one
    redeal (AL-14)."""
    al.check_state(state)
    n = al.players(state)
    if full:
        al.check_state(al.redeal_hidden(state, seed % n, seed=seed))
    rng = seed
    limit = _most_moves(state)
    count = 0
    while not al.is_over(state):
        moves = al.legal_moves(state)
        assert moves, state.phase
        assert al.to_move(state) is not None
        k, rng = _below(rng, len(moves))
        before, state = state, al.apply(state, moves[k])
        al.check_state(state)
        count += 1
        assert count <= limit, "the game did not end within its most moves"
        if full:
            seat = count % n
            al.check_view(al.view(state, seat))
            for event in al.events(before, moves[k], state, seat):
                assert al.render_event(event, seat)
    assert al.outcome(state) is not None
    assert al.legal_moves(state) == ()
    return count


def _envelope(data: Any, version: int = 2) -> str:
    return json.dumps(
        {
            "format": "cardrules",
            "version": version,
            "game": "allegra",
            "rules_version": 1,
            "type": "state",
            "data": data,
        }
    )


def _try(text: str, name: str, seed: int, *, full: bool) -> bool:
    """Load ``text``; return whether it was accepted (and then played out)."""
    try:
        state = loads(text)
    except CardrulesError as exc:
        message = str(exc)
        assert len(message) < 1000, f"{name}: {message[:200]}"
        assert "Traceback" not in message, name
        return False
    assert isinstance(state, State), name
    play_out(state, seed, full=full)
    return True


def test_the_base_states_cover_every_phase() -> None:
    phases = {s.phase for s in BASES}
    assert phases == {"reveal", "turn", "knock", "give", "place", "exchange", "drawn", "over"}
    assert any(s.deck_public for s in BASES)  # AL-11
    assert any(s.removed for s in BASES)  # AL-8
    assert any(s.ender is not None and s.phase != "over" for s in BASES)  # AL-9


@pytest.mark.parametrize("base", range(len(CHOSEN)))
def test_every_mutation_of_a_real_state_is_refused_or_plays_to_the_end(base: int) -> None:
    state = CHOSEN[base]
    data = json.loads(dumps(state))["data"]
    assert loads(_envelope(data)) == state
    refused = accepted = 0
    for k, (name, doc) in enumerate(_mutations(data)):
        if _try(_envelope(doc), name, k, full=k % 7 == 0):
            accepted += 1
        else:
            refused += 1
    assert refused > accepted > 0


def test_mutated_version_1_states_are_refused_or_play_to_the_end() -> None:
    # The v1 -> v2 upgrade step reads the rules, RNG and deck before any check.
    for state in (CHOSEN[0], CHOSEN[-1]):
        data = json.loads(dumps(state))["data"]
        del data["deck_public"]
        for k, (name, doc) in enumerate(_mutations(data)):
            if "deck_public" not in name:
                _try(_envelope(doc, version=1), name, k, full=False)


def _leaf(draw: st.DrawFn, data: Any) -> tuple[Any, ...]:
    paths = list(_paths(data))
    return draw(st.sampled_from(paths))


@st.composite
def forged(draw: st.DrawFn) -> tuple[str, str]:
    """A real state's JSON with one to three random changes."""
    state = draw(st.sampled_from(BASES))
    data = json.loads(dumps(state))["data"]
    changes = []
    for _ in range(draw(st.integers(1, 3))):
        path = _leaf(draw, data)
        value = draw(
            st.one_of(
                st.sampled_from(VALUES),
                st.integers(-3, 40),
                st.just(copy.deepcopy(_at(data, path))),
            )
        )
        _at(data, path[:-1])[path[-1]] = value
        changes.append(f"{path} = {value!r:.30}")
        if isinstance(value, (list, dict)):
            break  # the paths changed
    return "; ".join(changes), _envelope(data)


@given(forged(), st.integers(0, 2**32))
def test_random_forgeries_are_refused_or_play_to_the_end(case: tuple[str, str], seed: int) -> None:
    name, text = case
    _try(text, name, seed, full=True)
