"""Playing with people who are not in the room: the routes of clocks, absent seats,
votes, rematches, players and leaderboards (docs/web-api.md, "Tables and players").

:func:`add_community` builds the parts (:class:`~thebes.server.tables.Tables`,
:class:`~thebes.server.players.Players`, :class:`~thebes.server.rematch.Rematches`),
hooks them into the service, and includes this router; ``app.state.community``
holds them. Every secret (a seat's token, a player's key) travels in a request
body, never in a URL that a log line or a Referer header could carry.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Optional

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, HTMLResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from . import clocks
from .players import Players
from .rematch import Rematches
from thebes.bots import BOT_NAMES

from .service import ApiError, GameService, available_game, bots_for
from .storage import Storage
from .tables import Tables

WEB_DIR = Path(__file__).resolve().parent.parent / "web"


class TableSettings(BaseModel):
    """The table settings of a new game (thebes/server/clocks.py); bounds are checked there."""
    model_config = ConfigDict(extra="forbid")
    mode: str = Field("none", max_length=8, description="none | move | bank")
    per_move: Optional[float] = Field(None, description="seconds per move (mode move)")
    bank: Optional[float] = Field(None, description="seconds per seat (mode bank)")
    increment: Optional[float] = Field(None, description="seconds added after each move (mode bank)")
    standin: Optional[str] = Field(None, max_length=40, description="the stand-in bot's level (default easy)")
    absent_after: Optional[int] = Field(None, description="time-outs in a row that mark a seat absent (default 3)")
    rated_with_bots: Optional[bool] = Field(None, description="rate a game of one person against bots")


class SeatToken(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(..., max_length=200)


class Vote(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(..., max_length=200)
    seat: int = Field(..., description="the 1-based seat to hand to its stand-in")


class NewPlayer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(..., max_length=200)


class PlayerKey(BaseModel):
    model_config = ConfigDict(extra="forbid")
    key: str = Field(..., max_length=200)


class LinkPlayer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(..., max_length=200)
    key: str = Field(..., max_length=200)


class Community:
    def __init__(self, service: GameService, storage: Storage, hub: Any) -> None:
        self.service = service
        self.tables = Tables(service, storage, hub)
        self.players = Players(service, storage, self.tables)
        self.rematches = Rematches(service, storage, self.tables, self.players)

    def check_table(self, raw: TableSettings | dict[str, Any] | None, game_name: str) -> dict[str, Any]:
        """Full table settings for a new game; 400 with a sentence when out of bounds."""
        data = raw.model_dump(exclude_none=True) if isinstance(raw, BaseModel) else (raw or {})
        try:
            settings = clocks.check_settings(data)
        except clocks.ClockError as err:
            raise ApiError(400, str(err)) from None
        if settings["standin"] not in BOT_NAMES:
            raise ApiError(400, f"unknown stand-in bot {settings['standin']!r} "
                                f"(bots: {', '.join(BOT_NAMES)})")
        if settings["standin"] not in bots_for(game_name):
            settings["standin"] = "random"
        return settings

    def start(self, bots: Any) -> None:
        """With the app's lifespan: searches go to the bot runner's processes; clocks resume."""
        self.tables.search = bots.search
        self.tables.start()
        threading.Thread(target=self.tables.resume_all, name="thebes-resume-clocks",
                         daemon=True).start()

    def stop(self) -> None:
        self.tables.stop()

    def seat(self, game_id: str, token: str) -> int:
        g, seat = self.service.seat_of(game_id, token)
        if seat is None:
            raise ApiError(403, "this needs a seat's token")
        return seat


def page() -> Response:
    index = WEB_DIR / "index.html"
    if index.is_file():
        return FileResponse(index, media_type="text/html", headers={"Cache-Control": "no-cache"})
    return HTMLResponse("<!doctype html><title>thebes</title><p>The browser client is not installed.")


def add_community(app: FastAPI, service: GameService, storage: Storage, hub: Any) -> Community:
    """Build the parts, include the router in ``app``; returns them (also ``app.state.community``)."""
    c = Community(service, storage, hub)
    app.state.community = c
    router = APIRouter()

    @router.get("/api/time", tags=["tables"])
    def server_time() -> dict[str, Any]:
        """The server's time (seconds since the epoch): pages count clocks down from it."""
        return {"now": c.tables.time()}

    @router.post("/api/games/{game_id}/back", tags=["tables"])
    def back(game_id: str, body: SeatToken) -> dict[str, Any]:
        """The seat's holder is back: the stand-in stops playing it."""
        c.tables.back(game_id, c.seat(game_id, body.token))
        return {"ok": True}

    @router.post("/api/games/{game_id}/vote", tags=["tables"])
    def vote(game_id: str, body: Vote) -> dict[str, Any]:
        """Vote to hand a seat disconnected for 5 minutes to its stand-in (games without clock);
        when every other person's seat has voted, the stand-in plays it until its holder is back."""
        voter = c.seat(game_id, body.token)
        return c.tables.vote(game_id, voter, body.seat - 1)

    @router.post("/api/games/{game_id}/again", tags=["tables"])
    def again(game_id: str, body: SeatToken) -> dict[str, Any]:
        """Play again: the seat holder's link in the rematch (made by the first to ask)."""
        return c.rematches.play_again(game_id, c.seat(game_id, body.token), body.token)

    @router.post("/api/games/{game_id}/player", tags=["players"])
    def link_player(game_id: str, body: LinkPlayer) -> dict[str, Any]:
        """Link the token's seat to the key's player (the seat takes the player's name)."""
        return c.players.link(game_id, c.seat(game_id, body.token), body.key)

    @router.post("/api/players", status_code=201, tags=["players"])
    def claim(body: NewPlayer) -> dict[str, Any]:
        """Claim a player name: the answer's key is shown once; keep it (it is the only proof)."""
        player, key = c.players.claim(body.name)
        return {**player, "key": key}

    @router.post("/api/players/me", tags=["players"])
    def me(body: PlayerKey) -> dict[str, Any]:
        """The name of the key's player (403 for a key that opens none)."""
        return {"name": c.players.by_key(body.key)["name"]}

    @router.get("/api/players/{name}", tags=["players"])
    def player_page(name: str) -> dict[str, Any]:
        """A player's ratings and games (newest first), with links to their replays."""
        return c.players.page(name)

    @router.get("/api/leaderboard/{game}", tags=["players"])
    def leaderboard(game: str) -> dict[str, Any]:
        """The game's ratings, best first (people and bot levels), and the bot levels that
        have not played a rated game yet."""
        g = available_game(game)
        rows = c.players.leaderboard(g.name)
        rated = {r["bot"] for r in rows if r["kind"] == "bot"}
        return {"game": g.name, "title": g.title, "rows": rows,
                "unrated_bots": [b for b in bots_for(g.name) if b not in rated]}

    @router.get("/leaderboard", include_in_schema=False)
    def leaderboard_index() -> Response:
        return page()

    @router.get("/leaderboard/{game}", include_in_schema=False)
    def leaderboard_page(game: str) -> Response:
        return page()

    @router.get("/player/{name}", include_in_schema=False)
    def player_html(name: str) -> Response:
        return page()

    app.include_router(router)
    return c


__all__ = ["Community", "TableSettings", "add_community"]
