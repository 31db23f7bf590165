"""
Development sessions: ``nox`` runs tests (on every Python from 3.11 to 3.13 found here),
typecheck, lint and docs; ``nox -s tests-3.12 -- -x tests/test_rng.py`` runs one.
``nox -s mutation`` and ``nox -s mutation_changed`` run mutation testing (CONTRIBUTING.md).
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import shutil
import subprocess
import tomllib
from collections import Counter
from pathlib import Path

import nox

PYTHONS = ["3.11", "3.12", "3.13"]


def _activate_pyenv_pythons() -> None:
    """
    Let nox find every pyenv-installed Python of PYTHONS, not only the active one: pyenv's
    ``python3.12`` shim fails unless 3.12 is among the active versions.
    """
    pyenv = shutil.which("pyenv")
    if pyenv is None or "PYENV_VERSION" in os.environ:
        return
    try:
        active = subprocess.run(
            [pyenv, "version-name"], capture_output=True, text=True, check=True
        ).stdout.split(":")
        installed = subprocess.run(
            [pyenv, "versions", "--bare"], capture_output=True, text=True, check=True
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        return
    versions = [name.strip() for name in active if name.strip()]
    for python in PYTHONS:
        releases = [v for v in installed if re.fullmatch(re.escape(python) + r"\.\d+", v)]
        if releases:
            versions.append(max(releases, key=lambda v: int(v.rsplit(".", 1)[1])))
    os.environ["PYENV_VERSION"] = ":".join(dict.fromkeys(versions))


_activate_pyenv_pythons()

nox.options.sessions = ["tests", "typecheck", "lint", "docs"]
nox.options.default_venv_backend = "venv"
# A machine without one of the Pythons skips its session with a message instead of failing.
nox.options.error_on_missing_interpreters = False


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Run the test suite and the doctests in the sources."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "pytest", *session.posargs)


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src, tests and benchmarks."""
    session.install("-e", ".[dev]")
    session.run("mypy", "--strict")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff: lint rules and formatting."""
    session.install("ruff")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the docs with warnings as errors, then run their doctests."""
    session.install("-e", ".[docs,test]")
    session.run("sphinx-build", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")
    session.run("python", "docs/check_reference.py", "docs/_build/html/objects.inv")
    session.run(
        "sphinx-build", "-W", "--keep-going", "-b", "doctest", "docs", "docs/_build/doctest"
    )


@nox.session
def api(session: nox.Session) -> None:
    """Rewrite tests/data/public_api.txt after an intended public API change."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "tests.api_pin", "--write")


# ------------------------------------------------------------------ mutation testing

MUTMUT = "mutmut>=3.8"
EQUIVALENTS = Path("mutation-equivalents.md")
"""The mutants shown equivalent (no input can tell them from the code), each with its reason."""

# mutmut's exit codes per mutant, as its ``.meta`` files keep them.
_KILLED = {1, 3, 36, 37, -24, 24, 152, 255}  # failed test, error, timeout, type check
_LIVED = {0, 5, 33, 35}  # survived, no test reached it, suspicious
_NOT_RUN = {None, 2, 34}


def _mutmut(session: nox.Session, *args: str) -> None:
    """``mutmut`` at the lowest CPU priority where ``nice`` exists (mutation runs are long)."""
    nice = ["nice", "-n", "19"] if shutil.which("nice") else []
    session.run(*nice, "mutmut", *args, external=bool(nice))


def _equivalents() -> set[str]:
    """The mutant names recorded in mutation-equivalents.md (its table's first column)."""
    if not EQUIVALENTS.exists():
        return set()
    return set(re.findall(r"^\| `([\w.ǁ]+__mutmut_\d+)`", EQUIVALENTS.read_text(), re.M))


def _mutation_report(session: nox.Session, patterns: list[str]) -> None:
    """
    The score per game and module group, from mutmut's results under mutants/: killed
    over killed plus lived, the recorded equivalents left out; then the living ones.
    """
    equivalent = _equivalents()
    groups: dict[str, Counter[str]] = {}
    lived: list[str] = []
    seen: set[str] = set()
    for meta in sorted(Path("mutants").rglob("*.py.meta")):
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        for name, code in codes.items():
            if patterns and not any(fnmatch.fnmatchcase(name, p) for p in patterns):
                continue
            seen.add(name)
            module = name.split(".x", 1)[0].split(".xǁ", 1)[0]
            parts = module.split(".")
            game = parts[1] if len(parts) > 2 else "core"
            group = f"{game}: {parts[-1]}"
            tally = groups.setdefault(group, Counter())
            if name in equivalent:
                tally["equivalent"] += 1
            elif code in _KILLED:
                tally["killed"] += 1
            elif code in _LIVED:
                tally["lived"] += 1
                lived.append(name)
            else:
                tally["not run"] += 1
    total: Counter[str] = Counter()
    lines = []
    for group, tally in sorted(groups.items()):
        total.update(tally)
        judged = tally["killed"] + tally["lived"]
        score = f"{100 * tally['killed'] / judged:5.1f}%" if judged else "    -"
        lines.append(
            f"{group:32} {score}  killed {tally['killed']:4}  lived {tally['lived']:3}"
            f"  equivalent {tally['equivalent']:3}  not run {tally['not run']:4}"
        )
    judged = total["killed"] + total["lived"]
    if judged:
        lines.append(
            f"{'all':32} {100 * total['killed'] / judged:5.1f}%  killed {total['killed']:4}"
            f"  lived {total['lived']:3}  equivalent {total['equivalent']:3}"
            f"  not run {total['not run']:4}"
        )
    session.log("mutation score (equivalents of %s left out):\n%s", EQUIVALENTS, "\n".join(lines))
    if lived:
        session.log("living mutants (mutmut show NAME):\n%s", "\n".join(sorted(lived)))
    stale = sorted(n for n in equivalent if n not in seen and not patterns)
    if stale:
        session.warn(f"{EQUIVALENTS} names mutants that no longer exist: {', '.join(stale)}")


@nox.session
def mutation(session: nox.Session) -> None:
    """
    Mutation testing with mutmut over the modules ``[tool.mutmut]`` names (every game's
    rules, checks, notation, upgrades and heuristic; the core's checks and serialisation);
    each mutant meets only the tests that reach its function. Arguments are mutant-name
    globs: ``nox -s mutation -- 'cardrules.beggar._checks.*'``. Results stay in mutants/
    (``mutmut browse``), so a second run only retries what changed.
    """
    session.install("-e", ".[test]", MUTMUT)
    _mutmut(session, "run", *session.posargs)
    _mutation_report(session, list(session.posargs))


def _changed_modules(base: str) -> list[str]:
    """The mutated modules (``[tool.mutmut] only_mutate``) that differ from ``base``."""
    config = tomllib.loads(Path("pyproject.toml").read_text())["tool"]["mutmut"]
    diff = subprocess.run(
        ["git", "diff", "--name-only", base, "--", "src"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    untracked = subprocess.run(
        ["git", "ls-files", "--others", "--exclude-standard", "--", "src"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return sorted(
        path
        for path in set(diff) | set(untracked)
        if Path(path).exists() and any(fnmatch.fnmatch(path, p) for p in config["only_mutate"])
    )


@nox.session
def mutation_changed(session: nox.Session) -> None:
    """
    Mutation testing of only the modules a change touched, for the edit loop: those that
    differ from a git base (committed or not), ``main`` unless given:
    ``nox -s mutation_changed -- origin/main``.
    """
    base = session.posargs[0] if session.posargs else "main"
    modules = _changed_modules(base)
    if not modules:
        session.skip(f"no module under mutation testing differs from {base}")
    patterns = [
        ".".join(Path(path).with_suffix("").parts[1:]).removesuffix(".__init__") + ".x*"
        for path in modules
    ]
    session.log("mutating %s", ", ".join(modules))
    session.install("-e", ".[test]", MUTMUT)
    _mutmut(session, "run", *patterns)
    _mutation_report(session, patterns)
