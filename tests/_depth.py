"""
How deep the suite digs: quick for a person's edit-test loop, deep for CI.

``HYPOTHESIS_PROFILE=ci`` (set by ``.ci/run``) selects hypothesis' deeper profile, and the
loops that draw many games outside hypothesis read the same choice through :func:`scaled`,
so one variable sizes the whole run. ``CARDRULES_SLOW=1`` (also set by CI) or ``--run-slow``
runs the tests marked ``@pytest.mark.slow`` as well: long soaks and framework suites.
"""

from __future__ import annotations

import os

DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "ci"
"""True where CI asked for the deep profile."""


def scaled(quick: int, deep: int) -> int:
    """
    How many games, states or seeds a loop draws: ``quick`` by default, ``deep`` in CI.

    >>> scaled(1, 3) in (1, 3)
    True
    """
    return deep if DEEP else quick
