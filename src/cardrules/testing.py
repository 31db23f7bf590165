"""
Conformance checks and hypothesis strategies for any :class:`~cardrules.Game`.

:func:`check_game` runs the properties every game must satisfy, driven by
hypothesis over seeds and random legal play. Our own test suite runs it on every
registered game, and anyone adding a game can run it on theirs. The strategies
:func:`playthroughs` and :func:`states` are for users who fuzz their own code
built on cardrules. This module needs ``hypothesis`` (the ``test`` extra).

>>> import cardrules
>>> from hypothesis import given
>>> @given(states(cardrules.get_game("beggar")))
... def test_views_have_the_seat(state):
...     assert cardrules.get_game("beggar").view(state, 0).seat == 0
>>> test_views_have_the_seat()
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, TypeAlias

import attrs
from hypothesis import HealthCheck, Phase, given, settings, target
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context
from hypothesis.errors import InvalidArgument

from cardrules._conformance import (
    _check_playthrough,
    _note,
    _position_text,
)
from cardrules._kit import Playthrough
from cardrules._kit import Policy as _Policy
from cardrules._machine import (
    FailingMove,
    GameMachine,
    GameRun,
    KnownStart,
    Step,
    failing_move,
    games,
)
from cardrules._options import deals, rules_choices, rules_strategy, valid_smaller
from cardrules._policy import (
    _cases_named,
    _check_game,
    _check_options,
    _fired,
    _play,
    _rule_cases,
    _rules_named,
    _told,
)
from cardrules.errors import (
    CardrulesError,
    RulesError,
)
from cardrules.game import AnyGame
from cardrules.serialize import Record, _start

__all__ = [
    "FailingMove",
    "GameMachine",
    "GameRun",
    "KnownStart",
    "Playthrough",
    "Policy",
    "RuleCoverage",
    "ShrunkPosition",
    "Step",
    "check_game",
    "failing_move",
    "games",
    "playthroughs",
    "random_playthrough",
    "rule_coverage",
    "rules_for",
    "shrink_position",
    "states",
]

Policy: TypeAlias = _Policy
"""
How :func:`playthroughs`, :func:`states` and :func:`random_playthrough` pick moves.

``"uniform"``: every legal move alike. ``"biased"``: at each decision a few legal moves
(up to 8) are tried, and a move is more likely the less often the rules and kinds of
event it fires (told to any seat) fired so far in the game: it knows no game, yet
burns, skips, knocks, triples, rebuilt decks and other rare rules come up early.
"""

_SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


def random_playthrough(
    game: AnyGame,
    rules: Any,
    *,
    seed: int,
    choices: int,
    max_moves: int | None = None,
    policy: Policy = "uniform",
    targeting: str | None = None,
) -> Playthrough:
    """
    Play ``game`` from ``new_game(rules, seed=seed)`` by random legal moves.

    Args:
        game: the game.
        rules: its ``Rules``.
        seed: the deal's seed.
        choices: the seed of the generator that picks the moves.
        max_moves: stop after this many moves (the game may not be over then);
            ``None`` plays to the end.
        policy: ``"uniform"`` picks every legal move alike; ``"biased"`` prefers moves
            whose events name rules that fired least so far in this game (see
            :data:`Policy`).
        targeting: a rule ID that the biased policy prefers above all others; the
            uniform policy ignores it.

    Raises:
        CardrulesError: for an unknown policy, or a ``targeting`` that is not a rule
            ID of the game.

    >>> import cardrules
    >>> game = cardrules.get_game("beggar")
    >>> play = random_playthrough(game, game.Rules(), seed=1, choices=2)
    >>> game.is_over(play.final)
    True
    """
    _check_options(game, policy, targeting)
    return _play(game, rules, seed, choices, max_moves, policy, targeting)[0]


# --------------------------------------------------------------------------- strategies


def _rules_choices(game: AnyGame, rules: Sequence[Any] | None) -> list[Any]:
    """The player counts ``check_game`` plays by default (no other option varied)."""
    if rules is not None:
        if not rules:
            raise RulesError("rules: give at least one Rules object")
        return list(rules)
    found = []
    for players in range(1, 9):
        try:
            found.append(game.Rules(players=players))
        except (RulesError, TypeError):
            continue
    return found or [game.Rules()]


def rules_for(game: AnyGame, *, options: bool = True) -> st.SearchStrategy[Any]:
    """
    A strategy of ``Rules`` of ``game``: what :func:`playthroughs`, :func:`states`,
    :func:`games` and :class:`GameMachine` draw by default.

    Every player count the game accepts (``Rules(players=n)``) and, with ``options``,
    each other option of the attrs ``Rules`` class either at its default or drawn
    between the smallest value the class accepts and the default (an option that
    defaults to ``None``, no limit: ``None`` or a limit up to the largest accepted).
    The bounds are found by asking the class, so it works for any game. Then up to
    three steps to smaller rules may follow, each to one of ``GAME.smaller_rules(rules)``
    (or, for a game without it, rules derived from the class: one player fewer, an
    option half way to its smallest value); most draws take none, and a failing
    example shrinks towards taking them. Hypothesis so shrinks a failure towards
    smaller rules: fewer players, fewer cards, fewer rounds, an earlier cut. A mix the
    class refuses keeps the options it can: a count per kind (a deck too small for the
    players) goes back to its default first, so the other options keep what was drawn
    (the simplest rules then have one round, cut after one turn, where the class
    allows it), then the last options one by one.

    >>> import cardrules
    >>> from hypothesis import given
    >>> bb = cardrules.get_game("biggenbende")
    >>> @given(rules_for(bb))
    ... def test_decks_deal(rules):
    ...     assert 3 <= rules.players <= 6 and rules.rounds <= 5
    >>> test_decks_deal()
    """
    _check_game(game)
    return rules_strategy(game, options=options)


def _target(game: AnyGame, targeting: str | None, fired: list[frozenset[str]]) -> None:
    if targeting is None or not currently_in_test_context():
        return
    hits = sum(targeting in named for named in fired)
    # A second draw in the same test case may not target again: the first one steers.
    with contextlib.suppress(InvalidArgument):
        target(float(hits), label=f"moves firing {targeting}")


def _raw_playthroughs(
    game: AnyGame,
    rules: Sequence[Any] | None,
    max_moves: int | None,
    policy: Policy,
    targeting: str | None,
) -> st.SearchStrategy[tuple[Playthrough, list[frozenset[str]] | None]]:
    return st.builds(
        lambda deal, pick: _play(
            game, deal[0], deal[1], pick, max_moves, policy, targeting, start=deal[2]
        ),
        deals(game, rules),
        _SEEDS,
    )


def playthroughs(
    game: AnyGame,
    *,
    rules: Sequence[Any] | None = None,
    max_moves: int | None = None,
    policy: Policy = "uniform",
    targeting: str | None = None,
) -> st.SearchStrategy[Playthrough]:
    """
    A strategy of :class:`Playthrough` objects: random legal play of ``game``.

    A failing example's notes show its first and last positions in the game's
    notation (``GAME.notation``), or their repr when it has none.

    Args:
        game: the game.
        rules: the ``Rules`` to draw from; by default every player count the game
            accepts, with the other options drawn within their bounds
            (:func:`rules_for`).
        max_moves: cut each game after this many moves; ``None`` plays to the end.
        policy: how moves are picked (see :data:`Policy`): ``"uniform"`` (the
            default) or ``"biased"`` towards moves that fire rare rules.
        targeting: a rule ID (``"BB-14"``): hypothesis' :func:`~hypothesis.target`
            pushes the run towards games that fire it on many moves, and the biased
            policy prefers its moves above all.

    Raises:
        CardrulesError: for an unknown policy, or a ``targeting`` that is not a rule
            ID of the game.

    >>> import cardrules
    >>> from hypothesis import given
    >>> @given(playthroughs(cardrules.get_game("allegra"), max_moves=30))
    ... def test_short_games(play):
    ...     assert len(play.states) == len(play.record.moves) + 1 <= 31
    >>> test_short_games()

    Biased play towards the 4s that skip a player (BB-14):

    >>> from hypothesis import settings
    >>> bb = cardrules.get_game("biggenbende")
    >>> @settings(max_examples=5)
    ... @given(playthroughs(bb, max_moves=100, policy="biased", targeting="BB-14"))
    ... def test_skips(play):
    ...     assert bb.check_state(play.final) is None
    >>> test_skips()
    """
    _check_options(game, policy, targeting)
    if rules is not None:
        rules_choices(game, rules, True)  # refuses an empty list now

    def reported(drawn: tuple[Playthrough, list[frozenset[str]] | None]) -> Playthrough:
        play, fired = drawn
        if targeting is not None:
            _target(game, targeting, fired if fired is not None else _fired(game, play))
        _note("first position", game, play.states[0])
        _note(f"last position (after {len(play.record.moves)} moves)", game, play.final)
        return play

    return _raw_playthroughs(game, rules, max_moves, policy, targeting).map(reported)


def states(
    game: AnyGame,
    *,
    rules: Sequence[Any] | None = None,
    max_moves: int = 300,
    policy: Policy = "uniform",
    targeting: str | None = None,
) -> st.SearchStrategy[Any]:
    """
    A strategy of states of ``game`` reached by random legal play (over or not).

    A failing example's notes show the state in the game's notation
    (``GAME.notation``), or its repr when it has none.

    Args:
        game: the game.
        rules: as for :func:`playthroughs`.
        max_moves: play at most this many moves before picking a state.
        policy: as for :func:`playthroughs`.
        targeting: as for :func:`playthroughs`; and when the rule fired, the state is
            one just before or just after a move that fired it.

    >>> import cardrules
    >>> from hypothesis import given
    >>> game = cardrules.get_game("biggenbende")
    >>> @given(states(game, max_moves=20))
    ... def test_states_check(state):
    ...     game.check_state(state)
    >>> test_states_check()
    """
    _check_options(game, policy, targeting)
    if rules is not None:
        rules_choices(game, rules, True)  # refuses an empty list now
    raw = _raw_playthroughs(game, rules, max_moves, policy, targeting)

    @st.composite
    def _states(draw: st.DrawFn) -> Any:
        play, fired = draw(raw)
        spots: list[int] = []
        if targeting is not None:
            fired = fired if fired is not None else _fired(game, play)
            _target(game, targeting, fired)
            spots = sorted(
                {i + k for i, named in enumerate(fired) if targeting in named for k in (0, 1)}
            )
        if spots:
            index = draw(st.sampled_from(spots))
        else:
            index = draw(st.integers(0, len(play.states) - 1))
        state = play.states[index]
        _note(f"position after {index} moves", game, state)
        return state

    return _states()


# --------------------------------------------------------------------------- rule coverage


def _count_view(counts: Mapping[str, int]) -> str:
    return repr(dict(counts))


def _frozen_counts(counts: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(counts))


@attrs.frozen
class RuleCoverage:
    """
    How often each rule ID of a game fired over some games: see :func:`rule_coverage`.

    A rule fires on a move when an event of the move, told to any seat, names it; a
    move counts once for each rule it fired.

    >>> report = RuleCoverage("g", ("G-1", "G-2"), {"G-1": 3, "G-2": 0}, games=1, moves=3)
    >>> report.never
    ('G-2',)
    >>> print(report.table())
    rule coverage of g: 1 game, 3 moves, 1 of 2 rule IDs reached
    rule  moves
    G-1       3
    G-2       0  never
    """

    game: str
    """The game's registry name."""
    rule_ids: tuple[str, ...]
    """Every rule ID the game declares (``GAME.rule_ids``), in order, each followed by
    its named sub-cases (``GAME.rule_cases``, ``"BB-14/two-left"``)."""
    counts: Mapping[str, int] = attrs.field(converter=_frozen_counts, hash=False, repr=_count_view)
    """The moves that fired each rule: every declared rule ID (0 when never), then
    any other rule an event named, in order of their IDs. Read only."""
    games: int = attrs.field(kw_only=True)
    """How many games were looked at."""
    moves: int = attrs.field(kw_only=True)
    """How many moves they held."""

    @property
    def never(self) -> tuple[str, ...]:
        """The declared rule IDs that no move fired, in order."""
        return tuple(r for r in self.rule_ids if not self.counts.get(r))

    @property
    def reached(self) -> tuple[str, ...]:
        """Every rule that fired at least once, in the order of :attr:`counts`."""
        return tuple(r for r, n in self.counts.items() if n)

    def table(self) -> str:
        """The report as a text table: one line per rule, ``never`` marked."""
        games = f"{self.games} game{'s' if self.games != 1 else ''}"
        moves = f"{self.moves} move{'s' if self.moves != 1 else ''}"
        ids = [r for r in self.rule_ids if "/" not in r]
        cases = [r for r in self.rule_ids if "/" in r]
        reached = set(self.reached)
        head = (
            f"rule coverage of {self.game}: {games}, {moves}, "
            f"{sum(r in reached for r in ids)} of {len(ids)} rule IDs"
        )
        if cases:
            head += f" and {sum(r in reached for r in cases)} of {len(cases)} sub-cases"
        lines = [f"{head} reached"]
        width = max([4, *(len(r) for r in self.counts)])
        digits = max([5, *(len(str(n)) for n in self.counts.values())])
        lines.append(f"{'rule':<{width}}  {'moves':>{digits}}")
        for rule, n in self.counts.items():
            mark = "  never" if n == 0 else ("" if rule in self.rule_ids else "  (not declared)")
            lines.append(f"{rule:<{width}}  {n:>{digits}}{mark}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def _rule_key(rule: str) -> tuple[str, int, str]:
    """Order rule IDs by prefix, then number, then suffix (``AL-6`` < ``AL-6a`` < ``AL-10``)."""
    prefix, _, rest = rule.rpartition("-")
    digits = len(rest) - len(rest.lstrip("0123456789"))
    return (prefix, int(rest[:digits]) if digits else -1, rest[digits:])


def rule_coverage(game: AnyGame, items: Iterable[Playthrough | Record]) -> RuleCoverage:
    """
    Count how often each rule ID of ``game`` fired over some played games.

    Every move of every game is replayed, and each rule named by its events (told to
    any seat, ``GAME.events``) counts once for the move. A rule ID that no event can
    name (the deck, the player count, what players see) is never reached by play:
    :attr:`RuleCoverage.never` lists it with the rules that play did not reach.

    Args:
        game: the game.
        items: :class:`Playthrough` objects or :class:`~cardrules.Record` objects of
            the game, in any mix (records are replayed).

    Raises:
        CardrulesError: when the game describes no events, or a record is of
            another game.
        IllegalMoveError: for a record with a move that breaks a rule.

    >>> import cardrules
    >>> game = cardrules.get_game("beggar")
    >>> plays = [random_playthrough(game, game.Rules(), seed=s, choices=0) for s in range(3)]
    >>> report = rule_coverage(game, plays)
    >>> report.counts["BM-4"] == report.moves
    True
    >>> "BM-1" in report.never
    True
    """
    _check_game(game)
    if game.events is None:
        raise CardrulesError(f"rule coverage: the game {game.name!r} describes no events")
    cases = _rule_cases(game)
    declared = _with_cases(tuple(game.rule_ids), [name for name, _ in cases])
    counts = dict.fromkeys(declared, 0)
    games = moves = 0

    def count(before: Any, move: Any, after: Any) -> None:
        told = _told(game, before, move, after)
        named = _rules_named(told)
        if cases:
            named |= _cases_named(cases, before, told)
        for rule in named:
            counts[rule] = counts.get(rule, 0) + 1

    for item in items:
        games += 1
        if isinstance(item, Playthrough):
            states, made = item.states, item.record.moves
            for i, move in enumerate(made):
                count(states[i], move, states[i + 1])
            moves += len(made)
            continue
        if item.game != game.name:
            raise CardrulesError(f"rule coverage: a record of {item.game!r}, not {game.name!r}")
        state = _start(item, game)
        for move in item.moves:
            after = game.apply(state, move)
            count(state, move, after)
            state = after
        moves += len(item.moves)
    extra = sorted((r for r in counts if r not in declared), key=_rule_key)
    ordered = {r: counts[r] for r in (*declared, *extra)}
    return RuleCoverage(game.name, declared, ordered, games=games, moves=moves)


def _with_cases(rule_ids: tuple[str, ...], cases: Sequence[str]) -> tuple[str, ...]:
    """The rule IDs, each followed by its named sub-cases (those of no ID at the end)."""
    out: list[str] = []
    for rule in rule_ids:
        out.append(rule)
        out.extend(c for c in cases if c.partition("/")[0] == rule)
    out.extend(c for c in cases if c.partition("/")[0] not in rule_ids)
    return tuple(out)


# --------------------------------------------------------------------------- shrinking


@attrs.frozen
class ShrunkPosition:
    """
    The smallest failing position :func:`shrink_position` found.

    >>> print(ShrunkPosition(state=None, text="a position", steps=2, tried=7))
    a position
    """

    state: Any
    """The position."""
    text: str
    """It in the game's notation (``GAME.notation``), or its repr when it has none."""
    steps: int
    """How many times a smaller failing position was found on the way."""
    tried: int
    """How many candidate positions ``fails`` was called on."""

    def __str__(self) -> str:
        return self.text


def shrink_position(
    game: AnyGame, state: Any, fails: Callable[[Any], bool], *, max_steps: int = 1000
) -> ShrunkPosition:
    """
    Shrink a failing position to a smaller one that still fails, greedily.

    Starting from ``state``, it tries the game's smaller positions
    (``GAME.smaller(state)``: fewer cards, shorter piles), keeps the first that passes
    ``check_state`` and still ``fails``, and starts again from it, until no candidate
    fails or ``max_steps`` candidates were tried. A game without ``smaller`` gives
    ``state`` back as it is.

    Args:
        game: the game.
        state: a position for which ``fails(state)`` is true.
        fails: the property, inverted: true when the position still shows the bug.
        max_steps: at most this many candidates are tried (calls of ``fails``).

    Returns:
        The smallest failing position found, with its text in the game's notation.

    Raises:
        CardrulesError: when ``fails(state)`` is false for the given state.

    >>> import cardrules
    >>> game = cardrules.get_game("biggenbende")
    >>> start = game.new_game(game.Rules(), seed=1)
    >>> shrunk = shrink_position(game, start, lambda s: s.round == 1)
    >>> shrunk.state.round
    1
    """
    _check_game(game)
    if not fails(state):
        raise CardrulesError("shrink_position: fails(state) is false for the given state")
    current, steps, tried = state, 0, 0
    improved = game.smaller is not None
    while improved and tried < max_steps:
        improved = False
        for candidate in valid_smaller(game, current):
            if tried >= max_steps:
                break
            tried += 1
            if fails(candidate):
                current, steps, improved = candidate, steps + 1, True
                break
    return ShrunkPosition(
        state=current, text=_position_text(game, current), steps=steps, tried=tried
    )


def check_game(
    game: AnyGame,
    *,
    rules: Sequence[Any] | None = None,
    max_examples: int | None = None,
    max_moves: int = 100_000,
    positions: int = 4,
    shrink: bool = True,
) -> None:
    """
    Run the conformance properties against ``game``; raise on the first failure.

    Each example plays one game to its end by random legal moves (hypothesis draws
    the seed, the move choices and the ``Rules``) and checks:

    - ``legal_moves`` is empty exactly when the game is over (and ``to_move`` is
      ``None`` and ``outcome`` is set), lists no move twice, and ``check_state``
      passes after every move (cards conserved, indices in range);
    - the game ends within ``max_moves`` moves, with a well-formed ``Outcome``;
    - at ``positions`` sampled states: every legal move applies, ``apply`` never
      changes its input, illegal moves raise ``IllegalMoveError`` and change
      nothing, ``loads(dumps(x)) == x`` for the state, its moves and views, views
      hold no RNG, every seat's view passes ``check_view`` (consistent in itself),
      and a seat's view does not change when what it cannot see is redealt
      (``redeal_hidden``; with an empty history ``redeal_seen``, where the game has
      one, gives the same world);
    - for a game with per-seat ``events``: every event names a rule ID of the game and
      renders as text; a seat's events do not change when what it cannot see after
      the move is redealt, and two moves that leave its view the same are told alike;
    - the same seed and moves give equal states, ``replay(record)`` gives the final
      state, and records round-trip through JSON.

    Args:
        game: any object satisfying the :class:`~cardrules.Game` protocol.
        rules: the ``Rules`` to play; by default every player count it accepts.
        max_examples: how many games; by default the current hypothesis profile's.
        max_moves: a game still running after this many moves fails the check.
        positions: how many states of each game get the expensive checks.
        shrink: let hypothesis minimise a failing example (slow with long games);
            ``False`` reports the first failure as found.

    Raises:
        AssertionError: describing the first property that failed.

    >>> import cardrules
    >>> check_game(cardrules.get_game("beggar"), max_examples=3)
    """
    _check_game(game)
    choices = _rules_choices(game, rules)

    def run(r: Any, seed: int, pick: int, spots: list[int]) -> None:
        play = random_playthrough(game, r, seed=seed, choices=pick, max_moves=max_moves)
        last = len(play.states) - 1
        picked = sorted({s * last // 10_000 for s in spots} | {0, last})
        _check_playthrough(game, play, picked)

    options: dict[str, Any] = {
        "deadline": None,
        "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
    }
    if max_examples is not None:
        options["max_examples"] = max_examples
    if not shrink:
        options["phases"] = [Phase.explicit, Phase.reuse, Phase.generate]
    test: Callable[[], None] = settings(**options)(
        given(
            st.sampled_from(choices),
            _SEEDS,
            _SEEDS,
            st.lists(st.integers(0, 10_000), min_size=positions, max_size=positions),
        )(run)
    )
    test()
