"""
Every game as an OpenSpiel Python game.

Install the extra with ``pip install 'cardrules[openspiel]'``. Importing this module
registers each game as ``cardrules_<name>``:

>>> import cardrules
>>> import cardrules.openspiel
>>> import pyspiel
>>> "cardrules_biggenbende" in pyspiel.registered_names()
True

Load one with ``pyspiel.load_game("cardrules_biggenbende", {"players": 4})``. Its
parameters are the game's ``Rules`` options that have an int, bool or text default
(``players``, ``rounds``, ...; options without such a default, like Allegra's
``deck``, keep their defaults), ``deals`` and ``rewards``, below.

**Chance.** The games deal from a seed: :func:`new_game` shuffles once and everything
after that follows from the moves (draws come from the dealt deck). So the first node of
every game is a chance node with ``deals`` outcomes (1024 by default), outcome ``i``
being the deal ``new_game(rules, seed=i)``, each equally likely; it is the only chance
node. Dealing card by card as separate chance nodes would need each game's deal
procedure to be written again here, and would give the same distribution of deals only
in the limit of all seeds, so the adapter keeps the games' own seeded deal.

**Information.** ``information_state_string`` and ``information_state_tensor`` are the
perfect-recall information state of :func:`cardrules.rl.information_state` (the
seat's view and everything it saw); ``observation_string`` and
``observation_tensor`` are the view alone (the game's ``render_view`` text and
:func:`cardrules.rl.observation`). ``make_observation`` (``open_spiel.python.observation``)
gives every ``IIGObservationType``, and none holds a card its seat cannot see:

- public only: the *public view*, seat 0's view with its private cards blanked
  (tensor ``public``; text: every hand as a count), the same whichever seat asks; with
  perfect recall also ``moves_by_seat``, and the text is every public view so far;
- single player: the view, or with perfect recall the information state;
- all players: every seat's view (``observations``), or information state
  (``information_states``), seat by seat;
- private only (``public_info=False``): the seat's private cards (``private``: the
  Biggenbende hand and, while choosing, its face-up choice; the Allegra card a knocker
  holds; nothing in Beggar-my-neighbour), or every seat's; without any information, an
  empty tensor. Private information alone with perfect recall is not offered:
  ``make_observation`` gives ``None``.

**Rewards.** ``rewards`` is ``"terminal"`` by default (:data:`REWARDS`), OpenSpiel's
``TERMINAL`` model, as its own card games have it: ``rewards()`` and ``returns()``
are zeros until the game is over, then every seat's final score. OpenSpiel's
``MCTSBot`` needs it, and its search and evaluation tools read only the final
returns. With ``{"rewards": "steps"}`` (the ``REWARDS`` model) ``rewards()`` is every
seat's score change in the last action (chips as they are won in Biggenbende, points as
each Allegra round is scored, cards in Beggar-my-neighbour), and ``returns()`` their
sum so far, :func:`cardrules.rl.total_returns`. Either way the final returns are the
final scores of the game's :class:`~cardrules.Outcome`, as utilities, higher always
better: in Allegra, where the lowest score wins (AL-12), they are the points negated
(:func:`cardrules.rl.utility_sign`), and the game's minimum and maximum utility are
its ``utility_bounds`` negated and swapped.

**Resampling.** ``state.resample_from_infostate(player, sampler)`` redeals what
``player`` cannot see with :attr:`Game.redeal_hidden <cardrules.Game.redeal_hidden>`
(the seed drawn from ``sampler``), or, in a game with
:attr:`GameSpec.redeal_seen <cardrules.GameSpec.redeal_seen>` (Biggenbende), with
``redeal_seen`` and the player's history, so that the world also keeps what the
player remembers (the cards it saw another seat take with the pile). The result has
the same information state for ``player`` and plays on normally. Its ``history()``
still names the original deal (the redealt world is not one of the ``deals``), but
``serialize()`` keeps it exactly, as OpenSpiel saves a Python state's attributes with
its history.

**Serialisation.** ``serialize()`` saves a state from the deal as its deal, its
actions and its game state, not every seat's history: a loaded state works the
histories out again (the deal played again with the actions) when one is first read,
or when it plays on, and answers exactly as the state it was saved from. A redealt
world is saved whole, its history with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

try:
    import numpy
    import pyspiel  # type: ignore[import-not-found]
except ImportError as _error:  # pragma: no cover - the extra is installed in CI
    raise ImportError(
        "cardrules.openspiel needs OpenSpiel: install the extra with "
        "pip install 'cardrules[openspiel]'"
    ) from _error

import attrs

import cardrules
from cardrules import _fastobs, rl
from cardrules.errors import CardrulesError
from cardrules.game import AnyGame
from cardrules.rl import _public
from cardrules.rl._history import _with_history
from cardrules.rl._numbers import _encoder

__all__ = ["DEALS", "REWARDS", "register", "short_name"]

DEALS = 1024
"""The default number of deals (outcomes of the chance node); parameter ``deals``."""

REWARDS = "terminal"
"""
The default reward model; parameter ``rewards``: ``"terminal"`` (OpenSpiel's
``TERMINAL``: the returns come once, at the end) or ``"steps"`` (``REWARDS``: every
score change as it happens).
"""


_LONGEST = 2**31 - 1
# OpenSpiel keeps the longest game in a C int: a game without a move limit (Beggar
# without max_cards) is given this.


def short_name(game: AnyGame) -> str:
    """
    The OpenSpiel name of a game.

    >>> import cardrules
    >>> from cardrules.openspiel import short_name
    >>> short_name(cardrules.get_game("allegra"))
    'cardrules_allegra'
    """
    return f"cardrules_{game.name}"


def _rules_parameters(game: AnyGame) -> dict[str, Any]:
    parameters: dict[str, Any] = {}
    for field in attrs.fields(game.Rules):
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            continue
        if isinstance(default, bool | int | str):
            parameters[field.name] = default
    return parameters


def _player_counts(game: AnyGame) -> list[int]:
    counts = []
    for players in range(1, 11):
        try:
            game.Rules(players=players)
        except CardrulesError:
            continue
        counts.append(players)
    return counts


class _Game(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game over a cardrules game (subclassed once per game)."""

    _game: AnyGame
    _type: Any
    _steps_type: Any
    _rule_names: tuple[str, ...]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = self._game
        options = {name: params[name] for name in self._rule_names if name in params}
        self.rules: Any = game.Rules(**options)
        self.deals = int(params.get("deals", DEALS))
        if self.deals < 1:
            raise ValueError(f"deals must be at least 1, not {self.deals}")
        self.rewards = str(params.get("rewards", REWARDS))
        if self.rewards not in ("terminal", "steps"):
            raise CardrulesError(f"rewards must be 'terminal' or 'steps', not {self.rewards!r}")
        self.terminal = self.rewards == "terminal"
        self.space = rl.action_space(game, self.rules)
        self.observe = rl._observer(game, self.rules)  # looked up once: hashing rules costs
        self.legal = rl._legal_actions(self.space)
        # Every seat's view text at once, when the game registered a way (see _fastobs).
        self.texts = _fastobs.lookup_texts(game.view, game.render_view)
        low, high = rl.utility_bounds(game, self.rules)
        self.sign = rl.utility_sign(game)
        if self.sign < 0:
            low, high = -high, -low
        self.players = game.players(game.new_game(self.rules, seed=0))
        self.outcomes: list[tuple[int, float]] | None = None  # of the chance node, once asked
        self.memo = _Memo()  # what its states' queries worked out
        self.action_texts: dict[int, str] = {}  # each action's text, once asked
        # The class of this game's states, which holds the game: a state's __dict__,
        # which OpenSpiel deep-copies at every clone and pickles, then holds only the
        # trajectory (and a new state, made for every tensor size check, has none).
        self.state_class: type[_State] = type(
            "_State", (_State,), {"_spiel_game": self, "__module__": __name__}
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=self.deals,
            num_players=self.players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=None,
            max_game_length=min(rl.max_moves(game, self.rules), _LONGEST),
        )
        game_type = self._type if self.terminal else self._steps_type
        super().__init__(game_type, info, params)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (by serialize_game_and_state) as its class and parameters: the hooks'
        # objects kept here need not pickle.
        return (type(self), (dict(self.get_parameters()),))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Game:
        # A game is immutable: states that OpenSpiel clones share it.
        return self

    def new_initial_state(self) -> _State:
        """The state before the deal (a chance node)."""
        return self.state_class(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer | None:
        """
        The observer of ``iig_obs_type`` (``None``: the default observation, the view of
        one seat), or ``None`` for a type it does not offer (see the module's
        description).
        """
        if params:
            raise ValueError(f"observation parameters are not supported, not {params!r}")
        if iig_obs_type is None:
            iig_obs_type = _DEFAULT_OBSERVATION
        return _Observer.make(self, iig_obs_type)


class _State(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state: the chance node of the deal, then the game's states."""

    # OpenSpiel clones a Python state by deep-copying every entry of its __dict__ into a
    # new state, and asks a new state for every tensor's shape: a state keeps one
    # attribute, once dealt, the trajectory (which keeps the rest). Its game is an
    # attribute of its class (each game makes a subclass, _Game.state_class).
    trajectory: _Trajectory | None = None
    _spiel_game: _Game

    @property
    def deal(self) -> int:
        """The outcome of the chance node (``-1`` before the deal)."""
        trajectory = self.trajectory
        return -1 if trajectory is None else trajectory.deal

    def _values(self, trajectory: rl.Trajectory) -> dict[Any, Any]:
        # What the queries of the trajectory's state worked out so far (see _Memo).
        memo = self._spiel_game.memo
        state, values, moves = memo.last
        if state is trajectory.state and moves == trajectory._moves_len:
            return values
        return memo.of(trajectory)

    def current_player(self) -> int:
        # Asked dozens of times a move: kept by the trajectory (see _Trajectory.player).
        trajectory = self.trajectory
        if trajectory is None:
            return _CHANCE
        player = trajectory.player
        if player is None:
            seat = trajectory.game.to_move(trajectory.state)
            player = trajectory.player = _TERMINAL if seat is None else seat
        return player

    def _legal_actions(self, player: int) -> list[int]:
        trajectory = self.trajectory
        assert trajectory is not None
        memo = self._values(trajectory)
        actions = memo.get("legal")
        if actions is None:
            legal = self._spiel_game.legal(trajectory.game.legal_moves(trajectory.state))
            actions = memo["legal"] = sorted(legal.codes)
        return list(actions)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        spiel_game = self._spiel_game
        outcomes = spiel_game.outcomes
        if outcomes is None:
            deals = spiel_game.deals
            outcomes = spiel_game.outcomes = [(deal, 1.0 / deals) for deal in range(deals)]
        return list(outcomes)

    def _apply_action(self, action: int) -> None:
        spiel_game = self._spiel_game
        if self.trajectory is None:
            game = spiel_game._game
            trajectory = _Trajectory(game, game.new_game(spiel_game.rules, seed=action))
            trajectory.spiel_game = spiel_game
            trajectory.deal = action
            self.trajectory = trajectory
        else:
            # A trajectory is never changed once a state holds it, only extended by what
            # its position's queries work out (so a clone shares it, see _Trajectory):
            # an action gives the state a new one. When this state or a clone of it
            # played the action already, it is that one, shared with what its queries
            # worked out (the game state after it is then the same object too).
            trajectory = self.trajectory
            values = self._values(trajectory)
            key = ("after", action)
            after: _Trajectory | None = values.get(key)
            if after is None:
                after = trajectory.copy()
                after.before = trajectory.state
                after.apply(spiel_game.space.decode(action))
                values[key] = after
            self.trajectory = after

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"deal {action}"
        # A move's text depends on the move alone: drawn once an action (OpenSpiel asks
        # every legal action's text at every move to check that they differ).
        texts = self._spiel_game.action_texts
        text = texts.get(action)
        if text is None:
            game = self._spiel_game._game
            move = self._spiel_game.space.decode(action)
            text = game.render_move(move) if game.render_move is not None else str(move)
            texts[action] = text
        return text

    def is_terminal(self) -> bool:
        trajectory = self.trajectory
        if trajectory is None:
            return False
        player = trajectory.player  # as current_player keeps it (asked as often)
        if player is None:
            player = self.current_player()
        return player == _TERMINAL

    def returns(self) -> list[float]:
        """
        Every seat's utility so far: its score change over the game, signed (with
        ``rewards="terminal"``, zeros until the game is over).
        """
        trajectory = self.trajectory
        spiel_game = self._spiel_game
        if trajectory is None or (spiel_game.terminal and not self.is_terminal()):
            return [0.0] * spiel_game.players
        sign = spiel_game.sign
        totals = rl.total_returns(trajectory.game, trajectory.state)
        return [float(sign * total) for total in totals]

    def rewards(self) -> list[float]:
        """
        Every seat's utility change in the last action (zeros after the deal); with
        ``rewards="terminal"``, zeros until the game is over, then the returns.
        """
        trajectory = self.trajectory
        spiel_game = self._spiel_game
        before = None if trajectory is None else trajectory.before
        if trajectory is None or before is None:
            return [0.0] * spiel_game.players
        if spiel_game.terminal:
            return self.returns()
        game, sign = trajectory.game, spiel_game.sign
        now = rl.total_returns(game, trajectory.state)
        then = rl.total_returns(game, before)
        return [float(sign * (a - b)) for a, b in zip(now, then, strict=True)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> _State:
        """A state ``player_id`` cannot tell from this one, through ``redeal_hidden``."""
        clone: _State = self.clone()
        trajectory = self.trajectory
        if trajectory is None or trajectory.game.is_over(trajectory.state):
            return clone
        seed = int(probability_sampler() * 2**53)
        copy = trajectory.copy()
        game = trajectory.game
        redeal_seen = getattr(game, "redeal_seen", None)
        if redeal_seen is None:
            copy.state = game.redeal_hidden(trajectory.state, player_id, seed=seed)
        else:  # the world keeps what the player remembers from its history too
            seen = trajectory.seen(player_id)
            copy.state = redeal_seen(trajectory.state, player_id, seen, seed=seed)
        copy.player = None
        copy.world = True
        clone.trajectory = copy
        return clone

    def __str__(self) -> str:
        trajectory = self.trajectory
        if trajectory is None:
            return "before the deal"
        memo = self._values(trajectory)
        text = memo.get("str")
        if text is None:
            text = memo["str"] = repr(trajectory.state)
        return text


_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_MEMO_STATES = 32
"""The most game states a memo keeps the answers of (then it starts afresh)."""


class _Memo:
    """
    What the many small queries of a game's states worked out (OpenSpiel asks the same
    thing of one state again and again, and of its clones), by game state:
    ``of(trajectory)`` gives the values for the trajectory's current state. The game
    keeps one, which all its states share: OpenSpiel clones a state to check it, and
    its search bots clone one state into many, so what one worked out serves the
    others; a pickled game starts with an empty one.

    A game state is known by its identity (it is immutable, and a trajectory's state
    is one no other history reached) and the number of moves that led to it.
    ``last`` is ``(state, values, moves)`` of the last state asked about (one tuple,
    read at once), for the fast path of the most frequent queries.
    """

    __slots__ = ("entries", "last")

    def __init__(self) -> None:
        self.entries: dict[int, tuple[Any, int, dict[Any, Any]]] = {}
        self.last: tuple[Any, dict[Any, Any], int] = (None, {}, -1)

    def of(self, trajectory: rl.Trajectory) -> dict[Any, Any]:
        """The values worked out for the trajectory's state (a new dict at first)."""
        state, moves = trajectory.state, trajectory._moves_len
        entries = self.entries
        entry = entries.get(id(state))
        if entry is None or entry[0] is not state or entry[1] != moves:
            if len(entries) >= _MEMO_STATES:
                entries.clear()
            entry = entries[id(state)] = (state, moves, {})
        self.last = (state, entry[2], moves)
        return entry[2]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Memo:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Memo, ())


class _Trajectory(rl.Trajectory):
    """
    A trajectory that pickles with its OpenSpiel game (by its parameters), not with the
    cardrules game: OpenSpiel serialises a Python state with its ``__dict__``.

    A trajectory from the deal pickles as its deal, its actions and its state, not as
    every seat's history: a state that is serialised is mostly loaded only to be looked
    at (``random_sim_test`` compares its text), so a loaded one works the histories out
    again, playing the deal again with the actions, when one is first read (or the
    trajectory is copied to play on). A redealt world (``world``) pickles whole: its
    history is not that of its state's moves.
    """

    spiel_game: _Game
    deal = -1
    """The outcome of the chance node."""
    before: Any = None
    """The game's state before the last action (``None`` before the first)."""
    player: int | None = None
    """The OpenSpiel player to move in ``state``, once asked (``None`` until then)."""
    world = False
    """Whether ``state`` is (or follows) a world of ``resample_from_infostate``."""
    _codes: list[int]
    """Of a loaded trajectory until its history is worked out: its moves' actions."""

    def _advance(self, move: Any, after: Any) -> None:
        self.player = None
        super()._advance(move, after)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Trajectory:
        # A state's trajectory stands for one position: a state that plays on takes a
        # new one (_State._apply_action), so a clone shares it.
        return self

    def copy(self) -> _Trajectory:
        """An independent copy (a loaded trajectory works out its history first)."""
        self._replay()
        return cast(_Trajectory, super().copy())

    def _replay(self) -> bool:
        # A loaded trajectory (one with _codes) gets every attribute but those
        # _replayed gave: the deal played again with the moves of ``_codes``, every seat
        # told (the state reached equals ``state``). False for any other trajectory.
        codes = self.__dict__.pop("_codes", None)
        if codes is None:
            return False
        spiel_game = self.spiel_game
        game, decode = spiel_game._game, spiel_game.space.decode
        replay = rl.Trajectory(game, game.new_game(spiel_game.rules, seed=self.deal))
        for code in codes:
            replay.apply(decode(code))
        replay._tell_all()
        mine = self.__dict__
        for name, value in replay.__dict__.items():
            mine.setdefault(name, value)
        return True

    if not TYPE_CHECKING:  # to mypy, every attribute is there

        def __getattr__(self, name: str) -> Any:
            # Called for a missing attribute only: a loaded trajectory's history.
            if not self._replay():
                raise AttributeError(name)
            return getattr(self, name)

    def __reduce__(self) -> tuple[Any, ...]:
        if self.world:
            seen = self._tell_all()
            return (
                _restore,
                (self.spiel_game, self.state, self.moves, seen, self.deal, self.before),
            )
        codes = self.__dict__.get("_codes")
        if codes is None:
            codes = list(map(_encoder(self.spiel_game.space), self.moves))
        return (_replayed, (self.spiel_game, self.state, codes, self.deal, self.before))


def _replayed(
    spiel_game: _Game, state: Any, codes: list[int], deal: int, before: Any
) -> _Trajectory:
    # A trajectory from the deal, loaded: its history is worked out when first read.
    trajectory = _Trajectory.__new__(_Trajectory)
    trajectory.game = spiel_game._game
    trajectory.state = state
    trajectory.spiel_game = spiel_game
    trajectory.deal = deal
    trajectory.before = before
    trajectory._moves_len = len(codes)
    trajectory._codes = codes
    return trajectory


def _restore(
    spiel_game: _Game, state: Any, moves: list[Any], seen: list[Any], deal: int, before: Any
) -> _Trajectory:
    # A trajectory pickled whole (a world, or saved by an older version): it stays so.
    trajectory = _Trajectory(spiel_game._game, state)
    trajectory.spiel_game = spiel_game
    trajectory.deal = deal
    trajectory.before = before
    trajectory.world = True
    trajectory.moves = moves
    trajectory._seen = seen
    trajectory._seen_len = [len(told) for told in seen]
    return trajectory


_DEFAULT_OBSERVATION = pyspiel.IIGObservationType(perfect_recall=False)
_PIECED = frozenset({"observation", "information_state"})
# The kinds of observation whose tensor is put together from pieces that are kept
# (_observed in the memo, Trajectory._counts): set_from fills them again each time.
_NONE = pyspiel.PrivateInfoType.NONE
_SINGLE = pyspiel.PrivateInfoType.SINGLE_PLAYER
_ALL = pyspiel.PrivateInfoType.ALL_PLAYERS


class _Observer:
    """
    Fills ``tensor`` and gives strings for one seat, as OpenSpiel's observers do.

    ``kind`` is one of the observation types the module's description lists; ``layout``
    names the pieces of ``tensor`` (``dict`` holds them, reshaped, sharing its memory).
    """

    def __init__(self, game: _Game, kind: str, layout: list[tuple[str, tuple[int, ...]]]) -> None:
        self._game = game
        self.kind = kind
        total = sum(_product(shape) for _, shape in layout)
        self.tensor = numpy.zeros(total, numpy.float32)
        self.dict: dict[str, Any] = {}
        self._ends: list[int] = []  # where each piece of tensor ends
        start = 0
        for name, shape in layout:
            length = _product(shape)
            self.dict[name] = self.tensor[start : start + length].reshape(shape)
            start += length
            self._ends.append(start)

    @classmethod
    def make(cls, game: _Game, iig_obs_type: Any) -> _Observer | None:
        """The observer of ``iig_obs_type``, or ``None`` when it is not offered."""
        cardrules_game = game._game
        shape = tuple(rl.observation_spec(cardrules_game, game.rules).shape)
        size = _product(shape)
        players = game.players
        split = _public.split(cardrules_game)
        recall = bool(iig_obs_type.perfect_recall)
        private = iig_obs_type.private_info
        actions = (game.space.size,)
        events = (len(cardrules_game.event_types),)
        if iig_obs_type.public_info:
            if private == _SINGLE:
                if recall:
                    layout = [("observation", shape), ("own_actions", actions), ("events", events)]
                    return cls(game, "information_state", layout)
                return cls(game, "observation", [("observation", shape)])
            if private == _ALL:
                if recall:
                    seat = size + actions[0] + events[0]
                    return cls(
                        game, "all_information_states", [("information_states", (players, seat))]
                    )
                return cls(game, "all_observations", [("observations", (players, *shape))])
            if split is None:
                return None
            if recall:
                layout = [("public", shape), ("moves_by_seat", (players,))]
                return cls(game, "public_history", layout)
            return cls(game, "public", [("public", shape)])
        if private == _NONE:
            return cls(game, "nothing", [])
        if split is None or recall:
            return None
        length = split.private_size(game.rules)
        if private == _SINGLE:
            return cls(game, "private", [("private", (length,))])
        return cls(game, "all_private", [("private", (players, length))])

    def set_from(self, state: _State, player: int) -> None:
        """Fill ``tensor`` for ``player`` in ``state`` (zeros before the deal)."""
        trajectory = state.trajectory
        tensor = self.tensor
        if trajectory is None:
            tensor.fill(0.0)
            return
        kind = self.kind
        if kind in _PIECED:  # its pieces are kept: a copy of the whole would cost more
            self._fill(state, player)
            return
        memo = state._values(trajectory)
        key = (kind, player, "tensor")
        cached = memo.get(key)
        if cached is None:
            self._fill(state, player)
            memo[key] = tensor.copy()
        else:
            tensor[:] = cached

    def _fill(self, state: _State, player: int) -> None:
        trajectory = state.trajectory
        assert trajectory is not None
        tensor = self.tensor
        game, kind = trajectory.game, self.kind
        players = self._game.players
        if kind == "observation":
            tensor[:] = _observed(state, trajectory, player)
        elif kind == "information_state":
            seen, counted, _ = self._ends  # the observation, own actions, events
            tensor[:seen] = _observed(state, trajectory, player)
            actions, kinds = trajectory._counts(player, self._game.space.size)
            tensor[seen:counted] = actions
            tensor[counted:] = kinds
        elif kind == "all_observations":
            tensor[:] = numpy.concatenate(
                [_observed(state, trajectory, seat) for seat in range(players)]
            )
        elif kind == "all_information_states":
            tensor[:] = numpy.concatenate(
                [rl.information_state(game, seat, trajectory).tensor for seat in range(players)]
            )
        elif kind in ("public", "public_history"):
            split = _public.split(game)
            assert split is not None
            public = split.public(trajectory.state)
            self.dict["public"][...] = rl.observation(game, public)
            if kind == "public_history":
                movers = [0] * players
                for before in _public_states(state)[:-1]:
                    mover = game.to_move(before)
                    if mover is not None:
                        movers[mover] += 1
                self.dict["moves_by_seat"][:] = movers
        elif kind in ("private", "all_private"):
            split = _public.split(game)
            assert split is not None
            seats = [player] if kind == "private" else range(players)
            values = [v for seat in seats for v in split.private(trajectory.state, seat)]
            tensor[:] = numpy.asarray(values, numpy.float32)

    def string_from(self, state: _State, player: int) -> str:
        """The text of the same observation, for ``player``."""
        trajectory = state.trajectory
        if trajectory is None:
            return "before the deal"
        memo = state._values(trajectory)
        key = (self.kind, player, "text")
        text = memo.get(key)
        if text is None:
            text = memo[key] = self._text(state, player)
        return text

    def _text(self, state: _State, player: int) -> str:
        trajectory = state.trajectory
        assert trajectory is not None
        game, kind = trajectory.game, self.kind
        players = self._game.players
        if kind == "observation":
            return _memo_view_text(state, player)
        if kind == "information_state":
            # The view's text is the observation string's: worked out once for both.
            head = _memo_view_text(state, player)
            return _with_history(head, trajectory, player)
        if kind == "all_observations":
            return "\n".join(
                f"[seat {seat}]\n{_memo_view_text(state, seat)}" for seat in range(players)
            )
        if kind == "all_information_states":
            return "\n".join(
                f"[seat {seat}]\n{rl.information_state(game, seat, trajectory).text}"
                for seat in range(players)
            )
        if kind == "public":
            return _public_text(game, trajectory.state)
        if kind == "public_history":
            texts: list[str] = []
            for before in _public_states(state):
                text = _public_text(game, before)
                if not texts or texts[-1] != text:
                    texts.append(text)
            return "\n--\n".join(texts)
        if kind in ("private", "all_private"):
            split = _public.split(game)
            assert split is not None
            seats = [player] if kind == "private" else range(players)
            return "\n".join(split.private_text(trajectory.state, seat) for seat in seats)
        return ""


def _observed(state: _State, trajectory: rl.Trajectory, seat: int) -> Any:
    # The flat observation of ``seat`` (rl.observation of its view), kept in the state's
    # memo: the observation and information state tensors both start with it.
    memo = state._values(trajectory)
    key = ("observed", seat)
    observed = memo.get(key)
    if observed is None:
        observed = memo[key] = state._spiel_game.observe(trajectory.state, seat).ravel()
    return observed


def _memo_view_text(state: _State, seat: int) -> str:
    # The text of ``seat``'s view, kept in the state's memo: with the game's texts
    # function (see cardrules._fastobs), every seat's at once, as they are all asked.
    trajectory = state.trajectory
    assert trajectory is not None
    memo = state._values(trajectory)
    texts = memo.get("view texts")
    if texts is None:
        every = state._spiel_game.texts
        if every is None:
            key = ("view text", seat)
            text: str | None = memo.get(key)
            if text is None:
                text = memo[key] = _view_text(trajectory.game, trajectory.state, seat)
            return text
        texts = memo["view texts"] = every(trajectory.state)
    return cast(str, texts[seat])


def _view_text(game: AnyGame, state: Any, seat: int) -> str:
    view = game.view(state, seat)
    return game.render_view(view, "you") if game.render_view is not None else repr(view)


def _public_text(game: AnyGame, state: Any) -> str:
    # The public view drawn for no seat in particular: every hand as a count.
    split = _public.split(game)
    assert split is not None
    public = split.public(state)
    if game.render_view is None:
        return repr(public)
    return game.render_view(attrs.evolve(public, seat=game.players(state)), "")


def _public_states(state: _State) -> list[Any]:
    # The game's states from the deal to now: the deal played again with the moves
    # (a world of resample_from_infostate has the same public history as the game it
    # was drawn from, which is the one its moves were played in).
    trajectory = state.trajectory
    assert trajectory is not None
    game = trajectory.game
    spiel_game = state._spiel_game
    now = game.new_game(spiel_game.rules, seed=state.deal)
    states = [now]
    for move in trajectory.moves:
        now = game.apply(now, move)
        states.append(now)
    return states


def _product(shape: tuple[int, ...]) -> int:
    result = 1
    for length in shape:
        result *= length
    return result


def register(game: AnyGame) -> None:
    """
    Register ``game`` with OpenSpiel as :func:`short_name` (done on import for every
    registered game; call it for a game registered later). Registering twice is a no-op.

    >>> import cardrules
    >>> from cardrules.openspiel import register
    >>> register(cardrules.get_game("beggar"))
    """
    name = short_name(game)
    if name in pyspiel.registered_names():
        return
    counts = _player_counts(game)
    rules_parameters = _rules_parameters(game)
    parameters = {**rules_parameters, "deals": DEALS, "rewards": REWARDS}
    types = {
        model: pyspiel.GameType(
            short_name=name,
            long_name=f"cardrules {game.name}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=model,
            max_num_players=max(counts),
            min_num_players=min(counts),
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=parameters,
        )
        for model in (pyspiel.GameType.RewardModel.TERMINAL, pyspiel.GameType.RewardModel.REWARDS)
    }
    game_type = types[pyspiel.GameType.RewardModel.TERMINAL]
    # OpenSpiel pickles a Python game by its class: keep the class findable by name.
    class_name = f"_Game_{game.name}"
    subclass = type(
        class_name,
        (_Game,),
        {
            "_game": game,
            "_type": game_type,
            "_steps_type": types[pyspiel.GameType.RewardModel.REWARDS],
            "_rule_names": tuple(rules_parameters),
            "__module__": __name__,
            "__qualname__": class_name,
        },
    )
    globals()[class_name] = subclass
    pyspiel.register_game(game_type, subclass)


for _game in cardrules.GAMES.values():
    register(_game)
