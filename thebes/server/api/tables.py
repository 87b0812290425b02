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
    takebacks: Optional[bool] = Field(None, description="allow take-backs even when the game is rated "
                                                        "(whoever joins sees it)")
    spectators_chat: Optional[bool] = Field(None, description="spectators may write in the table chat")


class SeatToken(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(..., max_length=200)


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(..., max_length=200)
    accept: bool = Field(..., description="true: take it back; false: refuse")


class ChatPost(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: Optional[str] = Field(None, max_length=200, description="the seat's token (none: a spectator)")
    text: str = Field(..., max_length=2000)


class ChatRead(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: Optional[str] = Field(None, max_length=200)
    since: int = Field(0, ge=0, lt=2 ** 62, description="the last message id the page has")


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

    @router.post("/api/games/{game_id}/resign", tags=["tables"])
    def resign(game_id: str, body: SeatToken) -> dict[str, Any]:
        """The seat resigns: its stand-in plays it to the end (one move every 0.3 s); a rated
        game counts it as a loss. 409 once the game is over."""
        return c.tables.resign(game_id, c.seat(game_id, body.token))

    @router.post("/api/games/{game_id}/takeback", tags=["tables"])
    def takeback(game_id: str, body: SeatToken) -> dict[str, Any]:
        """Take back the seat's last decision and what followed it (never past a chance event
        or a decision that revealed hidden information): at once against bots, else asked
        of the other people (``table.request`` in the views). Rated games: only if the
        creator allowed take-backs (table setting ``takebacks``)."""
        return c.takebacks.ask(game_id, c.seat(game_id, body.token))

    @router.post("/api/games/{game_id}/takeback/answer", tags=["tables"])
    def takeback_answer(game_id: str, body: Answer) -> dict[str, Any]:
        """Accept or refuse the take-back another person asked for."""
        return c.takebacks.answer(game_id, c.seat(game_id, body.token), body.accept)

    @router.post("/api/games/{game_id}/chat", status_code=201, tags=["tables"])
    def chat_post(game_id: str, body: ChatPost) -> dict[str, Any]:
        """Write in the game's table chat (seats; spectators where the creator allowed):
        1 to 500 characters, rate limited per client. Not part of the game's record."""
        _g, seat = c.service.seat_of(game_id, body.token)
        return c.chat.post(game_id, seat, body.text)

    @router.post("/api/games/{game_id}/chat/read", tags=["tables"])
    def chat_read(game_id: str, body: ChatRead) -> dict[str, Any]:
        """The chat's messages after ``since`` (oldest first, at most 200); a finished game's
        only to those who were seated."""
        _g, seat = c.service.seat_of(game_id, body.token)
        return {"messages": c.chat.read(game_id, seat, body.since)}

    @router.post("/api/games/{game_id}/again", tags=["tables"])
    def again(game_id: str, body: SeatToken) -> dict[str, Any]:
        """Play again: the seat holder's link in the rematch (made by the first to ask)."""
        return c.rematches.play_again(game_id, c.seat(game_id, body.token), body.token)

    return router
