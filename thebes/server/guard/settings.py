"""The server's limits and protections as settings: defaults, environment variables, CLI options.

Every resource a client can spend has a limit here (docs/web-api.md, Limits;
docs/security.md). Each setting is read, in order of precedence, from the
``thebes serve`` option, the environment variable, then the default below.

=====================  ============================  =========================  ==================
setting                ``thebes serve`` option       environment variable       default
=====================  ============================  =========================  ==================
max_body               ``--max-body BYTES``          ``THEBES_MAX_BODY``        1048576 (1 MiB)
rate_create            ``--rate-create RATE``        ``THEBES_RATE_CREATE``     ``20/minute``
rate_upload            ``--rate-upload RATE``        ``THEBES_RATE_UPLOAD``     ``10/minute``
rate_hint              ``--rate-hint RATE``          ``THEBES_RATE_HINT``       ``10/minute``
rate_review            ``--rate-review RATE``        ``THEBES_RATE_REVIEW``     ``10/hour``
rate_socket            ``--rate-socket RATE``        ``THEBES_RATE_SOCKET``     ``60/minute``
rate_claim             ``--rate-claim RATE``         ``THEBES_RATE_CLAIM``      ``5/hour``
rate_chat              ``--rate-chat RATE``          ``THEBES_RATE_CHAT``       ``12/minute``
rate_request           ``--rate-request RATE``       ``THEBES_RATE_REQUEST``    ``1200/minute``
live_games             ``--live-games N``            ``THEBES_LIVE_GAMES``      10
sockets_per_game       ``--sockets-per-game N``      ``THEBES_SOCKETS_PER_GAME`` 200
rate_storage           ``--rate-storage URI``        ``THEBES_RATE_STORAGE``    ``memory://``
allowed_origins        ``--allowed-origin ORIGIN``   ``THEBES_ALLOWED_ORIGINS`` (the server's own)
open_seeds             ``--open-seeds``              ``THEBES_OPEN_SEEDS``      off
bot_seats              ``--bot-seats N``             ``THEBES_BOT_SEATS``       100
bot_searches           ``--bot-searches N``          ``THEBES_BOT_SEARCHES``    1
review_cost            ``--review-cost N``           ``THEBES_REVIEW_COST``     15000000
reviews_per_client     ``--reviews-per-client N``    ``THEBES_REVIEWS_PER_CLIENT`` 2
request_timeout        ``--request-timeout S``       ``THEBES_REQUEST_TIMEOUT`` 15
allowed_hosts          ``--allowed-host NAME``       ``THEBES_ALLOWED_HOSTS``   (none: IP addresses, localhost)
trusted_proxies        ``--trusted-proxy ADDRESS``   ``THEBES_TRUSTED_PROXIES`` (none)
=====================  ============================  =========================  ==================

A RATE is ``N/second``, ``N/minute``, ``N/hour`` (the notation of the
``limits`` library, e.g. ``20/minute`` or ``100 per hour``), counted per client
address over a moving window.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
from dataclasses import dataclass
from typing import Any, Mapping

import limits
from limits.storage import storage_from_string


@dataclass(frozen=True)
class Settings:
    """The hardening settings of one server (see the module docstring for each default)."""

    #: the largest request body, in bytes, counted while it streams in (413 past it)
    max_body: int = 1_048_576
    #: games created (POST /api/games) per client
    rate_create: str = "20/minute"
    #: records uploaded (POST /api/records) per client
    rate_upload: str = "10/minute"
    #: hints asked (a hint costs about a second of CPU) per client
    rate_hint: str = "10/minute"
    #: reviews asked (POST /api/games/<id>/review; a review costs minutes of CPU) per client
    rate_review: str = "10/hour"
    #: sockets opened per client
    rate_socket: str = "60/minute"
    #: player names claimed per client (docs/tables.md: names)
    rate_claim: str = "5/hour"
    #: table chat messages per client
    rate_chat: str = "12/minute"
    #: every other HTTP request (pages, views, moves...) per client
    rate_request: str = "1200/minute"
    #: unfinished games one client created (and continued uploads) at once
    live_games: int = 10
    #: sockets open on one game at once (all seats and spectators)
    sockets_per_game: int = 200
    #: where the rate counters live (a ``limits`` storage URI; ``redis://...`` to share them
    #: between several server processes)
    rate_storage: str = "memory://"
    #: origins (``https://example.org``) a browser socket may come from besides the server's
    #: own address; ``*`` lets any origin in
    allowed_origins: tuple[str, ...] = ()
    #: accept a chosen seed in games with several human seats (tests, research servers):
    #: such games are still marked ``seed_known``
    open_seeds: bool = False
    #: bot seats in the unfinished games one client created, at once (a new game past it: 429)
    bot_seats: int = 100
    #: searches (bots that search, hints) one client runs at once; the worker processes go
    #: to the clients in turn (thebes/server/live/scheduler.py)
    bot_searches: int = 1
    #: the largest review computed here, in search iterations (its steps times its budget)
    review_cost: int = 15_000_000
    #: reviews one client may have waiting or being computed at once
    reviews_per_client: int = 2
    #: seconds a client has to send a request's headers and body (then the connection closes)
    request_timeout: int = 15
    #: host names (``play.example.org``) this server is reached by: a browser socket from a
    #: page of its own address passes the Origin check only under one of these names (or an
    #: IP address, or ``localhost``), so a rebound DNS name cannot open one
    allowed_hosts: tuple[str, ...] = ()
    #: addresses of the reverse proxies whose ``X-Forwarded-For`` and ``X-Forwarded-Proto``
    #: are believed (none: every client is its connection's address)
    trusted_proxies: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("rate_create", "rate_upload", "rate_hint", "rate_review", "rate_socket",
                     "rate_claim", "rate_chat", "rate_request"):
            value = getattr(self, name)
            try:
                limits.parse(value)
            except ValueError:
                raise ValueError(f"{name} must be a rate such as '20/minute', not {value!r}") from None
        try:   # an unknown scheme, or a backend whose package is missing (redis://...)
            storage_from_string(self.rate_storage)
        except Exception as err:  # noqa: BLE001 - the library raises several kinds
            raise ValueError(f"rate_storage {self.rate_storage!r} cannot be used: {err}") from None
        for name in INTEGERS:
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{name} must be a whole number of at least 1, not {value!r}")

    def rate(self, name: str) -> Any:
        """The parsed ``limits`` item of the rate setting ``rate_<name>``."""
        return limits.parse(getattr(self, f"rate_{name}"))

    def replace(self, **changes: Any) -> "Settings":
        return dataclasses.replace(self, **changes)

    @classmethod
    def unlimited(cls, **changes: Any) -> "Settings":
        """Rates and caps that no test harness or local load test meets, and chosen seeds open
        to games of several humans (still marked ``seed_known``). Never for a public server."""
        many = "1000000/minute"
        return cls(rate_create=many, rate_upload=many, rate_hint=many, rate_review=many,
                   rate_socket=many, rate_claim=many, rate_chat=many, rate_request=many, live_games=1_000_000, open_seeds=True,
                   bot_seats=100_000_000, bot_searches=1_000_000,
                   reviews_per_client=1_000_000).replace(**changes)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> "Settings":
        """The defaults overridden by the ``THEBES_*`` environment variables that are set.

        Raises ``ValueError`` (naming the variable) for a value that is not valid.
        """
        environ = os.environ if environ is None else environ
        changes: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            raw = environ.get(f"THEBES_{f.name.upper()}")
            if raw is None or raw.strip() == "":
                continue
            try:
                changes[f.name] = _convert(f.name, raw.strip())
            except ValueError as err:
                raise ValueError(f"THEBES_{f.name.upper()}: {err}") from None
        try:
            return cls(**changes)
        except ValueError as err:
            named = [n for n in changes if str(err).startswith(n)]
            where = f"THEBES_{named[0].upper()}" if named else "environment"
            raise ValueError(f"{where}: {err}") from None

    def with_args(self, args: argparse.Namespace) -> "Settings":
        """These settings overridden by the ``thebes serve`` options that were given."""
        changes = {f.name: getattr(args, f.name) for f in dataclasses.fields(self)
                   if getattr(args, f.name, None) not in (None, (), [])}
        for name in NAMES:
            if name in changes:
                changes[name] = tuple(changes[name])
        return self.replace(**changes) if changes else self


#: the settings that are whole numbers of at least 1
INTEGERS = ("max_body", "live_games", "sockets_per_game", "bot_seats", "bot_searches",
            "review_cost", "reviews_per_client", "request_timeout")
#: the settings that are lists of names
NAMES = ("allowed_origins", "allowed_hosts", "trusted_proxies")


def _convert(name: str, raw: str) -> Any:
    if name in INTEGERS:
        try:
            return int(raw)
        except ValueError:
            raise ValueError(f"a whole number, not {raw!r}") from None
    if name == "open_seeds":
        if raw.lower() in ("1", "true", "yes", "on"):
            return True
        if raw.lower() in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"1 or 0, not {raw!r}")
    if name in NAMES:
        return tuple(o.strip().rstrip("/") for o in raw.replace(",", " ").split() if o.strip())
    return raw


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``thebes serve`` options of the limits and protections (defaults: the environment)."""
    from thebes.cli_args import integer
    d = Settings()
    group = parser.add_argument_group(
        "limits and protections",
        "per client address unless said otherwise; each also reads THEBES_<NAME> from the "
        "environment (e.g. THEBES_RATE_CREATE=5/minute); see docs/web-api.md, Limits")
    group.add_argument("--max-body", type=integer(1, 2 ** 30), metavar="BYTES",
                       help=f"largest request body, 1-{2 ** 30} (default {d.max_body})")
    group.add_argument("--rate-create", metavar="RATE",
                       help=f"games created per client (default {d.rate_create})")
    group.add_argument("--rate-upload", metavar="RATE",
                       help=f"records uploaded per client (default {d.rate_upload})")
    group.add_argument("--rate-hint", metavar="RATE",
                       help=f"hints per client (default {d.rate_hint})")
    group.add_argument("--rate-review", metavar="RATE",
                       help=f"game reviews asked per client (default {d.rate_review})")
    group.add_argument("--rate-socket", metavar="RATE",
                       help=f"sockets opened per client (default {d.rate_socket})")
    group.add_argument("--rate-claim", metavar="RATE",
                       help=f"player names claimed per client (default {d.rate_claim})")
    group.add_argument("--rate-chat", metavar="RATE",
                       help=f"table chat messages per client (default {d.rate_chat})")
    group.add_argument("--rate-request", metavar="RATE",
                       help=f"other HTTP requests per client (default {d.rate_request})")
    group.add_argument("--live-games", type=integer(1, 1_000_000), metavar="N",
                       help=f"unfinished games one client may have created, 1-1000000 "
                            f"(default {d.live_games})")
    group.add_argument("--sockets-per-game", type=integer(1, 1_000_000), metavar="N",
                       help=f"sockets open on one game, 1-1000000 (default {d.sockets_per_game})")
    group.add_argument("--rate-storage", metavar="URI",
                       help="where rate counters live, e.g. redis://host:6379 to share them "
                            f"between processes (default {d.rate_storage})")
    group.add_argument("--allowed-origin", dest="allowed_origins", action="append", metavar="ORIGIN",
                       help="an origin (https://example.org) whose pages may open sockets, besides "
                            "the server's own address; repeatable; * for any")
    group.add_argument("--open-seeds", action="store_true", default=None,
                       help="accept a chosen seed in games with several human seats (research, "
                            "tests); such games are marked 'set-up known to its creator'")
    group.add_argument("--bot-seats", type=integer(1, 100_000_000), metavar="N",
                       help=f"bot seats in one client's unfinished games (default {d.bot_seats})")
    group.add_argument("--bot-searches", type=integer(1, 1_000_000), metavar="N",
                       help="searches (searching bots, hints) one client runs at once "
                            f"(default {d.bot_searches})")
    group.add_argument("--review-cost", type=integer(1, 10 ** 12), metavar="N",
                       help="the largest review, in search iterations: its steps times its "
                            f"budget (default {d.review_cost})")
    group.add_argument("--reviews-per-client", type=integer(1, 1_000_000), metavar="N",
                       help=f"reviews one client may have queued (default {d.reviews_per_client})")
    group.add_argument("--request-timeout", type=integer(1, 3600), metavar="S",
                       help="seconds to send a request's headers and body "
                            f"(default {d.request_timeout})")
    group.add_argument("--allowed-host", dest="allowed_hosts", action="append", metavar="NAME",
                       help="a host name this server is reached by (play.example.org); "
                            "repeatable; sockets from pages of other names are refused")
    group.add_argument("--trusted-proxy", dest="trusted_proxies", action="append",
                       metavar="ADDRESS",
                       help="a reverse proxy's address whose X-Forwarded-For/-Proto are "
                            "believed (e.g. 127.0.0.1); repeatable; default none")
