"""The lobby's routes: the games this server offers, the list of games, a new game, one game's
summary (docs/web-api.md), with their models."""

from __future__ import annotations

from typing import Any, Literal, Optional

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from thebes import __version__
from thebes.bots import BOT_NAMES
from thebes.core import game_names

from ..live.catalog import available_game, bots_for
from ..live.errors import ApiError
from ..live.scheduler import requester
from ..live.service import GameService
from .community import Community
from .errors import ERRORS
from .tables import TableSettings


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
    resigned: Optional[bool] = Field(None, description="the seat resigned: its stand-in plays it to the end")
    vote_in: Optional[int] = Field(None, description="seconds until a vote may hand this seat to its "
                                                     "stand-in (0: now; None: no vote possible)")


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


def play_url(game_id: str, token: str) -> str:
    return f"/play/{game_id}?token={token}"


def games_router(service: GameService, community: Community) -> APIRouter:
    """The lobby's routes over ``service``; a new game's table through ``community``."""
    router = APIRouter()

    @router.get("/api/meta", response_model=Meta, tags=["lobby"])
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

    @router.get("/api/games", response_model=GameList, tags=["lobby"])
    def list_games(status: Optional[Literal["open", "playing", "finished"]] = None,
                   limit: int = Query(200, ge=1, le=1000)) -> dict[str, Any]:
        """Games, newest first (never a token)."""
        return {"games": service.list_games(status, limit)}

    @router.post("/api/games", status_code=201, response_model=Created, responses=ERRORS, tags=["lobby"])
    def create_game(body: CreateGame, request: Request) -> dict[str, Any]:
        """Create a game; one private link per human seat."""
        seats = [s.model_dump() for s in body.seats] if body.seats is not None else None
        # --- issue 30 item 1: a cap on one client's bot seats (thebes/server/live/bots.py)
        if seats and getattr(request.app.state, "bots", None) is not None:
            request.app.state.bots.admit(requester(request.scope),
                                         sum(1 for s in seats if s["kind"] == "bot"))
        # --- end issue 30
        table = community.check_table(body.table, body.game)
        g, tokens = service.create_game(body.game, body.players, body.options, seats, body.seed)
        community.tables.create(g, table)
        return {"game": service.summary(g),
                "links": [{"seat": seat + 1, "token": token, "url": play_url(g.id, token)}
                          for seat, token in tokens]}

    @router.get("/api/games/{game_id}", response_model=Summary, responses=ERRORS, tags=["lobby"])
    def game_summary(game_id: str) -> dict[str, Any]:
        """One game's lobby summary."""
        return service.summary(service.game(game_id))

    return router
