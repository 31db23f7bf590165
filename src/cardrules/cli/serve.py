"""
``cardrules serve --db games.sqlite3 --port 8000``: run the game server (the
``server`` extra) on 127.0.0.1, with the browser table at ``/``.

The signing key is kept in the store, so a restart keeps every game; set
``CARDRULES_KEY`` to sign with a key kept outside it instead (the store then keeps
only a check of it, and refuses another key). ``--db`` also takes a
``postgresql://`` URL (the ``postgres`` extra), for several server processes
behind one address.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from cardrules.cli._common import seconds_arg
from cardrules.errors import CardrulesError
from cardrules.game import Command

__all__ = ["COMMAND"]

_BACKLOG = 2048
"""The listen queue: past it, the kernel drops new connections."""


def _port(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 0 <= int(text) < 65536:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {text!r}")
    return int(text)


def _config(args: argparse.Namespace) -> Any:
    """The uvicorn configuration of the command's arguments."""
    try:
        import uvicorn

        from cardrules.server import Limits, create_app, open_store
    except ImportError:
        raise CardrulesError(
            "cardrules serve needs the server extra: pip install 'cardrules[server]'"
        ) from None
    key = os.environ.get("CARDRULES_KEY")
    store = open_store(args.db, key=key.encode() if key else None)
    app = create_app(
        store, limits=Limits(body_timeout=args.body_timeout), bot_delay=args.bot_delay
    )
    return uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        backlog=_BACKLOG,
        # An idle connection is closed after this many seconds; a request's body must
        # come within --body-timeout (the application's own limit).
        timeout_keep_alive=5,
        timeout_graceful_shutdown=10,
        # Past this many connections and requests at once, new ones get 503.
        limit_concurrency=args.max_connections,
        # Bodies are read by the application, which limits their size; headers over
        # this size are refused.
        h11_max_incomplete_event_size=16 * 1024,
        server_header=False,
        log_level="warning" if args.quiet else "info",
        access_log=not args.quiet,
    )


def _run(args: argparse.Namespace) -> int:
    config = _config(args)  # first: a clear error when the extra is missing
    import uvicorn

    print(f"cardrules serve: http://{args.host}:{args.port}/ (Ctrl-C stops)", flush=True)
    uvicorn.Server(config).run()
    return 0


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        default="games.sqlite3",
        help="the SQLite file (made if missing) or a postgresql:// URL (default: %(default)s)",
    )
    parser.add_argument("--port", type=_port, default=8000, help="the port (default: %(default)s)")
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default: %(default)s, this machine only)",
    )
    parser.add_argument(
        "--bot-delay",
        type=seconds_arg,
        default=0.0,
        metavar="SECONDS",
        help="a pause after each bot move, so people can follow (default: none)",
    )
    parser.add_argument(
        "--body-timeout",
        type=seconds_arg,
        default=10.0,
        metavar="SECONDS",
        help="how long a client may take to send a request's body (default: %(default)s)",
    )
    parser.add_argument(
        "--max-connections",
        type=int,
        default=1000,
        metavar="N",
        help="connections served at once; more get 503 (default: %(default)s)",
    )
    parser.add_argument("--quiet", action="store_true", help="log warnings only")


COMMAND = Command(
    name="serve",
    help="run a game server with a table in the browser",
    configure=_configure,
    run=_run,
    description="Serve tables of people and bots over HTTP (JSON API under /api, the "
    "browser table at /). Needs the server extra: pip install 'cardrules[server]'.",
)
"""The ``cardrules serve`` command."""
