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
``deck``, keep their defaults) and ``deals``, below.

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
:func:`cardrules.rl.observation`).

**Rewards.** The reward model is ``REWARDS``: ``rewards()`` is every seat's score
change in the last action (chips as they are won in Biggenbende, points as each
Allegra round is scored, cards in Beggar-my-neighbour), and ``returns()`` their sum so
far, :func:`cardrules.rl.total_returns`; at the end that is the final scores of the
game's :class:`~cardrules.Outcome`. Both are utilities, higher always better: in
Allegra, where the lowest score wins (AL-12), they are the points negated
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
"""

from __future__ import annotations

from typing import Any

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
from cardrules import rl
from cardrules.errors import CardrulesError
from cardrules.game import AnyGame

__all__ = ["DEALS", "register", "short_name"]

DEALS = 1024
"""The default number of deals (outcomes of the chance node); parameter ``deals``."""


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
    _rule_names: tuple[str, ...]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = self._game
        options = {name: params[name] for name in self._rule_names if name in params}
        self.rules: Any = game.Rules(**options)
        self.deals = int(params.get("deals", DEALS))
        if self.deals < 1:
            raise ValueError(f"deals must be at least 1, not {self.deals}")
        self.space = rl.action_space(game, self.rules)
        self.legal = rl._legal_actions(self.space)
        low, high = rl.utility_bounds(game, self.rules)
        self.sign = rl.utility_sign(game)
        if self.sign < 0:
            low, high = -high, -low
        self.players = game.players(game.new_game(self.rules, seed=0))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=self.deals,
            num_players=self.players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=None,
            max_game_length=min(rl.max_moves(game, self.rules), _LONGEST),
        )
        super().__init__(self._type, info, params)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (by serialize_game_and_state) as its class and parameters: the hooks'
        # objects kept here need not pickle.
        return (type(self), (dict(self.get_parameters()),))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Game:
        # A game is immutable: states that OpenSpiel clones share it.
        return self

    def new_initial_state(self) -> _State:
        """The state before the deal (a chance node)."""
        return _State(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """The observer: the information state when ``perfect_recall``, else the view."""
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self, perfect_recall=perfect_recall)


class _State(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state: the chance node of the deal, then the game's states."""

    def __init__(self, game: _Game) -> None:
        super().__init__(game)
        self._spiel_game = game
        self.trajectory: rl.Trajectory | None = None
        self._before: Any = None  # the game's state before the last action, if any

    def current_player(self) -> int:
        trajectory = self.trajectory
        if trajectory is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = trajectory.game.to_move(trajectory.state)
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self.trajectory is not None
        legal = self._spiel_game.legal(self.trajectory.game.legal_moves(self.trajectory.state))
        return sorted(legal.codes)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self._spiel_game.deals
        return [(deal, 1.0 / deals) for deal in range(deals)]

    def _apply_action(self, action: int) -> None:
        spiel_game = self._spiel_game
        if self.trajectory is None:
            game = spiel_game._game
            self.trajectory = _Trajectory(game, game.new_game(spiel_game.rules, seed=action))
            self.trajectory.spiel_game = spiel_game
        else:
            self._before = self.trajectory.state
            self.trajectory.apply(spiel_game.space.decode(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        game = self._spiel_game._game
        move = self._spiel_game.space.decode(action)
        return game.render_move(move) if game.render_move is not None else str(move)

    def is_terminal(self) -> bool:
        trajectory = self.trajectory
        return trajectory is not None and trajectory.game.is_over(trajectory.state)

    def returns(self) -> list[float]:
        """Every seat's utility so far: its score change over the game, signed."""
        trajectory = self.trajectory
        if trajectory is None:
            return [0.0] * self._spiel_game.players
        sign = self._spiel_game.sign
        totals = rl.total_returns(trajectory.game, trajectory.state)
        return [float(sign * total) for total in totals]

    def rewards(self) -> list[float]:
        """Every seat's utility change in the last action (zeros after the deal)."""
        trajectory, before = self.trajectory, self._before
        if trajectory is None or before is None:
            return [0.0] * self._spiel_game.players
        game, sign = trajectory.game, self._spiel_game.sign
        now, then = rl.total_returns(game, trajectory.state), rl.total_returns(game, before)
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
        clone.trajectory = copy
        return clone

    def __str__(self) -> str:
        trajectory = self.trajectory
        return "before the deal" if trajectory is None else repr(trajectory.state)


class _Trajectory(rl.Trajectory):
    """A trajectory that pickles with its OpenSpiel game (by its parameters), not with
    the cardrules game: OpenSpiel serialises a Python state with its ``__dict__``."""

    spiel_game: _Game

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self.spiel_game, self.state, self.moves, self._tell_all()))


def _restore(spiel_game: _Game, state: Any, moves: list[Any], seen: list[Any]) -> _Trajectory:
    trajectory = _Trajectory(spiel_game._game, state)
    trajectory.spiel_game = spiel_game
    trajectory.moves = moves
    trajectory._seen = seen
    return trajectory


class _Observer:
    """Fills ``tensor`` and gives strings for one seat, as OpenSpiel's observers do."""

    def __init__(self, game: _Game, *, perfect_recall: bool) -> None:
        self._game = game
        self._perfect_recall = perfect_recall
        cardrules_game = game._game
        spec = rl.observation_spec(cardrules_game, game.rules)
        size = 1
        for length in spec.shape:
            size *= length
        layout: list[tuple[str, tuple[int, ...]]] = [("observation", tuple(spec.shape))]
        if perfect_recall:
            layout += [
                ("own_actions", (game.space.size,)),
                ("events", (len(cardrules_game.event_types),)),
            ]
        total = sum(_product(shape) for _, shape in layout)
        self.tensor = numpy.zeros(total, numpy.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for name, shape in layout:
            length = _product(shape)
            self.dict[name] = self.tensor[start : start + length].reshape(shape)
            start += length

    def set_from(self, state: _State, player: int) -> None:
        """Fill ``tensor`` for ``player`` in ``state`` (zeros before the deal)."""
        trajectory = state.trajectory
        if trajectory is None:
            self.tensor.fill(0.0)
            return
        game = trajectory.game
        if self._perfect_recall:
            self.tensor[:] = rl.information_state(game, player, trajectory).tensor
        else:
            observe = rl._observer(game, self._game.rules)
            self.tensor[:] = observe(trajectory.state, player).ravel()

    def string_from(self, state: _State, player: int) -> str:
        """The information state text, or the view's text, of ``player``."""
        trajectory = state.trajectory
        if trajectory is None:
            return "before the deal"
        game = trajectory.game
        if self._perfect_recall:
            return rl.information_state(game, player, trajectory).text
        view = game.view(trajectory.state, player)
        return game.render_view(view, "you") if game.render_view is not None else repr(view)


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
    parameters = {**rules_parameters, "deals": DEALS}
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"cardrules {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.REWARDS,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )
    # OpenSpiel pickles a Python game by its class: keep the class findable by name.
    class_name = f"_Game_{game.name}"
    subclass = type(
        class_name,
        (_Game,),
        {
            "_game": game,
            "_type": game_type,
            "_rule_names": tuple(rules_parameters),
            "__module__": __name__,
            "__qualname__": class_name,
        },
    )
    globals()[class_name] = subclass
    pyspiel.register_game(game_type, subclass)


for _game in cardrules.GAMES.values():
    register(_game)
