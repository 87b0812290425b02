"""``thebes loadtest``: live games at a chosen pace against a running server, measured and checked.

    THEBES_LIVE_GAMES=1000000 THEBES_RATE_CREATE=1000000/minute \
    THEBES_RATE_SOCKET=1000000/minute THEBES_RATE_REQUEST=1000000/minute \
    THEBES_BOT_SEATS=100000000 THEBES_BOT_SEARCHES=1000000 thebes serve --bot-delay 0 &
    thebes loadtest --url http://127.0.0.1:8000 --games 50 --think-s 0 --duration 30

A server's default limits (per client address: 10 unfinished games, 20 games
created a minute, 60 sockets opened a minute, 100 bot seats...; docs/web-api.md,
Limits) refuse a load test's games with 429: start the server with them lifted
as above (the variables are the ``thebes serve`` options of the same names). A
refusal stops the load test at once with the server's sentence and this advice.

``--starve N`` measures issue 30's starving client: from another address
(``--starve-from``, 127.0.0.2: every loopback address reaches a local server)
it keeps ``N`` games of bots only going (``--starve-game``, ``--starve-players``
seats of ``--starve-bot``, 99 ``hard`` Pharaoh seats by default), created as
fast as the server takes them (its refusals counted, not errors), while the
``--games`` games are played; the report gives every wait of their human for
its bots (``bot_wait_s``), the figure to hold to the bots' level time plus a
bounded wait:

    thebes loadtest --games 1 --game pharaoh --players 2 --bot hard --think-s 0.5 \
        --starve 10 --duration 120

Keeps ``--games`` games live for ``--duration`` seconds (a finished game is
replaced by a new one): in each, one seat is a scripted human playing over
its socket, who thinks an exponentially distributed time of mean
``--think-s`` seconds before each move and then plays a random legal move
(with the version it saw); bots (``--bot``) take the other seats; and
``--spectators`` sockets per game watch (games with hidden information have
none: a spectator sees them only when they are over). A socket whose server
goes away reconnects (``since`` = the lines it has) through ``--url`` for up
to ``--reconnect-s`` seconds; a move whose answer was lost is not counted.

The ``--games`` games are created and their sockets opened first; then come
``--warm-up`` seconds unmeasured (the first moves of games all started at once
come in a burst no live server sees), then ``--duration`` seconds measured
(docs/deploy.md shows figures):

* round trip: a move sent on the socket until that socket's next view;
* fan-out: for each version a game's human socket saw, from the first of the
  game's sockets to get it to the last (the spread of one change over every
  socket of the game, on every server process);
* moves/s (the human's) and events/s (every event: moves, bots, chance);
* errors (error messages on a socket, failed requests, check failures);
* the longest time a human waited for the other seats (bots) to move: after a
  server process dies, how long its games' bots took to resume;
* RSS and open file descriptors of the server processes (``--pid``, else the
  processes listening on the URL's port on this machine) before and after, and
  the CPU time they used while measured (per event: a figure that holds on a
  busy machine, where the latencies do not);
* this load generator's own event-loop lag: every figure above includes it, so
  a lag near the round trip's tail means the tail is the load generator's.

Checked at the end: every socket got every log line exactly once, in order
(indices 0, 1, 2, ... across reconnections), and each line as the server now
stores it (the human's and a spectator's lines against a fresh view over
HTTP). ``--churn N`` then opens and closes N sockets and checks the servers'
file-descriptor count returns to where it was. Exit 0 when every check
passed and there was no error, 1 otherwise. Loopback or a server you run:
this is a load generator.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import sys
from typing import Any

from thebes.cli_args import integer, number

from .figures import print_report
from .runner import GAMES, LoadTest

#: the cycle collector's thresholds here: those of a server process (thebes/server/process.py)
GC_THRESHOLDS = (50_000, 20, 100)


def tune_gc() -> None:
    """Tune this process's cycle collector as ``thebes serve`` tunes the server's: what exists
    now is frozen out of every later collection, and collections run far less often."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


# ---------------------------------------------------------------------- CLI
def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``thebes loadtest`` on the ``thebes`` command's subparsers."""
    p = subparsers.add_parser(
        "loadtest", help="run live games against a server; measure round trips and fan-out",
        description=__doc__.split("\n", 1)[1].replace("``", ""),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--url", default="http://127.0.0.1:8000",
                   help="the server (or the reverse proxy) to load (default http://127.0.0.1:8000)")
    p.add_argument("--games", type=integer(1, 10_000), default=20,
                   help="live games kept going, 1-10000 (default 20)")
    p.add_argument("--game", default=GAMES[0], choices=GAMES + ("mix",),
                   help=f"which game; mix: every game in turn (default {GAMES[0]})")
    p.add_argument("--players", type=integer(1, 99), help="seats per game (default: the game's fewest)")
    p.add_argument("--think-s", type=number(0, 3600), default=2.0, metavar="S",
                   help="the human's mean thinking time, exponential; 0: at once (default 2)")
    p.add_argument("--spectators", type=integer(0, 1000), default=1, metavar="K",
                   help="spectator sockets per game without hidden information (default 1)")
    p.add_argument("--duration", type=number(0, 86_400, low_open=True), default=30.0, metavar="T",
                   help="seconds of load measured, after the warm-up (default 30)")
    p.add_argument("--warm-up", type=number(0, 3600), default=5.0, metavar="S",
                   help="seconds of load not measured, once every game is created and its "
                        "sockets are open (default 5)")
    p.add_argument("--bot", default="random", help="bot in the other seats (default random)")
    p.add_argument("--seed", type=integer(-(2 ** 63), 2 ** 63 - 1), default=1, help="seed of the humans' choices and pace")
    p.add_argument("--pid", type=integer(1), action="append", default=[],
                   help="a server process to measure (repeat; default: found from the port)")
    p.add_argument("--churn", type=integer(0, 100_000), default=0, metavar="N",
                   help="then open and close N sockets and check the descriptors come back")
    p.add_argument("--reconnect-s", type=number(0, 3600), default=30.0,
                   help="how long a dropped socket tries to reconnect (default 30)")
    p.add_argument("--starve", type=integer(0, 1000), default=0, metavar="N",
                   help="also keep N games of bots only going from another address (a client "
                        "starving the others' bots); default 0")
    p.add_argument("--starve-from", default="127.0.0.2", metavar="ADDRESS",
                   help="the starving client's local address; several, comma-separated, make "
                        "several clients sharing the --starve games (default 127.0.0.2)")
    p.add_argument("--starve-game", default="pharaoh", choices=GAMES,
                   help="the starving client's game (default pharaoh)")
    p.add_argument("--starve-players", type=integer(1, 99), default=99,
                   help="seats of each starving game, all bots (default 99; at most the game's)")
    p.add_argument("--starve-bot", default="hard",
                   help="the starving client's bot (default hard)")
    p.add_argument("--json", action="store_true", help="print one JSON object at the end")
    p.set_defaults(func=run)
    return p


def url_problem(url: str) -> str | None:
    """Why ``url`` cannot be a server's address for the load test, or ``None``."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as err:
        return f"not a URL ({err})"
    if parts.scheme not in ("http", "https"):
        return "give the server's address as http://HOST:PORT (or https://)"
    if not parts.hostname:
        return "it names no host; give http://HOST:PORT"
    if port == 0:
        return "port 0 is no server's port"
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return "give only the server's address (http://HOST:PORT), without a path or a query"
    return None


def run(args: argparse.Namespace) -> int:
    """Body of ``thebes loadtest``; returns the exit code."""
    if args.games < 1 or args.duration <= 0 or args.think_s < 0 or args.spectators < 0:
        print("thebes loadtest: --games and --duration must be positive, --think-s and "
              "--spectators at least 0", file=sys.stderr)
        return 2
    problem = url_problem(args.url)
    if problem:
        print(f"thebes loadtest: --url {args.url!r}: {problem}", file=sys.stderr)
        return 2
    try:
        import httpx  # noqa: F401 - the load test's HTTP client
    except ImportError:
        print("thebes loadtest: it needs the httpx package, which this install lacks: "
              "pip install 'thebes[loadtest]' (or pip install httpx)", file=sys.stderr)
        return 2
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    # this process keeps every line of every socket: Python's cycle collector would scan them
    # over and over, stopping the measuring (with 1,000 sockets: its own lag p99 10 ms, max 140
    # ms, against 1.2 and 60 ms tuned as the server is: docs/deploy.md)
    tune_gc()
    try:
        report = asyncio.run(LoadTest(args).main())
    except ConnectionError as err:
        print(f"thebes loadtest: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0 if report["ok"] else 1
