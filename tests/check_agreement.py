"""
The fast path of a game's ``check_state`` against its detailed checks (issue 14).

``check_state`` runs ``_state_ok`` first and the detailed checks
(``_check_state_detailed``) only when it does not answer ``True``. That is only the
old ``check_state`` if ``_state_ok`` never passes what the detailed checks refuse;
:func:`assert_agree` checks it of one state, on states played at random and on forged
copies of them that :func:`mutants` makes: every field and every entry of a tuple
field set to an odd value (every Python type a forged value may have, ``True`` for a
``1``, neighbours, bounds), a field or an entry taken from another state of the game,
two entries swapped, lists for tuples, an odd value appended to a tuple, rules forged
past their validators, and the game's own near-valid changes (a card moved, counts
kept).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import attrs

ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    3,
    11,
    12,
    13,
    64,
    255,
    256,
    2**64,
    -(2**64),
    1.0,
    "x",
    (),
    (0,),
    (None,),
    [],
)
"""What a field or an entry is set to: every kind a forged value may be."""

Outcome = tuple[type[BaseException], str] | None
"""What a check did: ``None`` if it passed, else the class and the message it raised."""


def outcome(check: Callable[[Any], object], state: Any) -> Outcome:
    """Run ``check`` on ``state``: ``None`` if it passed, else what it raised."""
    try:
        check(state)
    except Exception as exc:  # any error is compared, whatever its kind
        return type(exc), str(exc)
    return None


def assert_agree(checks: ModuleType, state: Any) -> bool:
    """
    The fast path answers ``True`` or ``False`` (it raises nothing, whatever the
    forgery: ``check_state`` would fall back on the detailed checks, but the fast path
    is meant to look at every type before it uses a value), passes ``state`` only if
    the detailed checks do, and ``check_state`` does exactly what they do (passes, or
    raises the same class with the same message). Returns whether the detailed checks
    passed it.
    """
    detailed = outcome(checks._check_state_detailed, state)
    fast = checks._state_ok(state)
    assert type(fast) is bool
    if fast:
        assert detailed is None, f"the fast path passed a state the checks refuse: {detailed}"
    assert outcome(checks.check_state, state) == detailed
    typed = getattr(checks, "_typed_state_ok", None)
    if typed is not None:
        # The same state as a quick reader makes it (every field exactly typed), where
        # it can be written: the typed fast path answers as the fast path does.
        again = read_back(state)
        if again is not None:
            assert typed(again) is checks._state_ok(again)
    return detailed is None


def read_back(state: Any) -> Any:
    """``state`` written by ``dumps`` and read by the quick reader alone (no check), or
    ``None`` where either declines."""
    from cardrules import serialize
    from cardrules._fastdata import GIVE_UP

    try:
        setup, _ = serialize._classify(state, None)
        data = json.loads(serialize.dumps(state))["data"]
    except Exception:  # a forgery that cannot be written
        return None
    read = setup.quick.reader(type(state))
    again = None if read is None else read(data)
    return None if again is GIVE_UP else again


def _leaves(value: Any, path: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
    """The path of ``value`` itself and of every entry of its (nested) tuples."""
    yield path
    if type(value) is tuple:
        for i, item in enumerate(value):
            yield from _leaves(item, (*path, i))


def _get(value: Any, path: tuple[int, ...]) -> Any:
    for i in path:
        value = value[i]
    return value


def _put(value: Any, path: tuple[int, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    return (*value[:head], _put(value[head], rest, new), *value[head + 1 :])


def _evolve(state: Any, name: str, value: Any) -> Any:
    return attrs.evolve(state, **{name: value})


def _swapped(value: Any, rng: random.Random) -> Any:
    """``value`` with two entries of one of its tuples swapped (itself if it has none)."""
    tuples = [
        p for p in _leaves(value) if type(_get(value, p)) is tuple and len(_get(value, p)) > 1
    ]
    if not tuples:
        return value
    path = rng.choice(tuples)
    items = list(_get(value, path))
    i, j = rng.sample(range(len(items)), 2)
    items[i], items[j] = items[j], items[i]
    return _put(value, path, tuple(items))


def forged_rules(rules: Any, rng: random.Random) -> Any:
    """A copy of ``rules`` with one field forged past its validator: an odd value, a
    neighbour, or a ``bool`` for an equal int."""
    forged = copy.copy(rules)
    name = rng.choice([field.name for field in attrs.fields(type(rules))])
    old = getattr(rules, name)
    new: Any
    if type(old) is int and rng.random() < 0.5:
        new = rng.choice((old - 1, old + 1, bool(old) if old in (0, 1) else old + 100))
    elif type(old) is tuple and old and rng.random() < 0.5:
        k = rng.randrange(len(old))
        new = (*old[:k], rng.choice((old[k] + 1, True, -1)), *old[k + 1 :])
    else:
        new = rng.choice(ODD_VALUES)
    object.__setattr__(forged, name, new)
    return forged


def mutants(
    state: Any,
    others: list[Any],
    rng: random.Random,
    count: int,
    near_valid: Callable[[Any, random.Random], Any] | None = None,
) -> Iterator[Any]:
    """
    ``count`` forged copies of ``state``, each with one change (see the module
    docstring); ``others`` are states of the same game to take fields from, and
    ``near_valid`` the game's own change that keeps the cards counted.
    """
    names = [field.name for field in attrs.fields(type(state))]
    kinds = ["odd", "odd", "neighbour", "splice", "swap", "list", "append", "rules"]
    if near_valid is not None:
        kinds += ["near", "near", "near"]
    for _ in range(count):
        kind = rng.choice(kinds)
        if kind == "near" and near_valid is not None:
            yield near_valid(state, rng)
            continue
        if kind == "rules":
            yield _evolve(state, "rules", forged_rules(state.rules, rng))
            continue
        name = rng.choice(names)
        value = getattr(state, name)
        path = rng.choice(list(_leaves(value)))
        old = _get(value, path)
        if kind == "odd":
            new = rng.choice(ODD_VALUES)
        elif kind == "neighbour" and type(old) is int:
            new = old + rng.choice((-2, -1, 1, 2, 13, -13))
        elif kind == "splice" and others:
            other = getattr(rng.choice(others), name)
            paths = [p for p in _leaves(other) if len(p) == len(path)]
            new = _get(other, rng.choice(paths)) if paths else other
        elif kind == "swap":
            yield _evolve(state, name, _swapped(value, rng))
            continue
        elif kind == "list" and type(old) is tuple:
            new = list(old)
        elif kind == "append" and type(old) is tuple:
            new = (*old, rng.choice(ODD_VALUES))
        else:
            new = rng.choice(ODD_VALUES)
        yield _evolve(state, name, _put(value, path, new))


def _some_leaves(value: Any, path: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
    """Like ``_leaves``, but into the first two and the last entry of each tuple only."""
    yield path
    if type(value) is tuple:
        for i in sorted({0, 1, len(value) - 1} & set(range(len(value)))):
            yield from _some_leaves(value[i], (*path, i))


def small_changes(state: Any) -> Iterator[Any]:
    """
    Every copy of ``state`` with one small change: each int field, and each int in the
    first two and the last entries of its tuples (nested), one more, one less, negated
    and 0, a ``bool`` for a ``0`` or ``1``; each flag turned; each ``None`` a ``0``.
    """
    for field in attrs.fields(type(state)):
        value = getattr(state, field.name)
        for path in _some_leaves(value):
            old = _get(value, path)
            if type(old) is int:
                news: tuple[Any, ...] = (old - 1, old + 1, -old, 0)
                if old in (0, 1):
                    news += (bool(old),)
            elif type(old) is bool:
                news = (not old,)
            elif old is None:
                news = (0,)
            else:
                continue
            for new in news:
                yield _evolve(state, field.name, _put(value, path, new))


def played_states(
    game: Any, rules: list[Any], games: int, seed: int = 0, every: int = 1
) -> list[Any]:
    """Every ``every``-th state (first and last always) of ``games`` random games under
    each of ``rules``: states of every phase, round starts and ends, finished games."""
    out: list[Any] = []
    for r in rules:
        for g in range(games):
            choose = random.Random(seed * 1000 + g).choice
            state = game.new_game(r, seed=seed + g)
            states = [state]
            while legal := game.legal_moves(state):
                state = game.apply(state, choose(legal))
                states.append(state)
            out.extend(states[i] for i in range(len(states)) if i % every == 0)
            if (len(states) - 1) % every:
                out.append(states[-1])
    return out
