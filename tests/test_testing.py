"""
The fuzzing helpers of ``cardrules.testing``: rule coverage, the biased policy,
targeting, notes in the game's notation, and shrinking a failing position (issue 11).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import Phase, given, settings

import cardrules
from cardrules import Record, beggar, replay
from cardrules._rng import _below
from cardrules.game import AnyGame, GameSpec, Notation
from cardrules.testing import (
    Playthrough,
    RuleCoverage,
    playthroughs,
    random_playthrough,
    rule_coverage,
    shrink_position,
    states,
)

BB = cardrules.get_game("biggenbende")
AL = cardrules.get_game("allegra")
BM = cardrules.get_game("beggar")


def _tiny_notation(game: AnyGame) -> AnyGame:
    """``game`` with a made-up notation that shows the round and the moves made."""

    def format_state(state: Any) -> str:
        return f"TINY/{game.name}/round {state.round}/{'over' if game.is_over(state) else 'on'}"

    def unused(text: str) -> Any:
        raise NotImplementedError(text)

    assert isinstance(game, GameSpec)
    return attrs.evolve(game, notation=Notation(format_state, unused, repr, unused))


# --------------------------------------------------------------------------- rule coverage


def test_rule_coverage_counts_each_rule_once_per_move() -> None:
    play = random_playthrough(BB, BB.Rules(players=3), seed=4, choices=9)
    report = rule_coverage(BB, [play])
    expected: dict[str, int] = {}
    assert BB.events is not None
    for i, move in enumerate(play.record.moves):
        named = {
            event.rule
            for seat in range(3)
            for event in BB.events(play.states[i], move, play.states[i + 1], seat)
        }
        for rule in named:
            expected[rule] = expected.get(rule, 0) + 1
    # Named sub-cases (``BB-14/two-left``) are counted on top of their rule.
    assert {r: n for r, n in report.counts.items() if n and "/" not in r} == expected
    assert report.games == 1
    assert report.moves == len(play.record.moves)
    # BB-7 (a play from the hand) is told to all three seats, yet counts once a move.
    assert report.counts["BB-7"] <= report.moves
    assert tuple(r for r in report.counts if "/" not in r)[: len(BB.rule_ids)] == BB.rule_ids


def test_rule_coverage_replays_records_like_playthroughs() -> None:
    plays = [random_playthrough(AL, AL.Rules(players=3), seed=s, choices=s) for s in range(3)]
    from_plays = rule_coverage(AL, plays)
    from_records = rule_coverage(AL, [p.record for p in plays])
    assert from_records == from_plays
    mixed = rule_coverage(AL, [plays[0], plays[1].record, plays[2]])
    assert mixed == from_plays


def test_rule_coverage_reads_records_from_an_explicit_start() -> None:
    start = beggar.new_game(stacks=beggar.RECORD_GAMES[0].stacks)
    moves = []
    state = start
    while not BM.is_over(state):
        move = BM.legal_moves(state)[0]
        state = BM.apply(state, move)
        moves.append(move)
    record = Record(game="beggar", rules=start.rules, start=start, moves=tuple(moves))
    report = rule_coverage(BM, [record])
    # BM-5: paid debts win tricks; BM-7: the game ends when a seat runs out.
    assert report.counts["BM-5"] >= 1
    assert report.counts["BM-7"] >= 1
    assert report.counts["BM-4"] == len(moves)


def test_rule_coverage_lists_the_rules_never_reached() -> None:
    report = rule_coverage(BM, [random_playthrough(BM, BM.Rules(), seed=2, choices=0)])
    # BM-10 needs Rules.max_cards; BM-1 (the deck) is fired by no move.
    assert "BM-10" in report.never
    assert "BM-1" in report.never
    assert "BM-4" not in report.never
    assert "BM-4" in report.reached
    assert set(report.never) | set(report.reached) == set(BM.rule_ids)
    table = report.table()
    assert table.splitlines()[0].startswith("rule coverage of beggar: 1 game, ")
    assert any(line.startswith("BM-10") and line.endswith("never") for line in table.splitlines())
    assert str(report) == table


def test_rule_coverage_of_nothing_reaches_nothing() -> None:
    report = rule_coverage(AL, [])
    assert tuple(r for r in report.never if "/" not in r) == AL.rule_ids
    assert "AL-7/exchange" in report.never
    assert (report.games, report.moves) == (0, 0)


def test_rule_coverage_rejects_another_games_record() -> None:
    record = random_playthrough(BM, BM.Rules(), seed=1, choices=1).record
    with pytest.raises(cardrules.CardrulesError, match="a record of 'beggar'"):
        rule_coverage(BB, [record])


def test_rule_coverage_needs_events() -> None:
    assert isinstance(BM, GameSpec)
    silent = attrs.evolve(BM, events=None)
    with pytest.raises(cardrules.CardrulesError, match="describes no events"):
        rule_coverage(silent, [])


def test_rule_coverage_report_is_read_only_and_keeps_undeclared_rules() -> None:
    report = RuleCoverage("g", ("G-1",), {"G-1": 2, "X-9": 1}, games=1, moves=2)
    assert report.reached == ("G-1", "X-9")
    assert report.never == ()
    assert "(not declared)" in report.table()
    with pytest.raises(TypeError):
        report.counts["G-1"] = 5  # type: ignore[index]
    assert eval(repr(report), {"RuleCoverage": RuleCoverage}) == report


# --------------------------------------------------------------------------- policies


def _old_uniform(game: AnyGame, rules: Any, seed: int, choices: int) -> tuple[Any, ...]:
    """The moves of the uniform policy as it always played: one ``_below`` a move."""
    state, rng, moves = game.new_game(rules, seed=seed), choices, []
    while not game.is_over(state):
        legal = game.legal_moves(state)
        index, rng = _below(rng, len(legal))
        moves.append(legal[index])
        state = game.apply(state, legal[index])
    return tuple(moves)


@pytest.mark.parametrize("seed", [0, 7])
def test_uniform_play_is_unchanged(game: AnyGame, seed: int) -> None:
    rules = game.Rules()
    play = random_playthrough(game, rules, seed=seed, choices=seed + 1, policy="uniform")
    assert play.record.moves == _old_uniform(game, rules, seed, seed + 1)
    assert play == random_playthrough(game, rules, seed=seed, choices=seed + 1)


def test_biased_play_is_legal_and_repeatable(game: AnyGame) -> None:
    rules = game.Rules()
    play = random_playthrough(game, rules, seed=3, choices=5, policy="biased")
    assert play == random_playthrough(game, rules, seed=3, choices=5, policy="biased")
    assert game.is_over(play.final)
    assert replay(play.record) == play.final
    for state in play.states:
        game.check_state(state)


def _fires(game: AnyGame, rule: str, policy: Any, targeting: str | None = None) -> int:
    plays = [
        random_playthrough(
            game, game.Rules(players=4), seed=s, choices=s, policy=policy, targeting=targeting
        )
        for s in range(6)
    ]
    return rule_coverage(game, plays).counts[rule]


@pytest.mark.slow  # plays two sets of whole games: CI's slow run
def test_biased_play_reaches_rare_rules_more_often() -> None:
    # AL-8: triples are rare under uniform play; BB-12: three of a kind burns.
    assert _fires(AL, "AL-8", "biased") > 2 * _fires(AL, "AL-8", "uniform")
    assert _fires(BB, "BB-12", "biased") > _fires(BB, "BB-12", "uniform")


def test_biased_play_can_target_a_rule() -> None:
    # BB-15: a play of 11s reverses the direction; targeting it makes 11s a priority.
    assert _fires(BB, "BB-15", "biased", targeting="BB-15") > _fires(BB, "BB-15", "biased")


def test_biased_play_cuts_no_game_short() -> None:
    play = random_playthrough(BM, BM.Rules(), seed=11, choices=0, policy="biased")
    # Beggar has no decisions: the policy has nothing to choose and plays the same game.
    assert play == random_playthrough(BM, BM.Rules(), seed=11, choices=0)


def test_bad_policy_and_target_are_clear_errors() -> None:
    with pytest.raises(cardrules.CardrulesError, match="policy: 'uniform' or 'biased'"):
        playthroughs(BB, policy="greedy")  # type: ignore[arg-type]
    with pytest.raises(cardrules.CardrulesError, match="'AL-8' is not a rule ID"):
        states(BB, targeting="AL-8")
    with pytest.raises(cardrules.CardrulesError, match="policy"):
        random_playthrough(BB, BB.Rules(), seed=1, choices=1, policy="smart")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- strategies


@settings(max_examples=10)
@given(playthroughs(BB, max_moves=200, policy="biased", targeting="BB-14"))
def test_targeted_playthroughs_are_legal_play(play: Playthrough) -> None:
    assert replay(play.record) == play.final
    assert len(play.record.moves) <= 200


def test_targeted_states_lie_next_to_a_firing_move() -> None:
    plays: list[Any] = []

    @settings(max_examples=15, database=None)
    @given(states(BB, max_moves=150, policy="biased", targeting="BB-14"))
    def collect(state: Any) -> None:
        plays.append(state)

    collect()
    # BB-14: a state next to a play of 4s: one with 4s on top of the pile, or the
    # one just before such a play (a 4 in the mover's hand or face-up cards).
    near = 0
    for state in plays:
        after_fours = bool(state.discard) and state.discard[-1] == 4
        seat = BB.to_move(state)
        holds_fours = seat is not None and (state.hands[seat][4] or state.face_up[seat][4])
        near += after_fours or bool(holds_fours)
    assert near >= len(plays) * 2 // 3


def test_a_failure_notes_the_position_in_the_games_notation() -> None:
    tiny = _tiny_notation(BB)

    @settings(max_examples=5, database=None)
    @given(states(tiny, max_moves=5))
    def fails(state: Any) -> None:
        raise AssertionError("my program broke")

    with pytest.raises(AssertionError, match="my program broke") as caught:
        fails()
    notes = getattr(caught.value, "__notes__", [])
    assert any(
        n.startswith("position after ") and ": TINY/biggenbende/round 1" in n for n in notes
    )


def test_a_failing_playthrough_notes_its_first_and_last_positions() -> None:
    tiny = _tiny_notation(AL)

    @settings(max_examples=3, database=None, phases=[Phase.generate])
    @given(playthroughs(tiny, policy="biased"))
    def fails(play: Playthrough) -> None:
        raise AssertionError("boom")

    with pytest.raises(AssertionError, match="boom") as caught:
        fails()
    notes = getattr(caught.value, "__notes__", [])
    assert "first position: TINY/allegra/round 1/on" in notes
    assert any(n.startswith("last position (after ") and n.endswith("/over") for n in notes)
    # The failing example itself is short: the states are given by their number.
    assert any(" states>" in n for n in notes if n.startswith("Falsifying") or "play=" in n)


def test_without_a_notation_the_note_is_the_abbreviated_repr() -> None:
    assert isinstance(BB, GameSpec)
    plain = attrs.evolve(BB, notation=None)

    @settings(max_examples=2, database=None)
    @given(states(plain, max_moves=0))
    def fails(state: Any) -> None:
        raise AssertionError("boom")

    with pytest.raises(AssertionError) as caught:
        fails()
    notes = [n for n in getattr(caught.value, "__notes__", []) if n.startswith("position")]
    assert notes
    assert notes[0].startswith("position after 0 moves: State(rules=Rules(")
    assert notes[0].endswith(" characters)")


# --------------------------------------------------------------------------- shrinking


def _with_earlier_positions(game: AnyGame, play: Playthrough) -> AnyGame:
    """``game`` with a made-up ``smaller``: an invalid position, then the one before."""
    earlier = {state: play.states[i] for i, state in enumerate(play.states[1:])}

    def smaller(state: Any) -> Iterator[Any]:
        yield attrs.evolve(state, round=0)  # fails check_state: skipped
        yield state  # the same position: skipped
        if state in earlier:
            yield earlier[state]

    assert isinstance(game, GameSpec)
    return _tiny_notation(attrs.evolve(game, smaller=smaller))


def test_shrink_position_finds_the_smallest_failing_position() -> None:
    play = random_playthrough(BB, BB.Rules(players=3), seed=2, choices=3, max_moves=120)
    game = _with_earlier_positions(BB, play)

    # A made-up bug: "the program breaks once the discard pile holds two cards or more".
    def fails(state: Any) -> bool:
        return len(state.discard) >= 2

    last = max(i for i, s in enumerate(play.states) if fails(s))
    first = last
    while first > 0 and fails(play.states[first - 1]):
        first -= 1
    shrunk = shrink_position(game, play.states[last], fails)
    assert shrunk.state == play.states[first]
    assert shrunk.steps == last - first
    assert shrunk.tried == last - first + 1
    assert shrunk.text == f"TINY/biggenbende/round {shrunk.state.round}/on"
    assert str(shrunk) == shrunk.text


def test_shrink_position_stops_after_max_steps() -> None:
    play = random_playthrough(BB, BB.Rules(players=3), seed=2, choices=3, max_moves=60)
    game = _with_earlier_positions(BB, play)
    shrunk = shrink_position(game, play.final, lambda s: True, max_steps=5)
    assert shrunk.tried == 5
    assert shrunk.state == play.states[-6]


def test_shrink_position_without_smaller_gives_the_state_back() -> None:
    assert isinstance(AL, GameSpec)
    game = attrs.evolve(AL, smaller=None, notation=None)
    state = AL.new_game(AL.Rules(), seed=4)
    shrunk = shrink_position(game, state, lambda s: True)
    assert (shrunk.state, shrunk.steps, shrunk.tried) == (state, 0, 0)
    assert shrunk.text.startswith("State(")


def test_shrink_position_needs_a_failing_start() -> None:
    state = BB.new_game(BB.Rules(), seed=1)
    with pytest.raises(cardrules.CardrulesError, match="fails\\(state\\) is false"):
        shrink_position(BB, state, lambda s: False)


def test_shrink_position_with_the_games_own_smaller(game: AnyGame) -> None:
    if game.smaller is None:
        pytest.skip(f"{game.name} has no smaller() yet")
    play = random_playthrough(game, game.Rules(), seed=5, choices=5, max_moves=40)
    start = play.final
    size = len(cardrules.dumps(start))

    # A made-up property that any position of the game's players fails.
    def fails(state: Any) -> bool:
        return game.players(state) == game.players(start)

    shrunk = shrink_position(game, start, fails, max_steps=200)
    game.check_state(shrunk.state)
    assert fails(shrunk.state)
    assert shrunk.tried <= 200
    assert len(cardrules.dumps(shrunk.state)) <= size
    if game.notation is not None:
        assert game.notation.parse_state(shrunk.text) == shrunk.state
