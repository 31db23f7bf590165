"""
How :mod:`cardrules.testing` picks moves: the uniform and the biased policy, and the
checks of the game, policy and targeting its functions are given.

Private: the public entry points are :func:`cardrules.testing.random_playthrough`,
:func:`~cardrules.testing.playthroughs` and :func:`~cardrules.testing.states`. This
module needs no hypothesis.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules._checks import short
from cardrules._fastobs import lookup_every
from cardrules._kit import Playthrough, Policy
from cardrules._rng import _below
from cardrules.errors import CardrulesError, WrongTypeError
from cardrules.game import AnyGame, Game
from cardrules.serialize import Record


def _check_game(game: object) -> None:
    """A library error (also a ``TypeError``) for what is not a game."""
    if not isinstance(game, Game):
        raise WrongTypeError(
            f"expected a Game, got {short(game)}: it does not satisfy the Game protocol"
        )


def _check_options(game: AnyGame, policy: str, targeting: str | None) -> None:
    _check_game(game)
    if policy not in ("uniform", "biased"):
        raise CardrulesError(f"policy: 'uniform' or 'biased', not {policy!r}")
    if targeting is None:
        return
    if game.events is None:
        raise CardrulesError(f"targeting: the game {game.name!r} describes no events")
    if game.rule_ids and targeting not in game.rule_ids:
        raise CardrulesError(f"targeting: {targeting!r} is not a rule ID of {game.name!r}")


def _play(
    game: AnyGame,
    rules: Any,
    seed: int | None,
    choices: int,
    max_moves: int | None,
    policy: Policy,
    targeting: str | None,
    start: Any = None,
) -> tuple[Playthrough, list[frozenset[str]] | None]:
    """
    The playthrough, and the rules fired by each move when the policy saw them; from
    ``start`` when given (a known first state, ``seed`` then ``None``).
    """
    if policy == "biased":
        return _play_biased(game, rules, seed, choices, max_moves, targeting, start)
    state = game.new_game(rules, seed=seed) if start is None else start
    out = [state]
    moves_made: list[Any] = []
    legal_moves, apply = game.legal_moves, game.apply
    rng = choices
    is_over = game.is_over
    while max_moves is None or len(moves_made) < max_moves:
        moves = legal_moves(state)
        if not moves or is_over(state):
            break
        index, rng = _below(rng, len(moves))
        move = moves[index]
        state = apply(state, move)
        moves_made.append(move)
        out.append(state)
    record = Record(game=game.name, rules=rules, seed=seed, moves=tuple(moves_made), start=start)
    return Playthrough(record=record, states=tuple(out)), None


_LOOK = 8
"""How many legal moves the biased policy tries at one decision (a random few of them)."""
_EPSILON = 0.02
"""The weight a move gets on top of its novelty, so that common moves stay possible."""
_TARGET_BONUS = 4.0
"""The novelty added to a move that fires the targeted rule."""


def _told(
    game: AnyGame, before: Any, move: Any, after: Any, *, applied: bool = False
) -> list[Any]:
    """
    The events of a move, told to every seat in turn. With ``applied`` (the caller
    made ``after`` as ``game.apply(before, move)``), through the game's every-seat
    events where it registered them (``_fastobs.lookup_every``): the same events,
    worked out once for the seats they are the same for.
    """
    events = game.events
    if events is None:
        return []
    if applied and (every := lookup_every(events, game.apply)) is not None:
        return [event for seat in every(before, move, after) for event in seat]
    told: list[Any] = []
    for seat in range(game.players(before)):
        told.extend(events(before, move, after, seat))
    return told


def _rules_named(told: Sequence[Any]) -> frozenset[str]:
    return frozenset(rule for e in told if isinstance(rule := getattr(e, "rule", None), str))


def _rule_cases(game: AnyGame) -> tuple[tuple[str, Any], ...]:
    """The game's named sub-cases of rules (``GAME.rule_cases``), ``()`` without."""
    cases = getattr(game, "rule_cases", ())
    return tuple(cases) if cases else ()


def _cases_named(cases: Sequence[tuple[str, Any]], before: Any, told: Sequence[Any]) -> set[str]:
    """The sub-cases the events ``told`` of a move made at ``before`` are."""
    named = set()
    for event in told:
        rule = getattr(event, "rule", None)
        for name, test in cases:
            if name.partition("/")[0] == rule and name not in named and test(event, before):
                named.add(name)
    return named


def _sample(rng: int, moves: Sequence[Any], k: int) -> tuple[list[int], int]:
    """
    About ``k`` distinct indices of ``moves`` at random (all when there are no more),
    one of each type of move among them, so that a lone ``Draw`` among fifteen ``Take``
    moves is always looked at.
    """
    n = len(moves)
    if n <= k:
        return list(range(n)), rng
    by_type: dict[type, list[int]] = {}
    for i, move in enumerate(moves):
        by_type.setdefault(type(move), []).append(i)
    chosen: list[int] = []
    for group in by_type.values():
        j, rng = _below(rng, len(group))
        chosen.append(group[j])
    taken = set(chosen)
    rest = [i for i in range(n) if i not in taken]
    for i in range(min(k - len(chosen), len(rest))):
        j, rng = _below(rng, len(rest) - i)
        rest[i], rest[i + j] = rest[i + j], rest[i]
        chosen.append(rest[i])
    return chosen, rng


def _play_biased(
    game: AnyGame,
    rules: Any,
    seed: int | None,
    choices: int,
    max_moves: int | None,
    targeting: str | None,
    start: Any = None,
) -> tuple[Playthrough, list[frozenset[str]]]:
    # Generic: the policy knows no game. It tries a few legal moves, asks what every
    # seat would be told, and prefers the moves whose rules, event kinds or combination
    # of rules fired least so far in this game. Burns, skips, knocks, rebuilt decks
    # and the like are exactly such moves.
    state = game.new_game(rules, seed=seed) if start is None else start
    out = [state]
    moves_made: list[Any] = []
    fired: list[frozenset[str]] = []
    seen: dict[object, int] = {}
    rng = choices
    legal_moves, apply = game.legal_moves, game.apply
    while max_moves is None or len(moves_made) < max_moves:
        moves = legal_moves(state)
        if not moves or game.is_over(state):
            break
        # Moves that would fire the same events form one kind; a kind is picked by its
        # novelty, then a move of that kind, so that fifteen ways of doing the common
        # thing do not drown the one rare move.
        kinds: dict[frozenset[object], list[tuple[Any, Any, frozenset[str]]]] = {}
        looked, rng = _sample(rng, moves, _LOOK)
        for i in looked:
            after = apply(state, moves[i])
            told = _told(game, state, moves[i], after, applied=True)
            named = _rules_named(told)
            kind = frozenset({*named, *(type(e) for e in told), named})
            kinds.setdefault(kind, []).append((moves[i], after, named))
        weights = []
        for kind in kinds:
            novelty = sum(1.0 / (1 + seen.get(f, 0)) for f in kind)
            if any(targeting == f for f in kind):
                novelty += _TARGET_BONUS
            weights.append(_EPSILON + novelty * novelty)
        order = list(kinds)
        chosen = 0
        if len(order) > 1:
            draw, rng = _below(rng, 2**53)
            left = draw / 2**53 * sum(weights)
            while chosen < len(order) - 1 and left >= weights[chosen]:
                left -= weights[chosen]
                chosen += 1
        picked = order[chosen]
        same = kinds[picked]
        j, rng = _below(rng, len(same)) if len(same) > 1 else (0, rng)
        move, state, named = same[j]
        for f in picked:
            seen[f] = seen.get(f, 0) + 1
        moves_made.append(move)
        out.append(state)
        fired.append(named)
    record = Record(game=game.name, rules=rules, seed=seed, moves=tuple(moves_made), start=start)
    return Playthrough(record=record, states=tuple(out)), fired


def _fired(game: AnyGame, play: Playthrough) -> list[frozenset[str]]:
    """The rules each move of ``play`` fired, told to any seat."""
    states, moves = play.states, play.record.moves
    return [_rules_named(_told(game, states[i], m, states[i + 1])) for i, m in enumerate(moves)]
