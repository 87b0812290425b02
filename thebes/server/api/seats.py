"""The routes of seats: claim a free seat (join), name the seat a token holds (docs/web-api.md)."""

from __future__ import annotations

from typing import Any, Optional

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from ..live.errors import ApiError
from ..live.service import GameService
from .errors import ERRORS
from .games import Link, Summary, play_url


class JoinGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Optional[str] = Field(None, max_length=200)
    seat: Optional[int] = Field(None, description="1-based seat to claim (default: the first free one)")


class NameSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(..., max_length=200)
    name: Optional[str] = Field(..., max_length=200)


def seats_router(service: GameService) -> APIRouter:
    """The seat routes over ``service``."""
    router = APIRouter()

    @router.post("/api/games/{game_id}/join", response_model=Link, responses=ERRORS, tags=["lobby"])
    def join(game_id: str, body: Optional[JoinGame] = None) -> dict[str, Any]:
        """Claim a free human seat (the given 1-based seat, or the first free one)."""
        body = body or JoinGame()
        seat = body.seat - 1 if body.seat is not None else None
        if seat is not None and seat < 0:
            raise ApiError(404, f"no seat {body.seat}")
        seat, token = service.join(game_id, body.name, seat)
        return {"seat": seat + 1, "token": token, "url": play_url(game_id, token)}

    @router.post("/api/games/{game_id}/name", response_model=Summary, responses=ERRORS, tags=["lobby"])
    def name_seat(game_id: str, body: NameSeat) -> dict[str, Any]:
        """Name the seat the token holds (e.g. after opening a link made without a name)."""
        g, seat = service.seat_of(game_id, body.token)
        if seat is None:
            raise ApiError(403, "naming a seat needs its token")
        service.rename(game_id, seat, body.name)
        return service.summary(g)

    return router
