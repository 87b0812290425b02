"""Response headers and the socket Origin check (docs/security.md).

Every HTTP answer carries:

* ``Content-Security-Policy``: scripts, styles, fonts, images and sockets
  only from the server itself, no inline script or style, no framing, no
  ``<base>``, no plugins. FastAPI's own API pages (``/docs``, ``/redoc``)
  load Swagger UI / ReDoc from their CDN with an inline script, so they get
  a policy that allows those (they hold no secret);
* ``Referrer-Policy: no-referrer``: a seat's link (``/play/<id>?token=...``)
  is a secret and must never leave the page in a ``Referer`` header;
* ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY``,
  ``Cross-Origin-Opener-Policy: same-origin``;
* ``Cache-Control: no-store`` on API answers (links and tokens must not be
  cached by a proxy) unless the route set its own;
* ``Strict-Transport-Security`` when the request came over HTTPS (directly
  or through a proxy that says so in ``X-Forwarded-Proto``).

A WebSocket whose ``Origin`` header names another site than the one it is
addressed to (its ``Host``), and is not in ``allowed_origins``, is refused
before it is accepted (the browser sees a failed handshake, HTTP 403).
Clients that send no ``Origin`` (scripts, bots) are not browsers and pass.

uvicorn's request log lines get ``token=[redacted]`` instead of a seat's token
(:func:`redact_tokens_in_logs`, called by ``create_app``).
"""

from __future__ import annotations

import logging
import re
from typing import Any, Iterable
from urllib.parse import urlsplit

from .limits import Receive, Scope, Send

log = logging.getLogger("thebes.server")

APP_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
           "font-src 'self'; connect-src 'self' {sockets}; object-src 'none'; base-uri 'none'; "
           "frame-ancestors 'none'; form-action 'self'")
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: "
            "https://fastapi.tiangolo.com https://cdn.redoc.ly; worker-src 'self' blob:; "
            "object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
DOCS_PATHS = ("/docs", "/redoc")


_TOKEN = re.compile(r"(token=)[^&\s\"']+")


class RedactTokens(logging.Filter):
    """Hide ``token=...`` in log records: uvicorn logs every request's path with its query,
    and a seat's token is a secret (``token=[redacted]`` is logged instead)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and "token=" in record.msg:
            record.msg = _TOKEN.sub(r"\1[redacted]", record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_TOKEN.sub(r"\1[redacted]", a) if isinstance(a, str) and "token=" in a
                                else a for a in record.args)
        return True


def redact_tokens_in_logs() -> None:
    """Put :class:`RedactTokens` on uvicorn's request loggers (once; kept when uvicorn sets up
    its logging, which adds handlers but leaves a logger's filters)."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return value.decode("latin-1")
    return None


def origin_allowed(origin: str | None, host: str | None, allowed: Iterable[str]) -> bool:
    """Whether a socket from ``origin`` (the header, ``None`` if absent) may reach ``host``.

    Allowed: no Origin (not a browser); an origin whose host[:port] is the
    ``Host`` the socket was addressed to; an origin listed in ``allowed``
    (``"*"``: any).
    """
    if origin is None:
        return True
    origin = origin.strip().rstrip("/").lower()
    allowed = {a.strip().rstrip("/").lower() for a in allowed}
    if "*" in allowed or origin in allowed:
        return True
    try:
        netloc = urlsplit(origin).netloc
    except ValueError:
        return False
    return bool(host) and bool(netloc) and netloc == host.strip().lower()


class SecurityMiddleware:
    """The ASGI layer adding the headers above and checking the Origin of sockets."""

    def __init__(self, app: Any, allowed_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed_origins = tuple(allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            origin = _header(scope, b"origin")
            if not origin_allowed(origin, _header(scope, b"host"), self.allowed_origins):
                log.warning("refused a socket to %s from the foreign origin %r (allow it with "
                            "--allowed-origin)", scope.get("path"), origin)
                await send({"type": "websocket.close", "code": 4403})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        host = _header(scope, b"host")
        if path.startswith(DOCS_PATHS):
            csp = DOCS_CSP
        else:
            sockets = f"ws://{host} wss://{host}" if host and " " not in host and ";" not in host else ""
            csp = APP_CSP.format(sockets=sockets).replace("'self' ;", "'self';")
        extra = [(b"content-security-policy", csp.encode("latin-1")),
                 (b"referrer-policy", b"no-referrer"),
                 (b"x-content-type-options", b"nosniff"),
                 (b"x-frame-options", b"DENY"),
                 (b"cross-origin-opener-policy", b"same-origin")]
        if scope.get("scheme") == "https":
            extra.append((b"strict-transport-security", b"max-age=31536000"))
        api = path.startswith("/api/")

        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                names = {k.lower() for k, _v in headers}
                headers.extend((k, v) for k, v in extra if k not in names)
                if api and b"cache-control" not in names:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
