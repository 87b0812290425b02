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
An origin equal to the ``Host`` passes only when that name is one of the
server's (``allowed_hosts``, an IP address or ``localhost``): a page of
``evil.example`` whose DNS name was rebound to this server's address sends
``Host: evil.example`` and ``Origin: http://evil.example``, and is refused.
Clients that send no ``Origin`` (scripts, bots) are not browsers and pass.

FastAPI's API pages (``/docs``, ``/redoc``) start Swagger UI / ReDoc with an
inline script; their policy allows exactly that script (its SHA-256 hash,
computed from the page as it is sent), no other inline script, so they give
nothing to run on the origin whose pages keep seat links in ``localStorage``.

Also here: :data:`REQUESTER` is set to the client of every request and socket
(the bot runner and the review queue share their workers per client),
:func:`deadline_protocol`, uvicorn's HTTP protocol with a deadline on a
request's headers and body (``request_timeout``), and :func:`log_config`,
the log format of every server process (``--workers`` too).

uvicorn's request log lines get ``token=[redacted]`` instead of a seat's token
(:func:`redact_tokens_in_logs`, called by ``create_app``).
"""

from __future__ import annotations

import base64
import hashlib
import ipaddress
import logging
import re
from typing import Any, Iterable
from urllib.parse import urlsplit

from ..live.scheduler import REQUESTER
from .limits import Receive, Scope, Send, client_key

log = logging.getLogger("thebes.server")

APP_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
           "font-src 'self'; connect-src 'self' {sockets}; object-src 'none'; base-uri 'none'; "
           "frame-ancestors 'none'; form-action 'self'")
#: the API pages' policy: their own inline start-up script by its hash ({hashes}), no other
DOCS_CSP = ("default-src 'self'; script-src 'self' {hashes}; "
            "style-src 'self' 'unsafe-inline'; img-src 'self' data:; worker-src 'self' blob:; "
            "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
            "form-action 'self'")
DOCS_PATHS = ("/docs", "/redoc")
_INLINE_SCRIPT = re.compile(rb"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.S | re.I)


def script_hashes(page: bytes) -> str:
    """The CSP sources (``'sha256-...'``) of the inline scripts of an HTML ``page``."""
    return " ".join("'sha256-" + base64.b64encode(hashlib.sha256(body).digest()).decode() + "'"
                    for body in _INLINE_SCRIPT.findall(page))


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


def own_name(name: str, hosts: Iterable[str]) -> bool:
    """Whether ``name`` (a host without its port) is one of this server's: listed in
    ``hosts``, ``localhost``, or an IP address (which no DNS answer can rebind)."""
    name = name.strip().lower().rstrip(".")
    if name in {h.strip().lower().rstrip(".") for h in hosts} or name == "localhost":
        return True
    try:
        ipaddress.ip_address(name.strip("[]"))
        return True
    except ValueError:
        return False


def origin_allowed(origin: str | None, host: str | None, allowed: Iterable[str],
                   hosts: Iterable[str] = ()) -> bool:
    """Whether a socket from ``origin`` (the header, ``None`` if absent) may reach ``host``.

    Allowed: no Origin (not a browser); an origin listed in ``allowed``
    (``"*"``: any); an origin whose host[:port] is the ``Host`` the socket was
    addressed to, when that host is one of the server's names (:func:`own_name`
    with ``hosts``): a rebound DNS name sends a matching Host and Origin too.
    """
    if origin is None:
        return True
    origin = origin.strip().rstrip("/").lower()
    allowed = {a.strip().rstrip("/").lower() for a in allowed}
    if "*" in allowed or origin in allowed:
        return True
    try:
        parts = urlsplit(origin)
        netloc, name = parts.netloc, parts.hostname or ""
    except ValueError:
        return False
    return (bool(host) and bool(netloc) and netloc == host.strip().lower()
            and own_name(name, hosts))


class SecurityMiddleware:
    """The ASGI layer adding the headers above and checking the Origin of sockets."""

    def __init__(self, app: Any, allowed_origins: Iterable[str] = (),
                 allowed_hosts: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed_origins = tuple(allowed_origins)
        self.allowed_hosts = tuple(allowed_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            REQUESTER.set(client_key(scope))   # whose share of the bots' and reviews' workers
        if scope["type"] == "websocket":
            origin = _header(scope, b"origin")
            if not origin_allowed(origin, _header(scope, b"host"), self.allowed_origins,
                                  self.allowed_hosts):
                log.warning("refused a socket to %s from the foreign origin %r (allow it with "
                            "--allowed-origin, or name this server with --allowed-host)",
                            scope.get("path"), origin)
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
            await self._docs(scope, receive, send)
            return
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

    async def _docs(self, scope: Scope, receive: Receive, send: Send) -> None:
        """An API page (a few KB of HTML), held until whole so that its policy can allow its
        own inline scripts by their hashes."""
        start: dict[str, Any] = {}
        body: list[bytes] = []

        async def hold(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
                return
            if message["type"] != "http.response.body":
                await send(message)
                return
            body.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            page = b"".join(body)
            csp = DOCS_CSP.format(hashes=script_hashes(page)).replace("'self' ;", "'self';")
            headers = [(k, v) for k, v in start.get("headers", ())
                       if k.lower() != b"content-security-policy"]
            names = {k.lower() for k, _v in headers}
            for k, v in ((b"content-security-policy", csp.encode("latin-1")),
                         (b"referrer-policy", b"no-referrer"),
                         (b"x-content-type-options", b"nosniff"),
                         (b"x-frame-options", b"DENY"),
                         (b"cross-origin-opener-policy", b"same-origin")):
                if k not in names:
                    headers.append((k, v))
            await send({**start, "headers": headers})
            await send({"type": "http.response.body", "body": page})

        await self.app(scope, receive, hold)


# ---------------------------------------------------------------------- uvicorn
try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as _HttpProtocol
    _H11 = False
except ImportError:      # no httptools: h11's protocol, whose request ends in handle_events
    from uvicorn.protocols.http.h11_impl import H11Protocol as _HttpProtocol
    _H11 = True


def _request_timeout() -> float:
    import os
    try:
        return max(1.0, float(os.environ.get("THEBES_REQUEST_TIMEOUT", "") or 15))
    except ValueError:
        return 15.0


class DeadlineProtocol(_HttpProtocol):  # type: ignore[misc, valid-type]
    """uvicorn's HTTP protocol (httptools', else h11's) with a deadline: a connection that has
    not sent a whole request (headers and body) :attr:`seconds` after it opened, or after the
    request's first byte, is closed. uvicorn's ``timeout_keep_alive`` only counts the idle
    time between requests, so without this a half-sent request holds its connection for
    ever (issue 30, item 5). A socket's upgrade ends the deadline. Module-level (``--workers``
    hands it to its processes by name); :attr:`seconds` is ``request_timeout``, from
    ``THEBES_REQUEST_TIMEOUT`` in a ``--workers`` process."""

    seconds: float = _request_timeout()
    _deadline: Any = None

    def _arm(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            log.info("closed a connection from %s that sent no whole request in %g s",
                     self.client[0] if self.client else "?", self.seconds)
            self.transport.close()

    def connection_made(self, transport: Any) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.cycle is None or self.cycle.response_complete:
            self._arm()             # a new request begins (its first bytes)
        super().data_received(data)
        if _H11 and self.cycle is not None and not self.cycle.more_body:
            self._disarm()          # h11: the whole request has been read

    def handle_websocket_upgrade(self, *args: Any) -> None:
        self._disarm()
        super().handle_websocket_upgrade(*args)

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()


def deadline_protocol(seconds: float) -> type:
    """:class:`DeadlineProtocol` with a deadline of ``seconds`` (uvicorn's ``http`` option)."""
    DeadlineProtocol.seconds = float(seconds)
    return DeadlineProtocol


def log_config() -> dict[str, Any]:
    """uvicorn's logging configuration with the app's own loggers (``thebes.*``) at INFO with
    their level named, in every process (``--workers`` starts processes that configure their
    logging from this, not from the parent's ``logging.basicConfig``)."""
    import copy

    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["formatters"]["thebes"] = {"format": "%(levelname)s: %(name)s: %(message)s"}
    config["handlers"]["thebes"] = {"formatter": "thebes", "class": "logging.StreamHandler",
                                    "stream": "ext://sys.stderr"}
    config["loggers"]["thebes"] = {"handlers": ["thebes"], "level": "INFO", "propagate": False}
    return config
