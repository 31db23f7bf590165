"""
Play many seeded games with bots, on one core, local processes or a Dask cluster.

:func:`simulate` streams one :class:`GameResult` per game, in the order of the games,
and :class:`Summary` folds them into a table as they come. Game ``i`` is dealt with the
seed ``seed + i`` and its bots are seeded from that seed and their seat only, so the
results are the same, bit for bit, whatever runs them: in this process, with
``jobs=2``, or on a cluster through ``executor=dask.distributed.Client(...)``, and
whatever the ``chunk`` size. Memory stays flat in the number of games: games are handed
out in chunks, a bounded number at a time, and nothing is kept once it is summarised.

>>> import cardrules
>>> from cardrules.simulation import Summary, simulate
>>> game = next(iter(cardrules.GAMES.values()))
>>> summary = Summary.of(simulate(game, games=20, seed=3), game=game, bots=("random",))
>>> summary.games, summary.seed
(20, 3)
"""

from __future__ import annotations

import json
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import BrokenExecutor, Future, ProcessPoolExecutor
from typing import Any, Literal, Protocol

import attrs

from cardrules._registry import get_game
from cardrules.bots import _seat_seed, make_bot, play_game
from cardrules.errors import CardrulesError, RulesError
from cardrules.game import AnyGame

__all__ = [
    "GameResult",
    "Simulation",
    "SimulationError",
    "Submitter",
    "Summary",
    "dask_client",
    "seat_bots",
    "simulate",
]

_TWO64 = 1 << 64
_RETRIES = 3


class SimulationError(CardrulesError):
    """A game raised, and the run was asked to stop (``on_error="stop"``), or a chunk of
    games could not be run at all."""


class Submitter(Protocol):
    """
    What :func:`simulate` needs of an executor: ``submit(fn, *args)`` returning a future
    with ``result()``. A :class:`concurrent.futures.Executor` and a
    ``dask.distributed.Client`` both are one.
    """

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Any:
        """Run ``fn(*args)`` somewhere; return a future of its result."""


@attrs.frozen
class GameResult:
    """
    How one simulated game ended, or the error it raised.

    >>> r = GameResult(index=0, seed=7, winners=(1,), scores=(0, 3), moves=12, reason="normal")
    >>> r.error is None, r.cut_rounds
    (True, 0)
    """

    index: int
    """The game's number in the run, from 0."""
    seed: int
    """The seed it was dealt with: the run's ``seed + index``."""
    winners: tuple[int, ...]
    """The winning seats, in order."""
    scores: tuple[int, ...]
    """The final score of every seat."""
    moves: int
    """How many moves the game took."""
    reason: str
    """How it ended (``Outcome.reason``), or ``"error"``."""
    cut_rounds: int = 0
    """How many rounds a turn limit cut."""
    error: str | None = None
    """For a game that raised: the exception's type and message."""


def seat_bots(bots: Sequence[str], index: int, *, rotate: bool) -> tuple[str, ...]:
    """
    The bot of every seat in game ``index`` of a run.

    Without ``rotate`` every game has ``bots`` as given; with it, game ``i`` turns the
    line-up ``i`` seats to the left, so that over every ``len(bots)`` games each bot
    plays each seat equally often.

    >>> seat_bots(("a", "b", "c"), 1, rotate=True)
    ('b', 'c', 'a')
    """
    names = tuple(bots)
    if not rotate or not names:
        return names
    k = index % len(names)
    return names[k:] + names[:k]


def _play_chunk(
    name: str,
    rules: Any,
    bots: tuple[str, ...],
    seed: int,
    rotate: bool,
    start: int,
    stop: int,
) -> list[GameResult]:
    """Play games ``start .. stop - 1`` of a run (in a worker process or inline)."""
    game = get_game(name)
    out = []
    for index in range(start, stop):
        game_seed = seed + index
        lineup = seat_bots(bots, index, rotate=rotate)
        try:
            players = [
                make_bot(b, game, seed=_seat_seed(game_seed, s)) for s, b in enumerate(lineup)
            ]
            state, moves = play_game(game, players, seed=game_seed, rules=rules)
            outcome = game.outcome(state)
            assert outcome is not None
        except Exception as exc:  # reported with its seed; the run goes on
            error = f"{type(exc).__name__}: {exc}"[:500]
            out.append(GameResult(index, game_seed, (), (), 0, "error", 0, error))
            continue
        out.append(
            GameResult(
                index,
                game_seed,
                tuple(sorted(outcome.winners)),
                tuple(outcome.scores),
                len(moves),
                outcome.reason,
                len(outcome.cut_rounds),
            )
        )
    return out


def _ignore_sigint() -> None:  # pragma: no cover - runs in worker processes
    # The parent handles Ctrl-C; workers stay quiet instead of printing tracebacks.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _bot_names(game: AnyGame, rules: Any, bots: Sequence[str]) -> tuple[str, ...]:
    players = game.players(game.new_game(rules, seed=0))
    names = tuple(bots)
    if not names or not all(isinstance(b, str) for b in names):
        raise RulesError("bots must name at least one bot, for example ('random',)")
    if len(names) > players:
        raise RulesError(f"{len(names)} bots for {players} seats")
    # The last name fills the remaining seats: ("greedy", "random") is one greedy bot.
    return names + names[-1:] * (players - len(names))


class Simulation(Iterator[GameResult]):
    """
    A run of :func:`simulate`: the results of its games, in order, and what was played.

    Iterate it for the :class:`GameResult` of every game; :meth:`Summary.of` reads the
    game, the bot of every seat and the rules from it.

    >>> run = simulate("beggar", games=2, bots=("random",))
    >>> run.game, run.bots, run.seed
    ('beggar', ('random', 'random'), 0)
    >>> [r.index for r in run]
    [0, 1]
    """

    game: str
    """The game's registered name."""
    bots: tuple[str, ...]
    """The bot of every seat, the last one given filling the remaining seats."""
    rules: Any
    """The rules played."""
    seed: int
    """The seed of game 0."""
    rotate: bool
    """Whether the seats turn from game to game (see :func:`seat_bots`)."""

    def __init__(
        self,
        results: Iterator[GameResult],
        *,
        game: str,
        bots: tuple[str, ...],
        rules: Any,
        seed: int,
        rotate: bool,
    ) -> None:
        self._results = results
        self.game, self.bots, self.rules, self.seed, self.rotate = game, bots, rules, seed, rotate

    def __next__(self) -> GameResult:
        """The next game's result."""
        return next(self._results)

    def close(self) -> None:
        """Stop the run: give up the games not yet played and free their workers."""
        close = getattr(self._results, "close", None)
        if close is not None:
            close()


def simulate(
    game: AnyGame | str,
    *,
    games: int,
    rules: Any = None,
    bots: Sequence[str] = ("random",),
    seed: int = 0,
    jobs: int = 1,
    executor: Submitter | None = None,
    chunk: int | None = None,
    on_error: Literal["report", "stop"] = "report",
    rotate: bool = False,
) -> Simulation:
    """
    Play ``games`` seeded games with bots and yield their results in order.

    The arguments are checked at once; the games are played as the result is iterated.

    Args:
        game: the game, or its registered name.
        games: how many games; game ``i`` is dealt with ``seed + i``.
        rules: the game's ``Rules``; ``None`` for the defaults.
        bots: bot names (see :data:`cardrules.bots.BOTS`), seat 0 first; the last
            one fills the remaining seats.
        seed: the seed of game 0.
        jobs: with no ``executor``, how many local worker processes (1: this process).
            A worker that dies is replaced and its games are played again.
        executor: where to run: a :class:`concurrent.futures.Executor`, or a
            ``dask.distributed.Client`` (which reruns the games of a worker that died).
            Workers find the game by its registered name.
        chunk: games per task. By default tasks of up to 256 games, an eighth of
            each worker's share of the run, that shrink towards its end (to at most a
            quarter of each worker's share of the games left) so that the workers
            finish together: the last tasks hold one game each.
        on_error: ``"report"`` yields a game that raised as a result with its
            ``error`` set and goes on; ``"stop"`` raises :class:`SimulationError`.
        rotate: turn the seats from game to game (see :func:`seat_bots`), as a
            tournament does.

    Raises:
        RulesError: for a bad count, seed or bot list.
        SimulationError: see ``on_error``; or a chunk failed :data:`_RETRIES` times.

    >>> import cardrules
    >>> game = next(iter(cardrules.GAMES.values()))
    >>> [r.seed for r in simulate(game, games=3, seed=10)]
    [10, 11, 12]
    """
    resolved = get_game(game) if isinstance(game, str) else game
    if type(games) is not int or games < 0:
        raise RulesError(f"games must be an int >= 0, not {games!r}")
    if type(seed) is not int or seed < 0 or seed + games > _TWO64:
        raise RulesError("seed must be an int >= 0 with seed + games <= 2**64")
    if type(jobs) is not int or jobs < 1:
        raise RulesError(f"jobs must be an int >= 1, not {jobs!r}")
    if chunk is not None and (type(chunk) is not int or chunk < 1):
        raise RulesError(f"chunk must be None or an int >= 1, not {chunk!r}")
    rules = resolved.Rules() if rules is None else rules
    names = _bot_names(resolved, rules, bots)
    jobs = min(jobs, max(1, games))
    workers = jobs if executor is None else _workers(executor)
    # In this process a chunk is one game (results come as they are played); workers
    # get chunks large enough to keep their overhead small, small enough to balance.
    parallel = executor is not None or jobs > 1
    if chunk is not None or not parallel:
        spans = _spans(games, chunk or 1, None)
    else:
        spans = _spans(games, max(1, min(256, games // (workers * 8))), workers * 4)
    args = (resolved.name, rules, names, seed, rotate)
    if not parallel:
        results: Iterator[GameResult] = (
            r for start, stop in spans for r in _play_chunk(*args, start, stop)
        )
    else:
        results = _run_parallel(args, spans, executor, jobs, window=workers * 4)
    return Simulation(
        _checked(results, on_error),
        game=resolved.name,
        bots=names,
        rules=rules,
        seed=seed,
        rotate=rotate,
    )


def _spans(games: int, size: int, parts: int | None) -> Iterator[tuple[int, int]]:
    """
    The tasks of a run as ``(start, stop)`` game indices, in order: ``size`` games
    each; with ``parts``, never more than the games left over ``parts`` (rounded up),
    so that the tasks shrink towards the end and no worker is left with a long last
    one while the others wait.

    >>> list(_spans(10, 4, None))
    [(0, 4), (4, 8), (8, 10)]
    >>> list(_spans(10, 4, 4))
    [(0, 3), (3, 5), (5, 7), (7, 8), (8, 9), (9, 10)]
    """
    start = 0
    while start < games:
        step = size if parts is None else min(size, -(-(games - start) // parts))
        yield start, min(games, start + step)
        start += step


def _checked(
    results: Iterator[GameResult], on_error: Literal["report", "stop"]
) -> Iterator[GameResult]:
    """The results, raising :class:`SimulationError` at an error if asked to stop."""
    for result in results:
        if result.error is not None and on_error == "stop":
            raise SimulationError(
                f"game {result.index} (seed {result.seed}) raised {result.error}"
            )
        yield result


def _workers(executor: Submitter) -> int:
    """How many workers an executor has, as well as it can be told."""
    count = getattr(executor, "_max_workers", None)
    if isinstance(count, int) and count > 0:
        return count
    nthreads = getattr(executor, "nthreads", None)  # dask.distributed.Client
    if callable(nthreads):
        try:
            return max(1, int(sum(nthreads().values())))
        except Exception:  # pragma: no cover - a client that cannot answer
            return os.cpu_count() or 1
    return os.cpu_count() or 1


def _run_parallel(
    args: tuple[str, Any, tuple[str, ...], int, bool],
    spans: Iterable[tuple[int, int]],
    executor: Submitter | None,
    jobs: int,
    *,
    window: int,
) -> Iterator[GameResult]:
    """Run chunks on an executor, at most ``window`` at a time, yielding in order."""
    owned: ProcessPoolExecutor | None = None
    pool: Submitter
    if executor is None:
        owned = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_sigint)
        pool = owned
    else:
        pool = executor
    pending: deque[tuple[tuple[int, int], Any, int]] = deque()
    todo = iter(spans)
    finished = False
    try:
        while True:
            while len(pending) < window:
                span = next(todo, None)
                if span is None:
                    break
                pending.append((span, pool.submit(_play_chunk, *args, *span), 0))
            if not pending:
                finished = True
                return
            span, future, tries = pending.popleft()
            try:
                chunk_results: list[GameResult] = future.result()
            except BrokenExecutor:
                # A worker died: nothing of this chunk was counted. Replace our own pool
                # and play every unfinished chunk again; a pool we do not own is the
                # caller's to mend.
                if owned is None or tries + 1 >= _RETRIES:
                    raise SimulationError(
                        f"games {span[0]} to {span[1] - 1} could not be played: a worker died"
                    ) from None
                owned.shutdown(wait=True, cancel_futures=True)
                owned = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_sigint)
                pool = owned
                again = [(span, tries + 1)] + [(s, t) for s, _, t in pending]
                pending.clear()
                for s, t in again:
                    pending.append((s, pool.submit(_play_chunk, *args, *s), t))
                continue
            yield from chunk_results
    finally:
        for _, future, _ in pending:
            if isinstance(future, Future):
                future.cancel()
        if owned is not None:
            # Every chunk done: wait for the idle pool to close, so that nothing of it is
            # left for the interpreter's exit (CPython 3.11 may then print "Bad file
            # descriptor" from a pool shut down without waiting). Stopped early, do not
            # wait for chunks still running.
            owned.shutdown(wait=finished, cancel_futures=True)


@attrs.define
class Summary:
    """
    A running table of a simulation: wins, scores, lengths and endings per seat.

    Fold results in with :meth:`add` (or build one with :meth:`of`); the table depends
    only on the results, not on their order or where they were played.

    >>> s = Summary(game="g", players=2, seed=0, bots=("random", "random"))
    >>> s.add(GameResult(index=0, seed=0, winners=(1,), scores=(2, 5), moves=9, reason="normal"))
    >>> s.wins, s.mean_scores()
    ([0, 1], [2.0, 5.0])
    """

    game: str
    """The game's name."""
    players: int
    """Seats per game."""
    seed: int
    """The seed of game 0."""
    bots: tuple[str, ...]
    """The bot of every seat."""
    rules: Any = None
    """The rules played (as plain data in :meth:`to_dict`)."""
    games: int = 0
    """Games summarised, errors included."""
    wins: list[int] = attrs.Factory(list)
    """Wins per seat; a tie counts for every tied seat."""
    sole_wins: list[int] = attrs.Factory(list)
    """Wins per seat without a tie."""
    score_totals: list[int] = attrs.Factory(list)
    """Scores added up per seat."""
    no_winner: int = 0
    """Games that ended without a winner."""
    move_total: int = 0
    """Moves added up over every game."""
    move_max: int = 0
    """The longest game, in moves."""
    reasons: dict[str, int] = attrs.Factory(dict)
    """How games ended, counted."""
    cut_rounds: int = 0
    """Rounds cut by a turn limit, over every game."""
    errors: list[GameResult] = attrs.Factory(list)
    """The first 100 games that raised (the count is in ``reasons["error"]``)."""

    def __attrs_post_init__(self) -> None:
        for row in (self.wins, self.sole_wins, self.score_totals):
            row.extend([0] * (self.players - len(row)))

    @classmethod
    def of(
        cls,
        results: Iterable[GameResult],
        *,
        game: AnyGame | None = None,
        bots: Sequence[str] = (),
        rules: Any = None,
    ) -> Summary:
        """
        Summarise ``results``; the seed of game 0 comes from the first one.

        The game, the bots and the rules default to those of ``results`` when it is a
        :class:`Simulation` (what :func:`simulate` returns); name them to summarise other
        results. A tournament turns its seats, so it names no bot per seat.

        >>> Summary.of([]).games
        0
        >>> print(Summary.of(simulate("beggar", games=3)).format().splitlines()[0])
        beggar: 3 games, 2 players, seeds 0 to 2
        """
        name = ""
        if isinstance(results, Simulation):
            name = results.game
            bots = bots or (() if results.rotate else results.bots)
            rules = results.rules if rules is None else rules
        if game is not None:
            name = game.name
        summary = cls(game=name, players=len(bots), seed=0, bots=tuple(bots), rules=rules)
        for result in results:
            if summary.games == 0:
                summary.seed = result.seed - result.index
            summary.add(result)
        return summary

    def add(self, result: GameResult) -> None:
        """Fold one game into the table."""
        self.games += 1
        self.reasons[result.reason] = self.reasons.get(result.reason, 0) + 1
        if result.error is not None:
            if len(self.errors) < 100:
                self.errors.append(result)
            return
        if len(result.scores) > self.players:
            grow = len(result.scores) - self.players
            for row in (self.wins, self.sole_wins, self.score_totals):
                row.extend([0] * grow)
            self.players = len(result.scores)
        for s in result.winners:
            self.wins[s] += 1
        if len(result.winners) == 1:
            self.sole_wins[result.winners[0]] += 1
        if not result.winners:
            self.no_winner += 1
        for s, score in enumerate(result.scores):
            self.score_totals[s] += score
        self.move_total += result.moves
        self.move_max = max(self.move_max, result.moves)
        self.cut_rounds += result.cut_rounds

    @property
    def played(self) -> int:
        """Games that finished (``games`` less the errors)."""
        return self.games - self.reasons.get("error", 0)

    def mean_scores(self) -> list[float]:
        """The mean score of every seat over the finished games."""
        n = self.played
        return [round(t / n, 3) if n else 0.0 for t in self.score_totals]

    def to_dict(self) -> dict[str, Any]:
        """
        The table as plain JSON data, the same for the same results wherever they ran.

        >>> Summary(game="g", players=1, seed=0, bots=("random",)).to_dict()["win_rate"]
        [0.0]
        """
        n = self.played
        rules = self.rules
        rules_data = attrs.asdict(rules) if attrs.has(type(rules)) else rules
        data: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "bots": list(self.bots),
            "rules": rules_data,
            "wins": list(self.wins),
            "sole_wins": list(self.sole_wins),
            "win_rate": [round(w / n, 4) if n else 0.0 for w in self.wins],
            "mean_score": self.mean_scores(),
            "no_winner": self.no_winner,
            "moves": {
                "mean": round(self.move_total / n, 2) if n else 0.0,
                "max": self.move_max,
            },
            "reasons": dict(sorted(self.reasons.items())),
            "cut_rounds": self.cut_rounds,
        }
        if self.errors:
            data["errors"] = [
                {"index": r.index, "seed": r.seed, "error": r.error} for r in self.errors
            ]
        return data

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict(), default=str)

    def format(self) -> str:
        """The table as text, one line per seat."""
        d = self.to_dict()
        last = self.seed + self.games - 1
        lines = [
            f"{self.game}: {self.games} games, {self.players} players, "
            f"seeds {self.seed} to {last}",
            "",
            "seat  bot     wins  win rate  sole wins  mean score",
        ]
        for s in range(self.players):
            bot = self.bots[s] if s < len(self.bots) else "?"
            lines.append(
                f"{s:>4}  {bot:<6} {d['wins'][s]:>5}  "
                f"{100 * d['win_rate'][s]:>7.1f}%  {d['sole_wins'][s]:>9}  "
                f"{d['mean_score'][s]:>10.2f}"
            )
        lines.append("")
        lines.append("a tie counts as a win for every tied seat")
        if self.no_winner:
            lines.append(f"games without a winner: {self.no_winner}")
        lines.append(f"moves per game: mean {d['moves']['mean']:.1f}, max {self.move_max}")
        ended = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in d["reasons"].items())
        lines.append(f"how games ended: {ended}")
        lines.append(f"rounds cut by a limit: {self.cut_rounds}")
        for r in self.errors[:5]:
            lines.append(f"game {r.index} (seed {r.seed}) raised {r.error}")
        return "\n".join(lines)


_LOCAL_WORKER_CONFIG: dict[str, Any] = {
    # The statistical profiler samples the stack of the running task every 10 ms.
    "distributed.worker.profile.enabled": False,
    # The system monitor (every 500 ms) and the memory monitor (every 100 ms).
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
    # The event loop's own watchdog wakes every 20 ms, taking the GIL from the game.
    "distributed.admin.tick.interval": "200ms",
}
"""The Dask settings of the ``LocalCluster`` that ``dask_client("local")`` starts (the
how-to "Run a million games on a cluster" gives them for a cluster of your own)."""


def dask_client(address: str, *, workers: int = 2) -> Any:
    """
    A ``dask.distributed.Client`` for :func:`simulate`'s ``executor``.

    Args:
        address: a scheduler address (``"tcp://scheduler:8786"``), or ``"local"`` to
            start a ``LocalCluster`` of ``workers`` single-threaded worker processes on
            this machine (closed with the client).
        workers: the size of a local cluster.

    Raises:
        CardrulesError: if Dask is not installed (``pip install 'cardrules[dask]'``).
    """
    try:
        import dask
        from dask.distributed import Client
    except ImportError:
        raise CardrulesError(
            "running on Dask needs the dask extra: pip install 'cardrules[dask]'"
        ) from None
    if address == "local":
        # A client given no address starts a LocalCluster of its own and closes it
        # when it is closed. Its workers only play games: the settings below (read by
        # the workers as they start) take Dask's sampling profiler and its frequent
        # monitors off the cores that play.
        with dask.config.set(_LOCAL_WORKER_CONFIG):
            return Client(  # type: ignore[no-untyped-call,unused-ignore]
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                # No dashboard, but the scheduler still serves its health and metrics
                # routes, on port 8787 unless told otherwise: a second local cluster on
                # the machine would find it taken (and warn). Any free port will do.
                scheduler_kwargs={"dashboard_address": ":0"},
            )
    return Client(address)  # type: ignore[no-untyped-call,unused-ignore]
