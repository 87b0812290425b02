"""The FastAPI application: :func:`create_app` builds the parts and includes their routes.

``create_app(database_url, bot_delay)`` opens (and migrates) the database at
once; the app's lifespan claims a SQLite file for this process alone (SQLite
serves one process), starts listening for other processes' changes on
PostgreSQL (live/fanout.py), and starts the bot runner, which resumes every
unfinished game where a bot is to move (on PostgreSQL: the games no other
process leases). The parts: storage/ (the database), live/ (the games in
memory, views, sockets' hub, bots, replays, reviews), tables/ (clocks,
stand-ins, votes, rematches), players/ (names, ratings), guard/ (settings,
limits, security headers) and api/ (the routes, one module per resource;
docs/web-api.md). ``thebes serve`` runs it (serve.py).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from contextlib import asynccontextmanager
from typing import AsyncIterator

from fastapi import FastAPI
from fastapi.responses import Response
from fastapi_offline import FastAPIOffline
from starlette.concurrency import run_in_threadpool

from thebes import __version__
from thebes.core import OptionsError, game_names, get_game

from .api import pages
from .api.community import Community
from .api.mine import mine_router
from .api.errors import add_error_handlers
from .api.games import games_router
from .api.hints import hints_router
from .api.pages import WEB_DIR, WebFiles
from .api.play import play_router
from .api.players import players_router
from .api.replay import router as replay_router
from .api.review import router as review_router
from .api.seats import seats_router
from .api.sockets import sockets_router
from .api.tables import tables_router
from .guard.limits import LimitsMiddleware
from .guard.security import SecurityMiddleware, redact_tokens_in_logs
from .guard.settings import Settings
from .live.bots import BotRunner
from .live.errors import ApiError
from .live.fanout import FanOut
from .live.hub import Hub
from .live.service import GameService
from .process import tune_gc
from .storage.database import database_url
from .storage.store import Storage

log = logging.getLogger("thebes.server")


def app_from_env() -> FastAPI:
    """The app of one ``thebes serve --workers N`` worker: database and bot delay from
    ``THEBES_DATABASE_URL`` and ``THEBES_BOT_DELAY``, limits from ``THEBES_<SETTING>`` (all set
    by :func:`thebes.server.serve.run_serve`)."""
    import os

    app = create_app(os.environ.get("THEBES_DATABASE_URL"),
                     bot_delay=float(os.environ.get("THEBES_BOT_DELAY", "0.8")))
    tune_gc()
    return app


def create_app(database: str | None = None, bot_delay: float = 0.8, bot_workers: int = 4,
               bot_processes: int | None = None, settings: Settings | None = None) -> FastAPI:
    """The web app on ``database`` (a SQLAlchemy URL or a SQLite path; see :func:`database_url`).

    ``settings``: limits and protections (default: :meth:`Settings.from_env`, which raises
    ``ValueError`` for a bad ``THEBES_*`` variable).
    """
    settings = settings if settings is not None else Settings.from_env()
    url = database_url(database)
    storage = Storage(url)
    service = GameService(storage)
    service.open_seeds = settings.open_seeds
    hub = Hub()
    service.listeners.append(hub.notify)
    # Where moves (from sockets, and the bots') are stored. SQLite commits without waiting for
    # the disk (WAL, synchronous=NORMAL): in the event loop itself, one writer, no hand-off to a
    # thread and no contention for the GIL (thebes/server/live/bots.py; docs/deploy.md).
    # PostgreSQL's commit waits for its disk: in threads, so that commits overlap (its group commit).
    store_in_loop = not storage.shared

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        redact_tokens_in_logs()        # socket and page URLs carry seat tokens
        storage.claim_writer()         # SQLite: DatabaseBusy if another process serves the file
        fanout = None
        if storage.shared:
            fanout = FanOut(service, hub)
            await fanout.start()
        app.state.fanout = fanout
        bots = BotRunner(service, bot_delay, bot_workers, bot_processes,
                         per_client=settings.bot_searches, bot_seats=settings.bot_seats)
        service.listeners.append(bots.poke)
        if fanout is not None:
            fanout.bots = bots
        if store_in_loop:
            bots.attach(asyncio.get_running_loop())
        app.state.bots = bots
        app.state.community.start(bots)

        def resume() -> None:
            resumed = bots.resume_all()
            if resumed:
                log.info("resumed %d games where a bot is to move", resumed)

        # in the background: the server answers at once while unfinished games are replayed
        threading.Thread(target=resume, name="thebes-resume", daemon=True).start()
        try:
            yield
        finally:
            service.listeners.remove(bots.poke)
            await bots.detach()
            await run_in_threadpool(app.state.community.stop)
            reviewer = getattr(app.state, "reviewer", None)
            if reviewer is not None:       # its queue and worker processes (issue 30, item 5)
                await run_in_threadpool(reviewer.stop)
            await run_in_threadpool(bots.stop)
            if fanout is not None:
                await fanout.stop()
            storage.close()

    # /docs and /redoc with their assets served from the fastapi-offline package (under
    # /static-offline-docs), not from a CDN: they work on a machine without internet
    app = FastAPIOffline(title="thebes", version=__version__, lifespan=lifespan,
                         description="Play Ra and the other thebes games in the browser: lobby, games, "
                                     "seats, moves, records; live views over a WebSocket at "
                                     "`/api/games/{id}/ws?token=T&since=N` (see docs/web-api.md).")
    app.state.storage = storage
    app.state.service = service
    app.state.hub = hub
    app.state.database_url = url
    app.state.settings = settings
    # limits first (inside), then headers, so that a 429 or 413 carries the headers too
    app.add_middleware(LimitsMiddleware, settings=settings, state=app.state)
    app.add_middleware(SecurityMiddleware, allowed_origins=settings.allowed_origins,
                       allowed_hosts=settings.allowed_hosts)
    redact_tokens_in_logs()
    # clocks, votes, rematches, players (tables/, players/)
    community = app.state.community = Community(service, storage, hub)
    add_error_handlers(app)

    # ------------------------------------------------------------ routes (api/)
    app.include_router(replay_router)                  # replays and uploaded records
    app.include_router(review_router)                  # game reviews
    app.include_router(tables_router(community))       # time, I'm back, votes, play again
    app.include_router(players_router(community))      # players, leaderboards
    app.include_router(mine_router(community))         # My games (issue 31)
    app.include_router(hints_router(service))          # hints
    app.include_router(games_router(service, community))   # the lobby: meta, games
    app.include_router(seats_router(service))          # join, name a seat
    app.include_router(play_router(service))           # views, moves, records
    app.include_router(sockets_router(service, hub, store_in_loop))   # live views, moves
    app.include_router(pages.router)                   # the lobby's and a game's page

    # Each game's web table from its own folder (its ``web`` hook), before the shell's files.
    for name in game_names():
        try:
            folder = get_game(name).hooks.web_folder()
        except (OptionsError, ImportError):
            continue
        if folder is not None and folder.is_dir():
            app.mount(f"/static/games/{name}", WebFiles(directory=folder), name=f"table-{name}")
    if WEB_DIR.is_dir():
        app.mount("/static", WebFiles(directory=WEB_DIR), name="static")
    else:
        @app.get("/static/{path:path}", include_in_schema=False)
        def no_static(path: str) -> Response:
            raise ApiError(404, f"no static file {path!r}")

    return app
