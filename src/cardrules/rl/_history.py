"""
Perfect-recall information states: what every seat saw (public through
:mod:`cardrules.rl`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from cardrules import _fastobs
from cardrules.errors import CardrulesError
from cardrules.game import AnyGame

if TYPE_CHECKING:
    pass
from cardrules.rl._numbers import _encoder, _numpy, action_space, observation

__all__ = [
    "InformationState",
    "Trajectory",
    "information_state",
]

_UNTOLD = 4096  # moves a Trajectory keeps before it works out every seat's events
_JOIN = 64  # lines of a seat's history joined at a time (see Trajectory._parts)


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
        # The moves, copy on write: a copy shares the list, which only grows, and knows
        # how much of it is its own (see moves and _advance).
        self._moves: list[Any] = []
        self._moves_len = 0
        players = game.players(state)
        self._seen: list[list[tuple[bool, Any]]] = [[] for _ in range(players)]
        # The events are worked out when a seat's history is read, not at every move:
        # the moves not yet told, as (before, move, after, mover), and how many of them
        # each seat's _seen already covers. With the game's every-seat events (see
        # _fastobs), a move's entry gets every seat's events as a fifth item when the
        # first seat asks.
        self._untold: list[tuple[Any, ...]] = []
        self._told: list[int] = [0] * players
        self._event_index = {cls: i for i, cls in enumerate(game.event_types)}
        # The game's events, without checking that each move led to its next state (a
        # trajectory makes it so) when the game registered such a way (see _fastobs).
        self._events = _fastobs.lookup_events(game.events, game.apply)
        self._every = _fastobs.lookup_every(game.events, game.apply)
        # Caches, extended lazily: the rendered lines and the counts of each seat.
        self._rendered: list[list[str]] = [[] for _ in range(players)]
        self._counted: list[tuple[int, Any, Any]] = [(0, (), ())] * players
        # A copy shares the lists of _seen and _rendered, which only grow: each
        # trajectory knows how long its own are (_seen_len, _rendered_len), and takes a
        # list of its own, cut to that length, once the other has grown it (_own).
        self._seen_len: list[int] = [0] * players
        self._rendered_len: list[int] = [0] * players
        # Each seat's rendered lines joined, as (lines joined, text): extended, not
        # joined again, as the history grows.
        self._joined: list[tuple[int, str]] = [(0, "")] * players
        self._encode: Any = None  # the memo of the action space's encode, once needed

    def copy(self) -> Trajectory:
        """An independent copy of the trajectory."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._seen = list(self._seen)
        other._seen_len = list(self._seen_len)
        other._untold = list(self._untold)
        other._told = list(self._told)
        other._rendered = list(self._rendered)
        other._rendered_len = list(self._rendered_len)
        other._counted = list(self._counted)
        other._joined = list(self._joined)
        return other

    @property
    def moves(self) -> list[Any]:
        """Every move played, in order (a new list each time: the trajectory's own list
        is shared with its copies)."""
        return self._moves[: self._moves_len]

    @moves.setter
    def moves(self, moves: list[Any]) -> None:
        self._moves = moves
        self._moves_len = len(moves)

    @staticmethod
    def _own(lists: list[list[Any]], lengths: list[int], seat: int) -> list[Any]:
        # The list of ``seat`` in ``lists``, this trajectory's own if a copy grew it.
        items = lists[seat]
        if len(items) != lengths[seat]:
            items = lists[seat] = items[: lengths[seat]]
        return items

    def __deepcopy__(self, memo: dict[int, Any]) -> Trajectory:
        # States, moves and events are immutable: a copy of the lists is deep enough.
        return self.copy()

    def apply(self, move: Any) -> None:
        """Play ``move`` (it must be legal) and record what every seat saw."""
        self._advance(move, self.game.apply(self.state, move))

    def _advance(self, move: Any, after: Any) -> None:
        # Record ``move``, legal in the current state, as leading to ``after``, the
        # state ``game.apply`` gives (worked out before: states are immutable).
        before = self.state
        seat = self.game.to_move(before)
        self._untold.append((before, move, after, seat))
        moves, done = self._moves, self._moves_len
        if len(moves) != done and not (moves[done] is move or moves[done] == move):
            # A copy went another way: take a list of our own. (When it played the same
            # move, the list already holds ours: keep sharing it.)
            moves = self._moves = moves[:done]
        if len(moves) == done:
            moves.append(move)
        self._moves_len = done + 1
        self.state = after
        if len(self._untold) >= _UNTOLD:  # keep few states alive: tell every seat now
            self._tell_all()

    def _seen_by(self, seat: int) -> list[tuple[bool, Any]]:
        # What ``seat`` saw, its events worked out up to the last move.
        seen = self._own(self._seen, self._seen_len, seat)
        untold = self._untold
        start = self._told[seat]
        if start < len(untold):
            events, every = self._events, self._every
            if every is not None:  # every seat's events, worked out once for a move
                for k in range(start, len(untold)):
                    entry = untold[k]
                    if len(entry) == 4:
                        entry = untold[k] = (*entry, every(entry[0], entry[1], entry[2]))
                    if entry[3] == seat:
                        seen.append((True, entry[1]))
                    seen += [(False, event) for event in entry[4][seat]]
            else:
                for before, move, after, mover in untold[start:]:
                    if mover == seat:
                        seen.append((True, move))
                    if events is not None:
                        seen += [(False, event) for event in events(before, move, after, seat)]
            self._seen_len[seat] = len(seen)
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
        seen = self._seen_by(seat)
        lines = self._own(self._rendered, self._rendered_len, seat)
        for own, item in seen[len(lines) :]:
            if own:
                lines.append(f"you: {render_move(item)}")
            elif render_event is not None:
                lines.append(render_event(item, seat))
            else:
                lines.append(str(item))
        self._rendered_len[seat] = len(lines)
        return lines

    def _parts(self, seat: int) -> list[str]:
        # The rendered lines of ``seat``, fewer: most of them joined by newlines into one
        # (the first item), the last few as they are; joining the items by newlines gives
        # the information state text's history. The joined part grows by _JOIN lines at
        # a time: the text is long (linear in the game), and asked at every position, so
        # joining it all again each time would copy it twice (and every copy of the
        # trajectory would keep one more long text alive).
        lines = self._lines(seat)
        done, text = self._joined[seat]
        if len(lines) - done >= _JOIN:
            new = "\n".join(lines[done:])
            text = f"{text}\n{new}" if done else new
            done = len(lines)
            self._joined[seat] = (done, text)
        return [text, *lines[done:]] if done else lines[done:]

    def _counts(self, seat: int, size: int) -> tuple[Any, Any]:
        # How often ``seat`` played each action and saw each kind of event, as float32
        # arrays (shared with later calls: not to be changed by the caller).
        done, actions, kinds = self._counted[seat]
        seen = self._seen_by(seat)
        if done == len(seen) and len(actions) == size:
            return actions, kinds
        numpy = _numpy()
        # The arrays of the counts so far are shared (with the trajectory's copies): one
        # is copied before it changes, and only if it does (a seat's own actions change
        # at its own moves only; the action space can be large).
        mine_actions = mine_kinds = False
        if len(actions) != size:
            done = 0
            actions = numpy.zeros(size, numpy.float32)
            kinds = numpy.zeros(len(self._event_index), numpy.float32)
            mine_actions = mine_kinds = True
        encode = self._encode
        if encode is None:
            encode = self._encode = _encoder(action_space(self.game, self.state.rules))
        for own, item in seen[done:]:
            if own:
                if not mine_actions:
                    actions, mine_actions = actions.copy(), True
                actions[encode(item)] += 1
            else:
                index = self._event_index.get(type(item))
                if index is not None:
                    if not mine_kinds:
                        kinds, mine_kinds = kinds.copy(), True
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
    view = game.view(history.state, seat)
    tensor, layout = _information_tensor(game, seat, history, view)
    return InformationState(
        text=_information_text(game, seat, history, view), tensor=tensor, layout=layout
    )


def _information_text(game: AnyGame, seat: int, history: Trajectory, view: Any = None) -> str:
    # The text of information_state (for the adapters, which may want it alone).
    if view is None:
        view = game.view(history.state, seat)
    head = game.render_view(view, "you") if game.render_view is not None else repr(view)
    return _with_history(head, history, seat)


def _with_history(head: str, history: Trajectory, seat: int) -> str:
    # ``head``, a line "seen:", then every line of ``seat``'s history (for the adapters):
    # joined at once, so that the long history is copied once.
    parts = history._parts(seat)
    if not parts or (len(parts) == 1 and not parts[0]):  # no history text
        return f"{head}\nseen:"
    return "\n".join([f"{head}\nseen:", *parts])


def _information_tensor(
    game: AnyGame, seat: int, history: Trajectory, view: Any = None
) -> tuple[Any, tuple[tuple[str, int], ...]]:
    # The tensor and layout of information_state (for the adapters, which may want it alone).
    if game.actions is None or game.observation is None:
        return None, ()
    numpy = _numpy()
    if view is None:
        view = game.view(history.state, seat)
    obs = observation(game, view).reshape(-1)
    size = action_space(game, view.rules).size
    actions, kinds = history._counts(seat, size)
    tensor = numpy.concatenate([obs, actions, kinds])
    return tensor, (("observation", obs.size), ("own_actions", size), ("events", len(kinds)))
