"""The command line: every command in-process, once each as a subprocess, and the errors."""

from __future__ import annotations

import io
import json
import os
import re
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import allegra, beggar, biggenbende
from cardrules._render import render_generic, render_outcome, render_view
from cardrules.bots import RandomBot, play_game
from cardrules.cli import main
from cardrules.cli._common import rules_text
from cardrules.game import AnyGame

MANN_AND_WU = ("K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--")
CASELLA = ("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA")


@attrs.frozen
class Run:
    code: int
    out: str
    err: str


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    """Run ``main(argv)`` with ``stdin`` as the input; return the code and the output."""

    def call(*argv: str, stdin: str = "") -> Run:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = main(list(argv))
        captured = capsys.readouterr()
        assert "Traceback" not in captured.err
        return Run(code, captured.out, captured.err)

    return call


def _one_error_line(result: Run, *fragments: str) -> None:
    assert result.code == 1
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    assert lines[0].startswith("cardrules: error: ")
    for fragment in fragments:
        assert fragment in lines[0]


# --------------------------------------------------------------------------- usage


def test_no_command_lists_the_commands_with_a_line_each(run: Any) -> None:
    result = run()
    assert result.code == 2  # a missing argument, as argparse has it
    assert result.out == ""
    assert result.err.startswith("usage: cardrules")
    lines = result.err.splitlines()
    listed = lines[lines.index("commands:") + 1 : -1]
    names = [line.split()[0] for line in listed]
    assert names == ["play", "simulate", "tournament", "replay", "serve", "beggar"]
    assert all(len(line.split(maxsplit=1)) == 2 for line in listed)  # each says what it does
    assert "tournament  bots against each other, seats rotated: win rates with 95% intervals" in (
        result.err
    )
    assert (
        lines[-1]
        == "cardrules: error: name a command; 'cardrules COMMAND --help' lists its options"
    )


def test_no_command_in_a_subprocess_exits_2() -> None:
    done = _cli()
    assert done.returncode == 2
    assert "  replay    " in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "beggar"],  # --games is required
        ["simulate", "beggar", "--games", "0"],
        ["simulate", "beggar", "--games", "x"],
        ["simulate", "beggar", "--games", "2", "--bot", "clever"],
        ["simulate", "beggar", "--games", "2", "--seed", "-1"],
        ["play", "beggar", "--bot", "clever"],
        ["replay"],
        ["frobnicate"],
    ],
)
def test_usage_errors_exit_2_with_argparse_message(run: Any, argv: list[str]) -> None:
    result = run(*argv)
    assert result.code == 2
    assert "error:" in result.err
    assert "usage:" in result.err


def test_help_and_version_exit_0(run: Any) -> None:
    assert run("--help").code == 0
    result = run("--version")
    assert result.code == 0
    assert cardrules.__version__ in result.out


# --------------------------------------------------------------------------- simulate


def test_simulate_prints_a_table(run: Any) -> None:
    result = run(
        "simulate", "biggenbende", "--games", "6", "--players", "3", "--bot", "greedy,random"
    )
    assert result.code == 0
    assert "biggenbende: 6 games, 3 players, seeds 0 to 5" in result.out
    assert "   0  greedy" in result.out
    assert "   2  random" in result.out
    assert "moves per game: mean" in result.out
    assert "rounds cut by a limit: 0" in result.out
    assert result.err == ""  # no progress bar when stderr is not a terminal


def test_simulate_json_summary(run: Any) -> None:
    result = run("simulate", "allegra", "--games", "4", "--players", "2", "--seed", "10", "--json")
    assert result.code == 0
    summary = json.loads(result.out)
    assert summary["game"] == "allegra"
    assert summary["games"] == 4
    assert summary["seed"] == 10
    assert summary["bots"] == ["random", "random"]
    assert sum(summary["sole_wins"]) <= 4 <= sum(summary["wins"]) + summary["no_winner"]
    assert summary["moves"]["max"] >= summary["moves"]["mean"] > 0
    assert summary["reasons"] == {"normal": 4}


def test_simulate_is_deterministic_and_jobs_do_not_change_it(run: Any) -> None:
    argv = ["simulate", "biggenbende", "--games", "8", "--seed", "3", "--bot", "greedy,random"]
    one = run(*argv, "--jobs", "1")
    two = run(*argv, "--jobs", "2")
    assert one.code == two.code == 0
    assert one.out == two.out
    assert run(*argv).out == one.out


def test_simulate_counts_rounds_cut_by_the_turn_limit(run: Any) -> None:
    result = run(
        "simulate",
        "biggenbende",
        "--games",
        "2",
        "--players",
        "3",
        "--option",
        "max_turns_per_round=20",
        "--option",
        "rounds=2",
        "--json",
    )
    summary = json.loads(result.out)
    assert summary["cut_rounds"] == 4
    assert summary["reasons"] == {"turn_limit": 2}


def test_simulate_beggar_card_limit(run: Any) -> None:
    result = run("simulate", "beggar", "--games", "3", "--option", "max_cards=10")
    assert result.code == 0
    assert "card limit 3" in result.out


def test_simulate_progress_bar_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    err = Tty()
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["simulate", "beggar", "--games", "3"]) == 0
    # rich's bar (the progress extra), with the count, the rate and the time left.
    pytest.importorskip("rich", reason="the progress extra is not installed")
    assert "simulating beggar" in err.getvalue()
    assert "3/3" in err.getvalue()
    assert "beggar: 3 games" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["simulate", "poker", "--games", "2"], ("unknown game 'poker'", "allegra")),
        (["simulate", "allegra", "--games", "2", "--players", "9"], ("players",)),
        (["simulate", "beggar", "--games", "2", "--bot", "random,random,greedy"], ("3 bots",)),
        (["simulate", "beggar", "--games", "2", "--option", "colour=red"], ("no rule option",)),
        (["simulate", "beggar", "--games", "2", "--option", "max_cards"], ("KEY=VALUE",)),
        (["simulate", "beggar", "--games", "2", "--option", "max_cards=-3"], ("max_cards",)),
        (["simulate", "beggar", "--games", "2", "--seed", str(2**64 - 1)], ("2**64",)),
    ],
)
def test_simulate_errors_exit_1_with_one_line(
    run: Any, argv: list[str], fragments: tuple[str, ...]
) -> None:
    _one_error_line(run(*argv), *fragments)


# --------------------------------------------------------------------------- play


def test_play_beggar_to_the_end_and_save(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    # One legal move: Enter (an empty line) takes it; "1" does too.
    result = run("play", "beggar", "--seed", "3", "--save", str(path), stdin="1\n" + "\n" * 400)
    assert result.code == 0
    assert "beggar: 2 players, seed 3; you play seat 0" in result.out
    # Each move is told by the game's events (BM-4), for the person's seat.
    assert "seat 1 (greedy): seat 1 turns" in result.out
    assert "seat 0 (you): you turn" in result.out
    assert "game over (normal)" in result.out
    assert re.search(r"seat 1: +52  winner", result.out)
    assert f"saved the game (334 moves) to {path}" in result.out
    record = cardrules.loads(path.read_text())
    assert isinstance(record, cardrules.Record)
    assert record.seed == 3
    assert len(record.moves) == 334
    assert cardrules.replay(record) == beggar.play_out(beggar.new_game(seed=3)).state


def test_play_asks_again_after_invalid_input(run: Any) -> None:
    result = run("play", "biggenbende", "--players", "3", "--seed", "4", stdin="x\n0\n99\n\nq\n")
    assert result.code == 0
    assert result.out.count("please enter a number from 1 to 8, ? for help, or q to quit") == 4
    assert "not saved" in result.out


def test_play_biggenbende_quit_save_resume_and_replay(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "bb.json"
    first = run(
        "play",
        "biggenbende",
        "--players",
        "3",
        "--seed",
        "4",
        "--bot",
        "random",
        stdin=f"2\n1\n1\nq\n{path}\n",
    )
    assert first.code == 0
    assert "face up joker joker 10" in first.out  # the second choice
    # BB-4: seat 1's choice is hidden from seat 0 until seat 2, the last, has chosen.
    assert "seat 1 (random): seat 1 chooses 3 cards to lay face up" in first.out
    assert "seat 1 (random): seat 1 lays" not in first.out
    assert re.search(r"seat 2 \(random\): seat 2 lays .* face up; face up now: seat 0 ", first.out)
    assert "saved the game" in first.out
    record = cardrules.loads(path.read_text())
    done = len(record.moves)
    assert done >= 5
    # Resume: the game goes on from the saved moves; q with --save answers yes.
    second = run("play", "--resume", str(path), "--save", str(path), stdin="1\nq\ny\n")
    assert second.code == 0
    assert f"resuming after {done} moves" in second.out
    record2 = cardrules.loads(path.read_text())
    assert record2.moves[:done] == record.moves
    assert len(record2.moves) > done
    replayed = run("replay", str(path))
    assert replayed.code == 0
    assert f"biggenbende: 3 players, seed 4, {len(record2.moves)} moves" in replayed.out
    assert "the record ends before the game is over" in replayed.out


def test_play_allegra_shows_the_areas_and_reads_moves_by_text(run: Any) -> None:
    result = run(
        "play",
        "allegra",
        "--players",
        "3",
        "--seat",
        "1",
        "--seed",
        "2",
        stdin="reveal p1.r0c0\n2\nq\n\n",
    )
    assert result.code == 0
    assert "p2.c3 | p1.c0 p1.c1 p1.c2 p1.c3" in result.out  # seat 1's shared column
    assert "seat 1 (you): you reveal p1.r0c0" in result.out
    assert "seat 0 (greedy): seat 0 reveals" in result.out
    assert "not saved" in result.out


def test_play_stops_cleanly_at_end_of_input(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "eof.json"
    result = run(
        "play", "allegra", "--players", "2", "--seed", "1", "--save", str(path), stdin="1\n"
    )
    assert result.code == 0
    assert "end of input; stopping" in result.out
    assert len(cardrules.loads(path.read_text()).moves) >= 1


def test_play_ctrl_c_offers_to_save(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "int.json"
    answers: Iterator[str] = iter(["1", "KEYBOARD", str(path)])

    def fake_input(prompt: str = "") -> str:
        print(prompt, end="")
        answer = next(answers)
        if answer == "KEYBOARD":
            raise KeyboardInterrupt
        return answer

    monkeypatch.setattr("builtins.input", fake_input)
    assert main(["play", "allegra", "--players", "2", "--seed", "1"]) == 130
    out = capsys.readouterr().out
    assert "interrupted" in out
    assert "save the game? file name" in out
    record = cardrules.loads(path.read_text())
    assert record.game == "allegra"
    assert len(record.moves) == 1


def test_play_resumes_a_saved_state(run: Any, tmp_path: Path) -> None:
    state = biggenbende.new_game(biggenbende.Rules(players=4), seed=9)
    path = tmp_path / "state.json"
    path.write_text(cardrules.dumps(state))
    save = tmp_path / "after.json"
    result = run("play", "--resume", str(path), "--seat", "3", "--save", str(save), stdin="")
    assert result.code == 0
    assert "biggenbende: 4 players, a saved position; you play seat 3" in result.out
    record = cardrules.loads(save.read_text())
    assert record.seed is None
    assert record.start == state
    assert len(record.moves) == 3  # the bots' face-up choices before seat 3's turn


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["play", "poker"], ("unknown game 'poker'",)),
        (["play"], ("name a game",)),
        (["play", "beggar", "--seat", "2"], ("--seat must be in 0..1",)),
        (["play", "beggar", "--players", "7"], ("players",)),
        (["play", "--resume", "does-not-exist.json"], ("does-not-exist.json",)),
    ],
)
def test_play_errors_exit_1_with_one_line(
    run: Any, argv: list[str], fragments: tuple[str, ...]
) -> None:
    _one_error_line(run(*argv), *fragments)


def test_play_resume_rejects_a_view_and_a_wrong_game(run: Any, tmp_path: Path) -> None:
    state = beggar.new_game(seed=1)
    view_file = tmp_path / "view.json"
    view_file.write_text(cardrules.dumps(beggar.view(state, 0)))
    _one_error_line(run("play", "--resume", str(view_file)), "holds a view")
    state_file = tmp_path / "state.json"
    state_file.write_text(cardrules.dumps(state))
    _one_error_line(run("play", "allegra", "--resume", str(state_file)), "not allegra")


def test_play_hides_the_face_up_choices_made_before_yours(run: Any) -> None:
    # BB-4, BB-21: seat 2 chooses last; the bots' choices stay hidden until then.
    result = run(
        "play", "biggenbende", "--players", "3", "--seed", "4", "--seat", "2", stdin="q\n\n"
    )
    assert result.code == 0
    assert "seat 0 (greedy): seat 0 chooses 3 cards to lay face up" in result.out
    assert "seat 1 (greedy): seat 1 chooses 3 cards to lay face up" in result.out
    assert "): face up" not in result.out
    # What the bots chose (seen once seat 2 has chosen too) was not printed before.
    assert "face up joker joker 10" not in result.out
    assert "face up joker joker 8" not in result.out
    after = run(
        "play", "biggenbende", "--players", "3", "--seed", "4", "--seat", "2", stdin="1\nq\n\n"
    )
    assert (
        "seat 2 (you): you lay joker 6 7 face up; face up now: seat 0 joker joker 10" in after.out
    )
    assert "seat 0: hand 2 cards | face up joker joker 10 |" in after.out
    assert "seat 1: hand 4 cards | face up joker joker 8 |" in after.out


def test_play_after_your_choice_the_face_up_cards_are_shown(run: Any) -> None:
    result = run("play", "biggenbende", "--players", "3", "--seed", "4", stdin="1\nq\n\n")
    assert "seat 0 (you): you lay joker joker 2 face up\n" in result.out
    assert "seat 1 (greedy): seat 1 chooses 3 cards to lay face up" in result.out
    assert (
        "seat 2 (greedy): seat 2 lays joker 12 12 face up; face up now: seat 0 joker joker 2"
        in result.out
    )


@pytest.mark.parametrize("answer", ["²", "1.0", "+1", "٣٣", "1 2"])
def test_play_odd_digits_are_asked_again(run: Any, answer: str) -> None:
    # "²".isdigit() is true but int("²") fails: this used to end the game with an
    # internal error.
    result = run("play", "biggenbende", "--players", "3", "--seed", "4", stdin=f"{answer}\nq\n\n")
    assert result.code == 0
    assert result.err == ""
    assert "please enter a number from 1 to 8, ? for help, or q to quit" in result.out
    assert "not saved" in result.out


def test_play_a_unicode_decimal_number_is_a_number(run: Any) -> None:
    result = run("play", "biggenbende", "--players", "3", "--seed", "4", stdin="٣\nq\n\n")
    assert "seat 0 (you): you lay joker 2 2 face up" in result.out  # move 3


def test_a_long_move_list_is_laid_out_in_columns() -> None:
    from cardrules.cli.play import _columns

    # An Allegra exchange offers up to 225 moves: one per line pushed the position
    # off the screen.
    entries = [f"{n:>3}. exchange p2.r0c0 -> p0.r0c0" for n in range(1, 226)]
    lines = _columns(entries, 120)
    assert len(lines) == 75
    # Numbers run down the columns: row 1 holds moves 1, 76 and 151.
    assert re.findall(r"(\d+)\. ", lines[0]) == ["1", "76", "151"]
    assert all(len(line) <= 120 for line in lines)
    numbers = [int(cell.split(".")[0]) for line in lines for cell in re.findall(r"\d+\. ", line)]
    assert sorted(numbers) == list(range(1, 226))
    assert _columns(entries[:12], 120) == [f"  {entry}" for entry in entries[:12]]
    assert _columns(entries, 10) == [f"  {entry}" for entry in entries]  # too narrow


def test_play_with_one_move_says_press_enter(run: Any) -> None:
    result = run("play", "beggar", "--seed", "3", stdin="x\n2\nq\n\n")
    assert (
        result.out.count("please press Enter (or 1) for the only move, ? for help, or q to quit")
        == 2
    )
    assert "from 1 to 1" not in result.out


@pytest.mark.parametrize("key", ["?", "help"])
def test_play_help_answers_with_the_moves_and_the_keys(run: Any, key: str) -> None:
    result = run("play", "biggenbende", "--players", "3", "--seed", "4", stdin=f"{key}\nq\n\n")
    assert result.code == 0
    assert "please enter" not in result.out
    helped = result.out.split("move 1-8 (? help, q quits): ", 2)[1]
    assert helped.startswith("\nyour moves:\n  1. face up joker joker 2\n")
    assert "  8. face up 2 10 10\n" in helped
    assert (
        "what they do:\n  choose face up: Lay three of the seven dealt cards face up (BB-4)"
        in (helped)
    )
    for key_line in (
        "  a number, or a move as listed: play that move",
        "  rules: the rules of the game",
        "  ? or help: the moves and these keys",
        "  q: stop (you are offered to save the game)",
    ):
        assert key_line in helped
    assert "Enter: play the only move" not in helped  # there are 8 moves to choose from


def test_play_help_with_one_move_lists_the_keys_that_play_on(run: Any) -> None:
    result = run("play", "beggar", "--seed", "3", stdin="?\nq\n\n")
    assert "  Enter: play the only move" in result.out
    assert "  t: play your only moves on until a trick or round ends" in result.out
    assert "  g: play your only moves on until you have a choice or the game ends" in result.out


@pytest.mark.parametrize("name", ["allegra", "beggar", "biggenbende"])
def test_play_rules_prints_the_games_own_rules(run: Any, name: str) -> None:
    game = cardrules.get_game(name)
    players = "3"  # every built-in game takes 3 players
    result = run("play", game.name, "--players", players, "--seed", "1", stdin="rules\nq\n\n")
    assert result.code == 0
    text = getattr(game, "rules_text", None)
    assert isinstance(text, str)
    assert text in result.out
    # The rules name their rule IDs, from the first to the last that a player meets.
    assert game.rule_ids[0] in text
    assert sum(rule in text for rule in game.rule_ids) >= len(game.rule_ids) // 2


def test_rules_of_a_game_without_a_rules_text_come_from_its_package_docstring() -> None:
    game = attrs.evolve(cardrules.get_game("biggenbende"), rules_text=None)  # type: ignore[misc]
    text = rules_text(game)
    assert text.startswith("Biggenbende (Richard Borg's *Pig Pile*)")
    assert ">>>" not in text
    assert ":func:" not in text
    assert "view shows what a seat may know (BB-21)" in text


def test_play_allegra_shows_the_running_scores_and_whose_turn(run: Any) -> None:
    result = run("play", "allegra", "--players", "2", "--seed", "1", stdin="1\n" * 600)
    assert result.code == 0
    assert "--- seat 0 (you) to move, move 1 ---" in result.out
    shown = re.findall(
        r"scores so far: seat 0 \(you\) (-?\d+), seat 1 (-?\d+); the lowest", result.out
    )
    assert len(shown) > 10  # from the second round on, at each of your turns
    # The first total shown is the first round's score, as its end was told.
    ended = re.search(r"round 1 is over .*?scores: you (-?\d+), seat 1 (-?\d+)", result.out)
    assert ended is not None
    assert shown[0] == ended.groups()


def test_play_allegra_explains_the_knock_window(run: Any) -> None:
    result = run("play", "allegra", "--players", "3", "--seed", "2", stdin="1\n" * 12 + "q\n\n")
    window = result.out.split("seat 1 drew 4; seat 0 knocks or passes", 1)[1]
    moves, _, _ = window.partition("move 1-2")
    assert "  1. knock\n  2. pass\n" in moves
    text = " ".join(moves.split())
    assert "knock: Ask for the card just drawn by another player (AL-7)." in text
    assert "pass: Do not knock (AL-7)." in text
    # Explained the first time it is offered; afterwards "?" tells it again.
    assert result.out.count("knock: Ask for the card") == 1


def test_play_beggar_t_plays_on_to_the_end_of_the_trick(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    result = run("play", "beggar", "--seed", "3", "--save", str(path), stdin="t\nq\ny\n")
    assert result.code == 0
    assert result.out.count("move 1 (Enter takes it, t, g, ? help, q quits)") == 2
    record = cardrules.loads(path.read_text())
    # Seed 3: the first trick is taken with the 8th card, then seat 1 leads one card.
    assert "seat 1 (greedy): seat 1 turns 7H; you take the pile (8 cards), ended by 7H" in (
        result.out
    )
    assert len(record.moves) == 8


def test_play_beggar_g_plays_the_rest_of_the_game_with_one_key(run: Any) -> None:
    result = run("play", "beggar", "--seed", "3", stdin="g\n")
    assert result.code == 0
    assert result.out.count("q quits)") == 1  # asked once
    assert "game over (normal)" in result.out
    state = beggar.new_game(seed=3)
    turns = 0
    while not beggar.is_over(state):
        turns += beggar.to_move(state) == 0
        state = beggar.apply(state, beggar.Turn())
    assert result.out.count("seat 0 (you): you turn") == turns


def test_play_watch_at_a_pace_shows_bots_in_every_seat(
    run: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    slept: list[float] = []
    monkeypatch.setattr("cardrules.cli.play.time.sleep", slept.append)
    result = run("play", "beggar", "--watch", "--delay", "0.25", "--seed", "3")
    assert result.code == 0
    assert result.out.startswith(
        "beggar: 2 players, seed 3; greedy bots in every seat; a move every 0.25 s\n"
    )
    assert slept == [0.25] * 334
    assert "seat 0 (greedy) turns 4D\n" in result.out
    assert "seat 1 (greedy) turns 4S\n" in result.out
    assert "--- seat 1 (greedy) to move, move 2 ---" in result.out
    assert not re.search(r"\byou\b", result.out)
    assert "game over (normal)" in result.out


def test_play_watch_steps_on_enter_and_stops_on_q(run: Any) -> None:
    result = run("play", "allegra", "--players", "3", "--seed", "2", "--watch", stdin="\n\nq\n\n")
    assert result.code == 0
    assert result.out.count("Enter: next move, c: no more pauses, q: stop") == 3
    assert "seat 0 (greedy) reveals" in result.out
    told = re.findall(r"^seat \d \(greedy\) ", result.out, flags=re.MULTILINE)
    assert len(told) == 2
    assert "not saved" in result.out


def test_play_watch_c_plays_on_without_pauses(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    result = run(
        "play",
        "biggenbende",
        "--players",
        "3",
        "--seed",
        "4",
        "--watch",
        "--save",
        str(path),
        stdin="c\n",
    )
    assert result.code == 0
    assert result.out.count("Enter: next move") == 1
    assert "game over" in result.out
    record = cardrules.loads(path.read_text())
    assert cardrules.get_game("biggenbende").is_over(cardrules.replay(record))


def test_play_delay_needs_watch(run: Any) -> None:
    _one_error_line(run("play", "beggar", "--delay", "1"), "--delay paces --watch")
    assert run("play", "beggar", "--watch", "--delay", "-1").code == 2


def test_play_a_failed_save_asks_for_another_file(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "ok.json"
    bad = tmp_path / "no" / "such" / "dir.json"
    result = run("play", "beggar", "--seed", "3", stdin=f"\nq\n{bad}\n{path}\n")
    assert result.code == 0
    assert f"cannot write {bad}: No such file or directory" in result.out
    assert f"saved the game (2 moves) to {path}" in result.out
    assert len(cardrules.loads(path.read_text()).moves) == 2
    # Giving up after a failed save is allowed too.
    again = run("play", "beggar", "--seed", "3", stdin=f"q\n{bad}\n\n")
    assert (again.code, again.out.count("cannot write"), again.err) == (0, 1, "")
    assert "not saved" in again.out


@pytest.mark.parametrize(
    ("where", "fragment"),
    [("missing/game.json", "no such directory"), (".", "is a directory")],
)
def test_play_a_save_file_that_cannot_be_written_is_refused_at_once(
    run: Any, tmp_path: Path, where: str, fragment: str
) -> None:
    # Refused before the first move, not after the whole game has been played.
    result = run(
        "play", "beggar", "--seed", "3", "--save", str(tmp_path / where), stdin="\n" * 400
    )
    _one_error_line(result, "--save", fragment)
    assert "turn" not in result.out


def test_play_resume_refuses_seed_and_option(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text(cardrules.dumps(beggar.new_game(seed=1)))
    for extra in (["--seed", "3"], ["--option", "max_cards=5"]):
        result = run("play", "--resume", str(path), *extra)
        _one_error_line(result, "--seed and --option cannot be used with --resume")


def test_play_beggar_names_who_takes_the_pile_and_who_is_out(run: Any) -> None:
    result = run("play", "beggar", "--seed", "5", stdin="\n" * 200)
    assert result.code == 0
    assert "seat 1 (greedy): seat 1 turns 9H; you take the pile (4 cards), ended by 9H" in (
        result.out
    )
    assert "seat 1 (greedy): seat 1 turns 4H; seat 1 is out; you take the pile (7 cards)" in (
        result.out
    )


def test_play_shows_round_ends_burns_and_face_down_cards(run: Any) -> None:
    bb = run(
        "play", "biggenbende", "--players", "3", "--seed", "4", "--seat", "2", stdin="1\n" * 3000
    )
    assert bb.code == 0
    assert re.search(
        r"; round 1 is over, chips won: seat 0 \+\d, seat 1 \+\d, seat 2 \+\d", bb.out
    )
    # Told by the game's events: burns (BB-12, BB-13), pick-ups (BB-9), blind face-down
    # cards (BB-11), played or not.
    burn = r"plays? \d+ x \d+ from [a-z -]+; (\w+ draws? 1 card; )?"
    assert re.search(burn + r"(three \d+s burn|an 8 burns) the pile: \d+ cards? removed", bb.out)
    assert re.search(r"picks? up the pile \(\d+ cards?\)", bb.out)
    assert re.search(r"turns? face-down card \d: (joker|\d+); \w+ plays? 1 x", bb.out)
    assert re.search(
        r"turns? face-down card \d: (\d+, )?not playable; \w+ takes? the turned card", bb.out
    )
    al = run("play", "allegra", "--players", "3", "--seed", "2", stdin="1\n" * 3000)
    assert al.code == 0
    assert "seat 0 (you): you reveal p1.r0c3: 9" in al.out
    assert "seat 0 (you): you lay 4 on p1.r0c3 and take 1 in hand" in al.out
    assert (
        "seat 1 (greedy): seat 1 moves 2 from p0.r0c3 onto p1.r2c3, discarding 8; "
        "you lay 1 on p0.r0c3" in al.out
    )
    assert re.search(r"a triple leaves the round: (p\d\.r\dc\d ?){3} \((-?\d+ ?){3}\)", al.out)
    assert re.search(
        r"round 1 is over \(ended by seat \d\), scores: you -?\d+, seat 1 -?\d+, seat 2 -?\d+",
        al.out,
    )


# --------------------------------------------------------------------------- replay


def _record_file(tmp_path: Path, moves: int = 30) -> tuple[Path, Any]:
    game = cardrules.get_game("biggenbende")
    rules = game.Rules(players=3)
    state = game.new_game(rules, seed=12)
    played = []
    for _ in range(moves):
        move = game.legal_moves(state)[-1]
        played.append(move)
        state = game.apply(state, move)
    record = cardrules.Record(game="biggenbende", rules=rules, seed=12, moves=tuple(played))
    path = tmp_path / "record.json"
    path.write_text(cardrules.dumps(record))
    return path, record


def test_play_resume_of_a_broken_record_names_the_file_move_and_rule(
    run: Any, tmp_path: Path
) -> None:
    path, _ = _record_file(tmp_path)
    doc = json.loads(path.read_text())
    doc["data"]["moves"][11] = {"type": "Play", "value": 12, "count": 11}
    path.write_text(json.dumps(doc))
    _one_error_line(
        run("play", "--resume", str(path)),
        f"{path}: move 12 (seat ",
        ": play 11 x 12) breaks rule BB-",
    )
    long = cardrules.Record(
        game="beggar", rules=beggar.Rules(), seed=4, moves=(beggar.Turn(),) * 77
    )
    path.write_text(cardrules.dumps(long))
    _one_error_line(
        run("play", "--resume", str(path)), f"{path}: move 77 (turn) comes after the end"
    )


def test_replay_prints_every_move(run: Any, tmp_path: Path) -> None:
    path, _ = _record_file(tmp_path)
    result = run("replay", str(path))
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[0] == "biggenbende: 3 players, seed 12, 30 moves"
    assert lines[1].strip().startswith("1. seat 0 lays")
    assert lines[30].strip().startswith("30. seat")


@pytest.mark.parametrize("name", ["biggenbende", "allegra", "beggar"])
def test_replay_names_every_seat_and_nobody_you(run: Any, tmp_path: Path, name: str) -> None:
    game = cardrules.get_game(name)
    rules = game.Rules(players=3)
    _, moves = play_game(game, [RandomBot(seed=s) for s in range(3)], seed=8, rules=rules)
    record = cardrules.Record(game=name, rules=rules, seed=8, moves=tuple(moves)[:120])
    path = tmp_path / "game.json"
    path.write_text(cardrules.dumps(record))
    result = run("replay", str(path))
    assert result.code == 0
    move_lines = result.out.splitlines()[1 : 1 + len(record.moves)]
    assert not [line for line in move_lines if re.search(r"\byou(r)?\b", line)]
    # Each line is led by the seat that moved: "12. seat 2 draws 7" or "12. seat 2: ...".
    replayed = game.new_game(rules, seed=8)
    for number, (line, move) in enumerate(zip(move_lines, record.moves, strict=True), 1):
        seat = game.to_move(replayed)
        assert re.match(rf" *{number}\. seat {seat}[ :]", line), line
        replayed = game.apply(replayed, move)
    assert {int(m) for m in re.findall(r"\. seat (\d)", result.out)} == {0, 1, 2}


def test_replay_a_finished_beggar_game_shows_the_cards(run: Any, tmp_path: Path) -> None:
    state = beggar.new_game(seed=4)
    record = cardrules.Record(
        game="beggar", rules=state.rules, seed=4, moves=(beggar.Turn(),) * 76
    )
    path = tmp_path / "beggar.json"
    path.write_text(cardrules.dumps(record))
    result = run("replay", str(path))
    assert result.code == 0
    first_card = str(state.stacks[0][0])
    assert f"1. seat 0 turns {first_card}" in result.out
    assert "game over (normal)" in result.out
    assert "winner" in result.out


def test_replay_reports_the_broken_move_and_rule(run: Any, tmp_path: Path) -> None:
    path, _ = _record_file(tmp_path)
    doc = json.loads(path.read_text())
    # Move 12 becomes a play of eleven 12s, which nobody holds.
    doc["data"]["moves"][11] = {"type": "Play", "value": 12, "count": 11}
    path.write_text(json.dumps(doc))
    result = run("replay", str(path))
    _one_error_line(result, "move 12", "seat", "play 11 x 12", "breaks rule BB-")
    assert "11. seat" in result.out  # the moves before it were printed


def test_replay_reports_moves_after_the_end(run: Any, tmp_path: Path) -> None:
    record = cardrules.Record(
        game="beggar", rules=beggar.Rules(), seed=4, moves=(beggar.Turn(),) * 80
    )
    path = tmp_path / "long.json"
    path.write_text(cardrules.dumps(record))
    _one_error_line(
        run("replay", str(path)),
        "move 77 (turn) comes after the end of the game (4 moves too many)",
    )


def test_replay_step_shows_positions_and_stops_on_q(run: Any, tmp_path: Path) -> None:
    path, _ = _record_file(tmp_path)
    result = run("replay", str(path), "--step", stdin="\n\nq\n")
    assert result.code == 0
    assert result.out.count("--- seat") == 3
    assert "3. seat" in result.out
    assert "4. seat" not in result.out


def test_replay_step_does_not_call_the_seat_to_move_you(run: Any, tmp_path: Path) -> None:
    path, _ = _record_file(tmp_path, moves=3)
    result = run("replay", str(path), "--step", stdin="c\n")
    assert "(you)" not in result.out
    assert "> seat 0 (to move): hand" in result.out


def test_replay_step_without_input_runs_to_the_end(run: Any, tmp_path: Path) -> None:
    path, _ = _record_file(tmp_path, moves=5)
    result = run("replay", str(path), "--step", stdin="")
    assert result.code == 0
    assert result.out.count("--- seat") == 5


@pytest.mark.parametrize(
    ("content", "fragments"),
    [
        (b"not json at all", ("not valid JSON",)),
        (b"\xff\xfe\x00garbage", ("not valid JSON",)),
        (b'{"format": "cardrules"}', ("missing",)),
        (b"", ("not valid JSON",)),
    ],
)
def test_replay_invalid_files_exit_1_with_one_line(
    run: Any, tmp_path: Path, content: bytes, fragments: tuple[str, ...]
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    _one_error_line(run("replay", str(path)), str(path), *fragments)


def test_replay_unreadable_paths_exit_1(run: Any, tmp_path: Path) -> None:
    _one_error_line(run("replay", str(tmp_path / "missing.json")), "missing.json", "No such file")
    _one_error_line(run("replay", str(tmp_path)), str(tmp_path))


def test_replay_of_a_state_is_refused(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text(cardrules.dumps(beggar.new_game(seed=1)))
    _one_error_line(run("replay", str(path)), "holds a state, not a record")


# --------------------------------------------------------------------------- beggar


def test_beggar_stacks_play_out(run: Any) -> None:
    result = run("beggar", *MANN_AND_WU)
    assert result.code == 0
    assert "cards: 7157" in result.out
    assert "tricks: 1007" in result.out
    assert "winner: seat 1" in result.out


def test_beggar_endless_deal_prints_its_cycle(run: Any) -> None:
    result = run("beggar", "--", *CASELLA)
    assert result.code == 0
    assert "entered after 34 cards and 4 tricks" in result.out
    assert "440 cards and 62 tricks long" in result.out


def test_beggar_seed_and_players(run: Any) -> None:
    result = run("beggar", "--seed", "3")
    assert result.code == 0
    assert "cards: 334" in result.out
    four = run("beggar", "--seed", "3", "--players", "4")
    assert four.code == 0
    assert "seat 3: " in four.out


def test_beggar_records_are_checked(run: Any) -> None:
    result = run("beggar", "--records")
    assert result.code == 0
    assert "Mann and Wu  2007     7157    1007  ok" in result.out
    assert "Casella      2024  endless" in result.out
    assert f"all {len(beggar.RECORD_GAMES)} record games play out" in result.out


def test_beggar_options_abbreviated_and_stacks_in_any_place(run: Any) -> None:
    assert run("beggar", "--se", "3").out == run("beggar", "--seed", "3").out
    wu = run("beggar", "--option", "max_cards=50", MANN_AND_WU[1], "--pl", "2", MANN_AND_WU[0])
    assert wu.code == 0
    assert wu.out.startswith(f"seat 0: {MANN_AND_WU[1]}\nseat 1: {MANN_AND_WU[0]}\ncards: 50")


def test_beggar_card_limit_reports_the_cards_held_and_all_tied_winners(run: Any) -> None:
    # BM-10: ties all win (this used to print "no winner").
    tie = run("beggar", "-" * 26, "-" * 10 + "AAAAKKKKQQQQJJJJ", "--option", "max_cards=2")
    assert tie.code == 0
    assert "stopped by the card limit (BM-10); cards held: seat 0 25, seat 1 25" in tie.out
    assert "winners (a tie): seat 0, seat 1" in tie.out
    assert "no winner" not in tie.out
    one = run("beggar", "--seed", "3", "--option", "max_cards=10")
    assert "stopped by the card limit (BM-10); cards held: seat 0 29, seat 1 21" in one.out
    assert "winner: seat 0" in one.out


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        # A stack starting with "-" and holding a bad character is still a stack (exit 1),
        # and the stacks keep their order in the message.
        (["beggar", MANN_AND_WU[0], MANN_AND_WU[1][:-1] + "X"], ("stacks[1][25]", "'X'")),
        (["beggar", "X" + MANN_AND_WU[0][1:], MANN_AND_WU[1]], ("stacks[0][0]", "'X'")),
        (["beggar", "--KQ", "--seed", "1"], ("not both",)),
        (["beggar", MANN_AND_WU[0], MANN_AND_WU[1][:-1]], ("51 cards",)),
        (["beggar", MANN_AND_WU[0]], ("give 2 to 4 stacks",)),
        (["beggar", "XYZ", "ABC"], ("bad character 'X'",)),
        (["beggar"], ("give 2 to 4 stacks, --seed S or --records",)),
        (["beggar", *MANN_AND_WU, "--seed", "1"], ("not both",)),
        (["beggar", "--records", "--seed", "1"], ("--records takes",)),
        (["beggar", "--seed", "1", "--players", "5"], ("players",)),
    ],
)
def test_beggar_errors_exit_1_with_one_line(
    run: Any, argv: list[str], fragments: tuple[str, ...]
) -> None:
    _one_error_line(run(*argv), *fragments)


# --------------------------------------------------------------------------- rendering


@pytest.mark.parametrize("seat", [0, 1])
def test_every_game_renders_every_seat(game: AnyGame, seat: int) -> None:
    state = game.new_game(game.Rules(), seed=2)
    for _ in range(40):
        if game.is_over(state):
            break
        text = render_view(game.name, game.view(state, seat))
        assert f"seat {seat} (you)" in text
        state = game.apply(state, game.legal_moves(state)[0])


def test_an_unknown_game_renders_its_fields() -> None:
    @attrs.frozen
    class Hand:
        cards: tuple[int, ...]

    @attrs.frozen
    class View:
        seat: int
        hands: tuple[Hand, ...]
        top: Hand
        drawn: int | None
        over: bool

    text = render_view("dominoes", View(1, (Hand((1, 2)), Hand(())), Hand((5,)), None, False))
    assert text == render_generic(View(1, (Hand((1, 2)), Hand(())), Hand((5,)), None, False))
    assert text.splitlines() == [
        "seat: 1",
        "hands:",
        "  [0]",
        "    cards: 1 2",
        "  [1]",
        "    cards: (none)",
        "top:",
        "  cards: 5",
        "drawn: -",
        "over: no",
    ]


def test_a_renderer_that_breaks_falls_back_to_the_fields() -> None:
    @attrs.frozen
    class View:
        seat: int

    assert render_view("allegra", View(0)) == "seat: 0"


def test_the_allegra_areas_mark_the_shared_column() -> None:
    state = allegra.new_game(allegra.Rules(players=2), seed=3)
    text = render_view("allegra", allegra.view(state, 0))
    assert "p1.c3 | p0.c0 p0.c1 p0.c2 p0.c3" in text
    assert "p0.c3 | p1.c0 p1.c1 p1.c2 p1.c3" in text
    rows = [line for line in text.splitlines() if line.startswith("    r")]
    assert sum(line.count("?") for line in rows) == 30  # 15 face-down places per area


def test_views_say_1_card_not_1_cards() -> None:
    from tests.beggar.helpers import deal, turn

    text = render_view("beggar", beggar.view(turn(deal("-+", "--"), 1), 1))
    assert "pile: 1 card, top last: 2C" in text
    assert "1 cards" not in text
    state = allegra.new_game(allegra.Rules(players=2), seed=3)
    assert "discard pile 1 card, top" in render_view("allegra", allegra.view(state, 0))


def test_render_outcome() -> None:
    outcome = cardrules.Outcome(scores=(1, 1), winners=frozenset(), reason="endless")
    assert render_outcome(outcome).splitlines()[-1] == "  no winner"


# --------------------------------------------------------------------------- game hooks


@attrs.frozen
class _Seen:
    rule: str
    text: str


def test_a_move_is_told_by_the_games_events_for_the_watching_seat() -> None:
    from cardrules.cli._common import told

    def events(before: Any, move: Any, after: Any, seat: int) -> tuple[_Seen, ...]:
        if after.tricks > before.tricks:
            return (_Seen("BM-5", "turned"), _Seen("BM-6", "took"))
        return (_Seen("BM-4", "turned"),) if seat == 0 else ()

    spec: Any = beggar.GAME
    game: AnyGame = attrs.evolve(
        spec, events=events, event_types=(_Seen,), render_event=lambda e, s: f"{e.text}@{s}"
    )
    before = beggar.new_game(seed=1)
    after = beggar.apply(before, beggar.Turn())
    assert told(game, before, beggar.Turn(), after, 0) == "turned@0"
    # No event: the move's own text.
    assert told(game, before, beggar.Turn(), after, 1) == "turn"
    # Without render_event an event is told by str(event).
    plain: AnyGame = attrs.evolve(spec, events=events, event_types=(), render_event=None)
    assert told(plain, before, beggar.Turn(), after, 0) == str(_Seen("BM-4", "turned"))
    state = before
    while state.tricks == 0:
        state, previous = beggar.apply(state, beggar.Turn()), state
    assert told(game, previous, beggar.Turn(), state, 1) == "turned@1; took@1"


def test_a_game_without_text_is_drawn_by_its_fields_and_moves() -> None:
    from cardrules.cli._common import move_text, told, view_text

    spec: Any = beggar.GAME
    game: AnyGame = attrs.evolve(spec, render_view=None, render_move=lambda m: "TURN")
    view = beggar.view(beggar.new_game(seed=1), 0)
    assert view_text(game, view) == render_generic(view)
    assert move_text(game, beggar.Turn()) == "TURN"
    # The game's events still tell the card turned.
    before = beggar.new_game(seed=1)
    after = beggar.apply(before, beggar.Turn())
    assert told(game, before, beggar.Turn(), after, 0) == f"you turn {before.stacks[0][0]}"


def _with_commands(monkeypatch: pytest.MonkeyPatch, *commands: cardrules.Command) -> None:
    spec: Any = beggar.GAME
    toy: AnyGame = attrs.evolve(spec, name="toy", commands=commands)
    monkeypatch.setattr(cardrules, "GAMES", {**cardrules.GAMES, "toy": toy})


def test_a_games_command_gets_its_positionals_even_with_a_leading_dash(
    run: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def configure(parser: Any) -> None:
        parser.add_argument("words", nargs="*")
        parser.add_argument("--times", type=int, default=1)
        parser.add_argument("--loud", action="store_true")

    def echo(args: Any) -> int:
        text = " ".join(args.words)
        print((text.upper() if args.loud else text) * args.times)
        return 0

    _with_commands(monkeypatch, cardrules.Command("echo", "say it", configure, echo))
    assert run("echo", "-a", "--ti", "2", "--B-", "--loud").out == "-A --B--A --B-\n"
    assert "say it" in run("--help").out
    assert run("echo", "--bogus").code == 2  # a lower-case long option is still an option


def test_a_games_command_may_not_take_a_taken_name(
    run: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _with_commands(
        monkeypatch, cardrules.Command("replay", "clash", lambda parser: None, lambda args: 0)
    )
    _one_error_line(run("replay", "x.json"), "game 'toy' adds the command 'replay'")


# --------------------------------------------------------------------------- subprocess


def _cli(*argv: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONWARNINGS": "error"}
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
        cwd=cwd,
    )


def test_subprocess_simulate_with_jobs() -> None:
    proc = _cli("simulate", "beggar", "--games", "4", "--jobs", "2", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["games"] == 4
    assert proc.stderr == ""


def test_subprocess_play_save_and_replay(tmp_path: Path) -> None:
    proc = _cli(
        "play", "beggar", "--seed", "4", "--save", "g.json", stdin="\n" * 100, cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    assert "game over" in proc.stdout
    proc = _cli("replay", "g.json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "76. seat" in proc.stdout


def test_subprocess_beggar_records() -> None:
    proc = _cli("beggar", "--records")
    assert proc.returncode == 0, proc.stderr
    assert "Paulhus" in proc.stdout


def test_subprocess_errors_have_no_traceback(tmp_path: Path) -> None:
    proc = _cli("replay", str(tmp_path / "nothing.json"))
    assert proc.returncode == 1
    assert proc.stderr.startswith("cardrules: error: ")
    assert len(proc.stderr.splitlines()) == 1
    proc = _cli("simulate")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr


def test_an_internal_error_is_one_line_unless_debugging(
    run: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(args: Any) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr("cardrules.beggar._cli._records", broken)
    monkeypatch.delenv("CARDRULES_DEBUG", raising=False)
    _one_error_line(run("beggar", "--records"), "internal error", "RuntimeError: boom")
    monkeypatch.setenv("CARDRULES_DEBUG", "1")
    with pytest.raises(RuntimeError, match="boom"):
        main(["beggar", "--records"])


# --------------------------------------------------------------------------- untrusted input
# Issue 10.5: files over the size limit, the seed of a random deal, --jobs over --games.


def test_replay_refuses_a_file_over_the_size_limit(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    record = cardrules.Record(game="beggar", rules=beggar.Rules(), seed=1)
    text = cardrules.dumps(record)
    # Valid JSON, padded with spaces past the limit: refused unread, not parsed.
    path.write_text(text[:-1] + " " * cardrules.serialize.MAX_SIZE + "}")
    _one_error_line(run("replay", str(path)), str(path), "over the size limit")
    path.write_text(text)
    assert run("replay", str(path)).code == 0


def test_play_shows_the_seed_of_a_random_deal_only_at_the_end(
    run: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The fresh seed is fixed here to a deal that ends within the input: a truly random
    # Beggar deal now and then outlasts 600 presses of Enter, and then no seed is shown.
    monkeypatch.setattr(secrets, "randbelow", lambda bound: 12345678901234567)
    result = run("play", "beggar", stdin="\n" * 600)
    head = result.out.splitlines()[0]
    assert head.startswith("beggar: 2 players, a random deal; you play seat 0")
    found = re.findall(r"the deal's seed was (\d+)", result.out)
    assert len(found) == 1
    assert result.out.rstrip().endswith(f"the deal's seed was {found[0]}")
    assert found[0] not in head


def test_play_does_not_show_the_seed_of_a_random_deal_when_quitting(run: Any) -> None:
    result = run("play", "biggenbende", "--players", "3", stdin="q\n\n")
    assert "a random deal" in result.out
    assert "seed" not in result.out


def test_simulate_caps_jobs_at_the_number_of_games(run: Any) -> None:
    many = run("simulate", "beggar", "--games", "1", "--jobs", "64", "--json")
    one = run("simulate", "beggar", "--games", "1", "--json")
    assert many.code == one.code == 0
    assert json.loads(many.out) == json.loads(one.out)


def test_play_against_ismcts_bots_hands_them_worlds_with_their_memory(
    run: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An ISMCTS bot searches (choose_in_worlds), as in play_game: its worlds keep its
    # view and, in Biggenbende, what its seat saw (redeal_seen with its history).
    from cardrules.bots import ISMCTSBot

    searches: list[tuple[Any, Any]] = []
    histories: list[Any] = []
    search = ISMCTSBot.choose_in_worlds

    def spy(self: ISMCTSBot, view: Any, moves: Any, sample: Any) -> Any:
        searches.append((view, sample(1)))
        histories.append(sample._seen)  # the sampler's history of the seat
        return search(self, view, moves, sample)

    monkeypatch.setattr(ISMCTSBot, "choose_in_worlds", spy)
    monkeypatch.setattr(ISMCTSBot, "DEFAULT_ITERATIONS", 6)
    result = run(
        "play",
        "biggenbende",
        "--players",
        "3",
        "--seed",
        "5",
        "--bot",
        "ismcts",
        "--option",
        "rounds=1",
        stdin="1\n" * 400,
    )
    assert result.code == 0
    assert "game over" in result.out
    assert len(searches) > 10
    for view, world in searches:
        assert biggenbende.view(world, view.seat) == view
    assert all(type(seen) is tuple for seen in histories)
    assert any(type(e) is biggenbende.PileTaken for seen in histories for e in seen)


@pytest.mark.parametrize("name", ["allegra", "beggar", "biggenbende"])
def test_each_game_gives_its_rules_text_and_milestones_among_its_events(name: str) -> None:
    game = cardrules.get_game(name)
    milestones = getattr(game, "milestones", ())
    assert milestones
    assert set(milestones) <= set(game.event_types)
    text = getattr(game, "rules_text", None)
    assert isinstance(text, str)
    assert rules_text(game) == text
    prefix = game.rule_ids[0].split("-")[0]
    assert f"({prefix}-2)" in text  # how many may play, with its rule
    assert ">>>" not in text
    assert "``" not in text
