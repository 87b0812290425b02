"""The routes of tables: the server's time, "I'm back", votes and "Play again"
(docs/web-api.md, "Tables and players"; the parts: thebes/server/tables/), and the table
settings of a new game (:class:`TableSettings`, part of ``POST /api/games``)."""

from __future__ import annotations

from typing import Any, Optional

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from .community import Community


class TableSettings(BaseModel):
    """The table settings of a new game (thebes/server/tables/clocks.py); bounds are checked there."""
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


def tables_router(c: Community) -> APIRouter:
    """The table routes over the app's :class:`Community` ``c``."""
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

    return router
