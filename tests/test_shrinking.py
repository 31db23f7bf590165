"""
Fuzzing that shrinks (issue 22): games played move by move (``games`` and the stateful
``GameMachine``), the note of the failing move, rule options drawn by default, named
sub-cases of rules, and the notation parsers on huge numbers.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, find, given, seed, settings
from hypothesis.control import current_build_context
from hypothesis.reporting import with_reporter
from hypothesis.stateful import (
    STATE_MACHINE_RUN_LABEL,
    invariant,
    rule,
    run_state_machine_as_test,
)

import cardrules
from cardrules._machine import _NEST_DEPTH, _NEST_LABEL
from cardrules._options import (
    SMALLER_STEPS,
    default_smaller_rules,
    smaller_rules,
    smaller_start,
)
from cardrules._policy import _cases_named, _rules_named, _told
from cardrules._position import MAX_LENGTH, MAX_PARTS
from cardrules.errors import NotationError
from cardrules.game import AnyGame
from cardrules.testing import (
    GameMachine,
    GameRun,
    KnownStart,
    Policy,
    Step,
    failing_move,
    games,
    playthroughs,
    random_playthrough,
    rule_coverage,
    rules_for,
)

BB = cardrules.get_game("biggenbende")
AL = cardrules.get_game("allegra")
BM = cardrules.get_game("beggar")

_QUICK = settings(
    max_examples=30,
    database=None,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
    phases=[p for p in Phase if p is not Phase.explain],
)

# A planted bug per game that some games reach early: the property fails at that move.
PLANTED: dict[str, Callable[[Step], bool]] = {
    # Biggenbende: a face-down card is turned (BB-11), which needs an empty hand.
    "biggenbende": lambda step: type(step.move).__name__ != "TurnFaceDown",
    # Beggar: a trick is taken (BM-5 or BM-7).
    "beggar": lambda step: not (step.before.pile and not step.after.pile),
    # Allegra: a card is taken from the discard pile (AL-6b).
    "allegra": lambda step: type(step.move).__name__ != "Take",
}


# For the stateful machine, bugs reached sooner still (its shrinking replays every step).
MACHINE_PLANTED: dict[str, Callable[[Step], bool]] = {
    # Biggenbende: two cards or more played at once (BB-7).
    "biggenbende": lambda step: getattr(step.move, "count", 1) < 2,
    "beggar": PLANTED["beggar"],
    "allegra": PLANTED["allegra"],
}


def _reported(run: Callable[[], None]) -> tuple[BaseException, str]:
    lines: list[object] = []
    with with_reporter(lines.append), pytest.raises(AssertionError) as failure:
        run()
    # Hypothesis adds the failing example's report to the error's notes.
    notes = getattr(failure.value, "__notes__", [])
    return failure.value, "\n".join(map(str, [*lines, *notes]))


def _rebuilt(text: str) -> tuple[Any, Any]:
    code = next(line for line in text.splitlines() if line.startswith("rebuild it: "))
    scope: dict[str, Any] = {"cardrules": cardrules}
    exec(code.removeprefix("rebuild it: "), scope)
    return scope["state"], scope["move"]


# --------------------------------------------------------------------------- games()


def test_a_game_run_stops_at_the_failing_move_and_notes_it(game: AnyGame) -> None:
    planted = PLANTED[game.name]
    failing: list[tuple[Any, Any]] = []

    @_QUICK
    @given(games(game, max_moves=400))
    def test(run: GameRun) -> None:
        for step in run:
            if not planted(step):
                failing.append((step.before, step.move))
                raise AssertionError("planted")

    _, text = _reported(test)
    assert "failing move " in text
    state, move = _rebuilt(text)
    # The note rebuilds exactly the position and move of the last (shrunk) failure.
    assert (state, move) == failing[-1]
    before = game.apply(state, move)
    assert not planted(Step(state, move, before, 0))


@pytest.mark.parametrize("seeded", [True, False])
def test_a_failing_game_run_is_shrunk_to_a_short_game(seeded: bool) -> None:
    lengths: list[int] = []
    runs: list[GameRun] = []
    rules = [BB.Rules(players=n) for n in (3, 4, 5, 6)] if seeded else None

    @_QUICK
    @given(games(BB, rules=rules))
    def test(run: GameRun) -> None:
        for step in run:
            if not PLANTED["biggenbende"](step):
                lengths.append(step.index + 1)
                runs.append(run)
                raise AssertionError("planted")

    _reported(test)
    assert lengths[-1] <= lengths[0]
    if seeded:
        # Shrinking made the failing game shorter than the first failure found, and a
        # face-down card (BB-11) needs an empty hand: from a seeded deal at least 10
        # moves (the choices, then plays).
        assert lengths[0] > lengths[-1] >= 10
        assert lengths[-1] <= 60
    else:
        # The default strategies shrink to the known round's end, where seat 2 turns
        # its face-down card at the second move (GAME.known_starts).
        assert lengths[-1] == 2
        assert runs[-1].start == BB.known_starts(runs[-1].rules)[0]  # type: ignore[attr-defined]


def test_a_failure_after_the_loop_notes_the_last_position() -> None:
    @_QUICK
    @given(games(BM, max_moves=5))
    def test(run: GameRun) -> None:
        for _ in run:
            pass
        assert run.playthrough.final == run.state
        assert len(run.moves) < 5

    _, text = _reported(test)
    assert "last position (after 5 moves): " in text


def test_a_game_run_is_the_record_it_played() -> None:
    @_QUICK
    @given(games(AL, max_moves=30))
    def test(run: GameRun) -> None:
        for step in run:
            assert step.after == run.state
        assert cardrules.replay(run.record) == run.state
        assert len(run.playthrough.states) == len(run.moves) + 1
        with pytest.raises(cardrules.CardrulesError, match="once"):
            iter(run).__next__()

    test()


# --------------------------------------------------------------------------- GameMachine


class BeggarCards(GameMachine):
    """A user's machine for Beggar: the 52 cards are kept, and every move is told."""

    game = BM
    max_moves = 200

    @invariant()
    def cards_are_kept(self) -> None:
        if self.state is not None:
            assert sum(map(len, self.state.stacks)) + len(self.state.pile) == 52

    @invariant()
    def moves_fire_rules(self) -> None:
        if self.move is not None:
            assert self.fired
            assert {e.rule for e in self.told} == self.fired


BeggarCards.TestCase.settings = settings(BeggarCards.TestCase.settings, max_examples=5)
TestBeggarCards = BeggarCards.TestCase


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("biggenbende", marks=pytest.mark.slow),
        pytest.param("allegra", marks=pytest.mark.slow),
        "beggar",
    ],
)
def test_a_user_machine_shrinks_and_notes_the_failing_move(name: str) -> None:
    the_game = cardrules.get_game(name)

    class Machine(GameMachine):
        game = the_game
        max_moves = 60

        @invariant()
        def planted_bug(self) -> None:
            if self.move is not None:
                step = Step(self.before, self.move, self.state, len(self.moves) - 1)
                assert MACHINE_PLANTED[name](step)

    game = the_game
    _, text = _reported(
        lambda: run_state_machine_as_test(
            Machine, settings=settings(Machine.TestCase.settings, max_examples=30)
        )
    )
    assert "state.deal(rules=" in text
    state, move = _rebuilt(text)
    assert not MACHINE_PLANTED[name](Step(state, move, game.apply(state, move), 0))
    steps = [line for line in text.splitlines() if line.startswith("state.step(")]
    assert text.count("failing move ") == 1
    assert int(text.split("failing move ")[1].split()[0]) <= len(steps)


def test_the_first_example_is_a_short_game_of_first_moves_then_games_are_played() -> None:
    # The simplest choices (hypothesis' first example) make a short game of the first
    # legal moves: a property that the whole game of the first legal moves breaks late
    # would otherwise never shrink, since no shorter failing game is a simplification of
    # that one. Under rules whose game is longer than the short one: the simplest rules
    # drawn by default (one round, cut after one turn) end Allegra after 6 moves.
    played: list[list[Any]] = []
    firsts: list[list[Any]] = []
    long = [AL.Rules(players=2)]

    class Recording(GameMachine):
        game = AL
        game_rules = long
        max_moves = 60

        def teardown(self) -> None:
            played.append(list(self.moves))
            firsts.append([AL.legal_moves(state)[0] for state in self.playthrough.states[:-1]])

    run_state_machine_as_test(
        Recording,
        settings=settings(
            Recording.TestCase.settings, max_examples=20, phases=[Phase.generate], database=None
        ),
    )
    runs: list[tuple[bool, int]] = []

    @settings(_QUICK, max_examples=20, phases=[Phase.generate])
    @given(games(AL, rules=long, max_moves=60))
    def test(run: GameRun) -> None:
        moves = [step.move for step in run]
        firsts = [AL.legal_moves(state)[0] for state in run.states[:-1]]
        runs.append((moves == firsts, len(moves)))

    test()
    assert len(played[0]) == 20
    assert played[0] == firsts[0]
    assert any(len(moves) > 20 for moves in played[1:])
    first, *others = runs
    assert first == (True, 20)
    assert any(count > 20 for _, count in others)


def test_the_events_of_an_applied_move_are_each_seats_events() -> None:
    # GameMachine.told and the biased policy take every seat's events at once.
    for game in (BB, AL, BM):
        events = game.events
        assert events is not None
        play = random_playthrough(game, game.Rules(), seed=5, choices=7, max_moves=300)
        states, moves = play.states, play.record.moves
        for before, move, after in zip(states, moves, states[1:], strict=False):
            told = _told(game, before, move, after)
            assert _told(game, before, move, after, applied=True) == told, move
            seats = range(game.players(before))
            assert told == [event for seat in seats for event in events(before, move, after, seat)]


# Hypothesis' shrinker replaces a span with a descendant of the same label: with each
# chosen move's span holding the rest of the game, that cuts out a run of moves in one
# step. These tests look at the spans themselves, so that a change inside hypothesis
# that undoes the nesting (the kit then shrinks as before, only worse) is seen.


def _chains(spans: list[Any]) -> list[list[Any]]:
    chains: list[list[Any]] = []
    for span in spans:
        if chains and span.start < chains[-1][-1].end:
            chains[-1].append(span)
        else:
            chains.append([span])
    return chains


def _nested(chain: list[Any]) -> bool:
    return all(
        outer.start < inner.start and inner.end <= outer.end
        for outer, inner in itertools.pairwise(chain)
    )


def test_each_chosen_move_of_a_game_run_holds_the_rest_of_the_game() -> None:
    seen: list[tuple[Any, list[Step]]] = []

    @settings(_QUICK, max_examples=3, phases=[Phase.generate])
    @given(games(AL, rules=[AL.Rules(players=3)], max_moves=150))
    def test(run: GameRun) -> None:
        seen.append((current_build_context().data, list(run)))

    test()
    data, steps = seen[-1]
    spans = [span for span in data.spans if span.label == _NEST_LABEL]
    chosen = [step for step in steps if len(AL.legal_moves(step.before)) > 1]
    assert len(steps) == 150
    assert len(spans) == len(chosen)
    chains = _chains(spans)
    assert [len(chain) for chain in chains[:-1]] == [_NEST_DEPTH] * (len(chains) - 1)
    assert all(_nested(chain) for chain in chains)
    # Each chain ends where the game's last choice ends, or where the next one begins.
    assert all(chain[0].end == after[0].start for chain, after in itertools.pairwise(chains))
    assert data.max_depth < 100  # hypothesis refuses draws 100 spans deep


def test_each_chosen_step_of_a_machine_holds_the_later_steps() -> None:
    seen: list[tuple[Any, list[bool]]] = []

    class Allegra(GameMachine):
        game = AL
        game_rules = (AL.Rules(players=3),)
        max_moves = 150

        def teardown(self) -> None:
            chose = [len(AL.legal_moves(state)) > 1 for state in self._seen[:-1]]
            seen.append((current_build_context().data, chose))

    run_state_machine_as_test(
        Allegra,
        settings=settings(
            Allegra.TestCase.settings, max_examples=3, database=None, derandomize=True
        ),
    )
    data, chose = max(seen, key=lambda item: len(item[1]))
    steps = [span for span in data.spans if span.label == STATE_MACHINE_RUN_LABEL]
    holding = [
        outer
        for outer in steps
        if any(outer.start < inner.start and inner.end <= outer.end for inner in steps)
    ]
    assert sum(chose) > _NEST_DEPTH  # at least one chain is closed and another begun
    # Every chosen step's span holds the later steps, but those that close a chain
    # (one in _NEST_DEPTH + 1) and a last choice with no step after it.
    assert len(holding) >= sum(chose) - sum(chose) // (_NEST_DEPTH + 1) - 1
    assert len(holding) <= sum(chose)
    assert data.max_depth < 100  # hypothesis refuses draws 100 spans deep


def test_a_machine_checks_no_invariant_after_a_step_that_changes_nothing() -> None:
    # Once the game is over a step changes nothing: the invariants, which have seen that
    # position, are not run again after it. A rule of the user's own is still followed
    # by them, also right after such a step.
    runs: list[tuple[list[tuple[int, int]], int]] = []

    class Counting(GameMachine):
        game = AL
        game_rules = (AL.Rules(players=2, rounds=1, max_turns_per_round=1),)
        max_moves = 40

        def __init__(self) -> None:
            super().__init__()
            self.looks = 0
            self.looks_after_the_end = 0
            self.checked: list[tuple[int, int]] = []

        @rule()
        def look(self) -> None:
            self.looks += 1
            if self.state is not None and AL.is_over(self.state):
                self.looks_after_the_end += 1

        @invariant()
        def record(self) -> None:
            if self.state is not None and AL.is_over(self.state):
                self.checked.append((len(self.moves), self.looks))

        def teardown(self) -> None:
            runs.append((self.checked, self.looks_after_the_end))

    run_state_machine_as_test(
        Counting,
        settings=settings(
            Counting.TestCase.settings, max_examples=20, database=None, derandomize=True
        ),
    )
    ended = [(checked, looks) for checked, looks in runs if checked]
    assert len(ended) >= 10  # the game (about six moves) ends in most examples
    assert any(looks for _, looks in ended)  # and the user's rule runs after it
    for checked, looks in ended:
        # Checked once at the last move, then once after each look: never after a step.
        assert len(checked) == 1 + looks
        assert len(set(checked)) == len(checked)


def test_a_machine_needs_a_game() -> None:
    class Bad(GameMachine):
        pass

    with pytest.raises(cardrules.WrongTypeError):

        class Worse(GameMachine):
            game = "beggar"  # type: ignore[assignment]

    assert not hasattr(Bad, "game")


# --------------------------------------------------------------------------- the note


def test_the_note_rebuilds_the_position_and_the_move(game: AnyGame) -> None:
    play = random_playthrough(game, game.Rules(), seed=3, choices=4, max_moves=40)
    before, move = play.states[-2], play.record.moves[-1]
    note = failing_move(game, before, move, index=39)
    text = str(note)
    assert text.splitlines()[0] == f"failing move 40 of {game.name}: {note.move}"
    assert note.position == game.notation.format_state(before)  # type: ignore[union-attr]
    state, rebuilt = _rebuilt(text)
    assert (state, rebuilt) == (before, move)
    assert game.apply(state, rebuilt) == play.final


# --------------------------------------------------------------------------- rules


def test_rules_for_draws_valid_rules_within_bounds(game: AnyGame) -> None:
    default_fields = game.Rules()
    seen: set[int] = set()

    @_QUICK
    @given(rules_for(game))
    def test(rules: Any) -> None:
        assert isinstance(rules, game.Rules)
        seen.add(rules.players)
        assert game.new_game(rules, seed=1) is not None
        rounds = getattr(rules, "rounds", None)
        if rounds is not None:
            assert rounds <= default_fields.rounds

    test()
    assert len(seen) >= 2


def test_a_deck_the_rules_refuse_goes_back_to_its_default_alone() -> None:
    # The simplest draw of Allegra's options is an empty deck, one round (AL-12) and a
    # cut after one turn (AL-13). Rules refuses the deck (AL-11: at least 12 cards a
    # player and 2), which goes back to its default; the round and the cut are kept, so
    # the simplest game is one short round. Dropping them with the deck left Allegra's
    # "no round is scored" shrinking to 37 moves at one seed, against 5 for random play.
    simplest = find(rules_for(AL), lambda rules: True, settings=settings(database=None))
    assert (simplest.rounds, simplest.max_turns_per_round) == (1, 1)
    assert simplest.players == 2


@pytest.mark.slow
def test_rule_options_reach_the_cut_rules_within_200_examples() -> None:
    for game, wanted in ((BB, "BB-20"), (AL, "AL-13"), (BM, "BM-10")):
        assert wanted in _fired_in_200(game)


@pytest.mark.slow
def test_default_strategies_reach_every_rule_and_sub_case_within_200_examples() -> None:
    # BB-20, AL-13 and BM-10 from the drawn rule options, BM-9 from Casella's endless
    # deal (GAME.known_starts): nothing but the default strategies.
    from tests.test_coverage import UNREACHABLE

    for game in (BB, AL, BM):
        wanted = set(rule_coverage(game, []).rule_ids) - set(UNREACHABLE[game.name])
        assert wanted <= _fired_in_200(game, policy="uniform", max_moves=None)


def _fired_in_200(
    game: AnyGame, *, policy: Policy = "biased", max_moves: int | None = 300
) -> set[str]:
    fired: set[str] = set()

    @settings(_QUICK, max_examples=200)
    @given(playthroughs(game, max_moves=max_moves, policy=policy))
    def test(play: Any) -> None:
        fired.update(rule_coverage(game, [play]).reached)

    test()
    return fired


# --------------------------------------------------------------------------- smaller rules


def test_smaller_rules_are_valid_and_smaller(game: AnyGame) -> None:
    hook = game.smaller_rules  # type: ignore[attr-defined]
    for rules in (game.Rules(players=3), game.Rules(players=4)):
        found = list(hook(rules))
        assert found
        for smaller in found:
            assert isinstance(smaller, game.Rules)
            assert smaller != rules
            assert game.new_game(smaller, seed=1) is not None
            # Each step shrinks one thing: never more players, cards, rounds or turns.
            for name in ("players", "rounds", "copies_per_value", "jokers", "max_cards"):
                old, new = getattr(rules, name, None), getattr(smaller, name, None)
                if isinstance(old, int) and isinstance(new, int):
                    assert new <= old
            if isinstance(getattr(rules, "deck", None), tuple):
                assert sum(smaller.deck) <= sum(rules.deck)


def test_the_smallest_rules_have_no_smaller() -> None:
    rules = BM.Rules(players=2, max_cards=1)
    assert list(BM.smaller_rules(rules)) == []  # type: ignore[attr-defined]


def test_a_game_without_smaller_rules_gets_them_from_its_rules_class(game: AnyGame) -> None:
    plain = attrs.evolve(game, smaller_rules=None)  # type: ignore[misc]
    derived = smaller_rules(plain, game.Rules())
    assert derived == default_smaller_rules(game, game.Rules())
    assert derived
    for rules in derived:
        assert isinstance(rules, game.Rules)
        assert rules != game.Rules()
        assert plain.new_game(rules, seed=1) is not None


def test_the_strategies_shrink_rules_through_the_game_hook() -> None:
    # A marker rules object only the hook offers: the strategies draw it, and a
    # failing example shrinks to it (the first candidate).
    marker = BB.Rules(players=3, rounds=1, chips=7)
    spec = attrs.evolve(BB, smaller_rules=lambda rules: [marker])  # type: ignore[misc]
    assert find(rules_for(spec), lambda rules: rules.chips == 7) == marker
    shrunk = find(rules_for(spec), lambda rules: True)
    assert shrunk == marker


# --------------------------------------------------------------------------- known starts


def test_known_starts_are_valid_first_states() -> None:
    cases: list[tuple[AnyGame, Any]] = [(BM, BM.Rules()), (BM, BM.Rules(players=3))]
    cases += [(BM, BM.Rules(players=4, max_cards=9)), (AL, AL.Rules(players=2)), (AL, AL.Rules())]
    cases += [(BB, BB.Rules(players=n)) for n in (3, 4, 5, 6)]
    # The smallest deck three seats accept (BB-2, BB-4) and a single round (BB-19).
    cases += [(BB, BB.Rules(players=3, copies_per_value=2, jokers=6, rounds=1))]
    for game, rules in cases:
        starts = game.known_starts(rules)  # type: ignore[attr-defined]
        assert starts
        for start in starts:
            assert start.rules == rules
            game.check_state(start)
            assert not game.is_over(start)
            assert cardrules.loads(cardrules.dumps(start)) == start


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_biggenbende_known_start_reaches_the_end_of_a_round_in_a_few_simple_moves(
    players: int,
) -> None:
    # A round's end, which seeded rounds reach after a hundred moves or more: seat 0
    # goes out with a 4 that skips seat 1 (BB-17, BB-14), seat 2 turns a face-down
    # card it cannot play (BB-11); with three players seat 1 plays a 4 with two seats
    # left and plays again (BB-14/two-left), then burns with an 8 (BB-13) and plays an
    # 11 with two seats left (BB-15/two-left), which seat 2 cannot beat, and goes out
    # by burning the empty pile with its face-down 8 (BB-13, BB-17); the second seat
    # out ends the round (BB-18).
    (start,) = BB.known_starts(BB.Rules(players=players))  # type: ignore[attr-defined]
    state, fired, moves = start, [], 0
    while state.round == 1:
        move = BB.legal_moves(state)[0]
        after = BB.apply(state, move)
        told = BB.events(state, move, after, 0)  # type: ignore[misc]
        fired.append({type(e).__name__ for e in told})
        fired[-1] |= _cases_named(BB.rule_cases, state, told)  # type: ignore[attr-defined]
        state, moves = after, moves + 1
    assert {"WentOut", "Skipped"} <= fired[0]
    assert {"FaceDownTurned", "PileTaken"} <= fired[1]
    assert sum("WentOut" in f for f in fired) == 2
    assert "RoundEnded" in fired[-1]
    if players == 3:
        assert moves == 7
        assert "BB-14/two-left" in fired[2]
        assert "Burned" in fired[3]
        assert {"Reversed", "BB-15/two-left"} <= fired[4]
        assert "PileTaken" in fired[5]
        assert {"FaceDownTurned", "Burned", "WentOut"} <= fired[6]  # out by a burn
    else:  # each seat but seat 1 plays a 10 in turn; with six, the third burns (BB-12)
        assert moves == {4: 6, 5: 7, 6: 6}[players]
        assert ("Burned" in fired[4]) == (players == 6)


@pytest.mark.parametrize(("players", "cards"), [(3, 22), (4, 17)])
def test_beggar_known_start_puts_a_seat_out_while_the_others_play_on(
    players: int, cards: int
) -> None:
    # BM-7 with more than two players: seat 1 pays every penalty card seat 0 leads
    # (BM-5) until it owes a card it does not have, and is out, the others still
    # playing; seeded deals get there much later (benchmarks/bench_shrink.py, "no seat
    # is out while two others play on").
    (start,) = BM.known_starts(BM.Rules(players=players))  # type: ignore[attr-defined]
    state, fired = start, set[str]()
    while not any(state.out):
        move = BM.legal_moves(state)[0]
        after = BM.apply(state, move)
        fired |= _rules_named(BM.events(state, move, after, 0))  # type: ignore[misc]
        state = after
    assert state.cards == cards
    assert state.out == tuple(seat == 1 for seat in range(players))
    assert all(state.stacks[seat] for seat in range(players) if seat != 1)
    assert not BM.is_over(state)
    assert "BM-7" in fired


def _triples_after(game: AnyGame, state: Any, picks: tuple[str, ...]) -> list[Any]:
    """The triples (AL-8) the moves named ``picks`` remove, played from ``state``."""
    removed = []
    for name in picks:
        (move,) = (m for m in game.legal_moves(state) if str(m) == name)
        after = game.apply(state, move)
        told = game.events(state, move, after, 0)  # type: ignore[misc]
        removed += [e for e in told if type(e).__name__ == "TripleRemoved"]
        state = after
    return removed


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("halved", [False, True])
def test_allegra_known_start_gives_a_triple_within_a_few_simple_moves(
    players: int, halved: bool
) -> None:
    # AL-8 from AL-3's shared column: the known start lays its commonest value where
    # the simplest games reveal cards, with p1.r0c1 face up, so that a failing example
    # about triples has a short game to shrink to (benchmarks/bench_shrink.py, "no
    # triple is removed").
    rules = AL.Rules(players=players)
    if halved:  # the first smaller deck the kit shrinks to
        rules = next(r for r in AL.smaller_rules(rules) if sum(r.deck) < sum(rules.deck))  # type: ignore[attr-defined]
    start = AL.known_starts(rules)[0]  # type: ignore[attr-defined]
    # The first legal moves: seat 0 reveals its area's first two places, seat 1 its
    # own two, beside the face-up p1.r0c1, at the fourth move for every player count.
    left = f"p{2 % players}.r0c3"
    first = ("reveal p1.r0c3", "reveal p0.r0c0", f"reveal {left}", "reveal p1.r0c0")
    state = start
    for name in first:
        assert str(AL.legal_moves(state)[0]) == name
        state = AL.apply(state, AL.legal_moves(state)[0])
    (triple,) = _triples_after(AL, start, first)
    assert {str(s) for s in triple.slots} == {left, "p1.r0c0", "p1.r0c1"}
    assert not _triples_after(AL, start, first[:-1])
    # Three moves: seat 0's two beside the shared card, revealed by seat 1.
    three = ("reveal p0.r0c0", "reveal p0.r0c1", "reveal p1.r0c3")
    (triple,) = _triples_after(AL, start, three)
    assert {str(s) for s in triple.slots} == {"p1.r0c3", "p0.r0c0", "p0.r0c1"}
    # No two moves make one: the shortest triple is still three moves long, so the
    # shortest failing game random play finds is not made shorter by the start.
    for one in AL.legal_moves(start):
        after = AL.apply(start, one)
        for two in AL.legal_moves(after):
            assert None not in AL.apply(after, two).cards


def test_the_endless_deal_is_the_first_known_beggar_start() -> None:
    start = BM.known_starts(BM.Rules())[0]  # type: ignore[attr-defined]
    state, moves = start, 0
    while not BM.is_over(state):
        state = BM.apply(state, BM.legal_moves(state)[0])
        moves += 1
    assert BM.outcome(state).reason == "endless"  # type: ignore[union-attr]
    assert moves == 897


def test_default_strategies_start_from_known_starts_and_replay() -> None:
    known: list[GameRun] = []
    arranged: list[GameRun] = []

    @settings(_QUICK, max_examples=20)
    @given(games(BM, max_moves=50))
    def test(run: GameRun) -> None:
        for _ in run:
            pass
        # Beggar deals from its deck in a drawn order (GAME.arranged_deal), or from a
        # known start: never from a seed.
        assert run.seed is None
        assert run.record.start == run.start
        starts = BM.known_starts(run.rules)  # type: ignore[attr-defined]
        (known if run.start in starts else arranged).append(run)
        assert cardrules.replay(run.record) == run.state

    test()
    assert known
    assert arranged
    # Given rules, no known start: Beggar still arranges its deck, and a game without
    # GAME.arranged_deal deals from seeds only.
    given_rules: list[GameRun] = []

    @settings(_QUICK, max_examples=20)
    @given(games(BM, rules=[BM.Rules()], max_moves=5), games(BB, rules=[BB.Rules()], max_moves=5))
    def seeded(beggar: GameRun, biggenbende: GameRun) -> None:
        given_rules.append(beggar)
        assert beggar.start not in BM.known_starts(beggar.rules)  # type: ignore[attr-defined]
        # From a seed, or now and then from a smaller position under the same rules.
        assert (biggenbende.seed is None) != (biggenbende.start is None)
        assert biggenbende.start is None or biggenbende.start.rules == BB.Rules()

    seeded()
    assert given_rules
    assert all(run.start is not None for run in given_rules)


def test_beggar_arranges_its_deck_as_a_seed_deals_it() -> None:
    # BM-3: card i of the deck goes to seat i mod n, each stack top first.
    deck = cardrules.beggar.DECK
    for players in (2, 3, 4):
        rules = BM.Rules(players=players)
        state = BM.arranged_deal(rules, lambda cards: cards[::-1])  # type: ignore[attr-defined]
        backwards = deck[::-1]
        assert state.stacks == tuple(backwards[seat::players] for seat in range(players))
        assert state == BM.new_game(rules, stacks=state.stacks)
        BM.check_state(state)
        assert cardrules.loads(cardrules.dumps(state)) == state
    # A seed's deal is the same deck in its shuffled order.
    seeded = BM.new_game(BM.Rules(players=3), seed=7)
    order = [seeded.stacks[i % 3][i // 3] for i in range(52)]
    again = BM.arranged_deal(BM.Rules(players=3), lambda cards: order)  # type: ignore[attr-defined]
    assert again.stacks == seeded.stacks


@pytest.mark.parametrize("run_seed", [7, 11, 22])
def test_a_beggar_deal_shrinks_card_by_card(run_seed: int) -> None:
    # Three penalty cards on top of the pile (BM-5) is a failure a seed's deal reaches
    # only by luck: about one deal in thirty does it within 3 cards. A seed shrank it to
    # whatever deal the smaller seeds gave (11, 23 or 29 cards at these hypothesis
    # seeds); the arranged deck (GAME.arranged_deal) shrinks card by card towards the
    # deals that do it at once.
    lengths: list[int] = []

    @seed(run_seed)
    @settings(_QUICK, derandomize=False, max_examples=100)
    @given(games(BM))
    def test(run: GameRun) -> None:
        for step in run:
            top = step.after.pile[-3:]
            if len(top) == 3 and all(card.is_penalty for card in top):
                lengths.append(step.index + 1)
                raise AssertionError("three penalty cards")

    _reported(test)
    assert lengths[-1] == 3


def test_beggar_default_playthroughs_reach_the_endless_game() -> None:
    fired: set[str] = set()

    @settings(_QUICK, max_examples=20)
    @given(playthroughs(BM))
    def test(play: Any) -> None:
        fired.update(rule_coverage(BM, [play]).reached)

    test()
    assert "BM-9" in fired


def test_a_machine_deals_known_starts_as_a_known_start_seed() -> None:
    class Endless(GameMachine):
        game = BM
        max_moves = 5

        @invariant()
        def not_a_known_start(self) -> None:
            record = self.game_record
            if record is not None:
                assert record.start not in BM.known_starts(record.rules)  # type: ignore[attr-defined]

    _, text = _reported(
        lambda: run_state_machine_as_test(
            Endless, settings=settings(Endless.TestCase.settings, max_examples=30)
        )
    )
    assert "seed=KnownStart(index=0)" in text
    machine = Endless()
    machine._deal(BM.Rules(), KnownStart(0))
    assert machine.state == BM.known_starts(BM.Rules())[0]  # type: ignore[attr-defined]
    assert machine.game_record is not None
    assert machine.game_record.seed is None

    def two_players_only(rules: Any) -> Any:
        return BM.known_starts(rules) if rules.players == 2 else ()  # type: ignore[attr-defined]

    class Fewer(GameMachine):
        game = attrs.evolve(BM, known_starts=two_players_only)  # type: ignore[misc]

    fewer = Fewer()
    fewer._deal(BM.Rules(players=3), KnownStart(5))  # none under these rules: seed 5
    assert fewer.state == BM.new_game(BM.Rules(players=3), seed=5)
    assert fewer.game_record is not None
    assert fewer.game_record.seed == 5


def test_a_machine_deals_an_arranged_deck_and_notes_it() -> None:
    dealt: list[Any] = []

    class Arranged(GameMachine):
        game = BM
        # Rules given: no known start (Beggar's record deals may also fail in five
        # moves, and the shrinker would then go to one: seed=KnownStart(...)).
        game_rules = (BM.Rules(players=2), BM.Rules(players=3))
        max_moves = 5

        @invariant()
        def no_trick_taken(self) -> None:
            if self.move is None:
                assert self.game_record is not None
                dealt.append(self.game_record)
            elif self.before.pile and not self.state.pile:
                raise AssertionError("a trick is taken")

    _, text = _reported(
        lambda: run_state_machine_as_test(
            Arranged, settings=settings(Arranged.TestCase.settings, max_examples=30)
        )
    )
    # Beggar deals through GAME.arranged_deal: no seed, the first state noted.
    assert "seed=None" in text
    (first,) = [line for line in text.splitlines() if line.startswith("dealt: ")]
    record = dealt[-1]
    assert record.seed is None
    assert BM.notation.parse_state(first.removeprefix("dealt: ")) == record.start  # type: ignore[union-attr]
    # Outside a test there is nothing to draw the order with: seed 0 deals.
    machine = Arranged()
    machine._deal(BM.Rules(), None)
    assert machine.state == BM.new_game(BM.Rules(), seed=0)


# --------------------------------------------------------------------------- smaller starts


def test_a_smaller_start_takes_the_drawn_candidates_of_game_smaller() -> None:
    rules = BB.Rules(players=4)
    dealt = BB.new_game(rules, seed=7)
    none = (255,) * SMALLER_STEPS
    # No step: the deal is given back as it was, seed and all.
    assert smaller_start(BB, rules, 7, none, keep_rules=False) == (rules, 7, None)
    # Step 0 is the first smaller position: Biggenbende's draw pile set aside, hands kept.
    first = next(iter(BB.smaller(dealt)))  # type: ignore[misc]
    assert first.draw == ()
    assert first.hands == dealt.hands
    taken = smaller_start(BB, rules, 7, (0, *none[1:]), keep_rules=False)
    assert taken == (rules, None, first)
    # Each step starts from the last: two steps are a smaller position of the first.
    _, _, twice = smaller_start(BB, rules, 7, (0, 1, 255), keep_rules=False)
    assert twice in list(BB.smaller(first))  # type: ignore[misc]
    # A step past the last candidate takes none.
    assert smaller_start(BB, rules, 7, (15, 15, 15), keep_rules=False)[1] == 7


def test_a_smaller_start_keeps_the_rules_a_user_gave() -> None:
    # Allegra's smaller positions take cards out of the deck, and so out of its rules.
    rules = AL.Rules(players=2)
    dealt = AL.new_game(rules, seed=3)
    smaller = list(AL.smaller(dealt))  # type: ignore[misc]
    changed = [i for i, s in enumerate(smaller) if s.rules != rules]
    assert changed
    step = (changed[0], 255, 255)
    got_rules, seed, start = smaller_start(AL, rules, 3, step, keep_rules=False)
    assert seed is None
    assert start == smaller[changed[0]]
    assert got_rules == start.rules
    # With the rules given, a candidate under other rules is no step.
    assert smaller_start(AL, rules, 3, step, keep_rules=True) == (rules, 3, None)


def test_default_strategies_start_now_and_then_from_a_smaller_position() -> None:
    runs: list[GameRun] = []

    @settings(_QUICK, max_examples=150)
    @given(games(BB, rules=[BB.Rules(players=4)], max_moves=3))
    def test(run: GameRun) -> None:
        for _ in run:
            pass
        runs.append(run)
        assert cardrules.replay(run.record) == run.state
        if run.start is not None:
            assert run.seed is None
            assert run.start.rules == BB.Rules(players=4)
            BB.check_state(run.start)

    test()
    smaller = [run for run in runs if run.start is not None]
    # Now and then (about one game in fifteen), not often: most games are dealt whole.
    assert smaller
    assert len(smaller) <= len(runs) // 4
    # Cards set aside from the deal (BB-1: the deck stays whole, counted as removed).
    assert all(sum(run.start.removed) > 0 for run in smaller)


def test_a_failing_game_shrinks_to_a_smaller_first_position() -> None:
    # Going out (BB-17) needs the draw pile gone, 40 cards with four seats: the shortest
    # failing games set it aside at the deal (GAME.smaller), and shrinking finds them.
    runs: list[GameRun] = []
    lengths: list[int] = []

    @seed(3)
    @settings(_QUICK, derandomize=False, max_examples=100)
    @given(games(BB, rules=[BB.Rules(players=4, rounds=1)]))
    def test(run: GameRun) -> None:
        for step in run:
            if step.after.places != step.before.places:
                runs.append(run)
                lengths.append(step.index + 1)
                raise AssertionError("a seat went out")

    _, text = _reported(test)
    shrunk = runs[-1]
    assert shrunk.start is not None
    assert shrunk.start.draw == ()
    assert lengths[-1] < lengths[0]
    # The failing example shows the smaller first position in Biggenbende's notation.
    assert BB.notation.format_state(shrunk.start) in text  # type: ignore[union-attr]


def test_a_machine_notes_the_smaller_first_position() -> None:
    dealt: list[Any] = []

    class GoingOut(GameMachine):
        game = BB
        game_rules = (BB.Rules(players=4, rounds=1),)

        @invariant()
        def nobody_goes_out(self) -> None:
            if self.move is None:
                assert self.game_record is not None
                dealt.append(self.game_record)
            elif self.state.places != self.before.places:
                raise AssertionError("a seat went out")

    GoingOut.TestCase.settings = settings(GoingOut.TestCase.settings, database=None)
    _, text = _reported(
        lambda: run_state_machine_as_test(
            seed(3)(GoingOut), settings=settings(GoingOut.TestCase.settings, max_examples=100)
        )
    )
    (line,) = [line for line in text.splitlines() if line.startswith("made smaller: ")]
    record = dealt[-1]
    assert record.seed is None
    assert record.start.draw == ()
    assert BB.notation.parse_state(line.removeprefix("made smaller: ")) == record.start  # type: ignore[union-attr]


# --------------------------------------------------------------------------- sub-cases


def test_rule_coverage_reports_named_sub_cases() -> None:
    plays = [random_playthrough(BB, BB.Rules(players=3), seed=s, choices=s) for s in range(6)]
    report = rule_coverage(BB, plays)
    assert report.rule_ids[report.rule_ids.index("BB-14") + 1] == "BB-14/two-left"
    skips = report.counts["BB-14"]
    cases = report.counts["BB-14/two-left"] + report.counts["BB-14/three-or-more-left"]
    assert skips == cases > 0
    burns = report.counts["BB-12"]
    assert burns == report.counts["BB-12/one-play"] + report.counts["BB-12/across-plays"]
    turns = report.counts["BB-15"]
    cases = report.counts["BB-15/two-left"] + report.counts["BB-15/three-or-more-left"]
    assert turns == cases > 0
    assert " sub-cases reached" in report.table().splitlines()[0]
    silent = rule_coverage(AL, [])
    assert "AL-7/exchange" in silent.never
    assert "AL-7/ignored" in silent.never


def test_a_sub_case_is_its_definition() -> None:
    tests = dict(BB.rule_cases)  # type: ignore[attr-defined]
    plays = [random_playthrough(BB, BB.Rules(players=3), seed=s, choices=s) for s in range(4)]
    two_left = 0
    for play in plays:
        for i, move in enumerate(play.record.moves):
            before = play.states[i]
            for event in BB.events(before, move, play.states[i + 1], 0):  # type: ignore[misc]
                left = before.rules.players - len(before.places)
                for rule_id in ("BB-14", "BB-15"):  # a skip, a reversal: by seats left
                    ours = event.rule == rule_id
                    assert tests[f"{rule_id}/two-left"](event, before) == (ours and left == 2)
                    more = tests[f"{rule_id}/three-or-more-left"](event, before)
                    assert more == (ours and left > 2)
                    two_left += ours and left == 2
    assert two_left > 0


# --------------------------------------------------------------------------- notation


@pytest.mark.parametrize("digits", [41, 4_301, 100_000])
def test_parsers_refuse_huge_numbers_with_a_notation_error(game: AnyGame, digits: int) -> None:
    notation = game.notation
    assert notation is not None
    state = random_playthrough(game, game.Rules(), seed=2, choices=2, max_moves=30).final
    texts = [notation.format_state(state), notation.format_view(game.view(state, 0))]
    huge = "9" * digits
    for text, parse in zip(texts, (notation.parse_state, notation.parse_view), strict=True):
        numbers = [
            i for i, c in enumerate(text) if c.isdigit() and (i == 0 or text[i - 1] in " /")
        ]
        assert numbers
        for start in numbers[:6]:
            end = start
            while end < len(text) and text[end].isdigit():
                end += 1
            with pytest.raises(NotationError):
                parse(text[:start] + huge + text[end:])


def test_a_megabyte_of_beggar_stacks_is_refused_with_a_notation_error() -> None:
    notation = BM.notation
    assert notation is not None
    text = notation.format_state(BM.new_game(BM.Rules(), seed=1))
    fields = text.split(" ")
    fields[1] = "/".join(["KH10S2C" * 10] * 15_000)
    with pytest.raises(NotationError, match="at most 16,384 characters") as error:
        notation.parse_state(" ".join(fields))
    assert error.value.column == 16_385
    # Under the limit, the rows are still read and the count of stacks refused.
    fields[1] = "/".join(["KH10S2C"] * 300)
    with pytest.raises(NotationError, match="stacks"):
        notation.parse_state(" ".join(fields))


def test_the_longest_positions_are_read_back() -> None:
    rules = BB.Rules(players=6, copies_per_value=64, jokers=64, rounds=20)
    notation = BB.notation
    assert notation is not None
    play = random_playthrough(BB, rules, seed=5, choices=5, max_moves=400)
    longest = max(play.states[::20], key=lambda s: len(notation.format_state(s)))
    text = notation.format_state(longest)
    assert 1_000 < len(text) < 16_384 // 4
    assert notation.parse_state(text) == longest


# --------------------------------------------------------------------------- layout


def test_the_testing_kit_imports_only_downwards() -> None:
    # Issue 27: testing is the front; _machine, _conformance, _options, _policy and _kit
    # lie below it, and none imports a module above it.
    import ast
    from pathlib import Path

    root = Path(cardrules.__file__).parent
    below = {
        "_kit": set(),
        "_options": set(),
        "_policy": {"_kit"},
        "_conformance": {"_kit"},
        "_machine": {"_kit", "_options", "_policy"},
    }
    kit = {"testing", *below}
    for name, allowed in below.items():
        tree = ast.parse((root / f"{name}.py").read_text(encoding="utf-8"))
        imported = {
            node.module.removeprefix("cardrules.")
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
        }
        assert imported & kit <= allowed, name


def test_a_field_of_too_many_parts_is_refused_before_it_is_split(game: AnyGame) -> None:
    notation = game.notation
    assert notation is not None
    state = random_playthrough(game, game.Rules(), seed=2, choices=2, max_moves=30).final
    for text, parse in (
        (notation.format_state(state), notation.parse_state),
        (notation.format_view(game.view(state, 0)), notation.parse_view),
    ):
        fields = text.split(" ")
        index = max(range(len(fields)), key=lambda i: fields[i].count("/") + fields[i].count(","))
        sep = "/" if fields[index].count("/") >= fields[index].count(",") else ","
        fields[index] = sep.join(["1"] * (MAX_PARTS + 1))
        bad = " ".join(fields)
        assert len(bad) <= MAX_LENGTH
        with pytest.raises(NotationError):
            parse(bad)


def test_a_beggar_pile_longer_than_the_deck_is_refused_at_once() -> None:
    notation = BM.notation
    assert notation is not None
    text = notation.format_state(BM.new_game(BM.Rules(), seed=1))
    fields = text.split(" ")
    fields[2] = "KH" * 600
    with pytest.raises(NotationError, match="at most 52 cards") as error:
        notation.parse_state(" ".join(fields))
    assert error.value.column == len(fields[0]) + len(fields[1]) + 3 + 3 * 52
