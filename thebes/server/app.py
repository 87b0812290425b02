"""The FastAPI application: HTTP API, WebSocket, pages (docs/web-api.md).

``create_app(database_url, bot_delay)`` opens (and migrates) the database at
once; the app's lifespan claims a SQLite file for this process alone (SQLite
serves one process), starts listening for other processes' changes on
PostgreSQL (fanout.py), and starts the bot runner, which resumes every
unfinished game where a bot is to move (on PostgreSQL: the games no other
process leases).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Literal, Optional, Union

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from thebes import __version__
from thebes.bots import BOT_NAMES
from thebes.core import OptionsError, game_names, get_game

from .bots import BotRunner
from .community import TableSettings, add_community
from .fanout import FanOut
from .hub import Connection, Hub
from .replay import router as replay_router
from .review import router as review_router
from .hints import add_hint_routes
from .limits import LimitsMiddleware
from .security import SecurityMiddleware, redact_tokens_in_logs
from .service import ApiError, GameService, available_game, bots_for
from .settings import Settings
from .storage import Storage, database_url

log = logging.getLogger("thebes.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"

PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>thebes</title></head>
<body><h1>thebes</h1>
<p>The browser client (thebes/web/index.html) is not installed. The API is at
<a href="/docs">/docs</a>.</p></body></html>
"""


# ---------------------------------------------------------------------- models
class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"] = "human"
    name: Optional[str] = Field(None, max_length=200, description="a human's name (a seat with a name is claimed)")
    bot: Optional[str] = Field(None, max_length=40, description="bot name for a bot seat (GET /api/meta; default greedy)")


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(..., max_length=40, examples=["ra"])
    players: int = Field(..., examples=[3])
    options: dict[str, Any] = Field(default_factory=dict)
    seats: Optional[list[SeatSpec]] = Field(None, max_length=100, description="one per player (default: all human, free)")
    seed: Optional[int] = Field(None, ge=-(2 ** 63), lt=2 ** 63, description="seed of chance and bots (default: random, secret)")
    table: Optional[TableSettings] = Field(None, description="clock, stand-in and rating settings (default: no clock)")


class JoinGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Optional[str] = Field(None, max_length=200)
    seat: Optional[int] = Field(None, description="1-based seat to claim (default: the first free one)")


class PostMove(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(..., max_length=200)
    move: str = Field(..., max_length=500, examples=["bid 9"])
    version: int = Field(..., description="the version of the view the move was chosen at (required: "
                                          "a resent move then lands once); 409 if the game moved on")


class NameSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(..., max_length=200)
    name: Optional[str] = Field(..., max_length=200)


class GameInfo(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    default_options: dict[str, Any]
    hidden_information: bool
    default_players: int = Field(..., description="the seat count offered first")
    table: Optional[str] = Field(None, description="the URL of the game's web table module "
                                 "(None: the page lists the legal moves)")
    bots: list[str] = Field(..., description="the bots that can play this game")


class Meta(BaseModel):
    version: str
    games: list[GameInfo]
    bots: list[str]


class SeatOut(BaseModel):
    seat: int
    kind: str
    name: Optional[str]
    bot: Optional[str]
    claimed: bool
    connected: Optional[bool] = Field(None, description="a socket of this seat is open now (bots: always)")
    absent: Optional[bool] = Field(None, description="the stand-in plays this seat until its holder is back")
    player: Optional[str] = Field(None, description="the claimed player holding this seat")
    timeouts: Optional[int] = Field(None, description="time-outs in a row (the stand-in moved)")


class Result(BaseModel):
    scores: list[Any]
    ranking: list[int]


class Summary(BaseModel):
    id: str
    game: str
    players: int
    options: dict[str, Any]
    status: Literal["open", "playing", "finished"]
    seats: list[SeatOut]
    created: str
    updated: str
    events: int
    result: Optional[Result]
    seed_known: bool = Field(False, description="set-up known to its creator (a chosen seed, a continued "
                                                "upload): shown in the lobby, never rated")


class GameList(BaseModel):
    games: list[Summary]


class Link(BaseModel):
    seat: int
    token: str
    url: str


class Created(BaseModel):
    game: Summary
    links: list[Link]


class LogEntry(BaseModel):
    index: int
    seat: Optional[int]
    event: str


class View(BaseModel):
    id: str
    game: str
    players: int
    options: dict[str, Any]
    status: Literal["open", "playing", "finished"]
    version: int
    seat: Optional[int]
    names: list[Optional[str]]
    seats: list[SeatOut]
    to_move: Union[int, Literal["chance"], None]
    observation: dict[str, Any]
    legal: list[str]
    log: list[LogEntry]
    result: Optional[Result]
    seed_known: bool = False
    table: Optional[dict[str, Any]] = Field(None, description="clock, stand-in moves, rematch (thebes/server/tables.py)")


class ErrorOut(BaseModel):
    error: str
    legal: Optional[list[str]] = None


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "bad input (unparsable body, illegal move: with legal)"},
    403: {"model": ErrorOut, "description": "wrong token, or hidden information"},
    404: {"model": ErrorOut, "description": "unknown game or seat"},
    409: {"model": ErrorOut, "description": "stale version, not your turn, game over, seat taken"},
}


class WebFiles(StaticFiles):
    """thebes/web/ with ``Cache-Control: no-cache``: a browser revalidates (ETag) after an upgrade."""

    async def get_response(self, path: str, scope: Any) -> Response:
        response = await super().get_response(path, scope)
        response.headers["Cache-Control"] = "no-cache"
        return response


#: the longest socket message read (characters); a move is a few dozen
MAX_MESSAGE = 4096


def play_url(game_id: str, token: str) -> str:
    return f"/play/{game_id}?token={token}"


# ---------------------------------------------------------------------- app
#: the cycle collector's thresholds in a server process (Python's default: 700, 10, 10)
GC_THRESHOLDS = (50_000, 20, 100)


def tune_gc() -> None:
    """Make the cycle collector fit a server process (called once the app is built, by
    ``thebes serve`` and each of its workers; never in tests or a library user's process).

    With 500 live games a full collection scans about 180,000 objects and stops every thread
    for 100-300 ms: the load test's p99 round trip was 287 ms, 92 ms with these thresholds and
    76 ms with no collector at all (docs/deploy.md). So: what exists now (the code, the app) is
    frozen out of every later collection (:func:`gc.freeze`), and collections run 70 times
    less often. Games free their memory by reference counting; the collector only finds
    cycles, which the server makes few of.
    """
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def app_from_env() -> FastAPI:
    """The app of one ``thebes serve --workers N`` worker: database and bot delay from
    ``THEBES_DATABASE_URL`` and ``THEBES_BOT_DELAY``, limits from ``THEBES_<SETTING>`` (all set
    by :func:`thebes.server.run_serve`)."""
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
    # thread and no contention for the GIL (thebes/server/bots.py; docs/deploy.md). PostgreSQL's
    # commit waits for its disk: in threads, so that commits overlap (its group commit).
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
        bots = BotRunner(service, bot_delay, bot_workers, bot_processes)
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
    app.add_middleware(SecurityMiddleware, allowed_origins=settings.allowed_origins)
    redact_tokens_in_logs()
    app.include_router(replay_router)   # replays and uploaded records (replay.py)
    app.include_router(review_router)   # game reviews (review.py)
    community = add_community(app, service, storage, hub)   # clocks, players (community.py)

    add_hint_routes(app, service)

    # ------------------------------------------------------------ errors
    @app.exception_handler(ApiError)
    async def api_error(_request: Request, err: ApiError) -> JSONResponse:
        return JSONResponse(err.body(), status_code=err.status, headers=err.headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, err: RequestValidationError) -> JSONResponse:
        problems = []
        for e in err.errors():
            where = ".".join(str(p) for p in e.get("loc", ()) if p != "body")
            problems.append(f"{where}: {e.get('msg')}" if where else str(e.get("msg")))
        return JSONResponse({"error": "bad request: " + "; ".join(problems)}, status_code=400)

    @app.exception_handler(Exception)
    async def internal_error(request: Request, err: Exception) -> JSONResponse:
        log.error("%s %s failed", request.method, request.url.path, exc_info=err)
        return JSONResponse({"error": "internal error: the server could not answer this request"},
                            status_code=500)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, err: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(err.detail)}, status_code=err.status_code,
                            headers=getattr(err, "headers", None))

    # ------------------------------------------------------------ API
    @app.get("/api/meta", response_model=Meta, tags=["lobby"])
    def meta() -> dict[str, Any]:
        """The games this server can play and the bots it offers."""
        games = []
        for name in game_names():
            try:
                game = available_game(name)
            except ApiError:
                continue
            games.append({"name": game.name, "title": game.title, "min_players": game.min_players,
                          "max_players": game.max_players,
                          "default_options": dict(game.default_options),
                          "hidden_information": game.hidden_information,
                          "default_players": game.default_players,
                          "table": (f"/static/games/{game.name}/table.js"
                                    if game.hooks.web_folder() else None),
                          "bots": bots_for(game.name)})
        return {"version": __version__, "games": games, "bots": list(BOT_NAMES)}

    @app.get("/api/games", response_model=GameList, tags=["lobby"])
    def list_games(status: Optional[Literal["open", "playing", "finished"]] = None,
                   limit: int = Query(200, ge=1, le=1000)) -> dict[str, Any]:
        """Games, newest first (never a token)."""
        return {"games": service.list_games(status, limit)}

    @app.post("/api/games", status_code=201, response_model=Created, responses=ERRORS, tags=["lobby"])
    def create_game(body: CreateGame) -> dict[str, Any]:
        """Create a game; one private link per human seat."""
        seats = [s.model_dump() for s in body.seats] if body.seats is not None else None
        table = community.check_table(body.table, body.game)
        g, tokens = service.create_game(body.game, body.players, body.options, seats, body.seed)
        community.tables.create(g, table)
        return {"game": service.summary(g),
                "links": [{"seat": seat + 1, "token": token, "url": play_url(g.id, token)}
                          for seat, token in tokens]}

    @app.get("/api/games/{game_id}", response_model=Summary, responses=ERRORS, tags=["lobby"])
    def game_summary(game_id: str) -> dict[str, Any]:
        """One game's lobby summary."""
        return service.summary(service.game(game_id))

    @app.post("/api/games/{game_id}/join", response_model=Link, responses=ERRORS, tags=["lobby"])
    def join(game_id: str, body: Optional[JoinGame] = None) -> dict[str, Any]:
        """Claim a free human seat (the given 1-based seat, or the first free one)."""
        body = body or JoinGame()
        seat = body.seat - 1 if body.seat is not None else None
        if seat is not None and seat < 0:
            raise ApiError(404, f"no seat {body.seat}")
        seat, token = service.join(game_id, body.name, seat)
        return {"seat": seat + 1, "token": token, "url": play_url(game_id, token)}

    @app.post("/api/games/{game_id}/name", response_model=Summary, responses=ERRORS, tags=["lobby"])
    def name_seat(game_id: str, body: NameSeat) -> dict[str, Any]:
        """Name the seat the token holds (e.g. after opening a link made without a name)."""
        g, seat = service.seat_of(game_id, body.token)
        if seat is None:
            raise ApiError(403, "naming a seat needs its token")
        service.rename(game_id, seat, body.name)
        return service.summary(g)

    @app.get("/api/games/{game_id}/view", response_model=View, responses=ERRORS, tags=["play"])
    def view(game_id: str, token: Optional[str] = None, since: int = 0) -> dict[str, Any]:
        """A seat's view (its token), or a spectator's (no token)."""
        g, seat = service.seat_of(game_id, token)
        return service.view(game_id, seat, since, g)

    @app.post("/api/games/{game_id}/moves", response_model=View, responses=ERRORS, tags=["play"])
    def post_move(game_id: str, body: PostMove) -> dict[str, Any]:
        """Play a move in notation for the token's seat; returns the seat's new view."""
        g, seat = service.seat_of(game_id, body.token)
        if seat is None:
            raise ApiError(403, "a move needs a seat's token")
        service.move(game_id, seat, body.move, body.version)
        return service.view(game_id, seat, 0, g)

    @app.get("/api/games/{game_id}/record", responses={
        200: {"content": {"application/json": {}}, "description": "the record (shared/spec/RECORDS.md)"},
        **ERRORS}, tags=["play"])
    def record(game_id: str) -> Response:
        """The game's record as a JSON download (403 for an unfinished game with hidden information)."""
        rec = service.record(game_id)
        return Response(rec.dumps(), media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="thebes-{rec.game}-{game_id}.json"'})

    # ------------------------------------------------------------ socket
    @app.websocket("/api/games/{game_id}/ws")
    async def socket(websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()
        token = websocket.query_params.get("token")
        try:
            since = int(websocket.query_params.get("since", "0") or 0)
        except ValueError:
            await websocket.send_json({"type": "error", "status": 400, "error": "since must be an integer"})
            await websocket.close(code=4400)
            return
        try:
            g, seat = await run_in_threadpool(service.seat_of, game_id, token)
        except ApiError as err:
            await websocket.send_json({"type": "error", "status": err.status, **err.body()})
            await websocket.close(code=4000 + err.status)
            return
        conn = Connection(game_id, seat, asyncio.get_running_loop(), sent=max(0, since), game=g)
        hub.add(conn)

        async def send(message: dict[str, Any]) -> None:
            async with conn.send_lock:
                await websocket.send_json(message)

        async def push_view() -> bool:
            # in the event loop, no thread hand-off: the view comes from the game's view
            # cache (built and encoded once per version and seat), read from its snapshot
            live = service.cached(game_id) or conn.game
            conn.game = live
            try:
                key, text = service.view_message(live, seat, conn.sent)
            except ApiError as err:
                await send({"type": "error", "status": err.status, **err.body()})
                return err.status != 403
            except Exception:   # an engine failure must not kill the socket silently
                log.exception("view of game %s for seat %s failed", game_id, seat)
                await send({"type": "error", "status": 500, "error": "the server could not build the view"})
                return True
            if key == conn.last_key:      # nothing new (a wake-up for an event already sent)
                return True
            conn.last_key = key
            conn.sent = max(conn.sent, key[0])
            async with conn.send_lock:
                await websocket.send_text(text)
            return True

        async def sender() -> None:
            try:
                while True:
                    await conn.wake.wait()
                    conn.wake.clear()
                    if not await push_view():
                        await websocket.close(code=4403)
                        return
            except asyncio.CancelledError:
                raise
            except Exception as err:   # the client went away while we were sending
                log.debug("socket for game %s: sender stopped: %r", game_id, err)

        task: asyncio.Task[None] | None = None
        try:
            if not await push_view():
                await websocket.close(code=4403)
                return
            task = asyncio.create_task(sender())
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None and message.get("bytes") is not None:
                    raw = message["bytes"].decode("utf-8", "replace")
                reply = await handle_message(raw, game_id, seat)
                if reply is not None:
                    await send(reply)
        except WebSocketDisconnect:
            pass
        except RuntimeError as err:   # the client went away while we were sending
            log.debug("socket for game %s closed: %s", game_id, err)
        finally:
            hub.remove(conn)
            if task is not None:
                task.cancel()

    async def handle_message(raw: Optional[str], game_id: str, seat: Optional[int]) -> Optional[dict[str, Any]]:
        if raw is not None and len(raw) > MAX_MESSAGE:
            return {"type": "error", "status": 400,
                    "error": f"a message is at most {MAX_MESSAGE} characters, not {len(raw)}"}
        try:
            data = json.loads(raw or "")
        except (ValueError, RecursionError) as err:   # bad JSON, a huge number, deep nesting
            return {"type": "error", "status": 400, "error": f"malformed JSON: {str(err)[:200]}"}
        if not isinstance(data, dict):
            return {"type": "error", "status": 400, "error": "a message is a JSON object"}
        kind = data.get("type")
        if kind == "ping":
            return {"type": "pong"}
        if kind != "move":
            return {"type": "error", "status": 400,
                    "error": f"unknown message type {kind!r} (types: move, ping)"}
        if seat is None:
            return {"type": "error", "status": 403, "error": "spectators cannot move"}
        move, version = data.get("move"), data.get("version")
        if not isinstance(move, str) or len(move) > 500:
            return {"type": "error", "status": 400, "error": "'move' must be a notation string"}
        if not isinstance(version, int) or isinstance(version, bool):
            return {"type": "error", "status": 400, "error": "'version' (an integer) is required: "
                    "the version of the view the move was chosen at, so a resent move lands once"}
        try:
            if store_in_loop:
                service.move(game_id, seat, move, version)
            else:
                await run_in_threadpool(service.move, game_id, seat, move, version)
        except ApiError as err:
            return {"type": "error", "status": err.status, **err.body()}
        except Exception:
            log.exception("move %r in game %s failed", move, game_id)
            return {"type": "error", "status": 500, "error": "internal error: the move was not played"}
        return None

    # ------------------------------------------------------------ pages
    def index() -> Response:
        page = WEB_DIR / "index.html"
        if page.is_file():
            return FileResponse(page, media_type="text/html", headers={"Cache-Control": "no-cache"})
        return HTMLResponse(PLACEHOLDER)

    @app.get("/", include_in_schema=False)
    def lobby_page() -> Response:
        return index()

    @app.get("/play/{game_id}", include_in_schema=False)
    def play_page(game_id: str) -> Response:
        return index()

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
