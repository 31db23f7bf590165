"""
The generic ``Game`` protocol that every game satisfies, ``GameSpec`` to define one,
and ``Outcome``.

Generic code (bots, the command line, the serialiser, :mod:`cardrules.testing`)
uses only this protocol, so a game added later, inside cardrules or in another
package, gets all of it for free. A game is usually defined with
:class:`GameSpec` and registered with :func:`cardrules.register_game` or through
the ``cardrules.games`` entry-point group.

>>> import cardrules
>>> game = cardrules.get_game("beggar")
>>> isinstance(game, cardrules.Game)
True
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Generic, Literal, Protocol, TypeVar, runtime_checkable

import attrs

from cardrules.errors import RulesError

__all__ = [
    "ActionSpace",
    "AnyGame",
    "Command",
    "Event",
    "Game",
    "GameSpec",
    "Kind",
    "Notation",
    "Observation",
    "ObservationSplit",
    "Outcome",
    "Seat",
    "Upgrade",
]

Seat = int
"""A player's index, ``0 .. players - 1``."""

S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")
R = TypeVar("R")

Kind = Literal["state", "view", "move", "record", "rules", "outcome", "event", "value"]
"""What a saved document holds (the ``type`` key of its envelope)."""


@attrs.frozen
class Outcome:
    """
    How a finished game ended.

    >>> Outcome(scores=(3, 5), winners=frozenset({1}), reason="normal")
    Outcome(scores=(3, 5), winners=frozenset({1}), reason='normal', cut_rounds=())
    """

    scores: tuple[int, ...]
    """The final score of every seat: chips in Biggenbende, points in Allegra,
    cards held in Beggar-my-neighbour."""
    winners: frozenset[int]
    """The winning seats; several on a tie, none for an endless Beggar game."""
    reason: str
    """How the game ended: ``"normal"``, ``"turn_limit"`` (a round was cut),
    ``"card_limit"`` (BM-10) or ``"endless"`` (BM-9)."""
    cut_rounds: tuple[int, ...] = ()
    """The rounds (1-based) that a turn limit cut (BB-20, AL-13)."""


@runtime_checkable
class Event(Protocol):
    """
    Something one seat saw happen (a skip, a burn, the card it drew, ...).

    Each game defines its own frozen event classes; every one names the rule that
    produced it and renders as one line of text with ``str(event)``.
    """

    @property
    def rule(self) -> str:
        """The rule ID that produced the event, for example ``"BB-14"``."""


@attrs.frozen
class Upgrade:
    """
    One step of a game's format migration: ``data`` of ``kind`` at ``version`` becomes
    the data of the same kind at ``version + 1``.

    The steps work on plain JSON data (dicts, lists, strings, numbers), never on the
    game's classes, so that old steps keep working when the classes change.

    >>> Upgrade("state", 1, lambda data: {**data, "new_field": []})
    Upgrade(kind='state', version=1, step=<function <lambda> at ...>)
    """

    kind: Kind
    """What the step upgrades: ``"state"``, ``"view"``, ``"move"``, ``"rules"``, ..."""
    version: int
    """The format version the step reads; it writes ``version + 1``."""
    step: Callable[[Any], Any]
    """The upgrade itself, from JSON data to JSON data."""


@attrs.frozen
class Notation(Generic[S, V]):
    """
    A game's text notation for positions, like FEN in chess: ``format_state`` and
    ``parse_state`` (and the same for views) are an exact pair.

    ``parse_*`` checks what it reads as :func:`cardrules.loads` does and raises
    :class:`~cardrules.errors.NotationError` with the column of the first bad character.
    """

    format_state: Callable[[S], str]
    """The whole truth of a state as one line of text."""
    parse_state: Callable[[str], S]
    """The state that text stands for."""
    format_view: Callable[[V], str]
    """A view as one line of text."""
    parse_view: Callable[[str], V]
    """The view that text stands for."""


@attrs.frozen
class ActionSpace(Generic[M]):
    """
    A fixed numbering of every move a game can offer under one ``Rules``: for
    reinforcement learning and search. ``decode(encode(move)) == move`` for every move
    that ``legal_moves`` can return, and every ``encode`` is in ``range(size)``.
    """

    size: int
    """How many actions there are."""
    encode: Callable[[M], int]
    """The action number of a move."""
    decode: Callable[[int], M]
    """The move of an action number."""


@attrs.frozen
class Observation(Generic[V]):
    """
    A fixed-shape numeric encoding of a view, relative to its seat (the seat itself
    first), for learning agents. ``encode`` returns ``prod(shape)`` floats in row-major
    order, plain Python (numpy comes from the ``rl`` extra, in the core).
    """

    shape: tuple[int, ...]
    """The shape of the encoding."""
    encode: Callable[[V], Sequence[float]]
    """The encoding of a view, flat."""
    layout: tuple[tuple[str, int], ...] = ()
    """What the flat entries mean, in order: ``(name, length)`` pairs."""


@attrs.frozen
class ObservationSplit:
    """
    What of a seat's view every seat sees alike (public) and what only that seat sees
    (private), for observers that ask for either part alone (OpenSpiel's
    ``IIGObservationType``). A game without one offers no public-only or private-only
    observation.
    """

    public: Callable[[Any], Any]
    """``public(state)``: the view every seat shares, in one fixed seat's frame."""
    private_size: Callable[[Any], int]
    """``private_size(rules)``: how many numbers ``private`` gives."""
    private: Callable[[Any, int], list[float]]
    """``private(state, seat)``: the seat's private information as numbers."""
    private_text: Callable[[Any, int], str]
    """``private_text(state, seat)``: the same as text."""


@attrs.frozen
class Command:
    """
    A command line subcommand that a game adds (``cardrules NAME ...``).

    ``configure`` adds the arguments to the subcommand's parser; ``run`` carries it out
    and returns the exit status.
    """

    name: str
    """The subcommand, for example ``"beggar"``."""
    help: str
    """One line for ``cardrules --help``."""
    configure: Callable[[argparse.ArgumentParser], None]
    """Adds the subcommand's arguments."""
    run: Callable[[argparse.Namespace], int]
    """Carries it out; returns the exit status."""
    description: str = ""
    """A longer text for ``cardrules NAME --help``."""


@runtime_checkable
class Game(Protocol[S, M, V, R]):
    """
    What every game offers, as one object (``module.GAME``).

    It is generic in the game's state, move, view and rules types, so that
    ``bb.GAME.apply(state, "not a move")`` is a type error and
    ``bb.GAME.new_game(...)`` is a ``bb.State``. The functions are pure: states are
    immutable and ``apply`` returns a new one. Build one with :class:`GameSpec`.

    The members after ``redeal_hidden`` are optional: a game may leave them at their
    :class:`GameSpec` defaults.
    """

    @property
    def name(self) -> str:
        """The registry name, for example ``"allegra"``."""

    @property
    def rules_version(self) -> int:
        """Bumped whenever the same seed and moves could give a different game."""

    @property
    def Rules(self) -> type[R]:  # noqa: N802 - mirrors the module attribute
        """The game's frozen ``Rules`` class; ``Rules()`` gives the defaults."""

    @property
    def State(self) -> type[S]:  # noqa: N802
        """The game's frozen ``State`` class."""

    @property
    def View(self) -> type[V]:  # noqa: N802
        """The game's frozen ``View`` class (what one seat may know)."""

    @property
    def move_types(self) -> tuple[type[Any], ...]:
        """Every move class; ``Move`` is their union."""

    @property
    def new_game(self) -> Callable[..., S]:
        """``new_game(rules=Rules(), *, seed)``: deal a new game."""

    @property
    def legal_moves(self) -> Callable[[S], tuple[M, ...]]:
        """``legal_moves(state)``: every legal move, ``()`` once over."""

    @property
    def apply(self) -> Callable[[S, M], S]:
        """``apply(state, move)``: the next state, or ``IllegalMoveError``."""

    @property
    def to_move(self) -> Callable[[S], int | None]:
        """``to_move(state)``: the seat that decides next, ``None`` once over."""

    @property
    def is_over(self) -> Callable[[S], bool]:
        """``is_over(state)``: whether the game has ended."""

    @property
    def outcome(self) -> Callable[[S], Outcome | None]:
        """``outcome(state)``: the :class:`Outcome` once over, else ``None``."""

    @property
    def view(self) -> Callable[[S, int], V]:
        """``view(state, seat)``: what that seat may know."""

    @property
    def players(self) -> Callable[[S], int]:
        """``players(state)``: how many seats the game has."""

    @property
    def check_state(self) -> Callable[[S], None]:
        """``check_state(state)``: raise ``InvalidStateError`` if the state breaks
        an invariant (cards not conserved, an index out of range, ...)."""

    @property
    def check_view(self) -> Callable[[V], None]:
        """``check_view(view)``: raise ``InvalidStateError`` if the view is
        inconsistent in itself (seat out of range, counts negative or not matching
        the rules, per-seat tuples of the wrong length, values outside the deck,
        ...). ``cardrules.loads`` calls it on every loaded view."""

    @property
    def redeal_hidden(self) -> Callable[..., S]:
        """``redeal_hidden(state, seat, *, seed)``: a state that differs from
        ``state`` only in what ``seat`` cannot see (other hands, face-down cards,
        deck order, RNG), shuffled with ``seed``. Its view for ``seat`` must equal
        the original's; bots may use it to sample what they cannot see."""

    @property
    def format_version(self) -> int:
        """The version of this game's saved format; ``dumps`` writes it."""

    @property
    def upgrades(self) -> tuple[Upgrade, ...]:
        """The steps that read older formats of this game (see :class:`Upgrade`)."""

    @property
    def value_types(self) -> tuple[type[Any], ...]:
        """Other public values of the game that ``dumps``/``loads`` handle."""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """Every rule ID of the game, in order (``"BB-1"``, ...)."""

    @property
    def render_view(self) -> Callable[[V, str], str] | None:
        """``render_view(view, label)``: the view as text; ``label`` names the seat
        (for example ``"you"``). ``None``: the command line lists the fields."""

    @property
    def render_move(self) -> Callable[[M], str] | None:
        """``render_move(move)``: a move as short text; ``None``: ``str(move)``."""

    @property
    def events(self) -> Callable[[S, M, S, int], tuple[Any, ...]] | None:
        """``events(before, move, after, seat)``: what ``seat`` saw happen when
        ``move`` took ``before`` to ``after``, as :class:`Event` values; it shows
        nothing the seat may not know. ``None``: the game describes no events."""

    @property
    def render_event(self) -> Callable[[Any, int], str] | None:
        """``render_event(event, seat)``: one line of text for an event, told to
        ``seat`` (``"you drew a 7"``); ``None``: ``str(event)``."""

    @property
    def event_types(self) -> tuple[type[Any], ...]:
        """Every event class that ``events`` returns."""

    @property
    def heuristic(self) -> Callable[[V, Sequence[M]], Sequence[float]] | None:
        """``heuristic(view, moves)``: a score per move for ``GreedyBot`` (higher
        is better). ``None``: ``GreedyBot`` plays at random."""

    @property
    def commands(self) -> tuple[Command, ...]:
        """Extra command line subcommands of the game."""

    @property
    def notation(self) -> Notation[S, V] | None:
        """The game's position notation (see :class:`Notation`), or ``None``."""

    @property
    def smaller(self) -> Callable[[S], Iterable[S]] | None:
        """``smaller(state)``: explicit positions a little smaller than ``state`` (fewer
        cards, shorter piles), each valid, for shrinking a failing case; or ``None``."""

    @property
    def actions(self) -> Callable[[R], ActionSpace[M]] | None:
        """``actions(rules)``: the game's :class:`ActionSpace` under ``rules``."""

    @property
    def observation(self) -> Callable[[R], Observation[V]] | None:
        """``observation(rules)``: the game's :class:`Observation` under ``rules``."""

    @property
    def returns(self) -> Callable[[S], tuple[tuple[int, ...], ...]] | None:
        """``returns(state)``: the score change of every seat in each round played so
        far (chips or points), one tuple per round."""

    @property
    def utility_bounds(self) -> Callable[[R], tuple[int, int]] | None:
        """``utility_bounds(rules)``: the lowest and highest final score of a seat."""

    @property
    def max_moves(self) -> Callable[[R], int] | None:
        """``max_moves(rules)``: no game under ``rules`` lasts more moves than this."""


AnyGame = Game[Any, Any, Any, Any]
"""A game of any types: what :func:`cardrules.get_game` returns."""


@attrs.frozen(repr=False)
class GameSpec(Generic[S, M, V, R]):
    """
    The public way to define a game: every member of :class:`Game`, as one object.

    The required members come first; the optional ones have defaults. Register the
    result with :func:`cardrules.register_game`, or name it in the
    ``cardrules.games`` entry-point group of your package (value
    ``"package.module:GAME"``). The how-to "Add your own game" walks through one.

    >>> import cardrules
    >>> cardrules.get_game("beggar")
    <Game 'beggar' rules_version=1>
    """

    name: str
    """The registry name, for example ``"allegra"``: lower case letters, digits, ``_``."""
    rules_version: int
    """Bumped whenever the same seed and moves could give a different game."""
    Rules: type[R]
    """The game's frozen ``Rules`` class; ``Rules()`` gives the defaults."""
    State: type[S]
    """The game's frozen ``State`` class."""
    View: type[V]
    """The game's frozen ``View`` class."""
    move_types: tuple[type[Any], ...]
    """Every move class."""
    new_game: Callable[..., S]
    """``new_game(rules=Rules(), *, seed)``."""
    legal_moves: Callable[[S], tuple[M, ...]]
    """``legal_moves(state)``."""
    apply: Callable[[S, M], S]
    """``apply(state, move)``."""
    to_move: Callable[[S], int | None]
    """``to_move(state)``."""
    is_over: Callable[[S], bool]
    """``is_over(state)``."""
    outcome: Callable[[S], Outcome | None]
    """``outcome(state)``."""
    view: Callable[[S, int], V]
    """``view(state, seat)``."""
    players: Callable[[S], int]
    """``players(state)``."""
    check_state: Callable[[S], None]
    """``check_state(state)``."""
    check_view: Callable[[V], None]
    """``check_view(view)``."""
    redeal_hidden: Callable[..., S]
    """``redeal_hidden(state, seat, *, seed)``."""
    format_version: int = attrs.field(default=1, kw_only=True)
    """The version of the game's saved format."""
    upgrades: tuple[Upgrade, ...] = attrs.field(default=(), kw_only=True)
    """Steps that read the game's older formats."""
    value_types: tuple[type[Any], ...] = attrs.field(default=(), kw_only=True)
    """Other public values that ``dumps``/``loads`` handle."""
    rule_ids: tuple[str, ...] = attrs.field(default=(), kw_only=True)
    """Every rule ID of the game."""
    render_view: Callable[[V, str], str] | None = attrs.field(default=None, kw_only=True)
    """The view as text, or ``None``."""
    render_move: Callable[[M], str] | None = attrs.field(default=None, kw_only=True)
    """A move as text, or ``None`` for ``str(move)``."""
    events: Callable[[S, M, S, int], tuple[Any, ...]] | None = attrs.field(
        default=None, kw_only=True
    )
    """What one seat saw happen, or ``None``."""
    render_event: Callable[[Any, int], str] | None = attrs.field(default=None, kw_only=True)
    """An event as text for one seat, or ``None`` for ``str(event)``."""
    render_svg: Callable[..., str] | None = attrs.field(default=None, kw_only=True)
    """``render_svg(state_or_view, *, last_move=None, mover=None)``: the state (the
    whole table) or the view (only what it holds) as a standalone SVG picture, the last
    move (made by seat ``mover``) marked; or ``None`` for the generic picture of
    :func:`cardrules.svg.render_svg`. A :class:`Game` that is not a ``GameSpec`` may
    have it too, and is taken as ``None`` without it."""
    event_types: tuple[type[Any], ...] = attrs.field(default=(), kw_only=True)
    """Every event class ``events`` returns."""
    heuristic: Callable[[V, Sequence[M]], Sequence[float]] | None = attrs.field(
        default=None, kw_only=True
    )
    """Scores moves for ``GreedyBot``, or ``None``."""
    commands: tuple[Command, ...] = attrs.field(default=(), kw_only=True)
    """Extra command line subcommands."""
    notation: Notation[S, V] | None = attrs.field(default=None, kw_only=True)
    """The position notation, or ``None``."""
    smaller: Callable[[S], Iterable[S]] | None = attrs.field(default=None, kw_only=True)
    """Smaller explicit positions, for shrinking, or ``None``."""
    actions: Callable[[R], ActionSpace[M]] | None = attrs.field(default=None, kw_only=True)
    """The action space under some rules, or ``None``."""
    observation: Callable[[R], Observation[V]] | None = attrs.field(default=None, kw_only=True)
    """The observation encoding under some rules, or ``None``."""
    observation_split: ObservationSplit | None = attrs.field(default=None, kw_only=True)
    """The public and private parts of a seat's view, or ``None``."""
    returns: Callable[[S], tuple[tuple[int, ...], ...]] | None = attrs.field(
        default=None, kw_only=True
    )
    """Score changes per round, or ``None``."""
    utility_bounds: Callable[[R], tuple[int, int]] | None = attrs.field(default=None, kw_only=True)
    """The lowest and highest final score, or ``None``."""
    max_moves: Callable[[R], int] | None = attrs.field(default=None, kw_only=True)
    """The longest possible game in moves, or ``None``."""
    redeal_seen: Callable[..., S] | None = attrs.field(default=None, kw_only=True)
    """``redeal_seen(state, seat, seen, *, seed)``: a world as ``redeal_hidden`` gives
    that also keeps what ``seat`` remembers from ``seen``, its history (its own moves
    and the events told to it, in order, as :meth:`cardrules.rl.Trajectory.seen`
    gives it), where the view alone forgets it (Biggenbende: who took which pile).
    Its view for ``seat`` must equal the original's, and with nothing remembered it
    should give ``redeal_hidden``'s world. ``None``: the view holds all a seat can
    remember. :func:`cardrules.bots.play_game` and the OpenSpiel adapter's
    ``resample_from_infostate`` use it when it is there; a :class:`Game` that is not
    a ``GameSpec`` may have it too, and is taken as ``None`` without it."""
    lower_score_wins: bool = attrs.field(default=False, kw_only=True)
    """Whether the lowest score wins (Allegra's points) rather than the highest (chips,
    cards). The RL adapters read it (:func:`cardrules.rl.utility_sign`) so that a
    higher reward is always better; a :class:`Game` that is not a ``GameSpec`` may
    have it too, and is taken as ``False`` without it."""
    rule_cases: tuple[tuple[str, Callable[[Any, S], bool]], ...] = attrs.field(
        default=(), kw_only=True
    )
    """Named sub-cases of rule IDs, as ``("BB-14/two-left", test)`` pairs, the rule ID
    before the ``/``: ``test(event, before)`` tells whether an event naming that rule,
    told of a move made at the state ``before``, is that sub-case. They are derived
    from the event and the state, never saved. :func:`cardrules.testing.rule_coverage`
    reports them; a :class:`Game` that is not a ``GameSpec`` may have them too, and
    has none without them."""

    smaller_rules: Callable[[R], Iterable[R]] | None = attrs.field(default=None, kw_only=True)
    """``smaller_rules(rules)``: rules a little smaller than ``rules`` where the game
    allows (fewer players, cards, rounds, an earlier cut), each valid, the one to try
    first first; what the testing kit's strategies shrink a deal through (as
    :attr:`smaller` names smaller positions). ``None``: the kit derives them from the
    ``Rules`` class (each option a step towards the smallest value it accepts). A
    :class:`Game` that is not a ``GameSpec`` may have it too, and is taken as ``None``
    without it."""
    known_starts: Callable[[R], Sequence[S]] | None = attrs.field(default=None, kw_only=True)
    """``known_starts(rules)``: first states under ``rules`` worth playing that a seed
    hardly ever deals (Beggar: the record games and Casella's endless deal, and with
    three or four players the quickest exit; Biggenbende: a round's end, nearly every
    card already burnt; Allegra: its commonest cards where the simplest games reveal
    them side by side), in the order to try them. The testing kit's default strategies
    start a game from one of them now and then, and a failing example shrinks towards
    them. ``None`` or ``()``: none. A :class:`Game` that is not a ``GameSpec`` may have
    it too, and is taken as ``None`` without it."""
    arranged_deal: Callable[[R, Callable[[Sequence[Any]], Sequence[Any]]], S] | None = attrs.field(
        default=None, kw_only=True
    )
    """``arranged_deal(rules, arrange)``: the first state under ``rules``, dealt as a
    seed deals it but from the deck in the order ``arrange(deck)`` gives (``deck``:
    every card of the deal in a fixed order; the answer: the same cards, rearranged),
    in place of a seed's shuffle. The testing kit's default strategies then deal
    through it, drawing the order, so that a failing deal shrinks in small steps (two
    cards trade places) towards the deck in its fixed order, where a seed's neighbours
    deal unrelated games (Beggar, whose deal is the whole game). ``None``: deals come
    from seeds. A :class:`Game` that is not a ``GameSpec`` may have it too, and is
    taken as ``None`` without it."""

    rules_text: str | None = attrs.field(default=None, kw_only=True)
    """The rules for a person at the table, as plain text (a few short paragraphs or a
    list, with the rule IDs): ``cardrules play`` prints it when asked ``rules``.
    ``None``: the game package's docstring stands in. A :class:`Game` that is not a
    ``GameSpec`` may have it too, and is taken as ``None`` without it."""
    milestones: tuple[type[Any], ...] = attrs.field(default=(), kw_only=True)
    """The event classes (of :attr:`event_types`) that close a stretch of play a person
    may skip through: a trick taken, a round ended. ``cardrules play``'s ``t`` key plays
    the person's forced moves on until one of them is told. A :class:`Game` that is
    not a ``GameSpec`` may have it too, and is taken as ``()`` without it."""

    def __repr__(self) -> str:
        return f"<Game {self.name!r} rules_version={self.rules_version}>"


def _valid_changes(
    rules: R,
    changes: Iterable[dict[str, Any]],
    refused: tuple[type[Exception], ...] = (),
) -> Iterator[R]:
    """
    ``rules`` with each of ``changes`` made in turn, the ones its class accepts: what a
    game's ``smaller_rules`` (and the testing kit's derived one) yields. A change the
    class refuses with :class:`~cardrules.errors.RulesError`, or one of ``refused``,
    is left out.
    """
    caught: tuple[type[Exception], ...] = (RulesError, *refused)
    for change in changes:
        try:
            yield attrs.evolve(rules, **change)  # type: ignore[misc]
        except caught:
            continue
