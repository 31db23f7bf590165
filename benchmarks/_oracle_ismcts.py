"""
Experiment, not a benchmark of the table: how much of ISMCTSBot's result is its
information? (Issue 12: the bot beats GreedyBots in Biggenbende with 3 and 4 players,
not with 5 and 6.)

The *oracle* is the same search (the same ISMCTSBot, options and seeds as
``bench_ismcts.py``) whose every world is the true state instead of a world redealt by
``game.redeal_hidden``: it knows every hand, the face-down cards and the draw pile's
order. It is a cheat, so it lives here and nowhere in the library: the wrapper reads
the state out of the private sampler that :func:`cardrules.bots.play_game` hands a
sampling bot. If even the oracle wins only about its fair share, the limit is the game
(with greedy opponents the decisions matter little), not the bot's sampling.

Every game is played on the same deal and seats as in ``bench_ismcts.py`` (game ``i``
dealt with seed ``i``, the bot in seat ``i mod n``), once a variant: ``oracle``;
``hands`` (true other hands, redealt face-down cards and draw pile: what the other
seats know); ``piles`` (true face-down cards and draw pile, redealt hands: what no seat
knows); ``normal`` (the ISMCTSBot of the table); ``mirror`` (one more GreedyBot in
the seat, the fair share with ties). An earlier ``memory`` variant (worlds that keep
the cards the seat saw another seat pick up) is now what ``normal`` does:
:func:`cardrules.bots.play_game` hands the bot worlds from
``cardrules.biggenbende.redeal_seen``, which also keeps what a forced pick-up showed.
One JSON line a game goes to ``--out`` (so a run can be summed up or resumed), and a
summary with 95% intervals is printed at the end.

Measured 2026-12-01 (``--rounds 1 --widen 6 --iterations 60 --margin 1``, the table's
budget; see bench_ismcts.py's docstring for the figures), before ``redeal_seen``: the
``normal`` figures there are of the bot without memory.

Run: ``python benchmarks/_oracle_ismcts.py --players 5 --games 300 --rounds 1 --widen 6
--iterations 60 --margin 1 [--first-seed 0] [--variants oracle hands piles normal mirror]
[--out FILE]``; ``--summary FILE ...`` only sums up earlier runs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

import cardrules
from cardrules._rng import Rng, _shuffle
from cardrules.biggenbende._cards import counts, expand
from cardrules.bots import Bot, GreedyBot, ISMCTSBot, _seat_seed, play_game
from cardrules.tournament import wilson_interval

VARIANTS = ("oracle", "hands", "piles", "normal", "mirror")


def _redeal_part(state: Any, seat: int, seed: int, part: str) -> Any:
    """A Biggenbende world redealt in one part only: ``"piles"`` the face-down cards and
    the draw pile (what no seat knows), ``"hands"`` the other seats' hands (and, while
    choosing, their face-up choices: what those seats know)."""
    pool: list[int] = []
    if part == "piles":
        pool += state.draw
        for row in state.face_down:
            pool += [c for c in row if c is not None]
    else:
        for s in range(state.rules.players):
            if s != seat:
                pool += expand(state.hands[s])
                if state.phase == "choose":
                    pool += expand(state.face_up[s])
    cards, rng = _shuffle(seed, pool)
    deck = iter(cards)
    if part == "piles":
        face_down = tuple(
            tuple(None if c is None else next(deck) for c in row) for row in state.face_down
        )
        return attrs.evolve(state, rng=Rng(rng), face_down=face_down, draw=tuple(deck))
    hands, face_up = list(state.hands), list(state.face_up)
    for s in range(state.rules.players):
        if s != seat:
            hands[s] = counts(next(deck) for _ in range(sum(hands[s])))
            if state.phase == "choose":
                face_up[s] = counts(next(deck) for _ in range(sum(face_up[s])))
    return attrs.evolve(state, hands=tuple(hands), face_up=tuple(face_up))


class _Oracle:
    """An ISMCTSBot whose every world is the true state (a cheat: experiments only);
    with ``part``, the true state redealt in that part only (see :func:`_redeal_part`)."""

    samples_worlds = True

    def __init__(self, bot: ISMCTSBot, part: str | None = None) -> None:
        self.bot, self.part = bot, part

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        return self.bot.choose(view, moves)

    def choose_in_worlds(
        self, view: Any, moves: Sequence[Any], sample: Callable[[int], Any]
    ) -> Any:
        truth = sample._state  # type: ignore[attr-defined]  # play_game's private sampler
        if self.part is None:
            return self.bot.choose_in_worlds(view, moves, lambda _seed: truth)
        seat, part = view.seat, self.part
        return self.bot.choose_in_worlds(
            view, moves, lambda seed: _redeal_part(truth, seat, seed, part)
        )


def one_game(
    name: str, players: int, seed: int, variant: str, rounds: int | None, options: dict[str, Any]
) -> dict[str, Any]:
    """Game ``seed`` with ``variant`` in seat ``seed mod players``, GreedyBots elsewhere."""
    game = cardrules.get_game(name)
    seat = seed % players
    bots: list[Bot] = [GreedyBot(game, seed=_seat_seed(seed, s)) for s in range(players)]
    if variant != "mirror":
        bot = ISMCTSBot(game, seed=_seat_seed(seed, seat), **options)
        if variant == "oracle":
            bots[seat] = _Oracle(bot)
        elif variant in ("hands", "piles"):
            bots[seat] = _Oracle(bot, variant)
        else:
            bots[seat] = bot
    rules = (
        game.Rules(players=players)
        if rounds is None
        else game.Rules(players=players, rounds=rounds)
    )
    state, _ = play_game(game, bots, seed=seed, rules=rules)
    outcome = game.outcome(state)
    assert outcome is not None
    scores = outcome.scores
    edge = scores[seat] - (sum(scores) - scores[seat]) / (players - 1)
    return {
        "game": name,
        "players": players,
        "seed": seed,
        "variant": variant,
        "won": seat in outcome.winners,
        "edge": edge,
    }


def summary(rows: Sequence[dict[str, Any]]) -> None:
    """Win rate, 95% interval and mean edge per game, player count and variant; and the
    oracle's and the normal bot's wins less the mirror's on the same seeds."""
    groups: dict[tuple[str, int, str], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault((row["game"], row["players"], row["variant"]), []).append(row)
    print("game         players variant  wins/games  win rate  95% interval     edge (se)")
    for (name, players, variant), group in sorted(groups.items()):
        wins = sum(r["won"] for r in group)
        n = len(group)
        low, high = wilson_interval(wins, n)
        edges = [r["edge"] for r in group]
        mean = sum(edges) / n
        se = (sum((e - mean) ** 2 for e in edges) / max(1, n - 1) / n) ** 0.5
        print(
            f"{name:<12} {players:>7} {variant:<8} {wins:>5}/{n:<5} {wins / n:>8.3f}"
            f"  [{low:.3f}, {high:.3f}]  {mean:+6.2f} ({se:.2f})"
        )
    # Paired on the seeds all three played: the gain over the mirror in wins.
    for name, players in sorted({(k[0], k[1]) for k in groups}):
        by = {v: {r["seed"]: r for r in groups.get((name, players, v), [])} for v in VARIANTS}
        for variant in VARIANTS[:-1]:
            seeds = sorted(set(by[variant]) & set(by["mirror"]))
            if len(seeds) < 2:
                continue
            d = [int(by[variant][s]["won"]) - int(by["mirror"][s]["won"]) for s in seeds]
            mean = sum(d) / len(d)
            se = (sum((x - mean) ** 2 for x in d) / (len(d) - 1) / len(d)) ** 0.5
            print(
                f"{name} {players}p {variant} less mirror, paired on {len(seeds)} seeds:"
                f" {100 * mean:+.1f} points of win rate (se {100 * se:.1f})"
            )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--game", default="biggenbende")
    parser.add_argument("--players", type=int, nargs="+", default=[5, 6])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--widen", type=int, default=6)
    parser.add_argument("--margin", type=float, default=1.0)
    parser.add_argument(
        "--variants", nargs="+", choices=VARIANTS, default=["oracle", "normal", "mirror"]
    )
    parser.add_argument("--out", type=Path, default=None, help="append a JSON line a game")
    parser.add_argument("--summary", type=Path, nargs="+", default=None, help="only sum up")
    args = parser.parse_args(argv)
    if args.summary:
        rows = [json.loads(line) for f in args.summary for line in f.read_text().splitlines()]
        summary(rows)
        return 0
    options = {"iterations": args.iterations, "widen": args.widen, "margin": args.margin}
    done: set[tuple[int, int, str]] = set()
    rows = []
    if args.out is not None and args.out.exists():
        rows = [json.loads(line) for line in args.out.read_text().splitlines()]
        done = {(r["players"], r["seed"], r["variant"]) for r in rows}
    start = time.perf_counter()
    for players in args.players:
        for seed in range(args.first_seed, args.first_seed + args.games):
            for variant in args.variants:
                if (players, seed, variant) in done:
                    continue
                row = one_game(args.game, players, seed, variant, args.rounds, options)
                rows.append(row)
                if args.out is not None:
                    with args.out.open("a") as f:
                        f.write(json.dumps(row) + "\n")
    summary(rows)
    print(f"{time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
