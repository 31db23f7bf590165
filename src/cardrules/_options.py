"""
How the testing kit draws a game's ``Rules``: every player count the game accepts, and
the other options within their bounds, found by asking the ``Rules`` class itself.

Private: the public entry points are :func:`cardrules.testing.rules_for`, and the
strategies of :mod:`cardrules.testing` that draw rules by default. It knows no game:
for each field of an attrs ``Rules`` class it probes which values the class accepts
(``RulesError`` or ``TypeError`` for the others) and draws between the smallest
accepted value and the default, so that hypothesis shrinks a failing example towards
smaller rules (fewer players, fewer cards, fewer rounds, an earlier cut).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Hashable, Iterator, Sequence
from typing import Any, cast

import attrs
from hypothesis import strategies as st

from cardrules.errors import InvalidStateError, RulesError
from cardrules.game import AnyGame, _valid_changes

_PLAYERS = range(1, 9)
"""The player counts probed."""
_LIMIT_PROBES = tuple(2**k for k in range(21))
"""Values probed for an option whose default is ``None`` (no limit): up to a million."""


def _accepts(rules_class: Any, base: dict[str, Any], name: str, value: Any) -> bool:
    try:
        rules_class(**{**base, name: value})
    except (RulesError, TypeError, ValueError):
        return False
    return True


def _log_ints(low: int, high: int) -> st.SearchStrategy[int]:
    """Ints in ``low .. high``, as likely below 10 as below 1,000: shrinks to ``low``."""
    if high - low <= 16:
        return st.integers(low, high)
    bits = (high - low).bit_length()
    return st.integers(0, bits).flatmap(lambda k: st.integers(low, min(high, low + 2**k)))


@attrs.frozen
class _Option:
    """One option of ``Rules`` and how to draw it."""

    name: str
    default: Any
    draw: st.SearchStrategy[Any]


def _option(rules_class: Any, base: dict[str, Any], field: Any) -> _Option | None:
    name, default = field.name, field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        return None
    if isinstance(default, bool):
        return _Option(name, default, st.booleans())
    if isinstance(default, int) and default > 0:
        low = next((v for v in range(default + 1) if _accepts(rules_class, base, name, v)), None)
        if low is None or low >= default:
            return None
        return _Option(name, default, _log_ints(low, default))
    if default is None:
        accepted = [v for v in _LIMIT_PROBES if _accepts(rules_class, base, name, v)]
        if not accepted:
            return None
        return _Option(name, None, st.none() | _log_ints(accepted[0], accepted[-1]))
    if isinstance(default, tuple) and default and all(type(x) is int for x in default):
        # A count per kind (a deck): each count between 0 and its default.
        return _Option(
            name,
            default,
            st.tuples(*(st.integers(0, x) if x > 0 else st.just(x) for x in default)),
        )
    return None


@functools.cache
def _options(rules_class: type[Any], players: int | None) -> tuple[_Option, ...]:
    if not attrs.has(rules_class):
        return ()
    base = {} if players is None else {"players": players}
    found = []
    for field in attrs.fields(rules_class):
        if field.name == "players" or not field.init:
            continue
        option = _option(rules_class, base, field)
        if option is not None:
            found.append(option)
    return tuple(found)


def _player_counts(game: AnyGame) -> list[int | None]:
    counts: list[int | None] = []
    for players in _PLAYERS:
        try:
            game.Rules(players=players)
        except (RulesError, TypeError):
            continue
        counts.append(players)
    return counts or [None]


def _fixed(choices: Sequence[Any]) -> st.SearchStrategy[Any]:
    if not choices:
        raise RulesError("rules: give at least one Rules object")
    return st.sampled_from(list(choices))


def _toward(low: int, value: int) -> int:
    """A step from ``value`` half way down to ``low``."""
    return low + (value - low) // 2


def default_smaller_rules(game: AnyGame, rules: Any) -> list[Any]:
    """
    Rules a little smaller than ``rules``, derived from the ``Rules`` class as
    :func:`rules_strategy` bounds it: one player fewer, then each option half way to
    the smallest value the class accepts (a count per kind: each count half way to 0;
    no limit: the largest limit accepted). Only the mixes the class accepts.
    """
    rules_class: Any = game.Rules
    if not attrs.has(rules_class):
        return []
    players = getattr(rules, "players", None)
    counts = _player_counts(game)
    changes: list[dict[str, Any]] = []
    if players is not None and players - 1 in counts:
        changes.append({"players": players - 1})
    for option in _options(rules_class, players):
        value = getattr(rules, option.name)
        low = _lowest(rules_class, players, option)
        if isinstance(value, bool) or low is None:
            continue
        if value is None and isinstance(low, tuple):
            changes.append({option.name: low[1]})
        elif isinstance(value, int) and isinstance(low, int) and value > low:
            changes.append({option.name: _toward(low, value)})
        elif isinstance(value, tuple) and any(value):
            changes.append({option.name: tuple(x // 2 for x in value)})
    return list(_valid_changes(rules, changes, (TypeError, ValueError)))


@functools.cache
def _lowest(rules_class: Any, players: int | None, option: _Option) -> Any:
    """The smallest value of an int option; ``(None, largest)`` for a limit."""
    base = {} if players is None else {"players": players}
    if option.default is None:
        accepted = [v for v in _LIMIT_PROBES if _accepts(rules_class, base, option.name, v)]
        return (None, accepted[-1]) if accepted else None
    if isinstance(option.default, int) and not isinstance(option.default, bool):
        values = range(option.default + 1)
        return next((v for v in values if _accepts(rules_class, base, option.name, v)), None)
    return ()


def smaller_rules(game: AnyGame, rules: Any) -> list[Any]:
    """``GAME.smaller_rules(rules)`` when the game has it, else the derived ones."""
    hook = getattr(game, "smaller_rules", None)
    if hook is None:
        return default_smaller_rules(game, rules)
    return [r for r in hook(rules) if r != rules]


_WALK = 3
"""How many steps of ``smaller_rules`` may follow the drawn rules."""
_WALK_RANGE = 32
"""Each step is drawn in ``0 .. _WALK_RANGE - 1``: a candidate of ``smaller_rules`` by
its index (0, where hypothesis shrinks to, the first), or no step for a larger draw,
so that most draws keep the rules they drew."""


def _walk(draw: st.DrawFn, game: AnyGame, rules: Any) -> Any:
    """Up to :data:`_WALK` steps to smaller rules; always :data:`_WALK` draws."""
    for _ in range(_WALK):
        pick = draw(st.integers(0, _WALK_RANGE - 1))
        candidates = smaller_rules(game, rules)
        if pick < len(candidates):
            rules = candidates[pick]
    return rules


def rules_strategy(game: AnyGame, *, options: bool = True) -> st.SearchStrategy[Any]:
    """
    Draw ``Rules`` of ``game``: a player count it accepts and, with ``options``, each
    other option either at its default or between its smallest value and its default.

    Every option is drawn on its own. When the ``Rules`` class refuses the mix, a
    count per kind (a deck too small for the players) goes back to its default first,
    then the other options one by one from the last.
    """
    counts = _player_counts(game)
    rules_class: Any = game.Rules

    def build(players: int | None, values: dict[str, Any]) -> Any:
        # A mix the class refuses keeps the drawn options it can: the last ones go
        # back to their defaults one by one. A count per kind (a deck) is put last, as
        # a deck too small for the players is what a class refuses most: the other
        # options (rounds, a turn limit) then keep what was drawn, so that the
        # shrinker can make the deck smaller without undoing them.
        base = {} if players is None else {"players": players}
        names = sorted(values, key=lambda name: isinstance(values[name], tuple))
        for keep in range(len(names), -1, -1):
            try:
                return rules_class(**base, **{n: values[n] for n in names[:keep]})
            except (RulesError, TypeError, ValueError):
                continue
        return rules_class(**base)

    if not options:
        return st.sampled_from(counts).map(lambda n: build(n, {}))

    @st.composite
    def draw(draw: st.DrawFn) -> Any:
        players = draw(st.sampled_from(counts))
        values: dict[str, Any] = {}
        for option in _options(rules_class, players):
            # The value is drawn even when the default is kept, so that shrinking the
            # choice below to False (what hypothesis shrinks to: vary the option, for
            # smaller rules) reads the value at once, already shrunk to the smallest,
            # and every later choice stays where it was.
            value = draw(option.draw)
            if not draw(st.booleans()):
                values[option.name] = value
        return _walk(draw, game, build(players, values))

    return draw()


def rules_choices(
    game: AnyGame, rules: Sequence[Any] | None, options: bool
) -> st.SearchStrategy[Any]:
    """The kit's default rules (:func:`rules_strategy`), or a pick of the given ones."""
    if rules is not None:
        return _fixed(rules)
    return rules_strategy(game, options=options)


_SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
_KNOWN_ONE_IN = 8
"""About one default deal in this many starts from one of ``GAME.known_starts``."""
_START_INDEX = st.integers(0, 3)
"""Which of the known starts (modulo their number): shrinks to the first."""
START_DRAWS = st.tuples(
    st.integers(0, _KNOWN_ONE_IN - 1).map(lambda drawn: drawn == 0), _START_INDEX, _SEEDS
)
"""``(known, index, seed)``: whether a default deal starts from a known start (the draw
0, where shrinking goes), which one, and the seed otherwise. All three are drawn every
time, so that the shrinker's step to a known start keeps every later choice where it
was: the same moves are tried from the known start."""


def _starts(game: Any, rules: Any) -> tuple[Any, ...]:
    hook = getattr(game, "known_starts", None)
    return tuple(hook(rules)) if hook is not None else ()


_known = functools.lru_cache(maxsize=256)(_starts)


def known_starts(game: AnyGame, rules: Any) -> tuple[Any, ...]:
    """``GAME.known_starts(rules)``, ``()`` for a game without it."""
    try:
        return _known(cast(Hashable, game), rules)
    except TypeError:  # an unhashable game or rules: no cache
        return _starts(game, rules)


def arranged(game: AnyGame, rules: Any, draw: Any) -> Any:
    """
    ``GAME.arranged_deal(rules, arrange)`` with the deck's order drawn by ``draw`` (a
    hypothesis draw function), or ``None`` for a game without it. The order is a
    permutation drawn as hypothesis draws one: each card in turn trades places with a
    later one or stays, and shrinking makes it stay, towards the deck in its order.
    """
    hook = getattr(game, "arranged_deal", None)
    if hook is None:
        return None
    return hook(rules, lambda deck: draw(st.permutations(tuple(deck))))


SMALLER_STEPS = 3
"""How many steps to a smaller first position (``GAME.smaller``) may follow the deal."""
_SMALLER_PICKS = st.sampled_from(range(256))
"""Each step: the candidate of ``GAME.smaller(state)`` with this index (0, where
hypothesis shrinks to, the first), or no step when there is no such candidate. Drawn
as a sample rather than an integer: hypothesis draws a bounded integer at or near its
smallest value about one time in three, which would start most games smaller; as a
sample, about one game in fifteen takes a step where a fresh deal has six to nine
smaller positions, one in thirty where it has three or four."""
_SMALLER_CANDIDATES = 16
"""Only the first candidates count: a larger draw takes no step without working them
out (``GAME.smaller`` checks each)."""


def takes_smaller_steps(game: AnyGame) -> bool:
    """
    Whether the strategies draw :func:`smaller_start`'s steps for ``game``: it has
    ``GAME.smaller`` and no ``GAME.arranged_deal`` (an arranged deck shrinks card by
    card; its games draw exactly what they drew before the steps came).
    """
    return (
        getattr(game, "smaller", None) is not None and getattr(game, "arranged_deal", None) is None
    )


def smaller_steps(draw: Any) -> tuple[int, ...]:
    """The :data:`SMALLER_STEPS` draws of :func:`smaller_start`, always all of them."""
    return tuple(draw(_SMALLER_PICKS) for _ in range(SMALLER_STEPS))


def valid_smaller(game: AnyGame, state: Any) -> Iterator[Any]:
    """
    ``GAME.smaller(state)`` (nothing for a game without it), keeping only the
    positions that differ from ``state`` and pass ``check_state``: the candidates
    :func:`smaller_start` steps to and :func:`cardrules.testing.shrink_position` tries.
    """
    smaller = getattr(game, "smaller", None)
    if smaller is None:
        return
    for candidate in smaller(state):
        if candidate == state:
            continue
        try:
            game.check_state(candidate)
        except InvalidStateError:
            continue
        yield candidate


def smaller_start(
    game: AnyGame, rules: Any, seed: int, steps: Sequence[int], *, keep_rules: bool
) -> tuple[Any, int | None, Any]:
    """
    ``(rules, seed, start)`` after up to :data:`SMALLER_STEPS` steps from the deal of
    ``seed`` to one of its smaller positions (:func:`valid_smaller`): the candidate
    whose index each step drew (0, where hypothesis shrinks to, the first), when there
    is one. Hypothesis so shrinks a failing game towards a smaller first position,
    where what decides its length (say, a long pile to draw from) is gone while the
    rest stays as it was, so that the same moves still make much the same game.

    Without a step the deal is given back as it was (``start`` ``None``, the seed
    kept); after one, ``start`` is the smaller position, ``seed`` ``None`` and
    ``rules`` its rules (its ``rules`` attribute, where it has one). With
    ``keep_rules`` (the user gave the rules) only candidates under the same rules are
    taken.
    """
    picks = [step for step in steps if step < _SMALLER_CANDIDATES]
    if not picks:
        return rules, seed, None
    state = dealt = game.new_game(rules, seed=seed)
    for pick in picks:
        candidate = next(itertools.islice(valid_smaller(game, state), pick, None), None)
        if candidate is None or (keep_rules and getattr(candidate, "rules", rules) != rules):
            continue
        state = candidate
    if state is dealt:
        return rules, seed, None
    return getattr(state, "rules", rules), None, state


def deals(game: AnyGame, rules: Sequence[Any] | None) -> st.SearchStrategy[Any]:
    """
    ``(rules, seed, start)``: the kit's rules (:func:`rules_choices`) and a seed, or,
    with the default rules, now and then one of the game's known first states
    (``GAME.known_starts``) with ``seed`` ``None``; a failing example shrinks towards
    them (the draw 0 picks one). A game with ``GAME.arranged_deal`` is dealt through it
    in place of a seed (``start`` the state, ``seed`` ``None``). Then, now and then,
    steps to a smaller first position (:func:`smaller_start`), where shrinking goes.
    """
    choices = rules_choices(game, rules, True)
    knows = rules is None and getattr(game, "known_starts", None) is not None
    arranges = getattr(game, "arranged_deal", None) is not None
    steps_for = takes_smaller_steps(game)
    given = rules is not None
    if not knows and not arranges and not steps_for:
        return st.tuples(choices, _SEEDS, st.none())

    @st.composite
    def draw(draw: st.DrawFn) -> Any:
        drawn = draw(choices)
        # A game with neither known starts nor an arranged deck draws a bare seed.
        known, index, seed = draw(START_DRAWS) if knows or arranges else (False, 0, draw(_SEEDS))
        # Drawn also when a known start is taken, so that the step to one shortens
        # nothing but the game: otherwise it would always look simpler to hypothesis,
        # and a failing example would shrink to a known start that fails late. The
        # steps to a smaller position too (for a game that takes them).
        dealt = arranged(game, drawn, draw)
        steps = smaller_steps(draw) if steps_for else ()
        starts = known_starts(game, drawn) if knows else ()
        if starts and known:
            return drawn, None, starts[index % len(starts)]
        if dealt is not None:
            return drawn, None, dealt
        return smaller_start(game, drawn, seed, steps, keep_rules=given)

    return draw()
