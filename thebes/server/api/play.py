"""The routes of play over HTTP: a seat's (or a spectator's) view, a move, the record
(docs/web-api.md); live views come over the socket (sockets.py), hints from hints.py."""

from __future__ import annotations

from typing import Any, Literal, Optional, Union

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from ..live.errors import ApiError
from ..live.service import GameService
from .errors import ERRORS
from .games import Result, SeatOut


class PostMove(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(..., max_length=200)
    move: str = Field(..., max_length=500, examples=["bid 9"])
    version: int = Field(..., description="the version of the view the move was chosen at (required: "
                                          "a resent move then lands once); 409 if the game moved on")


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
    table: Optional[dict[str, Any]] = Field(None, description="clock, stand-in moves, rematch (thebes/server/tables/tables.py)")


def play_router(service: GameService) -> APIRouter:
    """The play routes over ``service``."""
    router = APIRouter()

    @router.get("/api/games/{game_id}/view", response_model=View, responses=ERRORS, tags=["play"])
    def view(game_id: str, token: Optional[str] = None, since: int = 0) -> dict[str, Any]:
        """A seat's view (its token), or a spectator's (no token)."""
        g, seat = service.seat_of(game_id, token)
        return service.view(game_id, seat, since, g)

    @router.post("/api/games/{game_id}/moves", response_model=View, responses=ERRORS, tags=["play"])
    def post_move(game_id: str, body: PostMove) -> dict[str, Any]:
        """Play a move in notation for the token's seat; returns the seat's new view."""
        g, seat = service.seat_of(game_id, body.token)
        if seat is None:
            raise ApiError(403, "a move needs a seat's token")
        service.move(game_id, seat, body.move, body.version)
        return service.view(game_id, seat, 0, g)

    @router.get("/api/games/{game_id}/record", responses={
        200: {"content": {"application/json": {}}, "description": "the record (shared/spec/RECORDS.md)"},
        **ERRORS}, tags=["play"])
    def record(game_id: str) -> Response:
        """The game's record as a JSON download (403 for an unfinished game with hidden information)."""
        rec = service.record(game_id)
        return Response(rec.dumps(), media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="thebes-{rec.game}-{game_id}.json"'})

    return router
