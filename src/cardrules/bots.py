"""
Computer players for every game, built on the :class:`~cardrules.Game` protocol.

A bot decides from what one seat may know, the seat's ``View``, and the legal
moves; it never sees the full state. Bots are seeded and deterministic: the
same seed and the same sequence of calls give the same choices. A bot keeps
its own :class:`~cardrules.Rng` and may change as it plays; bots are not game
state.

- :class:`RandomBot` picks uniformly among the legal moves, for every game.
- :class:`GreedyBot` follows a simple heuristic for Biggenbende and Allegra,
  takes the only move in Beggar-my-neighbour and plays at random in a game it
  has no heuristic for.

>>> import cardrules
>>> from cardrules.bots import RandomBot, play_game
>>> game = cardrules.get_game("beggar")
>>> state, moves = play_game(game, [RandomBot(seed=1), RandomBot(seed=2)], seed=3)
>>> game.is_over(state)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from cardrules._rng import _below, _mix
from cardrules.errors import CardrulesError, RulesError
from cardrules.game import AnyGame

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot", "play_game"]

BOTS: tuple[str, ...] = ("greedy", "random")
"""The names :func:`make_bot` knows."""

_TWO64 = 1 << 64


@runtime_checkable
class Bot(Protocol):
    """
    Anything that chooses a move from a seat's view and the legal moves.
    """

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """
        Choose one of ``moves``.

        Args:
            view: the ``View`` of the seat to move (what it may know).
            moves: the legal moves, in the game's order; never empty.

        Returns:
            One element of ``moves``.
        """


def _check_seed(seed: object) -> int:
    if type(seed) is not int or not 0 <= seed < _TWO64:
        raise RulesError(f"a bot seed must be an int in [0, 2**64), not {seed!r}")
    return seed


def _check_moves(moves: Sequence[Any]) -> None:
    if not moves:
        raise CardrulesError("a bot cannot choose from no moves; is the game over?")


class RandomBot:
    """
    A bot that picks one of the legal moves uniformly at random.

    Args:
        seed: an int in ``[0, 2**64)``.

    >>> from cardrules.bots import RandomBot
    >>> bot = RandomBot(seed=5)
    >>> [bot.choose(None, "abc") for _ in range(6)]
    ['c', 'b', 'c', 'c', 'b', 'b']
    """

    def __init__(self, *, seed: int) -> None:
        self._state = _check_seed(seed)

    def __repr__(self) -> str:
        return f"RandomBot(<rng {self._state}>)"

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """
        A uniformly random element of ``moves``; with one move, no draw is made.

        Raises:
            ~cardrules.errors.CardrulesError: if ``moves`` is empty.
        """
        _check_moves(moves)
        if len(moves) == 1:
            return moves[0]
        index, self._state = _below(self._state, len(moves))
        return moves[index]


# A heuristic scores the moves for a view; the bot plays a best-scored move,
# drawing among equal bests with its generator.
_Heuristic = Callable[[Any, Sequence[Any]], Sequence[float]]


class GreedyBot:
    """
    A bot with a simple, fast heuristic for one game.

    - Biggenbende: shed the low cards and keep the strong ones for later.
      Play the lowest legal value, every card of it (a play that burns the
      pile by BB-12 gets a bonus); play an 8 (BB-13), and after that a joker
      (BB-6), only when nothing else is legal, one at a time. At the deal lay
      the strongest cards face up (jokers, 8s, then the highest values), since
      the face-up cards are played last (BB-4, BB-7).
    - Allegra: lower the area's sum, counting a face-down card as the mean of
      the unseen cards. Take the discard (AL-6b) when it lowers the sum more
      than a draw is expected to; swap a drawn card in where it lowers the sum
      most (the highest card, or a place that completes a triple, AL-8), else
      discard it and turn up a card; knock (AL-7) only for a card of 1 or less
      that is lower than our lowest visible card; give the card to a knocker
      when taking their lowest card for our highest gains clearly more.

    The heuristics read the views' fields by name; this module imports no game.
    - Beggar-my-neighbour: the only move.
    - Any other game: a random legal move.

    Args:
        game: the game (or its name) the bot plays.
        seed: an int in ``[0, 2**64)``; draws among equally good moves.

    >>> import cardrules
    >>> from cardrules.bots import GreedyBot
    >>> game = cardrules.get_game("biggenbende")
    >>> state = game.new_game(game.Rules(players=3), seed=1)
    >>> bot = GreedyBot(game, seed=0)
    >>> bot.choose(game.view(state, 0), game.legal_moves(state)) in game.legal_moves(state)
    True
    """

    def __init__(self, game: AnyGame | str, *, seed: int) -> None:
        self._game = game if isinstance(game, str) else game.name
        self._state = _check_seed(seed)
        self._heuristic: _Heuristic | None = _HEURISTICS.get(self._game)

    def __repr__(self) -> str:
        return f"GreedyBot({self._game!r}, <rng {self._state}>)"

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """
        A best move by the heuristic; ties are drawn at random.

        Raises:
            ~cardrules.errors.CardrulesError: if ``moves`` is empty.
        """
        _check_moves(moves)
        if len(moves) == 1:
            return moves[0]
        if self._heuristic is None:
            index, self._state = _below(self._state, len(moves))
            return moves[index]
        scores = self._heuristic(view, moves)
        best = max(scores)
        bests = [m for m, s in zip(moves, scores, strict=True) if s == best]
        if len(bests) == 1:
            return bests[0]
        index, self._state = _below(self._state, len(bests))
        return bests[index]


def make_bot(name: str, game: AnyGame | str, *, seed: int) -> Bot:
    """
    A bot by name: ``"random"`` or ``"greedy"`` (see :data:`BOTS`).

    Raises:
        ~cardrules.errors.CardrulesError: for an unknown name.

    >>> from cardrules.bots import make_bot
    >>> make_bot("random", "beggar", seed=1)
    RandomBot(<rng 1>)
    """
    if name == "random":
        return RandomBot(seed=seed)
    if name == "greedy":
        return GreedyBot(game, seed=seed)
    raise CardrulesError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}")


def _seat_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game dealt with ``seed``."""
    # Mixed, so that seats and neighbouring game seeds get unrelated streams
    # (SplitMix64 streams from nearby raw seeds are shifted copies).
    return _mix((_mix(seed) + 0x9E3779B97F4A7C15 * (seat + 1)) % _TWO64)


def play_game(
    game: AnyGame,
    bots: Sequence[Bot],
    *,
    seed: int,
    rules: Any = None,
) -> tuple[Any, tuple[Any, ...]]:
    """
    Play one game to the end with one bot per seat.

    Args:
        game: the game to play.
        bots: the bot of every seat, seat 0 first.
        seed: the seed of the deal.
        rules: the game's ``Rules``; ``None`` for the defaults.

    Returns:
        The final state and every move played.

    Raises:
        ~cardrules.errors.RulesError: if the number of bots is not the number of seats.

    >>> import cardrules
    >>> from cardrules.bots import GreedyBot, RandomBot, play_game
    >>> game = cardrules.get_game("allegra")
    >>> bots = [GreedyBot(game, seed=1), RandomBot(seed=2)]
    >>> state, moves = play_game(game, bots, seed=4, rules=game.Rules(players=2))
    >>> game.outcome(state).reason
    'normal'
    """
    state = game.new_game(game.Rules() if rules is None else rules, seed=seed)
    if len(bots) != game.players(state):
        raise RulesError(f"{game.players(state)} seats need as many bots, not {len(bots)}")
    moves: list[Any] = []
    view, legal_moves, apply, to_move = game.view, game.legal_moves, game.apply, game.to_move
    legal = legal_moves(state)
    while legal:
        seat = to_move(state)
        assert seat is not None
        move = legal[0] if len(legal) == 1 else bots[seat].choose(view(state, seat), legal)
        state = apply(state, move)
        moves.append(move)
        legal = legal_moves(state)
    return state, tuple(moves)


# --- Biggenbende ----------------------------------------------------------
# Cards are values, 0 the joker (BB-1); a View holds count tuples indexed by value.

_BB_JOKER = 0
_BB_EIGHT = 8


def _bb_strength(value: int) -> int:
    """How useful a card is late in a round: jokers and 8s best, then high values."""
    if value == _BB_JOKER:
        return 20
    if value == _BB_EIGHT:
        return 16
    return value


def _greedy_biggenbende(view: Any, moves: Sequence[Any]) -> Sequence[float]:
    discard: tuple[int, ...] = view.discard
    top = discard[-1] if discard else None
    # The run of equal cards on top of the pile (BB-12: a joker breaks it).
    run = 0
    for card in reversed(discard):
        if card != top:
            break
        run += 1
    scores: list[float] = []
    for move in moves:
        kind = type(move).__name__
        if kind == "ChooseFaceUp":
            # BB-4: the face-up cards are played late, when a strong card saves a
            # pick-up; the low cards stay in hand to be shed early.
            values: tuple[int, ...] = move.values
            scores.append(float(sum(_bb_strength(v) for v in values)))
        elif kind == "Play":
            value: int = move.value
            count: int = move.count
            if value == _BB_JOKER:
                # BB-6: a joker goes on anything; keep it for when nothing else does.
                scores.append(-1000.0 - count)
            elif value == _BB_EIGHT:
                # BB-13: an 8 clears the pile; one is enough, keep the rest.
                scores.append(-500.0 - count)
            else:
                score = -10.0 * value + count
                if value == top and run + count >= 3:
                    score += 5.0  # BB-12: a burn, and another play
                scores.append(score)
        else:  # PickUp (forced, BB-9) or TurnFaceDown (blind, BB-11): all alike
            scores.append(0.0)
    return scores


# --- Allegra ---------------------------------------------------------------
# Places are indexed owner * 12 + row * 4 + col; a view's ``cards`` holds the value
# of every face-up card, ``None`` for a face-down card or a removed place (AL-3).

_AL_VALUES = tuple(range(-1, 12))
_AL_DRAW_FLOOR = 0.5  # what discarding a drawn card and revealing one is worth


class _AllegraMind:
    """What one Allegra view tells a greedy player: its area, lines and the odds."""

    def __init__(self, view: Any) -> None:
        self.view = view
        n: int = view.rules.players
        seat: int = view.seat
        left = (seat + 1) % n
        # AL-3: area column 0 is the left neighbour's column 3, then the own columns.
        self.rows = [
            (left * 12 + r * 4 + 3, *(seat * 12 + r * 4 + c for c in range(4))) for r in range(3)
        ]
        self.area = [i for row in self.rows for i in row]
        self.cards: tuple[int | None, ...] = view.cards
        self.face_down: tuple[bool, ...] = view.face_down
        # The cards nobody has seen: the deck minus every visible card (AL-14).
        unseen = list(view.rules.deck)
        visible = [c for c in self.cards if c is not None]
        visible += list(view.discard) + list(view.removed)
        if view.drawn is not None:
            visible.append(view.drawn)
        if view.hand is not None:
            visible.append(view.hand)
        for value in visible:
            unseen[value + 1] = max(0, unseen[value + 1] - 1)
        total = sum(unseen)
        self.odds: list[tuple[int, float]] = [
            (v, c / total) for v, c in zip(_AL_VALUES, unseen, strict=True) if c
        ]
        self.hidden: float = sum(v * p for v, p in self.odds) if total else 5.0
        # AL-8: windows of three places in an area row, and the area columns.
        windows = [row[k : k + 3] for row in self.rows for k in range(3)]
        windows += [tuple(row[c] for row in self.rows) for c in range(5)]
        self.windows_at: dict[int, list[tuple[int, ...]]] = {i: [] for i in self.area}
        for window in windows:
            for i in window:
                self.windows_at[i].append(window)

    def worth(self, index: int) -> float | None:
        """A place's value to the score: face up its card, face down the odds."""
        card = self.cards[index]
        if card is not None:
            return float(card)
        return self.hidden if self.face_down[index] else None

    def gain(self, index: int, value: int) -> float:
        """How much laying ``value`` face up on ``index`` lowers the area's sum."""
        old = self.worth(index)
        if old is None:
            return -100.0  # a removed place (AL-8); not a legal target anyway
        gained = old - value
        removed: set[int] = set()
        for window in self.windows_at.get(index, ()):
            if all(i == index or self.cards[i] == value for i in window):
                removed.update(window)
        # AL-8: a triple leaves the area, taking its value with it.
        return gained + value * len(removed)

    def best_gain(self, value: int) -> float:
        return max(self.gain(i, value) for i in self.area if self.worth(i) is not None)

    def draw_worth(self) -> float:
        """The expected gain of drawing: swap the drawn card in, or discard it."""
        return sum(p * max(self.best_gain(v), _AL_DRAW_FLOOR) for v, p in self.odds)

    def lowest_visible(self, seat: int) -> float:
        n: int = self.view.rules.players
        left = (seat + 1) % n
        places = [left * 12 + r * 4 + 3 for r in range(3)]
        places += [seat * 12 + k for k in range(12)]
        known = [c for c in (self.cards[i] for i in places) if c is not None]
        return float(min(known)) if known else self.hidden


def _index(slot: Any) -> int:
    return int(slot.owner) * 12 + int(slot.row) * 4 + int(slot.col)


def _greedy_allegra(view: Any, moves: Sequence[Any]) -> Sequence[float]:
    mind = _AllegraMind(view)
    top: int | None = view.discard[-1] if view.discard else None
    drawn: int | None = view.drawn
    scores: list[float] = []
    for move in moves:
        kind = type(move).__name__
        if kind == "Take" and top is not None:
            # AL-6b: a low discard that lowers the sum beats an unknown card.
            scores.append(mind.gain(_index(move.slot), top))
        elif kind == "Draw":
            scores.append(mind.draw_worth())
        elif kind == "Swap" and drawn is not None:
            # AL-6a: swap out the highest card (a face-down card counts as the odds).
            scores.append(mind.gain(_index(move.slot), drawn))
        elif kind == "Discard":
            scores.append(_AL_DRAW_FLOOR if move.reveal is not None else 0.0)
        elif kind == "Knock" and drawn is not None:
            # AL-7: the drawer will take one of our cards, likely the lowest;
            # knock only for a card clearly lower than that.
            scores.append(
                1.0 if drawn <= 1 and drawn < mind.lowest_visible(view.seat) - 1 else -1.0
            )
        elif kind == "Pass":
            scores.append(0.0)
        elif kind == "Ignore" and drawn is not None:
            scores.append(max(mind.best_gain(drawn), _AL_DRAW_FLOOR))
        elif kind == "Give" and drawn is not None:
            # The exchange lets us take the knocker's lowest card (or the given one)
            # for our highest; the knocker gains too, so ask for a clear profit.
            low = min(float(drawn), mind.lowest_visible(move.knocker))
            highest = max(w for i in mind.area if (w := mind.worth(i)) is not None)
            scores.append(highest - low - 2.0)
        elif kind == "Place":
            # AL-7 step 1: the old card returns to our area; aim for a triple or
            # a face-down place (one more card known).
            index = _index(move.slot)
            value = view.hand if view.hand is not None else drawn
            bonus = mind.gain(index, value) if value is not None else 0.0
            scores.append(bonus + (1.0 if mind.face_down[index] else 0.0))
        elif kind == "Exchange":
            take = mind.worth(_index(move.take))
            put = mind.worth(_index(move.put))
            card = mind.cards[_index(move.take)]
            if take is None or put is None:
                scores.append(-100.0)
            elif card is not None:
                scores.append(mind.gain(_index(move.put), card))
            else:
                scores.append(put - take)
        else:  # Reveal at the deal (AL-4) and anything unforeseen: all alike
            scores.append(0.0)
    return scores


_HEURISTICS: dict[str, _Heuristic] = {
    "biggenbende": _greedy_biggenbende,
    "allegra": _greedy_allegra,
}
