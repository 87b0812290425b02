"""The web app: FastAPI server, lasting storage, live games over WebSocket, bot seats.

``thebes serve`` runs :func:`run_serve`; tests build the app with
:func:`thebes.server.app.create_app`. See docs/web-api.md.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def create_app(*args: Any, **kwargs: Any) -> Any:
    from .app import create_app as _create_app
    return _create_app(*args, **kwargs)


def run_serve(args: argparse.Namespace) -> int:
    """Body of ``thebes serve [--host H] [--port P] [--database URL] [--bot-delay S]`` and the
    limits' options (thebes/server/settings.py)."""
    import logging

    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from .settings import Settings
    from .storage import database_url, display_url

    try:
        settings = Settings.from_env().with_args(args)
    except ValueError as err:
        print(f"thebes serve: {err}", file=sys.stderr)
        return 2
    url = database_url(args.database)
    problem = _port_problem(args.host, args.port)
    if problem:   # before the app starts: it would resume games and set bots going
        print(f"thebes serve: cannot listen on {args.host}:{args.port}: {problem}", file=sys.stderr)
        return 2
    try:
        app = create_app(url, bot_delay=args.bot_delay, settings=settings)
    except (SQLAlchemyError, OSError) as err:
        print(f"thebes serve: cannot open the database {display_url(url)}: {err}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(name)s: %(message)s")
    host = args.host
    shown = f"[{host}]" if ":" in host else host
    print(f"thebes: database {display_url(url)}")
    print(f"thebes: open http://{'127.0.0.1' if host in ('0.0.0.0', '') else shown}:{args.port}/ "
          f"(API documentation at /docs)", flush=True)
    uvicorn.run(app, host=host, port=args.port, log_level="info", ws_max_size=settings.max_body)
    return 0


def _port_problem(host: str, port: int) -> str | None:
    """Why ``host:port`` cannot be listened on (in use, bad address), or ``None``."""
    import socket

    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as err:
        return str(err)
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as err:
            return err.strerror or str(err)
    return None


__all__ = ["create_app", "run_serve"]
