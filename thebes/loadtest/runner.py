"""The load of ``thebes loadtest`` (its command: cli.py): :class:`LoadTest` keeps live games
going against a server over HTTP and sockets, each socket's lines in a :class:`Watch`, and
measures and checks them (the figures: figures.py)."""

from __future__ import annotations

import argparse
import asyncio
import bisect
import json
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

from thebes.core import game_names

from .figures import listening_pids, percentiles, process_figures

#: the games of the registry (``--game``; ``mix`` plays them in turn)
GAMES = tuple(game_names())
SETUP_S = 300.0     # the longest the games' creation may take before the load starts anyway
#: the ``thebes serve`` limits a load test lifts (a server's defaults refuse its games)
LIFTED = {"THEBES_LIVE_GAMES": "1000000", "THEBES_RATE_CREATE": "1000000/minute",
          "THEBES_RATE_SOCKET": "1000000/minute", "THEBES_RATE_REQUEST": "1000000/minute",
          "THEBES_SOCKETS_PER_GAME": "100000", "THEBES_BOT_SEATS": "100000000",
          "THEBES_BOT_SEARCHES": "1000000"}


def refused_advice(what: str, status: int, sentence: str) -> str:
    """The sentence a load test stops with when the server refuses its load."""
    lifted = " ".join(f"{k}={v}" for k, v in LIFTED.items())
    return (f"the server refused {what} ({status}: {sentence}). Its limits (per client "
            f"address) are for the public; a load test from one address needs them lifted: "
            f"start the server with {lifted} thebes serve ... (the same as its options "
            f"--live-games, --rate-create, ...; docs/deploy.md)")


# ---------------------------------------------------------------------- sockets
@dataclass
class Watch:
    """One socket of a game (the human's seat or a spectator) and everything it received."""

    game_id: str
    token: str | None
    lines: list[tuple[int, str]] = field(default_factory=list)     # (index, event)
    arrivals: list[tuple[int, float]] = field(default_factory=list)  # (version, time)
    reconnects: int = 0
    problems: list[str] = field(default_factory=list)
    finished: bool = False
    waiting_since: float | None = None    # the human waits for the others (bots) since then
    waited_at: int = 0                    # the version it began waiting at
    bot_moves: int = 0                    # the bots' moves seen since then
    longest_wait: float = 0.0             # the longest such wait, reconnections included
    opened: asyncio.Event = field(default_factory=asyncio.Event)   # the first view came


    def take(self, view: dict[str, Any], moment: float) -> None:
        for line in view["log"]:
            expected = len(self.lines)
            if line["index"] != expected:
                self.problems.append(f"line {line['index']} arrived where line {expected} was due")
            self.lines.append((line["index"], line["event"]))
        if not self.arrivals or view["version"] > self.arrivals[-1][0]:
            self.arrivals.append((view["version"], moment))
        self.opened.set()

    def first_at(self, version: int) -> float | None:
        """When this socket first had ``version`` (or a later one)."""
        i = bisect.bisect_left(self.arrivals, (version, -1.0))
        return self.arrivals[i][1] if i < len(self.arrivals) else None


class LoadTest:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.url = args.url.rstrip("/")
        self.ws_url = self.url.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
        self.rng = random.Random(args.seed)
        self.rtts: list[float] = []
        self.fanouts: list[float] = []
        self.moves = 0
        self.events = 0
        self.errors: dict[str, int] = {}
        self.games_done = 0
        self.games_started = 0
        self.watches: list[list[Watch]] = []
        self.meta: dict[str, Any] = {}
        self.stop = asyncio.Event()
        self.t0 = 0.0
        self.warm_up = args.warm_up
        self.t_measure = float("inf")        # moves sent from then on are measured
        self.late_views = 0                  # final views asked again (a process behind)
        self.lags: list[float] = []          # this process's own event-loop lag, measured
        self.slots_ready = 0                 # slots whose first game has every socket open
        self.all_ready = asyncio.Event()
        self.setup_s = 0.0                   # how long creating the games took
        self.fatal: str | None = None        # why the load test stopped at once
        self.bot_waits: list[float] = []     # every wait of a human for its bots, measured
        self.bot_move_waits: list[float] = []   # each such wait over the bot moves it held
        self.starver = {"games_created": 0, "refused": 0, "errors": 0, "last_refusal": None,
                        "events": 0}

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1

    def give_up(self, reason: str) -> None:
        """Stop the whole load test at once (the report is not made; the CLI says why)."""
        if self.fatal is None:
            self.fatal = reason
        self.stop.set()
        self.all_ready.set()

    # ------------------------------------------------------------ main
    async def main(self) -> dict[str, Any]:
        import httpx

        port = urlparse(self.url).port or (443 if self.url.startswith("https") else 80)
        pids = self.args.pid or listening_pids(port)
        limits = httpx.Limits(max_connections=50)
        async with httpx.AsyncClient(base_url=self.url, timeout=30, limits=limits) as http:
            try:
                r = await http.get("/api/meta", timeout=10)
                r.raise_for_status()
                self.meta = {g["name"]: g for g in r.json()["games"]}
            except (httpx.HTTPError, OSError) as err:
                raise ConnectionError(f"no thebes server answers at {self.url}: {err}") from None
            except (ValueError, KeyError, TypeError):
                raise ConnectionError(f"the server at {self.url} is not a thebes server (its "
                                      "/api/meta is not the list of games thebes serve "
                                      "answers)") from None
            self.check_bots()
            before = process_figures(pids)
            self.t0 = time.perf_counter()
            runners = [asyncio.create_task(self.keep_game(http, slot)) for slot in range(self.args.games)]
            progress = asyncio.create_task(self.progress())
            lag = asyncio.create_task(self.watch_lag())
            starvers = [asyncio.create_task(self.starve(slot)) for slot in range(self.args.starve)]
            try:
                await asyncio.wait_for(self.all_ready.wait(), timeout=SETUP_S)
            except asyncio.TimeoutError:
                self.error(f"games not all started within {SETUP_S} s")
            if self.fatal:
                for task in runners + starvers + [progress, lag]:
                    task.cancel()
                raise ConnectionError(self.fatal)
            self.setup_s = time.perf_counter() - self.t0
            await asyncio.sleep(self.warm_up)
            warm = process_figures(pids)
            self.t_measure = time.perf_counter()
            await asyncio.sleep(self.args.duration)
            self.stop.set()
            done = process_figures(pids)
            elapsed = time.perf_counter() - self.t0
            measured = max(1e-9, time.perf_counter() - self.t_measure)
            await asyncio.gather(*runners, return_exceptions=True)
            for task in starvers:
                task.cancel()
            await asyncio.gather(*starvers, return_exceptions=True)
            if self.fatal:
                raise ConnectionError(self.fatal)
            progress.cancel()
            lag.cancel()
            if sys.stderr.isatty():
                print(file=sys.stderr)
            checks = await self.check_all(http)
            await asyncio.sleep(1.0)               # let the servers close their side
            after = process_figures(pids)
            churn = await self.churn(http, pids) if self.args.churn else None
        problems = [p for game in self.watches for w in game for p in w.problems]
        ok = not problems and not self.errors and checks["mismatched"] == 0 and (
            churn is None or churn["ok"])
        cpu_s = round(done["cpu_s"] - warm["cpu_s"], 2)
        return {
            "ok": ok,
            "config": {k: getattr(self.args, k) for k in (
                "url", "games", "game", "players", "think_s", "spectators", "duration", "warm_up",
                "bot", "seed")},
            "elapsed_s": round(elapsed, 2), "setup_s": round(self.setup_s, 2),
            "measured_s": round(measured, 2),
            "games_started": self.games_started, "games_finished": self.games_done,
            "sockets": sum(len(g) for g in self.watches),
            "moves": self.moves, "moves_per_s": round(self.moves / measured, 1),
            "events": self.events, "events_per_s": round(self.events / measured, 1),
            "server_cpu": {"cpu_s": cpu_s, "cores": round(cpu_s / measured, 2),
                           "ms_per_event": round(1e3 * cpu_s / max(1, self.events), 3)}
            if done["pids"] else None,
            "round_trip_ms": percentiles(self.rtts),
            "load_generator_lag_ms": percentiles(self.lags),
            "fanout_ms": percentiles(self.fanouts),
            "errors": dict(self.errors),
            "reconnects": sum(w.reconnects for g in self.watches for w in g),
            "longest_wait_for_bots_s": round(max((g[0].longest_wait for g in self.watches),
                                                 default=0.0), 2),
            "bot_wait_s": _seconds(percentiles(self.bot_waits)),
            "bot_move_s": _seconds(percentiles(self.bot_move_waits)),
            "starver": dict(self.starver, games=self.args.starve,
                            game=self.args.starve_game, bot=self.args.starve_bot,
                            players=self.args.starve_players, address=self.args.starve_from)
            if self.args.starve else None,
            "delivery": {"sockets_checked": checks["sockets"], "lines_checked": checks["lines"],
                         "mismatched": checks["mismatched"], "problems": problems[:20],
                         "views_asked_again": self.late_views},
            "server_before": before, "server_after": after,
            "churn": churn,
        }

    def check_bots(self) -> None:
        """Refuse a ``--bot`` (or ``--starve-bot``) the server does not offer for the game."""
        wanted = [(self.args.bot, g) for g in (GAMES if self.args.game == "mix" else
                                                (self.args.game,))]
        if self.args.starve:
            wanted.append((self.args.starve_bot, self.args.starve_game))
        for bot, game in wanted:
            info = self.meta.get(game)
            if info is None:
                raise ConnectionError(f"the server at {self.url} does not serve {game}")
            offered = info.get("bots") or []
            if bot not in offered:
                raise ConnectionError(f"the server offers no bot {bot!r} for {game}; its bots: "
                                      f"{', '.join(offered)}")

    async def starve(self, slot: int) -> None:
        """One of ``--starve`` slots: keep a game of bots only going from ``--starve-from``
        (another client for the server), a new one as soon as the last is over; a refusal
        (the server's cap on one client's bot seats) is counted and asked again later."""
        import httpx

        info = self.meta[self.args.starve_game]
        players = max(info["min_players"], min(info["max_players"], self.args.starve_players))
        seats = [{"kind": "bot", "bot": self.args.starve_bot}] * players
        addresses = [a.strip() for a in self.args.starve_from.split(",") if a.strip()]
        address = addresses[slot % len(addresses)]      # several: several starving clients
        transport = httpx.AsyncHTTPTransport(local_address=address)
        async with httpx.AsyncClient(base_url=self.url, timeout=30, transport=transport) as http:
            while not self.stop.is_set():
                try:
                    r = await http.post("/api/games", json={"game": info["name"],
                                                            "players": players, "seats": seats})
                except (httpx.HTTPError, OSError) as err:
                    self.give_up(f"the starving client (from {address}) cannot "
                                 f"reach {self.url}: {err}; --starve needs a server this "
                                 "machine reaches from another address (--starve-from)")
                    return
                if r.status_code != 201:
                    self.starver["refused" if r.status_code == 429 else "errors"] += 1
                    self.starver["last_refusal"] = f"{r.status_code}: {_sentence(r)}"
                    await asyncio.sleep(2.0)
                    continue
                self.starver["games_created"] += 1
                game_id = r.json()["game"]["id"]
                seen = int(r.json()["game"].get("events") or 0)
                while not self.stop.is_set():        # until it is over
                    await asyncio.sleep(2.0)
                    try:
                        summary = (await http.get(f"/api/games/{game_id}")).json()
                    except (httpx.HTTPError, OSError, ValueError):
                        continue
                    events = int(summary.get("events") or 0)
                    self.starver["events"] += max(0, events - seen)
                    seen = max(seen, events)
                    if summary.get("status") == "finished":
                        break

    async def watch_lag(self) -> None:
        """How late this process's own event loop wakes a 10 ms sleep, while measured."""
        while True:
            start = time.perf_counter()
            await asyncio.sleep(0.01)
            if start >= self.t_measure:
                self.lags.append(max(0.0, time.perf_counter() - start - 0.01))

    async def progress(self) -> None:
        tty = sys.stderr.isatty()
        last = 0.0
        while True:
            await asyncio.sleep(1.0)
            now = time.perf_counter() - self.t0
            if not tty and now - last < 5:
                continue
            last = now
            rtt = percentiles(self.rtts[-2000:])
            if not self.all_ready.is_set():
                phase = f"[{now:5.0f} s] creating games: {self.slots_ready} of {self.args.games}"
            elif time.perf_counter() < self.t_measure:
                phase = f"[{now:5.0f} s] warm-up ({self.warm_up:.0f} s, not measured)"
            else:
                t = time.perf_counter() - self.t_measure
                phase = (f"[{t:5.0f}/{self.args.duration:.0f} s] moves {self.moves} "
                         f"({self.moves / max(t, 1e-9):.0f}/s)")
            line = (f"{phase}, events {self.events}, "
                    f"round trip p50 {rtt['p50']} ms p99 {rtt['p99']} ms, "
                    f"errors {sum(self.errors.values())}, games done {self.games_done}")
            print(("\r" + line) if tty else line, end="" if tty else "\n", file=sys.stderr,
                  flush=True)

    # ------------------------------------------------------------ one slot
    def game_name(self, slot: int) -> str:
        if self.args.game == "mix":
            return GAMES[(slot + self.games_started) % len(GAMES)]
        return self.args.game

    async def keep_game(self, http: Any, slot: int) -> None:
        """Keep one live game in this slot until the end (a new one after each finished one)."""
        import httpx

        first = True
        while not self.stop.is_set():
            name = self.game_name(slot)
            info = self.meta.get(name)
            if info is None:
                self.error(f"game {name} not served")
                return
            players = self.args.players or info["min_players"]
            players = max(info["min_players"], min(info["max_players"], players))
            seats = [{"kind": "human", "name": "load"}] + [
                {"kind": "bot", "bot": self.args.bot} for _ in range(players - 1)]
            try:
                r = await http.post("/api/games", json={"game": name, "players": players,
                                                        "seats": seats,
                                                        "seed": self.rng.randrange(2 ** 62)})
                r.raise_for_status()
            except httpx.HTTPStatusError as err:
                status = err.response.status_code
                if 400 <= status < 500:          # refused: no retry will be accepted
                    self.give_up(refused_advice("to create a game", status,
                                                _sentence(err.response)))
                    return
                self.error(f"create game {status}")
                await asyncio.sleep(1.0)
                continue
            except Exception:
                self.error("create game")
                await asyncio.sleep(1.0)
                continue
            body = r.json()
            game_id, token = body["game"]["id"], body["links"][0]["token"]
            self.games_started += 1
            spectators = 0 if info["hidden_information"] else self.args.spectators
            group = [Watch(game_id, token)] + [Watch(game_id, None) for _ in range(spectators)]
            self.watches.append(group)
            rng = random.Random(self.rng.random())
            tasks = [asyncio.create_task(self.follow(group[0], rng))] + [
                asyncio.create_task(self.follow(w, None)) for w in group[1:]]
            if first:
                first = False
                asyncio.create_task(self.slot_ready(group))
            await asyncio.gather(*tasks, return_exceptions=True)
            self.measure_fanout(group)
            if group[0].finished:
                self.games_done += 1

    async def slot_ready(self, group: list[Watch]) -> None:
        """Count a slot as started once every socket of its first game has its first view."""
        for watch in group:
            await watch.opened.wait()
        self.slots_ready += 1
        if self.slots_ready == self.args.games:
            self.all_ready.set()

    def measure_fanout(self, group: list[Watch]) -> None:
        if len(group) < 2:
            return
        for version, moment in group[0].arrivals[1:]:
            if moment < self.t_measure:
                continue
            times = [w.first_at(version) for w in group]
            if all(t is not None for t in times):
                self.fanouts.append(max(times) - min(times))  # type: ignore[arg-type]

    async def follow(self, watch: Watch, rng: random.Random | None) -> None:
        """One socket until the game ends or the load stops; ``rng``: this socket plays."""
        import websockets

        deadline = None
        pending: tuple[int, float] | None = None     # (version sent at, moment sent)
        while True:
            query = f"since={len(watch.lines)}" + (f"&token={watch.token}" if watch.token else "")
            url = f"{self.ws_url}/api/games/{watch.game_id}/ws?{query}"
            try:
                async with websockets.connect(url, max_size=None, open_timeout=10,
                                              ping_interval=None) as ws:
                    deadline = None
                    pending = None
                    while True:
                        if self.stop.is_set():
                            return
                        try:
                            raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                        except asyncio.TimeoutError:
                            continue
                        moment = time.perf_counter()
                        m = json.loads(raw)
                        if m.get("type") == "error":
                            if m.get("status") == 429:
                                self.give_up(refused_advice("a socket", 429,
                                                            str(m.get("error"))))
                                return
                            self.error(f"socket error {m.get('status')}")
                            continue
                        if m.get("type") != "view":
                            continue
                        if rng is not None and moment >= self.t_measure:
                            self.events += max(0, m["version"] - (watch.arrivals[-1][0]
                                                                  if watch.arrivals else 0))
                        watch.take(m, moment)
                        if rng is not None:
                            if watch.waiting_since is not None:
                                waited = moment - watch.waiting_since
                                watch.longest_wait = max(watch.longest_wait, waited)
                                watch.bot_moves += sum(1 for line in m["log"] if line.get("seat")
                                                       not in (None, m["seat"]))
                                if watch.waiting_since >= self.t_measure and \
                                        m["version"] > watch.waited_at and \
                                        m["to_move"] == m["seat"]:
                                    self.bot_waits.append(waited)
                                    self.bot_move_waits.append(waited / max(1, watch.bot_moves))
                            others = m["to_move"] != m["seat"] and m["status"] != "finished"
                            if others and watch.waiting_since is None:
                                watch.waiting_since, watch.waited_at = moment, m["version"]
                                watch.bot_moves = 0
                            elif not others:
                                watch.waiting_since = None
                        if pending is not None and m["version"] > pending[0]:
                            if pending[1] >= self.t_measure:
                                self.rtts.append(moment - pending[1])
                                self.moves += 1
                            pending = None
                        if m["status"] == "finished":
                            watch.finished = True
                            return
                        if rng is not None and pending is None and m["to_move"] == m["seat"] \
                                and m["legal"]:
                            think = rng.expovariate(1 / self.args.think_s) if self.args.think_s else 0
                            if think:
                                try:
                                    await asyncio.wait_for(self.stop.wait(), timeout=think)
                                    return
                                except asyncio.TimeoutError:
                                    pass
                            move = rng.choice(m["legal"])
                            pending = (m["version"], time.perf_counter())
                            await ws.send(json.dumps({"type": "move", "move": move,
                                                      "version": m["version"]}))
            except (OSError, asyncio.TimeoutError, websockets.exceptions.WebSocketException) as err:
                if self.stop.is_set():
                    return
                moment = time.monotonic()
                if deadline is None:
                    deadline = moment + self.args.reconnect_s
                    watch.reconnects += 1
                elif moment > deadline:
                    self.error("socket lost")
                    watch.problems.append(f"game {watch.game_id}: could not reconnect: {err}")
                    return
                await asyncio.sleep(0.2)

    # ------------------------------------------------------------ checks
    async def check_all(self, http: Any) -> dict[str, int]:
        """Compare every socket's lines with a fresh view of the same seat over HTTP."""
        sockets = lines = mismatched = 0
        sem = asyncio.Semaphore(20)

        async def check(group: list[Watch]) -> None:
            nonlocal sockets, lines, mismatched
            async with sem:
                for watch in group[:2]:          # the human and one spectator (same column)
                    params = {"token": watch.token} if watch.token else {}
                    stored: list[tuple[int, str]] = []
                    for attempt in range(20):
                        # behind a proxy the view may come from a process still catching up
                        # (its notifications queued): a shorter log that agrees is asked again
                        try:
                            r = await http.get(f"/api/games/{watch.game_id}/view", params=params)
                            r.raise_for_status()
                        except Exception:
                            self.error("final view")
                            break
                        stored = [(line["index"], line["event"]) for line in r.json()["log"]]
                        if len(stored) >= len(watch.lines) or stored != watch.lines[:len(stored)]:
                            break
                        self.late_views += 1
                        await asyncio.sleep(0.5)
                    else:
                        watch.problems.append(f"game {watch.game_id}: the servers' view stayed "
                                              f"behind the socket's lines for 10 s")
                    sockets += 1
                    lines += len(watch.lines)
                    if stored[:len(watch.lines)] != watch.lines:
                        mismatched += 1
                        watch.problems.append(f"game {watch.game_id}: a line differs from the "
                                              f"stored game (an acknowledged move lost?)")
        await asyncio.gather(*[check(g) for g in self.watches])
        return {"sockets": sockets, "lines": lines, "mismatched": mismatched}

    async def churn(self, http: Any, pids: list[int]) -> dict[str, Any]:
        """Open and close ``--churn`` sockets (spectators of one public game: the first the
        server offers without hidden information), 100 at a time."""
        import websockets

        public = [info for info in self.meta.values() if not info["hidden_information"]]
        if not public:
            raise ConnectionError("--churn needs a game without hidden information "
                                  "(spectators watch it), and the server offers none")
        players = max(public[0]["min_players"], min(public[0]["max_players"], 3))
        r = await http.post("/api/games", json={"game": public[0]["name"], "players": players,
                                                "seats": [{"kind": "human"}] * players})
        game_id = r.json()["game"]["id"]
        before = process_figures(pids)["fds"]
        left = self.args.churn
        while left > 0:
            batch = min(100, left)
            socks = await asyncio.gather(*[websockets.connect(
                f"{self.ws_url}/api/games/{game_id}/ws", max_size=None) for _ in range(batch)],
                return_exceptions=True)
            opened = [s for s in socks if not isinstance(s, BaseException)]
            for _ in range(batch - len(opened)):
                self.error("churn connect")
            await asyncio.gather(*[s.recv() for s in opened], return_exceptions=True)
            await asyncio.gather(*[s.close() for s in opened], return_exceptions=True)
            left -= batch
        for _ in range(50):                     # the server closes its side a moment later
            await asyncio.sleep(0.1)
            after = process_figures(pids)["fds"]
            if after <= before:
                break
        return {"sockets": self.args.churn, "fds_before": before, "fds_after": after,
                "ok": after <= before}


def _seconds(p: dict[str, Any]) -> dict[str, Any]:
    """:func:`percentiles` (in ms) in seconds, rounded to 10 ms."""
    return {k: (v if k == "n" or v is None else round(v / 1e3, 2)) for k, v in p.items()}


def _sentence(response: Any) -> str:
    """The server's sentence in an error answer (its ``error``), else the answer's start."""
    try:
        return str(response.json()["error"])
    except (ValueError, KeyError, TypeError):
        return response.text[:200]
