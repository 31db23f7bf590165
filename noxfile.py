"""Development sessions: ``nox -s tests typecheck lint docs``."""

from __future__ import annotations

import nox

nox.options.sessions = ["tests", "typecheck", "lint", "docs"]
nox.options.default_venv_backend = "venv"


@nox.session
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
    session.run(
        "sphinx-build", "-W", "--keep-going", "-b", "doctest", "docs", "docs/_build/doctest"
    )
