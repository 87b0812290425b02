"""The game's socket: ``/api/games/{id}/ws?token=T&since=N`` sends the seat's (or a spectator's)
view whenever the game changes and takes moves and pings (docs/web-api.md, "Live views").

Views come from the game's view cache (thebes/server/live/views.py: built and encoded
once per version and seat), woken by the hub (thebes/server/live/hub.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, Optional

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from ..live.errors import ApiError, refusal_body
from ..live.hub import Connection, Hub
from ..live.service import GameService

log = logging.getLogger("thebes.server")

#: the longest socket message read (characters); a move is a few dozen
MAX_MESSAGE = 4096


def sockets_router(service: GameService, hub: Hub, store_in_loop: bool) -> APIRouter:
    """The socket route over ``service`` and ``hub``; ``store_in_loop``: moves are stored in
    the event loop (SQLite: one writer) rather than in a thread (PostgreSQL)."""
    router = APIRouter()

    @router.websocket("/api/games/{game_id}/ws")
    async def socket(websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()
        token = websocket.query_params.get("token")
        try:
            since = int(websocket.query_params.get("since", "0") or 0)
        except ValueError:
            await websocket.send_json({"type": "error", "status": 400, **refusal_body("since must be an integer")})
            await websocket.close(code=4400)
            return
        try:
            g, seat = await run_in_threadpool(service.seat_of, game_id, token)
        except ApiError as err:
            await websocket.send_json({"type": "error", "status": err.status, **err.body()})
            await websocket.close(code=4000 + err.status)
            return
        conn = Connection(game_id, seat, asyncio.get_running_loop(), sent=max(0, since), game=g)
        hub.add(conn)

        async def send(message: dict[str, Any]) -> None:
            async with conn.send_lock:
                await websocket.send_json(message)

        async def push_view() -> bool:
            # in the event loop, no thread hand-off: the view comes from the game's view
            # cache (built and encoded once per version and seat), read from its snapshot
            live = service.cached(game_id) or conn.game
            conn.game = live
            try:
                key, text = service.view_message(live, seat, conn.sent)
            except ApiError as err:
                await send({"type": "error", "status": err.status, **err.body()})
                return err.status != 403
            except Exception:   # an engine failure must not kill the socket silently
                log.exception("view of game %s for seat %s failed", game_id, seat)
                await send({"type": "error", "status": 500, **refusal_body("the server could not build the view")})
                return True
            if key == conn.last_key:      # nothing new (a wake-up for an event already sent)
                return True
            conn.last_key = key
            conn.sent = max(conn.sent, key[0])
            async with conn.send_lock:
                await websocket.send_text(text)
            return True

        async def sender() -> None:
            try:
                while True:
                    await conn.wake.wait()
                    conn.wake.clear()
                    if not await push_view():
                        await websocket.close(code=4403)
                        return
            except asyncio.CancelledError:
                raise
            except Exception as err:   # the client went away while we were sending
                log.debug("socket for game %s: sender stopped: %r", game_id, err)

        task: asyncio.Task[None] | None = None
        try:
            if not await push_view():
                await websocket.close(code=4403)
                return
            task = asyncio.create_task(sender())
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None and message.get("bytes") is not None:
                    raw = message["bytes"].decode("utf-8", "replace")
                reply = await handle_message(raw, game_id, seat)
                if reply is not None:
                    await send(reply)
        except WebSocketDisconnect:
            pass
        except RuntimeError as err:   # the client went away while we were sending
            log.debug("socket for game %s closed: %s", game_id, err)
        finally:
            hub.remove(conn)
            if task is not None:
                task.cancel()

    async def handle_message(raw: Optional[str], game_id: str, seat: Optional[int]) -> Optional[dict[str, Any]]:
        if raw is not None and len(raw) > MAX_MESSAGE:
            return {"type": "error", "status": 400,
                    **refusal_body(f"a message is at most {MAX_MESSAGE} characters, not {len(raw)}")}
        try:
            data = json.loads(raw or "")
        except (ValueError, RecursionError) as err:   # bad JSON, a huge number, deep nesting
            return {"type": "error", "status": 400, **refusal_body(f"malformed JSON: {str(err)[:200]}")}
        if not isinstance(data, dict):
            return {"type": "error", "status": 400, **refusal_body("a message is a JSON object")}
        kind = data.get("type")
        if kind == "ping":
            return {"type": "pong"}
        if kind != "move":
            return {"type": "error", "status": 400,
                    **refusal_body(f"unknown message type {kind!r} (types: move, ping)")}
        if seat is None:
            return {"type": "error", "status": 403, **refusal_body("spectators cannot move")}
        move, version = data.get("move"), data.get("version")
        if not isinstance(move, str) or len(move) > 500:
            return {"type": "error", "status": 400, **refusal_body("'move' must be a notation string")}
        if not isinstance(version, int) or isinstance(version, bool):
            return {"type": "error", "status": 400, **refusal_body("'version' (an integer) is required: "
                    "the version of the view the move was chosen at, so a resent move lands once")}
        try:
            if store_in_loop:
                service.move(game_id, seat, move, version)
            else:
                await run_in_threadpool(service.move, game_id, seat, move, version)
        except ApiError as err:
            return {"type": "error", "status": err.status, **err.body()}
        except Exception:
            log.exception("move %r in game %s failed", move, game_id)
            return {"type": "error", "status": 500, **refusal_body("internal error: the move was not played")}
        return None

    return router
