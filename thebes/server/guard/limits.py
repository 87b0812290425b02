"""Limits on every resource a client can spend, enforced at the edge of the app (one ASGI layer).

* Rates per client address (the ``limits`` library, moving windows): games
  created, records uploaded, hints, reviews asked, sockets opened, every
  other request.
  Past one: ``429`` with ``Retry-After`` (seconds) and a sentence.
* The request body is counted while it streams in and refused with ``413``
  as soon as it passes ``max_body`` (or at once from ``Content-Length``):
  never read whole first.
* NUL characters (``\\u0000``) in a path, a query or a JSON body: ``400``
  here, before they reach a database that cannot store them.
* Unfinished games one client created that wait on a person (``live_games``): ``429``
  with ``code`` ``live_games``, the cap and a link to "My games" (``/mine``), where a
  seat can resign. A game counts while some person's seat has not resigned; uploading a
  record to view it never counts.
* Player names claimed and table chat messages per client (kinds ``claim``, ``chat``).
* Sockets open on one game (``sockets_per_game``): the socket is answered
  ``{"type": "error", "status": 429}`` and closed with code 4429.

The counts live in this process (``rate_storage`` can put the rate counters
in Redis for several processes). Settings: thebes/server/guard/settings.py;
documented in docs/web-api.md (Limits).
"""

from __future__ import annotations

import json
import math
import re
import threading
import time
from typing import Any, Awaitable, Callable

from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter
from starlette.concurrency import run_in_threadpool

from .settings import Settings

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

#: what each rate counts, for the 429 sentence
WHAT = {"create": "games created", "upload": "records uploaded", "hint": "hints",
        "review": "game reviews asked", "socket": "sockets opened", "request": "requests",
        "claim": "player names claimed", "chat": "chat messages"}

_GAME_PATH = re.compile(r"^/api/games/([^/]+)/(ws|hint|review|chat)/?$")
#: a JSON escape of NUL: ``\u0000`` preceded by an even number of backslashes
_JSON_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000")
#: a JSON escape of a UTF-16 surrogate (a lone one is not text: no database stores it)
_JSON_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")
_BODY_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


def has_nul(body: bytes) -> bool:
    """Whether a JSON body holds a NUL character (raw, or escaped as ``\\u0000``)."""
    return b"\x00" in body or _JSON_NUL.search(body) is not None


def not_text(value: Any) -> bool:
    """Whether a parsed JSON value holds a string that is not text (a lone surrogate)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def has_lone_surrogate(body: bytes) -> bool:
    """Whether a JSON body holds a string with a lone UTF-16 surrogate (``"\\ud800"``)."""
    if _JSON_SURROGATE.search(body) is None:
        return False
    try:
        return not_text(json.loads(body))
    except (ValueError, RecursionError):
        return False   # not JSON: the route answers 400 for that


def client_key(scope: Scope) -> str:
    """The client's address (uvicorn puts the proxy's X-Forwarded-For there when trusted)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def kind_of(scope: Scope) -> str:
    """Which rate a request counts against: create, upload, hint, review (a POST asking for a
    game's review; reading it is a request), socket or request."""
    path, method = scope.get("path", ""), scope.get("method", "GET")
    if scope["type"] == "websocket":
        return "socket"
    if method == "POST" and path.rstrip("/") == "/api/games":
        return "create"
    if method == "POST" and path.rstrip("/") == "/api/records":
        return "upload"
    if method == "POST" and path.rstrip("/") == "/api/players":
        return "claim"
    match = _GAME_PATH.match(path)
    if match and match.group(2) == "chat" and method == "POST":
        return "chat"
    if match and match.group(2) == "hint":
        return "hint"
    if match and match.group(2) == "review" and method == "POST":
        return "review"
    return "request"


async def answer(send: Send, status: int, message: str, retry_after: int | None = None,
                 extra: dict[str, Any] | None = None) -> None:
    """A JSON error ``{"error": message, **extra}`` (with ``Retry-After`` when given)."""
    body = json.dumps({"error": message, **(extra or {})}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class LiveGames:
    """The unfinished games each client created (ids, in this process), and creations under way."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._ids: dict[str, list[str]] = {}
        self._pending: dict[str, int] = {}
        self._lock = threading.Lock()

    def reserve(self, client: str, finished: Callable[[str], bool]) -> bool:
        """Count one creation under way for ``client`` if it is under the cap (else ``False``).

        The games it created are looked up (``finished``) only when the cap is reached."""
        with self._lock:
            ids = list(self._ids.get(client, ()))
            if len(ids) + self._pending.get(client, 0) < self.cap:
                self._pending[client] = self._pending.get(client, 0) + 1
                return True
        alive = [i for i in ids if not finished(i)]
        with self._lock:
            kept = [i for i in self._ids.get(client, ()) if i in alive or i not in ids]
            if kept:
                self._ids[client] = kept
            else:
                self._ids.pop(client, None)
            if len(kept) + self._pending.get(client, 0) >= self.cap:
                return False
            self._pending[client] = self._pending.get(client, 0) + 1
            return True

    def settle(self, client: str, game_id: str | None) -> None:
        """The creation under way ended (``game_id``: the live game it made, if any)."""
        with self._lock:
            left = self._pending.get(client, 0) - 1
            if left > 0:
                self._pending[client] = left
            else:
                self._pending.pop(client, None)
            if game_id:
                self._ids.setdefault(client, []).append(game_id)


class LimitsMiddleware:
    """The ASGI layer enforcing :class:`Settings` (installed by ``create_app``)."""

    def __init__(self, app: Any, settings: Settings, state: Any) -> None:
        self.app = app
        self.settings = settings
        self.state = state          # the app's state: .service (games) and .hub (sockets)
        self.limiter = MovingWindowRateLimiter(storage_from_string(settings.rate_storage))
        self.rates = {kind: settings.rate(kind) for kind in WHAT}
        self.live = LiveGames(settings.live_games)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = client_key(scope)
        kind = kind_of(scope)
        if scope["type"] == "websocket":
            await self._socket(scope, receive, send, client)
            return
        if "\x00" in scope.get("path", "") or b"%00" in scope.get("query_string", b"") \
                or b"\x00" in scope.get("query_string", b""):
            await answer(send, 400, "NUL characters are not allowed in a path or a query")
            return
        retry = self._hit(kind, client)
        if retry is not None:
            await answer(send, 429, self._too_many(kind, retry), retry,
                         {"code": f"rate_{kind}", "params": {"retry": retry}})
            return
        body: bytes | None = b""
        if scope.get("method") in _BODY_METHODS:
            body = await self._read_body(scope, receive, send)
            if body is None:
                return
            receive = _replay(body, receive)
        if kind == "create" or (kind == "upload" and _continues(body or b"")):
            await self._creating(scope, receive, send, client)
            return
        await self.app(scope, receive, send)

    # ------------------------------------------------------------ rates
    def _hit(self, kind: str, client: str) -> int | None:
        """Count one ``kind`` for ``client``; ``None`` if allowed, else seconds to wait."""
        item = self.rates[kind]
        if self.limiter.hit(item, kind, client):
            return None
        stats = self.limiter.get_window_stats(item, kind, client)
        return max(1, math.ceil(stats.reset_time - time.time()))

    def _too_many(self, kind: str, retry: int) -> str:
        return (f"too many {WHAT[kind]} from your address (at most {self.rates[kind]}); "
                f"try again in {retry} s")

    # ------------------------------------------------------------ body
    async def _read_body(self, scope: Scope, receive: Receive, send: Send) -> bytes | None:
        """The whole body, read chunk by chunk up to ``max_body``; ``None`` once refused."""
        cap = self.settings.max_body
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await answer(send, 400, "the Content-Length header is not a number")
                    return None
                if declared > cap:
                    await answer(send, 413, f"the request body is too large ({declared} bytes; "
                                            f"at most {cap})")
                    return None
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > cap:
                await answer(send, 413, f"the request body is too large (more than {cap} bytes)")
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if has_nul(body):
            await answer(send, 400, "NUL characters (\\u0000) are not allowed in names, options, "
                                    "moves or records")
            return None
        if has_lone_surrogate(body):
            await answer(send, 400, "the body holds a lone UTF-16 surrogate (such as \\ud800), "
                                    "which is not text")
            return None
        return body

    # ------------------------------------------------------------ live games
    def _finished(self, game_id: str) -> bool:
        """Whether ``game_id`` no longer counts against its creator's cap: it is over, or no
        person's seat waits (every person resigned; bots only)."""
        service = self.state.service
        live = service._games.get(game_id)
        if live is not None:
            if live.finished:
                return True
            humans = [s.seat for s in live.seats if s.kind == "human"]
        else:
            data = service.storage.load_game(game_id, with_events=False)
            if data is None or data.status == "finished":
                return True
            humans = [s.seat for s in data.seats if s.kind == "human"]
        community = getattr(self.state, "community", None)
        resigned = community.tables.resigned(game_id) if community is not None else set()
        return all(seat in resigned for seat in humans)

    async def _creating(self, scope: Scope, receive: Receive, send: Send, client: str) -> None:
        allowed = await run_in_threadpool(self.live.reserve, client, self._finished)
        if not allowed:
            await answer(send, 429, f"you already have {self.live.cap} unfinished games that wait "
                                    "on a person on this server: open My games (/mine) and resign "
                                    "one you will not finish, or finish one, before starting "
                                    "another", 60, {"code": "live_games", "cap": self.live.cap,
                                                    "params": {"cap": self.live.cap},
                                                    "link": "/mine"})
            return
        status = 0
        parts: list[bytes] = []

        async def watch(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body" and status == 201:
                parts.append(message.get("body", b""))
            await send(message)

        game_id = None
        try:
            await self.app(scope, receive, watch)
            if status == 201:
                try:
                    created = json.loads(b"".join(parts))
                    game_id = created["game"]["id"] if isinstance(created.get("game"), dict) else None
                except (ValueError, KeyError, TypeError, AttributeError):
                    game_id = None
        finally:
            self.live.settle(client, game_id)

    # ------------------------------------------------------------ sockets
    async def _socket(self, scope: Scope, receive: Receive, send: Send, client: str) -> None:
        path = scope.get("path", "")
        match = _GAME_PATH.match(path)
        problem: tuple[int, str] | None = None
        if "\x00" in path or b"%00" in scope.get("query_string", b""):
            problem = (400, "NUL characters are not allowed in a path or a query")
        else:
            retry = self._hit("socket", client)
            if retry is not None:
                problem = (429, self._too_many("socket", retry))
            elif match and self.state.hub.count(match.group(1)) >= self.settings.sockets_per_game:
                problem = (429, f"this game already has {self.settings.sockets_per_game} sockets "
                                "open; close one (another tab?) and try again")
        if problem is None:
            await self.app(scope, receive, send)
            return
        message = await receive()
        if message["type"] != "websocket.connect":
            return
        status, text = problem
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send",
                    "text": json.dumps({"type": "error", "status": status, "error": text})})
        await send({"type": "websocket.close", "code": 4000 + status})


def _continues(body: bytes) -> bool:
    """Whether an upload's body asks to play on (``mode`` ``continue``): only that makes a
    game that can wait on a person; viewing a record never counts against the cap."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return True
    return not isinstance(data, dict) or data.get("mode", "view") != "view"


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the already read ``body`` once, then waits on the real one."""
    sent = False

    async def again() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again
