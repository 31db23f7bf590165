"""
Every example of the README and of every docs page runs as written.

Each page runs in a fresh interpreter whose working directory is an empty folder outside
the checkout, as a reader's own project would be: its Python blocks and doctests in page
order, in one namespace, with nothing imported or set up for them, and with the printed
output checked wherever the page shows it (``tests/docs_runner.py``, with Sybil's MyST
parsers). A page that needs an optional extra runs when the extra is installed (CI
installs them all); a page that needs a service starts one the reader can start too.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUNNER = (ROOT / "tests" / "docs_runner.py").read_text(encoding="utf-8")
DOCS = sorted((ROOT / "docs").rglob("*.md"))
PAGES = ["README.md", *(p.relative_to(ROOT).as_posix() for p in DOCS if "_build" not in p.parts)]

# The modules a page imports from an optional extra (or another package it names).
NEEDS = {
    "docs/how-to/cluster.md": ("distributed",),
    "docs/how-to/train-an-agent.md": ("numpy", "pettingzoo", "pyspiel"),
    "docs/reference/format.md": ("jsonschema",),
}
# Pages whose run takes more than a few seconds: the Dask LocalCluster of cluster.md,
# the hundred random games of check_game in add-a-game.md, the fuzzing loop (and its
# shrinking) of fuzz.md.
SLOW = {
    "docs/how-to/cluster.md",
    "docs/how-to/add-a-game.md",
    "docs/how-to/fuzz.md",
    "docs/how-to/train-an-agent.md",
}
# The page that installs the toy game of examples/toygame (pip install ./examples/toygame).
INSTALLS_TOYGAME = {"docs/how-to/add-a-game.md"}


def _param(page: str) -> object:
    marks: list[pytest.MarkDecorator] = []
    if page in SLOW:
        marks.append(pytest.mark.slow)
    return pytest.param(page, marks=marks, id=page)


@pytest.fixture(scope="session")
def toygame_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``pip install ./examples/toygame``, into a folder of its own."""
    target = tmp_path_factory.mktemp("toygame-site")
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps"]
    if _importable("hatchling"):
        # The example's build backend is in the test extra: build with it, no download.
        command.append("--no-build-isolation")
    command += ["--target", str(target), str(ROOT / "examples" / "toygame")]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return target


def _importable(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def _environment(path: Path | None = None) -> dict[str, str]:
    """This environment, without anything that points into the checkout."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PYTEST"))}
    if path is not None:
        env["PYTHONPATH"] = str(path)
    return env


@pytest.mark.parametrize("page", [_param(page) for page in PAGES])
def test_every_example_of_the_page_runs_as_written(
    page: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    for module in NEEDS.get(page, ()):
        pytest.importorskip(module, reason=f"{page} needs {module}")
    site = request.getfixturevalue("toygame_site") if page in INSTALLS_TOYGAME else None
    done = subprocess.run(
        [sys.executable, "-c", RUNNER, str(ROOT / page)],
        cwd=tmp_path,
        env=_environment(site),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.endswith(" examples ran\n"), done.stdout


def test_the_runner_fails_on_a_wrong_output_and_on_hidden_setup(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("```{doctest}\n>>> 1 + 1\n3\n```\n", encoding="utf-8")
    wrong = _run_page(page, tmp_path)
    assert wrong.returncode == 1
    assert "page.md, line 2: the example fails" in wrong.stderr
    assert "Expected:\n    3\nGot:\n    2" in wrong.stderr
    # Names the runner itself uses are not the page's: a page must import what it uses.
    page.write_text("```python\nsys.exit(0)\n```\n", encoding="utf-8")
    hidden = _run_page(page, tmp_path)
    assert hidden.returncode == 1
    assert "NameError: name 'sys' is not defined" in hidden.stderr
    page.write_text("```python\nfrom tests import toygame\n```\n", encoding="utf-8")
    checkout = _run_page(page, tmp_path)
    assert checkout.returncode == 1
    assert "No module named 'tests'" in checkout.stderr


def _run_page(page: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", RUNNER, str(page)],
        cwd=cwd,
        env=_environment(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_installed_toy_game_plays_from_the_command_line(
    toygame_site: Path, tmp_path: Path
) -> None:
    # The end of the how-to "Add your own game": pip install, then cardrules simulate.
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", "simulate", "toy", "--games", "100"],
        cwd=tmp_path,
        env=_environment(toygame_site),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("toy: 100 games, 2 players, seeds 0 to 99\n"), done.stdout
    without = subprocess.run(
        [sys.executable, "-m", "cardrules", "simulate", "toy", "--games", "1"],
        cwd=tmp_path,
        env=_environment(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert without.returncode != 0
    assert "toy" in without.stderr
