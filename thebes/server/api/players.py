"""The routes of players: claimed names, seat links, players' pages and leaderboards, and
their pages in the browser client (docs/web-api.md, "Tables and players"; the parts:
thebes/server/players/)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from ..live.catalog import available_game, bots_for
from .community import Community
from .pages import web_index


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


def page() -> Response:
    index = web_index()
    if index is not None:
        return index
    return HTMLResponse("<!doctype html><title>thebes</title><p>The browser client is not installed.")


def players_router(c: Community) -> APIRouter:
    """The player routes over the app's :class:`Community` ``c``."""
    router = APIRouter()

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

    return router
