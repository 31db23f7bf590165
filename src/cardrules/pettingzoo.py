"""
Every game as a PettingZoo AEC environment, with action masks and text rendering.

Install the extra with ``pip install 'cardrules[pettingzoo]'``. The environment
follows PettingZoo's classic card games:

- agents ``"player_0"`` .. ``"player_{n-1}"``, one per seat, in seat order;
- each observation is a dict ``{"observation": ..., "action_mask": ...}``: the
  seat's view as the game's float32 observation (:func:`cardrules.rl.observation`)
  and an ``int8`` mask of the legal actions (all zeros for a seat not to move);
- actions are the numbers of the game's :class:`~cardrules.ActionSpace`;
- the reward of a step is every seat's score change in it (chips, cards or points,
  from :func:`cardrules.rl.total_returns`) as a utility, higher always better: times
  :func:`cardrules.rl.utility_sign`, so Allegra's points (the lowest wins, AL-12) are
  negated. An agent's summed rewards are its return so signed, and its rewards in one
  round add up to that round's entry of :func:`cardrules.rl.returns_by_round` so
  signed;
- ``reset(seed=...)`` deals the game with that seed (a random one when ``None``);
- ``render_mode="ansi"``: ``render()`` gives the view of the seat to move as the
  game's own text; ``render_mode="human"`` prints it; ``render_mode="rgb_array"``: the
  same view as the game's picture, in pixels (needs the ``raster`` extra, see
  :func:`cardrules.svg.to_rgb_array`);
- ``action_mask="info"``: the observation is the float32 array alone (a ``Box``
  space) and the mask of the agent to move is ``infos[agent]["action_mask"]``, the
  other place PettingZoo's tools read it from; PettingZoo's ``api_test`` gives no
  warning then.

The default dict is the form of PettingZoo's classic card games, which the masked
learners built on PettingZoo read: a ``Dict`` space of two ``Box`` spaces, and numpy
arrays in it. PettingZoo's ``api_test`` still warns of it ("Observation is not a NumPy
array" at every step, "should be gymnasium.spaces.box or gymnasium.spaces.discrete"
once for each agent), and of nothing else: it lets off a dict observation only for the
environments named in its own lists (``env_obs_dicts``, ``env_obs_space``), its
classic games, so no other environment with that form can avoid the warnings; with
``action_mask="info"`` they go.

There is no ``parallel_env``: one seat moves at a time in every game, so the AEC
(turn by turn) API is the natural one, and PettingZoo's conversion of a turn-based
game to the parallel API would have every agent but one pass at every step (its
``max_cycles_test`` and ``parallel_api_test`` do not apply).

A game without decisions (Beggar-my-neighbour) still works: its one action is
always the only legal one.

>>> from cardrules.pettingzoo import env
>>> import cardrules
>>> game = cardrules.get_game("beggar")
>>> if game.actions is not None and game.observation is not None:
...     e = env("beggar", players=2)
...     e.reset(seed=1)
...     print(e.agent_selection)
... else:
...     print("player_0")
player_0
"""

from __future__ import annotations

import operator
import random
from typing import Any

try:
    import gymnasium
    import numpy
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
except ImportError as _error:  # pragma: no cover - the extra is installed in CI
    raise ImportError(
        "cardrules.pettingzoo needs PettingZoo: install the extra with "
        "pip install 'cardrules[pettingzoo]'"
    ) from _error

import cardrules
from cardrules import rl, svg
from cardrules.game import AnyGame

__all__ = ["CardrulesEnv", "env"]

_frombuffer, _int8 = numpy.frombuffer, numpy.dtype(numpy.int8)
# The observation bounds: float32's whole range (the encodings have no tighter bound
# in general; infinite bounds make PettingZoo's api_test warn).
_LOW, _HIGH = float(numpy.finfo(numpy.float32).min), float(numpy.finfo(numpy.float32).max)
_MASK_ARRAYS = 4096
"""The most masks an environment keeps as arrays (then it starts afresh)."""


def env(
    name: str,
    *,
    render_mode: str | None = None,
    action_mask: str = "observation",
    **rules_options: Any,
) -> CardrulesEnv:
    """
    The AEC environment of the game ``name`` with ``Rules(**rules_options)``.

    Args:
        name: a registered game, for example ``"biggenbende"``.
        render_mode: ``None``, ``"ansi"``, ``"human"`` or ``"rgb_array"``.
        action_mask: ``"observation"`` (a dict observation) or ``"info"``.
        rules_options: the game's ``Rules`` options, for example ``players=4``.

    >>> import cardrules
    >>> from cardrules.pettingzoo import env
    >>> hooked = cardrules.get_game("biggenbende").actions is not None
    >>> not hooked or env("biggenbende", players=3).possible_agents == [
    ...     "player_0", "player_1", "player_2"]
    True
    """
    return CardrulesEnv(
        cardrules.get_game(name),
        render_mode=render_mode,
        action_mask=action_mask,
        **rules_options,
    )


class CardrulesEnv(AECEnv):  # type: ignore[misc]
    """
    A PettingZoo AEC environment over any game with the ``actions`` and
    ``observation`` hooks (see the module's description).

    Args:
        game: the game (for example ``cardrules.get_game("allegra")``).
        render_mode: ``None``, ``"ansi"``, ``"human"`` or ``"rgb_array"``.
        action_mask: ``"observation"`` (a dict observation) or ``"info"``.
        rules_options: the game's ``Rules`` options.

    >>> import cardrules
    >>> from cardrules.pettingzoo import CardrulesEnv
    >>> game = cardrules.get_game("beggar")
    >>> game.actions is None or (
    ...     CardrulesEnv(game, players=3).metadata["name"] == "cardrules_beggar")
    True
    """

    metadata = {  # noqa: RUF012
        "render_modes": ["ansi", "human", "rgb_array"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: AnyGame,
        *,
        render_mode: str | None = None,
        action_mask: str = "observation",
        **rules_options: Any,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "human", "rgb_array"):
            raise ValueError(
                f"render_mode must be None, 'ansi', 'human' or 'rgb_array', not {render_mode!r}"
            )
        if render_mode == "rgb_array":
            svg._rasteriser()  # the raster extra: a clear error now, not at the first frame
        if action_mask not in ("observation", "info"):
            raise ValueError(f"action_mask must be 'observation' or 'info', not {action_mask!r}")
        self._mask_in_info = action_mask == "info"
        self.metadata = {**CardrulesEnv.metadata, "name": f"cardrules_{game.name}"}
        self.game = game
        """The game."""
        self.rules: Any = game.Rules(**rules_options)
        """The rules every reset deals with."""
        self.render_mode = render_mode
        self._space = rl.action_space(game, self.rules)
        spec = rl.observation_spec(game, self.rules)
        self._observe_state = rl._observer(game, self.rules)
        self._legal_of_moves = rl._legal_actions(self._space)
        self._legal_of: Any = None
        # The game's own mask maker, when it registered one: its masks come as bytes,
        # and a legal move from its number (see cardrules._fastobs).
        self._mask_of = rl._state_masks(game, self.rules)
        self._decode = self._space.decode
        # The moves of the numbers decoded so far (with a mask maker only).
        self._moves: list[Any] = [] if self._mask_of is None else [None] * self._space.size
        self._sign = float(rl.utility_sign(game))  # rewards are utilities: higher better
        # What the rewards follow: the returns hook itself when the game has one.
        self._returns_of: Any = (
            game.returns
            if game.returns is not None
            else lambda state: rl.round_returns(game, state)
        )
        self._legal_now: Any = None
        # The int8 arrays of the masks the mask maker handed out, by identity: a maker
        # that keeps its masks hands out the same bytes again (see _mask). Each entry
        # keeps its bytes alive, so no id in it is reused.
        self._mask_arrays: dict[int, tuple[bytes, Any]] = {}
        self._no_mask = numpy.zeros(self._space.size, dtype=numpy.int8)
        self._players = game.players(game.new_game(self.rules, seed=0))
        self.possible_agents = [f"player_{seat}" for seat in range(self._players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        box = gymnasium.spaces.Box(low=_LOW, high=_HIGH, shape=spec.shape, dtype=numpy.float32)
        self._observation_spaces = {
            agent: box
            if self._mask_in_info
            else gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        low=_LOW, high=_HIGH, shape=spec.shape, dtype=numpy.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(
                        low=0, high=1, shape=(self._space.size,), dtype=numpy.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {
            agent: gymnasium.spaces.Discrete(self._space.size) for agent in self.possible_agents
        }
        self.state_: Any = None
        """The game's current state (``None`` before the first reset)."""

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(size of the game's action space)``."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game with ``seed`` (an int in ``[0, 2**64)``; random when ``None``)."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**64)
        self.state_ = self.game.new_game(self.rules, seed=seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._totals = rl.total_returns(self.game, self.state_)
        self._returns = self._returns_of(self.state_)
        self._rewarded = False
        self._select()
        if self._mask_in_info:
            for agent in self.agents:
                self.infos[agent]["action_mask"] = self._no_mask.copy()
            self._tell_mask(None)

    def _select(self) -> None:
        seat = self.game.to_move(self.state_)
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def _tell_mask(self, before: str | None) -> None:
        # action_mask="info": the mask of the agent to move in its info, zeros in the
        # info of the agent that moved before.
        infos = self.infos
        if before is not None and before in infos:
            infos[before]["action_mask"] = self._no_mask.copy()
        agent = self.agent_selection
        if agent in infos:
            mask = self._observe_with_mask(agent)["action_mask"]
            infos[agent]["action_mask"] = mask

    def _legal(self) -> Any:
        # The legal actions of the current state, worked out once a state: the mask as
        # bytes from the game's mask maker, or else a rl._Legal of its legal moves.
        state = self.state_
        if self._legal_of is not state:
            legal: Any = None if self._mask_of is None else self._mask_of(state)
            if legal is None:
                legal = self._legal_of_moves(self.game.legal_moves(state))
            self._legal_now = legal
            self._legal_of = state
        return self._legal_now

    def observe(self, agent: str) -> Any:
        """
        The observation of ``agent``: its view's encoding and its action mask (the
        encoding alone with ``action_mask="info"``).
        """
        if self._mask_in_info:
            return self._observe_state(self.state_, self._seats[agent])
        return self._observe_with_mask(agent)

    def _observe_with_mask(self, agent: str) -> dict[str, Any]:
        state = self.state_
        if agent == self.agent_selection:  # once the game is over, it has no legal moves
            # _legal() inlined: this runs at every step.
            if self._legal_of is state:
                legal = self._legal_now
            else:
                mask_of = self._mask_of
                legal = None if mask_of is None else mask_of(state)
                if legal is None:
                    legal = self._legal_of_moves(self.game.legal_moves(state))
                self._legal_now = legal
                self._legal_of = state
            # Both arrays are the caller's own: a shared mask is copied.
            if type(legal) is bytes:
                kept = self._mask_arrays.get(id(legal))
                if kept is not None and kept[0] is legal and kept[1] is not None:
                    mask = kept[1].copy()
                else:
                    mask = self._mask(legal, kept)
            else:
                mask = legal.mask.copy()
        else:
            mask = self._no_mask.copy()
        return {"observation": self._observe_state(state, self._seats[agent]), "action_mask": mask}

    def _mask(self, legal: bytes, kept: tuple[bytes, Any] | None) -> Any:
        # A new array of the mask maker's mask ``legal`` (``kept``: its entry, if any).
        # A mask met a second time keeps its array; the first time only its bytes are
        # noted, so a maker that makes new bytes at every call costs little here.
        arrays = self._mask_arrays
        if kept is not None and kept[0] is legal:
            array = _frombuffer(legal, _int8)
            arrays[id(legal)] = (legal, array)
            return array.copy()
        if len(arrays) >= _MASK_ARRAYS:
            arrays.clear()
        arrays[id(legal)] = (legal, None)
        return _frombuffer(bytearray(legal), _int8)

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to move (``None`` once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        state = self.state_
        legal = self._legal_now if self._legal_of is state else self._legal()
        try:
            code = operator.index(action)  # type: ignore[arg-type] # an int or a numpy integer
            if type(legal) is bytes:
                if code < 0 or not legal[code]:  # IndexError past the end
                    raise ValueError
                move = self._moves[code]
                if move is None:
                    move = self._moves[code] = self._decode(code)
            else:
                move = legal.moves[legal.codes.index(code)]
        except (TypeError, ValueError, IndexError):
            raise ValueError(f"action {action!r} is not legal now") from None
        self._cumulative_rewards[agent] = 0.0
        state = self.state_ = game.apply(state, move)
        returns = self._returns_of(state)
        if returns == self._returns:  # no score changed (compares shared tuples fast)
            if self._rewarded:
                rewards = self.rewards
                for name in rewards:
                    rewards[name] = 0.0
                self._rewarded = False
        else:
            # The reward of a step is the change of every seat's total return, so the
            # rewards of a round add up to its entry in rl.returns_by_round.
            rewards = self.rewards
            self._returns = returns
            totals = rl.total_returns(game, state)
            sign = self._sign
            for seat, name in enumerate(self.possible_agents):
                rewards[name] = sign * (totals[seat] - self._totals[seat])
            self._totals = totals
            self._rewarded = True
            self._accumulate_rewards()
        mover = game.to_move(state)
        if mover is not None:
            self.agent_selection = self.possible_agents[mover]
            if self._mask_in_info:
                self._tell_mask(agent)
        else:  # nobody to move: the game is over (the Game protocol's contract)
            self.terminations = dict.fromkeys(self.agents, True)
            outcome = game.outcome(state)
            for name in self.agents:
                self.infos[name] = {"outcome": outcome}
                if self._mask_in_info:
                    self.infos[name]["action_mask"] = self._no_mask.copy()

    def render(self) -> Any:
        """
        The view of the seat to move as the game's text: returned
        (``render_mode="ansi"``) or printed (``render_mode="human"``); or as its picture
        in pixels (``render_mode="rgb_array"``).
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        if self.render_mode == "rgb_array":
            if self.state_ is None:
                return None
            view = self.game.view(self.state_, self._seats[self.agent_selection])
            return svg.to_rgb_array(svg.render_svg(view, game=self.game))
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        if self.state_ is None:
            return ""
        seat = self._seats[self.agent_selection]
        view = self.game.view(self.state_, seat)
        if self.game.render_view is None:
            return repr(view)
        return self.game.render_view(view, f"{self.agent_selection} to move")

    def close(self) -> None:
        """Nothing to free."""
