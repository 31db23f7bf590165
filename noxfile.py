"""
Development sessions: ``nox`` runs tests (on every Python from 3.11 to 3.13 found here),
typecheck, lint and docs; ``nox -s tests-3.12 -- -x tests/test_rng.py`` runs one.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess

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
