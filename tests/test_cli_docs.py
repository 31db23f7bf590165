"""
The console examples of docs/cli.md are true: each ``$ cardrules ...`` line is run, in
page order in one folder, and must print what the page shows.

A line ``...`` stands for any number of lines. A prompt shown with an answer typed after
it (``move 1-8 (? help, q quits): 1``) gives that answer as input, and the output must
show the prompt; a command that needs more input than its shown prompts has it below.
"""

from __future__ import annotations

import io
import json
import re
import shlex
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules import beggar
from cardrules.cli import main

PAGE = Path(__file__).parents[1] / "docs" / "cli.md"

_PROMPT = re.compile(
    r"^(move 1(?:-\d+)? \(.*q quits\): |save the game to \S+\? \[Y/n\] "
    r"|save the game\? file name \(empty: do not save\): "
    r"|Enter: next move, c: no more pauses, q: stop )(.*)$"
)

_INPUT = {"cardrules play allegra --players 3 --seed 2": "1\n" * 14}
"""Input for a transcript whose first prompts the page leaves out."""


def _examples() -> list[tuple[str, list[str]]]:
    """Every ``$ command`` of the page's console blocks, with the lines shown after it."""
    examples: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", PAGE.read_text(), flags=re.DOTALL):
        for line in block.splitlines():
            if line.startswith("$ "):
                examples.append((line[2:], []))
            else:
                examples[-1][1].append(line)
    return examples


def _matches(shown: list[str], printed: list[str]) -> bool:
    """Whether ``printed`` is ``shown``, where a line ``...`` stands for any lines."""
    if not shown:
        return not printed
    if shown[0] == "...":
        return any(_matches(shown[1:], printed[k:]) for k in range(len(printed) + 1))
    return bool(printed) and printed[0] == shown[0] and _matches(shown[1:], printed[1:])


def _files(folder: Path) -> None:
    """The files the page's replay examples read, made as the page says."""
    doc = json.loads((folder / "saved.json").read_text())
    doc["data"]["moves"][4] = {"type": "Play", "value": 12, "count": 11}
    (folder / "broken.json").write_text(json.dumps(doc))
    long = cardrules.Record(
        game="beggar", rules=beggar.Rules(), seed=4, moves=(beggar.Turn(),) * 80
    )
    (folder / "long.json").write_text(cardrules.dumps(long))


def test_every_console_example_of_the_cli_page_prints_what_it_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib", reason="the tournament example plots (the plot extra)")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    examples = _examples()
    assert len(examples) >= 12
    for command, shown in examples:
        if command.startswith("cardrules replay broken.json"):
            _files(tmp_path)
        argv = shlex.split(command)
        assert argv[0] == "cardrules"
        answers = [m.group(2) for m in map(_PROMPT.match, shown) if m]
        stdin = _INPUT.get(command, "".join(f"{answer}\n" for answer in answers))
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        main(argv[1:])
        out, err = capsys.readouterr()
        printed = [line.rstrip() for line in (out + err).splitlines()]
        # On a terminal the answer follows its prompt; here it is not echoed.
        expected = [
            (m.group(1) if (m := _PROMPT.match(line)) else line).rstrip() for line in shown
        ]
        assert _matches(expected, printed), f"$ {command}\n" + "\n".join(printed)
