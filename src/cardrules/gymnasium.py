"""
One seat of any game as a single-agent gymnasium environment, the other seats played
by cardrules bots or by any policy.

Install the extra with ``pip install 'cardrules[gymnasium]'``. One line gives an
environment that single-agent learners train on:

>>> from cardrules.gymnasium import SeatEnv
>>> env = SeatEnv("biggenbende", players=4, opponents="greedy")
>>> observation, info = env.reset(seed=1)
>>> observation.shape, observation.dtype, env.action_masks().dtype
((142,), dtype('float32'), dtype('bool'))

- The observation is the seat's view as the game's float32 encoding
  (:func:`cardrules.rl.observation`); the action space is ``Discrete`` over the game's
  action numbers (:func:`cardrules.rl.action_space`).
- :meth:`SeatEnv.action_masks` gives the legal actions as a bool array, the method
  sb3-contrib's ``MaskablePPO`` reads; ``info["action_mask"]`` holds the same mask
  (``int8``, as ``Discrete.sample(mask)`` takes it) for other masked learners.
- A step plays the seat's action, then the other seats until the seat is to move
  again or the game is over. Its reward is the seat's score change over those moves
  as a utility (higher always better: Allegra's points, where the lowest wins, are
  negated, :func:`cardrules.rl.utility_sign`), so an episode's rewards add up to the
  seat's final return. At the end ``info`` holds the game's ``outcome`` and
  ``"won"`` (the seat is among the winners).
- An illegal action (a learner without masks, or ``env.action_space.sample()``)
  ends the episode as a loss: ``terminated``, the reward the lowest final score can
  give less what the seat already won, ``info["illegal"]`` true. Pass
  ``illegal="raise"`` for a :class:`~cardrules.errors.IllegalMoveError` instead.
- ``reset(seed=...)`` deals the game with that seed and seeds the opponents from it,
  so the same seed and actions give the same episode. A deal in which the seat never
  has a move (the game ends first) is passed over for the next seed.
- ``render_mode="ansi"`` returns the seat's view as the game's text;
  ``render_mode="human"`` prints it.

``opponents`` is a bot name (``"random"``, ``"greedy"``, ``"ismcts"``, see
:func:`cardrules.bots.make_bot`), a bot (anything with ``choose(view, moves)``), or a
callable ``policy(view, moves) -> move``; or a list of those, one per other seat in
seat order. Every game is also registered with gymnasium as
``"cardrules/<name>-v0"``: ``gymnasium.make("cardrules/biggenbende-v0", players=4)``.
"""

from __future__ import annotations

from typing import Any

try:
    import gymnasium
    import numpy
except ImportError as _error:  # pragma: no cover - the extra is installed in CI
    raise ImportError(
        "cardrules.gymnasium needs gymnasium: install the extra with "
        "pip install 'cardrules[gymnasium]'"
    ) from _error

import cardrules
from cardrules import bots, rl
from cardrules.errors import CardrulesError, IllegalMoveError
from cardrules.game import AnyGame

__all__ = ["SeatEnv"]

# The observation bounds: float32's whole range (the encodings have no tighter bound
# in general; infinite bounds would make every checker warn).
_LOW, _HIGH = float(numpy.finfo(numpy.float32).min), float(numpy.finfo(numpy.float32).max)


class SeatEnv(gymnasium.Env[Any, Any]):
    """
    One seat of a game as a gymnasium environment (see the module's description).

    Args:
        game: the game or its registered name.
        seat: the learner's seat.
        opponents: the other seats' players: a bot name, a bot, a policy callable, or
            a list of those, one per other seat.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        illegal: ``"lose"`` (an illegal action ends the episode as a loss) or
            ``"raise"``.
        rules_options: the game's ``Rules`` options, for example ``players=4``.

    Raises:
        ~cardrules.errors.CardrulesError: for a seat out of range, an unknown bot
            name or a list of the wrong length.

    >>> from cardrules.gymnasium import SeatEnv
    >>> env = SeatEnv("allegra", players=3, seat=1, opponents=["random", "greedy"])
    >>> int(env.action_space.n), env.seat
    (1232, 1)
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: AnyGame | str,
        *,
        seat: int = 0,
        opponents: Any = "random",
        render_mode: str | None = None,
        illegal: str = "lose",
        **rules_options: Any,
    ) -> None:
        if isinstance(game, str):
            game = cardrules.get_game(game)
        if render_mode not in (None, "ansi", "human"):
            raise CardrulesError(
                f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}"
            )
        if illegal not in ("lose", "raise"):
            raise CardrulesError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.game = game
        """The game."""
        self.rules: Any = game.Rules(**rules_options)
        """The rules every reset deals with."""
        self.render_mode = render_mode
        self._illegal = illegal
        self._players = game.players(game.new_game(self.rules, seed=0))
        if type(seat) is not int or not 0 <= seat < self._players:
            raise CardrulesError(
                f"seat must be an int from 0 to {self._players - 1}, not {seat!r}"
            )
        self.seat = seat
        """The learner's seat."""
        others = [s for s in range(self._players) if s != seat]
        if isinstance(opponents, list | tuple):
            if len(opponents) != len(others):
                raise CardrulesError(
                    f"{len(others)} other seats need as many opponents, not {len(opponents)}"
                )
            chosen = list(opponents)
        else:
            chosen = [opponents] * len(others)
        for opponent in chosen:
            if isinstance(opponent, str) and opponent not in bots.BOTS:
                raise CardrulesError(
                    f"unknown bot {opponent!r}; known bots: {', '.join(bots.BOTS)}"
                )
        self._opponents: dict[int, Any] = dict(zip(others, chosen, strict=True))
        self._space = rl.action_space(game, self.rules)
        self._legal_of = rl._legal_actions(self._space)
        self._observe = rl._observer(game, self.rules)
        spec = rl.observation_spec(game, self.rules)
        self._sign = rl.utility_sign(game)
        low, high = rl.utility_bounds(game, self.rules)
        self._lowest = float(-high if self._sign < 0 else low)
        self.observation_space = gymnasium.spaces.Box(
            low=_LOW, high=_HIGH, shape=tuple(spec.shape), dtype=numpy.float32
        )
        self.action_space = gymnasium.spaces.Discrete(self._space.size)
        self.state_: Any = None
        """The game's current state (``None`` before the first reset)."""
        self._players_now: dict[int, Any] = {}
        self._memories: Any = None
        self._legal: Any = None
        self._total = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal a new game with ``seed`` (random when ``None``) and play up to the seat's turn."""
        super().reset(seed=seed)
        deal = int(self.np_random.integers(2**63)) if seed is None else seed
        game = self.game
        while True:
            self.state_ = game.new_game(self.rules, seed=deal)
            self._players_now = {
                s: _player(o, game, bots._seat_seed(deal, s)) for s, o in self._opponents.items()
            }
            sampling = [
                s for s, p in self._players_now.items() if getattr(p, "samples_worlds", False)
            ]
            self._memories = bots._Memories(game, sampling)
            self._total = self._seat_total()
            self._play_others()
            if not game.is_over(self.state_):
                break
            deal = (deal + 1) % 2**64  # the seat never moved: the next deal
        self._total = self._seat_total()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the seat, then the others up to the seat's next turn."""
        if self.state_ is None or self.game.is_over(self.state_):
            raise CardrulesError("the episode is over: call reset()")
        legal = self._legal_now()
        try:
            code = int(action)
            move = legal.moves[legal.codes.index(code)]
        except (TypeError, ValueError):
            if self._illegal == "raise":
                raise IllegalMoveError(
                    action, "legal moves", f"action {action!r} is not legal now"
                ) from None
            reward = self._lowest - self._sign * self._total
            info = self._info()
            info["illegal"] = True
            return self._observation(), float(reward), True, False, info
        self._apply(move)
        self._play_others()
        total = self._seat_total()
        reward = float(self._sign * (total - self._total))
        self._total = total
        over = self.game.is_over(self.state_)
        info = self._info()
        if over:
            outcome = self.game.outcome(self.state_)
            info["outcome"] = outcome
            info["won"] = outcome is not None and self.seat in outcome.winners
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, over, False, info

    def action_masks(self) -> Any:
        """The legal actions of the seat now, as a bool array (all false once over)."""
        if self.state_ is None or self.game.is_over(self.state_):
            return numpy.zeros(self._space.size, numpy.bool_)
        return self._legal_now().mask.astype(numpy.bool_)

    def render(self) -> str | None:
        """The seat's view as the game's text: returned (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = ""
        if self.state_ is not None:
            view = self.game.view(self.state_, self.seat)
            render_view = self.game.render_view
            text = render_view(view, "you") if render_view is not None else repr(view)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # -- private ----------------------------------------------------------------------

    def _legal_now(self) -> Any:
        state = self.state_
        if self._legal is None or self._legal[0] is not state:
            self._legal = (state, self._legal_of(self.game.legal_moves(state)))
        return self._legal[1]

    def _seat_total(self) -> int:
        return rl.total_returns(self.game, self.state_)[self.seat]

    def _apply(self, move: Any) -> None:
        game = self.game
        before = self.state_
        mover = game.to_move(before)
        self.state_ = game.apply(before, move)
        assert mover is not None
        self._memories.tell(before, move, self.state_, mover)

    def _play_others(self) -> None:
        game = self.game
        while True:
            state = self.state_
            mover = game.to_move(state)
            if mover is None or mover == self.seat:
                return
            moves = game.legal_moves(state)
            player = self._players_now[mover]
            if len(moves) == 1:
                move = moves[0]
            elif getattr(player, "samples_worlds", False):
                move = player.choose_in_worlds(
                    game.view(state, mover), moves, self._memories.worlds(state, mover)
                )
            elif hasattr(player, "choose"):
                view = game.view(state, mover) if getattr(player, "needs_view", True) else None
                move = player.choose(view, moves)
            else:
                move = player(game.view(state, mover), moves)
            self._apply(move)

    def _observation(self) -> Any:
        return self._observe(self.state_, self.seat).reshape(self.observation_space.shape)

    def _info(self) -> dict[str, Any]:
        mask = (
            numpy.zeros(self._space.size, numpy.int8)
            if self.game.is_over(self.state_)
            else self._legal_now().mask.copy()
        )
        return {"action_mask": mask}


def _player(opponent: Any, game: AnyGame, seed: int) -> Any:
    # A bot name gives a new bot for each deal, seeded from it; anything else is kept.
    if isinstance(opponent, str):
        return bots.make_bot(opponent, game, seed=seed)
    return opponent


def _register() -> None:
    for name in cardrules.GAMES:
        ident = f"cardrules/{name}-v0"
        if ident not in gymnasium.registry:
            gymnasium.register(
                id=ident, entry_point="cardrules.gymnasium:SeatEnv", kwargs={"game": name}
            )


_register()
