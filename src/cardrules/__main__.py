"""``python -m cardrules``: the command line (see :mod:`cardrules.cli`)."""

from __future__ import annotations

from cardrules.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
