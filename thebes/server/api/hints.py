"""Hints over HTTP: ``GET /api/games/<id>/hint?token=T`` (issue 8, item 4).

The search runs from the asking seat's view only (``determinize`` of that
seat), in the bot runner's worker processes, so a hint neither leaks hidden
facts nor slows the other pages.
"""

from __future__ import annotations

from typing import Any, Optional

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from thebes.bots.hint import strength

from ..live import botwork
from ..live.errors import ApiError
from ..live.scheduler import requester
from ..live.service import GameService

#: search time of one hint, in milliseconds.
HINT_MS = 1000.0


def hints_router(service: GameService) -> APIRouter:
    """The hint route over ``service``; the search runs in the app's bot runner
    (``app.state.bots``, started with the app)."""
    router = APIRouter()

    @router.get("/api/games/{game_id}/hint", tags=["play"])
    async def hint(request: Request, game_id: str, token: Optional[str] = None) -> dict[str, Any]:
        """The search's top moves for the token's seat, when it is to move:
        ``{"seat", "version", "moves": [{"move", "visits", "share", "expected", "iterations"}],
        "strength"}`` (``strength``: one line on how strong the search behind it is)."""
        g, seat = service.seat_of(game_id, token)
        if seat is None:
            raise ApiError(403, "a hint needs a seat's token")
        with g.lock:
            if g.state.current_player() != seat:
                raise ApiError(409, "a hint is for the seat to move")
            events = list(g.events)
        search = request.app.state.bots.search
        # in the asking client's turn of the search workers (live/scheduler.py)
        moves = await run_in_threadpool(
            lambda: search(botwork.hint, g.id, g.game.name, g.players, dict(g.options),
                           events, seat, HINT_MS, f"{g.id}/{len(events)}",
                           client=requester(request.scope), key=f"hint {g.id}"))
        searched = max((row.get("iterations", 0) for row in moves), default=0)
        return {"seat": seat + 1, "version": len(events), "moves": moves,
                "strength": strength(g.game.name, g.players, searched)}

    return router
