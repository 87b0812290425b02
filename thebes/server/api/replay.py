"""The routes of replays and uploaded records (docs/web-api.md, Replay): the service is
thebes/server/live/replays.py (one :class:`ReplayService` per app, made on first use)."""

from __future__ import annotations

from typing import Any, Literal, Optional, Union

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from ..live.errors import ApiError
from ..live.replays import Refused, ReplayService
from .pages import web_index

router = APIRouter()


# ---------------------------------------------------------------------- API
class SeatChoice(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"] = "human"
    name: Optional[str] = Field(None, max_length=200)
    bot: Optional[str] = Field(None, max_length=40)


class Upload(BaseModel):
    model_config = ConfigDict(extra="forbid")
    record: Union[str, dict[str, Any]] = Field(..., description="the record: JSON text or the object")
    mode: Literal["view", "continue"] = "view"
    seats: Optional[list[SeatChoice]] = Field(None, max_length=100,
                                              description="continue: one per player (default all human, free)")


def replays(request: Request) -> ReplayService:
    state = request.app.state
    found = getattr(state, "replays", None)
    if found is None:
        found = state.replays = ReplayService(state.service)
    return found


@router.get("/api/games/{game_id}/replay", tags=["replay"])
def get_replay(request: Request, game_id: str, token: Optional[str] = None,
               at: Optional[int] = Query(None, description="events applied (default: all)"),
               since: int = Query(0, description="first log line to send")) -> dict[str, Any]:
    """The position after ``at`` events, as this viewer may see it, with log lines ``since..at-1``."""
    return replays(request).replay(game_id, token, at, since)


@router.post("/api/records", status_code=201, tags=["replay"])
def upload_record(request: Request, body: Upload) -> Any:
    """Check an uploaded record with ``thebes replay``'s replay; keep it to view, or play on from it."""
    service = replays(request)
    try:
        record, state = service.check(body.record)
    except Refused as err:
        return err.response()
    if body.mode == "view":
        return service.store_import(record, state)
    seats = [s.model_dump() for s in body.seats] if body.seats is not None else None
    return service.continue_game(record, state, seats)


def _page() -> Response:
    page = web_index()
    if page is not None:
        return page
    raise ApiError(404, "the browser client is not installed")


@router.get("/replay/{game_id}", include_in_schema=False)
def replay_page(game_id: str) -> Response:
    return _page()


@router.get("/upload", include_in_schema=False)
def upload_page() -> Response:
    return _page()
