"""
Numbers for learning agents: observations, action masks, information states,
returns and bounds, for every game that has the hooks.

It builds on the game's own hooks (:attr:`Game.actions <cardrules.Game.actions>`,
:attr:`~cardrules.Game.observation`, :attr:`~cardrules.Game.returns`,
:attr:`~cardrules.Game.utility_bounds`, :attr:`~cardrules.Game.max_moves`) and
turns them into numpy arrays. numpy comes from the ``rl`` extra
(``pip install 'cardrules[rl]'``); the rest of cardrules does not need it.

A perfect-recall information state of a seat is its current view plus everything it
saw happen so far: its own moves and the per-seat events of
:attr:`Game.events <cardrules.Game.events>`. A :class:`Trajectory` follows a game
and keeps that history for every seat.

>>> import cardrules
>>> from cardrules import rl
>>> game = cardrules.get_game("beggar")
>>> if game.actions is not None:
...     state = game.new_game(game.Rules(players=2), seed=1)
...     print(rl.action_mask(game, state).dtype)
... else:
...     print("bool")
bool
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardrules import _fastobs
from cardrules.errors import CardrulesError
from cardrules.game import ActionSpace, AnyGame, Observation

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    import cardrules.serialize

__all__ = [
    "InformationState",
    "Trajectory",
    "action_mask",
    "action_space",
    "information_state",
    "max_moves",
    "observation",
    "observation_spec",
    "record_returns",
    "returns_by_round",
    "round_returns",
    "total_returns",
    "utility_bounds",
]


def _numpy() -> Any:
    try:
        import numpy
    except ImportError as error:  # pragma: no cover - the rl extra is installed in CI
        raise ImportError(
            "cardrules.rl needs numpy: install the extra with pip install 'cardrules[rl]'"
        ) from error
    return numpy


# Caches keyed by the game object itself (not its id, which a later object may reuse)
# and its rules; each holds at most _CACHE_SIZE entries, the oldest dropped first.
_CACHE_SIZE = 64
_SPACES: dict[tuple[AnyGame, Any], ActionSpace[Any]] = {}
_OBSERVATIONS: dict[tuple[AnyGame, Any], Observation[Any]] = {}


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> Any:
    if len(cache) >= _CACHE_SIZE:
        del cache[next(iter(cache))]
    cache[key] = value
    return value


def _hook(game: AnyGame, name: str) -> Any:
    hook = getattr(game, name, None)
    if hook is None:
        raise CardrulesError(f"the game {game.name!r} has no {name!r} hook")
    return hook


def action_space(game: AnyGame, rules: Any) -> ActionSpace[Any]:
    """
    The game's :class:`~cardrules.ActionSpace` under ``rules`` (built once, then cached).

    Raises:
        ~cardrules.errors.CardrulesError: if the game has no ``actions`` hook.

    >>> import cardrules
    >>> from cardrules import rl
    >>> game = cardrules.get_game("beggar")
    >>> game.actions is None or rl.action_space(game, game.Rules()).size >= 1
    True
    """
    key = (game, rules)
    space = _SPACES.get(key)
    if space is None:
        space = _remember(_SPACES, key, _hook(game, "actions")(rules))
    return space


_CODES: dict[ActionSpace[Any], Callable[[Any], int]] = {}


def _encoder(space: ActionSpace[Any]) -> Callable[[Any], int]:
    # ``space.encode`` with a memo: the adapters encode every legal move at every step,
    # and a game offers the same moves again and again. The games hand out the same
    # move objects, so the memo looks a move up by identity first (it keeps the move,
    # so its id cannot be reused), then by equality (hashing a move costs more).
    memo = _CODES.get(space)
    if memo is None:
        codes: dict[Any, int] = {}
        known: dict[int, tuple[Any, int]] = {}
        encode = space.encode

        def memo(move: Any) -> int:
            entry = known.get(id(move))
            if entry is not None and entry[0] is move:
                return entry[1]
            code = codes.get(move)
            if code is None:
                code = codes[move] = encode(move)
            if len(known) >= _KNOWN_MOVES:
                known.clear()
            known[id(move)] = (move, code)
            return code

        _remember(_CODES, space, memo)
    return memo


_KNOWN_MOVES = 1 << 16
_UNTOLD = 4096  # moves a Trajectory keeps before it works out every seat's events
_LEGAL_TUPLES = 4096


class _Legal:
    """
    The legal moves of a state as actions: the moves, their numbers (in the same order),
    the move of each number, and an int8 mask (shared: copy it before handing it out).
    Made by :func:`_legal_actions`.
    """

    __slots__ = ("by_code", "codes", "mask", "moves")

    def __init__(self, moves: Any, codes: tuple[int, ...], mask: Any) -> None:
        self.moves = moves
        self.codes = codes
        self.by_code = dict(zip(codes, moves, strict=True))
        self.mask = mask


_LEGALS: dict[ActionSpace[Any], Callable[[Any], _Legal]] = {}


def _legal_actions(space: ActionSpace[Any]) -> Callable[[Any], _Legal]:
    # ``legal(moves)``: the _Legal of a tuple of legal moves. The games hand out the same
    # tuples again (cached choices, exchanges, ...) and the same move objects, so a
    # tuple is remembered by its identity, and else by the identities of its moves.
    # Every entry keeps its tuple and so its moves alive: no id in a key can be reused
    # while the entry exists. The masks are shared by their action numbers. Every
    # cache is bounded.
    maker = _LEGALS.get(space)
    if maker is None:
        numpy = _numpy()
        encode = _encoder(space)
        size = space.size
        seen: dict[int, _Legal] = {}
        by_ids: dict[tuple[int, ...], _Legal] = {}
        masks: dict[tuple[int, ...], Any] = {}

        def maker(moves: Any) -> _Legal:
            legal = seen.get(id(moves))
            if legal is not None and legal.moves is moves:
                return legal
            ids = tuple(map(id, moves))
            legal = by_ids.get(ids)
            if legal is None:
                codes = tuple([encode(move) for move in moves])
                mask = masks.get(codes)
                if mask is None:
                    mask = numpy.zeros(size, numpy.int8)
                    mask[list(codes)] = 1
                    if len(masks) >= _LEGAL_TUPLES:
                        masks.clear()
                    masks[codes] = mask
                legal = _Legal(moves, codes, mask)
                if len(by_ids) >= _LEGAL_TUPLES:
                    by_ids.clear()
                by_ids[ids] = legal
                if len(seen) >= _LEGAL_TUPLES:
                    seen.clear()
                seen[id(moves)] = legal
            return legal

        _remember(_LEGALS, space, maker)
    return maker


def _floats(values: Sequence[float], size: int) -> Any:
    numpy = _numpy()
    if len(values) != size:
        raise CardrulesError(f"an observation has {len(values)} numbers, not {size}")
    return numpy.fromiter(values, numpy.float32, count=size)


_OBSERVERS: dict[tuple[AnyGame, Any], Callable[[Any, int], Any]] = {}


def _observer(game: AnyGame, rules: Any) -> Callable[[Any, int], Any]:
    # ``observe(state, seat)``: the same array as ``observation(game, game.view(state,
    # seat))``, through the game's state encoder when it registered one (see
    # cardrules._fastobs), for the adapters.
    key = (game, rules)
    observe = _OBSERVERS.get(key)
    if observe is None:
        observe = _remember(_OBSERVERS, key, _make_observer(game, rules))
    return observe


def _make_observer(game: AnyGame, rules: Any) -> Callable[[Any, int], Any]:
    numpy = _numpy()
    spec = observation_spec(game, rules)
    shape = tuple(spec.shape)
    size = math.prod(shape)
    flat = len(shape) == 1
    encode, view = spec.encode, game.view
    factory = _fastobs.lookup(encode, view)
    if factory is None:

        def plain(state: Any, seat: int) -> Any:
            return _floats(encode(view(state, seat)), size).reshape(shape)

        return plain
    from_state = factory(rules)
    # struct packs a list of numbers into float32 (or int64) bytes faster than
    # numpy.fromiter converts it, item by item.
    frombuffer, zeros, float32, int64 = numpy.frombuffer, numpy.zeros, numpy.float32, numpy.int64
    pack, dense = struct.pack, struct.Struct(f"{size}f").pack

    def fast(state: Any, seat: int) -> Any:
        positions, values = from_state(state, seat)
        if positions is None:
            out = frombuffer(bytearray(dense(*values)), float32)
        else:
            out = zeros(size, float32)
            count = len(positions)
            out[frombuffer(pack(f"{count}q", *positions), int64)] = frombuffer(
                pack(f"{count}f", *values), float32
            )
        return out if flat else out.reshape(shape)

    return fast


def observation_spec(game: AnyGame, rules: Any) -> Observation[Any]:
    """
    The game's :class:`~cardrules.Observation` under ``rules`` (built once, then cached).

    Raises:
        ~cardrules.errors.CardrulesError: if the game has no ``observation`` hook.

    >>> import cardrules
    >>> from cardrules import rl
    >>> game = cardrules.get_game("beggar")
    >>> game.observation is None or len(rl.observation_spec(game, game.Rules()).shape) >= 1
    True
    """
    key = (game, rules)
    spec = _OBSERVATIONS.get(key)
    if spec is None:
        spec = _remember(_OBSERVATIONS, key, _hook(game, "observation")(rules))
    return spec


def observation(game: AnyGame, view: Any) -> npt.NDArray[np.float32]:
    """
    The view as a float32 array of the game's observation shape, relative to its seat.

    The layout is the game's :attr:`Observation.layout <cardrules.Observation.layout>`.

    >>> import cardrules
    >>> from cardrules import rl
    >>> game = cardrules.get_game("beggar")
    >>> view = game.view(game.new_game(game.Rules(), seed=1), 0)
    >>> game.observation is None or rl.observation(game, view).dtype == "float32"
    True
    """
    spec = observation_spec(game, view.rules)
    return _floats(spec.encode(view), math.prod(spec.shape)).reshape(spec.shape)  # type: ignore[no-any-return]


def action_mask(game: AnyGame, state: Any) -> npt.NDArray[np.bool_]:
    """
    Which actions are legal in ``state``: a bool array of the action space's size, all
    false once the game is over.

    >>> import cardrules
    >>> from cardrules import rl
    >>> game = cardrules.get_game("beggar")
    >>> state = game.new_game(game.Rules(), seed=1)
    >>> game.actions is None or int(rl.action_mask(game, state).sum()) == 1
    True
    """
    numpy = _numpy()
    legal = _legal_actions(action_space(game, state.rules))(game.legal_moves(state))
    return legal.mask.astype(numpy.bool_)  # type: ignore[no-any-return]


def round_returns(game: AnyGame, state: Any) -> tuple[tuple[int, ...], ...]:
    """
    The score change of every seat in each round played so far, one tuple per round.

    From the game's ``returns`` hook, that is from what the state keeps; a game
    without it gives one round, the final scores of its :class:`~cardrules.Outcome`,
    once it is over (and ``()`` before). A state that keeps no record per round (a
    Biggenbende state holds only the chips) gives one entry for all the rounds so far:
    :func:`returns_by_round` splits them by following the game.

    >>> import cardrules
    >>> from cardrules import rl
    >>> game = cardrules.get_game("beggar")
    >>> state = game.new_game(game.Rules(), seed=1)
    >>> isinstance(rl.round_returns(game, state), tuple)
    True
    """
    if game.returns is not None:
        return game.returns(state)
    outcome = game.outcome(state)
    return () if outcome is None else (outcome.scores,)


def total_returns(game: AnyGame, state: Any) -> tuple[int, ...]:
    """
    The score change of every seat over the whole game so far: the sum of
    :func:`round_returns` (zeros before any round counted).

    >>> import cardrules
    >>> from cardrules import rl
    >>> game = cardrules.get_game("biggenbende")
    >>> state = game.new_game(game.Rules(players=3), seed=1)
    >>> len(rl.total_returns(game, state))
    3
    """
    totals = [0] * game.players(state)
    for deltas in round_returns(game, state):
        for seat, delta in enumerate(deltas):
            totals[seat] += delta
    return tuple(totals)


def returns_by_round(game: AnyGame, states: Iterable[Any]) -> tuple[tuple[int, ...], ...]:
    """
    The score change of every seat in each round, from the states of one game in the
    order they were played (the first one given to the last).

    A state keeps its scores so far, not always a record per round (a Biggenbende
    state holds the chips of each seat, so :func:`round_returns` gives them as one
    entry). This follows the game instead: each move's change of :func:`total_returns`
    counts for the round of the state it was played in, which is the round the
    state's ``round`` attribute names (a game whose states have none is one round).
    So there is one entry per round from the first state's to the last state's, the
    round under way included (its changes so far); for a whole game, one per round
    played, and they add up to its :func:`total_returns`. The rewards of the
    PettingZoo environment are the same changes, step by step.

    Raises:
        ~cardrules.errors.CardrulesError: if ``states`` is empty, or a state's round
            is before the one of the state ahead of it.

    >>> import cardrules
    >>> from cardrules import rl
    >>> game = cardrules.get_game("biggenbende")
    >>> state = game.new_game(game.Rules(players=3, rounds=2), seed=4)
    >>> states = [state]
    >>> while not game.is_over(state):
    ...     state = game.apply(state, game.legal_moves(state)[0])
    ...     states.append(state)
    >>> rl.returns_by_round(game, states)
    ((0, 1, 3), (0, 3, 2))
    >>> rl.total_returns(game, state)
    (0, 4, 5)
    """
    rounds: list[list[int]] = []
    first = 0
    before: Any = None
    totals: tuple[int, ...] = ()
    for state in states:
        number = getattr(state, "round", 1)
        if before is None:
            first = number
            totals = total_returns(game, state)
            rounds.append([0] * len(totals))
        else:
            if number < before:
                raise CardrulesError(f"round {number} comes after round {before}")
            after = total_returns(game, state)
            deltas = rounds[-1]
            for seat, (old, new) in enumerate(zip(totals, after, strict=True)):
                deltas[seat] += new - old
            totals = after
            while len(rounds) < number - first + 1:
                rounds.append([0] * len(totals))
        before = number
    if before is None:
        raise CardrulesError("returns_by_round needs at least one state")
    return tuple(tuple(deltas) for deltas in rounds)


def record_returns(record: cardrules.serialize.Record) -> tuple[tuple[int, ...], ...]:
    """
    :func:`returns_by_round` of a saved game: its
    :class:`~cardrules.serialize.Record` played back from its start, checking every
    move as :func:`~cardrules.serialize.replay` does.

    Raises:
        ~cardrules.errors.IllegalMoveError: for the first move that breaks a rule.

    >>> import cardrules
    >>> from cardrules import rl
    >>> from cardrules.serialize import Record
    >>> game = cardrules.get_game("biggenbende")
    >>> rules = game.Rules(players=3, rounds=2)
    >>> state, moves = game.new_game(rules, seed=4), []
    >>> while not game.is_over(state):
    ...     moves.append(game.legal_moves(state)[0])
    ...     state = game.apply(state, moves[-1])
    >>> record = Record(game="biggenbende", rules=rules, seed=4, moves=tuple(moves))
    >>> rl.record_returns(record)
    ((0, 1, 3), (0, 3, 2))
    """
    from cardrules import get_game
    from cardrules.serialize import Record, replay

    if not isinstance(record, Record):
        raise CardrulesError(f"expected a Record, not {type(record).__name__}")
    replay(record)  # checks every move, naming the first bad one
    game = get_game(record.game)
    state = (
        record.start if record.start is not None else game.new_game(record.rules, seed=record.seed)
    )
    states = [state]
    for move in record.moves:
        state = game.apply(state, move)
        states.append(state)
    return returns_by_round(game, states)


def utility_bounds(game: AnyGame, rules: Any) -> tuple[int, int]:
    """
    The lowest and highest final score a seat can have under ``rules``.

    Raises:
        ~cardrules.errors.CardrulesError: if the game has no ``utility_bounds`` hook.

    >>> import cardrules
    >>> from cardrules import rl
    >>> game = cardrules.get_game("biggenbende")
    >>> game.utility_bounds is None or rl.utility_bounds(game, game.Rules())[0] <= 0
    True
    """
    low, high = _hook(game, "utility_bounds")(rules)
    return (low, high)


def max_moves(game: AnyGame, rules: Any) -> int:
    """
    The longest possible game under ``rules``, in moves.

    Raises:
        ~cardrules.errors.CardrulesError: if the game has no ``max_moves`` hook.

    >>> import cardrules
    >>> from cardrules import rl
    >>> game = cardrules.get_game("biggenbende")
    >>> game.max_moves is None or rl.max_moves(game, game.Rules()) > 0
    True
    """
    return int(_hook(game, "max_moves")(rules))


@attrs.frozen
class InformationState:
    """
    A perfect-recall information state of one seat: as text and as a tensor.

    ``text`` is the seat's view (the game's ``render_view``) followed by one line per
    thing it saw, in order: its own moves (``"you: <move>"``) and the events told to
    it. Two positions give the same text exactly when the seat cannot tell them apart.

    ``tensor`` is a fixed-length float32 vector, laid out as ``layout`` says: the
    observation of the view, then how often the seat played each action
    (``"own_actions"``, one entry per action), then how often it saw each kind of event
    (``"events"``, one entry per class in ``Game.event_types``). The counts summarise
    the history; the text keeps all of it.

    >>> InformationState(text="you", tensor=None, layout=(("observation", 0),))
    InformationState(text='you', tensor=None, layout=(('observation', 0),))
    """

    text: str
    """The view and the history, as text."""
    tensor: Any
    """The view and a summary of the history, as a float32 numpy vector."""
    layout: tuple[tuple[str, int], ...]
    """What the tensor's entries mean, in order: ``(name, length)`` pairs."""


class Trajectory:
    """
    A game followed move by move, keeping what every seat saw.

    ``apply(move)`` plays a move; every seat's history holds the events
    :attr:`Game.events <cardrules.Game.events>` tells it (and, for the seat that moved,
    the move itself), worked out when the history is first read. :func:`information_state`
    reads it. ``copy()`` gives an independent copy (the states are immutable, so it is
    cheap).

    >>> import cardrules
    >>> from cardrules.rl import Trajectory
    >>> game = cardrules.get_game("beggar")
    >>> trajectory = Trajectory(game, game.new_game(game.Rules(), seed=2))
    >>> trajectory.apply(game.legal_moves(trajectory.state)[0])
    >>> len(trajectory.moves), len(trajectory.seen(0)) >= 1
    (1, True)
    """

    def __init__(self, game: AnyGame, state: Any) -> None:
        self.game = game
        """The game."""
        self.state: Any = state
        """The current state."""
        self.moves: list[Any] = []
        """Every move played, in order."""
        players = game.players(state)
        self._seen: list[list[tuple[bool, Any]]] = [[] for _ in range(players)]
        # The events are worked out when a seat's history is read, not at every move:
        # the moves not yet told, as (before, move, after, mover), and how many of them
        # each seat's _seen already covers.
        self._untold: list[tuple[Any, Any, Any, int | None]] = []
        self._told: list[int] = [0] * players
        self._event_index = {cls: i for i, cls in enumerate(game.event_types)}
        # Caches, extended lazily: the rendered lines and the counts of each seat.
        self._rendered: list[list[str]] = [[] for _ in range(players)]
        self._counted: list[tuple[int, list[int], list[int]]] = [(0, [], [])] * players

    def copy(self) -> Trajectory:
        """An independent copy of the trajectory."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.moves = list(self.moves)
        other._seen = [list(seen) for seen in self._seen]
        other._untold = list(self._untold)
        other._told = list(self._told)
        other._rendered = [list(lines) for lines in self._rendered]
        other._counted = list(self._counted)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Trajectory:
        # States, moves and events are immutable: a copy of the lists is deep enough.
        return self.copy()

    def apply(self, move: Any) -> None:
        """Play ``move`` (it must be legal) and record what every seat saw."""
        game = self.game
        before = self.state
        seat = game.to_move(before)
        after = game.apply(before, move)
        self._untold.append((before, move, after, seat))
        self.moves.append(move)
        self.state = after
        if len(self._untold) >= _UNTOLD:  # keep few states alive: tell every seat now
            self._tell_all()

    def _seen_by(self, seat: int) -> list[tuple[bool, Any]]:
        # What ``seat`` saw, its events worked out up to the last move.
        seen = self._seen[seat]
        untold = self._untold
        start = self._told[seat]
        if start < len(untold):
            events = self.game.events
            for before, move, after, mover in untold[start:]:
                if mover == seat:
                    seen.append((True, move))
                if events is not None:
                    seen.extend((False, event) for event in events(before, move, after, seat))
            told = self._told
            told[seat] = len(untold)
            if min(told) == len(untold):  # every seat is told: drop the states
                untold.clear()
                told[:] = [0] * len(told)
        return seen

    def _tell_all(self) -> list[list[tuple[bool, Any]]]:
        # Every seat's history, worked out up to the last move.
        return [self._seen_by(seat) for seat in range(len(self._seen))]

    def seen(self, seat: int) -> tuple[Any, ...]:
        """Everything ``seat`` saw, in order: its own moves and its events."""
        return tuple(item for _, item in self._seen_by(seat))

    def _lines(self, seat: int) -> list[str]:
        game = self.game
        render_move = game.render_move or str
        render_event = game.render_event
        lines = self._rendered[seat]
        for own, item in self._seen_by(seat)[len(lines) :]:
            if own:
                lines.append(f"you: {render_move(item)}")
            elif render_event is not None:
                lines.append(render_event(item, seat))
            else:
                lines.append(str(item))
        return lines

    def _counts(self, seat: int, size: int) -> tuple[list[int], list[int]]:
        done, actions, kinds = self._counted[seat]
        seen = self._seen_by(seat)
        if done == len(seen) and len(actions) == size:
            return actions, kinds
        if len(actions) != size:
            done, actions, kinds = 0, [0] * size, [0] * len(self._event_index)
        else:
            actions, kinds = list(actions), list(kinds)
        encode = _encoder(action_space(self.game, self.state.rules))
        for own, item in seen[done:]:
            if own:
                actions[encode(item)] += 1
            else:
                index = self._event_index.get(type(item))
                if index is not None:
                    kinds[index] += 1
        self._counted[seat] = (len(seen), actions, kinds)
        return actions, kinds


def information_state(game: AnyGame, seat: int, history: Trajectory) -> InformationState:
    """
    The perfect-recall information state of ``seat`` at the end of ``history``.

    See :class:`InformationState` for the text and the tensor's layout. The tensor
    needs the game's ``actions`` and ``observation`` hooks.

    >>> import cardrules
    >>> from cardrules.rl import Trajectory, information_state
    >>> game = cardrules.get_game("beggar")
    >>> trajectory = Trajectory(game, game.new_game(game.Rules(), seed=2))
    >>> trajectory.apply(game.legal_moves(trajectory.state)[0])
    >>> print(information_state(game, 0, trajectory).text.splitlines()[-2])
    you: turn
    """
    if history.game is not game:
        raise CardrulesError("the trajectory follows another game")
    numpy = _numpy()
    view = game.view(history.state, seat)
    head = game.render_view(view, "you") if game.render_view is not None else repr(view)
    text = "\n".join([head, "seen:", *history._lines(seat)])
    tensor = None
    layout: tuple[tuple[str, int], ...] = ()
    if game.actions is not None and game.observation is not None:
        obs = observation(game, view).reshape(-1)
        size = action_space(game, view.rules).size
        actions, kinds = history._counts(seat, size)
        tensor = numpy.concatenate(
            [obs, numpy.asarray(actions, numpy.float32), numpy.asarray(kinds, numpy.float32)]
        )
        layout = (("observation", obs.size), ("own_actions", size), ("events", len(kinds)))
    return InformationState(text=text, tensor=tensor, layout=layout)
