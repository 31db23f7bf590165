"""
Speed of Beggar-my-neighbour: ``play_out``, stepping with ``apply``, and a yardstick.

Run as ``python benchmarks/bench_beggar.py``. On the same random two-player deals
it measures cards turned per second by

- ``play_out`` (the library's fast run to the end),
- stepping with ``legal_moves``/``apply`` (immutable states, one per card),
- a plain mutable implementation of the same rules on ``collections.deque``
  kept here as the yardstick (it must agree with ``play_out`` on every deal),

prints the ratios, and then ``dumps`` + ``loads`` round trips per second of a
mid-game state. The whole run takes well under a minute.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

import cardrules
from cardrules import beggar

DEALS = 5000
"""Random deals timed by ``play_out`` and the yardstick."""
STEP_DEALS = 1000
"""Of those, the deals also timed by stepping with ``apply`` (it is slower)."""
REPEATS = 5
"""Each timing is the best of this many runs."""
ROUND_TRIPS = 1000
"""``dumps`` + ``loads`` round trips timed."""
YARDSTICK_CAP = 1_000_000
"""The yardstick has no cycle detector: it gives up after this many cards."""


def yardstick(stacks: list[list[int]]) -> tuple[int, int, int | None]:
    """
    The same rules on plain deques of demands (0 for a number card).

    Returns:
        Cards turned, tricks taken and the winner (``None`` if it gave up).
    """
    n = len(stacks)
    hands = [deque(stack) for stack in stacks]
    out = [False] * n
    pile: list[int] = []
    turn = 0
    owed = 0
    payee = -1
    cards = 0
    tricks = 0

    def next_seat(seat: int) -> int:
        for step in range(1, n):
            other = (seat + step) % n
            if not out[other]:
                return other
        return seat

    while cards < YARDSTICK_CAP:
        hand = hands[turn]
        if not hand:
            out[turn] = True  # BM-7: must turn and has none
            if owed:
                owed = 0
                hands[payee].extend(pile)
                pile.clear()
                tricks += 1
                turn = payee
                if len(hands[turn]) == 52:
                    return cards, tricks, turn
                continue
            turn = next_seat(turn)
            holders = [seat for seat in range(n) if hands[seat]]
            if len(holders) == 1:
                if pile:
                    tricks += 1
                return cards, tricks, holders[0]
            continue
        card = hand.popleft()
        pile.append(card)
        cards += 1
        if card:
            payee = turn
            owed = card
            turn = next_seat(turn)
        elif owed:
            owed -= 1
            if not owed:
                hands[payee].extend(pile)  # BM-6
                pile.clear()
                tricks += 1
                turn = payee
                if len(hands[turn]) == 52:
                    return cards, tricks, turn
        else:
            turn = next_seat(turn)
    return cards, tricks, None


def best_times(*runs: Callable[[], None]) -> list[float]:
    """
    The best wall time of each run over ``REPEATS`` rounds. The runs take turns
    within each round, so that a busy moment of the machine hits them alike.
    """
    best = [float("inf")] * len(runs)
    for _ in range(REPEATS):
        for i, run in enumerate(runs):
            start = time.perf_counter()
            run()
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def main() -> None:
    """Run every measurement and print the figures."""
    states = [beggar.new_game(seed=seed) for seed in range(DEALS)]
    demands = [[[card.demand for card in stack] for stack in s.stacks] for s in states]

    results = [beggar.play_out(state) for state in states]
    total_cards = sum(result.cards for result in results)
    for deal, result in zip(demands, results, strict=True):
        assert yardstick(deal) == (result.cards, result.tricks, result.winner), deal

    def run_play_out() -> None:
        for state in states:
            beggar.play_out(state)

    def run_yardstick() -> None:
        for deal in demands:
            yardstick(deal)

    step_states = states[:STEP_DEALS]
    step_cards = sum(result.cards for result in results[:STEP_DEALS])

    def run_apply() -> None:
        apply, legal_moves = beggar.apply, beggar.legal_moves
        for state in step_states:
            while moves := legal_moves(state):
                state = apply(state, moves[0])

    t_play_out, t_yardstick, t_apply = best_times(run_play_out, run_yardstick, run_apply)
    cps_play_out = total_cards / t_play_out
    cps_yardstick = total_cards / t_yardstick
    cps_apply = step_cards / t_apply
    print(f"{DEALS} random two-player deals, {total_cards} cards turned")
    print(f"yardstick (deque)  {cps_yardstick:12,.0f} cards/s")
    print(
        f"play_out           {cps_play_out:12,.0f} cards/s"
        f"  ratio {cps_play_out / cps_yardstick:.2f} (goal >= 0.5)"
    )
    print(
        f"apply stepping     {cps_apply:12,.0f} cards/s"
        f"  ratio {cps_apply / cps_yardstick:.3f} (goal >= 0.05; {STEP_DEALS} deals)"
    )

    dumps = getattr(cardrules, "dumps", None)
    loads = getattr(cardrules, "loads", None)
    if dumps is None or loads is None:
        print("dumps/loads: skipped (cardrules.dumps/loads not there yet)")
        return
    state = states[0]
    for _ in range(results[0].cards // 2):
        state = beggar.apply(state, beggar.Turn())
    assert loads(dumps(state)) == state

    def run_round_trips() -> None:
        for _ in range(ROUND_TRIPS):
            loads(dumps(state))

    (t_trips,) = best_times(run_round_trips)
    print(f"dumps+loads        {ROUND_TRIPS / t_trips:12,.0f} round trips/s (mid-game state)")


if __name__ == "__main__":
    main()
