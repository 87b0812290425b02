"""``thebes serve``: one server process, or several on one port (:func:`run_serve`).

The app itself is built by :func:`thebes.server.app.create_app`; each ``--workers``
process builds its own with :func:`thebes.server.app.app_from_env` (uvicorn's factory
``thebes.server.app:app_from_env``).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

def run_serve(args: argparse.Namespace) -> int:
    """Body of ``thebes serve [--host H] [--port P] [--database URL] [--bot-delay S] [--workers N]``
    and the limits' options (thebes/server/guard/settings.py).

    ``--workers N`` runs N server processes on one listening socket (uvicorn's
    supervisor restarts one that dies); they share the database, which must
    then be PostgreSQL (docs/deploy.md). Exit 2 with a sentence when the port
    or the database cannot be used (a SQLite file another process serves).
    """
    import logging
    import os

    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from .guard.settings import Settings
    from .process import tune_gc
    from .storage.database import database_url, display_url
    from .storage.schema import DatabaseBusy

    try:
        settings = Settings.from_env().with_args(args)
    except ValueError as err:
        print(f"thebes serve: {err}", file=sys.stderr)
        return 2
    url = database_url(args.database)
    workers = max(1, int(getattr(args, "workers", 1) or 1))
    if workers > 1 and not url.startswith("postgresql"):
        print(f"thebes serve: --workers {workers} needs PostgreSQL (SQLite serves one process); "
              f"give --database postgresql://USER:PASSWORD@HOST/DB (docs/deploy.md)", file=sys.stderr)
        return 2
    problem = _port_problem(args.host, args.port)
    if problem:   # before the app starts: it would resume games and set bots going
        print(f"thebes serve: cannot listen on {args.host}:{args.port}: {problem}", file=sys.stderr)
        return 2
    from .app import create_app

    try:
        app = create_app(url, bot_delay=args.bot_delay, settings=settings)
        app.state.storage.claim_writer()     # SQLite: this process alone (the app claims it again)
    except DatabaseBusy as err:
        print(f"thebes serve: {err}", file=sys.stderr)
        return 2
    except (SQLAlchemyError, OSError) as err:
        print(f"thebes serve: cannot open the database {display_url(url)}: {err}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(name)s: %(message)s")
    tune_gc()
    host = args.host
    shown = f"[{host}]" if ":" in host else host
    print(f"thebes: database {display_url(url)}" + (f", {workers} worker processes" if workers > 1 else ""))
    everywhere = host in ("0.0.0.0", "::", "")
    print(f"thebes: open http://{'127.0.0.1' if everywhere else shown}:{args.port}/ "
          f"(API documentation at /docs)"
          + (f"; listening on every interface ({shown})" if everywhere else ""), flush=True)
    from .guard.security import deadline_protocol, log_config
    # issue 30 item 5: a deadline on half-sent requests, X-Forwarded-* from configured proxies
    # only, and the app's log lines with their level in every process
    options = dict(log_level="info", ws_max_size=settings.max_body, ws_per_message_deflate=False,
                   http=deadline_protocol(settings.request_timeout), log_config=log_config(),
                   proxy_headers=bool(settings.trusted_proxies),
                   forwarded_allow_ips=list(settings.trusted_proxies) or "")
    if workers > 1:
        app.state.storage.close()            # each worker opens its own (migrated above)
        os.environ.update(settings_environment(settings))
        os.environ["THEBES_DATABASE_URL"] = url
        os.environ["THEBES_BOT_DELAY"] = str(args.bot_delay)
        uvicorn.run("thebes.server.app:app_from_env", factory=True, host=host, port=args.port,
                    workers=workers, **options)
        return 0
    # no per-message compression: it would deflate every view once per socket (the view
    # itself is encoded once per version and seat); views are small, nginx or TLS can compress
    uvicorn.run(app, host=host, port=args.port, **options)
    return 0


def settings_environment(settings: Any) -> dict[str, str]:
    """``THEBES_<NAME>`` variables that make ``Settings.from_env()`` give ``settings`` back (how
    ``--workers`` hands the options to its worker processes)."""
    import dataclasses

    out = {}
    for f in dataclasses.fields(settings):
        value = getattr(settings, f.name)
        if isinstance(value, bool):
            text = "1" if value else "0"
        elif isinstance(value, tuple):
            text = " ".join(value)
        else:
            text = str(value)
        out[f"THEBES_{f.name.upper()}"] = text
    return out


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


__all__ = ["run_serve", "settings_environment"]
