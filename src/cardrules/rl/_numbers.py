"""
Observations, action masks, returns and bounds as numbers (public through
:mod:`cardrules.rl`).
"""

from __future__ import annotations

import math
import struct
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from cardrules import _fastobs
from cardrules.errors import CardrulesError
from cardrules.game import ActionSpace, AnyGame, Observation

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    import cardrules.serialize

__all__ = [
    "action_mask",
    "action_space",
    "max_moves",
    "observation",
    "observation_spec",
    "record_returns",
    "returns_by_round",
    "round_returns",
    "total_returns",
    "utility_bounds",
    "utility_sign",
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


class _Codes:
    """
    ``space.encode`` with a memo, for the adapters, which encode every legal move at
    every step while a game offers the same moves again and again. The games hand out
    the same move objects, so the memo knows a move by its identity first (``by_id``:
    ``id(move) -> number``, for the moves it keeps alive in ``kept``, so no id in it can
    be reused), then by equality (hashing a move costs more). Bounded: both are
    emptied together once full.
    """

    __slots__ = ("by_id", "by_move", "encode_new", "kept")

    def __init__(self, space: ActionSpace[Any]) -> None:
        self.by_id: dict[int, int] = {}
        self.kept: list[Any] = []
        self.by_move: dict[Any, int] = {}
        self.encode_new = space.encode

    def __call__(self, move: Any) -> int:
        code = self.by_id.get(id(move))
        if code is not None:
            return code
        code = self.by_move.get(move)
        if code is None:
            code = self.by_move[move] = self.encode_new(move)
        if len(self.kept) >= _KNOWN_MOVES:
            self.by_id.clear()
            self.kept.clear()
        self.kept.append(move)
        self.by_id[id(move)] = code
        return code


_CODES: dict[ActionSpace[Any], _Codes] = {}


def _encoder(space: ActionSpace[Any]) -> _Codes:
    # The memo of ``space.encode`` (see _Codes), one a space.
    memo = _CODES.get(space)
    if memo is None:
        memo = _remember(_CODES, space, _Codes(space))
    return memo


_KNOWN_MOVES = 1 << 16
_LEGAL_TUPLES = 4096


class _Legal:
    """
    The legal moves of a state as actions: the moves, their numbers (in the same order)
    and an int8 mask (shared: copy it before handing it out). Made by
    :func:`_legal_actions`.
    """

    __slots__ = ("codes", "mask", "moves")

    def __init__(self, moves: Any, codes: tuple[int, ...], mask: Any) -> None:
        self.moves = moves
        self.codes = codes
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
        memo = _encoder(space)
        code_of_id = memo.by_id.get
        size = space.size
        frombuffer, int8 = numpy.frombuffer, numpy.int8
        seen: dict[int, _Legal] = {}
        by_ids: dict[tuple[int, ...], _Legal] = {}
        masks: dict[tuple[int, ...], Any] = {}

        def make(moves: Any, ids: tuple[int, ...]) -> _Legal:
            known = tuple(map(code_of_id, ids))
            codes: tuple[int, ...] = (
                tuple(map(memo, moves)) if None in known else known  # type: ignore[assignment]
            )
            mask = masks.get(codes)
            if mask is None:
                ones = bytearray(size)
                for code in codes:
                    ones[code] = 1
                mask = frombuffer(ones, int8)
                if len(masks) >= _LEGAL_TUPLES:
                    masks.clear()
                masks[codes] = mask
            legal = _Legal(moves, codes, mask)
            if len(by_ids) >= _LEGAL_TUPLES:
                by_ids.clear()
            by_ids[ids] = legal
            return legal

        def maker(moves: Any) -> _Legal:
            legal = seen.get(id(moves))
            if legal is not None and legal.moves is moves:
                return legal
            ids = tuple(map(id, moves))
            legal = by_ids.get(ids)
            if legal is None:
                legal = make(moves, ids)
                if len(seen) >= _LEGAL_TUPLES:
                    seen.clear()
                seen[id(moves)] = legal
            return legal

        _remember(_LEGALS, space, maker)
    return maker


_MASKERS: dict[tuple[AnyGame, Any], Callable[[Any], bytes | None] | None] = {}


def _state_masks(game: AnyGame, rules: Any) -> Callable[[Any], bytes | None] | None:
    # ``mask(state)``: the game's registered mask maker under ``rules`` (see
    # cardrules._fastobs), which gives a state's mask as bytes or ``None`` for the plain
    # path; ``None`` when the game has none (or other hooks than the registered ones).
    key = (game, rules)
    if key not in _MASKERS:
        actions = getattr(game, "actions", None)
        maker = None if actions is None else _fastobs.lookup_mask(game.legal_moves, actions)
        _remember(_MASKERS, key, None if maker is None else maker(rules))
    return _MASKERS[key]


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
    frombuffer, zeros, float32, int64 = numpy.frombuffer, numpy.zeros, numpy.float32, numpy.int64
    if isinstance(from_state, _fastobs.Packed):
        # The encoding comes packed, in a new bytearray: the array is a view of it. The
        # encoder keeps buffers between calls, so one thread at a time runs it.
        packed, nbytes, lock = from_state.encode, 4 * size, threading.Lock()
        acquire, release, dtype = lock.acquire, lock.release, numpy.dtype(float32)

        def unpack(state: Any, seat: int) -> Any:
            acquire()  # as ``with lock``, in fewer steps: this runs at every step
            try:
                data = packed(state, seat)
            finally:
                release()
            if len(data) != nbytes:
                raise CardrulesError(f"an observation has {len(data) // 4} numbers, not {size}")
            out = frombuffer(data, dtype)
            return out if flat else out.reshape(shape)

        return unpack
    # struct packs a list of numbers into float32 (or int64) bytes faster than
    # numpy.fromiter converts it, item by item.
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
    from cardrules.serialize import Record, _start, replay

    if not isinstance(record, Record):
        raise CardrulesError(f"expected a Record, not {type(record).__name__}")
    replay(record)  # checks every move, naming the first bad one
    game = get_game(record.game)
    state = _start(record, game)
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


def utility_sign(game: AnyGame) -> int:
    """
    ``1`` when the highest score wins, ``-1`` when the lowest does (the game's
    :attr:`GameSpec.lower_score_wins <cardrules.GameSpec.lower_score_wins>`; a game
    without that member counts as ``1``).

    Scores and their changes (:func:`round_returns`, :func:`total_returns`,
    :func:`returns_by_round`, :func:`utility_bounds`) stay in the game's own terms:
    chips, cards or points. The adapters multiply them by this sign, so that their
    rewards and returns are utilities, higher always better, as the frameworks'
    agents maximise them: Allegra's points (AL-12, lower is better) are negated there.

    >>> import cardrules
    >>> from cardrules import rl
    >>> rl.utility_sign(cardrules.get_game("biggenbende"))
    1
    >>> rl.utility_sign(cardrules.get_game("allegra"))
    -1
    """
    return -1 if getattr(game, "lower_score_wins", False) is True else 1
