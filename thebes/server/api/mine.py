"""My games (issue 31 item 4): every seat a browser holds (and, with a player key, every game
of that player) with whose turn it is, the clocks and links; its page at ``/mine``.

Seat tokens and the key travel in the request body (never in a URL). A browser sends at most
:data:`MAX_SEATS` seats; a game the server no longer has is left out.
"""

from __future__ import annotations

from typing import Any, Optional

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from ..live.errors import ApiError
from ..storage.communitydb import seat_players
from .community import Community
from .players import page

MAX_SEATS = 200


class HeldSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(..., max_length=32)
    token: str = Field(..., max_length=200)


class MineAsk(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seats: list[HeldSeat] = Field(default_factory=list, max_length=MAX_SEATS)
    key: Optional[str] = Field(None, max_length=200, description="a player key: that player's games too")


def entry(c: Community, game_id: str, seat: int | None, token: str | None) -> dict[str, Any]:
    g = c.service.game(game_id)
    snap = g.snap
    player = snap.state.current_player()
    to_move = player + 1 if player >= 0 else None
    t = c.tables.table(game_id)
    clock = snap.extra.get("table", {}).get("clock") if snap.extra else None
    resigned = sorted(s + 1 for s in c.tables.resigned(game_id))
    url = f"/play/{game_id}?token={token}" if token else f"/play/{game_id}"
    if g.finished:
        url = f"/replay/{game_id}" + (f"?token={token}" if token else "")
    return {"id": game_id, "game": g.game.name, "seat": seat + 1 if seat is not None else None,
            "status": snap.status, "to_move": to_move,
            "your_turn": bool(seat is not None and player == seat and not snap.status == "finished"
                              and (seat + 1) not in resigned),
            "names": snap.names, "clock": clock, "resigned": resigned,
            "can_resign": bool(token and seat is not None and not g.finished
                               and (seat + 1) not in resigned
                               and g.seats[seat].kind == "human"),
            "updated": g.updated.isoformat(), "result": snap.result, "url": url,
            "table": t is not None}


def mine_router(c: Community) -> APIRouter:
    router = APIRouter()

    @router.post("/api/mine", tags=["players"])
    def mine(body: MineAsk) -> dict[str, Any]:
        """The games of the seats this browser holds, and of the key's player: whose turn it
        is, the clock, a link (the seat's own link where the browser holds its token)."""
        out: dict[str, dict[str, Any]] = {}
        for held in body.seats:
            try:
                g, seat = c.service.seat_of(held.game, held.token)
            except ApiError:
                continue           # a game gone, a seat taken by someone who joined
            if seat is None:
                continue
            out[g.id] = entry(c, g.id, seat, held.token)
        if body.key:
            player = c.players.by_key(body.key)
            with c.players.storage.engine.connect() as conn:
                rows = conn.execute(select(seat_players.c.game_id, seat_players.c.seat).where(
                    seat_players.c.player_id == player["id"]).limit(MAX_SEATS)).all()
            for row in rows:
                if row.game_id in out:
                    continue
                try:
                    out[row.game_id] = entry(c, row.game_id, row.seat, None)
                except ApiError:
                    continue
        games = sorted(out.values(), key=lambda e: (e["status"] == "finished", not e["your_turn"],
                                                    e["updated"]), reverse=False)
        unfinished = [e for e in games if e["status"] != "finished"]
        finished = sorted((e for e in games if e["status"] == "finished"),
                          key=lambda e: e["updated"], reverse=True)
        return {"games": unfinished + finished}

    @router.get("/mine", include_in_schema=False)
    def mine_page() -> Response:
        return page()

    return router
