"""
The stateful fuzzing of :mod:`cardrules.testing`: :class:`GameMachine`, a
``hypothesis.stateful`` machine that plays one game move by move, and the note of the
failing move.

Private: the public names are re-exported by :mod:`cardrules.testing`. Like it, this
module needs ``hypothesis`` (the ``test`` extra). It imports only the kit's lower
modules (``_kit``, ``_options``, ``_policy``), never ``testing``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

import attrs
from hypothesis import HealthCheck, Phase, note, settings
from hypothesis import strategies as st
from hypothesis.control import cleanup, current_build_context, currently_in_test_context
from hypothesis.internal.conjecture.utils import calc_label_from_name
from hypothesis.reporting import report
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

from cardrules._kit import Playthrough
from cardrules._options import (
    _SEEDS,
    START_DRAWS,
    arranged,
    deals,
    known_starts,
    rules_choices,
    smaller_start,
    smaller_steps,
    takes_smaller_steps,
)
from cardrules._policy import _check_game, _rules_named, _told
from cardrules.errors import CardrulesError
from cardrules.game import AnyGame
from cardrules.serialize import Record, dumps

_PICKS = st.integers(min_value=0, max_value=2**16 - 1)
"""Which legal move a step makes (modulo their number): shrinks to the first one."""
_FORCED = st.integers(0, 0)
"""The choice drawn for a move that is the only legal one: it has one value, so
shrinking has nothing to simplify in it (a random ``True`` or ``False`` here made the
shrinker retry a Beggar game once per move), but a shorter game still has fewer."""
_SHORT_GAME = 20
"""How many moves a short game makes at most (see ``_SHORT``)."""
_SHORT = st.sampled_from((True,) + (False,) * 63)
"""Whether an example is a short game, of at most 20 moves (``_SHORT_GAME``): ``True``,
the simplest choice and so the first example hypothesis tries (the first legal moves,
from the simplest deal), and about one random example in sixty; the others play on.
Were the first example a whole game of first legal moves, a property that this one game
breaks late would be shrunk from it at once, and could not shrink: no shorter failing
game is a simplification of it. A short first example either fails early, and stays
short, or passes, and hypothesis goes on to random games."""


@attrs.frozen
class FailingMove:
    """
    The move that broke a property, and the position just before it: what a failing
    :class:`GameMachine` notes, and what a regression test needs.

    ``str()`` gives the note: the move, the position in the game's notation and
    :attr:`code`.
    """

    game: str
    """The game's registry name."""
    index: int
    """How many moves were made before it (0: the first move of the game)."""
    position: str
    """The position just before the move, in the game's notation (``GAME.notation``),
    or the state as JSON (``cardrules.dumps``) when the game has none."""
    move: str
    """The move as the game writes it (``GAME.render_move``, else ``str``)."""
    code: str
    """One line of Python that rebuilds the position and the move as ``state`` and
    ``move``, ready to paste into a regression test (it needs ``import cardrules``)."""

    def __str__(self) -> str:
        return (
            f"failing move {self.index + 1} of {self.game}: {self.move}\n"
            f"position before it: {self.position}\n"
            f"rebuild it: {self.code}"
        )


def failing_move(game: AnyGame, before: Any, move: Any, *, index: int = 0) -> FailingMove:
    """
    The note of ``move`` made at ``before``: see :class:`FailingMove`.

    Args:
        game: the game.
        before: the position just before the move.
        move: the move.
        index: how many moves of the game came before it.

    >>> import cardrules
    >>> game = cardrules.get_game("beggar")
    >>> state = game.new_game(game.Rules(), seed=1)
    >>> note = failing_move(game, state, game.legal_moves(state)[0])
    >>> note.move
    'turn'
    >>> print(note.code)  # doctest: +ELLIPSIS
    state = cardrules.get_game('beggar').notation.parse_state('2 ...'); move = cardrules.loads(...)
    >>> scope = {"cardrules": cardrules}
    >>> exec(note.code, scope)
    >>> scope["state"] == state, scope["move"] == game.legal_moves(state)[0]
    (True, True)
    """
    _check_game(game)
    render = game.render_move or str
    get = f"cardrules.get_game({game.name!r})"
    notation = game.notation
    if notation is not None:
        position = notation.format_state(before)
        rebuild = f"{get}.notation.parse_state({position!r})"
    else:
        position = dumps(before)
        rebuild = f"cardrules.loads({position!r})"
    code = f"state = {rebuild}; move = cardrules.loads({dumps(move)!r})"
    return FailingMove(game.name, index, position, render(move), code)


@attrs.frozen
class KnownStart:
    """
    What :class:`GameMachine` deals, in place of a seed, to start from one of the
    game's known first states: ``GAME.known_starts(rules)[index]`` (modulo their
    number; under rules with none, the seed ``index``). A failing example shows it as
    ``state.deal(rules=..., seed=KnownStart(index=0))``.

    >>> KnownStart(0)
    KnownStart(index=0)
    """

    index: int
    """Which known first state."""


def _seeds(known: bool, arranges: bool) -> st.SearchStrategy[int | KnownStart | None]:
    """
    Seeds; with ``known``, now and then a :class:`KnownStart`, where shrinking goes;
    with ``arranges`` (a game with ``GAME.arranged_deal``), ``None`` in place of a seed:
    the deal step draws the deck's order.
    """
    if not known and not arranges:
        return _SEEDS

    # A lambda: hypothesis shows a named function's result as a call of it.
    return START_DRAWS.map(
        lambda drawn: (
            KnownStart(drawn[1]) if drawn[0] and known else (None if arranges else drawn[2])
        )
    )


class GameMachine(RuleBasedStateMachine):
    """
    A ``hypothesis.stateful`` machine that plays one game of :attr:`game`, one move a
    step: subclass it and add your properties as ``@invariant()`` methods.

    The first step deals (``deal``: the ``Rules``, drawn with their options within
    their bounds unless :attr:`game_rules` gives them, and a seed, or now and then,
    with the default rules, a :class:`KnownStart` from ``GAME.known_starts``; a game
    with ``GAME.arranged_deal`` deals its deck in a drawn order, shown as
    ``seed=None`` and noted as ``dealt: ...`` in the game's notation; now and then a
    seeded deal is made smaller through ``GAME.smaller``, as :func:`games` says, and
    noted as ``made smaller: ...``); every
    later step makes one legal move (``step``), and hypothesis checks the invariants
    after each, so the game stops at the first move that breaks one. When it shrinks a
    failure it deletes moves and simplifies the deal, towards the shortest game that
    fails, and the failing example notes the move that broke the property (see
    :class:`FailingMove`). The deal's ``short=True``, in the first example hypothesis
    tries (the first legal moves from the simplest deal), stops the game after 20
    moves, so that a late failure of that one game does not become the example
    hypothesis shrinks: it could not shrink.

    In an invariant, :attr:`state` is the position now, :attr:`before` the one before
    the last move, :attr:`move` that move (``None`` before the first), :attr:`moves`
    every move so far, :attr:`fired` the rule IDs the last move fired (told to any
    seat) and :attr:`told` its events. Once the game is over, steps change nothing,
    and the invariants, which have seen that position, are not run again after them
    (they are after a rule of your own).

    Run it with ``TestX = MyMachine.TestCase`` (pytest and unittest collect it) or
    ``hypothesis.stateful.run_state_machine_as_test(MyMachine)``. Its settings:
    ``MyMachine.TestCase.settings = settings(MyMachine.TestCase.settings, ...)``.

    >>> import cardrules
    >>> from hypothesis import settings
    >>> from hypothesis.stateful import invariant, run_state_machine_as_test
    >>> class BeggarPiles(GameMachine):
    ...     game = cardrules.get_game("beggar")
    ...     @invariant()
    ...     def cards_are_kept(self):
    ...         if self.state is not None:
    ...             assert sum(map(len, self.state.stacks)) + len(self.state.pile) == 52
    >>> run_state_machine_as_test(BeggarPiles, settings=settings(max_examples=3))
    """

    game: ClassVar[AnyGame]
    """The game: set it in the subclass."""
    game_rules: ClassVar[Sequence[Any] | None] = None
    """The ``Rules`` to draw from; ``None`` (the default): every player count, with
    the other options drawn within their bounds (see :func:`rules_for`)."""
    max_moves: ClassVar[int] = 300
    """At most this many steps, the deal included (hypothesis' ``stateful_step_count``):
    a game still running then is cut. Hypothesis keeps drawing steps after the end of a
    game (they change nothing), so a longer limit makes every example dearer."""

    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None
        self.before: Any = None
        self.move: Any = None
        self.moves: list[Any] = []
        self._told: tuple[Any, ...] | None = ()
        self.game_record: Record | None = None
        self._seen: list[Any] = []
        self._short = False
        self._nested = 0
        self._idle = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not hasattr(cls, "game"):
            return
        _check_game(cls.game)
        if "game" in cls.__dict__ or "game_rules" in cls.__dict__ or "deal" not in dir(cls):
            strategy = rules_choices(cls.game, cls.game_rules, True)
            known = cls.game_rules is None and getattr(cls.game, "known_starts", None) is not None
            arranges = getattr(cls.game, "arranged_deal", None) is not None

            def deal(
                self: GameMachine, rules: Any, seed: int | KnownStart | None, short: bool
            ) -> None:
                self._deal(rules, seed)
                self._short = short

            seeds = _seeds(known, arranges)
            cls.deal = initialize(rules=strategy, seed=seeds, short=_SHORT)(deal)
        cls.TestCase.settings = settings(
            cls.TestCase.settings,
            stateful_step_count=cls.max_moves + 1,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
            phases=[p for p in Phase if p is not Phase.explain],
        )

    @property
    def playthrough(self) -> Playthrough:
        """The game so far as a :class:`Playthrough` (its record and every state)."""
        if self.game_record is None:
            raise CardrulesError("the game is not dealt yet")
        record = attrs.evolve(self.game_record, moves=tuple(self.moves))
        return Playthrough(record=record, states=tuple(self._seen))

    def _deal(self, rules: Any, seed: int | KnownStart | None) -> None:
        cls = type(self)
        game = cls.game
        start = dealt = None
        steps: tuple[int, ...] = ()
        final = False
        if currently_in_test_context():
            context = current_build_context()
            final = context.is_final
            # Drawn also for a known start: see cardrules._options.deals.
            dealt = arranged(game, rules, context.data.draw)
            if takes_smaller_steps(game):
                steps = smaller_steps(context.data.draw)
        if seed is None:  # the deck as drawn (GAME.arranged_deal)
            if dealt is not None and final:
                note(f"dealt: {_text(game, dealt)}")
            start, seed = dealt, 0  # outside a test: seed 0
        if isinstance(seed, KnownStart):
            starts = known_starts(game, rules)
            if starts:
                start = starts[seed.index % len(starts)]
            seed = seed.index  # no known start under these rules: an ordinary seed
        if steps and start is None:
            keep = cls.game_rules is not None
            rules, _, start = smaller_start(game, rules, seed, steps, keep_rules=keep)
            if start is not None and final:
                note(f"made smaller: {_text(game, start)}")
        if start is None:
            self.state = game.new_game(rules, seed=seed)
            self.game_record = Record(game=game.name, rules=rules, seed=seed)
        else:
            self.state = start
            self.game_record = Record(game=game.name, rules=rules, start=start)
        self._seen = [self.state]

    @rule(pick=_PICKS)
    def step(self, pick: int) -> None:
        """Make the legal move number ``pick`` (modulo their number)."""
        game = type(self).game
        if (
            self.state is None
            or game.is_over(self.state)
            or (self._short and len(self.moves) >= _SHORT_GAME)
            or not (moves := game.legal_moves(self.state))
        ):
            # Over: a step that changes nothing, and the invariants, which have seen
            # this position, are not checked again after it.
            self._idle = True
            return
        move = moves[pick % len(moves)]
        if len(moves) > 1:
            self._nest_step()
        before = self.state
        try:
            after = game.apply(before, move)
        except BaseException:
            self._note(before, move, len(self.moves))
            raise
        self.before, self.move, self.state = before, move, after
        self.moves.append(move)
        self._seen.append(after)
        self._told = None

    def _nest_step(self) -> None:
        # Leave this step's span of the stateful runner open, holding every later step
        # (see _Nest): a span of our own, opened last, is what the runner closes in its
        # place. Every _NEST_DEPTH steps the open ones are closed, this one with them.
        if not _NESTING or not currently_in_test_context():
            return
        data = current_build_context().data
        if not (hasattr(data, "start_span") and hasattr(data, "stop_span")):
            return
        if self._nested == _NEST_DEPTH:
            for _ in range(self._nested + 1):
                data.stop_span()
            self._nested = 0
        else:
            self._nested += 1
        data.start_span(_NEST_LABEL)

    @property
    def told(self) -> tuple[Any, ...]:
        """The events of the last move, told to each seat in turn (``()`` before the
        first move, or when the game describes no events)."""
        if self._told is None:
            game = type(self).game
            self._told = tuple(_told(game, self.before, self.move, self.state, applied=True))
        return self._told

    @property
    def fired(self) -> frozenset[str]:
        """The rule IDs the last move fired, told to any seat."""
        return _rules_named(self.told)

    def check_invariants(self, *args: Any, **kwargs: Any) -> None:
        if self._idle:
            self._idle = False
            return
        try:
            super().check_invariants(*args, **kwargs)
        except BaseException:
            if self.move is not None:
                self._note(self.before, self.move, len(self.moves) - 1)
            raise

    def _note(self, before: Any, move: Any, index: int) -> None:
        if currently_in_test_context():
            note(str(failing_move(type(self).game, before, move, index=index)))


@attrs.frozen
class Step:
    """One move of a :class:`GameRun`: the position before it, the move, the one after."""

    before: Any
    """The position just before the move."""
    move: Any
    """The move."""
    after: Any
    """The position it led to."""
    index: int
    """How many moves came before it (0: the first move)."""


_NEST_LABEL = calc_label_from_name("cardrules.testing move and the rest of the game")
_NEST_DEPTH = 48
"""How many moves' spans nest at most before a new chain starts (hypothesis refuses
draws deeper than 100 spans)."""
_NESTING = True
"""Whether moves nest (see :class:`_Nest`); ``benchmarks/bench_shrink.py`` turns it off
to compare, and to draw its yardstick of random games as they were drawn before."""


class _Nest:
    """
    Each move of a :class:`GameRun` that has a choice opens a span of hypothesis'
    choice sequence that holds its choice and every later one (up to
    :data:`_NEST_DEPTH` moves deep), as a recursive strategy would. Hypothesis' shrinker
    replaces a span with one of its descendants with the same label: here that cuts out
    a run of moves in one step, so that the choice that broke the property at move 40
    is tried at move 10, with the moves after it. Without that, a shorter failing game
    needs a block of exactly the right size deleted, which the shrinker finds only by
    growing one that already fails.

    A :class:`GameMachine` nests its steps the same way: a step that has a choice leaves
    the stateful runner's span of that step open, so that it holds every later step
    (``GameMachine._nest_step``). Over hypothesis seeds 1-12 and 22
    (``benchmarks/bench_shrink.py``), that took the machine's planted properties of
    Allegra and Biggenbende from 10 rows of 65 over twice the shortest failing game
    found by random play (the worst 18 times: 54 moves against 3) to 8 (the worst 3.2
    times); Biggenbende's face-down property shrinks a little worse with it (2 rows
    over against none), its "no 4 with two players left" a little better (5 against 6).
    """

    def __init__(self, data: Any) -> None:
        self._data = data
        self._open = 0
        self._works = _NESTING and hasattr(data, "start_span") and hasattr(data, "stop_span")

    def open(self) -> None:
        if not self._works:
            return
        if self._open == _NEST_DEPTH:
            self.close()
        self._data.start_span(_NEST_LABEL)
        self._open += 1

    def close(self) -> None:
        if self._works and not self._data.frozen:
            for _ in range(self._open):
                self._data.stop_span()
        self._open = 0


class GameRun:
    """
    One game that hypothesis plays move by move while the test reads it: what the
    :func:`games` strategy draws.

    Iterating over it makes the moves, one :class:`Step` at a time: each move is drawn
    only when the test asks for it, so a test that fails at a move stops the game
    there, and hypothesis shrinks the failure towards the shortest game that fails.
    When the test fails inside the loop, the failing example notes that move (see
    :class:`FailingMove`); when it fails after the loop, the last position.

    The game is dealt before the test starts: :attr:`state` is the first position
    until the loop runs. A run can be iterated once.
    """

    def __init__(
        self,
        game: AnyGame,
        rules: Any,
        seed: int | None,
        data: Any,
        max_moves: int | None,
        start: Any = None,
    ) -> None:
        self.game = game
        """The game."""
        self.rules = rules
        """Its ``Rules``."""
        self.seed = seed
        """The seed of the deal; ``None`` for a game from a known first state
        (``GAME.known_starts``), an arranged deck (``GAME.arranged_deal``) or a smaller
        first position (``GAME.smaller``)."""
        self.start = start
        """That first state, or ``None`` for a game dealt from :attr:`seed`."""
        self.state: Any = game.new_game(rules, seed=seed) if start is None else start
        """The position now: the first one, then the one after the last step."""
        self.moves: list[Any] = []
        """The moves made so far."""
        self.states: list[Any] = [self.state]
        """Every position so far, the first included."""
        self._data = data
        self._max_moves = max_moves
        self._last: Step | None = None
        self._done = False
        self._started = False
        self._is_final = False
        if currently_in_test_context():
            self._is_final = current_build_context().is_final
            cleanup(self._report)

    def __repr__(self) -> str:
        if self.start is not None:
            start = _text(self.game, self.start)
            return f"GameRun({self.game.name!r}, {self.rules!r}, start={start!r})"
        return f"GameRun({self.game.name!r}, {self.rules!r}, seed={self.seed})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))

    @property
    def record(self) -> Record:
        """The game so far as a :class:`~cardrules.Record` (``cardrules.replay`` it)."""
        moves = tuple(self.moves)
        return Record(self.game.name, self.rules, self.seed, moves=moves, start=self.start)

    @property
    def playthrough(self) -> Playthrough:
        """The game so far as a :class:`Playthrough`."""
        return Playthrough(record=self.record, states=tuple(self.states))

    def __iter__(self) -> Iterator[Step]:
        if self._started:
            raise CardrulesError("a GameRun can be iterated once")
        self._started = True
        data = self._data.conjecture_data
        game, draw = self.game, data.draw
        limit = self._max_moves
        if draw(_SHORT):
            limit = _SHORT_GAME if limit is None else min(limit, _SHORT_GAME)
        nest = _Nest(data)
        try:
            yield from self._play(game, draw, limit, nest)
        finally:
            nest.close()
        self._done = True

    def _play(self, game: AnyGame, draw: Any, limit: int | None, nest: _Nest) -> Iterator[Step]:
        while limit is None or len(self.moves) < limit:
            legal = game.legal_moves(self.state)
            if not legal or game.is_over(self.state):
                break
            # One choice a move, also a forced one, so that hypothesis sees a shorter
            # game as a smaller example (a game without decisions too).
            if len(legal) > 1:
                nest.open()
                move = legal[draw(st.integers(0, len(legal) - 1))]
            else:
                draw(_FORCED)
                move = legal[0]
            before = self.state
            self._last = Step(before, move, before, len(self.moves))  # if apply fails
            after = game.apply(before, move)
            step = Step(before, move, after, len(self.moves))
            self._last = step
            self.state = after
            self.moves.append(move)
            self.states.append(after)
            yield step

    def _report(self) -> None:
        # Run by hypothesis when the test ends; prints only for the failing example.
        if not self._is_final:
            return
        if self._last is not None and not self._done:
            last = self._last
            text = str(failing_move(self.game, last.before, last.move, index=last.index))
        else:
            where = f"last position (after {len(self.moves)} moves)"
            text = f"{where}: {_text(self.game, self.state)}"
        report(text)


def _text(game: AnyGame, state: Any) -> str:
    notation = game.notation
    return notation.format_state(state) if notation is not None else dumps(state)


def games(
    game: AnyGame,
    *,
    rules: Sequence[Any] | None = None,
    max_moves: int | None = None,
) -> st.SearchStrategy[GameRun]:
    """
    A strategy of :class:`GameRun` objects: games of ``game`` that the test plays move
    by move, so that a failing game shrinks to a short one.

    Args:
        game: the game.
        rules: the ``Rules`` to draw from; by default every player count the game
            accepts, with the other options drawn within their bounds (see
            :func:`rules_for`), which shrink towards smaller rules; about one game in
            eight then starts from one of the game's known first states
            (``GAME.known_starts``, :attr:`GameRun.start`) instead of a seed. With
            ``rules`` given, none does. A game with ``GAME.arranged_deal`` (Beggar)
            is dealt through it in place of a seed, from its deck in a drawn order
            (:attr:`GameRun.start`), which shrinks card by card. A seeded deal may be
            followed by up to three steps to a smaller first position, each to one of
            ``GAME.smaller(state)`` (Biggenbende: the draw pile, half of it or a card
            of a hand set aside; Allegra: cards out of the deck); about one
            Biggenbende game in fifteen takes one, and a failing example shrinks
            towards taking them: a game whose length the deal decides (a long draw
            pile to empty) becomes a short one with the same hands. With ``rules``
            given, only steps that keep the rules are taken.
        max_moves: stop the game after this many moves; ``None``: play to the end.
            The first example hypothesis tries (its simplest choices: the first legal
            moves from the simplest deal), and about one random example in sixty, is
            a short game of at most 20 moves: a failure found late in the game of the
            first legal moves would not shrink.

    >>> import cardrules
    >>> from hypothesis import given, settings
    >>> bb = cardrules.get_game("biggenbende")
    >>> @settings(max_examples=5)
    ... @given(games(bb, max_moves=50))
    ... def test_chips_are_kept(run):
    ...     for step in run:
    ...         assert sum(step.after.chips) + step.after.supply == step.after.rules.chips
    >>> test_chips_are_kept()
    """
    _check_game(game)
    return st.builds(
        lambda deal, data: GameRun(game, deal[0], deal[1], data, max_moves, deal[2]),
        deals(game, rules),
        st.data(),
    )


# Their public home is the front module that re-exports them.
for _public in (FailingMove, GameMachine, GameRun, KnownStart, Step, failing_move, games):
    _public.__module__ = "cardrules.testing"
